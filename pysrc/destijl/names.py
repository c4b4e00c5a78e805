"""Seat names: the one rule for what a name may hold, shared by the engine and the page.

A name is 1 to ``MAX_NAME`` characters, counted in code points, after the white space at
both ends is trimmed. It may not hold a control character (C0, DEL, C1), a bidirectional
embedding, override or isolate (they reorder the text around the name), a line or
paragraph separator, or a lone surrogate half; and it may not be made only of characters
that show nothing (white space, zero-width and other format characters, fillers).

The rule is written as explicit code point ranges rather than Unicode categories, so
that Python 3.11, Pyodide's Python and the browser, each with its own Unicode version,
agree on every name; ``rule_data`` gives the page the same ranges.

>>> check_name("  Piet Mondrian ")
'Piet Mondrian'
>>> check_name("Ann\\x1b]0;pwned\\x07")
Traceback (most recent call last):
...
destijl.names.BadName: name: U+001B (a control character) is not allowed in a name
>>> check_name("\\u200b\\u3164", "seats[1].name")
Traceback (most recent call last):
...
destijl.names.BadName: seats[1].name: a name needs a visible character, got '\\u200b\\u3164'
>>> len(check_name("🎨" * 40))
40
"""

from __future__ import annotations

from typing import Any

from .errors import BadRequest, quote

MAX_NAME = 40

PLAYER_NAME = "You"
"""The name of the device's own seat until its player gives another."""
BOT_NAMES = ("Piet", "Theo", "Bart", "Vilmos", "Gerrit")
"""The bot seats' names, in seat order (after the player's seat)."""
FRIEND_NAMES = ("Ben", "Sam", "Mia", "Lou")
"""Made-up names for the seats of friends on other devices."""
"""The longest name, in code points (an emoji such as 🎨 is one)."""

Ranges = tuple[tuple[int, int], ...]

REFUSED: tuple[tuple[str, Ranges], ...] = (
    ("a control character", ((0x00, 0x1F), (0x7F, 0x9F))),
    ("a bidirectional control", ((0x202A, 0x202E), (0x2066, 0x2069))),
    ("a line or paragraph separator", ((0x2028, 0x2029),)),
    ("half of a surrogate pair", ((0xD800, 0xDFFF),)),
)
"""Characters no name may hold, with the words that say why."""

WHITESPACE: Ranges = (
    (0x09, 0x0D), (0x20, 0x20), (0x85, 0x85), (0xA0, 0xA0), (0x1680, 0x1680),
    (0x2000, 0x200A), (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F),
    (0x3000, 0x3000), (0xFEFF, 0xFEFF),
)
"""Trimmed from both ends of a name (Unicode White_Space, and the byte order mark)."""

INVISIBLE: Ranges = (
    *WHITESPACE,
    (0xAD, 0xAD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F),
    (0x2800, 0x2800), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0),
    (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
"""Characters that show nothing on their own: a name of only these is refused."""


class BadName(BadRequest):
    """A seat name the rule refuses; the message names the field and the reason."""


def _within(code: int, ranges: Ranges) -> bool:
    return any(low <= code <= high for low, high in ranges)


def trim(name: str) -> str:
    """``name`` without the ``WHITESPACE`` at both ends (the same set as the page's)."""
    start, end = 0, len(name)
    while start < end and _within(ord(name[start]), WHITESPACE):
        start += 1
    while end > start and _within(ord(name[end - 1]), WHITESPACE):
        end -= 1
    return name[start:end]


def check_name(value: Any, where: str = "name") -> str:
    """The trimmed name, or ``BadName`` saying what is wrong with it."""
    if not isinstance(value, str):
        raise BadName(f"{where}: expected 1 to {MAX_NAME} characters, got {quote(value)}")
    name = trim(value)
    if not name or len(name) > MAX_NAME:
        raise BadName(f"{where}: expected 1 to {MAX_NAME} characters, got {quote(value)}")
    for char in name:
        for reason, ranges in REFUSED:
            if _within(ord(char), ranges):
                raise BadName(f"{where}: U+{ord(char):04X} ({reason}) is not allowed in a name")
    if all(_within(ord(char), INVISIBLE) for char in name):
        raise BadName(f"{where}: a name needs a visible character, got {quote(name)}")
    return name


def rule_data() -> dict[str, Any]:
    """The rule as plain data for the page: ``{max, refused, whitespace, invisible}``."""
    return {
        "max": MAX_NAME,
        "refused": [{"why": why, "ranges": [list(r) for r in ranges]} for why, ranges in REFUSED],
        "whitespace": [list(r) for r in WHITESPACE],
        "invisible": [list(r) for r in INVISIBLE],
    }
