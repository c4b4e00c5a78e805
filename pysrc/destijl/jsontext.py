"""Reading untrusted JSON text cheaply, with bounded size, depth and numbers.

``loads`` is ``json.loads`` for text that may be hostile: it refuses, with a
``BadRequest`` naming the problem, text longer than ``MAX_CHARS``, nesting deeper than
``MAX_DEPTH`` (checked before parsing, without recursion, so the parser never reaches
Python's recursion limit or Pyodide's small stack) and the non-JSON constants ``NaN`` and
``Infinity``, a number too large for a float (``1e400``, which Python would read as
infinity and JavaScript's ``JSON.stringify`` would then write as ``null``), and a key that
appears twice in one object. One byte order mark (U+FEFF) at the start is skipped, as a
browser's UTF-8 decoder does. An integer longer than
``MAX_DIGITS`` digits (Python refuses to convert more than 4,300) becomes a ``HugeNumber``,
which every validator rejects as "not an integer", naming the field.

>>> loads('{"a": [1, 2.5, "x"]}')
{'a': [1, 2.5, 'x']}
>>> loads('[' * 40 + ']' * 40)
Traceback (most recent call last):
...
destijl.errors.BadRequest: request: nested deeper than 32 levels
>>> loads('{"seed": ' + '9' * 5000 + '}')
{'seed': <an integer of 5000 digits>}
>>> loads('{"seed": 1e400}')
Traceback (most recent call last):
...
destijl.errors.BadRequest: request: the number 1e400 is too large
>>> loads('\ufeff{"a": 1}')
{'a': 1}
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import BadRequest, quote

MAX_CHARS = 1_000_000
"""The longest text read; a whole game record is about 6,000 characters."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects; a request needs 6."""
MAX_DIGITS = 30
"""Integers with more digits become ``HugeNumber``; every integer the engine takes is smaller."""

_FOLD = bytes.maketrans(b"{}", b"[]")  # one kind of bracket is enough to measure depth
_NOT_SKELETON = bytes(set(range(256)) - set(b'[]{}"'))  # bytes deleted before measuring


class HugeNumber:
    """An integer too long to convert; kept as its digit count so messages stay short."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __repr__(self) -> str:
        return f"<an integer of {self.digits} digits>"


def loads(text: Any, where: str = "request") -> Any:
    """Parse JSON ``text``; raise ``BadRequest`` starting with ``where`` if it is not sane."""
    if not isinstance(text, str):
        raise BadRequest(f"{where}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise BadRequest(f"{where}: {len(text):,} characters, more than the {MAX_CHARS:,} "
                         "the engine reads")
    check_depth(text, where)
    try:
        return json.loads(text.removeprefix("\ufeff"), parse_int=_parse_int,
                          parse_float=lambda number: _parse_float(number, where),
                          parse_constant=lambda name: _no_constant(name, where),
                          object_pairs_hook=lambda pairs: _object(pairs, where))
    except json.JSONDecodeError as error:
        raise BadRequest(f"{where}: not valid JSON ({error})") from None
    except RecursionError:  # not reached after check_depth; kept as a last guard
        raise BadRequest(f"{where}: nested too deeply") from None


def check_depth(text: str, where: str = "request") -> None:
    """Raise ``BadRequest`` if ``text`` nests arrays and objects deeper than ``MAX_DEPTH``.

    A few passes of C-speed string operations, no recursion and no per-character Python
    loop: escaped backslashes and quotes are dropped, everything but brackets and quotes
    deleted, the strings' insides cut out, ``{}`` folded into ``[]``, and then innermost
    ``[]`` pairs peeled off one level per pass. Unbalanced brackets are left for the parser
    to report, unless they alone open more than ``MAX_DEPTH`` levels.
    """
    plain = text.replace("\\\\", "").replace('\\"', "").encode("utf-8", "ignore")
    skeleton = b"".join(plain.translate(_FOLD, _NOT_SKELETON).split(b'"')[0::2])
    for _ in range(MAX_DEPTH):
        peeled = skeleton.replace(b"[]", b"")
        if not peeled:
            return
        if len(peeled) == len(skeleton):
            break
        skeleton = peeled
    if skeleton.count(b"[") > MAX_DEPTH or b"[]" in skeleton:
        raise BadRequest(f"{where}: nested deeper than {MAX_DEPTH} levels")


def _parse_int(text: str) -> int | HugeNumber:
    return HugeNumber(text) if len(text) > MAX_DIGITS else int(text)


def _parse_float(text: str, where: str) -> float:
    number = float(text)
    if math.isinf(number):
        raise BadRequest(f"{where}: the number {text[:20]} is too large")
    return number


def _add(seen: set[str], key: str) -> bool:
    """Add ``key`` to ``seen``; False, so that it reads in a condition."""
    seen.add(key)
    return False


def _object(pairs: list[tuple[str, Any]], where: str) -> dict[str, Any]:
    """An object, refusing a key that appears twice (``json.loads`` would keep the last)."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or _add(seen, key))
        raise BadRequest(f"{where}: key {quote(twice)} appears twice in one object")
    return result


def _no_constant(name: str, where: str) -> Any:
    raise BadRequest(f"{where}: {name} is not a JSON number")


def unwritable(value: Any, where: str = "") -> tuple[str, Any] | None:
    """The path and value of the first thing in ``value`` JSON cannot hold, or None.

    >>> unwritable({"seats": [1, loads("1" * 31)]}), unwritable({"a": [1.5, None]})
    (('seats[1]', <an integer of 31 digits>), None)
    """
    stack = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            stack.extend((f"{path}.{key}" if path else str(key), inner)
                         for key, inner in reversed(list(item.items())))
        elif isinstance(item, list | tuple):
            stack.extend((f"{path}[{index}]", inner)
                         for index, inner in reversed(list(enumerate(item))))
        elif not (item is None or isinstance(item, str | bool | int)
                  or (isinstance(item, float) and math.isfinite(item))):
            return path, item
    return None
