"""Seat names: one rule, at every door, counted in code points.

Refused: control characters, bidirectional embeddings/overrides/isolates, line and
paragraph separators, lone surrogates, and names that show nothing. Accepted: any
visible text of 1 to 40 code points, right-to-left scripts and joined emoji included.
"""

from __future__ import annotations

import json

import pytest

from destijl import new_game, replay
from destijl.api import handle
from destijl.errors import BadRecord, BadRequest
from destijl.names import MAX_NAME, BadName, check_name, rule_data, trim
from destijl.records import record_of

REFUSED = {
    "Ann\x00": "U+0000 (a control character)",
    "Ann\x1b]0;pwned\x07": "U+001B (a control character)",
    "\x1b[2JPiet": "U+001B (a control character)",
    "Ann\x7f": "U+007F (a control character)",
    "Ann\x9b31m": "U+009B (a control character)",
    "Ann\x01": "U+0001 (a control character)",
    "\u202eevil": "U+202E (a bidirectional control)",
    "Ann\u202a": "U+202A (a bidirectional control)",
    "Ann\u2066x\u2069": "U+2066 (a bidirectional control)",
    "Ann\u2028Bob": "U+2028 (a line or paragraph separator)",
    "Ann\ud800": "U+D800 (half of a surrogate pair)",
}
INVISIBLE = ["\u200b", "\u200b\u200d", "\u3164", "\u2800", "\u00ad", "\ufe0f",
             "\U000e0041\U000e0042", "\u115f\u1160", "\u2060", " \u200c "]
ACCEPTED = {
    "  Piet  ": "Piet",
    "Piet Mondrian": "Piet Mondrian",
    "مريم": "مريم",
    "\u200eAnn": "\u200eAnn",  # a left-to-right mark reorders nothing around it
    "👩\u200d🎨": "👩\u200d🎨",
    "Zoë": "Zoë",
    "\ufeffTheo": "Theo",
    "🎨" * MAX_NAME: "🎨" * MAX_NAME,
    " " + "x" * MAX_NAME + " ": "x" * MAX_NAME,
}


@pytest.mark.parametrize(("name", "why"), REFUSED.items(), ids=[repr(n) for n in REFUSED])
def test_a_name_with_a_control_or_bidi_character_is_refused_naming_it(name, why):
    with pytest.raises(BadName) as caught:
        check_name(name, "seats[0].name")
    assert str(caught.value) == f"seats[0].name: {why} is not allowed in a name"
    assert isinstance(caught.value, BadRequest) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("name", INVISIBLE, ids=[repr(n) for n in INVISIBLE])
def test_a_name_that_shows_nothing_is_refused(name):
    with pytest.raises(BadName, match="a name needs a visible character"):
        check_name(name)


@pytest.mark.parametrize(("name", "kept"), ACCEPTED.items(), ids=[repr(n) for n in ACCEPTED])
def test_visible_names_are_kept_trimmed(name, kept):
    assert check_name(name) == kept


@pytest.mark.parametrize("name", ["", "   ", "🎨" * (MAX_NAME + 1), "x" * 900_000, None, 5])
def test_length_is_counted_in_code_points(name):
    with pytest.raises(BadName, match=f"expected 1 to {MAX_NAME} characters"):
        check_name(name)


def test_every_door_refuses_the_same_name():
    bad = "Ann\x1b]8;;http://evil\x07"
    with pytest.raises(BadName, match=r"U\+001B"):
        new_game(3, seed=1, names=[bad, "Piet", "Theo"])
    reply = json.loads(handle(json.dumps(
        {"cmd": "new_game", "args": {"seats": [{"name": bad}, {}, {}], "seed": 1}})))
    assert reply["error"] == {"type": "BadRequest", "message": "seats[0].name: U+001B "
                              "(a control character) is not allowed in a name"}
    record = record_of(new_game(3, seed=1))
    record["seats"][1]["name"] = "\u202eevil"
    with pytest.raises(BadRecord, match=r"seats\[1\]\.name: U\+202E"):
        replay(record)
    reply = json.loads(handle(json.dumps({"cmd": "view", "args": {"record": record}})))
    assert reply["error"]["type"] == "BadRecord"


def test_the_rule_data_for_the_page_is_the_rule():
    data = rule_data()
    assert data["max"] == MAX_NAME == 40
    refused = {code for entry in data["refused"] for low, high in entry["ranges"]
               for code in range(low, high + 1)}
    for name in REFUSED:
        assert any(ord(c) in refused for c in name)
    for name in ACCEPTED:
        assert not any(ord(c) in refused for c in trim(name))
    json.dumps(data)  # plain data


def test_trim_uses_the_same_white_space_as_the_page():
    # JavaScript's trim() would also strip U+FEFF, Python's strip() U+001C..U+001F: the rule
    # names its own set, so both sides agree.
    assert trim("\u3000\u00a0Ann\u2003\ufeff") == "Ann"
    assert trim("\x1cAnn") == "\x1cAnn"
