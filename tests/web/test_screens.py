"""Every screen right, measured, in real Chromium: one game or one loaded page per kind of
screen, several checks each.

- Desktop 1280x800 by mouse and keyboard; phones 360x740 and 390x844 by touch; the embed in a
  cross-origin frame 360, 600 and 800 px wide; each in the light and the dark theme.
- Measured: the focus ring of a spot in CSS px (pixels of a screenshot, at two zooms); the score
  note's font size and that it, the zoom tools and the turn banner never intersect the Painting;
  seat strips that do not overflow; no sideways scroll (end screen too); the selected tab's
  contrast in both themes; the colour-blind letters' rendered size; the Painting fitted again
  on a later turn after a zoom; the embed's end screen (score table, chart, downloads), its
  Place button inside the frame and its round status whole.
- Phones, 2 and 5 players: the Painting fills its element (the share of the element its cells
  and spots use), spots at least 24 CSS px, every Gallery card on the screen, the score note
  whole, colour-blind letters clear of the card numbers; the tour follows the player (a
  placement ends its steps, the end ends it), sits early in the Tab order and off the Gallery;
  the end's Painting fills its element too.
- The start screen at 1280x800 and 360x740: no panel that scrolls inside itself, no focused
  control covered by the sticky Start game strip (by geometry, through a whole Tab walk),
  level descriptions whole and shown on phones, the bot levels in rating order; while the
  engine loads, Today's Painting says why its buttons wait, in the loading bar's words.
- axe-core on every screen (with label-content-name-mismatch and heading-order), and the
  first-player badge ("starts", not "1st", a rank; gone at the end): test_access_look.py,
  which scans each screen once.
- Words, from the page's own modules: the score note's "largest stroke: 2 cells, yours and
  Piet's", the Points rows' "is 1 cell", the end table's line on bonus columns that are all
  a dash because the largest strokes are in colours nobody plays.
- The embed in a cross-origin frame: the loading bar covers neither the Gallery nor the seats,
  the turn banner's loading words are the bar's, Copy copies (the copy command when the
  Clipboard API is refused), and at 600 px the end's Painting keeps 45% of the frame, which
  does not scroll, with Rematch in view.

Screenshots: test-artifacts/screens-*.png and test-artifacts/layout-*.png (looked at when
changing the layout).
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
    play_to_end,
    saved_ply,
    saved_record,
    set_up,
    skip_tour,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Frame, Page, Route, expect
from screens import (
    arrow_round_trips,
    check_table,
    choose,
    cut_selects,
    escaped_hidden_text,
    faint_chart_lines,
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
    assert view["result"]["tie_break"] == "largest_stroke", "seed 3 no longer ends in a tie"
    return view["record"]


CUT_JS = """() => [...document.querySelectorAll('#save-problem :is(span, .btn), .open-full')]
  .filter((e) => e.checkVisibility()).flatMap((e) => {
    const r = e.getBoundingClientRect();
    const small = e.matches('.btn, .open-full') && r.height < 32;
    return e.scrollWidth > e.clientWidth + 1 || small
      ? [`${e.textContent.slice(0, 24)}: ${Math.round(r.width)}x${Math.round(r.height)}`] : [];
  })"""
# storage refused, as many browsers do in a cross-origin frame: the page says it does not save
NO_STORAGE = """Storage.prototype.setItem = function () {
  throw new DOMException('The operation is insecure.', 'SecurityError'); };"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_embed_end_shows_every_score_and_the_tie_break_at_three_widths(
        page: Page, site, other_site, theme: str) -> None:
    """Issue 61: the end's score table and tie-break line sat in a results panel about 200 px
    tall that scrolled inside the frame, under the buttons (at 360 only the winner showed)."""
    src = f"{site.url}/embed.html?autoload=1&theme={theme}#g={link.encode(tied_game())}"
    page.context.add_init_script(NO_STORAGE)
    page.goto(other_site.embed(src, name=f"tied-embed-{theme}.html", width=360, height=600))
    frame = next(f for f in page.frames if "/embed.html?" in f.url)
    expect(frame.locator("#results .tie-break")).to_contain_text("tied on", timeout=BOOT_MS)
    expect(frame.locator("#results table.scores tbody tr")).to_have_count(5)
    # the frame's page may not store data (a cross-origin frame): the banner says all of it,
    # its buttons and "Full game" as tall as the frame's others (cut, 18 and 15 px before)
    banner = frame.locator("#save-problem")
    expect(banner).to_be_visible()
    for width in EMBED_WIDTHS:
        set_frame_width(page, width)
        settled(frame)
        cut = frame.evaluate(CUT_JS)
        assert not cut, f"embed {width}: cut or small in the banner or header: {cut}"
        unseen = unseen_results(frame)
        assert not unseen, f"embed end {width} {theme}: not in view without scrolling: {unseen}"
        facts = layout(frame)
        assert facts["painting"]["height"] >= 60, f"embed end {width}: {facts['painting']}"
        shot(page, f"embed-tied-end-{width}-{theme}")
    # every seat's line of the score chart reads on its paper (the black one too, in the dark)
    expect(frame.locator("#score-chart .chart-seat")).to_have_count(5)
    assert not faint_chart_lines(frame), faint_chart_lines(frame)


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


MIN_SPOT = 24  # CSS px: a spot's target on a phone
MIN_SHARE = 0.25  # of the Painting's element, by the cells and spots at a fitted round 1
MIN_END_SHARE = 0.3  # of the Painting's element, by the finished Painting's cells

PAINTING_JS = """() => {
  const svg = document.querySelector('#painting-svg').getBoundingClientRect();
  const parts = [...document.querySelectorAll('#layer-cells [data-cell], #layer-spots .spot-hit')]
    .map((e) => e.getBoundingClientRect());
  const x0 = Math.min(...parts.map((r) => r.left)), x1 = Math.max(...parts.map((r) => r.right));
  const y0 = Math.min(...parts.map((r) => r.top)), y1 = Math.max(...parts.map((r) => r.bottom));
  const spots = [...document.querySelectorAll('#layer-spots .spot-hit')]
    .map((e) => e.getBoundingClientRect().width);
  return { share: ((x1 - x0) * (y1 - y0)) / (svg.width * svg.height), svg: [svg.width, svg.height],
    spot: spots.length ? Math.min(...spots) : null };
}"""

GALLERY_JS = """() => {
  const cards = [...document.querySelectorAll('#gallery .gcard')].map((c) => {
    const r = c.getBoundingClientRect();
    const num = c.querySelector('.gcard-num').getBoundingClientRect();
    const covered = [...c.querySelectorAll('.cb-letter')].filter((t) => {
      const l = t.getBoundingClientRect();
      return l.width && l.left < num.right - 0.5 && num.left < l.right - 0.5
        && l.top < num.bottom - 0.5 && num.top < l.bottom - 0.5;
    }).length;
    return { left: r.left, right: r.right, covered };
  });
  const note = document.querySelector('#score-note');
  return { cards, width: document.documentElement.clientWidth,
    scroll: document.documentElement.scrollWidth,
    note: [note.scrollHeight, note.clientHeight, note.textContent] };
}"""


def layout_shot(where: Page, name: str) -> None:
    picture(where, f"layout-{name}.png")


def check_painting(page: Page, where: str) -> dict:
    """The fitted Painting of a held card: spots big enough, the element used."""
    wait_still(page)
    facts = page.evaluate(PAINTING_JS)
    assert facts["spot"] and facts["spot"] >= MIN_SPOT, f"{where}: spots of {facts['spot']} px"
    assert facts["share"] >= MIN_SHARE, \
        f"{where}: the Painting uses {facts['share']:.2f} of {facts['svg']}"
    return facts


def check_gallery(page: Page, where: str) -> None:
    """Every Gallery card on the screen, no sideways scroll, the score note not cut."""
    facts = page.evaluate(GALLERY_JS)
    width = facts["width"]
    assert facts["scroll"] <= width + 1, f"{where}: scrolls sideways ({facts['scroll']})"
    for i, card in enumerate(facts["cards"]):
        assert card["left"] >= -0.5 and card["right"] <= width + 0.5, \
            f"{where}: card {i + 1} {card}"
    scroll, client, words = facts["note"]
    assert scroll <= client + 1, f"{where}: the score note is cut ({scroll} > {client}): {words}"


@pytest.fixture
def phones(browser: Browser, site, guard) -> Iterator:
    """Factory: a fresh touch phone context (360x740, resized by the test)."""
    opened: list[BrowserContext] = []

    def open_phone() -> Page:
        ctx = browser.new_context(base_url=site.url, viewport={"width": 360, "height": 740},
                                  has_touch=True, is_mobile=True, device_scale_factor=1)
        guard.watch(ctx)
        opened.append(ctx)
        return ctx.new_page()

    yield open_phone
    for ctx in opened:
        ctx.close()
    guard.check()


def tour_follows_the_player(page: Page) -> None:
    """A fresh profile's tour: its buttons before the Gallery's in the Tab order; "Turn it" off
    the whole Gallery; a card placed without turning ends the steps before the score's."""
    tour = page.get_by_role("region", name="Guided first game")
    expect(tour).to_have_attribute("data-step", "0")
    before = page.evaluate("""() => { const skip = document.querySelector('[data-action=tour-end]');
      const card = document.querySelector('#gallery .gcard');
      return !!(skip.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING); }""")
    assert before, "the tour's buttons come after the Gallery in the Tab order"
    page.get_by_role("button", name="Gallery card 1", exact=True).tap()
    expect(tour).to_have_attribute("data-step", "1")
    expect(tour).to_have_attribute("data-placed", "yes")
    note, gallery = tour.bounding_box(), page.locator("#gallery-panel").bounding_box()
    assert not intersect(note, gallery), f"the tour's note covers the Gallery: {note} {gallery}"
    layout_shot(page, "phone-tour-turn-it")
    ply = saved_ply(page)
    spot = page.locator("#layer-spots .spot").first
    spot.tap()
    expect(page.locator(".ghost[data-tapped='yes']")).to_have_count(1)
    spot.tap()
    wait_ply_above(page, ply)
    expect(tour).to_have_attribute("data-step", "3")  # not still "Turn it"


@pytest.mark.parametrize("players", [2, 5])
def test_phones_painting_spots_gallery_note_letters_and_tour(phones, players: int) -> None:
    page = phones()
    page.goto("/?seats=" + ",".join(["human"] + ["random"] * (players - 1)) + "&seed=7&speed=fast")
    wait_ready(page)
    page.get_by_role("button", name="Start game").tap()
    assert my_turn_or_end(page) == "turn"
    if players == 2:
        tour_follows_the_player(page)  # and it stays on "The score" for this test
        assert my_turn_or_end(page) == "turn"
    else:
        skip_tour(page, by="tap")
    page.get_by_role("button", name="Gallery card 1", exact=True).tap()
    page.locator("#layer-spots .spot").last.tap()
    expect(page.locator("#score-note .preview-badge")).to_be_visible()
    for size in ({"width": 360, "height": 740}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        where = f"{size['width']} {players} players"
        check_painting(page, where)
        check_gallery(page, where)
        layout_shot(page, f"phone-{size['width']}-{players}")
    choose(page, theme="Dark", colour_blind=True)
    covered = [c["covered"] for c in page.evaluate(GALLERY_JS)["cards"]]
    assert not any(covered), f"card numbers cover colour-blind letters: {covered}"
    layout_shot(page, f"phone-390-{players}-dark-colour-blind")
    choose(page, theme="Light", colour_blind=False)
    if players == 2:
        # the game's end ends the tour: it does not come back with the Rematch
        play_to_end(page)
        page.get_by_role("button", name="Rematch").tap()
        expect(page.locator("#table[data-phase=over]")).to_have_count(0)  # the new game is dealt
        assert my_turn_or_end(page) == "turn"
        expect(page.get_by_role("region", name="Guided first game")).to_be_hidden()
        return
    page.set_viewport_size({"width": 360, "height": 740})
    all_bots_to_the_end(page)
    wait_still(page)
    end = page.evaluate(PAINTING_JS)
    assert end["share"] >= MIN_END_SHARE, \
        f"the end's Painting uses {end['share']:.2f} of {end['svg']}"
    layout_shot(page, "phone-360-end")


STRIP_JS = """() => {
  const a = document.activeElement;
  const strip = document.querySelector('.start-actions').getBoundingClientRect();
  const r = a.getBoundingClientRect();
  const inside = !!a.closest('.start-actions');
  const covered = !inside && r.bottom > strip.top + 0.5 && r.top < strip.bottom - 0.5
    && r.right > strip.left && r.left < strip.right;
  return { name: a.getAttribute('aria-label') || a.textContent.trim().slice(0, 30) || a.tagName,
    inStart: !!a.closest('#start'), covered, top: r.top, bottom: r.bottom, height: innerHeight };
}"""


def tab_walk(page: Page, where: str) -> int:
    """Tab through the start screen from the top: each focused control in view and clear of the
    sticky Start game strip. Returns how many of the start screen's controls took the focus."""
    page.evaluate("() => { document.activeElement?.blur(); scrollTo(0, 0); }")
    seen = 0
    for _ in range(80):
        page.keyboard.press("Tab")
        settled(page)
        facts = page.evaluate(STRIP_JS)
        if not facts["inStart"]:
            if seen:
                break
            continue
        seen += 1
        assert not facts["covered"], f"{where}: {facts['name']} is under Start game: {facts}"
        assert facts["top"] >= -0.5 and facts["bottom"] <= facts["height"] + 0.5, \
            f"{where}: {facts['name']} is out of view: {facts}"
    return seen


def test_start_screen_no_inner_scroll_no_covered_focus_levels_and_loading_words(page: Page) -> None:
    held: list[Route] = []
    page.route(re.compile(r"pyodide\.asm\.wasm"), lambda route: held.append(route))
    page.goto("/?seats=human,random,medium,hard,expert")
    # while the engine loads, Today's Painting says why its buttons wait, as the bar says it
    loader = page.locator("#loader-text")
    expect(loader).to_contain_text(" MB")
    expect(page.locator("#btn-daily")).to_be_disabled()
    wait = page.locator("#daily-wait")
    expect(wait).to_contain_text("The buttons wait for the game engine: ")
    # both lines of one frame, read at once (the download goes on meanwhile)
    said, bar = page.evaluate("() => ['#daily-wait', '#loader-text']"
                              ".map((s) => document.querySelector(s).textContent)")
    figures = re.search(r"\d+\.\d of \d+\.\d MB", said)
    assert figures and figures.group(0) in bar, (said, bar)
    layout_shot(page, "start-loading")
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"pyodide\.asm\.wasm"))
    wait_ready(page)
    expect(wait).to_have_text("")

    for size in ({"width": 1280, "height": 800}, {"width": 360, "height": 740}):
        page.set_viewport_size(size)
        where = f"start {size['width']}"
        inner = page.evaluate("() => { const s = document.querySelector('#setup'); return"
                              " [s.scrollHeight, s.clientHeight, getComputedStyle(s).overflowY]; }")
        assert inner[0] <= inner[1] + 1 or inner[2] == "visible", \
            f"{where}: the form scrolls inside: {inner}"
        # each level's description whole and shown (a phone too)
        levels = page.evaluate("""() => [...document.querySelectorAll('.seat-level')].map((p) => {
          const r = p.getBoundingClientRect();
          return [p.textContent, r.width > 0, p.scrollWidth <= p.clientWidth + 1,
                  getComputedStyle(p).textOverflow]; })""")
        for words, shown, whole, overflow in levels[1:]:
            assert shown and whole and overflow != "ellipsis", f"{where}: {words!r} {levels}"
        assert tab_walk(page, where) >= 15, f"{where}: too few controls took the focus"
        for theme in ("light", "dark"):
            page.emulate_media(color_scheme=theme)
            layout_shot(page, f"start-{size['width']}-{theme}")
        page.emulate_media(color_scheme="light")
    # the bot levels by rating, weakest (random, 800) first
    labels = page.get_by_label("Seat 2 player").locator("option").all_inner_texts()
    ratings = [int(m.group(1)) for t in labels if (m := re.search(r" · (\d+)$", t))]
    assert len(ratings) >= 4 and ratings == sorted(ratings), labels


def test_embed_loader_copy_and_end_at_600(page: Page, site, other_site) -> None:
    host = other_site.embed(f"{site.url}/embed.html?seats=human,random,random&speed=fast",
                            name="layout-embed.html", width=600, height=600)
    held: list[Route] = []
    page.context.route(re.compile(r"pyodide\.asm\.wasm"), lambda route: held.append(route))
    page.goto(host)
    outer = page.frame_locator("iframe")
    outer.get_by_role("button", name="Start game").click()
    frame = next(f for f in page.frames if "/embed.html?" in f.url)
    # no seed: an opening is dealt while the engine loads, its loading bar in view
    expect(frame.locator("#gallery .gcard").first).to_be_visible(timeout=BOOT_MS)
    expect(frame.locator("#loader")).to_be_visible()
    boxes = frame.evaluate("""() => Object.fromEntries(['#loader', '#gallery-panel', '#seats']
      .map((s) => { const r = document.querySelector(s).getBoundingClientRect();
        return [s, { x: r.left, y: r.top, width: r.width, height: r.height }]; }))""")
    for part in ("#gallery-panel", "#seats"):
        assert not intersect(boxes["#loader"], boxes[part]), f"the loader covers {part}: {boxes}"
    layout_shot(page, "embed-loading")
    # a card placed while the engine loads: the turn banner says how far, in the bar's words
    frame.get_by_role("button", name="Gallery card 1", exact=True).click()
    frame.locator("#layer-spots .spot").first.click()
    expect(frame.locator("#turn")).to_contain_text("once the game engine has loaded (loading: ")
    # the same figures in the banner and the bar, once the first bytes have come (before
    # them both say the loading is starting)
    frame.wait_for_function("""() => {
      const said = document.querySelector('#turn').textContent;
      const bar = document.querySelector('#loader-text').textContent;
      const figures = said.match(/\\(loading: (\\d+\\.\\d of \\d+\\.\\d MB)\\)/);
      return !!figures && bar.includes(figures[1]);
    }""", timeout=BOOT_MS)
    for route in held:
        route.continue_()
    page.context.unroute(re.compile(r"pyodide\.asm\.wasm"))
    wait_ready(frame)
    all_bots_to_the_end(frame)
    # Copy: the Clipboard API is refused in a cross-origin frame; the copy command is not
    frame.get_by_role("button", name="Share this game").click()
    dialog = frame.get_by_role("dialog", name="Share this game")
    dialog.get_by_role("button", name="Copy the game link").click()
    expect(dialog.locator(".dialog-note").first).to_have_text("Copied to the clipboard.")
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()  # the page draws on its next frame: its backdrop covered Rematch
    set_frame_width(page, 600)
    facts = frame.evaluate("""() => { const e = document.scrollingElement;
      const svg = document.querySelector('#painting-svg').getBoundingClientRect();
      const b = document.querySelector('#results [data-action=rematch]').getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return { frame: [e.scrollHeight, e.clientHeight], svg: [svg.width, svg.height],
        rematch: [b.top, b.bottom, innerHeight],
        seen: !!hit?.closest('[data-action=rematch]'),
        over: hit && `${hit.tagName} #${hit.id} .${hit.className}: ${hit.textContent.slice(0, 80)}`,
        toast: document.querySelector('#toast:not([hidden])')?.textContent ?? null }; }""")
    # one compact frame: no scrollbar of its own, Rematch in view without scrolling, the
    # finished Painting large (it was 132 px tall)
    escaped = escaped_hidden_text(frame)
    assert not escaped, f"hidden text outside its scroll area can scroll the frame: {escaped}"
    assert facts["frame"][0] <= facts["frame"][1] + 1, f"the frame scrolls: {facts}"
    top, bottom, height = facts["rematch"]
    assert facts["seen"] and top >= 0 and bottom <= height, f"Rematch is not in view: {facts}"
    assert facts["svg"][1] >= 180, f"the end's Painting is {facts['svg']} px"
    layout_shot(page, "embed-end-600")


WORDS_JS = """async () => {
  const end = await import('/app/render/end.js');
  const teach = await import('/app/teach/render.js');
  const seats = [{ name: 'You', colors: ['R'], controller: 'human' },
                 { name: 'Piet', colors: ['Y'], controller: 'bot:random' }];
  const ranks = [{ rank: 1, size: 5, points: 5, seats: [] },
                 { rank: 2, size: 4, points: 3, seats: [] },
                 { rank: 3, size: 1, points: 1, seats: [0] }];
  const view = { seats, painting: [[0, 0, 'K']], result: { bonus_ranks: ranks, winners: [0],
    tie_break: null, seats: [{ strokes: 3, total: 4, largest: 1 },
                             { strokes: 2, total: 2, largest: 1 }] } };
  const panel = document.createElement('div');
  panel.append(...end.resultsPanel(view, null).filter(Boolean).flat());
  const why = [...panel.querySelectorAll('.rank-why')].map((p) => p.textContent);
  const spot = { joined: [], split: [], created: [['B', 2, 2], ['Y', 2, 2]],
                 bonus: [['R', 2, [0, 1]]] };
  const note = teach.spotNote({ seats }, spot);
  const rows = teach.breakdown({ seats }, { bonus_ranks: ranks, seats: view.result.seats }, null);
  return { why, note, row: rows.querySelector('.bd-btn').getAttribute('aria-label') };
}"""


def test_words_of_the_notes_the_points_and_the_end_table(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    words = page.evaluate(WORDS_JS)
    assert words["why"] == ["The largest and 2nd largest strokes (5 and 4 cells) are in colours "
                            "nobody plays, so nobody scores their bonuses."], words
    assert "largest stroke: 2 cells, yours and Piet's" in words["note"], words
    assert "new 2-cell strokes: blue, yellow" in words["note"], words
    assert "'s" not in words["note"].replace("Piet's", ""), words  # no "You's"
    assert "the 3rd largest stroke is 1 cell)" in words["row"], words
