"""The Bot Lab sealed (docs/bots.md "Safety"), on a host that sends no headers
(serve.py --no-headers: the sandbox's own <meta> policy is all there is): one bot cannot
touch another's match, the deals cannot be foreseen, nothing a bot starts outlives its
match or runs between moves, a huge error leaves the page responsive, Save over a name
asks, and "My bot" is offered only once a bot is saved."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from main_thread import PROBE_STEPS, main_thread
from player import wait_ready
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_lab import RUN_MS, open_lab, run, set_code

from conftest import Site, start_server
from destijl.bots.examples import source
from destijl.tournament import run_tournament


@pytest.fixture(scope="module")
def bare_site(site: Site) -> Iterator[Site]:
    """The same build, served with no headers at all (a plain static host)."""
    server = start_server(site.root, "127.0.0.1", headers=None)
    yield server
    server.stop()


@pytest.fixture
def bare(test_browser: Browser, bare_site: Site, guard) -> Iterator[Page]:
    """A page on the bare host, watched by the guard (no policy errors may show)."""
    context: BrowserContext = test_browser.new_context(base_url=bare_site.url,
                                                  viewport={"width": 1280, "height": 800})
    guard.watch(context)
    yield context.new_page()
    context.close()
    guard.check()


def report(page: Page) -> dict[str, str]:
    """The "REPORT a: b; c: d" a test bot raises, from the Lab's error line."""
    text = page.locator("#lab-error-text").text_content() or ""
    assert "REPORT " in text, text
    body = text.split("REPORT ", 1)[1].rsplit(" on move", 1)[0]
    return dict(item.split(": ", 1) for item in body.split("; "))


# Patches the engine's bot wrapper when it loads: every later bot in the same Python
# would play its last legal move (the worst, often).
POISON = '''
import destijl.bots.user as user
from destijl.bots.view import View

def worst(self, state, seed):
    return View(state, seed).legal_moves[-1]

user.UserBot.choose_for = worst

def choose(view):
    return view.legal_moves[0]
'''

# Tries the seeds 0-2999 at its first move of a game it opens, as the Lab's deals once
# were (seed + deal, small public seeds): a seed whose Gallery is the one on the table
# foresees the deck. Reports what it found.
SEARCH = '''
from destijl import new_game
found = []
looked = [False]

def choose(view):
    if view.ply == 0 and not looked[0]:
        looked[0] = True
        for seed in range(3000):
            game = new_game(view.players, seed)
            if (list(game.gallery) == list(view.gallery)
                    and dict(game.painting) == dict(view.painting)):
                found.append(str(seed))
    if view.ply >= 2 and looked[0]:
        raise RuntimeError("REPORT found: " + (",".join(found) or "none"))
    return view.legal_moves[0]
'''

# Tries every way out of its worker, and keeps a timer ticking to think between moves. It
# tells "between moves" from "in a move" by state, not by the clock: its own "message"
# listener runs when a request reaches the worker (just after the worker's, which opens the
# move), so `arrived` is one ahead of `moves` from a request's arrival until the bot has
# chosen, and equal from its answer until the next request. A tick seen while they are
# equal ran between moves.
ESCAPE = '''
import js
from pyodide.ffi import create_proxy
report = []
ticks = {"in a move": 0, "between": 0}
arrived = [0]
moves = [0]

def attempt(name, action):
    try:
        action()
        report.append(f"{name}: ran")
    except Exception as error:
        report.append(f"{name}: refused")

url = "data:text/javascript,for (;;) {}"
attempt("Worker", lambda: js.Worker.new(url))
attempt("SharedWorker", lambda: js.SharedWorker.new(url))
attempt("importScripts", lambda: js.importScripts(url))
attempt("policy", lambda: js.trustedTypes.createPolicy("destijl", {}))
attempt("eval", lambda: js.eval("1"))
attempt("post", lambda: js.postMessage({"id": 1, "ok": True}))

def arrive(*args):
    arrived[0] += 1

def tick(*args):
    ticks["in a move" if arrived[0] > moves[0] else "between"] += 1

js.self.addEventListener("message", create_proxy(arrive))
js.setInterval(create_proxy(tick), 0)
js.self.hostile = 1

def choose(view):
    moves[0] += 1
    if RAISE and moves[0] >= 6:
        counts = [f"ticks in a move: {ticks['in a move']}", f"ticks between: {ticks['between']}",
                  f"moves: {moves[0]}", f"arrived: {arrived[0]}"]
        raise RuntimeError("REPORT " + "; ".join(report + counts))
    return view.legal_moves[0]
'''


def hostile_workers(page: Page) -> list[str]:
    """The live workers in which the ESCAPE bot ran (it marks its global)."""
    found = []
    for worker in page.workers:
        try:
            if worker.evaluate("() => self.hostile ?? null") is not None:
                found.append(worker.url)
        except Exception:  # closed while asked: gone
            continue
    return found


def test_one_bot_cannot_touch_the_next_and_the_deals_stay_secret(bare: Page, tmp_path: Path):
    page = bare
    open_lab(page)
    # a poisoning bot, then a clean one: the clean one plays as in a fresh tab (natively:
    # test_lab.py checks that a fresh tab's match is the native one)
    set_code(page, POISON)
    assert run(page, level="easy", games=2) == "done"
    clean = source("starter")
    set_code(page, clean)
    assert run(page, level="easy", games=6, seed="11") == "done"
    path = tmp_path / "mybot.py"
    path.write_text(clean)
    native = run_tournament(2, [str(path), "easy"], games=6, seed=11, jobs=1)["levels"][0]
    mine = page.locator("#lab-table tr[data-level='mine']")
    expect(mine.locator(".lab-wins")).to_have_text(f"{round(100 * native['win_share'])}%")
    assert native["win_share"] > 0.5  # the poisoned wrapper would lose these
    expect(page.locator("#lab-native")).to_contain_text("--games 6 --seed 11 ")

    # the seed-searching bot finds a seed it can search (the control: a chosen seed 5) ...
    set_code(page, SEARCH)
    assert run(page, level="easy", games=2, limit="10", seed="5") == "failed"
    assert report(page)["found"] == "5"
    # ... and nothing in a match's secret seed, shown with the results afterwards only
    assert run(page, level="easy", games=2, limit="10", seed="") == "failed"
    assert report(page)["found"] == "none"
    seed = int(page.evaluate("() => document.documentElement.dataset.labSeed"))
    assert seed >= 3000
    expect(page.locator("#lab-seed-used")).to_contain_text(f"seed {seed}, drawn at random")
    # a new Run forgets the last one's results: a bot that fails at once shows no old table
    set_code(page, "def choose(view):\n    raise ValueError('no')\n")
    assert run(page, level="easy", games=2) == "failed"
    expect(page.locator("#lab-results")).to_be_hidden()


@pytest.mark.full_chromium
def test_nothing_a_bot_starts_outlives_its_match_or_runs_between_moves(bare: Page, guard):
    page = bare
    guard.allow("unsafe-eval")  # the bot's js.eval, refused by the sandbox's policy
    seen = []
    page.on("worker", lambda worker: seen.append(worker))
    open_lab(page)
    set_code(page, ESCAPE.replace("RAISE", "True"))
    assert run(page, level="easy", games=2, limit="5") == "failed"
    said = report(page)
    for name in ("Worker", "SharedWorker", "importScripts", "policy", "eval", "post"):
        assert said[name] == "refused", (name, said)
    # the bot's listener saw every move's request arrive (so its count of ticks is right)
    assert said["arrived"] == said["moves"] == "6", said
    # the timer ticked while moves were answered (what came due between moves waited for
    # the next one), never between them: a 0 ms interval left free ticks between moves
    assert int(said["ticks in a move"]) >= 1, said
    assert said["ticks between"] == "0", said

    # a bot that plays to the end: after Done, no worker it ran in is left (the spare
    # worker, which no bot ran in, may be)
    set_code(page, ESCAPE.replace("RAISE", "False"))
    before = len(seen)
    assert run(page, level="easy", games=2, limit="5") == "done"
    started = seen[before:]
    assert started, "the match started no worker"
    # the runner ends the bot's workers just after the match: wait for that (state, not time)
    for _ in range(150):
        if not hostile_workers(page):
            break
        page.wait_for_timeout(200)
    assert not hostile_workers(page)

    # a 30 MB error: clipped to 2,000 characters, and the page's thread stays free
    set_code(page, "def choose(view):\n    raise Exception('x' * 30_000_000)\n")
    with main_thread(page, PROBE_STEPS * 4) as thread:  # a probe over 200 ms
        assert run(page, level="easy", games=1) == "failed"
    text = page.locator("#lab-error-text").text_content() or ""
    assert len(text) < 2100 and re.search(r"… 29,99\d,\d{3} more", text), text[-80:]
    assert len(page.locator("#lab-trace").text_content() or "") < 2100
    thread.assert_none_over(200)


# The attack: patching the engine's wrapper lets a bot's worker pass on a "move" of
# any size (only error texts were clipped): 400 million characters made a 3.2 s task on the
# Lab page's main thread. SIZE is put in by the test.
HUGE = '''
import destijl.bots.user as user

def huge(self, state_json, seed):
    return '{"ok": true, "move": "' + "x" * SIZE + '", "ms": 1}'

user.UserBot.sandbox_choose = huge

def choose(view):
    return view.legal_moves[0]
'''


@pytest.mark.full_chromium
def test_a_huge_move_is_refused_in_the_worker_and_the_page_stays_free(bare: Page):
    page = bare
    open_lab(page)
    set_code(page, HUGE.replace("SIZE", "400_000_000"))
    with main_thread(page, PROBE_STEPS * 4) as thread:  # a probe over 200 ms
        assert run(page, level="easy", games=1, limit="30") == "failed"
        text = page.locator("#lab-error-text").text_content() or ""
        # refused in the worker before it is read: what reaches the page is one short line
        assert "Your bot's answer is text of 400,000,0" in text, text[:300]
        assert "more than the 100,000,000 that are read" in text and len(text) < 2100, text[:300]
        # under the reading limit: read in the worker, and its "move" is no move
        set_code(page, HUGE.replace("SIZE", "20_000_000"))
        assert run(page, level="easy", games=1, limit="30") == "failed"
        text = page.locator("#lab-error-text").text_content() or ""
        assert ("Your bot's move must be {card, x, y, rotation}, small integers; it is text of "
                "20,000,0") in text, text[:300]
        assert len(text) < 2100
    thread.assert_none_over(200)


def test_save_over_a_name_asks_and_my_bot_needs_a_saved_bot(bare: Page):
    page = bare
    # with no bot saved, the start screen offers no "My bot"
    page.goto("./")
    wait_ready(page)
    seat = page.get_by_label("Seat 2 player")
    expect(seat.get_by_role("option", name=re.compile("^My bot"))).to_have_count(0)

    open_lab(page)
    saved = lambda: json.loads(page.evaluate(  # noqa: E731
        "() => localStorage.getItem('destijl.lab.bots') || '{}'"))
    for name in ("Alpha", "__proto__"):
        set_code(page, f"# {name} one\n{source('starter')}")
        page.get_by_label("Name").fill(name)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#lab-keep-note")).to_have_text(f'Saved "{name}" on this device.')
    assert sorted(saved()) == ["Alpha", "__proto__"]
    assert saved()["__proto__"]["code"].startswith("# __proto__ one")
    # other code under a name in use: Save asks; No keeps the saved bot, Yes replaces it
    set_code(page, f"# Alpha two\n{source('starter')}")
    page.get_by_label("Name").fill("Alpha")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lab-keep-note")).to_contain_text('Not saved: "Alpha" is kept')
    assert asked and "Alpha" in asked[0]
    assert saved()["Alpha"]["code"].startswith("# Alpha one")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("#lab-keep-note")).to_have_text('Saved "Alpha" on this device.')
    assert saved()["Alpha"]["code"].startswith("# Alpha two")
    # both are offered by name, and can be opened
    page.get_by_label("Saved bots").select_option("__proto__")
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.get_by_role("textbox", name="Bot code")).to_contain_text("# __proto__ one")
    page.goto("./")
    expect(page.get_by_label("Seat 2 player").get_by_role(
        "option", name=re.compile("^My bot"))).to_have_text(
        ["My bot (Bot Lab)", "My bot: __proto__ (Bot Lab)", "My bot: Alpha (Bot Lab)"],
        timeout=RUN_MS)
