"""Nothing lost, third pass (issue 44), in real Chromium: other people's links and damaged
data never cost the player a game.

- 13 shared finished-game links, each opened with a page load, over 12 of your finished
  games and 2 unfinished ones: shared games are a list of their own (the newest 12), all
  14 of yours stay, and the note names the shared game that was let go.
- Only what the engine says is over counts as finished: an unfinished save whose record
  has `"result": "x"` is listed as damaged and kept; a finished save with a bad `savedAt`
  is listed as damaged and kept, never tidied away first.
- Your finished games go only by the rule in Settings (the count kept), oldest first, and
  the note names exactly which went; "All" keeps every one.
"""

from __future__ import annotations

import json
import random

import pytest
from player import GAME_PREFIX, NO_TOUR, reload, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from destijl import link, new_game


@pytest.fixture(autouse=True)
def returning_player(context: BrowserContext) -> None:
    """Every page of the test's context skips the guided first game."""
    context.add_init_script(NO_TOUR)


def whole_game(seed: int, names: list[str], plies: int | None = None) -> dict:
    """A 2-player record (you against a random bot) played by the native engine; whole,
    or stopped after ``plies`` moves."""
    game = new_game(2, seed, names=names, controllers=["human", "bot:random"])
    rng = random.Random(seed)
    while not game.is_over and (plies is None or game.ply < plies):
        game.play(rng.choice(game.legal_moves()))
    return game.record()


def entry(record: dict, game_id: str, saved_at: str, **fields) -> str:
    """A save entry as storage.js writes it, with `fields` replaced."""
    return json.dumps({"format": "destijl-save/1", "id": game_id, "mode": "full",
                       "moves": len(record["moves"]), "savedAt": saved_at,
                       "over": record.get("result") is not None, "writer": "earlier",
                       "seats": [{"name": s["name"], "controller": s["controller"]}
                                 for s in record["seats"]],
                       "record": record, **fields})


def put(page: Page, entries: dict[str, str]) -> None:
    page.evaluate("""([prefix, entries]) => {
      for (const [id, text] of Object.entries(entries)) localStorage.setItem(prefix + id, text);
    }""", [GAME_PREFIX, entries])


def stored(page: Page) -> dict[str, dict]:
    """Every saved game in localStorage, parsed where it can be: id -> entry."""
    texts = page.evaluate("""(prefix) => Object.fromEntries(Object.keys(localStorage)
      .filter((k) => k.startsWith(prefix))
      .map((k) => [k.slice(prefix.length), localStorage.getItem(k)]))""", GAME_PREFIX)
    return {key: json.loads(text) for key, text in texts.items()}


def mine(seed: int) -> dict:
    return whole_game(seed, [f"Mine {seed}", "Piet"])


def test_thirteen_shared_links_leave_all_your_games(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    saves = {f"f-{i:02}": entry(mine(i), f"f-{i:02}", f"2026-11-{i + 1:02}T09:00:00.000Z")
             for i in range(12)}
    saves |= {f"u-{i}": entry(whole_game(50 + i, [f"Unfinished {i}", "Piet"], plies=4),
                              f"u-{i}", f"2026-11-20T10:0{i}:00.000Z") for i in range(2)}
    put(page, saves)

    for i in range(13):
        record = whole_game(100 + i, [f"Sender {i}", "Theo"])
        page.goto("about:blank")
        page.goto(f"/#g={link.encode(record)}")  # a page load per link
        wait_ready(page)
        # a shared finished game's link opens at its end, the replay a button away
        expect(page.locator("#turn")).to_have_text("The Painting is finished")
        expect(page.get_by_role("button", name="Replay from the start")).to_be_visible()

    # the 13th load let the oldest shared game go, and says which
    page.get_by_role("button", name="New game").click()
    note = page.locator("#saved-games-pruned")
    expect(note).to_contain_text("Let go, as only the newest 12 games opened from other "
                                 "people's links are kept: the shared game of Sender 0, Theo")
    expect(note).not_to_contain_text("Deleted")
    kept = stored(page)
    assert {f"f-{i:02}" for i in range(12)} | {"u-0", "u-1"} <= set(kept)
    shared = {k: v for k, v in kept.items() if "shared" in v}
    assert len(shared) == 12 and len(kept) == 26
    assert {v["seats"][0]["name"] for v in shared.values()} == {f"Sender {i}" for i in range(1, 13)}
    assert all(v["shared"]["kind"] == "replay" for v in shared.values())
    # and a later page load takes none of them
    reload(page)
    assert set(stored(page)) == set(kept)


def test_damaged_saves_are_listed_and_kept_and_the_rule_is_in_settings(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    saves = {f"f-{i:02}": entry(mine(i), f"f-{i:02}", f"2026-11-{i + 2:02}T09:00:00.000Z")
             for i in range(13)}  # one more than the rule keeps
    unfinished = whole_game(60, ["Damaged", "Piet"], plies=6)
    saves["bad-result"] = entry({**unfinished, "result": "x"}, "bad-result",
                                "2026-10-01T09:00:00.000Z")
    saves["bad-time"] = entry(mine(40), "bad-time", "not a time")  # would be "oldest"
    put(page, saves)
    reload(page)

    region = page.get_by_role("region", name="Saved games")
    note = region.locator("#saved-games-pruned")
    expect(note).to_have_text(
        "Deleted by your rule in Settings (keep the newest 12 finished games): the finished "
        f"game of Mine 0, Piet ({json.loads(saves['f-00'])['moves']} moves, saved "
        + page.evaluate("""() => { const d = new Date("2026-11-02T09:00:00.000Z");
          return `${d.toLocaleDateString([], {day: "numeric", month: "short"})}, `
            + d.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"}); }""") + ").")
    kept = stored(page)
    assert "f-00" not in kept and {f"f-{i:02}" for i in range(1, 13)} <= set(kept)
    assert kept["bad-result"] == json.loads(saves["bad-result"])  # byte for byte as it was
    assert "bad-time" in kept
    resume = region.get_by_role("button", name="Resume the game of")
    damaged = resume.filter(has_text="Damaged, kept")
    expect(damaged).to_have_count(2)
    expect(damaged.filter(has_text="Damaged, Piet")).to_contain_text(
        "its record's result is damaged")
    expect(damaged.filter(has_text="Mine 40")).to_contain_text("its details were damaged (savedAt)")

    # opened, the damaged record is refused by the engine and still kept
    damaged.filter(has_text="Damaged, Piet").click()
    expect(page.locator(".notice").filter(has_text="could not be opened")).to_contain_text("result")
    assert "bad-result" in stored(page)

    # the rule is in Settings; "All" keeps every finished game
    page.get_by_role("button", name="Settings").click()
    keep = page.get_by_role("combobox", name="Finished games kept")
    expect(keep).to_have_value("12")
    keep.select_option("all")
    page.get_by_role("button", name="Done").click()
    put(page, {"f-99": entry(mine(99), "f-99", "2026-12-01T09:00:00.000Z")})
    reload(page)
    expect(page.locator("#saved-games-pruned")).to_be_hidden()
    assert {f"f-{i:02}" for i in range(1, 13)} | {"f-99"} <= set(stored(page))
