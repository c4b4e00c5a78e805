"""The game record's name and its writer: ``to_record(game)``.

Kept apart from ``record.py`` (which reads records and replays them, and so needs
``game.py``) so that ``Game.record()`` can write its record without an import cycle:
this module imports nothing of the engine's, it only reads a game's public fields.

>>> from destijl.game import new_game
>>> to_record(new_game(2, seed=1))["format"]
'destijl-record/1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

FORMAT = "destijl-record/1"


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` as it stands, with ``result`` once it is over."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "options": {"players": game.players, "rotations": game.rotations},
        "seats": [{"name": seat.name, "colors": list(seat.colors),
                   "controller": seat.controller} for seat in game.seats],
        "first_player": game.initial_first_player,
        "cards": {str(card): list(game.cards[card]) for card in game.deal},
        "deal": list(game.deal),
        "moves": [{"seat": played.seat, **played.move.to_dict()} for played in game.history],
    }
    if game.seed is not None:
        record["seed"] = game.seed
    result = game.result()
    if result is not None:
        record["result"] = result.to_dict()
    return record
