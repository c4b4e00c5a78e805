"""One puzzle, the puzzle file (``destijl-puzzles/1``) and its check.

A puzzle is a position of a bot game, the seat to play, every legal move that is a
solution, the verdict's figures (the best placement and the best other, each with its
worth, win chance and points), its rating and RD, its themes and which levels solved it.
The file holds each game's record once and the puzzles by game and ply. A puzzle's id is
a hash of its record up to the puzzle's position, so a record edited after the fact no
longer matches its id; ``check_puzzle`` replays the record and weighs the position again
(deterministic: the same figures on every machine) and refuses anything that differs.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..errors import DeStijlError, quote
from ..move import Move
from ..record import replay
from .verdict import Option

FORMAT = "destijl-puzzles/1"


class BadPuzzle(DeStijlError):
    """A puzzle (or puzzle file) that is not what it claims to be."""


def truncated(record: dict[str, Any], ply: int) -> dict[str, Any]:
    """``record`` up to its first ``ply`` moves, without the result."""
    out = {key: value for key, value in record.items() if key != "result"}
    out["moves"] = list(record["moves"][:ply])
    return out


def puzzle_id(record: dict[str, Any]) -> str:
    """The id of the puzzle whose position ``record`` ends at: 12 hex digits of SHA-256."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _option(option: Option) -> dict[str, Any]:
    return {"move": option.move.to_dict(), "worth": option.worth, "win": option.win,
            "points": option.points}


def _read_option(data: Any, where: str) -> Option:
    if not isinstance(data, dict):
        raise BadPuzzle(f"{where}: expected an object")
    return Option(move=Move.from_dict(data.get("move"), f"{where}.move"),
                  worth=float(data.get("worth", 0)), win=float(data.get("win", 0)),
                  points=int(data.get("points", 0)))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position before move ``ply`` of ``game`` (a whole game record)."""

    id: str
    game: dict[str, Any]
    ply: int
    seat: int
    solutions: tuple[Move, ...]  # every legal move that is a solution
    best: Option
    runner_up: Option
    rating: int
    rd: int
    themes: tuple[str, ...]
    solved: dict[str, float] = field(default_factory=dict)  # level -> share of tries
    played: str = ""  # the move played in the game there

    @property
    def record(self) -> dict[str, Any]:
        """The ``destijl-record/1`` record that ends at the puzzle's position."""
        return truncated(self.game, self.ply)

    def listed(self) -> dict[str, Any]:
        """The form ``puzzles list --json`` prints (docs/puzzles.md)."""
        return {"id": self.id, "record": self.record, "seat": self.seat,
                "solutions": [m.to_dict() for m in self.solutions], "rating": self.rating,
                "themes": list(self.themes)}

    def entry(self, game_index: int) -> dict[str, Any]:
        """The puzzle as the file holds it."""
        return {"id": self.id, "game": game_index, "ply": self.ply, "seat": self.seat,
                "solutions": [m.to_dict() for m in self.solutions],
                "best": _option(self.best), "runner_up": _option(self.runner_up),
                "rating": self.rating, "rd": self.rd, "themes": list(self.themes),
                "solved": self.solved, "played": self.played}


def to_file(puzzles: list[Puzzle], made: dict[str, Any]) -> dict[str, Any]:
    """The puzzle file: each game's record once, then the puzzles."""
    games: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    entries = []
    for puzzle in puzzles:
        key = json.dumps(puzzle.game, sort_keys=True)
        if key not in index:
            index[key] = len(games)
            games.append(puzzle.game)
        entries.append(puzzle.entry(index[key]))
    return {"format": FORMAT, "made": made, "games": games, "puzzles": entries}


def _entry(data: dict[str, Any], games: list[Any], where: str) -> Puzzle:
    if not isinstance(data, dict):
        raise BadPuzzle(f"{where}: expected an object")
    game, ply = data.get("game"), data.get("ply")
    if type(game) is not int or not 0 <= game < len(games):
        raise BadPuzzle(f"{where}.game: expected a game from 0 to {len(games) - 1}, "
                        f"got {quote(game)}")
    record = games[game]
    if not isinstance(record, dict) or not isinstance(record.get("moves"), list):
        raise BadPuzzle(f"games[{game}]: expected a destijl-record/1 record")
    if type(ply) is not int or not 0 <= ply < len(record["moves"]):
        raise BadPuzzle(f"{where}.ply: expected a move of game {game}, got {quote(ply)}")
    solutions = data.get("solutions")
    if not isinstance(solutions, list) or not solutions:
        raise BadPuzzle(f"{where}.solutions: expected a list of moves")
    themes = data.get("themes", [])
    return Puzzle(
        id=str(data.get("id")), game=record, ply=ply, seat=data.get("seat", -1),
        solutions=tuple(Move.from_dict(m, f"{where}.solutions[{i}]")
                        for i, m in enumerate(solutions)),
        best=_read_option(data.get("best"), f"{where}.best"),
        runner_up=_read_option(data.get("runner_up"), f"{where}.runner_up"),
        rating=int(data.get("rating", 0)), rd=int(data.get("rd", 0)),
        themes=tuple(str(t) for t in themes) if isinstance(themes, list) else (),
        solved=dict(data.get("solved", {})), played=str(data.get("played", "")))


def from_file(data: Any) -> list[Puzzle]:
    """The puzzles of a puzzle file (read, not yet checked)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadPuzzle(f"format: expected {FORMAT!r}")
    games, entries = data.get("games"), data.get("puzzles")
    if not isinstance(games, list) or not isinstance(entries, list):
        raise BadPuzzle("expected lists of games and puzzles")
    return [_entry(entry, games, f"puzzles[{i}]") for i, entry in enumerate(entries)]


def check_puzzle(puzzle: Puzzle) -> None:
    """Replay the puzzle's record and weigh its position again; ``BadPuzzle`` naming the
    first thing that does not match."""
    from .make import full_verdict
    from .verdict import equivalents

    where = f"puzzle {puzzle.id}"
    record = puzzle.record
    if puzzle_id(record) != puzzle.id:
        raise BadPuzzle(f"{where}: the record does not match the puzzle's id "
                        f"(it hashes to {puzzle_id(record)})")
    try:
        replay(puzzle.game)
        before = replay(record)
    except DeStijlError as error:
        raise BadPuzzle(f"{where}: the record is not a legal game: {error}") from error
    if before.current_seat != puzzle.seat:
        raise BadPuzzle(f"{where}: seat {puzzle.seat} is not the seat to play "
                        f"({before.current_seat})")
    verdict = full_verdict(before)
    if not verdict.is_puzzle:
        raise BadPuzzle(f"{where}: the position is no puzzle: {verdict.refusal}")
    expected = sorted(str(m) for m in equivalents(before, verdict.solutions))
    claimed = sorted(str(m) for m in puzzle.solutions)
    if claimed != expected:
        raise BadPuzzle(f"{where}: the solutions {', '.join(claimed)} are not the "
                        f"position's ({', '.join(expected)})")
    if verdict.solutions[0] != puzzle.best or verdict.runner_up != puzzle.runner_up:
        raise BadPuzzle(f"{where}: the figures of the best placement or the runner-up "
                        "do not match the position's")
