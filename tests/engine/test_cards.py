"""Tests for the Canvas card data in destijl.cards: the API and every design property."""

import doctest
from collections import Counter

import pytest

from destijl import cards
from destijl.cards import (
    CARDS,
    COLOR_NAMES,
    COLORS,
    ROTATIONS,
    Face,
    face_cells,
    rotate_face,
)

Cell = tuple[int, int]

CENTRE: frozenset[Cell] = frozenset({(1, 1)})
CORNERS: frozenset[Cell] = frozenset({(0, 0), (2, 0), (0, 2), (2, 2)})
EDGES: frozenset[Cell] = frozenset({(1, 0), (0, 1), (2, 1), (1, 2)})

BLOCK_SIZE = 3  # a "block" is a stroke of at least this many cells


def strokes(face: Face) -> list[tuple[str, frozenset[Cell]]]:
    """Split ``face`` into strokes: orthogonally connected runs of one colour."""
    colour_at = {(dx, dy): letter for dx, dy, letter in face_cells(face)}
    seen: set[Cell] = set()
    found: list[tuple[str, frozenset[Cell]]] = []
    for start, letter in colour_at.items():
        if start in seen:
            continue
        seen.add(start)
        stack, stroke = [start], {start}
        while stack:
            x, y = stack.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if colour_at.get(near) == letter and near not in seen:
                    seen.add(near)
                    stroke.add(near)
                    stack.append(near)
        found.append((letter, frozenset(stroke)))
    return found


def blocks(face: Face) -> list[tuple[str, frozenset[Cell]]]:
    """The strokes of ``face`` with at least ``BLOCK_SIZE`` cells."""
    return [(letter, cells) for letter, cells in strokes(face) if len(cells) >= BLOCK_SIZE]


def all_rotations(face: Face) -> set[Face]:
    return {rotate_face(face, rotation) for rotation in ROTATIONS}


def mirror(face: Face) -> Face:
    return (face[0][::-1], face[1][::-1], face[2][::-1])


def colour_counts(where: frozenset[Cell] | None = None) -> Counter[str]:
    """Cells of each colour over all 40 cards, optionally only at positions ``where``."""
    return Counter(
        letter
        for face in CARDS.values()
        for dx, dy, letter in face_cells(face)
        if where is None or (dx, dy) in where
    )


# --- API --------------------------------------------------------------------------------


def test_constants() -> None:
    assert COLORS == "RYBKW"
    assert COLOR_NAMES == {"R": "red", "Y": "yellow", "B": "blue", "K": "black", "W": "white"}
    assert list(COLOR_NAMES) == list(COLORS)
    assert ROTATIONS == (0, 90, 180, 270)


def test_forty_cards_numbered_in_order() -> None:
    assert list(CARDS) == list(range(1, 41))


@pytest.mark.parametrize("card_id", list(CARDS))
def test_face_is_three_rows_of_three_colour_letters(card_id: int) -> None:
    face = CARDS[card_id]
    assert isinstance(face, tuple)
    assert len(face) == 3
    for row in face:
        assert isinstance(row, str)
        assert len(row) == 3
        assert set(row) <= set(COLORS)


def test_rotate_face_quarter_turn_example() -> None:
    # New row r is old column r read bottom to top; old bottom-left becomes top-left.
    face = ("RYB", "KWR", "YBK")
    assert rotate_face(face, 0) == face
    assert rotate_face(face, 90) == ("YKR", "BWY", "KRB")
    assert rotate_face(face, 180) == ("KBY", "RWK", "BYR")
    assert rotate_face(face, 270) == ("BRK", "YWB", "RKY")


@pytest.mark.parametrize("card_id", list(CARDS))
def test_rotate_face_four_quarter_turns_are_identity(card_id: int) -> None:
    face = CARDS[card_id]
    turned = face
    for _ in range(4):
        turned = rotate_face(turned, 90)
    assert turned == face
    assert rotate_face(rotate_face(face, 90), 270) == face
    assert rotate_face(rotate_face(face, 180), 180) == face
    assert rotate_face(rotate_face(face, 90), 90) == rotate_face(face, 180)


@pytest.mark.parametrize("card_id", list(CARDS))
def test_rotate_face_moves_cells_clockwise(card_id: int) -> None:
    # Under a clockwise quarter turn, the cell at (dx, dy) moves to (2 - dy, dx).
    face = CARDS[card_id]
    turned = {(dx, dy): letter for dx, dy, letter in face_cells(rotate_face(face, 90))}
    for dx, dy, letter in face_cells(face):
        assert turned[(2 - dy, dx)] == letter


@pytest.mark.parametrize("rotation", [45, -90, 360, 1, 91])
def test_rotate_face_rejects_other_rotations(rotation: int) -> None:
    with pytest.raises(ValueError, match="rotation"):
        rotate_face(CARDS[1], rotation)


def test_face_cells_row_major() -> None:
    assert face_cells(("RYB", "KWR", "YBK")) == [
        (0, 0, "R"),
        (1, 0, "Y"),
        (2, 0, "B"),
        (0, 1, "K"),
        (1, 1, "W"),
        (2, 1, "R"),
        (0, 2, "Y"),
        (1, 2, "B"),
        (2, 2, "K"),
    ]


def test_docstring_examples() -> None:
    result = doctest.testmod(cards)
    assert result.attempted >= 3
    assert result.failed == 0


# --- Required set properties -------------------------------------------------------------


def test_each_colour_covers_exactly_72_cells() -> None:
    assert colour_counts() == {letter: 72 for letter in COLORS}
    assert sum(colour_counts().values()) == 360


@pytest.mark.parametrize("card_id", list(CARDS))
def test_card_shows_three_colours_and_at_most_five_of_one(card_id: int) -> None:
    counts = Counter("".join(CARDS[card_id]))
    assert len(counts) >= 3
    assert max(counts.values()) <= 5


def test_no_two_cards_equal_under_rotation() -> None:
    canonical = [min(all_rotations(face)) for face in CARDS.values()]
    assert len(set(canonical)) == len(CARDS)


@pytest.mark.parametrize("card_id", list(CARDS))
def test_no_card_symmetric_under_quarter_turn(card_id: int) -> None:
    face = CARDS[card_id]
    assert rotate_face(face, 90) != face


def test_at_least_half_the_cards_hold_a_block() -> None:
    with_block = [card_id for card_id, face in CARDS.items() if blocks(face)]
    assert len(with_block) >= len(CARDS) // 2
    assert len(with_block) == 27


def test_every_colour_owns_a_fair_share_of_blocks() -> None:
    # Fair share: each colour owns between 15% and 25% of all blocks (strokes of 3+ cells).
    owners = Counter(letter for face in CARDS.values() for letter, _ in blocks(face))
    total = sum(owners.values())
    assert total == 30
    for letter in COLORS:
        assert 0.15 * total <= owners[letter] <= 0.25 * total, (letter, owners)
    assert owners == {letter: 6 for letter in COLORS}


# --- Design properties beyond the brief: composition and positional balance ----------------


@pytest.mark.parametrize("card_id", list(CARDS))
def test_colour_strokes_are_rectangles_and_black_strokes_are_lines(card_id: int) -> None:
    for letter, cells in strokes(CARDS[card_id]):
        xs = {x for x, _ in cells}
        ys = {y for _, y in cells}
        if letter == "K":
            # A black line: straight bars meeting at most at one crossing (L, T, +).
            assert any(
                all(x == cx or y == cy for x, y in cells) for cx in range(3) for cy in range(3)
            ), cells
            # ...and never a 2x2 field of black.
            assert not any(
                {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} <= cells
                for x in range(2)
                for y in range(2)
            ), cells
        else:
            width = max(xs) - min(xs) + 1
            height = max(ys) - min(ys) + 1
            assert width * height == len(cells), (letter, cells)


@pytest.mark.parametrize("card_id", list(CARDS))
def test_no_colour_touches_itself_only_diagonally(card_id: int) -> None:
    stroke_of = {
        cell: index for index, (_, cells) in enumerate(strokes(CARDS[card_id])) for cell in cells
    }
    colour_at = {(dx, dy): letter for dx, dy, letter in face_cells(CARDS[card_id])}
    for (x, y), letter in colour_at.items():
        for corner in ((x + 1, y + 1), (x - 1, y + 1)):
            if colour_at.get(corner) == letter:
                assert stroke_of[corner] == stroke_of[(x, y)], ((x, y), corner)


@pytest.mark.parametrize("card_id", list(CARDS))
def test_stroke_count_between_four_and_seven(card_id: int) -> None:
    assert 4 <= len(strokes(CARDS[card_id])) <= 7


def test_no_two_cards_equal_under_rotation_and_reflection() -> None:
    canonical = [min(all_rotations(face) | all_rotations(mirror(face))) for face in CARDS.values()]
    assert len(set(canonical)) == len(CARDS)


@pytest.mark.parametrize(
    ("where", "per_colour"),
    [(CENTRE, 8), (CORNERS, 32), (EDGES, 32)],
    ids=["centre", "corners", "edges"],
)
def test_each_colour_equally_often_at_each_kind_of_position(
    where: frozenset[Cell], per_colour: int
) -> None:
    assert colour_counts(where) == {letter: per_colour for letter in COLORS}


@pytest.mark.parametrize("cell", [(dx, dy) for dy in range(3) for dx in range(3)])
def test_each_colour_eight_times_at_each_printed_position(cell: Cell) -> None:
    # With rotations off the printed orientation is the played one: keep it fair too.
    assert colour_counts(frozenset({cell})) == {letter: 8 for letter in COLORS}


def test_stroke_figures_per_colour() -> None:
    all_strokes = [
        (letter, len(cells)) for face in CARDS.values() for letter, cells in strokes(face)
    ]
    per_colour = Counter(letter for letter, _ in all_strokes)
    pairs = Counter(letter for letter, size in all_strokes if size == 2)
    block_cells: Counter[str] = Counter()
    for letter, size in all_strokes:
        if size >= BLOCK_SIZE:
            block_cells[letter] += size
    assert per_colour == {"R": 44, "Y": 45, "B": 44, "K": 44, "W": 44}
    assert pairs == {"R": 15, "Y": 14, "B": 15, "K": 15, "W": 15}
    assert block_cells == {letter: 19 for letter in COLORS}


def test_calm_to_busy_mix_of_stroke_counts() -> None:
    per_card = Counter(len(strokes(face)) for face in CARDS.values())
    assert per_card == {4: 6, 5: 14, 6: 13, 7: 7}
    # Ids run from calm to busy.
    counts = [len(strokes(CARDS[card_id])) for card_id in CARDS]
    assert counts == sorted(counts)
