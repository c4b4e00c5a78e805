"""Which bot levels solve a puzzle: the tries that decide its first rating.

Every level of ``destijl.levels`` plays the puzzle's position through the bot API (the
public state only, as in a game), each try seeded by the puzzle's id, the level and the
try, so the figures are the same on every machine. The random level is not tried: its
share is exact, the solutions' share of the legal moves.
"""

from __future__ import annotations

import random

from ..bots.levels import LEVELS
from ..bots.view import LevelBot, View
from ..game import Game
from ..move import Move

TRIES = {"easy": 4, "steady": 4, "keen": 4, "medium": 2, "hard": 1, "expert": 1}


def solve_shares(game: Game, solutions: list[Move], key: str) -> dict[str, float]:
    """Per level, the share of its tries that play one of ``solutions`` (every legal move
    that is a solution) in ``game``."""
    legal = len(game.legal_moves())
    wanted = {str(move) for move in solutions}
    shares = {"random": round(len(wanted) / legal, 4)}
    for level in LEVELS[1:]:
        tries = TRIES.get(level.name, 1)
        bot = LevelBot(level.name)
        hits = 0
        for attempt in range(tries):
            view = View.of(game)
            view.random = random.Random(f"puzzle-solve:{key}:{level.name}:{attempt}")
            hits += str(bot.choose(view)) in wanted
        shares[level.name] = hits / tries
    return shares


def level_ratings() -> dict[str, int]:
    """Each level's ladder rating."""
    return {level.name: level.rating for level in LEVELS}
