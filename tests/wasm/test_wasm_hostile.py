"""Hostile requests inside Pyodide get the same documented errors as natively.

Python 3.14 in Pyodide has a small stack: JSON nested about 2,500 deep used to be a fatal
error there. The engine checks depth before parsing, so deep, long and odd requests get a
BadRequest or BadRecord, identical to native CPython, and the engine keeps answering.
"""

from __future__ import annotations

import json

import pytest
import test_wasm_engine as engine_tests  # tests/wasm is on sys.path (no package)

from destijl import api, new_game
from destijl.records import record_of

pytestmark = pytest.mark.wasm

wasm = engine_tests.wasm  # the module-scoped Pyodide fixture, one boot for this module

RECORD = json.dumps(record_of(new_game(3, seed=7)))
HOSTILE = {
    "nested 1,000": '{"cmd": "view", "args": ' + "[" * 1000 + "]" * 1000 + "}",
    "nested 2,500": '{"cmd": "view", "args": {"record": ' + "[" * 2500 + "]" * 2500 + "}}",
    "nested 3,000": '{"cmd": "view", "args": ' + '{"a":' * 3000 + "1" + "}" * 3000 + "}",
    "unclosed 100,000": '{"cmd": "view", "args": ' + "[" * 100_000,
    "5,000-digit seed": '{"cmd": "new_game", "args": {"seed": ' + "9" * 5000 + "}}",
    "5,000-digit seed in a record": '{"cmd": "verify", "args": {"record": '
    + RECORD.replace('"seed": 7', '"seed": ' + "9" * 5000) + "}}",
    "card key \u00b2": '{"cmd": "view", "args": {"record": '
    + RECORD.replace(f'"{json.loads(RECORD)["deal"][0]}": ', '"\\u00b2": ', 1) + "}}",
    "ply true": '{"cmd": "view", "args": {"record": ' + RECORD + ', "ply": true}}',
    "NaN": '{"cmd": "bot_move", "args": {"record": ' + RECORD + ', "time_ms": NaN}}',
    "1 MB name": '{"cmd": "new_game", "args": {"seats": [{"name": "' + "x" * 1_000_001
    + '"}, {}, {}]}}',
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_request_gets_the_native_answer(wasm, name: str) -> None:
    text = HOSTILE[name]
    native = json.loads(api.handle(text))
    inside = json.loads(wasm.handle(text))
    assert inside == native
    assert native["ok"] is False and native["error"]["type"] in {"BadRequest", "BadRecord"}


def test_the_engine_still_answers_after_them(wasm) -> None:
    reply = json.loads(wasm.handle('{"cmd": "version", "args": {}}'))
    assert reply["ok"] and reply["result"]["python"].startswith("3.14")
