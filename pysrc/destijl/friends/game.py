"""Friend games: a game between devices, carried in links, with a deal nobody can foresee.

``replay`` checks a friend record (``records.parse``) and rebuilds its game: a
``FriendGame``, a ``Game`` whose draws come from the reveals (``chains``) and, from format
version 2, from the moves before each draw; it refuses reveals no honest device could have
made yet (``timing``). Acting on a record (who acts next, what a device adds, stale links
and forks) is ``destijl.friends.turns``; writing one is ``writer``.
"""

from __future__ import annotations

import random
from typing import Any

from ..bots import make_bot
from ..cards import CARDS
from ..errors import BadRecord, DeStijlError, IllegalMove, quote
from ..game import DECK_SIZES, Game
from ..integers import is_int
from ..move import Move
from ..record_fields import play_at
from . import signs as friend_signs
from .chains import draw_cards
from .records import Parsed, parse
from .timing import check_reveal_timing
from .writer import to_record


class FriendGame(Game):
    """A ``Game`` whose draws come from the reveals; a draw not fixed yet leaves it waiting.

    ``pending_draw`` is the draw the game waits for (its Gallery holds only the card left),
    or None. ``deal`` holds the cards drawn so far. Each draw is made when the game reaches
    it, so that (format version 2) its seed covers the moves played before it.
    """

    def __init__(self, parsed: Parsed, values: list[list[bytes]]) -> None:
        self.parsed = parsed
        self._values = values  # per fixed draw: every person's reveal, in seat order
        self._draws: list[list[int]] = []
        self._drawn = 0
        self.pending_draw: int | None = None
        first = self._make_draw(0, [])
        placeholder = first + [0] * (2 + DECK_SIZES[parsed.players] - len(first))
        super().__init__(parsed.seats, {card: CARDS[card] for card in first}, placeholder,
                         rotations=parsed.rotations, first_player=parsed.first_player)
        self.deal = tuple(first)

    def _make_draw(self, draw: int, before: list[tuple[int, Move]]) -> list[int]:
        """Draw ``draw``'s cards, from its reveals and (version 2) the chain of ``before``."""
        chain = None
        if self.parsed.version >= 2:
            chain = friend_signs.setup_hash(self.parsed.setup())
            for seat, move in before:
                chain = friend_signs.next_hash(chain, seat, str(move))
        used = {card for cards in self._draws for card in cards}
        pool = [card for card in CARDS if card not in used]
        count = self.parsed.players + (2 if draw == 0 else 0)
        cards = draw_cards(self.parsed.game, draw, self._values[draw], pool, count, chain)
        self._draws.append(cards)
        return cards

    def _draw(self) -> None:
        if self._drawn >= len(self._values):
            self.pending_draw = self._drawn
            return
        if self._drawn >= len(self._draws):
            self._make_draw(self._drawn, [(p.seat, p.move) for p in self.history])
            self.cards.update({card: CARDS[card] for card in self._draws[self._drawn]})
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
        twin.cards = dict(self.cards)
        twin._draws = [list(cards) for cards in self._draws]  # type: ignore[attr-defined]
        return twin  # type: ignore[return-value]

    def record(self) -> dict[str, Any]:
        """The friend record of this game so far (moves as played, reveals as read)."""
        return to_record(self.parsed, [(p.seat, p.move) for p in self.history])

    def bot_rng(self) -> random.Random:
        """The bots' randomness: from the game id and the ply, the same on every device."""
        return random.Random(f"friend:{self.parsed.game}:{self.ply}")


def _values(parsed: Parsed) -> list[list[bytes]]:
    """Every person's reveal of every fixed draw, in seat order."""
    return [[parsed.value(h, draw) for h in parsed.humans] for draw in range(parsed.fixed())]


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
        check_reveal_timing(parsed, None)
        raise NotDealt(parsed)
    game = FriendGame(parsed, _values(parsed))
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
    check_reveal_timing(parsed, game)
    return snapshot if snapshot is not None else game


class NotDealt(DeStijlError):
    """Raised by ``replay`` for a valid record whose deal is not fixed yet (no game to show)."""

    def __init__(self, parsed: Parsed) -> None:
        super().__init__("the deal is not complete yet: waiting for every person to join "
                         "and reveal draw 0")
        self.parsed = parsed


def bot_choice(game: FriendGame, level: str = "medium") -> Move:
    """The move the current seat's bot makes, the same on every device (a person's seat:
    the move of a bot of ``level``, for a hint)."""
    seat = game.current_seat
    if seat is None:
        raise IllegalMove("no seat is to play: the game is over or waits for a draw")
    controller = game.seats[seat].controller
    if controller.startswith("bot:"):
        level = controller.removeprefix("bot:")
    return make_bot(level).choose(game, game.bot_rng())
