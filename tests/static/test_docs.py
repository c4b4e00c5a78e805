"""docs/ holds reference pages a newcomer can read in a sitting, not a log of work.

Every page is at most ``MAX_LINES`` long; no heading names a work pass, a session, an issue
or a date (a dated heading is an entry of a diary: the date of a figure goes beside the
figure); no line tells of "the fifth pass" or "this session". The story of how a figure was
reached is in git, not in docs/. Reads the files; no browser.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.glob("*.md"))
MAX_LINES = 600

ORDINAL = (r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
           r"twelfth|\d+(?:st|nd|rd|th)|next|last|this|previous|earlier|later")
# "the fifth pass", "this session", "sixth session's": a work log's way of dating
LOG_LINE = re.compile(rf"\b(?:{ORDINAL}) (?:pass|session)(?:'s)?\b", re.IGNORECASE)
LOG_HEADING = re.compile(r"\b(?:pass|session)\b|\bissues? \d+|\b\d{4}-\d{2}-\d{2}\b",
                         re.IGNORECASE)


def headings(text: str) -> list[str]:
    """The Markdown headings of a page, outside fenced code blocks.

    >>> headings("# A\\n```\\n# not one\\n```\\n## B (issue 3)")
    ['# A', '## B (issue 3)']
    """
    found, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.append(line)
    return found


def test_there_are_pages() -> None:
    assert len(PAGES) >= 10, PAGES


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_a_page_reads_in_a_sitting(page: Path) -> None:
    lines = len(page.read_text().splitlines())
    assert lines <= MAX_LINES, (f"{page.name} has {lines} lines (at most {MAX_LINES}): split "
                                "it by topic, and move the history out (git keeps it)")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_heading_is_a_log_entry(page: Path) -> None:
    logged = [h for h in headings(page.read_text()) if LOG_HEADING.search(h)]
    assert not logged, f"{page.name}: headings of a work log: {logged}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_no_line_tells_of_a_pass_or_session(page: Path) -> None:
    told = [f"{number}: {line.strip()}" for number, line in
            enumerate(page.read_text().splitlines(), 1) if LOG_LINE.search(line)]
    assert not told, f"{page.name}: lines of a work log: {told}"


@pytest.mark.parametrize(("text", "logged"), [
    ("#### Eighth pass (2026-12-04, lead): why the 4-player search is stuck", True),
    ("### Measured by CPU, not by wall time (fifth session, 2026-12-06)", True),
    ("## Issue 22: targets (a boot that costs nothing)", True),
    ("### Unused JavaScript at the start screen (2026-12-01, after 18:43)", True),
    ("## The ladder: `python -m destijl ladder`", False),
    ("## Stability: the whole suite from a clean clone on a busy machine", False),
])
def test_the_heading_rule_tells_a_log_from_a_reference(text: str, logged: bool) -> None:
    assert bool(LOG_HEADING.search(headings(text)[0])) is logged


@pytest.mark.parametrize(("line", "logged"), [
    ("the figures in this paragraph are the first pass's expert", True),
    ("Runs of this session (a fresh machine again)", True),
    ("(the phone pass of that test)", False),
    ("every test must pass", False),
])
def test_the_line_rule_tells_a_log_from_a_reference(line: str, logged: bool) -> None:
    assert bool(LOG_LINE.search(line)) is logged
