"""``python -m destijl``: selfplay | verify, show, and clear errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PYSRC = str(Path(__file__).resolve().parents[2] / "pysrc")
# this checkout's engine, not whichever one the virtual environment has installed
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    [PYSRC, *filter(None, [os.environ.get("PYTHONPATH")])])}


def run(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "destijl", *args], input=stdin, cwd=cwd,
                          env=ENV, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_selfplay_pipes_into_verify(players):
    played = run("selfplay", "--players", str(players), "--bots", "random", "--seed", "7")
    assert played.returncode == 0, played.stderr
    record = json.loads(played.stdout)
    assert record["result"] and len(record["seats"]) == players
    verified = run("verify", "-", stdin=played.stdout)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith(f"OK: {players}-player game finished")


def test_selfplay_is_deterministic_and_honours_no_rotations():
    first = run("selfplay", "--players", "3", "--seed", "5", "--no-rotations")
    second = run("selfplay", "--players", "3", "--seed", "5", "--no-rotations")
    assert first.stdout == second.stdout
    record = json.loads(first.stdout)
    assert record["options"]["rotations"] is False
    assert {move["rotation"] for move in record["moves"]} == {0}


def test_verify_rejects_a_tampered_record(tmp_path):
    record = json.loads(run("selfplay", "--players", "2", "--seed", "3").stdout)
    record["moves"][3]["x"] += 40
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    verified = run("verify", str(path))
    assert verified.returncode == 1
    assert verified.stderr.startswith("error: moves[3]:")
    garbage = run("verify", "-", stdin="{not json")
    assert garbage.returncode == 1 and "not a JSON record" in garbage.stderr
    missing = run("verify", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "No such file" in missing.stderr


def test_show_prints_painting_and_sheet(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(run("selfplay", "--players", "4", "--seed", "9").stdout)
    shown = run("show", str(path), "--no-color")
    assert shown.returncode == 0, shown.stderr
    assert "strokes" in shown.stdout and "winner:" in shown.stdout
    assert set("RYBKW") & set(shown.stdout)
    colored = run("show", str(path))
    assert "\x1b[41m" in colored.stdout


def test_unknown_bot_level_is_a_clear_error():
    played = run("selfplay", "--players", "2", "--bots", "genius")
    assert played.returncode == 1 and "unknown level 'genius'" in played.stderr


# -- hostile input (issue 17) ---------------------------------------------------------------
ESCAPES = ("\x1b", "\x07", "\x9b", "\u202e")


def recorded(tmp_path, name="game.json", **edit):
    """A finished 3-player record written to a file, with top-level fields replaced."""
    record = json.loads(run("selfplay", "--players", "3", "--seed", "4").stdout)
    record.update(edit)
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return record, path


def test_a_long_bots_value_is_quoted_short():
    played = run("selfplay", "--players", "2", "--bots", "x" * 5069)
    assert played.returncode == 1
    quoted = played.stderr.split("unknown level ")[1].split(";")[0]
    assert len(quoted) <= 80 and len(played.stderr) < 200, played.stderr


def test_verify_reads_at_most_the_limit_plus_one_character():
    # /dev/zero never ends: reading all of it ended in a MemoryError at 1.87 GB
    verified = subprocess.run([sys.executable, "-c",
                               "import resource, sys; from destijl.cli import main; "
                               "resource.setrlimit(resource.RLIMIT_AS, (600 << 20, 600 << 20)); "
                               "sys.exit(main(['verify', '/dev/zero']))"],
                              env=ENV, capture_output=True, text=True, timeout=60)
    assert verified.returncode == 1, verified.stderr[-500:]
    assert verified.stderr == ("error: /dev/zero: not a JSON record: 1,000,001 characters, "
                               "more than the 1,000,000 the engine reads\n")


def test_names_with_terminal_escapes_never_reach_the_terminal(tmp_path):
    record, _ = recorded(tmp_path)
    for hostile in ("Ann\x1b]0;pwned\x07", "\x1b[2J\x1b[H", "Ann\x1b]8;;http://x\x1b\\link",
                    "\u202eevil", "\x9b31m"):
        record["seats"][0]["name"] = hostile
        path = tmp_path / "hostile.json"
        path.write_text(json.dumps(record))
        for args in (("verify", str(path)), ("show", "--no-color", str(path))):
            out = run(*args)
            assert out.returncode == 1 and "seats[0].name: U+" in out.stderr, out.stderr
            assert not any(c in out.stdout + out.stderr for c in ESCAPES), (args, out)


def test_a_file_name_with_escapes_is_printed_escaped(tmp_path):
    out = run("verify", str(tmp_path / "\x1b]0;title\x07.json"))
    assert out.returncode == 2 and "\\x1b]0;title\\x07" in out.stderr
    assert not any(c in out.stderr for c in ESCAPES)


def test_the_score_sheet_is_printed_without_escapes_whatever_the_names():
    from destijl.game import Game, Seat
    from destijl.render import printable, render_sheet

    game = new_game_with_names(Game, Seat, ["A\x1b[2J", "\u202eB", "C\x07"])
    sheet = printable(render_sheet(game))
    assert "A\\x1b[2J" in sheet and "\\u202eB" in sheet
    assert not any(c in sheet for c in ESCAPES)


def new_game_with_names(game_type, seat_type, names):
    """A game whose seats were built without the name check (an engine bug, say)."""
    from destijl import new_game

    game = new_game(3, seed=2)
    seats = [seat_type(name, seat.colors, seat.controller) for name, seat in zip(
        names, game.seats, strict=True)]
    return game_type(seats, game.cards, game.deal, seed=2)


@pytest.mark.parametrize(("prefix", "edit", "status", "message"), [
    ("\ufeff", {}, 0, "OK: 3-player game finished"),
    ("", {"seed": "1e400"}, 1,
     "error: game.json: not a JSON record: the number 1e400 is too large"),
])
def test_bom_and_huge_numbers_follow_the_engine(tmp_path, prefix, edit, status, message):
    record, path = recorded(tmp_path)
    text = json.dumps(record)
    if edit:
        text = text.replace(f'"seed": {record["seed"]}', '"seed": 1e400')
    path.write_text(prefix + text, encoding="utf-8")
    out = run("verify", path.name, cwd=tmp_path)
    assert out.returncode == status, out.stderr
    assert (out.stdout if status == 0 else out.stderr).startswith(message)


def test_a_key_twice_is_refused(tmp_path):
    record, path = recorded(tmp_path)
    text = json.dumps(record).replace('"seed":', '"seed": 1, "seed":', 1)
    path.write_text(text)
    out = run("verify", str(path))
    assert out.returncode == 1 and "key 'seed' appears twice in one object" in out.stderr
