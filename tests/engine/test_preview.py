"""The score preview, the hint and the score history (destijl.preview), checked against a
full recount: placing the card and scoring the Painting from scratch."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.bots.simple import MediumBot
from destijl.cards import COLORS
from destijl.move import Move
from destijl.preview import analyse, preview
from destijl.records import record_of
from destijl.scoring import find_strokes
from destijl.tally.board import Board, face_colors, pack
from destijl.tally.delta import Context, FaceInfo, outcome


def call(cmd: str, **args: object) -> dict:
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    return reply


def letters(strokes: list[tuple[int, int]]) -> Counter:
    return Counter((COLORS[color], size) for color, size in strokes)


def test_joined_created_and_covered_on_a_small_painting() -> None:
    # Two red strokes and a blue cell in one row; a card with a red middle row joins them.
    board = Board.from_cells({(0, 1): "R", (2, 1): "B", (4, 1): "R"})
    change = analyse(board, pack(1, 0), face_colors(("WWW", "RRR", "WWW")))
    assert change.joined == [(COLORS.index("R"), 5, 2)]
    assert letters(change.created) == Counter({("W", 3): 2})
    assert letters(change.covered) == Counter({("B", 1): 1})
    assert change.split == []


def test_split_stroke() -> None:
    # A blue row of five: a white card over its middle three leaves two pieces.
    board = Board.from_cells({(x, 1): "B" for x in range(5)})
    change = analyse(board, pack(1, 0), face_colors(("WWW", "WWW", "WWW")))
    assert change.split == [(COLORS.index("B"), 5, 2)]
    assert letters(change.added) == Counter({("W", 9): 1, ("B", 1): 2})
    assert letters(change.removed) == Counter({("B", 5): 1})


def test_a_bordering_stroke_links_card_cells_that_do_not_touch() -> None:
    # A blue stroke beside the card touches two blue card cells that are apart on the card.
    board = Board.from_cells({(3, 0): "B", (3, 1): "B", (3, 2): "B", (1, 1): "R", (2, 1): "R"})
    change = analyse(board, pack(0, 0), face_colors(("RRB", "RRR", "RRB")))
    assert letters(change.added) == Counter({("B", 5): 1, ("R", 7): 1})
    assert letters(change.removed) == Counter({("B", 3): 1, ("R", 2): 1})
    assert change.joined == []  # one old stroke grows: nothing is joined
    assert letters(change.created) == Counter({("R", 7): 1})
    assert letters(change.covered) == Counter({("R", 2): 1})


def positions(players: int, seed: int, plies: int):
    """A seeded game played by the medium bot for `plies` moves."""
    game = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        game.play(MediumBot().choose(game, rng))
    return game


GAMES = [(2, 1, 6), (3, 2, 12), (4, 3, 20), (5, 4, 15)]  # (players, seed, plies played)


@pytest.mark.parametrize(("players", "seed", "plies"), GAMES)
def test_preview_equals_a_full_recount(players: int, seed: int, plies: int) -> None:
    game = positions(players, seed, plies)
    before = game.score()
    for card in game.gallery[:2]:
        for rotation in game.allowed_rotations():
            result = preview(game, card, rotation)
            assert len(result["spots"]) == len(game.painting.legal_positions())
            assert result["totals"] == [line.total for line in before.seats]
            board = Board.from_cells(game.painting)
            face = face_colors(game.face(card, rotation))
            for spot in result["spots"][::3]:
                pos = pack(spot["x"], spot["y"])
                after_game = copy.deepcopy(game)
                after_game.play(Move(card, spot["x"], spot["y"], rotation))
                after = after_game.score()
                assert spot["change"] == [a.total - b.total
                                          for a, b in zip(after.seats, before.seats, strict=True)]
                assert spot["bonus"] == [[r.rank, r.size, list(r.seats)] for r in after.bonus_ranks]
                # the strokes removed and added are exactly the recount's difference ...
                old = Counter((s.color, s.size) for s in find_strokes(game.painting))
                new = Counter((s.color, s.size) for s in find_strokes(after_game.painting))
                change = analyse(board, pos, face)
                assert old - letters(change.removed) + letters(change.added) == new
                # ... and the same as the bots' delta scorer finds
                removed, added = outcome(FaceInfo.of(face), Context(board, pos))
                assert letters(removed) == letters(change.removed)
                assert letters(added) == letters(change.added)


def test_hint_is_the_medium_move_and_its_change_is_what_placing_does() -> None:
    view = call("new_game", players=3, seed=11)["result"]
    for _ in range(5):
        record = view["record"]
        hint = call("hint", record=record)["result"]
        assert hint["move"] == call("bot_move", record=record, level="medium")["result"]["move"]
        after = call("play", record=record, move=hint["move"])["result"]
        before = [s["total"] for s in view["tally"]["seats"]]
        totals = [s["total"] for s in after["tally"]["seats"]]
        assert hint["change"] == [a - b for a, b in zip(totals, before, strict=True)]
        view = after


def test_history_per_ply_and_per_round() -> None:
    game = positions(3, 5, 27)
    assert game.is_over
    reply = call("history", record=record_of(game))
    assert reply["ok"], reply
    history = reply["result"]
    assert len(history["plies"]) == 27 and len(history["rounds"]) == 9
    final = [line.total for line in game.score().seats]
    assert history["plies"][-1]["totals"] == final == history["rounds"][-1]
    totals = history["start"]
    for ply, played in zip(history["plies"], game.history, strict=True):
        assert ply["seat"] == played.seat and ply["card"] == played.move.card
        assert ply["face"] == list(game.face(played.move.card, played.move.rotation))
        assert [t + c for t, c in zip(totals, ply["change"], strict=True)] == ply["totals"]
        totals = ply["totals"]
    for index in range(9):
        assert history["rounds"][index] == history["plies"][3 * index + 2]["totals"]


def test_errors_are_clear() -> None:
    view = call("new_game", players=2, seed=3)["result"]
    record = view["record"]
    card = view["gallery"][0]["card"]
    missing = next(c for c in range(1, 41) if c not in [g["card"] for g in view["gallery"]])
    reply = call("preview", record=record, card=missing, rotation=0)
    assert reply["error"]["type"] == "IllegalMove"
    assert "not in the Gallery" in reply["error"]["message"]
    reply = call("preview", record=record, card=card, rotation=45)
    assert reply["error"]["type"] == "IllegalMove" and "rotation" in reply["error"]["message"]
    for bad in ("7", None, True, 1.5):
        assert call("preview", record=record, card=bad)["error"]["type"] == "BadRequest"
    assert call("preview", card=card)["error"]["type"] == "BadRequest"
    assert call("hint")["error"]["type"] == "BadRequest"
    over = positions(2, 3, 16)
    assert call("hint", record=record_of(over))["error"]["type"] == "IllegalMove"
    assert call("preview", record=record_of(over), card=1)["error"]["type"] == "IllegalMove"
