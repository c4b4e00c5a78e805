"""The commands of Today's Painting (docs/daily.md, docs/api.md): ``daily``, ``daily_result``
and ``daily_check``, dispatched by ``destijl.api``.

>>> cmd_daily({"date": "2026-12-01"})["number"]
1
"""

from __future__ import annotations

from typing import Any

from . import daily, daily_proof, link
from .errors import BadRequest
from .gameview import view
from .record import to_record


def cmd_daily(args: dict[str, Any]) -> dict[str, Any]:
    """Today's Painting of ``date`` (the player's local date): ``{date, number, view}``."""
    date = args.get("date")
    return {"date": date, "number": daily.number(date), "view": view(daily.daily_game(date))}


def cmd_daily_result(args: dict[str, Any]) -> dict[str, Any]:
    """A finished daily's score, place, par (played now, by the hard bot) and share text."""
    if "record" not in args:
        raise BadRequest("record: missing")
    game, outcome = daily.result_of_record(args["record"], args.get("date"), args.get("hints", 0))
    text = link.to_text(to_record(game), "daily", outcome.date, hints=outcome.hints,
                        par=outcome.par)
    return {**outcome.to_dict(), "text": daily.share_text(game, outcome), "link_text": text}


def cmd_daily_check(args: dict[str, Any]) -> dict[str, Any]:
    """One day of a results file re-checked (``date``, ``entry``, the device's ``today``):
    the entry the engine confirms, its score, par and place its own; else ``BadRequest``."""
    today = args.get("today")
    daily.number(today)
    return {"entry": daily_proof.check_entry(args.get("date"), args.get("entry"), today)}


COMMANDS = {"daily": cmd_daily, "daily_result": cmd_daily_result,
            "daily_check": cmd_daily_check}
"""Today's Painting's commands, for ``destijl.api``."""
