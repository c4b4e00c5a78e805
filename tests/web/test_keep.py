"""No game lost (issue 11), in real Chromium: saved games per tab and the list to resume
them, a yes before anything replaces a game in progress, failed saves said once, bad
preferences dropped with a notice, and a dead engine replaced without a reload.

Engine deadlines: in the tests' build (test hooks on; never in a deploy), `?debug=engine`
shortens them to 4 s and exposes `destijlDebug.killWorker()`, which stops the worker the
way a crash would (no message).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest
from player import (
    BOOT_MS,
    DESKTOP,
    NO_TOUR,
    PHONE,
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


@pytest.fixture(autouse=True)
def returning_player(context: BrowserContext) -> None:
    """Every page of the test's context skips the guided first game."""
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
