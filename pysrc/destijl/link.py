"""A game in a link, ``destijl-link/1``: the compact link text, deflate-raw and base64url.

See docs/links.md. ``to_text`` / ``from_text`` turn a game record into the compact link
text and back (the browser compresses that text itself, with ``CompressionStream``);
``encode`` / ``decode`` add the compression and base64url natively. ``decode`` and
``from_text`` check everything and replay the game, raising ``BadLink`` whose message
starts with what is wrong, naming the first bad move.

>>> from destijl.game import new_game
>>> from destijl.records import record_of
>>> game = new_game(2, seed=3)
>>> game.play(game.legal_moves()[0])
>>> opened = decode(encode(record_of(game)))
>>> opened.kind, record_of(opened.game) == record_of(game)
('replay', True)
>>> decode("not a link!")
Traceback (most recent call last):
...
destijl.link.BadLink: link: not base64url: character ' ' at 3
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from . import daily
from .cards import CARDS
from .errors import DeStijlError, quote
from .game import Game
from .integers import is_int
from .jsontext import loads, unwritable
from .move import Move
from .records import FORMAT, FRIEND_FORMAT, FRIEND_FORMATS, replay

VERSION = 1
"""The link format version, the ``v`` field."""
KINDS = ("replay", "daily", "friend")
"""What a link holds: a game to replay, a Today's Painting result, a friend game (reserved)."""
MAX_PAYLOAD = 8_000
"""The longest payload read, in characters (links that long survive mail and messengers)."""
MAX_TEXT = 16_000
"""The longest link text after inflating, in characters: a deflate bomb stops here."""
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_FRAGMENT = re.compile(r"(?:^|[#&])g=([^&#\s]*)")


class BadLink(DeStijlError):
    """A link that cannot be opened; the message starts with ``link`` and names the problem."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"link: {problem}")
        self.problem = problem


@dataclass(frozen=True, slots=True)
class OpenedLink:
    """A checked link: its ``kind``, the ``day`` of a daily (else None) and the replayed game;
    a friend link instead carries its ``destijl-friend/1`` record in ``friend``, for
    ``friend_open`` to check against the device's game (docs/friends.md)."""

    kind: str
    day: str | None
    game: Game | None
    friend: dict[str, Any] | None = None
    claims: dict[str, Any] | None = None  # a daily result's claims: {"t": 19, "par": 19, "h": 0}


# -- the link text --------------------------------------------------------------------------
def to_text(record: dict[str, Any], kind: str = "replay", day: str | None = None, *,
            hints: int | None = None, par: int | None = None) -> str:
    """The compact link text of a (valid) game record; ``day`` for ``kind`` "daily"; a
    ``destijl-friend/1`` record for ``kind`` "friend" travels whole, in ``rec``.

    A daily holds only the day and the player's moves (the deal follows from the day, the
    bots' moves are the medium bot's), and the result it claims: the player's total ``t``
    once over, the ``hints`` used and the ``par`` when given (docs/daily.md)."""
    _check_kind(kind, day)
    if kind == "friend":
        found = unwritable(_friend_record(record, "record"), "record")
        if found is not None:  # a value JSON cannot hold, e.g. a 31-digit integer
            raise BadLink(f"{found[0]}: {quote(found[1])} cannot be written into a link")
        return json.dumps({"v": VERSION, "k": kind, "rec": record},
                          separators=(",", ":"), ensure_ascii=False)
    game = replay(record)
    if kind == "daily":
        return _daily_text(game, day, hints, par)
    data: dict[str, Any] = {
        "v": VERSION, "k": kind, "p": game.players, "r": int(game.rotations),
        "f": game.initial_first_player,
        "s": [[seat.name, "".join(seat.colors), seat.controller] for seat in game.seats],
        "d": list(game.deal),
        "m": " ".join(str(played.move) for played in game.history),
    }
    if game.seed is not None:
        data["seed"] = game.seed
    if kind == "daily":
        data["day"] = day
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def from_text(text: Any) -> OpenedLink:
    """Check the link text and replay its game; ``BadLink`` names the first problem."""
    try:
        data = loads(text, where="link")
    except DeStijlError as error:
        raise BadLink(str(error).removeprefix("link: ")) from None
    if not isinstance(data, dict):
        raise BadLink(f"expected a JSON object, got {type(data).__name__}")
    version = data.get("v")
    if version != VERSION or not is_int(version):
        raise BadLink(f"v: this link is format {quote(version)}; this De Stijl reads format "
                      f"{VERSION}")
    kind: Any = data.get("k")  # JSON values, checked by _check_kind
    day: Any = data.get("day")
    _check_kind(kind, day)
    if kind == "friend":
        return OpenedLink(kind, None, None, _friend_record(data.get("rec"), "rec"))
    if kind == "daily" and "y" in data:
        return OpenedLink(kind, day, _play_yours(day, data.get("y")), None, _claims(data))
    game = _setup(data)
    if kind == "daily":
        _check_day(game, day)
    _play(game, data.get("m"))
    if kind == "daily":
        _guard(daily.check_bots, game, day)
        return OpenedLink(kind, day, game, None, _claims(data))
    return OpenedLink(kind, None, game)


# -- a daily's short form -------------------------------------------------------------------
def _daily_text(game: Game, day: Any, hints: int | None, par: int | None) -> str:
    """A daily's link text: its day, the player's moves and the result it claims."""
    _check_day(game, day)
    _guard(daily.check_bots, game, day)
    data: dict[str, Any] = {"v": VERSION, "k": "daily", "day": day,
                            "y": " ".join(str(p.move) for p in game.history if p.seat == 0)}
    if game.is_over:
        data["t"] = game.score().seats[0].total
    if hints is not None:
        data["h"] = hints
    if par is not None:
        data["par"] = par
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _play_yours(day: Any, moves: Any) -> Game:
    """The daily of ``day`` from the player's moves, the bots' moves the medium bot's."""
    if not isinstance(moves, str):
        raise BadLink(f"y: expected your moves as text like '17@3,-1r90 5@0,2r0', "
                      f"got {quote(moves)}")
    parsed = []
    texts = moves.split(" ") if moves else []
    for index, text in enumerate(texts):
        try:
            parsed.append(Move.parse(text))
        except DeStijlError:
            raise BadLink(f"your move {index + 1} of {len(texts)} ({quote(text)}): expected "
                          "text like '17@3,-1r90'") from None
    return _guard(daily.play_yours, day, parsed)


def _claims(data: dict[str, Any]) -> dict[str, Any]:
    """What a daily link says of its result (checked by daily_proof, not here)."""
    return {key: data[key] for key in ("t", "h", "par") if key in data}


_T = TypeVar("_T")


def _guard(check: Callable[..., _T], *args: Any) -> _T:
    """``check(*args)``, its engine error raised as a ``BadLink``."""
    try:
        return check(*args)
    except DeStijlError as error:
        raise BadLink(str(error)) from None


def _friend_record(record: Any, where: str) -> dict[str, Any]:
    """A friend link's record: only its format is checked here; ``friend_open`` checks the
    rest, knowing the device's own game (commitments, reveals, moves, stale and fork)."""
    if not isinstance(record, dict) or record.get("format") not in FRIEND_FORMATS:
        got = record.get("format") if isinstance(record, dict) else record
        raise BadLink(f"{where}: expected a {FRIEND_FORMAT} record, got {quote(got)}")
    return record


def _check_kind(kind: Any, day: Any) -> None:
    if kind not in KINDS:
        raise BadLink(f"k: expected one of {', '.join(KINDS)}, got {quote(kind)}")
    if kind == "daily" and not daily.is_date_text(day):
        raise BadLink(f"day: expected a date YYYY-MM-DD, got {quote(day)}{daily.ascii_note(day)}")


def _check_day(game: Game, day: Any) -> None:
    """A daily link holds that day's deal and seats (checked before its moves)."""
    try:
        daily.check_daily(game, day)
    except DeStijlError as error:
        raise BadLink(str(error)) from None


def _setup(data: dict[str, Any]) -> Game:
    """The game before its first move, from the link's fields, checked as a record."""
    seats = data.get("s")
    if not isinstance(seats, list):
        raise BadLink(f"s: expected a list of [name, colours, controller], got {quote(seats)}")
    for index, seat in enumerate(seats):
        if not (isinstance(seat, list) and len(seat) == 3
                and all(isinstance(part, str) for part in seat)):
            raise BadLink(f"s[{index}]: expected [name, colours, controller], got {quote(seat)}")
    rotations = data.get("r")
    if rotations not in (0, 1) or not is_int(rotations):
        raise BadLink(f"r: expected 0 or 1, got {quote(rotations)}")
    deal = data.get("d")
    if not isinstance(deal, list):
        raise BadLink(f"d: expected a list of card ids, got {quote(deal)}")
    record = {
        "format": FORMAT,
        "options": {"players": data.get("p"), "rotations": rotations == 1},
        "seats": [{"name": name, "colors": list(colors), "controller": controller}
                  for name, colors, controller in seats],
        "first_player": data.get("f"),
        "cards": {str(card): list(CARDS[card]) for card in deal
                  if is_int(card) and card in CARDS},
        "deal": deal,
        "moves": [],
    }
    if data.get("seed") is not None:
        record["seed"] = data["seed"]
    try:
        return replay(record)
    except DeStijlError as error:
        raise BadLink(str(error)) from None


def _play(game: Game, moves: Any) -> None:
    """Play the link's moves in order; the first bad one is named with its number."""
    if not isinstance(moves, str):
        raise BadLink(f"m: expected the moves as text like '17@3,-1r90 5@0,2r0', "
                      f"got {quote(moves)}")
    texts = moves.split(" ") if moves else []
    total = len(texts)
    for index, text in enumerate(texts):
        try:
            move = Move.parse(text)
        except DeStijlError:
            raise BadLink(f"move {index + 1} of {total} ({quote(text)}): expected text like "
                          "'17@3,-1r90'") from None
        try:
            game.play(move)
        except DeStijlError as error:
            raise BadLink(f"move {index + 1} of {total} ({describe(move)}): {error}") from None


describe = daily.describe


# -- compression and base64url ----------------------------------------------------------------
def encode(record: dict[str, Any], kind: str = "replay", day: str | None = None,
           **claims: int | None) -> str:
    """The payload of ``#g=``: the link text, deflate-raw, base64url without padding."""
    return pack(to_text(record, kind, day, **claims))


def pack(text: str) -> str:
    """``text`` deflate-raw, base64url without padding (as the page's link/codec.js)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def inflate(payload: Any) -> str:
    """The link text inside ``payload`` (checked for size and alphabet), not yet read."""
    if not isinstance(payload, str):
        raise BadLink(f"expected text, got {type(payload).__name__}")
    if len(payload) > MAX_PAYLOAD:
        raise BadLink(f"{len(payload):,} characters, more than the {MAX_PAYLOAD:,} a link "
                      "may have")
    if not payload:
        raise BadLink("empty: the link holds no game")
    match = _BASE64URL.match(payload)  # "*": it always matches, perhaps nothing
    good = match.end() if match else 0
    if good < len(payload):
        raise BadLink(f"not base64url: character {quote(payload[good])} at {good}")
    if len(payload) % 4 == 1:
        raise BadLink(f"not base64url: {len(payload)} characters cannot be whole bytes")
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(raw, MAX_TEXT * 4 + 1)
    except zlib.error as error:
        raise BadLink(f"not deflate-raw data ({error})") from None
    if len(data) > MAX_TEXT * 4 or unpacker.unconsumed_tail:
        raise BadLink(f"it inflates to more than the {MAX_TEXT:,} characters a link may hold")
    if not unpacker.eof:
        raise BadLink("not deflate-raw data (the stream is cut short)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadLink("the inflated link is not UTF-8 text") from None
    if len(text) > MAX_TEXT:
        raise BadLink(f"it inflates to more than the {MAX_TEXT:,} characters a link may hold")
    return text


def decode(payload: Any) -> OpenedLink:
    """Open a payload (the text after ``#g=``): inflate, read, check and replay it."""
    return from_text(inflate(payload))


def payload_of(text: str) -> str | None:
    """The payload in a pasted URL, fragment (``#g=...``) or bare payload; None if none.

    >>> payload_of("https://example.org/#g=abc_-1"), payload_of("#g=xyz"), payload_of("q1-_")
    ('abc_-1', 'xyz', 'q1-_')
    >>> payload_of("{}") is None
    True
    """
    text = text.strip()
    if "#" in text or text.startswith("g="):
        match = _FRAGMENT.search(text[text.find("#"):] if "#" in text else text)
        return match.group(1) if match else None
    return text if text and _BASE64URL.fullmatch(text) else None
