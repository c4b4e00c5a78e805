"""The stroke flood-fill, this tree against a git revision, in one run.

    python build_scripts/bench/flood.py [--before REV] [--rounds N]

Each round times, in a fresh process per side (alternating), the three callers of
``scoring.flood``: ``find_strokes`` of late-game Paintings (the full recount), the delta
scorer's ``Table.score_all`` (faces and pieces, ``tally.delta``) and the preview's
``analyse`` of every spot, in CPU seconds. Prints the medians and the ratio after/before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORK = r'''
import json, random, sys, time
from destijl import new_game
from destijl.bots.candidates import Table
from destijl.bots.simple import MediumBot
from destijl.preview import analyse
from destijl.scoring import find_strokes
from destijl.tally.board import Board, face_colors, pack
games = []
for players in (2, 3, 4, 5):
    game = new_game(players, seed=11)
    bot, rng = MediumBot(), random.Random(1)
    while game.ply < game.total_plies * 3 // 4:
        game.play(bot.choose(game, rng))
    games.append(game)
out = {}
t = time.process_time()
for _ in range(60):
    for game in games:
        find_strokes(game.painting)
out["find_strokes"] = time.process_time() - t
t = time.process_time()
for _ in range(3):
    for game in games:
        Table.of(game).score_all()
out["delta score_all"] = time.process_time() - t
t = time.process_time()
for game in games:
    board = Board.from_cells(dict(game.painting.items()))
    for card in game.gallery:
        face = face_colors(game.face(card, 0))
        for x, y in game.painting.legal_positions():
            analyse(board, pack(x, y), face)
out["preview analyse"] = time.process_time() - t
print(json.dumps(out))
'''


def measure(pysrc: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", WORK], capture_output=True, text=True,
                          check=True, env={"PYTHONPATH": str(pysrc)})
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", default="HEAD")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", args.before, "pysrc"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            runs["before"].append(measure(Path(tmp) / "pysrc"))
            runs["after"].append(measure(REPO / "pysrc"))
    print(f"| work | before ({args.before}) s | after s | after/before |")
    print("|---|---|---|---|")
    for name in runs["before"][0]:
        before = statistics.median(run[name] for run in runs["before"])
        after = statistics.median(run[name] for run in runs["after"])
        print(f"| {name} | {before:.3f} | {after:.3f} | {after / before:.2f} |")
    print(f"medians of {args.rounds} rounds, CPU seconds, one process per side and round")


if __name__ == "__main__":
    main()
