"""The order `make test`'s processes take the modules in (pytest-xdist, ``--dist loadfile
--no-loadscope-reorder``): the browser modules first, the engine's many short modules last.
xdist's own order (the modules with the most tests first) handed out the long browser
journeys, a few tests each, at the very end, and one process waited for the other."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests first, each module's tests in their own order (the sort is stable)."""
    items.sort(key=lambda item: 0 if "tests/web/" in item.nodeid.replace("\\", "/") else 1)
