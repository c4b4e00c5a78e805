"""The Rules panel's pictures (web/app/teach/rules.js) show real cards and real counts.

The panel draws from constants written into the page (it has no engine before a game).
This test reads them and checks each against the engine, so they cannot drift from the
card set, the placement rule, the stroke count or the rulebook's bonus table.
"""

import json
import re
from pathlib import Path

from destijl.cards import CARDS
from destijl.painting import Painting
from destijl.scoring import find_strokes

PANEL = Path(__file__).resolve().parents[2] / "web" / "app" / "teach" / "rules.js"


def constant(name: str):
    """The JSON value of `const NAME = ...;` in the panel's source."""
    match = re.search(rf"const {name} = (.+?);\n", PANEL.read_text(), re.S)
    assert match, f"{name} not found in {PANEL.name}"
    text = re.sub(r"(\d+):", r'"\1":', match.group(1).replace("\n", " "))
    return json.loads(text)


def test_the_pictured_cards_are_cards_3_and_12() -> None:
    assert tuple(constant("CARD_3")) == tuple(CARDS[3])
    assert tuple(constant("CARD_12")) == tuple(CARDS[12])


def test_the_example_painting_is_card_12_laid_over_card_3_covering_2_cells() -> None:
    painting = Painting()
    painting.place(CARDS[3], 0, 0)
    assert painting.covered(2, 1) == 2
    painting.place(CARDS[12], 2, 1)
    assert sorted(constant("EXAMPLE")) == sorted([x, y, c] for (x, y), c in painting.items())
    red = sorted(sorted(map(list, s.cells)) for s in find_strokes(painting) if s.color == "R")
    assert red == sorted(sorted(cells) for cells in constant("RED_STROKES"))


def test_the_bonus_table_is_the_rulebooks() -> None:
    assert constant("BONUSES") == {"2": [3], "3": [4, 2], "4": [5, 3, 1], "5": [5, 3, 1]}
