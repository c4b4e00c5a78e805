"""The game record ``destijl-record/1``: the save, replay and share format.

A record is plain JSON (see docs/record.md). ``to_record`` writes one, ``replay`` checks
every field, replays every move and returns the game, raising ``BadRecord`` naming the
field (and move index) of the first problem.

>>> from destijl.game import new_game
>>> game = new_game(2, seed=1)
>>> game.play(game.legal_moves()[0])
>>> replay(game.record()).record() == game.record()
True
"""

from __future__ import annotations

from typing import Any

from .cards import COLORS
from .errors import BadRecord, DeStijlError
from .game import CONTROLLERS, DECK_SIZES, Game, Seat, make_seats
from .move import Move

FORMAT = "destijl-record/1"
_MOVE_FIELDS = ("seat", "card", "x", "y", "rotation")


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


def replay(record: Any, *, upto: int | None = None) -> Game:
    """Validate ``record`` and rebuild its game (after ``upto`` moves if given).

    The whole record is checked, including every move and the ``result``, even when
    ``upto`` stops the returned game earlier.
    """
    game = _setup(record)
    moves = _field(record, "moves", list)
    if upto is not None and not (isinstance(upto, int) and 0 <= upto <= len(moves)):
        raise BadRecord("ply", f"expected 0 to {len(moves)}, got {upto!r}")
    snapshot = game.clone() if upto == 0 else None
    for index, entry in enumerate(moves):
        seat, move = _read_move(entry, index)
        try:
            game.play(move, seat)
        except DeStijlError as error:
            raise BadRecord(f"moves[{index}]", str(error)) from None
        if upto is not None and index + 1 == upto:
            snapshot = game.clone()
    _check_result(record, game)
    return snapshot if snapshot is not None else game


def _setup(record: Any) -> Game:
    if not isinstance(record, dict):
        raise BadRecord("record", f"expected a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise BadRecord("format", f"expected {FORMAT!r}, got {record.get('format')!r}")
    options = _field(record, "options", dict)
    players = options.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players not in DECK_SIZES:
        raise BadRecord("options.players", f"expected 2 to 5, got {players!r}")
    rotations = options.get("rotations")
    if not isinstance(rotations, bool):
        raise BadRecord("options.rotations", f"expected true or false, got {rotations!r}")
    seats = _read_seats(_field(record, "seats", list), players)
    first = record.get("first_player")
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise BadRecord("first_player", f"expected a seat from 0 to {players - 1}, got {first!r}")
    cards = _read_cards(_field(record, "cards", dict))
    deal = _read_deal(_field(record, "deal", list), cards, players)
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRecord("seed", f"expected an integer or null, got {seed!r}")
    return Game(seats, cards, deal, rotations=rotations, first_player=first, seed=seed)


def _field(record: dict, name: str, kind: type) -> Any:
    value = record.get(name)
    if not isinstance(value, kind):
        raise BadRecord(name, f"expected {'an object' if kind is dict else 'a list'}, "
                        f"got {type(value).__name__}")
    return value


def _read_seats(entries: list, players: int) -> list[Seat]:
    if len(entries) != players:
        raise BadRecord("seats", f"expected {players} seats, got {len(entries)}")
    colors, names, controllers = [], [], []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise BadRecord(f"seats[{index}]", "expected an object with name, colors, controller")
        colors.append(entry.get("colors"))
        names.append(entry.get("name"))
        controllers.append(entry.get("controller", "human"))
        if controllers[-1] not in CONTROLLERS:
            raise BadRecord(f"seats[{index}].controller",
                            f"expected one of {', '.join(CONTROLLERS)}, got {controllers[-1]!r}")
    try:
        return make_seats(players, colors, names, controllers)
    except DeStijlError as error:
        raise BadRecord("seats", str(error)) from None


def _read_cards(entries: dict) -> dict[int, tuple[str, str, str]]:
    cards = {}
    for key, rows in entries.items():
        if not (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= 10**6):
            raise BadRecord("cards", f"card id {key!r} is not a positive integer")
        if (not isinstance(rows, list) or len(rows) != 3 or not all(
                isinstance(row, str) and len(row) == 3 and set(row) <= set(COLORS)
                for row in rows)):
            raise BadRecord(f"cards.{key}", f"expected three rows of three letters from "
                            f"{COLORS}, got {rows!r}")
        cards[int(key)] = (rows[0], rows[1], rows[2])
    return cards


def _read_deal(deal: list, cards: dict[int, Any], players: int) -> list[int]:
    want = 2 + DECK_SIZES[players]
    if len(deal) != want:
        raise BadRecord("deal", f"expected {want} card ids for {players} players, got {len(deal)}")
    for index, card in enumerate(deal):
        if not isinstance(card, int) or isinstance(card, bool) or card not in cards:
            raise BadRecord(f"deal[{index}]", f"{card!r} is not a card id listed in cards")
    if len(set(deal)) != len(deal):
        raise BadRecord("deal", "a card id appears twice")
    return deal


def _read_move(entry: Any, index: int) -> tuple[int, Move]:
    where = f"moves[{index}]"
    if not isinstance(entry, dict):
        raise BadRecord(where, "expected an object with seat, card, x, y, rotation")
    for name in _MOVE_FIELDS:
        value = entry.get(name)
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadRecord(f"{where}.{name}", f"expected an integer, got {value!r}")
    move = Move(entry["card"], entry["x"], entry["y"], entry["rotation"])
    return entry["seat"], move


def _check_result(record: dict, game: Game) -> None:
    if "result" not in record or record["result"] is None:
        return
    final = game.result()
    if final is None:
        raise BadRecord("result", "the game is not over, so it cannot have a result")
    if record["result"] != final.to_dict():
        raise BadRecord("result", f"does not match the moves: they score {final.to_dict()}")
