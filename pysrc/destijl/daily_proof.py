"""A Today's Painting result that proves itself (docs/daily.md, "What a result link proves").

A daily result link holds the day, the player's moves and what it claims (total, hints,
par). ``verify`` replays it: the deal is the day's deal, every bot move is the medium bot's,
the day is not later than ``today`` (the latest date of whoever checks), and the total,
place and par are the engine's own, never the link's or a file's; a claim that differs is
refused. ``import_days`` does the same for each day of a ``destijl-daily/1`` results file.

The hints are the one thing taken on trust: the device that played counts them.
"""

from __future__ import annotations

import time
from typing import Any

from . import daily, link
from .errors import BadRequest, DeStijlError, quote

FORMAT = "destijl-daily/1"
"""The results file (and the page's stored results): ``{"format", "days": {date: entry}}``."""
EARLIEST_ZONE = 14 * 3600
"""The earliest time zone, UTC+14 (Kiritimati), in seconds: its date is the latest on Earth."""


class NotGenuine(BadRequest):
    """A daily result the engine does not confirm; the message names what is wrong."""


def latest_date(now: float | None = None) -> str:
    """The latest local date anywhere on Earth at ``now`` (seconds since 1970, UTC; default:
    the clock now): no daily can be later."""
    return time.strftime("%Y-%m-%d", time.gmtime((time.time() if now is None else now)
                                                 + EARLIEST_ZONE))


def check_day(day: str, today: str) -> None:
    """``NotGenuine`` if ``day`` is later than ``today`` (no daily is played before its day)."""
    if daily._days(day) > daily._days(today):
        raise NotGenuine(f"day: {day} is later than today ({today}): a Today's Painting is "
                         "played on its day or after, never before")


def verify(opened: link.OpenedLink, today: str) -> daily.DailyResult:
    """The engine's result of an opened daily link, or ``NotGenuine`` naming the problem.

    The link's moves were checked when it was opened (the day's deal, the bots' moves the
    medium bot's, the first bad one named); here: the day is not after ``today``, the game
    is over, and the total and par it claims are the engine's.
    """
    if opened.kind != "daily" or opened.day is None or opened.game is None:
        raise NotGenuine(f"k: this is a {opened.kind} link, not a Today's Painting result")
    day = opened.day
    check_day(day, today)
    claims = opened.claims or {}
    try:
        outcome = daily.result(opened.game, day, claims.get("h", 0))
    except DeStijlError as error:
        raise NotGenuine(str(error)) from None
    for key, name, value in (("t", "total", outcome.total), ("par", "par", outcome.par)):
        if key in claims and claims[key] != value:
            raise NotGenuine(f"{name}: the result says {quote(claims[key])}; the engine's "
                             f"{name} for {day} is {value}")
    return outcome


def verify_payload(payload: Any, today: str) -> tuple[link.OpenedLink, daily.DailyResult]:
    """Open a daily result link's payload (``#g=`` text) and verify it."""
    try:
        opened = link.decode(payload)
    except DeStijlError as error:
        raise NotGenuine(str(error)) from None
    return opened, verify(opened, today)


def summary(opened: link.OpenedLink, outcome: daily.DailyResult) -> str:
    """``genuine Today's Painting #3 (2026-12-03): You 19, par 19`` and the rest of the result."""
    game = opened.game
    assert game is not None  # a daily link replays its game
    names = [seat.name for seat in game.seats]
    totals = ", ".join(f"{name} {line.total}"
                       for name, line in zip(names, game.score().seats, strict=True))
    return (f"genuine Today's Painting #{outcome.number} ({outcome.date}): "
            f"{names[0]} {outcome.total}, par {outcome.par}\n"
            f"{daily.ordinal(outcome.place)} of {outcome.players} ({totals}); par "
            f"{outcome.verdict}; {outcome.hints_text} (as the player's device counted them)")


def check_entry(date: Any, entry: Any, today: Any) -> dict[str, Any]:
    """A results file's day, re-checked: its link verified as that day's result, and its
    score, par and place the engine's. Its claims must agree; ``NotGenuine`` if not."""
    if not isinstance(entry, dict):
        raise NotGenuine(f"{date}: expected an entry with a link, got {quote(entry)}")
    opened, outcome = verify_payload(entry.get("link"), today)
    if opened.day != date:
        raise NotGenuine(f"day: the link is the result of {opened.day}, not of {date}")
    for key, value in (("score", outcome.total), ("par", outcome.par),
                       ("place", outcome.place), ("players", outcome.players)):
        if key in entry and entry[key] != value:
            raise NotGenuine(f"{key}: the file says {quote(entry[key])}; the engine's "
                             f"{key} is {value}")
    assert opened.game is not None  # a daily link replays its game
    return {"score": outcome.total, "par": outcome.par, "place": outcome.place,
            "players": outcome.players, "number": outcome.number,
            "verdict": outcome.verdict, "hints": outcome.hints,
            "text": daily.share_text(opened.game, outcome), "link": entry["link"]}


def import_days(data: Any, today: str) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The days of a results file the engine confirms, and the refused ones with why:
    ``({date: entry}, {date: reason})``; nothing in an entry is kept unchecked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadRequest(f"format: expected a {FORMAT} results file")
    days = data.get("days")
    if not isinstance(days, dict):
        raise BadRequest("days: expected an object of {date: entry}")
    kept: dict[str, dict[str, Any]] = {}
    refused: dict[str, str] = {}
    for date, entry in days.items():
        try:
            kept[date] = check_entry(date, entry, today)
        except DeStijlError as error:
            refused[date] = str(error)
    return kept, refused
