"""Acting on a friend game: who acts next, what a device may add now, placing a card,
starting a game, and how two records of one game relate (docs/friends.md).

The protocol's state and checks are in ``destijl.friends``; this module only reads and
extends records through it.

>>> from destijl.p256 import compressed, public_key_of
>>> ann_key, ben_key = compressed(public_key_of(1)), compressed(public_key_of(2))
>>> record = new_record([{"name": "Ann", "controller": "human"},
...                      {"name": "Ben", "controller": "human"}], seat=0, secret=b"a" * 16,
...                     key=ann_key, game="0123456789abcdef")
>>> next_action(record)
{'kind': 'commit', 'seat': 1}
>>> record = advance(record, 1, b"b" * 16, ben_key)  # Ben joins and reveals draw 0
>>> next_action(record)
{'kind': 'reveal', 'seat': 0}
>>> game = replay(advance(record, 0, b"a" * 16))  # Ann reveals: the deal is known
>>> game.current_seat, len(game.gallery), game.deck_count
(0, 3, 14)
"""

from __future__ import annotations

import copy
import secrets as _secrets
from typing import Any

from .. import p256
from ..cards import CARDS
from ..errors import BadRecord, BadRequest, IllegalMove, quote
from ..game import Game, make_seats
from ..integers import is_int
from ..move import Move
from ..record import to_record
from . import signs as friend_signs
from .chains import HASH_BYTES, commitment, reveal_value
from .game import FriendGame, NotDealt, bot_choice, replay
from .records import FORMAT, GAME_ID_DIGITS, Parsed, parse
from .timing import due_draw, placements_left, round_order, withholder


def next_action(record: Any) -> dict[str, Any]:
    """Who must act next: ``{"kind": "commit"|"reveal"|"move"|"bot"|"over", "seat"}``.

    ``bot`` moves on the device that holds the record; ``over`` has seat None.
    """
    parsed = parse(record)
    missing = [h for h in parsed.humans if parsed.commits[h] is None]
    if missing:
        # The person who opens round 1 joins first, so that another person joins last and
        # reveals at once: the reveals then end with the opener, who plays without a trip
        # more (docs/friends.md, "Trips").
        opener = next(s for s in round_order(parsed, 1) if s in parsed.humans)
        return {"kind": "commit", "seat": opener if opener in missing else missing[0]}
    try:
        game = replay(record)
    except NotDealt:
        return {"kind": "reveal", "seat": _next_revealer(parsed, 0)}
    if game.is_over:
        return {"kind": "over", "seat": None}
    if game.pending_draw is not None:
        return {"kind": "reveal", "seat": _next_revealer(parsed, game.pending_draw)}
    seat = game.seat_to_play
    return {"kind": "move" if game.seats[seat].controller == "human" else "bot", "seat": seat}


def _next_revealer(parsed: Parsed, draw: int) -> int:
    waiting = [h for h in parsed.humans if parsed.reveal_index(h) < draw]
    keeper = withholder(parsed, draw)
    others = [h for h in waiting if h != keeper]
    return others[0] if others else keeper


def may_reveal(record: Any, seat: int) -> int | None:
    """The draw ``seat`` may reveal now (docs/friends.md), or None."""
    parsed = parse(record)
    if not parsed.joined():
        return None
    try:
        game: FriendGame | None = replay(record)
    except NotDealt:
        game = None
    draw = due_draw(parsed, game)
    if parsed.reveal_index(seat) >= draw or (game is not None and game.is_over):
        return None
    keeper = withholder(parsed, draw)
    others_done = all(parsed.reveal_index(h) >= draw for h in parsed.humans if h != seat)
    if game is None or game.pending_draw is not None:
        return draw if seat != keeper or others_done else None
    left = placements_left(parsed, game)
    if left[seat] or seat == keeper:
        return None
    return draw


def advance(record: Any, seat: int, secret: bytes, key: bytes | None = None) -> dict[str, Any]:
    """Add what ``seat``'s device may add now: its commitment and public ``key`` (when it
    joins), then its due reveals.

    ``secret`` must match the seat's commitment, if it has one.
    """
    parsed = parse(record)
    if not is_int(seat, 0, parsed.players - 1) or parsed.seats[seat].controller != "human":
        raise BadRequest(f"seat: expected a person's seat, got {quote(seat)}")
    mine = commitment(secret, parsed.players)
    new: dict[str, Any] = copy.deepcopy(record)
    if parsed.commits[seat] is None:
        if key is None:
            raise BadRequest("key: a device joining a friend game gives its public key "
                             "(it signs this seat's placements)")
        new["commits"][seat] = mine.hex()
        new["keys"][seat] = key.hex()
    elif parsed.commits[seat] != mine:
        raise BadRequest(f"secret: it does not match seat {seat + 1}'s commitment; this device "
                         "does not hold that seat's secret")
    while (draw := may_reveal(new, seat)) is not None:
        new["reveals"][seat] = [draw, reveal_value(secret, parsed.players, draw).hex()]
    return new


def sign_text(record: Any, seat: int, move: Move) -> bytes:
    """What ``seat``'s device signs to place ``move`` now (``friend_signs.sign_text``)."""
    game = replay(record)
    if game.current_seat != seat:
        raise IllegalMove(f"{move}: it is not seat {seat + 1}'s turn")
    game.check(move, seat)
    parsed = game.parsed
    return friend_signs.sign_text(parsed.game, game.ply, seat, str(move),
                                  parsed.chain(game.ply))


def play(record: Any, seat: int, secret: bytes, move: Move,
         sig: bytes | None = None) -> dict[str, Any]:
    """Place ``move`` for the seat to play (this device's person, with its device's
    signature ``sig`` of ``sign_text``; or a bot), then advance."""
    game = replay(record)
    current = game.current_seat
    if current is None:
        raise IllegalMove(f"{move}: no seat is to play: "
                          + ("the game is over" if game.is_over else
                             f"draw {game.pending_draw} is not complete yet"))
    if game.seats[current].controller == "human" and current != seat:
        raise IllegalMove(f"{move}: wrong seat, it is seat {current + 1}'s turn, played on "
                          "another device")
    if game.seats[current].controller != "human" and bot_choice(game) != move:
        raise IllegalMove(f"{move}: seat {current + 1} is a bot; its move is {bot_choice(game)}")
    signed = None
    if current == seat:
        text = sign_text(record, seat, move)
        key = p256.public_key(game.parsed.keys[seat])
        if sig is None or not p256.verify(key, text, sig):
            raise BadRequest(f"sig: {'missing' if sig is None else 'it does not verify'}: a "
                             f"placement for seat {seat + 1} needs its device's signature "
                             "of the text friend_sign_text gives")
        signed = [game.ply, sig.hex()]
    game.play(move, current)
    new = game.record()
    if signed is not None:
        new["sigs"][seat] = signed
    return advance(new, seat, secret)


def new_record(seats: list[dict[str, Any]], *, seat: int, secret: bytes, key: bytes,
               game: str | None = None, rotations: bool = True,
               first_player: int = 0) -> dict[str, Any]:
    """A new friend game: the setup and the starter's (``seat``'s) commitment.

    ``seats`` are ``{name?, colors?, controller}`` with controller ``"human"`` for each person
    (this device's and the friends') or one of ``FRIEND_BOTS``.
    """
    players = len(seats)
    if not is_int(players, 2, 5):
        raise BadRequest(f"seats: expected 2 to 5 seats, got {players}")
    if game is None:
        game = _secrets.token_hex(GAME_ID_DIGITS // 2)
    defaults = make_seats(players)
    made = make_seats(
        players,
        [entry.get("colors", list(d.colors)) for entry, d in zip(seats, defaults, strict=True)],
        [entry.get("name", d.name) for entry, d in zip(seats, defaults, strict=True)],
        [entry.get("controller", "human") for entry in seats])
    record: dict[str, Any] = {
        "format": FORMAT, "game": game,
        "options": {"players": players, "rotations": rotations},
        "seats": [{"name": s.name, "colors": list(s.colors), "controller": s.controller}
                  for s in made],
        "first_player": first_player,
        "commits": [None] * players, "keys": [None] * players, "reveals": [None] * players,
        "moves": [], "sigs": [None] * players}
    if not is_int(seat, 0, players - 1) or made[seat].controller != "human":
        raise BadRequest(f"seat: expected the seat played here, a person's seat; "
                         f"got {quote(seat)}")
    record["commits"][seat] = commitment(secret, players).hex()
    record["keys"][seat] = key.hex()
    parse(record)  # the setup's own checks (friend bots, two people, first player)
    return advance(record, seat, secret)


def new_secret() -> bytes:
    """A device's secret: 16 bytes from the operating system (``crypto.getRandomValues``)."""
    return _secrets.token_bytes(HASH_BYTES)


def to_plain(record: Any) -> dict[str, Any]:
    """The ``destijl-record/1`` of a finished friend game (its whole deal is known by then)."""
    game = replay(record, check_bots=True)
    if not game.is_over:
        raise BadRecord("moves", f"the game is not over (move {game.ply} of "
                        f"{game.total_plies}); its deal is known only at the end")
    plain = Game(game.seats, {c: CARDS[c] for c in game.deal}, game.deal,
                 rotations=game.rotations, first_player=game.initial_first_player)
    for played in game.history:
        plain.play(played.move, played.seat)
    return to_record(plain)


# -- two records of one game ---------------------------------------------------------
def compare(mine: Any, theirs: Any) -> dict[str, Any]:
    """How ``theirs`` (a link) relates to ``mine`` (saved): same, newer, stale, fork or other.

    ``{"relation", "message", "ply"}``; ``ply`` is where a fork parts (or None). Both records
    must be valid friend records (``parse``).
    """
    a, b = parse(mine), parse(theirs)
    if a.game != b.game:
        return _relation("other", "the link is another game")
    setup = ("players", "rotations", "seats", "first_player")
    for name in setup:
        if getattr(a, name) != getattr(b, name):
            return _relation("fork", f"the link's {name.replace('_', ' ')} differ from this "
                             "game's: both are kept")
    for seat, (x, y) in enumerate(zip(a.commits, b.commits, strict=True)):
        if x is not None and y is not None and x != y:
            return _relation("fork", f"the link gives seat {seat + 1} another commitment: it "
                             "was joined twice; both games are kept")
    same_keys(a, b)
    for ply, (move_a, move_b) in enumerate(zip(a.moves, b.moves, strict=False)):
        if move_a != move_b:
            return _relation("fork", f"the link disagrees with this game at move {ply + 1} "
                             "(someone replayed an older link differently); both games are "
                             "kept", ply)
    mine_ahead, theirs_ahead = _ahead(a, b), _ahead(b, a)
    if mine_ahead and theirs_ahead:
        return _relation("fork", "the link and this game each have a step the other lacks "
                         "(the game went two ways); both games are kept",
                         min(len(a.moves), len(b.moves)))
    if mine_ahead:
        return _relation("stale", f"the link is older than this game (move {len(b.moves)} "
                         f"against {len(a.moves)}), so this game is kept")
    if theirs_ahead:
        return _relation("newer", "the link continues this game")
    return _relation("same", "the link is this game as it stands")


def same_keys(a: Parsed, b: Parsed) -> None:
    """``BadRecord`` if ``b`` gives a seat another signing key than ``a`` (the same game)."""
    if a.game != b.game or len(a.keys) != len(b.keys):
        return
    for seat, (x, y) in enumerate(zip(a.keys, b.keys, strict=True)):
        if x is not None and y is not None and x != y:
            raise BadRecord(f"keys[{seat}]", f"the link gives seat {seat + 1} "
                            f"({a.seats[seat].name}) another signing key than the one its "
                            "device joined with: someone replaced it to sign for that seat")


def _ahead(a: Parsed, b: Parsed) -> bool:
    """Has ``a`` a step ``b`` lacks: a move, a commitment or a later reveal?"""
    return (len(a.moves) > len(b.moves)
            or any(x is not None and y is None for x, y in zip(a.commits, b.commits, strict=True))
            or any(a.reveal_index(h) > b.reveal_index(h) for h in a.humans))


def _relation(relation: str, message: str, ply: int | None = None) -> dict[str, Any]:
    return {"relation": relation, "message": message, "ply": ply}
