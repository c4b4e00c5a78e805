"""A game of De Stijl: setup from a seed, the Gallery, the Canvas deck, turns and rounds.

>>> game = new_game(3, seed=7)
>>> game.players, game.current_seat, len(game.gallery), game.deck_count
(3, 0, 4, 24)
>>> move = game.legal_moves()[0]
>>> game.play(move)
>>> game.current_seat, len(game.gallery)
(1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .cards import CARDS, COLORS, ROTATIONS, Face, rotate_face
from .errors import BadRequest, IllegalMove, quote
from .integers import SAFE_INT, is_int
from .move import Move
from .names import check_name
from .painting import MAX_COVER, MIN_COVER, Painting
from .scoring import Outcome, ScoreSheet, score_painting

DECK_SIZES: dict[int, int] = {2: 16, 3: 27, 4: 32, 5: 25}
DEFAULT_COLORS: dict[int, list[list[str]]] = {
    2: [["R", "Y"], ["B", "K"]],
    3: [["R"], ["Y"], ["B"]],
    4: [["R"], ["Y"], ["B"], ["K"]],
    5: [["R"], ["Y"], ["B"], ["K"], ["W"]],
}
LEVEL_NAMES: tuple[str, ...] = ("random", "easy", "steady", "keen", "medium", "hard", "expert")
"""The bot levels a seat's controller may name (``bot:NAME``), weakest first;
``destijl.bots.levels`` describes each and builds its bot."""
# "bot:mine": a person's own bot from the Bot Lab (docs/bots.md), played by the page in its
# sandbox; the engine has no such level (bot_move refuses it).
CONTROLLERS = ("human", *(f"bot:{name}" for name in LEVEL_NAMES), "bot:mine")
_MOVE_FIELDS = ("card", "x", "y", "rotation")


@dataclass(frozen=True, slots=True)
class Seat:
    """A place at the table: a name, its colour letters and who plays it."""

    name: str  # "Piet"
    colors: tuple[str, ...]  # ("R",) or ("R", "Y") with 2 players
    controller: str = "human"  # "human" or "bot:LEVEL"


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """A move in the game's history, with the seat that made it."""

    seat: int
    move: Move


class Game:
    """The state of one game. Build it with ``new_game`` or ``destijl.replay``."""

    def __init__(
        self,
        seats: Sequence[Seat],
        cards: Mapping[int, Face],
        deal: Sequence[int],
        *,
        rotations: bool = True,
        first_player: int = 0,
        seed: int | None = None,
    ) -> None:
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.cards: dict[int, Face] = dict(cards)
        self.deal: tuple[int, ...] = tuple(deal)
        self.rotations = rotations
        self.initial_first_player = first_player
        self.seed = seed
        players = len(self.seats)
        self.painting = Painting()
        self.painting.place(self.cards[self.deal[0]], 0, 0)
        self._deck: list[int] = list(self.deal[2:])
        self._gallery: list[int] = [self.deal[1]]
        self._draw()
        self.history: list[PlayedMove] = []
        self.round = 1  # 1-based
        self.first_player = first_player  # seat holding the First Player card this round
        self._turn = 0  # seats that have played in this round
        self._over = False
        assert players in DECK_SIZES

    # -- reading the state ------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def gallery(self) -> tuple[int, ...]:
        """Card ids in the Gallery, in the order they arrived."""
        return tuple(self._gallery)

    @property
    def deck_count(self) -> int:
        """Cards left in the Canvas deck."""
        return len(self._deck)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def current_seat(self) -> int | None:
        """The seat to play, or None once the game is over."""
        if self._over:
            return None
        return (self.first_player + self._turn) % self.players

    @property
    def seat_to_play(self) -> int:
        """``current_seat`` while the game goes on; ``IllegalMove`` when no seat is to play."""
        seat = self.current_seat
        if seat is None:
            raise IllegalMove("no seat is to play: the game is over")
        return seat

    @property
    def ply(self) -> int:
        """Moves made so far."""
        return len(self.history)

    @property
    def total_plies(self) -> int:
        """Moves in the whole game: as many as the deck had cards (one card stays unplayed)."""
        return DECK_SIZES[self.players]

    @property
    def total_rounds(self) -> int:
        return self.total_plies // self.players

    def allowed_rotations(self) -> tuple[int, ...]:
        return ROTATIONS if self.rotations else (0,)

    def face(self, card: int, rotation: int = 0) -> Face:
        """The face of ``card`` turned clockwise by ``rotation`` degrees."""
        return rotate_face(self.cards[card], rotation)

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by card id, rotation, then row and column."""
        if self._over:
            return []
        positions = self.painting.legal_positions()
        return [Move(card, x, y, rotation)
                for card in sorted(self._gallery)
                for rotation in self.allowed_rotations()
                for x, y in positions]

    def check(self, move: Move, seat: int | None = None) -> None:
        """Raise ``IllegalMove`` naming the broken rule if ``move`` cannot be played now."""
        if not isinstance(move, Move):
            raise IllegalMove(f"expected a Move, got {quote(move)}")
        for name in _MOVE_FIELDS:  # 90.0 or True would play, then write a record no replay reads
            if not is_int(getattr(move, name)):
                raise IllegalMove(f"{move}: {name} must be an integer, "
                                  f"not {quote(getattr(move, name))}")
        if self._over:
            raise IllegalMove(f"{move}: the game is over")
        if seat is not None and (not is_int(seat) or seat != self.current_seat):
            raise IllegalMove(f"{move}: wrong seat, it is seat {self.current_seat}'s turn, "
                              f"not seat {seat}'s")
        if move.card not in self._gallery:
            raise IllegalMove(f"{move}: card {move.card} is not in the Gallery "
                              f"({', '.join(map(str, self._gallery))})")
        if move.rotation not in self.allowed_rotations():
            allowed = "only 0, rotations are off" if not self.rotations else "0, 90, 180 or 270"
            raise IllegalMove(f"{move}: bad rotation {move.rotation} ({allowed})")
        covered = self.painting.covered(move.x, move.y)
        if not MIN_COVER <= covered <= MAX_COVER:
            raise IllegalMove(f"{move}: the card covers {covered} cells of the Painting; "
                              f"it must cover {MIN_COVER} to {MAX_COVER}")

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except IllegalMove:
            return False
        return True

    # -- changing the state -----------------------------------------------------------
    def play(self, move: Move, seat: int | None = None) -> None:
        """Add the card to the Painting for the current seat; raise ``IllegalMove`` if not legal.

        ``seat``, when given, must be the current seat.
        """
        self.check(move, seat)
        mover = self.current_seat
        assert mover is not None  # check() refused a move after the end
        self.painting.place(self.face(move.card, move.rotation), move.x, move.y)
        self._gallery.remove(move.card)
        self.history.append(PlayedMove(mover, move))
        self._turn += 1
        if self._turn == self.players:
            self._end_round()

    def _end_round(self) -> None:
        self._turn = 0
        if not self._deck:
            self._over = True
            return
        self._draw()
        self.round += 1
        self.first_player = (self.first_player + 1) % self.players

    def _draw(self) -> None:
        drawn, self._deck = self._deck[: self.players], self._deck[self.players :]
        self._gallery.extend(drawn)

    # -- scores and copies -----------------------------------------------------------
    def score(self) -> ScoreSheet:
        """The score of the Painting as it stands (the live tally)."""
        return score_painting(self.painting, [seat.colors for seat in self.seats])

    def result(self) -> ScoreSheet | None:
        """The final score sheet, or None while the game is still going."""
        return self.score() if self._over else None

    def outcome(self) -> Outcome | None:
        """How the game ended (``Outcome``: the winners, the tie-break used), or None while
        it is still going."""
        sheet = self.result()
        return None if sheet is None else Outcome.of(sheet)

    def undo_seats(self) -> list[int]:
        """The seat that may take back its last placement now, as a list of 0 or 1 seat.

        The rule (docs/rules.md): a person may take back their latest placement, by its
        seat, until they place another card or the game ends. The bots' placements after it
        go with it (they play again), across a new round's draw too; another person's later
        placement never does, since it would then be the latest.
        """
        if self._over:
            return []
        for played in reversed(self.history):
            if not self.seats[played.seat].controller.startswith("bot:"):
                return [played.seat]
        return []

    def why_no_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now (a sentence naming the rule), or None if it may."""
        if seat in self.undo_seats():
            return None
        if self._over:
            return f"cannot undo for seat {seat}: the game is over"
        if self.seats[seat].controller.startswith("bot:"):
            return f"cannot undo for seat {seat}: it is played by a bot"
        if any(played.seat == seat for played in self.history):
            return (f"cannot undo for seat {seat}: seat {self.undo_seats()[0]} placed a card "
                    "after it, and only the latest placement can be taken back")
        return f"cannot undo for seat {seat}: it has not placed a card yet"

    def clone(self) -> Game:
        """An independent copy of this game."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.painting = self.painting.copy()
        twin._deck = list(self._deck)
        twin._gallery = list(self._gallery)
        twin.history = list(self.history)
        return twin

    def __repr__(self) -> str:
        return (f"<Game players={self.players} ply={self.ply}/{self.total_plies} "
                f"seat={self.current_seat} over={self._over}>")


def new_game(
    players: int,
    seed: int | None = None,
    *,
    rotations: bool = True,
    first_player: int = 0,
    colors: Sequence[Sequence[str]] | None = None,
    names: Sequence[str] | None = None,
    controllers: Sequence[str] | None = None,
) -> Game:
    """Set up a game from a seed: shuffle the 40 cards, deal the Painting, Gallery and deck.

    ``seed`` None picks a random seed (kept in ``game.seed`` and the record).
    """
    if not is_int(players) or players not in DECK_SIZES:
        raise BadRequest(f"players: expected 2 to 5, got {quote(players)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if not is_int(seed, 0, SAFE_INT):
        raise BadRequest(f"seed: expected an integer from 0 to {SAFE_INT}, got {quote(seed)}")
    if not isinstance(rotations, bool):
        raise BadRequest(f"rotations: expected true or false, got {quote(rotations)}")
    if not is_int(first_player, 0, players - 1):
        raise BadRequest(f"first_player: expected a seat from 0 to {players - 1}, "
                         f"got {quote(first_player)}")
    seats = make_seats(players, colors, names, controllers)
    order = sorted(CARDS)
    random.Random(seed).shuffle(order)
    deal = order[: 2 + DECK_SIZES[players]]
    return Game(seats, {card: CARDS[card] for card in deal}, deal,
                rotations=rotations, first_player=first_player, seed=seed)


def colors_per_seat(players: int) -> int:
    """How many colours each seat plays: two with 2 players, else one.

    >>> [colors_per_seat(n) for n in (2, 3, 4, 5)]
    [2, 1, 1, 1]
    """
    return 2 if players == 2 else 1


def make_seats(
    players: int,
    colors: Sequence[Sequence[str]] | None = None,
    names: Sequence[str] | None = None,
    controllers: Sequence[str] | None = None,
) -> list[Seat]:
    """Validated seats; colours, names and controllers default per seat."""
    colors = DEFAULT_COLORS[players] if colors is None else colors
    names = [f"Seat {i + 1}" for i in range(players)] if names is None else names
    if controllers is None:
        controllers = ["human"] + ["bot:medium"] * (players - 1)
    for label, values in (("colors", colors), ("names", names), ("controllers", controllers)):
        if not isinstance(values, (list, tuple)) or len(values) != players:
            raise BadRequest(f"{label}: expected one entry per seat ({players})")
    want = colors_per_seat(players)
    taken: set[str] = set()
    seats = []
    rows = zip(colors, names, controllers, strict=True)
    for index, (seat_colors, name, controller) in enumerate(rows):
        where = f"seats[{index}]"
        if (not isinstance(seat_colors, (list, tuple)) or len(seat_colors) != want
                or not all(isinstance(c, str) and len(c) == 1 and c in COLORS
                           for c in seat_colors)):
            raise BadRequest(f"{where}.colors: expected {want} colour letter(s) from "
                             f"{', '.join(COLORS)}, got {quote(seat_colors)}")
        clash = taken.intersection(seat_colors)
        if clash or len(set(seat_colors)) != len(seat_colors):
            raise BadRequest(f"{where}.colors: colour {''.join(sorted(clash)) or seat_colors[0]} "
                             "is taken twice")
        taken.update(seat_colors)
        name = check_name(name, f"{where}.name")
        if not isinstance(controller, str) or controller not in CONTROLLERS:
            raise BadRequest(f"{where}.controller: expected one of {', '.join(CONTROLLERS)}, "
                             f"got {quote(controller)}")
        seats.append(Seat(name, tuple(seat_colors), controller))
    return seats
