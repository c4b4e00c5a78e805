"""One position judged by the expert's search, with the placement played forced in.

The expert level's own search (``destijl.bots.expert``: its shortlist, its playouts, its
worth of a playout) runs on the *public* game of the seat to play (``PublicGame``: the
deck is only a count), so the judgement uses only what that player knew then. The
placement played joins the shortlist and is never dropped by the sequential halving, so
at the end it and the best survivor have been played out in the very same worlds (common
random numbers): the difference of their means is the loss.

Each playout also tells whether the seat wins (its share of the victory at the game's end,
or of the lead where the playout stops): the share over a candidate's playouts is its win
chance.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from ..bots.candidates import Scored, Table, stroke_builders
from ..bots.expert import ExpertBot
from ..bots.hidden import unseen_cards
from ..bots.playout import Policy, Sim, card_faces, turn_in_round
from ..bots.search import RootSearch, Settings
from ..bots.simple import ranked
from ..bots.view import PublicGame, public_state
from ..game import Game
from ..move import Move
from ..tally.board import face_colors, pack


@dataclass(frozen=True)
class Judgement:
    """The search's verdict on one placement: the best found and the one played."""

    best: Move
    played: Move
    value_best: float  # the expert's mean playout worth of each, on the same worlds
    value_played: float
    win_best: float  # share of those playouts the seat wins
    win_played: float
    playouts: int

    @property
    def loss(self) -> float:
        """Expected margin given away, >= 0 (0 when the played placement is the best)."""
        return max(0.0, self.value_best - self.value_played)


class _Recording(Policy):
    """The expert's playout policy, remembering the last playout's final position."""

    __slots__ = ("last",)

    def run(self, sim: Sim, rng: random.Random, rounds: int) -> None:
        super().run(sim, rng, rounds)
        self.last = sim


class _ForcedSearch(RootSearch):
    """``RootSearch`` that keeps candidate ``keep`` alive and counts the seat's wins."""

    def __init__(self, *args: object, keep: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.keep = keep
        self.wins: list[list[float]] = [[] for _ in self.candidates]

    def _playout(self, start: Sim, deck: list[int], rng: random.Random) -> float:
        worth = super()._playout(start, deck, rng)
        sim = self.policy.last  # type: ignore[attr-defined]
        index = self._current
        self.wins[index].append(self.policy.scorer.shares(sim.board)[self.seat])
        return worth

    def _start(self, index: int, pick: float) -> Sim:
        self._current = index  # the candidate whose playout follows
        return super()._start(index, pick)

    def _survivors(self) -> list[int]:
        alive = super()._survivors()
        return alive if self.keep in alive else sorted([*alive, self.keep])

    def mean(self, values: list[float], count: int) -> float:
        return sum(values[:count]) / count if count else 0.0


def public_game(game: Game) -> Game:
    """The game as the seat to play sees it: no deck cards, no seed, no deal."""
    return PublicGame(public_state(game))


def _same(scored: Scored, move: Move, game: Game) -> bool:
    """Whether ``scored`` lays the same face at the same place as ``move``."""
    if scored.pos != pack(move.x, move.y):
        return False
    return (face_colors(game.face(scored.card, scored.rotation))
            == face_colors(game.face(move.card, move.rotation)))



def search_settings(bot: ExpertBot, seen: Game) -> tuple[Settings, int, bool]:
    """The expert's search settings for ``seen``, its exact-endgame width, and whether the
    rest of the game is known (no deck left): then every reply still to come in the round is
    searched and nothing is spread."""
    settings, exact = bot._settings_for(seen), bot._exact_for(seen)
    known = bool(exact) and seen.deck_count == 0
    if known:
        still_to_play = seen.players - 1 - turn_in_round(seen)
        settings = dataclasses.replace(settings, replies=max(settings.replies, still_to_play),
                                       spread=0.0)
    return settings, exact, known

def judge(game: Game, played: Move, playouts: int, rng: random.Random) -> Judgement:
    """Judge ``played`` (legal in ``game``) against the best placement the expert's search
    finds with ``playouts`` playouts, from ``game``'s public information only."""
    game.check(played)
    seen = public_game(game)
    bot = ExpertBot(iterations=playouts)
    table = Table.of(seen)
    settings, exact, known = search_settings(bot, seen)
    order = ranked(seen, rng, table)
    candidates = bot._shortlist(order, max(bot.width, exact) if known else bot.width)
    builders = bot._builders_for(seen)
    if builders and not known:
        candidates += stroke_builders(table, [scored for _, scored in order], candidates,
                                      builders)
    keep = next((i for i, s in enumerate(candidates) if _same(s, played, seen)), None)
    if keep is None:
        keep = len(candidates)
        candidates.append(next(s for _, s in order if _same(s, played, seen)))
    faces = card_faces(seen, sorted({*seen.gallery, *unseen_cards(seen)}))
    policy = _Recording(table.scorer, faces, settings.samples, settings.epsilon)
    root = Sim.of(seen, table.board, deck=[])
    search = _ForcedSearch(seen, root, candidates, policy, settings, None, None, keep=keep)
    budget = playouts
    if seen.ply + 1 == seen.total_plies or known:  # nothing hidden: one exact playout each
        budget = len(candidates)
    best_scored = search.run(budget, rng)
    best = candidates.index(best_scored)
    count = min(len(search.values[best]), len(search.values[keep]))
    value_best = search.mean(search.values[best], count)
    value_played = search.mean(search.values[keep], count)
    if best == keep or value_played >= value_best:
        best, value_best = keep, value_played
    return Judgement(
        best=played if best == keep else candidates[best].move(), played=played,
        value_best=value_best, value_played=value_played,
        win_best=search.mean(search.wins[best], count),
        win_played=search.mean(search.wins[keep], count), playouts=search.playouts)
