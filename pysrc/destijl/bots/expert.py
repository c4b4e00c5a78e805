"""The expert level: the hard level's search with sharper playouts and, with 2 players,
deeper ones; with 2 and 4 players an exact last round.

The same flat Monte Carlo as ``destijl.bots.hard`` (determinized decks from the unseen
cards only, common random numbers across candidates, sequential halving) with these
changes, measured against the hard level in docs/levels.md:

- sharper playouts: every playout move is the best of ``samples`` 24 sampled placements
  (the hard level: 8), so the guessed futures are played more like a strong opponent would;
- a wider shortlist (``width`` 8 instead of 6) and as many playouts per move as fit the
  page's time (``EXPERT_PLANS``: a sharper playout costs about twice as much);
- with 2 players (``EXPERT_PLANS[2]``): playouts two rounds deeper than the current one
  (``rounds`` 2, the hard level: 1; so from two rounds before the end they run to the
  end), 640 of them; a playout that reaches the game's end is worth its margin plus
  ``win_bonus`` 20 times its share of the victory (the hard level: 4), so winning comes
  first and the margin only breaks ties; and in the last round, where nothing is hidden
  any more, the shortlist is ``exact`` 40 wide and each candidate is judged by one exact
  playout (the candidate, the opponent's medium-level reply); before it, the opponent's
  known reply is drawn in each world from its likely replies (``spread`` 1: its
  medium-level best in about two worlds in three, as the hard level plays it);
- with 4 players (``EXPERT_PLANS[4]``): an exact last round too, over a shortlist of 20
  (each candidate answered by the medium-level reply of every seat still to play: up to
  three full scans each, so half the 2-player width keeps the round's first move in time),
  and a playout stopped before the end is worth its margin plus ``stroke_lead`` 3 times
  the lead of the seat's largest stroke over the others' largest (with 4 players a lead in
  points mid-game barely predicts the winner; the largest stroke, which earns the biggest
  bonus and breaks a tie for first, does), and before the last round the shortlist also
  holds the ``builders`` 3 placements that grow the seat's largest stroke the most (the
  medium ranking by points alone leaves them out, so the search could not choose them).

``learned=1`` scores the playouts that stop before the end by the learned estimate of the
final margin (``destijl.bots.evaluation``) instead of the margin at the cut-off: measured,
not adopted (docs/levels.md); so are ``squash`` (a cut-off's margin squashed, ``HardBot``)
and ``margin_ramp`` (a cut-off's margin weighed by the share of the game played).
Any ``HardBot`` keyword may be given; ``rounds``, ``exact``, ``win_bonus``, ``squash``,
``spread``, ``stroke_lead``, ``margin_ramp`` and ``builders``, when given, replace the
plan's whatever the player count (``plan_for``); ``finish`` (playouts on to the end once
it is that many rounds away) is off unless given: with 2 players the two-round playouts
already reach the end from two rounds before it.

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
from dataclasses import dataclass
from typing import Any

from ..game import Game
from .hard import HardBot
from .search import Settings


@dataclass(frozen=True)
class Plan:
    """How the expert searches with one player count (each part measured, docs/levels.md)."""

    iterations: int  # playouts per move, as many as fit the page's time
    rounds: int = 1  # rounds played after the current one before a playout's cut-off
    exact: int = 0  # the last round's shortlist, each judged by one exact playout (0: off)
    win_bonus: float = 4.0  # a victory's worth, in points of margin, at the game's end
    squash: float = 0.0  # > 0: a cut-off before the end is worth squash * tanh(margin / squash)
    spread: float = 0.0  # > 0: the next seat's reply drawn per world from its likely ones
    stroke_lead: float = 0.0  # a cut-off before the end: + this x the largest-stroke lead
    margin_ramp: float = 0.0  # a cut-off's margin weighs 1 - this x the share of the game left
    builders: int = 0  # + this many candidates: the placements growing the largest stroke most


EXPERT_PLANS: dict[int, Plan] = {
    2: Plan(640, rounds=2, exact=40, win_bonus=20.0, spread=1.0),
    3: Plan(220), 4: Plan(120, exact=20, stroke_lead=3.0, builders=3), 5: Plan(110)}
EXPERT_ITERATIONS: dict[int, int] = {players: plan.iterations
                                     for players, plan in EXPERT_PLANS.items()}


class ExpertBot(HardBot):
    """``HardBot`` with a shortlist of ``width`` 8, playout moves the best of ``samples``
    24 and, for the rest, the ``EXPERT_PLANS`` of the player count."""

    default_iterations = EXPERT_ITERATIONS

    def __init__(self, iterations: int | None = None, time_ms: float | None = None, *,
                 width: int = 8, samples: int = 24, learned: int = 0,
                 rounds: int | None = None, exact: int | None = None,
                 win_bonus: float | None = None, squash: float | None = None,
                 spread: float | None = None, stroke_lead: float | None = None,
                 margin_ramp: float | None = None, builders: int | None = None,
                 finish: int = 0, **options: Any) -> None:
        # the HardBot settings hold what the plan does not set; rounds, win_bonus, squash,
        # spread, stroke_lead, margin_ramp and builders are the plan's, or these when given
        super().__init__(iterations, time_ms, width=width, samples=samples,
                         learned=learned, finish=finish, **options)
        given = {"rounds": rounds, "exact": exact, "win_bonus": win_bonus, "squash": squash,
                 "spread": spread, "stroke_lead": stroke_lead, "margin_ramp": margin_ramp,
                 "builders": builders}
        self.given: dict[str, Any] = {name: value for name, value in given.items()
                                      if value is not None}

    def plan_for(self, game: Game) -> Plan:
        """The plan of a move in ``game``: ``EXPERT_PLANS`` for its player count, with
        whatever this bot was given instead."""
        return dataclasses.replace(EXPERT_PLANS[game.players], **self.given)

    def _base_settings(self, game: Game) -> Settings:
        plan = self.plan_for(game)
        return dataclasses.replace(self.settings, rounds=int(plan.rounds),
                                   win_bonus=plan.win_bonus, squash=plan.squash,
                                   spread=plan.spread, stroke_lead=plan.stroke_lead,
                                   margin_ramp=plan.margin_ramp)

    def _exact_for(self, game: Game) -> int:
        return int(self.plan_for(game).exact)

    def _builders_for(self, game: Game) -> int:
        return int(self.plan_for(game).builders)
