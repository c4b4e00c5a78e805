"""The bot levels by name, for ``destijl.bots.make_bot``, weakest first.

Names, ratings and descriptions live in ``destijl.levels``; here each name gets its bot.

>>> list(LEVEL_FACTORIES)
['easy', 'steady', 'keen', 'medium', 'hard', 'expert']
>>> LEVEL_FACTORIES["hard"](time_ms=1200).time_ms
1200
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import Bot
from .expert import ExpertBot
from .hard import HardBot
from .simple import EasyBot, MediumBot, SteadyBot

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
