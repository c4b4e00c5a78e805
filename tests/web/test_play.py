"""The game in real Chromium against the built dist/, played as a person plays: by roles,
names and clicks. The engine is the judge: scores are checked against
`python -m destijl verify` of the game's record, refusals against the engine's message.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from player import (
    BOOT_MS,
    DECK,
    DESKTOP,
    PHONE,
    TURN_MS,
    aim,
    check_scores_against_engine,
    engine,
    my_turn_or_end,
    open_game,
    pick,
    place_first_spot,
    play_to_end,
    saved_record,
    set_up,
    spots,
    start,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import Page, expect

# Samples the loader on every animation frame until the engine is ready: [shown, value],
# shown meaning that neither it nor its bar is hidden, transparent or out of the layout.
SAMPLE_LOADER = """
window.__loader = [];
const sample = () => {
  const loader = document.getElementById("loader");
  const bar = document.getElementById("loader-bar");
  const seen = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    && el.getBoundingClientRect().width > 0;
  if (loader && bar) window.__loader.push([seen(loader) && seen(bar), bar.value]);
  if (document.documentElement.dataset.engine !== "ready") requestAnimationFrame(sample);
};
requestAnimationFrame(sample);
"""


def test_start_screen_defaults_and_loading(page: Page, snap) -> None:
    # The page shows itself at once, with a progress indicator while Python loads. The
    # WebAssembly runtime is held back a moment, so the progress is seen to rise.
    held = []
    page.context.route("**/*.wasm", lambda route: held.append(route))
    page.add_init_script(SAMPLE_LOADER)
    page.goto("/")
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    loader = page.get_by_role("status").filter(has_text="Loading the game engine")
    expect(loader).to_be_visible()
    expect(page.get_by_role("progressbar", name="Loading the game engine")).to_be_visible()
    page.wait_for_function("() => document.getElementById('loader-bar').value > 0",
                           timeout=BOOT_MS)  # the other files are arriving
    for _ in range(int(BOOT_MS / 50)):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page never asked for the WebAssembly runtime"
    before = page.locator("#loader-bar").evaluate("(bar) => bar.value")
    for route in held:
        route.continue_()
    page.context.unroute("**/*.wasm")
    wait_ready(page)
    shown = [value for seen, value in page.evaluate("window.__loader") if seen]
    assert shown, "the loader was never visible"
    assert shown == sorted(shown), shown  # it never goes back
    assert shown[0] <= before < shown[-1] <= 1, (before, shown)  # and it rose after the wait
    open_game(page)
    # Default: you against two medium bots.
    expect(page.get_by_role("radio", name="3", exact=True)).to_be_checked()
    expect(page.get_by_label("Seat 1 name")).to_have_value("You")
    expect(page.get_by_label("Seat 1 player")).to_have_value("human")
    expect(page.get_by_label("Seat 2 player")).to_have_value("bot:medium")
    expect(page.get_by_label("Seat 3 player")).to_have_value("bot:medium")
    expect(page.get_by_label("Seat 1 colour")).to_have_value("R")
    expect(page.get_by_label("Rotate cards")).to_be_checked()
    snap(page, "start-screen")
    # Two players get two colours each; five get one each.
    page.get_by_role("radio", name="2", exact=True).check()
    expect(page.get_by_label("Seat 1 first colour")).to_have_value("R")
    expect(page.get_by_label("Seat 1 second colour")).to_have_value("Y")
    expect(page.get_by_label("Seat 2 first colour")).to_have_value("B")
    page.get_by_role("radio", name="5", exact=True).check()
    expect(page.get_by_label("Seat 5 colour")).to_have_value("W")


def test_a_failed_load_explains_and_retry_recovers(page: Page, site, guard) -> None:
    info = (site.root / "build-info.js").read_text()
    archive = json.loads(info[info.index("{") : info.rindex("}") + 1])["engine"]
    guard.allow(archive)  # the failed request below is the point of this test
    # The network drops the engine archive: loading fails.
    page.context.route(f"**/{archive}", lambda route: route.abort())
    page.goto("/")
    loader = page.get_by_role("status").filter(has_text="game engine")
    expect(loader).to_contain_text("could not load", timeout=BOOT_MS)
    # The page is still there: the start screen can be filled in meanwhile.
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    page.context.unroute(f"**/{archive}")
    page.get_by_role("button", name="Retry").click()
    wait_ready(page)
    page.get_by_label("Seat 2 player").select_option("bot:random")
    page.get_by_label("Seat 3 player").select_option("bot:random")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()


def test_one_click_start_gives_the_default_game(page: Page) -> None:
    open_game(page)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    record = saved_record(page)
    assert [s["controller"] for s in record["seats"]] == ["human", "bot:medium", "bot:medium"]
    assert record["options"] == {"players": 3, "rotations": True}
    expect(page.get_by_role("button", name="Gallery card 4")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("Your turn")


def test_full_game_against_bots_to_the_end_screen(page: Page, snap, tmp_path: Path) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:easy"])
    # The seat picker shows each bot level's rating and description, from the engine.
    levels = {level["name"]: level for level in engine("describe")["levels"]}
    easy = levels["easy"]
    expect(page.get_by_label("Seat 3 player").locator("option:checked")).to_have_text(
        f"Bot · easy · {easy['rating']}")
    expect(page.locator("#seat-level-2")).to_have_text(
        f"Easy, rated {easy['rating']}: {easy['description']}")
    expect(page.locator("#seat-level-0")).to_be_hidden()  # a person has no level
    start(page)

    def look(moves: int) -> None:
        if moves == 4:
            pick(page)
            first = spots(page).first
            first.hover()
            expect(page.locator(".ghost")).to_have_attribute("data-legal", "yes")
            snap(page, "mid-game-table", 1000)  # the view settled (the camera glides)

    moves = play_to_end(page, on_turn=look)
    assert moves == DECK[3] // 3  # one move per Canvas deck card, shared by 3 seats
    expect(page.locator("#results")).to_be_visible()
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()
    expect(page.get_by_role("button", name="New game")).to_be_visible()
    snap(page, "end-screen", 600)  # the last card landed

    # The score table against the command-line verifier, on the exported record.
    with page.expect_download() as download:
        page.get_by_role("button", name="Export", exact=True).click()
    path = tmp_path / "export.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record == saved_record(page)
    assert len(record["moves"]) == DECK[3] and record["result"] is not None
    check_scores_against_engine(page, record, tmp_path)
    # How the person did against the levels, with their ratings.
    winners = engine("verify", record=record)["result"]["winners"]
    them = (f"Random (rated {levels['random']['rating']}) and "
            f"Easy (rated {easy['rating']})")
    said = (f"You lost to {them}." if 0 not in winners else
            f"You beat {them}." if len(winners) == 1 else f"You shared the victory against {them}.")
    expect(page.locator(".level-result")).to_have_text(said)

    # Clicking a colour highlights its strokes.
    red = page.get_by_role("button", name="Highlight red strokes")
    red.click()
    expect(red).to_have_attribute("aria-pressed", "true")
    final = engine("view", record=record)
    red_strokes = [s for s in final["strokes"] if s["color"] == "R"]
    expect(page.locator("#layer-highlight .stroke-outline")).to_have_count(len(red_strokes))
    snap(page, "end-screen-highlight")
    red.click()
    expect(page.locator("#layer-highlight .stroke-outline")).to_have_count(0)

    # Rematch: same seats, a new deal.
    page.get_by_role("button", name="Rematch").click()
    expect(page.locator("#results")).to_be_hidden()
    again = saved_record(page)
    assert again["seats"] == record["seats"] and again["moves"] == []
    assert again["deal"] != record["deal"]


def test_two_player_game_with_two_colours_each(page: Page, tmp_path: Path) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random"], names=["Ann", "Theo"])
    page.get_by_label("Seat 1 second colour").select_option("B")
    page.get_by_label("Seat 2 first colour").select_option("Y")
    start(page)
    record = saved_record(page)
    assert [s["colors"] for s in record["seats"]] == [["R", "B"], ["Y", "K"]]
    first = page.locator(".seat").first
    expect(first.locator(".swatch")).to_have_count(2)
    expect(first).to_have_attribute("aria-label", re.compile(r"^Ann, red and blue"))
    moves = play_to_end(page)
    assert moves == DECK[2] // 2
    record = saved_record(page)
    check_scores_against_engine(page, record, tmp_path)
    # Two players: one bonus, +3, for the largest stroke.
    expect(page.locator("table.scores thead th")).to_have_count(5)
    expect(page.locator("table.scores thead")).to_contain_text("+3")


def test_five_bots_watched_to_the_end(page: Page, tmp_path: Path) -> None:
    open_game(page)
    set_up(page, ["bot:random"] * 5)
    page.get_by_role("button", name="Start game").click()
    painting = page.get_by_role("region", name="The Painting")
    expect(painting).to_be_visible()
    live = page.locator("#live")
    expect(live).to_have_attribute("aria-live", "polite")
    # Each move is announced; the page stays usable while bots play.
    seen: set[str] = set()
    for _ in range(4):
        expect(live).to_contain_text("placed card", timeout=30_000)
        seen.add(live.inner_text())
        page.get_by_role("button", name="Fit").click()
        page.wait_for_timeout(150)
    assert len(seen) >= 2, seen
    expect(page.locator("#results")).to_be_visible(timeout=120_000)
    record = saved_record(page)
    assert len(record["moves"]) == DECK[5]
    assert {m["seat"] for m in record["moves"]} == {0, 1, 2, 3, 4}
    expect(page.locator("table.scores tbody tr")).to_have_count(5)
    check_scores_against_engine(page, record, tmp_path)
    # Undo is for humans only: there is none here.
    expect(page.get_by_role("button", name="Undo")).to_be_hidden()


def overlap(a: dict, b: dict) -> bool:
    """Do two bounding boxes share any area?"""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def toast_clear_of_the_zoom_tools(page: Page) -> None:
    """The message shown leaves the zoom toolbar free, on a desktop and on a phone."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        expect(page.get_by_role("alert")).to_be_visible()
        boxes = [page.locator(s).bounding_box() for s in ("#toast", ".view-tools")]
        assert not overlap(*boxes), f"at {size} the message covers the zoom toolbar: {boxes}"
        assert boxes[0]["height"] < size["height"] / 4, f"the message fills the page: {boxes}"
    page.set_viewport_size(DESKTOP)


def test_the_embeds_message_leaves_the_painting_usable(page: Page) -> None:
    open_game(page, "/embed.html?autoload=1")
    set_up(page, ["human", "bot:random"], seed=4)
    start(page)
    pick(page)
    aim(page, "1,1", click=True)  # covers all 9 cells of the first card
    expect(page.get_by_role("alert")).to_contain_text("covers 9 cells")
    toast_clear_of_the_zoom_tools(page)
    page.get_by_role("button", name="Dismiss").click()
    expect(page.get_by_role("alert")).to_be_hidden()
    place_first_spot(page)  # waits until the engine took the move (data-ply grew)
    record = saved_record(page)
    assert record and record["moves"][0]["seat"] == 0, "the human's move was not saved"
    expect(page.get_by_role("alert")).to_be_hidden()


def test_illegal_placement_is_refused_with_the_engines_reason(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    before = saved_record(page)
    cells = page.locator("#layer-cells rect[data-cell]").count()
    pick(page)
    held = int(page.get_by_role("button", name="Gallery card 1").get_attribute("data-card"))
    # A card centred on the middle of the first card would cover all 9 of its cells.
    aim(page, "1,1")
    ghost = page.locator(".ghost")
    expect(ghost).to_have_attribute("data-legal", "no")
    expect(ghost).to_have_attribute("data-covers", "9")
    aim(page, "1,1", click=True)
    # The engine's own refusal, word for word (less the compact move prefix).
    try:
        engine("play", record=before, move={"card": held, "x": 0, "y": 0, "rotation": 0})
        raise AssertionError("the engine accepted an illegal move")
    except ValueError as error:
        reason = str(error).split(": ", 2)[-1]
    toast = page.get_by_role("alert")
    expect(toast).to_be_visible()
    expect(toast).to_contain_text(reason)
    expect(toast).to_contain_text("covers 9 cells")
    # The message leaves the zoom toolbar free, on a desktop and on a phone.
    toast_clear_of_the_zoom_tools(page)
    # Nothing changed.
    assert saved_record(page) == before
    expect(page.locator("#layer-cells rect[data-cell]")).to_have_count(cells)
    card = page.get_by_role("button", name="Gallery card 1")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    # A legal spot still works afterwards.
    hover_spot = spots(page).first
    hover_spot.click()
    wait_ply_above(page, 0)
    expect(page.get_by_role("alert")).to_be_hidden()


def test_ghost_follows_the_pointer_and_shows_cover_counts(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"], rotations=False)
    start(page)
    pick(page)
    view = engine("view", record=saved_record(page))
    covers = {(x, y): n for x, y, n in view["covers"]}
    # Aim at a cell: the ghost is the card centred on it.
    for cell, top_left in (("0,0", (-1, -1)), ("2,1", (1, 0)), ("0,2", (-1, 1))):
        aim(page, cell)
        ghost = page.locator(".ghost")
        expect(ghost).to_have_attribute("data-x", str(top_left[0]))
        expect(ghost).to_have_attribute("data-y", str(top_left[1]))
        n = covers.get(top_left, 0)
        expect(ghost).to_have_attribute("data-covers", str(n))
        held = str(view["gallery"][0]["card"])
        legal = list(top_left) in view["legal"][held]["0"]
        expect(ghost).to_have_attribute("data-legal", "yes" if legal else "no")
    # Rotation is off in this game: the Rotate button says so by being disabled.
    expect(page.get_by_role("button", name="Rotate")).to_be_disabled()


def test_rotate_and_place_with_the_keyboard(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    page.keyboard.press("2")  # picks Gallery card 2
    card = page.get_by_role("button", name="Gallery card 2")
    expect(card).to_have_attribute("aria-pressed", "true")
    faces = engine("view", record=saved_record(page))["gallery"][1]["faces"]
    description = page.locator(f"#{card.get_attribute('aria-describedby')}")
    expect(description).to_contain_text("top row")
    page.keyboard.press("r")
    expect(page.locator("#hint")).to_contain_text("Turned 90°")
    expect(description).to_contain_text("turned 90°")
    page.get_by_role("button", name="Rotate").click()
    expect(page.locator("#hint")).to_contain_text("Turned 180°")
    # The held card's picture shows the rotated face from the engine.
    top_row = faces["180"][0]
    colors = card.locator(".card-svg rect.cell").evaluate_all(
        "(els) => els.slice(0, 3).map((e) => e.getAttribute('class').slice(-1))")
    assert "".join(colors) == top_row
    # Tab to a legal spot and press Enter.
    first = spots(page).first
    first.focus()
    name = first.get_attribute("aria-label")
    page.keyboard.press("Enter")
    wait_ply_above(page, 0)
    move = saved_record(page)["moves"][0]
    assert move["rotation"] == 180
    assert re.match(rf"Place at column {move['x']}, row {move['y']}(,|$)", name), name


def test_undo_by_the_latest_person_even_after_new_cards_are_drawn(page: Page) -> None:
    open_game(page)
    # Two people at one screen and a bot: seat 1 can take back while seat 2 thinks.
    set_up(page, ["human", "human", "bot:random"], names=["Ann", "Bob", "Piet"])
    start(page)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    cells = page.locator("#layer-cells rect[data-cell]").count()
    place_first_spot(page)
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    assert saved_record(page)["moves"] == []
    expect(page.locator("#layer-cells rect[data-cell]")).to_have_count(cells)
    expect(page.locator("#live")).to_contain_text("Ann took back")
    # Again, now through the round: Ann, Bob, then the bot ends round 1 (new cards drawn).
    place_first_spot(page)
    place_first_spot(page)
    wait_ply_above(page, 2)
    assert my_turn_or_end(page) == "turn"
    expect(page.locator("#status")).to_contain_text("Round 2")
    # Bob placed the latest person's card: he may take it back, with the bot's after it
    assert engine("view", record=saved_record(page))["undo_seats"] == [1]
    expect(undo).to_be_enabled()
    expect(undo).to_have_attribute(
        "title", "Take back Bob's last card and the card placed after it (U)")
    undo.click()
    expect(page.locator("#status")).to_contain_text("Round 1")
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    assert len(saved_record(page)["moves"]) == 1
    expect(undo).to_have_attribute("title", "Take back Ann's last card (U)")


def test_undo_while_a_bot_thinks_takes_the_move_back(page: Page) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"], speed="slow")
    start(page)
    place_first_spot(page)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_enabled()
    undo.click()
    expect(page.locator("#turn")).to_contain_text("Your turn")
    # The bot's answer to the taken-back move must be dropped: wait until the bots' loop
    # has settled (the page marks it on <html>), then nothing was played.
    expect(page.locator("html")).to_have_attribute("data-bots", "idle", timeout=TURN_MS)
    assert saved_record(page)["moves"] == []
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_enabled()
