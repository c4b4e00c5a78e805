"""build_scripts/research/margin_drift.py: what a lead is worth after each round (docs/levels.md,
"What the measurements found")."""

import math

import pytest

from helpers import build_script

# The research scripts' tests (build_scripts/research/): `pytest -m research` runs them alone.
pytestmark = pytest.mark.research


@pytest.fixture(scope="module")
def drift():
    return build_script("margin_drift", "research")


def test_a_lead_that_grows_has_a_slope_above_one_and_the_leader_wins(drift):
    # per game: totals per round, winners, closed strokes per round, largest strokes
    games = [([[5, 3], [9, 4]], (0,), [[1, 0], [2, 0]], [[4, 2], [5, 2]]),
             ([[2, 6], [3, 8]], (1,), [[0, 0], [0, 1]], [[3, 3], [3, 5]])]
    slope, sd, wins, banked, stroke = drift.drift(games, 0)
    assert slope == pytest.approx(1.5) and wins == 1.0  # leads of 2 and 4 grew to 5 and 5
    assert sd == pytest.approx(5 ** 0.5)  # pair differences changed by +-3 and +-1
    assert banked == pytest.approx(5.0)  # one banked stroke, then a lead of 5
    assert stroke == 1.0  # only game 1 had a strict largest stroke (4 > 2), and it won
    assert drift.drift(games, 1)[4] == 1.0  # after round 2 both did, and both won


def test_the_stroke_leader_share_counts_shared_victories_and_skips_ties(drift):
    games = [([[5, 5, 1]], (0, 1), [[0, 0, 0]], [[6, 2, 1]]),  # the holder shares a win
             ([[1, 2, 9]], (2,), [[0, 0, 0]], [[7, 3, 3]]),  # the holder loses
             ([[4, 4, 4]], (0,), [[0, 0, 0]], [[5, 5, 1]])]  # two hold the largest: left out
    assert drift.drift(games, 0)[4] == pytest.approx(0.25)
    assert math.isnan(drift.drift(games[2:], 0)[4])


def test_a_lead_that_turns_has_a_negative_slope_and_the_leader_loses(drift):
    games = [([[4, 1, 1], [4, 6, 5]], (1,), [[2, 0, 0], [2, 0, 0]], [[3, 1, 1], [3, 4, 2]]),
             ([[1, 1, 4], [5, 6, 4]], (1,), [[0, 0, 1], [0, 0, 1]], [[1, 1, 3], [2, 4, 3]])]
    slope, _, wins, banked, _ = drift.drift(games, 0)
    assert slope < 0 and wins == 0.0 and banked < 0


def test_the_table_is_the_same_for_the_same_seed(drift, capsys):
    drift.main(["--players", "2", "--games", "1", "--seed", "3"])
    first = capsys.readouterr().out
    drift.main(["--players", "2", "--games", "1", "--seed", "3"])
    assert capsys.readouterr().out == first and "after round" in first
