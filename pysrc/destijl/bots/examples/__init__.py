"""Bots written against the bot API (docs/bots.md), as a person writes them in the Lab.

``starter.py`` is the Lab's starting point; ``medium.py`` is the medium level itself, in
the API's words (it plays exactly the moves of ``destijl.bots.simple.MediumBot``, which
tests/engine/test_bot_api.py checks). Each file is a whole bot: copy it and change it.
"""

from pathlib import Path

from ...errors import UnknownExample

EXAMPLES = ("starter", "medium")


def source(name: str) -> str:
    """The text of the example bot ``name`` (one of ``EXAMPLES``)."""
    if name not in EXAMPLES:
        raise UnknownExample(f"example: expected one of {', '.join(EXAMPLES)}, got {name!r}")
    return (Path(__file__).parent / f"{name}.py").read_text(encoding="utf-8")
