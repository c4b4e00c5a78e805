"""Today's Painting (docs/daily.md): the day's deal, the par, the result and its text."""

from __future__ import annotations

import base64
import functools
import json
import os
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from destijl import api, daily, link
from destijl.bots import level_move
from destijl.errors import BadRequest
from destijl.game import new_game
from destijl.link import BadLink
from destijl.records import record_of


@functools.cache
def played(date: str, level: str = "medium"):
    """The day's game played to the end, the player's seat by a bot of ``level`` (shared:
    do not change it)."""
    game = daily.daily_game(date)
    while not game.is_over:
        game.play(level_move(game, level if game.current_seat == 0 else "medium"))
    return game


def test_numbers_count_days_since_the_first_daily_across_months_and_leap_days() -> None:
    assert daily.number("2026-12-01") == 1
    assert daily.number("2027-01-01") == 32
    assert daily.number("2028-03-01") - daily.number("2028-02-28") == 2  # 2028 is a leap year
    assert daily.number("2100-03-01") - daily.number("2100-02-28") == 1  # 2100 is not
    assert daily.number("2027-12-01") == 366


@pytest.mark.parametrize(("date", "message"), [
    ("2026-11-30", "date: the first Today's Painting is 2026-12-01, got '2026-11-30'"),
    ("2027-02-29", "date: '2027-02-29' is not a day of the calendar"),
    ("2027-13-01", "date: '2027-13-01' is not a day"),
    ("1/12/2026", "date: expected a date YYYY-MM-DD, got '1/12/2026'"),
    (20261201, "date: expected a date YYYY-MM-DD, got 20261201"),
    ("2026-12-0\u0662", "date: expected a date YYYY-MM-DD, got '2026-12-0\u0662' "
                         r"\(its digits must be ASCII 0-9\)"),
    ("\uff12\uff10\uff12\uff16-12-02", "date: expected a date YYYY-MM-DD, got '\uff12"),
    (" 2026-12-02", "date: expected a date YYYY-MM-DD, got ' 2026-12-02'"),
    ("2026-12-02\n", "date: expected a date YYYY-MM-DD"),
])
def test_bad_dates_are_refused(date, message) -> None:
    with pytest.raises(BadRequest, match=f"^{message}"):
        daily.daily_game(date)


def test_the_same_date_gives_the_same_deal_and_another_date_another() -> None:
    deals = {date: daily.daily_game(date).deal for date in
             ("2026-12-01", "2026-12-02", "2027-06-30", "2030-01-01")}
    assert daily.daily_game("2026-12-02").deal == deals["2026-12-02"]
    assert len(set(deals.values())) == 4
    # golden: the deal must never change for a date (players compare results)
    assert daily.seed("2026-12-01") == 2216090223363293
    assert deals["2026-12-01"][:6] == (36, 3, 1, 33, 25, 20)


def test_the_daily_is_not_an_ordinary_seed_game() -> None:
    game = daily.daily_game("2026-12-01")
    assert game.seed != 20261201
    assert [seat.name for seat in game.seats] == ["You", "Piet", "Theo"]
    assert [seat.colors for seat in game.seats] == [("R",), ("Y",), ("B",)]
    assert game.rotations and game.initial_first_player == 0


def test_the_par_is_the_hard_bot_in_the_players_seat_and_is_reproducible() -> None:
    par = daily.par_game("2026-12-01")
    assert par.seats[0].controller == "bot:hard"
    assert par.deal == daily.daily_game("2026-12-01").deal
    assert par.score().seats[0].total == daily.par_game("2026-12-01").score().seats[0].total


def test_a_result_is_scored_and_only_after_the_game() -> None:
    game = played("2026-12-03")
    outcome = daily.result(game, "2026-12-03")
    sheet = game.result()
    assert outcome.total == sheet.seats[0].total and outcome.number == 3
    assert outcome.place == 1 + sum(line.total > outcome.total for line in sheet.seats)
    assert outcome.par == daily.par_game("2026-12-03").score().seats[0].total
    assert outcome.verdict == ("beaten" if outcome.total > outcome.par else
                               "on par" if outcome.total == outcome.par else "not beaten")
    unfinished = daily.daily_game("2026-12-03")
    with pytest.raises(BadRequest, match="the game is not over; the par is shown after"):
        daily.result(unfinished, "2026-12-03")
    with pytest.raises(BadRequest, match="not the Today's Painting of 2026-12-04"):
        daily.result(game, "2026-12-04")


def test_the_share_text_is_spoiler_free_and_short() -> None:
    game = played("2026-12-05")
    outcome = daily.result(game, "2026-12-05")
    text = daily.share_text(game, outcome)
    lines = text.split("\n")
    assert lines[0] == "De Stijl · Today's Painting #5 · 2026-12-05"
    assert lines[1] == (f"{daily.ordinal(outcome.place)} of 3 · {outcome.total} points · "
                        f"par {outcome.par}: {outcome.verdict} · no hints")
    art = lines[2:]
    _, top, _, bottom = game.painting.bounds()
    assert bottom - top + 1 == 18 and len(art) == 6  # 3x3 blocks: at most 7 rows
    assert set("".join(art)) <= set(daily.SQUARES.values()) | {daily.BLANK}
    assert daily.utf16_length(text) <= daily.MAX_SHARE
    assert "card" not in text.lower() and "@" not in text
    hinted = daily.share_text(game, daily.result(game, "2026-12-05", 3)).split("\n")
    assert hinted[1].endswith(f"par {outcome.par}: {outcome.verdict} · 3 hints")
    assert hinted[2:] == art


def test_a_large_painting_is_scaled_down_to_fit() -> None:
    game = played("2026-12-05")
    full = daily.emoji_painting(game, 10_000, 100)
    small = daily.emoji_painting(game, 60, 100)
    assert daily.utf16_length(small) <= 60 < daily.utf16_length(full)
    assert len(small.split("\n")) < len(full.split("\n"))


def test_a_daily_link_must_hold_that_days_deal() -> None:
    game = played("2026-12-02")
    payload = link.encode(record_of(game), "daily", "2026-12-02")
    opened = link.decode(payload)
    assert (opened.kind, opened.day) == ("daily", "2026-12-02")
    assert record_of(opened.game) == record_of(game)
    data = json.loads(link.inflate(payload))
    assert set(data) == {"v", "k", "day", "y", "t"}  # the deal and the bots' moves follow
    data["day"] = "2026-12-06"  # another day's deal: the player's first card is not there
    with pytest.raises(BadLink, match=r"^link: your move 1 of 9 \(card 30 at column 1, row -1"):
        link.from_text(json.dumps(data))
    full = json.loads(link.to_text(record_of(game)))  # the long form, all moves, still read
    full.update(k="daily", day="2026-12-06")
    with pytest.raises(BadLink, match=r"^link: day: this is not the Today's Painting of 2026-12"):
        link.from_text(json.dumps(full))
    with pytest.raises(BadLink, match="not the Today's Painting of 2026-12-06"):
        link.to_text(record_of(game), "daily", "2026-12-06")


def test_the_api_deals_the_daily_and_scores_it() -> None:
    def call(cmd, **args):
        reply = json.loads(api.handle(json.dumps({"cmd": cmd, "args": args})))
        assert reply["ok"], reply
        return reply["result"]

    dealt = call("daily", date="2026-12-02")
    assert dealt["number"] == 2 and dealt["view"]["ply"] == 0
    assert dealt["view"]["record"]["deal"] == list(daily.daily_game("2026-12-02").deal)
    game = played("2026-12-02")
    result = call("daily_result", record=record_of(game), date="2026-12-02")
    assert result["number"] == 2 and result["text"].startswith("De Stijl · Today's Painting #2")
    assert json.loads(result["link_text"]) == {
        "v": 1, "k": "daily", "day": "2026-12-02", "t": result["total"], "h": 0,
        "par": result["par"], "y": json.loads(result["link_text"])["y"]}
    opened = call("link_open", text=link.to_text(record_of(game), "daily", "2026-12-02"))
    assert opened["number"] == 2 and opened["view"]["is_over"]
    # with the device's today, a daily link gets verify's day check (the page passes it)
    text = link.to_text(record_of(game), "daily", "2026-12-02")
    assert call("link_open", text=text, today="2026-12-02")["number"] == 2
    ahead = json.loads(api.handle(json.dumps({"cmd": "link_open",
                                              "args": {"text": text, "today": "2026-12-01"}})))
    assert ahead["error"]["message"].startswith("day: 2026-12-02 is later than today "
                                                "(2026-12-01)"), ahead
    bad = json.loads(api.handle('{"cmd": "daily", "args": {"date": "tomorrow"}}'))
    assert bad["error"]["type"] == "BadRequest"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """``python -m destijl`` of this checkout's engine (not an installed one)."""
    env = {**os.environ, "PYTHONPATH": str(Path(daily.__file__).parents[1])}
    return subprocess.run([sys.executable, "-m", "destijl", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, env=env)


def test_cli_daily_prints_the_deal_and_the_par() -> None:
    out = run("daily", "--date", "2026-12-01")
    assert out.returncode == 0, out.stderr
    game = daily.daily_game("2026-12-01")
    assert f"deal: {' '.join(map(str, game.deal))}" in out.stdout
    par = daily.par_game("2026-12-01").score().seats[0].total
    assert f"par {par} (the hard bot in your seat" in out.stdout
    bad = run("daily", "--date", "2026-02-30")
    assert bad.returncode == 1 and "is not a day of the calendar" in bad.stderr


def test_cli_verify_replays_a_result_link_to_the_same_scores(tmp_path) -> None:
    game = played("2026-12-02")
    payload = link.encode(record_of(game), "daily", "2026-12-02")
    totals = ", ".join(f"{seat.name} {line.total}"
                       for seat, line in zip(game.seats, game.result().seats, strict=True))
    out = run("verify", f"https://example.org/#g={payload}")
    assert out.returncode == 0, out.stderr
    you = game.result().seats[0].total
    assert out.stdout.startswith(f"genuine Today's Painting #2 (2026-12-02): You {you}, "
                                 f"par {daily.par('2026-12-02')}\n")
    assert totals in out.stdout
    # every form of a link is read alike (a replay link of the same game: checking a daily's
    # proof replays the medium bot's every move, seconds each time)
    replay = link.encode(record_of(game))
    pasted = tmp_path / "result.txt"
    pasted.write_text(f"https://example.org/#g={replay}\n")
    for out in (run("verify", f"#g={replay}"), run("verify", replay),
                run("verify", str(pasted)), run("verify", "-", stdin=f"#g={replay}")):
        assert out.returncode == 0 and totals in out.stdout, out.stderr
    data = json.loads(link.to_text(record_of(game)))
    moves = data["m"].split(" ")
    moves[6] = moves[6].split("@")[0] + "@-30,-30r0"
    data["m"] = " ".join(moves)
    bad = run("verify", "#g=" + _pack(json.dumps(data)))
    assert bad.returncode == 1
    assert "link: move 7 of 27 (card" in bad.stderr and "covers 0 cells" in bad.stderr


FORGED_DAYS = ("2026-12-0\u0662", "\uff12\uff10\uff12\uff16-\uff11\uff12-\uff10\uff12")
"""Day 2 spelled with Arabic-Indic and with fullwidth digits: ``int`` reads both as
2026-12-02, while the string seeding of the deal gives another deal."""


def forged_daily(day: str) -> str:
    """The attack: a hard bot's game on the deal that ``day``'s spelling seeds, as the
    medium bots answer it, packed as a result link claiming its own par (so it is "on par")."""
    game = new_game(3, random.Random(f"{daily.SALT}:{day}").getrandbits(53),
                    names=list(daily.NAMES), controllers=list(daily.CONTROLLERS))
    while not game.is_over:
        game.play(level_move(game, "hard" if game.current_seat == 0 else "medium"))
    total = game.score().seats[0].total
    mine = " ".join(str(p.move) for p in game.history if p.seat == 0)
    return _pack(json.dumps({"v": 1, "k": "daily", "day": day, "y": mine, "t": total,
                             "h": 0, "par": total}, ensure_ascii=False))


@pytest.mark.parametrize("day", FORGED_DAYS)
def test_a_day_spelled_with_other_digits_is_refused_by_the_engine_and_verify(day) -> None:
    payload = forged_daily(day)
    with pytest.raises(BadLink, match=r"^link: day: expected a date YYYY-MM-DD, got .*"
                                      r"\(its digits must be ASCII 0-9\)"):
        link.decode(payload)
    for command in ("daily", "daily_result"):
        reply = json.loads(api.handle(json.dumps({"cmd": command, "args": {"date": day}})))
        assert reply["error"]["type"] == "BadRequest", reply
    out = run("verify", f"https://example.org/#g={payload}", "--today", "2026-12-05")
    assert out.returncode == 1 and "genuine" not in out.stdout, out.stdout
    assert "day: expected a date YYYY-MM-DD" in out.stderr, out.stderr
    out = run("verify", f"#g={payload}", "--today", day)
    assert out.returncode == 1 and "expected a date YYYY-MM-DD" in out.stderr, out.stderr
    assert run("daily", "--date", day, "--no-par").returncode == 1


def _pack(text: str) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")
