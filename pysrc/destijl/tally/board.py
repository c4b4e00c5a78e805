"""A fast, incremental model of the Painting for the bots.

Cells are packed into integers (``pack(x, y)``), colours are indices into ``COLORS``, and
the board keeps what scoring and move generation need up to date after every placement:
the strokes (a label per cell and each stroke's colour and size), how many strokes each
colour has, how many strokes of each size each colour has, and how many cells every
top-left position would cover (hence the legal positions).

A placement only changes the strokes that its 3x3 footprint touches (covers or borders),
so ``apply`` re-floods just those; ``destijl.tally.delta`` scores a placement without
applying it at all.

>>> board = Board.from_cells({(0, 0): "R", (1, 0): "R", (0, 1): "B"})
>>> sorted(board.stroke_sizes())
[('B', 1), ('R', 2)]
>>> board.apply(face_colors(("BBB", "BBB", "BBB")), pack(0, 1))
>>> sorted(board.stroke_sizes())
[('B', 9), ('R', 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from ..cards import COLORS

STRIDE = 1 << 10  # packed cells: (y + HALF) * STRIDE + (x + HALF)
HALF = STRIDE // 2
MIN_COVER, MAX_COVER = 2, 4
COLOR_INDEX: dict[str, int] = {letter: index for index, letter in enumerate(COLORS)}
NEIGHBOURS = (1, -1, STRIDE, -STRIDE)
# the footprint of a card at top-left 0, cell i = 3 * dy + dx
FOOT: tuple[int, ...] = tuple(dy * STRIDE + dx for dy in range(3) for dx in range(3))
# the 12 cells orthogonally around the footprint, each with the footprint cell it borders
RING: tuple[tuple[int, int], ...] = (
    tuple((dx - STRIDE, dx) for dx in range(3))
    + tuple((3 * STRIDE + dx, 6 + dx) for dx in range(3))
    + tuple((dy * STRIDE - 1, 3 * dy) for dy in range(3))
    + tuple((dy * STRIDE + 3, 3 * dy + 2) for dy in range(3))
)

Face9 = tuple[int, ...]  # the nine colour indices of a (turned) face, footprint order


def pack(x: int, y: int) -> int:
    """The packed key of cell (x, y)."""
    return (y + HALF) * STRIDE + x + HALF


def unpack(key: int) -> tuple[int, int]:
    """The (x, y) of a packed key."""
    row, col = divmod(key, STRIDE)
    return col - HALF, row - HALF


def face_colors(face: Iterable[str]) -> Face9:
    """A face given as three rows of letters, as nine colour indices."""
    return tuple(COLOR_INDEX[letter] for row in face for letter in row)


class Board:
    """Cells, strokes, the stroke tally and the cover counts of one Painting."""

    __slots__ = ("_desc", "_next", "cells", "colors", "count", "cover", "hist", "htot",
                 "label", "legal", "sizes", "stamp", "where")

    def __init__(self) -> None:
        self.cells: dict[int, int] = {}  # packed cell -> colour index
        self.label: dict[int, int] = {}  # packed cell -> stroke id
        self.sizes: dict[int, int] = {}  # stroke id -> cells
        self.colors: dict[int, int] = {}  # stroke id -> colour index
        self.count: list[int] = [0] * len(COLORS)  # strokes per colour
        self.hist: dict[int, list[int]] = {}  # stroke size -> strokes of that size per colour
        self.htot: dict[int, int] = {}  # stroke size -> strokes of that size
        self.cover: dict[int, int] = {}  # top-left position -> visible cells it would cover
        self.legal: list[int] = []  # positions covering 2 to 4 cells
        self.where: dict[int, int] = {}  # legal position -> its index in ``legal``
        self.stamp = 0  # placements applied so far (lets caches notice a change)
        self._next = 0
        self._desc: list[int] | None = None

    # -- building ---------------------------------------------------------------------
    @classmethod
    def from_cells(cls, cells: Mapping[tuple[int, int], str]) -> Board:
        """The board of a Painting (any mapping ``(x, y) -> letter``)."""
        board = cls()
        ordered = sorted(cells, key=lambda cell: (cell[1], cell[0]))
        board.cells = {pack(x, y): COLOR_INDEX[cells[(x, y)]] for x, y in ordered}
        for key in board.cells:
            board._cover_new(key)
        for key in board.cells:
            if key not in board.label:
                board._flood_new(key)
        return board

    def copy(self) -> Board:
        """An independent copy."""
        twin = Board.__new__(Board)
        twin.cells = self.cells.copy()
        twin.label = self.label.copy()
        twin.sizes = self.sizes.copy()
        twin.colors = self.colors.copy()
        twin.count = self.count[:]
        twin.hist = {size: row[:] for size, row in self.hist.items()}
        twin.htot = self.htot.copy()
        twin.cover = self.cover.copy()
        twin.legal = self.legal[:]
        twin.where = self.where.copy()
        twin.stamp = self.stamp
        twin._next = self._next
        twin._desc = self._desc
        return twin

    # -- reading ----------------------------------------------------------------------
    def stroke_sizes(self) -> Iterator[tuple[str, int]]:
        """Every stroke as ``(letter, size)``."""
        for stroke, size in self.sizes.items():
            yield COLORS[self.colors[stroke]], size

    def sizes_desc(self) -> list[int]:
        """The distinct stroke sizes present, largest first (cached)."""
        if self._desc is None:
            self._desc = sorted(self.htot, reverse=True)
        return self._desc

    # -- changing ---------------------------------------------------------------------
    def apply(self, face: Face9, pos: int) -> None:
        """Lay ``face`` with its top-left cell at ``pos`` and update strokes and tallies."""
        self.stamp += 1
        cells, label = self.cells, self.label
        touched = set()
        for offset in FOOT:
            stroke = label.get(pos + offset)
            if stroke is not None:
                touched.add(stroke)
        for offset, _ in RING:
            stroke = label.get(pos + offset)
            if stroke is not None:
                touched.add(stroke)
        for stroke in sorted(touched):
            self._drop(stroke)
        for offset, color in zip(FOOT, face, strict=True):
            key = pos + offset
            if key not in cells:
                self._cover_new(key)
            cells[key] = color
            label.pop(key, None)
        for stroke_cells in (FOOT, (offset for offset, _ in RING)):
            for offset in stroke_cells:
                key = pos + offset
                if key in cells and label.get(key) not in self.sizes:
                    self._flood_new(key)

    def _drop(self, stroke: int) -> None:
        size = self.sizes.pop(stroke)
        color = self.colors.pop(stroke)
        self.count[color] -= 1
        self.hist[size][color] -= 1
        self.htot[size] -= 1
        if not self.htot[size]:
            del self.htot[size], self.hist[size]
            self._desc = None

    def _flood_new(self, start: int) -> None:
        """Label the stroke through ``start`` as a new stroke and tally it."""
        cells, label = self.cells, self.label
        color = cells[start]
        stroke = self._next
        self._next += 1
        label[start] = stroke
        stack = [start]
        size = 0
        while stack:
            key = stack.pop()
            size += 1
            for step in NEIGHBOURS:
                nxt = key + step
                if cells.get(nxt) == color and label.get(nxt) != stroke:
                    label[nxt] = stroke
                    stack.append(nxt)
        self.sizes[stroke] = size
        self.colors[stroke] = color
        self.count[color] += 1
        row = self.hist.get(size)
        if row is None:
            row = self.hist[size] = [0] * len(COLORS)
            self.htot[size] = 0
            self._desc = None
        row[color] += 1
        self.htot[size] += 1

    def _cover_new(self, key: int) -> None:
        """A cell became visible: every position whose footprint holds it covers one more."""
        cover, where, legal = self.cover, self.where, self.legal
        for offset in FOOT:
            pos = key - offset
            n = cover.get(pos, 0) + 1
            cover[pos] = n
            if n == MIN_COVER:
                where[pos] = len(legal)
                legal.append(pos)
            elif n == MAX_COVER + 1:
                index = where.pop(pos)
                last = legal.pop()
                if last != pos:
                    legal[index] = last
                    where[last] = index
