"""The bot levels, weakest first: names, ratings, one-line descriptions, and each one's bot.

The names are the record's (``destijl.game.LEVEL_NAMES``: a seat's controller
``bot:NAME``); ``LEVELS`` describes each for people (the command line and, through the
engine, the page) and ``LEVEL_FACTORIES`` builds its bot for ``destijl.bots.make_bot``.

``rating`` is each level's Elo rating from the 2-player round robin of
``python -m destijl ladder`` (docs/levels.md gives the command, the seeds and the table it
printed), anchored so that ``easy`` is 1000: 400 points more means winning about 10
games in 11. With 40 games per pair the intervals are wide (about +-100 points).

>>> [level.name for level in LEVELS]
['random', 'easy', 'steady', 'keen', 'medium', 'hard', 'expert']
>>> describe_levels()[4]["label"]
'Medium'
>>> list(LEVEL_FACTORIES)
['easy', 'steady', 'keen', 'medium', 'hard', 'expert']
>>> LEVEL_FACTORIES["hard"](time_ms=1200).time_ms
1200
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from . import Bot
from .expert import ExpertBot
from .hard import HardBot
from .simple import EasyBot, MediumBot, SteadyBot


@dataclass(frozen=True)
class Level:
    """One bot level as a player sees it."""

    name: str  # in records and links: the controller "bot:NAME"
    label: str  # shown to people
    rating: int  # Elo, from the ladder (docs/levels.md)
    description: str  # one line

    def details(self) -> dict[str, Any]:
        """As plain JSON data."""
        return asdict(self)


LEVELS: tuple[Level, ...] = (
    Level("random", "Random", 800, "Plays any legal move at random: a baseline."),
    Level("easy", "Easy", 1000, "Picks a sensible-looking move, often not the best."),
    Level("steady", "Steady", 1090,
          "Plays the best-scoring move now and then, otherwise a sensible one."),
    Level("keen", "Keen", 1372, "Usually plays the move that scores best right now."),
    Level("medium", "Medium", 1564, "Always plays the move that scores best right now."),
    Level("hard", "Hard", 1773, "Looks a round ahead, trying its best moves on guessed decks."),
    Level("expert", "Expert", 1935,
          "Sharper than Hard, and deeper with 2 players."),
)
"""Every level, weakest first."""


def describe_levels() -> list[dict[str, Any]]:
    """Every level as JSON data, weakest first: name, label, rating, description."""
    return [level.details() for level in LEVELS]


STEADY_SHARPNESS = 0.25  # the steady level plays the medium level's move on 25% of turns
KEEN_SHARPNESS = 0.6  # and the keen level on 60%


def _easy(time_ms: float | None = None, **_: Any) -> Bot:
    return EasyBot()


def _steady(time_ms: float | None = None, **_: Any) -> Bot:
    return SteadyBot(STEADY_SHARPNESS)


def _keen(time_ms: float | None = None, **_: Any) -> Bot:
    return SteadyBot(KEEN_SHARPNESS)


def _medium(time_ms: float | None = None, **_: Any) -> Bot:
    return MediumBot()


def _hard(time_ms: float | None = None, **options: Any) -> Bot:
    """``options`` are ``HardBot``'s keywords (``iterations``, ``width``, ...)."""
    return HardBot(time_ms=time_ms, **options)


def _expert(time_ms: float | None = None, **options: Any) -> Bot:
    """``options`` are ``ExpertBot``'s keywords (as ``HardBot``'s)."""
    return ExpertBot(time_ms=time_ms, **options)


LEVEL_FACTORIES: dict[str, Callable[..., Bot]] = {
    "easy": _easy, "steady": _steady, "keen": _keen, "medium": _medium, "hard": _hard,
    "expert": _expert}
