"""The expert level: the hard level's search with sharper playouts and, with 2 players,
an exact last round.

The same flat Monte Carlo as ``destijl.bots.hard`` (determinized decks from the unseen
cards only, common random numbers across candidates, sequential halving) with these
changes, measured against the hard level in docs/bots.md:

- sharper playouts: every playout move is the best of ``samples`` 24 sampled placements
  (the hard level: 8), so the guessed futures are played more like a strong opponent would;
- a wider shortlist (``width`` 8 instead of 6) and ``EXPERT_ITERATIONS`` playouts per move,
  as many as fit the page's time (a sharper playout costs about twice as much; with 2
  players a playout is short, so 480 fit);
- with 2 players (``EXPERT_ENDGAME``): a playout that reaches the game's end is worth its
  margin plus ``win_bonus`` 20 times its share of the victory (the hard level: 4), so
  winning comes first and the margin only breaks ties; two rounds before the end the
  playouts go on to the end (``finish`` 2) instead of stopping a round later; and in the
  last round, where nothing is hidden any more, the shortlist is ``exact`` 40 wide and
  each candidate is judged by one exact playout (the candidate, the opponent's
  medium-level reply).

``learned=1`` scores the playouts that stop before the end by the learned estimate of the
final margin (``destijl.bots.evaluation``) instead of the margin at the cut-off: measured,
not adopted (docs/bots.md). Any ``HardBot`` keyword may be given; ``exact``,
``win_bonus`` and ``finish``, when given, apply whatever the player count.

The budget is a number of playouts, not a time, so a seed gives the same move on any
machine; ``time_ms`` only caps it on a slow one.

>>> import random
>>> from destijl import new_game
>>> game = new_game(2, seed=4)
>>> bot = ExpertBot(iterations=20)
>>> game.is_legal(bot.choose(game, random.Random(2))), bot.playouts
(True, 20)
"""

from __future__ import annotations

import dataclasses
import random

from ..game import Game
from ..move import Move
from .hard import HardBot

# playouts per move by player count, calibrated to time (docs/bots.md)
EXPERT_ITERATIONS: dict[int, int] = {2: 480, 3: 220, 4: 120, 5: 110}
# (exact, win_bonus, finish) by player count where they differ from the hard level's
# (0, 4.0, 0)
EXPERT_ENDGAME: dict[int, tuple[int, float, int]] = {2: (40, 20.0, 2)}
HARD_ENDGAME: tuple[int, float, int] = (0, 4.0, 0)


class ExpertBot(HardBot):
    """``HardBot`` with ``EXPERT_ITERATIONS``, a shortlist of ``width`` 8, playout moves
    the best of ``samples`` 24 and the endgame of ``EXPERT_ENDGAME``."""

    default_iterations = EXPERT_ITERATIONS

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = 8, samples: int = 24, learned: int = 0,
                 exact: int | None = None, win_bonus: float | None = None,
                 finish: int | None = None, **options: float) -> None:
        super().__init__(iterations, time_ms, width=width, samples=samples,  # type: ignore[arg-type]
                         learned=learned, finish=finish or 0, **options)
        # as given; None: EXPERT_ENDGAME's for the player count, or the hard level's
        self.endgame = (exact, win_bonus, finish)

    def choose(self, game: Game, rng: random.Random) -> Move:
        defaults = EXPERT_ENDGAME.get(game.players, HARD_ENDGAME)
        exact, bonus, finish = (default if given is None else given
                                for given, default in zip(self.endgame, defaults, strict=True))
        self.exact, self.finish = int(exact), int(finish)
        self.settings = dataclasses.replace(self.settings, win_bonus=bonus)
        return super().choose(game, rng)
