"""Exact integer checks for values read from JSON, shared by the record, the moves and the API.

JSON has one number type and Python's ``bool`` is an ``int``, so ``isinstance(True, int)``
would let ``true`` pass as 1. ``is_int`` accepts exact integers only:

>>> is_int(3), is_int(True), is_int(3.0), is_int(7, 0, 5), is_int(-1, low=0)
(True, False, False, False, False)
"""

from __future__ import annotations

from typing import Any, TypeGuard

SAFE_INT = 2**53 - 1
"""The largest integer JavaScript holds exactly; seeds must not exceed it (9007199254740991)."""


def is_int(value: Any, low: int | None = None, high: int | None = None) -> TypeGuard[int]:
    """Is ``value`` an ``int`` (not a ``bool``) within ``low..high`` (inclusive, if given)?"""
    return (type(value) is int and (low is None or value >= low)
            and (high is None or value <= high))
