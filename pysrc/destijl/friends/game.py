"""Friend games: a game between devices, carried in links, with a deal nobody can foresee.

Each person's device keeps a secret ``s`` and publishes a commitment ``H^R(s)``; its reveal
for draw ``k`` is ``H^(R-1-k)(s)``. Draw ``k``'s cards follow from every human seat's reveal
for ``k``, and a device reveals only when the rules of docs/friends.md allow, so the next
Gallery is unknown to everyone until the round's last person has placed a card.

The record is ``destijl-friend/1`` (docs/friends.md). ``parse`` checks its fields,
``replay`` rebuilds the game (a ``FriendGame``, a ``Game`` whose draws come from the
reveals) and refuses reveals no honest device could have made yet. Acting on a record (who
acts next, what a device adds, stale links and forks) is ``destijl.friends.turns``.

>>> secret = b"a" * 16
>>> c = commitment(secret, 2)                      # published when the device joins
>>> hash_times(reveal_value(secret, 2, 3), 4) == c  # the reveal for draw 3, checked
True
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..cards import CARDS
from ..errors import BadRecord, DeStijlError, IllegalMove, quote
from ..game import DECK_SIZES, Game, Seat
from ..integers import is_int
from ..move import Move
from ..record_fields import play_at, read_field, read_move, read_options
from . import signs as friend_signs

FORMAT = "destijl-friend/1"
FRIEND_BOTS = ("bot:random", "bot:easy", "bot:medium")
"""Bot levels a friend game may seat: every device re-checks their moves, so they must be cheap."""
HASH_BYTES = 16
_HEX = re.compile(r"^[0-9a-f]+$", re.ASCII)
GAME_ID_DIGITS = 16  # hex digits


# -- the hash chain and the draws --------------------------------------------------------
def chain_hash(value: bytes) -> bytes:
    """``H``: the first 16 bytes of SHA-256 of the chain's label and ``value``."""
    return hashlib.sha256(b"destijl-friend/1 chain:" + value).digest()[:HASH_BYTES]


def hash_times(value: bytes, times: int) -> bytes:
    """``H`` applied ``times`` times."""
    for _ in range(times):
        value = chain_hash(value)
    return value


def draws_in(players: int) -> int:
    """``R``: how many draws a game has (the setup and one after every round but the last)."""
    return DECK_SIZES[players] // players


def commitment(secret: bytes, players: int) -> bytes:
    """``c = H^R(secret)``: published when the device joins."""
    return hash_times(secret, draws_in(players))


def reveal_value(secret: bytes, players: int, draw: int) -> bytes:
    """``v_k = H^(R-1-k)(secret)``, so that ``H^(k+1)(v_k)`` is the commitment."""
    return hash_times(secret, draws_in(players) - 1 - draw)


def draw_cards(game_id: str, draw: int, values: list[bytes], pool: list[int],
               count: int) -> list[int]:
    """Draw ``count`` cards from ``pool`` (cards not drawn yet) for draw ``draw``.

    ``values`` are every human seat's reveal for this draw, in seat order.
    """
    seed = hashlib.sha256(f"destijl-friend/1 draw:{game_id}:{draw}:".encode()
                          + b"".join(values)).digest()
    pool = sorted(pool)
    drawn = []
    for index in range(count):
        pick = int.from_bytes(hashlib.sha256(seed + f":{index}".encode()).digest(), "big")
        drawn.append(pool.pop(pick % len(pool)))
    return drawn


# -- reading a record --------------------------------------------------------------------
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
                "seats": _seat_dicts(self.seats), "first_player": self.first_player,
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


def _only(value: Any, allowed: tuple[str, ...], where: str) -> None:
    """Refuse a field the format does not have (it would travel in every later link)."""
    if isinstance(value, dict):
        for name in value:
            if name not in allowed:
                shown = name if len(name) <= 40 else name[:37] + "..."
                raise BadRecord(f"{where}{shown}", f"not a field of {FORMAT} (its fields: "
                                f"{', '.join(allowed)})")


def _no_unknown_fields(record: dict) -> None:
    _only(record, FIELDS, "")
    _only(record.get("options"), _OPTIONS, "options.")
    for name, allowed in (("seats", _SEAT_FIELDS), ("moves", _MOVE_FIELDS)):
        entries = record.get(name)
        for index, entry in enumerate(entries if isinstance(entries, list) else []):
            _only(entry, allowed, f"{name}[{index}].")


def parse(record: Any) -> Parsed:
    """Check every field of a friend record except the moves' legality and signatures;
    ``BadRecord`` naming the first wrong field."""
    if not isinstance(record, dict):
        raise BadRecord("record", f"expected a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise BadRecord("format", f"expected {FORMAT!r}, got {quote(record.get('format'))}")
    _no_unknown_fields(record)
    game = record.get("game")
    if not (isinstance(game, str) and len(game) == GAME_ID_DIGITS and _HEX.match(game)):
        raise BadRecord("game", f"expected {GAME_ID_DIGITS} lowercase hex digits, "
                        f"got {quote(game)}")
    players, rotations, seats = read_options(record)
    seats = tuple(seats)
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
    for index, (seat, _) in enumerate(moves):
        if not is_int(seat, 0, players - 1):
            raise BadRecord(f"moves[{index}].seat",
                            f"expected a seat from 0 to {players - 1}, got {quote(seat)}")
    sigs = friend_signs.read_sigs(record.get("sigs"), keys, len(moves))
    return Parsed(game, players, rotations, seats, first, commits, reveals, moves, keys, sigs)


def _hex_value(value: Any, where: str) -> bytes:
    if not (isinstance(value, str) and len(value) == 2 * HASH_BYTES and _HEX.match(value)):
        raise BadRecord(where, f"expected {2 * HASH_BYTES} lowercase hex digits, "
                        f"got {quote(value)}")
    return bytes.fromhex(value)


def _read_commits(entries: list, seats: tuple[Seat, ...]) -> tuple[bytes | None, ...]:
    if len(entries) != len(seats):
        raise BadRecord("commits", f"expected one entry per seat ({len(seats)}), "
                        f"got {len(entries)}")
    commits = []
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


def _read_reveals(entries: list, seats: tuple[Seat, ...], commits: tuple[bytes | None, ...],
                  players: int) -> tuple[tuple[int, bytes] | None, ...]:
    if len(entries) != len(seats):
        raise BadRecord("reveals", f"expected one entry per seat ({len(seats)}), "
                        f"got {len(entries)}")
    waiting = [i for i, seat in enumerate(seats)
               if seat.controller == "human" and commits[i] is None]
    reveals = []
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


# -- the game --------------------------------------------------------------------------
class FriendGame(Game):
    """A ``Game`` whose draws come from the reveals; a draw not fixed yet leaves it waiting.

    ``pending_draw`` is the draw the game waits for (its Gallery holds only the card left),
    or None. ``deal`` holds the cards drawn so far.
    """

    def __init__(self, parsed: Parsed, draws: list[list[int]]) -> None:
        self.parsed = parsed
        self._draws = draws
        self._drawn = 0
        self.pending_draw: int | None = None
        known = [card for cards in draws for card in cards]
        placeholder = known + [0] * (2 + DECK_SIZES[parsed.players] - len(known))
        super().__init__(parsed.seats, {card: CARDS[card] for card in known}, placeholder,
                         rotations=parsed.rotations, first_player=parsed.first_player)
        self.deal = tuple(draws[0])

    def _draw(self) -> None:
        if self._drawn >= len(self._draws):
            self.pending_draw = self._drawn
            return
        cards = self._draws[self._drawn][-self.players:]
        if self._drawn:
            self.deal += tuple(cards)
        self._gallery.extend(cards)
        self._deck = self._deck[self.players:]
        self._drawn += 1

    @property
    def current_seat(self) -> int | None:
        return None if self.pending_draw is not None else super().current_seat

    def check(self, move: Move, seat: int | None = None) -> None:
        if self.pending_draw is not None and not self.is_over:
            raise IllegalMove(f"{move}: draw {self.pending_draw} is not complete yet "
                              "(the Gallery is not dealt)")
        super().check(move, seat)

    def legal_moves(self) -> list[Move]:
        return [] if self.pending_draw is not None else super().legal_moves()

    def undo_seats(self) -> list[int]:
        return []

    def why_no_undo(self, seat: int) -> str | None:
        return (f"cannot undo for seat {seat + 1}: a friend game's placements travel in links, "
                "so none can be taken back")

    def clone(self) -> FriendGame:
        twin = super().clone()
        twin.__class__ = FriendGame
        return twin  # type: ignore[return-value]

    def record(self) -> dict:
        """The friend record of this game so far (moves as played, reveals as read)."""
        return to_record(self.parsed, [(p.seat, p.move) for p in self.history])

    def bot_rng(self) -> random.Random:
        """The bots' randomness: from the game id and the ply, the same on every device."""
        return random.Random(f"friend:{self.parsed.game}:{self.ply}")


def _draws(parsed: Parsed) -> list[list[int]]:
    """The cards of every fixed draw, in order."""
    pool = list(CARDS)
    draws = []
    for draw in range(parsed.fixed()):
        values = [parsed.value(h, draw) for h in parsed.humans]
        count = parsed.players + (2 if draw == 0 else 0)
        cards = draw_cards(parsed.game, draw, values, pool, count)
        pool = [card for card in pool if card not in cards]
        draws.append(cards)
    return draws


def round_order(parsed: Parsed, round_number: int) -> list[int]:
    """The seats in playing order in round ``round_number`` (1-based)."""
    first = (parsed.first_player + round_number - 1) % parsed.players
    return [(first + i) % parsed.players for i in range(parsed.players)]


def withholder(parsed: Parsed, draw: int) -> int:
    """``W_k``: the person who reveals draw ``draw`` only after the round's last human placement.

    The first person of the next round, so that they reveal and play in one go; if that
    person also placed last in the round (always with two people), the one who placed
    before them.
    """
    humans = set(parsed.humans)
    following = [s for s in round_order(parsed, draw + 1) if s in humans]
    if draw == 0:
        return following[0]
    placed = [s for s in round_order(parsed, draw) if s in humans]
    return following[0] if following[0] != placed[-1] else placed[-2]


def replay(record: Any, *, upto: int | None = None, check_bots: bool = False) -> FriendGame:
    """Check a friend record and rebuild its game (after ``upto`` moves if given).

    Raises ``BadRecord`` naming the first problem. ``check_bots`` also re-computes every bot
    move (what a device does when a link arrives); the other commands trust a record the
    device already checked.
    """
    parsed = parse(record)
    if parsed.fixed() == 0:
        if parsed.moves:
            raise BadRecord("moves[0]", "played before draw 0 was complete (nothing is dealt)")
        _check_reveal_timing(parsed, None)
        raise NotDealt(parsed)
    game = FriendGame(parsed, _draws(parsed))
    if upto is not None and not is_int(upto, 0, len(parsed.moves)):
        raise BadRecord("ply", f"expected an integer from 0 to {len(parsed.moves)}, "
                        f"got {quote(upto)}")
    snapshot = game.clone() if upto == 0 else None
    for index, (seat, move) in enumerate(parsed.moves):
        if game.pending_draw is not None and not game.is_over:
            raise BadRecord(f"moves[{index}]", f"played before draw {game.pending_draw} was "
                            "complete (its Gallery was not dealt)")
        if check_bots and game.seats[seat].controller != "human" and seat == game.current_seat:
            chosen = bot_choice(game)
            if chosen != move:
                raise BadRecord(f"moves[{index}]", f"seat {seat + 1} is a bot; its move is "
                                f"{chosen}, not {move}")
        play_at(game, move, seat, index)
        if upto is not None and index + 1 == upto:
            snapshot = game.clone()
    parsed.check_signatures()
    _check_reveal_timing(parsed, game)
    return snapshot if snapshot is not None else game


class NotDealt(DeStijlError):
    """Raised by ``replay`` for a valid record whose deal is not fixed yet (no game to show)."""

    def __init__(self, parsed: Parsed) -> None:
        super().__init__("the deal is not complete yet: waiting for every person to join "
                         "and reveal draw 0")
        self.parsed = parsed


def due_draw(parsed: Parsed, game: FriendGame | None) -> int:
    """The latest draw anyone may have revealed at this point of the game."""
    if game is None:
        return 0
    if game.is_over:
        return draws_in(parsed.players) - 1
    if game.pending_draw is not None:
        return game.pending_draw
    return min(game.round, draws_in(parsed.players) - 1)  # the draw after this round


def _check_reveal_timing(parsed: Parsed, game: FriendGame | None) -> None:
    """Refuse reveals honest devices could not have made yet (docs/friends.md, step 5)."""
    due = due_draw(parsed, game)
    playing = (game is not None and not game.is_over and game.pending_draw is None
               and game.round < draws_in(parsed.players))  # a draw follows this round
    left = placements_left(parsed, game) if playing else {}
    for seat in parsed.humans:
        index = parsed.reveal_index(seat)
        where = f"reveals[{seat}]"
        if index > due:
            raise BadRecord(where, f"seat {seat + 1} revealed draw {index}, but the game is only "
                            f"at draw {due}; no one reveals a draw before its time")
        if playing and index == due:
            if left.get(seat):
                raise BadRecord(where, f"seat {seat + 1} revealed draw {due} before its last "
                                f"placement of round {due}")
            if seat == withholder(parsed, due) and any(left.values()):
                raise BadRecord(where, f"seat {seat + 1} revealed draw {due} before round {due} "
                                "was over; it must withhold it")


def placements_left(parsed: Parsed, game: FriendGame) -> dict[int, bool]:
    """For each human seat: does it still have a placement in the current round?"""
    order = round_order(parsed, game.round)
    done = game.ply - (game.round - 1) * parsed.players
    return {seat: seat in order[done:] for seat in parsed.humans}


# -- bots and records ------------------------------------------------------------------
def bot_choice(game: FriendGame, level: str = "medium") -> Move:
    """The move the current seat's bot makes, the same on every device (a person's seat:
    the move of a bot of ``level``, for a hint)."""
    controller = game.seats[game.current_seat].controller
    if controller.startswith("bot:"):
        level = controller.removeprefix("bot:")
    return make_bot(level).choose(game, game.bot_rng())


def _seat_dicts(seats: tuple[Seat, ...]) -> list[dict[str, Any]]:
    return [{"name": seat.name, "colors": list(seat.colors), "controller": seat.controller}
            for seat in seats]


def to_record(parsed: Parsed, moves: list[tuple[int, Move]]) -> dict[str, Any]:
    """The friend record of ``parsed`` with ``moves`` (signatures of later moves dropped)."""
    return {
        **parsed.setup(),
        "format": FORMAT,
        "reveals": [None if r is None else [r[0], r[1].hex()] for r in parsed.reveals],
        "moves": [{"seat": seat, **move.to_dict()} for seat, move in moves],
        "sigs": [None if s is None or s[0] >= len(moves) else [s[0], s[1].hex()]
                 for s in parsed.sigs],
    }
