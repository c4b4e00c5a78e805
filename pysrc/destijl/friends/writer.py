"""Writing a friend record back out: the setup, the reveals, the moves and the signatures
that still belong to them, in the record's own format version."""

from __future__ import annotations

from typing import Any

from ..move import Move
from .records import Parsed


def to_record(parsed: Parsed, moves: list[tuple[int, Move]]) -> dict[str, Any]:
    """The friend record of ``parsed`` with ``moves`` (signatures of later moves dropped)."""
    return {
        **parsed.setup(),
        "format": parsed.format,
        "reveals": [None if r is None else [r[0], r[1].hex()] for r in parsed.reveals],
        "moves": [{"seat": seat, **move.to_dict()} for seat, move in moves],
        "sigs": [None if s is None or s[0] >= len(moves) else [s[0], s[1].hex()]
                 for s in parsed.sigs],
    }
