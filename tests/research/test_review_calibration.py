"""build_scripts/research/review_calibration.py (docs/review.md, Calibration): self-play, every seat
reviewed, one JSON line per game, a resumed run plays only the games it lacks."""

from __future__ import annotations

import json

import pytest

from destijl.review.accuracy import move_accuracy
from helpers import build_script

# The research scripts' tests (build_scripts/research/): `pytest -m research` runs them alone.
pytestmark = pytest.mark.research


@pytest.fixture(scope="module")
def calibration():
    return build_script("review_calibration", "research")


def lines(path):
    return [json.loads(text) for text in path.read_text().splitlines()]


def table_row(output: str, level: str) -> str:
    return next(text for text in output.splitlines() if text.startswith(level))


def test_self_play_reviews_every_seat_and_a_resumed_run_adds_only_new_games(
        calibration, tmp_path, capsys):
    out = tmp_path / "calibration.jsonl"
    common = ["--players", "2", "--seed", "5", "--levels", "random", "--out", str(out)]
    assert calibration.main(["--games", "1", *common]) == 0
    first = lines(out)
    assert [(line["level"], line["against"], line["seed"]) for line in first] \
        == [("random", None, 5)]
    moves = first[0]["moves"]
    assert {seat for seat, *_ in moves} == {0, 1}  # both seats played and reviewed
    assert all(loss >= 0 and before >= after for _, loss, before, after, *_ in moves)
    capsys.readouterr()

    assert calibration.main(["--games", "2", "--resume", *common]) == 0
    resumed = capsys.readouterr().out
    assert [line["seed"] for line in lines(out)] == [5, 6]  # game 5 read back, not replayed
    assert lines(out)[0] == first[0]
    assert table_row(resumed, "random").split()[-2] == "2"  # games in the row

    assert calibration.main(["--table", str(out), "--games", "2", "--players", "2",
                             "--seed", "5", "--levels", "random"]) == 0
    assert table_row(capsys.readouterr().out, "random") == table_row(resumed, "random")
    assert len(lines(out)) == 2  # --table plays nothing


def test_against_reviews_only_the_level_in_seat_1(calibration, tmp_path):
    out = tmp_path / "against.jsonl"
    calibration.main(["--games", "1", "--players", "2", "--seed", "5", "--levels", "random",
                      "--against", "easy", "--out", str(out)])
    (line,) = lines(out)
    assert line["against"] == "easy"
    assert {seat for seat, *_ in line["moves"]} == {0}


def test_a_games_figure_is_the_mean_of_its_seats(calibration):
    line = {"moves": [[0, 1.0, 0.5, 0.5, 0, 0], [1, 2.0, 0.6, 0.4, 0, 0],
                      [1, 0.0, 0.3, 0.3, 0, 0]]}
    accuracy, loss = calibration.game_figures(line)
    seat1 = (move_accuracy(0.2) + 100) / 2
    assert accuracy == pytest.approx((100 + seat1) / 2)
    assert loss == pytest.approx(1.5)


def test_the_logistic_analysis_recovers_the_curve_its_shares_come_from():
    logistic = build_script("review_calibration_logistic", "research")
    points = [(v / 4, logistic.sigmoid(-0.3 + 0.8 * v / 4)) for v in range(-40, 41)]
    a, b = logistic.fit(points)
    assert (a, b) == (pytest.approx(-0.3, abs=1e-6), pytest.approx(0.8, abs=1e-6))
    moves = [[0, 1.0, 0.6, 0.5, 2.0, 1.0], [0, 0.0, 0.5, 0.5, 1.0, 1.0]]
    drop = logistic.sigmoid(a + 2 * b) - logistic.sigmoid(a + b)
    assert logistic.game_accuracy(moves, a, b) == pytest.approx((move_accuracy(drop) + 100) / 2)
