"""The Painting: the sparse grid of visible cells that the cards build up.

Every card is a full 3x3 square laid on the cell grid, on top of what is already there.
A placement must cover 2, 3 or 4 visible cells of the current Painting.

>>> painting = Painting()
>>> painting.place(("RRY", "BKW", "WWR"), 0, 0)
>>> painting.covered(2, 1), painting.covered(1, 1), painting[(2, 2)]
(2, 4, 'R')
>>> (3, 3) in painting.legal_positions()
False
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

Cell = tuple[int, int]

MIN_COVER = 2
MAX_COVER = 4
CARD_SIZE = 3
_OFFSETS = tuple((dx, dy) for dy in range(CARD_SIZE) for dx in range(CARD_SIZE))


class Painting(Mapping[Cell, str]):
    """A read-only mapping ``(x, y) -> letter`` of visible cells, plus placement helpers."""

    __slots__ = ("_cells",)

    def __init__(self, cells: Mapping[Cell, str] | None = None) -> None:
        self._cells: dict[Cell, str] = dict(cells or {})

    def __getitem__(self, cell: Cell) -> str:
        return self._cells[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)

    def __repr__(self) -> str:
        return f"Painting({self._cells!r})"

    def copy(self) -> Painting:
        """An independent copy."""
        return Painting(self._cells)

    def place(self, face: tuple[str, str, str], x: int, y: int) -> None:
        """Lay a (rotated) face with its top-left cell at (x, y), on top of what is there."""
        cells = self._cells
        for dy, row in enumerate(face):
            for dx, letter in enumerate(row):
                cells[(x + dx, y + dy)] = letter

    def covered(self, x: int, y: int) -> int:
        """How many visible cells a card with its top-left cell at (x, y) would cover."""
        cells = self._cells
        return sum((x + dx, y + dy) in cells for dx, dy in _OFFSETS)

    def cover_counts(self) -> dict[Cell, int]:
        """Every top-left position where a card would cover at least one cell, with the count."""
        counts: dict[Cell, int] = {}
        for cx, cy in self._cells:
            for dx, dy in _OFFSETS:
                key = (cx - dx, cy - dy)
                counts[key] = counts.get(key, 0) + 1
        return counts

    def legal_positions(self) -> list[Cell]:
        """Top-left positions covering 2 to 4 cells, sorted by row then column."""
        legal = [pos for pos, n in self.cover_counts().items() if MIN_COVER <= n <= MAX_COVER]
        return sorted(legal, key=lambda pos: (pos[1], pos[0]))

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the visible cells; (0, 0, -1, -1) when empty."""
        if not self._cells:
            return (0, 0, -1, -1)
        xs = [x for x, _ in self._cells]
        ys = [y for _, y in self._cells]
        return (min(xs), min(ys), max(xs), max(ys))
