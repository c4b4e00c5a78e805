"""``python -m destijl``: selfplay | verify, show, and clear errors."""

import json
import subprocess
import sys

import pytest


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "destijl", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


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
