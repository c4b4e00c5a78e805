"""The expert level: the hard level's search with sharper playouts.

The same flat Monte Carlo as ``destijl.bots.hard`` (determinized decks from the unseen
cards only, common random numbers across candidates, sequential halving) with these
changes, measured against the hard level in docs/bots.md:

- sharper playouts: every playout move is the best of ``samples`` 24 sampled placements
  (the hard level: 8), so the guessed futures are played more like a strong opponent would;
- a wider shortlist (``width`` 8 instead of 6) and ``EXPERT_ITERATIONS`` playouts per move,
  as many as fit the page's time (a sharper playout costs about twice as much).

``learned=1`` scores the playouts that stop before the end by the learned estimate of the
final margin (``destijl.bots.evaluation``) instead of the margin at the cut-off: measured,
not adopted (docs/bots.md).

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

from .hard import HardBot

# playouts per move by player count, calibrated to time (docs/bots.md)
EXPERT_ITERATIONS: dict[int, int] = {2: 360, 3: 220, 4: 120, 5: 110}


class ExpertBot(HardBot):
    """``HardBot`` with ``EXPERT_ITERATIONS``, a shortlist of ``width`` 8 and playout moves
    the best of ``samples`` 24."""

    default_iterations = EXPERT_ITERATIONS

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = 8, samples: int = 24, learned: int = 0,
                 **options: float) -> None:
        super().__init__(iterations, time_ms, width=width, samples=samples,  # type: ignore[arg-type]
                         learned=learned, **options)
