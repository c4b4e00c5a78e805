"""The 40 Canvas cards of our De Stijl set, and how a card face turns.

The rulebook does not print the card faces, so this set is our own design. A face is
three rows of three letters: R Y B K W for red, yellow, blue, black and white. The set
was chosen by a seeded search over candidate faces (blocks of colour, white space, black
lines) and then checked, as ``tests/engine/test_cards.py`` does again:

- each colour appears on exactly 72 of the 360 cells, and on 8 of the 40 centre cells;
- every card shows 3 or more colours and at most 5 cells of one colour;
- no two cards are equal under rotation, and none is symmetric under a quarter turn;
- 26 of the 40 cards hold an orthogonally connected block of 3 or more cells of one
  colour, Mondrian's blocks; there are 30 such blocks, 6 of each colour.

Each card is stored in an orientation drawn at random, so that with the rotations
option off no colour is favoured in any corner.
"""

from __future__ import annotations

COLORS: str = "RYBKW"
COLOR_NAMES: dict[str, str] = {"R": "red", "Y": "yellow", "B": "blue", "K": "black",
                               "W": "white"}
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

Face = tuple[str, str, str]

CARDS: dict[int, Face] = {
    1: ("BRB", "KKK", "KYY"),
    2: ("BYW", "WYW", "WYW"),
    3: ("YYR", "RKY", "YWW"),
    4: ("RRB", "WYB", "KWW"),
    5: ("BBR", "WYR", "KKY"),
    6: ("YRB", "YWB", "YWB"),
    7: ("BRY", "WRW", "KRY"),
    8: ("BYR", "YBB", "RRK"),
    9: ("RWY", "WBY", "RRY"),
    10: ("BBK", "KRK", "KWK"),
    11: ("YRW", "KRW", "WBW"),
    12: ("BBB", "YYY", "KWW"),
    13: ("RRR", "YYW", "RRW"),
    14: ("RWR", "YWK", "YWK"),
    15: ("KRR", "YYK", "BBW"),
    16: ("BBW", "KRY", "RBY"),
    17: ("WYB", "BYW", "BYK"),
    18: ("KBW", "KWK", "BRK"),
    19: ("KKR", "WBB", "WBB"),
    20: ("RWB", "YWK", "RYK"),
    21: ("RRY", "RRB", "BBW"),
    22: ("RRR", "WBY", "YKK"),
    23: ("RYY", "RWB", "RWB"),
    24: ("BKR", "WWK", "WWK"),
    25: ("YKK", "RKW", "YBW"),
    26: ("KRK", "BKK", "WYY"),
    27: ("BKB", "BWB", "YYB"),
    28: ("BBW", "KKR", "WBY"),
    29: ("WYR", "WBR", "BKK"),
    30: ("RRW", "KBW", "RYW"),
    31: ("KBK", "BKR", "YYY"),
    32: ("BBK", "RRY", "BKR"),
    33: ("RBW", "KBW", "BKW"),
    34: ("YRY", "KKW", "WKY"),
    35: ("YYK", "WRR", "RWW"),
    36: ("YYW", "WWK", "RYK"),
    37: ("WKR", "YYR", "KRW"),
    38: ("YKK", "RRR", "KBK"),
    39: ("BBB", "KKK", "WBY"),
    40: ("RRY", "BBB", "YYK"),
}


def rotate_face(face: Face, rotation: int) -> Face:
    """The face turned clockwise by ``rotation`` degrees (0, 90, 180 or 270).

    A quarter turn makes the left column, read bottom to top, the new top row:

    >>> rotate_face(("RYB", "KWW", "BBR"), 90)
    ('BKR', 'BWY', 'RWB')
    >>> rotate_face(("RYB", "KWW", "BBR"), 180)
    ('RBB', 'WWK', 'BYR')
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of 0, 90, 180, 270, not {rotation!r}")
    for _ in range(rotation // 90):
        face = (face[2][0] + face[1][0] + face[0][0],
                face[2][1] + face[1][1] + face[0][1],
                face[2][2] + face[1][2] + face[0][2])
    return face


def face_cells(face: Face) -> list[tuple[int, int, str]]:
    """The cells of a face as ``(dx, dy, letter)``, row by row (dx right, dy down).

    >>> face_cells(("RYB", "KWW", "BBR"))[:4]
    [(0, 0, 'R'), (1, 0, 'Y'), (2, 0, 'B'), (0, 1, 'K')]
    """
    return [(dx, dy, letter) for dy, row in enumerate(face) for dx, letter in enumerate(row)]
