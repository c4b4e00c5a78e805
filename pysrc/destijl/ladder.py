"""``python -m destijl ladder``: a round robin between the bot levels, and their ratings.

Every pair of levels plays ``--games`` 2-player games: deal ``d`` is ``new_game(2, seed +
d)``, played twice with the seats swapped (the same deals for every pair), each game's
bot randomness seeded as in ``destijl.tournament``, so a ladder is reproducible whatever
``--jobs`` is or whether a Dask cluster plays it (``--cluster``, docs/cluster.md). A victory
shared by both seats counts half to each.

The ratings are a Bradley-Terry fit of all the results (the maximum-likelihood strengths,
found by the MM iteration), in Elo points (400 points: odds of 10 to 1), anchored at
``--anchor`` (``easy=1000``). So that a level that won every game against another still
gets a finite rating, each pair also counts one drawn game (a weak prior). The 95%
intervals come from the fit's Fisher information: they are relative to the anchor, whose
rating is fixed.

>>> report = run_ladder(["random", "easy"], games=2, seed=1, jobs=1)
>>> report["pairs"][0]["games"], [row["level"] for row in report["ratings"]]
(2, ['random', 'easy'])
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from collections.abc import Sequence
from typing import Any

from .bots import level_names
from .cluster import add_argument as add_cluster_argument
from .cluster import check_options
from .errors import DeStijlError
from .results import Z95, wilson
from .tournament import Spec, play_all

ELO = 400 / math.log(10)  # Elo points per unit of log-strength
PRIOR_DRAWS = 1.0  # drawn games added to every pair


def run_ladder(levels: Sequence[str], games: int, seed: int, jobs: int | None = None,
               anchor: tuple[str, float] = ("easy", 1000.0),
               progress: bool = False, cluster: str | None = None) -> dict[str, Any]:
    """Play the round robin between ``levels`` and fit their ratings (``jobs`` and
    ``cluster``: see ``tournament.play_all``)."""
    levels = list(levels)
    deals = max(1, math.ceil(games / 2))
    pairs = list(itertools.combinations(range(len(levels)), 2))
    specs = [Spec(2, (levels[i], levels[j]), seed, deal, rotation)
             for i, j in pairs for deal in range(deals) for rotation in range(2)]
    start = time.perf_counter()
    games_played = play_all(specs, jobs, cluster, progress)
    results = [(spec.lineup, game) for spec, game in zip(specs, games_played, strict=True)]
    return summarise(levels, results, seed, anchor, time.perf_counter() - start)


def summarise(levels: list[str], results: list[tuple[tuple[str, ...], dict[str, Any]]],
              seed: int, anchor: tuple[str, float], seconds: float) -> dict[str, Any]:
    """Head-to-head shares, the Bradley-Terry ratings and each level's think time."""
    index = {level: i for i, level in enumerate(levels)}
    size = len(levels)
    wins = [[0.0] * size for _ in range(size)]  # wins[a][b]: a's victories against b
    played = [[0] * size for _ in range(size)]
    ms = [[0.0, 0] for _ in range(size)]
    for lineup, game in results:
        for line in game["seats"]:
            me = index[lineup[line["slot"]]]
            other = index[lineup[1 - line["slot"]]]
            wins[me][other] += line["win"]
            played[me][other] += 1
            ms[me][0] += line["ms"]
            ms[me][1] += 1
    strengths = fit(wins, played)
    errors = standard_errors(strengths, played, index[anchor[0]])
    base = math.log(strengths[index[anchor[0]]])
    ratings = []
    for i, level in enumerate(levels):
        rating = anchor[1] + ELO * (math.log(strengths[i]) - base)
        half = Z95 * ELO * errors[i]
        total = sum(played[i])
        ratings.append({"level": level, "rating": round(rating), "low": round(rating - half),
                        "high": round(rating + half), "games": total,
                        "win_share": sum(wins[i]) / total if total else 0.0,
                        "ms_per_move": ms[i][0] / ms[i][1] if ms[i][1] else 0.0})
    pairs = []
    for i, j in itertools.combinations(range(size), 2):
        n = played[i][j]
        share = wins[i][j] / n if n else 0.0
        low, high = wilson(share, n)
        pairs.append({"levels": [levels[i], levels[j]], "games": n, "share": share,
                      "wilson_low": low, "wilson_high": high})
    return {"players": 2, "levels": levels, "seed": seed, "games_per_pair": pairs[0]["games"]
            if pairs else 0, "anchor": {"level": anchor[0], "rating": anchor[1]},
            "seconds": round(seconds, 1), "ratings": ratings, "pairs": pairs}


def fit(wins: list[list[float]], played: list[list[int]], steps: int = 10_000,
        tolerance: float = 1e-10) -> list[float]:
    """Bradley-Terry strengths (geometric mean 1) by the MM iteration, with
    ``PRIOR_DRAWS`` drawn games added to every pair that played.

    >>> [round(s, 3) for s in fit([[0, 3], [1, 0]], [[0, 4], [4, 0]])]
    [1.528, 0.655]
    """
    size = len(wins)
    games = [[played[i][j] + (PRIOR_DRAWS if played[i][j] else 0.0) for j in range(size)]
             for i in range(size)]
    won = [sum(wins[i][j] + (PRIOR_DRAWS / 2 if played[i][j] else 0.0) for j in range(size))
           for i in range(size)]
    strength = [1.0] * size
    for _ in range(steps):
        new = []
        for i in range(size):
            rate = sum(games[i][j] / (strength[i] + strength[j]) for j in range(size) if j != i)
            new.append(won[i] / rate if rate else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / size)
        new = [s / scale for s in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    return strength


def standard_errors(strength: list[float], played: list[list[int]], anchor: int) -> list[float]:
    """Standard errors of each log-strength relative to the ``anchor``'s (0 for it), from
    the inverse of the Fisher information with the anchor's row and column removed."""
    size = len(strength)
    info = [[0.0] * size for _ in range(size)]
    for i, j in itertools.combinations(range(size), 2):
        n = played[i][j] + (PRIOR_DRAWS if played[i][j] else 0.0)
        p = strength[i] / (strength[i] + strength[j])
        w = n * p * (1 - p)
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    keep = [i for i in range(size) if i != anchor]
    inverse = invert([[info[i][j] for j in keep] for i in keep])
    errors = [0.0] * size
    for row, i in enumerate(keep):
        errors[i] = math.sqrt(max(inverse[row][row], 0.0))
    return errors


def invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small non-singular matrix (Gauss-Jordan with partial pivoting).

    >>> invert([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]
    """
    size = len(matrix)
    rows = [row[:] + [float(i == j) for j in range(size)] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise DeStijlError("ladder: the results do not connect every level")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [value / head for value in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]


def format_ladder(report: dict[str, Any]) -> str:
    """The ratings, each level against the one below it, and the head-to-head table."""
    levels = report["levels"]
    anchor = report["anchor"]
    lines = [f"Ladder: 2 players, {report['games_per_pair']} games per pair (deals "
             f"new_game(2, {report['seed']} + d), seats swapped), seed {report['seed']}, "
             f"{report['seconds']:.0f} s",
             f"Bradley-Terry ratings in Elo points, {anchor['level']} fixed at "
             f"{anchor['rating']:.0f}; 95% intervals relative to it",
             f"{'level':<8} {'rating':>6} {'95% interval':>14} {'games':>6} {'won':>6} "
             f"{'ms/move':>8}"]
    for row in report["ratings"]:
        lines.append(f"{row['level']:<8} {row['rating']:>6} {row['low']:>6} - {row['high']:<5} "
                     f"{row['games']:>6} {row['win_share']:>6.3f} {row['ms_per_move']:>8.1f}")
    share = {}
    for pair in report["pairs"]:
        a, b = pair["levels"]
        share[a, b] = pair["share"]
        share[b, a] = 1 - pair["share"]
    lines.append("")
    lines.append("Each level against the one below it (2 players; 95% Wilson interval):")
    for pair in report["pairs"]:
        a, b = pair["levels"]
        if levels.index(b) == levels.index(a) + 1:
            lines.append(f"  {b:<8} beats {a:<8} {1 - pair['share']:6.1%} "
                         f"[{1 - pair['wilson_high']:.1%}, {1 - pair['wilson_low']:.1%}]")
    lines.append("")
    lines.append("Head to head: the row level's share of the games against the column level")
    lines.append(" " * 9 + "".join(f"{level:>8}" for level in levels))
    for a in levels:
        cells = "".join(f"{'-':>8}" if a == b else f"{share[a, b]:>8.3f}" for b in levels)
        lines.append(f"{a:<9}{cells}")
    lines.append("A victory shared by both seats counts half to each.")
    return "\n".join(lines)


def add_parser(subparsers: Any) -> None:
    """Register ``ladder`` with the command line."""
    parser = subparsers.add_parser("ladder", help="round robin between the levels, ratings")
    parser.add_argument("--levels", default=None,
                        help="levels, comma separated (default: all, weakest first)")
    parser.add_argument("--games", type=int, default=40, help="games per pair (whole deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    add_cluster_argument(parser)
    parser.add_argument("--anchor", default="easy=1000", metavar="LEVEL=RATING",
                        help="the level whose rating is fixed, and its rating")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    known = level_names()
    levels = known if args.levels is None else [
        name.strip() for name in args.levels.split(",") if name.strip()]
    unknown = [name for name in levels if name not in known]
    if unknown or len(set(levels)) != len(levels) or len(levels) < 2:
        raise DeStijlError(f"--levels: expected two or more different levels of "
                           f"{', '.join(known)}, got {args.levels!r}")
    name, _, rating = args.anchor.partition("=")
    try:
        anchor = (name.strip(), float(rating))
    except ValueError:
        raise DeStijlError(f"--anchor: expected LEVEL=RATING, got {args.anchor!r}") from None
    if anchor[0] not in levels:
        raise DeStijlError(f"--anchor: {anchor[0]!r} is not one of the levels played")
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        raise DeStijlError("--games and --jobs must be at least 1")
    check_options(args.cluster, args.jobs)
    report = run_ladder(levels, args.games, args.seed, args.jobs, anchor, args.progress,
                        args.cluster)
    print(json.dumps(report, indent=2) if args.json else format_ladder(report))
    return 0
