"""A record is trusted only as far as it is the real game: real cards, canonical ids, exact types.

Each tampered record must be refused with a ``BadRecord`` whose field names the first thing
wrong, by ``replay``, by the API's ``view`` and ``verify``, and by ``python -m destijl verify``.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from destijl import CARDS, BadRecord, new_game, replay
from destijl.api import handle
from destijl.game import DECK_SIZES
from destijl.integers import SAFE_INT
from destijl.records import record_of


def finished(players: int = 3, seed: int = 21) -> dict:
    game = new_game(players, seed)
    while not game.is_over:
        game.play(game.legal_moves()[game.ply % 7])
    return record_of(game)


FINISHED = finished()


def tampered(mutate, record: dict | None = None) -> dict:
    record = copy.deepcopy(record or FINISHED)
    mutate(record)
    return record


def refused(record: dict) -> BadRecord:
    with pytest.raises(BadRecord) as caught:
        replay(record)
    return caught.value


def api(cmd: str, text_args: str) -> dict:
    return json.loads(handle(f'{{"cmd": "{cmd}", "args": {text_args}}}'))


def rename_card(record: dict, new_key: str) -> None:
    old = str(record["deal"][3])
    record["cards"][new_key] = record["cards"].pop(old)


def test_a_real_record_is_accepted_whole():
    game = replay(FINISHED)
    assert game.is_over and record_of(game) == FINISHED
    assert set(FINISHED["cards"]) == {str(card) for card in FINISHED["deal"]}
    assert all(tuple(rows) == CARDS[int(key)] for key, rows in FINISHED["cards"].items())


@pytest.mark.parametrize(
    ("key", "why"),
    [("024", "a leading zero"), ("²", "a superscript digit: isdigit() but not int()"),
     ("٣", "an Arabic-Indic digit"), ("+5", "a sign"), (" 5", "a space"), ("5.0", "a fraction"),
     ("0", "not a card"), ("41", "not a card of the set"), ("", "empty"), ("1" * 5000, "huge")],
)
def test_card_ids_must_be_canonical(key, why):
    error = refused(tampered(lambda r: rename_card(r, key)))
    assert error.field == "cards", why
    assert "is not one of" in error.problem and len(str(error)) < 150


def test_a_card_listed_twice_under_two_spellings_is_refused_by_the_api():
    record = copy.deepcopy(FINISHED)
    card = str(record["deal"][5])
    text = json.dumps(record).replace(f'"{card}": ', f'"0{card}": ["RRR", "RRR", "RRR"], '
                                                   f'"{card}": ')
    reply = api("verify", f'{{"record": {text}}}')
    assert reply["error"] == {"type": "BadRecord", "message": reply["error"]["message"]}
    assert reply["error"]["message"].startswith(f"cards: card id '0{card}'")


def test_the_same_key_twice_is_refused_before_any_record_check():
    card = str(FINISHED["deal"][5])
    text = json.dumps(FINISHED).replace(f'"{card}": ', f'"{card}": ["RRR", "RRR", "RRR"], '
                                                     f'"{card}": ')
    reply = api("view", f'{{"record": {text}}}')
    assert reply["error"]["type"] == "BadRequest"
    assert f"key '{card}' appears twice" in reply["error"]["message"]


def test_faces_must_be_the_real_cards():
    card = FINISHED["deal"][0]
    error = refused(tampered(lambda r: r["cards"].__setitem__(str(card), ["RRR"] * 3)))
    assert error.field == f"cards.{card}"
    assert error.problem == (f"['RRR', 'RRR', 'RRR'] is not the face of card {card}, "
                             f"which is {list(CARDS[card])}")


def test_every_face_red_is_refused_by_verify_and_view_in_the_api_and_the_cli(tmp_path):
    red = tampered(lambda r: r.update(cards={key: ["RRR"] * 3 for key in r["cards"]}))
    first = next(iter(red["cards"]))  # the first card listed
    for cmd in ("verify", "view"):
        reply = api(cmd, json.dumps({"record": red}))
        assert reply["ok"] is False and reply["error"]["type"] == "BadRecord", cmd
        assert reply["error"]["message"].startswith(f"cards.{first}: ['RRR', 'RRR', 'RRR'] is not")
    path = tmp_path / "red.json"
    path.write_text(json.dumps(red))
    for command in ("verify", "show"):
        done = subprocess.run([sys.executable, "-m", "destijl", command, str(path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, command
        assert done.stderr.startswith(f"error: cards.{first}: ['RRR', 'RRR', 'RRR'] is not"), (
            done.stderr)


def test_swapped_faces_are_refused():
    a, b = (str(card) for card in FINISHED["deal"][:2])

    def swap(record):
        record["cards"][a], record["cards"][b] = record["cards"][b], record["cards"][a]

    assert refused(tampered(swap)).field == f"cards.{a}"


@pytest.mark.parametrize("players", sorted(DECK_SIZES))
def test_the_deal_is_the_deck_for_the_player_count(players):
    record = record_of(new_game(players, seed=players))
    assert len(record["deal"]) == 2 + DECK_SIZES[players]
    short = tampered(lambda r: (r["deal"].pop(), r["cards"].pop(str(r["deal"][-1]))), record)
    assert refused(short).field == "deal"


def test_a_listed_card_that_is_not_dealt_is_refused():
    spare = next(card for card in CARDS if card not in FINISHED["deal"])
    record = tampered(lambda r: r["cards"].__setitem__(str(spare), list(CARDS[spare])))
    error = refused(record)
    assert (error.field, error.problem) == ("cards", f"card {spare} is listed but not dealt")


def test_a_card_dealt_twice_is_refused():
    record = tampered(lambda r: r["deal"].__setitem__(10, r["deal"][4]))
    error = refused(record)
    assert error.field == "deal" and f"card {FINISHED['deal'][4]} is dealt twice" in error.problem


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda r: r["moves"][3].update(seat=True), "moves[3].seat"),
        (lambda r: r["moves"][3].update(x=1.0), "moves[3].x"),
        (lambda r: r["moves"][3].update(rotation=False), "moves[3].rotation"),
        (lambda r: r["options"].update(players=True), "options.players"),
        (lambda r: r["options"].update(rotations=1), "options.rotations"),
        (lambda r: r.update(first_player=False), "first_player"),
        (lambda r: r.update(seed=True), "seed"),
        (lambda r: r.update(seed=-1), "seed"),
        (lambda r: r.update(seed=SAFE_INT + 1), "seed"),
        (lambda r: r.update(seed=10**5000), "seed"),
        (lambda r: r["deal"].__setitem__(0, True), "deal[0]"),
        (lambda r: r["result"].update(winners=[True]), "result"),  # winner seat 1, as a bool
        (lambda r: r["result"]["seats"][0].update(total=23.0), "result"),
        (lambda r: r["seats"][0].update(name="x" * 10**6), "seats"),
    ],
)
def test_bools_floats_and_out_of_range_integers_are_not_integers(mutate, field):
    error = refused(tampered(mutate))
    assert error.field == field
    assert len(str(error)) < 200  # a bad value is quoted, never echoed whole


def test_ply_true_is_not_ply_1():
    reply = api("view", json.dumps({"record": FINISHED, "ply": True}))
    assert reply["error"] == {"type": "BadRecord",
                              "message": "ply: expected an integer from 0 to 27, got True"}
    assert api("view", json.dumps({"record": FINISHED, "ply": 1}))["result"]["ply"] == 1


def test_a_5000_digit_seed_is_refused_not_nulled():
    text = json.dumps(FINISHED).replace(f'"seed": {FINISHED["seed"]}', '"seed": ' + "7" * 5000)
    for cmd in ("view", "verify"):
        reply = api(cmd, f'{{"record": {text}}}')
        assert reply["error"] == {"type": "BadRecord", "message":
                                  f"seed: expected null or an integer from 0 to {SAFE_INT}, "
                                  "got <an integer of 5000 digits>"}
    reply = api("new_game", '{"seed": ' + "7" * 5000 + "}")
    assert reply["error"]["type"] == "BadRequest" and reply["error"]["message"].startswith("seed:")


def test_the_cli_refuses_a_5000_digit_seed_with_a_clear_error(tmp_path):
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(FINISHED).replace(f'"seed": {FINISHED["seed"]}',
                                                 '"seed": ' + "7" * 5000))
    done = subprocess.run([sys.executable, "-m", "destijl", "verify", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == (f"error: seed: expected null or an integer from 0 to {SAFE_INT}, "
                           "got <an integer of 5000 digits>\n")


def test_the_result_is_compared_with_exact_types():
    assert FINISHED["result"]["winners"] == [1] and FINISHED["result"]["seats"][0]["total"] == 23
    error = refused(tampered(lambda r: r["result"].update(winners=[True])))
    assert str(error) == "result: winners[0] does not match the moves: expected 1, got True"
    error = refused(tampered(lambda r: r["result"]["seats"][2].update(total=21.0)))
    assert str(error) == "result: seats[2].total does not match the moves: expected 21, got 21.0"
    error = refused(tampered(lambda r: r["result"]["seats"].pop()))
    assert str(error) == "result: seats does not match the moves: expected 3 entries, got 2"
    error = refused(tampered(lambda r: r["result"].update(extra=1)))
    assert str(error) == "result: 'extra' does not match the moves: not a field"
    error = refused(tampered(lambda r: r["result"]["seats"][1].pop("bonus")))
    assert str(error) == "result: seats[1].bonus does not match the moves: missing"


def test_the_first_thing_wrong_is_named():
    def many(record):
        record["cards"][str(record["deal"][2])] = ["RRR"] * 3  # first: a false face
        record["deal"][10] = record["deal"][4]  # then a card dealt twice
        record["moves"][5]["x"] = 99  # then an illegal move
    assert refused(tampered(many)).field == f"cards.{FINISHED['deal'][2]}"
