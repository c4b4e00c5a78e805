"""Either record format: a plain game's (``destijl-record/1``, ``destijl.record``) or a
friend game's (``destijl-friend/1`` and ``/2``, ``destijl.friends``).

The rules core reads and writes only the plain record; the commands that take a record
from outside (the API, links, the command line) read either through this module, which
sits above both.

>>> from destijl.game import new_game
>>> game = new_game(2, seed=1)
>>> replay(record_of(game)).deal == game.deal
True
"""

from __future__ import annotations

from typing import Any

from .errors import BadRecord
from .friends.game import FriendGame, NotDealt
from .friends.game import replay as friend_replay
from .friends.records import FORMAT as FRIEND_FORMAT
from .friends.records import FORMATS as FRIEND_FORMATS
from .game import Game
from .record import FORMAT, to_record
from .record import replay as plain_replay

__all__ = ["FORMAT", "FRIEND_FORMAT", "FRIEND_FORMATS", "is_friend_record", "record_of", "replay"]


def is_friend_record(record: Any) -> bool:
    """Whether ``record`` says it is a friend game's record."""
    return isinstance(record, dict) and record.get("format") in FRIEND_FORMATS


def replay(record: Any, *, upto: int | None = None) -> Game:
    """The game of a record of either format (after ``upto`` moves if given).

    A friend game whose deal is not fixed yet is a ``BadRecord`` here.
    """
    if not is_friend_record(record):
        return plain_replay(record, upto=upto)
    try:
        return friend_replay(record, upto=upto)
    except NotDealt as waiting:
        raise BadRecord("record", str(waiting)) from None


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` in its own format: a friend game's, or a plain one."""
    if isinstance(game, FriendGame):
        return game.record()
    return to_record(game)
