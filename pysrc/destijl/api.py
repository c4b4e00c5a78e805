"""The JSON facade the browser's worker calls: ``handle(request_json) -> reply_json``.

Every command is stateless: it takes the game record and answers with a "view", the data
the front end needs to draw (see docs/api.md). ``handle`` never raises.

>>> import json
>>> reply = json.loads(handle('{"cmd": "new_game", "args": {"players": 2, "seed": 4}}'))
>>> reply["ok"], reply["result"]["current_seat"], len(reply["result"]["gallery"])
(True, 0, 3)
>>> json.loads(handle('{"cmd": "dance"}'))["error"]["type"]
'BadRequest'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from . import __version__, link
from .bots import level_move
from .daily_api import COMMANDS as DAILY_COMMANDS
from .errors import BadRecord, BadRequest, DeStijlError, IllegalMove, quote
from .facts import describe
from .friends.api import COMMANDS as FRIEND_COMMANDS
from .friends.game import FriendGame, NotDealt, bot_choice
from .friends.game import replay as friend_replay
from .game import DEFAULT_COLORS, Game, new_game
from .gameview import view
from .integers import is_int
from .jsontext import loads, unwritable
from .lab import COMMANDS as LAB_COMMANDS
from .link_api import COMMANDS as LINK_COMMANDS
from .move import Move
from .preview import cmd_hint, cmd_history, cmd_preview
from .puzzles.api import COMMANDS as PUZZLE_COMMANDS
from .records import FORMAT, is_friend_record, record_of, replay
from .review.api import COMMANDS as REVIEW_COMMANDS
from .scoring import score_painting


def handle(request: str) -> str:
    """Answer one JSON request ``{"cmd", "args"}`` with a JSON reply ``{"ok", ...}``.

    The text is read with ``jsontext.loads``: bounded in size, depth and number length, so
    hostile text gets a ``BadRequest`` (docs/api.md lists the limits), never a crash.
    """
    try:
        data = loads(request)
        if not isinstance(data, dict):
            raise BadRequest("request: expected a JSON object with cmd and args")
        args = data.get("args")
        result = dispatch(data.get("cmd"), {} if args is None else args)
        return _answer(result)
    except DeStijlError as error:
        return _error(public_type(error), str(error))
    except Exception as error:  # a bug: report it rather than hang the page
        return _error("InternalError", f"{type(error).__name__}: {error}")


def _answer(result: Any) -> str:
    """The ok reply, strictly JSON (no ``NaN``, no ``Infinity``). A value that cannot be
    written (a request's ``HugeNumber`` echoed back in an unknown field) is a ``BadRequest``
    naming where it sits; anything else that cannot be written is a bug."""
    try:
        return json.dumps({"ok": True, "result": result}, separators=(",", ":"),
                          allow_nan=False)
    except (TypeError, ValueError):
        found = unwritable(result)
        if found is None:
            raise
        where, value = found
        raise BadRequest(f"{where or 'result'}: {quote(value)} cannot be answered as JSON "
                         "(an unknown field holding a value the engine does not read?)") from None


def dispatch(cmd: Any, args: Any) -> Any:
    """Run one command with its arguments (already parsed from JSON)."""
    if not isinstance(args, dict):
        raise BadRequest("args: expected a JSON object")
    command = COMMANDS.get(cmd) if isinstance(cmd, str) else None
    if command is None:
        raise BadRequest(f"cmd: unknown command {quote(cmd)}; "
                         f"expected one of {', '.join(COMMANDS)}")
    return command(args)


PUBLIC_ERRORS = (IllegalMove, BadRecord, BadRequest, link.BadLink)
"""The error types a reply names (docs/api.md); a finer one (``BadName``) is named by its base."""


def public_type(error: DeStijlError) -> str:
    """The documented type of an engine error: ``BadName`` is a ``BadRequest``."""
    return next((kind.__name__ for kind in PUBLIC_ERRORS if isinstance(error, kind)),
                "BadRequest")


def _error(kind: str, message: str) -> str:
    return json.dumps({"ok": False, "error": {"type": kind, "message": message}})


# -- commands ---------------------------------------------------------------------------
MAX_TIME_MS = 60_000
"""The longest a bot may be asked to think, in milliseconds."""


def cmd_version(args: dict[str, Any]) -> dict[str, Any]:
    return {"engine": __version__, "record_format": FORMAT,
            "python": ".".join(map(str, sys.version_info[:3]))}


def cmd_describe(args: dict[str, Any]) -> dict[str, Any]:
    """What a page knows before a game exists (destijl.facts.describe)."""
    return describe()


def cmd_new_game(args: dict[str, Any]) -> dict[str, Any]:
    seats = args.get("seats")
    if seats is not None and (
        not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats)
    ):
        raise BadRequest("seats: expected a list of objects {name, colors, controller}")
    players = args.get("players", len(seats) if seats else 3)
    if not is_int(players, 2, 5):
        raise BadRequest(f"players: expected 2 to 5, got {quote(players)}")
    if seats is not None and len(seats) != players:
        raise BadRequest(f"seats: expected {players} seats, got {len(seats)}")
    game = new_game(
        players,
        args.get("seed"),
        rotations=args.get("rotations", True),
        first_player=args.get("first_player", 0),
        colors=_seat_field(seats, "colors", players),
        names=_seat_field(seats, "name", players),
        controllers=_seat_field(seats, "controller", players),
    )
    return view(game)


def _seat_field(seats: list[dict[str, Any]] | None, name: str,
                players: Any) -> list[Any] | None:
    if seats is None or not any(name in seat for seat in seats):
        return None
    every: dict[str, list[Any]] = {
        "colors": DEFAULT_COLORS[players],
        "name": [f"Seat {i + 1}" for i in range(len(seats))],
        "controller": ["human"] + ["bot:medium"] * (len(seats) - 1),
    }
    defaults = every[name]
    return [seat.get(name, default) for seat, default in zip(seats, defaults, strict=True)]


def cmd_view(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args, upto=args.get("ply"))
    return view(game, record_of(game))


def cmd_play(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    if isinstance(game, FriendGame):
        raise BadRequest("record: a friend game is played with friend_play, which adds this "
                         "device's reveals")
    game.play(Move.from_dict(args.get("move")))
    return view(game)


def cmd_bot_move(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    if game.is_over:
        raise IllegalMove("the game is over: no move to choose")
    if isinstance(game, FriendGame) and game.pending_draw is not None:
        raise BadRequest(f"record: draw {game.pending_draw} is not complete yet (the Gallery "
                         "is not dealt): no seat is to move")
    level = args.get("level")
    if level is None:
        controller = game.seats[game.seat_to_play].controller
        level = controller.removeprefix("bot:") if controller.startswith("bot:") else "medium"
    time_ms = args.get("time_ms")
    if time_ms is not None and not (type(time_ms) in (int, float) and 0 < time_ms <= MAX_TIME_MS):
        raise BadRequest(f"time_ms: expected a number of milliseconds above 0 and at most "
                         f"{MAX_TIME_MS}, got {quote(time_ms)}")
    if isinstance(game, FriendGame):  # every device must find the same move
        return {"move": bot_choice(game, args.get("level") or "medium").to_dict()}
    move = level_move(game, level, time_ms=time_ms)
    return {"move": move.to_dict()}


def cmd_undo(args: dict[str, Any]) -> dict[str, Any]:
    game = _game(args)
    seat = args.get("seat")
    if not is_int(seat, 0, game.players - 1):
        raise BadRequest(f"seat: expected a seat from 0 to {game.players - 1}, got {quote(seat)}")
    refusal = game.why_no_undo(seat)
    if refusal is not None:
        raise IllegalMove(refusal)
    last = max(i for i, played in enumerate(game.history) if played.seat == seat)
    return view(replay(record_of(game), upto=last))


def cmd_score(args: dict[str, Any]) -> dict[str, Any]:
    raw = args.get("cells")
    if not isinstance(raw, list):
        raise BadRequest("cells: expected a list of [x, y, letter]")
    cells = {}
    for entry in raw:
        if not isinstance(entry, list) or len(entry) != 3:
            raise BadRequest(f"cells: expected [x, y, letter], got {quote(entry)}")
        x, y, letter = entry
        if not (is_int(x) and is_int(y)):
            raise BadRequest(f"cells: expected integer x and y, got {quote(entry)}")
        cells[(x, y)] = letter
    seats: Any = args.get("seats")  # checked by score_painting
    return score_painting(cells, seats, args.get("players")).details()


def cmd_verify(args: dict[str, Any]) -> dict[str, Any]:
    record: Any = args.get("record")
    if is_friend_record(record):
        return _verify_friend(record)
    game = _game(args)
    return _summary(game, "")


def _verify_friend(record: dict[str, Any]) -> dict[str, Any]:
    """A friend record, every bot move re-checked; also before its deal is complete."""
    try:
        game = friend_replay(record, check_bots=True)
    except NotDealt as waiting:
        return {"summary": f"OK: friend game {record['game']}, {waiting}", "result": None}
    return _summary(game, f"friend game {record['game']}, ")


def _summary(game: Game, kind: str) -> dict[str, Any]:
    sheet = game.score()
    state = "finished" if game.is_over else f"in progress (move {game.ply} of {game.total_plies})"
    totals = ", ".join(f"{seat.name} {line.total}"
                       for seat, line in zip(game.seats, sheet.seats, strict=True))
    winners = " and ".join(game.seats[i].name for i in sheet.winners)
    summary = f"OK: {kind}{game.players}-player game {state}; {totals}; "
    summary += f"winner {winners}" if game.is_over else f"leading {winners}"
    return {"summary": summary, "result": sheet.details()}


COMMANDS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": cmd_version,
    "describe": cmd_describe,
    "new_game": cmd_new_game,
    "view": cmd_view,
    "play": cmd_play,
    "bot_move": cmd_bot_move,
    "undo": cmd_undo,
    "score": cmd_score,
    "verify": cmd_verify,
    "preview": cmd_preview,
    "hint": cmd_hint,
    "history": cmd_history,
    **FRIEND_COMMANDS,
    **LAB_COMMANDS,
    **LINK_COMMANDS,
    **DAILY_COMMANDS,
    **REVIEW_COMMANDS,
    **PUZZLE_COMMANDS,
}


def _game(args: dict[str, Any], upto: Any = None) -> Game:
    """The game of ``record`` (parsed JSON) or of ``record_text`` (a file's text, read by
    the engine's own JSON rules: no key twice, no ``1e400``, a byte order mark skipped)."""
    if "record_text" in args:
        if "record" in args:
            raise BadRequest("record_text: give record or record_text, not both")
        text = args["record_text"]
        if not isinstance(text, str):
            raise BadRequest(f"record_text: expected JSON text, got {quote(text)}")
        return replay(loads(text, where="record_text"), upto=upto)
    if "record" not in args:
        raise BadRequest("record: missing")
    return replay(args["record"], upto=upto)
