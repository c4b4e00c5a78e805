"""Load benchmark in real Chromium: `python build_scripts/bench/bench_web.py` (or `make bench-web`).

Builds dist/ into a temporary folder, serves it with the production headers and the
compression the host applies (serve.py --compress, counting the bytes it sends), and
measures in headless Chromium (build_scripts/dev/chromium.py: the options the tests use),
interleaved, the median of `--runs` runs each:

1. baseline: a bare page that loads the same pinned Pyodide in a module worker and nothing
   else but the site's Trusted Types policy (webbench/pages/, copied into the served
   folder at bench time, never shipped, served with the site's headers like the game);
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

    python build_scripts/bench/bench_web.py                 # 5 runs, Lighthouse, writes the doc
    python build_scripts/bench/bench_web.py --quick --no-write   # 1 run of everything: a smoke test

The package, one job per module:
- `paths.py`: where things are, the pages measured, the slow network, the time limits;
- `server.py`: serve.py in this process, counting (and pacing) the bytes it sends;
- `pages/`: the bench's own pages and the scripts it puts into measured pages;
- `browser.py`: cold, warm and embed visits, and the redraws of a whole game;
- `bots.py`: bot latency in the browser and natively;
- `lighthouse.py`; `report.py` (the Markdown table, docs/benchmarks.md); `run.py` (the
  command line). Chromium is launched with build_scripts/dev/chromium.py, as the tests do.
"""
