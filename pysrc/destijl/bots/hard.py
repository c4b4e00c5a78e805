"""The hard level: flat Monte Carlo over the best few placements, playing to win.

1. Score every distinct placement exactly, as the medium level does, and keep the best
   ``width`` of them plus the best placement of each other Gallery card (what a move
   leaves in the Gallery matters as much as where it goes).
2. Search them (``destijl.bots.search``): playouts with a fresh guess of the hidden
   deck each, from the unseen cards only, fast epsilon-greedy moves for every seat
   (``destijl.bots.playout``), cut off ``rounds`` rounds after the current one; worth
   the margin over the best other seat, plus a bonus for a victory if the game ended.
   On the last move of the game one exact playout per candidate decides.

Options the hard level leaves off (the expert uses some, docs/levels.md): ``exact``, a
wider shortlist judged by one exact playout per candidate once nothing is hidden any more
(the last round: the candidate, then the medium-level reply of every seat still to play,
whatever ``replies`` is); ``finish``, playouts on to the game's end once it is at most
that many rounds away; ``squash``, a playout cut off before the end worth
``squash * tanh(margin / squash)`` instead of its margin (bounded: a few points' lead
counts almost as much as a large one, so the search plays for the lead rather than its
size); ``spread``, the next seat's known reply drawn in each world from its likely
replies (the hard level's shortlist for it, the k-th best with weight exp(-k / spread))
instead of always its medium-level best (not in the exact last round); ``stroke_lead``,
a playout cut off before the end worth its margin plus that many times the lead of the
seat's largest stroke over the others' largest; ``margin_ramp``, the margin of such a
cut-off weighed ``1 - margin_ramp x`` the share of the game left after it; ``builders``,
that many more candidates (not in the exact last round): the placements that grow the
seat's largest stroke the most (``candidates.stroke_builders``).

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

import dataclasses
import random
import time
from operator import attrgetter

from ..game import Game
from ..move import Move
from .candidates import SHORTLIST_WIDTH, Scored, Table, shortlist, stroke_builders
from .evaluation import weights_for
from .hidden import unseen_cards
from .playout import Policy, Sim, card_faces, turn_in_round
from .search import RootSearch, Settings
from .simple import ranked

# playouts per move by player count: more players, longer playouts, so fewer of them
DEFAULT_ITERATIONS: dict[int, int] = {2: 160, 3: 140, 4: 120, 5: 100}


class HardBot:
    """Flat Monte Carlo with determinized decks over the best few candidates."""

    default_iterations: dict[int, int] = DEFAULT_ITERATIONS  # playouts by player count

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = SHORTLIST_WIDTH, rounds: int = 1, samples: int = 8,
                 epsilon: float = 0.1, win_bonus: float = 4.0, replies: int = 1, learned: int = 0,
                 finish: int = 0, exact: int = 0, squash: float = 0.0,
                 spread: float = 0.0, stroke_lead: float = 0.0,
                 margin_ramp: float = 0.0, builders: int = 0) -> None:
        self.iterations = iterations  # None: DEFAULT_ITERATIONS for the player count
        self.time_ms = time_ms  # wall-clock cap per move, None for none
        self.width = width  # candidates by the medium ranking (plus one per other card)
        self.settings = Settings(rounds, samples, epsilon, win_bonus, replies, squash, spread,
                                 stroke_lead, margin_ramp)
        self.learned = bool(learned)  # cut-offs scored by destijl.bots.evaluation
        self.finish = finish  # play to the end once it is at most this many rounds after this
        self.exact = exact  # shortlist width once the rest is known (0: width); see _exact_for
        self.builders = builders  # + this many placements growing the largest stroke the most
        self.playouts = 0  # playouts run by the last choose

    def choose(self, game: Game, rng: random.Random) -> Move:
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000
        self.playouts = 0
        table = Table.of(game)
        settings, exact = self._settings_for(game), self._exact_for(game)
        known = bool(exact) and game.deck_count == 0  # the last round: nothing is hidden
        if known:  # every seat still to play answers with its medium-level reply
            still_to_play = game.players - 1 - turn_in_round(game)
            settings = dataclasses.replace(settings, replies=max(settings.replies, still_to_play),
                                           spread=0.0)
        width = max(self.width, exact) if known else self.width
        order = ranked(game, rng, table)
        candidates = self._shortlist(order, width)
        builders = self._builders_for(game)
        if builders and not known:
            candidates += stroke_builders(table, [scored for _, scored in order], candidates,
                                          builders)
        if len(candidates) == 1:
            return candidates[0].move()
        faces = card_faces(game, sorted({*game.gallery, *unseen_cards(game)}))
        policy = Policy(table.scorer, faces, settings.samples, settings.epsilon)
        root = Sim.of(game, table.board, deck=[])
        weights = weights_for(game.players) if self.learned else None
        search = RootSearch(game, root, candidates, policy, settings, deadline, weights)
        budget = self.iterations or self.default_iterations[game.players]
        if game.ply + 1 == game.total_plies or known:  # one exact playout each
            budget = min(budget, len(candidates))
        best = search.run(budget, rng)
        self.playouts = search.playouts
        return best.move()

    def _base_settings(self, game: Game) -> Settings:
        """The search's settings for a move in ``game`` before ``finish``: the bot's own
        (the expert's come from its plan for the player count)."""
        return self.settings

    def _exact_for(self, game: Game) -> int:
        """The shortlist's width once nothing is hidden any more (0: no exact search)."""
        return self.exact

    def _builders_for(self, game: Game) -> int:
        """How many stroke-building candidates join the shortlist (``stroke_builders``)."""
        return self.builders

    def _settings_for(self, game: Game) -> Settings:
        """The search's settings for this move: with ``finish``, playouts go on to the
        game's end once it is at most ``finish`` rounds after the current one."""
        settings = self._base_settings(game)
        if not self.finish:
            return settings
        this_round = game.players - turn_in_round(game)  # moves left in this round
        after = (game.total_plies - game.ply - this_round) // game.players
        if after <= self.finish and after > settings.rounds:
            return dataclasses.replace(settings, rounds=after)
        return settings

    def _shortlist(self, order: list[tuple[float, Scored]],
                   width: int | None = None) -> list[Scored]:
        """The best ``width`` placements and the best placement of every other card."""
        return shortlist([scored for _, scored in order], self.width if width is None else width,
                         attrgetter("card"))
