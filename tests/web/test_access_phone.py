"""Phone first: a whole game at 360x740 with touch events only.

During the player's turn the Gallery, the turn banner and the player's own score are on
screen together and the page does not scroll; every control is at least 44x44 CSS px
(measured); a tap shows the card on the nearest marked spot and a second tap (or Place)
places it; two fingers zoom and pan the Painting; the hints speak of tapping.
Screenshots: test-artifacts/access-phone-{start,turn,held,end}.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from pictures import picture
from player import BOOT_MS, PHONE, my_turn_or_end, saved_ply, skip_tour, wait_ply_above
from playwright.sync_api import Browser, BrowserContext, Page, expect

MIN_TARGET = 44
CONTROLS = ("button:not([disabled]), a[href], input:not([type=hidden]):not(.sr-only), select, "
            "summary, .gcard")


def touch_context(browser: Browser, site, guard, viewport: dict) -> BrowserContext:
    """A touch device's context (1 CSS px per device pixel), watched by the guard."""
    ctx = browser.new_context(base_url=site.url, viewport=viewport, has_touch=True,
                              is_mobile=True, device_scale_factor=1)
    guard.watch(ctx)
    return ctx


@pytest.fixture
def phone(browser: Browser, site, guard) -> Iterator[BrowserContext]:
    """A touch phone context, 360x740 portrait, watched by the guard."""
    ctx = touch_context(browser, site, guard, PHONE)
    yield ctx
    ctx.close()
    guard.check()


def small_targets(page: Page) -> list[str]:
    """Visible controls smaller than 44x44 CSS px (the Painting's spots excepted: see below)."""
    return page.evaluate("""([sel, min]) => {
      const out = [];
      for (const el of document.querySelectorAll(sel)) {
        if (el.closest('[hidden], .sr-only, #layer-spots')) continue;
        // a label is its field's target
        const hit = el.matches('input') && el.closest('label') ? el.closest('label') : el;
        const r = hit.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;
        if (r.bottom < 0 || r.top > innerHeight) continue;
        if (r.width < min - 0.5 || r.height < min - 0.5) {
          const name = (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30);
          const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
          out.push(`${el.tagName}.${el.className} "${name}" ${size}`);
        }
      }
      return out;
    }""", [CONTROLS, MIN_TARGET])


def on_screen(page: Page, selector: str) -> bool:
    """Is all of the element inside the viewport?"""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size or PHONE
    return (bool(box) and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5
            and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5)


def no_scroll(page: Page) -> None:
    """The page is not scrolled (the turn is played on its first screen; the Moves/Points panel
    and the record's links are below it, issue 45) and cannot scroll sideways."""
    scroll = page.evaluate("() => [scrollY, document.documentElement.scrollHeight, innerHeight]")
    assert scroll[0] == 0, f"page scrolled: {scroll}"
    wide = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert wide[0] <= wide[1] + 1, f"page scrolls sideways: {wide}"


def view_box(page: Page) -> list[float]:
    return [float(n) for n in page.locator("#painting-svg").get_attribute("viewBox").split()]


Points = list[tuple[float, float]]


def two_fingers(page: Page, start: Points, end: Points) -> None:
    """A two-finger gesture on the Painting from `start` to `end` points, by CDP touch events."""
    client = page.context.new_cdp_session(page)
    points = lambda pts: [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(pts)]  # noqa: E731
    client.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for k in range(1, 6):
        t = k / 5
        mid = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
               for a, b in zip(start, end, strict=True)]
        client.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(mid)})
    client.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    client.detach()


def test_whole_game_on_a_phone_by_touch(phone: BrowserContext) -> None:
    page = phone.new_page()
    page.goto("/?seats=human,random&seed=5&speed=fast")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    start = page.get_by_role("button", name="Start game")
    expect(start).to_be_in_viewport(ratio=1)  # above the fold
    assert not small_targets(page), small_targets(page)
    picture(page, "access-phone-start.png")
    start.tap()
    skip_tour(page, by="tap")

    turn = 0
    while my_turn_or_end(page) == "turn":
        no_scroll(page)
        for part in (".turn", "#gallery", ".seat[data-seat='0'] [data-tally='total']"):
            assert on_screen(page, part), f"{part} is off screen on turn {turn}"
        expect(page.locator("#hint")).to_contain_text("Tap")
        assert not small_targets(page), small_targets(page)
        if turn == 0:
            picture(page, "access-phone-turn.png")
        ply = saved_ply(page)
        page.get_by_role("button", name="Gallery card 1", exact=True).tap()
        place = page.get_by_role("button", name=re.compile(r"^Place the card here"))
        if turn == 0:
            # two fingers zoom in and pan; the held card stays
            before = view_box(page)
            box = page.locator("#painting").bounding_box()
            cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            two_fingers(page, [(cx - 30, cy), (cx + 30, cy)],
                        [(cx - 90, cy + 40), (cx + 90, cy + 40)])
            after = view_box(page)
            assert after[2] < before[2] * 0.6, (before, after)  # zoomed in about 3x
            assert after[1] != before[1]  # and panned
            page.get_by_role("button", name="Fit", exact=True).tap()
            # the view tweens back out to the fit: tap the spots once it is wide again and
            # still (a spot read mid-tween would be tapped beside it)
            page.wait_for_function(
                """(zoomed) => { const svg = document.querySelector('#painting-svg');
                    const width = Number(svg.getAttribute('viewBox').split(' ')[2]);
                    return svg.dataset.camera === 'still' && width > 1.5 * zoomed; }""",
                arg=after[2])
            # a tap on the Painting shows the card on the nearest spot; a second tap places it.
            # The ghost was already on the focused spot: wait for the one the tap showed.
            ghost = page.locator(".ghost[data-tapped='yes']")
            page.locator("#painting-svg").tap(position={"x": 30, "y": 30})
            expect(ghost).to_have_attribute("data-legal", "yes")
            expect(page.locator("#hint")).to_contain_text("Tap the card again")
            x, y = ghost.get_attribute("data-x"), ghost.get_attribute("data-y")
            picture(page, "access-phone-held.png")
            assert not small_targets(page), small_targets(page)
            no_scroll(page)
            spot = page.locator(f"#layer-spots .spot[data-x='{x}'][data-y='{y}']")
            center = spot.bounding_box()
            svg = page.locator("#painting-svg").bounding_box()
            page.locator("#painting-svg").tap(position={
                "x": center["x"] + center["width"] / 2 - svg["x"],
                "y": center["y"] + center["height"] / 2 - svg["y"]})
        else:
            expect(place).to_be_enabled()
            place.tap()
        wait_ply_above(page, ply)
        turn += 1
        assert turn <= 12, "the game does not end"
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    picture(page, "access-phone-end.png")
    assert not small_targets(page), small_targets(page)


@pytest.mark.parametrize("size", [{"width": 768, "height": 1024}, {"width": 1024, "height": 768}],
                         ids=["tablet-portrait", "tablet-landscape"])
def test_tablet_turns_by_touch(browser: Browser, site, guard, size: dict) -> None:
    """A tablet in either orientation: the turn fits the screen and two placements by tap."""
    ctx = touch_context(browser, site, guard, size)
    page = ctx.new_page()
    page.goto("/?seats=human,random&seed=8&speed=fast")
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    page.get_by_role("button", name="Start game").tap()
    skip_tour(page, by="tap")
    name = f"access-tablet-{size['width']}x{size['height']}.png"
    for turn in range(2):
        assert my_turn_or_end(page) == "turn"
        no_scroll(page)
        for part in (".turn", "#gallery", "#painting-svg",
                     ".seat[data-seat='0'] [data-tally='total']"):
            assert on_screen(page, part), f"{part} is off screen on turn {turn} at {size}"
        expect(page.locator("#hint")).to_contain_text("Tap")
        assert not small_targets(page), small_targets(page)
        ply = saved_ply(page)
        page.get_by_role("button", name="Gallery card 1", exact=True).tap()
        if turn == 0:
            picture(page, name)
        place = page.get_by_role("button", name=re.compile(r"^Place the card here"))
        expect(place).to_be_enabled()
        place.tap()
        wait_ply_above(page, ply)
    ctx.close()
    guard.check()
