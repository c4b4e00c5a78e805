"""Every rule the engine enforces, broken on purpose, at every door: ``Game.check``,
``is_legal``, ``play``, ``replay`` and the JSON API. Each is refused with the right error
type and a message naming the rule, and nothing changes.

The rule texts come from the rulebook: a card "must cover two, three, or four of the
Painting's cells", it is chosen "in the Gallery", seats play in turn, and a card is
turned by a quarter turn (0, 90, 180 or 270 degrees, or only 0 with rotations off).
"""

import copy
import json
import re

import pytest

from destijl import BadRecord, BadRequest, IllegalMove, Move, new_game, replay
from destijl.api import handle
from destijl.records import record_of

COVER_RULE = r"it must cover 2 to 4"


def call(cmd, **args):
    return json.loads(handle(json.dumps({"cmd": cmd, "args": args})))


def position_covering(game, count):
    """A top-left (x, y) where a card would cover exactly ``count`` cells, or None."""
    min_x, min_y, max_x, max_y = game.painting.bounds()
    for y in range(min_y - 3, max_y + 2):
        for x in range(min_x - 3, max_x + 2):
            if game.painting.covered(x, y) == count:
                return x, y
    return None


def game_with_every_cover_count():
    """A seeded 3-player game a few plies in, whose Painting has every count 0..9 somewhere."""
    game = new_game(3, seed=4)
    while any(position_covering(game, n) is None for n in range(10)):
        game.play(game.legal_moves()[game.ply * 7 % len(game.legal_moves())])
    return game


GAME = game_with_every_cover_count()


def assert_refused(game, move, pattern, seat=None):
    """``move`` is refused everywhere with IllegalMove matching ``pattern``; nothing changes."""
    game = game.clone()
    before = record_of(game)
    assert game.is_legal(move) is (seat is not None)  # a seat problem is not a move problem
    with pytest.raises(IllegalMove, match=pattern):
        game.check(move, seat)
    with pytest.raises(IllegalMove, match=pattern):
        game.play(move, seat)
    assert record_of(game) == before
    assert (move in game.legal_moves()) is (seat is not None)
    record = copy.deepcopy(before)
    current = game.current_seat if seat is None else seat
    record["moves"].append({"seat": current, **move.to_dict()})
    with pytest.raises(BadRecord, match=rf"^moves\[{game.ply}\]: .*{pattern}"):
        replay(record)
    if seat is None:
        reply = call("play", record=before, move=move.to_dict())
        assert not reply["ok"] and reply["error"]["type"] == "IllegalMove", reply
        assert re.search(pattern, reply["error"]["message"]), reply


@pytest.mark.parametrize("count", [0, 1, 5, 6, 7, 8, 9])
def test_a_card_covering_other_than_2_to_4_cells_is_refused(count):
    x, y = position_covering(GAME, count)
    move = Move(GAME.gallery[0], x, y, 0)
    assert_refused(GAME, move, rf"covers {count} cells of the Painting; {COVER_RULE}")


@pytest.mark.parametrize("count", [2, 3, 4])
def test_a_card_covering_2_3_or_4_cells_is_legal(count):
    x, y = position_covering(GAME, count)
    move = Move(GAME.gallery[-1], x, y, 90)
    assert GAME.is_legal(move) and move in GAME.legal_moves()
    game = GAME.clone()
    game.play(move, GAME.current_seat)
    assert game.ply == GAME.ply + 1 and move.card not in game.gallery


def test_the_first_painting_has_the_cover_counts_of_a_3x3_card():
    """On the opening Painting (one card at 0,0), the counts are products of overlaps."""
    game = new_game(2, seed=4)
    expected = {(0, 0): 9, (1, 0): 6, (0, 1): 6, (1, 1): 4, (2, 0): 3, (2, 1): 2, (2, 2): 1,
                (-2, -2): 1, (-1, -1): 4, (-2, 0): 3, (3, 0): 0, (0, -3): 0, (-3, -3): 0}
    assert {pos: game.painting.covered(*pos) for pos in expected} == expected
    legal = {(move.x, move.y) for move in game.legal_moves()}
    assert legal == {pos for pos, n in game.painting.cover_counts().items() if 2 <= n <= 4}
    assert len(legal) == 16  # 25 positions touch the card; 9 cover 1, 6 or 9 cells


@pytest.mark.parametrize("where", [(1000, 1000), (-50, 1), (1, -50), (10**9, -(10**9))])
def test_a_card_off_the_painting_is_refused(where):
    move = Move(GAME.gallery[0], *where, 0)
    assert_refused(GAME, move, rf"covers 0 cells of the Painting; {COVER_RULE}")


def not_in_gallery():
    """Card ids that are not in GAME's Gallery, each for a different reason."""
    played = GAME.history[0].move.card
    return {
        "the first Painting card": GAME.deal[0],
        "a card already played": played,
        "a card still in the Canvas deck": GAME.deal[-1],
        "a card left out of the game": next(c for c in range(1, 41) if c not in GAME.deal),
        "zero": 0, "41": 41, "negative": -3, "huge": 10**12,
    }


@pytest.mark.parametrize("card", list(not_in_gallery().values()), ids=list(not_in_gallery()))
def test_a_card_not_in_the_gallery_is_refused(card):
    x, y = position_covering(GAME, 3)
    assert_refused(GAME, Move(card, x, y, 0), rf"card {card} is not in the Gallery")


@pytest.mark.parametrize("offset", [1, 2])
def test_a_move_by_a_seat_whose_turn_it_is_not_is_refused(offset):
    x, y = position_covering(GAME, 2)
    seat = (GAME.current_seat + offset) % GAME.players
    assert_refused(GAME, Move(GAME.gallery[0], x, y, 0), "wrong seat", seat=seat)


@pytest.mark.parametrize("seat", [-1, 3, 99])
def test_a_seat_that_does_not_exist_is_refused(seat):
    x, y = position_covering(GAME, 2)
    assert_refused(GAME, Move(GAME.gallery[0], x, y, 0), "wrong seat", seat=seat)


@pytest.mark.parametrize("rotation", [45, -90, 360, 1, 89, 91, 450])
def test_a_rotation_that_is_not_a_quarter_turn_is_refused(rotation):
    x, y = position_covering(GAME, 2)
    assert_refused(GAME, Move(GAME.gallery[0], x, y, rotation),
                   rf"bad rotation {rotation} \(0, 90, 180 or 270\)")


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_with_rotations_off_only_0_is_allowed(rotation):
    game = new_game(3, seed=4, rotations=False)
    assert_refused(game, Move(game.gallery[0], 1, 1, rotation),
                   rf"bad rotation {rotation} \(only 0, rotations are off\)")
    assert game.is_legal(Move(game.gallery[0], 1, 1, 0))


@pytest.mark.parametrize("rotation", [90.0, True, "90", None, [90]])
def test_a_rotation_that_is_not_an_integer_is_refused_by_the_game(rotation):
    game = GAME.clone()
    x, y = position_covering(game, 2)
    move = Move(game.gallery[0], x, y, rotation)
    before = record_of(game)
    assert not game.is_legal(move)
    with pytest.raises(IllegalMove, match=r": rotation must be an integer, not "):
        game.play(move)
    assert record_of(game) == before


@pytest.mark.parametrize(("field", "value"), [
    (field, value) for field in ("card", "x", "y", "seat") for value in (1.0, True, "1", None)
    if (field, value) != ("seat", None)  # no seat given: the current seat plays
])
def test_a_number_field_that_is_not_an_integer_is_refused_by_the_game(field, value):
    game = GAME.clone()
    x, y = position_covering(game, 2)
    values = {"card": game.gallery[0], "x": x, "y": y, "seat": game.current_seat}
    values[field] = value
    move = Move(values["card"], values["x"], values["y"], 0)
    before = record_of(game)
    rule = "wrong seat" if field == "seat" else f": {field} must be an integer, not "
    assert not game.is_legal(move) or field == "seat"
    with pytest.raises(IllegalMove, match=rule):
        game.play(move, values["seat"])
    assert record_of(game) == before


@pytest.mark.parametrize("field", ["seat", "card", "x", "y", "rotation"])
@pytest.mark.parametrize("value", [90.0, True, False, "90", None, [0], {"v": 0}])
def test_a_record_move_field_that_is_not_an_integer_is_refused(field, value):
    record = record_of(GAME)
    record["moves"][0][field] = value
    with pytest.raises(BadRecord, match=rf"^moves\[0\]\.{field}: expected an integer"):
        replay(record)


@pytest.mark.parametrize("field", ["card", "x", "y", "rotation"])
@pytest.mark.parametrize("value", [90.0, True, "90", None])
def test_an_api_move_field_that_is_not_an_integer_is_refused(field, value):
    x, y = position_covering(GAME, 2)
    move = {"card": GAME.gallery[0], "x": x, "y": y, "rotation": 0, field: value}
    reply = call("play", record=record_of(GAME), move=move)
    assert not reply["ok"] and reply["error"]["type"] == "BadRequest"
    assert reply["error"]["message"].startswith(f"move.{field}: expected an integer")


@pytest.mark.parametrize("text", ["17@3,-1r", "17@3.0,1r0", "x@1,1r0", "17@1,1r90.0",
                                  "-17@1,1r0", "17@1,1r-90", " ", "", "17 @1,1r0"])
def test_bad_move_text_is_refused(text):
    with pytest.raises(BadRequest, match="move: expected text like '17@3,-1r90'"):
        Move.parse(text)


@pytest.mark.parametrize("letter", ["G", "r", "?", "0", " ", "RR"])
def test_a_card_face_letter_outside_rybkw_is_refused(letter):
    record = record_of(GAME)
    card = str(record["deal"][3])
    rows = record["cards"][card]
    rows[1] = rows[1][:1] + letter + rows[1][2:] if len(letter) == 1 else rows[1] + letter
    with pytest.raises(BadRecord, match=rf"^cards\.{card}: expected three rows of three "
                                        "letters from RYBKW"):
        replay(record)


@pytest.mark.parametrize("letter", ["G", "r", "", "RY", 1, None])
def test_a_seat_colour_outside_rybkw_is_refused(letter):
    with pytest.raises(BadRequest, match=r"seats\[1\]\.colors: expected 1 colour letter"):
        new_game(3, seed=1, colors=[["R"], [letter], ["B"]])
    record = record_of(new_game(3, seed=1))
    record["seats"][1]["colors"] = [letter]
    with pytest.raises(BadRecord, match=r"^seats: seats\[1\]\.colors: expected 1 colour"):
        replay(record)


@pytest.mark.parametrize("letter", ["G", "r", "", "RR", 0, None])
def test_a_painting_letter_outside_rybkw_is_refused_by_scoring(letter):
    reply = call("score", cells=[[0, 0, "R"], [1, 0, letter]], seats=[["R"], ["B"]])
    assert not reply["ok"] and reply["error"]["type"] == "BadRequest", reply
    assert "is not one of R, Y, B, K, W" in reply["error"]["message"]


def test_a_finished_game_refuses_every_move():
    game = new_game(2, seed=4)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    move = Move(game.gallery[0], 1, 1, 0)
    assert not game.is_legal(move) and game.legal_moves() == []
    with pytest.raises(IllegalMove, match=r"the game is over"):
        game.check(move)
    record = record_of(game)
    record["moves"].append({"seat": 0, **move.to_dict()})
    with pytest.raises(BadRecord, match=r"^moves\[16\]: .*the game is over"):
        replay(record)


def test_check_names_the_first_broken_rule_in_a_fixed_order():
    """Over, then seat, then Gallery, then rotation, then cover: one message, the first."""
    game = GAME.clone()
    wrong_seat = (game.current_seat + 1) % game.players
    everything_wrong = Move(99, 500, 500, 45)
    with pytest.raises(IllegalMove, match="wrong seat"):
        game.check(everything_wrong, wrong_seat)
    with pytest.raises(IllegalMove, match="not in the Gallery"):
        game.check(everything_wrong)
    with pytest.raises(IllegalMove, match="bad rotation"):
        game.check(Move(game.gallery[0], 500, 500, 45))
    with pytest.raises(IllegalMove, match="covers 0 cells"):
        game.check(Move(game.gallery[0], 500, 500, 0))


def test_check_refuses_what_is_not_a_move():
    for thing in [None, (1, 0, 0, 0), {"card": 1, "x": 0, "y": 0, "rotation": 0}, "1@0,0r0"]:
        assert not GAME.is_legal(thing)
        with pytest.raises(IllegalMove, match="expected a Move"):
            GAME.check(thing)
