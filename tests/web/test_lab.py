"""The Bot Lab (lab.html, docs/bots.md): write a bot, run a match, watch a game, errors
with the bot's line, the time limit, the sandbox against hostile bots, and a bot from a
link that waits for Run. Each test boots Python twice (engine and sandbox), so checks
share a page where they can."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from main_thread import main_thread
from player import GAME_OVER, PHONE, saved_record, set_up, wait_ready
from playwright.sync_api import Page, expect

from destijl import Move, new_game
from destijl.bots.examples import source
from destijl.bots.user import UserBot
from destijl.lab import cmd_bot_state
from destijl.records import record_of
from destijl.tournament import run_tournament

MINUS = "\u2212"
ANNS = "Ann\u2019s bot"
RUN_MS = 240_000  # a match, with both Pythons starting, on a loaded machine


def open_lab(page: Page, path: str = "lab.html") -> None:
    page.goto(path)
    page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'")


def set_code(page: Page, code: str) -> None:
    """Replace the bot's code as a person does: select all in "Bot code" and type."""
    page.get_by_role("textbox", name="Bot code").click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)


def run(page: Page, *, level: str = "easy", games: int = 2, limit: str | None = None,
        seed: str = "1") -> str:
    """Press Run with these settings and wait until the match ends: its data-lab-state.
    `seed` "" leaves the Seed empty: the match draws a secret one."""
    page.get_by_label("Against").select_option(level)
    page.get_by_label("Games").fill(str(games))
    page.get_by_label("Seed").fill(seed)
    if limit is not None:
        page.get_by_label("Seconds per move").fill(limit)
    runs = int(page.evaluate("() => document.documentElement.dataset.labRuns ?? 0"))
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("(n) => Number(document.documentElement.dataset.labRuns) > n"
                           " && document.documentElement.dataset.labRunning === 'no'", arg=runs,
                           timeout=RUN_MS)
    return page.evaluate("() => document.documentElement.dataset.labState")


def error_line(page: Page) -> int:
    """The editor's highlighted line number (1-based), read from the line's position."""
    marked = page.locator("#lab-editor .cm-line[data-error-line]")
    expect(marked).to_have_count(1)
    return page.evaluate("""() => {
        const root = document.querySelector('#lab-editor').shadowRoot;
        const lines = [...root.querySelectorAll('.cm-line')];
        return lines.findIndex((l) => l.hasAttribute('data-error-line')) + 1;
    }""")


@pytest.mark.full_chromium
def test_edit_the_starter_bot_run_a_match_and_watch_a_game(page: Page, tmp_path: Path, snap):
    open_lab(page)
    box = page.get_by_role("textbox", name="Bot code")
    expect(box).to_contain_text("def choose(view):")
    code = source("starter").replace("# The placement that puts me",
                                     "# Edited in the Lab: the placement that puts me")
    set_code(page, code)
    expect(box).to_contain_text("Edited in the Lab")
    # the page stays responsive: no main-thread task of its own over 50 ms (main_thread.py)
    with main_thread(page) as thread:
        assert run(page, level="easy", games=2) == "done"
    thread.assert_none_over(50)
    table = page.locator("#lab-table")
    mine = table.locator("tr[data-level='mine']")
    expect(mine.locator("th")).to_have_text("Your bot")
    expect(mine.locator("td").first).to_have_text("2")
    expect(page.locator("#lab-progress")).to_have_js_property("value", 1)
    # the same match natively, with the bot exported as a file, gives the same numbers
    path = tmp_path / "mybot.py"
    path.write_text(code)
    native = run_tournament(2, [str(path), "easy"], games=2, seed=1, jobs=1)["levels"]
    expect(mine.locator(".lab-wins")).to_have_text(f"{round(100 * native[0]['win_share'])}%")
    margin = native[0]["mean_margin"]
    sign = "+" if margin > 0 else MINUS if margin < 0 else "±"
    expect(mine.locator(".lab-margin")).to_have_text(f"{sign}{abs(margin):.1f}")
    expect(page.locator("#lab-native")).to_have_text(
        "python -m destijl tournament --players 2 --bots mybot.py,easy --games 2 --seed 1 "
        "--jobs 1")
    snap(page, "lab-desktop-light-results")
    # Watch: the first game, move by move, drawn by the game's Painting code
    page.get_by_role("button", name="Watch", exact=True).click()
    board = page.locator("#lab-painting")
    expect(board).to_have_attribute("data-ply", "0")
    page.get_by_role("button", name="Forward").click()
    expect(board).to_have_attribute("data-ply", "1")
    expect(page.locator("#lab-move")).to_contain_text("Move 1 of 16")
    page.get_by_role("button", name="To end").click()
    expect(board).to_have_attribute("data-ply", "16")
    assert board.locator("rect.cell").count() > 20
    snap(page, "lab-desktop-light-watch")


# Bots that never answer: each is stopped by its move's time limit
STOPPED = {
    "an endless loop": "def choose(view):\n    while True:\n        pass\n",
    "a sleep": "import time\n\ndef choose(view):\n    time.sleep(60)\n"
               "    return view.legal_moves[0]\n",
    "an allocation without end": "def choose(view):\n    hoard = []\n    while True:\n"
                                 "        hoard.append([view.ply] * 100_000)\n",
}


@pytest.mark.full_chromium
def test_a_shared_bot_waits_for_run_then_errors_show_its_line_and_hostile_bots_stop(
        page: Page, guard, snap):
    guard.allow("took longer")  # nothing is logged as an error, but be explicit
    code = ("def helper(view):\n"
            "    return view.legal_moves[10 ** 6]\n"
            "\n"
            "def choose(view):\n"
            "    return helper(view)\n")
    packed = base64.urlsafe_b64encode(code.encode()).decode().rstrip("=")
    open_lab(page, f"lab.html#bot={packed}&name={quote(ANNS)}")
    # shown, said to be someone else's, and not run: no sandbox exists before Run
    expect(page.get_by_text("This is someone else's code.")).to_be_visible()
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("def helper(view):")
    expect(page.get_by_label("Name")).to_have_value(ANNS)
    expect(page.locator("iframe.bot-sandbox")).to_have_count(0)
    assert page.evaluate("() => document.documentElement.dataset.labState") is None

    # Run: the runtime error, trimmed to the bot's lines, its line highlighted
    assert run(page, games=2) == "failed"
    expect(page.locator("#lab-error-text")).to_have_text(
        "Your bot raised IndexError: list index out of range on move 1 (line 2)")
    expect(page.locator("#lab-trace")).to_contain_text("line 5, in choose")
    expect(page.locator("#lab-trace")).not_to_contain_text("destijl")
    assert error_line(page) == 2
    expect(page.get_by_text("This is someone else's code.")).to_be_hidden()
    sandbox = page.locator("iframe.bot-sandbox")
    assert sandbox.get_attribute("sandbox") == "allow-scripts"

    # a syntax error
    set_code(page, "def choose(view):\n    x = 1\n    return view.legal_moves[0\n")
    expect(page.locator("#lab-editor .cm-line[data-error-line]")).to_have_count(0)  # edited
    assert run(page) == "failed"
    expect(page.locator("#lab-error-text")).to_contain_text("Your bot has a SyntaxError")
    assert error_line(page) == 3

    # a bot that never answers is stopped within its move's limit + 2 s, saying so, while
    # the page's own main thread stays free (each also restarts Python in a new worker)
    with main_thread(page) as thread:
        for name, hostile in STOPPED.items():
            set_code(page, hostile)
            assert run(page, limit="0.5") == "failed", name
            expect(page.locator("#lab-error-text")).to_have_text(
                "Your bot took longer than 0.5 s on move 1 and was stopped")
            assert page.evaluate("() => document.documentElement.dataset.labError") == "timeout"
            waited = int(page.evaluate("() => document.documentElement.dataset.labErrorMs"))
            assert 500 <= waited < 500 + 2000, (name, waited)
            print(f"{name}: stopped {waited} ms after its move was asked")  # pytest -s
    thread.assert_none_over(50)

    # the next Run works, without a reload; and Stop ends a match at once
    set_code(page, source("starter"))
    # the most games a match can have: at 10 ms a move, 20 games were once all played
    # (at load 7) before the click on Stop landed
    page.get_by_label("Games").fill("200")
    page.get_by_label("Seconds per move").fill("1")
    page.get_by_role("button", name="Run", exact=True).click()
    page.wait_for_function("() => Number(document.documentElement.dataset.labGames) >= 1",
                           timeout=RUN_MS)
    expect(page.locator("#lab-error")).to_be_hidden()
    page.get_by_role("button", name="Stop").click()
    page.wait_for_function("() => document.documentElement.dataset.labRunning === 'no'")
    assert page.evaluate("() => document.documentElement.dataset.labState") == "stopped"
    expect(page.locator("#lab-status")).to_have_text(re.compile(r"^Stopped after \d+ games?\.$"))
    # from the click to the end: at most one level's move still under way in the engine
    assert int(page.evaluate("() => document.documentElement.dataset.labStopMs")) < 2000
    page.set_viewport_size(PHONE)
    page.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    page.locator("#lab-results").scroll_into_view_if_needed()
    snap(page, "lab-phone-dark-stopped")
    # the results table fits the phone's width: nothing to scroll sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("#lab-table").bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]


HOSTILE = '''
import js
report = []
pending = []

def attempt(name, action):
    try:
        result = action()
        report.append(f"{name}: ran ({result!r:.40})")
    except Exception as error:
        report.append(f"{name}: refused ({type(error).__name__})")

def later(name, promise):
    promise.then(lambda _: report.append(f"{name}: ran"),
                 lambda e: report.append(f"{name}: refused"))

def steal():
    data = js.localStorage.getItem("destijl.game.keep")
    js.localStorage.clear()
    return data

def xhr():
    request = js.XMLHttpRequest.new()
    request.open("GET", "URL/index.html", False)
    request.send()
    return request.status

def choose(view):
    if view.ply < 2:
        attempt("localStorage", steal)
        attempt("indexedDB", lambda: js.indexedDB.open("destijl"))
        attempt("caches", lambda: later("caches.keys", js.caches.keys()))
        attempt("fetch", lambda: later("fetch.result", js.fetch("URL/index.html")))
        attempt("xhr", xhr)
        attempt("parent", lambda: js.parent.localStorage.getItem("destijl.game.keep"))
        attempt("top", lambda: js.top.document.title)
        return view.legal_moves[0]
    if view.ply < 6:  # a promise's result reaches the bot at the start of a later move
        return view.legal_moves[0]
    raise RuntimeError("REPORT " + "; ".join(report))
'''


def test_hostile_bots_cannot_reach_storage_network_or_the_page(page: Page, site, guard):
    guard.allow("request failed (csp)")  # the bot's fetch and XHR, refused by the policy
    saved = json.dumps({"format": "destijl-save/1", "id": "keep", "record": {"x": 1}})
    open_lab(page)
    page.evaluate("(v) => localStorage.setItem('destijl.game.keep', v)", saved)
    set_code(page, HOSTILE.replace("URL", site.url.rstrip("/")))
    assert run(page, games=2) == "failed"
    text = page.locator("#lab-error-text").text_content()
    assert "REPORT" in text, text
    report = dict(item.split(": ", 1) for item in text.split("REPORT ", 1)[1]
                  .removesuffix(")").rsplit(" on move", 1)[0].split("; "))
    for name in ("localStorage", "indexedDB", "xhr", "parent", "top"):
        assert report[name].startswith("refused"), (name, report)
    for name in ("caches", "fetch"):  # refused at once, or their promise rejected later
        assert report[name].startswith("refused") or report.get(f"{name}.keys" if name ==
                                                                "caches" else "fetch.result") \
            == "refused", (name, report)
    assert page.evaluate("() => localStorage.getItem('destijl.game.keep')") == saved


# A second bot host framed by the game page (sandbox.js HOST_PAGE): its first word.
HOST_HELLO = """() => new Promise((done, fail) => {
    const frame = document.createElement("iframe");
    frame.src = "lab.html?host=bots";
    addEventListener("message", (event) => {
        if (event.source === frame.contentWindow && event.origin === location.origin) {
            done(event.data?.type);
        }
    });
    setTimeout(() => fail(new Error("the bot host said nothing in 30 s")), 30_000);
    document.body.append(frame);
})"""
FIRST = "def choose(view):\n    return view.legal_moves[0]  # first bot\n"


def test_a_chosen_saved_bot_plays_a_seat_of_a_normal_game_to_the_end(page: Page):
    # the start screen and the footer link to the Lab; the Lab's Play goes back
    page.goto("./")
    expect(page.locator("footer a[href='lab.html']")).to_have_text("Bot Lab")
    page.locator(".start-lab").get_by_role("link", name="Bot Lab").click()
    page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'")
    code = source("starter").replace("def choose(view):", "def choose(view):  # mine")
    for name, text in (("Lead bot", code), ("First bot", FIRST)):  # First bot: saved last
        set_code(page, text)
        page.get_by_label("Name").fill(name)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#lab-keep-note")).to_have_text(f'Saved "{name}" on this device.')
    page.get_by_role("link", name="Play").click()
    wait_ready(page)
    set_up(page, ["bot:easy", "bot:mine"], speed="fast", seed=5)
    seat = page.get_by_label("Seat 2 player")
    # each saved bot is offered by name; "My bot (Bot Lab)" alone is the one saved last
    expect(seat.get_by_role("option", name=re.compile("^My bot"))).to_have_text(
        ["My bot (Bot Lab)", "My bot: First bot (Bot Lab)", "My bot: Lead bot (Bot Lab)"])
    expect(page.locator("#seat-level-1")).to_have_text("The bot you saved last in the Bot Lab.")
    seat.select_option(label="My bot: Lead bot (Bot Lab)")
    expect(page.get_by_label("Seat 2 name")).to_have_value("Lead bot")
    expect(page.locator("#seat-level-1")).to_contain_text('Your bot "Lead bot"')
    # a bot saved in another tab is offered at once (the storage event); the choice stays
    other = page.context.new_page()
    other.goto("favicon.svg")
    other.evaluate("""() => {
        const bots = JSON.parse(localStorage.getItem("destijl.lab.bots"));
        bots["Tab bot"] = bots["First bot"];
        localStorage.setItem("destijl.lab.bots", JSON.stringify(bots));
    }""")
    other.close()
    expect(seat.get_by_role("option", name="My bot: Tab bot (Bot Lab)")).to_have_count(1)
    expect(seat).to_have_value("bot:mine:Lead bot")
    page.get_by_role("button", name="Start game").click()
    page.locator(GAME_OVER).wait_for(timeout=RUN_MS)
    # the game page's strict policy allows no sandbox: a hidden Lab page (the bot host) made it
    expect(page.locator("iframe.bot-host")).to_have_count(1)
    expect(page.locator("iframe.bot-sandbox")).to_have_count(0)
    # offline, the service worker serves the host as it serves the Lab (whose sandbox works
    # offline: test_the_lab_embed_is_lazy_keyboard_usable_and_works_offline_on_a_phone)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    assert page.evaluate(HOST_HELLO) == "hello"
    page.context.set_offline(False)
    record = saved_record(page)
    assert record["seats"][1] == {**record["seats"][1], "name": "Lead bot",
                                  "controller": "bot:mine"}
    assert len(record["moves"]) == 16
    # the moves of seat 2 are the chosen bot's own (not the last saved one's): the same bot
    # natively gives the same moves
    bot, first = UserBot.from_source(code), UserBot.from_source(FIRST)
    game = new_game(2, 5, controllers=["bot:easy", "bot:mine"])
    differ = 0
    for entry in record["moves"]:
        played = {k: entry[k] for k in ("card", "x", "y", "rotation")}
        if entry["seat"] == 1:
            asked = cmd_bot_state({"record": record_of(game)})
            assert bot.choose_for(asked["state"], asked["seed"]).to_dict() == played
            differ += first.choose_for(asked["state"], asked["seed"]).to_dict() != played
        game.play(Move.from_dict(played))
    assert differ, "the first bot would have played the same moves: the test proves nothing"


def test_the_lab_embed_is_lazy_keyboard_usable_and_works_offline_on_a_phone(
        persistent_context, snap):
    context = persistent_context()
    page = context.pages[0] if context.pages else context.new_page()
    page.set_viewport_size(PHONE)
    heavy = []
    context.on("request", lambda r: r.url.endswith((".wasm", ".zip")) and heavy.append(r.url))
    code = "def choose(view):\n    return view.legal_moves[-1]  # a shared bot\n"
    packed = base64.urlsafe_b64encode(code.encode()).decode().rstrip("=")
    page.goto(f"embed.html?lab=1&theme=dark&bot={packed}")
    page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'")
    assert "lab.html" in page.url and "embed=1" in page.url
    expect(page.get_by_text("This is someone else's code.")).to_be_visible()
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("a shared bot")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    # the keyboard: Tab indents in the editor; Escape, then Tab, leaves it
    page.get_by_role("textbox", name="Bot code").click()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "lab-editor"  # still inside
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "bot-name"
    assert heavy == [], heavy  # nothing heavy before Run
    assert page.evaluate("() => navigator.serviceWorker.controller") is None
    snap(page, "lab-embed-phone-dark")
    assert run(page, games=2) == "done"  # online: Python loads, the service worker caches
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                           timeout=RUN_MS)
    # offline: the page, the editor, the engine and the sandbox all from the cache
    context.set_offline(True)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'")
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    assert run(page, games=2) == "done"
    expect(page.locator("#lab-table tr[data-level='mine'] td").first).to_have_text("2")
    snap(page, "lab-embed-phone-dark-results")


def test_keep_saves_several_bots_exports_imports_and_shares_without_touching_games(
        page: Page, tmp_path: Path):
    open_lab(page)
    page.evaluate("() => localStorage.setItem('destijl.game.keep', 'a saved game')")
    for name, marker in (("Alpha", "# alpha"), ("Beta", "# beta")):
        set_code(page, f"{marker}\n{source('starter')}")
        page.get_by_label("Name").fill(name)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#lab-keep-note")).to_have_text(f'Saved "{name}" on this device.')
    saved = json.loads(page.evaluate("() => localStorage.getItem('destijl.lab.bots')"))
    assert sorted(saved) == ["Alpha", "Beta"] and saved["Alpha"]["code"].startswith("# alpha")
    page.get_by_label("Saved bots").select_option("Alpha")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("# alpha")
    # export: a .py file with the code; import: back in, as someone else's code
    with page.expect_download() as download:
        page.get_by_role("button", name="Export .py").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name == "Alpha.py" and path.read_text().startswith("# alpha")
    other = tmp_path / "other.py"
    other.write_text("# from a friend\ndef choose(view):\n    return view.legal_moves[0]\n")
    page.locator("#bot-file").set_input_files(str(other))
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("# from a friend")
    expect(page.get_by_text("This is someone else's code.")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_value("other")
    # share: the link carries the code; opened, it is shown and waits for Run
    page.get_by_role("button", name="Share link").click()
    # the link is packed asynchronously (CompressionStream): wait for it, never read it at once
    expect(page.locator("#bot-share")).to_have_attribute("data-link", re.compile("#bot="))
    link = page.locator("#bot-share").get_attribute("data-link") or ""
    page.goto(link)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.lab === 'ready'")
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("# from a friend")
    expect(page.get_by_text("This is someone else's code.")).to_be_visible()
    expect(page.locator("iframe.bot-sandbox")).to_have_count(0)
    # delete one; the saved game is untouched throughout
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_label("Saved bots").select_option("Beta")
    page.get_by_role("button", name="Delete", exact=True).click()
    expect(page.locator("#lab-keep-note")).to_have_text('Deleted "Beta".')
    assert sorted(json.loads(page.evaluate(
        "() => localStorage.getItem('destijl.lab.bots')"))) == ["Alpha"]
    assert page.evaluate("() => localStorage.getItem('destijl.game.keep')") == "a saved game"
