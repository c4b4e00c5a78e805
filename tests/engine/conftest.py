"""The engine suite's options: ``fuzz_long`` tests run only when asked (``-m fuzz_long``)."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz_long: long fuzz runs, only with -m fuzz_long")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "fuzz_long" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a long fuzz run: pytest -m fuzz_long")
    for item in items:
        if "fuzz_long" in item.keywords:
            item.add_marker(skip)
