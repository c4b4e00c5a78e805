"""Calibrate the review's accuracy: what each level scores on it (docs/review.md).

    nice -n 10 python3 build_scripts/review_calibration.py --games 100 --players 3 --seed 47000

For each level (expert, hard, medium, easy, random) it plays ``--games`` games of
``--players`` seats, the level in seat 1 and the medium level in the others (deal
``new_game(players, seed + g)``, each move seeded as in ``python -m destijl tournament``),
reviews seat 1's placements with the page's budget (``destijl.review.PLAYOUTS``) and
prints the mean accuracy with a 95% interval (normal, over games), the mean total loss per
game and the share of placements labelled inaccuracy, mistake or blunder. The accuracies
must come out in the levels' order. Standard library and the engine only; the same
arguments give the same table.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pysrc"))

from destijl.bots.view import LevelBot, move_seed
from destijl.game import new_game
from destijl.review import review_game, summarize

LEVELS = ("expert", "hard", "medium", "easy", "random")


def one_game(level: str, players: int, seed: int) -> tuple[float, float, list[str | None]]:
    """Accuracy, total loss and labels of ``level`` in seat 0 of deal ``seed``."""
    lineup = [level] + ["medium"] * (players - 1)
    game = new_game(players, seed, controllers=[f"bot:{name}" for name in lineup])
    bots = [LevelBot(name) for name in lineup]
    key = f"review-calibration:{seed}"
    while not game.is_over:
        game.play(bots[game.current_seat].move(game, move_seed(key, game.ply)))
    moves = review_game(game.record(), seat=0)
    seat = summarize(moves, players)[0]
    return seat["accuracy"], seat["loss"], [m.label for m in moves]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=47000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args(argv)
    print(f"Review calibration: {args.players} players, {args.games} games per level, "
          f"seed {args.seed}; the level in seat 1, medium in the others")
    print("level    accuracy  95% interval     loss/game  inacc.  mistake  blunder   s")
    for level in args.levels.split(","):
        start = time.perf_counter()
        accuracies, losses, labels = [], [], []
        for g in range(args.games):
            accuracy, loss, marks = one_game(level, args.players, args.seed + g)
            accuracies.append(accuracy)
            losses.append(loss)
            labels += marks
        mean = statistics.fmean(accuracies)
        half = 1.96 * statistics.stdev(accuracies) / math.sqrt(len(accuracies)) \
            if len(accuracies) > 1 else 0.0
        share = {name: labels.count(name) / len(labels)
                 for name in ("inaccuracy", "mistake", "blunder")}
        print(f"{level:<8} {mean:8.1f}  [{mean - half:5.1f}, {mean + half:5.1f}]   "
              f"{statistics.fmean(losses):9.2f}  {share['inaccuracy']:6.1%}  "
              f"{share['mistake']:7.1%}  {share['blunder']:7.1%}  "
              f"{time.perf_counter() - start:4.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
