"""Openings: new games dealt at build time, so a page can show one before Python loads.

For each player count (2 to 5) and the default options (rotations on, seat 1 first, the
default colours), a pool of ``POOL_SIZE`` deals: each one the seed and exactly the view
``new_game`` answers through the JSON API (``destijl.api``) for ``{"players": N, "seed":
SEED}``, with the Gallery, the legal spots of every card and rotation and the cover counts
the first turn needs. The build writes one pool per player count into
``dist/app/openings/N.json`` (build_scripts/openings_data.py); the page takes one when a
game starts without a seed before the engine is ready, lets the person make the first move,
and checks the view against the engine's own once it has loaded (docs/web.md, "Openings").

The page puts its own seat names and controllers into the view (``seats[i]`` and the
record's ``seats[i]``); nothing else in a first view depends on them, except a tie-break
sentence, which names the seats. So a seed whose first tally has a tie-break is passed over:
the pool keeps the first ``POOL_SIZE`` candidates (a fixed hash sequence) without one.

>>> two = pool(2)
>>> len(two["openings"]) == POOL_SIZE, two["openings"][0]["seed"] == seeds(2)[0]
(True, True)
>>> first = two["openings"][0]
>>> first["view"] == opening_view(2, first["seed"]), first["view"]["ply"]
(True, 0)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from . import __version__
from .api import handle
from .errors import BadRequest, DeStijlError

FORMAT = "destijl-openings/1"
"""The format tag of a pool file."""
POOL_SIZE = 32
"""Deals per player count: a visitor rarely sees the same one twice in a row."""
PLAYER_COUNTS = (2, 3, 4, 5)
MAX_SEED = 2**53 - 1
"""Seeds stay integers JavaScript holds exactly (the API's own limit)."""


class OpeningRefused(DeStijlError):
    """The engine refused an opening's ``new_game`` (a bug in the seeds or the API)."""


def candidate(players: int, index: int) -> int:
    """The `index`-th candidate seed for `players`: a fixed hash, the same on every build."""
    digest = hashlib.sha256(f"destijl-opening/{players}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def opening_view(players: int, seed: int) -> dict[str, Any]:
    """The view the JSON API answers for a new game of `players` with `seed` (default seats)."""
    reply = json.loads(handle(json.dumps({"cmd": "new_game",
                                          "args": {"players": players, "seed": seed}})))
    if not reply["ok"]:
        raise OpeningRefused(f"new_game: {reply['error']['message']}")
    view: dict[str, Any] = reply["result"]
    return view


def _pool_views(players: int) -> list[tuple[int, dict[str, Any]]]:
    if players not in PLAYER_COUNTS:
        raise BadRequest(f"players: expected one of {PLAYER_COUNTS}, got {players!r}")
    chosen: list[tuple[int, dict[str, Any]]] = []
    index = 0
    while len(chosen) < POOL_SIZE:
        seed = candidate(players, index)
        index += 1
        view = opening_view(players, seed)
        if view["tally"].get("tie_break") is None:
            chosen.append((seed, view))
    return chosen


def seeds(players: int) -> list[int]:
    """The pool's seeds for `players`, in pool order."""
    return [seed for seed, _ in _pool_views(players)]


def pool(players: int) -> dict[str, Any]:
    """The pool of `players`: ``{"format", "engine", "players", "openings"}``, each opening
    ``{"seed", "view"}``."""
    return {"format": FORMAT, "engine": __version__, "players": players,
            "openings": [{"seed": seed, "view": view} for seed, view in _pool_views(players)]}


def pool_text(players: int) -> str:
    """The pool of `players` as compact JSON text (what the build writes)."""
    return json.dumps(pool(players), separators=(",", ":"))
