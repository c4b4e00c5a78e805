"""One rule for JSON text, the engine's: the API's request text, an imported
file's text (`record_text`, what the page sends) and the CLI's files are read alike.
"""

from __future__ import annotations

import json

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.records import record_of

RECORD = json.dumps(record_of(new_game(3, seed=8)))


def view_text(text: str) -> dict:
    return json.loads(handle(json.dumps({"cmd": "view", "args": {"record_text": text}})))


def test_a_record_file_read_by_the_engine_opens():
    reply = view_text(RECORD)
    assert reply["ok"] and reply["result"]["record"] == json.loads(RECORD)


@pytest.mark.parametrize(("text", "message"), [
    (RECORD.replace('"seed": 8', '"seed": 8, "seed": 9'),
     "record_text: key 'seed' appears twice in one object"),
    (RECORD.replace('"seed": 8', '"seed": 1e400'), "record_text: the number 1e400 is too large"),
    (RECORD.replace('"seed": 8', '"seed": NaN'), "record_text: NaN is not a JSON number"),
    ("[" * 40 + "]" * 40, "record_text: nested deeper than 32 levels"),
])
def test_what_the_engine_refuses_in_a_request_it_refuses_in_a_file(text, message):
    assert view_text(text)["error"] == {"type": "BadRequest", "message": message}


def test_a_byte_order_mark_is_skipped_everywhere():
    assert view_text("\ufeff" + RECORD)["ok"]
    assert json.loads(handle('\ufeff{"cmd": "version"}'))["ok"]


def test_record_and_record_text_together_are_refused():
    both = json.loads(handle(json.dumps(
        {"cmd": "view", "args": {"record": json.loads(RECORD), "record_text": RECORD}})))
    assert both["error"]["message"] == "record_text: give record or record_text, not both"
    odd = json.loads(handle(json.dumps({"cmd": "view", "args": {"record_text": 5}})))
    assert odd["error"]["message"] == "record_text: expected JSON text, got 5"
