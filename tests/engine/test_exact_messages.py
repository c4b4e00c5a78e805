"""Exact texts the player and the front end read: score sheet details, move parsing
messages, a result that does not match, and why an undo is refused."""

import copy

import pytest

from destijl import BadRecord, BadRequest, Move, new_game, replay, score_painting
from destijl.errors import quote
from helpers import grid


def test_score_sheet_details_for_the_end_screen():
    sheet = score_painting(grid("RRRR.B.B.B.Y"), [["R"], ["B"], ["Y"]])
    assert sheet.details(["Piet", "Theo", "Nelly"]) == {
        "seats": [
            {"strokes": 1, "bonus": 4, "total": 5, "largest": 4},
            {"strokes": 3, "bonus": 2, "total": 5, "largest": 1},
            {"strokes": 1, "bonus": 2, "total": 3, "largest": 1},
        ],
        "winners": [0],
        "bonus_ranks": [
            {"rank": 1, "points": 4, "size": 4, "seats": [0]},
            {"rank": 2, "points": 2, "size": 1, "seats": [1, 2]},
        ],
        "tie_break": ("Piet and Theo tied on 5 points; Piet wins with the largest single "
                      "stroke (4 cells)."),
    }
    assert sheet.details()["tie_break"].startswith("seat 1 and seat 2 tied on 5 points")


def test_score_sheet_details_without_a_tie_or_with_a_shared_victory():
    alone = score_painting(grid("RRR.B"), [["R"], ["B"]])
    assert alone.details()["tie_break"] is None and alone.details()["bonus_ranks"] == [
        {"rank": 1, "points": 3, "size": 3, "seats": [0]}]
    shared = score_painting(grid("RR.BB"), [["R"], ["B"]])
    assert shared.details(["Piet", "Theo"])["tie_break"] == (
        "Piet and Theo tied on 4 points and on the largest single stroke (2 cells): "
        "a shared victory.")


@pytest.mark.parametrize(("text", "shown"), [(17, "17"), (None, "None"), ("zz", "'zz'"),
                                             (["1@0,0r0"], "['1@0,0r0']")])
def test_move_parse_names_what_it_got(text, shown):
    with pytest.raises(BadRequest) as caught:
        Move.parse(text)
    assert str(caught.value) == f"move: expected text like '17@3,-1r90', got {shown}"


def test_move_from_dict_names_the_field():
    with pytest.raises(BadRequest) as caught:
        Move.from_dict([1, 0, 0, 0])
    assert str(caught.value) == "move: expected an object with card, x, y, rotation"
    with pytest.raises(BadRequest) as caught:
        Move.from_dict("17@0,0r0", where="moves[3]")
    assert str(caught.value) == "moves[3]: expected an object with card, x, y, rotation"
    with pytest.raises(BadRequest) as caught:
        Move.from_dict({"card": 4, "x": 1.5, "y": 0, "rotation": 0})
    assert str(caught.value) == "move.x: expected an integer, got 1.5"
    with pytest.raises(BadRequest) as caught:
        Move.from_dict({"card": 4, "x": 1, "y": 0})
    assert str(caught.value) == "move.rotation: expected an integer, got None"
    assert Move.from_dict({"card": 4, "x": -1, "y": 2, "rotation": 90}) == Move(4, -1, 2, 90)


def finished():
    game = new_game(2, seed=4)
    while not game.is_over:
        game.play(game.legal_moves()[game.ply % 3])
    return game.record()


@pytest.mark.parametrize(("edit", "message"), [
    (lambda r: r["result"]["seats"][1].update(total=99),
     "result: seats[1].total does not match the moves: expected {total1}, got 99"),
    (lambda r: r["result"]["seats"][0].update(total=True),
     "result: seats[0].total does not match the moves: expected {total0}, got True"),
    (lambda r: r["result"].update(winners=[*r["result"]["winners"], 0, 1]),
     "result: winners does not match the moves: expected {n_winners} entries, got {more}"),
    (lambda r: r["result"]["seats"].append({}),
     "result: seats does not match the moves: expected 2 entries, got 3"),
    (lambda r: r["result"]["seats"][0].pop("bonus"),
     "result: seats[0].bonus does not match the moves: missing"),
    (lambda r: r["result"].update(extra=1),
     "result: 'extra' does not match the moves: not a field"),
    (lambda r: r.update(result=[]),
     "result: the score sheet does not match the moves: expected {sheet}, got []"),
])
def test_a_result_that_does_not_match_names_the_first_difference(edit, message):
    record = finished()
    truth = record["result"]
    tampered = copy.deepcopy(record)
    edit(tampered)
    with pytest.raises(BadRecord) as caught:
        replay(tampered)
    assert str(caught.value) == message.format(
        total0=truth["seats"][0]["total"], total1=truth["seats"][1]["total"],
        n_winners=len(truth["winners"]), more=len(truth["winners"]) + 2, sheet=quote(truth))


def test_why_an_undo_is_refused_names_the_rule():
    game = new_game(3, seed=2, controllers=["human", "human", "human"])
    assert game.why_no_undo(0) == ("cannot undo for seat 0: it has no placement since the "
                                   "last cards were drawn into the Gallery")
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.undo_seats() == [1] and game.why_no_undo(1) is None
    assert game.why_no_undo(0) == ("cannot undo for seat 0: seat 1 placed a card after it, "
                                   "and only the latest placement can be taken back")
    assert game.why_no_undo(2) == ("cannot undo for seat 2: it has no placement since the "
                                   "last cards were drawn into the Gallery")
    bots = new_game(3, seed=2)
    bots.play(bots.legal_moves()[0])
    assert bots.why_no_undo(1) == "cannot undo for seat 1: it is played by a bot"


def test_an_unfinished_game_cannot_have_a_result():
    game = new_game(2, seed=4)
    game.play(game.legal_moves()[0])
    record = game.record()
    record["result"] = finished()["result"]
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert str(caught.value) == "result: the game is not over, so it cannot have a result"
    record["result"] = None  # null is no result
    assert replay(record).ply == 1
