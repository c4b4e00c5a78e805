"""Playable by everyone: a whole game by keyboard alone, counting keystrokes;
the Painting explored cell by cell; announcements with scores; no layout shift.

One game against a random bot at fast speed, two players, a fixed seed.
"""

from __future__ import annotations

import re

from access import LAYOUT_SHIFT_SCRIPT, contrast, css_color, layout_shift, now_ms
from player import (
    engine,
    my_turn_or_end,
    open_game,
    saved_ply,
    saved_record,
    set_up,
    skip_tour,
    wait_ply_above,
)
from playwright.sync_api import BrowserContext, Page, expect
from screens import settled

MAX_KEYS = 6  # keystrokes from a bot's move to the player's placement (default card and spot)
# after U: the move was taken back (ply below `p`), or the bot answered first (Undo greyed)
UNDONE_OR_ANSWERED = """(p) => { const ply = Number(document.querySelector('#table').dataset.ply);
  return ply < p || (ply > p && document.querySelector('#btn-undo').disabled); }"""
MAX_SHIFT = 0.02  # cumulative layout shift allowed from load to the first move, and at the end


def focused(page: Page) -> dict:
    """What has the focus: its aria-label, classes and tag."""
    return page.evaluate("""() => {
      const a = document.activeElement;
      return { label: a?.getAttribute('aria-label') || '', cls: a?.getAttribute('class') || '',
               tag: a?.tagName || '', card: a?.dataset?.card || null };
    }""")


def wait_focus(page: Page, pattern: str) -> dict:
    """Wait until the focused element's aria-label matches `pattern`; return it."""
    try:
        page.wait_for_function(
            "(p) => new RegExp(p).test(document.activeElement?.getAttribute('aria-label') || '')",
            arg=pattern, timeout=15_000)
    except Exception as error:
        raise AssertionError(f"focus is not on {pattern!r} but on {focused(page)}") from error
    return focused(page)


def check_focus_ring(page: Page) -> None:
    """The focused control shows a ring of >= 3:1 against its halo and the page behind."""
    ring = page.evaluate("""() => {
      const s = getComputedStyle(document.activeElement);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor,
               halo: getComputedStyle(document.documentElement).getPropertyValue('--focus-halo'),
               paper: getComputedStyle(document.body).getPropertyValue('--paper') };
    }""")
    assert ring["style"] == "solid" and ring["width"] >= 3, ring
    hexes = [ring["halo"].strip(), ring["paper"].strip()]
    for other in hexes:
        rgb = tuple(int(other[i:i + 2], 16) for i in (1, 3, 5))
        assert contrast(css_color(ring["color"]), rgb) >= 3, (ring, other)


def check_explorer(page: Page) -> None:
    """The Painting's SVG is one named Tab stop; arrow keys read cells the engine agrees with."""
    grid = page.get_by_role("application", name=re.compile(r"^Painting, explore cell by cell"))
    expect(grid).to_have_count(1)
    grid.focus()
    live = page.locator("#explore-live")
    expect(live).to_contain_text(re.compile(r"^Column -?\d+, row -?\d+: "))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    text = live.inner_text()
    x, y = (int(n) for n in re.match(r"Column (-?\d+), row (-?\d+)", text).groups())
    view = engine("view", record=saved_record(page))
    cells = {(cx, cy): c for cx, cy, c in view["painting"]}
    names = {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "W": "white"}
    if (x, y) in cells:
        assert f": {names[cells[(x, y)]]}, a stroke of " in text, text
        stroke = next(s for s in view["strokes"] if [x, y] in s["cells"])
        assert f"a stroke of {stroke['size']} " in text, text
    else:
        assert text.endswith("empty table."), text


def test_whole_game_by_keyboard(context: BrowserContext, page: Page) -> None:
    context.add_init_script(LAYOUT_SHIFT_SCRIPT)
    open_game(page)
    # normal pace: the bot waits a moment before its move, long enough to press U
    set_up(page, ["human", "bot:random"], seed=11, speed="normal")
    page.get_by_role("button", name="Start game").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    skip_tour(page, by="key")

    turn = 0
    last_turn_at = 0.0
    keystrokes: list[int] = []
    undone = False
    while my_turn_or_end(page) == "turn":
        # the focus waits on the Gallery: no Tab needed
        wait_focus(page, r"^Gallery card 1$")
        check_focus_ring(page)
        if turn > 0:
            expect(page.locator("#live")).to_contain_text("Score:")
            expect(page.locator("#live")).to_contain_text("Your turn")
        if turn == 0:
            check_explorer(page)
            page.keyboard.press("1")  # a key picks a card: focus goes to a legal spot
            spot = wait_focus(page, r"^Place at column -?\d+, row -?\d+, covers \d+ cells?")
            ghost = page.locator(".ghost")
            expect(ghost).to_have_attribute("data-legal", "yes")
            page.keyboard.press("r")
            expect(page.locator("#live")).to_contain_text("turned to 90°")
            wait_focus(page, r"^Place at column")
            before = focused(page)["label"]
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                page.keyboard.press(key)
                settled(page)
                if focused(page)["label"] != before:
                    break
            moved = focused(page)["label"]
            assert moved != before, f"no arrow key moved the focus from {before!r}"
            assert moved.startswith("Place at column"), moved
            x, y = re.match(r"Place at column (-?\d+), row (-?\d+)", moved).groups()
            expect(ghost).to_have_attribute("data-x", x)
            expect(ghost).to_have_attribute("data-y", y)
            page.keyboard.press("Escape")  # the card goes back, and so does the focus
            card = page.get_by_role("button", name="Gallery card 1", exact=True)
            expect(card).to_have_attribute("aria-pressed", "false")
            wait_focus(page, r"^Gallery card 1$")
            shift, entries = layout_shift(page)
            print(f"layout shift from load to the first move: {shift:.4f}")
            assert shift <= MAX_SHIFT, entries
        ply = saved_ply(page)
        last_turn_at = now_ms(page)
        keys = 0
        page.keyboard.press("Enter")  # pick the focused Gallery card 1
        keys += 1
        spot = wait_focus(page, r"^Place at column")
        page.keyboard.press("Enter")  # place it on the focused spot
        keys += 1
        wait_ply_above(page, ply)
        keystrokes.append(keys)
        if not undone:  # U takes the move back if the rule allows it now (before the bot answers)
            mine = ply + 1  # the bot may have answered already: then ply > mine
            page.wait_for_function("""(p) => !document.querySelector('#btn-undo').disabled
              || Number(document.querySelector('#table').dataset.ply) > p""", arg=mine)
            if page.get_by_role("button", name="Undo").is_enabled():
                page.keyboard.press("u")
                # On a busy machine the bot may answer between the look and the key: then the
                # Undo button goes grey, nothing is taken back, and a later turn tries again.
                page.wait_for_function(UNDONE_OR_ANSWERED, arg=mine)
            if saved_ply(page) < mine:
                assert my_turn_or_end(page) == "turn"
                wait_focus(page, r"^Gallery card 1$")
                page.keyboard.press("Enter")
                wait_focus(page, r"^Place at column")
                page.keyboard.press("Enter")
                wait_ply_above(page, mine - 1)
                undone = True
        turn += 1
        assert turn <= 12, "the game does not end"
        del spot
    assert keystrokes and max(keystrokes) <= MAX_KEYS, keystrokes
    assert undone, "Undo was never allowed: no U to test"
    # the end: the focus goes to Rematch, the layout holds still
    expect(page.get_by_role("button", name="Rematch")).to_be_focused()
    shift, entries = layout_shift(page, since=last_turn_at)
    print(f"layout shift across the end of the game: {shift:.4f}; keys per placement: {keystrokes}")
    assert shift <= MAX_SHIFT, entries
    expect(page.locator("#live")).to_contain_text("The Painting is finished")
    page.keyboard.press("?")  # ? opens the Rules panel, a modal dialog; Escape closes it
    rules = page.get_by_role("dialog", name="How to play De Stijl")
    expect(rules).to_be_visible()
    check_modal(page, "#rules-layer")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(page.get_by_role("button", name="Rematch")).to_be_focused()  # back to the opener
    # the end screen drawn anew while the Rules are open (the score history may arrive then):
    # the focus goes back to the Rematch button drawn in its place (modal.js)
    page.keyboard.press("?")
    expect(rules).to_be_visible()
    page.evaluate("""() => { const old = document.querySelector('#results [data-action="rematch"]');
                             old.replaceWith(old.cloneNode(true)); }""")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(page.get_by_role("button", name="Rematch")).to_be_focused()
    settings = page.get_by_role("button", name="Settings")
    settings.focus()
    page.keyboard.press("Enter")  # Settings: modal too
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()
    check_modal(page, "#dialog")
    page.keyboard.press("Escape")
    expect(settings).to_be_focused()


def check_modal(page: Page, layer: str) -> None:
    """The focus is in the open dialog and stays there over 20 Tabs and 5 Shift+Tabs, while
    the page behind is inert."""
    inside = f"() => !!document.activeElement?.closest('{layer}')"
    page.wait_for_function(inside)
    assert page.evaluate("() => document.querySelector('#main').inert"), "the page behind is live"
    live = page.evaluate("() => ['#live', '#toast'].map((s) => document.querySelector(s).inert)")
    assert live == [False, False], "announcements and errors must stay heard under a dialog"
    seen = set()
    for key in ["Tab"] * 20 + ["Shift+Tab"] * 5:
        page.keyboard.press(key)
        where = page.evaluate(f"""() => {{ const a = document.activeElement;
          return a?.closest('{layer}') ? (a.id || a.textContent.trim().slice(0, 20)) : null; }}""")
        assert where is not None, f"{key} left the dialog: {focused(page)}"
        seen.add(where)
    assert len(seen) >= 2, seen


def test_arrow_keys_on_the_players_group_keep_the_focus(page: Page) -> None:
    """Issue 61: Tab to the Players group and ArrowLeft changed the count and dropped the
    focus to <body> (the form is rebuilt for the new count of seats)."""
    open_game(page)
    expect(page.get_by_label("Seat 3 name")).to_be_visible()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.name === 'players'"):
            break
    checked = page.evaluate("() => document.activeElement.value")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_label(f"Seat {checked} name")).to_have_count(0)  # one seat fewer
    settled(page)
    now = page.evaluate("() => [document.activeElement.name, document.activeElement.value, "
                        "document.activeElement.checked]")
    assert now == ["players", str(int(checked) - 1), True], now
    page.keyboard.press("ArrowRight")
    expect(page.get_by_label(f"Seat {checked} name")).to_be_visible()
    settled(page)
    assert page.evaluate("() => [document.activeElement.name, document.activeElement.value]") \
        == ["players", checked]
