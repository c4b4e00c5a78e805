"""The view: a game as the JSON the front end draws (``api.view``, docs/api.md).

Its own module so that ``api.py`` and the friend games' commands (``friends/api.py``),
which ``api.py`` dispatches to, both use it without importing each other.
"""

from __future__ import annotations

from typing import Any

from .game import Game
from .record import to_record
from .scoring import find_strokes


def view(game: Game, record: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the front end draws, as plain JSON data.

    ``record`` is the game's record in its own format (a friend game's, ``destijl-friend/1``);
    by default the plain record, ``destijl.record.to_record(game)``.
    """
    positions = [[x, y] for x, y in game.painting.legal_positions()]
    rotations = list(game.allowed_rotations())
    sheet = game.score()
    result = game.result()
    outcome = game.outcome()
    history = game.history
    return {
        "record": to_record(game) if record is None else record,
        "ply": game.ply,
        "plies": game.total_plies,
        "round": game.round,
        "rounds": game.total_rounds,
        "painting": [[x, y, letter] for (x, y), letter in sorted(
            game.painting.items(), key=lambda item: (item[0][1], item[0][0]))],
        "bounds": list(game.painting.bounds()),
        "gallery": [{"card": card, "faces": {str(r): list(game.face(card, r))
                                             for r in rotations}}
                    for card in game.gallery],
        "deck_count": game.deck_count,
        "current_seat": game.current_seat,
        "first_player": game.first_player,
        "is_over": game.is_over,
        "rotations": rotations,
        "seats": [{"name": seat.name, "colors": list(seat.colors),
                   "controller": seat.controller,
                   "placed": sum(1 for played in history if played.seat == index)}
                  for index, seat in enumerate(game.seats)],
        "legal": {str(card): {str(r): positions for r in rotations} for card in game.gallery}
        if not game.is_over else {},
        "covers": [[x, y, n] for (x, y), n in sorted(game.painting.cover_counts().items())],
        "last_move": ({"seat": history[-1].seat, **history[-1].move.to_dict()}
                      if history else None),
        "undo_seats": game.undo_seats(),
        "tally": sheet.details(),
        "strokes": [{"color": stroke.color, "size": stroke.size,
                     "cells": sorted([x, y] for x, y in stroke.cells)}
                    for stroke in find_strokes(game.painting)],
        "result": result.details() if result is not None else None,
        "outcome": outcome.to_dict() if outcome is not None else None,
    }
