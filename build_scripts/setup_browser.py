"""Make sure a Chromium for the Playwright tests exists; print which one.

In order: Debian's /usr/bin/chromium if present; else, as root with apt-get, install
Debian's `chromium` package; else Playwright's own build (`playwright install chromium`).
tests/web/conftest.py uses /usr/bin/chromium when it exists, Playwright's build otherwise.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SYSTEM_CHROMIUM = Path("/usr/bin/chromium")


def run(*command: str) -> None:
    """Run a command, echoing it; stop on failure."""
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True)


def main() -> int:
    """Find or install Chromium."""
    if not SYSTEM_CHROMIUM.exists() and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for command in (["apt-get", "update", "-qq"],
                        ["apt-get", "install", "-y", "-qq", "chromium"]):
            print("+", " ".join(command), flush=True)
            subprocess.run(command, check=True, env=env)
    if SYSTEM_CHROMIUM.exists():
        print(f"browser: {SYSTEM_CHROMIUM}")
        return 0
    run(sys.executable, "-m", "playwright", "install", "chromium")
    print("browser: Playwright's Chromium")
    return 0


if __name__ == "__main__":
    sys.exit(main())
