"""De Stijl, the card-laying art game: rules engine, game record, bots and scoring.

``import destijl`` loads the rules core alone (cards, painting, scoring, moves, the game and
its plain record); the bots, friend games, the daily, links, review and the Lab are modules
imported when needed (``destijl.bots``, ``destijl.friends``, ...), each importing the core.

The public API, standard library only, for CPython 3.11+ and Pyodide:

>>> import destijl
>>> game = destijl.new_game(2, seed=3)
>>> while not game.is_over:
...     game.play(game.legal_moves()[0])
>>> destijl.replay(destijl.to_record(game)).result() == game.result()
True
"""

from .cards import CARDS, COLORS, ROTATIONS
from .errors import BadRecord, BadRequest, DeStijlError, IllegalMove
from .game import Game, Seat, new_game
from .move import Move
from .painting import Painting
from .record import FORMAT, replay, to_record
from .scoring import (
    Outcome,
    ScoreSheet,
    Stroke,
    Termination,
    TieBreak,
    find_strokes,
    score_painting,
)

__version__ = "0.1.0"

__all__ = [
    "CARDS", "COLORS", "FORMAT", "ROTATIONS", "BadRecord", "BadRequest", "DeStijlError",
    "Game", "IllegalMove", "Move", "Outcome", "Painting", "ScoreSheet", "Seat", "Stroke",
    "Termination", "TieBreak", "find_strokes",
    "new_game", "replay", "score_painting", "to_record",
]
