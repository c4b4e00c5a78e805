"""The JSON commands of friend games (``friend_new``, ``friend_open``, ``friend_play``, ...).

Each answers with a **friend state**: the record, this device's seat and secret, who acts
next, whom to send the link to and the game's view once it is dealt (docs/api.md,
docs/friends.md). The secret is this device's own; it is echoed back so that the page can
keep it with the saved game, and never put in a record.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from ..errors import BadRecord, BadRequest, quote
from ..gameview import view
from ..integers import is_int
from ..move import Move
from . import game as friends
from . import records, turns
from . import signs as friend_signs
from .chains import commitment, draws_in

_SECRET = re.compile(r"^[0-9a-f]{32}$", re.ASCII)
_SEAT_KINDS = ("human", "friend", *records.FRIEND_BOTS)


def _secret(value: Any) -> bytes:
    if not (isinstance(value, str) and _SECRET.match(value)):
        raise BadRequest(f"secret: expected 32 lowercase hex digits, got {quote(value)}")
    return bytes.fromhex(value)


def _key(value: Any) -> bytes:
    """This device's public key (WebCrypto's raw export, or compressed), as the record keeps it."""
    try:
        return friend_signs.read_key(value, "key")
    except BadRecord as error:
        raise BadRequest(str(error)) from None


def _sig(value: Any) -> bytes | None:
    if value is None:
        return None
    if not (isinstance(value, str) and re.match(r"^[0-9a-f]{128}$", value)):
        raise BadRequest(f"sig: expected a signature of 128 lowercase hex digits (r and s), "
                         f"got {quote(value)}")
    return bytes.fromhex(value)


def _seat(value: Any, record: Any) -> int | None:
    if value is None:
        return None
    players = len(record.get("seats", [])) if isinstance(record, dict) else 0
    if not is_int(value, 0, max(players - 1, 0)):
        raise BadRequest(f"seat: expected null or a seat from 0 to {players - 1}, "
                         f"got {quote(value)}")
    return value


def state(record: Any, seat: int | None, secret: str | None, relation: str = "same",
          message: str = "") -> dict[str, Any]:
    """The friend state of ``record`` as seen by the device playing ``seat`` (None: watching)."""
    parsed = records.parse(record)
    action = turns.next_action(record)
    try:
        game = friends.replay(record)
        shown = view(game, game.record())
    except friends.NotDealt:
        shown = None
    waiting_on = action["seat"] if action["kind"] in ("commit", "reveal", "move") else None
    return {
        "record": record,
        "game": parsed.game,
        "format": parsed.format,  # "destijl-friend/1": an older game, its draws not fork-proof
        "seat": seat,
        "secret": secret if seat is not None else None,
        "next": action,
        "link_for": waiting_on if seat is not None and waiting_on != seat else None,
        "draws": parsed.fixed(),
        "draws_total": draws_in(parsed.players),
        "relation": relation,
        "message": message,
        "view": shown,
    }


def cmd_friend_new(args: dict[str, Any]) -> dict[str, Any]:
    """Start a friend game: ``{seats: [{name?, colors?, controller}], rotations?,
    first_player?, secret?, game?}``; controller "human" is this device (exactly one),
    "friend" a person elsewhere, or a friend bot level."""
    if "seed" in args:
        raise BadRequest("seed: a friend game has no seed: its deal comes from every "
                         "device's secret, so that no one player can choose or foresee it")
    seats = args.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise BadRequest("seats: expected a list of objects {name, colors, controller}")
    kinds = [s.get("controller") for s in seats]
    for index, kind in enumerate(kinds):
        if not isinstance(kind, str) or kind not in _SEAT_KINDS:
            raise BadRequest(f"seat {index + 1}: a friend game seats this device (human), "
                             "friends and the bots random, easy and medium, whose moves every "
                             f"device re-checks quickly; got {quote(kind)}")
    if kinds.count("human") != 1 or "friend" not in kinds:
        raise BadRequest("seats: a friend game has exactly one seat played here (\"human\") "
                         "and at least one \"friend\"")
    mine = kinds.index("human")
    secret_hex = args.get("secret")
    secret = turns.new_secret() if secret_hex is None else _secret(secret_hex)
    game = args.get("game")
    if game is not None and not (isinstance(game, str) and re.match(r"^[0-9a-f]{16}$", game)):
        raise BadRequest(f"game: expected 16 lowercase hex digits, got {quote(game)}")
    rotations = args.get("rotations", True)
    if not isinstance(rotations, bool):
        raise BadRequest(f"rotations: expected true or false, got {quote(rotations)}")
    first = args.get("first_player", 0)
    if not is_int(first, 0, len(seats) - 1):
        raise BadRequest(f"first_player: expected a seat from 0 to {len(seats) - 1}, "
                         f"got {quote(first)}")
    plain = [{**s, "controller": "human" if s["controller"] == "friend" else s["controller"]}
             for s in seats]
    record = turns.new_record(plain, seat=mine, secret=secret, key=_key(args.get("key")),
                              game=game, rotations=rotations, first_player=first)
    return state(record, mine, secret.hex())


def cmd_friend_open(args: dict[str, Any]) -> dict[str, Any]:
    """Open a link's record: ``{record, saved?: {record, seat, secret}, secret?}`` (a friend
    link's record, from ``link_open``; docs/links.md; ``secret`` for a joining device, else
    a fresh one).

    Checks it whole (bots' moves too) and against the saved game of the same id: a stale
    link keeps the saved game, a fork is answered as the link's game (to keep beside the
    saved one). A device new to the game joins as the seat whose turn it is to join, else
    watches.
    """
    record: Any = args.get("record")
    saved = args.get("saved")
    if saved is not None and not isinstance(saved, dict):
        raise BadRequest("saved: expected null or {record, seat, secret}")
    if saved is not None:  # a replaced key is named before the deal it changes
        turns.same_keys(records.parse(saved.get("record")), records.parse(record))
    _check_whole(record)
    if saved is not None:
        mine = saved.get("record")
        seat = _seat(saved.get("seat"), mine)
        secret_hex = saved.get("secret") if seat is not None else None
        found = turns.compare(mine, record)
        if found["relation"] == "stale":
            return state(mine, seat, secret_hex, "stale", found["message"])
        if found["relation"] == "fork":
            return {**state(record, seat, secret_hex, "fork", found["message"]),
                    "ply": found["ply"]}
        if found["relation"] != "other":
            if seat is not None:
                _none_made_elsewhere(mine, record, seat)
                record = turns.advance(record, seat, _secret(secret_hex))
            return state(record, seat, secret_hex, found["relation"], found["message"])
    action = turns.next_action(record)
    if action["kind"] != "commit":
        return state(record, None, None, "new", "every seat of this game is played on "
                     "another device: you are watching")
    given = args.get("secret")  # a joining device's secret, else a fresh one
    secret = turns.new_secret() if given is None else _secret(given)
    record = turns.advance(record, action["seat"], secret, _key(args.get("key")))
    return state(record, action["seat"], secret.hex(), "new",
                 f"you play {records.parse(record).seats[action['seat']].name}")


def _none_made_elsewhere(mine: Any, theirs: Any, seat: int) -> None:
    """Refuse a link holding a placement of this device's seat that this device did not make
    (every placement it made is in its saved game)."""
    made = len(records.parse(mine).moves)
    for ply, (who, move) in enumerate(records.parse(theirs).moves[made:], made):
        if who == seat:
            raise BadRecord(f"moves[{ply}]", f"the link holds a placement for your seat (seat "
                            f"{seat + 1}) at move {ply + 1}, {move}, that this device did "
                            "not make")


def _check_whole(record: Any) -> None:
    with contextlib.suppress(friends.NotDealt):  # a record before its deal is still checked
        friends.replay(record, check_bots=True)


def cmd_friend_sign_text(args: dict[str, Any]) -> dict[str, Any]:
    """``{record, seat, move}`` -> ``{text}``: what this device signs (ECDSA P-256, SHA-256)
    to place ``move`` for its seat; the signature goes to ``friend_play`` as ``sig``."""
    record: Any = args.get("record")
    records.parse(record)
    seat = _seat(args.get("seat"), record)
    if seat is None:
        raise BadRequest("seat: this device watches the game; it plays no seat")
    try:
        text = turns.sign_text(record, seat, Move.from_dict(args.get("move")))
    except friends.NotDealt:
        raise BadRequest("record: the deal is not complete yet: no card can be placed") from None
    return {"text": text.decode()}


def cmd_friend_play(args: dict[str, Any]) -> dict[str, Any]:
    """Place a card: ``{record, seat, secret, move, sig?}`` (``sig``: this device's signature
    of ``friend_sign_text``'s text, for its own seat's placement; a bot's move is the bot's
    own choice and unsigned), then add this device's due reveals."""
    record: Any = args.get("record")
    parsed = records.parse(record)
    seat = _seat(args.get("seat"), record)
    if seat is None:
        raise BadRequest("seat: this device watches the game; it plays no seat")
    secret = _secret(args.get("secret"))
    if parsed.commits[seat] != commitment(secret, parsed.players):
        raise BadRequest(f"secret: it does not match seat {seat + 1}'s commitment")
    try:
        record = turns.play(record, seat, secret, Move.from_dict(args.get("move")),
                            _sig(args.get("sig")))
    except friends.NotDealt:
        raise BadRequest("record: the deal is not complete yet: no card can be placed") from None
    return state(record, seat, args["secret"])


def cmd_friend_compare(args: dict[str, Any]) -> dict[str, Any]:
    """``{mine, theirs}`` -> ``{relation, message, ply}`` (same, newer, stale, fork, other)."""
    return turns.compare(args.get("mine"), args.get("theirs"))


def cmd_friend_export(args: dict[str, Any]) -> dict[str, Any]:
    """A finished friend game as a plain ``destijl-record/1`` record."""
    return turns.to_plain(args.get("record"))


COMMANDS = {
    "friend_new": cmd_friend_new,
    "friend_open": cmd_friend_open,
    "friend_sign_text": cmd_friend_sign_text,
    "friend_play": cmd_friend_play,
    "friend_compare": cmd_friend_compare,
    "friend_export": cmd_friend_export,
}
