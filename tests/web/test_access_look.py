"""Themes, colour-blind mode and axe-core scans.

- The theme follows prefers-color-scheme until the player picks one in Settings; the pick
  is remembered; `?theme=` wins for one visit. Colours that carry meaning are >= 3:1 in
  both themes (spot dots on the table, black cells on the Painting's mat, the focus ring).
- Colour-blind mode: patterns and letters on cells, cards, swatches and chips; remembered;
  in greyscale and under colour-vision simulations every pair of the five colours that tone
  cannot tell apart differs by its pattern (measured on screenshots).
- axe-core (WCAG 2.1 A/AA, label-content-name-mismatch, heading-order) finds 0 violations on
  every screen, each scanned once in both themes: start, Settings, table, held card, rules,
  the Points tab, end, replay, a friend game, the Friend games list, the daily end, the Bot
  Lab and the embed; its colour-contrast "needs review" items are measured here on
  screenshots. The table's first-player badge says "starts" (not "1st", a rank) and is gone
  at the end.
"""

from __future__ import annotations

import itertools
from collections import Counter

from access import (
    axe_scan,
    contrast,
    css_color,
    describe,
    linear,
    luminance,
    png_pixels,
    viewport_crops,
)
from pictures import picture
from player import (
    BOOT_MS,
    DESKTOP,
    HUMAN_MAY_PLAY,
    NO_TOUR,
    PHONE,
    my_turn_or_end,
    open_game,
    place_first_spot,
    play_to_end,
    set_up,
    skip_tour,
    start,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

COLOURS = ["R", "Y", "B", "K", "W"]
# Colour-vision simulation matrices on linear RGB (Machado et al. 2009, severity 1.0).
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def theme(page: Page) -> str:
    return page.locator("html").get_attribute("data-theme") or ""


def open_settings(page: Page) -> Locator:
    page.get_by_role("button", name="Settings").click()
    dialog = page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog


def css_var(page: Page, name: str) -> tuple[int, int, int]:
    value = page.evaluate(
        "(n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim()", name)
    return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def check_meaningful_contrast(page: Page) -> dict:
    """Spot dots on the table, black cells on the mat, the focus ring on its halo: >= 3:1."""
    field = css_var(page, "--field")
    dot = page.locator(".spot:not(:focus) .spot-dot").first
    spot_fill = css_color(dot.evaluate("(e) => getComputedStyle(e).fill"))
    ratios = {
        "spot dot / table": contrast(spot_fill, field),
        "focus / halo": contrast(css_var(page, "--focus"), css_var(page, "--focus-halo")),
        "focus / paper": contrast(css_var(page, "--focus"), css_var(page, "--paper")),
    }
    if theme(page) == "dark":
        ratios["black cell / mat"] = contrast(css_var(page, "--black"), css_var(page, "--mat"))
    else:
        ratios["black cell / table"] = contrast(css_var(page, "--black"), field)
    assert all(r >= 3 for r in ratios.values()), ratios
    return ratios


def test_theme_follows_the_system_until_chosen(browser: Browser, site, guard) -> None:
    ctx = browser.new_context(base_url=site.url, color_scheme="dark",
                              viewport={"width": 1280, "height": 800})
    guard.watch(ctx)
    page = ctx.new_page()
    open_game(page)
    assert theme(page) == "dark"
    set_up(page, ["human", "bot:random"], seed=3)
    start(page)
    page.get_by_role("button", name="Gallery card 1", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = check_meaningful_contrast(page)
    picture(page, "access-dark-1280.png")
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    light = check_meaningful_contrast(page)
    picture(page, "access-light-1280.png")
    print("contrast", {"dark": dark, "light": light})
    # choose Dark: remembered over the system's light setting
    dialog = open_settings(page)
    dialog.get_by_role("radio", name="Dark").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.keyboard.press("Escape")
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark", timeout=BOOT_MS)
    # a link asks for light: this visit only
    page.goto("/?theme=light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light", timeout=BOOT_MS)
    # back to following the system
    page.goto("/")
    dialog = open_settings(page)
    dialog.get_by_role("radio", name="Follow the system").check()
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    ctx.close()
    guard.check()


def cell_image(page: Page, locator: Locator, inset: float = 0.2) -> list[float]:
    """Greyscale (relative luminance) pixels of the middle of an element, row by row."""
    box = locator.bounding_box()
    assert box
    dx, dy = box["width"] * inset, box["height"] * inset
    clip = {"x": box["x"] + dx, "y": box["y"] + dy,
            "width": box["width"] - 2 * dx, "height": box["height"] - 2 * dy}
    rows = png_pixels(page.screenshot(clip=clip))
    return [luminance(p) for row in rows for p in row]


def simulate(rgb: tuple[int, int, int], matrix) -> tuple[float, float, float]:
    """An sRGB colour as seen with a colour-vision deficiency (Machado matrix on linear RGB)."""
    def srgb(v: float) -> float:
        v = min(1.0, max(0.0, v))
        return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)

    light = [linear(c) for c in rgb]
    seen = (srgb(sum(m * c for m, c in zip(row, light, strict=True))) for row in matrix)
    return tuple(seen)  # type: ignore[return-value]


def pattern_distance(a: list[float], b: list[float]) -> float:
    """How differently two greyscale images are textured: mean |a - mean(a) - (b - mean(b))|
    scaled by the larger texture; 0 for two plain fields however different their tone."""
    n = min(len(a), len(b))
    ma, mb = sum(a[:n]) / n, sum(b[:n]) / n
    ta = [v - ma for v in a[:n]]
    tb = [v - mb for v in b[:n]]
    diff = sum(abs(x - y) for x, y in zip(ta, tb, strict=True)) / n
    return diff


def test_colour_blind_mode_patterns_greyscale_and_memory(page: Page) -> None:
    open_game(page)
    dialog = open_settings(page)
    swatches = {c: dialog.locator(f".legend-swatch.c-{c}") for c in COLOURS}
    plain = {c: cell_image(page, swatches[c]) for c in COLOURS}
    toggle = dialog.get_by_role("checkbox", name="Colour-blind patterns")
    toggle.check()
    expect(page.locator("html")).to_have_attribute("data-cb", "on")
    marked = {c: cell_image(page, swatches[c]) for c in COLOURS}
    picture(page, "access-colour-blind-settings.png")
    tones = {c: (sum(marked[c]) / len(marked[c])) for c in COLOURS}
    background = "(e) => getComputedStyle(e).backgroundColor"
    colours = {c: css_color(swatches[c].evaluate(background)) for c in COLOURS}
    report = []
    for a, b in itertools.combinations(COLOURS, 2):
        tone = (max(tones[a], tones[b]) + 0.05) / (min(tones[a], tones[b]) + 0.05)
        views = {"greyscale": tone}
        for name, matrix in SIMULATIONS.items():
            views[name] = contrast(simulate(colours[a], matrix), simulate(colours[b], matrix))
        weakest = min(views.values())
        before = pattern_distance(plain[a], plain[b])
        after = pattern_distance(marked[a], marked[b])
        report.append((a, b, round(weakest, 2), round(before, 4), round(after, 4)))
        if weakest < 3:  # tone alone cannot tell them apart in some view: the pattern must
            assert after >= 0.04, (a, b, views, after)
            assert after > 4 * before + 0.01, (a, b, before, after)
    print("pairs (a, b, weakest tone ratio, pattern distance off, on):", report)
    # the same on the table: cells, cards and swatches carry patterns and letters
    page.keyboard.press("Escape")
    set_up(page, ["human", "bot:random"], seed=4)
    start(page)
    expect(page.locator("#layer-cells .cb")).to_be_visible()
    expect(page.locator(".gcard .cb").first).to_be_visible()
    letter = page.locator(".seat-swatches .swatch").first.evaluate(
        "(e) => getComputedStyle(e, '::after').content")
    assert letter.strip('"') in COLOURS, letter
    picture(page, "access-colour-blind-table.png")
    page.set_viewport_size(PHONE)
    picture(page, "access-colour-blind-phone.png")
    page.set_viewport_size(DESKTOP)
    # remembered
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-cb", "on", timeout=BOOT_MS)


# Per axe target: what the check reads (colour, size, weight, covered at its middle), whether
# Playwright would call it visible (left to Playwright for `display: contents`), and the box a
# screenshot of the element takes (its box out to whole pixels), with whether that box shows
# in the viewport as it is (inside it and clipped by no ancestor): then it is read from one
# screenshot of the viewport, else from a screenshot of the element, as Playwright takes it.
NODES = """(targets) => targets.map((target) => {
  const e = document.querySelector(target);
  if (!e) return null;
  const s = getComputedStyle(e); const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const visible = s.display === "contents" ? null
    : e.checkVisibility() && s.visibility === "visible" && r.width > 0 && r.height > 0;
  const box = [Math.floor(r.left), Math.floor(r.top), Math.ceil(r.right), Math.ceil(r.bottom)];
  const view = document.documentElement;
  let shown = box[0] >= 0 && box[1] >= 0 && box[2] <= Math.min(innerWidth, view.clientWidth)
    && box[3] <= Math.min(innerHeight, view.clientHeight);
  for (let a = e.parentElement; shown && a; a = a.parentElement) {
    const o = getComputedStyle(a);
    if (o.overflowX !== "visible" || o.overflowY !== "visible" || o.clipPath !== "none") {
      const c = a.getBoundingClientRect();
      shown = r.left >= c.left && r.top >= c.top && r.right <= c.right && r.bottom <= c.bottom;
    }
  }
  return { color: s.color, size: parseFloat(s.fontSize), weight: Number(s.fontWeight) || 400,
           covered: !!top && !e.contains(top) && !top.contains(e), visible, box, shown };
})"""


def needs_review_ok(page: Page, incomplete: list) -> list[str]:
    """Measure axe's colour-contrast "needs review" nodes ourselves on a screenshot: the text
    colour against the most common other colour in the element's box."""
    targets = [node["target"][0] for item in incomplete if item["id"] == "color-contrast"
               for node in item["nodes"] if isinstance(node["target"][0], str)]
    infos = page.evaluate(NODES, targets) if targets else []
    measured = []
    for target, info in zip(targets, infos, strict=True):
        if info is None:  # no such element (any more)
            continue
        if info["visible"] is None:
            info["visible"] = page.locator(target).first.is_visible()
        if not info["visible"]:
            continue
        if info["covered"]:  # behind a modal dialog's backdrop: not what is being read now
            continue
        measured.append((target, info))
    shown = [info for _, info in measured if info["shown"]]
    crops = iter(viewport_crops(page, [info["box"] for info in shown]))
    for _, info in measured:  # the rest: each element's own screenshot (scrolled into view)
        info["pixels"] = next(crops) if info["shown"] else None
    bad = []
    for target, info in measured:
        fg = css_color(info["color"])
        pixels = info["pixels"]
        if pixels is None:
            pixels = [p for row in png_pixels(page.locator(target).first.screenshot()) for p in row]
        far = [p for p in pixels if sum(abs(x - y) for x, y in zip(p, fg, strict=True)) > 60]
        if not far:
            continue
        bg = Counter(far).most_common(1)[0][0]
        large = info["size"] >= 24 or (info["size"] >= 18.66 and info["weight"] >= 700)
        ratio = contrast(fg, bg)
        if ratio < (3 if large else 4.5):
            bad.append(f"{target}: {ratio:.2f} ({fg} on {bg})")
    return bad


# Run beside the WCAG tags: axe runs these only when named.
AXE_RULES = ("label-content-name-mismatch", "heading-order")


def scan_both_themes(page: Page, where: str, results: dict) -> None:
    """axe in light and dark (the page follows the emulated system setting)."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        # the app sets data-theme; the embed's preview (before the app loads) follows the
        # system through the stylesheet alone
        page.wait_for_function(
            "(s) => { const t = document.documentElement.dataset.theme; return !t || t === s; }",
            arg=scheme)
        # and the colours have turned: no CSS transition still runs (the Lab's buttons ease)
        page.wait_for_function("() => !document.getAnimations().some("
                               "(a) => a instanceof CSSTransition && a.playState === 'running')")
        found = axe_scan(page, AXE_RULES)
        assert not found["violations"], f"{where} ({scheme}):\n{describe(found['violations'])}"
        bad = needs_review_ok(page, found["incomplete"])
        assert not bad, f"{where} ({scheme}) contrast to review fails: {bad}"
        results[f"{where}/{scheme}"] = len(found["incomplete"])


def test_axe_finds_nothing_on_any_screen_in_either_theme(context: BrowserContext,
                                                         page: Page) -> None:
    """Every screen once, in both themes (test_screens.py scanned the friend game, the
    Friend games list, the Points tab, the daily end and the Bot Lab; they are here now)."""
    context.add_init_script(NO_TOUR)  # the guided first game's note is not a screen of its own
    results: dict = {}
    open_game(page)
    scan_both_themes(page, "start", results)
    open_settings(page)
    scan_both_themes(page, "settings", results)
    page.keyboard.press("Escape")
    # a friend game, then the start screen's Friend games list (kept on this device)
    set_up(page, ["human", "friend"], names=["Ann", "Ben"])
    page.get_by_role("button", name="Start game").click()
    expect(page.locator("#friend-url")).to_be_visible(timeout=BOOT_MS)
    scan_both_themes(page, "friend game", results)
    open_game(page)
    expect(page.locator("#friend-games")).to_be_visible()
    scan_both_themes(page, "friend games list", results)
    # the table, a held card, the rules, the Points tab, the end and its replay
    set_up(page, ["human", "bot:random"], seed=9)
    page.get_by_role("button", name="Start game").click()
    confirm = page.get_by_role("button", name="Start a new game")
    page.locator(HUMAN_MAY_PLAY).or_(confirm).first.wait_for(timeout=BOOT_MS)
    if confirm.is_visible():
        confirm.click()
    skip_tour(page)
    rules = page.locator("#rules-layer:not([hidden])")
    if rules.count():
        page.keyboard.press("Escape")
        expect(rules).to_have_count(0)
    place_first_spot(page)
    assert my_turn_or_end(page) == "turn"
    expect(page.locator(".first-marker")).to_have_text("starts")  # who plays first, not a rank
    scan_both_themes(page, "table", results)
    page.get_by_role("button", name="Gallery card 1", exact=True).click()
    scan_both_themes(page, "held card", results)
    page.keyboard.press("Escape")
    page.keyboard.press("?")  # the Rules panel opens; wait for it, never guess
    rules_dialog = page.get_by_role("dialog", name="How to play De Stijl")
    expect(rules_dialog).to_be_visible()
    scan_both_themes(page, "rules", results)
    page.keyboard.press("Escape")
    expect(rules_dialog).to_be_hidden()
    page.get_by_role("tab", name="Points").click()  # with a seat's strokes picked
    page.locator(".bd-btn").first.click()
    expect(page.locator(".bd-btn").first).to_have_attribute("aria-pressed", "true")
    scan_both_themes(page, "Points tab", results)
    play_to_end(page)
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator(".first-marker")).to_have_count(0)  # "Theo 1st" on an end read as a rank
    scan_both_themes(page, "end", results)
    page.get_by_role("button", name="Replay").click()
    expect(page.get_by_role("toolbar", name="Replay")).to_be_visible()
    scan_both_themes(page, "replay", results)
    # Today's Painting's end (its box is there from the last move, before the par is known)
    page.goto("/?daily&speed=fast")
    wait_ready(page)
    expect(page.locator("#table[data-to-move=human]")).to_be_visible(timeout=BOOT_MS)
    play_to_end(page)
    expect(page.locator("#daily-end")).to_be_visible()
    scan_both_themes(page, "daily end", results)
    page.goto("/lab.html")
    expect(page.locator("html")).to_have_attribute("data-lab", "ready", timeout=BOOT_MS)
    scan_both_themes(page, "Bot Lab", results)
    embed = context.new_page()
    embed.goto("/embed.html?seats=human,random&seed=2")
    expect(embed.get_by_role("button", name="Start game")).to_be_visible(timeout=BOOT_MS)
    scan_both_themes(embed, "embed", results)
    print("axe: 0 violations; colour-contrast items to review per scan:", results)


def test_axe_finds_nothing_in_the_embed_table_and_end(context: BrowserContext, page: Page) -> None:
    """Issue 61: axe found violations on the embed's table and end, and page-has-heading-one
    (the embed had no h1 once the preview had gone). The embed played, both themes."""
    context.add_init_script(NO_TOUR)
    rules = (*AXE_RULES, "page-has-heading-one")
    results: dict = {}
    page.set_viewport_size({"width": 600, "height": 600})
    page.goto("/embed.html?seats=human,random&seed=2&speed=fast")
    page.get_by_role("button", name="Start game").click()
    wait_ready(page)
    assert my_turn_or_end(page) == "turn"
    scan_embed(page, "embed table", results, rules)
    page.get_by_role("button", name="Gallery card 1", exact=True).click()
    scan_embed(page, "embed held card", results, rules)
    page.keyboard.press("Escape")
    play_to_end(page)
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.locator("#score-chart")).to_be_visible(timeout=BOOT_MS)
    for width in (360, 800):
        page.set_viewport_size({"width": width, "height": 600})
        scan_embed(page, f"embed end {width}", results, rules)
    print("axe (embed): 0 violations; colour-contrast items to review per scan:", results)


def scan_embed(page: Page, where: str, results: dict, rules: tuple[str, ...]) -> None:
    """axe in both themes, chosen in Settings (the embed follows the system until then)."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function("(s) => document.documentElement.dataset.theme === s", arg=scheme)
        page.wait_for_function("() => !document.getAnimations().some("
                               "(a) => a instanceof CSSTransition && a.playState === 'running')")
        found = axe_scan(page, rules)
        assert not found["violations"], f"{where} ({scheme}):\n{describe(found['violations'])}"
        bad = needs_review_ok(page, found["incomplete"])
        assert not bad, f"{where} ({scheme}) contrast to review fails: {bad}"
        results[f"{where}/{scheme}"] = len(found["incomplete"])
