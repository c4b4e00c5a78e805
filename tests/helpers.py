"""Shared test helpers: paintings drawn as text."""

from __future__ import annotations


def grid(text: str, origin: tuple[int, int] = (0, 0)) -> dict[tuple[int, int], str]:
    """Cells from rows of letters; '.' (or a space) is an empty cell.

    >>> grid("R.\\nBB")
    {(0, 0): 'R', (0, 1): 'B', (1, 1): 'B'}
    """
    ox, oy = origin
    cells = {}
    for y, row in enumerate(text.strip("\n").splitlines()):
        for x, letter in enumerate(row.strip()):
            if letter not in ". ":
                cells[(ox + x, oy + y)] = letter
    return cells


def paths(value, prefix: tuple = ()):
    """Every path (a tuple of keys and indexes) into a JSON value, the value itself first."""
    yield prefix
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from paths(inner, (*prefix, index))
