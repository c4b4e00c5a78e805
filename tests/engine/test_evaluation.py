"""The expert level's learned evaluation: its features, the shipped weights and their
training script (deterministic for a seed)."""

import importlib.util
import random
from pathlib import Path

import pytest

from destijl import new_game
from destijl.bots.evaluation import (
    FEATURES,
    EvaluationError,
    closed_strokes,
    evaluate,
    features,
    largest_strokes,
    weights_for,
)
from destijl.bots.expert import ExpertBot
from destijl.bots.hidden import unseen_cards
from destijl.bots.simple import MediumBot
from destijl.scoring import score_painting
from destijl.tally.board import Board
from destijl.tally.scorer import Scorer

TRAIN = Path(__file__).resolve().parents[2] / "build_scripts" / "research" / "train_eval.py"


def played(players, seed, plies):
    game = new_game(players, seed=seed)
    bot, rng = MediumBot(), random.Random(seed)
    while game.ply < plies and not game.is_over:
        game.play(bot.choose(game, rng))
    board = Board.from_cells(game.painting)
    return game, board, Scorer([seat.colors for seat in game.seats])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_weights_ship_for_every_player_count(players):
    weights = weights_for(players)
    assert set(weights) <= set(FEATURES) and weights["margin"] > 0


def test_unknown_weights_are_refused(monkeypatch):
    with pytest.raises(EvaluationError, match="none for 6 players"):
        weights_for(6)
    from destijl.bots import eval_weights

    monkeypatch.setitem(eval_weights.WEIGHTS, 2, {"margin": 1.0, "luck": 2.0})
    with pytest.raises(EvaluationError, match="unknown features"):
        weights_for(2)


def test_nothing_is_closed_at_the_start_and_strokes_close_as_the_painting_grows():
    game, board, scorer = played(2, 3, 0)
    assert closed_strokes(board, scorer) == [0, 0]
    game, board, scorer = played(2, 3, game.total_plies)
    closed = closed_strokes(board, scorer)
    sheet = score_painting(game.painting, [seat.colors for seat in game.seats])
    assert sum(closed) > 0
    assert all(0 <= c <= line.strokes for c, line in zip(closed, sheet.seats, strict=True))


def test_largest_strokes_match_the_score_sheet():
    game, board, scorer = played(3, 5, 12)
    sizes = {}
    for letter, size in board.stroke_sizes():
        sizes[letter] = max(sizes.get(letter, 0), size)
    assert largest_strokes(board, scorer) == [
        max(sizes.get(c, 0) for c in seat.colors) for seat in game.seats]


def test_two_player_features_mirror_and_the_margin_weight_gives_the_margin():
    _, board, scorer = played(2, 7, 9)
    mine, theirs = (features(board, scorer, seat, 0.4) for seat in (0, 1))
    assert mine[:-1] == [-v for v in theirs[:-1]] and mine[-1] == theirs[-1] == 1.0
    totals = scorer.totals(board)
    assert evaluate(board, scorer, 0, 0.4, {"margin": 1.0}) == totals[0] - totals[1]


@pytest.mark.parametrize("players", [2, 4])
def test_the_learned_evaluation_plays_legal_moves_within_the_budget_and_seeded(players):
    game, _, _ = played(players, 2, 5)
    bot = ExpertBot(iterations=24, learned=1)
    move = bot.choose(game.clone(), random.Random(1))
    assert game.is_legal(move) and bot.playouts == 24
    assert ExpertBot(iterations=24, learned=1).choose(game.clone(), random.Random(1)) == move


def test_the_training_script_is_deterministic_for_a_seed():
    spec = importlib.util.spec_from_file_location("train_eval", TRAIN)
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    first, again = (train.train(2, 4, seed=9) for _ in range(2))
    assert first == again and set(first) == set(FEATURES)
    namespace = {}
    exec(train.render({2: (first, "cmd")}), namespace)  # the module it writes is plain data
    assert namespace["WEIGHTS"] == {2: first}
    assert set(train.shipped()) == {2, 3, 4, 5}  # the shipped file reads back


def test_the_learned_evaluation_does_not_peek_at_the_hidden_deck():
    """Other hidden decks (order and cards), the same public state: the same move."""
    game, _, _ = played(2, 6, 3)
    twins = [game.clone() for _ in range(2)]
    random.Random(1).shuffle(twins[0]._deck)
    twins[1]._deck = random.Random(2).sample(unseen_cards(game), game.deck_count)
    assert all(twin._deck != game._deck for twin in twins)
    moves = {ExpertBot(iterations=30, learned=1).choose(state, random.Random(3))
             for state in (game, *twins)}
    assert len(moves) == 1
