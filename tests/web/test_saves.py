"""Saved games, in real Chromium: no game is lost, and a save is the player's, which only
the player deletes.

- Saved games per tab and the list to resume them; a yes before anything replaces a game in
  progress; failed saves said once; bad preferences dropped with a notice; a dead engine
  replaced without a reload.
- The game in progress is saved (its destijl-record/1 record) after every move and resumed
  on reload; saves that are corrupt, from another format or tampered with get a message
  and a fresh start, and are kept in Saved games with the reason, to export or delete.
  Records export to a file, import back and replay move by move.
- A save the engine cannot open (an injected InternalError, as a broken engine answers)
  is kept and listed with why, Export and Delete; it opens again once the engine does.
- No unfinished game is removed: 14 stay 14; finished games beyond the 12 the rule in
  Settings keeps are deleted, oldest first, and the Saved games note names them.
- Damaged details (`savedAt: "yesterday"`, `moves: "5"`, an unknown format) beside a
  whole record are rebuilt from the record.
- Storage full: the banner and the replace dialog say what is really kept, Export gives
  the game as it is on screen, and finished games go only after the player's yes.
- Other people's links: 13 shared finished-game links, each opened with a page load, over
  12 of your finished games and 2 unfinished ones: shared games are a list of their own
  (the newest 12), all 14 of yours stay, and the note names the shared game that was let go.
- Only what the engine says is over counts as finished: an unfinished save whose record
  has `"result": "x"` is listed as damaged and kept; a finished save with a bad `savedAt`
  is listed as damaged and kept, never tidied away first.
- Your finished games go only by the rule in Settings (the count kept), oldest first, and
  the note names exactly which went; "All" keeps every one.

Engine deadlines: in the tests' build (test hooks on; never in a deploy), `?debug=engine`
shortens them to 4 s and exposes `destijlDebug.killWorker()`, which stops the worker the
way a crash would (no message).
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from player import (
    BOOT_MS,
    DESKTOP,
    GAME_PREFIX,
    NO_TOUR,
    PHONE,
    REPO,
    TAB_KEYS,
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
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page, expect

from destijl import link, new_game, to_record


@pytest.fixture
def returning_player(context: BrowserContext) -> None:
    """Every page of the test's context skips the guided first game (the tests of saved games
    that a returning player makes; the others keep the first visit's tour)."""
    context.add_init_script(NO_TOUR)


def play_one(page: Page) -> None:
    """Place a card, then wait until the bots have played and it is the player's turn."""
    ply = saved_ply(page)
    place_first_spot(page)
    wait_ply_above(page, ply)
    assert my_turn_or_end(page) == "turn"


def link_game(page: Page, query: str) -> None:
    """Open a link that starts a game at once and play the first human move."""
    page.goto(f"/?{query}&speed=fast&autostart=1")
    wait_ready(page)
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()
    play_one(page)


@pytest.mark.usefixtures("returning_player")
def test_two_tabs_keep_two_games_and_the_start_screen_lists_them(
        context: BrowserContext, snap) -> None:
    a = context.new_page()
    link_game(a, "seats=human,random,random&seed=111")
    b = context.new_page()
    link_game(b, "seats=human,random&seed=222")
    # Each tab keeps its own game: reloading A brings back A's, not B's. The player goes
    # back to tab A first (a tab behind another gets no animation frames to redraw in).
    a.bring_to_front()
    reload(a)
    expect(a.locator("#live")).to_contain_text("Your saved game is back")
    game_a, game_b = saved_entry(a), saved_entry(b)
    assert game_a["record"]["seed"] == 111 and game_b["record"]["seed"] == 222
    assert game_a["id"] != game_b["id"]
    for game in (game_a, game_b):  # every save is whole and names its game
        assert game["format"] == "destijl-save/1" and game["moves"] == len(game["record"]["moves"])
        assert datetime.fromisoformat(game["savedAt"].replace("Z", "+00:00"))
    assert engine("view", record=game_a["record"])["ply"] == game_a["moves"]

    # A third tab lists both, newest first, with seats, move count and time.
    c = context.new_page()
    c.goto("/")
    wait_ready(c)
    listed = c.get_by_role("region", name="Saved games").get_by_role(
        "button", name="Resume the game of")
    expect(listed).to_have_count(2)
    expect(listed.nth(0)).to_contain_text(f"Move {game_b['moves']}")
    expect(listed.nth(0)).to_contain_text(game_b["record"]["seats"][1]["name"])
    expect(listed.nth(0)).to_have_attribute("aria-label", re.compile(
        rf"^Resume the game of You, .+: move {game_b['moves']}, saved \d"))
    expect(listed.nth(1)).to_contain_text(f"Move {game_a['moves']}")
    snap(c, "keep-saved-games-1280", 300)  # the list settled
    c.set_viewport_size(PHONE)
    c.get_by_role("region", name="Saved games").scroll_into_view_if_needed()
    snap(c, "keep-saved-games-360")
    c.emulate_media(color_scheme="dark")  # the Settings' "system" theme follows it
    snap(c, "keep-saved-games-360-dark")
    c.set_viewport_size(DESKTOP)
    snap(c, "keep-saved-games-1280-dark")
    c.emulate_media(color_scheme="light")

    # Resuming A in tab C: tab C now plays A's game ...
    listed.nth(1).click()
    expect(c.get_by_role("button", name="Gallery card 1")).to_be_enabled()
    assert saved_entry(c)["id"] == game_a["id"]
    # ... and when tab A plays on, its moves go to a game of their own: both are kept.
    a.bring_to_front()
    ply = saved_ply(a)
    place_first_spot(a)
    wait_ply_above(a, ply)
    assert saved_entry(a)["id"] != game_a["id"]
    assert saved_entry(c)["record"] == game_a["record"]


@pytest.mark.usefixtures("returning_player")
def test_nothing_replaces_a_game_in_progress_without_a_yes(
        page: Page, tmp_path: Path, snap) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    play_one(page)
    before = saved_entry(page)

    # New game, then Start game: asked first; "Keep my game" keeps it.
    page.get_by_role("button", name="New game").click()
    page.get_by_role("button", name="Start game").click()
    dialog = page.get_by_role("alertdialog", name="Start a new game?")
    expect(dialog).to_contain_text(f"move {before['moves']}")
    expect(dialog).to_contain_text("stays in Saved games")
    expect(page.get_by_role("button", name="Keep my game")).to_be_focused()
    snap(page, "keep-confirm-1280")
    page.set_viewport_size(PHONE)
    snap(page, "keep-confirm-360")
    page.emulate_media(color_scheme="dark")
    snap(page, "keep-confirm-360-dark")
    page.set_viewport_size(DESKTOP)
    snap(page, "keep-confirm-1280-dark")
    page.emulate_media(color_scheme="light")
    page.get_by_role("button", name="Keep my game").click()
    expect(dialog).to_be_hidden()
    assert saved_entry(page)["record"] == before["record"]
    page.get_by_role("button", name="Resume game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()

    # A link with autostart=1 in this tab: asked; declining shows the game again.
    page.goto("/?seats=human,random&seed=5&autostart=1")
    wait_ready(page)
    page.get_by_role("alertdialog", name="Start the link's game?").wait_for()
    page.get_by_role("button", name="Keep my game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()
    assert saved_entry(page)["id"] == before["id"]
    assert saved_record(page) == before["record"]

    # An import: asked; yes opens it, and the old game stays resumable from the list.
    seats = [{"controller": "human"}, {"controller": "bot:random"}]
    path = tmp_path / "other.json"
    path.write_text(json.dumps(engine("new_game", players=2, seed=77, seats=seats)["record"]))
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import", exact=True).click()
    chooser.value.set_files(path)
    page.get_by_role("button", name="Open the imported game").click()
    expect(page.locator("#live")).to_contain_text("Imported other.json")
    assert saved_record(page)["seed"] == 77 and saved_entry(page)["id"] != before["id"]
    page.get_by_role("button", name="New game").click()
    saved_games = page.get_by_role("region", name="Saved games")
    old = saved_games.get_by_role("button", name=f"move {before['moves']},")
    old.click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()
    assert saved_entry(page)["id"] == before["id"]
    assert saved_record(page) == before["record"]


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


@pytest.mark.usefixtures("returning_player")
def test_a_failed_save_says_so_once_and_the_game_goes_on(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    page.evaluate(FILL_STORAGE)
    banner = page.get_by_role("status").filter(has_text="This game is not being saved")
    for _ in range(2):  # two moves: the game goes on, the message comes once
        ply = saved_ply(page)
        place_first_spot(page)
        wait_ply_above(page, ply)
        assert my_turn_or_end(page) == "turn"
    expect(banner).to_have_count(1)
    expect(banner).to_contain_text("storage for this site is full")
    played = saved_ply(page)
    # Room again: the next move is saved, the banner goes, a reload resumes the latest move.
    page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith("filler-"))
      .forEach((k) => localStorage.removeItem(k))""")
    place_first_spot(page)
    wait_ply_above(page, played)
    expect(banner).to_be_hidden()
    my_turn_or_end(page)
    saved = saved_entry(page)["moves"]
    reload(page)
    expect(page.locator("#table")).to_have_attribute("data-ply", str(saved))


@pytest.mark.usefixtures("returning_player")
def test_blocked_storage_plays_and_says_it_is_not_saved(browser, site, guard) -> None:
    context = browser.new_context(base_url=site.url, service_workers="block", viewport=DESKTOP)
    guard.watch(context)
    context.add_init_script(NO_TOUR)
    context.add_init_script("""Object.defineProperty(window, "localStorage", {
      get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });""")
    page = context.new_page()
    open_game(page)
    set_up(page, ["human", "bot:random"])
    start(page)
    banner = page.get_by_role("status").filter(has_text="This game is not being saved")
    expect(banner).to_contain_text("does not let this page store data")
    ply = saved_ply(page)
    place_first_spot(page)
    wait_ply_above(page, ply)
    context.close()
    guard.check()


@pytest.mark.usefixtures("returning_player")
def test_bad_preferences_are_dropped_and_bad_saves_kept_with_a_notice(page: Page) -> None:
    open_game(page)
    page.evaluate("""() => {
      // "__proto__" as a saved key once found Object's own member instead of a check
      localStorage.setItem("destijl.prefs", '{"__proto__": 1, ' + JSON.stringify(
        {setup: {seats: [null, null, null]}, speed: "warp", theme: "dark"}).slice(1));
      localStorage.setItem("destijl.game.bad", "{" + "x".repeat(5000));
    }""")
    reload(page)
    notices = page.locator(".notice")
    reset = "preferences could not be read and were reset (setup, speed)"
    expect(notices.filter(has_text=reset)).to_have_count(1)
    assert all(len(t) < 400 for t in notices.all_inner_texts())
    assert json.loads(page.evaluate("localStorage.getItem('destijl.prefs')")) == {"theme": "dark"}
    # the save is the player's: kept, listed with why (quoted short), to export or delete
    broken = page.get_by_role("region", name="Saved games").get_by_role("listitem").filter(
        has_text="cannot be opened")
    expect(broken).to_contain_text("not valid JSON")
    assert len(broken.inner_text()) < 400
    assert page.evaluate("localStorage.getItem('destijl.game.bad')") == "{" + "x" * 5000
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()


@pytest.mark.usefixtures("returning_player")
def test_a_dead_engine_is_replaced_and_the_game_goes_on(page: Page) -> None:
    page.goto("/?debug=engine")
    wait_ready(page)
    set_up(page, ["human", "bot:random", "bot:random"], speed="slow")
    start(page)
    ply = saved_ply(page)
    place_first_spot(page)
    wait_ply_above(page, ply)
    # A bot is thinking (slow pace: over a second): the worker dies without a word.
    expect(page.locator("#turn")).to_contain_text("is choosing a card")
    page.evaluate("() => window.destijlDebug.killWorker()")
    expect(page.get_by_role("alert")).to_contain_text(
        "The game engine stopped answering", timeout=15_000)
    wait_ready(page)
    assert my_turn_or_end(page, timeout=BOOT_MS) == "turn"
    assert saved_ply(page) >= 3 and saved_entry(page)["moves"] == saved_ply(page)
    expect(page.get_by_role("alert")).to_be_hidden()  # the notice goes once the game is back
    # and it plays on
    ply = saved_ply(page)
    place_first_spot(page)
    wait_ply_above(page, ply)


@pytest.mark.usefixtures("returning_player")
def test_retry_after_a_failed_load_resumes_the_saved_game(browser, site, guard) -> None:
    # No service worker: it would serve the blocked file from its cache.
    context = browser.new_context(base_url=site.url, service_workers="block", viewport=DESKTOP)
    guard.watch(context)
    context.add_init_script(NO_TOUR)
    page = context.new_page()
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    play_one(page)
    before = saved_entry(page)
    guard.allow("pyodide.asm.wasm")  # the failed request below is the point of this test
    guard.allow("WebAssembly")
    guard.allow("Failed to fetch")  # the worker's own report of the blocked file
    page.context.route("**/*.wasm", lambda route: route.abort())
    page.reload()
    expect(page.locator("#loader")).to_contain_text("could not load", timeout=BOOT_MS)
    page.context.unroute("**/*.wasm")
    page.get_by_role("button", name="Retry").click()
    wait_ready(page)
    expect(page.locator("#live")).to_contain_text("Your saved game is back")
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()
    assert saved_entry(page)["id"] == before["id"]
    assert saved_record(page) == before["record"]
    context.close()
    guard.check()


@pytest.mark.usefixtures("returning_player")
def test_hostile_links_and_files_give_short_merged_messages(page: Page, tmp_path: Path) -> None:
    junk = "&".join(f"junk{i}=1" for i in range(2000))
    page.goto(f"/?{junk}&seats={'q' * 5000},easy&seed={'9' * 3000}")
    wait_ready(page)
    notices = page.locator(".notice")
    expect(notices.filter(has_text='"junk0", "junk1", "junk2" and 1,997 more')).to_have_count(1)
    texts = notices.all_inner_texts()
    assert 2 <= len(texts) <= 10 and all(len(t) < 400 for t in texts), texts
    # A file over 1 MB is refused before it is read.
    big = tmp_path / "huge.json"
    big.write_text('{"name": "' + "n" * 2_500_000 + '"}')
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a game record…").click()
    chooser.value.set_files(big)
    toast = page.get_by_role("alert")
    expect(toast).to_contain_text("huge.json is not a game record: it is 2.5 MB")
    # A record with a long hostile name: the engine's message is quoted short.
    seats = [{"controller": "human"}, {"controller": "bot:random"}]
    record = engine("new_game", players=2, seed=3, seats=seats)["record"]
    record["seats"][0]["name"] = "N" * 20_000
    bad = tmp_path / "long-name.json"
    bad.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import a game record…").click()
    chooser.value.set_files(bad)
    expect(toast).to_contain_text("long-name.json could not be read as a De Stijl game")
    assert len(toast.inner_text()) < 400


@pytest.mark.usefixtures("returning_player")
def test_a_sandboxed_embed_without_same_origin_says_what_to_add(
        page: Page, guard, site, other_site) -> None:
    # Module scripts from an opaque origin are refused by CORS: expected, and explained.
    for text in ("CORS", "ERR_FAILED", "main.js", "null"):
        guard.allow(text)
    host = other_site.embed(site.url + "/embed.html", name="boxed.html", sandbox="allow-scripts")
    page.goto(host)
    frame = page.frame_locator("iframe")
    expect(frame.locator("#loader")).to_contain_text('sandbox="allow-scripts allow-same-origin"')
    expect(frame.locator("html")).to_have_attribute("data-engine", "failed")


def put_save(page: Page, text: str, game_id: str = "earlier-1") -> None:
    """Write `text` as this tab's saved game, as an earlier visit (or a meddler) would have."""
    page.evaluate("""([key, tab, id, text]) => {
      localStorage.setItem(key, text);
      sessionStorage.setItem(tab, id);
    }""", [GAME_PREFIX + game_id, TAB_KEYS[0], game_id, text])


def save_entry(record: dict, game_id: str = "earlier-1", **fields) -> str:
    """A whole save entry for `record`, as saved-games.js writes it, with `fields` replaced."""
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


def entry(record: dict, game_id: str, saved_at: str, **fields) -> dict:
    """A save entry as saved-games.js writes it, with `fields` replaced."""
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


@pytest.mark.usefixtures("returning_player")
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


@pytest.mark.usefixtures("returning_player")
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


def whole_game(seed: int, names: list[str], plies: int | None = None) -> dict:
    """A 2-player record (you against a random bot) played by the native engine; whole,
    or stopped after ``plies`` moves."""
    game = new_game(2, seed, names=names, controllers=["human", "bot:random"])
    rng = random.Random(seed)
    while not game.is_over and (plies is None or game.ply < plies):
        game.play(rng.choice(game.legal_moves()))
    return to_record(game)


def entry_text(record: dict, game_id: str, saved_at: str, **fields) -> str:
    """A save entry as saved-games.js writes it, with `fields` replaced."""
    return json.dumps({"format": "destijl-save/1", "id": game_id, "mode": "full",
                       "moves": len(record["moves"]), "savedAt": saved_at,
                       "over": record.get("result") is not None, "writer": "earlier",
                       "seats": [{"name": s["name"], "controller": s["controller"]}
                                 for s in record["seats"]],
                       "record": record, **fields})


def stored_games(page: Page) -> dict[str, dict]:
    """Every saved game in localStorage, parsed where it can be: id -> entry."""
    texts = page.evaluate("""(prefix) => Object.fromEntries(Object.keys(localStorage)
      .filter((k) => k.startsWith(prefix))
      .map((k) => [k.slice(prefix.length), localStorage.getItem(k)]))""", GAME_PREFIX)
    return {key: json.loads(text) for key, text in texts.items()}


def mine(seed: int) -> dict:
    return whole_game(seed, [f"Mine {seed}", "Piet"])


@pytest.mark.usefixtures("returning_player")
def test_thirteen_shared_links_leave_all_your_games(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    saves = {f"f-{i:02}": entry_text(mine(i), f"f-{i:02}", f"2026-11-{i + 1:02}T09:00:00.000Z")
             for i in range(12)}
    saves |= {f"u-{i}": entry_text(whole_game(50 + i, [f"Unfinished {i}", "Piet"], plies=4),
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
    kept = stored_games(page)
    assert {f"f-{i:02}" for i in range(12)} | {"u-0", "u-1"} <= set(kept)
    shared = {k: v for k, v in kept.items() if "shared" in v}
    assert len(shared) == 12 and len(kept) == 26
    assert {v["seats"][0]["name"] for v in shared.values()} == {f"Sender {i}" for i in range(1, 13)}
    assert all(v["shared"]["kind"] == "replay" for v in shared.values())
    # and a later page load takes none of them
    reload(page)
    assert set(stored_games(page)) == set(kept)


@pytest.mark.usefixtures("returning_player")
def test_damaged_saves_are_listed_and_kept_and_the_rule_is_in_settings(page: Page) -> None:
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    saves = {f"f-{i:02}": entry_text(mine(i), f"f-{i:02}", f"2026-11-{i + 2:02}T09:00:00.000Z")
             for i in range(13)}  # one more than the rule keeps
    unfinished = whole_game(60, ["Damaged", "Piet"], plies=6)
    saves["bad-result"] = entry_text({**unfinished, "result": "x"}, "bad-result",
                                "2026-10-01T09:00:00.000Z")
    saves["bad-time"] = entry_text(mine(40), "bad-time", "not a time")  # would be "oldest"
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
    kept = stored_games(page)
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
    assert "bad-result" in stored_games(page)

    # the rule is in Settings; "All" keeps every finished game
    page.get_by_role("button", name="Settings").click()
    keep = page.get_by_role("combobox", name="Finished games kept")
    expect(keep).to_have_value("12")
    keep.select_option("all")
    page.get_by_role("button", name="Done").click()
    put(page, {"f-99": entry_text(mine(99), "f-99", "2026-12-01T09:00:00.000Z")})
    reload(page)
    expect(page.locator("#saved-games-pruned")).to_be_hidden()
    assert {f"f-{i:02}" for i in range(1, 13)} | {"f-99"} <= set(stored_games(page))
