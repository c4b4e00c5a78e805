"""Tournaments and ladders on a Dask cluster (``--cluster``, docs/cluster.md) give the
``--jobs 1`` report but for the times; a person's bot file travels to the workers.

The cluster tests need the ``cluster`` extra (``make setup`` installs it) and are skipped,
with the reason, only where Dask is not installed. No test measures time.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from destijl.bots.examples import __file__ as EXAMPLES
from destijl.cli import main
from destijl.cluster import map_on_cluster
from destijl.tournament import Spec, bot_sources, play_all, play_game

STARTER = (Path(EXAMPLES).parent / "starter.py").read_text(encoding="utf-8")
NO_DASK = "dask is not installed: pip install -e '.[cluster]' (make setup does)"


def _needs_dask() -> None:
    pytest.importorskip("dask.distributed", reason=NO_DASK)


def _report(capsys, argv: list[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _without_times(report: dict[str, Any]) -> dict[str, Any]:
    """The report less its times: the run's seconds and each level's think time."""
    report = dict(report, seconds=None)
    for key in ("levels", "ratings"):  # tournament rows, ladder rows (its levels: names)
        report[key] = [dict(row, ms_per_move=None) if isinstance(row, dict) else row
                       for row in report.get(key, [])]
    return report


def test_a_12_game_tournament_on_a_local_cluster_matches_jobs_1(tmp_path: Path, capsys,
                                                                 monkeypatch):
    _needs_dask()
    (tmp_path / "mybot.py").write_text(STARTER, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    argv = ["tournament", "--players", "3", "--bots", "mybot.py,medium,easy", "--games", "12",
            "--seed", "3"]
    alone = _report(capsys, [*argv, "--jobs", "1"])
    cluster = _report(capsys, [*argv, "--cluster", "local", "--jobs", "2"])
    assert cluster["games"] == 12 and [row["level"] for row in cluster["levels"]] == \
        ["mybot.py", "medium", "easy"]
    assert _without_times(cluster) == _without_times(alone)


@pytest.fixture(scope="module")
def scheduler():
    """The address of a cluster of 2 worker processes, 1 thread each, for these tests."""
    _needs_dask()
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_a_ladder_on_a_cluster_address_matches_jobs_1(scheduler: str, capsys):
    argv = ["ladder", "--levels", "random,easy,steady", "--games", "4", "--seed", "5"]
    alone = _report(capsys, [*argv, "--jobs", "1"])
    capsys.readouterr()
    assert main([*argv, "--json", "--progress", "--cluster", scheduler]) == 0
    out, err = capsys.readouterr()
    assert _without_times(json.loads(out)) == _without_times(alone)
    assert f"cluster {scheduler}: 2 workers" in err and "12/12 games" in err


def test_a_bot_file_travels_to_the_workers_as_source(scheduler: str, tmp_path: Path):
    """The workers play a bot whose file is gone by then: they never read it."""
    path = tmp_path / "mybot.py"
    path.write_text(STARTER, encoding="utf-8")
    sources = bot_sources([str(path), "easy"])
    specs = [Spec(2, (str(path), "easy"), 9, deal, rotation, sources=sources)
             for deal in range(2) for rotation in range(2)]
    path.unlink()
    done: list[int] = []
    results = map_on_cluster(scheduler, play_game, specs, done=done.append)
    assert _without_ms(results) == _without_ms(play_all(specs, jobs=1))
    assert sorted(done) == [1, 2, 3, 4]


def _without_ms(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Game results less the think times, which differ from run to run."""
    return [dict(game, seats=[dict(line, ms=None) for line in game["seats"]])
            for game in results]


def test_a_bots_error_on_a_worker_reaches_the_command_line(scheduler: str, tmp_path: Path,
                                                            capsys):
    path = tmp_path / "bad.py"
    path.write_text("def choose(view):\n    if view.ply > 3:\n        raise ValueError('boom')\n"
                    "    return view.legal_moves[0]\n", encoding="utf-8")
    assert main(["tournament", "--bots", f"{path},easy", "--games", "4",
                 "--cluster", scheduler]) == 1
    # whichever game fails first: the bot's move 5 or 6, as it sits first or second
    assert re.search(r"^error: Your bot raised ValueError: boom on move [56] \(line 3\)$",
                     capsys.readouterr().err, re.MULTILINE)


def test_without_dask_the_cluster_option_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    assert main(["tournament", "--bots", "easy,random", "--games", "2",
                 "--cluster", "local"]) == 1
    err = capsys.readouterr().err
    assert "--cluster needs Dask" in err and "pip install 'destijl[cluster]'" in err


def test_jobs_with_a_cluster_address_is_refused(capsys):
    assert main(["ladder", "--levels", "random,easy", "--cluster", "tcp://10.0.0.5:8786",
                 "--jobs", "2"]) == 1
    assert "--jobs counts local processes" in capsys.readouterr().err


def test_a_bots_error_crosses_from_a_worker_process_intact():
    """Pickled as a worker sends it (before this, a bot's error under --jobs 2 hung the pool)."""
    import pickle

    from destijl.bots.user import BotError

    error = pickle.loads(pickle.dumps(BotError("runtime", "Your bot raised KeyError", 3, "tb")))
    assert (type(error), str(error), error.kind, error.line, error.trace) == \
        (BotError, "Your bot raised KeyError (line 3)", "runtime", 3, "tb")
