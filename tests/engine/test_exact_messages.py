"""Exact texts the player and the front end read: score sheet details, move parsing
messages, a result that does not match, and why an undo is refused."""

import copy

import pytest

from destijl import (
    CARDS,
    BadRecord,
    BadRequest,
    IllegalMove,
    Move,
    new_game,
    replay,
    score_painting,
)
from destijl.cli import tie_break_text
from destijl.errors import quote
from destijl.records import record_of
from helpers import grid


def test_score_sheet_details_for_the_end_screen():
    sheet = score_painting(grid("RRRR.B.B.B.Y"), [["R"], ["B"], ["Y"]])
    assert sheet.details() == {
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
        "tied": [0, 1],
        "tie_break": "largest_stroke",
    }
    assert tie_break_text(sheet, ["Piet", "Theo", "Nelly"]) == (
        "Piet and Theo tied on 5 points; Piet wins with the largest single stroke (4 cells).")
    assert tie_break_text(sheet, ["You", "Theo", "Nelly"]) == (  # "You win", not "You wins"
        "You and Theo tied on 5 points; You win with the largest single stroke (4 cells).")


def test_score_sheet_details_without_a_tie_or_with_a_shared_victory():
    alone = score_painting(grid("RRR.B"), [["R"], ["B"]])
    assert alone.details()["tie_break"] is None and alone.details()["bonus_ranks"] == [
        {"rank": 1, "points": 3, "size": 3, "seats": [0]}]
    assert alone.details()["tied"] == [] and tie_break_text(alone, ["Piet", "Theo"]) is None
    shared = score_painting(grid("RR.BB"), [["R"], ["B"]])
    assert shared.details()["tie_break"] == "shared" and shared.details()["tied"] == [0, 1]
    assert tie_break_text(shared, ["Piet", "Theo"]) == (
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
    return record_of(game)


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
    assert game.why_no_undo(0) == "cannot undo for seat 0: it has not placed a card yet"
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.undo_seats() == [1] and game.why_no_undo(1) is None
    assert game.why_no_undo(0) == ("cannot undo for seat 0: seat 1 placed a card after it, "
                                   "and only the latest placement can be taken back")
    assert game.why_no_undo(2) == "cannot undo for seat 2: it has not placed a card yet"
    bots = new_game(3, seed=2)
    bots.play(bots.legal_moves()[0])
    assert bots.why_no_undo(1) == "cannot undo for seat 1: it is played by a bot"


def test_an_unfinished_game_cannot_have_a_result():
    game = new_game(2, seed=4)
    game.play(game.legal_moves()[0])
    record = record_of(game)
    record["result"] = finished()["result"]
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert str(caught.value) == "result: the game is not over, so it cannot have a result"
    record["result"] = None  # null is no result
    assert replay(record).ply == 1


def card_key(record, index=3):
    return str(record["deal"][index])


# Every refusal of record.py with its whole message, on a finished 2-player record.
RECORD_MESSAGES = [
    (lambda r: r.clear() or r.update(x=1), "format: expected 'destijl-record/1', got None"),
    (lambda r: r.update(options=[2]), "options: expected an object, got list"),
    (lambda r: r.update(seats={}), "seats: expected a list, got dict"),
    (lambda r: r["options"].update(players=2.0), "options.players: expected 2 to 5, got 2.0"),
    (lambda r: r["options"].update(rotations=1),
     "options.rotations: expected true or false, got 1"),
    (lambda r: r["seats"].pop(), "seats: expected 2 seats, got 1"),
    (lambda r: r["seats"].__setitem__(1, "Theo"),
     "seats[1]: expected an object with name, colors, controller"),
    (lambda r: r["seats"][1].update(controller=["human"]),
     "seats[1].controller: expected one of human, bot:random, bot:easy, bot:steady, "
     "bot:keen, bot:medium, bot:hard, bot:expert, bot:mine, got ['human']"),
    (lambda r: r["seats"][1].update(name=""),
     "seats: seats[1].name: expected 1 to 40 characters, got ''"),
    (lambda r: r.update(first_player=2), "first_player: expected a seat from 0 to 1, got 2"),
    (lambda r: r["cards"].update({"024": r["cards"][card_key(r)]}),
     'cards: card id \'024\' is not one of "1" to "40" written plainly'),
    (lambda r: r["cards"].update({card_key(r): ["RRR", "RRR"]}),
     "cards.{key}: expected three rows of three letters from RYBKW, got ['RRR', 'RRR']"),
    (lambda r: r["cards"].update({card_key(r): ["RRR", "RRR", "RRR"]}),
     "cards.{key}: ['RRR', 'RRR', 'RRR'] is not the face of card {key}, which is {face}"),
    (lambda r: r["deal"].pop(), "deal: expected 18 card ids for 2 players, got 17"),
    (lambda r: r["deal"].__setitem__(5, "7"), "deal[5]: '7' is not a card id listed in cards"),
    (lambda r: r["deal"].__setitem__(5, r["deal"][3]),
     "deal: card {key} is dealt twice, at 3 and 5"),
    (lambda r: r["cards"].update({str(next(c for c in range(1, 41) if c not in r["deal"])):
                                  None}),
     "cards.{unused}: expected three rows of three letters from RYBKW, got None"),
    (lambda r: r.update(seed=-1),
     "seed: expected null or an integer from 0 to 9007199254740991, got -1"),
    (lambda r: r.update(moves={}), "moves: expected a list, got dict"),
    (lambda r: r["moves"].__setitem__(2, [0, 1, 2, 3, 4]),
     "moves[2]: expected an object with seat, card, x, y, rotation"),
    (lambda r: r["moves"][2].update(x="3"), "moves[2].x: expected an integer, got '3'"),
    (lambda r: r["moves"][2].pop("seat"), "moves[2].seat: expected an integer, got None"),
]


@pytest.mark.parametrize(("edit", "message"), RECORD_MESSAGES)
def test_each_refusal_of_a_record_has_its_exact_message(edit, message):
    record = finished()
    tampered = copy.deepcopy(record)
    edit(tampered)
    key = card_key(record)
    unused = next(c for c in range(1, 41) if c not in record["deal"])
    with pytest.raises(BadRecord) as caught:
        replay(tampered)
    assert str(caught.value) == message.format(key=key, face=list(CARDS[int(key)]),
                                               unused=unused)


def test_a_listed_card_that_is_not_dealt_is_refused():
    record = finished()
    unused = next(c for c in range(1, 41) if c not in record["deal"])
    record["cards"][str(unused)] = list(CARDS[unused])
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert str(caught.value) == f"cards: card {unused} is listed but not dealt"


@pytest.mark.parametrize("upto", [-1, 17, True, 1.0, "3"])
def test_a_ply_outside_the_record_is_refused(upto):
    with pytest.raises(BadRecord) as caught:
        replay(finished(), upto=upto)
    assert str(caught.value) == f"ply: expected an integer from 0 to 16, got {upto!r}"


def test_a_seat_without_a_controller_is_played_by_a_human():
    record = finished()
    del record["seats"][1]["controller"]
    game = replay(record)
    assert [seat.controller for seat in game.seats] == ["human", "human"]
    assert record_of(game)["seats"][1]["controller"] == "human"


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 6}, "players: expected 2 to 5, got 6"),
    ({"players": True}, "players: expected 2 to 5, got True"),
    ({"seed": -1}, "seed: expected an integer from 0 to 9007199254740991, got -1"),
    ({"seed": "x"}, "seed: expected an integer from 0 to 9007199254740991, got 'x'"),
    ({"rotations": 1}, "rotations: expected true or false, got 1"),
    ({"first_player": 3}, "first_player: expected a seat from 0 to 2, got 3"),
    ({"first_player": -1}, "first_player: expected a seat from 0 to 2, got -1"),
    ({"seed": 2**53}, "seed: expected an integer from 0 to 9007199254740991, got 9007199254740992"),
    ({"colors": [["R"], ["Y"]]}, "colors: expected one entry per seat (3)"),
    ({"names": ("a", "b")}, "names: expected one entry per seat (3)"),
    ({"controllers": "abc"}, "controllers: expected one entry per seat (3)"),
    ({"players": 2, "colors": [["R"], ["B", "K"]]},
     "seats[0].colors: expected 2 colour letter(s) from R, Y, B, K, W, got ['R']"),
    ({"colors": [["R"], ["G"], ["B"]]},
     "seats[1].colors: expected 1 colour letter(s) from R, Y, B, K, W, got ['G']"),
    ({"colors": [["R"], ["R"], ["B"]]}, "seats[1].colors: colour R is taken twice"),
    ({"players": 2, "colors": [["R", "R"], ["B", "K"]]},
     "seats[0].colors: colour R is taken twice"),
    ({"names": ["a", " ", "c"]}, "seats[1].name: expected 1 to 40 characters, got ' '"),
    ({"names": ["a", "x" * 41, "c"]},
     f"seats[1].name: expected 1 to 40 characters, got '{'x' * 41}'"),
    ({"controllers": ["human", "bot:god", "human"]},
     "seats[1].controller: expected one of human, bot:random, bot:easy, bot:steady, "
     "bot:keen, bot:medium, bot:hard, bot:expert, bot:mine, got 'bot:god'"),
])
def test_each_refusal_of_new_game_has_its_exact_message(options, message):
    with pytest.raises(BadRequest) as caught:
        new_game(**{"players": 3, "seed": 1, **options})
    assert str(caught.value) == message


def test_names_are_trimmed_and_40_characters_are_allowed():
    game = new_game(3, seed=1, names=[" Piet ", "x" * 40, "Nelly"])
    assert [seat.name for seat in game.seats] == ["Piet", "x" * 40, "Nelly"]


@pytest.mark.parametrize(("cells", "seats", "players", "message"), [
    ({}, "RB", None, "seats: expected a list of 2 to 5 seats, each a list of colour letters"),
    ({}, [["R"]], None, "seats: expected a list of 2 to 5 seats, each a list of colour letters"),
    ({}, [["R"], ["B"], ["Y"], ["K"], ["W"], []], None,
     "seats: expected a list of 2 to 5 seats, each a list of colour letters"),
    ({}, [["R"], []], None, "seats[1]: expected a non-empty list of colour letters"),
    ({}, [["R"], ["Q"]], None, "seats[1]: 'Q' is not one of R, Y, B, K, W"),
    ({}, [["R"], ["R"]], None, "seats[1]: colour R belongs to two seats"),
    ({}, [["R"], ["B"]], 7, "players: expected 2 to 5, got 7"),
    ({}, [["R"], ["B"]], True, "players: expected 2 to 5, got True"),
    ([], [["R"], ["B"]], None, "cells: expected a mapping (x, y) -> colour letter"),
    ({(0, True): "R"}, [["R"], ["B"]], None,
     "cells: (0, True) is not an (x, y) pair of integers"),
    ({(0, 0): "Q"}, [["R"], ["B"]], None, "cells[(0, 0)]: 'Q' is not one of R, Y, B, K, W"),
])
def test_each_refusal_of_scoring_has_its_exact_message(cells, seats, players, message):
    with pytest.raises(BadRequest) as caught:
        score_painting(cells, seats, players)
    assert str(caught.value) == message


def test_each_illegal_move_has_its_exact_message():
    game = new_game(3, seed=4)
    assert game.gallery == (28, 27, 40, 24)
    messages = {
        Move(99, 1, 1, 0): "99@1,1r0: card 99 is not in the Gallery (28, 27, 40, 24)",
        Move(28, 1, 1, 45): "28@1,1r45: bad rotation 45 (0, 90, 180 or 270)",
        Move(28, 9, 9, 0): ("28@9,9r0: the card covers 0 cells of the Painting; it must "
                            "cover 2 to 4"),
        Move(28, 1.5, 1, 0): "28@1.5,1r0: x must be an integer, not 1.5",
    }
    for move, message in messages.items():
        with pytest.raises(IllegalMove) as caught:
            game.check(move)
        assert str(caught.value) == message
    with pytest.raises(IllegalMove) as caught:
        game.check(Move(28, 1, 1, 0), seat=2)
    assert str(caught.value) == "28@1,1r0: wrong seat, it is seat 0's turn, not seat 2's"
    with pytest.raises(IllegalMove) as caught:
        game.check("28@1,1r0")
    assert str(caught.value) == "expected a Move, got '28@1,1r0'"
    off = new_game(3, seed=4, rotations=False)
    with pytest.raises(IllegalMove) as caught:
        off.check(Move(28, 1, 1, 90))
    assert str(caught.value) == "28@1,1r90: bad rotation 90 (only 0, rotations are off)"


def test_a_game_without_a_seed_gets_a_random_31_bit_seed_and_keeps_it():
    """No seed: the engine draws one (below 2**31, short enough for a link) and records it,
    so the game still replays; 40 draws all below 2**20 or all alike would be a bug."""
    seeds = [new_game(2).seed for _ in range(40)]
    assert all(isinstance(seed, int) and 0 <= seed < 2**31 for seed in seeds)
    assert max(seeds) >= 2**20 and len(set(seeds)) > 30
    game = new_game(3)
    assert record_of(game)["seed"] == game.seed and replay(record_of(game)).deal == game.deal


def test_the_largest_seed_javascript_holds_exactly_is_allowed():
    assert new_game(2, seed=2**53 - 1).seed == 9007199254740991
    assert new_game(2, seed=0, first_player=1).current_seat == 1
