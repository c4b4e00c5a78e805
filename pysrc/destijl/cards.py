"""The 40 Canvas cards of De Stijl: their faces, as plain data.

A card's face is a 3x3 grid of cells, written as three row strings read top to
bottom, each a left-to-right run of colour letters from ``COLORS``:
``R`` red, ``Y`` yellow, ``B`` blue, ``K`` black, ``W`` white. ``CARDS`` holds
each face in its printed orientation (rotation 0); ``rotate_face`` turns it
clockwise by a multiple of 90 degrees and ``face_cells`` lists its cells with
their offsets from the top-left cell.

Design
------
The set is our own. It was chosen once by a seeded search (simulated annealing
over every 3x3 face that passes the composition rules below, weighing the set
targets below) and is hard-coded here; the search script is not part of the
project. Each face is meant to read as a tiny Mondrian: fields of colour, white
space and black lines, never a checkerboard of noise.

Composition rules, on every card:

- it shows at least 3 colours and at most 5 cells of any one colour;
- every red, yellow, blue and white stroke (orthogonally connected run of one
  colour) is a filled rectangle: 1x1, 1x2, 1x3 or 2x2;
- every black stroke is a line: a straight bar, or bars meeting in an L, T or
  cross, never a 2x2 square;
- two cells of one colour never touch only at a corner, so no colour dribbles
  diagonally across the card;
- it has 4 to 7 strokes, and it is not symmetric under a quarter turn.

Set properties (the tests in ``tests/engine/test_cards.py`` check them):

- every colour covers exactly 72 of the 360 cells, 8 of the 40 centre cells,
  32 of the 160 corner cells and 32 of the 160 edge-middle cells, so no colour
  is favoured by where a placement can cover or expose it;
- no two cards are equal under rotation, nor under rotation and reflection;
- 27 cards hold a block (a stroke of 3 or more cells); there are 30 blocks in
  all, exactly 6 per colour (20% each), and every colour has 19 cells in blocks;
- strokes per colour across the set: red 44, yellow 45, blue 44, black 44,
  white 44; of these, 2-cell strokes: 15, 14, 15, 15, 15;
- cards with 4, 5, 6 and 7 strokes: 6, 14, 13 and 7, from calm to busy.

Cards are numbered 1 to 40, ordered by stroke count and then by face text.
"""

COLORS: str = "RYBKW"
"""The five colour letters, in a fixed order: red, yellow, blue, black, white."""

COLOR_NAMES: dict[str, str] = {
    "R": "red",
    "Y": "yellow",
    "B": "blue",
    "K": "black",
    "W": "white",
}
"""Colour letter -> colour name, e.g. ``COLOR_NAMES["K"] == "black"``."""

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""The clockwise rotations a card can be placed in, in degrees."""

Face = tuple[str, str, str]
"""A card face: three row strings, top to bottom, e.g. ``("KWR", "KWR", "RBY")``."""

CARDS: dict[int, Face] = {
    1: ("BBY", "BBY", "WKY"),
    2: ("BKK", "BWW", "RWW"),
    3: ("BRR", "KYY", "KYY"),
    4: ("BWB", "BWB", "YYY"),
    5: ("KRW", "KKK", "YYY"),
    6: ("RYY", "RKK", "RWK"),
    7: ("BBB", "WYR", "KKR"),
    8: ("BBK", "RRY", "RRW"),
    9: ("BRR", "BYB", "WWW"),
    10: ("KBB", "RRR", "BBK"),
    11: ("KRY", "KRY", "BWY"),
    12: ("KWK", "KWY", "KBY"),
    13: ("RRR", "WBB", "WRK"),
    14: ("WKY", "YKY", "YWW"),
    15: ("WRR", "WYK", "WBB"),
    16: ("WWR", "BYY", "BWW"),
    17: ("WYW", "WKW", "YYY"),
    18: ("YBW", "YBW", "WBR"),
    19: ("YWK", "YWK", "KRR"),
    20: ("YWW", "BKR", "BKK"),
    21: ("BBB", "YRR", "WBY"),
    22: ("BBK", "KYK", "BBR"),
    23: ("KBB", "RWK", "BBB"),
    24: ("KKB", "YRY", "WWW"),
    25: ("KYB", "BYR", "KKK"),
    26: ("RKB", "RKR", "RWB"),
    27: ("RRW", "WKW", "YBW"),
    28: ("RWB", "RKB", "WYB"),
    29: ("RYW", "RYK", "WWR"),
    30: ("WKK", "RBR", "YYR"),
    31: ("WWK", "KBK", "KYR"),
    32: ("YKK", "BRK", "KWW"),
    33: ("YYB", "KRR", "YYB"),
    34: ("KRY", "BRK", "YRW"),
    35: ("KRY", "YBY", "RKK"),
    36: ("RWB", "KWY", "BWR"),
    37: ("RWR", "BWY", "YKK"),
    38: ("WRR", "KBW", "WYY"),
    39: ("YRR", "BWY", "RKK"),
    40: ("YWR", "BBR", "RWY"),
}
"""Card id (1..40) -> face in its printed orientation (rotation 0)."""


def rotate_face(face: Face, rotation: int) -> Face:
    """Return ``face`` turned clockwise by ``rotation`` degrees.

    After a quarter turn, row ``r`` is the old column ``r`` read bottom to top,
    so the old bottom-left cell becomes the top-left cell.

    >>> rotate_face(("RYB", "KWR", "YBK"), 90)
    ('YKR', 'BWY', 'KRB')
    >>> rotate_face(("RYB", "KWR", "YBK"), 180)
    ('KBY', 'RWK', 'BYR')

    Raises ``ValueError`` for a rotation not in ``ROTATIONS``.
    """
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
    for _ in range(ROTATIONS.index(rotation)):
        face = _quarter_turn(face)
    return face


def _quarter_turn(face: Face) -> Face:
    """Turn ``face`` a quarter clockwise: new row r = old column r, bottom to top."""
    size = len(face)
    rows = tuple("".join(face[size - 1 - y][x] for y in range(size)) for x in range(size))
    return (rows[0], rows[1], rows[2])


def face_cells(face: Face) -> list[tuple[int, int, str]]:
    """List ``face``'s cells as ``(dx, dy, letter)``, row by row.

    ``dx`` counts columns to the right and ``dy`` rows down from the top-left cell.

    >>> face_cells(("RYB", "KWR", "YBK"))[:4]
    [(0, 0, 'R'), (1, 0, 'Y'), (2, 0, 'B'), (0, 1, 'K')]
    """
    return [(dx, dy, letter) for dy, row in enumerate(face) for dx, letter in enumerate(row)]
