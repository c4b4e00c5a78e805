"""The web benchmark's harness still runs: `bench_web.py --quick` (one run of each figure,
no slow network, no Lighthouse) builds, serves and measures, and its figures make sense.
The figures themselves are the benchmark's business (docs/benchmarks.md), not a test's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.bench  # `make test-bench`: outside `make test` (26 s of the suite)

REPO = Path(__file__).resolve().parents[2]
BENCH = REPO / "build_scripts" / "bench" / "bench_web.py"


def test_a_quick_run_of_the_web_benchmark_measures_every_part(tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\n## Bots\n\nkept\n")
    result = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--json", str(figures), "--doc", str(doc)],
        capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads(figures.read_text())

    for who, done in (("baseline", "first_move_ms"), ("game", "first_move_ms")):
        for kind in ("cold", "warm"):
            (run,) = data[who][kind]
            assert 0 < run[done] < 120_000 and run["fcp_ms"] > 0, (who, kind, run)
    # The game's visits go on to the first placement, which the engine accepts once ready
    # (never before it can pick a card, never before Python is ready).
    for kind in ("cold", "warm"):
        (run,) = data["game"][kind]
        assert run["first_move_ms"] <= run["placed_ms"] < 120_000, run
        assert 0 < run["ready_ms"] <= run["placed_ms"], run
    assert data["game"]["cold"][0]["bytes"] > 1_000_000  # Python came over the wire
    (embed,) = data["embed"]
    assert 0 < embed["before_bytes"] <= 60_000 and embed["before_workers"] == 0
    assert embed["play_to_move_ms"] > 0
    medium = data["bots"]["medium"]
    assert medium["ms"] and medium["native_ms"] and min(medium["ms"]) > 0
    redraws = data["redraws"]  # a whole 5-player game: 25 moves, every one watched
    assert redraws["moves"] == 25, redraws
    # The Long Tasks API reports only tasks of 50 ms or more (one can read exactly 50):
    # none at all, or every one counted and the longest at least 50.
    longest, count = redraws["longest_ms"], redraws["over_50"]
    assert (count == 0 and longest == 0) or (count >= 1 and longest >= 50), redraws
    assert redraws["largest_ms"] <= longest, redraws

    assert "| cold: open to a Gallery card can be picked" in result.stdout
    assert "| cold: open to the first placement accepted by the engine" in result.stdout
    assert "| the Painting redrawn after each move |" in result.stdout
    written = doc.read_text()
    assert "## Bots\n\nkept" in written and "## Load and first move in the browser" in written
    assert "bench_web.py --quick" in written
