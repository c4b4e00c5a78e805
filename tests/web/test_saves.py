"""Saved games, exported records and the replay viewer, in real Chromium.

The game in progress is saved (its destijl-record/1 record) after every move and resumed
on reload; saves that are corrupt, from another format or tampered with get a message
and a fresh start. Records export to a file, import back and replay move by move.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from player import (
    REPO,
    SAVE_KEY,
    engine,
    my_turn_or_end,
    open_game,
    place_first_spot,
    reload,
    saved_record,
    set_up,
    start,
    wait_ply_above,
)
from playwright.sync_api import Page, expect


def put_save(page: Page, text: str) -> None:
    """Write `text` as the saved game, as an earlier visit (or a meddler) would have."""
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])


def a_record(players: int = 3, seed: int = 11) -> dict:
    """A fresh game's record from the native engine (you against bots)."""
    seats = [{"controller": "human"}] + [{"controller": "bot:random"}] * (players - 1)
    return engine("new_game", players=players, seed=seed, seats=seats)["record"]


def selfplay(players: int, seed: int) -> dict:
    """A whole bot game's record from `python -m destijl selfplay`."""
    result = subprocess.run(
        [sys.executable, "-m", "destijl", "selfplay", "--players", str(players),
         "--bots", "random", "--seed", str(seed)],
        capture_output=True, text=True, cwd=REPO, env={"PYTHONPATH": str(REPO / "pysrc")},
        check=True)
    return json.loads(result.stdout)


def test_the_game_resumes_after_a_reload(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    place_first_spot(page)
    wait_ply_above(page, 2)
    assert my_turn_or_end(page) == "turn"
    record = saved_record(page)
    cells = page.locator("#layer-cells rect[data-cell]").count()
    reload(page)
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("Your saved game is back")
    expect(page.locator("#layer-cells rect[data-cell]")).to_have_count(cells)
    assert saved_record(page) == record
    # and it plays on
    place_first_spot(page)
    wait_ply_above(page, len(record["moves"]))


def test_a_corrupt_save_gets_a_message_and_a_fresh_start(page: Page) -> None:
    open_game(page)
    put_save(page, '{"format": "destijl-record/1", "moves": [')
    reload(page)
    notice = page.locator(".notice")
    expect(notice).to_contain_text("could not be restored")
    expect(notice).to_contain_text("not valid JSON")
    assert saved_record(page) is None
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()


def test_a_save_from_a_newer_format_gets_a_message(page: Page) -> None:
    open_game(page)
    record = a_record()
    record["format"] = "destijl-record/2"
    put_save(page, json.dumps(record))
    reload(page)
    expect(page.locator(".notice")).to_contain_text(
        "format: expected 'destijl-record/1', got 'destijl-record/2'")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    expect(page.get_by_role("button", name="Resume game")).to_be_hidden()


def test_a_tampered_save_gets_a_message_naming_the_move(page: Page) -> None:
    open_game(page)
    record = a_record()
    first = engine("view", record=record)
    card = first["gallery"][0]["card"]
    x, y = first["legal"][str(card)]["0"][0]
    played = engine("play", record=record, move={"card": card, "x": x, "y": y, "rotation": 0})
    tampered = played["record"]
    tampered["moves"][0]["x"] += 40  # far off the Painting: covers nothing
    put_save(page, json.dumps(tampered))
    reload(page)
    notice = page.locator(".notice")
    expect(notice).to_contain_text("could not be restored")
    expect(notice).to_contain_text("moves[0]")
    assert saved_record(page) is None


def test_export_import_and_replay(page: Page, tmp_path: Path, snap) -> None:
    open_game(page)
    record = selfplay(2, seed=5)
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(record))
    # Import through the button, as a person picks a file.
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a game record…").click()
    chooser.value.set_files(path)
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("Imported finished.json")
    moves = len(record["moves"])

    def cells_at(ply: int) -> int:
        return len(engine("view", record=record, ply=ply)["painting"])

    page.get_by_role("button", name="Replay").click()
    position = page.locator("#replay-pos")
    expect(position).to_have_text(f"Move 0 of {moves}")
    expect(page.locator("#layer-cells rect[data-cell]")).to_have_count(cells_at(0))
    forward = page.get_by_role("button", name="Forward")
    back = page.get_by_role("button", name="Back")
    expect(back).to_be_disabled()
    for ply in (1, 2, 3):
        forward.click()
        expect(position).to_have_text(f"Move {ply} of {moves}")
        expect(page.locator("#layer-cells rect[data-cell]")).to_have_count(cells_at(ply))
    back.click()
    expect(position).to_have_text(f"Move 2 of {moves}")
    expect(page.locator("#live")).to_contain_text("Replay, move 2")
    snap(page, "replay-viewer")
    page.get_by_role("button", name="To end").click()
    expect(position).to_have_text(f"Move {moves} of {moves}")
    expect(forward).to_be_disabled()
    page.get_by_role("button", name="To start").click()
    expect(position).to_have_text(f"Move 0 of {moves}")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"Move 1 of {moves}")
    page.get_by_role("button", name="Close replay").click()
    expect(page.locator("#replay-bar")).to_be_hidden()
    expect(page.locator("#results")).to_be_visible()

    # Export gives back the same record.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export").click()
    out = tmp_path / "again.json"
    download.value.save_as(out)
    assert json.loads(out.read_text()) == record


def test_importing_a_bad_file_explains_and_changes_nothing(page: Page, tmp_path: Path) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    before = saved_record(page)
    bad = tmp_path / "bad.json"
    record = a_record()
    del record["deal"]
    bad.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import", exact=True).click()
    chooser.value.set_files(bad)
    toast = page.get_by_role("alert")
    expect(toast).to_contain_text("bad.json could not be read as a De Stijl game")
    expect(toast).to_contain_text("deal")
    assert saved_record(page) == before
