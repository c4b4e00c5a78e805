"""Saved games, exported records and the replay viewer, in real Chromium.

The game in progress is saved (its destijl-record/1 record) after every move and resumed
on reload; saves that are corrupt, from another format or tampered with get a message
and a fresh start, and are kept in Saved games with the reason, to export or delete
(issue 17: only the player deletes a save). Records export to a file, import back and
replay move by move.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from player import (
    GAME_PREFIX,
    REPO,
    TAB_KEYS,
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


def put_save(page: Page, text: str, game_id: str = "earlier-1") -> None:
    """Write `text` as this tab's saved game, as an earlier visit (or a meddler) would have."""
    page.evaluate("""([key, tab, id, text]) => {
      localStorage.setItem(key, text);
      sessionStorage.setItem(tab, id);
    }""", [GAME_PREFIX + game_id, TAB_KEYS[0], game_id, text])


def save_entry(record: dict, game_id: str = "earlier-1", **fields) -> str:
    """A whole save entry for `record`, as storage.js writes it, with `fields` replaced."""
    entry = {"format": "destijl-save/1", "id": game_id, "mode": "full",
             "moves": len(record["moves"]), "savedAt": "2026-11-30T10:00:00.000Z",
             "over": record.get("result") is not None, "writer": "earlier",
             "seats": [{"name": s["name"], "controller": s["controller"]} for s in record["seats"]],
             "record": record}
    return json.dumps({**entry, **fields})


def stored(page: Page, game_id: str = "earlier-1") -> str | None:
    """The stored text of a saved game, or None."""
    return page.evaluate("(key) => localStorage.getItem(key)", GAME_PREFIX + game_id)


def expect_kept_and_listed(page: Page, text: str, why: str) -> None:
    """The save that could not be opened is still stored, listed with why, Export and Delete."""
    notice = page.locator(".notice")
    expect(notice).to_contain_text("could not be opened")
    expect(notice).to_contain_text(why)
    expect(notice).to_contain_text("It is kept in Saved games")
    assert stored(page) == text
    item = page.get_by_role("region", name="Saved games").get_by_role("listitem").filter(
        has_text="cannot be opened")
    expect(item).to_contain_text(why)
    expect(item.get_by_role("button", name="Export")).to_be_visible()
    expect(item.get_by_role("button", name="Delete")).to_be_visible()


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


def test_a_corrupt_save_is_kept_with_a_message_and_a_fresh_start(
        page: Page, tmp_path: Path) -> None:
    open_game(page)
    text = '{"format": "destijl-save/1", "record": {"moves": ['
    put_save(page, text)
    reload(page)
    expect_kept_and_listed(page, text, "not valid JSON")
    assert saved_record(page) is None
    # Export gives the stored text back as it is; Delete asks, and only then deletes.
    item = page.get_by_role("listitem").filter(has_text="cannot be opened")
    with page.expect_download() as download:
        item.get_by_role("button", name="Export").click()
    out = tmp_path / "damaged.json"
    download.value.save_as(out)
    assert out.read_text() == text
    item.get_by_role("button", name="Delete").click()
    page.get_by_role("alertdialog", name="Delete this saved game?").wait_for()
    page.get_by_role("button", name="Keep my game").click()
    assert stored(page) == text
    item.get_by_role("button", name="Delete").click()
    page.get_by_role("button", name="Delete it").click()
    expect(item).to_be_hidden()
    assert stored(page) is None
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()


def test_a_save_from_a_newer_format_is_kept_with_a_message(page: Page) -> None:
    open_game(page)
    record = a_record()
    record["format"] = "destijl-record/2"
    text = save_entry(record)
    put_save(page, text)
    reload(page)
    expect_kept_and_listed(
        page, text, "format: expected 'destijl-record/1', got 'destijl-record/2'")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    expect(page.get_by_role("button", name="Resume game")).to_be_hidden()


def test_a_tampered_save_is_kept_with_a_message_naming_the_move(page: Page) -> None:
    open_game(page)
    record = a_record()
    first = engine("view", record=record)
    card = first["gallery"][0]["card"]
    x, y = first["legal"][str(card)]["0"][0]
    played = engine("play", record=record, move={"card": card, "x": x, "y": y, "rotation": 0})
    tampered = played["record"]
    tampered["moves"][0]["x"] += 40  # far off the Painting: covers nothing
    text = save_entry(tampered)
    put_save(page, text)
    reload(page)
    expect_kept_and_listed(page, text, "moves[0]")
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
        page.get_by_role("button", name="Export", exact=True).click()
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
