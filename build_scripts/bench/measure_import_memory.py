"""Browser memory around hostile imports: `python3 build_scripts/bench/measure_import_memory.py`.

Builds nothing: serves dist/ (run `make build` first) with serve.py's headers, opens the
game in headless Chromium (a profile of its own), waits for the engine, then imports:
  1. a 50 MB file (a record whose name is 50 MB): refused by size before it is read;
  2. a 0.9 MB record whose first seat's name is 0.9 MB: under the limit, so it reaches
     the engine, which refuses it (names have at most 40 characters).
After each step it prints the page's JS heap (after a forced garbage collection) and the
resident memory of all of this browser's processes (the worker and its Pyodide heap
included), read from /proc. Prints a Markdown table; docs/reliability.md quotes it.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVE = REPO / "build_scripts" / "dev" / "serve.py"
CHROMIUM = Path("/usr/bin/chromium")
NO_TOUR = "try { localStorage.setItem('destijl.prefs', '{\"tutorialDone\":true}') } catch {}"


def descendants(root: int) -> list[int]:
    """Process ids of `root` and all its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += children.get(pid, [])
    return out


def rss_mb(pids: list[int]) -> float:
    """Sum of resident memory of these processes, in MB."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(match.group(1)) if match else 0
    return total / 1024


def browser_pid(profile: str) -> int:
    """The browser process launched with this user-data-dir."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if profile in text and "--type=" not in text:
            return int(cmdline.parent.name)
    raise RuntimeError("browser process not found")


def new_record() -> dict:
    """A fresh 2-player game's record from the native engine (the one the page runs)."""
    sys.path.insert(0, str(REPO / "pysrc"))
    from destijl.api import handle

    seats = [{"controller": "human"}, {"controller": "bot:random"}]
    request = {"cmd": "new_game", "args": {"players": 2, "seed": 1, "seats": seats}}
    reply = json.loads(handle(json.dumps(request)))
    return reply["result"]["record"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=REPO / "dist")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen([sys.executable, str(SERVE), "--port", "0", "--dir", str(args.dir),
                               "--quiet"], stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://\S+", server.stdout.readline() if server.stdout else "").group(0)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
            profile = str(Path(tmp) / "profile")
            options = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
            context = p.chromium.launch_persistent_context(
                profile, args=["--no-sandbox"], service_workers="block", **options)
            page = context.new_page()
            page.add_init_script(NO_TOUR)
            cdp = context.new_cdp_session(page)
            cdp.send("Performance.enable")

            def measure(step: str, toast: str = "") -> None:
                cdp.send("HeapProfiler.collectGarbage")
                page.wait_for_timeout(1000)
                heap = next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]
                            if m["name"] == "JSHeapUsedSize") / 2**20
                rows.append((step, heap, rss_mb(descendants(browser_pid(profile))), toast))

            page.goto(url)
            page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'",
                                   timeout=120_000)
            measure("engine ready")
            huge = Path(tmp) / "huge.json"
            huge.write_text('{"name": "' + "n" * 50_000_000 + '"}')
            big = Path(tmp) / "big-name.json"
            record = new_record()
            record["seats"][0]["name"] = "N" * 900_000
            big.write_text(json.dumps(record))
            for path in (huge, big):
                with page.expect_file_chooser() as chooser:
                    page.get_by_role("button", name="Import a game record…").click()
                chooser.value.set_files(str(path))
                page.get_by_role("alert").wait_for()
                toast = page.locator("#toast-text").inner_text()
                measure(f"after importing {path.name} ({path.stat().st_size / 1e6:.1f} MB)", toast)
                page.get_by_role("button", name="Dismiss").click()
            context.close()
    finally:
        server.terminate()
    print("| step | page JS heap (MB) | browser RSS, all processes (MB) | message (length) |")
    print("|---|---:|---:|---|")
    for step, heap, rss, toast in rows:
        shown = f"{toast[:70]}… ({len(toast)} chars)" if toast else ""
        print(f"| {step} | {heap:.1f} | {rss:.0f} | {shown} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
