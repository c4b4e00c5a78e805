"""The bot levels by name, for ``destijl.bots.make_bot``: easy, medium and hard.

>>> sorted(LEVEL_FACTORIES)
['easy', 'hard', 'medium']
>>> LEVEL_FACTORIES["hard"](time_ms=1200).time_ms
1200
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import Bot
from .hard import HardBot
from .simple import EasyBot, MediumBot


def _easy(time_ms: float | None = None, **_: Any) -> Bot:
    return EasyBot()


def _medium(time_ms: float | None = None, **_: Any) -> Bot:
    return MediumBot()


def _hard(time_ms: float | None = None, **options: Any) -> Bot:
    """``options`` are ``HardBot``'s keywords (``iterations``, ``width``, ...)."""
    return HardBot(time_ms=time_ms, **options)


LEVEL_FACTORIES: dict[str, Callable[..., Bot]] = {"easy": _easy, "medium": _medium, "hard": _hard}
