"""``python -m destijl bench``: how fast the move generator, the delta scorer and the bots are.

For every player count it sets up a fixed late-game position (seed ``--seed``, played by
the medium level up to three quarters of the game) and measures there:

- legal placements per second (``Game.legal_moves``);
- candidate evaluations per second with the delta scorer (``Table.score_all``: every
  distinct placement, each with every seat's total) against a full recount (copy the
  Painting, place the card, ``score_painting``), and the ratio of the two;

then each level's think time, the median (and maximum) over ``--positions`` positions
spread over whole seeded games (early and late, large and small Galleries).

Times are CPU time of this process (``time.process_time``): on a shared machine the
wall clock also counts other people's work. The wall-clock medians are printed too, with
the load average, so the two can be compared.

>>> rows = run_bench(players=[2], positions=1, levels=["medium"], repeat=1)
>>> sorted(rows[0]) == sorted(COLUMNS)
True
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from .bots import level_names, make_bot
from .bots.candidates import Table
from .errors import DeStijlError
from .game import Game, new_game
from .scoring import score_painting

COLUMNS = ("players", "legal", "legal_per_s", "candidates", "delta_per_s", "recount_per_s",
           "speedup", "think_ms")


def late_game(players: int, seed: int, fraction: float = 0.75) -> Game:
    """A seeded game played by the medium level until ``fraction`` of its moves are made."""
    game = new_game(players, seed)
    bot = make_bot("medium")
    rng = random.Random(seed)
    while game.ply < int(game.total_plies * fraction):
        game.play(bot.choose(game, rng))
    return game


def per_second(work: Any, items: int, repeat: int) -> float:
    """``items * repeat / CPU seconds`` for calling ``work`` ``repeat`` times (best of 3)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(repeat):
            work()
        best = min(best, time.process_time() - start)
    return items * repeat / max(best, 1e-9)


def recount_all(game: Game, moves: Sequence[Any]) -> None:
    """Score every move in ``moves`` by a full recount of the Painting after it."""
    seats = [seat.colors for seat in game.seats]
    for move in moves:
        painting = game.painting.copy()
        painting.place(game.face(move.card, move.rotation), move.x, move.y)
        score_painting(painting, seats)


def think_times(players: int, level: str, positions: int,
                seed: int) -> list[tuple[float, float]]:
    """``(CPU, wall)`` seconds the level takes to move at ``positions`` points spread over
    seeded games."""
    times = []
    helper = make_bot("medium")
    for index in range(positions):
        game = new_game(players, seed + 1000 + index)
        rng = random.Random(index)
        target = index * game.total_plies // positions
        while game.ply < target:
            game.play(helper.choose(game, rng))
        bot = make_bot(level)
        cpu, wall = time.process_time(), time.perf_counter()
        bot.choose(game, random.Random(index))
        times.append((time.process_time() - cpu, time.perf_counter() - wall))
    return times


def run_bench(players: Sequence[int] = (2, 3, 4, 5), positions: int = 20,
              levels: Sequence[str] = ("easy", "medium", "hard"), seed: int = 2024,
              repeat: int = 3) -> list[dict[str, Any]]:
    """One row of measurements per player count."""
    rows = []
    for count in players:
        game = late_game(count, seed)
        legal = game.legal_moves()
        candidates = len(Table.of(game).score_all())
        sample = legal[:: max(1, len(legal) // 100)]
        delta = per_second(lambda game=game: Table.of(game).score_all(), candidates, repeat)
        recount = per_second(lambda game=game, sample=sample: recount_all(game, sample),
                             len(sample), 1)
        think = {level: think_times(count, level, positions, seed) for level in levels}
        rows.append({
            "players": count, "legal": len(legal),
            "legal_per_s": per_second(game.legal_moves, len(legal), repeat),
            "candidates": candidates, "delta_per_s": delta, "recount_per_s": recount,
            "speedup": delta / recount,
            "think_ms": {level: _summary(times) for level, times in think.items()},
        })
    return rows


def _summary(times: list[tuple[float, float]]) -> dict[str, float]:
    cpu = [c for c, _ in times]
    return {"median": 1000 * statistics.median(cpu), "max": 1000 * max(cpu),
            "wall_median": 1000 * statistics.median(w for _, w in times)}


def format_rows(rows: list[dict[str, Any]], positions: int) -> str:
    """The measurements as a plain-text table."""
    levels = list(rows[0]["think_ms"]) if rows else []
    head = (f"{'players':>7} {'legal':>6} {'legal/s':>9} {'distinct':>8} {'delta/s':>8} "
            f"{'recount/s':>9} {'speed-up':>8}"
            + "".join(f" {level + ' ms':>21}" for level in levels))
    lines = [head]
    for row in rows:
        line = (f"{row['players']:>7} {row['legal']:>6} {row['legal_per_s']:>9.0f} "
                f"{row['candidates']:>8} {row['delta_per_s']:>8.0f} "
                f"{row['recount_per_s']:>9.0f} {row['speedup']:>7.1f}x")
        for level in levels:
            think = row["think_ms"][level]
            line += (f" {think['median']:>6.0f} ({think['max']:>4.0f}) "
                     f"[{think['wall_median']:>5.0f}]")
        lines.append(line)
    lines.append("legal: legal placements at the late-game position; distinct: after removing "
                 "duplicates; delta/s vs recount/s: candidate evaluations per CPU second.")
    lines.append(f"level ms: median (max) CPU ms per move over {positions} positions "
                 "[median wall-clock ms].")
    if hasattr(os, "getloadavg"):
        lines.append(f"load average while measuring: {os.getloadavg()[0]:.2f} "
                     f"on {os.cpu_count()} cores")
    return "\n".join(lines)


def add_parser(subparsers: Any) -> None:
    """Register ``bench`` with the command line."""
    parser = subparsers.add_parser("bench", help="speed of move generation, scoring and bots")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma separated")
    parser.add_argument("--positions", type=int, default=20, help="positions per think time")
    parser.add_argument("--levels", default="easy,medium,hard", help="levels to time")
    parser.add_argument("--seed", type=int, default=2024)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    wrong = DeStijlError(f"--players: expected numbers from 2 to 5, got {args.players!r}")
    try:
        players = [int(p) for p in args.players.split(",") if p.strip()]
    except ValueError:
        raise wrong from None
    if not players or not all(2 <= p <= 5 for p in players):
        raise wrong
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    unknown = [name for name in levels if name not in level_names()]
    if unknown:
        raise DeStijlError(f"--levels: unknown level {unknown[0]!r}")
    rows = run_bench(players, max(1, args.positions), levels, args.seed)
    print(format_rows(rows, max(1, args.positions)))
    return 0
