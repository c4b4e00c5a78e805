"""The bot API (docs/bots.md): what a bot receives, how a person's bot is loaded and run,
and that the Lab's match in the page gives the tournament's results natively."""

from __future__ import annotations

import gc
import json
import random
import sys
import types
from pathlib import Path

import pytest

from destijl import BadRequest, Game, Move, new_game, to_record
from destijl.api import handle
from destijl.bots import make_bot
from destijl.bots.examples import source
from destijl.bots.simple import MediumBot
from destijl.bots.user import BotError, UserBot
from destijl.bots.view import HiddenInformation, LevelBot, PublicGame, View, public_state
from destijl.lab import MINE, cmd_lab_advance, cmd_lab_summary
from destijl.records import record_of
from destijl.tournament import run_tournament

WALK_LIMIT = 400_000


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` by references: attributes, slots, containers,
    closures, bound methods' ``__self__``, generators' frames and their callers' frames.
    Modules and module globals are left out: they hold public code, and the engine keeps
    no game in a global (its API is stateless)."""
    globals_ = {id(module.__dict__) for module in list(sys.modules.values())}
    seen: set[int] = set()
    found, queue = [], [root]
    while queue:
        obj = queue.pop()
        if id(obj) in seen or isinstance(obj, types.ModuleType) or id(obj) in globals_:
            continue
        seen.add(id(obj))
        found.append(obj)
        assert len(found) < WALK_LIMIT, "the walk did not end"
        queue.extend(gc.get_referents(obj))
        if isinstance(obj, (types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType)):
            queue.append(getattr(obj, "gi_frame", None) or getattr(obj, "cr_frame", None)
                         or getattr(obj, "ag_frame", None))
        if isinstance(obj, types.FrameType):
            queue += [obj.f_back, obj.f_locals]
        if isinstance(obj, (types.MethodType, types.BuiltinMethodType)):
            queue.append(obj.__self__)
    return found


def assert_no_hidden(root: object, game: Game) -> None:
    deck = list(game._deck)
    assert len(deck) >= 3
    for obj in reachable(root):
        assert not (isinstance(obj, Game) and not isinstance(obj, PublicGame)), obj
        if isinstance(obj, (list, tuple)) and len(obj) >= 3 and all(type(x) is int for x in obj):
            items = list(obj)
            assert items != deck and items != list(game.deal), obj
            assert not any(items[i:i + 3] == deck[:3] for i in range(len(items) - 2)), obj
        if isinstance(obj, dict):
            assert obj.get("seed") != game.seed and not isinstance(obj.get("deal"), list), obj


@pytest.mark.parametrize("players", [2, 5])
def test_a_view_holds_no_hidden_information(players):
    game = new_game(players, seed=12)
    for move in game.legal_moves()[:1] * 1:
        game.play(move)
    view = View.of(game, seed=3)
    view.placements(), view.unseen_cards(), view.scores()  # helpers leave nothing behind
    assert_no_hidden(view, game)
    assert view.game.deck_count == game.deck_count and view.game.seed is None
    with pytest.raises(HiddenInformation):
        view.game.record()
    with pytest.raises(BadRequest, match="knows 1 of its"):
        to_record(view.game)


def test_a_persons_bot_receives_nothing_hidden_even_by_walking():
    captured = []
    code = ("captured = []\n"
            "def choose(view):\n"
            "    captured.append(view)\n"
            "    gen = (x for x in [view])\n"
            "    captured.append(gen)\n"
            "    return view.legal_moves[0]\n")
    bot = UserBot.from_source(code)
    game = new_game(3, seed=8)
    bot.move(game, 5)
    captured = bot._choose.__globals__["captured"]
    assert_no_hidden(bot, game)  # the bot, its globals, the views it kept, their frames
    assert isinstance(captured[0], View)


def test_public_state_is_json_with_no_deal_or_seed():
    game = new_game(4, seed=99)
    state = public_state(game)
    assert json.loads(json.dumps(state)) == state
    assert set(state) == {"players", "seat", "rotations", "seats", "start_card", "painting",
                          "gallery", "history", "deck_count", "round", "first_player"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_play_the_same_through_the_view(level):
    """A level given the public view plays as it did on the real game: nothing it used
    was hidden information."""
    for players, seed in ((2, 1), (4, 2))[: 1 if level == "hard" else 2]:
        game = new_game(players, seed)
        while not game.is_over:
            seed = random.getrandbits(64)
            direct = _bot(level).choose(game, random.Random(seed))
            assert LevelBot(level, bot=_bot(level)).move(game, seed) == direct
            game.play(direct)


def _bot(level: str):
    if level == "hard":
        from destijl.bots.hard import HardBot

        return HardBot(iterations=12)
    return make_bot(level)


def test_the_medium_example_is_the_medium_level():
    bot = UserBot.from_source(source("medium"))
    for players, seed in ((2, 3), (5, 5)):
        game = new_game(players, seed)
        while not game.is_over:
            seed = random.getrandbits(64)
            move = MediumBot().choose(game, random.Random(seed))
            assert bot.move(game, seed) == move
            game.play(move)


def test_the_starter_bot_plays_whole_games():
    bot = UserBot.from_source(source("starter"))
    game = new_game(2, seed=6)
    moves = 0
    while not game.is_over:
        move = bot.move(game, 1)
        assert game.is_legal(move), (game.ply, move)
        game.play(move)
        moves += 1
    assert moves == game.total_plies and game.result() is not None


def _error(code: str, game: Game | None = None) -> BotError:
    with pytest.raises(BotError) as caught:
        UserBot.from_source(code).move(game or new_game(2, seed=1), 1)
    return caught.value


def test_a_syntax_error_names_its_line():
    error = _error("def choose(view):\n    x = 1\n    return view.legal_moves[0\n")
    assert error.kind == "syntax" and error.line == 3
    assert "SyntaxError" in str(error)


def test_a_runtime_error_is_trimmed_to_the_bots_lines():
    code = ("def helper(view):\n"
            "    return view.legal_moves[99999]\n"
            "\n"
            "def choose(view):\n"
            "    return helper(view)\n")
    error = _error(code)
    assert error.kind == "runtime" and error.line == 2
    assert str(error) == ("Your bot raised IndexError: list index out of range on move 1 "
                          "(line 2)")
    assert error.trace.splitlines() == ["  line 5, in choose", "    return helper(view)",
                                        "  line 2, in helper",
                                        "    return view.legal_moves[99999]",
                                        "IndexError: list index out of range"]
    assert "destijl" not in error.trace


@pytest.mark.parametrize(("code", "kind", "words"), [
    ("x = 1\n", "missing", "defines no function choose(view)"),
    ("raise KeyError('boom')\n", "load", "KeyError: 'boom' while loading"),
    ("def choose(view):\n    return Move(1, 99, 99, 0)\n", "runtime", "NameError"),
    ("def choose(view):\n    return '1@99,99r0'\n", "illegal", "not one of view.legal_moves"),
    ("def choose(view):\n    return 42\n", "illegal", "choose returned 42"),
    ("def choose(view):\n    return choose(view)\n", "runtime", "recursed too deeply"),
    ("def choose(view):\n    return bytearray(2 ** 62)\n", "memory",
     "Your bot ran out of memory on move 1 (line 2)"),
    ("hoard = bytearray(2 ** 62)\n", "memory", "ran out of memory while loading (line 1)"),
])
def test_bot_errors_say_what_happened(code, kind, words):
    error = _error(code)
    assert error.kind == kind and words in str(error)


def test_a_bot_may_answer_with_text_or_a_dict():
    game = new_game(2, seed=2)
    first = game.legal_moves()[0]
    assert UserBot.from_source(f"def choose(view):\n    return {str(first)!r}\n").move(
        game, 1) == first
    assert UserBot.from_source(f"def choose(view):\n    return {first.to_dict()!r}\n").move(
        game, 1) == first


def _page_match(code: str, players: int, lineup: list[str], games: int, seed: int) -> dict:
    """The Lab's match as the page plays it: the engine's lab_advance through handle()
    (JSON both ways) and the bot on the public state alone, as its worker gets it."""
    bot = UserBot.from_source(code)
    deals = -(-games // players)
    results = []
    for deal in range(deals):
        for rotation in range(players):
            spec = {"players": players, "seed": seed, "deal": deal, "rotation": rotation,
                    "lineup": lineup}
            reply = _call("lab_advance", spec)
            while not reply["over"]:
                move = bot.choose_for(reply["state"], reply["seed"])
                reply = _call("lab_advance", {**spec, "record": reply["record"],
                                              "move": move.to_dict()})
            results.append(reply["result"])
    return _call("lab_summary", {"players": players, "seed": seed, "lineup": lineup,
                                 "results": results})


def _call(cmd: str, args: dict) -> dict:
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


@pytest.mark.parametrize(("example", "players", "level"), [("starter", 2, "easy"),
                                                            ("medium", 3, "medium")])
def test_an_exported_bot_gives_the_pages_results_natively(tmp_path: Path, example, players,
                                                           level):
    code = source(example) + "\nimport random\n\ndef noise():\n    return random.random()\n"
    page = _page_match(code, players, [MINE, level], games=players * 2, seed=7)
    path = tmp_path / "mybot.py"
    path.write_text(code)
    native = run_tournament(players, [str(path)] + [level] * (players - 1), games=players * 2,
                            seed=7, jobs=1)
    keys = ("n", "win_share", "wilson_low", "wilson_high", "mean_score", "mean_margin")
    assert [[row[k] for k in keys] for row in page["levels"]] == \
        [[row[k] for k in keys] for row in native["levels"]]


def test_a_bot_using_module_random_is_reproducible(tmp_path: Path):
    code = "import random\n\ndef choose(view):\n    return random.choice(view.legal_moves)\n"
    first = _page_match(code, 2, [MINE, "random"], games=2, seed=3)
    assert _page_match(code, 2, [MINE, "random"], games=2, seed=3) == first


def test_lab_advance_refuses_a_move_out_of_turn():
    reply = cmd_lab_advance({"players": 2, "seed": 1, "deal": 0, "rotation": 1,
                             "lineup": [MINE, "easy"]})
    reply = json.loads(handle(json.dumps({"cmd": "lab_advance", "args": {
        "players": 2, "seed": 1, "deal": 0, "rotation": 1, "lineup": ["easy", MINE],
        "record": reply["record"], "move": Move(1, 0, 0).to_dict()}})))
    assert reply["error"]["type"] == "IllegalMove"
    assert "not your bot's turn" in reply["error"]["message"]


def test_lab_advance_refuses_a_whole_game_of_searching_levels():
    """Without the person's bot, one request would play a whole game of hard moves."""
    reply = json.loads(handle(json.dumps({"cmd": "lab_advance", "args": {
        "players": 4, "seed": 1, "deal": 0, "rotation": 0, "lineup": ["hard", "easy"]}})))
    assert reply["error"] == {"type": "BadRequest", "message": (
        "lineup: without mine one request would play a whole game of hard moves; the ceiling "
        "is 3 searching moves per request (the seats between two turns of mine)")}
    cheap = cmd_lab_advance({"players": 2, "seed": 5, "deal": 0, "rotation": 0,
                             "lineup": ["random", "easy"]})
    assert cheap["over"]  # levels that do not search may still play a whole game


def test_lab_summary_checks_its_results():
    with pytest.raises(ValueError, match="results"):
        cmd_lab_summary({"players": 2, "seed": 1, "lineup": [MINE, "easy"], "results": []})


def test_the_tournament_command_runs_a_bot_file(tmp_path: Path, capsys):
    from destijl.cli import main

    path = tmp_path / "mybot.py"
    path.write_text(source("starter"))
    assert main(["tournament", "--bots", f"{path},easy", "--games", "2", "--jobs", "1"]) == 0
    assert str(path) in capsys.readouterr().out
    path.write_text("def choose(view):\n    return view.legal_moves[0\n")
    assert main(["tournament", "--bots", f"{path},easy", "--games", "2", "--jobs", "1"]) == 1
    assert "SyntaxError" in capsys.readouterr().err


def test_a_persons_bot_takes_a_seat_as_bot_mine():
    game = new_game(2, seed=4, controllers=["bot:mine", "bot:easy"])
    reply = _call("bot_state", {"record": record_of(game)})
    assert reply["state"] == public_state(game) and 0 <= reply["seed"] < 2 ** 53
    error = json.loads(handle(json.dumps({"cmd": "bot_move", "args": {"record": record_of(game)}})))
    assert error["error"]["type"] == "BadRequest"
    assert game.undo_seats() == []  # a bot: its moves go back with a person's undo
