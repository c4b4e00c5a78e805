"""Scratch: measure (not committed)."""
import json
from playwright.sync_api import Browser, expect
from player import BOOT_MS, my_turn_or_end, skip_tour

MEASURE = """() => {
  const svg = document.querySelector('#painting-svg');
  const r = svg.getBoundingClientRect();
  const rects = [...document.querySelectorAll('#layer-cells [data-cell], #layer-spots .spot-hit')].map(e => e.getBoundingClientRect());
  let x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;
  for (const q of rects) { x0=Math.min(x0,q.left); y0=Math.min(y0,q.top); x1=Math.max(x1,q.right); y1=Math.max(y1,q.bottom); }
  const hits = [...document.querySelectorAll('#layer-spots .spot-hit')].map(e => e.getBoundingClientRect().width);
  const g = [...document.querySelectorAll('#gallery .gcard')].map(e => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.right)]; });
  return { svg: [r.width, r.height], vb: svg.getAttribute('viewBox'), used: rects.length ? ((x1-x0)*(y1-y0))/(r.width*r.height) : 0,
    spot: hits.length ? Math.min(...hits) : null, gallery: g, vw: innerWidth, sw: document.documentElement.scrollWidth };
}"""

def test_explore(browser: Browser, site) -> None:
    out = {}
    for w, h in ((360, 740), (390, 844)):
        for n in (2, 5):
            ctx = browser.new_context(base_url=site.url, viewport={"width": w, "height": h}, has_touch=True, is_mobile=True, device_scale_factor=1)
            page = ctx.new_page()
            page.goto("/?seats=" + ",".join(["human"] + ["random"] * (n - 1)) + "&seed=7&speed=fast")
            expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
            page.get_by_role("button", name="Start game").tap()
            skip_tour(page, by="tap")
            assert my_turn_or_end(page) == "turn"
            page.get_by_role("button", name="Gallery card 1", exact=True).tap()
            page.locator("#layer-spots .spot").first.wait_for()
            page.wait_for_timeout(500)
            out[f"{w}-{n}"] = page.evaluate(MEASURE)
            page.screenshot(path=f"/tmp/ex45/phone-{w}-{n}.png")
            ctx.close()
    print(json.dumps(out))


START = """() => {
  const s = document.querySelector('#setup');
  const b = (sel) => { const e = document.querySelector(sel); if (!e) return null; const r = e.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return { setup: [s.scrollHeight, s.clientHeight, getComputedStyle(s).overflowY], doc: [document.documentElement.scrollHeight, innerHeight],
    start: b('#btn-start'), how: b('.how'), daily: b('#daily-card'), form: b('.setup-form') };
}"""


def test_start(browser: Browser, site) -> None:
    for w, h in ((1280, 800), (1024, 768), (390, 844), (360, 740)):
        ctx = browser.new_context(base_url=site.url, viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.goto("/?seats=human,random,random,random,random")
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        print(w, page.evaluate(START))
        page.screenshot(path=f"/tmp/ex45/start-{w}.png")
        ctx.close()


def test_formh(browser: Browser, site) -> None:
    for w in (761, 900, 1024, 1280, 1600):
        ctx = browser.new_context(base_url=site.url, viewport={"width": w, "height": 800})
        page = ctx.new_page()
        page.goto("/")
        expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
        print(w, page.evaluate("() => document.querySelector('#setup').getBoundingClientRect().height"))
        ctx.close()


def test_embed(page, site, other_site) -> None:
    from test_screens import all_bots_to_the_end
    from screens import set_frame_width
    host = other_site.embed(f"{site.url}/embed.html?seats=human,random,random&seed=7&speed=fast",
                            name="x-embed.html", width=600, height=600)
    page.goto(host)
    fl = page.frame_locator("iframe")
    fl.get_by_role("button", name="Start game").click()
    frame = next(f for f in page.frames if "/embed.html?" in f.url)
    page.screenshot(path="/tmp/ex45/embed-loading.png")
    expect(frame.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    all_bots_to_the_end(frame)
    for w in (360, 600, 800):
        set_frame_width(page, w)
        print(w, frame.evaluate("""() => { const b = (s) => { const r = document.querySelector(s)?.getBoundingClientRect(); return r && [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
          const res = document.querySelector('#results');
          return { svg: b('#painting-svg'), vb: document.querySelector('#painting-svg').getAttribute('viewBox'), res: [res.scrollHeight, res.clientHeight], rematch: b('[data-action=rematch]') }; }"""))
        page.screenshot(path=f"/tmp/ex45/embed-end-{w}.png")
