"""The commands of game links (docs/links.md, docs/api.md): ``link_text`` and ``link_open``,
dispatched by ``destijl.api``.

>>> from destijl.game import new_game
>>> from destijl.record import to_record
>>> text = cmd_link_text({"record": to_record(new_game(2, seed=3))})["text"]
>>> cmd_link_open({"text": text})["kind"]
'replay'
"""

from __future__ import annotations

from typing import Any

from . import daily, daily_proof, link
from .errors import BadRequest
from .gameview import view


def cmd_link_text(args: dict[str, Any]) -> dict[str, Any]:
    """The compact link text of a record (docs/links.md); the page compresses it."""
    if "record" not in args:
        raise BadRequest("record: missing")
    return {"text": link.to_text(args["record"], args.get("kind", "replay"), args.get("day"))}


def cmd_link_open(args: dict[str, Any]) -> dict[str, Any]:
    """Check a link's (inflated) text and replay its game: ``{kind, day, number, view}``
    (a friend link: ``{kind: "friend", record}``, its record for ``friend_open``). With
    ``today`` (the latest date on Earth by the device's clock), a daily link's day gets
    ``verify``'s check: one later than that is refused."""
    today = args.get("today")
    opened = link.from_text(args.get("text"))
    if today is not None and opened.kind == "daily" and opened.day is not None:
        daily_proof.check_day(opened.day, today)
    if opened.friend is not None:  # the page hands it to friend_open with its saved game
        return {"kind": "friend", "day": None, "number": None, "view": None,
                "record": opened.friend}
    assert opened.game is not None  # every link but a friend's replays its game
    return {"kind": opened.kind, "day": opened.day,
            "number": daily.number(opened.day) if opened.day else None,
            "view": view(opened.game)}


COMMANDS = {"link_text": cmd_link_text, "link_open": cmd_link_open}
"""The links' commands, for ``destijl.api``."""
