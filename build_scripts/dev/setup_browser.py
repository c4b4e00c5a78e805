"""Make sure a Chromium for the Playwright tests exists; print which one.

In order: Debian's packages `chromium` (/usr/bin/chromium) and `chromium-headless-shell`
(/usr/bin/chromium-headless-shell), installed with apt-get when missing and this runs as
root; else Playwright's own build (`playwright install chromium`, which brings its
headless shell too). The browser tests launch the headless shell when it is there, the
full Chromium otherwise; the web benchmark always the full one (build_scripts/dev/chromium.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from chromium import SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL

PACKAGES = {SYSTEM_CHROMIUM: "chromium", SYSTEM_HEADLESS_SHELL: "chromium-headless-shell"}


def run(*command: str, check: bool = True) -> bool:
    """Run a command, echoing it; stop on failure when `check`, else say whether it worked."""
    print("+", " ".join(command), flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    return subprocess.run(command, check=check, env=env).returncode == 0


def install_with_apt() -> None:
    """Install the missing Debian packages; the headless shell is welcome, not required."""
    missing = [package for path, package in PACKAGES.items() if not path.exists()]
    if not missing or os.geteuid() != 0 or not shutil.which("apt-get"):
        return
    run("apt-get", "update", "-qq")
    if "chromium" in missing:
        run("apt-get", "install", "-y", "-qq", "chromium")
    if "chromium-headless-shell" in missing and not run(
            "apt-get", "install", "-y", "-qq", "chromium-headless-shell", check=False):
        print("no chromium-headless-shell: the tests use the full Chromium", flush=True)


def main() -> int:
    """Find or install Chromium."""
    install_with_apt()
    if SYSTEM_CHROMIUM.exists():
        tests = SYSTEM_HEADLESS_SHELL if SYSTEM_HEADLESS_SHELL.exists() else SYSTEM_CHROMIUM
        print(f"browser: {SYSTEM_CHROMIUM} (the tests: {tests})")
        return 0
    run(sys.executable, "-m", "playwright", "install", "chromium")
    print("browser: Playwright's Chromium")
    return 0


if __name__ == "__main__":
    sys.exit(main())
