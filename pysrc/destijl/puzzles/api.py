"""The puzzles' API commands (docs/api.md): ``puzzle_answer`` and ``puzzle_day``.

The page holds a puzzle as ``puzzles list --json`` prints it (plus its ``best``); the
engine says whether a placement is a solution (one of the solutions' faces at the same
place) and gives the placement's figures beside the best's: the points right after each,
and their worth and win chance weighed together on the puzzle's own worlds.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadRequest, quote
from ..integers import is_int
from ..move import Move
from ..record import replay, to_record
from .day import day_index
from .puzzle import puzzle_id
from .verdict import WORLDS, Option, place_key, position_rng, weigh


def _figures(option: Option) -> dict[str, Any]:
    return {"move": option.move.to_dict(), "points": option.points, "win": option.win,
            "worth": option.worth}


def cmd_puzzle_answer(args: dict[str, Any]) -> dict[str, Any]:
    """``{puzzle: {id, record, seat, solutions}, move}`` -> ``{correct, yours, best,
    solutions}``: whether ``move`` (legal) solves the puzzle, and both placements' figures."""
    puzzle = args.get("puzzle")
    if not isinstance(puzzle, dict) or not isinstance(puzzle.get("record"), dict):
        raise BadRequest("puzzle: expected a puzzle with its record")
    before = replay(puzzle["record"])  # checked first: the id is the hash of what it holds
    if puzzle.get("id") != puzzle_id(to_record(before)):
        raise BadRequest(f"puzzle.id: {quote(puzzle.get('id'))} does not match its record")
    if before.is_over or before.current_seat != puzzle.get("seat"):
        raise BadRequest("puzzle.seat: not the seat to play in its record")
    listed = puzzle.get("solutions")
    if not isinstance(listed, list) or not listed:
        raise BadRequest("puzzle.solutions: expected a list of moves")
    solutions = [Move.from_dict(m, f"puzzle.solutions[{i}]") for i, m in enumerate(listed)]
    move = Move.from_dict(args.get("move"), "move")
    before.check(move)
    options = weigh(before.clone(), WORLDS[before.players], position_rng(before.ply, "full"),
                    extra=(solutions[0], move))

    def option_of(wanted: Move) -> Option:
        key = place_key(before, wanted)
        return next(o for o in options if place_key(before, o.move) == key)

    yours, best = option_of(move), option_of(solutions[0])
    correct = place_key(before, move) in {place_key(before, m) for m in solutions}
    return {"correct": correct, "yours": _figures(yours), "best": _figures(best),
            "solutions": [m.to_dict() for m in solutions]}


def cmd_puzzle_day(args: dict[str, Any]) -> dict[str, Any]:
    """``{date, count}`` -> ``{index}``: the day's puzzle in a set of ``count`` sorted by id."""
    count, date = args.get("count"), args.get("date")
    if not isinstance(count, int) or not is_int(count, 1, 1_000_000):
        raise BadRequest(f"count: expected 1 to 1000000, got {quote(count)}")
    if not isinstance(date, str):
        raise BadRequest(f"date: expected a date YYYY-MM-DD, got {quote(date)}")
    return {"index": day_index(date, count)}


COMMANDS = {"puzzle_answer": cmd_puzzle_answer, "puzzle_day": cmd_puzzle_day}
