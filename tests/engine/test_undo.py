"""Undo, one rule (docs/rules.md): a person may take back their latest placement, with the
bots' placements after it, until they place another card or the game ends."""

from __future__ import annotations

import json

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.records import record_of


def call(cmd: str, **args) -> dict:
    return json.loads(handle(json.dumps({"cmd": cmd, "args": args})))


def table(*controllers: str, seed: int = 5):
    return new_game(len(controllers), seed, controllers=list(controllers))


def play(game, count: int = 1) -> None:
    for _ in range(count):
        game.play(game.legal_moves()[(game.ply * 5) % len(game.legal_moves())])


def refusal(game, seat) -> dict:
    reply = call("undo", record=record_of(game), seat=seat)
    assert reply["ok"] is False
    return reply["error"]


def test_a_human_takes_back_a_card_and_the_bots_after_it_play_again():
    game = table("human", "bot:easy", "bot:easy")
    before = record_of(game)
    play(game, 2)  # the human, then one bot
    assert game.undo_seats() == [0]
    view = call("undo", record=record_of(game), seat=0)["result"]
    assert view["record"] == before and view["current_seat"] == 0
    assert view["undo_seats"] == []


def test_undo_across_a_draw_takes_back_the_round_and_the_draw():
    game = table("human", "bot:easy", "bot:easy")
    play(game, 1)
    mine = record_of(game)
    play(game, 3)  # the bots end the round (cards are drawn) and the next one begins
    assert game.round == 2 and game.undo_seats() == [0]
    view = call("undo", record=record_of(game), seat=0)["result"]
    assert view["ply"] == 0 and view["round"] == 1 and view["current_seat"] == 0
    assert view["record"]["moves"] == [] and len(mine["moves"]) == 1


def test_until_the_person_places_again():
    game = table("bot:easy", "human")
    play(game, 2)  # bot 0, human 1: the round ends
    play(game, 2)  # round 2: the human starts, then the bot
    assert game.history[-2].seat == 1 and game.undo_seats() == [1]
    view = call("undo", record=record_of(game), seat=1)["result"]
    assert view["ply"] == 2 and view["current_seat"] == 1
    assert refusal(table("bot:easy", "human"), 1) == {
        "type": "IllegalMove", "message": "cannot undo for seat 1: it has not placed a card yet"}


def test_no_undo_once_the_game_is_over():
    game = table("human", "bot:easy")
    play(game, 16)
    assert game.is_over and game.history[-1].seat == 0  # the human placed the last card
    assert game.undo_seats() == []
    assert call("view", record=record_of(game))["result"]["undo_seats"] == []
    assert refusal(game, 0) == {"type": "IllegalMove",
                                "message": "cannot undo for seat 0: the game is over"}


def test_a_bots_seat_cannot_undo():
    game = table("human", "bot:easy", "bot:easy")
    play(game, 2)
    assert refusal(game, 1) == {"type": "IllegalMove",
                                "message": "cannot undo for seat 1: it is played by a bot"}


def test_with_two_humans_only_the_latest_placement_can_be_taken_back():
    game = table("human", "human", "human")
    play(game, 2)
    assert game.undo_seats() == [1]
    assert refusal(game, 0) == {"type": "IllegalMove", "message": (
        "cannot undo for seat 0: seat 1 placed a card after it, and only the latest placement "
        "can be taken back")}
    after_first = call("undo", record=record_of(game), seat=1)["result"]
    assert after_first["ply"] == 1 and after_first["undo_seats"] == [0]
    assert call("undo", record=after_first["record"], seat=0)["result"]["ply"] == 0


def test_a_bot_between_two_humans_goes_back_with_the_earlier_human():
    game = table("human", "bot:easy", "human", "bot:easy", "bot:easy")
    play(game, 2)  # human 0, bot 1
    assert game.undo_seats() == [0]
    play(game, 1)  # human 2: now only seat 2 may undo, seat 0 would wipe its move
    assert game.undo_seats() == [2]
    assert refusal(game, 0)["type"] == "IllegalMove"
    play(game, 1)  # bot 3 after human 2: still seat 2
    view = call("undo", record=record_of(game), seat=2)["result"]
    assert view["ply"] == 2 and view["current_seat"] == 2


@pytest.mark.parametrize("seat", [True, False, -1, 3, 1.0, "0", None, [0]])
def test_the_seat_must_be_a_seat_number(seat):
    game = table("human", "bot:easy", "bot:easy")
    play(game, 1)
    assert refusal(game, seat)["type"] == "BadRequest"
