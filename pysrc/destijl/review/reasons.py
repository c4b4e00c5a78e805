"""A short reason in words for a costly placement, when one is clear.

The played placement and the best one found are laid on the Painting as it was (public
information only) and compared by the engine's scorer: the bonuses each seat holds, the
largest stroke of each seat and the points. The first clear difference is the reason:

1. a bonus the best placement wins for the seat and the played one does not:
   "missed the 2nd-largest bonus";
2. an opponent's largest stroke that grows after the played placement and not as much
   after the best: "gave Piet a 6-cell stroke";
3. the seat's own largest stroke made smaller: "broke up your own largest stroke";
4. fewer points at once: "scored 3 points fewer than the better placement".

Otherwise the difference lies in what follows (the cards left, the replies) and no
reason is given.
"""

from __future__ import annotations

from ..game import Game
from ..move import Move
from ..tally.board import Board
from ..tally.scorer import Scorer

ORDINALS = ("largest", "2nd-largest", "3rd-largest", "4th-largest", "5th-largest")


def after(game: Game, move: Move) -> Board:
    """The Painting of ``game`` with ``move`` laid on it, as a scorer's board."""
    painting = game.painting.copy()
    painting.place(game.face(move.card, move.rotation), move.x, move.y)
    return Board.from_cells(painting)


def _bonuses(scorer: Scorer, board: Board, seat: int) -> set[int]:
    return {place for place, (_, size, seats) in enumerate(scorer.ranking(board))
            if size is not None and seat in seats}


def article(number: int) -> str:
    """"a" or "an" before a number said aloud: "an 8-cell", "an 11-cell", "a 6-cell".

    >>> [article(n) for n in (6, 8, 11, 18, 21, 83)]
    ['a', 'an', 'an', 'an', 'a', 'an']
    """
    said = str(number)
    eleven = len(said) % 3 == 2 and said.startswith(("11", "18"))  # eleven, eighteen (thousand)
    return "an" if said.startswith("8") or eleven else "a"


def reason(game: Game, played: Move, best: Move) -> str | None:
    """Why ``played`` is worse than ``best`` for the seat to play, or None if not clear."""
    if played == best:
        return None
    seat = game.current_seat or 0
    scorer = Scorer([s.colors for s in game.seats])
    now = Board.from_cells(game.painting)
    mine, theirs = after(game, played), after(game, best)
    missed = sorted(_bonuses(scorer, theirs, seat) - _bonuses(scorer, mine, seat))
    if missed:
        return f"missed the {ORDINALS[missed[0]]} bonus"
    before, grown, kept = scorer.largest(now), scorer.largest(mine), scorer.largest(theirs)
    gifts = [(grown[other], -other) for other in range(game.players)
             if other != seat and grown[other] > max(before[other], kept[other])]
    if gifts:
        size, other = max(gifts)
        return f"gave {game.seats[-other].name} {article(size)} {size}-cell stroke"
    if grown[seat] < before[seat] and kept[seat] >= before[seat]:
        return "broke up your own largest stroke"
    fewer = scorer.totals(theirs)[seat] - scorer.totals(mine)[seat]
    if fewer >= 2:
        return f"scored {fewer} points fewer than the better placement"
    return None
