"""Playing De Stijl in the browser as a person does: by roles, names and clicks.

Shared by the game tests (test_play.py, test_saves.py, test_access*.py, ...).
Everything goes through what a player sees; the only peeks behind the page are the saved
record in localStorage (what a reload resumes), `data-*` attributes that say which
cell of the Painting a square is, to aim the mouse, and the game's state that the page
marks on `#table` in the same frame as it redraws (web/app/render/renderer.js):
`data-ply` (moves made), `data-to-move` ("human", "bot", "none") and `data-phase`
("start", "playing", "placing", "replay", "over"). Every helper that acts waits for its
action's effect (a move waits for `data-ply` to grow), so the next helper never reads the
page as it was a frame before.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, FrameLocator, Locator, Page, expect

from destijl.cli import tie_break_text
from destijl.records import replay

REPO = Path(__file__).resolve().parents[2]
BOOT_MS = 90_000  # Pyodide's first load in a fresh context
TURN_MS = 60_000  # the longest a bot may take before a human can play again
TAB_KEYS = ("destijl.tab.full", "destijl.tab.embed")  # sessionStorage: this tab's game id
GAME_PREFIX = "destijl.game."  # localStorage: one whole save per game (web/app/saved-games.js)
NO_BONUS = "\u2013"  # the score table's dash for a bonus not won
PHONE = {"width": 360, "height": 740}  # the phone the tests play on and picture
DESKTOP = {"width": 1280, "height": 800}  # the desktop: every context's viewport (conftest)

Where = Page | Frame | FrameLocator
# An init script for a returning player: no guided first game over the table.
NO_TOUR = """try {
  if (!localStorage.getItem("destijl.prefs")) {
    localStorage.setItem("destijl.prefs", '{"tutorialDone":true}');
  }
} catch {}"""


def open_game(page: Page, path: str = "/") -> None:
    """Open the game and wait until the engine is ready (the loading bar is gone)."""
    page.goto(path)
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    wait_ready(page)


def wait_ready(where: Where) -> None:
    """Wait for the engine to finish loading (the page marks it on <html>)."""
    expect(where.locator("html")).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(where.locator("#loader")).to_be_hidden()


RESTORING = "Restoring your saved game…"  # render/start.js, while state.restoring


def reload(page: Page) -> None:
    """Reload the page and wait for the new page load's engine, and for a saved game it
    restores: until then the start screen shows, and then the table replaces it."""
    before = page.locator("html").get_attribute("data-boot")
    page.reload()
    expect(page.locator("html")).not_to_have_attribute("data-boot", before or "", timeout=BOOT_MS)
    wait_ready(page)
    expect(page.get_by_text(RESTORING)).to_be_hidden(timeout=BOOT_MS)


def set_up(where: Where, controllers: list[str], *, speed: str = "fast",
           names: list[str] | None = None, seed: int | None = None,
           rotations: bool = True) -> None:
    """Fill in the start screen: one controller per seat ("human", "bot:random", ...)."""
    where.get_by_role("radio", name=str(len(controllers)), exact=True).check()
    for index, controller in enumerate(controllers):
        where.get_by_label(f"Seat {index + 1} player").select_option(controller)
        if names:
            where.get_by_label(f"Seat {index + 1} name").fill(names[index])
    if seed is not None:
        where.get_by_label("Seed").fill(str(seed))
    box = where.get_by_label("Rotate cards")
    if box.is_checked() != rotations:
        box.click()
    where.get_by_label("Bot speed").select_option(speed)


def start(where: Where) -> None:
    """Press Start game and wait for the table."""
    where.get_by_role("button", name="Start game").click()
    expect(where.get_by_role("region", name="The Painting")).to_be_visible()
    expect(where.get_by_role("button", name="Gallery card 1")).to_be_visible()


def skip_tour(page: Page, by: str = "click") -> None:
    """Close the guided first game's tour, if it is showing once a card may be played:
    by "click", "tap" or "key" (focus and Enter)."""
    skip = page.get_by_role("button", name="Skip the tour")
    page.locator(HUMAN_MAY_PLAY).wait_for(timeout=TURN_MS)
    if skip.count() and skip.is_visible():
        if by == "key":
            skip.focus()
            page.keyboard.press("Enter")
        elif by == "tap":
            skip.tap()
        else:
            skip.click()
        expect(skip).to_have_count(0)


HUMAN_MAY_PLAY = "#table[data-to-move=human][data-phase=playing]"  # a human's turn, input taken
GAME_OVER = "#table[data-phase=over]"  # the end screen


def my_turn_or_end(where: Where, timeout: float = TURN_MS) -> str:
    """Wait until a human may play ("turn") or the game is over ("over").

    Reads the state the page marks on #table with each redraw; call it after a helper
    that waited for its own action (place_first_spot waits for the move to land).
    """
    where.locator(f"{HUMAN_MAY_PLAY}, {GAME_OVER}").wait_for(timeout=timeout)
    return "over" if where.locator(GAME_OVER).count() else "turn"


def aim(page: Page, cell: str, click: bool = False) -> None:
    """Move the mouse to the middle of the Painting's cell "x,y" (and click there)."""
    box = page.locator(f"[data-cell='{cell}']").bounding_box()
    assert box, f"cell {cell} is not on screen"
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    if click:
        page.mouse.click(x, y)


DECK = {2: 16, 3: 27, 4: 32, 5: 25}  # the rulebook's Canvas deck sizes: one move per card


def spots(where: Where) -> Locator:
    """The buttons that mark legal spots for the held card."""
    return where.get_by_role("button", name=re.compile(r"^Place at column -?\d+, row -?\d+(,|$)"))


def pick(where: Where, index: int = 1) -> None:
    """Hold Gallery card `index` (1-based), unless it is already held."""
    card = where.get_by_role("button", name=f"Gallery card {index}", exact=True)
    if card.get_attribute("aria-pressed") != "true":
        card.click()
    expect(card).to_have_attribute("aria-pressed", "true")


def place_first_spot(where: Where, index: int = 1) -> str:
    """Pick Gallery card `index`, place it on the first marked spot and wait until the
    move is made (the table's data-ply grows); returns the spot's name."""
    ply = saved_ply(where)
    pick(where, index)
    spot = spots(where).first
    name = spot.get_attribute("aria-label") or ""
    spot.click()
    wait_ply_above(where, ply)
    return name


def play_to_end(where: Where, *, on_turn: Any = None, limit: int = 40) -> int:
    """Play every human turn by clicks until the end screen; returns the human moves made."""
    moves = 0
    while my_turn_or_end(where) == "turn":
        if on_turn:
            on_turn(moves)
        place_first_spot(where)
        moves += 1
        assert moves <= limit, "the game does not end"
    return moves


def saved_record(where: Where) -> dict | None:
    """The record the page saved for resuming (localStorage)."""
    page = where if isinstance(where, Page) else None
    if page is None:
        raise TypeError("saved_record needs a Page")
    entry = saved_entry(page)
    return entry["record"] if entry else None


def saved_entry(page: Page) -> dict | None:
    """This tab's whole save: {format, id, mode, moves, savedAt, over, seats, record}."""
    text = page.evaluate(
        """([tabs, prefix]) => {
          const id = tabs.map((k) => sessionStorage.getItem(k)).find((v) => v);
          return id ? localStorage.getItem(prefix + id) : null;
        }""", [list(TAB_KEYS), GAME_PREFIX])
    return json.loads(text) if text else None


def saved_ply(where: Where) -> int:
    """Moves made in the game on the table (the table's data-ply)."""
    return int(where.locator("#table").get_attribute("data-ply") or 0)


PLY_ABOVE = "(n) => Number(document.querySelector('#table')?.dataset.ply ?? -1) > n"


def wait_ply_above(where: Where, ply: int, timeout: float = TURN_MS) -> None:
    """Wait until the game on the table has more than `ply` moves (checked every frame)."""
    if isinstance(where, FrameLocator):  # no wait_for_function: expect's own polling
        expect(where.locator("#table")).to_have_attribute(
            "data-ply", re.compile(above(ply)), timeout=timeout)
    else:
        where.wait_for_function(PLY_ABOVE, arg=ply, timeout=timeout)


def above(n: int) -> str:
    """A regular expression for the whole numbers greater than `n` >= 0 (no leading zeros).

    >>> [k for k in range(103) if re.fullmatch(above(97), str(k))]
    [98, 99, 100, 101, 102]
    """
    digits = str(n)
    longer = rf"[1-9]\d{{{len(digits)},}}"
    same = [f"{digits[:i]}[{int(d) + 1}-9]" + rf"\d{{{len(digits) - i - 1}}}"
            for i, d in enumerate(digits) if d != "9"]
    return "^(?:" + "|".join([longer, *same]) + ")$"


def score_table(where: Where) -> list[dict[str, str]]:
    """The end screen's score table: one dict per seat row, keyed by column."""
    rows = []
    for row in where.locator("table.scores tbody tr").all():
        cells = {"name": row.locator(".who-name").inner_text()}
        for cell in row.locator("td[data-col]").all():
            cells[cell.get_attribute("data-col") or ""] = cell.inner_text()
        rows.append(cells)
    return rows


def verify_cli(record: dict, tmp_path: Path) -> str:
    """`python -m destijl verify FILE` on a record; returns its summary line."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = subprocess.run(
        [sys.executable, "-m", "destijl", "verify", str(path)],
        capture_output=True, text=True, cwd=REPO, env={"PYTHONPATH": str(REPO / "pysrc")},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def engine(cmd: str, **args: Any) -> Any:
    """Ask the native engine (the same package the browser runs) directly."""
    sys.path.insert(0, str(REPO / "pysrc"))
    try:
        from destijl.api import handle
    finally:
        sys.path.remove(str(REPO / "pysrc"))
    reply = json.loads(handle(json.dumps({"cmd": cmd, "args": args})))
    if not reply["ok"]:
        raise ValueError(f"{reply['error']['type']}: {reply['error']['message']}")
    return reply["result"]


def check_scores_against_engine(where: Where, record: dict, tmp_path: Path) -> None:
    """The end screen's table must match `python -m destijl verify` of the record."""
    summary = verify_cli(record, tmp_path)
    assert summary.startswith("OK:") and "finished" in summary, summary
    sheet = engine("verify", record=record)["result"]
    table = score_table(where)
    assert len(table) == len(record["seats"])
    for seat, row, line in zip(record["seats"], table, sheet["seats"], strict=True):
        assert row["name"] == seat["name"]
        assert int(row["strokes"]) == line["strokes"]
        assert int(row["total"]) == line["total"]
        assert int(row["largest"]) == line["largest"]
        bonus = sum(int(v) for k, v in row.items() if k.startswith("bonus-") and v != NO_BONUS)
        assert bonus == line["bonus"]
        assert f"{seat['name']} {line['total']}" in summary
    winners = [record["seats"][i]["name"] for i in sheet["winners"]]
    title = where.locator("#results-title").inner_text()
    for name in winners:
        assert name in title or (name == "You" and title == "You win!")
    if len(winners) > 1:
        assert title.startswith("Shared victory")
    names = [seat["name"] for seat in record["seats"]]
    words = tie_break_text(replay(record).score(), names)  # the CLI's words, the page's too
    if words:
        expect(where.locator(".tie-break")).to_have_text(words)


def no_site_clock(ctx: Any) -> None:
    """The site's HEAD answers carry no Date header (web/app/daily/clock.js asks one for the
    site's clock): the page has no second opinion on its clock, as offline, so a test that
    fixes the device's clock on a past day still plays that day scored."""

    def head(route: Any, request: Any) -> None:
        if request.method == "HEAD":
            route.fulfill(status=200, headers={"content-type": "text/html"}, body="")
        else:
            route.fallback()

    ctx.route("**/*", head)
