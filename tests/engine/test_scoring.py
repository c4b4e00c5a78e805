"""Scoring on concrete, hand-counted paintings: every interpretation in docs/rules.md."""

import pytest

from destijl import BadRequest, Outcome, TieBreak, find_strokes, score_painting
from helpers import grid


def seats_of(sheet):
    return [(s["strokes"], s["bonus"], s["total"], s["largest"]) for s in sheet.to_dict()["seats"]]


def test_strokes_are_orthogonal_components():
    cells = grid("""
        RRB
        BRB
        RBB
    """)
    strokes = sorted((s.color, s.size) for s in find_strokes(cells))
    # R: the L of three at the top-left, the lone R bottom-left (diagonal does not join)
    # B: the lone B at (0,1), the hook of four on the right and bottom
    assert strokes == [("B", 1), ("B", 4), ("R", 1), ("R", 3)]


def test_gaps_split_strokes():
    cells = grid("RR.RR")
    assert sorted(s.size for s in find_strokes(cells)) == [2, 2]


def test_two_players_largest_shared_by_both():
    cells = grid("""
        RRB
        BWB
    """)
    sheet = score_painting(cells, [["R"], ["B"]])
    # sizes: R2, B2, B1, W1 -> largest size 2 owned by both seats: +3 each
    assert seats_of(sheet) == [(1, 3, 4, 2), (2, 3, 5, 2)]
    assert sheet.to_dict()["winners"] == [1]


def test_two_player_seats_own_two_colours():
    cells = grid("""
        RRYK
        YBBK
        WWWK
    """)
    sheet = score_painting(cells, [["R", "Y"], ["B", "K"]])
    # seat 0: R2, Y1, Y1 -> 3 strokes; seat 1: B2, K3 -> 2 strokes; W3 is unused.
    # Largest size 3 (K and W): seat 1 gets +3, the unused W does not block it.
    assert seats_of(sheet) == [(3, 0, 3, 2), (2, 3, 5, 3)]
    assert sheet.to_dict()["winners"] == [1]


def test_largest_in_unused_colour_is_lost_and_next_bonus_goes_to_next_size():
    cells = grid("""
        KKKKK
        RRRYW
        YYYBB
    """)
    # 3 players R, Y, B: sizes K5 (unused), R3, Y3, Y1, W1, B2
    sheet = score_painting(cells, [["R"], ["Y"], ["B"]])
    ranks = [(r.rank, r.points, r.size, r.seats) for r in sheet.bonus_ranks]
    assert ranks == [(1, 4, 5, ()), (2, 2, 3, (0, 1))]
    assert seats_of(sheet) == [(1, 2, 3, 3), (2, 2, 4, 3), (1, 0, 1, 2)]
    assert sheet.to_dict()["winners"] == [1]


def test_one_seat_can_win_several_bonuses_and_each_once():
    cells = grid("""
        RRRRRR.YYYYY
        ............
        RRRR..RRRR..
        BBB.........
    """)
    # 4 players: sizes R6, Y5, R4, R4, B3 -> ranks 6 (+5), 5 (+3), 4 (+1)
    sheet = score_painting(cells, [["R"], ["Y"], ["B"], ["K"]])
    assert [(r.size, r.seats) for r in sheet.bonus_ranks] == [(6, (0,)), (5, (1,)), (4, (0,))]
    # R owns two strokes of size 4 but scores the third bonus once
    assert seats_of(sheet) == [(3, 6, 9, 6), (1, 3, 4, 5), (1, 0, 1, 3), (0, 0, 0, 0)]


def test_tied_bonus_goes_to_all_and_next_bonus_to_next_size():
    cells = grid("""
        RRR.YYY.BB.K
    """)
    sheet = score_painting(cells, [["R"], ["Y"], ["B"], ["K"], ["W"]])
    # sizes: R3 Y3 (tie +5 each), B2 (+3), K1 (+1); W owns nothing
    assert seats_of(sheet) == [(1, 5, 6, 3), (1, 5, 6, 3), (1, 3, 4, 2), (1, 1, 2, 1),
                               (0, 0, 0, 0)]
    # R and Y tie on 6 points and on the largest stroke: a shared victory
    assert sheet.to_dict()["winners"] == [0, 1]
    assert sheet.tie_break is TieBreak.SHARED and Outcome.of(sheet).winners == (0, 1)


def test_fewer_sizes_than_bonuses():
    cells = grid("RYBK")
    sheet = score_painting(cells, [["R"], ["Y"], ["B"], ["K"]])
    assert [(r.size, r.seats) for r in sheet.bonus_ranks] == [(1, (0, 1, 2, 3)), (None, ()),
                                                              (None, ())]
    assert [s["total"] for s in sheet.to_dict()["seats"]] == [6, 6, 6, 6]


def test_tie_on_points_broken_by_largest_single_stroke():
    cells = grid("""
        RRRR.B.B.B.B.Y
    """)
    # players=3 table (+4, +2): sizes R4 (+4 to R), 1 (+2 to B and Y)
    sheet = score_painting(cells, [["R"], ["B"], ["Y"]])
    # R: 1 stroke + 4 = 5; B: 4 strokes + 2 = 6; Y: 1 + 2 = 3 -> B wins outright
    assert sheet.to_dict()["winners"] == [1]
    assert sheet.tie_break is None and Outcome.of(sheet).tied == ()
    cells = grid("""
        RRRR.B.B.B.Y
    """)
    # R: 1 + 4 = 5; B: 3 + 2 = 5 -> tie, R has the larger single stroke
    sheet = score_painting(cells, [["R"], ["B"], ["Y"]])
    assert sheet.to_dict()["winners"] == [0]
    assert sheet.tie_break is TieBreak.LARGEST_STROKE and sheet.tied == (0, 1)
    assert Outcome.of(sheet).to_dict() == {"termination": "deck_empty", "winners": [0],
                                           "tie_break": "largest_stroke", "tied": [0, 1]}


def test_players_option_picks_the_bonus_table():
    cells = grid("RRB")
    assert seats_of(score_painting(cells, [["R"], ["B"]], players=4)) == [(1, 5, 6, 2),
                                                                          (1, 3, 4, 1)]


def test_empty_painting_scores_nothing_and_everyone_shares():
    sheet = score_painting({}, [["R"], ["B"]])
    assert seats_of(sheet) == [(0, 0, 0, 0), (0, 0, 0, 0)]
    assert sheet.to_dict()["winners"] == [0, 1]


@pytest.mark.parametrize(
    ("cells", "seats", "players"),
    [
        ({(0, 0): "Q"}, [["R"], ["B"]], None),
        ({(0, 0.5): "R"}, [["R"], ["B"]], None),
        ("RRB", [["R"], ["B"]], None),
        ({}, [["R"], ["R"]], None),
        ({}, [["R"]], None),
        ({}, [["R"], ["B"]], 7),
        ({}, [["R"], [5]], None),
        ({}, None, None),
    ],
)
def test_bad_input_raises_bad_request(cells, seats, players):
    with pytest.raises(BadRequest):
        score_painting(cells, seats, players)


# The rulebook's bonus table, written out (never imported from the engine): the points for
# the largest, 2nd largest and 3rd largest stroke, by number of players.
RULEBOOK_BONUSES = {2: (3,), 3: (4, 2), 4: (5, 3, 1), 5: (5, 3, 1)}
DISTINCT_SIZES = "RRRR.YYY.BB.K"  # one stroke each of 4 (R), 3 (Y), 2 (B) and 1 (K) cells
SEATS = {2: [["R", "B"], ["Y", "K"]], 3: [["R"], ["Y"], ["B"]],
         4: [["R"], ["Y"], ["B"], ["K"]], 5: [["R"], ["Y"], ["B"], ["K"], ["W"]]}
# players: (each seat's bonus, each seat's total), counted by hand from the table above
BY_HAND = {
    2: ([3, 0], [5, 2]),  # R4 +3 to seat 0; each seat owns two strokes
    3: ([4, 2, 0], [5, 3, 1]),  # R4 +4, Y3 +2
    4: ([5, 3, 1, 0], [6, 4, 2, 1]),  # R4 +5, Y3 +3, B2 +1
    5: ([5, 3, 1, 0, 0], [6, 4, 2, 1, 0]),  # the same table; white owns nothing
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_bonus_table_of_each_player_count(players):
    sheet = score_painting(grid(DISTINCT_SIZES), SEATS[players])
    assert tuple(rank.points for rank in sheet.bonus_ranks) == RULEBOOK_BONUSES[players]
    assert [rank.size for rank in sheet.bonus_ranks] == [4, 3, 2][: len(RULEBOOK_BONUSES[players])]
    bonus, total = BY_HAND[players]
    assert [line.bonus for line in sheet.seats] == bonus
    assert [line.total for line in sheet.seats] == total
    assert sheet.to_dict()["winners"] == [0]


def test_strokes_are_listed_row_by_row_by_their_first_cell():
    drawn = grid("""
        RB
        YR
    """)
    cells = dict(reversed(drawn.items()))  # the order of the mapping does not matter
    assert [(s.color, sorted(s.cells)) for s in find_strokes(cells)] == [
        ("R", [(0, 0)]), ("B", [(1, 0)]), ("Y", [(0, 1)]), ("R", [(1, 1)])]
