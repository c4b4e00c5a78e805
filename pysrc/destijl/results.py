"""A match's results: one line per game and lineup slot, and the table per level.

Shared by ``python -m destijl tournament`` and the Bot Lab in the page (``destijl.lab``),
so both report the same numbers: per level the win share per seat with its 95% Wilson
interval (a victory shared by k seats counts 1/k to each), the mean score, the mean
margin (score minus the best other seat's score) and the mean think time per move.

>>> [round(x, 3) for x in wilson(0.5, 20)]
[0.299, 0.701]
"""

from __future__ import annotations

import math
from typing import Any

from .game import Game

Z95 = 1.959963984540054


def game_key(seed: int, deal: int, rotation: int) -> str:
    """The key of one game's bot randomness (see ``move_seed``)."""
    return f"{seed}:{deal}:{rotation}"


def game_result(deal: int, rotation: int, game: Game, think: list[float]) -> dict[str, Any]:
    """A finished game's line per lineup slot: score, margin, victory share, ms per move."""
    sheet = game.result()
    assert sheet is not None
    players = game.players
    totals = [line.total for line in sheet.seats]
    moves = game.total_plies // players
    result = []
    for seat in range(players):
        slot = (seat + rotation) % players
        best_other = max(t for i, t in enumerate(totals) if i != seat)
        result.append({"slot": slot, "score": totals[seat], "margin": totals[seat] - best_other,
                       "win": 1 / len(sheet.winners) if seat in sheet.winners else 0.0,
                       "ms": 1000 * think[seat] / moves})
    return {"deal": deal, "rotation": rotation,
            "seats": sorted(result, key=lambda row: row["slot"])}


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``share`` observed over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    center = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, center - half), min(1.0, center + half))


def summarise(players: int, lineup: list[str], seed: int, results: list[dict[str, Any]],
              seconds: float) -> dict[str, Any]:
    """Per level: seats, win share with its Wilson interval, mean score, margin, think time."""
    rows = []
    for level in dict.fromkeys(lineup):
        slots = [i for i, name in enumerate(lineup) if name == level]
        lines = [game["seats"][slot] for game in results for slot in slots]
        n = len(lines)
        share = sum(line["win"] for line in lines) / n
        low, high = wilson(share, n)
        rows.append({"level": level, "seats": len(slots), "n": n, "win_share": share,
                     "wilson_low": low, "wilson_high": high,
                     "mean_score": sum(line["score"] for line in lines) / n,
                     "mean_margin": sum(line["margin"] for line in lines) / n,
                     "ms_per_move": sum(line["ms"] for line in lines) / n})
    return {"players": players, "lineup": lineup, "seed": seed, "games": len(results),
            "deals": len(results) // players, "seconds": round(seconds, 1), "levels": rows}
