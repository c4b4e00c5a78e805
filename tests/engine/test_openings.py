"""The openings the build ships (dist/app/openings/N.json) are the engine's own first views.

The page shows an opening before Python has loaded and lets the person move on it, so every
opening must be exactly what ``new_game`` answers for its seed and player count, as the
page asks for it; and the page's one change to it, its own seat names and controllers, must
be all that those change in a first view (docs/web.md, "Openings"). The pools are written
by the build's own writer (build_scripts/openings_data.py) and read back from the files.
"""

from __future__ import annotations

import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from destijl.api import handle
from destijl.facts import describe

REPO = Path(__file__).resolve().parents[2]
ENGINE = REPO / "pysrc" / "destijl"
sys.path.insert(0, str(REPO / "build_scripts"))
import openings_data  # noqa: E402  the build's writer of the files

sys.path.pop(0)

FACTS = describe()
GZIP_BUDGET = 16_000  # bytes per player count's file, gzipped: the page fetches one


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> dict[int, dict[str, Any]]:
    """Each player count's pool, as the build writes it into dist/ and read back."""
    out = tmp_path_factory.mktemp("dist")
    paths = openings_data.write(out, ENGINE)
    assert [p.relative_to(out).as_posix() for p in paths] == [
        f"app/openings/{n}.json" for n in (2, 3, 4, 5)]
    return {n: json.loads(path.read_text()) for n, path in zip((2, 3, 4, 5), paths, strict=True)}


def ask(cmd: str, **args: Any) -> Any:
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]


def page_seats(players: int, names: list[str], controllers: list[str]) -> list[dict]:
    colors = FACTS["default_colors"][str(players)]
    return [{"name": name, "colors": colors[i], "controller": controller}
            for i, (name, controller) in enumerate(zip(names, controllers, strict=True))]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_opening_is_the_engines_view_of_its_seed(
    shipped: dict[int, dict[str, Any]], players: int
) -> None:
    pool = shipped[players]
    assert pool["format"] == "destijl-openings/1" and pool["players"] == players
    openings = pool["openings"]
    assert len(openings) == 32
    assert len({o["seed"] for o in openings}) == 32, "a seed twice in one pool"
    for opening in openings:
        seed, view = opening["seed"], opening["view"]
        assert isinstance(seed, int) and 0 <= seed <= 2**53 - 1
        # the game the page starts: the default options, the engine's default seats
        assert view == ask("new_game", players=players, seed=seed, rotations=True,
                           first_player=0), f"{players} players, seed {seed}"
        assert view["ply"] == 0 and view["current_seat"] == 0 and view["record"]["seed"] == seed
        assert view["rotations"] == [0, 90, 180, 270]
        assert set(view["legal"]) == {str(g["card"]) for g in view["gallery"]}
        assert all(view["legal"][card][str(r)] for card in view["legal"] for r in view["rotations"])
        assert view["tally"]["tie_break"] is None  # tied openings are passed over


def test_other_seats_change_only_the_seats_names_and_controllers(
    shipped: dict[int, dict[str, Any]]
) -> None:
    """What the page does to an opening (web/app/opening/data.js `dress`) is what the engine
    does for those seats: every other part of the first view stays the same."""
    rng = random.Random(22)
    controllers = FACTS["controllers"]
    for players, pool in shipped.items():
        for opening in rng.sample(pool["openings"], 8):
            names = [rng.choice(["You", "Piet", "Ann", "Zoë 🎨", "Seat 9"]) + str(i)
                     for i in range(players)]
            chosen = [rng.choice(controllers) for _ in range(players)]
            engine = ask("new_game", players=players, seed=opening["seed"], rotations=True,
                         first_player=0, seats=page_seats(players, names, chosen))
            dressed = json.loads(json.dumps(opening["view"]))
            for seats in (dressed["seats"], dressed["record"]["seats"]):
                for seat, name, controller in zip(seats, names, chosen, strict=True):
                    seat["name"], seat["controller"] = name, controller
            assert engine == dressed, f"{players} players, seed {opening['seed']}"


def test_each_file_is_small_when_compressed(shipped: dict[int, dict[str, Any]]) -> None:
    for players, pool in shipped.items():
        text = json.dumps(pool, separators=(",", ":")).encode()
        assert len(gzip.compress(text, 9)) < GZIP_BUDGET, players
