"""Every screen right, second pass (issue 45), measured on one loaded page per kind of screen.

- Phones 360x740 and 390x844 by touch, 2 and 5 players: the Painting fills its element (the
  share of the element its cells and spots use), spots at least 24 CSS px, every Gallery card
  on the screen, the score note whole, colour-blind letters clear of the card numbers; the
  tour follows the player (a placement ends its steps, the end ends it), sits early in the Tab
  order and off the Gallery; the end's Painting fills its element too.
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
Screenshots: test-artifacts/again-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pictures import picture
from player import (
    BOOT_MS,
    my_turn_or_end,
    play_to_end,
    saved_ply,
    skip_tour,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from screens import (
    choose,
    escaped_hidden_text,
    intersect,
    set_frame_width,
    settled,
    wait_still,
)
from test_screens import all_bots_to_the_end

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


def shot(where: Page, name: str) -> None:
    picture(where, f"again-{name}.png")


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
    shot(page, "phone-tour-turn-it")
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
        shot(page, f"phone-{size['width']}-{players}")
    choose(page, theme="Dark", colour_blind=True)
    covered = [c["covered"] for c in page.evaluate(GALLERY_JS)["cards"]]
    assert not any(covered), f"card numbers cover colour-blind letters: {covered}"
    shot(page, f"phone-390-{players}-dark-colour-blind")
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
    shot(page, "phone-360-end")


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
    shot(page, "start-loading")
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
            shot(page, f"start-{size['width']}-{theme}")
        page.emulate_media(color_scheme="light")
    # the bot levels by rating, weakest (random, 800) first
    labels = page.get_by_label("Seat 2 player").locator("option").all_inner_texts()
    ratings = [int(m.group(1)) for t in labels if (m := re.search(r" · (\d+)$", t))]
    assert len(ratings) >= 4 and ratings == sorted(ratings), labels


def test_embed_loader_copy_and_end_at_600(page: Page, site, other_site) -> None:
    host = other_site.embed(f"{site.url}/embed.html?seats=human,random,random&speed=fast",
                            name="again-embed.html", width=600, height=600)
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
    shot(page, "embed-loading")
    # a card placed while the engine loads: the turn banner says how far, in the bar's words
    frame.get_by_role("button", name="Gallery card 1", exact=True).click()
    frame.locator("#layer-spots .spot").first.click()
    expect(frame.locator("#turn")).to_contain_text("once the game engine has loaded (loading: ")
    said, bar = frame.evaluate("() => ['#turn', '#loader-text']"
                               ".map((s) => document.querySelector(s).textContent)")
    figures = re.search(r"\(loading: (\d+\.\d of \d+\.\d MB)\)", said)
    assert figures and figures.group(1) in bar, (said, bar)
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
    shot(page, "embed-end-600")


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
