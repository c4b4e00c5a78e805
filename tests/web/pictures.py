"""Pictures of the pages for people to look at (test-artifacts/NAME.png), taken only when
``DESTIJL_PICTURES=1`` is set: no check reads them, so ``make test`` does not pay for them.
A check that reads pixels takes its own screenshot."""

from __future__ import annotations

import os
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WANTED = os.environ.get("DESTIJL_PICTURES", "") not in ("", "0")


def picture(target, name: str, settle_ms: int = 0, **options) -> Path | None:
    """Save a screenshot of `target` (a page or a locator) as test-artifacts/NAME(.png) when
    pictures are wanted, after `settle_ms` for a card to land or a camera to glide (a
    picture's only wait: no check reads it); its path, else None."""
    if not WANTED:
        return None
    if settle_ms:
        getattr(target, "page", target).wait_for_timeout(settle_ms)  # a locator's page, or the page
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / (name if name.endswith(".png") else f"{name}.png")
    target.screenshot(path=str(path), **options)
    return path
