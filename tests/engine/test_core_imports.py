"""The rules core stands alone: ``import destijl`` (and ``destijl.record``, ``destijl.game``)
loads the rules and the plain record only, never a feature (friend games, bots, the daily,
links, review, the Lab, the elliptic curve of the friend signatures).

Each import runs in a fresh interpreter, so modules another test loaded do not hide one.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PYSRC = Path(__file__).resolve().parents[2] / "pysrc"
CORE = {"destijl", "destijl.cards", "destijl.errors", "destijl.game", "destijl.integers",
        "destijl.move", "destijl.names", "destijl.painting", "destijl.record",
        "destijl.record_fields", "destijl.scoring"}
"""The rules core: what ``import destijl`` may load."""
FEATURES = ("destijl.friends", "destijl.bots", "destijl.p256", "destijl.daily",
            "destijl.review", "destijl.lab", "destijl.link", "destijl.records", "destijl.api")


def loaded_by(module: str) -> set[str]:
    """The ``destijl`` modules a fresh interpreter holds after ``import module``."""
    code = (f"import json, sys; import {module}; "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'destijl')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(PYSRC)}).stdout
    return set(json.loads(out))


@pytest.mark.parametrize("module", ["destijl", "destijl.record", "destijl.game"])
def test_the_core_imports_no_feature(module: str) -> None:
    loaded = loaded_by(module)
    features = sorted(m for m in loaded if m.startswith(FEATURES))
    assert not features, f"import {module} loads feature modules {features}"
    assert loaded <= CORE, f"import {module} loads {sorted(loaded - CORE)} beyond the core"


def test_the_check_sees_a_feature() -> None:
    """The check itself works: importing the API loads the friend games and the bots."""
    loaded = loaded_by("destijl.api")
    assert {"destijl.friends", "destijl.bots", "destijl.p256"} <= loaded
