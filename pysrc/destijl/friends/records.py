"""Reading a friend record: every field checked except the moves' legality and signatures
(``parse``, giving a ``Parsed``); ``BadRecord`` names the first wrong field.

Two versions of the format are read (docs/friends.md, "The friend record"): version 2
(``destijl-friend/2``, every new game) seeds each draw from the reveals and the hash chain of
the moves before it; version 1 (``destijl-friend/1``) from the reveals alone. A record keeps
its version (``Parsed.version``) in every link that follows it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import BadRecord, quote
from ..game import Seat
from ..integers import is_int
from ..move import Move
from ..record_fields import read_field, read_move, read_options
from . import signs as friend_signs
from .chains import HASH_BYTES, draws_in, hash_times

FORMATS = ("destijl-friend/1", "destijl-friend/2")
"""The friend record formats read, oldest first; the last is the one new games are written in."""
FORMAT = FORMATS[-1]
FRIEND_BOTS = ("bot:random", "bot:easy", "bot:medium")
"""Bot levels a friend game may seat: every device re-checks their moves, so they must be cheap."""
_HEX = re.compile(r"^[0-9a-f]+$", re.ASCII)
GAME_ID_DIGITS = 16  # hex digits


@dataclass(frozen=True)
class Parsed:
    """A checked friend record's fields (before the moves are replayed)."""

    game: str  # "0123456789abcdef"
    players: int  # 3
    rotations: bool
    seats: tuple[Seat, ...]
    first_player: int
    commits: tuple[bytes | None, ...]  # per seat
    reveals: tuple[tuple[int, bytes] | None, ...]  # per seat: latest (draw, value)
    moves: tuple[tuple[int, Move], ...]  # (seat, move)
    keys: tuple[bytes | None, ...] = ()  # per seat: its device's public key (compressed)
    sigs: tuple[tuple[int, bytes] | None, ...] = ()  # per seat: latest (ply, signature)
    version: int = 2  # of the format: 1 draws from the reveals alone, 2 also from the moves

    @property
    def format(self) -> str:
        """The record's format, ``destijl-friend/VERSION``."""
        return FORMATS[self.version - 1]

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.controller == "human"]

    def joined(self) -> bool:
        return all(self.commits[h] is not None for h in self.humans)

    def fixed(self) -> int:
        """How many draws are fixed: every person has revealed them."""
        if not self.joined():
            return 0
        return min(self.reveal_index(h) + 1 for h in self.humans)

    def setup(self) -> dict[str, Any]:
        """The setup, every commitment and key: what the signatures' chain starts from."""
        return {"game": self.game, "options": {"players": self.players,
                                               "rotations": self.rotations},
                "seats": seat_dicts(self.seats), "first_player": self.first_player,
                "commits": [None if c is None else c.hex() for c in self.commits],
                "keys": [None if k is None else k.hex() for k in self.keys]}

    def chain(self, upto: int) -> bytes:
        """The hash of the setup and the first ``upto`` moves (what a signature covers)."""
        value = friend_signs.setup_hash(self.setup())
        for seat, move in self.moves[:upto]:
            value = friend_signs.next_hash(value, seat, str(move))
        return value

    def check_signatures(self) -> None:
        """``BadRecord`` unless every person's placements carry their device's signature."""
        friend_signs.check(self.game, friend_signs.setup_hash(self.setup()),
                           [(seat, str(move)) for seat, move in self.moves], self.humans,
                           self.keys, self.sigs, [seat.name for seat in self.seats])

    def reveal_index(self, seat: int) -> int:
        entry = self.reveals[seat]
        return -1 if entry is None else entry[0]

    def value(self, seat: int, draw: int) -> bytes:
        index, latest = self.reveals[seat]  # type: ignore[misc]
        return hash_times(latest, index - draw)


FIELDS = ("format", "game", "options", "seats", "first_player", "commits", "keys",
          "reveals", "moves", "sigs")
_OPTIONS = ("players", "rotations")
_SEAT_FIELDS = ("name", "colors", "controller")
_MOVE_FIELDS = ("seat", "card", "x", "y", "rotation")


def _only(value: Any, allowed: tuple[str, ...], where: str, fmt: str) -> None:
    """Refuse a field the format does not have (it would travel in every later link)."""
    if isinstance(value, dict):
        for name in value:
            if name not in allowed:
                shown = name if len(name) <= 40 else name[:37] + "..."
                raise BadRecord(f"{where}{shown}", f"not a field of {fmt} (its fields: "
                                f"{', '.join(allowed)})")


def _no_unknown_fields(record: dict[str, Any]) -> None:
    fmt = record["format"]
    _only(record, FIELDS, "", fmt)
    _only(record.get("options"), _OPTIONS, "options.", fmt)
    for name, allowed in (("seats", _SEAT_FIELDS), ("moves", _MOVE_FIELDS)):
        entries = record.get(name)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            _only(entry, allowed, f"{name}[{index}].", fmt)


def parse(record: Any) -> Parsed:
    """Check every field of a friend record except the moves' legality and signatures;
    ``BadRecord`` naming the first wrong field."""
    if not isinstance(record, dict):
        raise BadRecord("record", f"expected a JSON object, got {type(record).__name__}")
    if record.get("format") not in FORMATS:
        raise BadRecord("format", f"expected {' or '.join(map(repr, FORMATS))}, "
                        f"got {quote(record.get('format'))}")
    version = FORMATS.index(record["format"]) + 1
    _no_unknown_fields(record)
    game = record.get("game")
    if not (isinstance(game, str) and len(game) == GAME_ID_DIGITS and _HEX.match(game)):
        raise BadRecord("game", f"expected {GAME_ID_DIGITS} lowercase hex digits, "
                        f"got {quote(game)}")
    players, rotations, seat_list = read_options(record)
    seats = tuple(seat_list)
    for index, seat in enumerate(seats):
        if seat.controller != "human" and seat.controller not in FRIEND_BOTS:
            raise BadRecord(f"seats[{index}].controller", f"seat {index + 1}: a friend game "
                            f"seats people (\"human\") and the bots {', '.join(FRIEND_BOTS)}, "
                            f"whose moves every device re-checks; got {quote(seat.controller)}")
    if sum(seat.controller == "human" for seat in seats) < 2:
        raise BadRecord("seats", "a friend game needs at least two people (\"human\" seats)")
    first = record.get("first_player")
    if not is_int(first, 0, players - 1):
        raise BadRecord("first_player",
                        f"expected a seat from 0 to {players - 1}, got {quote(first)}")
    commits = _read_commits(read_field(record, "commits", list), seats)
    humans = [i for i, seat in enumerate(seats) if seat.controller == "human"]
    keys = friend_signs.read_keys(record.get("keys"), humans, commits)
    reveals = _read_reveals(read_field(record, "reveals", list), seats, commits, players)
    moves = tuple(read_move(entry, index)
                  for index, entry in enumerate(read_field(record, "moves", list)))
    for index, (mover, _) in enumerate(moves):
        if not is_int(mover, 0, players - 1):
            raise BadRecord(f"moves[{index}].seat",
                            f"expected a seat from 0 to {players - 1}, got {quote(mover)}")
    sigs = friend_signs.read_sigs(record.get("sigs"), keys, len(moves))
    return Parsed(game, players, rotations, seats, first, commits, reveals, moves, keys, sigs,
                  version)


def _hex_value(value: Any, where: str) -> bytes:
    if not (isinstance(value, str) and len(value) == 2 * HASH_BYTES and _HEX.match(value)):
        raise BadRecord(where, f"expected {2 * HASH_BYTES} lowercase hex digits, "
                        f"got {quote(value)}")
    return bytes.fromhex(value)


def _read_commits(entries: list[Any], seats: tuple[Seat, ...]) -> tuple[bytes | None, ...]:
    if len(entries) != len(seats):
        raise BadRecord("commits", f"expected one entry per seat ({len(seats)}), "
                        f"got {len(entries)}")
    commits: list[bytes | None] = []
    for index, (entry, seat) in enumerate(zip(entries, seats, strict=True)):
        where = f"commits[{index}]"
        if seat.controller != "human":
            if entry is not None:
                raise BadRecord(where, f"seat {index + 1} is a bot; a bot has no commitment")
            commits.append(None)
        else:
            commits.append(None if entry is None else _hex_value(entry, where))
    if all(value is None for value in commits):
        raise BadRecord("commits", "no seat has a commitment; the starter's is always there")
    return tuple(commits)


def _read_reveals(entries: list[Any], seats: tuple[Seat, ...], commits: tuple[bytes | None, ...],
                  players: int) -> tuple[tuple[int, bytes] | None, ...]:
    if len(entries) != len(seats):
        raise BadRecord("reveals", f"expected one entry per seat ({len(seats)}), "
                        f"got {len(entries)}")
    waiting = [i for i, seat in enumerate(seats)
               if seat.controller == "human" and commits[i] is None]
    reveals: list[tuple[int, bytes] | None] = []
    for index, entry in enumerate(entries):
        where = f"reveals[{index}]"
        if entry is None:
            reveals.append(None)
            continue
        if seats[index].controller != "human":
            raise BadRecord(where, f"seat {index + 1} is a bot; a bot reveals nothing")
        if not isinstance(entry, list) or len(entry) != 2:
            raise BadRecord(where, f"expected null or [draw, value], got {quote(entry)}")
        draw = entry[0]
        if not is_int(draw, 0, draws_in(players) - 1):
            raise BadRecord(f"{where}[0]", f"expected a draw from 0 to "
                            f"{draws_in(players) - 1}, got {quote(draw)}")
        value = _hex_value(entry[1], f"{where}[1]")
        if waiting:
            raise BadRecord(where, f"seat {index + 1} revealed a value before every person "
                            f"joined (seat {waiting[0] + 1} has no commitment yet)")
        if hash_times(value, draw + 1) != commits[index]:
            raise BadRecord(where, f"the value for draw {draw} does not match seat {index + 1}'s "
                            f"commitment (H^{draw + 1} of it must be the commitment): "
                            "a forged reveal")
        reveals.append((draw, value))
    return tuple(reveals)


def seat_dicts(seats: tuple[Seat, ...]) -> list[dict[str, Any]]:
    """The seats as the record writes them."""
    return [{"name": seat.name, "colors": list(seat.colors), "controller": seat.controller}
            for seat in seats]
