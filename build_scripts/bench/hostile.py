"""Print the table of hostile requests in docs/reliability.md: what the engine answers, how fast.

Each request goes to ``destijl.api.handle`` natively; the table lists its size, the reply's
error type, the start of the message and the best of three times in milliseconds.

    .venv/bin/python build_scripts/bench/hostile.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "pysrc"))

from destijl import new_game
from destijl.api import handle
from destijl.records import record_of


def finished_record() -> dict:
    game = new_game(3, seed=7)
    while not game.is_over:
        game.play(game.legal_moves()[game.ply % 5])
    return record_of(game)


def started_record() -> dict:
    game = new_game(3, seed=7, controllers=["human", "bot:easy", "bot:easy"])
    for _ in range(2):
        game.play(game.legal_moves()[0])
    return record_of(game)


def requests() -> dict[str, str]:
    """Name -> request text, one per hostile input of issue 11 and a few more."""
    record = finished_record()
    text = json.dumps(record)
    going = json.dumps(started_record())
    first = str(record["deal"][0])
    red = dict(record, cards={key: ["RRR"] * 3 for key in record["cards"]})
    view = '{"cmd": "view", "args": '
    return {
        "integer of 5,000 digits (seed)": '{"cmd": "new_game", "args": {"seed": '
        + "9" * 5000 + "}}",
        "record with a 5,000-digit seed": '{"cmd": "verify", "args": {"record": '
        + text.replace('"seed": 7', '"seed": ' + "9" * 5000) + "}}",
        "JSON nested 1,000 deep": view + "[" * 1000 + "]" * 1000 + "}",
        "JSON nested 3,000 deep": view + "[" * 3000 + "]" * 3000 + "}",
        "1 MB of unclosed [": view + "[" * 999_000,
        "1 MB of [] pairs": view + "[" + ",".join(["[]"] * 333_000) + "]}",
        "card key \u00b2": view + '{"record": ' + text.replace(f'"{first}": ', '"\\u00b2": ', 1)
        + "}}",
        'card key "024" beside "24"': view + '{"record": ' + text.replace(
            f'"{first}": ', f'"0{first}": ["RRR", "RRR", "RRR"], "{first}": ', 1) + "}}",
        "same key twice": view + '{"record": ' + text.replace(
            f'"{first}": ', f'"{first}": ["RRR", "RRR", "RRR"], "{first}": ', 1) + "}}",
        "every face RRR/RRR/RRR (verify)": '{"cmd": "verify", "args": {"record": '
        + json.dumps(red) + "}}",
        "ply: true": view + '{"record": ' + text + ', "ply": true}}',
        "undo for a bot's seat": '{"cmd": "undo", "args": {"record": ' + going + ', "seat": 1}}',
        "undo in a finished game": '{"cmd": "undo", "args": {"record": ' + text + ', "seat": 0}}',
        "time_ms: 1e999": '{"cmd": "bot_move", "args": {"record": ' + going
        + ', "time_ms": 1e999}}',
        "NaN": '{"cmd": "score", "args": {"cells": [], "seats": [["R"], ["B"]], "players": NaN}}',
        "name of 1,000,000 characters": '{"cmd": "new_game", "args": {"seats": [{"name": "'
        + "x" * 1_000_000 + '"}, {}, {}]}}',
        "name of 900,000 characters": '{"cmd": "new_game", "args": {"seats": [{"name": "'
        + "x" * 900_000 + '"}, {}, {}]}}',
    }


def main() -> None:
    print("| request | characters | answer | message (start) | ms |")
    print("|---|---:|---|---|---:|")
    for name, text in requests().items():
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            reply = json.loads(handle(text))
            best = min(best, time.perf_counter() - started)
        error = reply.get("error") or {"type": "ok", "message": ""}
        message = error["message"][:60].replace("|", "\\|")
        print(f"| {name} | {len(text):,} | {error['type']} | `{message}` | {best * 1000:.1f} |")


if __name__ == "__main__":
    main()
