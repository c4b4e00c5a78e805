"""Load benchmark in real Chromium: `python build_scripts/bench/bench_web.py` (or `make bench-web`).

The benchmark is the package build_scripts/bench/webbench (its docstring says what it measures);
this file is its command.

    python build_scripts/bench/bench_web.py                 # 5 runs, Lighthouse, writes the doc
    python build_scripts/bench/bench_web.py --quick --no-write   # 1 run of everything: a smoke test
"""

from __future__ import annotations

import sys
from pathlib import Path

# webbench uses the build (build_scripts/) and the dev tools (build_scripts/dev/: chromium, serve)
BUILD_SCRIPTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "dev")]
from webbench.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
