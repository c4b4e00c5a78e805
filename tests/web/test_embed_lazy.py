"""The embed weighs almost nothing until the reader presses Start game.

In a cross-origin iframe on a blog-like page, served as Netlify serves it (serve.py with
the netlify.toml headers and gzip): before the press, at most 60 KB cross the wire (bodies
and headers), no worker starts and no WebAssembly or Python file is fetched, while the
preview shows a finished Painting, the title, Start game and the download size. After the
press the engine loads and the reader makes the first move.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from player import BOOT_MS, DESKTOP, PHONE, my_turn_or_end, place_first_spot
from playwright.sync_api import Browser, Page, Request, Route, expect

from conftest import SERVE, Site

BUDGET = 60_000  # bytes before Start game (issue 8)
HEAVY = re.compile(r"worker\.js|\.wasm|pyodide|python|destijl-.*\.zip|build-info\.js")


@pytest.fixture(scope="module")
def gzip_site(site: Site) -> Iterator[str]:
    """The session's build served again, with the compression the host applies."""
    process = subprocess.Popen(
        [sys.executable, str(SERVE), "--port", "0", "--dir", str(site.root), "--quiet",
         "--compress"], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline() if process.stdout else ""
    match = re.search(r":(\d+)/", line)
    assert match, f"serve.py did not start: {line!r}"
    yield f"http://127.0.0.1:{match.group(1)}"
    process.terminate()
    process.wait(timeout=10)


def test_the_embed_loads_the_engine_only_on_start_game(page: Page, gzip_site: str,
                                                      other_site, snap) -> None:
    sent: list[tuple[str, int]] = []

    def finished(request: Request) -> None:
        if request.url.startswith(gzip_site):
            sizes = request.sizes()
            sent.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))

    page.context.on("requestfinished", finished)
    src = f"{gzip_site}/embed.html?seats=human,random&speed=fast&seed=4"
    page.goto(other_site.embed(src, name="lazy-post.html", width=480, height=600))
    page.wait_for_selector("iframe")
    frame = next(f for f in page.frames if f.url.startswith(gzip_site))

    # The preview: a Painting drawn from the build's engine data, title, button, size.
    expect(frame.locator("html")).to_have_attribute("data-preview", "ready")
    expect(frame.get_by_role("heading", name="De Stijl", exact=True)).to_be_visible()
    play = frame.get_by_role("button", name="Start game")
    expect(play).to_be_enabled()
    assert frame.locator("#preview-art rect.cell").count() > 40
    expect(frame.get_by_role("img")).to_have_accessible_name(re.compile(r"finished Painting"))
    expect(frame.get_by_text(re.compile(r"about \d+\.\d MB"))).to_be_visible()
    frame.wait_for_load_state("networkidle")
    snap(page, "embed-lazy-preview")

    before = list(sent)
    total = sum(size for _, size in before)
    assert total <= BUDGET, f"{total} bytes before Start game: {before}"
    assert not [url for url, _ in before if HEAVY.search(url)], before
    assert page.workers == []
    assert frame.evaluate("() => document.documentElement.dataset.engine") is None

    play.click()
    expect(frame.get_by_role("button", name="Gallery card 1")).to_be_visible(timeout=BOOT_MS)
    place_first_spot(frame)  # on an opening, before Python may have loaded: lands once it has
    assert any(url.endswith(".wasm") for url, _ in sent)
    assert my_turn_or_end(frame) == "turn"
    expect(frame.locator("#preview")).to_be_hidden()
    snap(page, "embed-lazy-after-first-move")



# The page notes when <html> gets its data-theme (main.js sets it), to compare with the paint.
THEME_TIMES = """
window.__themeAt = null;
new MutationObserver(() => {
  const set = document.documentElement?.dataset.theme;
  if (window.__themeAt === null && set) window.__themeAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-theme"] });
"""
FIRST_PAINT = """() => ({ theme: window.__themeAt, paint: performance.getEntriesByType('paint')
  .find((e) => e.name === 'first-paint')?.startTime })"""
PAINTED = "() => performance.getEntriesByType('paint').some((e) => e.name === 'first-paint')"
PAPER = {"light": "rgb(255, 254, 250)", "dark": "rgb(23, 23, 26)"}  # style.css --paper
NOT_BEFORE_START = re.compile(HEAVY.pattern + r"|storage\.js|render/settings\.js|app\.js")


def slow_entry(route: Route) -> None:
    """main.js arrives late, so a page that painted before running it would be caught."""
    time.sleep(0.3)
    route.continue_()


@pytest.mark.parametrize(("saved", "system", "shown"), [
    ("dark", "light", "dark"), ("light", "dark", "light"), (None, "dark", "dark")])
def test_the_preview_wears_the_players_theme_before_start_game(
        browser: Browser, site: Site, snap, saved: str | None, system: str, shown: str) -> None:
    """The saved theme, else the system's, from the first paint: no flash, nothing loaded."""
    for viewport in (DESKTOP, PHONE):
        ctx = browser.new_context(color_scheme=system, viewport=viewport)
        if saved:
            prefs = json.dumps(json.dumps({"theme": saved}))
            ctx.add_init_script(f"localStorage.setItem('destijl.prefs', {prefs})")
        ctx.add_init_script(THEME_TIMES)
        page = ctx.new_page()
        urls: list[str] = []
        page.on("request", lambda request, seen=urls: seen.append(request.url))
        page.route("**/app/main.js", slow_entry)
        page.goto(f"{site.url}/embed.html?seats=human,random&seed=4")
        expect(page.locator("html")).to_have_attribute("data-preview", "ready")
        expect(page.locator(".preview-figure")).to_have_css("background-color", PAPER[shown])
        page.wait_for_function(PAINTED)  # the browser records the paint a moment later
        times = page.evaluate(FIRST_PAINT)
        if saved:  # drawn only once the saved theme was on <html>
            assert times["theme"] is not None and times["paint"] >= times["theme"], times
        else:  # the system's setting needs no script (style.css)
            assert times["theme"] is None, times
        assert not [url for url in urls if NOT_BEFORE_START.search(url)], urls
        if saved:
            snap(page, f"embed-preview-{shown}-{viewport['width']}")
        ctx.close()


# Every shown element of the page (and its ::before and ::after), with its computed style.
LOOKS = """() => {
  const shown = Array.from(document.querySelectorAll("body, body *"))
    .filter((el) => el.checkVisibility({ visibilityProperty: true }));
  const style = (el, pseudo) => {
    const s = getComputedStyle(el, pseudo);
    return Array.from(s, (name) => `${name}: ${s.getPropertyValue(name)}`).join("; ");
  };
  const name = (el, i) => `${i} ${el.tagName} #${el.id} .${el.className?.baseVal ?? el.className}`;
  const looks = (el) => [style(el), style(el, "::before"), style(el, "::after")];
  return shown.map((el, i) => [name(el, i), ...looks(el)]);
}"""
WHOLE_SHEET = """() => new Promise((resolve, reject) => {
  const href = document.querySelector('meta[name="destijl:stylesheet"]').content;
  const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
  link.onload = resolve;
  link.onerror = () => reject(new Error(`${href} did not load`));
  document.head.append(link);
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_preview_looks_the_same_with_the_whole_stylesheet(
        browser: Browser, site: Site, scheme: str) -> None:
    """The embed inlines only its preview's rules (build_scripts/critical_css.py): adding
    the whole sheet, as Start game does, changes no shown element's computed style, at a
    phone's width and a desktop's."""
    for viewport in (PHONE, DESKTOP):
        ctx = browser.new_context(color_scheme=scheme, viewport=viewport)
        page = ctx.new_page()
        page.goto(f"{site.url}/embed.html?seats=human,random&seed=4")
        expect(page.locator("html")).to_have_attribute("data-preview", "ready")
        before = page.evaluate(LOOKS)
        assert len(before) > 20, before  # the header, the Painting's cells, the button, ...
        page.evaluate(WHOLE_SHEET)
        after = page.evaluate(LOOKS)
        assert len(after) == len(before)
        changed = [(b[0], next((x, y) for x, y in zip(b[1:], a[1:], strict=True) if x != y))
                   for b, a in zip(before, after, strict=True) if b != a]
        assert not changed, changed[:3]
        ctx.close()
