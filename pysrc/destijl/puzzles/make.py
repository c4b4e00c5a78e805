"""Puzzles made from bot games: expert and hard self-play, 2 to 5 players, seeded.

Game ``g`` of a run with seed ``S`` has ``2 + g % 4`` players and the deal
``new_game(players, S + g)``; seat ``i`` is played by the expert when ``g + i`` is a
multiple of the player count, the others by the hard level (one expert a game keeps a
game's cost modest), each move seeded as the API's ``bot_move``. Every position from
the third placement on gets the full verdict
(``WORLDS`` worlds); a position that is a puzzle gets a second look with other worlds,
whose best must be one of the solutions, leading every other placement by half the
margin (two independent looks agree). At most ``PER_GAME`` puzzles a game.
"""

from __future__ import annotations

from typing import Any

from ..bots import level_move
from ..game import Game, new_game
from ..record import replay, to_record
from .puzzle import Puzzle, puzzle_id, truncated
from .rating import rate
from .solvers import level_ratings, solve_shares
from .themes import themes
from .verdict import MARGIN_WIN, WORLDS, Verdict, decide, equivalents, position_rng, weigh

PER_GAME = 4
FIRST_PLY = 2


def game_setup(seed: int, index: int) -> tuple[int, list[str]]:
    """The players and the levels by seat of game ``index``."""
    players = 2 + index % 4
    return players, ["expert" if (index + seat) % players == 0 else "hard"
                     for seat in range(players)]


def play_game(seed: int, index: int) -> Game:
    """Game ``index`` of a run with ``seed``, played to its end."""
    players, levels = game_setup(seed, index)
    game = new_game(players, seed + index, names=[f"{lv.title()} {i + 1}"
                                                  for i, lv in enumerate(levels)],
                    controllers=[f"bot:{level}" for level in levels])
    while not game.is_over:
        game.play(level_move(game, levels[game.current_seat or 0]))
    return game


def full_verdict(before: Game) -> Verdict:
    """The verdict a puzzle is kept (and checked) by."""
    return decide(weigh(before.clone(), WORLDS[before.players], position_rng(before.ply, "full")))


def confirmed(before: Game, verdict: Verdict) -> bool:
    """A second look with other worlds: its best is one of the solutions and leads every
    other placement by half the margin of win chance."""
    options = weigh(before.clone(), WORLDS[before.players], position_rng(before.ply, "confirm"))
    best, rest = options[0], options[1:]
    keys = {str(o.move) for o in verdict.solutions}
    others = [o for o in rest if str(o.move) not in keys]
    return (str(best.move) in keys
            and all(best.win - o.win >= MARGIN_WIN / 2 for o in others))


def find_puzzle(game: Game, ply: int) -> Puzzle | None:
    """The puzzle at ``ply`` of the finished ``game`` (before its move ``ply``), or None."""
    whole = to_record(game)
    before = replay(whole, upto=ply)
    verdict = full_verdict(before)
    if not verdict.is_puzzle or verdict.runner_up is None or not confirmed(before, verdict):
        return None
    best = verdict.solutions[0]
    key = puzzle_id(truncated(whole, ply))
    moves = equivalents(before, verdict.solutions)
    shares = solve_shares(before, moves, key)
    ratings = level_ratings()
    rating, rd = rate([(ratings[name], share) for name, share in shares.items()])
    return Puzzle(id=key, game=whole, ply=ply, seat=before.current_seat or 0,
                  solutions=tuple(moves), best=best, runner_up=verdict.runner_up,
                  rating=round(rating), rd=round(rd),
                  themes=tuple(themes(before, best.move, verdict.runner_up.move)),
                  solved=shares, played=str(game.history[ply].move))


def game_puzzles(seed: int, index: int) -> list[Puzzle]:
    """The puzzles of game ``index`` of a run with ``seed`` (at most ``PER_GAME``)."""
    game = play_game(seed, index)
    found: list[Puzzle] = []
    for ply in range(FIRST_PLY, len(game.history)):
        puzzle = find_puzzle(game, ply)
        if puzzle is not None:
            found.append(puzzle)
            if len(found) >= PER_GAME:
                break
    return found


def summary(puzzles: list[Puzzle]) -> dict[str, Any]:
    """Counts by player count."""
    counts: dict[int, int] = {}
    for puzzle in puzzles:
        players = len(puzzle.game["seats"])
        counts[players] = counts.get(players, 0) + 1
    return {"puzzles": len(puzzles), "by_players": counts}
