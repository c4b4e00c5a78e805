"""The Painting: placing, covering, legal positions, with golden counts."""

import pytest

from destijl import Painting
from helpers import grid


def test_place_lays_the_face_on_top():
    painting = Painting(grid("KKK\nKKK\nKKK"))
    painting.place(("RYB", "WWW", "BYR"), 1, 1)
    assert painting[(1, 1)] == "R"
    assert painting[(3, 3)] == "R"
    assert painting[(0, 0)] == "K"
    assert len(painting) == 9 + 5


@pytest.mark.parametrize(
    ("x", "y", "expected"),
    [(0, 0, 9), (1, 1, 4), (2, 2, 1), (-2, -2, 1), (-1, 0, 6), (3, 0, 0), (2, -1, 2)],
)
def test_covered_counts_cells_under_the_card(x, y, expected):
    painting = Painting(grid("RRR\nRRR\nRRR"))
    assert painting.covered(x, y) == expected


def test_golden_legal_positions_of_a_single_card():
    painting = Painting(grid("RRR\nRRR\nRRR"))
    legal = painting.legal_positions()
    # hand count: a 3x3 over a 3x3 covers (3-|dx|)*(3-|dy|) cells; 2..4 means
    # |dx|,|dy| in {(1,1): 4, (1,2): 2, (2,1): 2, (2,2): 1 no, (0,2): 3, (2,0): 3}
    # -> 4 corners at distance (1,1), 8 at (1,2)/(2,1), 4 at (0,2)/(2,0): 16 positions
    assert len(legal) == 16
    assert (1, 1) in legal and (2, 2) not in legal and (0, 2) in legal and (0, 1) not in legal
    assert legal == sorted(legal, key=lambda pos: (pos[1], pos[0]))


def test_golden_legal_positions_of_an_l_shaped_painting():
    painting = Painting(grid("""
        RRR...
        RRR...
        RRRBBB
        ...BBB
        ...BBB
    """))
    counts = painting.cover_counts()
    # (1,1): 4 R + (3,2),(3,3) B; (2,2): (2,2) R + six B; (4,0): (4,2),(5,2)
    assert counts[(1, 1)] == 6 and counts[(2, 2)] == 7 and counts[(4, 0)] == 2
    # counted by brute force over every window, independently of Painting
    assert len(painting.legal_positions()) == 24


def test_bounds():
    assert Painting(grid("R.\n.B", origin=(-2, 5))).bounds() == (-2, 5, -1, 6)
    assert Painting().bounds() == (0, 0, -1, -1)
