"""Shared test helpers: paintings drawn as text, JSON paths, build scripts as modules."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BUILD_SCRIPTS = Path(__file__).resolve().parents[1] / "build_scripts"


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


def build_script(name: str, folder: str = "") -> ModuleType:
    """``build_scripts/[folder/]<name>.py`` imported as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, BUILD_SCRIPTS / folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
