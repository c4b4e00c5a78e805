"""Themes, colour-blind mode and axe-core scans (issue 10).

- The theme follows prefers-color-scheme until the player picks one in Settings; the pick
  is remembered; `?theme=` wins for one visit. Colours that carry meaning are >= 3:1 in
  both themes (spot dots on the table, black cells on the Painting's mat, the focus ring).
- Colour-blind mode: patterns and letters on cells, cards, swatches and chips; remembered;
  in greyscale and under colour-vision simulations every pair of the five colours that tone
  cannot tell apart differs by its pattern (measured on screenshots).
- axe-core (WCAG 2.1 A/AA) finds 0 violations on start, Settings, table, held card, rules,
  end and replay in both themes, and on the embed; its colour-contrast "needs review"
  items are measured here on screenshots.
"""

from __future__ import annotations

import itertools
from collections import Counter

from access import (
    ARTIFACTS,
    axe_scan,
    contrast,
    css_color,
    describe,
    linear,
    luminance,
    png_pixels,
)
from player import (
    BOOT_MS,
    DESKTOP,
    PHONE,
    open_game,
    place_first_spot,
    play_to_end,
    set_up,
    skip_tour,
    start,
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
    page.screenshot(path=ARTIFACTS / "access-dark-1280.png")
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    light = check_meaningful_contrast(page)
    page.screenshot(path=ARTIFACTS / "access-light-1280.png")
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
    page.screenshot(path=ARTIFACTS / "access-colour-blind-settings.png")
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
    page.screenshot(path=ARTIFACTS / "access-colour-blind-table.png")
    page.set_viewport_size(PHONE)
    page.screenshot(path=ARTIFACTS / "access-colour-blind-phone.png")
    page.set_viewport_size(DESKTOP)
    # remembered
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-cb", "on", timeout=BOOT_MS)


def needs_review_ok(page: Page, incomplete: list) -> list[str]:
    """Measure axe's colour-contrast "needs review" nodes ourselves on a screenshot: the text
    colour against the most common other colour in the element's box."""
    bad = []
    for item in incomplete:
        if item["id"] != "color-contrast":
            continue
        for node in item["nodes"]:
            target = node["target"][0]
            if not isinstance(target, str):
                continue
            loc = page.locator(target).first
            if not loc.count() or not loc.is_visible():
                continue
            info = loc.evaluate("""(e) => {
              const s = getComputedStyle(e); const r = e.getBoundingClientRect();
              const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
              return { color: s.color, size: parseFloat(s.fontSize),
                       weight: Number(s.fontWeight) || 400,
                       covered: !!top && !e.contains(top) && !top.contains(e) }; }""")
            if info["covered"]:  # behind a modal dialog's backdrop: not what is being read now
                continue
            fg = css_color(info["color"])
            pixels = [p for row in png_pixels(loc.screenshot()) for p in row]
            far = [p for p in pixels if sum(abs(x - y) for x, y in zip(p, fg, strict=True)) > 60]
            if not far:
                continue
            bg = Counter(far).most_common(1)[0][0]
            large = info["size"] >= 24 or (info["size"] >= 18.66 and info["weight"] >= 700)
            ratio = contrast(fg, bg)
            if ratio < (3 if large else 4.5):
                bad.append(f"{target}: {ratio:.2f} ({fg} on {bg})")
    return bad


def scan_both_themes(page: Page, where: str, results: dict) -> None:
    """axe in light and dark (the page follows the emulated system setting)."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        # the app sets data-theme; the embed's preview (before the app loads) follows the
        # system through the stylesheet alone
        page.wait_for_function(
            "(s) => { const t = document.documentElement.dataset.theme; return !t || t === s; }",
            arg=scheme)
        found = axe_scan(page)
        assert not found["violations"], f"{where} ({scheme}):\n{describe(found['violations'])}"
        bad = needs_review_ok(page, found["incomplete"])
        assert not bad, f"{where} ({scheme}) contrast to review fails: {bad}"
        results[f"{where}/{scheme}"] = len(found["incomplete"])


def test_axe_finds_nothing_in_either_theme(context: BrowserContext, page: Page) -> None:
    results: dict = {}
    open_game(page)
    scan_both_themes(page, "start", results)
    open_settings(page)
    scan_both_themes(page, "settings", results)
    page.keyboard.press("Escape")
    set_up(page, ["human", "bot:random"], seed=9)
    start(page)
    skip_tour(page)
    scan_both_themes(page, "table", results)
    rules = page.locator("#rules-layer:not([hidden])")
    if rules.count():
        page.keyboard.press("Escape")
        expect(rules).to_have_count(0)
    page.get_by_role("button", name="Gallery card 1", exact=True).click()
    scan_both_themes(page, "held card", results)
    page.keyboard.press("Escape")
    page.keyboard.press("?")  # the Rules panel opens; wait for it, never guess
    rules_dialog = page.get_by_role("dialog", name="How to play De Stijl")
    expect(rules_dialog).to_be_visible()
    scan_both_themes(page, "rules", results)
    page.keyboard.press("Escape")
    expect(rules_dialog).to_be_hidden()
    place_first_spot(page)
    play_to_end(page)
    scan_both_themes(page, "end", results)
    page.get_by_role("button", name="Replay").click()
    expect(page.get_by_role("toolbar", name="Replay")).to_be_visible()
    scan_both_themes(page, "replay", results)
    embed = context.new_page()
    embed.goto("/embed.html?seats=human,random&seed=2")
    expect(embed.get_by_role("button", name="Start game")).to_be_visible(timeout=BOOT_MS)
    scan_both_themes(embed, "embed", results)
    print("axe: 0 violations; colour-contrast items to review per scan:", results)
