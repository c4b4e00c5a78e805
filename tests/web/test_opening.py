"""Playable at first paint: a game started before Python has loaded shows one of the build's
openings at once, takes the person's first move, and the engine confirms it when it is ready
(docs/web.md, "Openings").

Python is held back by a route on the WebAssembly runtime (`pyodide.asm.wasm`) and let
through only after the checks that need it absent. The worker's own watchdog fails a
download that gets no data for 10 s, so each test releases the runtime within a handful of
clicks of opening the page, never after a wait of its own.
"""

from __future__ import annotations

import json
import re
import time
from itertools import pairwise
from pathlib import Path

from player import (
    NO_TOUR,
    PHONE,
    check_scores_against_engine,
    engine,
    my_turn_or_end,
    pick,
    play_to_end,
    saved_record,
    set_up,
    skip_tour,
    spots,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page, Route, expect

RUNTIME = "**/pyodide.asm.wasm"
STALL_S = 10  # web/worker.js STALL_MS: a download without data for this long fails the load


class HeldPython:
    """The WebAssembly runtime's requests, held until `release()`."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.routes: list[Route] = []
        self.since = 0.0
        context.route(RUNTIME, self._hold)

    def _hold(self, route: Route) -> None:
        self.since = self.since or time.monotonic()
        self.routes.append(route)

    def release(self) -> None:
        """Let the held requests (and any later one) through."""
        assert self.routes, "the runtime was never asked for: nothing was held"
        held = time.monotonic() - self.since
        assert held < STALL_S, (f"the runtime was held {held:.1f} s: past the worker's {STALL_S} s "
                                "stall limit the load fails (a machine too busy for this test)")
        for route in self.routes:
            route.continue_()
        self.context.unroute(RUNTIME)

    def fail(self) -> None:
        """The held requests fail, as a dropped connection does; later ones go through."""
        assert self.routes, "the runtime was never asked for: nothing was held"
        for route in self.routes:
            route.abort()
        self.context.unroute(RUNTIME)


def pool_seeds(site, players: int) -> set[int]:
    """The seeds of the openings the site ships for `players`."""
    pool = json.loads((site.root / "app" / "openings" / f"{players}.json").read_text())
    return {opening["seed"] for opening in pool["openings"]}


def served_wrong(route: Route) -> None:
    """The 2-player openings with a wrong Canvas deck count: a view the engine will not give."""
    pool = route.fetch().json()
    for opening in pool["openings"]:
        opening["view"]["deck_count"] = 99
    route.fulfill(json=pool)


def test_a_fresh_visitor_places_the_first_card_before_python_and_the_game_verifies(
    page: Page, site, snap, tmp_path: Path
) -> None:
    held = HeldPython(page.context)
    page.goto("/")
    html = page.locator("html")
    table = page.locator("#table")
    # the default seats but quick bots: an opening fits any names and controllers
    set_up(page, ["human", "bot:random", "bot:random"])
    page.get_by_role("button", name="Start game").click()
    card = page.get_by_role("button", name="Gallery card 1", exact=True)
    expect(card).to_be_enabled()
    expect(table).to_have_attribute("data-ply", "0")
    expect(html).to_have_attribute("data-engine", "loading")
    snap(page, "opening-first-paint-desktop")
    skip_tour(page)

    # pick, turn and place the first card while Python is still held back
    picked = int(card.get_attribute("data-card") or 0)
    pick(page, 1)
    page.get_by_role("button", name="Rotate").click()
    expect(page.locator(f"#gcard-desc-{picked}")).to_contain_text("turned 90°")
    spot = spots(page).first
    name = spot.get_attribute("aria-label") or ""
    where = re.match(r"Place at column (-?\d+), row (-?\d+)", name)
    assert where, "a spot without its column and row"
    spot.click()
    expect(table).to_have_attribute("data-phase", "placing")
    expect(page.locator("#layer-queued .queued-card")).to_have_count(1)
    expect(page.locator("#turn")).to_contain_text("once the game engine has loaded")
    expect(html).to_have_attribute("data-engine", "loading")
    expect(table).to_have_attribute("data-ply", "0")
    snap(page, "opening-queued-desktop")

    held.release()
    wait_ply_above(page, 0)
    expect(page.locator("#layer-queued .queued-card")).to_have_count(0)
    record = saved_record(page)
    assert record is not None and record["seed"] in pool_seeds(site, 3)
    assert record["moves"][0] == {"seat": 0, "card": picked, "x": int(where[1]), "y": int(where[2]),
                                  "rotation": 90}
    # the engine dealt exactly the opening the table showed: no notice about it
    expect(page.get_by_text("dealt this game differently")).to_have_count(0)
    play_to_end(page)
    check_scores_against_engine(page, saved_record(page), tmp_path)


def test_a_bot_moving_first_thinks_until_python_is_ready_a_wrong_opening_gives_way_a_seed_deals(
    page: Page, site, snap
) -> None:
    page.set_viewport_size(PHONE)
    page.add_init_script(NO_TOUR)
    held = HeldPython(page.context)
    page.route("**/app/openings/2.json", served_wrong)  # the path that must never be needed
    page.goto("/")
    set_up(page, ["bot:random", "human"])
    page.get_by_role("button", name="Start game").click()
    table = page.locator("#table")
    expect(table).to_have_attribute("data-to-move", "bot")
    expect(page.locator("#turn")).to_contain_text("is choosing a card… (loading: ")
    expect(page.locator(".seat.current .seat-sub")).to_have_text("thinking…")
    expect(page.get_by_role("button", name="Gallery card 1", exact=True)).to_be_disabled()
    expect(page.locator("html")).to_have_attribute("data-engine", "loading")
    snap(page, "opening-bot-first-phone")

    held.release()
    assert my_turn_or_end(page) == "turn"
    # the engine's deal differs from the (tampered) opening shown: said, and the game goes on
    notice = page.get_by_role("status").filter(has_text="dealt this game differently")
    expect(notice).to_be_visible()
    snap(page, "opening-differed-phone")
    expect(page.get_by_text("Canvas deck: 14")).to_be_visible()  # the engine's count, not 99
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_be_hidden()
    record = saved_record(page)
    assert record is not None and record["seed"] in pool_seeds(site, 2)
    assert len(record["moves"]) >= 1  # the bot's first move, made once Python was ready

    # with a seed the engine deals as it always did: the seed's own game
    page.get_by_role("button", name="New game").click()
    page.get_by_label("Seed").fill("42")
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Start a new game").click()  # the game in progress is kept
    wait_ready(page)
    assert my_turn_or_end(page) == "turn"
    record = saved_record(page)
    assert record is not None and record["seed"] == 42
    first = engine("new_game", players=2, seed=42, rotations=True, first_player=0,
                   seats=[{"name": s["name"], "colors": s["colors"], "controller": s["controller"]}
                          for s in record["seats"]])
    assert record["deal"] == first["record"]["deal"]


def test_each_start_shows_another_opening_and_a_seeded_start_waits_for_the_engine(
    page: Page, site
) -> None:
    HeldPython(page.context)  # never let through: nothing here needs Python
    page.add_init_script(NO_TOUR)
    with page.expect_response(re.compile(r"/app/openings/3\.json$")):  # an opening is at hand
        page.goto("/")
    pool = json.loads((site.root / "app" / "openings" / "3.json").read_text())
    deals = {o["seed"]: [g["card"] for g in o["view"]["gallery"]] for o in pool["openings"]}
    seen = []
    for _ in range(4):
        page.get_by_role("button", name="Start game").click()
        expect(page.locator("#table")).to_have_attribute("data-phase", "playing")
        seed = page.evaluate("() => JSON.parse(localStorage.getItem('destijl.openings'))['3']")
        gallery = page.locator("#gallery .gcard")
        expect(gallery).to_have_count(len(deals[seed]))
        assert [int(c.get_attribute("data-card") or 0) for c in gallery.all()] == deals[seed]
        seen.append(seed)
        page.get_by_role("button", name="New game").click()
        expect(page.locator("#table")).to_have_attribute("data-phase", "start")
    assert all(a != b for a, b in pairwise(seen)), seen  # never twice in a row

    # a seed: the engine deals it, once it is ready; the start screen says it is dealing
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#start-note")).to_have_text("Dealing the cards…")
    expect(page.locator("#table")).to_have_attribute("data-phase", "start")
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("data-engine", "loading")


def test_a_first_card_placed_while_python_fails_to_load_lands_after_retry(
    page: Page, guard
) -> None:
    guard.allow("pyodide.asm.wasm")  # the failed download below is the point of this test
    page.add_init_script(NO_TOUR)
    held = HeldPython(page.context)
    page.goto("/")
    page.get_by_role("button", name="Start game").click()
    card = page.get_by_role("button", name="Gallery card 2", exact=True)
    picked = int(card.get_attribute("data-card") or 0)
    pick(page, 2)
    spots(page).first.click()
    expect(page.locator("#table")).to_have_attribute("data-phase", "placing")

    held.fail()
    expect(page.locator("html")).to_have_attribute("data-engine", "failed")
    expect(page.locator("#layer-queued .queued-card")).to_have_count(1)  # the card stays
    page.get_by_role("button", name="Retry").click()
    wait_ply_above(page, 0)
    record = saved_record(page)
    assert record is not None and record["moves"][0]["card"] == picked
