"""The measured visits in Chromium: cold, warm (a profile on disk), the embed, and the
redraws of a whole 5-player game."""

from __future__ import annotations

import re
import tempfile
import time

from chromium import launch_options

from .paths import BASELINE_PATH, EMBED_PATH, LARGEST, REDRAW_PATH, TIMEOUT_MS, page_script
from .server import Served, quiet

PROBE_JS = page_script("probe.js")  # an init script in every measured page
PLY_JS = page_script("plies.js")


SPOT = re.compile(r"^Place at column -?\d+, row -?\d+(,|$)")


def start_game(page) -> None:  # type: ignore[no-untyped-def]
    """Press Start game as soon as the page shows it (the game's page, not the baseline):
    without a seed, the game deals a build-time opening at once while Python loads."""
    page.get_by_role("button", name="Start game", exact=True).click(timeout=TIMEOUT_MS)


def place_first_card(page) -> None:  # type: ignore[no-untyped-def]
    """As a person who places as soon as the page lets them: pick Gallery card 1, place it
    on the first marked spot, then wait until the engine has accepted that move (it may
    have been queued while Python loaded)."""
    page.get_by_role("button", name="Gallery card 1").click(timeout=TIMEOUT_MS)
    page.get_by_role("button", name=SPOT).first.click(timeout=TIMEOUT_MS)
    page.wait_for_function("() => window.__bench.placed !== null", timeout=TIMEOUT_MS,
                           polling=20)


def _figures(page, served: Served, started: float, done: str) -> dict:  # type: ignore[no-untyped-def]
    """Wait for `done` ("gallery" or "ready") and read the page's figures; for the game
    ("gallery"), then place the first card and time the engine's acceptance too.

    first_move_ms: a Gallery card can be picked (the baseline: Pyodide ready);
    placed_ms: the engine accepted the first placement (the baseline: Pyodide ready);
    ready_ms: the engine (Pyodide) is ready; bytes and requests: until ready_ms;
    longest_task_ms: the longest main-thread task until placed_ms."""
    if done == "gallery":
        start_game(page)
    page.wait_for_function(f"() => window.__bench && window.__bench.{done} !== null",
                           timeout=TIMEOUT_MS, polling=20)
    if done == "gallery":
        place_first_card(page)
    b = page.evaluate("() => window.__bench")
    origin = page.evaluate("() => performance.timeOrigin")
    at = b[done]
    placed = b["placed"] if done == "gallery" else at
    ready = b["engineReady"] if done == "gallery" else at
    loading = [d for start, d in b["longtasks"] if start <= placed]
    sent, requests = served.since(started, (origin + ready) / 1000 + 0.001)
    return {"first_move_ms": at, "placed_ms": placed, "ready_ms": ready, "fcp_ms": b["fcp"],
            "bytes": sent, "requests": requests,
            "longest_task_ms": max(loading, default=0.0), "cls": b["cls"]}


def visit(context, served: Served, path: str, done: str) -> dict:  # type: ignore[no-untyped-def]
    """Open `path` in a new page of `context` and measure until `done`."""
    page = context.new_page()
    started = time.time()
    page.goto(served.url + path, wait_until="commit")
    try:
        return _figures(page, served, started, done)
    finally:
        page.close()


def cold(browser, served: Served, path: str, done: str) -> dict:  # type: ignore[no-untyped-def]
    """A first visit in a fresh profile."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE_JS)
    try:
        return visit(context, served, path, done)
    finally:
        context.close()


OFFLINE_READY_JS = """async () => {
  if (!navigator.serviceWorker) return true;
  const activated = (async () => {
    const active = (await navigator.serviceWorker.ready).active;
    while (active.state !== "activated") {
      await new Promise((resolve) =>
        active.addEventListener("statechange", resolve, { once: true }));
    }
  })();
  const late = new Promise((_, reject) => setTimeout(
    () => reject(new Error("the service worker did not activate within 60 s")), 60000));
  await Promise.race([activated, late]);
  return true;
}"""


def warm(playwright, served: Served, path: str, done: str) -> dict:  # type: ignore[no-untyped-def]
    """The second visit in a profile on disk (HTTP cache, code cache, service worker).

    The first visit goes as far as the measured one, and waits for positive signals, never
    a fixed time: the figure `done` reached (for the game: and the first placement accepted
    by the engine, so Python ran there as it runs in the baseline's first visit) and, for
    the game, its service worker activated."""
    game = path != BASELINE_PATH
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **launch_options())
        context.add_init_script(PROBE_JS)
        try:
            page = context.new_page()
            page.goto(served.url + path, wait_until="commit")
            if game:
                start_game(page)
            page.wait_for_function(f"() => window.__bench && window.__bench.{done} !== null",
                                   timeout=TIMEOUT_MS, polling=50)
            if game:
                place_first_card(page)
                page.evaluate(OFFLINE_READY_JS)
            page.close()
            return visit(context, served, path, done)
        finally:
            context.close()


def embed(browser, served: Served) -> dict:  # type: ignore[no-untyped-def]
    """The embed: what it costs before Start game, then Start game to the first move."""
    context = browser.new_context(viewport={"width": 480, "height": 600})
    context.add_init_script(PROBE_JS)
    try:
        page = context.new_page()
        started = time.time()
        page.goto(served.url + EMBED_PATH, wait_until="commit")
        page.wait_for_function("() => document.documentElement.dataset.preview === 'ready'",
                               timeout=TIMEOUT_MS)
        quiet(served)
        sent, requests = served.since(started, time.time())
        before = page.evaluate("() => window.__bench")
        page.get_by_role("button", name="Start game").click()
        page.wait_for_function("() => window.__bench.gallery !== null", timeout=TIMEOUT_MS,
                               polling=20)
        after = page.evaluate("() => window.__bench")
        return {"before_bytes": sent, "before_requests": requests,
                "before_workers": before["workers"], "before_wasm": before["wasm"],
                "fcp_ms": before["fcp"], "cls": after["cls"],
                "play_to_move_ms": after["gallery"] - after["play"]}
    finally:
        context.close()


def redraws(browser, served: Served) -> dict:  # type: ignore[no-untyped-def]
    """A whole 5-player game of random bots (the worker thinks, the page only redraws): the
    longest main-thread task over all moves, over the largest Paintings, and at the end."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(PROBE_JS)
    try:
        page = context.new_page()
        page.goto(served.url + REDRAW_PATH)
        page.wait_for_selector("#table", state="attached", timeout=TIMEOUT_MS)
        page.evaluate(PLY_JS)
        page.wait_for_selector("body.is-over", timeout=TIMEOUT_MS)
        quiet(served)
        page.wait_for_timeout(500)  # let the end screen's last task be reported
        b = page.evaluate("() => window.__bench")
    finally:
        context.close()
    plies = b["plies"]
    first = next(t for t, ply in plies if ply >= 1)
    large = next(t for t, ply in plies if ply >= LARGEST)
    final = max(ply for _, ply in plies)
    last = next(t for t, ply in plies if ply == final)
    tasks = [(t, d) for t, d in b["longtasks"] if t + d >= first]
    during = [d for t, d in tasks if t < last - 1]
    return {"moves": final, "longest_ms": max(during, default=0.0),
            "largest_ms": max((d for t, d in tasks if large <= t < last - 1), default=0.0),
            "end_ms": max((d for t, d in tasks if t >= last - 1), default=0.0),
            # Every entry the Long Tasks API reports is a long task: 50 ms or more, its
            # duration in whole ms, so one can read exactly 50; count the entries.
            "over_50": len(during)}
