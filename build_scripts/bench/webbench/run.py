"""The command line: build, serve, measure, print the table, write the doc."""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import chromium
from chromium import launch_options

from .bots import SEARCHING, bot_positions, browser_bots, level_names, native_bot_ms
from .browser import cold, embed, redraws, warm
from .lighthouse import lighthouse
from .paths import BASELINE_PATH, BUILD, DOC, GAME_PATH
from .report import table, write_doc
from .server import start_server, write_bench_pages
from .snapshot import measure_snapshot, snapshot_table

SNAPSHOT_SECTION = "## Memory snapshot in the browser"


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


def measure_snapshot_only(opts: Options, root: Path, say: Callable[[str], None]) -> dict:
    """The memory snapshot's figures alone (webbench/snapshot.py)."""
    from playwright.sync_api import sync_playwright

    served, stop = start_server(root)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            try:
                return measure_snapshot(playwright, browser, served, opts.runs, say)
            finally:
                browser.close()
    finally:
        stop()


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
                    if opts.lighthouse:  # every run, interleaved with the rest
                        for name, path in (("site", "/"), ("embed", "/embed.html")):
                            say(f"run {run + 1}/{opts.runs}: lighthouse {name}")
                            report = lighthouse(served.url + path, root.parent)
                            results.setdefault("lighthouse", {}).setdefault(name, []).append(
                                report)
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
                levels = ["medium"] if opts.quick else level_names()  # every level, weakest first
                records = bot_positions(1 if opts.quick else 4)
                repeat = 1 if opts.quick else 2
                results["bots"] = browser_bots(browser, served, records, levels, repeat)
                for level in levels:
                    native_bot_ms(records[:1], level, 1)  # warm up imports
                    results["bots"][level]["native_ms"] = native_bot_ms(records, level, repeat)
                if not opts.quick:  # the searching levels with 2 players too (other budgets)
                    say("bots, 2 players")
                    duel = bot_positions(4, players=2)
                    results["bots_2p"] = browser_bots(browser, served, duel, list(SEARCHING),
                                                      repeat)
                    for level in SEARCHING:
                        results["bots_2p"][level]["native_ms"] = native_bot_ms(duel, level,
                                                                               repeat)
                say("redraws: a 5-player game")
                results["redraws"] = redraws(browser, served)
            finally:
                browser.close()
    finally:
        stop()
    return results


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
    parser = argparse.ArgumentParser(
        description="Load benchmark in real Chromium (docs/benchmarks.md).")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--quick", action="store_true",
                        help="1 run, no slow network, medium bots at 1 position, no Lighthouse:"
                             " a smoke test of the harness")
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--no-write", action="store_true", help=f"do not write {DOC.name}")
    parser.add_argument("--doc", type=Path, default=DOC, help="the Markdown file to write")
    parser.add_argument("--json", type=Path, help="also write every figure as JSON here")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep it")
    parser.add_argument("--snapshot", action="store_true",
                        help="only the memory snapshot's figures (webbench/snapshot.py), in"
                             f" their own section, {SNAPSHOT_SECTION[3:]!r}")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else max(1, args.runs)
    opts = Options(runs, args.quick, not (args.quick or args.no_lighthouse),
                   None if args.no_write else args.doc, args.keep)
    given = argv if argv is not None else sys.argv[1:]
    command = "python build_scripts/bench/bench_web.py" + "".join(f" {a}" for a in given) + (
        "        # make bench-web" if not given else "")
    say = lambda text: print(f"[bench-web] {text}", file=sys.stderr, flush=True)  # noqa: E731
    if args.snapshot:
        command = command.replace("        # make bench-web", "")
        with site(opts) as root:
            say(f"built {root}")
            results = measure_snapshot_only(opts, root, say)
        results["chromium"] = chromium.version()
        text = snapshot_table(results)
        print(text)
        if args.json:
            args.json.write_text(json.dumps(results, indent=1))
        if opts.write:
            write_doc(opts.write, command, text, results, SNAPSHOT_SECTION)
            say(f"wrote {opts.write}")
        return 0
    with site(opts) as root:
        say(f"built {root}")
        results = measure(opts, root, say)
    results["chromium"] = chromium.version()
    text = table(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if opts.write:
        write_doc(opts.write, command, text, results)
        say(f"wrote {opts.write}")
    return 0
