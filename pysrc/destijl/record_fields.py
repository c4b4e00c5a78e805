"""Readers shared by the two record formats (``record.py``'s plain record and
``friends/game.py``'s friend record): a field of a given type, the seats, one move. Each
raises ``BadRecord`` naming the field.
"""

from __future__ import annotations

from typing import Any

from .errors import BadRecord, DeStijlError, quote
from .game import CONTROLLERS, DECK_SIZES, Game, Seat, make_seats
from .integers import is_int
from .move import Move

_MOVE_FIELDS = ("seat", "card", "x", "y", "rotation")


def read_field(record: dict[str, Any], name: str, kind: type) -> Any:
    """``record[name]``, which must be a ``kind`` (dict or list)."""
    value = record.get(name)
    if not isinstance(value, kind):
        raise BadRecord(name, f"expected {'an object' if kind is dict else 'a list'}, "
                        f"got {type(value).__name__}")
    return value


def read_options(record: dict[str, Any]) -> tuple[int, bool, list[Seat]]:
    """A record's ``options.players``, ``options.rotations`` and ``seats`` (the plain and
    the friend record share them); ``BadRecord`` names the first field that is wrong."""
    options = read_field(record, "options", dict)
    players = options.get("players")
    if not is_int(players) or players not in DECK_SIZES:
        raise BadRecord("options.players", f"expected 2 to 5, got {quote(players)}")
    rotations = options.get("rotations")
    if not isinstance(rotations, bool):
        raise BadRecord("options.rotations", f"expected true or false, got {quote(rotations)}")
    return players, rotations, read_seats(read_field(record, "seats", list), players)


def read_seats(entries: list[Any], players: int) -> list[Seat]:
    """The seats of a record, checked by the game's own seat rules."""
    if len(entries) != players:
        raise BadRecord("seats", f"expected {players} seats, got {len(entries)}")
    colors: list[Any] = []
    names: list[Any] = []
    controllers: list[Any] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise BadRecord(f"seats[{index}]", "expected an object with name, colors, controller")
        colors.append(entry.get("colors"))
        names.append(entry.get("name"))
        controllers.append(entry.get("controller", "human"))
        if not isinstance(controllers[-1], str) or controllers[-1] not in CONTROLLERS:
            raise BadRecord(f"seats[{index}].controller", f"expected one of "
                            f"{', '.join(CONTROLLERS)}, got {quote(controllers[-1])}")
    try:
        return make_seats(players, colors, names, controllers)
    except DeStijlError as error:
        raise BadRecord("seats", str(error)) from None


def read_move(entry: Any, index: int) -> tuple[int, Move]:
    """``(seat, move)`` of the record's move number ``index``."""
    where = f"moves[{index}]"
    if not isinstance(entry, dict):
        raise BadRecord(where, "expected an object with seat, card, x, y, rotation")
    for name in _MOVE_FIELDS:
        value = entry.get(name)
        if not is_int(value):
            raise BadRecord(f"{where}.{name}", f"expected an integer, got {quote(value)}")
    move = Move(entry["card"], entry["x"], entry["y"], entry["rotation"])
    return entry["seat"], move


def play_at(game: Game, move: Move, seat: int, index: int) -> None:
    """Play the record's move number ``index``; a refusal is named as that move's."""
    try:
        game.play(move, seat)
    except DeStijlError as error:
        raise BadRecord(f"moves[{index}]", str(error)) from None


def per_seat(entries: Any, field: str, seats: int) -> list[tuple[str, Any]]:
    """``field``, a list with one entry per seat: each entry with the path that names it
    (``keys[2]``)."""
    if not isinstance(entries, list) or len(entries) != seats:
        raise BadRecord(field, f"expected a list with one entry per seat ({seats}), "
                        f"got {quote(entries)}")
    return [(f"{field}[{index}]", entry) for index, entry in enumerate(entries)]
