"""A person's bot: Python source defining ``choose(view)``, loaded and asked for moves.

The same code runs a bot in the Lab's sandboxed worker (web/lab-worker.js) and natively
(``python -m destijl tournament --bots mybot.py,hard``), so a bot plays the same moves in
both for the same seeds. Errors become ``BotError``: what happened, in words, and the
traceback trimmed to the bot's own lines (``line`` is the last of them).

>>> bot = UserBot.from_source("def choose(view):\\n    return view.legal_moves[0]\\n")
>>> from destijl import new_game
>>> game = new_game(2, seed=3)
>>> bot.choose_for(public_state(game), 7) == game.legal_moves()[0]
True
>>> UserBot.from_source("def choose(view):\\n    return 1 / 0\\n").choose_for(
...     public_state(game), 7)
Traceback (most recent call last):
...
destijl.bots.user.BotError: Your bot raised ZeroDivisionError: division by zero on move 1 (line 2)
"""

from __future__ import annotations

import json
import linecache
import random
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import DeStijlError
from ..game import Game
from ..move import Move
from .view import View, coerce_move, public_state

BOT_FILE = "bot.py"  # the file name a bot's source is compiled under in the page
MAX_SOURCE = 200_000  # characters: a bot longer than this is refused


class BotError(DeStijlError):
    """A bot that did not give a legal move: ``kind``, the bot's ``line`` and ``trace``.

    ``kind`` is ``syntax``, ``load`` (an error while defining the bot), ``missing`` (no
    ``choose``), ``runtime`` (an exception in ``choose``), ``memory`` (a ``MemoryError``, while
    loading or moving) or ``illegal`` (an answer that is not one of the legal moves).
    """

    def __init__(self, kind: str, message: str, line: int | None = None,
                 trace: str = "") -> None:
        super().__init__(message if line is None else f"{message} (line {line})")
        self.kind = kind
        self.line = line
        self.trace = trace

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": str(self), "line": self.line,
                "trace": self.trace}


def _own_frames(error: BaseException, filename: str) -> tuple[int | None, str]:
    """The last line of the bot's own code in ``error``'s traceback, and those frames."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if frame.filename == filename]
    lines = []
    for frame in frames:
        lines.append(f'  line {frame.lineno}, in {frame.name}')
        if frame.line:
            lines.append(f"    {frame.line.strip()}")
    kind = type(error).__name__
    lines.append(f"{kind}: {error}" if str(error) else kind)
    return (frames[-1].lineno if frames else None), "\n".join(lines)


def _failure(error: BaseException, filename: str, doing: str, kind: str) -> BotError:
    line, trace = _own_frames(error, filename)
    name = type(error).__name__
    if isinstance(error, MemoryError):  # its own kind: the Lab's runner restarts Python
        message = f"Your bot ran out of memory {doing}"
        kind = "memory"
    elif isinstance(error, RecursionError):
        message = f"Your bot recursed too deeply {doing} (RecursionError)"
    else:
        detail = f": {error}" if str(error) else ""
        message = f"Your bot raised {name}{detail}"
        if doing:
            message = f"{message} {doing}"
    return BotError(kind, message, line, trace)


class UserBot:
    """A bot from Python source: ``choose(view)`` defined at the top level."""

    def __init__(self, choose: Callable[[View], Any], filename: str) -> None:
        self._choose = choose
        self.filename = filename
        self.seconds = 0.0  # time spent in choose, for the think time per move

    @classmethod
    def from_source(cls, source: str, filename: str = BOT_FILE) -> UserBot:
        """Compile and run ``source``; ``BotError`` if it fails or defines no ``choose``."""
        if not isinstance(source, str) or len(source) > MAX_SOURCE:
            raise BotError("load", f"Your bot's code must be text of at most {MAX_SOURCE:,} "
                           "characters")
        try:
            code = compile(source, filename, "exec")
        except SyntaxError as error:  # IndentationError and TabError too
            name, text = type(error).__name__, (error.text or "").strip()
            trace = f"  line {error.lineno}\n    {text}\n{name}: {error.msg}"
            raise BotError("syntax", f"Your bot has a {name}: {error.msg}", error.lineno,
                           trace) from None
        # the traceback shows the bot's lines, also when the source is in no file
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        namespace: dict[str, Any] = {"__name__": "bot", "__file__": filename}
        try:
            exec(code, namespace)
        except Exception as error:  # any error of the bot's own code
            raise _failure(error, filename, "while loading", "load") from None
        choose = namespace.get("choose")
        if not callable(choose):
            raise BotError("missing", "Your bot defines no function choose(view)")
        return cls(choose, filename)

    @classmethod
    def from_file(cls, path: str | Path) -> UserBot:
        """Load a bot exported from the Lab (a ``.py`` file)."""
        path = Path(path)
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise BotError("load", f"{path}: cannot read the bot ({error})") from None
        return cls.from_source(source, str(path))

    def choose_for(self, state: dict[str, Any], seed: int) -> Move:
        """The bot's move for the public ``state``, its randomness seeded by ``seed``.

        The module ``random`` is seeded too, so a bot that uses it is reproducible.
        """
        view = View(state, seed)
        random.seed(seed)
        start = time.perf_counter()
        try:
            answer = self._choose(view)
        except Exception as error:  # the bot's own error, reported
            raise _failure(error, self.filename, f"on move {view.ply + 1}", "runtime") from None
        finally:
            self.seconds += time.perf_counter() - start
        try:
            move = coerce_move(answer)
        except DeStijlError as error:
            raise BotError("illegal", f"On move {view.ply + 1}, {error}") from None
        if move not in view.legal_moves:
            raise BotError("illegal", f"On move {view.ply + 1}, your bot chose {move}, which is "
                           "not one of view.legal_moves")
        return move

    def sandbox_choose(self, state_json: str, seed: int) -> str:
        """``choose_for`` in JSON, for the Lab's worker: ``{"ok", "move" | "error", "ms"}``."""
        start = time.perf_counter()
        try:
            move = self.choose_for(json.loads(state_json), seed)
        except BaseException as error:  # SystemExit, KeyboardInterrupt: the bot's too
            return _error_json(error, self.filename, "on this move")
        return json.dumps({"ok": True, "move": move.to_dict(),
                           "ms": 1000 * (time.perf_counter() - start)})

    def move(self, game: Game, seed: int) -> Move:
        """The bot's move in ``game``, from its public state only (no object is shared)."""
        return self.choose_for(public_state(game), seed)


def _error_json(error: BaseException, filename: str, doing: str) -> str:
    if not isinstance(error, BotError):
        error = _failure(error, filename, doing, "runtime")
    return json.dumps({"ok": False, "error": error.to_dict()})


def sandbox_load(source: str) -> tuple[UserBot | None, str]:
    """``UserBot.from_source`` for the Lab's worker: the bot (or None) and a JSON reply."""
    try:
        return UserBot.from_source(source), json.dumps({"ok": True})
    except BaseException as error:  # SystemExit at the top level too
        return None, _error_json(error, BOT_FILE, "while loading")
