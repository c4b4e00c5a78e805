"""``Move``: which Gallery card goes where, and how it is turned.

A move names the card id, the (x, y) of its top-left cell after rotation (x grows right,
y grows down) and the clockwise rotation in degrees. Its compact text form round-trips:

>>> move = Move.parse("17@3,-1r90")
>>> move
Move.parse('17@3,-1r90')
>>> str(move), move.card, move.x, move.y, move.rotation
('17@3,-1r90', 17, 3, -1, 90)
>>> Move.from_dict(move.to_dict()) == move
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import BadRequest, quote
from .integers import is_int

_TEXT = re.compile(r"^(\d{1,9})@(-?\d{1,9}),(-?\d{1,9})r(\d{1,3})$", re.ASCII)
_FIELDS = ("card", "x", "y", "rotation")


@dataclass(frozen=True, order=True, slots=True)
class Move:
    """A placement: ``card`` id, top-left ``x``, ``y`` and clockwise ``rotation`` in degrees."""

    card: int
    x: int
    y: int
    rotation: int = 0

    def __str__(self) -> str:
        return f"{self.card}@{self.x},{self.y}r{self.rotation}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the compact form ``CARD@X,Yr ROTATION`` (no spaces), e.g. ``17@3,-1r90``."""
        match = _TEXT.match(text.strip()) if isinstance(text, str) else None
        if match is None:
            raise BadRequest(f"move: expected text like '17@3,-1r90', got {quote(text)}")
        card, x, y, rotation = (int(group) for group in match.groups())
        return cls(card, x, y, rotation)

    def to_dict(self) -> dict[str, int]:
        """The JSON form used by the API and the game record."""
        return {"card": self.card, "x": self.x, "y": self.y, "rotation": self.rotation}

    @classmethod
    def from_dict(cls, data: Any, where: str = "move") -> Move:
        """Read the JSON form; raise ``BadRequest`` naming the missing or mistyped field."""
        if not isinstance(data, dict):
            raise BadRequest(f"{where}: expected an object with {', '.join(_FIELDS)}")
        values: list[int] = []
        for name in _FIELDS:
            value = data.get(name)
            if not is_int(value):
                raise BadRequest(f"{where}.{name}: expected an integer, got {quote(value)}")
            values.append(value)
        return cls(*values)
