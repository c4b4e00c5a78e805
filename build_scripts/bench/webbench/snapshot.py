"""The memory snapshot's benchmark (`python build_scripts/bench/bench_web.py --snapshot`, or
`make bench-snapshot`): what restoring Python from the engine's snapshot (web/snapshot.js)
saves, in headless Chromium, interleaved, the median of `--runs` runs each:

1. a bare Pyodide page's warm boot (webbench/pages/baseline.html, second visit of a profile
   on disk): the yardstick;
2. the game's returning visit (second visit of a profile on disk, the page
   `/?seats=human,medium`): engine ready, and the first bot reply (a `new_game` and a
   `bot_move`, sent to the worker the moment it says ready), with the snapshot the first
   visit kept, and without it (the kept snapshot deleted before the second visit);
3. the first visit (a fresh profile): engine ready, then the snapshot kept (made, gzipped
   and stored); its size in memory and in Cache Storage, and Python's memory after a boot;
4. a Lab Run (lab.html, two matches in one page): each bot's worker, from its creation to
   Python ready, for the first (from nothing: it makes the Lab's snapshot) and the later
   ones (restored from that snapshot);
5. a review of a whole 3-player game (random bots, seed 47): "Review this game" to the
   whole review shown.
"""

from __future__ import annotations

import statistics
import tempfile
import time

from chromium import launch_options

from .browser import warm
from .paths import BASELINE_PATH, TIMEOUT_MS

GAME = "/?seats=human,medium"
REVIEWED = "/?seats=random,random,random&speed=fast&seed=47&autostart=1"
CACHE = "engine-snapshot"

# In every measured page: the engine worker's news (web/worker.js "boot" and "ready"), and,
# the moment it is ready, a new game and a bot's move asked of it directly (ids the page never
# uses; engine.js ignores replies it did not ask for).
ENGINE_JS = """(() => {
  const b = window.__snap = { ready: null, reply: null, boots: [] };
  const Real = window.Worker;
  if (!Real) return;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes("worker.js")) return;
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "boot") b.boots.push(data);
        if (data?.type === "ready" && b.ready === null) {
          b.ready = performance.now();
          const json = JSON.stringify({ players: 2, seed: 3 });
          this.postMessage({ id: -1, cmd: "new_game", json });
        }
        if (data?.id === -1 && data.ok) {
          const json = JSON.stringify({ record: data.result.record, level: "medium" });
          this.postMessage({ id: -2, cmd: "bot_move", json });
        }
        if (data?.id === -2 && data.ok && b.reply === null) b.reply = performance.now();
      });
    }
  };
})();"""

# Put before the Lab's runner (botrunner/runner.js, by a route: the Lab hashes the text it
# gets for the sandbox's policy): each bot worker's creation and "ready", and whether it
# was given a snapshot to restore.
LAB_JS = """(() => {
  const Real = window.Worker;
  const starts = window.__labStarts = [];
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      const entry = { created: performance.now(), ready: null, restored: false, compiled: false };
      starts.push(entry);
      const send = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message?.type === "boot") {
          entry.restored = !!message.snapshot;
          entry.compiled = !!message.module;
        }
        return send(message, ...rest);
      };
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "ready" && entry.ready === null) entry.ready = performance.now();
      });
    }
  };
})();
"""


def _profile_visit(playwright, url: str, forget: bool):  # type: ignore[no-untyped-def]
    """A first visit (fresh profile) then a second; the figures of both."""
    with tempfile.TemporaryDirectory(prefix="bench-snapshot-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport={"width": 1280, "height": 800}, **launch_options())
        context.add_init_script(ENGINE_JS)
        try:
            first = _engine_visit(context, url, keep=True)
            if forget:
                page = context.new_page()
                page.goto(url, wait_until="commit")
                page.evaluate(f"async () => caches.delete('{CACHE}')")
                page.close()
            second = _engine_visit(context, url, keep=False)
        finally:
            context.close()
    return first, second


def _engine_visit(context, url: str, keep: bool) -> dict:  # type: ignore[no-untyped-def]
    """Open the game; engine ready and first bot reply (ms from navigation); with `keep`,
    also wait until the made snapshot is stored."""
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__snap && window.__snap.reply !== null",
                               timeout=TIMEOUT_MS, polling=20)
        if keep:
            page.wait_for_function(
                "() => window.__snap.boots.some((b) => /stored/.test(b.snapshot))",
                timeout=TIMEOUT_MS)
            kept_at = page.evaluate("() => performance.now()")
        b = page.evaluate("() => window.__snap")
    finally:
        page.close()
    figures = {"ready_ms": b["ready"], "reply_ms": b["reply"],
               "how": b["boots"][0]["snapshot"] if b["boots"] else "?"}
    for boot in b["boots"]:
        if boot["snapshot"] in ("stored", "unstored"):
            figures.update(stored_bytes=boot["bytes"], snapshot_bytes=boot["memory"],
                           kept_ms=kept_at)
        if "heap" in boot:
            figures["heap_bytes"] = boot["heap"]
    return figures


def _lab(browser, url: str) -> list[dict]:  # type: ignore[no-untyped-def]
    """Two Runs of the starter bot in one Lab page: every bot worker's start."""
    # no service worker: it would answer the runner's request before the route sees it
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block")

    def runner_with_clock(route) -> None:  # type: ignore[no-untyped-def]
        response = route.fetch()
        route.fulfill(response=response, body=LAB_JS + response.text())

    def page_without_header_policy(route) -> None:  # type: ignore[no-untyped-def]
        # the header's policy names the runner by its hash; the sandbox's own <meta> policy
        # (web/app/lab/sandbox.js) hashes the runner it gets, the clock included
        response = route.fetch()
        headers = {k: v for k, v in response.headers.items()
                   if k.lower() != "content-security-policy"}
        route.fulfill(response=response, headers=headers)

    context.route("**/botrunner/runner.js", runner_with_clock)
    context.route("**/lab.html", page_without_header_policy)
    try:
        page = context.new_page()
        page.goto(url + "/lab.html")
        page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'",
                               timeout=TIMEOUT_MS)
        for _ in range(2):
            runs = int(page.evaluate("() => document.documentElement.dataset.labRuns ?? 0"))
            page.get_by_label("Games").fill("2")
            page.get_by_role("button", name="Run", exact=True).click()
            page.wait_for_function(
                "(n) => Number(document.documentElement.dataset.labRuns) > n"
                " && document.documentElement.dataset.labRunning === 'no'", arg=runs,
                timeout=TIMEOUT_MS)
        runner = next(f for f in page.frames if f.url.startswith("blob:"))
        starts = runner.evaluate("() => window.__labStarts")
    finally:
        context.close()
    return [s for s in starts if s["ready"] is not None]


def _review(browser, url: str) -> float:  # type: ignore[no-untyped-def]
    """A whole 3-player game of random bots, then its review: seconds."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(url + REVIEWED)
        page.wait_for_selector("body.is-over", timeout=TIMEOUT_MS)
        began = time.perf_counter()
        page.get_by_role("button", name="Review this game").click()
        dialog = page.get_by_role("dialog", name="Review of this game")
        dialog.wait_for(timeout=TIMEOUT_MS)
        page.wait_for_function(
            "() => document.querySelector('.review')?.dataset.running === 'false'"
            " && /Reviewed 27 of 27/.test(document.querySelector('.review').textContent)",
            timeout=TIMEOUT_MS, polling=20)
        return time.perf_counter() - began
    finally:
        context.close()


def measure_snapshot(playwright, browser, served, runs: int, say) -> dict:  # type: ignore[no-untyped-def]
    """Every figure of the module docstring, `runs` times, interleaved."""
    out: dict = {"runs": runs, "bare": [], "first": [], "returning": [], "no_snapshot": [],
                 "lab": [], "review": []}
    for run in range(runs):
        say(f"snapshot run {run + 1}/{runs}: bare Pyodide, warm")
        out["bare"].append(warm(playwright, served, BASELINE_PATH, "ready")["ready_ms"])
        say(f"snapshot run {run + 1}/{runs}: the game, first and returning visits")
        first, second = _profile_visit(playwright, served.url + GAME, forget=False)
        out["first"].append(first)
        out["returning"].append(second)
        _, plain = _profile_visit(playwright, served.url + GAME, forget=True)
        out["no_snapshot"].append(plain)
        say(f"snapshot run {run + 1}/{runs}: the Lab")
        out["lab"].append(_lab(browser, served.url))
        say(f"snapshot run {run + 1}/{runs}: a review")
        out["review"].append(_review(browser, served.url))
    return out


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def snapshot_table(r: dict) -> str:
    """The Markdown table of measure_snapshot's figures."""
    bare = _median(r["bare"])
    ret, plain, first = r["returning"], r["no_snapshot"], r["first"]
    lab_cold = [s["ready"] - s["created"] for run in r["lab"] for s in run if not s["restored"]]
    lab_warm = [s["ready"] - s["created"] for run in r["lab"] for s in run if s["restored"]]
    how = sorted({v["how"] for v in ret})

    def ms(value: float) -> str:
        return f"{value:,.0f} ms"

    def x(value: float) -> str:
        return f"{value / bare:.2f}x"

    rows = [
        ("bare Pyodide page, warm boot (second visit): Pyodide ready", ms(bare), "1.00x"),
        (f"returning visit, engine ready (restored: {', '.join(how)})",
         ms(_median([v["ready_ms"] for v in ret])), x(_median([v["ready_ms"] for v in ret]))),
        ("returning visit, first bot reply (medium, asked at ready)",
         ms(_median([v["reply_ms"] for v in ret])), x(_median([v["reply_ms"] for v in ret]))),
        ("returning visit without the snapshot (deleted): engine ready",
         ms(_median([v["ready_ms"] for v in plain])), x(_median([v["ready_ms"] for v in plain]))),
        ("returning visit without the snapshot: first bot reply",
         ms(_median([v["reply_ms"] for v in plain])), x(_median([v["reply_ms"] for v in plain]))),
        ("first visit (fresh profile): engine ready",
         ms(_median([v["ready_ms"] for v in first])), x(_median([v["ready_ms"] for v in first]))),
        ("first visit: the snapshot made, gzipped and kept (from navigation)",
         ms(_median([v["kept_ms"] for v in first])), ""),
        (f"Lab: a bot's worker to Python ready, from nothing (n={len(lab_cold)})",
         ms(_median(lab_cold)), ""),
        (f"Lab: a bot's worker to Python ready, restored (n={len(lab_warm)})",
         ms(_median(lab_warm)), ""),
        ("review of a whole 3-player game (27 moves)", f"{_median(r['review']):.2f} s", ""),
        ("snapshot in memory (while restoring) / in Cache Storage (gzipped)",
         f"{_median([v['snapshot_bytes'] for v in first]) / 1e6:.1f} MB / "
         f"{_median([v['stored_bytes'] for v in first]) / 1e6:.2f} MB", ""),
    ]
    if any("heap_bytes" in v for v in ret):
        rows.append(("Python's memory (wasm heap) after a restored boot / a normal boot",
                     f"{_median([v['heap_bytes'] for v in ret]) / 1e6:.1f} MB / "
                     f"{_median([v['heap_bytes'] for v in plain]) / 1e6:.1f} MB", ""))
    lines = ["| figure | median | vs bare warm boot |", "|---|---|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)
