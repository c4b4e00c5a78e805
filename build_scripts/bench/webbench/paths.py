"""Where things are, what is measured, and the limits."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
BUILD = REPO / "build_scripts" / "build.py"
NODE_MODULES = REPO / "build_scripts" / "node_modules"
LIGHTHOUSE = NODE_MODULES / ".bin" / "lighthouse"
PAGES = Path(__file__).resolve().parent / "pages"
DOC = REPO / "docs" / "benchmarks.md"
SECTION = "## Load and first move in the browser"
GAME_PATH = "/?seats=human,medium"  # then Start game (browser.start_game), as a visitor
EMBED_PATH = "/embed.html?seats=human,medium&seed=3"
BASELINE_PATH = "/bench/baseline.html"
BOTS_PATH = "/bench/bots.html"
REDRAW_PATH = "/?seats=random,random,random,random,random&speed=fast&seed=11&autostart=1"
LARGEST = 15  # from this move on a 5-player Painting holds 16 to 25 cards: the largest ones
SLOW = {"bits_per_s": 10e6, "rtt_ms": 40}
TIMEOUT_MS = 120_000


def page_script(name: str) -> str:
    """The text of one of the bench's scripts (webbench/pages/NAME)."""
    return (PAGES / name).read_text()
