"""Every distinct placement of the Gallery cards, scored by the delta scorer.

Placements that give the same Painting are generated once: a rotation that turns a card
into a face it already shows (a symmetric card), and a second card with the same face as
one already listed (the Gallery left behind is then the same too), keep only the first
(lowest card id, then lowest rotation).

>>> from destijl import new_game
>>> game = new_game(2, seed=3)
>>> table = Table.of(game)
>>> scored = table.score_all()
>>> len(scored) <= len(game.legal_moves()) and game.is_legal(scored[0].move())
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple, TypeVar

from ..game import Game
from ..move import Move
from ..tally.board import Board, face_colors, unpack
from ..tally.delta import Context, FaceInfo, outcome
from ..tally.scorer import Scorer

FaceOption = tuple[int, int, FaceInfo]  # (card, rotation, face components)
Item = TypeVar("Item")

# the hard level's shortlist: this many best placements, then the best of every other card
SHORTLIST_WIDTH = 6


class Scored(NamedTuple):
    """One candidate placement and every seat's total after it."""

    card: int
    rotation: int
    pos: int  # packed top-left cell
    info: FaceInfo
    totals: list[int]

    def move(self) -> Move:
        x, y = unpack(self.pos)
        return Move(self.card, x, y, self.rotation)


def distinct_faces(cards: Iterable[int], rotations: Iterable[int],
                   face: Callable[[int, int], tuple[str, str, str]]) -> list[FaceOption]:
    """``(card, rotation, info)`` for each distinct face of ``cards`` (in the given order)."""
    seen: set[tuple[int, ...]] = set()
    options = []
    rotations = tuple(rotations)
    for card in cards:
        for rotation in rotations:
            colors = face_colors(face(card, rotation))
            if colors not in seen:
                seen.add(colors)
                options.append((card, rotation, FaceInfo.of(colors)))
    return options


class Table:
    """A Painting (as a ``Board``), the seats' scorer and the faces on offer."""

    __slots__ = ("board", "faces", "scorer", "seat")

    def __init__(self, board: Board, scorer: Scorer, faces: list[FaceOption], seat: int) -> None:
        self.board = board
        self.scorer = scorer
        self.faces = faces
        self.seat = seat  # the seat to play

    @classmethod
    def of(cls, game: Game) -> Table:
        """The table of ``game`` for the seat to play."""
        board = Board.from_cells(game.painting)
        scorer = Scorer([seat.colors for seat in game.seats])
        faces = distinct_faces(sorted(game.gallery), game.allowed_rotations(), game.face)
        return cls(board, scorer, faces, game.current_seat or 0)

    def score_all(self) -> list[Scored]:
        """Every distinct placement with the totals it leads to, in a fixed order."""
        board, totals = self.board, self.scorer.totals
        scored = []
        for pos in sorted(board.legal):
            ctx = Context(board, pos)
            for card, rotation, info in self.faces:
                removed, added = outcome(info, ctx)
                scored.append(Scored(card, rotation, pos, info, totals(board, removed, added)))
        return scored

    def grown(self, placements: Iterable[Scored]) -> list[int]:
        """Per placement, the seat to play's largest stroke after it when that is larger
        than the seat's largest now, else 0 (exact: a stroke larger than any now can only
        be one the placement makes, so the added strokes tell)."""
        colors = set(self.scorer.seat_colors[self.seat])
        now = self.scorer.largest(self.board)[self.seat]
        contexts: dict[int, Context] = {}
        sizes = []
        for placement in placements:
            ctx = contexts.get(placement.pos)
            if ctx is None:
                ctx = contexts[placement.pos] = Context(self.board, placement.pos)
            _, added = outcome(placement.info, ctx)
            size = max((size for color, size in added if color in colors), default=0)
            sizes.append(size if size > now else 0)
        return sizes


def stroke_builders(table: Table, ordered: Sequence[Scored], chosen: Sequence[Scored],
                    count: int) -> list[Scored]:
    """Up to ``count`` placements of ``ordered`` (best first) not in ``chosen`` that grow the
    seat's largest stroke the most (the better ranked first on a tie)."""
    taken = {(s.card, s.rotation, s.pos) for s in chosen}
    others = [s for s in ordered if (s.card, s.rotation, s.pos) not in taken]
    growing = [(-size, rank) for rank, size in enumerate(table.grown(others)) if size]
    return [others[rank] for _, rank in sorted(growing)[:count]]


def shortlist(ordered: Sequence[Item], width: int, card_of: Callable[[Item], int]) -> list[Item]:
    """The first ``width`` of ``ordered`` (best first), then the first of every other card.

    What a move leaves in the Gallery matters as much as where it goes, so the hard
    level's candidates (and the replies it expects of the others) keep one placement of
    each card.

    >>> shortlist([(1, "a"), (1, "b"), (2, "c"), (3, "d"), (2, "e")], 2, lambda item: item[0])
    [(1, 'a'), (1, 'b'), (2, 'c'), (3, 'd')]
    """
    chosen = list(ordered[:width])
    cards = {card_of(item) for item in chosen}
    for item in ordered:
        card = card_of(item)
        if card not in cards:
            cards.add(card)
            chosen.append(item)
    return chosen
