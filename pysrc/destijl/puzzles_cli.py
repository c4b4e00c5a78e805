"""``python -m destijl puzzles make|check|list`` (docs/puzzles.md).

Native only (as ``cli``): the page's engine has the puzzles' API commands, not this."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import DeStijlError
from .puzzles.make import game_puzzles
from .puzzles.puzzle import BadPuzzle, Puzzle, check_puzzle, from_file, to_file

SHIPPED = Path(__file__).with_name("puzzles") / "data" / "puzzles.json"
"""The shipped set (built by ``make puzzles``)."""


def add_parser(subparsers: Any) -> None:
    """Register ``puzzles`` with the command line."""
    parser = subparsers.add_parser("puzzles", help="make, check or list puzzles")
    commands = parser.add_subparsers(dest="puzzles_command", required=True)
    make = commands.add_parser("make", help="make puzzles from seeded bot games")
    make.add_argument("--games", type=int, required=True)
    make.add_argument("--seed", type=int, default=1)
    make.add_argument("--out", required=True)
    make.add_argument("--jobs", type=int, default=1, help="processes (same result)")
    make.add_argument("--limit", type=int, default=None,
                      help="stop after the game that reaches this many puzzles")
    make.add_argument("--resume", action="store_true",
                      help="keep the puzzles already in --out and go on after its last game")
    make.set_defaults(run=run_make)
    check = commands.add_parser("check", help="re-verify every puzzle of a file")
    check.add_argument("file")
    check.set_defaults(run=run_check)
    listing = commands.add_parser("list", help="print the puzzles of a file")
    listing.add_argument("file", nargs="?", default=None)
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=run_list)
    figures = commands.add_parser("figures", help="which levels solve a file's puzzles")
    figures.add_argument("file", nargs="?", default=None)
    figures.set_defaults(run=run_figures)


def _write(path: str, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` whole or not at all (a run can be read while it goes)."""
    temporary = f"{path}.part"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle, separators=(",", ":"))
        handle.write("\n")
    os.replace(temporary, path)


def _timed(job: tuple[int, int]) -> tuple[int, list[Puzzle], float]:
    began = time.process_time()
    found = game_puzzles(*job)
    return job[1], found, time.process_time() - began


def make_puzzles(games: int, seed: int, *, jobs: int = 1, limit: int | None = None,
                 progress: Callable[[list[Puzzle], str], None] | None = None,
                 start: int = 0, found: list[Puzzle] | None = None) -> list[Puzzle]:
    """The puzzles of games ``start`` to ``games - 1`` of a run with ``seed``, in game
    order, after ``found`` (the puzzles of the games before ``start``), stopping after the
    game that reaches ``limit`` puzzles; ``jobs`` processes (the result does not depend on
    it). ``progress`` gets the puzzles so far after each game."""
    work = [(seed, index) for index in range(start, games)]
    so_far = list(found or [])
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return _collect(pool.imap(_timed, work), limit, progress, so_far)
    return _collect(map(_timed, work), limit, progress, so_far)


def _collect(results: Iterable[tuple[int, list[Puzzle], float]], limit: int | None,
             progress: Callable[[list[Puzzle], str], None] | None,
             found: list[Puzzle]) -> list[Puzzle]:
    if limit is not None and len(found) >= limit:
        return found
    for index, mine, seconds in results:
        found += mine
        if progress is not None:
            progress(found, f"game {index}: {len(mine)} puzzles, {seconds:.1f} s CPU, "
                     f"{len(found)} in all")
        if limit is not None and len(found) >= limit:
            break
    return found


def run_make(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= 100_000:
        raise BadPuzzle(f"--games: expected 1 to 100000, got {args.games}")
    made = {"games": args.games, "seed": args.seed}
    began = time.perf_counter()

    def progress(found: list[Puzzle], text: str) -> None:
        _write(args.out, to_file(found, made))
        print(f"{text}, {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)

    start, found = _resumed(args) if args.resume else (0, [])
    puzzles = make_puzzles(args.games, args.seed, jobs=args.jobs, limit=args.limit,
                           progress=progress, start=start, found=found)
    _write(args.out, to_file(puzzles, made))
    print(f"{len(puzzles)} puzzles in {args.out}", file=sys.stderr)
    return 0


def _resumed(args: argparse.Namespace) -> tuple[int, list[Puzzle]]:
    """The game to go on from and the puzzles so far of an earlier run into ``--out``
    (none when the file is missing); ``BadPuzzle`` when that run had another seed."""
    if not Path(args.out).exists():
        return 0, []
    data = _read(Path(args.out))
    found = from_file(data)
    if data.get("made", {}).get("seed") != args.seed:
        raise BadPuzzle(f"--resume: {args.out} was made with another seed than {args.seed}")
    last = max((puzzle.game["seed"] - args.seed for puzzle in found), default=-1)
    return last + 1, found


def load(file: str | None) -> list[Puzzle]:
    """The puzzles of ``file`` (the shipped set if None)."""
    return from_file(_read(SHIPPED if file is None else Path(file)))


def _read(path: Path) -> Any:
    """The JSON of a puzzle file; ``BadPuzzle`` naming the file when it is not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise BadPuzzle(f"{path.name}: not JSON: {error}") from error


def run_check(args: argparse.Namespace) -> int:
    puzzles = load(args.file)
    failures = 0
    for puzzle in puzzles:
        try:
            check_puzzle(puzzle)
        except DeStijlError as error:
            failures += 1
            print(f"error: {error}", file=sys.stderr)
    if failures:
        print(f"{failures} of {len(puzzles)} puzzles refused", file=sys.stderr)
        return 1
    print(f"{len(puzzles)} puzzles checked")
    return 0


def run_list(args: argparse.Namespace) -> int:
    puzzles = load(args.file)
    if args.json:
        json.dump([p.listed() for p in puzzles], sys.stdout, separators=(",", ":"))
        print()
        return 0
    for p in puzzles:
        solutions = " ".join(str(m) for m in p.solutions)
        print(f"{p.id}  {len(p.game['seats'])}p ply {p.ply:2}  rating {p.rating:4}  "
              f"{solutions}  {', '.join(p.themes)}")
    return 0


def figures(puzzles: list[Puzzle]) -> dict[str, Any]:
    """Per level the mean share of its tries that solved a puzzle; the mean rating of the
    puzzles the easy level solves and of those only hard or expert solve."""
    levels = list(puzzles[0].solved) if puzzles else []
    solve = {lv: sum(p.solved.get(lv, 0.0) for p in puzzles) / len(puzzles) for lv in levels}
    easy = [p.rating for p in puzzles if p.solved.get("easy", 0) > 0]
    weak = ("easy", "steady", "keen", "medium")
    some_weak = [p.rating for p in puzzles if any(p.solved.get(lv, 0) for lv in weak)]
    strong = [p.rating for p in puzzles
              if not any(p.solved.get(lv, 0) for lv in weak)
              and (p.solved.get("hard", 0) or p.solved.get("expert", 0))]

    def mean(values: list[int]) -> float | None:
        return round(sum(values) / len(values), 1) if values else None

    return {"puzzles": len(puzzles), "solved": {lv: round(v, 4) for lv, v in solve.items()},
            "easy_solves": {"puzzles": len(easy), "mean_rating": mean(easy)},
            "a_weaker_level_solves": {"puzzles": len(some_weak), "mean_rating": mean(some_weak)},
            "only_hard_or_expert": {"puzzles": len(strong), "mean_rating": mean(strong)},
            "mean_rating": mean([p.rating for p in puzzles])}


def run_figures(args: argparse.Namespace) -> int:
    table = figures(load(args.file))
    print(f"{table['puzzles']} puzzles; share of tries that pick a solution, per level:")
    for level, share in table["solved"].items():
        print(f"  {level:7} {100 * share:5.1f}%")
    for key, words in (("easy_solves", "the easy level solves"),
                       ("a_weaker_level_solves", "easy, steady, keen or medium solves"),
                       ("only_hard_or_expert", "only hard or expert solve")):
        entry = table[key]
        print(f"mean rating of the {entry['puzzles']} puzzles {words}: {entry['mean_rating']}")
    print(f"mean rating: {table['mean_rating']}")
    return 0
