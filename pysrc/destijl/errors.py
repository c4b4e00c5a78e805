"""The engine's errors: each a ``ValueError`` whose message names the rule or the field."""

from __future__ import annotations


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
