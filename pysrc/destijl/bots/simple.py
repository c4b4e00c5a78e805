"""The easy and medium levels: one look at every distinct placement, scored exactly.

Both score each placement by its full effect on the Painting (every seat's total after
it: stroke points, bonus standing, strokes taken from the others) with the delta scorer.

- ``MediumBot`` plays the best by ``value``: its margin over the best other seat, plus a
  quarter of its lead over the average other seat (so, among moves as good against the
  leader, it prefers the one that also hurts the rest).
- ``EasyBot`` plays a random move from the better half: sensible-looking, but it misses
  the best moves half of the time and never looks at what the others can do.
- ``SteadyBot`` sits between them: it plays the medium level's move on a share
  ``sharpness`` of its turns and the easy level's otherwise.

>>> import random
>>> from destijl import new_game
>>> game = new_game(4, seed=9)
>>> game.is_legal(MediumBot().choose(game, random.Random(1)))
True
"""

from __future__ import annotations

import random

from ..game import Game
from ..move import Move
from .candidates import Scored, Table


def value(totals: list[int], seat: int) -> float:
    """How good ``totals`` are for ``seat``: margin over the best other, then over the rest."""
    others = [t for i, t in enumerate(totals) if i != seat]
    mine = totals[seat]
    return mine - max(others) + 0.25 * (mine - sum(others) / len(others))


def ranked(game: Game, rng: random.Random,
           table: Table | None = None) -> list[tuple[float, Scored]]:
    """Every distinct placement with its ``value``, best first, ties in random order."""
    seat = game.current_seat or 0
    scored = (table or Table.of(game)).score_all()
    keyed = [(value(s.totals, seat), rng.random(), s) for s in scored]
    keyed.sort(key=lambda item: (-item[0], item[1]))
    return [(v, s) for v, _, s in keyed]


class MediumBot:
    """One-ply search: the placement with the best ``value``."""

    def choose(self, game: Game, rng: random.Random) -> Move:
        return ranked(game, rng)[0][1].move()


class EasyBot:
    """A random placement from the better half by ``value``."""

    def choose(self, game: Game, rng: random.Random) -> Move:
        moves = ranked(game, rng)
        return moves[rng.randrange((len(moves) + 1) // 2)][1].move()


class SteadyBot:
    """The medium level's move on a share ``sharpness`` of turns, else the easy level's."""

    def __init__(self, sharpness: float = 0.5) -> None:
        self.sharpness = sharpness

    def choose(self, game: Game, rng: random.Random) -> Move:
        moves = ranked(game, rng)
        if rng.random() < self.sharpness:
            return moves[0][1].move()
        return moves[rng.randrange((len(moves) + 1) // 2)][1].move()
