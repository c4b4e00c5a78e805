"""The hard level: flat Monte Carlo over the best few placements, playing to win.

1. Score every distinct placement exactly, as the medium level does, and keep the best
   ``width`` of them plus the best placement of each other Gallery card (what a move
   leaves in the Gallery matters as much as where it goes).
2. Search them (``destijl.bots.search``): playouts with a fresh guess of the hidden
   deck each, from the unseen cards only, fast epsilon-greedy moves for every seat
   (``destijl.bots.playout``), cut off ``rounds`` rounds after the current one; worth
   the margin over the best other seat, plus a bonus for a victory if the game ended.
   On the last move of the game one exact playout per candidate decides.

The search is anytime: ``iterations`` (playouts, reproducible; by default
``DEFAULT_ITERATIONS`` for the player count) bounds it, and ``time_ms``, when given,
stops it at a wall-clock deadline: the best candidate so far is played (the medium
level's choice if no playout could run). ``playouts`` tells how many the last move ran.

>>> import random
>>> from destijl import new_game
>>> game = new_game(2, seed=4)
>>> bot = HardBot(iterations=24)
>>> game.is_legal(bot.choose(game, random.Random(2))), bot.playouts
(True, 24)
"""

from __future__ import annotations

import random
import time

from ..game import Game
from ..move import Move
from .candidates import Scored, Table
from .evaluation import weights_for
from .hidden import unseen_cards
from .playout import Policy, Sim, card_faces
from .search import RootSearch, Settings
from .simple import ranked

# playouts per move by player count: more players, longer playouts, so fewer of them
DEFAULT_ITERATIONS: dict[int, int] = {2: 160, 3: 140, 4: 120, 5: 100}


class HardBot:
    """Flat Monte Carlo with determinized decks over the best few candidates."""

    default_iterations: dict[int, int] = DEFAULT_ITERATIONS  # playouts by player count

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = 6, rounds: int = 1, samples: int = 8, epsilon: float = 0.1,
                 win_bonus: float = 4.0, replies: int = 1, learned: int = 0) -> None:
        self.iterations = iterations  # None: DEFAULT_ITERATIONS for the player count
        self.time_ms = time_ms  # wall-clock cap per move, None for none
        self.width = width  # candidates by the medium ranking (plus one per other card)
        self.settings = Settings(rounds, samples, epsilon, win_bonus, replies)
        self.learned = bool(learned)  # cut-offs scored by destijl.bots.evaluation
        self.playouts = 0  # playouts run by the last choose

    def choose(self, game: Game, rng: random.Random) -> Move:
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        self.playouts = 0
        table = Table.of(game)
        candidates = self._shortlist(ranked(game, rng, table))
        if len(candidates) == 1:
            return candidates[0].move()
        faces = card_faces(game, sorted({*game.gallery, *unseen_cards(game)}))
        policy = Policy(table.scorer, faces, self.settings.samples, self.settings.epsilon)
        root = Sim.of(game, table.board, deck=[])
        weights = weights_for(game.players) if self.learned else None
        search = RootSearch(game, root, candidates, policy, self.settings, deadline, weights)
        budget = self.iterations or self.default_iterations[game.players]
        if game.ply + 1 == game.total_plies:  # the last move: one exact playout each
            budget = min(budget, len(candidates))
        best = search.run(budget, rng)
        self.playouts = search.playouts
        return best.move()

    def _shortlist(self, order: list[tuple[float, Scored]]) -> list[Scored]:
        """The best ``width`` placements and the best placement of every other card."""
        chosen = [scored for _, scored in order[: self.width]]
        cards = {scored.card for scored in chosen}
        for _, scored in order:
            if scored.card not in cards:
                cards.add(scored.card)
                chosen.append(scored)
        return chosen
