"""Offline play and the Content-Security-Policy with the real UI, in real Chromium.

test_pwa.py checks the service worker and the headers with probe pages; here a person
plays: after one visit the network goes off and a whole game is played by clicks (and
every bot level moves), and a whole game under production's headers makes the browser
report no CSP violation at all.

Proof that the checks can fail:
- offline: every response after the network went off must come from the service worker
  (`response.from_service_worker`); the first, online visit shows that responses from the
  network are told apart, and a fetch of a file outside the build fails offline. The page
  runs the build's fingerprinted bundles (build_scripts/bundle.py), all precached as
  immutable, and never a plain module of web/app/.
- CSP: the `securitypolicyviolation` listener is installed in every frame before any page
  script (`context.add_init_script`); at the end an inline script and an inline style
  attribute are injected and must be reported.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from player import (
    BOOT_MS,
    DECK,
    TURN_MS,
    open_game,
    play_to_end,
    reload,
    saved_record,
    set_up,
    start,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page, Request, Response, expect

if TYPE_CHECKING:
    from conftest import Guard, Site

NETLIFY_TOML = Path(__file__).resolve().parents[2] / "netlify.toml"
LEVELS = ["easy", "medium", "hard"]

# Runs in every frame before the page's own scripts (an init script is not subject to
# the page's CSP). Violations are kept on the frame's window.
RECORD_CSP_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push({
    directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
    line: e.lineNumber, sample: e.sample, disposition: e.disposition,
    frame: location.href,
  });
});
"""

# The same listener for a dedicated worker (installed as soon as Playwright sees it).
RECORD_WORKER_VIOLATIONS = """() => {
  self.__cspViolations = self.__cspViolations || [];
  self.addEventListener("securitypolicyviolation", (e) => self.__cspViolations.push({
    directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile,
    sample: e.sample, worker: location.href,
  }));
}"""


def netlify_csp(path: str) -> str:
    """The Content-Security-Policy netlify.toml sends for `path` (a `*` in a rule's path
    matches anything, as on Netlify)."""
    config = tomllib.loads(NETLIFY_TOML.read_text())
    policies = []
    for block in config["headers"]:
        pattern = re.escape(block["for"]).replace(r"\*", ".*")
        if re.fullmatch(pattern, path) and "Content-Security-Policy" in block["values"]:
            policies.append(block["values"]["Content-Security-Policy"])
    if not policies:
        raise AssertionError(f"netlify.toml has no Content-Security-Policy for {path}")
    # a later rule may only refine an earlier one (docs/deploy.md: frame-ancestors per page)
    for earlier in policies[:-1]:
        assert policies[-1].startswith(f"{earlier}; "), (earlier, policies[-1])
    return policies[-1]


def precache_list(site: Site) -> dict:
    """The service worker's precache list: {version, files, immutable}."""
    text = (site.root / "sw.js").read_text()
    start_at = text.index("{", text.index("const PRECACHE = "))
    precache, _ = json.JSONDecoder().raw_decode(text, start_at)
    return precache


def precache_paths(site: Site) -> tuple[str, set[str]]:
    """The build's version and every URL path its service worker precaches."""
    precache = precache_list(site)
    paths = {"/" + p for p in [*precache["files"], *precache["immutable"]]}
    return precache["version"], paths


def page_bundles(site: Site, page: str = "index.html") -> list[str]:
    """The URL paths of the bundles a built page loads at once: its module script and
    its modulepreload links."""
    html = (site.root / page).read_text()
    found = re.findall(r'<script type="module" src="([^"]+)"', html)
    found += re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
    return ["/" + name for name in found]


def wait_offline_ready(page: Page, site: Site) -> None:
    """Wait until the service worker controls the page and holds the whole build."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null",
                           timeout=BOOT_MS)
    version, paths = precache_paths(site)
    cached = page.evaluate("""async (name) => {
        if (!(await caches.has(name))) return [];
        const cache = await caches.open(name);
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""", f"destijl-{version}")
    missing = paths - set(cached)
    assert not missing, f"not precached: {sorted(missing)}"
    # the service worker's one cache, and the engine's memory snapshot (web/snapshot.js)
    assert sorted(page.evaluate("caches.keys()")) == [f"destijl-{version}", "engine-snapshot"]


def is_network(url: str) -> bool:
    return urlsplit(url).scheme in ("http", "https")


def test_offline_after_one_visit_plays_a_full_game_and_every_bot_level(
    persistent_context, site: Site, guard: Guard, snap
) -> None:
    context: BrowserContext = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    online: list[Response] = []

    def on_online(response: Response) -> None:
        online.append(response)

    context.on("response", on_online)
    open_game(page)
    wait_offline_ready(page, site)
    # Online, the first visit came from the network: the check below can tell them apart.
    assert any(not r.from_service_worker for r in online if r.url.startswith(site.url))
    context.remove_listener("response", on_online)

    context.set_offline(True)
    responses: list[Response] = []
    requests: list[Request] = []

    def on_response(response: Response) -> None:
        responses.append(response)

    def on_request(request: Request) -> None:
        requests.append(request)

    context.on("response", on_response)
    context.on("request", on_request)
    reload(page)
    assert page.evaluate("navigator.onLine") is False

    # You against two easy bots, to the end screen, by clicks only.
    set_up(page, ["human", "bot:easy", "bot:easy"])
    start(page)
    moves = play_to_end(page)
    assert moves == DECK[3] // 3
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("table.scores tbody tr")).to_have_count(3)
    record = saved_record(page)
    assert record and len(record["moves"]) == DECK[3] and record["result"] is not None
    snap(page, "offline-end-screen", 600)  # the last card landed

    # A new game with every bot level, still offline: each bot makes its move.
    page.get_by_role("button", name="New game").click()
    set_up(page, [f"bot:{level}" for level in LEVELS])
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    wait_ply_above(page, len(LEVELS) - 1)
    record = saved_record(page)
    assert [s["controller"] for s in record["seats"]] == [f"bot:{lv}" for lv in LEVELS]
    assert {m["seat"] for m in record["moves"][: len(LEVELS)]} == set(range(len(LEVELS)))
    snap(page, "offline-bot-levels")
    page.get_by_role("button", name="New game").click()  # stop the bots
    expect(page.get_by_role("button", name="Start game")).to_be_visible()

    # Nothing came from the network: every response was the service worker's, and the
    # service worker itself asked the network for nothing.
    context.remove_listener("response", on_response)
    context.remove_listener("request", on_request)
    served = [r for r in responses if is_network(r.url)]
    not_cached = [f"{r.status} {r.url}" for r in served if not r.from_service_worker]
    assert not not_cached, "fetched from the network while offline:\n" + "\n".join(not_cached)
    by_worker = [r.url for r in requests if r.service_worker is not None]
    assert not by_worker, f"the service worker went to the network: {by_worker}"
    paths = {urlsplit(r.url).path for r in served}
    print(f"offline: {len(served)} responses, all from the service worker")
    info = json.loads(re.search(r"\{.*\}", (site.root / "build-info.js").read_text(),
                                re.DOTALL).group(0))
    bundles = page_bundles(site)
    assert len(bundles) >= 2 and all(re.fullmatch(r"/assets/\w+-\w{8}\.mjs", b) for b in bundles), \
        bundles  # fingerprinted: the entry and the app it imports at once, at least
    immutable = {"/" + name for name in precache_list(site)["immutable"]}
    assert set(bundles) <= immutable, bundles
    for needed in ("/", *bundles, "/worker.js",
                   f"/{info['pyodide']}pyodide.asm.wasm", f"/{info['engine']}"):
        assert needed in paths, f"{needed} was not loaded after going offline: {sorted(paths)}"
    plain = sorted(p for p in paths if p.startswith("/app/") and p.endswith(".js")
                   and p != "/app/sandbox-check.js")
    assert not plain, f"plain modules loaded instead of the bundles: {plain}"
    assert {p for p in paths if p.endswith((".mjs", ".js"))} <= immutable | {
        "/worker.js", "/build-info.js", "/app/sandbox-check.js", "/sw.js"}, sorted(paths)

    guard.check()  # no failed request, no console error so far

    # And the network really is off: a file outside the build cannot be fetched.
    guard.allow("not-in-the-build.txt")
    guard.allow("ERR_INTERNET_DISCONNECTED")
    failed = page.evaluate("""() => fetch("/not-in-the-build.txt").then(
        () => "fetched", (e) => e.name)""")
    assert failed == "TypeError"
    context.set_offline(False)


def csp_violations(page: Page) -> list[dict]:
    """Every violation recorded so far, in every frame and in the engine's worker."""
    found: list[dict] = []
    for frame in page.frames:
        found += frame.evaluate("() => window.__cspViolations || null") or []
    for worker in page.workers:
        found += worker.evaluate("() => self.__cspViolations || []")
    return found


def test_no_csp_violation_during_a_full_game(
    context: BrowserContext, page: Page, guard: Guard, snap
) -> None:
    context.add_init_script(RECORD_CSP_VIOLATIONS)
    page.on("worker", lambda worker: worker.evaluate(RECORD_WORKER_VIOLATIONS))

    # The document and the engine's worker script carry netlify.toml's strict policy.
    policies: dict[str, str | None] = {}
    page.on("response", lambda r: policies.setdefault(
        urlsplit(r.url).path, r.headers.get("content-security-policy")))
    response = page.goto("/")
    assert response is not None and response.ok
    expected = netlify_csp("/")
    csp = response.headers.get("content-security-policy")
    assert csp == expected
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "style-src 'self'" in csp
    wait_ready(page)
    assert policies.get("/worker.js") == netlify_csp("/worker.js")
    assert page.evaluate("() => window.__cspViolations") == []

    set_up(page, ["human", "bot:easy", "bot:random"])
    start(page)
    assert play_to_end(page) == DECK[3] // 3
    expect(page.locator("#results")).to_be_visible()
    # The end screen's stroke highlight and the replay viewer.
    red = page.get_by_role("button", name="Highlight red strokes")
    red.click()
    expect(red).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#layer-highlight .stroke-outline").first).to_be_attached()
    snap(page, "csp-end-screen-highlight")
    red.click()
    page.get_by_role("button", name="Replay").click()
    position = page.locator("#replay-pos")
    expect(position).to_have_text(f"Move 0 of {DECK[3]}", timeout=TURN_MS)
    page.get_by_role("button", name="Forward").click()
    expect(position).to_have_text(f"Move 1 of {DECK[3]}")
    page.get_by_role("button", name="To end").click()
    expect(position).to_have_text(f"Move {DECK[3]} of {DECK[3]}")
    page.get_by_role("button", name="Back").click()
    expect(position).to_have_text(f"Move {DECK[3] - 1} of {DECK[3]}")
    snap(page, "csp-replay")
    page.get_by_role("button", name="Close replay").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    assert len(page.workers) >= 1, "the engine's worker was not seen"
    guard.check()  # nothing reported on the console during the game (e.g. "Refused to ...")

    # Violations are reported asynchronously, in the order they happen, so no fixed wait
    # can prove there were none. Instead plant one known violation in the page (a style
    # attribute) and one in the engine's worker (a fetch from another origin), and wait
    # until each is reported: any violation of the game's came earlier, so it is reported
    # by then, and the planted ones must be the only ones. (They also show that the
    # listeners do report what the policy blocks.)
    guard.allow("Content Security Policy")
    page.evaluate("""() => {
        const box = document.createElement("div");
        box.setAttribute("style", "color: red");
        document.body.append(box);
    }""")
    engine_worker = next(w for w in page.workers if w.url.endswith("/worker.js"))
    engine_worker.evaluate("() => { fetch('http://localhost:9/csp-canary').catch(() => {}); }")
    page.wait_for_function("() => window.__cspViolations.length >= 1", timeout=5_000)
    engine_worker.evaluate("""() => new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = () => self.__cspViolations.length ? resolve()
            : Date.now() - started > 5000 ? reject(new Error("no violation reported"))
            : setTimeout(poll, 20);
        poll();
    })""")
    found = [(v.get("worker") is not None, v["directive"]) for v in csp_violations(page)]
    assert found == [(False, "style-src-attr"), (True, "connect-src")], csp_violations(page)


BLOB_FRAME = """() => new Promise((done) => {
    const frame = document.createElement("iframe");
    frame.src = URL.createObjectURL(new Blob(["<p>made here</p>"], { type: "text/html" }));
    frame.onload = () => {
        let text = null;
        try { text = frame.contentDocument?.body?.textContent ?? null; } catch { /* refused */ }
        frame.remove();
        done(text);
    };
    document.body.append(frame);
})"""


def test_only_the_lab_may_make_a_blob_frame(page: Page, guard: Guard) -> None:
    """The Bot Lab's sandbox is a blob: frame (docs/bots.md): lab.html's policy allows
    one, the game's and the embed's refuse it (frame-src 'self' refines child-src)."""
    guard.allow("Framing 'blob:")  # the refusals, reported on the console
    guard.allow("Refused to frame")
    for path, allowed in (("/", False), ("/embed.html", False), ("/lab.html", True)):
        response = page.goto(path)
        assert response is not None and response.ok
        csp = response.headers["content-security-policy"]
        assert csp == netlify_csp(path)
        assert ("frame-src 'self'" in csp) != allowed, path
        made = page.evaluate(BLOB_FRAME)
        assert (made == "made here") == allowed, (path, made)
