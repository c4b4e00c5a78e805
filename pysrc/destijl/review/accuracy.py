"""Accuracy and labels from changes in win chance (docs/review.md).

A move's *drop* is how much win chance it gave away: ``win_before - win_after`` (never
below 0), where ``win_before`` is the win chance after the best placement found and
``win_after`` after the one played. As lichess does for chess, a move's accuracy is
``103.1668 * exp(-4.354 * drop) - 3.1669`` clamped to 0..100 (drop as a share, 0..1): 100
for no drop, about 80 for a 5-point drop, 64 for 10 points, 40 for 20. A seat's accuracy
is the mean over its moves.

>>> round(move_accuracy(0.0), 1), round(move_accuracy(0.1), 1), move_accuracy(1.0)
(100.0, 63.6, 0.0)
>>> label(0.04), label(0.06), label(0.12), label(0.3)
(None, 'inaccuracy', 'mistake', 'blunder')
"""

from __future__ import annotations

import math
from collections.abc import Sequence

INACCURACY = 0.05  # a drop in win chance of 5 points or more
MISTAKE = 0.10  # 10 points or more
BLUNDER = 0.20  # 20 points or more
WORST = 3  # the costliest placements listed per seat


def drop(win_before: float, win_after: float) -> float:
    """The win chance a move gave away, 0 to 1."""
    return max(0.0, win_before - win_after)


def move_accuracy(given_away: float) -> float:
    """One move's accuracy, 0 to 100, from the win chance it gave away (0 to 1)."""
    if given_away <= 0:
        return 100.0
    value = 103.1668 * math.exp(-4.354 * given_away) - 3.1669
    return min(100.0, max(0.0, value))


def seat_accuracy(drops: Sequence[float]) -> float | None:
    """A seat's accuracy: the mean of its moves' accuracies (None with no move)."""
    if not drops:
        return None
    return sum(move_accuracy(d) for d in drops) / len(drops)


def label(given_away: float) -> str | None:
    """``inaccuracy``, ``mistake`` or ``blunder`` by the win chance given away, else None."""
    if given_away >= BLUNDER:
        return "blunder"
    if given_away >= MISTAKE:
        return "mistake"
    if given_away >= INACCURACY:
        return "inaccuracy"
    return None
