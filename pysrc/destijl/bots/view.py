"""The bot API: what a bot may know, as one object, ``View`` (docs/bots.md).

A bot is a function ``choose(view) -> Move``. ``view`` holds the public game state (the
Painting, the Gallery, every card played and by whom, how many cards the deck holds), the
bot's own seat, the legal moves, the engine's helpers for scoring a placement and a seeded
``random``. It never holds the hidden deck: it is rebuilt from ``public_state(game)``,
plain JSON data with no reference to the game (a user's bot in the page gets only that
JSON, in another worker). The built-in levels play through the same object
(``LevelBot``), so any level can be read as an example.

>>> from destijl import new_game
>>> game = new_game(2, seed=5)
>>> view = View.of(game, seed=1)
>>> view.seat, view.deck_count, view.legal_moves == game.legal_moves()
(0, 14, True)
>>> best = max(view.placements(), key=lambda p: view.value(p.totals))
>>> game.is_legal(best.move)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import CARDS, ROTATIONS, Face, rotate_face
from ..errors import BadRequest, DeStijlError, quote
from ..game import DECK_SIZES, Game, PlayedMove, Seat
from ..integers import is_int
from ..move import Move
from ..painting import Painting
from ..scoring import score_painting

if TYPE_CHECKING:
    from .candidates import Table


class HiddenInformation(DeStijlError):
    """A view was asked for what only the hidden deck knows (a draw after the round)."""


def public_state(game: Game) -> dict[str, Any]:
    """What every player at the table can see, as plain JSON data (docs/bots.md).

    No seed, no deal order, no deck cards: the deck is only a count.
    """
    return {
        "players": game.players,
        "seat": game.current_seat,
        "rotations": game.rotations,
        "seats": [{"name": seat.name, "colors": list(seat.colors),
                   "controller": seat.controller} for seat in game.seats],
        "start_card": game.deal[0],  # lies face up in the Painting from the start
        "painting": [[x, y, letter] for (x, y), letter in sorted(game.painting.items())],
        "gallery": list(game.gallery),
        "history": [{"seat": played.seat, **played.move.to_dict()} for played in game.history],
        "deck_count": game.deck_count,
        "round": game.round,
        "first_player": game.first_player,
    }


def move_seed(key: str, ply: int) -> int:
    """The seed of a bot's randomness for move ``ply`` of the game known by ``key``.

    A 53-bit number (exact in JavaScript too) drawn from ``random.Random(f"{key}:{ply}")``:
    the same for a match in the page and natively, and it does not tell the key (the key
    names the deal's seed).
    """
    return random.Random(f"{key}:{ply}").getrandbits(53)


class PublicGame(Game):
    """A ``Game`` rebuilt from public information only: its deck is a count, not cards.

    Everything that reads the state works (legal moves, faces, scores, ``clone``); playing
    on past the end of the round would need the deck and raises ``HiddenInformation``.
    """

    def __init__(self, state: Mapping[str, Any]) -> None:  # no super(): there is no deal
        players = state["players"]
        self.seats = tuple(Seat(s["name"], tuple(s["colors"]), s.get("controller", "human"))
                           for s in state["seats"])
        start = state["start_card"]
        history = [PlayedMove(h["seat"], Move(h["card"], h["x"], h["y"], h["rotation"]))
                   for h in state["history"]]
        seen = [start, *state["gallery"], *(played.move.card for played in history)]
        self.cards = {card: CARDS[card] for card in seen}
        self.deal = (start,)  # only the first card is known: it lies in the Painting
        self.rotations = state["rotations"]
        # the First Player card moves on one seat a round
        self.initial_first_player = (state["first_player"] - state["round"] + 1) % players
        self.seed = None
        self.painting = Painting({(x, y): letter for x, y, letter in state["painting"]})
        self._deck = []
        self._deck_count: int = state["deck_count"]
        self._gallery = list(state["gallery"])
        self.history = history
        self.round = state["round"]
        self.first_player = state["first_player"]
        seat = state["seat"]
        self._over = seat is None
        self._turn = players if seat is None else (seat - self.first_player) % players
        assert players in DECK_SIZES

    @property
    def deck_count(self) -> int:
        return self._deck_count

    def _end_round(self) -> None:
        if self._deck_count:
            raise HiddenInformation("the round is over: the next cards come from the hidden "
                                    "deck, which a view does not know")
        self._turn = 0
        self._over = True

    def record(self) -> dict[str, Any]:
        raise HiddenInformation("a view has no record: the record holds the hidden deal")


class Placement(NamedTuple):
    """A move and every seat's total score after it (the Painting scored as it would be)."""

    move: Move
    totals: list[int]


class View:
    """What a bot may know when it is its turn: see docs/bots.md for every field."""

    __slots__ = ("_table", "deck_count", "first_player", "gallery", "game", "history",
                 "legal_moves", "painting", "players", "random", "rotations", "round",
                 "seat", "seats")

    def __init__(self, state: Mapping[str, Any], seed: int = 0) -> None:
        _check_state(state)
        game = PublicGame(state)
        self.game = game
        self.players: int = game.players
        self.seat: int = state["seat"]
        self.seats: tuple[Seat, ...] = game.seats
        self.rotations: tuple[int, ...] = game.allowed_rotations()
        self.painting: Painting = game.painting
        self.gallery: tuple[int, ...] = game.gallery
        self.history: tuple[PlayedMove, ...] = tuple(game.history)
        self.deck_count: int = game.deck_count
        self.round: int = game.round
        self.first_player: int = game.first_player
        self.legal_moves: list[Move] = game.legal_moves()
        self.random = random.Random(seed)
        self._table: Table | None = None

    @classmethod
    def of(cls, game: Game, seed: int = 0) -> View:
        """The view of ``game`` for the seat to play (through ``public_state``)."""
        return cls(public_state(game), seed)

    @property
    def ply(self) -> int:
        """Moves made so far."""
        return len(self.history)

    @property
    def total_plies(self) -> int:
        """Moves in the whole game."""
        return DECK_SIZES[self.players]

    def face(self, card: int, rotation: int = 0) -> Face:
        """The face of ``card`` turned clockwise by ``rotation``: three rows of three letters."""
        if card not in CARDS or rotation not in ROTATIONS:
            raise BadRequest(f"face: no card {quote(card)} at rotation {quote(rotation)}")
        return rotate_face(CARDS[card], rotation)

    def scores(self) -> list[int]:
        """Every seat's total now (the live tally: strokes plus bonuses)."""
        return [line.total for line in self.game.score().seats]

    def totals_after(self, move: Move) -> list[int]:
        """Every seat's total if ``move`` is played (it must be legal)."""
        self.game.check(move)
        painting = self.painting.copy()
        painting.place(self.face(move.card, move.rotation), move.x, move.y)
        sheet = score_painting(painting, [seat.colors for seat in self.seats])
        return [line.total for line in sheet.seats]

    def placements(self) -> list[Placement]:
        """Every distinct placement with every seat's total after it, fast (delta scorer).

        Moves that give the same Painting (a symmetric card turned, two cards with the
        same face) are listed once, lowest card and rotation first.
        """
        from .candidates import Table

        if self._table is None:
            self._table = Table.of(self.game)
        return [Placement(s.move(), s.totals) for s in self._table.score_all()]

    def value(self, totals: Sequence[int], seat: int | None = None) -> float:
        """The medium level's worth of ``totals`` for ``seat`` (default: mine): the margin
        over the best other seat plus a quarter of the lead over the average other seat."""
        from .simple import value

        return value(list(totals), self.seat if seat is None else seat)

    def unseen_cards(self) -> list[int]:
        """Cards not seen yet (not in the Painting, Gallery or played): the deck is drawn
        from these, in an unknown order (some are not in the game at all)."""
        from .hidden import unseen_cards

        return unseen_cards(self.game)

    def __repr__(self) -> str:
        return (f"<View seat={self.seat} ply={self.ply}/{self.total_plies} "
                f"gallery={list(self.gallery)} deck_count={self.deck_count}>")


def _check_state(state: Any) -> None:
    """``BadRequest`` naming the field if ``state`` is not a public state to play from."""
    if not isinstance(state, Mapping):
        raise BadRequest("state: expected an object from public_state")
    players = state.get("players")
    if not is_int(players) or players not in DECK_SIZES:
        raise BadRequest(f"state.players: expected 2 to 5, got {quote(players)}")
    if not is_int(state.get("seat"), 0, players - 1):
        raise BadRequest(f"state.seat: expected the seat to play, got {quote(state.get('seat'))}")
    for name in ("seats", "painting", "gallery", "history"):
        if not isinstance(state.get(name), list):
            raise BadRequest(f"state.{name}: expected a list")
    for name in ("start_card", "deck_count", "round", "first_player"):
        if not is_int(state.get(name)):
            raise BadRequest(f"state.{name}: expected an integer")


def coerce_move(value: Any) -> Move:
    """A bot's answer as a ``Move``: a Move, its text ``17@3,-1r90`` or its dict form."""
    if isinstance(value, Move):
        return value
    if isinstance(value, str):
        return Move.parse(value)
    if isinstance(value, dict):
        return Move.from_dict(value, "choose's answer")
    raise BadRequest(f"choose returned {quote(value)}, not a Move from view.legal_moves")


class LevelBot:
    """A built-in level playing through the bot API: ``choose(view)`` like a user's bot."""

    def __init__(self, level: str, *, time_ms: float | None = None, bot: Any = None) -> None:
        """``bot``: a level's bot object made with its own options (else ``make_bot``)."""
        from . import make_bot

        self.level = level
        self._bot = make_bot(level, time_ms=time_ms) if bot is None else bot

    def choose(self, view: View) -> Move:
        return self._bot.choose(view.game, view.random)

    def move(self, game: Game, seed: int) -> Move:
        """The level's move in ``game``, chosen from the view alone."""
        return self.choose(View.of(game, seed))
