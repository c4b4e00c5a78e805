"""The endgame lab: how much a level's play from a late position changes who wins.

    python3 build_scripts/research/endgame_lab.py --players 4 --start 28 --positions 150 \
        --variants hard,expert,expert:exact=40

A whole-game screen of the expert against the hard level needs hundreds of games to see a
few points of win share. This one looks at the end alone, with far less noise: it plays
``--positions`` seeded hard self-play games (deal ``new_game(players, seed + g)``) up to
ply ``--start``, and from each of those positions lets every seat in turn be played by
each variant, the hard level in the other seats, to the end. Every variant meets the same
positions and the same move seeds, so the difference between two variants is paired: it
comes only from the seats' moves after ``--start`` (and what the hard seats do about them).

A variant is a level (``hard``, ``expert``) or ``expert:K=V;K=V`` (``ExpertBot``
keywords, as ``tournament --expert-options``; ``hard:K=V`` likewise). The table gives
per variant the win share of the seat it plays (a shared victory split), its mean
margin, and against the first variant the paired difference in points of win share with
its standard error and how many results changed. Standard library and the engine only;
the same arguments give the same table.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "pysrc"))

from destijl.bots.view import LevelBot, move_seed  # noqa: E402
from destijl.game import Game, new_game  # noqa: E402
from destijl.results import game_result  # noqa: E402
from destijl.tournament import _bot, hard_options  # noqa: E402


def make_bot(variant: str) -> LevelBot:
    """A level, or ``hard:K=V;K=V`` / ``expert:K=V;K=V`` with keywords, as the tournament
    makes it (a bot playing through the bot API)."""
    level, _, options = variant.partition(":")
    return _bot(level, {level: hard_options(options.replace(";", ","), level=level)}, {})


def position(players: int, seed: int, index: int, start: int) -> Game:
    """Hard self-play from deal ``seed + index`` up to ply ``start``."""
    game, hard = new_game(players, seed + index), LevelBot("hard")
    while game.ply < start and not game.is_over:
        game.play(hard.move(game, move_seed(f"lab:{seed}:{index}", game.ply)))
    return game


def finish(game: Game, seat: int, bot: LevelBot, key: str) -> tuple[float, int]:
    """Play ``game`` (a copy) to the end, ``bot`` in ``seat``, hard elsewhere: the seat's
    share of the victory and its margin over the best other seat."""
    game, hard = game.clone(), LevelBot("hard")
    while not game.is_over:
        mover = bot if game.current_seat == seat else hard
        game.play(mover.move(game, move_seed(key, game.ply)))
    line = game_result(0, 0, game, [0.0] * game.players)["seats"][seat]  # rotation 0: by seat
    return line["win"], line["margin"]


def run(players: int, start: int, positions: int, seed: int,
        variants: list[str]) -> dict[str, list[tuple[float, int]]]:
    """Per variant, ``(win, margin)`` per trial (position by position, seat by seat)."""
    results: dict[str, list[tuple[float, int]]] = {variant: [] for variant in variants}
    variants = list(results)  # each once
    for index in range(positions):
        game = position(players, seed, index, start)
        for seat in range(players):
            for variant in variants:
                key = f"lab:{seed}:{index}:end"
                results[variant].append(finish(game, seat, make_bot(variant), key))
    return results


def table(results: dict[str, list[tuple[float, int]]]) -> list[str]:
    """The results as lines: win share, margin, paired difference against the first."""
    first = next(iter(results.values()))
    lines = [f"{'variant':<28} {'wins':>6} {'margin':>7} {'vs first':>9} {'se':>5} {'changed':>7}"]
    for variant, rows in results.items():
        diffs = [win - base for (win, _), (base, _) in zip(rows, first, strict=True)]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        lines.append(f"{variant:<28} {sum(w for w, _ in rows) / len(rows):>6.3f} "
                     f"{sum(m for _, m in rows) / len(rows):>+7.2f} {100 * mean:>+9.1f} "
                     f"{100 * math.sqrt(var / len(diffs)):>5.1f} "
                     f"{sum(1 for d in diffs if d):>7}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6))
    parser.add_argument("--start", type=int, required=True, help="the ply to start from")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=130000)
    parser.add_argument("--variants", default="hard,expert")
    args = parser.parse_args(argv)
    variants = args.variants.split(",")
    results = run(args.players, args.start, args.positions, args.seed, variants)
    print(f"Endgame lab: {args.players} players from ply {args.start}, {args.positions} "
          f"positions x {args.players} seats (hard self-play, seed {args.seed})")
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
