"""The game record: round trips, and every kind of bad record named precisely."""

import copy
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from destijl import BadRecord, DeStijlError, IllegalMove, Move, new_game, replay
from destijl.api import handle
from destijl.game import Game, Seat
from destijl.records import record_of
from helpers import paths


def finished_record(players=3, seed=12):
    game = new_game(players, seed)
    while not game.is_over:
        game.play(game.legal_moves()[game.ply % 5])
    return record_of(game)


def test_record_fields_and_round_trip():
    record = finished_record()
    assert record["format"] == "destijl-record/1"
    assert record["options"] == {"players": 3, "rotations": True}
    assert [seat["colors"] for seat in record["seats"]] == [["R"], ["Y"], ["B"]]
    assert len(record["deal"]) == 29 and set(record["cards"]) == {str(c) for c in record["deal"]}
    assert len(record["moves"]) == 27 and set(record["moves"][0]) == {
        "seat", "card", "x", "y", "rotation"}
    assert record_of(replay(json.loads(json.dumps(record)))) == record


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
    assert "result" not in record_of(game)
    assert replay(record_of(game)).ply == 5


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


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(record_keys, json_values) | json_values)
def test_random_json_raises_only_bad_record(data):
    with pytest.raises(BadRecord):
        replay(data)


# -- Fuzzing with plausible records ---------------------------------------------------------
# Random JSON stops at the first checks. These records are real games (any player count,
# stopped at any ply), then tampered with one to three small, plausible edits anywhere: a
# number one off, a float or a string for an integer, a letter changed, an entry dropped,
# doubled or swapped. Each must be refused with BadRecord, or replay to a game in which
# every move was legal at its ply, checked move by move without replay().


def edits_of(value, rng):
    """Plausible replacements for ``value``, by its type."""
    if isinstance(value, bool):
        return [not value, int(value), str(value).lower(), None]
    if isinstance(value, int):
        return [value + 1, value - 1, value + rng.choice([2, 3, 9, 40]), -value - 1, 0,
                float(value), str(value), True, None, 10**6]
    if isinstance(value, str):
        return ["", value + value[:1], value[:-1], value.lower(), value[::-1],
                "G" + value[1:], 5]
    if isinstance(value, list) and value:
        i, j = rng.randrange(len(value)), rng.randrange(len(value))
        swapped = list(value)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return [value[:i] + value[i + 1 :], [*value, copy.deepcopy(value[i])], swapped,
                value[::-1], [], value[:1]]
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        renamed = {("0" + k if k == key else k): v for k, v in value.items()}
        return [{k: v for k, v in value.items() if k != key}, {**value, "extra": 1}, {},
                renamed]
    return [None, 0, "", [], {}]


def tamper(record, rng):
    """Replace one value in ``record`` (in place) by a plausible edit of it: a top-level
    field at random (the moves five times as likely), then any value inside it, so the many
    card rows do not crowd out the rest."""
    key = rng.choice(sorted(record) + ["moves"] * 4 * ("moves" in record))
    path = rng.choice(list(paths(record[key], (key,))))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = rng.choice(edits_of(parent[path[-1]], rng))


def plausible_record(rng):
    """A real game's record, stopped at a random ply, tampered with 0 to 3 times."""
    players = rng.choice([2, 3, 4, 5])
    game = new_game(players, rng.randrange(10**6), rotations=rng.random() < 0.7,
                    first_player=rng.randrange(players))
    for _ in range(rng.choice([0, rng.randrange(game.total_plies), game.total_plies])):
        game.play(rng.choice(game.legal_moves()))
    record = copy.deepcopy(record_of(game))
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        tamper(record, rng)
    return record


def assert_every_move_was_legal(record, game):
    """Rebuild the game from the record's setup with ``Game`` alone and check each move."""
    seats = [Seat(s["name"].strip(), tuple(s["colors"]), s.get("controller", "human"))
             for s in record["seats"]]
    cards = {int(key): tuple(rows) for key, rows in record["cards"].items()}
    check = Game(seats, cards, record["deal"], rotations=record["options"]["rotations"],
                 first_player=record["first_player"], seed=record.get("seed"))
    for ply, entry in enumerate(record["moves"]):
        move = Move(entry["card"], entry["x"], entry["y"], entry["rotation"])
        assert move in check.legal_moves(), f"moves[{ply}] {move} was not legal"
        assert entry["seat"] == check.current_seat, f"moves[{ply}] by the wrong seat"
        check.play(move)
    assert record_of(check) == record_of(game)
    if record.get("result") is not None:
        assert record["result"] == check.result().to_dict()


def replayed_or_refused(record):
    """``None`` if ``record`` replays (and every move was legal), else the refused field."""
    try:
        game = replay(record)
    except BadRecord as error:
        return error.field
    assert_every_move_was_legal(record, game)
    return None


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_tampered_record_is_refused_or_legal_move_by_move(rng):
    replayed_or_refused(plausible_record(rng))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_random_json_in_a_real_record_is_refused_or_legal_move_by_move(data):
    record = copy.deepcopy(BASE)
    path = data.draw(st.sampled_from(list(paths(record))[1:]))
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = data.draw(json_values)
    replayed_or_refused(record)


def test_the_fuzzer_gets_past_the_first_checks():
    """Fixed seeds: the plausible records reach the deep checks, and some replay whole."""
    reached = Counter()
    for seed in range(300):
        field = replayed_or_refused(plausible_record(random.Random(seed)))
        reached[re.sub(r"\.\d+$", ".N", re.sub(r"\[\d+\]", "[i]", field or "replayed"))] += 1
    deep = {"replayed", "format", "options.players", "options.rotations", "seats",
            "seats[i].controller", "first_player", "cards.N", "deal", "deal[i]", "seed",
            "moves", "moves[i]", "moves[i].seat", "moves[i].card", "moves[i].x", "moves[i].y",
            "moves[i].rotation", "result"}
    assert deep <= set(reached), reached
    assert reached["replayed"] >= 30 and reached["moves[i]"] >= 15, reached


@settings(max_examples=200, deadline=None)
@given(data=st.data(), x=st.integers(-4, 4), y=st.integers(-4, 4),
       rotation=st.sampled_from([0, 90, 180, 270, -90, 45, 360]), seat=st.integers(-1, 4))
def test_a_move_is_played_exactly_when_it_is_legal(data, x, y, rotation, seat):
    game = new_game(3, seed=17)
    card = data.draw(st.sampled_from([*game.gallery, game.deal[0], game.deal[-1], 0, 41]))
    move = Move(card, x, y, rotation)
    legal = move in game.legal_moves() and seat == game.current_seat
    before = record_of(game)
    try:
        game.play(move, seat=seat)
    except IllegalMove:
        assert not legal and record_of(game) == before
    else:
        assert legal and game.ply == 1 and game.history[0].move == move


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
