"""Bots: one small interface, several levels.

A bot is any object with ``choose(game, rng) -> Move`` that uses only the public game API
and takes all its randomness from ``rng``, so the same seed gives the same move.

>>> import random
>>> from destijl import new_game
>>> game = new_game(3, seed=5)
>>> move = make_bot("random").choose(game, random.Random(1))
>>> game.is_legal(move)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..errors import BadRequest, quote
from ..game import LEVEL_NAMES, Game
from ..move import Move

THINK_MS = 1200
"""The think time the page gives a bot's move (``bot_move``'s ``time_ms``), in milliseconds:
the levels that search stop by then (describe() hands it to the page, rules-data.js)."""


class Bot(Protocol):
    """What every level provides."""

    def choose(self, game: Game, rng: random.Random) -> Move:
        """The move to play for ``game.current_seat``."""
        ...


class RandomBot:
    """Plays a uniformly random legal move: a baseline for tests, not an opponent."""

    def choose(self, game: Game, rng: random.Random) -> Move:
        return rng.choice(game.legal_moves())


def _random(**_: Any) -> Bot:
    return RandomBot()


def _factories() -> dict[str, Callable[..., Bot]]:
    factories: dict[str, Callable[..., Bot]] = {"random": _random}
    try:  # the stronger levels live in their own modules
        from .levels import LEVEL_FACTORIES
    except ImportError:
        return factories
    factories.update(LEVEL_FACTORIES)
    return factories


def bot_rng(game: Game) -> random.Random:
    """The randomness a bot gets for ``game``'s next move (the API's ``bot_move`` and the
    daily's par game): fixed by the seed, the deal and the ply, so every device agrees."""
    return random.Random(f"{game.seed}:{game.deal}:{game.ply}")


def level_move(game: Game, level: str, *, time_ms: float | None = None) -> Move:
    """The move the API's ``bot_move`` makes for ``level``: through the bot API (the public
    state only, docs/bots.md), seeded by ``bot_rng``; the daily's par game uses it too."""
    from .view import LevelBot, View

    view = View.of(game)  # the level sees what any bot sees: the public state
    view.random = bot_rng(game)
    return LevelBot(level, time_ms=time_ms).choose(view)


def level_names() -> list[str]:
    """The names of the available levels, weakest first (as ``destijl.bots.levels.LEVELS``)."""
    factories = _factories()
    return [name for name in LEVEL_NAMES if name in factories]


def make_bot(level: str, *, time_ms: float | None = None) -> Bot:
    """A bot of ``level``; ``time_ms`` caps the think time of levels that search."""
    factories = _factories()
    if not isinstance(level, str) or level not in factories:
        raise BadRequest(f"level: expected one of {', '.join(factories)}, got {quote(level)}")
    return factories[level](time_ms=time_ms)


def lineup(spec: str, players: int, *, files: bool = False) -> list[str]:
    """One level per seat from ``hard,medium``: the last level listed fills the other seats.

    ``files``: an entry ending in ``.py`` names a person's bot file (docs/bots.md).

    >>> lineup("hard,medium", 4)
    ['hard', 'medium', 'medium', 'medium']
    """
    names = [name.strip() for name in spec.split(",") if name.strip()]
    known = level_names()
    for name in names:
        if name not in known and not (files and name.endswith(".py")):
            raise BadRequest(f"--bots: unknown level {quote(name)}; expected {', '.join(known)}")
    if not names or len(names) > players:
        raise BadRequest(f"--bots: expected 1 to {players} levels, got {len(names)}")
    return names + [names[-1]] * (players - len(names))
