"""The one set of Chromium options for everything that drives a browser here: the browser
tests (tests/web/conftest.py) and the web benchmark (build_scripts/bench/webbench).

The system's Chromium (/usr/bin/chromium) when there is one, else Playwright's own; the
flags keep it from doing work of its own (updates, sync, background fetches) while it is
measured or tested on a shared machine.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
from pathlib import Path

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# Debian's build of Chromium's headless shell (package chromium-headless-shell): the same
# Chromium (version, Blink, V8) without the desktop browser's layers, which is what
# Playwright itself launches for headless tests. A page load costs it half the CPU.
SYSTEM_HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# The browser tests only: WebAssembly runs in V8's baseline compiler (Liftoff) and is never
# recompiled by the optimising one (TurboFan). Every test page starts its own Pyodide, and
# that recompilation of its hot functions in the background was a third of a page load's
# CPU (1.2 s of 3.6 s), paid again by every fresh context; the tests' short games never
# win it back. The same results, only the code tier differs; the benchmark keeps V8's
# default, as a player's browser has it (docs/testing.md, "The suite's time").
TEST_ARGS = ["--js-flags=--liftoff-only"]


def launch_options(for_tests: bool = False, full: bool = False) -> dict:
    """Keyword arguments for Playwright's ``chromium.launch`` (and persistent contexts);
    `for_tests` adds TEST_ARGS and prefers the headless shell, unless `full`: the tests
    that measure the page's main thread need the full Chromium, as players have it (the
    shell runs part of a worker's start-up on the page's main thread: a 130 ms task)."""
    options: dict = {"args": CHROMIUM_ARGS + (TEST_ARGS if for_tests else [])}
    shell = [SYSTEM_HEADLESS_SHELL] if for_tests and not full else []
    for executable in [*shell, SYSTEM_CHROMIUM]:
        if executable.exists():
            options["executable_path"] = str(executable)
            break
    return options


def version() -> str:
    """The system Chromium's version ("Playwright's" without one, "?" if it will not say)."""
    if not SYSTEM_CHROMIUM.exists():
        return "Playwright's"
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run([str(SYSTEM_CHROMIUM), "--version"], capture_output=True,
                             text=True, timeout=30).stdout
        found = re.search(r"(\d+\.\d+\.\d+\.\d+)", out)
        return found.group(1) if found else "?"
    return "?"
