"""The puzzle of the day: the same puzzle for everyone on a date, as Today's Painting.

The page sends the player's local date (``YYYY-MM-DD``, read from the browser's clock as
Today's Painting does, docs/daily.md) and the number of puzzles in its set; the engine
never reads a clock. The day's puzzle is the one at
``random.Random("destijl-puzzle/1:" + date).randrange(count)`` of the set sorted by id.

>>> day_index("2026-12-07", 500) == day_index("2026-12-07", 500)
True
"""

from __future__ import annotations

import random
from typing import Any

from ..daily import number


def day_index(date: Any, count: int) -> int:
    """The index of ``date``'s puzzle in a set of ``count`` puzzles sorted by id
    (``BadRequest`` for a date that is not a day of Today's Painting)."""
    number(date)  # the same dates as Today's Painting, or its clear error
    return random.Random(f"destijl-puzzle/1:{date}").randrange(count)
