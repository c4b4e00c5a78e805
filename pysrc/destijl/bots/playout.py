"""Fast playouts for the hard bot: the game flow on a ``Board`` with a guessed deck.

``Sim`` follows the rules of ``destijl.game`` (turns clockwise from the first player, one
card per seat per round, a draw of one card per seat, the First Player card passing on,
the end after a round played with an empty deck) without any of its checks or records.
``Policy`` picks playout moves: the best of a few sampled placements by the mover's own
margin (greedy on a sample), now and then a random one (epsilon-greedy).

>>> from destijl import new_game
>>> from destijl.tally.board import Board
>>> game = new_game(3, seed=2)
>>> sim = Sim.of(game, Board.from_cells(game.painting), deck=[1, 2, 3, 4, 5, 6])
>>> sim.seat, len(sim.gallery), sim.deck
(0, 4, [1, 2, 3, 4, 5, 6])
"""

from __future__ import annotations

import random
from operator import itemgetter

from ..cards import CARDS, rotate_face
from ..game import Game
from ..tally.board import Board, face_colors
from ..tally.delta import Context, FaceInfo, outcome
from ..tally.scorer import Scorer
from .candidates import shortlist
from .simple import value

FaceList = list[tuple[int, FaceInfo]]  # (rotation, components) per distinct face of a card
Reply = tuple[int, FaceInfo, int]  # (card, face, packed position): a move in a Sim
_INFO: dict[tuple[int, ...], FaceInfo] = {}


def face_info(face: tuple[str, str, str]) -> FaceInfo:
    """The components of a face (cached: the card set has few faces)."""
    colors = face_colors(face)
    info = _INFO.get(colors)
    if info is None:
        info = _INFO[colors] = FaceInfo.of(colors)
    return info


def card_faces(game: Game, cards: list[int]) -> dict[int, FaceList]:
    """Distinct faces of each card: the game's for the Gallery, the card set's for the rest
    (cards not seen yet, which the bot knows only from the set)."""
    faces: dict[int, FaceList] = {}
    gallery = set(game.gallery)
    for card in cards:
        seen: set[tuple[int, ...]] = set()
        options = faces[card] = []
        for rotation in game.allowed_rotations():
            face = (game.face(card, rotation) if card in gallery
                    else rotate_face(CARDS[card], rotation))
            info = face_info(face)
            if info.face not in seen:
                seen.add(info.face)
                options.append((rotation, info))
    return faces


def turn_in_round(game: Game) -> int:
    """How many seats have played in the current round (the seat to play's place in it)."""
    return ((game.current_seat or 0) - game.first_player) % game.players


class Sim:
    """Board, Gallery, guessed deck and turn order of a game in a playout.

    The draw at the end of a round is made lazily, just before the next move (``ready``):
    so a state can be played up to the end of a round while the deck is still unknown,
    and then copied with different guesses of the deck.
    """

    __slots__ = ("board", "deck", "deck_left", "first", "gallery", "over", "pending",
                 "players", "rounds", "seat", "turn")

    def __init__(self, board: Board, gallery: list[int], deck: list[int], deck_left: int,
                 players: int, first: int, turn: int) -> None:
        self.board = board
        self.gallery = gallery
        self.deck = deck  # the guess, top first; its first cards may already be drawn
        self.deck_left = deck_left  # cards the real deck holds (known to every player)
        self.players = players
        self.first = first  # seat holding the First Player card
        self.turn = turn  # seats that have played this round
        self.seat = (first + turn) % players  # seat to play
        self.pending = 0  # cards to draw into the Gallery before the next move
        self.over = False
        self.rounds = 0  # rounds completed in this simulation

    @classmethod
    def of(cls, game: Game, board: Board, deck: list[int]) -> Sim:
        """The state of ``game`` with ``deck`` as the guess of its hidden deck."""
        return cls(board, list(game.gallery), list(deck), game.deck_count, game.players,
                   game.first_player, turn_in_round(game))

    def copy(self, deck: list[int] | None = None) -> Sim:
        """An independent copy; ``deck`` replaces the guess (before any draw from it)."""
        twin = Sim(self.board.copy(), self.gallery[:], list(self.deck if deck is None else deck),
                   self.deck_left, self.players, self.first, self.turn)
        twin.pending, twin.over, twin.rounds = self.pending, self.over, self.rounds
        return twin

    def ready(self) -> None:
        """Make the pending draw, if any."""
        if self.pending:
            self.gallery.extend(self.deck[: self.pending])
            del self.deck[: self.pending]
            self.pending = 0

    def play(self, card: int, info: FaceInfo, pos: int) -> None:
        """Lay ``card`` (turned to the face of ``info``) at ``pos`` for the seat to play."""
        self.ready()
        self.board.apply(info.face, pos)
        self.gallery.remove(card)
        self.turn += 1
        if self.turn == self.players:
            self.turn = 0
            self.rounds += 1
            if not self.deck_left:
                self.over = True
                return
            self.pending = min(self.players, self.deck_left)
            self.deck_left -= self.pending
            self.first = (self.first + 1) % self.players
        self.seat = (self.first + self.turn) % self.players


def gallery_faces(sim: Sim, faces: dict[int, FaceList]) -> list[tuple[int, FaceInfo]]:
    """``(card, face)`` for each distinct face of the Gallery's cards, cards in id order."""
    options, seen = [], set()
    for card in sorted(set(sim.gallery)):
        for _, info in faces[card]:
            if info.face not in seen:
                seen.add(info.face)
                options.append((card, info))
    return options


def best_reply(sim: Sim, scorer: Scorer, faces: dict[int, FaceList]) -> Reply:
    """The medium level's move for the seat to play: every distinct placement, best ``value``.

    Ties go to the first in a fixed order (positions, then cards and rotations).
    """
    sim.ready()
    board, seat = sim.board, sim.seat
    options = gallery_faces(sim, faces)
    best, best_value = None, float("-inf")
    for pos in sorted(board.legal):
        ctx = Context(board, pos)
        for card, info in options:
            points = value(scorer.totals(board, *outcome(info, ctx)), seat)
            if points > best_value:
                best, best_value = (card, info, pos), points
    assert best is not None
    return best


def likely_replies(sim: Sim, scorer: Scorer, faces: dict[int, FaceList],
                   width: int) -> list[Reply]:
    """The seat to play's likely moves, best first: its ``width`` best placements by
    ``value`` (in ``best_reply``'s order on ties), then the best placement of each other
    Gallery card (the hard level's shortlist)."""
    sim.ready()
    board, seat = sim.board, sim.seat
    options = gallery_faces(sim, faces)
    valued = []
    for pos in sorted(board.legal):
        ctx = Context(board, pos)
        for card, info in options:
            valued.append((value(scorer.totals(board, *outcome(info, ctx)), seat), card, info, pos))
    valued.sort(key=lambda item: -item[0])  # stable: ties keep the scan's order
    return [(card, info, pos) for _, card, info, pos in shortlist(valued, width, itemgetter(1))]


class Policy:
    """Epsilon-greedy on a sample: the best of ``samples`` random placements by margin."""

    __slots__ = ("epsilon", "faces", "samples", "scorer")

    def __init__(self, scorer: Scorer, faces: dict[int, FaceList], samples: int = 8,
                 epsilon: float = 0.1) -> None:
        self.scorer = scorer
        self.faces = faces
        self.samples = samples
        self.epsilon = epsilon

    def step(self, sim: Sim, rng: random.Random) -> None:
        """Choose and play one move for the seat to play."""
        sim.ready()
        board, gallery, faces = sim.board, sim.gallery, self.faces
        legal = board.legal
        rand = rng.random
        if rand() < self.epsilon:
            card = gallery[int(rand() * len(gallery))]
            options = faces[card]
            sim.play(card, options[int(rand() * len(options))][1], legal[int(rand() * len(legal))])
            return
        totals, seat = self.scorer.totals, sim.seat
        best = None
        best_value = -1 << 30
        contexts: dict[int, Context] = {}  # a position sampled twice is read once
        for _ in range(self.samples):
            pos = legal[int(rand() * len(legal))]
            card = gallery[int(rand() * len(gallery))]
            options = faces[card]
            info = options[int(rand() * len(options))][1]
            ctx = contexts.get(pos)
            if ctx is None:
                ctx = contexts[pos] = Context(board, pos)
            points = totals(board, *outcome(info, ctx))
            mine = points[seat]
            points[seat] = -1 << 30
            value = mine - max(points)
            if value > best_value:
                best_value, best = value, (card, info, pos)
        assert best is not None
        sim.play(*best)

    def run(self, sim: Sim, rng: random.Random, rounds: int) -> None:
        """Play on until ``rounds`` (counted from the simulation's start) have ended."""
        while not sim.over and sim.rounds < rounds:
            self.step(sim, rng)
