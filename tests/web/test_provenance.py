"""Provenance (docs/web.md, "Provenance"): a game carries how it came to this device, and
only a game dealt here in a rated mode counts for the rating. A game from someone else's
link or from a file never does, even when it is played on here to its end: the record
below claims an Expert bot whose moves were random ones, not the level's own."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from player import NO_TOUR, open_game, play_to_end, saved_entry, wait_ready
from playwright.sync_api import BrowserContext, Page, expect

from destijl import link, new_game, to_record


@pytest.fixture(autouse=True)
def returning_player(context: BrowserContext) -> None:
    """Every page of the test's context skips the guided first game."""
    context.add_init_script(NO_TOUR)


def against_an_expert(seed: int) -> dict:
    """A 2-player record, you against "bot:expert", both seats played at random by the native
    engine, stopped with you to move and a few moves left."""
    game = new_game(2, seed, names=["You", "Mondrian"], controllers=["human", "bot:expert"])
    rng = random.Random(seed)
    while game.ply < game.total_plies - 4 or game.current_seat != 0:
        game.play(rng.choice(game.legal_moves()))
    return to_record(game)


def rating_history(page: Page) -> list:
    kept = page.evaluate("localStorage.getItem('destijl.rating')")
    return json.loads(kept)["history"] if kept else []


def unrated_to_the_end(page: Page, why: str, origin: str) -> None:
    """Play the game on the table to its end: the end screen says why it did not count, the
    rating kept is unchanged and the save says where the game came from."""
    play_to_end(page)
    expect(page.locator("#results .rating-line")).to_have_text(
        re.compile(rf"^Your rating: \d+ ± \d+ \({re.escape(why)}\)$"))
    assert rating_history(page) == []
    assert saved_entry(page)["origin"] == origin
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#my-rating")).to_have_count(0)


def test_a_link_of_an_expert_game_played_on_here_leaves_the_rating_unchanged(page: Page) -> None:
    page.goto(f"/#g={link.encode(against_an_expert(11))}")
    wait_ready(page)
    expect(page.locator("#turn")).to_contain_text("Shared game · Replay")
    page.get_by_role("button", name="Close replay").click()
    unrated_to_the_end(page, "a game opened from a link does not count", "link")


def test_an_imported_expert_game_played_on_here_leaves_the_rating_unchanged(
        page: Page, tmp_path: Path) -> None:
    path = tmp_path / "expert.json"
    path.write_text(json.dumps(against_an_expert(12)))
    open_game(page)
    page.locator("#import-file").set_input_files(str(path))
    expect(page.locator("#turn")).to_contain_text("Your turn")
    unrated_to_the_end(page, "an imported game does not count", "import")
