"""score_painting refuses what is not a Painting or a player count, with the rule named.

Written for mutants that survived `make mutation` (docs/testing.md): a cell key of three
integers, a non-tuple key of two, and a player count given as a float.
"""

import pytest

from destijl.errors import BadRequest
from destijl.scoring import score_painting

SEATS = [["R"], ["Y"], ["B"]]


@pytest.mark.parametrize("cell", [(0, 0, 0), frozenset({1, 2}), (0,)])
def test_a_cell_must_be_an_x_y_pair(cell) -> None:
    with pytest.raises(BadRequest, match=r"cells: .* is not an \(x, y\) pair of integers"):
        score_painting({cell: "R"}, SEATS)


@pytest.mark.parametrize("players", [3.0, True, "3", 6, 1])
def test_the_player_count_is_a_whole_number_from_2_to_5(players) -> None:
    with pytest.raises(BadRequest, match=r"players: expected 2 to 5, got"):
        score_painting({(0, 0): "R"}, SEATS, players)


def test_a_good_painting_scores() -> None:
    sheet = score_painting({(0, 0): "R", (1, 0): "R", (0, 1): "Y"}, SEATS, 3)
    assert [seat.strokes for seat in sheet.seats] == [1, 1, 0]
