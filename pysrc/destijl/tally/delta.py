"""Score a candidate placement without applying it: the change it makes to the strokes.

A placement at top-left ``pos`` changes only the strokes its footprint covers or borders.
``Context`` gathers, once per position, what the new face will meet there: the strokes it
covers (they lose cells and may fall apart: they are always removed, and their remaining
*pieces* are re-flooded locally), and the strokes that merely border it. A piece or a
bordering stroke joins a component of the face when they share a colour and touch; only
through the footprint can pieces join each other. ``outcome`` then costs a few bit tests
per face, so one context serves every card and rotation at that position.

The result is a pair of lists ``(removed, added)`` of ``(colour, size)`` strokes;
``destijl.tally.scorer.Scorer`` turns it into every seat's total.

>>> from destijl.tally.board import Board, face_colors, pack
>>> board = Board.from_cells({(0, 0): "R", (1, 0): "R", (2, 0): "B"})
>>> ctx = Context(board, pack(1, 0))
>>> outcome(FaceInfo.of(face_colors(("BRR", "YYY", "YYY"))), ctx)
([(0, 2), (2, 1)], [(0, 1), (2, 1), (0, 2), (1, 6)])
"""

from __future__ import annotations

from collections.abc import Callable

from ..scoring import flood
from .board import FOOT, NEIGHBOURS, RING, Board, Face9

Strokes = list[tuple[int, int]]  # (colour index, size)
# a face's cell i = 3 * y + x: its orthogonal neighbours inside the face
_FACE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(3 * ny + nx for nx, ny in ((i % 3 + 1, i // 3), (i % 3 - 1, i // 3),
                                     (i % 3, i // 3 + 1), (i % 3, i // 3 - 1))
          if 0 <= nx < 3 and 0 <= ny < 3)
    for i in range(9))


class FaceInfo:
    """The same-colour components of a 3x3 face, as footprint bit masks."""

    __slots__ = ("by_color", "color_mask", "comps", "face", "strokes")

    def __init__(self, face: Face9, comps: list[tuple[int, int, int]]) -> None:
        self.face = face
        self.comps = comps  # (colour, mask, size) per component
        by_color: dict[int, list[int]] = {}
        self.color_mask = [0] * 8  # colour -> footprint cells of that colour
        for index, (color, mask, _) in enumerate(comps):
            by_color.setdefault(color, []).append(index)
            self.color_mask[color] |= mask
        self.by_color = by_color  # colour -> component indices
        self.strokes: Strokes = [(color, size) for color, _, size in comps]

    @classmethod
    def of(cls, face: Face9) -> FaceInfo:
        comps = []
        seen = 0
        for start in range(9):
            if seen >> start & 1:
                continue
            color = face[start]
            mask = 0
            for i in flood(start, _face_joins(face, color)):
                mask |= 1 << i
            seen |= mask
            comps.append((color, mask, mask.bit_count()))
        return cls(face, comps)


def _face_joins(face: Face9, color: int) -> Callable[[int], list[int]]:
    """``joins`` for ``flood`` inside a face: a cell's neighbours of ``color``."""

    def joins(i: int) -> list[int]:
        return [j for j in _FACE_NEIGHBOURS[i] if face[j] == color]

    return joins


class Context:
    """What a card laid at ``pos`` meets: covered strokes, their pieces, bordering strokes."""

    __slots__ = ("covered", "pieces", "pos")

    def __init__(self, board: Board, pos: int) -> None:
        self.pos = pos
        label, sizes, colors, cells = board.label, board.sizes, board.colors, board.cells
        stroke_at = label.get
        hit: dict[int, int] = {}  # covered stroke -> its cells under the footprint
        for offset in FOOT:
            stroke = stroke_at(pos + offset)
            if stroke is not None:
                hit[stroke] = hit.get(stroke, 0) + 1
        border: dict[int, int] = {}  # bordering stroke -> footprint mask it touches
        ring_hit: list[tuple[int, int]] = []  # ring cells of covered strokes, with their bit
        for offset, index in RING:
            key = pos + offset
            stroke = stroke_at(key)
            if stroke is None:
                continue
            if stroke in hit:
                ring_hit.append((key, 1 << index))
            else:
                border[stroke] = border.get(stroke, 0) | 1 << index
        # removed for sure: every covered stroke
        self.covered: Strokes = [(colors[s], sizes[s]) for s in hit]
        # pieces: (colour, size, footprint mask, 1 if a whole bordering stroke else 0)
        pieces = [(colors[s], sizes[s], mask, 1) for s, mask in border.items()]
        if ring_hit:
            foot = {pos + offset for offset in FOOT}
            for stroke, under in hit.items():
                ring = [(key, bit) for key, bit in ring_hit if label[key] == stroke]
                if ring:
                    _split(cells, foot, ring, sizes[stroke] - under, colors[stroke], pieces)
        self.pieces = pieces


def _split(cells: dict[int, int], foot: set[int], ring: list[tuple[int, int]], left: int,
           color: int, pieces: list[tuple[int, int, int, int]]) -> None:
    """Append the pieces a covered stroke falls into: ``left`` cells outside the footprint,
    reached from its ``ring`` cells (each with its footprint bit).

    Each piece is flooded (``scoring.flood``) from a ring cell not yet placed; the last
    ring cell's piece is what is left, so it needs no flood.
    """
    todo = dict(ring)
    get = cells.get

    def joins(key: int) -> list[int]:
        return [nxt for nxt in (key + NEIGHBOURS[0], key + NEIGHBOURS[1], key + NEIGHBOURS[2],
                                key + NEIGHBOURS[3])
                if get(nxt) == color and nxt not in foot]

    while todo:
        start, mask = todo.popitem()
        if not todo:
            pieces.append((color, left, mask, 0))
            return
        piece = flood(start, joins)
        for key in piece:
            mask |= todo.pop(key, 0)
        pieces.append((color, len(piece), mask, 0))
        left -= len(piece)


def outcome(info: FaceInfo, ctx: Context) -> tuple[Strokes, Strokes]:
    """``(removed, added)`` strokes if the face of ``info`` is laid in ``ctx``."""
    removed = ctx.covered[:]
    added: Strokes = []
    color_mask = info.color_mask
    joining = None
    for piece in ctx.pieces:
        color, size, mask, whole = piece
        if mask & color_mask[color]:
            if joining is None:
                joining = [piece]
            else:
                joining.append(piece)
        elif not whole:
            added.append((color, size))
    if joining is None:  # nothing joins the face: its components are new strokes as they are
        added += info.strokes
        return removed, added
    comps, by_color = info.comps, info.by_color
    group = list(range(len(comps)))  # union-find parents
    total = [size for _, _, size in comps]  # cells of each root's stroke so far
    for color, size, mask, whole in joining:
        if whole:
            removed.append((color, size))
        root = -1
        for index in by_color[color]:
            if comps[index][1] & mask:
                while group[index] != index:
                    index = group[index]
                if root < 0:
                    root = index
                    total[root] += size
                elif index != root:
                    group[index] = root
                    total[root] += total[index]
    for index, (color, _, _) in enumerate(comps):
        if group[index] == index:
            added.append((color, total[index]))
    return removed, added
