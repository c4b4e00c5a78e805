"""One move's flat Monte Carlo search for the hard level, over a shortlist of candidates.

Every *world* is one guess of the hidden deck (``destijl.bots.hidden``) and one playout
seed. The surviving candidates each get a playout in the same world (common random
numbers: they are compared on the same futures), and the budget is spread by sequential
halving: after each phase the worse half drops out.

A playout starts from the candidate's *start*: the candidate played, then the medium
level's replies of the next seats as long as they are known in advance (the Gallery is
known until the round ends); the same in every world, so made once. From there
``destijl.bots.playout.Policy`` plays on until the cut-off. A playout is worth the
searching seat's margin over the best other seat, plus ``win_bonus`` times its share of
the victory if the game ended; with ``weights`` (the expert level), a playout that stops
before the end is worth the learned estimate of the final margin instead
(``destijl.bots.evaluation``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ..game import DECK_SIZES, Game
from .candidates import Scored
from .evaluation import evaluate
from .hidden import sample_deck, unseen_cards
from .playout import Policy, Sim, best_reply


@dataclass(frozen=True)
class Settings:
    """The knobs of the search (see ``HardBot``)."""

    rounds: int = 1  # rounds played after the current one before the cut-off
    samples: int = 8  # placements sampled per playout move
    epsilon: float = 0.1  # chance of a random playout move
    win_bonus: float = 4.0  # worth of a whole victory, in points of margin
    replies: int = 1  # medium-level replies played before the playout policy takes over
    squash: float = 0.0  # > 0: a cut-off before the end is worth squash * tanh(margin / squash)


class RootSearch:
    """The search state of one move: candidates, their starts and playout values."""

    def __init__(self, game: Game, root: Sim, candidates: list[Scored], policy: Policy,
                 settings: Settings, deadline: float | None,
                 weights: Mapping[str, float] | None = None) -> None:
        self.game = game
        self.root = root
        self.candidates = candidates
        self.policy = policy
        self.settings = settings
        self.deadline = deadline  # perf_counter time to stop at, or None
        self.weights = weights  # the learned evaluation's weights, or None for the margin
        self.total_plies = DECK_SIZES[game.players]
        self.seat = game.current_seat or 0
        self.unseen = unseen_cards(game)
        self.starts: list[Sim | None] = [None] * len(candidates)  # made when first needed
        self.values: list[list[float]] = [[] for _ in candidates]
        self.alive = list(range(len(candidates)))
        self.playouts = 0

    def run(self, budget: int, rng: random.Random) -> Scored:
        """Spend up to ``budget`` playouts (or stop at the deadline); the best candidate."""
        phases = max(1, math.ceil(math.log2(len(self.candidates))))
        for phase in range(phases):
            share = (budget - self.playouts) // (phases - phase)
            worlds = max(1, -(-share // len(self.alive)))
            for _ in range(worlds):
                if not self._world(budget, rng):
                    return self.best()
            self.alive = self._survivors()
        return self.best()

    def _world(self, budget: int, rng: random.Random) -> bool:
        """One playout per surviving candidate in a new world; False once out of budget."""
        deck = sample_deck(self.unseen, self.game.deck_count, rng)
        seed = rng.getrandbits(32)
        for index in self.alive:
            if self.playouts >= budget or (
                    self.deadline is not None and time.perf_counter() > self.deadline):
                return False
            start = self.starts[index]
            if start is None:
                start = self.starts[index] = self._start(self.candidates[index])
            self.values[index].append(self._playout(start, deck, random.Random(seed)))
            self.playouts += 1
        return True

    def _start(self, candidate: Scored) -> Sim:
        """The candidate played, then the known medium-level replies of the next seats."""
        sim = self.root.copy()
        sim.play(candidate.card, candidate.info, candidate.pos)
        for _ in range(self.settings.replies):
            if sim.pending or sim.over or sim.seat == self.seat:
                break
            sim.play(*best_reply(sim, self.policy.scorer, self.policy.faces))
        return sim

    def _playout(self, start: Sim, deck: list[int], rng: random.Random) -> float:
        sim = start.copy(deck)
        self.policy.run(sim, rng, self.settings.rounds + 1)
        scorer = self.policy.scorer
        if self.weights is not None and not sim.over:
            left = (len(sim.gallery) + sim.pending + sim.deck_left - 1) / self.total_plies
            return evaluate(sim.board, scorer, self.seat, left, self.weights)
        totals = scorer.totals(sim.board)
        mine = totals[self.seat]
        totals[self.seat] = -1 << 30
        result = mine - max(totals)
        if sim.over:
            result += self.settings.win_bonus * scorer.shares(sim.board)[self.seat]
        elif self.settings.squash:
            result = self.settings.squash * math.tanh(result / self.settings.squash)
        return result

    def _mean(self, index: int, count: int) -> float:
        return sum(self.values[index][:count]) / count if count else 0.0

    def _survivors(self) -> list[int]:
        """The better half of the survivors, compared on the worlds they all saw."""
        count = min(len(self.values[i]) for i in self.alive)
        keep = max(1, (len(self.alive) + 1) // 2)
        order = sorted(self.alive, key=lambda i: (-self._mean(i, count), i))
        return sorted(order[:keep])

    def best(self) -> Scored:
        """The surviving candidate with the best mean (the earlier one on a tie)."""
        count = min(len(self.values[i]) for i in self.alive)
        return self.candidates[min(self.alive, key=lambda i: (-self._mean(i, count), i))]
