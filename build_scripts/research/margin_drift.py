"""How much a lead in the middle of a game tells about the end, in hard-level self-play.

    python3 build_scripts/research/margin_drift.py --players 4 --games 40 --seed 8000

The hard and expert levels judge a playout where it stops (one round after the current
one, docs/levels.md) by the searching seat's margin there. This script measures what that
margin is worth: it plays ``--games`` seeded games with the hard level in every seat (deal
``new_game(players, seed + g)``, each move seeded as in ``python -m destijl tournament``)
and prints, after every round:

- ``slope``: the least-squares slope of the final difference between two seats' totals
  on their difference then (over every ordered pair of seats): 1 means a lead is kept,
  0 that it tells nothing about the end;
- ``sd``: the standard deviation of how that difference changes from then to the end;
- ``leader wins``: how often a seat that leads then (ties counted) wins, sharing a
  shared victory (parity is 1 / players);
- ``closed slope``: the same slope on the difference in *closed* strokes then (strokes no
  legal card can cover or border any more, ``destijl.bots.evaluation.closed_strokes``):
  points already banked, so a slope below 1 says the others made up for them;
- ``stroke leader wins``: how often the seat holding the strictly largest stroke then
  wins (games where two seats hold strokes of the largest size are left out); the largest
  stroke earns the biggest bonus and breaks a tie for first.

Standard library and the engine only; the same arguments give the same table.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "pysrc"))

from destijl.bots.evaluation import closed_strokes  # noqa: E402
from destijl.bots.view import LevelBot, move_seed  # noqa: E402
from destijl.game import new_game  # noqa: E402
from destijl.results import game_key  # noqa: E402
from destijl.tally.board import Board  # noqa: E402
from destijl.tally.scorer import Scorer  # noqa: E402

Rounds = list[list[int]]  # per round's end, one number per seat
Game = tuple[Rounds, tuple[int, ...], Rounds, Rounds]  # totals, winners, closed, largest


def play(players: int, seed: int, index: int) -> Game:
    """One hard self-play game: every seat's total after each round, the winners, every
    seat's closed strokes after each round and its largest stroke after each round."""
    game = new_game(players, seed + index)
    bot, key = LevelBot("hard"), game_key(seed, index, 0)
    scorer = Scorer([seat.colors for seat in game.seats])
    rounds, closed, largest = [], [], []
    while not game.is_over:
        game.play(bot.move(game, move_seed(key, game.ply)))
        if game.ply % players == 0:
            board = Board.from_cells(game.painting)
            rounds.append([line.total for line in game.score().seats])
            closed.append(closed_strokes(board, scorer))
            largest.append(scorer.largest(board))
    sheet = game.result()
    assert sheet is not None
    return rounds, tuple(sheet.winners), closed, largest


def slope(pairs: list[tuple[int, int]]) -> float:
    """The least-squares slope through the origin of the second numbers on the first."""
    spread = sum(now * now for now, _ in pairs)
    return sum(now * end for now, end in pairs) / spread if spread else 0.0


def pair_differences(now: list[int], end: list[int]) -> list[tuple[int, int]]:
    """``(now[i] - now[j], end[i] - end[j])`` for every ordered pair of seats."""
    seats = range(len(now))
    return [(now[i] - now[j], end[i] - end[j]) for i in seats for j in seats if i != j]


def drift(games: list[Game], after: int) -> tuple[float, float, float, float, float]:
    """``(slope, sd, leader wins, closed slope, stroke leader wins)`` for the round
    ``after`` (0-based), as described above (``nan`` if no seat held a strict lead)."""
    pairs, banked, leader_wins, leaders = [], [], 0.0, 0
    stroke_wins, stroke_leads = 0.0, 0
    for rounds, winners, closed, largest in games:
        now, end = rounds[after], rounds[-1]
        pairs += pair_differences(now, end)
        banked += pair_differences(closed[after], end)
        for seat, total in enumerate(now):
            if total == max(now):
                leaders += 1
                leader_wins += (seat in winners) / len(winners)
        sizes = largest[after]
        if sizes.count(max(sizes)) == 1:
            stroke_leads += 1
            stroke_wins += (sizes.index(max(sizes)) in winners) / len(winners)
    changes = [end - now for now, end in pairs]
    mean = sum(changes) / len(changes)
    sd = math.sqrt(sum((c - mean) ** 2 for c in changes) / len(changes))
    stroke = stroke_wins / stroke_leads if stroke_leads else math.nan
    return slope(pairs), sd, leader_wins / leaders, slope(banked), stroke


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=8000)
    args = parser.parse_args(argv)
    games = [play(args.players, args.seed, index) for index in range(args.games)]
    print(f"Hard self-play, {args.players} players, {args.games} games "
          f"(deals new_game({args.players}, {args.seed} + g))")
    print(f"{'after round':>11} {'slope':>6} {'sd':>5} {'leader wins':>11} {'closed slope':>12}"
          f" {'stroke leader wins':>18}")
    for after in range(len(games[0][0]) - 1):
        total, sd, wins, banked, stroke = drift(games, after)
        print(f"{after + 1:>11} {total:>+6.2f} {sd:>5.2f} {wins:>11.2f} {banked:>+12.2f}"
              f" {stroke:>18.2f}")
    print(f"parity: {1 / args.players:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
