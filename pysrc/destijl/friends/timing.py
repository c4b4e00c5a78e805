"""When a friend game's reveals may come (docs/friends.md, "The exchange", step 5): the
rounds' playing order, each draw's withholder, and the check that refuses a reveal no
honest device could have made yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BadRecord
from .chains import draws_in
from .records import Parsed

if TYPE_CHECKING:
    from .game import FriendGame


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


def due_draw(parsed: Parsed, game: FriendGame | None) -> int:
    """The latest draw anyone may have revealed at this point of the game."""
    if game is None:
        return 0
    if game.is_over:
        return draws_in(parsed.players) - 1
    if game.pending_draw is not None:
        return game.pending_draw
    return min(game.round, draws_in(parsed.players) - 1)  # the draw after this round


def placements_left(parsed: Parsed, game: FriendGame) -> dict[int, bool]:
    """For each human seat: does it still have a placement in the current round?"""
    order = round_order(parsed, game.round)
    done = game.ply - (game.round - 1) * parsed.players
    return {seat: seat in order[done:] for seat in parsed.humans}


def check_reveal_timing(parsed: Parsed, game: FriendGame | None) -> None:
    """Refuse reveals honest devices could not have made yet (docs/friends.md, step 5)."""
    due = due_draw(parsed, game)
    playing = (game is not None and not game.is_over and game.pending_draw is None
               and game.round < draws_in(parsed.players))  # a draw follows this round
    left = placements_left(parsed, game) if game is not None and playing else {}
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
