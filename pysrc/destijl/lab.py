"""The Bot Lab's engine side: a match of a person's bot against the levels (docs/bots.md).

The person's bot never runs here: the page asks ``lab_advance`` to play the levels' moves
until it is the bot's turn, sends the public state (``destijl.bots.view.public_state``,
never the record: the record holds the deal) to the bot's sandboxed worker, and brings
its move back to the next ``lab_advance``. The games, seats and seeds are exactly those
of ``python -m destijl tournament`` (deal ``seed + deal``, the line-up rotated over the
seats, each move's randomness from ``move_seed``), so the same bot exported as a ``.py``
file gives the same results natively.

>>> reply = cmd_lab_advance({"players": 2, "seed": 1, "deal": 0, "rotation": 1,
...                          "lineup": ["mine", "easy"]})
>>> reply["state"]["seat"], reply["over"]
(1, False)
"""

from __future__ import annotations

import time
from typing import Any

from .bots import level_names
from .bots.view import LevelBot, move_seed, public_state
from .errors import BadRequest, IllegalMove, TooMuchWork, quote
from .game import Game, new_game
from .integers import SAFE_INT, is_int
from .move import Move
from .records import record_of, replay
from .results import game_key, game_result, summarise

MINE = "mine"  # the line-up entry of the person's bot
MAX_DEALS = 500
MAX_SEED = SAFE_INT - MAX_DEALS
"""The largest match seed: seed + deal must be a seed of ``new_game``. The page draws a
secret 48-bit seed per match (docs/bots.md), too many for a bot to search."""


SEARCHING = ("hard", "expert")
"""The levels whose moves search (hundreds of playouts each). One ``lab_advance`` plays at
most ``players - 1`` of their moves, the seats between two turns of the person's bot: a
line-up without ``mine`` may hold only levels that do not search."""


def _spec(args: dict[str, Any]) -> tuple[int, int, int, int, list[str]]:
    players, seed, deal, rotation = (args.get(k) for k in ("players", "seed", "deal", "rotation"))
    if not is_int(players, 2, 5):
        raise BadRequest(f"players: expected 2 to 5, got {quote(players)}")
    if not is_int(seed, 0, MAX_SEED):
        raise BadRequest(f"seed: expected an integer from 0 to {MAX_SEED}, got {quote(seed)}")
    if not is_int(deal, 0, MAX_DEALS):
        raise BadRequest(f"deal: expected an integer from 0 to {MAX_DEALS}, got {quote(deal)}")
    if not is_int(rotation, 0, players - 1):
        raise BadRequest(f"rotation: expected 0 to {players - 1}, got {quote(rotation)}")
    lineup = args.get("lineup")
    known = [MINE, *level_names()]
    if isinstance(lineup, list) and 0 < len(lineup) < players:  # the last fills the rest
        lineup = lineup + [lineup[-1]] * (players - len(lineup))
    if (not isinstance(lineup, list) or len(lineup) != players
            or not all(isinstance(name, str) and name in known for name in lineup)):
        raise BadRequest(f"lineup: expected {players} entries from {', '.join(known)}, "
                         f"got {quote(lineup)}")
    searching = sorted(set(lineup) & set(SEARCHING))
    if MINE not in lineup and searching:
        raise TooMuchWork(f"lineup: without {MINE} one request would play a whole game of "
                          f"{' and '.join(searching)} moves; the ceiling is {players - 1} "
                          f"searching moves per request (the seats between two turns of {MINE})")
    return players, seed, deal, rotation, lineup


def _label(name: str) -> str:
    return "Your bot" if name == MINE else name.title()


def _new(players: int, seed: int, deal: int, rotation: int, lineup: list[str]) -> Game:
    names = [f"{_label(lineup[(seat + rotation) % players])} {seat + 1}"
             for seat in range(players)]
    controllers = ["human" if lineup[(seat + rotation) % players] == MINE
                   else f"bot:{lineup[(seat + rotation) % players]}" for seat in range(players)]
    return new_game(players, seed + deal, names=names, controllers=controllers)


def cmd_lab_advance(args: dict[str, Any]) -> dict[str, Any]:
    """Play ``move`` (the person's bot's, if given), then the levels, until the bot's turn.

    Arguments: ``players``, ``seed`` (the match's), ``deal``, ``rotation``, ``lineup`` (one
    entry per slot: a level or ``"mine"``; the last fills the other slots), and to go on,
    ``record`` and ``move``. Replies with the ``record``, the bot's ``state`` and ``seed``
    for its move (or None), ``over``, the levels' think time per seat (``think_ms``) and,
    once over, the game's ``result`` per slot as the tournament reports it.
    """
    players, seed, deal, rotation, lineup = _spec(args)
    if "record" in args:
        game = replay(args["record"])
        if game.players != players or game.seed != seed + deal:
            raise BadRequest("record: not a game of this match")
    else:
        game = _new(players, seed, deal, rotation, lineup)
    key = game_key(seed, deal, rotation)
    think = [0.0] * players
    move = args.get("move")
    if move is not None:
        if game.is_over or lineup[(game.seat_to_play + rotation) % players] != MINE:
            raise IllegalMove("move: it is not your bot's turn")
        game.play(Move.from_dict(move))
    while not game.is_over:
        seat = game.seat_to_play
        name = lineup[(seat + rotation) % players]
        if name == MINE:
            break
        start = time.perf_counter()
        game.play(LevelBot(name).move(game, move_seed(key, game.ply)))
        think[seat] += time.perf_counter() - start
    over = game.is_over
    mine = not over
    return {
        "record": record_of(game),
        "ply": game.ply,
        "over": over,
        "state": public_state(game) if mine else None,
        "seed": move_seed(key, game.ply) if mine else None,
        "think_ms": [1000 * t for t in think],
        "result": game_result(deal, rotation, game, [0.0] * players) if over else None,
    }


def cmd_bot_state(args: dict[str, Any]) -> dict[str, Any]:
    """For a person's bot seated in a game (controller ``bot:mine``): the public ``state``
    for the seat to play and the ``seed`` of its move (from the game's own seed and deal,
    which it does not tell)."""
    if "record" not in args:
        raise BadRequest("record: missing")
    game = replay(args["record"])
    if game.is_over:
        raise IllegalMove("the game is over: no move to choose")
    return {"state": public_state(game),
            "seed": move_seed(f"game:{game.seed}:{','.join(map(str, game.deal))}", game.ply)}


def cmd_lab_summary(args: dict[str, Any]) -> dict[str, Any]:
    """The match's table from its games' results (``tournament.summarise``).

    Arguments: ``players``, ``seed``, ``lineup`` and ``results``: the ``result`` of each
    game from ``lab_advance``, with ``ms`` per slot filled in by the page.
    """
    players, seed, _, _, lineup = _spec({**args, "deal": 0, "rotation": 0})
    results = args.get("results")
    if not isinstance(results, list) or not results:
        raise BadRequest("results: expected a non-empty list of game results")
    for index, game in enumerate(results):
        seats = game.get("seats") if isinstance(game, dict) else None
        if not isinstance(seats, list) or len(seats) != players or not all(
                isinstance(line, dict) for line in seats):
            raise BadRequest(f"results[{index}]: expected seats with score, margin, win, ms")
        for slot, line in enumerate(seats):
            for name, (low, high) in _RESULT_RANGES.items():
                value = line.get(name)
                if type(value) not in (int, float) or not low <= value <= high:
                    raise BadRequest(f"results[{index}].seats[{slot}].{name}: expected a number "
                                     f"from {low:,} to {high:,}, got {quote(value)}")
    return summarise(players, lineup, seed, results, 0.0)


_RESULT_RANGES = {"score": (-1_000_000, 1_000_000), "margin": (-1_000_000, 1_000_000),
                  "win": (0, 1), "ms": (0, 3_600_000)}
"""What a game's line may hold (``results.game_result``): a victory share is 0 to 1 (a
negative one made the Wilson interval's square root fail), think time at most an hour."""


COMMANDS = {"lab_advance": cmd_lab_advance, "bot_state": cmd_bot_state,
            "lab_summary": cmd_lab_summary}
"""The Lab's commands, for ``destijl.api``."""
