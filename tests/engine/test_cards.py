"""The card set: every design property the issue asks for, checked on the data."""

from collections import Counter

import pytest

from destijl.cards import CARDS, COLORS, ROTATIONS, face_cells, rotate_face


def blocks(face):
    """Sizes and colours of the orthogonally connected same-colour groups of a face."""
    cells = {(dx, dy): letter for dx, dy, letter in face_cells(face)}
    seen, groups = set(), []
    for start, color in cells.items():
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            x, y = stack.pop()
            size += 1
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in seen and cells.get(nxt) == color:
                    seen.add(nxt)
                    stack.append(nxt)
        groups.append((color, size))
    return groups


def canonical(face):
    return min(rotate_face(face, rotation) for rotation in ROTATIONS)


def test_forty_cards_with_ids_1_to_40_and_full_faces():
    assert list(CARDS) == list(range(1, 41))
    for face in CARDS.values():
        assert len(face) == 3 and all(len(row) == 3 and set(row) <= set(COLORS) for row in face)


def test_each_colour_on_exactly_72_cells():
    counts = Counter("".join("".join(face) for face in CARDS.values()))
    assert counts == dict.fromkeys(COLORS, 72)


def test_each_colour_on_8_centre_cells():
    assert Counter(face[1][1] for face in CARDS.values()) == dict.fromkeys(COLORS, 8)


@pytest.mark.parametrize("card", sorted(CARDS))
def test_at_least_three_colours_and_at_most_five_cells_of_one(card):
    counts = Counter("".join(CARDS[card]))
    assert len(counts) >= 3
    assert max(counts.values()) <= 5


def test_no_two_cards_equal_under_rotation():
    shapes = Counter(canonical(face) for face in CARDS.values())
    assert max(shapes.values()) == 1


def test_no_card_symmetric_under_a_quarter_turn():
    assert all(rotate_face(face, 90) != face for face in CARDS.values())


def test_half_the_cards_hold_a_block_of_three_and_colours_share_fairly():
    with_block = [card for card, face in CARDS.items()
                  if any(size >= 3 for _, size in blocks(face))]
    assert len(with_block) >= 20
    per_color = Counter(color for face in CARDS.values()
                        for color, size in blocks(face) if size >= 3)
    total = sum(per_color.values())
    # fair share: every colour owns between 15% and 25% of the blocks of 3 or more
    assert set(per_color) == set(COLORS)
    assert all(0.15 * total <= per_color[color] <= 0.25 * total for color in COLORS)


def test_rotate_face():
    face = ("RYB", "KWW", "BBR")
    assert rotate_face(face, 90) == ("BKR", "BWY", "RWB")
    assert rotate_face(face, 0) == face
    for rotation in ROTATIONS:
        turned = rotate_face(face, rotation)
        assert rotate_face(turned, (360 - rotation) % 360) == face
    assert rotate_face(rotate_face(face, 90), 270) == face
    with pytest.raises(ValueError, match="rotation must be one of"):
        rotate_face(face, 45)
