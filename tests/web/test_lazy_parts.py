"""The parts of the app that the start screen does not need (web/app/parts.js: the table,
the dialogs, friend games, Today's Painting's games) are a bundle of their own, fetched once
the browser is idle after the first paint. A click that needs them before they are there
is kept and answered as soon as they are: never lost, never half drawn.

The bundle's request is held by a route until the test lets it through.
"""

from __future__ import annotations

import re

from player import NO_TOUR, wait_ready
from playwright.sync_api import Page, Route, expect

LATER = re.compile(r"/assets/later-[A-Z0-9]{8}\.mjs$")


class HeldParts:
    """The later parts' bundle, held until `release()`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(LATER, self._hold)

    def _hold(self, route: Route) -> None:
        self.routes.append(route)

    def release(self) -> None:
        assert self.routes, "the later parts were never asked for"
        for route in self.routes:
            route.continue_()
        self.page.unroute(LATER)


def test_start_game_pressed_before_the_table_is_there_deals_once_it_arrives(page: Page) -> None:
    held = HeldParts(page)
    with page.expect_request(LATER):  # fetched unasked, after the first paint
        page.goto("/")
    page.get_by_role("button", name="Start game").click()
    # the state is the table's, the page draws none of it until it can draw all of it
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#table")).not_to_have_attribute("data-phase", "playing")
    held.release()
    expect(page.get_by_role("button", name="Gallery card 1", exact=True)).to_be_visible()
    expect(page.locator("#table")).to_have_attribute("data-phase", "playing")
    tour = page.get_by_role("region", name="Guided first game")
    expect(tour).to_have_attribute("data-placed", "yes")
    page.get_by_role("button", name="Settings").click()
    expect(page.get_by_role("dialog", name="Settings")).to_be_visible()


def test_todays_painting_asked_before_its_part_is_there_opens_once_it_arrives(
        page: Page) -> None:
    page.add_init_script(NO_TOUR)
    held = HeldParts(page)
    with page.expect_request(LATER):
        page.goto("/")
    wait_ready(page)  # Today's Painting asks the engine for today's deal
    page.get_by_role("button", name="Today's Painting").click()
    held.release()
    expect(page.get_by_role("button", name="Gallery card 1", exact=True)).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Daily")
