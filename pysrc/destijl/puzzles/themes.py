"""A puzzle's themes in words: what the solution does that the runner-up does not.

As the review's reasons (``destijl.review.reasons``), computed by the engine's scorer from
the Painting after the solution and after the best other placement (public information
only). Each theme that applies is listed, in this order:

- ``largest-stroke bonus taken``: the solution wins a stroke bonus for the seat (the
  largest, 2nd-largest, ...) that the runner-up does not;
- ``bonus denied``: a rival holds a bonus after the runner-up and not after the solution;
- ``rival's stroke cut``: a rival's largest stroke is smaller after the solution than now;
- ``strokes kept apart``: the runner-up joins two of the seat's strokes into one (a point
  lost), the solution does not;
- ``points now``: the solution scores 2 or more points more at once;
- ``the card left behind``: none of these, the difference lies in what follows (the
  cards left in the Gallery for the next seats, the replies).
"""

from __future__ import annotations

from ..game import Game
from ..move import Move
from ..review.reasons import after
from ..tally.board import Board
from ..tally.scorer import Scorer

THEMES = ("largest-stroke bonus taken", "bonus denied", "rival's stroke cut",
          "strokes kept apart", "points now", "the card left behind")


def _holders(scorer: Scorer, board: Board) -> dict[int, set[int]]:
    return {place: set(seats) for place, (_, size, seats) in enumerate(scorer.ranking(board))
            if size is not None}


def _strokes(scorer: Scorer, board: Board, seat: int) -> int:
    return sum(board.count[color] for color in scorer.seat_colors[seat])


def themes(game: Game, solution: Move, runner_up: Move) -> list[str]:
    """The themes of ``solution`` against ``runner_up`` for the seat to play in ``game``."""
    seat = game.current_seat or 0
    scorer = Scorer([s.colors for s in game.seats])
    now = Board.from_cells(game.painting)
    best, other = after(game, solution), after(game, runner_up)
    found = []
    mine, theirs = _holders(scorer, best), _holders(scorer, other)
    if any(seat in seats and seat not in theirs.get(place, set())
           for place, seats in mine.items()):
        found.append(THEMES[0])
    if any(rival != seat and rival not in mine.get(place, set())
           for place, seats in theirs.items() for rival in seats):
        found.append(THEMES[1])
    before, cut = scorer.largest(now), scorer.largest(best)
    if any(cut[rival] < before[rival] for rival in range(game.players) if rival != seat):
        found.append(THEMES[2])
    if (_strokes(scorer, other, seat) < _strokes(scorer, now, seat)
            <= _strokes(scorer, best, seat)):
        found.append(THEMES[3])
    if scorer.totals(best)[seat] - scorer.totals(other)[seat] >= 2:
        found.append(THEMES[4])
    return found or [THEMES[5]]
