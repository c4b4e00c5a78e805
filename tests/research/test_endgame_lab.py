"""build_scripts/research/endgame_lab.py: the paired late-position screen (docs/levels.md,
"How to measure a change")."""

import pytest

from helpers import build_script

# The research scripts' tests (build_scripts/research/): `pytest -m research` runs them alone.
pytestmark = pytest.mark.research


@pytest.fixture(scope="module")
def lab():
    return build_script("endgame_lab", "research")


def test_every_seat_of_every_position_is_played_by_every_variant(lab):
    variants = ["hard", "expert:iterations=8;samples=4", "hard"]  # a repeat is played once
    results = lab.run(2, 13, 2, seed=5, variants=variants)
    assert all(len(rows) == 2 * 2 for rows in results.values())
    # hard in every seat: a position's two trials are one game, seen from either seat
    rows = results["hard"]
    assert [rows[i][0] + rows[i + 1][0] for i in (0, 2)] == [1.0, 1.0]
    assert [rows[i][1] + rows[i + 1][1] for i in (0, 2)] == [0, 0]
    assert results["expert:iterations=8;samples=4"] != rows  # the expert played a seat


def test_the_first_variant_is_the_baseline_and_the_table_repeats(lab, capsys):
    argv = ["--players", "2", "--start", "14", "--positions", "1", "--variants", "hard,expert"]
    lab.main(argv)
    first = capsys.readouterr().out
    assert first.splitlines()[3].split()[3:] == ["+0.0", "0.0", "0"]  # hard against itself
    lab.main(argv)
    assert capsys.readouterr().out == first


def test_a_variant_names_expert_keywords(lab):
    bot = lab.make_bot("expert:iterations=8;exact=40")
    assert bot._bot.iterations == 8 and bot._bot.given == {"exact": 40}
    with pytest.raises(ValueError, match="--expert-options"):
        lab.make_bot("expert:nonsense=1")
