"""Seats, a new Game's defaults and the record's setup fields, each rule named.

Written for mutants of game.py and record.py that survived `make mutation`
(docs/testing.md): default seat names, the colour named when a seat takes two taken
colours, the Game constructor's defaults, ``Game.face`` unturned, and the record's
refusals of a non-object, a first player out of range and a seed below 0, while the
edge values (seat players - 1, seed 0) replay.
"""

import re

import pytest

from destijl import ROTATIONS, BadRecord, BadRequest, Game, IllegalMove, new_game, replay
from destijl.game import make_seats
from destijl.records import record_of


def small_game() -> Game:
    """A 3-player Game built with the constructor's defaults."""
    dealt = new_game(3, seed=5)
    return Game(dealt.seats, dealt.cards, dealt.deal)


# -- seats ------------------------------------------------------------------------------


def test_default_seat_names_count_from_1() -> None:
    assert [seat.name for seat in new_game(3, seed=1).seats] == ["Seat 1", "Seat 2", "Seat 3"]
    assert [seat.name for seat in make_seats(2)] == ["Seat 1", "Seat 2"]
    record = record_of(new_game(5, seed=1))
    assert [seat["name"] for seat in record["seats"]] == [f"Seat {n}" for n in range(1, 6)]


def test_a_seat_taking_two_taken_colours_names_both() -> None:
    with pytest.raises(BadRequest) as caught:
        new_game(2, seed=1, colors=[["R", "Y"], ["Y", "R"]])
    assert str(caught.value) == "seats[1].colors: colour RY is taken twice"


def test_a_seat_taking_one_taken_colour_names_it() -> None:
    with pytest.raises(BadRequest) as caught:
        new_game(3, seed=1, colors=[["R"], ["B"], ["B"]])
    assert str(caught.value) == "seats[2].colors: colour B is taken twice"


def test_a_seat_with_the_same_colour_twice_names_it() -> None:
    with pytest.raises(BadRequest) as caught:
        new_game(2, seed=1, colors=[["K", "K"], ["R", "Y"]])
    assert str(caught.value) == "seats[0].colors: colour K is taken twice"


# -- a new Game -------------------------------------------------------------------------


def test_the_constructor_allows_rotations_by_default() -> None:
    game = small_game()
    assert game.rotations is True
    assert game.allowed_rotations() == ROTATIONS
    turned = next(move for move in game.legal_moves() if move.rotation == 90)
    game.play(turned)
    assert game.ply == 1
    assert record_of(game)["options"]["rotations"] is True


def test_the_constructor_starts_with_seat_0_by_default() -> None:
    game = small_game()
    assert game.first_player == game.initial_first_player == 0
    assert game.current_seat == 0
    assert record_of(game)["first_player"] == 0
    move = game.legal_moves()[0]
    game.play(move, seat=0)
    assert game.history[0].seat == 0


def test_a_new_game_is_not_over_and_says_so_as_a_bool() -> None:
    for game in (new_game(2, seed=3), small_game()):
        assert game.is_over is False
        assert repr(game).endswith("over=False>")


def test_face_without_a_rotation_is_the_card_as_printed() -> None:
    game = new_game(4, seed=9)
    for card in game.gallery:
        assert game.face(card) == game.cards[card]
        assert game.face(card) == game.face(card, 0)


def test_face_turns_only_by_a_quarter_turn() -> None:
    game = new_game(4, seed=9)
    card = game.gallery[0]
    assert game.face(card, 360 // 4) != game.face(card)
    with pytest.raises(ValueError, match="rotation must be one of"):
        game.face(card, 1)


# -- the record's setup -----------------------------------------------------------------


@pytest.mark.parametrize(("record", "kind"), [([], "list"), ("{}", "str"), (None, "NoneType"),
                                              (7, "int")])
def test_a_record_must_be_a_json_object(record, kind) -> None:
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert caught.value.field == "record"
    assert caught.value.problem == f"expected a JSON object, got {kind}"
    assert str(caught.value) == f"record: expected a JSON object, got {kind}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_last_seat_may_hold_the_first_player_card(players) -> None:
    game = new_game(players, seed=11, first_player=players - 1)
    game.play(game.legal_moves()[0])
    again = replay(record_of(game))
    assert again.initial_first_player == players - 1
    assert again.history[0].seat == players - 1
    assert again.current_seat == 0


@pytest.mark.parametrize("first", [-1, -3])
def test_a_negative_first_player_is_refused(first) -> None:
    record = record_of(new_game(3, seed=11))
    record["first_player"] = first
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert caught.value.field == "first_player"
    assert str(caught.value) == f"first_player: expected a seat from 0 to 2, got {first}"


def test_a_first_player_past_the_last_seat_is_refused() -> None:
    record = record_of(new_game(3, seed=11))
    record["first_player"] = 3
    with pytest.raises(BadRecord, match=re.escape("first_player: expected a seat from 0 to 2")):
        replay(record)


def test_seed_0_replays() -> None:
    game = new_game(2, seed=0)
    game.play(game.legal_moves()[0])
    record = record_of(game)
    assert record["seed"] == 0
    again = replay(record)
    assert again.seed == 0
    assert record_of(again) == record


def test_a_negative_seed_is_refused() -> None:
    record = record_of(new_game(2, seed=0))
    record["seed"] = -1
    with pytest.raises(BadRecord) as caught:
        replay(record)
    assert caught.value.field == "seed"
    assert str(caught.value).startswith("seed: expected null or an integer from 0 to ")


def test_a_move_by_the_right_seat_after_a_late_first_player() -> None:
    game = new_game(3, seed=2, first_player=2)
    move = game.legal_moves()[0]
    with pytest.raises(IllegalMove, match="wrong seat, it is seat 2's turn, not seat 0's"):
        game.play(move, seat=0)
    game.play(move, seat=2)
    assert game.current_seat == 0
