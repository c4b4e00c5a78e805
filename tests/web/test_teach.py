"""A game that teaches itself, in real Chromium, played by clicks: the score
preview and the Hint checked against the engine, the Rules panel, the guided first game,
the last-move outlines, the move log, the end chart and the Painting as PNG and SVG.

Screenshots of each part at 1280x800 and 360x740 go to test-artifacts/teach-*.png.
"""

from __future__ import annotations

import base64
import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

from player import (
    DESKTOP,
    PHONE,
    engine,
    my_turn_or_end,
    open_game,
    pick,
    play_to_end,
    reload,
    saved_record,
    set_up,
    spots,
    start,
    wait_ply_above,
)
from playwright.sync_api import Page, expect

PREVIEW = re.compile(r"^Place at column (-?\d+), row (-?\d+).*, You [+-]\d+")


def totals(view: dict) -> list[int]:
    return [line["total"] for line in view["tally"]["seats"]]


def change_of(record: dict, move: dict) -> list[int]:
    """Each seat's score change when `move` is played on `record`, by the engine."""
    before = engine("view", record=record)
    after = engine("play", record=record, move=move)
    return [a - b for a, b in zip(totals(after), totals(before), strict=True)]


def both_sizes(page: Page, snap, name: str) -> None:
    """Screenshots at 1280x800 and 360x740 (light), 1280x800 dark, then back as it was."""
    snap(page, f"teach-{name}-1280")
    page.set_viewport_size(PHONE)
    snap(page, f"teach-{name}-360", 150)  # one layout and paint at the new size
    page.set_viewport_size(DESKTOP)
    page.emulate_media(color_scheme="dark")  # the theme follows the system by default
    page.wait_for_timeout(150)
    snap(page, f"teach-{name}-1280-dark")
    page.emulate_media(color_scheme="light")


def test_preview_hint_tour_log_and_last_moves(page: Page, snap) -> None:
    open_game(page)
    set_up(page, ["human", "bot:medium", "bot:medium"], seed=7)
    start(page)
    # A fresh profile: the guided first game points at the Gallery first.
    tour = page.get_by_role("region", name="Guided first game")
    expect(tour).to_be_visible()
    expect(tour).to_have_attribute("data-step", "0")
    expect(tour).to_have_attribute("data-placed", "yes")  # placed a frame after the draw
    expect(page.locator("#gallery-panel")).to_have_class(re.compile("tour-target"))
    both_sizes(page, snap, "tour")
    pick(page, 1)
    expect(tour).to_have_attribute("data-step", "1")  # picking was the step
    page.get_by_role("button", name="Rotate").click()
    expect(tour).to_have_attribute("data-step", "2")  # turning was the step

    # Every legal spot says what it would do; the numbers are the engine's.
    expect(spots(page).first).to_have_attribute("aria-label", PREVIEW)
    record = saved_record(page)
    card = int(page.locator(".gcard[aria-pressed='true']").get_attribute("data-card"))
    rotation = 90
    marked = spots(page).all()
    assert len(marked) >= 3
    for spot in marked[:: max(1, len(marked) // 5)]:
        label = spot.get_attribute("aria-label") or ""
        x, y = (int(v) for v in PREVIEW.match(label).groups())
        shown = [int(v) for v in spot.get_attribute("data-change").split(",")]
        move = {"card": card, "x": x, "y": y, "rotation": rotation}
        assert shown == change_of(record, move), label
        assert f"You {'+' if shown[0] > 0 else ''}{shown[0]}" in label
    # The spot under the pointer shows the same numbers on the Painting.
    target = marked[len(marked) // 2]
    target.hover()
    badge = page.locator(".preview-badge")
    expect(badge).to_be_visible()
    assert badge.get_attribute("data-change") == target.get_attribute("data-change")
    both_sizes(page, snap, "preview")
    ply = int(page.locator("#table").get_attribute("data-ply"))
    target.click()
    wait_ply_above(page, ply)
    expect(tour).to_have_attribute("data-step", "3")  # placing was the step

    # The Hint: the medium bot's move, shown as a ghost with its change; placing it does that.
    assert my_turn_or_end(page) == "turn"
    record = saved_record(page)
    page.get_by_role("button", name="Hint").click()
    mark = page.locator(".hint-mark")
    expect(mark).to_be_visible()
    hint = engine("bot_move", record=record, level="medium")["move"]
    shown = (int(mark.get_attribute("data-x")), int(mark.get_attribute("data-y")))
    assert shown == (hint["x"], hint["y"])
    held = page.locator(".gcard[aria-pressed='true']")
    expect(held).to_have_attribute("data-card", str(hint["card"]))
    predicted = engine("hint", record=record)["change"]
    label = f"Hint: {predicted[0]:+d}".replace("+0", "0")
    expect(page.get_by_role("button", name=re.compile(r"^Hint"))).to_have_text(label)
    hint_spot = page.locator(f"#layer-spots .spot[data-x='{hint['x']}'][data-y='{hint['y']}']")
    expect(hint_spot).to_have_attribute("data-change", ",".join(map(str, predicted)))
    ply = len(record["moves"])
    hint_spot.click()
    wait_ply_above(page, ply)
    after = saved_record(page)
    assert after["moves"][ply] == {"seat": 0, **hint}  # the hint was legal and is what was played
    assert change_of(record, hint) == predicted

    # After a full round every seat's last placement is outlined in its colour.
    assert my_turn_or_end(page) == "turn"
    record = saved_record(page)
    outlines = page.locator("#layer-marks .last-move")
    expect(outlines).to_have_count(3)
    assert sorted(int(o.get_attribute("data-seat")) for o in outlines.all()) == [0, 1, 2]
    last = {m["seat"]: m for m in record["moves"]}
    for outline in outlines.all():
        move = last[int(outline.get_attribute("data-seat"))]
        assert abs(float(outline.get_attribute("x")) - move["x"]) < 0.1
        assert abs(float(outline.get_attribute("y")) - move["y"]) < 0.1

    # The move log: one entry per placement; selecting one highlights that card.
    page.get_by_role("tab", name="Moves").click()
    entries = page.locator("#move-log .log-btn")
    expect(entries).to_have_count(len(record["moves"]))
    entries.last.click()  # the oldest entry: move 1
    expect(page.locator(".log-mark")).to_have_attribute("data-ply", "1")
    both_sizes(page, snap, "move-log")
    check_tab_keys(page)

    # Points: select a seat to see its strokes; that was the tour's last step.
    page.get_by_role("tab", name="Points").click()
    page.get_by_role("button", name=re.compile(r"^Piet: .*Show Piet's strokes$")).click()
    expect(page.locator(".seat-strokes")).to_have_attribute("data-seat", "1")
    expect(tour).to_be_hidden()
    # It does not come back: not after a reload, nor in the next game.
    reload(page)
    new_game = page.get_by_role("button", name="New game")
    new_game.or_(page.get_by_role("button", name="Start game")).first.wait_for()
    if page.get_by_role("button", name="Start game").is_visible():
        page.get_by_role("button", name="Start game").click()
        confirm = page.get_by_role("button", name="Start a new game")
        if confirm.count():
            confirm.click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()
    # The tour is decided before the table's first frame and drawn in it, the frame that
    # marks the game's phase on #table: once that is there, a tour would be showing.
    expect(page.locator("#table")).to_have_attribute("data-phase", "playing")
    expect(tour).to_be_hidden()


def check_tab_keys(page: Page) -> None:
    """The Moves/Points tabs follow the WAI-ARIA tabs pattern: the selected tab is the one Tab
    stop, arrow keys (round), Home and End move and select, each tab controls its own panel.
    Starts and ends with Moves selected."""
    tabs = {name: page.get_by_role("tab", name=name) for name in ("Moves", "Points")}
    tabs["Moves"].focus()
    for key, now in (("ArrowRight", "Points"), ("ArrowRight", "Moves"), ("End", "Points"),
                     ("Home", "Moves"), ("ArrowLeft", "Points"), ("ArrowLeft", "Moves")):
        page.keyboard.press(key)
        other = "Moves" if now == "Points" else "Points"
        expect(tabs[now]).to_be_focused()
        expect(tabs[now]).to_have_attribute("aria-selected", "true")
        expect(tabs[now]).to_have_attribute("tabindex", "0")
        expect(tabs[other]).to_have_attribute("aria-selected", "false")
        expect(tabs[other]).to_have_attribute("tabindex", "-1")
        panel = page.get_by_role("tabpanel", name=now)
        expect(panel).to_be_visible()
        assert tabs[now].get_attribute("aria-controls") == panel.get_attribute("id")
        expect(page.locator(f"#teach-{other.lower()}")).to_have_attribute("hidden", "")
    expect(page.locator("#move-log .log-btn").first).to_be_visible()


def test_tour_speaks_of_dots_only_with_a_card_held_and_escape_closes_it(page: Page, snap) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random", "bot:random"], seed=3)
    start(page)
    tour = page.get_by_role("region", name="Guided first game")
    expect(tour).to_have_attribute("data-step", "0")
    # Next, Next: "Place it" with no card in hand has no dots to speak of.
    tour.get_by_role("button", name="Next").click()
    tour.get_by_role("button", name="Next").click()
    expect(tour).to_have_attribute("data-step", "2")
    body = page.locator("#tour-body")
    expect(body).to_contain_text("Hold a card first")
    expect(body).not_to_contain_text(re.compile(r"^Dots mark"))
    expect(tour).to_have_attribute("data-placed", "yes")
    snap(page, "teach-tour-unheld-1280")
    pick(page, 1)
    expect(body).to_have_text(re.compile(r"^Dots mark where it may go"))
    # Escape closes the note (as Skip does) and its focus goes back to the game.
    tour.get_by_role("button", name="Next").focus()
    page.keyboard.press("Escape")
    expect(tour).to_be_hidden()
    card = page.get_by_role("button", name="Gallery card 1")
    expect(card).to_be_focused()
    expect(card).to_have_attribute("aria-pressed", "true")  # the card stays held
    reload(page)
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()
    expect(tour).to_be_hidden()  # ended for good, as Skip


def test_rules_panel_opens_from_the_game_and_closes_with_escape(page: Page, snap) -> None:
    open_game(page)
    # From the start screen, by its button.
    page.get_by_role("button", name="Rules").click()
    rules = page.get_by_role("dialog", name="How to play De Stijl")
    expect(rules).to_be_visible()
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(page.locator("#btn-rules")).to_be_focused()  # back to the button that opened it
    # From the game screen, by the ? key.
    set_up(page, ["human", "bot:random", "bot:random"], seed=3)
    start(page)
    page.get_by_role("button", name="Skip the tour").click()
    page.locator("body").press("?")
    expect(rules).to_be_visible()
    expect(rules.get_by_role("table")).to_contain_text("+4")  # the bonus table for 3 players
    expect(rules.locator("svg.rules-pic")).to_have_count(3)
    both_sizes(page, snap, "rules")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()
    # Settings, Hints off: no Hint button, for a fair game; remembered.
    hint = page.get_by_role("button", name="Hint")
    expect(hint).to_be_visible()
    page.get_by_role("button", name="Settings").click()
    switch = page.get_by_role("switch", name="Show the Hint button")
    expect(switch).to_have_attribute("aria-checked", "true")
    switch.click()
    expect(switch).to_have_attribute("aria-checked", "false")
    page.keyboard.press("Escape")
    expect(hint).to_be_hidden()
    prefs = page.evaluate("() => JSON.parse(localStorage.getItem('destijl.prefs'))")
    assert prefs["hints"] is False and prefs["tutorialDone"] is True  # skipped: done


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# Reads a PNG (data URL) into a canvas and returns the colour at each given point.
SAMPLE_PNG = """async ([url, points]) => {
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const g = canvas.getContext("2d");
  g.drawImage(img, 0, 0);
  return points.map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3)));
}"""
PALETTE = {"R": (0xD4, 0x09, 0x20), "Y": (0xF7, 0xD8, 0x42), "B": (0x13, 0x56, 0xA2),
           "K": (0x12, 0x12, 0x12), "W": (0xF9, 0xF8, 0xF3)}


def test_end_chart_and_painting_downloads(page: Page, snap) -> None:
    open_game(page)
    set_up(page, ["human", "bot:random"], seed=4)
    start(page)
    page.get_by_role("button", name="Skip the tour").click()
    play_to_end(page)
    record = saved_record(page)
    view = engine("view", record=record)
    # The chart: one line per seat, one point per round, at the engine's totals.
    chart = page.locator("#score-chart")
    expect(chart).to_be_visible()
    lines = chart.locator(".chart-seat")
    expect(lines).to_have_count(2)
    history = engine("history", record=record)
    for seat in range(2):
        expect(lines.nth(seat).locator(".chart-point")).to_have_count(view["rounds"])
    assert [r[0] for r in history["rounds"]][-1] == view["result"]["seats"][0]["total"]
    # each seat's line says its values; focused, it shows them at its points (issue 15)
    totals = ", ".join(str(r[1]) for r in history["rounds"])
    assert f": {totals} points" in (lines.nth(1).get_attribute("aria-label") or "")
    values = lines.nth(1).locator(".chart-value")
    expect(values.first).to_be_hidden()
    lines.nth(1).focus()
    expect(values).to_have_text([str(r[1]) for r in history["rounds"]])
    expect(values.first).to_be_visible()
    expect(page.locator("#hints-used")).to_have_text("No hints used.")
    both_sizes(page, snap, "end")
    page.set_viewport_size(PHONE)  # on a phone the end screen scrolls: down to the chart
    chart.scroll_into_view_if_needed()
    snap(page, "teach-end-chart-360")
    page.set_viewport_size(DESKTOP)

    # SVG: a picture whose cells are the Painting's.
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the Painting as SVG").click()
    svg_text = Path(info.value.path()).read_text(encoding="utf-8")
    root = ET.fromstring(svg_text)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg"
    cells = [r for r in root.iter(f"{ns}rect") if r.get("class") == "cell"]
    assert len(cells) == len(view["painting"])
    drawn = {(*map(int, c.get("data-cell").split(",")), c.get("data-color")) for c in cells}
    assert drawn == {tuple(cell) for cell in view["painting"]}
    assert "De Stijl" in svg_text and all(seat["name"] in svg_text for seat in view["seats"])

    # PNG: print size, and every cell of the Painting is there in its colour.
    with page.expect_download() as info:
        page.get_by_role("button", name="Download the Painting as PNG").click()
    data = Path(info.value.path()).read_bytes()
    width, height = png_size(data)
    assert width == 3000
    scale = width / float(root.get("width"))
    assert abs(height - float(root.get("height")) * scale) <= 1
    centres = [[(float(c.get("x")) + float(c.get("width")) / 2) * scale,
                (float(c.get("y")) + float(c.get("height")) / 2) * scale] for c in cells]
    url = "data:image/png;base64," + base64.b64encode(data).decode()
    colours = page.evaluate(SAMPLE_PNG, [url, centres])
    def near(rgb: list[int], letter: str) -> bool:
        return max(abs(a - b) for a, b in zip(rgb, PALETTE[letter], strict=True)) <= 12

    pairs = zip(cells, colours, strict=True)
    matched = sum(near(rgb, cell.get("data-color")) for cell, rgb in pairs)
    assert matched == len(view["painting"])
