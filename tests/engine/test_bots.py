"""The bot levels: legal moves in every phase, determinism, the hard bot's budgets, the CLI."""

import json
import random

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.bots import level_names, make_bot
from destijl.bots.hard import HardBot
from destijl.bots.hidden import seen_cards, unseen_cards
from destijl.bots.simple import ranked
from destijl.cli import main

LEVELS = ("easy", "medium", "hard")


def small(level):
    """The level, with the hard bot on a small budget so that whole games stay quick."""
    return HardBot(iterations=12) if level == "hard" else make_bot(level)


def test_the_levels_are_registered():
    assert {"random", *LEVELS} <= set(level_names())
    assert make_bot("hard", time_ms=1200).time_ms == 1200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_legal_moves_through_whole_games(players):
    for seed in range(2):
        game = new_game(players, seed=players * 10 + seed, rotations=seed == 0)
        bots = [small(LEVELS[(seat + seed) % 3]) for seat in range(players)]
        rng = random.Random(seed)
        while not game.is_over:
            move = bots[game.current_seat].choose(game, rng)
            assert game.is_legal(move), (move, game)
            game.play(move)
        assert game.result() is not None


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_gives_the_same_move(level):
    game = new_game(3, seed=8)
    rng = random.Random(0)
    for _ in range(7):
        game.play(make_bot("medium").choose(game, rng))
    first = small(level).choose(game.clone(), random.Random(42))
    again = small(level).choose(game.clone(), random.Random(42))
    assert first == again


def test_bot_move_through_the_api_is_deterministic():
    game = new_game(2, seed=3)
    request = json.dumps({"cmd": "bot_move", "args": {"record": game.record(), "level": "easy"}})
    replies = [json.loads(handle(request)) for _ in range(2)]
    assert replies[0]["ok"] and replies[0] == replies[1]


def test_hard_runs_exactly_its_iteration_budget():
    game = new_game(4, seed=2)
    for iterations in (5, 17, 40):
        bot = HardBot(iterations=iterations)
        assert game.is_legal(bot.choose(game, random.Random(1)))
        assert bot.playouts == iterations


def test_hard_stops_at_its_time_limit():
    game = new_game(5, seed=2)
    bot = HardBot(iterations=10**6, time_ms=30)
    assert game.is_legal(bot.choose(game, random.Random(1)))
    assert bot.playouts < 10**6  # with no time for any playout it plays the medium choice


def test_hard_does_not_peek_at_the_deck_order():
    game = new_game(2, seed=6)
    game.play(make_bot("medium").choose(game, random.Random(0)))
    twin = game.clone()
    random.Random(1).shuffle(twin._deck)  # another hidden order, same public state
    assert twin._deck != game._deck
    assert seen_cards(twin) == seen_cards(game) and unseen_cards(twin) == unseen_cards(game)
    assert (HardBot(iterations=30).choose(game, random.Random(3))
            == HardBot(iterations=30).choose(twin, random.Random(3)))


def exact_worth(game, move, win_bonus=4.0):
    """What the last ``move`` of ``game`` is worth to its seat, by a full recount of the
    final Painting: the margin over the best other seat, plus ``win_bonus`` (the hard
    bot's default) times the seat's share of the victory."""
    seat = game.current_seat
    after = game.clone()
    after.play(move)
    sheet = after.result()
    totals = [line.total for line in sheet.seats]
    margin = totals[seat] - max(t for other, t in enumerate(totals) if other != seat)
    share = 1 / len(sheet.winners) if seat in sheet.winners else 0.0
    return margin + win_bonus * share


@pytest.mark.parametrize(("players", "seed", "medium_gap"), [(2, 9, 0.0), (3, 10, 2.0),
                                                             (5, 22, 4.0)])
def test_the_last_move_of_a_game_is_judged_exactly(players, seed, medium_gap):
    """On the last move, one playout per candidate, and the best final result wins. In
    the two later cases the medium level's choice (points only, blind to who wins) is
    worth less, so a hard bot that only ranked its candidates would fail here."""
    game = new_game(players, seed=seed)
    rng = random.Random(0)
    while game.ply < game.total_plies - 1:
        game.play(make_bot("medium").choose(game, rng))
    bot = HardBot(iterations=50)
    move = bot.choose(game, random.Random(0))
    shortlist = [s.move() for s in bot._shortlist(ranked(game, random.Random(0)))]
    assert move in shortlist and bot.playouts == len(shortlist) < 50
    worth = {candidate: exact_worth(game, candidate) for candidate in shortlist}
    assert worth[move] == max(worth.values())
    medium = make_bot("medium").choose(game, random.Random(0))
    assert worth[move] - exact_worth(game, medium) == medium_gap


def test_selfplay_accepts_the_levels(capsys):
    assert main(["selfplay", "--players", "2", "--bots", "easy,medium", "--seed", "4"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert [seat["controller"] for seat in record["seats"]] == ["bot:easy", "bot:medium"]
    assert record["result"]["winners"]


def test_a_smoke_tournament_through_the_cli(capsys):
    assert main(["tournament", "--players", "2", "--bots", "medium,easy", "--games", "2",
                 "--seed", "3", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and [row["level"] for row in report["levels"]] == [
        "medium", "easy"]
    assert sum(row["win_share"] for row in report["levels"]) == pytest.approx(1.0)
    assert main(["tournament", "--players", "3", "--bots", "hard,easy", "--games", "3",
                 "--seed", "3", "--jobs", "1", "--iterations", "6"]) == 0
    assert "Wilson" in capsys.readouterr().out


def test_the_bench_command_runs(capsys):
    assert main(["bench", "--players", "2", "--positions", "1", "--levels", "easy"]) == 0
    assert "speed-up" in capsys.readouterr().out
