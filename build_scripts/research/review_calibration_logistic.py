"""The calibration's games scored with win chances read from the worth (docs/review.md).

    python3 build_scripts/research/review_calibration_logistic.py calibration.jsonl

An analysis, not the page's figure. It reads the JSON lines of
``build_scripts/research/review_calibration.py --out`` and, as lichess turns an engine's evaluation
into a win chance through a logistic fitted to game results, fits ``P(v) = 1 / (1 +
exp(-(a + b v)))`` by maximum likelihood to the reviewed placements' playout win shares
against their worths ``v`` (the expert's mean playout worth, points of expected margin;
best and played placements alike, per player count). A placement's drop is then
``P(value_best) - P(value_played)`` (>= 0, and > 0 exactly when the loss is), scored with
the same ``move_accuracy``. The table has, for this figure (``modelled``) and the page's
(``played``: the playouts' own win shares), the mean over games, its 95% interval and
``z``, the gap over the level below in standard errors.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))

from destijl.review.accuracy import seat_accuracy
from review_calibration import LEVELS, game_figures, read_lines


def sigmoid(x: float) -> float:
    """The logistic function, without overflow."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    return math.exp(x) / (1 + math.exp(x))


def fit(points: list[tuple[float, float]], steps: int = 30) -> tuple[float, float]:
    """``(a, b)`` maximising the likelihood of the shares ``w`` under ``sigmoid(a + b v)``
    (Newton's method on the two parameters)."""
    a, b = 0.0, 0.1
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for v, w in points:
            p = sigmoid(a + b * v)
            ga += w - p
            gb += (w - p) * v
            weight = p * (1 - p)
            haa += weight
            hab += weight * v
            hbb += weight * v * v
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        a += (hbb * ga - hab * gb) / det
        b += (haa * gb - hab * ga) / det
    return a, b


def game_accuracy(moves: list[list[float]], a: float, b: float) -> float:
    """The mean over a game's reviewed seats of their accuracy with modelled win chances."""
    seats = sorted({move[0] for move in moves})
    return statistics.fmean(
        seat_accuracy([max(0.0, sigmoid(a + b * vb) - sigmoid(a + b * vp))
                       for seat2, _, _, _, vb, vp in moves if seat2 == seat])
        for seat in seats)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    args = parser.parse_args(argv)
    lines = read_lines(args.file)
    for players in sorted({line["players"] for line in lines}):
        mine = [line for line in lines if line["players"] == players]
        points = [(move[4], move[2]) for line in mine for move in line["moves"]]
        points += [(move[5], move[3]) for line in mine for move in line["moves"]]
        a, b = fit(points)
        print(f"{players} players: P(v) = 1 / (1 + exp(-({a:.3f} + {b:.3f} v))), "
              f"fitted to {len(points)} worths")
        print("level    games  modelled  95% interval     z  |  played  95% interval     z")
        below: dict[str, tuple[float, float]] = {}
        for level in reversed(LEVELS):
            games = [line for line in mine if line["level"] == level]
            if len(games) < 2:
                continue
            columns = {"modelled": [game_accuracy(line["moves"], a, b) for line in games],
                       "played": [game_figures(line)[0] for line in games]}
            cells = []
            for name, figures in columns.items():
                mean = statistics.fmean(figures)
                error = statistics.stdev(figures) / math.sqrt(len(figures))
                gap = ("" if name not in below
                       else f"{(mean - below[name][0]) / math.hypot(error, below[name][1]):5.1f}")
                cells.append(f"{mean:8.1f}  [{mean - 1.96 * error:5.1f}, "
                             f"{mean + 1.96 * error:5.1f}]  {gap:>5}")
                below[name] = (mean, error)
            print(f"{level:<8} {len(games):5d}  " + "  |".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
