"""Friend games in the browser (docs/friends.md): two browser contexts are two devices that
pass links; bots move on the device whose turn precedes them; stale, forked and tampered
links are refused and nothing saved is lost.
"""

from __future__ import annotations

import re

import pytest
from player import BOOT_MS, TURN_MS, open_game, place_first_spot, score_table, set_up, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

LINK = re.compile(r"^Link for ")


def link_field(page: Page):
    return page.get_by_role("textbox", name=LINK)


def settle(page: Page, last: str | None) -> str:
    """Wait until this device must act: "turn" (a card to place), "link" (a new link to
    send) or "over"."""
    page.wait_for_function("""(last) => {
      if (document.body.classList.contains("is-over")) return true;
      if (document.documentElement.dataset.bots === "running") return false;
      if (document.querySelector(".gcard:not([disabled])")) return true;
      const url = document.getElementById("friend-url");
      return !!url && url.offsetParent !== null && url.value !== last;
    }""", arg=last, timeout=TURN_MS)
    if page.locator("body.is-over").count():
        return "over"
    if page.locator(".gcard:not([disabled])").count():
        return "turn"
    return "link"


def device(context: BrowserContext) -> Page:
    page = context.new_page()
    return page


@pytest.fixture
def ben(browser, site, guard, request) -> BrowserContext:
    """A second device: another browser context (another profile)."""
    ctx = browser.new_context(base_url=site.url, service_workers="allow",
                              viewport={"width": 1280, "height": 800})
    guard.watch(ctx)
    yield ctx
    ctx.close()


def start_friend_game(ann: Page, controllers: list[str], names: list[str]) -> str:
    open_game(ann)
    set_up(ann, controllers, names=names)
    ann.get_by_role("button", name="Start game").click()
    field = link_field(ann)
    expect(field).to_be_visible()
    return field.input_value()


def test_a_whole_three_seat_game_between_two_devices(page: Page, ben: BrowserContext) -> None:
    ann = page
    first = start_friend_game(ann, ["human", "friend", "bot:medium"], ["Ann", "Ben", "Mo"])
    expect(link_field(ann)).to_have_accessible_name(re.compile(r"^Link for Ben"))
    expect(ann.locator("#friend-status")).to_contain_text("Waiting for Ben")
    bens = device(ben)
    bens.goto(first)
    wait_ready(bens)
    expect(bens.locator("#friend-status")).to_contain_text("You play Ben", timeout=BOOT_MS)
    pages = {"ann": ann, "ben": bens}
    last: dict[str, str | None] = {"ann": first, "ben": None}
    holder, links, placed = "ben", 1, 0
    while True:
        state = settle(pages[holder], last[holder])
        if state == "turn":
            place_first_spot(pages[holder])
            placed += 1
            continue
        if state == "over":
            break
        url = link_field(pages[holder]).input_value()
        last[holder] = url
        holder = "ann" if holder == "ben" else "ben"
        pages[holder].goto(url)
        links += 1
        assert links < 80, "the game does not end"
    other = "ann" if holder == "ben" else "ben"
    final = link_field(pages[holder])
    expect(final).to_have_accessible_name(re.compile(r"^Link for "))
    pages[other].goto(final.input_value())
    expect(pages[other].locator("body.is-over")).to_have_count(1, timeout=TURN_MS)
    assert placed == 18  # Ann's 9 and Ben's 9; Mo's 9 moved on whichever device preceded
    assert score_table(ann) == score_table(bens)
