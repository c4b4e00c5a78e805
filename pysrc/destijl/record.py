"""The game record ``destijl-record/1``: the save, replay and share format of a plain game.

A record is plain JSON (see docs/record.md). ``to_record`` writes one, ``replay`` checks
every field, replays every move and returns the game, raising ``BadRecord`` naming the
field (and move index) of the first problem. A friend game's record (``destijl-friend/1``)
is read by ``destijl.friends``; ``destijl.records`` chooses between the two formats.

>>> from destijl.game import new_game
>>> game = new_game(2, seed=1)
>>> game.play(game.legal_moves()[0])
>>> to_record(replay(to_record(game))) == to_record(game)
True
"""

from __future__ import annotations

from typing import Any

from .cards import CARDS, COLORS
from .errors import BadRecord, BadRequest, quote
from .game import DECK_SIZES, Game
from .integers import SAFE_INT, is_int
from .record_fields import play_at, read_field, read_move, read_options

FORMAT = "destijl-record/1"
_CARD_KEYS = {str(card): card for card in CARDS}  # the canonical keys: "1" to "40"
__all__ = ["FORMAT", "replay", "to_record"]


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` as it stands, with ``result`` once it is over.

    A game that does not know its whole deal (a bot's view of one, a friend game before its
    end) has no such record: ``BadRequest``.
    """
    if len(game.deal) != 2 + DECK_SIZES[game.players]:
        raise BadRequest(f"record: this game knows {len(game.deal)} of its "
                         f"{2 + DECK_SIZES[game.players]} dealt cards, so it has no {FORMAT} "
                         "(a bot's view or an unfinished friend game)")
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
    moves = read_field(record, "moves", list)
    if upto is not None and not is_int(upto, 0, len(moves)):
        raise BadRecord("ply", f"expected an integer from 0 to {len(moves)}, got {quote(upto)}")
    snapshot = game.clone() if upto == 0 else None
    for index, entry in enumerate(moves):
        seat, move = read_move(entry, index)
        play_at(game, move, seat, index)
        if upto is not None and index + 1 == upto:
            snapshot = game.clone()
    _check_result(record, game)
    return snapshot if snapshot is not None else game


def _setup(record: Any) -> Game:
    if not isinstance(record, dict):
        raise BadRecord("record", f"expected a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise BadRecord("format", f"expected {FORMAT!r}, got {quote(record.get('format'))}")
    players, rotations, seats = read_options(record)
    first = record.get("first_player")
    if not is_int(first, 0, players - 1):
        raise BadRecord("first_player",
                        f"expected a seat from 0 to {players - 1}, got {quote(first)}")
    cards = _read_cards(read_field(record, "cards", dict))
    deal = _read_deal(read_field(record, "deal", list), cards, players)
    seed = record.get("seed")
    if seed is not None and not is_int(seed, 0, SAFE_INT):
        raise BadRecord("seed", f"expected null or an integer from 0 to {SAFE_INT}, "
                        f"got {quote(seed)}")
    return Game(seats, cards, deal, rotations=rotations, first_player=first, seed=seed)


def _read_cards(entries: dict[str, Any]) -> dict[int, tuple[str, str, str]]:
    """The dealt cards' faces; each must be the real face of a card of the game's set."""
    cards = {}
    for key, rows in entries.items():
        card = _CARD_KEYS.get(key) if isinstance(key, str) else None
        if card is None:
            raise BadRecord("cards", f"card id {quote(key)} is not one of \"1\" to \"40\" "
                            "written plainly")
        if (not isinstance(rows, list) or len(rows) != 3 or not all(
                isinstance(row, str) and len(row) == 3 and set(row) <= set(COLORS)
                for row in rows)):
            raise BadRecord(f"cards.{key}", f"expected three rows of three letters from "
                            f"{COLORS}, got {quote(rows)}")
        if tuple(rows) != CARDS[card]:
            raise BadRecord(f"cards.{key}", f"{quote(rows)} is not the face of card {card}, "
                            f"which is {list(CARDS[card])}")
        cards[card] = CARDS[card]
    return cards


def _read_deal(deal: list[Any], cards: dict[int, Any], players: int) -> list[int]:
    """The deal: Painting, Gallery and Canvas deck, each id once, exactly the listed cards."""
    want = 2 + DECK_SIZES[players]
    if len(deal) != want:
        raise BadRecord("deal", f"expected {want} card ids for {players} players, got {len(deal)}")
    seen: dict[int, int] = {}  # card -> its index in the deal
    for index, card in enumerate(deal):
        if not is_int(card) or card not in cards:
            raise BadRecord(f"deal[{index}]", f"{quote(card)} is not a card id listed in cards")
        if card in seen:
            raise BadRecord("deal", f"card {card} is dealt twice, at {seen[card]} and {index}")
        seen[card] = index
    unused = sorted(set(cards) - set(seen))
    if unused:
        raise BadRecord("cards", f"card {unused[0]} is listed but not dealt")
    return deal


def _check_result(record: dict[str, Any], game: Game) -> None:
    if "result" not in record or record["result"] is None:
        return
    final = game.result()
    if final is None:
        raise BadRecord("result", "the game is not over, so it cannot have a result")
    difference = _difference(record["result"], final.to_dict(), "")
    if difference is not None:
        where, problem = difference
        raise BadRecord("result", f"{where.lstrip('.') or 'the score sheet'} does not match the "
                        f"moves: {problem}")


def _difference(value: Any, truth: Any, where: str) -> tuple[str, str] | None:
    """The first place where JSON ``value`` differs from ``truth``, types included
    (``true`` is not 1, ``1.0`` is not 1), as ``(path, problem)``, or None."""
    if type(value) is not type(truth):
        return where, f"expected {quote(truth)}, got {quote(value)}"
    if isinstance(truth, dict):
        for key in truth:
            if key not in value:
                return f"{where}.{key}", "missing"
            found = _difference(value[key], truth[key], f"{where}.{key}")
            if found:
                return found
        extra = next((key for key in value if key not in truth), None)
        return None if extra is None else (f"{where}.{quote(extra)}", "not a field")
    if isinstance(truth, list):
        for index, (got, want) in enumerate(zip(value, truth, strict=False)):
            found = _difference(got, want, f"{where}[{index}]")
            if found:
                return found
        if len(value) == len(truth):
            return None
        return where, f"expected {len(truth)} entries, got {len(value)}"
    return None if value == truth else (where, f"expected {quote(truth)}, got {quote(value)}")
