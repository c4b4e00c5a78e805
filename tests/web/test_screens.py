"""Every screen right (issue 15), measured: one game per kind of screen, several checks each.

- desktop 1280x800 by mouse and keyboard; phones 360x740 and 390x844 by touch; the embed in a
  cross-origin frame 360, 600 and 800 px wide; each in the light and the dark theme.
- Measured: the focus ring of a spot in CSS px (pixels of a screenshot, at two zooms); the score
  note's font size and that it, the zoom tools and the turn banner never intersect the Painting;
  seat strips that do not overflow; no sideways scroll (end screen too); the selected tab's
  contrast in both themes; the colour-blind letters' rendered size; the Painting fitted again
  on a later turn after a zoom; the embed's end screen (score table, chart, downloads), its
  Place button inside the frame and its round status whole.
Screenshots: test-artifacts/screens-*.png (looked at when changing the layout).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pictures import picture
from player import (
    BOOT_MS,
    DESKTOP,
    engine,
    my_turn_or_end,
    saved_ply,
    saved_record,
    set_up,
    skip_tour,
    wait_ply_above,
)
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect
from screens import (
    arrow_round_trips,
    check_table,
    choose,
    cut_selects,
    escaped_hidden_text,
    focused,
    intersect,
    label_holds_text,
    layout,
    letter_sizes,
    ring_band,
    set_frame_width,
    settled,
    status_whole,
    text_contrast,
    unseen_results,
    wait_focus,
    wait_still,
    within,
)

from destijl import link

PHONES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}]
EMBED_WIDTHS = [360, 600, 800]
MIN_LETTER = 12  # CSS px: the colour-blind letters at their smallest
MIN_CONTRAST = 4.5  # a tab's label against its background (WCAG AA, normal text)


FIT_MIN = 9  # cells: a fitted view is at least this wide across its longer side (queries.js
#               MIN_FIT; the desktop's Painting is wider than tall)


def view_width(page: Page) -> float:
    """The width in cells of the Painting's viewBox."""
    return float(page.locator("#painting-svg").get_attribute("viewBox").split()[2])


def shot(page: Page, name: str) -> None:
    picture(page, f"screens-{name}.png")


def all_bots_to_the_end(where: Page | Frame, players: int = 5) -> None:
    """From the table: New game, every seat a random bot, to the end screen."""
    where.get_by_role("button", name="New game").click()
    set_up(where, ["bot:random"] * players)
    where.get_by_role("button", name="Start game").click()
    confirm = where.get_by_role("button", name="Start a new game")
    either = where.locator("body.is-over").or_(confirm)
    either.first.wait_for(timeout=BOOT_MS)
    if confirm.is_visible():
        confirm.click()
    expect(where.get_by_role("button", name="Rematch")).to_be_visible(timeout=BOOT_MS)
    # the score chart comes with the engine's history, a moment after the end screen
    expect(where.locator("#score-chart")).to_be_visible(timeout=BOOT_MS)


def check_end(facts: dict, where: str) -> None:
    """The end screen: no sideways scroll, the score table whole, tools clear of the Painting."""
    width = facts["viewport"]["width"]
    assert facts["scrollWidth"] <= width + 1, f"{where}: the end screen scrolls sideways"
    assert facts["table"] and facts["table"]["height"] > 60, f"{where}: table {facts['table']}"
    scroll, client = facts["tableScroll"]
    assert scroll <= client + 1, f"{where}: the score table scrolls inside ({scroll} > {client})"
    assert not intersect(facts["tools"], facts["painting"]), f"{where}: tools over the Painting"
    assert facts["chart"] and facts["downloads"], f"{where}: no chart or downloads: {facts}"
    status_whole(facts, where)


def walk_the_tour(page: Page, label: str, touch: bool) -> None:
    """The guided first game's four notes, by Next: each beside its target, never over it
    (on a desktop within 40 px of it), in tap words on a touch screen; then Done."""
    tour = page.get_by_role("region", name="Guided first game")
    for step in range(4):
        expect(tour).to_have_attribute("data-step", str(step))
        expect(tour).to_have_attribute("data-placed", "yes")  # measured a frame after the draw
        note = tour.bounding_box()
        target = page.locator(".tour-target").bounding_box()
        assert note and target and not intersect(note, target), f"{label} {step}: {note} {target}"
        if not touch:  # just left of its target
            gap = target["x"] - (note["x"] + note["width"])
            assert 0 <= gap <= 40, f"{label} step {step}: {gap} px from its target"
        words = tour.locator(".tour-body").inner_text()
        if touch:
            assert "Tap" in words or "tap" in words or step == 1, words
            assert not any(w in words for w in ("click", "Click", "press", "keys", "(or R)")), words
        shot(page, f"{label}-tour-{step}")
        page.get_by_role("button", name="Done" if step == 3 else "Next").click()
    expect(tour).to_be_hidden()


def check_tabs_and_letters(where: Page | Frame, label: str) -> None:
    """The selected Points tab is readable in both themes; colour-blind letters are legible."""
    points = where.get_by_role("tab", name="Points")
    if points.get_attribute("aria-selected") != "true":
        points.click()
    expect(points).to_have_attribute("aria-selected", "true")
    for theme in ("Dark", "Light"):
        choose(where, theme=theme)
        ratio = text_contrast(points)
        assert ratio >= MIN_CONTRAST, f"{label} {theme}: selected tab contrast {ratio:.2f}"
    choose(where, colour_blind=True)
    for scope in ("#painting-svg #layer-cells", "#gallery"):
        sizes = letter_sizes(where, scope)
        assert sizes and min(sizes) >= MIN_LETTER, f"{label}: letters in {scope}: {sizes}"
    choose(where, colour_blind=False)


def test_desktop_focus_ring_note_zoom_and_end(page: Page) -> None:
    page.goto("/?seats=human,random,random&seed=7&speed=fast")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    page.get_by_role("button", name="Start game").click()
    assert my_turn_or_end(page) == "turn"
    walk_the_tour(page, "desktop", touch=False)

    # 1: the keyboard's focus ring is a ring a few CSS px thick round its spot, at any zoom
    page.keyboard.press("1")
    focused = page.locator("#layer-spots .spot:focus")
    expect(focused).to_have_count(1)
    x, y = focused.get_attribute("data-x"), focused.get_attribute("data-y")
    spot = page.locator(f"#layer-spots .spot[data-x='{x}'][data-y='{y}']")
    band, total = ring_band(page, spot)
    shot(page, "desktop-focus")
    assert 2 <= band <= 9 and total < 8000, (band, total)
    page.keyboard.press("+")
    page.keyboard.press("+")
    band, total = ring_band(page, spot)
    assert 2 <= band <= 9 and total < 12000, (band, total)

    # 2, 7: the note of a spot near the top edge: readable, clear of the Painting and the tools
    top = page.locator("#layer-spots .spot").first
    top.hover()
    expect(page.locator("#score-note .preview-badge")).to_be_visible()
    facts = layout(page)
    check_table(facts, "desktop")
    assert "+" in facts["noteText"] or "0" in facts["noteText"], facts["noteText"]
    shot(page, "desktop-note")

    # 7: zoomed in during one turn, the next turn shows the whole Painting again
    assert view_width(page) < FIT_MIN - 1, "the zoom did not zoom in"
    ply = saved_ply(page)
    page.keyboard.press("Enter")
    wait_ply_above(page, ply)
    assert my_turn_or_end(page) == "turn"
    expect(page.locator("#layer-cells [data-cell]").first).to_be_visible()
    # the camera tweens back to the fit (260 ms of frames, longer on a loaded machine): wait for
    # the viewBox to arrive, then check that nothing of the Painting is out of view
    page.wait_for_function(
        """(w) => Number(document.querySelector('#painting-svg')
                      .getAttribute('viewBox').split(' ')[2]) >= w""",
        arg=FIT_MIN)
    wait_still(page)  # the width arrives before the tween ends: the x and y are still moving
    assert layout(page)["cellsOut"] == 0, "a zoom carried over"

    check_tabs_and_letters(page, "desktop")
    choose(page, theme="Dark")
    all_bots_to_the_end(page)
    check_end(layout(page), "desktop end")
    assert not escaped_hidden_text(page), escaped_hidden_text(page)
    shot(page, "desktop-end-dark")
    bonuses = page.locator("table.scores thead th[title^='Bonus']").count()
    assert bonuses == 3  # five players: three bonuses, and the note names exactly them
    expect(page.locator(".rank-note").first).to_have_text(
        "1st, 2nd, 3rd: bonuses for the largest strokes.")


@pytest.fixture
def phone(browser: Browser, site, guard) -> Iterator[BrowserContext]:
    """A touch phone, 360x740 (resized to 390x844 during the test), watched by the guard."""
    ctx = browser.new_context(base_url=site.url, viewport=PHONES[0], has_touch=True,
                              is_mobile=True, device_scale_factor=1)
    guard.watch(ctx)
    yield ctx
    ctx.close()
    guard.check()


def test_phones_score_strip_note_tools_and_end(phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto("/?seats=human,random,random,random,random&seed=7&speed=fast")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    page.get_by_label("Seat 2 player").select_option("bot:medium")
    assert not cut_selects(page), cut_selects(page)  # 13: "Bot · medium" whole
    page.get_by_role("button", name="Start game").tap()
    assert my_turn_or_end(page) == "turn"
    walk_the_tour(page, "phone", touch=True)
    # 3: a tap on a spot shows the card and its score there; only a second tap places it
    page.get_by_role("button", name="Gallery card 1", exact=True).tap()
    spot = page.locator("#layer-spots .spot").last
    x, y = spot.get_attribute("data-x"), spot.get_attribute("data-y")
    ply = saved_ply(page)
    spot.tap()
    badge = page.locator("#score-note .preview-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_attribute("data-x", x)
    expect(page.locator(".ghost")).to_have_attribute("data-x", x)
    expect(page.locator(".ghost")).to_have_attribute("data-y", y)
    expect(page.locator(".ghost")).to_have_attribute("data-tapped", "yes")  # a second tap places
    assert saved_ply(page) == ply
    for size in PHONES:
        page.set_viewport_size(size)
        for theme in ("Light", "Dark"):
            choose(page, theme=theme)
            check_table(layout(page), f"{size['width']} {theme}")
            shot(page, f"phone-{size['width']}-{theme.lower()}")
    check_tabs_and_letters(page, "phone")
    page.set_viewport_size(PHONES[0])
    shot(page, "phone-360-colour-blind")
    assert saved_ply(page) == ply  # nothing placed yet: now the second tap
    page.locator(f"#layer-spots .spot[data-x='{x}'][data-y='{y}']").tap()
    wait_ply_above(page, ply)
    assert saved_record(page)["moves"][ply]["x"] == int(x)

    all_bots_to_the_end(page)
    for size in PHONES:
        page.set_viewport_size(size)
        check_end(layout(page), f"phone end {size['width']}")
        assert not escaped_hidden_text(page), escaped_hidden_text(page)
    page.set_viewport_size(PHONES[0])
    shot(page, "phone-end")
    assert page.viewport_size != DESKTOP


def test_embed_in_a_frame_at_three_widths(page: Page, site, other_site) -> None:
    host = other_site.embed(f"{site.url}/embed.html?seats=human,random,random&seed=7&speed=fast",
                            name="screens-embed.html", width=360, height=600)
    page.goto(host)
    frame_el = page.frame_locator("iframe")
    # 13: the preview shows a Painting of the link's player count and says both sizes
    expect(frame_el.locator("#preview-caption")).to_contain_text("three-player game")
    expect(frame_el.locator("#preview-size")).to_have_text(re.compile(
        r"about \d+\.\d MB from a server that compresses it, \d+\.\d MB from one that does not"))
    frame_el.get_by_role("button", name="Start game").click()
    frame = next(f for f in page.frames if "/embed.html?" in f.url)
    expect(frame.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    assert my_turn_or_end(frame) == "turn"
    frame.get_by_role("button", name="Gallery card 1", exact=True).click()
    frame.locator("#layer-spots .spot").first.hover()
    expect(frame.locator("#score-note .preview-badge")).to_be_visible()
    for width in EMBED_WIDTHS:
        set_frame_width(page, width)
        for theme in ("Light", "Dark"):
            choose(frame, theme=theme)
            facts = layout(frame)
            where = f"embed {width} {theme}"
            check_table(facts, where)
            for button in ("place", "rotate"):
                assert within(facts[button], width, facts["viewport"]["height"]), \
                    f"{where}: {button} {facts[button]} is cut off"
            status_whole(facts, where)
            shot(page, f"embed-{width}-{theme.lower()}")

    all_bots_to_the_end(frame)
    for width in EMBED_WIDTHS:
        set_frame_width(page, width)
        facts = layout(frame)
        check_end(facts, f"embed end {width}")
        assert not unseen_results(frame), f"embed end {width}: {unseen_results(frame)}"
        shot(page, f"embed-end-{width}")


def tied_game() -> dict:
    """A finished 5-player game of random bots (seed 3) whose winner is decided by the
    tie-break, played by the native engine: its record."""
    names = ["You", "Piet", "Theo", "Bart", "Nelly"]
    view = engine("new_game", players=5, seed=3,
                  seats=[{"name": n, "controller": "bot:random"} for n in names])
    while not view["is_over"]:
        move = engine("bot_move", record=view["record"])["move"]
        view = engine("play", record=view["record"], move=move)
    assert view["result"]["tie_break"], "seed 3 no longer ends in a tie"
    return view["record"]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_embed_end_shows_every_score_and_the_tie_break_at_three_widths(
        page: Page, site, other_site, theme: str) -> None:
    """Issue 61: the end's score table and tie-break line sat in a results panel about 200 px
    tall that scrolled inside the frame, under the buttons (at 360 only the winner showed)."""
    src = f"{site.url}/embed.html?autoload=1&theme={theme}#g={link.encode(tied_game())}"
    page.goto(other_site.embed(src, name=f"tied-embed-{theme}.html", width=360, height=600))
    frame = next(f for f in page.frames if "/embed.html?" in f.url)
    expect(frame.locator("#results .tie-break")).to_contain_text("tied on", timeout=BOOT_MS)
    expect(frame.locator("#results table.scores tbody tr")).to_have_count(5)
    for width in EMBED_WIDTHS:
        set_frame_width(page, width)
        settled(frame)
        unseen = unseen_results(frame)
        assert not unseen, f"embed end {width} {theme}: not in view without scrolling: {unseen}"
        facts = layout(frame)
        assert facts["painting"]["height"] >= 60, f"embed end {width}: {facts['painting']}"
        shot(page, f"embed-tied-end-{width}-{theme}")


def test_keyboard_focus_arrows_undo_moves_log_and_bot_moves(page: Page) -> None:
    page.goto("/?seats=human,random,random&seed=7&speed=fast")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    page.get_by_role("button", name="Start game").click()
    skip_tour(page, by="key")
    expect(page.get_by_role("heading", level=1)).to_have_count(1)  # 13: a visible h1
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert my_turn_or_end(page) == "turn"
    wait_focus(page, "card 1")

    # 10: arrows move by rows and come back with the opposite key
    page.keyboard.press("1")
    spot = wait_focus(page, "spot ")
    moved, back, wrong = arrow_round_trips(page)
    assert moved >= 10 and back == moved and not wrong, (moved, back, wrong)
    assert focused(page) == spot
    # 10: "?" opens the Rules; Escape brings the focus back to the spot
    page.keyboard.press("?")
    rules = page.get_by_role("dialog", name="How to play De Stijl")
    expect(rules).to_be_visible()
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    assert wait_focus(page, "spot ") == spot
    # 10: Enter places; the focus goes to the turn banner, never to <body>, until my turn
    ply = saved_ply(page)
    page.keyboard.press("Enter")
    wait_ply_above(page, ply)
    wait_focus(page, "#turn", "card 1")  # not <body>
    assert my_turn_or_end(page) == "turn"
    expect(page.locator(".gcard").first).to_be_focused()

    # 12: the latest (bot) move: the score note names it, its log line flashes; 13: pictures
    names = ["You", "Piet", "Theo"]
    record = saved_record(page)
    last = names[record["moves"][-1]["seat"]]
    expect(page.locator("#score-note .last-note")).to_contain_text(f"{last} placed here:")
    page.get_by_role("tab", name="Moves").click()
    entries = page.locator("#move-log .log-entry")
    expect(entries).to_have_count(len(record["moves"]))
    expect(entries.first).to_have_class("log-entry log-latest")
    expect(page.locator("#move-log .log-face")).to_have_count(len(record["moves"]))
    # 9: a move picked in the log is framed until the game moves on
    page.locator("#move-log .log-btn").last.click()
    expect(page.locator(".log-mark")).to_have_count(1)

    # 3: Undo takes back my card and the bots' after it, across the new round's draw
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    mine = max(i for i, m in enumerate(record["moves"]) if m["seat"] == 0)
    after = len(record["moves"]) - 1 - mine
    assert after >= 2 and record["moves"][-1]["seat"] != 0
    expect(undo).to_have_attribute("title", f"Take back your last card and the {after} cards "
                                             "placed after it (U)")
    page.keyboard.press("u")
    expect(page.locator("#table")).to_have_attribute("data-ply", str(mine))
    expect(page.locator(".log-mark")).to_have_count(0)
    assert my_turn_or_end(page) == "turn"
    assert saved_record(page)["moves"] == record["moves"][:mine]

    # 13: the Points rows' names hold their visible text; 1 stroke, not "1 strokes"
    page.get_by_role("tab", name="Points").click()
    assert not label_holds_text(page, ".bd-btn"), label_holds_text(page, ".bd-btn")
    tallies = page.evaluate("""() => [...document.querySelectorAll('.tally-num')]
      .map((n) => [n.textContent, n.nextElementSibling.textContent])""")
    for number, word in tallies:
        assert word.endswith("s") != (number == "1") or word == "largest", (number, word)

    # 13: a file that is not a record says so in words, not with the JSON parser's message
    page.locator("#import-file").set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"{oops"}])
    expect(page.get_by_role("alert")).to_contain_text("notes.json could not be read as a De Stijl "
                                                      "game: it is not a game record (a record "
                                                      "is the file that Export saves)")
    expect(page.get_by_role("alert")).not_to_contain_text("JSON")
