"""The expert level: the hard level's search with a larger budget and a wider shortlist.

The same flat Monte Carlo as ``destijl.bots.hard`` (determinized decks from the unseen
cards only, common random numbers across candidates, sequential halving), with
``EXPERT_ITERATIONS`` playouts per move: about 2.3 times the hard level's think time on
the browser benchmark's positions, which keeps it within the page's 1.2 s per move (see
docs/bots.md). The budget is a number of playouts, not a time, so a seed gives the same
move on any machine; ``time_ms`` only caps it on a slow one.

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
EXPERT_ITERATIONS: dict[int, int] = {2: 520, 3: 300, 4: 160, 5: 150}


class ExpertBot(HardBot):
    """``HardBot`` with ``EXPERT_ITERATIONS`` and a shortlist of ``width`` 8."""

    default_iterations = EXPERT_ITERATIONS

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = 8, learned: int = 1, **options: float) -> None:
        super().__init__(iterations, time_ms, width=width, learned=learned,
                         **options)  # type: ignore[arg-type]
