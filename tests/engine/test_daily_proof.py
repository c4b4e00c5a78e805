"""A Today's Painting result that proves itself (docs/daily.md): verify and import refuse
forged results (bots' moves that are not the medium bot's, a future day, a forged par)
and keep genuine ones, their score, par and place the engine's own."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from destijl import api, daily, daily_proof, link
from destijl.bots import level_move
from destijl.errors import BadRequest
from destijl.game import new_game
from destijl.records import record_of

TODAY = "2026-12-05"


@functools.cache
def played(date: str, bots: str = "medium", you: str = "medium"):
    """The daily of ``date`` played to the end: the player's seat by ``you``, the two bot
    seats by ``bots`` (a forgery unless "medium"); shared, do not change it."""
    game = daily.daily_game(date)
    while not game.is_over:
        game.play(level_move(game, you if game.current_seat == 0 else bots))
    return game


def genuine(date: str = "2026-12-02", **claims) -> str:
    """A genuine result link's payload (its par claimed, as the page writes it)."""
    game = played(date)
    return link.encode(record_of(game), "daily", date, hints=0, par=daily.par(date), **claims)


def forged_bots(date: str = "2026-12-02") -> tuple[str, str]:
    """A long-form daily link whose "medium" seats played the easy bot's moves, and the
    words naming its first bot move that is not the medium bot's."""
    game = played(date, bots="easy")
    data = json.loads(link.to_text(record_of(game)))  # the long form: every move in the link
    data.update(k="daily", day=date)
    again = daily.daily_game(date)
    for index, move in enumerate(game.history):
        if move.seat and level_move(again, "medium") != move.move:
            name = again.seats[move.seat].name
            first = (f"move {index + 1} of 27 ({name}, {daily.describe(move.move)}) "
                     "is not the medium bot's move")
            break
        again.play(move.move)
    return link.pack(json.dumps(data)), first


def forged_par(date: str = "2026-12-02") -> str:
    """A genuine game whose link claims par 0."""
    data = json.loads(link.inflate(genuine(date)))
    data["par"] = 0
    return link.pack(json.dumps(data))


FUTURE = "2099-01-01"


def test_a_genuine_result_is_confirmed_with_the_engines_own_figures() -> None:
    opened, outcome = daily_proof.verify_payload(genuine(), TODAY)
    game = played("2026-12-02")
    assert outcome.total == game.result().seats[0].total
    assert outcome.par == daily.par_game("2026-12-02").score().seats[0].total
    assert daily_proof.summary(opened, outcome).split("\n")[0] == (
        f"genuine Today's Painting #2 (2026-12-02): You {outcome.total}, par {outcome.par}")


def test_verify_refuses_the_first_bot_move_that_is_not_the_medium_bots() -> None:
    payload, first = forged_bots()
    with pytest.raises(daily_proof.NotGenuine, match=f"^link: {re.escape(first)}: it plays card "):
        daily_proof.verify_payload(payload, TODAY)


def test_verify_refuses_a_day_later_than_today() -> None:
    with pytest.raises(daily_proof.NotGenuine,
                       match=f"^day: {FUTURE} is later than today \\({TODAY}\\)"):
        daily_proof.verify_payload(genuine(FUTURE), TODAY)
    daily_proof.verify_payload(genuine(TODAY), TODAY)  # today itself is fine


def test_verify_refuses_a_forged_par_or_total() -> None:
    par = daily.par("2026-12-02")
    with pytest.raises(daily_proof.NotGenuine,
                       match=f"^par: the result says 0; the engine's par for 2026-12-02 is {par}$"):
        daily_proof.verify_payload(forged_par(), TODAY)
    data = json.loads(link.inflate(genuine()))
    data["t"] += 7
    with pytest.raises(daily_proof.NotGenuine, match=r"^total: the result says"):
        daily_proof.verify_payload(link.pack(json.dumps(data)), TODAY)


def test_latest_date_is_the_date_in_the_earliest_time_zone() -> None:
    import datetime as dt

    at = dt.datetime(2026, 12, 5, 9, 59, tzinfo=dt.UTC).timestamp()
    assert daily_proof.latest_date(at) == "2026-12-05"
    assert daily_proof.latest_date(at + 60) == "2026-12-06"


def entry(payload: str, **fields) -> dict:
    """A results file's entry as the page writes it, with the link's figures."""
    _, outcome = daily_proof.verify_payload(payload, "2099-12-31")
    return {"score": outcome.total, "par": outcome.par, "place": outcome.place,
            "players": 3, "link": payload, **fields}


def test_import_keeps_only_what_the_engine_confirms_and_says_why() -> None:
    good = genuine("2026-12-03")
    bots, first = forged_bots("2026-12-02")
    data = {"format": "destijl-daily/1", "days": {
        "2026-12-03": entry(good),
        "2026-12-02": {"score": 26, "par": 0, "place": 1, "players": 3, "link": bots},
        FUTURE: entry(genuine(FUTURE)),
        "2026-12-01": entry(genuine("2026-12-01"), par=0),  # the file forges the par
        "2026-12-04": entry(genuine("2026-12-01")),  # another day's result
    }}
    kept, refused = daily_proof.import_days(data, TODAY)
    assert list(kept) == ["2026-12-03"]
    truth = daily.result(played("2026-12-03"), "2026-12-03")
    assert {k: kept["2026-12-03"][k] for k in ("score", "par", "place", "number")} == {
        "score": truth.total, "par": truth.par, "place": truth.place, "number": 3}
    assert refused["2026-12-02"].startswith(f"link: {first}")
    assert refused[FUTURE].startswith(f"day: {FUTURE} is later than today")
    par = daily.par("2026-12-01")
    assert refused["2026-12-01"] == f"par: the file says 0; the engine's par is {par}"
    assert refused["2026-12-04"] == "day: the link is the result of 2026-12-01, not of 2026-12-04"
    with pytest.raises(BadRequest, match="format: expected a destijl-daily/1"):
        daily_proof.import_days({"days": {}}, TODAY)


def test_the_api_checks_one_day_of_a_file() -> None:
    def call(**args):
        return json.loads(api.handle(json.dumps({"cmd": "daily_check", "args": args})))

    good = genuine("2026-12-03")
    reply = call(date="2026-12-03", entry=entry(good), today=TODAY)
    assert reply["ok"] and reply["result"]["entry"]["link"] == good
    forged = call(date="2026-12-03", entry=entry(good, place=1, score=99), today=TODAY)
    assert forged["error"] == {"type": "BadRequest",
                               "message": "score: the file says 99; the engine's score is "
                               f"{reply['result']['entry']['score']}"}
    assert call(date="2026-12-03", entry=entry(good), today="soon")["error"]["type"] == "BadRequest"


def run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(Path(daily.__file__).parents[1])}
    return subprocess.run([sys.executable, "-m", "destijl", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def test_cli_verify_says_genuine_or_refuses_each_forgery() -> None:
    out = run("verify", f"https://example.org/#g={genuine()}", "--today", TODAY)
    assert out.returncode == 0, out.stderr
    outcome = daily.result(played("2026-12-02"), "2026-12-02")
    assert out.stdout.startswith(
        f"genuine Today's Painting #2 (2026-12-02): You {outcome.total}, par {outcome.par}\n")
    bots, first = forged_bots()
    out = run("verify", f"#g={bots}")
    assert out.returncode == 1 and out.stderr.startswith(f"error: not genuine: {first}")
    out = run("verify", f"#g={genuine(FUTURE)}")  # today: the latest date on Earth now
    assert out.returncode == 1 and f"not genuine: day: {FUTURE} is later than today" in out.stderr
    out = run("verify", f"#g={forged_par()}", "--today", TODAY)
    assert out.returncode == 1 and "not genuine: par: the result says 0" in out.stderr


@pytest.mark.parametrize("date", ["2026-12-01", "2026-12-02", "2026-12-05", "2027-03-04"])
def test_the_share_text_fits_10_rows_and_its_link_300_characters(date) -> None:
    game = played(date)
    outcome = daily.result(game, date, 2)
    url = f"https://destijl.netlify.app/#g={genuine(date)}"
    text = f"{daily.share_text(game, outcome)}\n{url}"
    assert len(text.split("\n")) <= 10 and len(url) <= 300


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_emoji_painting_fits_7_rows_at_every_player_count(players) -> None:
    game = new_game(players, seed=players, controllers=["bot:medium"] * players)
    while not game.is_over:
        game.play(level_move(game, "medium"))
    art = daily.emoji_painting(game, daily.MAX_SHARE)
    assert 3 <= len(art.split("\n")) <= daily.MAX_ROWS
