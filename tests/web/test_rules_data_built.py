"""The built site's app/rules-data.js is the engine's describe(), whole (no browser needed).

The page imports it for everything it must know before a game exists (player counts,
colours, bot levels, the Rules panel's example); tests/engine/test_rules_data.py checks
describe() against the engine and the rulebook.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from player import engine

if TYPE_CHECKING:
    from conftest import Site

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))
import rules_data

sys.path.pop(0)


def test_the_built_module_is_the_engines_describe(site: Site) -> None:
    text = (site.root / rules_data.NAME).read_text()
    assert text.startswith(rules_data.HEADER)
    assert rules_data.read(text) == engine("describe")
