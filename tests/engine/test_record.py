"""The game record: round trips, and every kind of bad record named precisely."""

import contextlib
import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from destijl import BadRecord, DeStijlError, IllegalMove, Move, new_game, replay
from destijl.api import handle


def finished_record(players=3, seed=12):
    game = new_game(players, seed)
    while not game.is_over:
        game.play(game.legal_moves()[game.ply % 5])
    return game.record()


def test_record_fields_and_round_trip():
    record = finished_record()
    assert record["format"] == "destijl-record/1"
    assert record["options"] == {"players": 3, "rotations": True}
    assert [seat["colors"] for seat in record["seats"]] == [["R"], ["Y"], ["B"]]
    assert len(record["deal"]) == 29 and set(record["cards"]) == {str(c) for c in record["deal"]}
    assert len(record["moves"]) == 27 and set(record["moves"][0]) == {
        "seat", "card", "x", "y", "rotation"}
    assert replay(json.loads(json.dumps(record))).record() == record


def broken(mutate, record=None):
    record = copy.deepcopy(record or finished_record())
    mutate(record)
    return record


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda r: r.update(format="destijl-record/2"), "format"),
        (lambda r: r.pop("format"), "format"),
        (lambda r: r["options"].update(players=9), "options.players"),
        (lambda r: r["options"].update(rotations="no"), "options.rotations"),
        (lambda r: r.update(options=[]), "options"),
        (lambda r: r["seats"].pop(), "seats"),
        (lambda r: r["seats"][1].update(colors=["R"]), "seats"),
        (lambda r: r["seats"][0].update(controller="bot:genius"), "seats[0].controller"),
        (lambda r: r.update(first_player=3), "first_player"),
        (lambda r: r["cards"].update({"3": ["RRR", "RR", "RRR"]}), "cards.3"),
        (lambda r: r["cards"].update({"x": ["RRR", "RRR", "RRR"]}), "cards"),
        (lambda r: r["deal"].append(r["deal"][0]), "deal"),
        (lambda r: r["deal"].__setitem__(3, r["deal"][4]), "deal"),
        (lambda r: r["deal"].__setitem__(3, 999), "deal[3]"),
        (lambda r: r["moves"][4].update(x=50), "moves[4]"),
        (lambda r: r["moves"][4].update(seat=(r["moves"][4]["seat"] + 1) % 3), "moves[4]"),
        (lambda r: r["moves"][4].update(card=r["deal"][0]), "moves[4]"),
        (lambda r: r["moves"][6].update(rotation=45), "moves[6]"),
        (lambda r: r["moves"][2].update(y="1"), "moves[2].y"),
        (lambda r: r["moves"][2].update(card=True), "moves[2].card"),
        (lambda r: r["moves"].__setitem__(2, None), "moves[2]"),
        (lambda r: r["moves"].append(dict(r["moves"][0])), "moves[27]"),
        (lambda r: r["result"]["seats"][0].update(total=99), "result"),
        (lambda r: r["moves"].pop(), "result"),
        (lambda r: r.update(seed="abc"), "seed"),
    ],
)
def test_bad_records_name_the_field(mutate, field):
    with pytest.raises(BadRecord) as caught:
        replay(broken(mutate))
    assert caught.value.field == field
    assert str(caught.value).startswith(field + ":")


def test_an_illegal_move_inside_names_index_and_rule():
    record = broken(lambda r: r["moves"][4].update(x=50))
    with pytest.raises(BadRecord, match=r"moves\[4\]: .*covers 0 cells"):
        replay(record)


def test_unfinished_record_has_no_result_and_replays():
    game = new_game(4, seed=3)
    for _ in range(5):
        game.play(game.legal_moves()[-1])
    assert "result" not in game.record()
    assert replay(game.record()).ply == 5


def test_move_text_form_round_trips():
    for move in [Move(1, 0, 0, 0), Move(40, -12, 7, 270), Move(3, 5, -5, 90)]:
        assert Move.parse(str(move)) == move
        assert eval(repr(move)) == move
    with pytest.raises(ValueError, match="expected text like"):
        Move.parse("17@a,br0")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                               max_size=4),
    max_leaves=12,
)
record_keys = st.sampled_from(["format", "options", "seats", "first_player", "cards", "deal",
                               "moves", "result", "seed"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(record_keys, json_values) | json_values)
def test_random_json_raises_only_bad_record(data):
    with pytest.raises(BadRecord):
        replay(data)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_random_mutations_of_a_real_record_raise_only_documented_errors(data):
    record = copy.deepcopy(BASE)
    path_key = data.draw(st.sampled_from(sorted(record)))
    target = record[path_key]
    if isinstance(target, dict) and target:
        key = data.draw(st.sampled_from(sorted(target)))
        target[key] = data.draw(json_values)
    elif isinstance(target, list) and target:
        index = data.draw(st.integers(0, len(target) - 1))
        if isinstance(target[index], dict):
            field = data.draw(st.sampled_from(sorted(target[index])))
            target[index][field] = data.draw(json_values)
        else:
            target[index] = data.draw(json_values)
    else:
        record[path_key] = data.draw(json_values)
    with contextlib.suppress(BadRecord):
        replay(record)


@settings(max_examples=200, deadline=None)
@given(card=st.integers(-5, 50), x=st.integers(-20, 20), y=st.integers(-20, 20),
       rotation=st.sampled_from([0, 90, 180, 270, -90, 45, 360]), seat=st.integers(-1, 4))
def test_out_of_range_moves_raise_only_illegal_move(card, x, y, rotation, seat):
    game = new_game(3, seed=17)
    before = game.record()
    try:
        game.play(Move(card, x, y, rotation), seat=seat)
    except IllegalMove:
        assert game.record() == before
    else:
        assert game.ply == 1


@settings(max_examples=200, deadline=None)
@given(cmd=st.sampled_from(["new_game", "view", "play", "bot_move", "undo", "score", "verify",
                            "nope"]),
       args=json_values)
def test_api_answers_every_request_without_internal_errors(cmd, args):
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    if not reply["ok"]:
        assert reply["error"]["type"] in {"BadRequest", "BadRecord", "IllegalMove"}


def test_documented_errors_are_value_errors():
    for error in (BadRecord, IllegalMove, DeStijlError):
        assert issubclass(error, ValueError)


BASE = finished_record(2, 5)
