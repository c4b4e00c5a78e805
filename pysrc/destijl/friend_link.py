"""A friend game in a link: the ``k: "friend"`` text of ``destijl-link/1`` (docs/links.md).

The same compact envelope as the other kinds (``v``, ``k``, ``p``, ``r``, ``f``, ``s``,
``m``), without the deal ``d`` (a friend game's cards follow from the reveals), plus
``g`` the game id, ``c`` the commitments and ``e`` the reveals (docs/friends.md). The
moves are written without their seats; the rules say whose turn it is.

>>> from destijl.friends import new_record
>>> record = new_record([{"name": "Ann", "controller": "human"},
...                      {"name": "Ben", "controller": "human"}], seat=0, secret=b"a" * 16,
...                     game="0123456789abcdef")
>>> from_text(to_text(record)) == record
True
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from . import friends
from .errors import BadRecord, DeStijlError, quote
from .jsontext import loads
from .move import Move

VERSION = 1
KIND = "friend"


def to_text(record: Any) -> str:
    """The compact link text of a (valid) friend record."""
    parsed = friends.parse(record)
    data = {
        "v": VERSION, "k": KIND, "p": parsed.players, "r": int(parsed.rotations),
        "f": parsed.first_player,
        "s": [[seat.name, "".join(seat.colors), seat.controller] for seat in parsed.seats],
        "g": parsed.game,
        "c": record["commits"],
        "e": record["reveals"],
        "m": " ".join(str(move) for _, move in parsed.moves),
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def from_text(text: Any) -> dict:
    """The friend record in a link text, checked whole (bots' moves too).

    Raises ``BadRecord`` whose field starts with ``link``, naming the first problem.
    """
    try:
        data = loads(text, where="link")
    except DeStijlError as error:
        raise BadRecord("link", str(error).removeprefix("link: ")) from None
    if not isinstance(data, dict):
        raise BadRecord("link", f"expected a JSON object, got {type(data).__name__}")
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise BadRecord("link.v", f"this link is format {quote(data.get('v'))}; this De Stijl "
                        f"reads format {VERSION}")
    if data.get("k") != KIND:
        raise BadRecord("link.k", f"expected {KIND!r}, got {quote(data.get('k'))}")
    return from_data(data)


def from_data(data: dict) -> dict:
    """The friend record of a link's fields (``v`` and ``k`` already read)."""
    seats = data.get("s")
    if not isinstance(seats, list) or not all(
            isinstance(seat, list) and len(seat) == 3 and all(isinstance(x, str) for x in seat)
            for seat in seats):
        raise BadRecord("link.s", f"expected a list of [name, colours, controller], "
                        f"got {quote(seats)}")
    rotations = data.get("r")
    if rotations not in (0, 1) or type(rotations) is not int:
        raise BadRecord("link.r", f"expected 0 or 1, got {quote(rotations)}")
    moves = data.get("m")
    if not isinstance(moves, str):
        raise BadRecord("link.m", f"expected the moves as text like '17@3,-1r90 5@0,2r0', "
                        f"got {quote(moves)}")
    record = {
        "format": friends.FORMAT, "game": data.get("g"),
        "options": {"players": data.get("p"), "rotations": rotations == 1},
        "seats": [{"name": name, "colors": list(colors), "controller": controller}
                  for name, colors, controller in seats],
        "first_player": data.get("f"), "commits": data.get("c"), "reveals": data.get("e"),
        "moves": [],
    }
    texts = moves.split(" ") if moves else []
    parsed_moves = []
    for index, text in enumerate(texts):
        try:
            parsed_moves.append(Move.parse(text))
        except DeStijlError:
            raise BadRecord(f"link.m[{index}]", f"move {index + 1} of {len(texts)} "
                            f"({quote(text)}): expected text like '17@3,-1r90'") from None
    seats_of = friends.seats_to_play(record, parsed_moves)
    record["moves"] = [{"seat": seat, **move.to_dict()}
                       for seat, move in zip(seats_of, parsed_moves, strict=True)]
    with contextlib.suppress(friends.NotDealt):  # before the deal there is no game yet
        friends.replay(record, check_bots=True)
    return record
