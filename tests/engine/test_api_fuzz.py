"""Hostile requests to ``destijl.api.handle``: every reply is ok or a documented error.

Property-based (hypothesis): random commands with random arguments, real records with one
value anywhere replaced by something hostile (huge integers, deep nesting, bools, odd
digits, long strings), and raw text. Each reply must be JSON, ``ok`` or an error whose type
is listed in docs/api.md (never ``InternalError``), with a short message. Plus the named
hostile inputs of issue 11, each checked exactly.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from destijl import new_game
from destijl.api import COMMANDS, handle
from destijl.records import record_of
from helpers import paths

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def documented_error_types() -> set[str]:
    """The error types in the table under docs/api.md's "## Errors" heading."""
    section = DOCS.read_text(encoding="utf-8").split("## Errors", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", section, re.MULTILINE))


# InternalError is a bug; EngineUnavailable comes from the worker, never from Python
DOCUMENTED = documented_error_types() - {"InternalError", "EngineUnavailable"}
MAX_MESSAGE = 400  # characters: messages quote bad values, never echo them whole


def check_reply(text: str) -> dict:
    """The reply is JSON, and ok or a documented error with a short message."""
    assert isinstance(text, str)
    reply = json.loads(text)
    assert reply["ok"] in (True, False)
    if reply["ok"]:
        assert "result" in reply
    else:
        assert set(reply) == {"ok", "error"} and set(reply["error"]) == {"type", "message"}
        assert reply["error"]["type"] in DOCUMENTED, reply["error"]
        assert len(reply["error"]["message"]) <= MAX_MESSAGE, reply["error"]["message"][:500]
    return reply


def request(cmd: str, args_text: str) -> str:
    return f'{{"cmd": {json.dumps(cmd)}, "args": {args_text}}}'


def played(players: int, plies: int, seed: int) -> dict:
    game = new_game(players, seed, controllers=["human", "bot:easy"] + ["human"] * (players - 2))
    for _ in range(plies):
        game.play(game.legal_moves()[(game.ply * 7) % len(game.legal_moves())])
    return record_of(game)


RECORDS = [played(2, 0, 1), played(3, 4, 2), played(5, 25, 3), played(4, 32, 4)]
HOLE = "\u0000hole\u0000"  # replaced in the JSON text by a hostile fragment

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12,
)
hostile_fragments = st.one_of(
    st.sampled_from(['true', 'false', 'null', '0', '-0', '-1', '1.0', '1e400', '-1e400', '""',
                     '"\u00b2"', '"024"', '"\u0663"', '"+5"', '" 5"', '"\\ud800"', '[]', '{}',
                     '9007199254740992', '-9007199254740993', '{"a": 1, "a": 2}', 'NaN',
                     'Infinity', '[1,', '"RRR"', '["RRR", "RRR", "RRR"]']),
    st.integers(4_301, 6_000).map(lambda n: "9" * n),  # past Python's int-str conversion limit
    st.integers(20, 60).map(lambda n: "-" + "1" * n),
    st.integers(26, 3_000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(26, 3_000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
    st.integers(41, 20_000).map(lambda n: json.dumps("x" * n)),
    json_values.map(json.dumps),
)


def with_hole(record: dict, path: tuple) -> str:
    """The record's JSON text with the value at ``path`` replaced by the ``HOLE`` marker."""
    record = json.loads(json.dumps(record))
    if not path:
        return json.dumps(HOLE)
    target = record
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = HOLE
    return json.dumps(record)


EXAMPLES = int(os.environ.get("DESTIJL_FUZZ_EXAMPLES", "300"))  # per property; CI keeps 300
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(cmd=st.sampled_from([*COMMANDS, "nope", ""]), args=hostile_fragments)
def test_any_command_with_any_arguments(cmd, args):
    check_reply(handle(request(cmd, args)))


@FUZZ
@given(data=st.data())
def test_a_real_record_with_one_hostile_value_anywhere(data):
    record = data.draw(st.sampled_from(RECORDS))
    path = data.draw(st.sampled_from(list(paths(record))))
    fragment = data.draw(hostile_fragments)
    text = with_hole(record, path).replace(json.dumps(HOLE), fragment)
    cmd = data.draw(st.sampled_from(["view", "verify", "play", "undo", "bot_move"]))
    extra = {"play": ', "move": {"card": 1, "x": 0, "y": 0, "rotation": 0}',
             "undo": ', "seat": 0', "bot_move": ', "level": "random"'}.get(cmd, "")
    check_reply(handle(request(cmd, f'{{"record": {text}{extra}}}')))


@FUZZ
@given(data=st.data())
def test_hostile_arguments_next_to_a_real_record(data):
    record = json.dumps(data.draw(st.sampled_from(RECORDS)))
    cmd, name = data.draw(st.sampled_from([
        ("view", "ply"), ("undo", "seat"), ("bot_move", "level"), ("bot_move", "time_ms"),
        ("play", "move"), ("new_game", "seed"), ("new_game", "players"), ("new_game", "seats"),
        ("new_game", "rotations"), ("new_game", "first_player"), ("score", "cells"),
        ("score", "seats"), ("score", "players")]))
    value = data.draw(hostile_fragments)
    reply = check_reply(handle(request(cmd, f'{{"record": {record}, "{name}": {value}}}')))
    if value in ("true", "false") and name in ("ply", "seat", "seed", "players", "first_player",
                                               "time_ms"):
        assert reply["ok"] is False  # a bool is never an integer


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_raw_text(text):
    check_reply(handle(text))


@settings(max_examples=max(30, EXAMPLES // 10), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**53 - 1), plies=st.integers(0, 40),
       seat=st.integers(-1, 5))
def test_real_games_undo_and_bot_moves_answer_cleanly(players, seed, plies, seat):
    record = played(players, min(plies, {2: 16, 3: 27, 4: 32, 5: 25}[players]), seed % 1000)
    for cmd, extra in (("undo", f', "seat": {seat}'), ("bot_move", ', "level": "random"'),
                       ("view", f', "ply": {plies}')):
        check_reply(handle(request(cmd, f'{{"record": {json.dumps(record)}{extra}}}')))


# -- the hostile inputs named in issue 11, each with its exact answer -------------------------
# The expected messages are written out (the engine reads at most 1,000,000 characters and
# 32 levels of nesting, docs/api.md), never built from the constants under test.
LONG = '{"cmd": "version", "args": {}, "x": "' + "a" * 1_000_000 + '"}'  # 1,000,039 characters
NAMED = [
    ('{"cmd": "new_game", "args": {"seed": ' + "9" * 5000 + "}}", "BadRequest",
     "seed: expected an integer from 0 to 9007199254740991, got <an integer of 5000 digits>"),
    ('{"cmd": "view", "args": {"ply": ' + "1" * 4301 + "}}", "BadRequest", "record: missing"),
    ('{"cmd": "view", "args": ' + "[" * 1000 + "]" * 1000 + "}", "BadRequest",
     "request: nested deeper than 32 levels"),
    ('{"cmd": "view", "args": ' + "[" * 3000 + "]" * 3000 + "}", "BadRequest",
     "request: nested deeper than 32 levels"),
    ('{"cmd": "view", "args": ' + "[" * 100_000, "BadRequest",
     "request: nested deeper than 32 levels"),
    ('{"cmd": "view", "args": {"record": {"format": "' + "[" * 5000 + '"}}}', "BadRecord",
     "format: expected 'destijl-record/1', got "
     "'[[[[[[[[[[[[[[[[[[[[[[[[[[[...[[[[[[[[[[[[[[[[[[[[[[[[[[[['"),
    (LONG, "BadRequest",
     "request: 1,000,039 characters, more than the 1,000,000 the engine reads"),
    ('{"cmd": "bot_move", "args": {"time_ms": 1e999}}', "BadRequest",
     "request: the number 1e999 is too large"),
    ('{"cmd": "score", "args": {"cells": [[0, 0, "R"]], "seats": [["R"], ["B"]], '
     '"players": NaN}}', "BadRequest", "request: NaN is not a JSON number"),
    ('{"cmd": "version", "cmd": "view"}', "BadRequest",
     "request: key 'cmd' appears twice in one object"),
    ('{"cmd": "version", "args": 5}', "BadRequest", "args: expected a JSON object"),
]


@pytest.mark.parametrize(("text", "kind", "message"), NAMED,
                         ids=[f"named{i}" for i in range(len(NAMED))])
def test_named_hostile_requests(text, kind, message):
    reply = check_reply(handle(text))
    assert reply["error"] == {"type": kind, "message": message}


def test_odd_card_key_is_a_bad_record():
    record = RECORDS[1]
    text = json.dumps(record).replace(f'"{record["deal"][0]}": ', '"\\u00b2": ', 1)
    reply = check_reply(handle(request("view", f'{{"record": {text}}}')))
    assert reply["error"]["type"] == "BadRecord"
    assert reply["error"]["message"].startswith("cards: card id '\u00b2' is not one of")


def test_hostile_arguments_with_a_real_record_get_exact_errors():
    record = json.dumps(RECORDS[1])
    for name, value, kind, start in [
        ("time_ms", "1e999", "BadRequest", "request: the number 1e999 is too large"),
        ("time_ms", "1e308", "BadRequest", "time_ms: expected a number of milliseconds"),
        ("time_ms", "true", "BadRequest", "time_ms: expected a number of milliseconds"),
        ("time_ms", "0", "BadRequest", "time_ms: expected a number of milliseconds"),
        ("level", '"' + "x" * 10_000 + '"', "BadRequest", "level: expected one of random"),
    ]:
        args = f'{{"record": {record}, "{name}": {value}}}'
        reply = check_reply(handle(request("bot_move", args)))
        assert reply["error"]["type"] == kind and reply["error"]["message"].startswith(start)


def test_handle_takes_only_text():
    for value in (None, b"{}", 5, {"cmd": "version"}):
        reply = check_reply(handle(value))  # type: ignore[arg-type]
        assert reply["error"]["type"] == "BadRequest"


def test_the_documented_types_are_the_engine_errors():
    from destijl.errors import DeStijlError
    from destijl.link import BadLink

    assert {"IllegalMove", "BadRecord", "BadRequest", "BadLink"} == DOCUMENTED
    assert issubclass(BadLink, DeStijlError)


# -- structured requests over every command (issue 44) ------------------------------------
# Each request starts from a valid argument set for one command (real records: plain and
# friend, before the deal, mid-game, waiting for a draw, finished; a daily; a link; a Bot
# Lab match) and changes one to three values anywhere in it: a hostile value, a nudged
# integer, a field dropped, an unknown field added. Seeded and bounded in time; replies
# must be JSON (no NaN, no Infinity), ok or a documented error, and nothing escapes handle.
# Bots are asked only for cheap levels: a hostile value never names a slow one.
from destijl import p256  # noqa: E402
from destijl.friends import turns as friend_turns  # noqa: E402
from destijl.friends.game import bot_choice  # noqa: E402
from destijl.friends.game import replay as friend_replay  # noqa: E402
from destijl.move import Move  # noqa: E402

PUBLIC = p256.compressed(p256.public_key_of(99)).hex()  # a joining device's public key

RAW = "\u0000raw:"  # a string standing for JSON text written as it is (a 31-digit integer)
HOSTILE = [None, True, False, 0, -1, 1, 7, -39, 2**53, -(2**53), 1.5, -0.0, 1e308, -1e308,
           "", "x", "7", "human", "friend", "bot:random", "mine", "replay", "daily",
           "2026-02-30", "0" * 32, "f" * 16, [], {}, [7], [None], [[0, 0, "R"]], {"a": 1},
           {"seat": 7}, "x" * 5_000, RAW + "1" * 31, RAW + "-" + "9" * 31, RAW + "1e400",
           RAW + "9" * 4_400]


FRIEND_KEYS = {0: 1234567, 1: 7654321}  # the two devices' private signing keys


def friend_records() -> list[dict]:
    """A friend game's records as it goes: before the deal, joined, waiting for a draw, a
    person to move, over; and the people's secrets."""
    rng = random.Random(44)
    controllers = ["human", "human", "bot:easy"]
    secrets = {0: rng.randbytes(16), 1: rng.randbytes(16)}
    keys = {0: p256.compressed(p256.public_key_of(FRIEND_KEYS[0])),
            1: p256.compressed(p256.public_key_of(FRIEND_KEYS[1]))}
    seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
    record = friend_turns.new_record(seats, seat=0, secret=secrets[0], key=keys[0],
                                     game="00000000000000aa")
    kept = [record]
    while (action := friend_turns.next_action(record))["kind"] != "over":
        seat = action["seat"]
        if action["kind"] == "bot":
            record = friend_turns.play(record, 0, secrets[0], bot_choice(friend_replay(record)))
        elif action["kind"] == "move":
            game = friend_replay(record)
            move = game.legal_moves()[game.ply * 7 % len(game.legal_moves())]
            sig = p256.sign(FRIEND_KEYS[seat], friend_turns.sign_text(record, seat, move))
            record = friend_turns.play(record, seat, secrets[seat], move, sig)
        else:
            record = friend_turns.advance(record, seat, secrets[seat], keys[seat])
        kept.append(record)
    def middle(kind: str) -> dict:
        found = [r for r in kept[2:] if friend_turns.next_action(r)["kind"] == kind]
        return found[len(found) // 2]

    return [kept[0], kept[1], middle("reveal"), middle("move"), kept[-1]], secrets


def lab_result() -> dict:
    reply = json.loads(handle(request("lab_advance", json.dumps(
        {"players": 2, "seed": 5, "deal": 0, "rotation": 0, "lineup": ["random", "easy"]}))))
    return reply["result"]["result"]


def templates() -> dict[str, list[dict]]:
    """Valid arguments for every command in api.COMMANDS, a few each."""
    from destijl import daily, link

    friends, secrets = friend_records()
    plain = RECORDS
    fresh = json.loads(handle(request("new_game", '{"players": 3, "seed": 8}')))["result"]
    move = {"card": fresh["gallery"][0]["card"], "x": 0, "y": 0, "rotation": 0}
    x, y = fresh["legal"][str(move["card"])]["0"][0]
    move |= {"x": x, "y": y}
    day = "2026-12-05"
    today = record_of(daily.daily_game(day))
    mid_friend = friends[3]
    seat = friend_turns.next_action(mid_friend)["seat"] or 0
    fgame = friend_replay(mid_friend)
    fmove = fgame.legal_moves()[0].to_dict() if fgame.legal_moves() else move
    lab = {"players": 2, "seed": 5, "lineup": ["mine", "easy"]}
    puzzle = shipped_puzzle()
    started = json.loads(handle(request("lab_advance", json.dumps(
        {**lab, "deal": 0, "rotation": 0}))))["result"]
    return {
        "version": [{}], "describe": [{}],
        "new_game": [{"players": 3, "seed": 8, "rotations": True, "first_player": 1,
                      "seats": [{"name": "A", "colors": ["R"], "controller": "human"},
                                {"controller": "bot:random"}, {"controller": "bot:easy"}]}],
        "view": [{"record": r, "ply": 0} for r in plain] + [{"record": r} for r in friends],
        "play": [{"record": fresh["record"], "move": move},
                 {"record": mid_friend, "move": fmove}],
        "bot_move": [{"record": r, "level": "random", "time_ms": 50} for r in plain]
        + [{"record": r} for r in friends[1:]],
        "undo": [{"record": r, "seat": 0} for r in plain] + [{"record": mid_friend, "seat": 0}],
        "score": [{"cells": [[0, 0, "R"], [1, 0, "R"], [0, 1, "B"]],
                   "seats": [["R"], ["B"]], "players": 2}],
        "verify": [{"record": r} for r in plain + friends],
        "preview": [{"record": fresh["record"], "card": move["card"], "rotation": 90},
                    {"record": mid_friend, "card": fmove["card"], "rotation": 0}],
        "hint": [{"record": fresh["record"]}, {"record": mid_friend}],
        "history": [{"record": plain[2]}, {"record": friends[-1]}],
        "friend_new": [{"seats": [{"name": "A", "controller": "human"},
                                  {"controller": "friend"}, {"controller": "bot:easy"}],
                        "rotations": False, "first_player": 1, "secret": "ab" * 16,
                        "game": "0123456789abcdef", "key": PUBLIC}],
        "friend_open": [{"record": friends[0], "key": PUBLIC},
                        {"record": friends[0], "secret": "cd" * 16, "key": PUBLIC},
                        {"record": mid_friend, "saved": {"record": friends[2], "seat": 1,
                                                         "secret": secrets[1].hex()}},
                        {"record": friends[-1], "saved": {"record": friends[-1], "seat": None,
                                                          "secret": None}}],
        "friend_play": [{"record": mid_friend, "seat": seat, "secret": secrets[seat].hex(),
                         "move": fmove, "sig": p256.sign(FRIEND_KEYS[seat], friend_turns.sign_text(
                             mid_friend, seat, Move.from_dict(fmove))).hex()}],
        "friend_sign_text": [{"record": mid_friend, "seat": seat, "move": fmove}],
        "friend_compare": [{"mine": friends[2], "theirs": friends[3]},
                           {"mine": friends[-1], "theirs": friends[0]}],
        "friend_export": [{"record": friends[-1]}, {"record": mid_friend}],
        "lab_advance": [{**lab, "deal": 0, "rotation": 0},
                        {**lab, "deal": 0, "rotation": 0, "record": started["record"],
                         "move": bot_choice_plain(started["record"])}],
        "bot_state": [{"record": r} for r in plain[:3]],
        "lab_summary": [{**lab, "results": [lab_result(), lab_result()]}],
        "link_text": [{"record": plain[2]}, {"record": today, "kind": "daily", "day": day},
                      {"record": friends[3], "kind": "friend"}],
        "link_open": [{"text": link.to_text(plain[2])},
                      {"text": link.to_text(today, "daily", day)}],
        "daily": [{"date": day}],
        "daily_result": [{"record": today, "date": day}],
        "daily_check": [{"date": day, "today": day, "entry": {"link": daily_payload(day)}}],
        "review": [{"record": plain[1], "from": 1, "to": 2, "playouts": 4}],
        "review_summary": [{"players": 3, "moves": [
            {"ply": 0, "seat": 0, "loss": 1.5, "win_before": 0.5, "win_after": 0.4},
            {"ply": 1, "seat": 2, "loss": 0, "win_before": 0.3, "win_after": 0.3}]}],
        "review_boards": [{"record": plain[1], "ply": 1,
                           "best": bot_choice_plain(plain[1], upto=1)}],
        "puzzle_answer": [{"puzzle": puzzle, "move": puzzle["solutions"][0]}],
        "puzzle_day": [{"date": day, "count": 10}],
    }


@functools.cache
def shipped_puzzle() -> dict:
    """The shipped puzzle nearest its game's end (the quickest to weigh: nothing hidden),
    as ``puzzles list --json`` gives it."""
    from destijl.puzzles_cli import load

    return max(load(None), key=lambda p: p.ply / len(p.game["moves"])).listed()


@functools.cache
def daily_payload(day: str) -> str:
    """The result link of ``day``'s daily, the bot seats played by the medium bot."""
    from destijl import daily, link
    from destijl.bots import level_move

    game = daily.daily_game(day)
    while not game.is_over:
        game.play(level_move(game, "easy" if game.current_seat == 0 else "medium"))
    return link.encode(record_of(game), "daily", day, hints=0)


def bot_choice_plain(record: dict, upto: int | None = None) -> dict:
    from destijl import replay

    game = replay(record) if upto is None else replay(record, upto=upto)
    return game.legal_moves()[0].to_dict()


def json_paths(value, prefix: tuple = ()):
    """Every path into ``value`` but the top, with the container it is in."""
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else ())
    for key, inner in items:
        yield (*prefix, key)
        yield from json_paths(inner, (*prefix, key))


def hostile(rng: random.Random):
    """One of ``HOSTILE``, copied: a later change inside it must not reach the shared list
    (a ``{}`` changed in place could come to hold itself)."""
    return copy.deepcopy(rng.choice(HOSTILE))


def mutated(args: dict, rng: random.Random) -> dict:
    """``args`` (a deep copy) with one to three values changed, dropped or added."""
    args = json.loads(json.dumps(args))
    for _ in range(rng.choice((1, 1, 2, 3))):
        path = rng.choice(list(json_paths(args)) or [("record",)])
        parent = args
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        here = key in parent if isinstance(parent, dict) else key < len(parent)
        current = parent[key] if here else None
        how = rng.random()
        if how < 0.45:
            parent[key] = hostile(rng)
        elif how < 0.7 and type(current) is int:
            parent[key] = current + rng.choice((-100, -8, -7, -1, 1, 2, 5, 7, 40))
        elif how < 0.85 and here:
            del parent[key]
        else:
            target = parent if isinstance(parent, dict) else args
            target[rng.choice(("unknown", "extra", "__proto__", "ply", "seat", "level"))] = (
                hostile(rng))
    if isinstance(args.get("level"), str) and args["level"] not in ("random", "easy"):
        args["level"] = "random"  # bounded in time: no slow level on purpose
    return args


def raw_json(value) -> str:
    """``value`` as JSON text, each ``RAW`` string written as the JSON text it stands for."""
    return re.sub(r'"\\u0000raw:([^"]*)"', lambda m: m.group(1), json.dumps(value))


def as_text(cmd: str, args: dict) -> str:
    """The request text of ``cmd`` with ``args`` (``RAW`` strings written out)."""
    return request(cmd, raw_json(args))


def check_structured(cmd: str, text: str) -> dict:
    """One structured request: nothing escapes handle; JSON without NaN; no InternalError."""
    reply = check_reply(handle(text))
    json.dumps(reply, allow_nan=False)  # the reply really is JSON: no NaN, no Infinity
    return reply


def run_structured(count: int, seed: int, seconds: float) -> Counter:
    """``count`` structured requests (fewer if ``seconds`` run out); the kinds of reply."""
    rng = random.Random(seed)
    pool = templates()
    assert set(pool) == set(COMMANDS), set(COMMANDS) ^ set(pool)
    commands = sorted(pool)
    kinds: Counter = Counter()
    stop = time.monotonic() + seconds
    for index in range(count):
        if time.monotonic() > stop:
            break
        cmd = rng.choice(commands)
        args = rng.choice(pool[cmd]) if rng.random() < 0.1 else mutated(rng.choice(pool[cmd]), rng)
        text = as_text(cmd, args)
        try:
            reply = check_structured(cmd, text)
        except AssertionError as error:
            raise AssertionError(f"request {index} (seed {seed}): {text[:300]}") from error
        kinds[reply["error"]["type"] if not reply["ok"] else "ok"] += 1
    return kinds


STRUCTURED = int(os.environ.get("DESTIJL_FUZZ_STRUCTURED", "2500"))


def test_structured_requests_over_every_command():
    """2,500 seeded requests (about 5 s natively; stopped after 120 s on a busy machine;
    ``-m fuzz_long`` sends 100,000)."""
    kinds = run_structured(STRUCTURED, seed=42, seconds=120)
    assert sum(kinds.values()) >= min(STRUCTURED, 1_000), kinds  # a slow machine still fuzzes
    assert kinds["ok"] > 0 and kinds["BadRecord"] > 0 and kinds["BadRequest"] > 0, kinds


@pytest.mark.fuzz_long
def test_structured_requests_long():
    """More of them, under ``-m fuzz_long`` (not run by default): 100,000 requests, seed
    ``DESTIJL_FUZZ_SEED`` (default 42), at most half an hour."""
    seed = int(os.environ.get("DESTIJL_FUZZ_SEED", "42"))
    kinds = run_structured(int(os.environ.get("DESTIJL_FUZZ_LONG", "100000")), seed, 1_800)
    assert "InternalError" not in kinds


# -- the four kinds of InternalError issue 44 found, each with its exact answer --------------
def test_a_friend_move_by_seat_7_names_the_field():
    friends, _ = friend_records()
    record = json.loads(json.dumps(friends[-1]))
    record["moves"][3]["seat"] = 7
    message = "moves[3].seat: expected a seat from 0 to 2, got 7"
    for cmd, args in (("friend_open", {"record": record}), ("verify", {"record": record}),
                      ("friend_export", {"record": record}), ("view", {"record": record})):
        reply = check_reply(handle(request(cmd, json.dumps(args))))
        assert reply["error"] == {"type": "BadRecord", "message": message}, cmd


def test_bot_move_on_a_friend_game_waiting_for_a_draw():
    friends, _ = friend_records()
    for args in ({"record": friends[2]}, {"record": friends[2], "level": "easy"}):
        reply = check_reply(handle(request("bot_move", json.dumps(args))))
        assert reply["error"]["type"] == "BadRequest"
        assert reply["error"]["message"].startswith("record: draw ")
        assert reply["error"]["message"].endswith("is not complete yet (the Gallery is not "
                                                  "dealt): no seat is to move")


def test_an_unknown_field_holding_a_31_digit_integer():
    friends, _ = friend_records()
    text = json.dumps({**friends[1], "unknown": RAW + "1" * 31})
    for cmd, args, kind, start in (
            ("friend_open", f'{{"record": {text}}}', "BadRecord",
             "unknown: not a field of destijl-friend/2"),
            ("link_text", f'{{"record": {text}, "kind": "friend"}}', "BadLink",
             "link: record.unknown: <an integer of 31 digits>")):
        reply = check_reply(handle(as_text(cmd, json.loads(args))))
        assert reply["error"]["type"] == kind, reply
        assert reply["error"]["message"].startswith(start), reply


def test_lab_summary_with_a_negative_win():
    args = {"players": 2, "seed": 5, "lineup": ["mine", "easy"], "results": [lab_result()]}
    args["results"][0]["seats"][1]["win"] = -39
    reply = check_reply(handle(request("lab_summary", json.dumps(args))))
    assert reply["error"] == {"type": "BadRequest", "message":
                              "results[0].seats[1].win: expected a number from 0 to 1, got -39"}
    args["results"][0]["seats"][1] |= {"win": 0, "score": 1e308}
    reply = check_reply(handle(request("lab_summary", json.dumps(args))))
    assert reply["error"]["message"].startswith("results[0].seats[1].score: expected a number")


def test_verify_refuses_with_one_line(tmp_path, capsys):
    """``python -m destijl verify`` on records the fuzzer makes: each refusal is one line."""
    from destijl.cli import main

    rng = random.Random(44)
    pool = templates()["verify"]
    refused = 0
    for index in range(150):
        path = tmp_path / f"{index}.json"
        args = mutated(rng.choice(pool), rng)
        path.write_text(raw_json(args.get("record")), encoding="utf-8")
        status = main(["verify", str(path)])
        out, err = capsys.readouterr()
        if status == 0:
            assert out.startswith("OK: ") and not err
            continue
        refused += 1
        assert status == 1 and not out and err.count("\n") == 1, err
        assert err.startswith("error: ") and "Traceback" not in err
    assert refused > 50
