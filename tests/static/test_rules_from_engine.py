"""No rule is typed in web/: the page reads the engine's numbers from the
generated rules-data.js and the palette from style.css (through the generated palette.js).

Reads the front end's source; no browser needed. A planted leak (a rating, a link limit, a
cover range, a player count in words, a hex colour of the palette) fails these tests.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "web" / "app"
sys.path.insert(0, str(REPO / "build_scripts"))
sys.path.insert(0, str(REPO / "pysrc"))

import palette  # noqa: E402
from destijl.facts import describe  # noqa: E402

COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'`\\])//[^\n]*", re.DOTALL)
# words that restate a rule: "2, 3 or 4 cells", "with 3 players"
RULE_WORDS = (re.compile(r"\d+, \d+ or \d+ cells"), re.compile(r"with \d+ players"))


def code() -> dict[str, str]:
    """Every module of web/app (the generated ones are not in web/), comments left out."""
    return {p.relative_to(APP).as_posix(): COMMENT.sub("", p.read_text())
            for p in sorted(APP.rglob("*.js"))}


def rule_numbers() -> set[int]:
    """The engine's numbers that would only be typed in web/ by copying them: the link's
    sizes and the bot levels' ratings (but round ones such as 1000, which a page also
    writes as a millisecond count)."""
    facts = describe()
    ratings = {level["rating"] for level in facts["levels"]}
    return {*facts["link"].values(), facts["max_bot_source"], *(r for r in ratings if r % 100)}


def typed(modules: dict[str, str], numbers: set[int]) -> list[tuple[str, int]]:
    """(module, number) for each of `numbers` written as a literal in a module."""
    found = []
    for module, text in modules.items():
        for n in sorted(numbers):
            if re.search(rf"(?<![\w.#]){n:_}(?![\w.])|(?<![\w.#]){n}(?![\w.])", text):
                found.append((module, n))
    return found


def test_no_rule_number_is_typed_in_the_page() -> None:
    numbers = rule_numbers()
    assert {8000, 16000} <= numbers and len(numbers) >= 5
    assert typed(code(), numbers) == []


def test_the_scan_finds_a_planted_rule_number() -> None:
    planted = {"link/codec.js": "export const MAX_PAYLOAD = 8_000;",
               "words.js": 'const label = "Medium · 1564";'}
    assert typed(planted, {8000, 1564}) == [("link/codec.js", 8000), ("words.js", 1564)]


def test_no_rule_is_written_out_in_words() -> None:
    leaks = [(module, m.group()) for module, text in code().items()
             for pattern in RULE_WORDS for m in pattern.finditer(text)]
    assert leaks == []
    assert RULE_WORDS[0].search('"The card must cover 2, 3 or 4 cells that are painted."')


def test_no_colour_of_the_palette_is_typed_outside_style_css() -> None:
    colours = set(palette.read((REPO / "web" / "style.css").read_text()).values())
    assert "#d40920" in colours
    leaks = [(module, c) for module, text in code().items() for c in colours
             if c in text.lower()]
    assert leaks == []


def test_the_default_names_are_the_engines() -> None:
    """The default names live in destijl.names; the page reads them from rules-data.js (a
    bot's name typed as a string in web/app fails; comments may show one)."""
    names = describe()["default_names"]
    bots = [*names["bots"], *names["friends"]]
    assert "Piet" in bots
    leaks = [(module, name) for module, text in code().items() for name in bots
             if re.search(rf"""["'`]{name}["'`]""", text)]
    assert leaks == []
