"""Setup, turn order, rounds, game end and the rule named by each illegal move."""

import pytest

from destijl import CARDS, BadRequest, IllegalMove, Move, new_game

# The rulebook's numbers, written out (never read from the engine, so a wrong table there
# fails here). Setup: "2 Players 16 Cards, 3 Players 27, 4 Players 32, 5 Players 25";
# one card forms the Painting, one the Gallery, then one per player joins the Gallery.
# players: (Canvas deck, Gallery after setup, deck left after setup, placements per seat)
RULEBOOK = {
    2: (16, 3, 14, 8),
    3: (27, 4, 24, 9),
    4: (32, 5, 28, 8),
    5: (25, 6, 20, 5),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_painting_gallery_and_deck(players):
    deck, gallery, left, _ = RULEBOOK[players]
    game = new_game(players, seed=11)
    assert len(game.deal) == 2 + deck
    assert len(set(game.deal)) == len(game.deal) and set(game.deal) <= set(CARDS)
    assert dict(game.painting) == {
        (x, y): CARDS[game.deal[0]][y][x] for x in range(3) for y in range(3)
    }
    assert len(game.gallery) == gallery
    assert game.gallery == (game.deal[1], *game.deal[2 : 2 + players])
    assert game.deck_count == left
    assert game.current_seat == 0 and game.round == 1
    assert all(len(seat.colors) == (2 if players == 2 else 1) for seat in game.seats)


def test_same_seed_same_deal_other_seed_other_deal():
    assert new_game(4, seed=5).deal == new_game(4, seed=5).deal
    assert new_game(4, seed=5).deal != new_game(4, seed=6).deal


def test_rounds_pass_the_first_player_clockwise_and_draw():
    game = new_game(3, seed=2, first_player=2)
    order = []
    for _ in range(6):
        order.append(game.current_seat)
        game.play(game.legal_moves()[0])
    assert order == [2, 0, 1, 0, 1, 2]
    assert game.round == 3 and game.first_player == 1
    assert len(game.gallery) == 4 and game.deck_count == 27 - 9


def test_gallery_keeps_one_card_between_rounds():
    game = new_game(2, seed=3)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert len(game.gallery) == 3  # one left over + two drawn


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_game_ends_with_one_card_left(players):
    deck, gallery, _, per_seat = RULEBOOK[players]
    game = new_game(players, seed=8)
    assert game.total_plies == deck and game.total_rounds == per_seat
    count = 0
    while not game.is_over:
        if game.ply % players == 0:  # a round begins: the Gallery holds one card per player + 1
            assert len(game.gallery) == gallery and game.round == game.ply // players + 1
        game.play(game.legal_moves()[-1])
        count += 1
    assert count == deck
    assert [sum(p.seat == seat for p in game.history) for seat in range(players)] == (
        [per_seat] * players)
    assert len(game.gallery) == 1 and game.deck_count == 0
    assert game.current_seat is None and game.legal_moves() == []
    assert game.result() is not None


def test_illegal_moves_name_the_rule():
    game = new_game(2, seed=4)
    outside = next(card for card in CARDS if card not in game.gallery)
    card = game.gallery[0]
    with pytest.raises(IllegalMove, match="not in the Gallery"):
        game.play(Move(outside, 1, 1, 0))
    with pytest.raises(IllegalMove, match="covers 9 cells"):
        game.play(Move(card, 0, 0, 0))
    with pytest.raises(IllegalMove, match="covers 0 cells"):
        game.play(Move(card, 10, 10, 0))
    with pytest.raises(IllegalMove, match="covers 1 cells"):
        game.play(Move(card, 2, 2, 0))
    with pytest.raises(IllegalMove, match="bad rotation 45"):
        game.play(Move(card, 1, 1, 45))
    with pytest.raises(IllegalMove, match="wrong seat"):
        game.play(Move(card, 1, 1, 0), seat=1)
    assert game.ply == 0 and len(game.gallery) == 3  # nothing changed


def test_rotation_off_allows_only_zero():
    game = new_game(3, seed=4, rotations=False)
    assert {move.rotation for move in game.legal_moves()} == {0}
    with pytest.raises(IllegalMove, match="rotations are off"):
        game.play(Move(game.gallery[0], 1, 1, 90))


def test_game_over_refuses_moves():
    game = new_game(5, seed=1)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMove, match="game is over"):
        game.play(Move(game.gallery[0], 1, 1, 0))


def test_rotated_card_lands_rotated():
    game = new_game(2, seed=9)
    card = game.gallery[0]
    game.play(Move(card, 2, 1, 90))
    face = game.face(card, 90)
    assert all(game.painting[(2 + dx, 1 + dy)] == face[dy][dx]
               for dx in range(3) for dy in range(3))


def test_undo_seats_follow_the_latest_human_placement_until_the_end():
    game = new_game(3, seed=6)
    assert game.undo_seats() == []
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.undo_seats() == [0]  # seat 1 is a bot: the latest human placement is seat 0's
    game.play(game.legal_moves()[0])  # round ends, cards are drawn
    assert game.undo_seats() == [0]  # across the draw too (docs/rules.md, issue 15)
    while game.current_seat is not None:
        game.play(game.legal_moves()[0])
    assert game.undo_seats() == []  # not once the game is over


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 6}, {"players": "3"}, {"players": 3, "seed": "x"},
        {"players": 3, "rotations": "yes"}, {"players": 3, "first_player": 3},
        {"players": 2, "colors": [["R"], ["B"]]}, {"players": 3, "colors": [["R"], ["R"], ["B"]]},
        {"players": 3, "names": ["", "b", "c"]}, {"players": 3, "controllers": ["god"] * 3},
        {"players": 3, "colors": [["Q"], ["R"], ["B"]]},
    ],
)
def test_new_game_rejects_bad_options(kwargs):
    with pytest.raises(BadRequest):
        new_game(**kwargs)
