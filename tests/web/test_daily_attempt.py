"""One honest Today's Painting a day (docs/daily.md, "One scored attempt a day") in real
Chromium: no Undo in the scored daily (practice keeps it), one scored attempt across two
tabs, none again after its save is deleted, an attempt closed at its end scored at the next
load, no scored daily on a clock set ahead or back, no result link for a day ahead, a
forged results file adds nothing and says so, and the share text says whether hints were
used."""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from player import (
    BOOT_MS,
    HUMAN_MAY_PLAY,
    REPO,
    TURN_MS,
    no_site_clock,
    place_first_spot,
    play_to_end,
    saved_ply,
    saved_record,
    skip_tour,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

sys.path.insert(0, str(REPO / "pysrc"))
from destijl import daily, link  # the engine the page runs, natively
from destijl.bots import level_move
from destijl.records import record_of

sys.path.remove(str(REPO / "pysrc"))

AMSTERDAM = "Europe/Amsterdam"
NO_UNDO = "No Undo in Today's Painting: one honest attempt a day. Practice games keep Undo."


@pytest.fixture
def device(browser: Browser, site, guard) -> Iterator:
    """Factory: `device(tz, when, site_clock=False)` gives a fresh context (a device) whose
    clock shows `when`; `device.tab(ctx, when)` another tab of it. Without `site_clock` the
    site's HEAD answers have no Date header (the device's clock is fixed on a past day)."""
    opened: list[BrowserContext] = []

    def tab(ctx: BrowserContext, when: str | None) -> Page:
        page = ctx.new_page()
        if when is not None:  # else the machine's clock
            page.clock.set_fixed_time(when)
        return page

    def open_device(tz: str, when: str | None, site_clock: bool = False) -> Page:
        ctx = browser.new_context(base_url=site.url, timezone_id=tz,
                                  viewport={"width": 1280, "height": 800})
        guard.watch(ctx)
        if not site_clock:
            no_site_clock(ctx)
        opened.append(ctx)
        return tab(ctx, when)

    open_device.tab = tab
    yield open_device
    for ctx in opened:
        ctx.close()
    guard.check()


def open_daily(page: Page) -> None:
    """Open today's daily and wait until the player may move."""
    page.goto("/?daily&speed=fast")
    wait_ready(page)
    expect(page.locator("#table[data-to-move=human]")).to_be_visible(timeout=BOOT_MS)
    skip_tour(page)


def practice(page: Page, label: str) -> None:
    """From the table: the start screen's stats, then a past day as practice."""
    page.get_by_role("button", name="New game").click()
    page.locator("#daily-card").get_by_role("button", name="Stats and past days").click()
    page.get_by_role("button", name=f"Play {label} as practice").click()
    page.get_by_role("alertdialog").get_by_role("button", name="Play as practice").click()


def test_no_undo_in_the_scored_daily_but_in_practice(device) -> None:
    page = device(AMSTERDAM, "2026-12-04T12:00:00Z")
    open_daily(page)
    place_first_spot(page)
    page.locator(HUMAN_MAY_PLAY).wait_for(timeout=TURN_MS)
    ply = saved_ply(page)
    assert ply > 1  # the bots answered
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()  # aria-disabled: still there, saying why
    expect(undo).to_have_attribute("title", NO_UNDO)
    undo.click(force=True)  # a person may still press it
    expect(page.get_by_role("alert")).to_contain_text(NO_UNDO)
    page.keyboard.press("u")
    assert saved_ply(page) == ply and len(saved_record(page)["moves"]) == ply

    practice(page, "3 December 2026")
    expect(page.locator("#status")).to_contain_text("Practice #3")
    skip_tour(page)
    place_first_spot(page)
    page.locator(HUMAN_MAY_PLAY).wait_for(timeout=TURN_MS)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator("#table[data-ply='0']")).to_be_visible()


def test_two_tabs_give_one_scored_attempt_and_hints_are_in_the_share_text(device) -> None:
    when = "2026-12-04T12:00:00Z"
    first = device(AMSTERDAM, when)
    open_daily(first)
    place_first_spot(first)
    second = device.tab(first.context, when)
    second.goto("/?daily&speed=fast")
    wait_ready(second)
    dialog = second.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Today's Painting is open in another tab")
    expect(second.locator("#table[data-to-move=human]")).to_be_hidden()
    dialog.get_by_role("button", name="Play as practice").click()
    expect(second.locator("#status")).to_contain_text("Practice #4")
    expect(first.locator("#status")).to_contain_text("Daily #4")  # the scored one goes on there
    # the second tab's button asks the same, and its practice keeps going meanwhile
    skip_tour(second)

    # practice to the end with one hint: the share text says so
    second.get_by_role("button", name="Hint").click()
    expect(second.locator(".hint-mark")).to_be_visible()
    play_to_end(second)
    box = second.locator("#daily-end")
    expect(box).to_have_attribute("data-state", "ready", timeout=90_000)
    text = box.get_by_role("textbox", name="Result to share").input_value()
    assert text.split("\n")[1].endswith(" · 1 hint")
    assert len(text.split("\n")) <= 10 and len(text.split("\n")[-1]) <= 300

    # the first tab finishes the scored one without a hint: its text says "no hints". The
    # player switches back to it: a tab behind another gets no animation frames to redraw in.
    first.bring_to_front()
    play_to_end(first)
    box = first.locator("#daily-end")
    expect(box).to_have_attribute("data-state", "ready", timeout=90_000)
    text = box.get_by_role("textbox", name="Result to share").input_value()
    assert text.split("\n")[1].endswith(" · no hints")
    # now the second tab's Today's Painting shows that result, not a second attempt
    second.get_by_role("button", name="New game").click()
    second.get_by_role("button", name="Today's Painting").click()
    expect(second.get_by_role("dialog")).to_contain_text("you scored")


@pytest.mark.parametrize("how", ["page.clock", "init script"])
def test_a_clock_set_ahead_gives_no_scored_daily(device, how: str) -> None:
    ahead = dt.datetime.now(dt.UTC) + dt.timedelta(days=3)
    if how == "page.clock":
        page = device("UTC", ahead.isoformat(), site_clock=True)
    else:  # the real clock, shifted 3 days by a script that replaces Date
        page = device("UTC", None, site_clock=True)
        page.context.add_init_script(f"""(() => {{
          const Real = Date, shift = {3 * 86_400_000};
          class Shifted extends Real {{
            constructor(...a) {{ if (a.length) super(...a); else super(Real.now() + shift); }}
            static now() {{ return Real.now() + shift; }}
          }}
          globalThis.Date = Shifted;
        }})();""")
    page.goto("/?daily&speed=fast")
    wait_ready(page)
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("This device's clock is ahead")
    expect(dialog).to_contain_text(f"{ahead.day} ")
    keys = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('destijl.game.'))")
    assert keys == []  # no scored game was dealt
    dialog.get_by_role("button", name="Play as practice").click()
    expect(page.locator("#status")).to_contain_text("Practice #")


GAMES = "() => Object.keys(localStorage).filter((k) => k.startsWith('destijl.game.'))"
STORED = ("(date) => JSON.parse(localStorage.getItem('destijl.daily') || 'null')"
          "?.days?.[date] ?? null")


def test_deleting_the_attempt_gives_no_second_scored_daily(device) -> None:
    """The issue's attack (a): play part of it, close the tab, delete the attempt in Saved
    games, press Today's Painting: once a fresh scored daily at move 0; now refused."""
    when = "2026-12-04T12:00:00Z"
    page = device(AMSTERDAM, when)
    open_daily(page)
    place_first_spot(page)
    page.locator(HUMAN_MAY_PLAY).wait_for(timeout=TURN_MS)
    ctx = page.context
    page.close()
    page = device.tab(ctx, when)
    page.goto("/?speed=fast")
    wait_ready(page)
    if page.locator("#table").is_visible():  # the saved game resumed: back to the start
        page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name=re.compile("^Delete the saved game of")).first.click()
    page.get_by_role("alertdialog").get_by_role("button", name="Delete it").click()
    page.wait_for_function(f"() => ({GAMES})().length === 0")
    page.get_by_role("button", name="Today's Painting").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Today's Painting was already started here")
    assert page.evaluate(GAMES) == []  # no fresh scored attempt was dealt
    dialog.get_by_role("button", name="Play as practice").click()
    expect(page.locator("#status")).to_contain_text("Practice #4")


def test_a_daily_closed_at_its_end_is_scored_when_the_page_next_loads(device) -> None:
    """The issue's attack (b): finish the daily and close the tab at once, while the par is
    still being worked out: once nothing was stored and the next one was a fresh attempt."""
    when = "2026-12-04T12:00:00Z"
    page = device(AMSTERDAM, when)
    open_daily(page)
    play_to_end(page)
    ctx = page.context
    page.close()  # within a frame of the end: the par game has only just begun
    page = device.tab(ctx, when)
    page.goto("/?speed=fast")
    wait_ready(page)
    page.wait_for_function(STORED, arg="2026-12-04", timeout=120_000)
    if page.locator("#table").is_visible():
        page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Today's Painting").click()
    expect(page.get_by_role("dialog")).to_contain_text("you scored")


def test_a_clock_set_back_gives_no_scored_daily(device) -> None:
    """The issue's attack: a device set back two days played that day scored. Refused by
    the site's clock, and (offline) by a later day already played on the device."""
    back = dt.datetime.now(dt.UTC) - dt.timedelta(days=2)
    page = device("UTC", back.isoformat(), site_clock=True)
    page.goto("/?daily&speed=fast")
    wait_ready(page)
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("This device's clock is behind")
    assert page.evaluate(GAMES) == []
    dialog.get_by_role("button", name="Play as practice").click()
    expect(page.locator("#status")).to_contain_text("Practice #")
    # no site's clock: the day played later on this device says it is behind
    page = device(AMSTERDAM, "2026-12-04T12:00:00Z")
    page.goto("/?speed=fast")
    wait_ready(page)
    page.evaluate("() => localStorage.setItem('destijl.daily.attempts', JSON.stringify("
                  "{'2026-12-06': {record: null, over: false, hints: 0, at: 1}}))")
    page.get_by_role("button", name="Today's Painting").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("This device's clock is behind")
    expect(dialog).to_contain_text("6 December 2026's Today's Painting was already played")
    assert page.evaluate(GAMES) == []


def test_a_result_link_for_a_day_ahead_is_refused(device) -> None:
    """The issue's attack: a result link for a day months ahead opened without refusal
    (`verify` refused it); the site now applies verify's day check."""
    far = (dt.datetime.now(dt.UTC) + dt.timedelta(days=120)).date().isoformat()
    payload = link.encode(record_of(played(far)), "daily", far)
    page = device("UTC", None, site_clock=True)
    page.goto(f"/?speed=fast#g={payload}")
    wait_ready(page)
    expect(page.get_by_role("alert")).to_contain_text(
        f"The game link was refused, so nothing changed: day: {far} is later than today",
        timeout=BOOT_MS)
    assert page.evaluate(GAMES) == []


def played(date: str, bots: str = "medium"):
    game = daily.daily_game(date)
    while not game.is_over:
        game.play(level_move(game, "medium" if game.current_seat == 0 else bots))
    return game


def test_a_forged_results_file_adds_nothing_and_says_why(device, tmp_path: Path) -> None:
    genuine = played("2026-12-02")
    forged_bots = json.loads(link.to_text(record_of(played("2026-12-03", bots="easy"))))
    forged_bots.update(k="daily", day="2026-12-03")
    sheet = genuine.result().seats[0]
    days = {
        "2026-12-02": {"score": sheet.total, "par": 0, "place": 1, "players": 3,
                       "link": link.encode(record_of(genuine), "daily", "2026-12-02")},
        "2026-12-03": {"score": 26, "par": 0, "place": 1, "players": 3,
                       "link": link.pack(json.dumps(forged_bots))},
        "2026-12-09": {"score": 20, "par": 0, "place": 1, "players": 3,
                       "link": link.encode(record_of(played("2026-12-09")), "daily", "2026-12-09")},
    }
    path = tmp_path / "forged.json"
    path.write_text(json.dumps({"format": "destijl-daily/1", "days": days}))
    page = device(AMSTERDAM, "2026-12-05T12:00:00Z")
    page.goto("/")
    wait_ready(page)
    page.locator("#import-file").set_input_files(str(path))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(
        "0 Today's Painting results added. 3 refused, as the engine could not confirm them: "
        f"2026-12-02 (par: the file says 0; the engine's par is {daily.par('2026-12-02')}); "
        "2026-12-03 (link: move ", timeout=120_000)
    expect(alert).to_contain_text("is not the medium bot's move")
    expect(alert).to_contain_text("2026-12-09 (day: 2026-12-09 is later than today (2026-12-05)")
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('destijl.daily') || 'null')")
    assert kept is None or kept["days"] == {}
