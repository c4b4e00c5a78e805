"""A learned evaluation of a Painting for the expert level's playout cut-off.

The hard level scores a playout, where it stops (one round after the current one), by the
searching seat's margin over the best other seat now. That counts every stroke alike,
but a stroke deep inside the Painting is banked (no legal card can cover or touch it any
more), while one on the edge can still be covered or merged, and the largest-stroke bonus
held now may change hands before the end. ``evaluate`` estimates the *final* margin
instead, linearly from a few public features of the board (``features``), with weights
per player count learned by self-play natively (``build_scripts/research/train_eval.py``, a seeded
least-squares fit) and shipped as plain data (``destijl.bots.eval_weights``).

>>> from destijl.tally.board import Board
>>> from destijl.tally.scorer import Scorer
>>> board = Board.from_cells({(0, 0): "R", (1, 0): "R", (0, 1): "B"})
>>> scorer = Scorer([["R"], ["B"]])
>>> features(board, scorer, 0, 0.5)[:2]
[3.0, 3.0]
>>> evaluate(board, scorer, 0, 0.0, {"margin": 1.0})
3.0
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import DeStijlError
from ..tally.board import FOOT, RING, Board
from ..tally.scorer import Scorer

# what the board is described by, from the searching seat against the best other seat;
# "*_left" are the same scaled by the share of the game still to play (0 at the end), and
# "constant" is 1 (with 3 to 5 players the margin over the best other seat is below 0 on
# average)
BASE = ("margin", "bonus", "closed", "largest")
FEATURES: tuple[str, ...] = BASE + tuple(f"{name}_left" for name in BASE) + ("constant",)
_TOUCH = FOOT + tuple(offset for offset, _ in RING)  # cells a card at a position covers or borders


class EvaluationError(DeStijlError, ValueError):
    """The shipped weights do not fit the features (a name or a player count is wrong)."""


def closed_strokes(board: Board, scorer: Scorer) -> list[int]:
    """Per seat, its strokes that no legal placement can cover or border any more."""
    cells, label = board.cells, board.label
    touched: set[int] = set()
    for pos in board.legal:
        for offset in _TOUCH:
            key = pos + offset
            if key in cells:
                touched.add(label[key])
    closed = [0] * len(scorer.seat_colors)
    owner, colors = scorer.owner, board.colors
    for stroke in colors.keys() - touched:
        seat = owner[colors[stroke]]
        if seat >= 0:
            closed[seat] += 1
    return closed


def largest_strokes(board: Board, scorer: Scorer) -> list[int]:
    """Per seat, the size of its largest stroke (0 if it has none): ``Scorer.largest``."""
    return scorer.largest(board)


def features(board: Board, scorer: Scorer, seat: int, left: float) -> list[float]:
    """``FEATURES`` of ``board`` for ``seat``; ``left``: the share of the game's moves
    still to play (1 at the start, 0 at the end)."""
    totals, strokes, _ = scorer.base(board)
    others = [s for s in range(len(totals)) if s != seat]
    rival = max(others, key=lambda s: totals[s])  # the best other seat (first on a tie)
    closed = closed_strokes(board, scorer)
    largest = largest_strokes(board, scorer)
    base = [float(totals[seat] - totals[rival]),
            float((totals[seat] - strokes[seat]) - (totals[rival] - strokes[rival])),
            float(closed[seat] - closed[rival]),
            float(largest[seat] - largest[rival])]
    return base + [value * left for value in base] + [1.0]


def evaluate(board: Board, scorer: Scorer, seat: int, left: float,
             weights: Mapping[str, float]) -> float:
    """The estimated final margin of ``seat``: the weighted sum of its ``features``."""
    values = features(board, scorer, seat, left)
    return sum(weights.get(name, 0.0) * value for name, value in zip(FEATURES, values,
                                                                       strict=True))


def weights_for(players: int) -> dict[str, float]:
    """The shipped weights for ``players`` (``destijl.bots.eval_weights.WEIGHTS``), checked."""
    from .eval_weights import WEIGHTS

    table = WEIGHTS.get(players)
    if table is None:
        raise EvaluationError(f"evaluation weights: none for {players} players")
    unknown = set(table) - set(FEATURES)
    if unknown:
        raise EvaluationError(f"evaluation weights: unknown features {sorted(unknown)}")
    return dict(table)
