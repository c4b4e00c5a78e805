"""The conformance test: seeded random games for every player count, checked at every ply."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from destijl import new_game, replay
from destijl.records import record_of

GAMES_PER_COUNT = 100
# Cards in a game, written out from the rulebook (Canvas deck 16/27/32/25, plus the first
# Painting card and the first Gallery card), and each seat's placements (deck / players).
DEALT = {2: 18, 3: 29, 4: 34, 5: 27}
PLACEMENTS_PER_SEAT = {2: 8, 3: 9, 4: 8, 5: 5}


def state_of(game):
    """Everything observable about a game, for equality checks."""
    return (dict(game.painting), game.gallery, game.deck_count, game.current_seat,
            game.round, game.first_player, game.is_over, tuple(game.history), game.undo_seats())


def check_game(players, seed, rotations=True):
    rng = random.Random(seed)
    game = new_game(players, seed, rotations=rotations, first_player=rng.randrange(players))
    total = DEALT[players]
    while not game.is_over:
        moves = game.legal_moves()
        assert moves, "a game that is not over always has a legal move"
        positions = {(move.x, move.y) for move in moves}
        assert all(2 <= game.painting.covered(x, y) <= 4 for x, y in positions)
        assert {move.card for move in moves} == set(game.gallery)
        # card counts are conserved: Painting cards + Gallery + deck + out of the game
        assert 1 + game.ply + len(game.gallery) + game.deck_count == total
        record = json.loads(json.dumps(record_of(game)))
        assert state_of(replay(record)) == state_of(game)
        game.play(rng.choice(moves))
    assert len(game.gallery) == 1 and game.deck_count == 0
    placed = [sum(1 for p in game.history if p.seat == seat) for seat in range(players)]
    assert placed == [PLACEMENTS_PER_SEAT[players]] * players
    final = replay(json.loads(json.dumps(record_of(game))))
    assert final.result().to_dict() == game.result().to_dict() == record_of(game)["result"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_random_games(players):
    for seed in range(GAMES_PER_COUNT):
        check_game(players, seed * 7919 + players, rotations=seed % 5 != 0)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), rotations=st.booleans())
def test_property_random_games(players, seed, rotations):
    check_game(players, seed, rotations)


def test_replay_stops_at_any_ply():
    game = new_game(3, seed=21)
    snapshots = [state_of(game)]
    while not game.is_over:
        game.play(game.legal_moves()[len(game.history) % 7])
        snapshots.append(state_of(game))
    record = record_of(game)
    for ply, snapshot in enumerate(snapshots):
        assert state_of(replay(record, upto=ply)) == snapshot
