"""Calibrate the review's accuracy: what each level scores on it (docs/review.md).

    nice -n 10 python3 build_scripts/research/review_calibration.py --games 100 --players 3 \\
        --seed 47000 --out calibration.jsonl

For each level (expert, hard, medium, easy, random) it plays ``--games`` games of
``--players`` seats in which *every* seat plays that level (self-play, as lichess
calibrates accuracy on games between players of like strength: the positions stay
contested, so a bad placement costs win chance), deal ``new_game(players, seed + g)``,
each move seeded as in ``python -m destijl tournament``. It reviews every seat's
placements with the page's budget (``destijl.review.PLAYOUTS``) and prints per level the
mean accuracy with a 95% interval (normal, over games: a game's figure is the mean of its
seats'), the mean total loss per seat and game, and the share of placements labelled
inaccuracy, mistake or blunder. The accuracies must come out in the levels' order.

``--against LEVEL`` gives the old design instead: the level in seat 1 only (the one
reviewed), LEVEL in the other seats. ``--out FILE`` appends one JSON line per game (every
reviewed placement's seat, loss and win chances, so a figure can be recomputed without
playing again); with ``--resume`` the games already in FILE are read back, not played.
``--table FILE`` prints the table from FILE alone. Standard library and the engine only;
the same arguments give the same table.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))

from destijl.bots.view import LevelBot, move_seed
from destijl.game import new_game
from destijl.records import record_of
from destijl.review import review_game
from destijl.review.accuracy import drop, label, seat_accuracy

LEVELS = ("expert", "hard", "medium", "easy", "random")
LABELS = ("inaccuracy", "mistake", "blunder")
HEADER = "level    accuracy  95% interval     loss/seat  inacc.  mistake  blunder   games     s"


def one_game(level: str, players: int, seed: int, against: str | None) -> dict[str, Any]:
    """Play deal ``seed`` with ``level`` in every seat (or in seat 1 against ``against``)
    and review the level's seats: the game's JSON line."""
    lineup = [level] * players if against is None else [level] + [against] * (players - 1)
    game = new_game(players, seed, controllers=[f"bot:{name}" for name in lineup])
    bots = [LevelBot(name) for name in lineup]
    key = f"review-calibration:{seed}"
    start = time.process_time()
    while not game.is_over:
        game.play(bots[game.current_seat].move(game, move_seed(key, game.ply)))
    played = time.process_time()
    moves = review_game(record_of(game), seat=None if against is None else 0)
    return {"level": level, "against": against, "players": players, "seed": seed,
            "moves": [[m.seat, m.loss, m.win_before, m.win_after, m.value_best, m.value_played]
                      for m in moves],
            "cpu_play": round(played - start, 2),
            "cpu_review": round(time.process_time() - played, 2)}


def game_figures(line: dict[str, Any]) -> tuple[float, float]:
    """A game's accuracy (the mean of its reviewed seats') and loss per reviewed seat."""
    seats = sorted({seat for seat, *_ in line["moves"]})
    accuracies, losses = [], []
    for seat in seats:
        mine = [move for move in line["moves"] if move[0] == seat]
        accuracies.append(seat_accuracy([drop(before, after)
                                         for _, _, before, after, *_ in mine]))
        losses.append(sum(loss for _, loss, *_ in mine))
    return statistics.fmean(accuracies), statistics.fmean(losses)


def row(level: str, lines: list[dict[str, Any]], seconds: float) -> str:
    """The table's row for ``level`` from its games' lines."""
    figures = [game_figures(line) for line in lines]
    accuracies = [accuracy for accuracy, _ in figures]
    mean = statistics.fmean(accuracies)
    half = (1.96 * statistics.stdev(accuracies) / math.sqrt(len(accuracies))
            if len(accuracies) > 1 else 0.0)
    labels = [label(drop(before, after))
              for line in lines for _, _, before, after, *_ in line["moves"]]
    share = {name: labels.count(name) / len(labels) for name in LABELS}
    return (f"{level:<8} {mean:8.1f}  [{mean - half:5.1f}, {mean + half:5.1f}]   "
            f"{statistics.fmean(loss for _, loss in figures):9.2f}  "
            f"{share['inaccuracy']:6.1%}  {share['mistake']:7.1%}  {share['blunder']:7.1%}  "
            f"{len(lines):6d}  {seconds:4.0f}")


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The game lines of ``path`` (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(text) for text in path.read_text().splitlines() if text.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=47000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--against", default=None,
                        help="the old design: the level in seat 1 only, this level elsewhere")
    parser.add_argument("--out", type=Path, help="append one JSON line per game")
    parser.add_argument("--resume", action="store_true", help="reuse the games in --out")
    parser.add_argument("--table", type=Path, help="print the table from this file only")
    args = parser.parse_args(argv)
    source = args.table or (args.out if args.resume else None)
    done = read_lines(source) if source else []
    design = ("every seat plays the level, every seat reviewed" if args.against is None
              else f"the level in seat 1, {args.against} in the others")
    print(f"Review calibration: {args.players} players, {args.games} games per level, "
          f"seed {args.seed}; {design}")
    print(HEADER, flush=True)
    for level in args.levels.split(","):
        old = {line["seed"]: line for line in done
               if (line["level"], line["against"], line["players"])
               == (level, args.against, args.players)}
        lines, seconds = [], 0.0
        for seed in range(args.seed, args.seed + args.games):
            line = old.get(seed)
            if line is None and args.table is None:
                line = one_game(level, args.players, seed, args.against)
                if args.out:
                    with args.out.open("a") as out:
                        out.write(json.dumps(line) + "\n")
            if line is not None:
                lines.append(line)
                seconds += line["cpu_play"] + line["cpu_review"]
        if lines:
            print(row(level, lines, seconds), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
