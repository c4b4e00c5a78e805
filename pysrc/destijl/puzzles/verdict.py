"""A position weighed for a puzzle: every shortlisted placement on the same worlds.

The review's judgement (``destijl.review.judge``) compares two placements; a puzzle needs
the best placement against *every* other. ``weigh`` runs the expert level's search on the
public game of the seat to play (``review.judge.public_game``: the deck is a count, so the
verdict cannot depend on the hidden deck), with the expert's shortlist widened to
``WIDTH`` and no sequential halving: every candidate is played out in every world (common
random numbers), so each has a mean worth (points of expected final margin, the expert's
own worth of a playout) and a win chance (the share of those playouts the seat wins) on
exactly the same futures. Placements that lay the same face at the same place are one
candidate. ``decide`` turns the weighed options into a verdict (docs/puzzles.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bots.candidates import Scored, Table, stroke_builders
from ..bots.expert import ExpertBot
from ..bots.hidden import unseen_cards
from ..bots.playout import Sim, card_faces
from ..bots.simple import ranked
from ..game import Game
from ..move import Move
from ..review.judge import _ForcedSearch, _Recording, public_game, search_settings
from ..tally.board import face_colors, pack

WIDTH = 8  # best placements by immediate value kept, then the best of every other card
MARGIN_WIN = 0.10  # a solution's win chance above every other placement's, at least
MARGIN_WORTH = 0.5  # and every other is worth this much less (points of final margin)
TIE_WIN = 0.02  # a placement this close to the best (both figures) is a solution too
TIE_WORTH = 0.3
MAX_SOLUTIONS = 3  # distinct placements; more equal ones: no puzzle
MIN_WIN = 0.2  # the solution keeps a real chance
WORLDS = {2: 16, 3: 12, 4: 10, 5: 10}  # worlds per position (every candidate in each)


@dataclass(frozen=True)
class Option:
    """One candidate placement and its figures on the shared worlds."""

    move: Move
    worth: float
    win: float
    points: int  # the seat's total right after it


@dataclass(frozen=True)
class Verdict:
    """Whether a position is a puzzle, its solutions and why not if it is not."""

    solutions: tuple[Option, ...]  # the best and those equal to it
    runner_up: Option | None  # the best of the rest
    refusal: str | None  # None: a puzzle
    options: tuple[Option, ...]  # every candidate, best first

    @property
    def is_puzzle(self) -> bool:
        """True when the best placement (or a few equal ones) beats every other clearly."""
        return self.refusal is None


class _EverySearch(_ForcedSearch):
    """The review's search with no halving: every candidate sees every world."""

    def _survivors(self) -> list[int]:
        return list(self.alive)


def place_key(game: Game, move: Move) -> tuple[int, tuple[int, ...]]:
    """A placement's place and face: two moves with the same key are one placement."""
    return pack(move.x, move.y), face_colors(game.face(move.card, move.rotation))


def _candidates(seen: Game, bot: ExpertBot, rng: random.Random,
                extra: tuple[Move, ...], known: bool, exact: int) -> list[Scored]:
    table = Table.of(seen)
    order = ranked(seen, rng, table)
    width = max(WIDTH, exact) if known else WIDTH
    candidates: list[Scored] = bot._shortlist(order, width)
    builders = bot._builders_for(seen)
    if builders and not known:
        candidates += stroke_builders(table, [s for _, s in order], candidates, builders)
    have = {(s.pos, face_colors(seen.face(s.card, s.rotation))) for s in candidates}
    for move in extra:
        key = place_key(seen, move)
        if key not in have:
            have.add(key)
            candidates.append(next(s for _, s in order
                                   if (s.pos, face_colors(seen.face(s.card, s.rotation)))
                                   == key))
    return candidates


def weigh(game: Game, worlds: int, rng: random.Random,
          extra: tuple[Move, ...] = ()) -> list[Option]:
    """Every candidate of the seat to play in ``game`` (the expert's widened shortlist and
    ``extra``, legal moves), with its worth and win chance on ``worlds`` shared worlds,
    from the public information only; best first (by win chance, then worth)."""
    for move in extra:
        game.check(move)
    seen = public_game(game)
    bot = ExpertBot(iterations=1)
    settings, exact, known = search_settings(bot, seen)
    candidates = _candidates(seen, bot, rng, extra, known, exact)
    faces = card_faces(seen, sorted({*seen.gallery, *unseen_cards(seen)}))
    table = Table.of(seen)
    policy = _Recording(table.scorer, faces, settings.samples, settings.epsilon)
    root = Sim.of(seen, table.board, deck=[])
    search = _EverySearch(seen, root, candidates, policy, settings, None, None, keep=0)
    exact_end = seen.ply + 1 == seen.total_plies or known
    search.run(len(candidates) * (1 if exact_end else worlds), rng)
    count = min(len(values) for values in search.values)
    seat = seen.current_seat or 0
    options = [Option(move=c.move(), worth=round(search.mean(search.values[i], count), 3),
                      win=round(search.mean(search.wins[i], count), 3),
                      points=c.totals[seat])
               for i, c in enumerate(candidates)]
    return sorted(options, key=lambda o: (-o.win, -o.worth, str(o.move)))


def decide(options: list[Option]) -> Verdict:
    """The verdict on weighed ``options`` (best first): the solutions are the best by win
    chance and those within the tie tolerance of it (both figures); every other placement
    must trail the worst solution by ``MARGIN_WIN`` of win chance and be worth no more."""
    best = max(options, key=lambda o: (o.win, o.worth))
    ties = [o for o in options
            if abs(best.win - o.win) <= TIE_WIN and abs(best.worth - o.worth) <= TIE_WORTH]
    rest = [o for o in options if o not in ties]
    runner = max(rest, key=lambda o: (o.win, o.worth)) if rest else None
    low_win = min(o.win for o in ties)
    low_worth = min(o.worth for o in ties)
    refusal = None
    if len(ties) > MAX_SOLUTIONS:
        refusal = f"{len(ties)} different placements are equally good"
    elif runner is None:
        refusal = "no other placement to compare with"
    elif low_win - runner.win < MARGIN_WIN:
        refusal = (f"another placement is about as good: win chance {low_win:.2f} "
                   f"against {runner.win:.2f}")
    elif any(o.worth > low_worth - MARGIN_WORTH for o in rest):
        refusal = (f"another placement is worth about as much: {low_worth:.2f} against "
                   f"{max(o.worth for o in rest):.2f}")
    elif low_win < MIN_WIN:
        refusal = f"the best placement keeps only a {low_win:.2f} win chance"
    return Verdict(tuple(sorted(ties, key=lambda o: (-o.win, -o.worth))), runner, refusal,
                   tuple(options))


def equivalents(game: Game, solutions: tuple[Option, ...]) -> list[Move]:
    """Every legal move that lays one of the solutions' faces at the same place."""
    keys = {place_key(game, o.move) for o in solutions}
    return [move for move in game.legal_moves() if place_key(game, move) in keys]


def position_rng(ply: int, stage: str) -> random.Random:
    """The randomness of a position's verdict: its ply and the stage, nothing of the deal."""
    return random.Random(f"puzzle:{stage}:{ply}")
