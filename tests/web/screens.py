"""Measuring the screens: boxes, font sizes, scroll widths, contrast, focus rings.

`layout(where)` reads, in one call, the facts about the table that the tests of
test_screens.py hold to (each a box in CSS px of the page or frame it was read in); the
other helpers act as a player does (Settings, themes) or measure pixels of a screenshot.
"""

from __future__ import annotations

import re

from access import contrast, css_color, png_pixels
from playwright.sync_api import Frame, Locator, Page, expect

Box = dict[str, float]

LAYOUT_JS = """() => {
  const box = (el) => {
    if (!el || el.closest('[hidden]')) return null;
    const r = el.getBoundingClientRect();
    return r.width || r.height ? { x: r.left, y: r.top, width: r.width, height: r.height } : null;
  };
  const $ = (sel) => document.querySelector(sel);
  const note = $('#score-note');
  const seats = [...document.querySelectorAll('#seats .seat')].map((seat) => {
    const outer = seat.getBoundingClientRect();
    const outside = [...seat.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      if (!r.width || el.closest('.sr-only')) return false;
      return r.left < outer.left - 0.5 || r.right > outer.right + 0.5;
    }).map((el) => el.className + ' "' + el.textContent.slice(0, 12) + '"');
    return { box: box(seat), outside, clipped: seat.scrollWidth > seat.clientWidth + 1 };
  });
  const svg = box($('#painting-svg'));
  const inside = (r) => r && svg && r.x >= svg.x - 0.5 && r.y >= svg.y - 0.5
    && r.x + r.width <= svg.x + svg.width + 0.5 && r.y + r.height <= svg.y + svg.height + 0.5;
  const cells = [...document.querySelectorAll('#layer-cells [data-cell]')];
  const scoreWrap = $('.score-wrap');
  return {
    viewport: { width: document.documentElement.clientWidth, height: innerHeight },
    scrollWidth: document.documentElement.scrollWidth,
    turn: box($('#turn')),
    note: box(note),
    noteFont: note ? parseFloat(getComputedStyle(note).fontSize) : 0,
    noteText: note ? note.textContent : '',
    painting: svg,
    tools: box($('.view-tools')),
    cellsOut: cells.filter((c) => !inside(box(c))).length,
    cells: cells.length,
    seats,
    status: { scroll: $('#status').scrollWidth, client: $('#status').clientWidth,
      text: $('#status').textContent },
    place: box($('#btn-place')),
    rotate: box($('#btn-rotate')),
    results: box($('#results')),
    table: box($('table.scores')),
    tableScroll: scoreWrap ? [scoreWrap.scrollWidth, scoreWrap.clientWidth] : null,
    chart: box($('#score-chart')),
    downloads: box($('.downloads')),
  };
}"""


def layout(where: Page | Frame) -> dict:
    """The table's measured layout (see LAYOUT_JS)."""
    return where.evaluate(LAYOUT_JS)


def intersect(a: Box | None, b: Box | None) -> bool:
    """Do two boxes share any area (touching edges do not)?"""
    if not a or not b:
        return False
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


def status_whole(facts: dict, where: str) -> None:
    """The header's round status is all there ("Round 1 of 9"), not cut to "R…"."""
    status = facts["status"]
    assert STATUS.match(status["text"]), status
    assert status["scroll"] <= status["client"] + 1, f"{where}: the status is cut: {status}"


def within(inner: Box | None, width: float, height: float | None = None) -> bool:
    """Is the box wholly inside 0..width (and 0..height)?"""
    if not inner:
        return False
    fits = inner["x"] >= -0.5 and inner["x"] + inner["width"] <= width + 0.5
    if height is not None:
        fits = fits and inner["y"] >= -0.5 and inner["y"] + inner["height"] <= height + 0.5
    return fits


def check_table(facts: dict, where: str) -> None:
    """What every table screen holds to: the note and the tools outside the Painting and the
    turn banner, the note at 13 px or more, the seats' strips unclipped, no sideways scroll."""
    width = facts["viewport"]["width"]
    assert facts["scrollWidth"] <= width + 1, f"{where}: scrolls sideways: {facts['scrollWidth']}"
    for part in ("note", "tools", "turn"):
        assert not intersect(facts[part], facts["painting"]), f"{where}: {part} covers the Painting"
    assert not intersect(facts["note"], facts["tools"]), f"{where}: the tools cover the score note"
    assert not intersect(facts["note"], facts["turn"]), f"{where}: the turn banner covers the note"
    assert facts["noteFont"] >= 13, f"{where}: the score note is {facts['noteFont']} px"
    for i, seat in enumerate(facts["seats"]):
        assert not seat["outside"] and not seat["clipped"], f"{where}: seat {i} overflows: {seat}"
        assert within(seat["box"], width), f"{where}: seat {i} is off screen: {seat['box']}"


def open_settings(where: Page | Frame) -> Locator:
    """Open the Settings dialog as a player does."""
    where.get_by_role("button", name="Settings").click()
    dialog = where.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog


def choose(where: Page | Frame, theme: str | None = None, colour_blind: bool | None = None) -> None:
    """Pick a theme ("Light", "Dark") and/or the colour-blind patterns in Settings."""
    dialog = open_settings(where)
    if theme:
        dialog.get_by_role("radio", name=theme, exact=True).check()
        expect(where.locator("html")).to_have_attribute("data-theme", theme.lower())
    if colour_blind is not None:
        dialog.get_by_role("checkbox", name="Colour-blind patterns").set_checked(colour_blind)
        expect(where.locator("html")).to_have_attribute("data-cb", "on" if colour_blind else "off")
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()


def text_contrast(element: Locator) -> float:
    """Contrast of an element's text colour against its own background colour."""
    colours = element.evaluate(
        "(e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
    return contrast(css_color(colours[0]), css_color(colours[1]))


def letter_sizes(where: Page | Frame, scope: str) -> list[float]:
    """Rendered font sizes (CSS px) of the visible colour-blind letters under `scope`."""
    return where.evaluate("""(scope) => [...document.querySelectorAll(scope + ' .cb-letter')]
      .filter((t) => t.getBoundingClientRect().width > 0)
      .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)""", scope)


def ring_band(page: Page, spot: Locator) -> tuple[int, int]:
    """The focus ring of a focused spot, in CSS px (device scale 1): the widths of the band of
    pixels that focusing changed, along the row through the spot's centre, left of the centre,
    and the total number of pixels it changed in the Painting."""
    expect(spot).to_be_focused()
    painting = page.locator("#painting-svg").bounding_box()
    clip = {k: painting[k] for k in ("x", "y", "width", "height")}
    focused = png_pixels(page.screenshot(clip=clip, animations="disabled"))
    centre = spot.locator(".spot-dot").bounding_box()
    cx = round(centre["x"] + centre["width"] / 2 - clip["x"])
    cy = round(centre["y"] + centre["height"] / 2 - clip["y"])
    page.evaluate("() => document.activeElement.blur()")
    plain = png_pixels(page.screenshot(clip=clip, animations="disabled"))
    spot.focus()
    changed = [[abs(sum(a) - sum(b)) > 30 for a, b in zip(ra, rb, strict=True)]
               for ra, rb in zip(focused, plain, strict=True)]
    total = sum(sum(row) for row in changed)
    row = changed[cy]
    # the outermost changed run left of the centre is the ring (the dot's own change is inside)
    x = next((i for i in range(cx) if row[i]), cx)
    start = x
    while x < cx and row[x]:
        x += 1
    return x - start, total


def wait_still(page: Page | Frame) -> None:
    """Wait for the Painting's camera to rest (a refit after a resize is at once)."""
    page.wait_for_function(
        "() => document.querySelector('#painting-svg').dataset.camera === 'still'")
    settled(page)


def set_frame_width(page: Page, width: int) -> None:
    """Resize the host page's iframe to `width` CSS px."""
    page.evaluate("(w) => { document.querySelector('iframe').width = String(w); }", width)
    page.wait_for_function("(w) => document.querySelector('iframe').clientWidth === w",
                           arg=width)


ESCAPED_JS = """() => [...document.querySelectorAll('.sr-only')].flatMap((el) => {
  // a visually hidden box whose containing block lies outside its scroll area lengthens the
  // page at its static place (it scrolled an embed's frame by 21 px)
  let box = el.parentElement;
  const open = (b) => getComputedStyle(b).overflowY === 'visible';
  while (box && box !== document.body && open(box)) box = box.parentElement;
  if (!box || box === document.body || !el.getClientRects().length) return [];
  const held = el.offsetParent && (el.offsetParent === box || box.contains(el.offsetParent));
  return held ? [] : [`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} in ${box.className}`];
})"""


def escaped_hidden_text(where: Page | Frame) -> list[str]:
    """Visually hidden elements not held by their scroll area (each lengthens the page)."""
    return where.evaluate(ESCAPED_JS)


STATUS = re.compile(r"^(Round \d+ of \d+|Finished · \d+ rounds)$")


FOCUSED_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.classList.contains('spot')) return `spot ${a.dataset.x},${a.dataset.y}`;
  if (a.classList.contains('gcard')) return `card ${a.dataset.index}`;
  return a.id ? `#${a.id}` : a.tagName.toLowerCase();
}"""


def focused(where: Page | Frame) -> str:
    """What has the keyboard focus: "spot X,Y", "card N", "#id", a tag name, or "body"."""
    return where.evaluate(FOCUSED_JS)


def settled(where: Page | Frame) -> None:
    """Wait until the page has drawn the frame after the last input (it moves the focus in
    a requestAnimationFrame callback), so a focus read afterwards sees the key's effect."""
    where.evaluate("() => new Promise((done) => requestAnimationFrame("
                   "() => requestAnimationFrame(done)))")


def wait_focus(where: Page | Frame, *starts: str) -> str:
    """Wait until the focus is on something whose `focused` name starts with one of `starts`
    (the page moves the focus when it redraws, a frame after the key); returns the name."""
    where.wait_for_function(f"(starts) => starts.some((s) => ({FOCUSED_JS})().startsWith(s))",
                            arg=list(starts))
    return focused(where)


OPPOSITE = {"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft", "ArrowUp": "ArrowDown",
            "ArrowDown": "ArrowUp"}


def arrow_round_trips(page: Page, spots: int = 10) -> tuple[int, int, list[str]]:
    """From up to `spots` spots, each arrow key and then its opposite: (moves, moves that came
    back, moves that went the wrong way). Ends on the spot it started from."""
    start = focused(page)
    names = page.evaluate("() => [...document.querySelectorAll('#layer-spots .spot')]"
                          ".map((s) => `${s.dataset.x},${s.dataset.y}`)")
    moved = back = 0
    wrong: list[str] = []
    for name in names[:spots]:
        x, y = name.split(",")
        page.locator(f"#layer-spots .spot[data-x='{x}'][data-y='{y}']").focus()
        for key, opposite in OPPOSITE.items():
            here = focused(page)
            page.keyboard.press(key)
            settled(page)
            there = focused(page)
            if there == here:
                continue
            moved += 1
            (x0, y0), (x1, y1) = (map(int, s.split()[1].split(",")) for s in (here, there))
            ahead = {"ArrowLeft": x1 < x0 and y1 == y0, "ArrowRight": x1 > x0 and y1 == y0,
                     "ArrowUp": y1 < y0, "ArrowDown": y1 > y0}[key]
            if not ahead:
                wrong.append(f"{key} from {here} to {there}")
            page.keyboard.press(opposite)
            settled(page)
            back += focused(page) == here
    x, y = start.split()[1].split(",")
    page.locator(f"#layer-spots .spot[data-x='{x}'][data-y='{y}']").focus()
    return moved, back, wrong


def label_holds_text(where: Page | Frame, selector: str) -> list[str]:
    """Controls whose accessible name (aria-label) does not hold their visible text, word for
    word in order (WCAG 2.5.3, label in name); [] when all do."""
    return where.evaluate("""(sel) => {
      const words = (t) => t.toLowerCase().replace(/[^a-z0-9+\\u2212-]+/g, ' ').trim()
        .split(/\\s+/).filter(Boolean);
      const bad = [];
      for (const el of document.querySelectorAll(sel)) {
        const seen = words(el.innerText);
        const name = words(el.getAttribute('aria-label') || el.innerText);
        let at = 0;
        for (const w of name) if (at < seen.length && w === seen[at]) at++;
        if (at < seen.length) bad.push(el.innerText + ' | ' + el.getAttribute('aria-label'));
      }
      return bad;
    }""", selector)


def cut_selects(where: Page | Frame) -> list[str]:
    """Selects whose chosen option's text is wider than the room the select gives it."""
    return where.evaluate("""() => {
      const ctx = document.createElement('canvas').getContext('2d');
      const out = [];
      for (const el of document.querySelectorAll('select')) {
        if (!el.getBoundingClientRect().width) continue;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        let text = el.selectedOptions[0]?.textContent || '';
        if (cs.textTransform === 'uppercase') text = text.toUpperCase();
        const arrow = cs.appearance === 'none' ? 0 : 18; // the native arrow's room
        const pad = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
        const room = el.clientWidth - pad - arrow;
        const spacing = (parseFloat(cs.letterSpacing) || 0) * text.length;
        const need = ctx.measureText(text).width + spacing;
        if (need > room + 0.5) out.push(`${text}: ${Math.round(need)} > ${Math.round(room)} px`);
      }
      return out;
    }""")


UNSEEN_JS = """() => {
  const scroller = document.querySelector('#results').getBoundingClientRect();
  const parts = [['the winner', document.querySelector('#results-title')],
    ['the tie-break line', document.querySelector('#results .tie-break')],
    ...[...document.querySelectorAll('#results table.scores tbody tr')].map((tr) =>
      [`${tr.querySelector('.who-name').textContent}'s row`, tr]),
    ...[...document.querySelectorAll('#results table.scores tbody tr:first-child > *')]
      .map((td, i) => [`column ${i + 1}`, td]),
    ['the first button', document.querySelector('#results .end-actions .btn')]];
  return parts.filter(([, el]) => el).flatMap(([name, el]) => {
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.top >= Math.max(0, scroller.top) - 0.5
      && r.bottom <= Math.min(innerHeight, scroller.bottom) + 0.5
      && r.left >= Math.max(0, scroller.left) - 0.5
      && r.right <= Math.min(document.documentElement.clientWidth, scroller.right) + 0.5;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const seen = inside && hit && el.contains(hit);
    return seen ? [] : [`${name} ${Math.round(r.top)}-${Math.round(r.bottom)}`];
  });
}"""


def unseen_results(where: Page | Frame) -> list[str]:
    """The end screen's parts a reader cannot see without scrolling (the winner, the tie-break
    line, each seat's row of the score table, each column, the first button): [] when all show."""
    return where.evaluate(UNSEEN_JS)


CHART_LINES_JS = """() => {
  const paper = getComputedStyle(document.querySelector('#score-chart')).backgroundColor;
  return [...document.querySelectorAll('#score-chart .chart-seat')].map((g) => {
    const line = getComputedStyle(g.querySelector('.chart-line'));
    const halos = [...line.filter.matchAll(/drop-shadow\\((rgba?\\([^)]*\\))/g)].map((m) => m[1]);
    return { seat: g.className.baseVal, paper, colours: [line.stroke, ...halos] };
  });
}"""


def faint_chart_lines(where: Page | Frame, least: float = 3) -> list[dict]:
    """The end chart's seat lines that neither their colour nor their halo sets off from the
    chart's paper by `least`:1 (the dark theme's black seat line was 1.1:1); [] when all do."""
    lines = where.evaluate(CHART_LINES_JS)
    assert lines, "no chart lines"
    def best(line: dict) -> float:
        return max(contrast(css_color(c), css_color(line["paper"])) for c in line["colours"])
    return [line for line in lines if best(line) < least]
