"""Nothing lost, still (issue 17), in real Chromium: a save is the player's, and only the
player deletes it.

- A save the engine cannot open (an injected InternalError, as a broken engine answers)
  is kept and listed with why, Export and Delete; it opens again once the engine does.
- No unfinished game is removed: 14 stay 14; finished games beyond the 12 the rule in
  Settings keeps are deleted, oldest first, and the Saved games note names them.
- Damaged details (`savedAt: "yesterday"`, `moves: "5"`, an unknown format) beside a
  whole record are rebuilt from the record.
- Storage full: the banner and the replace dialog say what is really kept, Export gives
  the game as it is on screen, and finished games go only after the player's yes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from player import (
    GAME_PREFIX,
    NO_TOUR,
    REPO,
    engine,
    my_turn_or_end,
    open_game,
    place_first_spot,
    reload,
    saved_entry,
    saved_ply,
    saved_record,
    set_up,
    start,
    wait_ply_above,
)
from playwright.sync_api import BrowserContext, Page, expect


@pytest.fixture(autouse=True)
def returning_player(context: BrowserContext) -> None:
    """Every page of the test's context skips the guided first game."""
    context.add_init_script(NO_TOUR)


def entry(record: dict, game_id: str, saved_at: str, **fields) -> dict:
    """A save entry as storage.js writes it, with `fields` replaced."""
    return {"format": "destijl-save/1", "id": game_id, "mode": "full",
            "moves": len(record["moves"]), "savedAt": saved_at,
            "over": record.get("result") is not None, "writer": "earlier",
            "seats": [{"name": s["name"], "controller": s["controller"]} for s in record["seats"]],
            "record": record, **fields}


def one_move(seed: int) -> dict:
    """An unfinished 3-player record with one move made (you against random bots)."""
    seats = [{"controller": "human"}] + [{"controller": "bot:random"}] * 2
    first = engine("new_game", players=3, seed=seed, seats=seats)
    card = first["gallery"][0]["card"]
    x, y = first["legal"][str(card)]["0"][0]
    return engine("play", record=first["record"],
                  move={"card": card, "x": x, "y": y, "rotation": 0})["record"]


def finished(seed: int) -> dict:
    """A whole 2-player bot game's record (the native engine's selfplay)."""
    out = subprocess.run([sys.executable, "-m", "destijl", "selfplay", "--players", "2",
                          "--seed", str(seed)], capture_output=True, text=True, check=True,
                         cwd=REPO, env={"PYTHONPATH": str(REPO / "pysrc")})
    return json.loads(out.stdout)


def put(page: Page, entries: dict[str, str]) -> None:
    """Write save entries (id -> text) into localStorage."""
    page.evaluate("""([prefix, entries]) => {
      for (const [id, text] of Object.entries(entries)) localStorage.setItem(prefix + id, text);
    }""", [GAME_PREFIX, entries])


def stored_ids(page: Page) -> set[str]:
    return set(page.evaluate("""(prefix) => Object.keys(localStorage)
      .filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length))""", GAME_PREFIX))


def test_no_save_is_deleted_without_the_players_word(page: Page) -> None:
    page.goto("/?debug=engine")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    unfinished, done = one_move(21), finished(5)
    saves = {f"u-{i:02}": json.dumps(entry(unfinished, f"u-{i:02}", f"2026-11-20T10:{i:02}:00Z"))
             for i in range(14)}
    saves |= {f"f-{i:02}": json.dumps(entry(done, f"f-{i:02}", f"2026-11-{i + 1:02}T09:00Z"))
              for i in range(15)}
    damaged = entry(unfinished, "d-1", "yesterday", moves="5", format="destijl-save/9")
    saves["d-1"] = json.dumps(damaged)
    saves["c-1"] = "{" + "x" * 5000
    put(page, saves)
    reload(page)

    region = page.get_by_role("region", name="Saved games")
    resume = region.get_by_role("button", name="Resume the game of")
    expect(resume).to_have_count(15)  # 14 unfinished and the damaged one, none pruned
    expect(region).to_contain_text("Deleted by your rule in Settings (keep the newest 12 "
                                   "finished games): 3 finished games: ")
    notices = page.locator(".notice")
    expect(notices.filter(has_text="details were damaged and rebuilt")).to_have_count(1)
    ids = stored_ids(page)
    assert {f"u-{i:02}" for i in range(14)} | {"d-1", "c-1"} <= ids
    assert {i for i in ids if i.startswith("f-")} == {f"f-{i:02}" for i in range(3, 15)}
    # the damaged details come from the record: one move, time unknown
    expect(resume.filter(has_text="time unknown")).to_contain_text("Move 1")
    broken = region.get_by_role("listitem").filter(has_text="cannot be opened")
    expect(broken).to_contain_text("not valid JSON")

    # A broken engine (every answer an InternalError): pressing a save keeps it.
    page.evaluate("() => window.destijlDebug.failWith('InternalError')")
    resume.filter(has_text="time unknown").click()
    expect(notices.filter(has_text="could not be opened")).to_contain_text("InternalError")
    expect(broken).to_have_count(2)
    assert "d-1" in stored_ids(page)
    # The engine answers again: the save opens, rewritten whole.
    page.evaluate("() => window.destijlDebug.failWith(null)")
    broken.filter(has_text="move 1").get_by_role("button", name="Export").wait_for()
    reload(page)
    page.get_by_role("region", name="Saved games").get_by_role(
        "button", name="Resume the game of").filter(has_text="time unknown").click()
    my_turn_or_end(page)  # the bots play on from the resumed move
    repaired = saved_entry(page)
    assert repaired["id"] == "d-1" and repaired["format"] == "destijl-save/1"
    assert repaired["moves"] == len(repaired["record"]["moves"]) > 1
    assert repaired["record"]["moves"][:1] == unfinished["moves"]

    # A new game: nothing unfinished goes, at once or after a reload.
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start game").click()
    page.get_by_role("button", name="Start a new game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()
    reload(page)
    after = stored_ids(page)
    assert {f"u-{i:02}" for i in range(14)} | {"d-1", "c-1"} <= after
    assert len([i for i in after if i.startswith("f-")]) == 12


FILL_STORAGE = """() => {
  // Fill localStorage to the last character, as a full disk or a greedy site would.
  let size = 1 << 22, n = 0;
  while (size >= 1) {
    try {
      localStorage.setItem(`filler-${n++}`, "x".repeat(size));
    } catch {
      size = Math.floor(size / 2);
    }
  }
  return n;
}"""


def test_full_storage_says_what_is_kept_and_makes_room_only_after_a_yes(
        page: Page, tmp_path: Path) -> None:
    open_game(page)
    done = finished(9)
    put(page, {"old-finished": json.dumps(entry(done, "old-finished", "2026-11-01T09:00:00.000Z"))})
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    place_first_spot(page)
    my_turn_or_end(page)
    kept = saved_entry(page)["moves"]
    page.evaluate(FILL_STORAGE)
    for _ in range(2):
        ply = saved_ply(page)
        place_first_spot(page)
        wait_ply_above(page, ply)
        my_turn_or_end(page)
    moves = saved_ply(page)
    banner = page.get_by_role("status").filter(has_text="This game is not being saved")
    expect(banner).to_contain_text("storage for this site is full")
    expect(banner).to_contain_text(
        f"The stored copy stops at move {kept}; moves {kept + 1} to {moves} are not kept")
    assert saved_entry(page)["moves"] == kept
    assert "old-finished" in stored_ids(page)  # nothing was deleted to make room

    # Replacing it: the dialog says what is really kept and offers Export of the game as on screen.
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start game").click()
    dialog = page.get_by_role("alertdialog", name="Start a new game?")
    expect(dialog).to_contain_text(f"move {moves}) is saved only up to move {kept}")
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Export this game").click()
    out = tmp_path / "as-on-screen.json"
    download.value.save_as(out)
    exported = json.loads(out.read_text())
    assert len(exported["moves"]) == moves
    assert engine("view", record=exported)["ply"] == moves
    page.get_by_role("button", name="Keep my game").click()
    page.get_by_role("button", name="Resume game").click()

    # Make room: asked, naming what goes; "Keep them" keeps them; yes deletes the finished game.
    banner.get_by_role("button", name="Make room…").click()
    ask = page.get_by_role("alertdialog", name="Make room for this game?")
    expect(ask).to_contain_text("the 1 finished game saved in this browser")
    expect(ask).to_contain_text("Your unfinished games stay")
    page.get_by_role("button", name="Keep them").click()
    assert "old-finished" in stored_ids(page)
    banner.get_by_role("button", name="Make room…").click()
    page.get_by_role("button", name="Delete 1 finished game").click()
    expect(banner).to_be_hidden()
    assert "old-finished" not in stored_ids(page)
    assert saved_record(page)["moves"] == exported["moves"]
