"""Train the expert level's evaluation (``destijl.bots.evaluation``) by self-play, natively.

    python3 build_scripts/research/train_eval.py --games 600 --seed 1 --write

Plays seeded self-play games per player count (deal ``new_game(players, seed * 100000 +
g)``; every seat a medium-level player that makes the easy level's move on 10% of its
turns, for variety, from ``random.Random(f"{seed}:{players}:{g}")``). At every round's end
(where the expert's playouts stop) it records every seat's ``features`` and, once the game
is over, that seat's final margin over the best other seat. A least-squares fit (no
intercept but a constant feature, a small ridge term) of the final margin on the features
gives the weights per player count. Half the games (odd ``g``) are held out: the script
prints the fit's R^2 there, next to the R^2 of the margin alone (what the hard level's
cut-off uses). ``--write`` replaces the weights of the player counts trained in
``pysrc/destijl/bots/eval_weights.py`` (keeping the others), each with the command that
made it; the same seed and games give the same weights, and each player count is trained
on its own games, so training counts one by one or together gives the same file.
Standard library only; deterministic.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "pysrc"))

from destijl.bots.evaluation import FEATURES, features  # noqa: E402
from destijl.bots.simple import SteadyBot  # noqa: E402
from destijl.game import new_game  # noqa: E402
from destijl.tally.board import Board  # noqa: E402
from destijl.tally.scorer import Scorer  # noqa: E402

OUT = REPO / "pysrc" / "destijl" / "bots" / "eval_weights.py"
RIDGE = 1.0  # added to the diagonal of the normal equations
SHARPNESS = 0.9  # share of the self-play moves that are the medium level's


def play(players: int, seed: int, index: int) -> list[tuple[list[float], float]]:
    """One self-play game: ``(features, final margin)`` per seat per round's end."""
    game = new_game(players, seed * 100000 + index)
    rng = random.Random(f"{seed}:{players}:{index}")
    bot = SteadyBot(SHARPNESS)
    scorer = Scorer([seat.colors for seat in game.seats])
    rows: list[tuple[int, list[float]]] = []
    while not game.is_over:
        game.play(bot.choose(game, rng))
        if game.ply % players == 0:  # a round has ended: a playout would stop here
            board = Board.from_cells(game.painting)
            left = (game.total_plies - game.ply) / game.total_plies
            rows.extend((seat, features(board, scorer, seat, left)) for seat in range(players))
    totals = [line.total for line in game.score().seats]
    margins = [totals[s] - max(t for i, t in enumerate(totals) if i != s)
               for s in range(players)]
    return [(values, float(margins[seat])) for seat, values in rows]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(data: list[tuple[list[float], float]], columns: list[int]) -> list[float]:
    """Least squares (with ``RIDGE``) of the target on the chosen feature columns."""
    n = len(columns)
    xtx = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
    xty = [0.0] * n
    for values, target in data:
        row = [values[c] for c in columns]
        for i in range(n):
            xty[i] += row[i] * target
            for j in range(n):
                xtx[i][j] += row[i] * row[j]
    return solve(xtx, xty)


def r_squared(data: list[tuple[list[float], float]], columns: list[int],
              weights: list[float]) -> float:
    """The share of the target's variance (around 0 mean) that the fit explains."""
    mean = sum(t for _, t in data) / len(data)
    total = sum((t - mean) ** 2 for _, t in data)
    error = sum((t - sum(w * v[c] for w, c in zip(weights, columns, strict=True))) ** 2
                for v, t in data)
    return 1 - error / total


def train(players: int, games: int, seed: int) -> dict[str, float]:
    """The weights for ``players``, fitted on the even games, checked on the odd ones."""
    train_rows: list[tuple[list[float], float]] = []
    test_rows: list[tuple[list[float], float]] = []
    for index in range(games):
        (test_rows if index % 2 else train_rows).extend(play(players, seed, index))
    every = list(range(len(FEATURES)))
    weights = fit(train_rows, every)
    margin_only = fit(train_rows, [0])
    print(f"{players} players: {games} games, {len(train_rows)} + {len(test_rows)} rows; "
          f"held-out R^2 {r_squared(test_rows, every, weights):.3f} "
          f"(margin alone {r_squared(test_rows, [0], margin_only):.3f})", file=sys.stderr)
    return {name: round(w, 4) for name, w in zip(FEATURES, weights, strict=True)}


def render(table: dict[int, tuple[dict[str, float], str]]) -> str:
    """The weights module's text: per player count its weights and the command made them."""
    lines = ['"""The expert level\'s evaluation weights (``destijl.bots.evaluation``), made by',
             "``build_scripts/research/train_eval.py`` (the command per player count below);"
             " do not edit.",
             '"""', "", "WEIGHTS: dict[int, dict[str, float]] = {"]
    for players in sorted(table):
        weights, command = table[players]
        lines.append(f"    {players}: {{  # {command}")
        lines.extend(f'        "{name}": {value!r},' for name, value in weights.items())
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def shipped() -> dict[int, tuple[dict[str, float], str]]:
    """The weights in ``OUT`` now, with their commands (read back from the comments)."""
    if not OUT.is_file():
        return {}
    text = OUT.read_text(encoding="utf-8")
    namespace: dict = {}
    exec(compile(text, str(OUT), "exec"), namespace)  # our own generated data module
    commands = dict(re.findall(r"^    (\d+): \{  # (.*)$", text, re.MULTILINE))
    return {p: (w, commands.get(str(p), "")) for p, w in namespace["WEIGHTS"].items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600, help="self-play games per player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma separated")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(REPO)}")
    args = parser.parse_args(argv)
    trained = {}
    for players in (int(p) for p in args.players.split(",")):
        command = (f"python3 build_scripts/research/train_eval.py --players {players} "
                   f"--games {args.games} --seed {args.seed} --write")
        trained[players] = (train(players, args.games, args.seed), command)
    table = {**shipped(), **trained} if args.write else trained
    text = render(table)
    if args.write:
        OUT.write_text(text, encoding="utf-8")
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
