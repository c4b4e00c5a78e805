"""Today's Painting (docs/daily.md) and game links (docs/links.md) in real Chromium.

The browser's clock is set with Playwright's clock API (`set_fixed_time`) and its time zone
with the context's `timezone_id`: the day is the player's local date. One whole daily is
played once (`test_a_whole_daily...`) and shared by the checks that need a finished one:
the result text, its link replayed in a third context, a tampered link, the result shown
again instead of a second attempt, a date change mid-game, the stats and their export.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from player import (
    BOOT_MS,
    PHONE,
    REPO,
    engine,
    no_site_clock,
    place_first_spot,
    play_to_end,
    saved_record,
    score_table,
    skip_tour,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

sys.path.insert(0, str(REPO / "pysrc"))
from destijl import daily, link  # the engine the page runs, natively
from destijl.records import record_of

sys.path.remove(str(REPO / "pysrc"))

AMSTERDAM = "Europe/Amsterdam"  # UTC+1 in December
KIRITIMATI = "Pacific/Kiritimati"  # UTC+14: its midnight is 10:00 UTC


@pytest.fixture
def device(browser: Browser, site, guard, request: pytest.FixtureRequest) -> Iterator:
    """Factory: `device(tz, when, **options)` opens a page on a fresh context (a device)
    whose clock shows `when` (fixed) in time zone `tz`."""
    opened: list[BrowserContext] = []

    def open_device(tz: str, when: str, **options) -> Page:
        ctx = browser.new_context(base_url=site.url, timezone_id=tz, service_workers="allow",
                                  **{"viewport": {"width": 1280, "height": 800}, **options})
        guard.watch(ctx)
        no_site_clock(ctx)  # the clock is fixed on a past day: no site's clock to say so
        opened.append(ctx)
        page = ctx.new_page()
        page.clock.set_fixed_time(when)
        return page

    yield open_device
    for index, ctx in enumerate(opened):
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            for page in ctx.pages:
                page.screenshot(path=str(REPO / "test-artifacts" / f"failed-daily-{index}.png"))
        ctx.close()
    guard.check()


def open_daily(page: Page, path: str = "/?daily&speed=fast") -> None:
    """Open the page at `path` and wait until the daily is dealt and the player may move."""
    page.goto(path)
    wait_ready(page)
    expect(page.locator("#table[data-to-move=human]")).to_be_visible(timeout=BOOT_MS)
    skip_tour(page)


def test_the_day_is_the_local_date_and_midnight_switches_the_deal(device) -> None:
    first = device(AMSTERDAM, "2026-12-05T10:00:00Z")
    second = device(AMSTERDAM, "2026-12-05T22:30:00Z")  # 23:30 in Amsterdam: still the 5th
    open_daily(first)
    open_daily(second)
    deal = saved_record(first)["deal"]
    assert saved_record(second)["deal"] == deal == list(daily.daily_game("2026-12-05").deal)
    expect(first.locator("#status")).to_contain_text("Daily #5 · Round 1 of 9")
    # the start screen names the puzzle and the date
    first.get_by_role("button", name="New game").click()
    expect(first.locator("#daily-when")).to_have_text("#5 · Saturday 5 December 2026")

    # Kiritimati (UTC+14): one minute before its midnight it is the 5th, one after the 6th
    far = device(KIRITIMATI, "2026-12-05T09:59:00Z")
    open_daily(far)
    assert saved_record(far)["deal"] == deal
    far.clock.set_fixed_time("2026-12-05T10:01:00Z")
    far.get_by_role("button", name="New game").click()
    far.get_by_role("button", name="Today's Painting").click()  # the 5th's had no move: no question
    expect(far.locator("#status")).to_contain_text("Daily #6")
    sixth = saved_record(far)["deal"]
    assert sixth != deal and sixth == list(daily.daily_game("2026-12-06").deal)


def played_daily(date: str) -> tuple[dict, str]:
    """A daily of `date` played to the end by the native engine (medium in your seat)."""
    game = daily.daily_game(date)
    from destijl.bots import level_move

    while not game.is_over:
        game.play(level_move(game, "medium"))
    return record_of(game), link.encode(record_of(game), "daily", date)


def stored_days(page: Page, days: dict) -> None:
    """Keep `days` as the device's daily results (as earlier visits would have)."""
    page.evaluate("(data) => localStorage.setItem('destijl.daily', JSON.stringify(data))",
                  {"format": "destijl-daily/1", "days": days})


def figures(page: Page) -> dict[str, str]:
    """The stats' figures in the daily dialog: {"Played": "3", ...}."""
    expect(page.locator(".daily-figure")).to_have_count(5, timeout=30_000)
    names = page.locator(".daily-figure dt").all_inner_texts()
    values = page.locator(".daily-figure dd").all_inner_texts()
    return dict(zip([n.strip().title() for n in names], values, strict=True))


def save_count(page: Page) -> int:
    """The saved games in the device's localStorage."""
    return page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('destijl.game.')).length")


def cli_verify(url: str) -> str:
    result = subprocess.run([sys.executable, "-m", "destijl", "verify", url],
                            capture_output=True, text=True, cwd=REPO,
                            env={"PYTHONPATH": str(REPO / "pysrc")})
    return (result.stdout + result.stderr).strip()


def test_a_whole_daily_its_result_link_and_stats(device, tmp_path: Path, snap) -> None:
    # 23:50 on 3 December in Amsterdam: the player starts the 3rd's daily...
    page = device(AMSTERDAM, "2026-12-03T22:50:00Z", accept_downloads=True)
    open_daily(page)
    expect(page.locator("#status")).to_contain_text("Daily #3")
    place_first_spot(page)
    # ...and midnight passes mid-game: the game stays the 3rd's
    page.clock.set_fixed_time("2026-12-03T23:10:00Z")
    play_to_end(page)
    box = page.locator("#daily-end")
    expect(box).to_have_attribute("data-state", "ready", timeout=90_000)
    record = saved_record(page)
    you = int(score_table(page)[0]["total"])
    truth = engine("daily_result", record=record, date="2026-12-03")
    assert truth["total"] == you
    expect(page.locator("#daily-par")).to_have_text(
        f"Par {truth['par']} (the hard bot in your seat): {truth['verdict']}.")
    text = box.get_by_role("textbox", name="Result to share").input_value()
    lines = text.split("\n")
    assert lines[0] == "De Stijl · Today's Painting #3 · 2026-12-03"
    assert lines[1] == (f"{daily.ordinal(truth['place'])} of 3 · {you} points · "
                        f"par {truth['par']}: {truth['verdict']} · no hints")
    assert set("".join(lines[2:-1])) <= set(daily.SQUARES.values()) | {daily.BLANK}
    assert "🟥" in text and len(text) - len(lines[-1]) <= 1000 + 1 and len(lines) <= 10
    url = lines[-1]
    assert re.fullmatch(rf"{re.escape(page.url.split('?')[0].split('#')[0])}#g=[A-Za-z0-9_-]+", url)
    assert len(url) <= 300
    # the end offers practice of this deal, not a Rematch that deals another
    end = page.locator("#results")
    expect(end.get_by_role("button", name="Practice this deal")).to_be_visible()
    expect(end.get_by_role("button", name="New game")).to_be_visible()
    expect(end.get_by_role("button", name="Rematch")).to_have_count(0)
    snap(page, "daily-end-desktop-light")

    # the link opens at the finished Painting in a third context (another device), with the
    # scores and "Replay from the start"; it replays to the same score, and natively
    other = device("UTC", "2026-12-04T08:00:00Z")
    other.goto(url)
    wait_ready(other)
    expect(other.locator("#table[data-phase=over]")).to_be_visible(timeout=BOOT_MS)
    totals = [row["total"] for row in score_table(page)]
    assert [row["total"] for row in score_table(other)] == totals
    snap(other, "daily-link-opens-at-the-end")
    other.get_by_role("button", name="Replay from the start").click()
    expect(other.locator("#turn")).to_have_text(
        "Today's Painting #3 · 2026-12-03 · Replay · after move 0 of 27")
    other.get_by_role("button", name="To end").click()
    expect(other.locator("#turn")).to_contain_text("after move 27 of 27")
    other.get_by_role("button", name="Close replay").click()
    assert [row["total"] for row in score_table(other)] == totals
    assert cli_verify(url).startswith(
        f"genuine Today's Painting #3 (2026-12-03): You {you}, par {truth['par']}")
    assert "#g=" not in other.url  # a reload does not open it again

    # a tampered link is refused, naming the first bad move, and nothing saved is lost
    saved = save_count(other)
    data = json.loads(link.inflate(url.split("#g=")[1]))
    moves = data["y"].split(" ")
    card = moves[4].split("@")[0]
    moves[4] = f"{card}@40,40r0"
    data["y"] = " ".join(moves)
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(data).encode()) + packer.flush()
    bad = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    other.goto(f"/#g={bad}")  # pasted into the same tab: the fragment changes
    refusal = f"your move 5 of 9 (card {card} at column 40, row 40, turned 0°)"
    expect(other.get_by_role("alert")).to_contain_text(
        f"The game link was refused, so nothing changed: link: {refusal}")
    expect(other.locator("#table[data-phase=over]")).to_be_visible()  # the shared game stays
    assert save_count(other) == saved
    assert f"link: {refusal}" in cli_verify(f"#g={bad}")

    # opening the daily again shows the 3rd's result only on the 3rd: it is the 4th now
    page.get_by_role("button", name="New game").click()
    card_note = page.locator(".daily-note")
    expect(page.locator("#daily-when")).to_contain_text("#4 · Friday 4 December 2026")
    page.get_by_role("button", name="Stats and past days").click()
    stats = figures(page)
    assert stats["Played"] == "1" and stats["Current Streak"] == "1"  # yesterday's holds
    assert stats["Best Score"] == str(you)
    page.get_by_role("button", name="Close").click()

    # back to the 3rd: /?daily shows its result and the time to the next, not a new attempt
    page.clock.set_fixed_time("2026-12-03T20:00:00Z")  # 21:00 on the 3rd
    games = save_count(page)
    page.reload()  # /?daily again
    wait_ready(page)
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"you scored {you} points")
    expect(dialog).to_contain_text("the next Painting comes in 3 h 0 min")
    expect(dialog.get_by_role("textbox", name="Result to share")).to_have_count(0)
    dialog.get_by_role("button", name="Copy result").click()
    expect(dialog.get_by_role("textbox", name="Result to share")).to_have_value(text)
    assert save_count(page) == games
    snap(page, "daily-result-dialog-desktop-light")
    dialog.get_by_role("button", name="Close").click()
    expect(card_note).to_contain_text(f"Played: {you} points")
    page.get_by_role("button", name="Today's Painting").click()  # the button: the same
    expect(dialog).to_contain_text(f"you scored {you} points")
    assert save_count(page) == games

    # streaks: the 1st and 2nd played too make 3; a missed day resets the current streak
    days = page.evaluate("() => JSON.parse(localStorage.getItem('destijl.daily')).days")
    entry = days["2026-12-03"]
    stored_days(page, {"2026-12-01": entry, "2026-12-02": entry, "2026-12-03": entry})
    beaten = str(3 * (you > truth["par"]))
    for when, current in (("2026-12-03T20:00:00Z", "3"), ("2026-12-04T20:00:00Z", "3"),
                          ("2026-12-05T20:00:00Z", "0")):  # the 4th missed: back to 0
        page.clock.set_fixed_time(when)
        page.goto("/?speed=fast")
        wait_ready(page)
        page.get_by_role("button", name="New game").click()  # the finished daily came back
        expect(page.locator("#start")).to_be_visible()
        page.locator("#daily-card").get_by_role("button", name="Stats and past days").click()
        assert figures(page) == {"Played": "3", "Par Beaten": beaten, "Current Streak": current,
                                 "Best Streak": "3", "Best Score": str(you)}, when

    # export, then import on a device without them: only the real 3rd's result counts
    with page.expect_download() as download:
        page.get_by_role("button", name="Export my dailies").click()
    path = tmp_path / "dailies.json"
    download.value.save_as(path)
    assert set(json.loads(path.read_text())["days"]) == {"2026-12-01", "2026-12-02", "2026-12-03"}
    fresh = device(AMSTERDAM, "2026-12-05T20:00:00Z")
    fresh.goto("/")
    wait_ready(fresh)
    fresh.locator("#import-file").set_input_files(str(path))
    expect(fresh.get_by_role("alert")).to_contain_text(
        "1 Today's Painting result added. 2 refused, as the engine could not confirm them: "
        "2026-12-01 (day: the link is the result of 2026-12-03, not of 2026-12-01)",
        timeout=180_000)  # each day re-checked: its par game played again in the worker
    fresh.get_by_role("button", name="Stats and past days").click()
    assert figures(fresh)["Played"] == "1"

    # a past day as practice, marked so and not counted
    fresh.get_by_role("button", name="Play 2 December 2026 as practice").click()
    expect(fresh.locator("#status")).to_contain_text("Practice #2")


def test_the_daily_at_360_by_touch_and_keyboard_in_the_dark(browser: Browser, site, guard,
                                                           snap) -> None:
    ctx = browser.new_context(base_url=site.url, viewport=PHONE, has_touch=True, is_mobile=True,
                              device_scale_factor=1, timezone_id=AMSTERDAM, color_scheme="dark")
    guard.watch(ctx)
    try:
        page = ctx.new_page()
        page.clock.set_fixed_time("2026-12-02T12:00:00Z")
        record, payload = played_daily("2026-12-02")
        outcome = engine("daily_result", record=record, date="2026-12-02")
        page.goto("/?theme=dark&speed=fast")
        stored_days(page, {"2026-12-02": {"score": outcome["total"], "par": outcome["par"],
                                          "place": outcome["place"], "players": 3, "link": payload,
                                          "number": 2}})
        page.reload()
        wait_ready(page)
        wide = "() => document.scrollingElement.scrollWidth <= innerWidth"
        assert page.evaluate(wide)
        snap(page, "daily-start-phone-dark")
        page.get_by_role("button", name="Today's Painting").tap()
        dialog = page.get_by_role("dialog")
        expect(dialog).to_contain_text(f"you scored {outcome['total']} points")
        assert page.evaluate(wide)
        snap(page, "daily-dialog-phone-dark")
        # by keyboard: the dialog keeps the focus; Escape closes it and gives it back
        page.keyboard.press("Tab")
        inside = "() => document.getElementById('dialog').contains(document.activeElement)"
        assert page.evaluate(inside)
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        expect(page.get_by_role("button", name="Today's Painting")).to_be_focused()
        # a practice game by touch from the calendar
        page.get_by_role("button", name="Stats and past days").tap()
        page.get_by_role("button", name="Play 1 December 2026 as practice").tap()
        expect(page.locator("#status")).to_contain_text("Practice #1")
        skip_tour(page, by="tap")
        assert page.evaluate(wide)
        snap(page, "daily-practice-phone-dark")
    finally:
        ctx.close()
    guard.check()
