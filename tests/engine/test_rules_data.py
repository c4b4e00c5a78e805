"""What the page knows before a game (destijl.facts.describe, written into the build's
app/rules-data.js) agrees with the engine and with the rulebook.

The expected values are written out here (the rulebook's), or asked of the engine's game
API, never read from the constants describe() itself uses.
"""

from __future__ import annotations

import json
import random

import pytest

from destijl import new_game
from destijl.api import handle
from destijl.bots import level_names, make_bot
from destijl.cards import CARDS
from destijl.errors import BadRequest
from destijl.facts import describe
from destijl.game import make_seats
from destijl.painting import Painting
from destijl.scoring import find_strokes

FACTS = describe()


def test_it_is_plain_json_and_the_api_answers_the_same() -> None:
    assert json.loads(json.dumps(FACTS)) == FACTS
    reply = json.loads(handle('{"cmd": "describe", "args": {}}'))
    assert reply == {"ok": True, "result": FACTS}


def test_player_counts_and_colours_are_the_rulebooks() -> None:
    assert FACTS["players"] == [2, 3, 4, 5]
    assert FACTS["colors"] == ["R", "Y", "B", "K", "W"]
    assert FACTS["color_names"] == {"R": "red", "Y": "yellow", "B": "blue", "K": "black",
                                    "W": "white"}
    assert FACTS["colors_per_seat"] == {"2": 2, "3": 1, "4": 1, "5": 1}
    assert FACTS["bonuses"] == {"2": [3], "3": [4, 2], "4": [5, 3, 1], "5": [5, 3, 1]}
    assert FACTS["cover"] == [2, 4]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_default_colours_are_what_a_new_game_deals(players: int) -> None:
    game = new_game(players, seed=1)
    dealt = [list(seat.colors) for seat in game.seats]
    assert FACTS["default_colors"][str(players)] == dealt
    assert all(len(colors) == FACTS["colors_per_seat"][str(players)] for colors in dealt)


def test_every_controller_is_accepted_and_every_level_plays() -> None:
    assert FACTS["controllers"][0] == "human"
    names = [level["name"] for level in FACTS["levels"]]
    assert [f"bot:{name}" for name in names] == [c for c in FACTS["controllers"]
                                                if c.startswith("bot:") and c != "bot:mine"]
    assert {"random", "easy", "medium", "hard"} <= set(names)
    assert names == level_names()  # every level the bots can play, and only those
    for controller in FACTS["controllers"]:
        make_seats(2, controllers=[controller, "human"])
    with pytest.raises(BadRequest):
        make_seats(2, controllers=["bot:nobody", "human"])
    game = new_game(2, seed=3)
    for level in names:
        assert game.is_legal(make_bot(level, time_ms=50).choose(game, random.Random(1)))


def test_names_up_to_max_name_are_accepted_and_one_more_is_not() -> None:
    longest = "n" * FACTS["max_name"]
    make_seats(2, names=[longest, "Piet"])
    with pytest.raises(BadRequest):
        make_seats(2, names=[longest + "n", "Piet"])
    assert FACTS["max_name"] == 40


def test_the_rules_panels_example_is_real_cards_and_real_counts() -> None:
    example = FACTS["rules_example"]
    (first, second) = example["cards"]
    assert [first["card"], second["card"]] == [3, 12]
    assert tuple(first["face"]) == CARDS[3] and tuple(second["face"]) == CARDS[12]
    painting = Painting()
    painting.place(CARDS[3], 0, 0)
    assert example["legal"] == {"x": 2, "y": 1, "covers": 2, "ok": True}
    assert example["illegal"] == {"x": 1, "y": 0, "covers": 6, "ok": False}
    assert painting.covered(2, 1) == 2 and painting.covered(1, 0) == 6
    painting.place(CARDS[12], 2, 1)
    cells = sorted((x, y, c) for (x, y), c in painting.items())
    assert sorted(map(tuple, example["painting"])) == cells
    red = [s for s in find_strokes(painting) if s.color == "R"]
    assert example["color"] == "R"
    assert sorted(sorted(map(tuple, cells)) for cells in example["strokes"]) == sorted(
        sorted(s.cells) for s in red)
    assert sorted(len(cells) for cells in example["strokes"]) == [3, 4]  # the panel's caption


def test_the_think_time_is_within_what_the_api_allows() -> None:
    """The page sends FACTS["think_ms"] as bot_move's time_ms: the API must accept it."""
    record = json.loads(handle(json.dumps({"cmd": "new_game", "args": {"players": 2, "seed": 1}})))[
        "result"]["record"]
    reply = json.loads(handle(json.dumps({"cmd": "bot_move", "args": {
        "record": record, "level": "medium", "time_ms": FACTS["think_ms"]}})))
    assert reply["ok"], reply
    assert FACTS["think_ms"] > 0
