"""Share links, the embed page in a cross-origin iframe, and the update offer.

A share link's URL parameters set up the same seats, bots, options and seed; bad
parameters are explained and replaced by defaults. embed.html fits a 360 to 800 px
frame without inner scrollbars. A new version is offered between games, never mid-game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from player import (
    BOOT_MS,
    check_scores_against_engine,
    my_turn_or_end,
    open_game,
    place_first_spot,
    play_to_end,
    reload,
    saved_record,
    score_table,
    set_up,
    start,
    wait_ready,
)
from playwright.sync_api import Frame, Page, expect


def test_a_share_link_reproduces_the_deal(page: Page, context) -> None:
    open_game(page)
    set_up(page, ["human", "bot:easy", "bot:hard"], names=["Ann", "Bo", "Cy"], seed=1234,
           rotations=False)
    page.get_by_label("Seat 1 colour").select_option("B")
    page.get_by_label("Seat 3 colour").select_option("R")
    page.get_by_label("First player").select_option("1")
    start(page)
    original = saved_record(page)
    page.get_by_role("button", name="Share link").click()
    link = page.get_by_role("textbox", name="Share link").input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["seed"] == ["1234"] and query["seats"] == ["human,easy,hard"]
    page.get_by_role("button", name="Close").click()

    other = context.new_page()
    other.goto(link)
    wait_ready(other)
    expect(other.locator(".notice")).to_contain_text("Set up from the link")
    expect(other.get_by_label("Seat 1 name")).to_have_value("Ann")
    expect(other.get_by_label("Seat 3 player")).to_have_value("bot:hard")
    expect(other.get_by_label("Rotate cards")).not_to_be_checked()
    other.get_by_role("button", name="Start game").click()
    expect(other.get_by_role("button", name="Gallery card 1")).to_be_visible()
    again = saved_record(other)
    for key in ("seats", "options", "first_player", "seed", "deal", "cards"):
        assert again[key] == original[key], key


def test_bad_link_parameters_are_explained_and_defaults_used(page: Page) -> None:
    page.goto("/?seats=human,superbot,easy&seed=abc&colors=R,QQ,B&rotations=maybe&first=7&zoom=2")
    wait_ready(page)
    notices = page.locator(".notice")
    expect(notices.filter(has_text='"superbot" is not human')).to_have_count(1)
    expect(notices.filter(has_text='seed: "abc" is not a whole number')).to_have_count(1)
    expect(notices.filter(has_text='colors: "QQ" for seat 2')).to_have_count(1)
    expect(notices.filter(has_text='rotations: "maybe"')).to_have_count(1)
    expect(notices.filter(has_text='first: "7"')).to_have_count(1)
    expect(notices.filter(has_text='"zoom" is not one De Stijl knows')).to_have_count(1)
    # What could be used was; the rest kept its default.
    expect(page.get_by_label("Seat 2 player")).to_have_value("bot:medium")
    expect(page.get_by_label("Seat 3 player")).to_have_value("bot:easy")
    expect(page.get_by_label("Seat 2 colour")).to_have_value("Y")
    expect(page.get_by_label("Seed")).to_have_value("")
    expect(page.get_by_label("Rotate cards")).to_be_checked()
    page.get_by_label("Seat 2 player").select_option("bot:random")
    page.get_by_label("Seat 3 player").select_option("bot:random")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Gallery card 1")).to_be_visible()
    # A setup the engine refuses (one colour twice) shows the engine's reason.
    page.get_by_role("button", name="New game").click()
    page.get_by_label("Seat 2 colour").select_option("R")
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("alert")).to_contain_text("colour R is taken twice")


def frame_of(page: Page) -> Frame:
    """The game's frame inside a host page."""
    page.wait_for_selector("iframe")
    frame = page.frames[1]
    frame.wait_for_load_state()
    return frame


def no_scrollbars(frame: Frame) -> None:
    sizes = frame.evaluate(
        "() => { const e = document.scrollingElement; return [e.scrollWidth, e.clientWidth,"
        " e.scrollHeight, e.clientHeight]; }")
    assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], sizes


@pytest.mark.parametrize("width", [360, 800])
def test_the_embed_plays_in_a_cross_origin_iframe(page: Page, site, other_site, width: int,
                                                  snap, tmp_path: Path) -> None:
    src = f"{site.url}/embed.html?seats=human,random&speed=fast"
    page.goto(other_site.embed(src, name=f"post-{width}.html", width=width, height=560))
    frame = frame_of(page)
    expect(frame.locator("#loader")).to_be_hidden(timeout=BOOT_MS)
    no_scrollbars(frame)
    full = frame.get_by_role("link", name="Full game ↗")
    expect(full).to_have_attribute("target", "_blank")
    frame.get_by_role("button", name="Start game").click()  # the preview's: loads, then deals
    expect(frame.get_by_role("button", name="Gallery card 1")).to_be_visible(timeout=BOOT_MS)
    no_scrollbars(frame)
    if width == 360:
        snap(page, "embed-360")
        moves = play_to_end(frame)
        assert moves == 8
        expect(frame.locator("table.scores tbody tr")).to_have_count(2)
        no_scrollbars(frame)
        snap(page, "embed-360-end")
        with page.expect_download() as download:
            frame.get_by_role("button", name="Export", exact=True).click()
        path = tmp_path / "embed.json"
        download.value.save_as(path)
        check_scores_against_engine(frame, json.loads(path.read_text()), tmp_path)
    else:
        place_first_spot(frame)
        assert my_turn_or_end(frame) == "turn"
        snap(page, "embed-800")
        href = full.get_attribute("href")
        assert "seed=" in href and "seats=human%2Crandom" in href


def test_the_embed_works_in_a_sandboxed_iframe(page: Page, site, other_site) -> None:
    src = f"{site.url}/embed.html?seats=human,random,random&speed=fast&theme=dark"
    page.goto(other_site.embed(src, name="sandboxed.html", width=480, height=600,
                               sandbox="allow-scripts allow-same-origin"))
    frame = frame_of(page)
    expect(frame.locator("#loader")).to_be_hidden(timeout=BOOT_MS)
    assert frame.evaluate("() => document.documentElement.dataset.theme") == "dark"
    frame.get_by_role("button", name="Start game").click()  # the preview's: loads, then deals
    expect(frame.get_by_role("button", name="Gallery card 1")).to_be_visible(timeout=BOOT_MS)
    place_first_spot(frame)
    assert my_turn_or_end(frame) == "turn"
    no_scrollbars(frame)


def test_an_update_is_offered_between_games_never_mid_game(page: Page, fresh_site) -> None:
    page.goto(f"{fresh_site.url}/")
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    set_up(page, ["human", "bot:random", "bot:random"])
    start(page)
    place_first_spot(page)
    assert my_turn_or_end(page) == "turn"
    fresh_site.redeploy("v2")
    # The next visit finds the new version while a game is on: no offer yet.
    reload(page)
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting))",
        timeout=60_000)
    # The page knows of the new version (it marks it on <html>) and holds it back.
    expect(page.locator("html")).to_have_attribute("data-update", "held")
    banner = page.get_by_text("A new version of De Stijl is ready.")
    expect(banner).to_be_hidden()
    # Between games it is offered.
    page.get_by_role("button", name="New game").click()
    expect(banner).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-update", "offered")
    before = page.locator("html").get_attribute("data-boot")
    page.get_by_role("button", name="Reload now").click()
    expect(page.locator("html")).not_to_have_attribute("data-boot", before or "", timeout=BOOT_MS)
    wait_ready(page)
    expect(page.get_by_text("A new version of De Stijl is ready.")).to_be_hidden()
    # the game in progress survived the update
    expect(page.get_by_role("region", name="The Painting")).to_be_visible()
    assert len(saved_record(page)["moves"]) >= 3


def test_share_this_game_opens_its_replay_elsewhere(page: Page, browser, site, guard) -> None:
    """Issue 15 item 11: the end's "Share this game" gives a link to this game's replay
    (the record in the fragment, checked by the engine) and keeps "Play this deal"."""
    open_game(page)
    set_up(page, ["human", "bot:random"], seed=77)
    start(page)
    play_to_end(page)
    totals = [row["total"] for row in score_table(page)]
    page.get_by_role("button", name="Share this game").click()
    game_link = page.get_by_role("textbox", name="Link to this game")
    expect(game_link).to_have_value(re.compile(r"^http://127\.0\.0\.1:\d+/#g=[A-Za-z0-9_-]+$"))
    url = game_link.input_value()
    deal = page.get_by_role("textbox", name="Share link").input_value()
    assert "seed=77" in deal and "#" not in deal
    assert len(url) < 600
    page.get_by_role("button", name="Close").click()

    other = browser.new_context(base_url=site.url)
    guard.watch(other)
    try:
        viewer = other.new_page()
        viewer.goto(url)
        wait_ready(viewer)
        # it opens at the finished Painting with the scores, "Replay from the start" beside them
        expect(viewer.locator("#table[data-phase=over]")).to_be_visible()
        assert [row["total"] for row in score_table(viewer)] == totals
        viewer.get_by_role("button", name="Replay from the start").click()
        expect(viewer.locator("#turn")).to_have_text("Shared game · Replay · after move 0 of 16")
        viewer.get_by_role("button", name="To end").click()
        expect(viewer.locator("#turn")).to_contain_text("after move 16 of 16")
        viewer.get_by_role("button", name="Close replay").click()
        assert [row["total"] for row in score_table(viewer)] == totals
    finally:
        other.close()
