"""``python -m destijl puzzles make|check|list`` (docs/puzzles.md)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ..errors import DeStijlError
from .make import make_puzzles
from .puzzle import BadPuzzle, Puzzle, check_puzzle, from_file, to_file

SHIPPED = Path(__file__).with_name("data") / "puzzles.json"
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
    make.set_defaults(run=run_make)
    check = commands.add_parser("check", help="re-verify every puzzle of a file")
    check.add_argument("file")
    check.set_defaults(run=run_check)
    listing = commands.add_parser("list", help="print the puzzles of a file")
    listing.add_argument("file", nargs="?", default=None)
    listing.add_argument("--json", action="store_true")
    listing.set_defaults(run=run_list)


def _write(path: str, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` whole or not at all (a run can be read while it goes)."""
    temporary = f"{path}.part"
    with open(temporary, "w", encoding="utf-8") as handle:
        json.dump(data, handle, separators=(",", ":"))
        handle.write("\n")
    os.replace(temporary, path)


def run_make(args: argparse.Namespace) -> int:
    if not 1 <= args.games <= 100_000:
        raise BadPuzzle(f"--games: expected 1 to 100000, got {args.games}")
    made = {"games": args.games, "seed": args.seed}
    began = time.perf_counter()

    def progress(found: list[Puzzle], text: str) -> None:
        _write(args.out, to_file(found, made))
        print(f"{text}, {time.perf_counter() - began:.0f} s", file=sys.stderr, flush=True)

    puzzles = make_puzzles(args.games, args.seed, jobs=args.jobs, limit=args.limit,
                           progress=progress)
    _write(args.out, to_file(puzzles, made))
    print(f"{len(puzzles)} puzzles in {args.out}", file=sys.stderr)
    return 0


def load(file: str | None) -> list[Puzzle]:
    """The puzzles of ``file`` (the shipped set if None)."""
    path = SHIPPED if file is None else Path(file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise BadPuzzle(f"{path.name}: not JSON: {error}") from error
    return from_file(data)


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
