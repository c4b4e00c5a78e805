"""The bot levels: legal moves in every phase, determinism, the hidden-information rule,
the search levels' budgets, the level table and the CLI (tournament, ladder)."""

import dataclasses
import json
import math
import random
import time

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.bots import hard as hard_module
from destijl.bots import level_names, make_bot
from destijl.bots.candidates import SHORTLIST_WIDTH, Table
from destijl.bots.expert import EXPERT_PLANS, ExpertBot
from destijl.bots.hard import HardBot
from destijl.bots.hidden import sample_deck, seen_cards, unseen_cards
from destijl.bots.playout import Sim, best_reply, card_faces, likely_replies
from destijl.bots.simple import ranked
from destijl.cli import main
from destijl.records import record_of

LEVELS = ("easy", "steady", "keen", "medium", "hard", "expert")
SEARCHING = {"hard": HardBot, "expert": ExpertBot}


def small(level):
    """The level, with the searching levels on a small budget so that whole games stay quick."""
    return SEARCHING[level](iterations=12) if level in SEARCHING else make_bot(level)


def test_the_levels_are_registered():
    assert level_names() == ["random", *LEVELS]
    assert make_bot("hard", time_ms=1200).time_ms == 1200
    assert make_bot("expert", time_ms=900).time_ms == 900


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_level_plays_legal_moves_through_whole_games(players):
    for seed in range(2):
        game = new_game(players, seed=players * 10 + seed, rotations=seed == 0)
        bots = [small(LEVELS[(seat + seed * players) % len(LEVELS)])
                for seat in range(players)]
        rng = random.Random(seed)
        while not game.is_over:
            move = bots[game.current_seat].choose(game, rng)
            assert game.is_legal(move), (move, game)
            game.play(move)
        assert game.result() is not None


@pytest.mark.parametrize("level", ["random", *LEVELS])
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
    request = json.dumps({"cmd": "bot_move", "args": {"record": record_of(game), "level": "easy"}})
    replies = [json.loads(handle(request)) for _ in range(2)]
    assert replies[0]["ok"] and replies[0] == replies[1]


def test_hard_runs_exactly_its_iteration_budget():
    game = new_game(4, seed=2)
    for iterations in (5, 17, 40):
        bot = HardBot(iterations=iterations)
        assert game.is_legal(bot.choose(game, random.Random(1)))
        assert bot.playouts == iterations


def test_hard_stops_at_its_time_limit():
    """20,000 playouts cost about 30 s of CPU here; a 30 ms limit must stop the search long
    before (CPU time, so a loaded machine does not make the bound flaky)."""
    game = new_game(5, seed=2)
    bot = HardBot(iterations=20_000, time_ms=30)
    started = time.process_time()
    assert game.is_legal(bot.choose(game, random.Random(1)))
    assert time.process_time() - started < 3.0
    assert bot.playouts < 20_000  # with no time for any playout it plays the medium choice


def hidden_twins(game):
    """``game`` with two other hidden decks: another order, and other cards out of the game."""
    twins = [game.clone() for _ in range(2)]
    random.Random(1).shuffle(twins[0]._deck)
    twins[1]._deck = random.Random(2).sample(unseen_cards(game), len(game._deck))
    for twin in twins:
        assert twin._deck != game._deck and twin.deck_count == game.deck_count
        assert seen_cards(twin) == seen_cards(game) and unseen_cards(twin) == unseen_cards(game)
    return twins


@pytest.mark.parametrize("level", ["random", *LEVELS])
def test_no_level_peeks_at_the_hidden_deck(level):
    """The same public state with other hidden decks (another order, other cards out of
    the game) gives the same move: a level knows only what a player knows."""
    game = new_game(2, seed=6)
    game.play(make_bot("medium").choose(game, random.Random(0)))
    bot = SEARCHING[level](iterations=30) if level in SEARCHING else make_bot(level)
    moves = {bot.choose(state, random.Random(3)) for state in (game, *hidden_twins(game))}
    assert len(moves) == 1


def test_the_expert_playing_on_to_the_end_does_not_peek():
    """Two rounds before the end the 2-player expert's playouts (two rounds deep) run to
    the game's end, through every card still hidden: still the same move whatever the deck."""
    game = medium_game(2, 4, 10)
    assert game.deck_count > 0
    bot = ExpertBot(iterations=40)
    moves = {bot.choose(state, random.Random(3)) for state in (game, *hidden_twins(game))}
    assert len(moves) == 1 and bot._settings_for(game).rounds == 2


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
    assert main(["tournament", "--players", "2", "--bots", "expert,hard", "--games", "2",
                 "--seed", "3", "--jobs", "1", "--iterations", "6", "--json",
                 "--expert-options", "iterations=8,learned=0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["expert_options"] == {"iterations": 8, "learned": 0}
    assert report["hard_options"] == {"iterations": 6}
    assert main(["tournament", "--expert-options", "depth=3"]) == 1
    assert "--expert-options" in capsys.readouterr().err


def test_the_bench_command_runs(capsys):
    assert main(["bench", "--players", "2", "--positions", "1", "--levels", "easy"]) == 0
    assert "speed-up" in capsys.readouterr().out


def test_the_level_table_matches_the_bots():
    from destijl.bots.levels import LEVELS as TABLE
    from destijl.bots.levels import describe_levels

    assert [level.name for level in TABLE] == level_names()
    ratings = [level.rating for level in TABLE]
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    for row in describe_levels():
        assert set(row) == {"name", "label", "rating", "description"}
        assert row["label"].lower() == row["name"] and "\n" not in row["description"]
        assert 10 < len(row["description"]) <= 80


def test_every_level_is_a_controller_a_record_keeps():
    from destijl import replay

    game = new_game(len(LEVELS) - 1, seed=2,
                    controllers=[f"bot:{level}" for level in LEVELS[1:]])
    assert [seat.controller for seat in replay(record_of(game)).seats] == [
        f"bot:{level}" for level in LEVELS[1:]]


def test_a_smoke_ladder_through_the_cli(capsys):
    assert main(["ladder", "--levels", "random,easy,steady", "--games", "2", "--seed", "5",
                 "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [row["level"] for row in report["ratings"]] == ["random", "easy", "steady"]
    assert [pair["games"] for pair in report["pairs"]] == [2, 2, 2]
    easy = report["ratings"][1]
    assert easy["rating"] == easy["low"] == easy["high"] == 1000
    assert main(["ladder", "--levels", "random,medium", "--games", "2", "--jobs", "1",
                 "--anchor", "medium=1400"]) == 0
    out = capsys.readouterr().out
    assert "Head to head" in out and "medium fixed at 1400" in out
    assert main(["ladder", "--levels", "random,ace"]) == 1
    assert "--levels" in capsys.readouterr().err


def test_the_ladder_fit_orders_the_levels():
    from destijl.ladder import fit, standard_errors

    wins = [[0, 2, 1], [8, 0, 3], [9, 7, 0]]
    played = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    strength = fit(wins, played)
    assert strength[0] < strength[1] < strength[2]
    errors = standard_errors(strength, played, anchor=1)
    assert errors[1] == 0 and errors[0] > 0 and errors[2] > 0


def medium_game(players, seed, ply):
    """A seeded game played by the medium level up to ``ply``."""
    game = new_game(players, seed=seed)
    rng = random.Random(0)
    while game.ply < ply:
        game.play(make_bot("medium").choose(game, rng))
    return game


def test_finish_plays_the_last_rounds_to_the_end():
    game = medium_game(2, 4, 10)  # round 6 of 8 starts: two rounds after it
    assert game.round == 6 and game.current_seat == game.first_player
    assert ExpertBot(finish=2)._settings_for(game).rounds == 2
    assert ExpertBot(finish=1, rounds=1)._settings_for(game).rounds == 1
    assert HardBot()._settings_for(game).rounds == 1
    bot = ExpertBot(finish=2, iterations=30)
    assert game.is_legal(bot.choose(game, random.Random(1))) and bot.playouts == 30
    shipped = ExpertBot(iterations=30)  # with 2 players the expert plays on to the end here
    shipped.choose(game, random.Random(1))
    assert shipped._settings_for(game).rounds == 2


@pytest.mark.parametrize(("players", "rounds"), [(2, 2), (3, 1), (4, 1), (5, 1)])
def test_the_expert_looks_two_rounds_deep_with_two_players(monkeypatch, players, rounds):
    game = new_game(players, seed=3)
    bot = ExpertBot(iterations=12)
    assert recorded_search(monkeypatch, bot, game).settings.rounds == rounds
    assert bot._settings_for(game).rounds == rounds and bot.playouts == 12
    given = ExpertBot(iterations=12, rounds=3)  # given: whatever the player count
    assert recorded_search(monkeypatch, given, game).settings.rounds == 3


@pytest.mark.parametrize(("players", "replies"), [(2, 1), (4, 1), (4, 3)])
def test_exact_judges_each_candidate_once_when_nothing_is_hidden(monkeypatch, players, replies):
    """In the last round a playout is fixed by the candidate (then the medium-level reply
    of every seat still to play, whatever ``replies`` is): one each, over the wider
    ``exact`` shortlist. A round earlier the deck is hidden and the search samples."""
    game = medium_game(players, 5, new_game(players).total_plies - players)
    assert game.deck_count == 0 and game.current_seat == game.first_player
    bot = ExpertBot(exact=20, replies=replies, iterations=500)
    search = recorded_search(monkeypatch, bot, game)
    shortlist = [s.move() for s in bot._shortlist(ranked(game, random.Random(3)), 20)]
    assert [s.move() for s in search.candidates] == shortlist
    assert bot.playouts == len(shortlist) > 8 and search.settings.replies == players - 1
    assert all(start.over for start in search.starts.values())  # played to the end
    earlier = medium_game(players, 5, new_game(players).total_plies - 2 * players)
    assert earlier.deck_count > 0
    recorded_search(monkeypatch, bot, earlier)
    assert bot.playouts == 500


def test_the_expert_judges_the_last_round_exactly_with_two_and_four_players():
    game = medium_game(2, 6, 14)  # the first move of the last round
    bot = ExpertBot()
    assert game.is_legal(bot.choose(game, random.Random(2)))
    assert bot._exact_for(game) == 40 and bot._settings_for(game).win_bonus == 20
    budget = EXPERT_PLANS[2].iterations  # the playouts of any other 2-player move
    assert bot.playouts == len(bot._shortlist(ranked(game, random.Random(2)), 40)) < budget
    four = medium_game(4, 6, 30)  # the third seat of the last round: one seat after it
    bot = ExpertBot()
    assert four.is_legal(bot.choose(four, random.Random(2)))
    assert bot._exact_for(four) == EXPERT_PLANS[4].exact > 0
    assert bot._settings_for(four).win_bonus == 4
    shortlist = bot._shortlist(ranked(four, random.Random(2)), EXPERT_PLANS[4].exact)
    assert bot.playouts == len(shortlist) < EXPERT_PLANS[4].iterations
    three = medium_game(3, 6, new_game(3).total_plies - 2)  # the last round, 3 players
    bot = ExpertBot(iterations=30)
    assert three.is_legal(bot.choose(three, random.Random(2)))
    assert bot._exact_for(three) == 0 and bot._settings_for(three).win_bonus == 4
    assert bot.playouts == 30
    assert bot.finish == 0
    bot = ExpertBot(iterations=30, exact=12)  # given: whatever the player count
    bot.choose(three, random.Random(2))
    assert bot.playouts == len(bot._shortlist(ranked(three, random.Random(2)), 12)) < 30


def recorded_search(monkeypatch, bot, game):
    """The search behind ``bot``'s move in ``game`` (its settings and playout values)."""
    searches = []

    class Recording(hard_module.RootSearch):
        def run(self, budget, rng):
            searches.append(self)
            return super().run(budget, rng)

    monkeypatch.setattr(hard_module, "RootSearch", Recording)
    assert game.is_legal(bot.choose(game, random.Random(3)))
    (search,) = searches
    return search


def searched_values(monkeypatch, bot, game):
    """Every playout value of ``bot``'s search for its move in ``game``, all candidates'."""
    search = recorded_search(monkeypatch, bot, game)
    return [value for values in search.values for value in values]


def test_squash_bounds_what_a_playout_stopped_before_the_end_is_worth(monkeypatch):
    game = medium_game(2, 4, 4)  # round 3 of 8: two rounds deep stops before the end
    plain = searched_values(monkeypatch, ExpertBot(iterations=200), game)
    squashed = searched_values(monkeypatch, ExpertBot(iterations=200, squash=2.0), game)
    assert len(plain) == len(squashed) == 200
    assert max(abs(value) for value in plain) > 2  # margins beyond the bound do happen
    assert all(abs(value) < 2 for value in squashed)
    # a game's end is never squashed: margin plus the victory's worth, as without squash
    last = medium_game(2, 4, 12)  # round 7: the playouts reach the end
    ended = searched_values(monkeypatch, ExpertBot(iterations=60, squash=2.0), last)
    assert max(abs(value) for value in ended) > 2


def cut_off_pair(search, game, world, field, off, on):
    """One world's playout value with the setting ``field`` at ``off`` and at ``on`` (the
    same start, deck and seed), and the Sim where that playout stopped."""
    start = search._start(world % len(search.candidates), 0.0)
    deck = sample_deck(search.unseen, game.deck_count, random.Random(world))
    values = []
    for value in (off, on):
        search.settings = dataclasses.replace(search.settings, **{field: value})
        values.append(search._playout(start, deck, random.Random(world)))
    sim = start.copy(deck)
    search.policy.run(sim, random.Random(world), search.settings.rounds + 1)
    return values[0], values[1], sim


def test_stroke_lead_adds_the_largest_stroke_lead_to_a_cut_off_not_to_the_end(monkeypatch):
    game = medium_game(4, 5, 9)  # round 3 of 8: one round deep stops before the end
    search = recorded_search(monkeypatch, ExpertBot(iterations=16), game)
    scorer, seat = search.policy.scorer, search.seat
    leads = []
    for world in range(12):
        plain, led, sim = cut_off_pair(search, game, world, "stroke_lead", 0.0, 2.5)
        assert not sim.over
        largest = scorer.largest(sim.board)
        lead = largest[seat] - max(size for other, size in enumerate(largest) if other != seat)
        assert led - plain == pytest.approx(2.5 * lead)
        leads.append(lead)
    assert len(set(leads)) > 1  # the lead differs between playouts: the term is not constant
    # a game's end is worth its margin and victory only, whatever stroke_lead is
    last = medium_game(4, 5, new_game(4).total_plies - 3)
    plain = searched_values(monkeypatch, ExpertBot(iterations=30), last)
    led = searched_values(monkeypatch, ExpertBot(iterations=30, stroke_lead=2.5), last)
    assert plain == led


def test_margin_ramp_weighs_a_cut_offs_margin_by_the_share_of_the_game_played(monkeypatch):
    game = medium_game(4, 5, 9)  # round 3 of 8: one round deep stops before the end
    search = recorded_search(monkeypatch, ExpertBot(iterations=16, stroke_lead=0.0), game)
    weights = set()
    for world in range(8):
        plain, ramped, sim = cut_off_pair(search, game, world, "margin_ramp", 0.0, 1.0)
        left = (len(sim.gallery) + sim.pending + sim.deck_left - 1) / search.total_plies
        assert 0 < left < 1 and ramped == pytest.approx(plain * (1 - left))
        weights.add(round(1 - left, 6))
    assert weights == {0.5}  # every cut-off of the move is the end of the next round (4 of 8)
    last = medium_game(4, 5, new_game(4).total_plies - 3)  # the end is never ramped
    plain = searched_values(monkeypatch, ExpertBot(iterations=30), last)
    assert searched_values(monkeypatch, ExpertBot(iterations=30, margin_ramp=1.0), last) == plain


@pytest.mark.parametrize(("players", "seed", "ply"), [(2, 3, 5), (4, 5, 9), (4, 6, 14)])
def test_grown_is_the_largest_stroke_a_placement_makes_when_larger_than_now(players, seed, ply):
    game = medium_game(players, seed, ply)
    table = Table.of(game)
    seat = table.seat
    now = table.scorer.largest(table.board)[seat]
    placements = table.score_all()[::7]
    grown = table.grown(placements)
    for placement, size in zip(placements, grown, strict=True):
        after = game.clone()
        after.play(placement.move())
        largest = Table.of(after).scorer.largest(Table.of(after).board)[seat]
        assert size == (largest if largest > now else 0)
    assert any(grown) and not all(grown)


def test_builders_add_the_placements_growing_the_largest_stroke_the_most(monkeypatch):
    game = medium_game(4, 5, 14)  # the 4-player expert's plan has builders, the others not
    assert ExpertBot()._builders_for(game) > 0 == ExpertBot()._builders_for(medium_game(2, 5, 6))
    plain = [s.move() for s in recorded_search(monkeypatch, ExpertBot(iterations=16,
                                                                      builders=0), game)
             .candidates]
    search = recorded_search(monkeypatch, ExpertBot(iterations=16), game)
    extra = search.candidates[len(plain):]
    assert [s.move() for s in search.candidates[:len(plain)]] == plain
    assert len(extra) == EXPERT_PLANS[4].builders == 3
    table = Table.of(game)
    ordered = [scored for _, scored in ranked(game, random.Random(3), table)]
    others = [s for s in ordered if s.move() not in plain]
    sizes = table.grown(others)
    assert sorted(table.grown(extra), reverse=True) == sorted(sizes, reverse=True)[:3]
    assert min(table.grown(extra)) > 0


@pytest.mark.parametrize(("players", "seed", "ply"), [(2, 1, 2), (2, 2, 6), (4, 3, 9)])
def test_likely_replies_are_the_hard_levels_shortlist_best_first(players, seed, ply):
    game = medium_game(players, seed, ply)
    table = Table.of(game)
    faces = card_faces(game, sorted({*game.gallery, *unseen_cards(game)}))
    sim = Sim.of(game, table.board, deck=[])
    likely = likely_replies(sim.copy(), table.scorer, faces, SHORTLIST_WIDTH)
    assert likely[0] == best_reply(sim.copy(), table.scorer, faces)
    assert {card for card, _, _ in likely} == set(game.gallery)  # every card's best is in
    order = [(value, s.card, s.pos) for value, s in ranked(game, random.Random(0), table)]
    top = {(card, pos) for _, card, pos in order[:6]}
    assert all((card, pos) in top for card, _, pos in likely[:6])


def test_spread_draws_the_next_seats_reply_from_its_likely_replies(monkeypatch):
    game = medium_game(2, 3, 4)  # the round's first move: the next seat's reply is known
    assert game.current_seat == game.first_player
    plain = recorded_search(monkeypatch, ExpertBot(iterations=200, spread=0), game)
    assert all(len(replies) == 1 for _, replies, _ in plain.replies.values())
    assert {choice for _, choice in plain.starts} == {0}
    search = recorded_search(monkeypatch, ExpertBot(iterations=200, spread=1.0), game)
    assert search.settings.spread == 1.0
    for _, replies, edges in search.replies.values():
        weights = [math.exp(-rank) for rank in range(len(replies))]
        assert len(replies) >= 6 and edges[0] == pytest.approx(1 / sum(weights))
        assert edges == sorted(edges) and edges[-1] == pytest.approx(1)
    most = max(search.values, key=len)  # the candidate that saw the most worlds
    index = search.values.index(most)
    choices = {choice for candidate, choice in search.starts if candidate == index}
    assert 0 in choices and len(choices) >= 3  # mostly the best reply, not only it
    last = medium_game(2, 6, 14)  # the last round is exact: the best reply, no draw
    exact = recorded_search(monkeypatch, ExpertBot(spread=1.0), last)
    assert exact.settings.spread == 0


def test_the_two_player_expert_draws_the_opponents_reply():
    assert EXPERT_PLANS[2].spread == 1.0 and EXPERT_PLANS[4].spread == 0
    game = medium_game(2, 3, 4)
    assert ExpertBot()._settings_for(game).spread == 1.0
    assert ExpertBot(spread=0)._settings_for(game).spread == 0
