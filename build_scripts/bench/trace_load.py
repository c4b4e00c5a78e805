"""What the page's main thread does while the game loads:
`python build_scripts/bench/trace_load.py`.

A companion of bench_web.py for the long-task and first-paint figures. It builds dist/ (or
takes `--dist`), serves it as bench_web.py does, opens the bench's game page in a fresh
headless Chromium context with a performance trace running, presses Start game as soon as
it shows (as the bench does), and stops at the first move (a Gallery card can be picked).
For every main-thread task of the page over `--over` ms (wall clock) it prints when it
ran, its wall time, its CPU time (the trace's thread time: on a busy 2-core machine a task
waits for a core, so wall can be several times CPU), and the CPU of what it did:
JavaScript (forced style and layout included), compiling, HTML and CSS parsing, style,
layout, paint. First contentful paint and the main thread's CPU before it come first.

    python build_scripts/bench/trace_load.py --runs 3
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

# webbench uses the build (build_scripts/) and the dev tools (build_scripts/dev/: chromium, serve)
BUILD_SCRIPTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "dev")]
from chromium import launch_options  # noqa: E402
from webbench.browser import PROBE_JS, start_game  # noqa: E402
from webbench.paths import GAME_PATH, TIMEOUT_MS  # noqa: E402
from webbench.run import build  # noqa: E402
from webbench.server import start_server  # noqa: E402

CATEGORIES = ["devtools.timeline", "v8.execute", "blink", "loading", "toplevel"]
PARTS = {"script": ("FunctionCall", "EvaluateScript", "v8.evaluateModule", "RunMicrotasks"),
         "compile": ("v8.compile", "v8.compileModule", "V8.CompileCode"),
         "html": ("ParseHTML",), "css": ("ParseAuthorStyleSheet",),
         "style": ("UpdateLayoutTree",), "layout": ("Layout",),
         "paint": ("PrePaint", "Paint", "Commit")}


def _outer_cpu(events: list[dict], names: tuple[str, ...]) -> float:
    """CPU ms of the outermost events with these names (nested ones are inside them)."""
    total, until = 0.0, -1
    for e in events:
        if e["name"] in names and e["ts"] >= until:
            total += e.get("tdur", 0) / 1000
            until = e["ts"] + e.get("dur", 0)
    return total


def analyse(trace: Path, fcp_ms: float, move_ms: float, over: float) -> list[str]:
    """The page's main-thread tasks until the first move, from a Chromium trace."""
    data = json.loads(trace.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    fcp = [e for e in events if e.get("name") == "firstContentfulPaint"]
    if not fcp:
        return ["no first contentful paint in the trace"]
    thread = (fcp[-1]["pid"], fcp[-1]["tid"])  # the page's renderer main thread
    origin = fcp[-1]["ts"] - fcp_ms * 1000  # performance.now() 0, in trace microseconds
    mine = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X"
                   and e["ts"] >= origin), key=lambda e: e["ts"])
    tasks = [e for e in mine if e["name"] == "ThreadControllerImpl::RunTask"
             and e["ts"] <= origin + move_ms * 1000]
    before = sum(e.get("tdur", 0) for e in tasks if e["ts"] < fcp[-1]["ts"]) / 1000
    lines = [f"first contentful paint {fcp_ms:.0f} ms (main thread CPU before it: {before:.0f}"
             f" ms); first move {move_ms:.0f} ms"]
    for task in tasks:
        if task["dur"] < over * 1000:
            continue
        inside = [e for e in mine if task["ts"] <= e["ts"] < task["ts"] + task["dur"]
                  and e is not task]
        parts = ", ".join(f"{name} {_outer_cpu(inside, names):.0f}"
                          for name, names in PARTS.items())
        lines.append(f"  task at {(task['ts'] - origin) / 1000:7.0f} ms: wall "
                     f"{task['dur'] / 1000:4.0f} ms, CPU {task.get('tdur', 0) / 1000:4.0f} ms"
                     f" (CPU ms: {parts})")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="cold visits, one trace each")
    parser.add_argument("--over", type=float, default=30, help="list tasks over this (ms)")
    parser.add_argument("--dist", type=Path, help="a built dist/ (default: build one)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="trace-load-") as tmp:
        root = args.dist
        if root is None:
            root = Path(tmp) / "dist"
            build(root)
        served, stop = start_server(root)
        trace = Path(tmp) / "trace.json"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**launch_options())
                for run in range(args.runs):
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(PROBE_JS)
                    page = context.new_page()
                    browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
                    page.goto(served.url + GAME_PATH, wait_until="commit")
                    start_game(page)
                    page.wait_for_function("() => window.__bench.gallery !== null",
                                           timeout=TIMEOUT_MS, polling=20)
                    figures = page.evaluate("() => window.__bench")
                    browser.stop_tracing()
                    context.close()
                    print(f"run {run + 1}:")
                    print("\n".join(analyse(trace, figures["fcp"], figures["gallery"],
                                            args.over)), flush=True)
                browser.close()
        finally:
            stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
