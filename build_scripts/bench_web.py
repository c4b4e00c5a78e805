"""Load benchmark in real Chromium: `python build_scripts/bench_web.py` (or `make bench-web`).

The benchmark is the package build_scripts/webbench (its docstring says what it measures);
this file is its command.

    python build_scripts/bench_web.py                 # 5 runs, Lighthouse, writes the doc
    python build_scripts/bench_web.py --quick --no-write   # 1 run of everything: a smoke test
"""

from __future__ import annotations

import sys

from webbench.run import main

if __name__ == "__main__":
    sys.exit(main())
