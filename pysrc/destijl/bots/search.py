"""One move's flat Monte Carlo search for the hard level, over a shortlist of candidates.

Every *world* is one guess of the hidden deck (``destijl.bots.hidden``) and one playout
seed. The surviving candidates each get a playout in the same world (common random
numbers: they are compared on the same futures), and the budget is spread by sequential
halving: after each phase the worse half drops out.

A playout starts from the candidate's *start*: the candidate played, then the medium
level's replies of the next seats as long as they are known in advance (the Gallery is
known until the round ends); made once and reused in every world. With ``spread`` the
next seat's reply is not always its medium-level best: each world draws it from that
seat's likely replies (``likely_replies``, the k-th best with weight exp(-k / spread)),
as a real opponent that searches does not always play the best placement by value. From there
``destijl.bots.playout.Policy`` plays on until the cut-off. A playout is worth the
searching seat's margin over the best other seat, plus ``win_bonus`` times its share of
the victory if the game ended; with ``weights`` (the expert level), a playout that stops
before the end is worth the learned estimate of the final margin instead
(``destijl.bots.evaluation``); ``stroke_lead`` adds the lead of the seat's largest stroke
to such a cut-off and ``margin_ramp`` weighs its margin by how much of the game is played.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ..game import DECK_SIZES, Game
from .candidates import SHORTLIST_WIDTH, Scored
from .evaluation import evaluate
from .hidden import sample_deck, unseen_cards
from .playout import Policy, Reply, Sim, best_reply, likely_replies


@dataclass(frozen=True)
class Settings:
    """The knobs of the search (see ``HardBot``)."""

    rounds: int = 1  # rounds played after the current one before the cut-off
    samples: int = 8  # placements sampled per playout move
    epsilon: float = 0.1  # chance of a random playout move
    win_bonus: float = 4.0  # worth of a whole victory, in points of margin
    replies: int = 1  # medium-level replies played before the playout policy takes over
    squash: float = 0.0  # > 0: a cut-off before the end is worth squash * tanh(margin / squash)
    spread: float = 0.0  # > 0: the next seat's reply drawn per world, k-th best exp(-k / spread)
    stroke_lead: float = 0.0  # a cut-off before the end: + this x (own largest - others' largest)
    margin_ramp: float = 0.0  # a cut-off's margin weighs 1 - this x the share of the game left


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
        # made when first needed: per candidate, the Sim after it, the next seat's replies
        # to draw from and their cumulative weights; per (candidate, reply), the start
        self.replies: dict[int, tuple[Sim, list[Reply], list[float]]] = {}
        self.starts: dict[tuple[int, int], Sim] = {}
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
        pick = rng.random() if self.settings.spread else 0.0  # which reply, in every candidate
        for index in self.alive:
            if self.playouts >= budget or (
                    self.deadline is not None and time.perf_counter() > self.deadline):
                return False
            start = self._start(index, pick)
            self.values[index].append(self._playout(start, deck, random.Random(seed)))
            self.playouts += 1
        return True

    def _start(self, index: int, pick: float) -> Sim:
        """The candidate played, then the next seat's reply (the one ``pick`` draws), then
        the further known medium-level replies."""
        after, replies, edges = self._replies(index)
        if not replies:
            return after
        choice = min(bisect.bisect_right(edges, pick), len(replies) - 1)
        start = self.starts.get((index, choice))
        if start is None:
            start = self.starts[index, choice] = after.copy()
            start.play(*replies[choice])
            for _ in range(self.settings.replies - 1):
                if start.pending or start.over or start.seat == self.seat:
                    break
                start.play(*best_reply(start, self.policy.scorer, self.policy.faces))
        return start

    def _replies(self, index: int) -> tuple[Sim, list[Reply], list[float]]:
        """The Sim after candidate ``index``, the next seat's replies to draw from (none if
        its move is not known in advance) and their cumulative weights: its medium-level
        best alone, or with ``spread`` its likely replies."""
        entry = self.replies.get(index)
        if entry is None:
            candidate, spread = self.candidates[index], self.settings.spread
            after = self.root.copy()
            after.play(candidate.card, candidate.info, candidate.pos)
            replies: list[Reply] = []
            if self.settings.replies and not (after.pending or after.over
                                              or after.seat == self.seat):
                scorer, faces = self.policy.scorer, self.policy.faces
                replies = (likely_replies(after.copy(), scorer, faces, SHORTLIST_WIDTH) if spread
                           else [best_reply(after.copy(), scorer, faces)])
            weights = [math.exp(-rank / spread) if spread else 1.0
                       for rank in range(len(replies))]
            edges = list(itertools.accumulate(weight / sum(weights) for weight in weights))
            entry = self.replies[index] = (after, replies, edges)
        return entry

    def _playout(self, start: Sim, deck: list[int], rng: random.Random) -> float:
        sim = start.copy(deck)
        self.policy.run(sim, rng, self.settings.rounds + 1)
        scorer = self.policy.scorer
        if self.weights is not None and not sim.over:
            return evaluate(sim.board, scorer, self.seat, self._left(sim), self.weights)
        totals = scorer.totals(sim.board)
        mine = totals[self.seat]
        totals[self.seat] = -1 << 30
        result: float = mine - max(totals)
        if sim.over:
            result += self.settings.win_bonus * scorer.shares(sim.board)[self.seat]
            return result
        if self.settings.margin_ramp:
            result *= 1 - self.settings.margin_ramp * self._left(sim)
        if self.settings.stroke_lead:
            largest = scorer.largest(sim.board)
            own = largest[self.seat]
            largest[self.seat] = 0
            result += self.settings.stroke_lead * (own - max(largest))
        if self.settings.squash:
            result = self.settings.squash * math.tanh(result / self.settings.squash)
        return result

    def _left(self, sim: Sim) -> float:
        """The share of the game's plies still to play in ``sim``."""
        return (len(sim.gallery) + sim.pending + sim.deck_left - 1) / self.total_plies

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
