"""The figures as Markdown, and their section of docs/benchmarks.md."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from .paths import LARGEST, SECTION


def median(values: list[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def _med(rows: list[dict], key: str) -> float | None:
    return median([r[key] for r in rows if r.get(key) is not None])


def _ms(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.0f} ms"


def _task(value: float | None) -> str:
    """A longest main-thread task: the long-task observer reports only those over 50 ms."""
    return _ms(value) if value else "none over 50 ms"


def _mb(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1e6:.2f} MB" if value >= 1e5 else f"{value / 1e3:.1f} KB"


def _num(digits: int) -> Callable[[float | None], str]:
    return lambda v: "-" if v is None else f"{v:.{digits}f}"


def _ratio(game: float | None, base: float | None) -> str:
    return "-" if not game or not base else f"{game / base:.2f}x"


def table(results: dict) -> str:
    """The figures as one Markdown table, ratios to the baseline where there is one."""
    b, g = results["baseline"], results["game"]
    rows = [("figure", "bare Pyodide", "game", "ratio")]

    def both(label: str, key: str, kind: str, fmt: Callable) -> None:
        base, game = _med(b[kind], key), _med(g[kind], key)
        rows.append((label, fmt(base), fmt(game), _ratio(game, base)))

    both("cold: open to a Gallery card can be picked (baseline: Pyodide ready)",
         "first_move_ms", "cold", _ms)
    both("cold: open to the first placement accepted by the engine (baseline: Pyodide ready)",
         "placed_ms", "cold", _ms)
    both("cold: open to the engine ready (Pyodide and the game's Python)", "ready_ms", "cold",
         _ms)
    both("warm (second visit, same profile): open to a Gallery card can be picked",
         "first_move_ms", "warm", _ms)
    both("warm: open to the first placement accepted by the engine", "placed_ms", "warm", _ms)
    both("cold: first contentful paint", "fcp_ms", "cold", _ms)
    both("warm: first contentful paint", "fcp_ms", "warm", _ms)
    both("cold: bytes over the wire until the engine is ready", "bytes", "cold", _mb)
    both("cold: requests until the engine is ready", "requests", "cold", _num(0))
    both("cold: longest main-thread task until the first placement is accepted",
         "longest_task_ms", "cold", _ms)
    both("cold: layout shift (CLS) until the first placement is accepted", "cls", "cold",
         _num(3))
    both("10 Mbit/s, 40 ms: first contentful paint", "fcp_ms", "slow", _ms)
    both("10 Mbit/s, 40 ms: open to a Gallery card can be picked (baseline: Pyodide ready)",
         "first_move_ms", "slow", _ms)
    both("10 Mbit/s, 40 ms: open to the first placement accepted", "placed_ms", "slow", _ms)
    e = results["embed"]
    rows.append(("embed before Start game: bytes over the wire", "-",
                 _mb(_med(e, "before_bytes")), "-"))
    rows.append(("embed before Start game: requests / workers / WebAssembly",
                 "-", f"{_med(e, 'before_requests'):.0f} / {max(r['before_workers'] for r in e)}"
                      f" / {max(r['before_wasm'] for r in e)}", "-"))
    rows.append(("embed: first contentful paint", "-", _ms(_med(e, "fcp_ms")), "-"))
    rows.append(("embed: Start game to first move", "-", _ms(_med(e, "play_to_move_ms")), "-"))
    rows.append(("embed: layout shift (CLS), preview to first move", "-",
                 f"{max(r['cls'] for r in e):.3f} (max)", "-"))
    lines = [" | ".join(row) for row in rows]
    out = ["| " + lines[0] + " |", "|---|---|---|---|"] + ["| " + x + " |" for x in lines[1:]]

    for key, players in (("bots", 3), ("bots_2p", 2)):
        bots = results.get(key, {})
        if bots:
            out += ["", f"| bot level, {players} players | browser median (max) per move |"
                    " native median | Pyodide/native | longest main-thread task while it"
                    " thinks |", "|---|---|---|---|---|"]
            for level, r in bots.items():
                br, nat = median(r["ms"]), median(r["native_ms"])
                out.append(f"| {level} | {_ms(br)} ({_ms(max(r['ms']))}) | {_ms(nat)} | "
                           f"{_ratio(br, nat)} | {_task(r['longest_task_ms'])} |")
    r = results.get("redraws")
    if r:
        out += ["", f"| 5 seats of random bots, a whole game ({r['moves']} moves) | longest"
                " main-thread task |", "|---|---|",
                f"| the Painting redrawn after each move | {_task(r['longest_ms'])}"
                f" ({r['over_50']} tasks over 50 ms) |",
                f"| ... with the largest Paintings (moves {LARGEST} to {r['moves'] - 1}) |"
                f" {_task(r['largest_ms'])} |",
                f"| the last move and the end screen | {_task(r['end_ms'])} |"]
    lh = results.get("lighthouse", {})
    if lh:
        out += ["", "| Lighthouse 12.2.3, mobile (every run) | performance | accessibility |"
                " best practices | SEO | CLS | FCP | LCP | TBT | flagged |", "|---" * 10 + "|"]
        for name, runs in lh.items():
            for number, r in enumerate(runs if isinstance(runs, list) else [runs], 1):
                label = f"{name}, run {number}"
                if "error" in r:
                    out.append(f"| {label} | {r['error']} | | | | | | | | |")
                    continue
                out.append(f"| {label} | {r['performance']:.2f} | {r['accessibility']:.2f} | "
                           f"{r['best-practices']:.2f} | {r['seo']:.2f} | {r['cls']:.3f} | "
                           f"{_ms(r['fcp_ms'])} | {_ms(r['lcp_ms'])} | {_ms(r['tbt_ms'])} | "
                           f"{', '.join(r['flagged']) or 'none'} |")
    return "\n".join(out)


def write_doc(doc: Path, command: str, text: str, results: dict,
              section: str = SECTION) -> None:
    """Replace (or add) this benchmark's `section` of docs/benchmarks.md."""
    old = doc.read_text() if doc.exists() else "# Benchmarks\n"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    body = (f"{section}\n\n<!-- written by build_scripts/bench/bench_web.py: edit the script,"
            f" not this section -->\n\n```\n$ {command}\n```\n\n{text}\n\n"
            f"Median of {results['runs']} runs each, interleaved, finished "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {platform.machine()}, "
            f"{os.cpu_count()} cores, load average {load:.1f} at the end; Chromium "
            f"{results.get('chromium', '?')}; served by serve.py --compress (gzip).\n")
    start = old.find(section)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + body
    else:
        end = old.find("\n## ", start + len(section))
        new = old[:start] + body + ("\n" + old[end + 1:] if end >= 0 else "")
        new = new.replace("\n\n\n", "\n\n")
    doc.write_text(new)
