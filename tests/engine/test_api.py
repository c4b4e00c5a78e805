"""The JSON API the browser calls: views, moves, bots, undo, errors."""

import json

import pytest

from destijl.api import handle


def call(cmd, **args):
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    return reply


def ok(cmd, **args):
    reply = call(cmd, **args)
    assert reply["ok"], reply
    return reply["result"]


def test_new_game_view_has_everything_to_draw():
    view = ok("new_game", players=3, seed=10)
    assert view["ply"] == 0 and view["plies"] == 27 and view["rounds"] == 9
    assert view["current_seat"] == 0 and view["first_player"] == 0 and not view["is_over"]
    assert len(view["painting"]) == 9 and view["bounds"] == [0, 0, 2, 2]
    assert len(view["gallery"]) == 4 and view["deck_count"] == 24
    card = str(view["gallery"][0]["card"])
    assert set(view["legal"][card]) == {"0", "90", "180", "270"}
    assert [1, 1] in view["legal"][card]["90"] and [0, 0] not in view["legal"][card]["0"]
    covers = {(x, y): n for x, y, n in view["covers"]}
    assert covers[(0, 0)] == 9 and covers[(2, 2)] == 1 and (3, 3) not in covers
    assert [s["controller"] for s in view["seats"]] == ["human", "bot:medium", "bot:medium"]
    assert view["tally"]["winners"] and view["result"] is None


def test_custom_seats_and_options():
    seats = [{"name": "Piet", "colors": ["B", "W"], "controller": "human"},
             {"name": "Theo", "colors": ["R", "K"], "controller": "bot:easy"}]
    view = ok("new_game", seats=seats, seed=3, rotations=False, first_player=1)
    assert [s["name"] for s in view["seats"]] == ["Piet", "Theo"]
    assert view["rotations"] == [0] and view["current_seat"] == 1
    assert view["record"]["seed"] == 3


def test_play_bot_move_and_view_at_ply():
    view = ok("new_game", players=2, seed=1)
    record = view["record"]
    for _ in range(4):
        move = ok("bot_move", record=record, level="random")["move"]
        record = ok("play", record=record, move=move)["record"]
    assert len(record["moves"]) == 4
    again = ok("new_game", players=2, seed=1)["record"]
    for _ in range(4):
        again = ok("play", record=again, move=ok("bot_move", record=again, level="random")["move"])[
            "record"]
    assert again == record  # bot moves are deterministic for a record
    assert ok("view", record=record, ply=2)["ply"] == 2


def test_illegal_play_names_the_rule_and_changes_nothing():
    view = ok("new_game", players=3, seed=2)
    card = view["gallery"][0]["card"]
    reply = call("play", record=view["record"], move={"card": card, "x": 9, "y": 9, "rotation": 0})
    assert reply == {"ok": False, "error": {"type": "IllegalMove", "message": reply["error"][
        "message"]}}
    assert "covers 0 cells" in reply["error"]["message"]


def test_undo_takes_back_a_placement_and_the_bots_after_it_across_a_draw():
    view = ok("new_game", players=3, seed=4)
    first = view["legal"][str(view["gallery"][0]["card"])]["0"][0]
    move = {"card": view["gallery"][0]["card"], "x": first[0], "y": first[1], "rotation": 0}
    after = ok("play", record=view["record"], move=move)
    assert after["undo_seats"] == [0]
    undone = ok("undo", record=after["record"], seat=0)
    assert undone["record"] == view["record"]
    record = after["record"]
    for _ in range(2):
        move = ok("bot_move", record=record, level="random")["move"]
        record = ok("play", record=record, move=move)["record"]
    assert ok("view", record=record)["round"] == 2  # the bots ended the round: cards drawn
    assert ok("undo", record=record, seat=0)["record"] == view["record"]


def test_finished_game_has_result_with_details():
    record = ok("new_game", players=4, seed=6)["record"]
    while True:
        view = ok("play", record=record, move=ok("bot_move", record=record, level="random")["move"])
        record = view["record"]
        if view["is_over"]:
            break
    result = view["result"]
    assert record["result"] == {"seats": result["seats"], "winners": result["winners"]}
    assert [rank["points"] for rank in result["bonus_ranks"]] == [5, 3, 1]
    assert view["legal"] == {} and view["current_seat"] is None
    assert ok("verify", record=record)["summary"].startswith("OK: 4-player game finished")
    assert call("bot_move", record=record)["error"]["type"] == "IllegalMove"


def test_score_command():
    sheet = ok("score", cells=[[0, 0, "R"], [1, 0, "R"], [2, 0, "B"]], seats=[["R"], ["B"]])
    assert sheet["seats"][0] == {"strokes": 1, "bonus": 3, "total": 4, "largest": 2}


@pytest.mark.parametrize(
    ("request_text", "kind"),
    [
        ("not json", "BadRequest"),
        ("[1, 2]", "BadRequest"),
        ('{"cmd": "play", "args": {}}', "BadRequest"),
        ('{"cmd": "view", "args": {"record": {"format": "x"}}}', "BadRecord"),
        ('{"cmd": "new_game", "args": {"players": [2]}}', "BadRequest"),
        ('{"cmd": "new_game", "args": {"seats": [{}, {}, {}, {}, {}, {}, {}]}}', "BadRequest"),
        ('{"cmd": "bot_move", "args": {"record": null}}', "BadRecord"),
        ('{"cmd": "score", "args": {"cells": [[[1], 0, "R"]], "seats": [["R"], ["B"]]}}',
         "BadRequest"),
    ],
)
def test_bad_requests_get_typed_errors(request_text, kind):
    reply = json.loads(handle(request_text))
    assert reply["ok"] is False and reply["error"]["type"] == kind
