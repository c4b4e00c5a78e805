"""The puzzle mode (web/app/puzzles/, docs/puzzles.md) in real Chromium: the puzzle of the
day solved by mouse, a puzzle missed by keyboard (the better placement shown, the rating
down), and a streak of 3 on a 390 px phone, offline after one visit."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

from player import BOOT_MS, NO_TOUR, open_game
from playwright.sync_api import Locator, Page, expect
from test_offline import wait_offline_ready

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from playwright.sync_api import BrowserContext

    from conftest import Site

ANSWER_MS = 60_000  # the engine weighs a placement against the best: seconds under load


def solutions(site: Site) -> dict[str, list[dict[str, int]]]:
    """Each puzzle's solutions, read from the built set."""
    data = json.loads((site.root / "puzzles.json").read_text())
    return {p["id"]: p["solutions"] for p in data["puzzles"]}


def themes(site: Site) -> dict[str, list[str]]:
    """Each puzzle's themes, read from the built set."""
    data = json.loads((site.root / "puzzles.json").read_text())
    return {p["id"]: p["themes"] for p in data["puzzles"]}


def open_puzzles(page: Page) -> None:
    page.get_by_role("button", name="Puzzles", exact=True).click()
    expect(page.get_by_role("heading", name="Puzzles", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Puzzle of the day")).to_be_visible(timeout=BOOT_MS)


def spot(page: Page, x: int, y: int) -> Locator:
    return page.get_by_role("button", name=re.compile(rf"^Place at column {x}, row {y}(,|$)"))


def shown_id(page: Page) -> str:
    expect(page.locator(".pz-puzzle")).to_be_visible(timeout=BOOT_MS)
    return page.locator(".pz-puzzle").get_attribute("data-puzzle") or ""


def solve_by_mouse(page: Page, move: dict[str, int]) -> None:
    page.get_by_role("button", name=f"Gallery card {move['card']}", exact=True).click()
    for _ in range(move["rotation"] // 90):
        page.get_by_role("button", name="Turn", exact=True).click()
    spot(page, move["x"], move["y"]).click()


def rating_change(page: Page) -> tuple[int, int]:
    change = page.locator("#pz-change")
    expect(change).to_contain_text("Your puzzle rating", timeout=ANSWER_MS)
    before, after = re.findall(r"(\d+) → (\d+)", change.inner_text())[0]
    return int(before), int(after)


def miss_by_keyboard(page: Page, wanted: list[dict[str, int]]) -> None:
    """Hold a Gallery card with the keyboard and place it on a spot that is no solution."""
    card = page.locator("[data-pz=hold]").first
    card.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-pz=hold][aria-pressed=true]")).to_have_count(1)
    page.keyboard.press("Shift+Tab")  # the Painting's spot in the Tab order
    held = int(page.locator("[data-pz=hold][aria-pressed=true]").get_attribute("data-card") or 0)
    bad = {(m["x"], m["y"]) for m in wanted if m["card"] == held and m["rotation"] == 0}
    for _ in range(200):
        focused = page.evaluate("[document.activeElement.dataset.x,"
                                " document.activeElement.dataset.y]")
        if (int(focused[0]), int(focused[1])) not in bad:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")


def test_the_day_by_mouse_then_a_miss_by_keyboard(page: Page, site: Site,
                                                  snap: Callable[..., Path | None]) -> None:
    page.add_init_script(NO_TOUR)
    known = solutions(site)
    open_game(page)
    open_puzzles(page)
    snap(page, "puzzles-menu")
    page.get_by_role("button", name="Puzzle of the day").click()
    day = shown_id(page)
    expect(page.locator(".pz-title")).to_contain_text("Puzzle of the day")
    expect(page.locator("#pz-seat")).to_contain_text("You play")
    snap(page, "puzzles-puzzle")
    solve_by_mouse(page, known[day][0])
    expect(page.locator("#pz-said")).to_have_attribute("data-correct", "yes", timeout=ANSWER_MS)
    before, after = rating_change(page)
    assert after > before
    snap(page, "puzzles-right")

    page.keyboard.press("Enter")  # the focus is on Next puzzle
    other = shown_id(page)
    expect(page.locator(".pz-puzzle")).not_to_have_attribute("data-puzzle", day)
    miss_by_keyboard(page, known[other])
    expect(page.locator("#pz-said")).to_have_attribute("data-correct", "no", timeout=ANSWER_MS)
    expect(page.get_by_text("The best placement:")).to_be_visible()
    expect(page.locator(".pz-board")).to_have_count(2)
    low, lower = rating_change(page)
    assert low == after and lower < low
    snap(page, "puzzles-wrong")

    # the theme filter: Next puzzle offers one with the theme chosen
    page.get_by_role("button", name="Back to start").click()
    open_puzzles(page)
    untried = [ts for pid, ts in themes(site).items() if pid not in (day, other)]
    rare = sorted({t for ts in untried for t in ts},
                  key=lambda t: sum(t in ts for ts in untried))[0]
    page.get_by_role("combobox", name="Filter by theme").select_option(rare)
    page.get_by_role("button", name="Next puzzle").click()
    assert rare in themes(site)[shown_id(page)]


def test_a_streak_of_three_on_a_phone_offline(
        persistent_context: Callable[..., BrowserContext], site: Site,
        snap: Callable[..., Path | None]) -> None:
    known = solutions(site)
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(NO_TOUR)
    open_game(page)
    wait_offline_ready(page, site)
    context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    open_puzzles(page)
    page.get_by_role("button", name="Streak").click()
    for solved in range(1, 4):
        puzzle = shown_id(page)
        solve_by_mouse(page, known[puzzle][0])
        expect(page.locator("#pz-said")).to_have_attribute("data-correct", "yes", timeout=ANSWER_MS)
        expect(page.locator("#pz-change")).to_contain_text(f"Streak: {solved} solved.")
        if solved == 1:
            snap(page, "puzzles-phone")
        if solved < 3:
            page.get_by_role("button", name="Next puzzle").click()
            expect(page.locator(".pz-puzzle")).not_to_have_attribute("data-puzzle", puzzle)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways on a phone: {width} px"


def test_the_embed_opens_a_puzzle_after_play_and_fetches_the_set_only_then(
        page: Page, site: Site, snap: Callable[..., Path | None]) -> None:
    page.add_init_script(NO_TOUR)
    puzzle = next(iter(solutions(site)))
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.emulate_media(color_scheme="dark")
    page.goto(f"/embed.html?puzzle={puzzle}")
    play = page.get_by_role("button", name="Start game")
    expect(play).to_be_visible()
    assert not [url for url in fetched if "puzzle" in url.split("?")[0]], fetched
    play.click()
    expect(page.locator(".pz-puzzle")).to_have_attribute("data-puzzle", puzzle, timeout=BOOT_MS)
    assert any(url.split("?")[0].endswith("/puzzles.json") for url in fetched)
    expect(page.locator("#pz-seat")).to_contain_text("You play")
    expect(page.get_by_text("is not one De Stijl knows")).to_have_count(0)
    snap(page, "puzzles-embed-dark")
    page.set_viewport_size({"width": 360, "height": 740})
    page.locator("[data-pz=hold]").first.click()
    expect(page.locator("[data-pz=place]").first).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the puzzle scrolls sideways at 360 px: {width} px"
    snap(page, "puzzles-360-dark-held")
