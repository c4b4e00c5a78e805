"""dist/app/openings/N.json: the openings the page can show before the engine has loaded.

For each player count N (2 to 5) the build runs the engine natively and writes
``destijl.openings.pool_text(N)``: a pool of deals, each with its seed and the exact view
the JSON API answers for that new game (docs/web.md, "Openings"). One file per player
count, so the page fetches only the one it needs. web/ has no openings of its own (the
build refuses them, build.GENERATED); tests/engine/test_openings.py checks every pool the
generator writes against the engine, and the build's own copy if there is one in dist/.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

FOLDER = "app/openings"


def _engine_openings(engine: Path) -> ModuleType:
    """destijl.openings of the engine package at `engine` (pysrc/destijl)."""
    sys.path.insert(0, str(engine.parent))
    try:
        from destijl import openings
    finally:
        sys.path.remove(str(engine.parent))
    return openings


def write(out: Path, engine: Path) -> list[Path]:
    """Write one pool per player count into the built site `out`; returns their paths."""
    openings = _engine_openings(engine)
    folder = out / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for players in openings.PLAYER_COUNTS:
        path = folder / f"{players}.json"
        path.write_text(openings.pool_text(players) + "\n")
        written.append(path)
    return written
