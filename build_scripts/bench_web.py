"""Load benchmark in real Chromium: `python build_scripts/bench_web.py` (or `make bench-web`).

Builds dist/ into a temporary folder, serves it with the production headers and the
compression the host applies (serve.py --compress, counting the bytes it sends), and
measures in headless Chromium (/usr/bin/chromium, the flags of tests/web/conftest.py),
interleaved, the median of `--runs` runs each:

1. baseline: a bare page that loads the same pinned Pyodide in a module worker and nothing
   else (written into the served folder at bench time, never shipped);
2. the game, `/?seats=human,medium&autostart=1`: first contentful paint, the time until a
   human can pick a Gallery card (the first enabled `.gcard`), bytes over the wire for the
   page and its workers until then, the longest main-thread task (PerformanceObserver
   "longtask"), layout shift; cold (a fresh profile) and warm (second visit, same profile);
3. the embed before Start game: bytes, requests, workers and WebAssembly started; then the
   time from the press to the first enabled Gallery card;
4. a slow network (10 Mbit/s, 40 ms round trip, emulated by the server so that the worker's
   fetches are paced too): first paint and first move, baseline and game;
5. bot latency per level in the browser at fixed mid-game positions (the real engine.js and
   worker.js, from a bench page), and the longest main-thread task while a bot thinks;
6. the same `bot_move` requests natively (CPython, this process): the Pyodide/native ratio.
7. a whole 5-player game of random bots, `REDRAW_PATH`: the longest main-thread task
   while the Painting redraws after each move, with the largest Paintings, and at the end.

Then Lighthouse 12.2.3 (build_scripts/node_modules, mobile profile) on the site and the
embed. Prints one table and writes it with the command into docs/benchmarks.md, in the
section "Load and first move in the browser" (the rest of the page is kept).

    python build_scripts/bench_web.py                 # 5 runs, Lighthouse, writes the doc
    python build_scripts/bench_web.py --quick --no-write   # 1 run of everything: a smoke test
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import netlify_headers
import serve

REPO = Path(__file__).resolve().parent.parent
BUILD = REPO / "build_scripts" / "build.py"
NODE_MODULES = REPO / "build_scripts" / "node_modules"
LIGHTHOUSE = NODE_MODULES / ".bin" / "lighthouse"
DOC = REPO / "docs" / "benchmarks.md"
SECTION = "## Load and first move in the browser"
BOOT_SECTION = "## Boot optimisations"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
GAME_PATH = "/?seats=human,medium&autostart=1"
EMBED_PATH = "/embed.html?seats=human,medium&seed=3"
BASELINE_PATH = "/bench/baseline.html"
BOTS_PATH = "/bench/bots.html"
SLOW = {"bits_per_s": 10e6, "rtt_ms": 40}
BOT_THINK_MS = 1200  # what the game sends with every bot_move (web/app/control/bots.js)
TIMEOUT_MS = 120_000

# Runs in every page before its own scripts: the figures the page keeps in window.__bench.
PROBE_JS = """
(() => {
  const b = window.__bench = { longtasks: [], cls: 0, fcp: null, gallery: null, ready: null,
    workers: 0, wasm: 0, play: null, python: null, bytecodeSaved: null };
  const watch = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn))
    .observe({ type, buffered: true }); } catch (e) { /* not supported */ } };
  watch("longtask", (e) => b.longtasks.push([e.startTime, e.duration]));
  watch("layout-shift", (e) => { if (!e.hadRecentInput) b.cls += e.value; });
  watch("paint", (e) => { if (e.name === "first-contentful-paint") b.fcp = e.startTime; });
  const RealWorker = window.Worker;
  // The engine worker's own words (web/worker.js): how Python started ("bytecode" or
  // "source"), and when the compiled bytecode was saved in Cache Storage.
  const heard = ({ data }) => {
    if (data && data.type === "ready" && b.python === null) b.python = data.python ?? "?";
    if (data && data.type === "bytecode-saved") b.bytecodeSaved = performance.now();
  };
  if (RealWorker) window.Worker = class extends RealWorker {
    constructor(...args) {
      b.workers++;
      super(...args);
      this.addEventListener("message", heard);
    } };
  for (const k of ["compile", "instantiate", "compileStreaming", "instantiateStreaming"]) {
    const f = WebAssembly[k];
    if (f) WebAssembly[k] = function (...args) { b.wasm++; return f.apply(this, args); };
  }
  const check = () => {
    if (b.gallery !== null || !document.querySelector(".gcard:not([disabled])")) return;
    b.gallery = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true,
    attributes: true, attributeFilter: ["disabled"] });
  addEventListener("click", (e) => {
    const play = e.target.closest && e.target.closest("#btn-play");
    if (b.play === null && play) b.play = performance.now();
  }, true);
})();
"""

BASELINE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<script type="module" src="baseline.js"></script></head>
<body><p id="status">Loading Pyodide…</p></body></html>
"""
BASELINE_JS = """// The baseline: a module worker that loads the pinned Pyodide, nothing else.
const worker = new Worker(new URL("./baseline-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  window.__bench.ready = performance.now();
  document.getElementById("status").textContent = `Pyodide ${data} is ready.`;
};
"""
BASELINE_WORKER_JS = """const indexURL = new URL("../assets/bench-pyodide/", import.meta.url).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
self.postMessage(pyodide.version);
"""
BOTS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bot latency</title>
<script type="module" src="bots.js"></script></head><body><p>Bots</p></body></html>
"""
BOTS_JS = """// Times engine.call("bot_move") through the real engine.js and worker.js.
import { Engine } from "../engine.js";
const engine = new Engine();
window.bench = {
  ready: engine.ready.then(() => true),
  async botMove(record, level, timeMs) {
    const args = { record, level };
    if (timeMs) args.time_ms = timeMs;
    const start = performance.now();
    await engine.call("bot_move", args);
    const end = performance.now();
    const longest = Math.max(0, ...window.__bench.longtasks
      .filter(([at, d]) => at + d >= start && at <= end).map(([, d]) => d));
    return { ms: end - start, longest };
  },
};
"""


# -- serving ------------------------------------------------------------------------------


@dataclass
class Served:
    """serve.py in this process: a URL, and a log of (time, path, bytes) per response."""

    url: str
    log: list[tuple[float, str, int]] = field(default_factory=list)
    slow: bool = False

    def since(self, start: float, end: float) -> tuple[int, int]:
        """Bytes and responses sent between two time.time() stamps."""
        hits = [(size) for at, _, size in list(self.log) if start <= at <= end]
        return sum(hits), len(hits)


def start_server(root: Path) -> tuple[Served, Callable[[], None]]:
    """Serve `root` like Netlify (headers, gzip), logging bytes; optionally pace like SLOW."""
    served = Served("")

    class Handler(serve.Handler):
        def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
            counted = _Paced(outputfile, served)
            super().copyfile(source, counted)
            path = self.path.split("?")[0]
            served.log.append((time.time(), path, counted.sent))

        def send_head(self):  # type: ignore[no-untyped-def]
            if served.slow:
                time.sleep(SLOW["rtt_ms"] / 1000)  # one round trip per request
            return super().send_head()

        def log_message(self, format: str, *args: object) -> None:
            pass

        def _rule_headers(self) -> dict[str, str]:
            if self.path.startswith("/bench/"):
                return {}  # the bench's own pages: a bare page, no policy (no Trusted Types)
            return super()._rule_headers()

    handler = type("BenchHandler", (Handler,), {
        "rules": netlify_headers.load_rules(netlify_headers.NETLIFY_TOML), "compress": True})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    served.url = f"http://127.0.0.1:{server.server_address[1]}"

    def stop() -> None:
        server.shutdown()
        server.server_close()

    return served, stop


class _Paced:
    """Counts what is written; when the server is slow, paces it at SLOW's bit rate, one
    link shared by every connection (as a reader's 10 Mbit/s line is)."""

    CHUNK = 16 * 1024
    link_free_at = 0.0
    link = threading.Lock()

    def __init__(self, out, served: Served) -> None:  # type: ignore[no-untyped-def]
        self.out = out
        self.served = served
        self.sent = 0

    def write(self, data: bytes) -> int:
        if not self.served.slow:
            self.sent += len(data)
            return self.out.write(data)
        for i in range(0, len(data), self.CHUNK):
            chunk = data[i:i + self.CHUNK]
            with _Paced.link:
                start = max(time.time(), _Paced.link_free_at)
                _Paced.link_free_at = start + len(chunk) * 8 / SLOW["bits_per_s"]
                done = _Paced.link_free_at
            time.sleep(max(0.0, done - time.time()))
            self.out.write(chunk)
            self.sent += len(chunk)
        return len(data)


def write_bench_pages(root: Path) -> None:
    """The baseline and bot pages, and a copy of the pinned Pyodide for the baseline."""
    bench = root / "bench"
    bench.mkdir(exist_ok=True)
    (bench / "baseline.html").write_text(BASELINE_HTML)
    (bench / "baseline.js").write_text(BASELINE_JS)
    (bench / "baseline-worker.js").write_text(BASELINE_WORKER_JS)
    (bench / "bots.html").write_text(BOTS_HTML)
    (bench / "bots.js").write_text(BOTS_JS)
    pyodide = root / "assets" / "bench-pyodide"  # under assets/: cached like the game's
    pyodide.mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"):
        shutil.copy(NODE_MODULES / "pyodide" / name, pyodide / name)


# -- measuring in Chromium ----------------------------------------------------------------


def median(values: list[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def launch_options() -> dict:
    """Chromium as the web tests launch it."""
    options: dict = {"args": CHROMIUM_ARGS, "headless": True}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    return options


def _figures(page, served: Served, started: float, done: str) -> dict:  # type: ignore[no-untyped-def]
    """Wait for `done` ("gallery" or "ready") and read the page's figures."""
    page.wait_for_function(f"() => window.__bench && window.__bench.{done} !== null",
                           timeout=TIMEOUT_MS, polling=20)
    ended = time.time()
    b = page.evaluate("() => window.__bench")
    at = b[done]
    loading = [d for start, d in b["longtasks"] if start <= at]
    sent, requests = served.since(started, ended)
    return {"first_move_ms": at, "fcp_ms": b["fcp"], "bytes": sent, "requests": requests,
            "longest_task_ms": max(loading, default=0.0), "cls": b["cls"],
            "python": b["python"]}


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


BYTECODE_CACHE = "python-bytecode"  # web/worker.js keeps the compiled python zip there
SAVED_BYTECODE_JS = f"""async () => {{
  if (!(await caches.has("{BYTECODE_CACHE}"))) return [];
  const cache = await caches.open("{BYTECODE_CACHE}");
  return (await cache.keys()).map((request) => request.url);
}}"""
# The service worker has installed (its precache is complete) and is active.
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
    """The second visit in a profile on disk (HTTP cache, code cache, service worker, and
    for the game the bytecode its worker compiled and saved after the first start).

    The first visit waits for positive signals, never a fixed time: the game's worker
    posting "bytecode-saved" (then the entry is read back from Cache Storage) and its
    service worker activated. The measured visit records how Python started ("bytecode")."""
    game = path != BASELINE_PATH
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **launch_options())
        context.add_init_script(PROBE_JS)
        try:
            page = context.new_page()
            page.goto(served.url + path, wait_until="commit")
            page.wait_for_function(f"() => window.__bench && window.__bench.{done} !== null",
                                   timeout=TIMEOUT_MS, polling=50)
            saved: list[str] = []
            if game:
                page.wait_for_function("() => window.__bench.bytecodeSaved !== null",
                                       timeout=TIMEOUT_MS, polling=100)
                saved = page.evaluate(SAVED_BYTECODE_JS)
                if not saved:
                    raise RuntimeError("the worker said bytecode-saved, but Cache Storage "
                                       f"has no {BYTECODE_CACHE!r} entry")
                page.evaluate(OFFLINE_READY_JS)
            page.close()
            return {**visit(context, served, path, done), "bytecode_saved": saved}
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


def quiet(served: Served, ms: int = 400) -> None:
    """Wait until the server has sent nothing for `ms` (at most 10 s)."""
    deadline = time.time() + 10
    while time.time() < deadline:
        last = served.log[-1][0] if served.log else 0
        if time.time() - last >= ms / 1000:
            return
        time.sleep(0.05)


# -- bots ---------------------------------------------------------------------------------


def bot_positions(count: int, players: int = 3) -> list[dict]:
    """Records of mid-game positions (medium bots from seeded deals), natively."""
    sys.path.insert(0, str(REPO / "pysrc"))
    import random

    from destijl.bots import make_bot
    from destijl.game import new_game

    records = []
    for seed in range(1, count + 1):
        game = new_game(players, 1000 + seed)
        bot = make_bot("medium")
        rng = random.Random(seed)
        stop = game.total_plies // 2 + seed % 3
        while game.ply < stop and not game.is_over:
            game.play(bot.choose(game, rng))
        records.append(game.record())
    return records


def native_bot_ms(records: list[dict], level: str, repeat: int) -> list[float]:
    """The same bot_move requests in CPython through destijl.api.handle (ms each)."""
    from destijl.api import handle

    times = []
    for _ in range(repeat):
        for record in records:
            args: dict = {"record": record, "level": level}
            if level == "hard":
                args["time_ms"] = BOT_THINK_MS
            request = json.dumps({"cmd": "bot_move", "args": args})
            start = time.perf_counter()
            reply = json.loads(handle(request))
            times.append((time.perf_counter() - start) * 1000)
            if not reply.get("ok"):
                raise RuntimeError(f"native bot_move failed: {reply}")
    return times


def browser_bots(browser, served: Served, records: list[dict], levels: list[str],
                 repeat: int) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    """bot_move per level through the page's engine: ms per move, longest task meanwhile."""
    context = browser.new_context()
    context.add_init_script(PROBE_JS)
    out: dict[str, dict] = {}
    try:
        page = context.new_page()
        page.goto(served.url + BOTS_PATH)
        page.wait_for_function("() => window.bench", timeout=TIMEOUT_MS)
        page.evaluate("() => window.bench.ready")
        for level in levels:
            ms, longest = [], []
            for _ in range(repeat):
                for record in records:
                    result = page.evaluate(
                        "([r, l, t]) => window.bench.botMove(r, l, t)",
                        [record, level, BOT_THINK_MS if level == "hard" else 0])
                    ms.append(result["ms"])
                    longest.append(result["longest"])
            out[level] = {"ms": ms, "longest_task_ms": max(longest, default=0.0)}
    finally:
        context.close()
    return out


# -- redraws -------------------------------------------------------------------------------

REDRAW_PATH = "/?seats=random,random,random,random,random&speed=fast&seed=11&autostart=1"
LARGEST = 15  # from this move on a 5-player Painting holds 16 to 25 cards: the largest ones
# The page notes when #table's data-ply changes: (time, moves played).
PLY_JS = """() => { const b = window.__bench; b.plies = []; let last = null;
  new MutationObserver(() => {
    const ply = Number(document.querySelector('#table')?.dataset.ply ?? NaN);
    if (ply !== last) { last = ply; b.plies.push([performance.now(), ply]); }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ply'] }); }"""


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
            "over_50": sum(1 for d in during if d > 50)}


# -- Lighthouse ---------------------------------------------------------------------------


def lighthouse(url: str, out: Path) -> dict:
    """Lighthouse (mobile profile) on `url`: category scores and the layout shift."""
    if not LIGHTHOUSE.exists():
        return {"error": "lighthouse is not installed: run `npm ci --prefix build_scripts`"}
    env = {**os.environ, "CHROME_PATH": str(CHROMIUM) if CHROMIUM.exists() else ""}
    report = out / f"lighthouse-{re.sub(r'[^a-z]+', '-', url.split('/', 3)[-1] or 'site')}.json"
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}", "--quiet",
               "--only-categories=performance,accessibility,best-practices,seo",
               "--chrome-flags=--headless=new " + " ".join(CHROMIUM_ARGS)]
    for _attempt in range(2):  # Lighthouse sometimes loses its own trace (NO_NAVSTART): again
        report.unlink(missing_ok=True)
        result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
        if not result.returncode and report.exists():
            break
    else:
        return {"error": (result.stderr or result.stdout).strip().splitlines()[-1:] or ["failed"]}
    data = json.loads(report.read_text())
    scores = {k: v["score"] for k, v in data["categories"].items()}
    audits = data["audits"]
    failing = sorted(k for k, a in audits.items()
                     if a.get("score") is not None and a["score"] < 0.9
                     and a.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))
    return {**scores, "cls": audits["cumulative-layout-shift"]["numericValue"],
            "fcp_ms": audits["first-contentful-paint"]["numericValue"],
            "lcp_ms": audits["largest-contentful-paint"]["numericValue"],
            "tbt_ms": audits["total-blocking-time"]["numericValue"],
            "flagged": failing}


# -- the run ------------------------------------------------------------------------------


@dataclass
class Options:
    runs: int
    quick: bool
    lighthouse: bool
    write: Path | None
    keep: Path | None


def build(out: Path) -> None:
    """build.py into `out`."""
    result = subprocess.run([sys.executable, str(BUILD), "--out", str(out)],
                            capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(f"build failed:\n{result.stdout}{result.stderr}")


def measure(opts: Options, root: Path, say: Callable[[str], None]) -> dict:
    """Every figure, as plain data."""
    from playwright.sync_api import sync_playwright

    served, stop = start_server(root)
    results: dict = {"runs": opts.runs, "baseline": {"cold": [], "warm": [], "slow": []},
                     "game": {"cold": [], "warm": [], "slow": []}, "embed": []}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            try:
                base, game = results["baseline"], results["game"]
                for run in range(opts.runs):
                    say(f"run {run + 1}/{opts.runs}: cold")
                    base["cold"].append(cold(browser, served, BASELINE_PATH, "ready"))
                    game["cold"].append(cold(browser, served, GAME_PATH, "gallery"))
                    say(f"run {run + 1}/{opts.runs}: warm")
                    base["warm"].append(warm(playwright, served, BASELINE_PATH, "ready"))
                    game["warm"].append(warm(playwright, served, GAME_PATH, "gallery"))
                    say(f"run {run + 1}/{opts.runs}: embed")
                    results["embed"].append(embed(browser, served))
                slow_runs = 0 if opts.quick else max(1, min(opts.runs, 3))
                served.slow = True
                try:
                    for run in range(slow_runs):
                        say(f"slow network {run + 1}/{slow_runs}")
                        base["slow"].append(cold(browser, served, BASELINE_PATH, "ready"))
                        game["slow"].append(cold(browser, served, GAME_PATH, "gallery"))
                finally:
                    served.slow = False
                say("bots")
                levels = ["medium"] if opts.quick else ["random", "easy", "medium", "hard"]
                records = bot_positions(1 if opts.quick else 4)
                repeat = 1 if opts.quick else 2
                results["bots"] = browser_bots(browser, served, records, levels, repeat)
                for level in levels:
                    native_bot_ms(records[:1], level, 1)  # warm up imports
                    results["bots"][level]["native_ms"] = native_bot_ms(records, level, repeat)
                say("redraws: a 5-player game")
                results["redraws"] = redraws(browser, served)
            finally:
                browser.close()
        if opts.lighthouse:
            for name, path in (("site", "/"), ("embed", "/embed.html")):
                say(f"lighthouse: {name}")
                report = lighthouse(served.url + path, root.parent)
                results.setdefault("lighthouse", {})[name] = report
    finally:
        stop()
    return results


def _med(rows: list[dict], key: str) -> float | None:
    return median([r[key] for r in rows if r.get(key) is not None])


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def _task(value: float | None) -> str:
    """A longest main-thread task: the long-task observer reports only those over 50 ms."""
    return _ms(value) if value else "none over 50 ms"


def _mb(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1e6:.2f} MB" if value >= 1e5 else f"{value / 1e3:.1f} KB"


def _num(digits: int) -> Callable[[float | None], str]:
    return lambda v: "-" if v is None else f"{v:.{digits}f}"


def _ratio(game: float | None, base: float | None) -> str:
    return "-" if not game or not base else f"{game / base:.2f}x"


def table(results: dict) -> str:
    """The figures as one Markdown table, ratios to the baseline where there is one."""
    b, g = results["baseline"], results["game"]
    rows = [("figure", "bare Pyodide", "game", "ratio")]

    def both(label: str, key: str, kind: str, fmt: Callable) -> None:
        base, game = _med(b[kind], key), _med(g[kind], key)
        rows.append((label, fmt(base), fmt(game), _ratio(game, base)))

    both("cold: open to first move (a Gallery card can be picked; baseline: Pyodide ready)",
         "first_move_ms", "cold", _ms)
    both("warm (second visit, same profile): open to first move", "first_move_ms", "warm", _ms)
    started = [r.get("python") or "?" for r in g["warm"]]
    rows.append(("warm: the game's Python started from (saved bytecode / sources)", "-",
                 f"bytecode {started.count('bytecode')} of {len(started)}", "-"))
    both("cold: first contentful paint", "fcp_ms", "cold", _ms)
    both("warm: first contentful paint", "fcp_ms", "warm", _ms)
    both("cold: bytes over the wire until the first move", "bytes", "cold", _mb)
    both("cold: requests until the first move", "requests", "cold", _num(0))
    both("cold: longest main-thread task while loading", "longest_task_ms", "cold", _ms)
    both("cold: layout shift (CLS) until the first move", "cls", "cold", _num(3))
    both("10 Mbit/s, 40 ms: first contentful paint", "fcp_ms", "slow", _ms)
    both("10 Mbit/s, 40 ms: open to first move", "first_move_ms", "slow", _ms)
    e = results["embed"]
    rows.append(("embed before Start game: bytes over the wire", "-",
                 _mb(_med(e, "before_bytes")), "-"))
    rows.append(("embed before Start game: requests / workers / WebAssembly",
                 "-", f"{_med(e, 'before_requests'):.0f} / {max(r['before_workers'] for r in e)}"
                      f" / {max(r['before_wasm'] for r in e)}", "-"))
    rows.append(("embed: first contentful paint", "-", _ms(_med(e, "fcp_ms")), "-"))
    rows.append(("embed: Start game to first move", "-", _ms(_med(e, "play_to_move_ms")), "-"))
    rows.append(("embed: layout shift (CLS), preview to first move", "-",
                 f"{max(r['cls'] for r in e):.3f} (max)", "-"))
    lines = [" | ".join(row) for row in rows]
    out = ["| " + lines[0] + " |", "|---|---|---|---|"] + ["| " + x + " |" for x in lines[1:]]

    bots = results.get("bots", {})
    if bots:
        out += ["", "| bot level | browser median (max) per move | native median | Pyodide/native |"
                " longest main-thread task while it thinks |", "|---|---|---|---|---|"]
        for level, r in bots.items():
            br, nat = median(r["ms"]), median(r["native_ms"])
            out.append(f"| {level} | {_ms(br)} ({_ms(max(r['ms']))}) | {_ms(nat)} | "
                       f"{_ratio(br, nat)} | {_task(r['longest_task_ms'])} |")
    r = results.get("redraws")
    if r:
        out += ["", f"| 5 seats of random bots, a whole game ({r['moves']} moves) | longest"
                " main-thread task |", "|---|---|",
                f"| the Painting redrawn after each move | {_task(r['longest_ms'])}"
                f" ({r['over_50']} tasks over 50 ms) |",
                f"| ... with the largest Paintings (moves {LARGEST} to {r['moves'] - 1}) |"
                f" {_task(r['largest_ms'])} |",
                f"| the last move and the end screen | {_task(r['end_ms'])} |"]
    lh = results.get("lighthouse", {})
    if lh:
        out += ["", "| Lighthouse 12.2.3, mobile | performance | accessibility | best practices"
                " | SEO | CLS | FCP | LCP | TBT | flagged |", "|---" * 10 + "|"]
        for name, r in lh.items():
            if "error" in r:
                out.append(f"| {name} | {r['error']} | | | | | | | | |")
                continue
            out.append(f"| {name} | {r['performance']:.2f} | {r['accessibility']:.2f} | "
                       f"{r['best-practices']:.2f} | {r['seo']:.2f} | {r['cls']:.3f} | "
                       f"{_ms(r['fcp_ms'])} | {_ms(r['lcp_ms'])} | {_ms(r['tbt_ms'])} | "
                       f"{', '.join(r['flagged']) or 'none'} |")
    return "\n".join(out)


def write_doc(doc: Path, command: str, text: str, results: dict) -> None:
    """Replace (or add) this benchmark's section of docs/benchmarks.md."""
    old = doc.read_text() if doc.exists() else "# Benchmarks\n"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    body = (f"{SECTION}\n\n<!-- written by build_scripts/bench_web.py: edit the script, not this"
            f" section -->\n\n```\n$ {command}\n```\n\n{text}\n\n"
            f"Median of {results['runs']} runs each, interleaved, finished "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.machine()}, "
            f"{os.cpu_count()} cores, load average {load:.1f} at the end; Chromium "
            f"{results.get('chromium', '?')}; served by serve.py --compress (gzip).\n")
    start = old.find(SECTION)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + body
    else:
        end = old.find("\n## ", start + len(SECTION))
        new = old[:start] + body + ("\n" + old[end + 1:] if end >= 0 else "")
        new = new.replace("\n\n\n", "\n\n")
    doc.write_text(new)


@contextlib.contextmanager
def site(opts: Options) -> Iterator[Path]:
    """A fresh build with the bench pages, in a temporary folder (or --keep)."""
    parent = Path(tempfile.mkdtemp(prefix="bench-web-")) if opts.keep is None else opts.keep
    root = parent / "dist"
    try:
        build(root)
        write_bench_pages(root)
        yield root
    finally:
        if opts.keep is None:
            shutil.rmtree(parent, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true",
                        help="1 run, no slow network, medium bots at 1 position, no Lighthouse:"
                             " a smoke test of the harness")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--no-write", action="store_true", help=f"do not write {DOC.name}")
    parser.add_argument("--doc", type=Path, default=DOC, help="the Markdown file to write")
    parser.add_argument("--json", type=Path, help="also write every figure as JSON here")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else max(1, args.runs)
    opts = Options(runs, args.quick, not (args.quick or args.no_lighthouse),
                   None if args.no_write else args.doc, args.keep)
    given = argv if argv is not None else sys.argv[1:]
    command = "python build_scripts/bench_web.py" + "".join(f" {a}" for a in given) + (
        "        # make bench-web" if not given else "")
    say = lambda text: print(f"[bench-web] {text}", file=sys.stderr, flush=True)  # noqa: E731
    with site(opts) as root:
        say(f"built {root}")
        results = measure(opts, root, say)
    results["chromium"] = chromium_version()
    text = table(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if opts.write:
        write_doc(opts.write, command, text, results)
        say(f"wrote {opts.write}")
    return 0


def chromium_version() -> str:
    """The version of the Chromium used."""
    if not CHROMIUM.exists():
        return "Playwright's"
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True,
                             timeout=30).stdout
        found = re.search(r"(\d+\.\d+\.\d+\.\d+)", out)
        return found.group(1) if found else "?"
    return "?"


if __name__ == "__main__":
    sys.exit(main())
