"""Strokes, stroke points, the largest-stroke bonuses and the winners.

Interpretations (see docs/rules.md):

- A stroke is a maximal set of orthogonally adjacent visible cells of one colour; each
  stroke in a seat's colour scores 1.
- Bonuses go by distinct stroke sizes over all colours: the largest size, then the next
  smaller size, and so on. Every seat owning a stroke of that size scores the bonus once.
  Strokes of unused colours take part in the ranking but nobody scores for them.
- Winner: highest total; on a tie, the tied seat with the single largest stroke; if still
  tied, a shared victory.

>>> cells = {(0, 0): "R", (1, 0): "R", (2, 0): "B", (0, 1): "B", (1, 1): "W", (2, 1): "B"}
>>> score_painting(cells, [["R"], ["B"]]).to_dict()["seats"][1]
{'strokes': 2, 'bonus': 3, 'total': 5, 'largest': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from .cards import COLORS
from .errors import BadRequest, quote

Cell = tuple[int, int]

BONUS_TABLE: dict[int, tuple[int, ...]] = {2: (3,), 3: (4, 2), 4: (5, 3, 1), 5: (5, 3, 1)}
_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True, slots=True)
class Stroke:
    """A maximal orthogonally connected group of visible cells of one colour."""

    color: str
    cells: frozenset[Cell]

    @property
    def size(self) -> int:
        return len(self.cells)


_K = TypeVar("_K", bound=Hashable)


def flood(start: _K, joins: Callable[[_K], Iterable[_K]]) -> list[_K]:
    """The stroke through ``start``: every cell reached by following ``joins`` (the
    neighbours of a cell that belong to its stroke), ``start`` first, breadth first.

    The engine's one flood-fill: ``find_strokes``, the delta scorer's faces and pieces
    (``destijl.tally.delta``) and the score preview (``destijl.preview.analyse``) call it,
    each with its own cells (``(x, y)`` pairs, packed integers, a face's nine indices).

    >>> sorted(flood((0, 0), lambda c: [n for n in _around(c) if n in {(0, 0), (1, 0), (3, 0)}]))
    [(0, 0), (1, 0)]
    """
    seen = {start}
    reached = [start]
    for cell in reached:
        for nxt in joins(cell):
            if nxt not in seen:
                seen.add(nxt)
                reached.append(nxt)
    return reached


def _around(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in _NEIGHBOURS]


def find_strokes(cells: Mapping[Cell, str]) -> list[Stroke]:
    """All strokes of a Painting, in a deterministic order (by their first cell, row-major)."""
    seen: set[Cell] = set()
    strokes = []
    for start in sorted(cells, key=lambda cell: (cell[1], cell[0])):
        if start in seen:
            continue
        group = flood(start, _same_color(cells, cells[start]))
        seen.update(group)
        strokes.append(Stroke(cells[start], frozenset(group)))
    return strokes


def _same_color(cells: Mapping[Cell, str], color: str) -> Callable[[Cell], list[Cell]]:
    """``joins`` for ``flood``: a cell's neighbours of ``color``."""
    get = cells.get

    def joins(cell: Cell) -> list[Cell]:
        x, y = cell
        return [nxt for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if get(nxt) == color]

    return joins


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One seat's line on the score sheet."""

    strokes: int  # strokes in the seat's colours, one point each
    bonus: int  # sum of the largest-stroke bonuses won
    largest: int  # size of the seat's single largest stroke, 0 if none

    @property
    def total(self) -> int:
        return self.strokes + self.bonus

    def to_dict(self) -> dict[str, int]:
        return {"strokes": self.strokes, "bonus": self.bonus, "total": self.total,
                "largest": self.largest}


@dataclass(frozen=True, slots=True)
class BonusRank:
    """One bonus of the table: the stroke size it went to and which seats won it."""

    rank: int  # 1 for the largest stroke, 2 for the second largest size, ...
    points: int  # the bonus in points
    size: int | None  # the stroke size at this rank, None if there are too few sizes
    seats: tuple[int, ...]  # seats owning a stroke of that size

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "points": self.points, "size": self.size,
                "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Every seat's score, the bonuses and the winners."""

    seats: tuple[SeatScore, ...]
    winners: tuple[int, ...]
    bonus_ranks: tuple[BonusRank, ...]
    tied: tuple[int, ...]  # seats tied on the best total; () when one seat leads alone

    def to_dict(self) -> dict[str, Any]:
        """The record's ``result``: ``{"seats": [...], "winners": [...]}``."""
        return {"seats": [seat.to_dict() for seat in self.seats], "winners": list(self.winners)}

    @property
    def tie_break(self) -> TieBreak | None:
        """How a tie on total points was decided; None if one seat led alone."""
        if not self.tied:
            return None
        return TieBreak.LARGEST_STROKE if len(self.winners) == 1 else TieBreak.SHARED

    def details(self) -> dict[str, Any]:
        """``to_dict()`` plus the bonus ranks, the seats ``tied`` on the best total and the
        ``tie_break`` used (``TieBreak``'s value, or null), for the end screen to word."""
        data = self.to_dict()
        data["bonus_ranks"] = [rank.to_dict() for rank in self.bonus_ranks]
        data["tied"] = list(self.tied)
        data["tie_break"] = None if self.tie_break is None else self.tie_break.value
        return data


class Termination(Enum):
    """How a game ended. De Stijl has one way: the Canvas deck ran out and the last round
    was played (docs/rules.md)."""

    DECK_EMPTY = "deck_empty"


class TieBreak(Enum):
    """How a tie on total points was decided (docs/rules.md)."""

    LARGEST_STROKE = "largest_stroke"  # one tied seat had the single largest stroke
    SHARED = "shared"  # tied on the largest stroke too: a shared victory


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game, as python-chess's ``Outcome``: how it ended and who won.

    >>> sheet = score_painting({(0, 0): "R", (1, 0): "R", (2, 0): "B"}, [["R"], ["B"]])
    >>> outcome = Outcome.of(sheet)
    >>> outcome.winners, outcome.tie_break, outcome.to_dict()["termination"]
    ((0,), None, 'deck_empty')
    """

    termination: Termination
    winners: tuple[int, ...]  # seat indices; two or more for a shared victory
    tie_break: TieBreak | None  # None when one seat had the best total alone
    tied: tuple[int, ...]  # the seats tied on the best total; () when one led alone

    @classmethod
    def of(cls, sheet: ScoreSheet,
           termination: Termination = Termination.DECK_EMPTY) -> Outcome:
        """The outcome of a game whose final score sheet is ``sheet``."""
        return cls(termination, sheet.winners, sheet.tie_break, sheet.tied)

    def to_dict(self) -> dict[str, Any]:
        """As JSON: ``{"termination", "winners", "tie_break", "tied"}`` (enums by value)."""
        return {"termination": self.termination.value, "winners": list(self.winners),
                "tie_break": None if self.tie_break is None else self.tie_break.value,
                "tied": list(self.tied)}


def score_painting(
    cells: Mapping[Cell, str], seats: Sequence[Sequence[str]], players: int | None = None
) -> ScoreSheet:
    """Score a Painting for ``seats`` (each a list of colour letters).

    ``players`` picks the bonus table and defaults to ``len(seats)``.
    """
    seat_colors = _check_seats(seats, players)
    _check_cells(cells)
    sizes = [(stroke.color, stroke.size) for stroke in find_strokes(cells)]
    return score_strokes(sizes, seat_colors, players or len(seat_colors))


def award_bonuses(
    ranked: Iterable[tuple[int, Sequence[int]]], table: Sequence[int]
) -> list[tuple[int, int | None, Sequence[int]]]:
    """The bonus rule, the one copy the engine, the preview and the bots share.

    ``ranked`` yields the distinct stroke sizes, largest first, each with the seats owning
    a stroke of that size; the table's first bonus goes to the largest size's seats, the
    next to the next size's, and so on; a bonus with no size left goes to nobody (None).
    Returns ``(points, size, seats)`` per bonus of ``table``.

    >>> award_bonuses(iter([(5, (1,)), (3, (0, 1))]), (5, 3, 1))
    [(5, 5, (1,)), (3, 3, (0, 1)), (1, None, ())]
    """
    sizes = iter(ranked)
    return [(points, *next(sizes, (None, ()))) for points in table]


def score_strokes(
    strokes: Iterable[tuple[str, int]], seats: Sequence[Sequence[str]], players: int
) -> ScoreSheet:
    """Score from a list of ``(colour, size)`` strokes; the fast path for bots."""
    owner = {color: index for index, colors in enumerate(seats) for color in colors}
    counts = [0] * len(seats)
    largest = [0] * len(seats)
    sizes_owned: dict[int, set[int]] = {}
    all_sizes: set[int] = set()
    for color, size in strokes:
        all_sizes.add(size)
        seat = owner.get(color)
        if seat is None:
            continue
        counts[seat] += 1
        largest[seat] = max(largest[seat], size)
        sizes_owned.setdefault(size, set()).add(seat)
    ranked = ((size, tuple(sorted(sizes_owned.get(size, ()))))
              for size in sorted(all_sizes, reverse=True))
    bonus = [0] * len(seats)
    ranks = []
    for index, (points, rank_size, owners) in enumerate(
            award_bonuses(ranked, BONUS_TABLE[players])):
        for at in owners:
            bonus[at] += points
        ranks.append(BonusRank(index + 1, points, rank_size, tuple(owners)))
    scores = tuple(SeatScore(counts[i], bonus[i], largest[i]) for i in range(len(seats)))
    winners, tied = _winners(scores)
    return ScoreSheet(scores, winners, tuple(ranks), tied)


def _winners(scores: Sequence[SeatScore]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The winners, and the seats tied on the best total (empty if one seat leads alone)."""
    best = max(score.total for score in scores)
    tied = tuple(i for i, score in enumerate(scores) if score.total == best)
    if len(tied) == 1:
        return tied, ()
    biggest = max(scores[i].largest for i in tied)
    return tuple(i for i in tied if scores[i].largest == biggest), tied


def _check_seats(seats: Any, players: Any) -> list[list[str]]:
    if not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= 5:
        raise BadRequest("seats: expected a list of 2 to 5 seats, each a list of colour letters")
    taken: set[str] = set()
    for index, colors in enumerate(seats):
        if not isinstance(colors, (list, tuple, str)) or not colors:
            raise BadRequest(f"seats[{index}]: expected a non-empty list of colour letters")
        for color in colors:
            if not isinstance(color, str) or color not in COLORS or len(color) != 1:
                raise BadRequest(f"seats[{index}]: {quote(color)} is not one of "
                                 f"{', '.join(COLORS)}")
            if color in taken:
                raise BadRequest(f"seats[{index}]: colour {color} belongs to two seats")
            taken.add(color)
    if players is not None and (
        not isinstance(players, int) or isinstance(players, bool) or players not in BONUS_TABLE
    ):
        raise BadRequest(f"players: expected 2 to 5, got {quote(players)}")
    return [list(colors) for colors in seats]


def _check_cells(cells: Any) -> None:
    if not isinstance(cells, Mapping):
        raise BadRequest("cells: expected a mapping (x, y) -> colour letter")
    for cell, color in cells.items():
        if (not isinstance(cell, tuple) or len(cell) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise BadRequest(f"cells: {quote(cell)} is not an (x, y) pair of integers")
        if not isinstance(color, str) or len(color) != 1 or color not in COLORS:
            raise BadRequest(f"cells[{quote(cell)}]: {quote(color)} is not one of "
                             f"{', '.join(COLORS)}")
