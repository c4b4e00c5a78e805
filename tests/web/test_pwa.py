"""The site's plumbing in real Chromium, under production's headers: the engine worker,
offline play, the update path, embedding and the headers themselves.

These tests use the probe pages (tests/web/probe/) in place of the UI, so they exercise
worker.js, engine.js, sw.js and app/pwa.js exactly as built, whatever the UI does.
"""

from __future__ import annotations

import itertools
import json
import struct
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

if TYPE_CHECKING:
    from conftest import Guard, Site

NETLIFY_TOML = Path(__file__).resolve().parents[2] / "netlify.toml"
BOOT_TIMEOUT_MS = 90_000


def get(url: str) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of a GET."""
    with urllib.request.urlopen(url) as response:
        headers = {k.lower(): v for k, v in response.headers.items()}
        return response.status, headers, response.read()


def build_info(site: Site) -> dict:
    """The BUILD object of a site's build-info.js."""
    text = (site.root / "build-info.js").read_text()
    return json.loads(text[text.index("{") : text.rindex("}") + 1])


def boot(page: Page, url: str) -> float:
    """Open a probe page and wait for the engine; return the boot time in ms."""
    page.goto(url)
    page.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("probe.booted")


def wait_offline_ready(page: Page) -> None:
    """Wait until the service worker controls the page (everything is cached)."""
    page.wait_for_function(
        "() => probe.offlineReady && navigator.serviceWorker.controller !== null",
        timeout=BOOT_TIMEOUT_MS,
    )


PLAY_A_FEW_MOVES = """async (plies) => {
  const engine = probe.engine;
  let view = await engine.call("new_game", {players: 2, seed: 11,
    seats: [{controller: "bot:random"}, {controller: "bot:random"}]});
  for (let i = 0; i < plies; i++) {
    const {move} = await engine.call("bot_move", {record: view.record, level: "random"});
    view = await engine.call("play", {record: view.record, move});
  }
  return view.ply;
}"""


def test_production_headers(probe_site: Site) -> None:
    """CSP, framing, caching and MIME types as netlify.toml declares them."""
    info = build_info(probe_site)
    _, page, _ = get(probe_site.url + "/")
    csp = page["content-security-policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp
    assert page["x-frame-options"] == "SAMEORIGIN"  # framed by the site itself only
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert page["cache-control"] == "no-cache"
    _, embed, _ = get(probe_site.url + "/embed.html")
    assert "x-frame-options" not in embed  # any site may frame the embed
    assert embed["content-security-policy"].endswith("; frame-ancestors *")
    assert csp.endswith("; frame-ancestors 'self'")
    _, wasm, _ = get(f"{probe_site.url}/{info['pyodide']}pyodide.asm.wasm")
    assert wasm["content-type"] == "application/wasm"
    assert "immutable" in wasm["cache-control"]
    _, sw, _ = get(probe_site.url + "/sw.js")
    assert sw["cache-control"] == "no-cache"
    assert sw["content-type"].startswith("text/javascript")
    _, mjs, _ = get(f"{probe_site.url}/{info['pyodide']}pyodide.mjs")
    assert mjs["content-type"].startswith("text/javascript")
    _, manifest, _ = get(probe_site.url + "/manifest.webmanifest")
    assert manifest["content-type"] == "application/manifest+json"


def test_manifest_icons_are_real_pngs(probe_site: Site) -> None:
    """The manifest's icons exist, are PNGs of the declared size, one is maskable."""
    _, _, body = get(probe_site.url + "/manifest.webmanifest")
    manifest = json.loads(body)
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        _, headers, png = get(f"{probe_site.url}/{icon['src']}")
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        assert "immutable" in headers["cache-control"]
    assert {"any", "maskable"} <= {icon["purpose"] for icon in manifest["icons"]}


def test_engine_boots_in_a_worker_without_freezing_the_page(
    page: Page, probe_site: Site
) -> None:
    """Python loads in the worker; the page keeps painting; errors come back as EngineError."""
    page.goto(probe_site.url + "/?no-sw")
    frames = page.evaluate("""() => new Promise((done) => {
        let frames = 0;
        const tick = () => { frames++; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
        const started = performance.now();
        probe.booted.then(() => done(frames / ((performance.now() - started) / 1000)));
    })""")
    ms = page.evaluate("probe.booted")
    print(f"boot {ms:.0f} ms, {frames:.0f} frames/s on the page meanwhile")
    assert frames > 20, "the page froze while Python loaded"
    progress = page.evaluate("probe.progress")
    assert progress[0]["fraction"] == 0 and progress[-1]["fraction"] >= 0.9
    assert all(a["fraction"] <= b["fraction"] for a, b in itertools.pairwise(progress))
    version = page.evaluate("probe.engine.call('version')")
    assert version["python"].startswith("3.14")
    error = page.evaluate("""probe.engine.call("no_such_command").then(() => null,
        (e) => ({name: e.name, type: e.type, isEngineError: e instanceof probe.EngineError}))""")
    assert error == {"name": "EngineError", "type": "BadRequest", "isEngineError": True}
    restarted = page.evaluate("probe.engine.restart().then(() => probe.engine.call('version'))")
    assert restarted == version


def test_offline_after_one_visit(page: Page, context: BrowserContext, probe_site: Site) -> None:
    """After one visit the game loads and plays with the network off."""
    boot(page, probe_site.url + "/")
    wait_offline_ready(page)
    context.set_offline(True)
    ms = boot(page, probe_site.url + "/")
    print(f"offline boot {ms:.0f} ms")
    assert page.evaluate("probe.BUILD.version") == build_info(probe_site)["version"]
    assert page.evaluate(PLAY_A_FEW_MOVES, 4) == 4
    context.set_offline(False)


def test_update_waits_for_the_page_then_switches_whole(
    browser: Browser, guard: Guard, new_site: Callable[..., Site], probe_web: Path
) -> None:
    """A new deploy is offered, not forced; applyUpdate switches every file at once."""
    site = new_site(probe_web)
    context = browser.new_context(service_workers="allow")
    guard.watch(context)
    page = context.new_page()
    boot(page, site.url + "/")
    wait_offline_ready(page)
    old = page.evaluate("probe.BUILD.version")

    site.redeploy("second deploy")
    new = build_info(site)["version"]
    assert new != old
    page.evaluate("probe.checkForUpdate()")
    page.wait_for_function("() => probe.updates > 0 && probe.isUpdateReady()", timeout=30_000)
    boot(page, site.url + "/")  # a reload alone keeps the old version, whole
    assert page.evaluate("probe.BUILD.version") == old
    assert page.evaluate("probe.isUpdateReady()")

    with page.expect_navigation():
        page.evaluate("probe.applyUpdate()")
    page.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("probe.booted")
    assert page.evaluate("probe.BUILD.version") == new
    caches = page.evaluate("caches.keys()")
    # the service worker's, only the new version's; beside it the engine's memory snapshot
    assert sorted(caches) == [f"destijl-{new}", "engine-snapshot"]
    context.close()
    guard.check()


def test_embed_in_a_cross_origin_sandboxed_iframe(
    page: Page, guard: Guard, probe_site: Site, other_site: Site
) -> None:
    """embed.html runs inside another site's iframe; the main page refuses to be framed."""
    host = other_site.embed(probe_site.url + "/embed.html",
                            sandbox="allow-scripts allow-same-origin")
    page.goto(host)
    frame = next(f for f in page.frames if f.url.startswith(probe_site.url))
    frame.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    frame.evaluate("probe.booted")
    assert frame.evaluate("probe.engine.call('version')")["engine"]

    guard.allow("frame-ancestors")
    guard.allow("X-Frame-Options")
    guard.allow("ERR_BLOCKED_BY_RESPONSE")
    # Wait for the browser to refuse the framed page (the positive signal), then look.
    with page.expect_event("requestfailed", lambda request: request.url.startswith(
            probe_site.url) and "ERR_BLOCKED_BY_RESPONSE" in (request.failure or "")):
        page.goto(other_site.embed(probe_site.url + "/", name="frames-main.html"))
    framed = [f for f in page.frames if f.url.startswith(probe_site.url)]
    assert not framed or framed[0].evaluate("typeof window.probe") == "undefined"


def test_a_wasm_served_with_the_wrong_type_fails_loudly(
    serve: Callable[..., Site], page: Page, guard: Guard, probe_site: Site, tmp_path: Path
) -> None:
    """loadPyodide would hang silently; the worker reports the wrong MIME type at once."""
    toml = tmp_path / "netlify.toml"
    toml.write_text(NETLIFY_TOML.read_text().replace('"application/wasm"', '"text/plain"'))
    broken = serve(probe_site.root, headers=toml)
    guard.allow("Incorrect response MIME type")  # the browser's own words for the bad type
    guard.allow("application/wasm")  # the worker's report, which names the type it wanted
    guard.allow("pyodide.asm.mjs")  # the failed worker is stopped: its fetches may be cut off
    page.goto(broken.url + "/?no-sw")
    page.wait_for_function("() => window.probe", timeout=BOOT_TIMEOUT_MS)
    message = page.evaluate("probe.booted.then(() => null, (e) => e.message)")
    assert message and "Python could not start" in message and "application/wasm" in message
    assert page.text_content("#status").startswith("failed")


@pytest.mark.parametrize("path", ["/", "/embed", "/sw.js", "/build-info.js"])
def test_documents_and_scripts_are_revalidated(probe_site: Site, path: str) -> None:
    """Un-hashed files are never served stale from the HTTP cache."""
    status, headers, _ = get(probe_site.url + path)
    assert status == 200 and headers["cache-control"] == "no-cache"
