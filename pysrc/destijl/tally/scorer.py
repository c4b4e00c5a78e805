"""Every seat's total from the board's stroke tally plus a change ``(removed, added)``.

The same rules as ``destijl.scoring`` (one point per stroke in a seat's colours; bonuses
by distinct stroke sizes over all colours, once per seat per bonus, nobody scoring for
unused colours), computed from counts instead of a recount. The bonus rule itself is
``scoring.award_bonuses``, shared with the engine's scoring and the preview; this module
only works out, from counts, which sizes and seats it ranks.

>>> from destijl.tally.board import Board
>>> board = Board.from_cells({(0, 0): "R", (1, 0): "R", (0, 1): "B"})
>>> scorer = Scorer([["R"], ["B"]])
>>> scorer.totals(board), scorer.totals(board, [(0, 2)], [(0, 1), (0, 1)])
([4, 1], [5, 4])
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import COLORS
from ..scoring import BONUS_TABLE, award_bonuses
from .board import COLOR_INDEX, Board
from .delta import Strokes

NO_CHANGE: Strokes = []


class Scorer:
    """Totals for a fixed table of seats (each a list of colour letters)."""

    __slots__ = ("_base", "_board", "_owners", "_stamp", "bonus", "owned", "owner",
                 "seat_colors")

    def __init__(self, seats: Sequence[Sequence[str]], players: int | None = None) -> None:
        self.seat_colors = [tuple(COLOR_INDEX[c] for c in colors) for colors in seats]
        self.owner = [-1] * len(COLORS)  # colour -> seat, -1 for an unused colour
        for seat, colors in enumerate(self.seat_colors):
            for color in colors:
                self.owner[color] = seat
        self.owned = [(c, s) for c, s in enumerate(self.owner) if s >= 0]
        self.bonus = BONUS_TABLE[players or len(seats)]
        self._board: Board | None = None
        self._stamp = -1
        self._base: tuple[list[int], list[int], int] = ([], [], 0)
        self._owners: dict[int, tuple[int, ...]] = {}  # size -> seats owning such a stroke

    def base(self, board: Board) -> tuple[list[int], list[int], int]:
        """``(totals, stroke points, threshold)`` of the board as it stands (cached).

        A change whose strokes are all smaller than ``threshold`` (the smallest size that
        wins a bonus, 0 if some bonus has no size) leaves every bonus as it is.
        """
        if board is not self._board or board.stamp != self._stamp:
            self._board, self._stamp, self._owners = board, board.stamp, {}
            strokes = [sum(board.count[c] for c in colors) for colors in self.seat_colors]
            top = board.sizes_desc()[: len(self.bonus)]
            threshold = top[-1] if len(top) == len(self.bonus) else 0
            totals = strokes[:]
            ranked = ((size, self._owners_of(board, size)) for size in top)
            for points, _size, seats in award_bonuses(ranked, self.bonus):
                for seat in seats:
                    totals[seat] += points
            self._base = (totals, strokes, threshold)
        return self._base

    def _owners_of(self, board: Board, size: int) -> tuple[int, ...]:
        seats = self._owners.get(size)
        if seats is None:
            row = board.hist[size]
            seats = self._owners[size] = tuple(dict.fromkeys(
                seat for color, seat in self.owned if row[color]))
        return seats

    def totals(self, board: Board, removed: Strokes = NO_CHANGE,
               added: Strokes = NO_CHANGE) -> list[int]:
        """Each seat's total after the change."""
        totals, strokes, threshold = self.base(board)
        owner = self.owner
        biggest = 0
        points = strokes[:]
        for color, size in removed:
            seat = owner[color]
            if seat >= 0:
                points[seat] -= 1
            if size > biggest:
                biggest = size
        for color, size in added:
            seat = owner[color]
            if seat >= 0:
                points[seat] += 1
            if size > biggest:
                biggest = size
        if biggest < threshold:  # the bonuses stay where they are
            return [t + p - s for t, p, s in zip(totals, points, strokes, strict=True)]
        for gain, _size, owners in self.ranking(board, removed, added):
            for seat in owners:
                points[seat] += gain
        return points

    def ranking(self, board: Board, removed: Strokes = NO_CHANGE,
                added: Strokes = NO_CHANGE) -> list[tuple[int, int | None, Sequence[int]]]:
        """The bonuses after the change, ``(points, size, seats)`` each, by the one bonus rule
        (``scoring.award_bonuses``); seats in colour order."""
        change: dict[int, int] = {}  # size * 8 + colour -> change in strokes
        grown: dict[int, int] = {}  # size -> change in strokes of that size
        for color, size in removed:
            key = size << 3 | color
            change[key] = change.get(key, 0) - 1
            grown[size] = grown.get(size, 0) - 1
        for color, size in added:
            key = size << 3 | color
            change[key] = change.get(key, 0) + 1
            grown[size] = grown.get(size, 0) + 1
        htot, hist, bonus = board.htot, board.hist, self.bonus
        candidates = set(board.sizes_desc()[: len(bonus) + len(removed)])
        candidates.update(size for size, n in grown.items() if n > 0)
        ranked: list[tuple[int, Sequence[int]]] = []  # the sizes after the change, with owners
        for size in sorted(candidates, reverse=True):
            if size not in grown:
                ranked.append((size, self._owners_of(board, size)))
            elif htot.get(size, 0) + grown[size] > 0:  # the size is still there
                row = hist.get(size)
                seats: list[int] = []
                for color, seat in self.owned:
                    if ((row[color] if row else 0) + change.get(size << 3 | color, 0)
                            and seat not in seats):
                        seats.append(seat)
                ranked.append((size, seats))
            else:
                continue
            if len(ranked) == len(bonus):
                break
        return award_bonuses(ranked, bonus)

    def largest(self, board: Board) -> list[int]:
        """Each seat's single largest stroke on the board, 0 if it has none."""
        best = [0] * len(self.seat_colors)
        for size, row in board.hist.items():
            for color, n in enumerate(row):
                seat = self.owner[color]
                if n and seat >= 0 and size > best[seat]:
                    best[seat] = size
        return best

    def shares(self, board: Board) -> list[float]:
        """Each seat's share of the victory on the board as it stands (1/k if k share it)."""
        points = self.totals(board)
        best = max(points)
        tied = [seat for seat, total in enumerate(points) if total == best]
        if len(tied) > 1:
            largest = self.largest(board)
            top = max(largest[seat] for seat in tied)
            tied = [seat for seat in tied if largest[seat] == top]
        share = [0.0] * len(points)
        for seat in tied:
            share[seat] = 1 / len(tied)
        return share
