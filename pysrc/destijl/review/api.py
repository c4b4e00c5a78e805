"""The review's API commands (docs/api.md): ``review``, ``review_summary``, ``review_boards``.

The page reviews a game one placement (or a few) per call, so it can show progress and
stop between calls, then asks ``review_summary`` for the seats' figures.
"""

from __future__ import annotations

from typing import Any

from ..errors import BadRequest, TooMuchWork, quote
from ..integers import is_int
from ..move import Move
from ..records import replay
from ..tally.scorer import Scorer
from . import DEFAULT_SEED, MAX_PLAYOUTS, PLAYOUTS, MoveReview, review_position, summarize
from .accuracy import BLUNDER, INACCURACY, MISTAKE, drop
from .reasons import after

MAX_REQUEST_PLAYOUTS = 4000
"""The most playouts one ``review`` request may ask for, over all its placements (about 7 s
natively, longer in the browser): the page asks one placement per call (40 to 72 playouts),
a whole game at the default playouts stays under it (3 players: 27 x 72 = 1944)."""


def _record(args: dict[str, Any]) -> Any:
    if "record" not in args:
        raise BadRequest("record: missing")
    return args["record"]


def move_entry(review: MoveReview, names: list[str]) -> dict[str, Any]:
    """A move's review as the page gets it: the CLI's fields and more (``drop``: the win
    chance given away, 0 to 1, which ``label`` is judged by)."""
    return {**review.to_dict(), "label": review.label, "name": names[review.seat],
            "drop": drop(review.win_before, review.win_after),
            "played_move": Move.parse(review.played).to_dict(),
            "best_move": Move.parse(review.best).to_dict(),
            "value_best": review.value_best, "value_played": review.value_played}


def cmd_review(args: dict[str, Any]) -> dict[str, Any]:
    """``{record, from?, to?, seat?, playouts?, seed?}`` -> ``{moves, total}``: the review
    of the placements ``from`` <= ply < ``to`` (default: all) of ``seat`` (default: all)."""
    record = _record(args)
    game = replay(record)
    total = len(game.history)
    start, stop = args.get("from", 0), args.get("to", total)
    if not is_int(start, 0, total):
        raise BadRequest(f"from: expected a ply from 0 to {total}, got {quote(start)}")
    if not is_int(stop, start, total):
        raise BadRequest(f"to: expected a ply from {start} to {total}, got {quote(stop)}")
    seat = args.get("seat")
    if seat is not None and not is_int(seat, 0, game.players - 1):
        raise BadRequest(f"seat: expected a seat from 0 to {game.players - 1}, "
                         f"got {quote(seat)}")
    seed = args.get("seed", DEFAULT_SEED)
    _check_work(game.history[start:stop], seat, args.get("playouts"), game.players)
    names = [s.name for s in game.seats]
    before = replay(record, upto=start)
    moves = []
    for played in game.history[start:stop]:
        if seat is None or played.seat == seat:
            review = review_position(before.clone(), played.move, args.get("playouts"), seed)
            moves.append(move_entry(review, names))
        before.play(played.move)
    return {"moves": moves, "total": total, "players": game.players}


def _check_work(placements: list[Any], seat: int | None, playouts: Any, players: int) -> None:
    """Refuse, before any work, a review over ``MAX_REQUEST_PLAYOUTS`` in all."""
    budget = PLAYOUTS[players] if playouts is None else playouts
    if not is_int(budget, 1, MAX_PLAYOUTS):
        raise BadRequest(f"playouts: expected 1 to {MAX_PLAYOUTS}, got {quote(budget)}")
    count = sum(1 for played in placements if seat is None or played.seat == seat)
    if count * budget > MAX_REQUEST_PLAYOUTS:
        raise TooMuchWork(f"playouts: {count} placements x {budget} playouts is "
                          f"{count * budget} playouts, over the ceiling of "
                          f"{MAX_REQUEST_PLAYOUTS} per request; review fewer placements "
                          "(from, to) per request or ask for fewer playouts")


_NUMBERS = ("loss", "win_before", "win_after")


def _read_move(entry: Any, where: str, players: int) -> MoveReview:
    if not isinstance(entry, dict):
        raise BadRequest(f"{where}: expected an object from review")
    for name in ("ply", "seat"):
        if not is_int(entry.get(name), 0, 10_000):
            raise BadRequest(f"{where}.{name}: expected an integer, got {quote(entry.get(name))}")
    if entry["seat"] >= players:
        raise BadRequest(f"{where}.seat: expected a seat from 0 to {players - 1}")
    for name in _NUMBERS:
        value = entry.get(name)
        if (not isinstance(value, (int, float)) or type(value) not in (int, float)
                or not 0 <= value <= 10_000):  # exactly int or float: not a bool
            raise BadRequest(f"{where}.{name}: expected a number >= 0, got {quote(value)}")
    return MoveReview(ply=entry["ply"], seat=entry["seat"], played="", best="",
                      loss=float(entry["loss"]), win_before=float(entry["win_before"]),
                      win_after=float(entry["win_after"]), why=None,
                      value_best=0.0, value_played=0.0)


def cmd_review_summary(args: dict[str, Any]) -> dict[str, Any]:
    """``{players, moves}`` (moves as ``review`` gave them) -> ``{seats, thresholds}``."""
    players, moves = args.get("players"), args.get("moves")
    if not is_int(players, 2, 5):
        raise BadRequest(f"players: expected 2 to 5, got {quote(players)}")
    if not isinstance(moves, list):
        raise BadRequest("moves: expected a list of reviewed moves")
    read = [_read_move(entry, f"moves[{i}]", players) for i, entry in enumerate(moves)]
    return {"seats": summarize(read, players),
            "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}}


def cmd_review_boards(args: dict[str, Any]) -> dict[str, Any]:
    """``{record, ply, best}`` -> the Painting before move ``ply``, after the move played
    and after ``best`` (a move), as cells ``[x, y, letter]``, with every seat's totals."""
    game = replay(_record(args))
    ply = args.get("ply")
    if not is_int(ply, 0, len(game.history) - 1):
        raise BadRequest(f"ply: expected a move from 0 to {len(game.history) - 1}, "
                         f"got {quote(ply)}")
    before = replay(_record(args), upto=ply)
    best = Move.from_dict(args.get("best"), "best")
    before.check(best)
    played = game.history[ply].move
    scorer = Scorer([s.colors for s in before.seats])

    def board(move: Move | None) -> dict[str, Any]:
        painting = before.painting.copy()
        if move is not None:
            painting.place(before.face(move.card, move.rotation), move.x, move.y)
        cells = [[x, y, letter] for (x, y), letter in sorted(painting.items())]
        totals = scorer.totals(after(before, move)) if move else [
            line.total for line in before.score().seats]
        return {"cells": cells, "totals": totals,
                "move": None if move is None else move.to_dict()}

    return {"ply": ply, "seat": before.current_seat, "before": board(None),
            "played": board(played), "best": board(best)}


COMMANDS = {"review": cmd_review, "review_summary": cmd_review_summary,
            "review_boards": cmd_review_boards}
