"""The engine's errors: each a ``ValueError`` whose message names the rule or the field."""

from __future__ import annotations

import reprlib


class DeStijlError(ValueError):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(DeStijlError):
    """A move that breaks a rule; the message names the rule and the move."""


class BadRecord(DeStijlError):
    """A game record that cannot be replayed; the message names the field (and move index)."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


class BadRequest(DeStijlError):
    """Malformed arguments to the public API (wrong type, out of range, unknown command)."""


class BadRotation(BadRequest):
    """A rotation that is not 0, 90, 180 or 270 degrees (``cards.rotate_face``)."""


class UnknownExample(BadRequest):
    """A name that is not one of the Lab's example bots (``bots.examples.source``)."""


class TooMuchWork(BadRequest):
    """A request for more work (playouts, positions, time) than the engine's ceiling for one
    request; the message names the ceiling (docs/api.md, "Bounded requests")."""


class _ShortRepr(reprlib.Repr):
    """``repr`` cut to a few dozen characters, cheap whatever the value's size or depth."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = QUOTE_CHARS
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = 6

    def repr_int(self, value: int, level: int) -> str:
        if value.bit_length() > 200:  # repr() of a huge int is slow, past 4300 digits refused
            return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(value, level)


QUOTE_CHARS = 60
_SHORT = _ShortRepr()


def quote(value: object) -> str:
    """``repr(value)`` cut to about ``QUOTE_CHARS`` characters, for error messages.

    >>> quote("x" * 1000)[:12], len(quote("x" * 1000)) <= 62
    ("'xxxxxxxxxxx", True)
    >>> quote(10 ** 5000)
    '<an integer of about 5001 digits>'
    >>> quote(True), quote([1, [2, [3, [4]]]])
    ('True', '[1, [2, [3, [...]]]]')
    """
    text = _SHORT.repr(value)
    return text if len(text) <= QUOTE_CHARS + 2 else text[:QUOTE_CHARS - 3] + "..."
