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

- every colour covers exactly 72 of the 360 cells, and exactly 8 of the 40
  cells at each of the nine positions of a face (so 8 centres, 32 corners and
  32 edge-middles): the printed orientations were chosen for this, so no colour
  is favoured by where a placement covers or exposes cells, even with rotations
  off;
- no two cards are equal under rotation, nor under rotation and reflection;
- 27 cards hold a block (a stroke of 3 or more cells); there are 30 blocks in
  all, exactly 6 per colour (20% each), and every colour has 19 cells in blocks;
- strokes per colour across the set: red 44, yellow 45, blue 44, black 44,
  white 44; of these, 2-cell strokes: 15, 14, 15, 15, 15;
- cards with 4, 5, 6 and 7 strokes: 6, 14, 13 and 7, from calm to busy.

Cards are numbered 1 to 40, ordered by stroke count and then by face text.
"""

from .errors import BadRotation

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
    1: ("BKK", "BWW", "RWW"),
    2: ("BRR", "KYY", "KYY"),
    3: ("RYY", "RKK", "RWK"),
    4: ("WBB", "KBB", "YYY"),
    5: ("YBB", "YWW", "YBB"),
    6: ("YYY", "KKK", "WRK"),
    7: ("BBB", "WYR", "KKR"),
    8: ("KBB", "RRR", "BBK"),
    9: ("KKK", "BWW", "YYK"),
    10: ("KRW", "BBW", "RRR"),
    11: ("KRY", "KRY", "BWY"),
    12: ("RRB", "RRB", "WYK"),
    13: ("RRK", "KWY", "KWY"),
    14: ("WBB", "WYR", "WBR"),
    15: ("WRK", "WKK", "YBB"),
    16: ("WWR", "BYY", "BWW"),
    17: ("WWW", "BYR", "BKR"),
    18: ("WWY", "YKY", "YKW"),
    19: ("YBW", "YBW", "WBR"),
    20: ("YWW", "YKY", "YWW"),
    21: ("BRK", "BWB", "BKB"),
    22: ("BRK", "YYK", "KBK"),
    23: ("BWR", "RKR", "BKR"),
    24: ("BYW", "KRW", "KYW"),
    25: ("KBY", "WRK", "WKK"),
    26: ("KKR", "BYB", "BKB"),
    27: ("RWB", "RKB", "WYB"),
    28: ("RWW", "KYR", "WYR"),
    29: ("RYK", "KBK", "KWW"),
    30: ("RYY", "RBR", "KKW"),
    31: ("WBY", "WKW", "WRR"),
    32: ("WYB", "BRB", "YRB"),
    33: ("YKY", "YRY", "BRB"),
    34: ("BKR", "WWW", "RYB"),
    35: ("KKR", "YBY", "YRK"),
    36: ("KKR", "YWB", "RRY"),
    37: ("RYK", "WWK", "RBY"),
    38: ("YKW", "RRR", "KBY"),
    39: ("YWR", "RBB", "RWY"),
    40: ("YYW", "WBK", "RRW"),
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

    Raises ``BadRotation`` (a ``ValueError``) for a rotation not in ``ROTATIONS``.
    """
    if rotation not in ROTATIONS:
        raise BadRotation(f"rotation must be one of {ROTATIONS}, not {rotation!r}")
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
