"""Game review: each placement judged against the best the expert level finds (docs/review.md).

For every placement of a chosen seat (or of all seats) ``review_move`` runs the expert's
search in the position before it, on what that player knew then (the public state: a
review cannot change when only the hidden deck order changes), with the placement played
forced into the shortlist so that both are judged by the same playouts. It gives the loss
in points of expected final margin (the expert's own worth of a playout; >= 0, 0 when the
played placement is the best found), the win chance before (after the best placement) and
after (after the one played), and a short reason in words when one is clear.
``summarize`` gives per seat the total loss, the accuracy (``review.accuracy``) and the
three costliest placements. A review is deterministic for its ``seed``.

>>> from destijl import new_game, to_record
>>> from destijl.bots import level_move
>>> game = new_game(3, seed=2)
>>> for _ in range(4):
...     game.play(level_move(game, "medium"))
>>> moves = review_game(to_record(game), playouts=12)
>>> [m.ply for m in moves], all(m.loss >= 0 for m in moves)
([0, 1, 2, 3], True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..errors import BadRequest, quote
from ..game import Game
from ..integers import is_int
from ..move import Move
from ..records import replay
from .accuracy import WORST, drop, label, seat_accuracy
from .judge import judge
from .reasons import reason

PLAYOUTS: dict[int, int] = {2: 64, 3: 72, 4: 48, 5: 40}
"""Playouts per reviewed position by player count: a 3-player game reviewed whole in
about 15 s in Chromium (docs/review.md has the measurements)."""
MAX_PLAYOUTS = 2000
DEFAULT_SEED = 1


@dataclass(frozen=True)
class MoveReview:
    """The review of one placement."""

    ply: int  # moves made before it
    seat: int
    played: str  # the placement's text form, 17@3,-1r90
    best: str  # the best placement found (the played one if it was best)
    loss: float  # expected margin given away, >= 0
    win_before: float  # win chance after the best placement found
    win_after: float  # win chance after the played one
    why: str | None  # a short reason, when one is clear
    value_best: float  # the expert's worth of each (points of expected margin)
    value_played: float

    @property
    def label(self) -> str | None:
        """``inaccuracy``, ``mistake``, ``blunder`` or None, by the win chance given away."""
        return label(drop(self.win_before, self.win_after))

    def to_dict(self) -> dict[str, Any]:
        """The CLI's JSON form (docs/review.md)."""
        return {"ply": self.ply, "seat": self.seat, "played": self.played, "best": self.best,
                "loss": self.loss, "win_before": self.win_before,
                "win_after": self.win_after, "why": self.why}


def review_move(record: Any, ply: int, *, playouts: int | None = None,
                seed: int = DEFAULT_SEED) -> MoveReview:
    """The review of move ``ply`` (0-based) of the game in ``record``."""
    game = replay(record)
    if not is_int(ply, 0, len(game.history) - 1):
        raise BadRequest(f"ply: expected a move from 0 to {len(game.history) - 1}, "
                         f"got {quote(ply)}")
    return review_position(replay(record, upto=ply), game.history[ply].move, playouts, seed)


def review_position(before: Game, played: Move, playouts: int | None = None,
                    seed: int = DEFAULT_SEED) -> MoveReview:
    """The review of ``played`` (legal) in the position ``before``: from its public
    information only, so two games that differ only in the hidden deck get the same."""
    budget = PLAYOUTS[before.players] if playouts is None else playouts
    if not is_int(budget, 1, MAX_PLAYOUTS):
        raise BadRequest(f"playouts: expected 1 to {MAX_PLAYOUTS}, got {quote(budget)}")
    if not is_int(seed, 0, 2**53):
        raise BadRequest(f"seed: expected an integer from 0 to 2**53, got {quote(seed)}")
    rng = random.Random(f"review:{seed}:{before.ply}")  # nothing of the deal
    verdict = judge(before, played, budget, rng)
    return MoveReview(
        ply=before.ply, seat=before.current_seat or 0, played=str(played),
        best=str(verdict.best), loss=round(verdict.loss, 2),
        win_before=round(max(verdict.win_best, verdict.win_played), 3),
        win_after=round(verdict.win_played, 3),
        why=reason(before, played, verdict.best) if verdict.loss > 0 else None,
        value_best=round(verdict.value_best, 2), value_played=round(verdict.value_played, 2))


def review_game(record: Any, *, seat: int | None = None, playouts: int | None = None,
                seed: int = DEFAULT_SEED) -> list[MoveReview]:
    """The review of every placement of ``seat`` (all seats if None)."""
    game = replay(record)
    if seat is not None and not is_int(seat, 0, game.players - 1):
        raise BadRequest(f"seat: expected a seat from 0 to {game.players - 1}, "
                         f"got {quote(seat)}")
    reviews = []
    before = replay(record, upto=0)
    for played in game.history:
        if seat is None or played.seat == seat:
            reviews.append(review_position(before.clone(), played.move, playouts, seed))
        before.play(played.move)
    return reviews


def summarize(moves: list[MoveReview], players: int) -> list[dict[str, Any]]:
    """Per seat: ``{seat, loss, accuracy, worst}``, worst the plies of its (up to) three
    costliest placements, costliest first (only placements with a loss)."""
    seats = []
    for seat in range(players):
        mine = [m for m in moves if m.seat == seat]
        costly = sorted((m for m in mine if m.loss > 0),
                        key=lambda m: (-m.loss, -drop(m.win_before, m.win_after), m.ply))
        accuracy = seat_accuracy([drop(m.win_before, m.win_after) for m in mine])
        seats.append({"seat": seat, "loss": round(sum(m.loss for m in mine), 2),
                      "accuracy": None if accuracy is None else round(accuracy, 1),
                      "worst": [m.ply for m in costly[:WORST]]})
    return seats
