"""``python -m destijl tournament``: bot levels play seeded deals in every seat rotation.

Deal ``d`` is ``new_game(players, seed + d)``; the line-up (``--bots hard,medium``: the
last level fills the remaining seats) sits down once per rotation, so each level plays
every seat of every deal. ``--games`` is rounded up to whole deals (a multiple of the
number of players). Each move's bot randomness is seeded from ``(seed, deal, rotation,
ply)`` (``destijl.bots.view.move_seed``), so a tournament is reproducible whatever
``--jobs`` is or whether a Dask cluster plays them (``--cluster``, docs/cluster.md), and a
Lab match in the page gives the same games. Every bot plays through the bot API
(docs/bots.md): a level by name, or a person's bot from a ``.py`` file (``--bots
mybot.py,hard``), read once here and carried to the game as source text.

Per level the table gives the win share per seat with its 95% Wilson interval (a
victory shared by k seats counts 1/k to each), the mean score, the mean margin (score
minus the best other seat's score) and the mean think time per move.

>>> report = run_tournament(2, ["medium", "easy"], games=2, seed=1, jobs=1)
>>> [row["level"] for row in report["levels"]], report["games"]
(['medium', 'easy'], 2)
"""

from __future__ import annotations

import argparse
import copyreg
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bots import lineup
from .bots.user import BotError, UserBot
from .bots.view import LevelBot, move_seed
from .cluster import add_argument as add_cluster_argument
from .cluster import check_options, map_on_cluster
from .errors import DeStijlError
from .game import new_game
from .results import game_key, game_result, summarise


@dataclass(frozen=True)
class Spec:
    """One game of the tournament."""

    players: int
    lineup: tuple[str, ...]  # level per lineup slot
    seed: int  # tournament seed
    deal: int
    rotation: int  # seat i is played by lineup slot (i + rotation) % players
    hard: tuple[tuple[str, float], ...] = ()  # keyword options for the hard level
    expert: tuple[tuple[str, float], ...] = ()  # keyword options for the expert level
    sources: tuple[tuple[str, str], ...] = ()  # (bot file, its source) per bot file in lineup


def play_game(spec: Spec) -> dict[str, Any]:
    """Play one game; per lineup slot: score, margin, share of the victory, think time."""
    game = new_game(spec.players, spec.seed + spec.deal)
    slots = [(seat + spec.rotation) % spec.players for seat in range(spec.players)]
    options = {"hard": dict(spec.hard), "expert": dict(spec.expert)}
    sources = dict(spec.sources)
    bots = [_bot(spec.lineup[slot], options, sources) for slot in slots]
    key = game_key(spec.seed, spec.deal, spec.rotation)
    think = [0.0] * spec.players
    while not game.is_over:
        seat = game.seat_to_play
        start = time.perf_counter()
        move = bots[seat].move(game, move_seed(key, game.ply))
        think[seat] += time.perf_counter() - start
        game.play(move)
    return game_result(spec.deal, spec.rotation, game, think)


def is_bot_file(name: str) -> bool:
    """Whether a ``--bots`` entry names a person's bot file rather than a level."""
    return name.endswith(".py")


def read_source(path: str) -> str:
    """The source text of a bot file; ``BotError`` if it cannot be read."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BotError("load", f"{path}: cannot read the bot ({error})") from None


def _rebuild_bot_error(kind: str, text: str, line: int | None, trace: str) -> BotError:
    error = BotError(kind, "", None, trace)
    error.args, error.line = (text,), line
    return error


def _reduce_bot_error(error: BotError) -> tuple[Any, ...]:
    return (_rebuild_bot_error, (error.kind, str(error), error.line, error.trace))


# A game's BotError crosses from a worker process (--jobs, --cluster) with every field
# (its own __init__ takes more arguments than Exception's pickling passes it).
copyreg.pickle(BotError, _reduce_bot_error)


def bot_sources(lineup: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """``(file, source)`` for each bot file of ``lineup``, loaded once to fail early."""
    sources = tuple((name, read_source(name)) for name in dict.fromkeys(lineup)
                    if is_bot_file(name))
    for name, source in sources:
        UserBot.from_source(source, name)  # a bot that does not load fails here, with its line
    return sources


def _bot(level: str, options: dict[str, dict[str, Any]], sources: dict[str, str]) -> Any:
    if is_bot_file(level):
        if level in sources:
            return UserBot.from_source(sources[level], level)
        return UserBot.from_file(level)
    if options.get(level):
        return LevelBot(level, bot=_searcher(level)(**options[level]))
    return LevelBot(level)


def _searcher(level: str) -> Any:
    """The bot class of a searching level that takes options (``hard`` or ``expert``)."""
    if level == "expert":
        from .bots.expert import ExpertBot

        return ExpertBot
    from .bots.hard import HardBot

    return HardBot


def hard_options(text: str | None, iterations: int | None = None,
                 level: str = "hard") -> dict[str, Any]:
    """``"width=6,epsilon=0.1"`` -> keyword options for ``HardBot`` (or ``ExpertBot``)."""
    options: dict[str, Any] = {}
    for item in (text or "").split(","):
        if item.strip():
            key, _, raw = item.partition("=")
            try:
                options[key.strip()] = int(raw) if raw.strip().lstrip("-").isdigit() else float(raw)
            except ValueError:
                raise DeStijlError(f"--{level}-options: bad value in {item!r}") from None
    if iterations is not None:
        options["iterations"] = iterations
    try:
        _searcher(level)(**options)
    except TypeError as error:
        raise DeStijlError(f"--{level}-options: {error}") from None
    return options


def run_tournament(players: int, lineup: Sequence[str], games: int, seed: int,
                   jobs: int | None = None, hard: dict[str, Any] | None = None,
                   progress: bool = False, expert: dict[str, Any] | None = None,
                   cluster: str | None = None) -> dict[str, Any]:
    """Play the tournament and summarise it per level (``hard``: ``HardBot`` options,
    ``expert``: ``ExpertBot`` options; ``jobs`` and ``cluster``: see ``play_all``)."""
    deals = max(1, math.ceil(games / players))
    options = tuple(sorted((hard or {}).items()))
    expert_options = tuple(sorted((expert or {}).items()))
    sources = bot_sources(lineup)
    specs = [Spec(players, tuple(lineup), seed, deal, rotation, options, expert_options,
                  sources) for deal in range(deals) for rotation in range(players)]
    start = time.perf_counter()
    results = play_all(specs, jobs, cluster, progress)
    report = summarise(players, list(lineup), seed, results, time.perf_counter() - start)
    report["hard_options"] = dict(options)
    if expert_options:
        report["expert_options"] = dict(expert_options)
    return report


def play_all(specs: Sequence[Spec], jobs: int | None = None, cluster: str | None = None,
             progress: bool = False) -> list[dict[str, Any]]:
    """``play_game`` of every spec, in the order of ``specs``, with one of three executors:
    this process (``jobs`` 1), a pool of ``jobs`` processes (default: one per core), or a
    Dask cluster (``cluster``: its scheduler's address, or ``local`` for a cluster of
    ``jobs`` workers started for the call; destijl.cluster)."""
    start = time.perf_counter()

    def done(count: int) -> None:
        report_progress(progress, count, len(specs), start)

    if cluster is not None:
        return map_on_cluster(cluster, play_game, specs, jobs, done, progress)
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        results = []
        for spec in specs:
            results.append(play_game(spec))
            done(len(results))
        return results
    import multiprocessing

    ordered: list[Any] = [None] * len(specs)
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for count, (index, result) in enumerate(
                pool.imap_unordered(_play_indexed, enumerate(specs)), 1):
            ordered[index] = result
            done(count)
    return ordered


def _play_indexed(item: tuple[int, Spec]) -> tuple[int, dict[str, Any]]:
    return item[0], play_game(item[1])


def report_progress(enabled: bool, done: int, total: int, start: float) -> None:
    """Print ``done/total games`` and the seconds since ``start`` every 5% (if ``enabled``)."""
    if enabled and (done % max(1, total // 20) == 0 or done == total):
        print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)


def format_table(report: dict[str, Any]) -> str:
    """The report as a plain-text table."""
    lines = [f"{report['players']} players, {report['games']} games "
             f"({report['deals']} deals x {report['players']} seat rotations), "
             f"seed {report['seed']}, line-up {','.join(report['lineup'])}",
             f"{'level':<8} {'seats':>5} {'win share':>9} {'95% Wilson':>15} "
             f"{'mean score':>10} {'mean margin':>11} {'ms/move':>8}"]
    for row in report["levels"]:
        lines.append(f"{row['level']:<8} {row['seats']:>5} {row['win_share']:>9.3f} "
                     f"[{row['wilson_low']:.3f}, {row['wilson_high']:.3f}] "
                     f"{row['mean_score']:>10.2f} {row['mean_margin']:>+11.2f} "
                     f"{row['ms_per_move']:>8.1f}")
    lines.append("A victory shared by k seats counts 1/k to each; win share is per seat.")
    return "\n".join(lines)


def add_parser(subparsers: Any) -> None:
    """Register ``tournament`` with the command line."""
    parser = subparsers.add_parser("tournament", help="bot levels play seeded deals, all seats")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--bots", default="hard,medium",
                        help="levels (or a bot file, mybot.py) by seat, comma separated; "
                        "the last fills the rest")
    parser.add_argument("--games", type=int, default=40, help="games (whole deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    add_cluster_argument(parser)
    parser.add_argument("--iterations", type=int, default=None,
                        help="the hard level's playout budget (default: its own)")
    parser.add_argument("--hard-options", default=None, metavar="K=V,...",
                        help="more HardBot keywords, e.g. width=6,samples=8")
    parser.add_argument("--expert-options", default=None, metavar="K=V,...",
                        help="ExpertBot keywords, e.g. iterations=300,rounds=2")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or (args.jobs is not None and args.jobs < 1):
        raise DeStijlError("--games and --jobs must be at least 1")
    check_options(args.cluster, args.jobs)
    seats = lineup(args.bots, args.players, files=True)
    report = run_tournament(args.players, seats, args.games, args.seed, args.jobs,
                            hard_options(args.hard_options, args.iterations), args.progress,
                            hard_options(args.expert_options, level="expert"), args.cluster)
    print(json.dumps(report, indent=2) if args.json else format_table(report))
    return 0
