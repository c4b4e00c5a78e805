"""Friend games in the browser (docs/friends.md): two browser contexts are two devices that
pass links; bots move on the device whose turn precedes them; stale, forked and tampered
links are refused and nothing saved is lost.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from pictures import picture
from player import (
    BOOT_MS,
    PHONE,
    TURN_MS,
    engine,
    open_game,
    place_first_spot,
    saved_ply,
    score_table,
    set_up,
    skip_tour,
    wait_ply_above,
    wait_ready,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_access_phone import no_scroll, small_targets

from destijl import link, p256
from destijl.friends import game as friends
from destijl.friends import turns as friend_turns

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
def phone_ben(browser, site, guard) -> BrowserContext:
    """A second device that is a touch phone, 360x740."""
    ctx = browser.new_context(base_url=site.url, service_workers="allow", viewport=PHONE,
                              has_touch=True, is_mobile=True, device_scale_factor=1)
    guard.watch(ctx)
    yield ctx
    ctx.close()


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
    # each device calls its own seat "You" (Ben's said "Ben wins!")
    for device_page, me in ((ann, "Ann"), (bens, "Ben")):
        title = device_page.locator("#results-title").inner_text()
        assert title != f"{me} wins!" and me not in title, title


def payload_record(url: str) -> dict:
    """The friend record inside a link (the test reads what the link carries)."""
    return json.loads(link.inflate(url.split("#g=", 1)[1]))["rec"]


def link_of(site_url: str, record: dict) -> str:
    return f"{site_url}/#g={link.encode(record, 'friend')}"


def friend_save(page: Page, game: str) -> dict:
    return json.loads(page.evaluate("(key) => localStorage.getItem(key)", f"destijl.friend.{game}"))


def toast(page: Page):
    return page.locator("#toast")


def test_stale_forked_tampered_and_offline_links_lose_nothing(
        page: Page, phone_ben: BrowserContext, site) -> None:
    """Ann at a desk, Ben on a touch phone that goes offline."""
    ann, ben = page, phone_ben
    open_game(ann)
    set_up(ann, ["human", "friend"], names=["Ann", "Ben"], seed=42)
    ann.get_by_role("button", name="Start game").click()
    expect(toast(ann)).to_contain_text("a friend game has no seed")
    expect(toast(ann)).to_contain_text("no one player can choose or foresee it")
    ann.get_by_label("Seed").fill("")
    ann.get_by_role("button", name="Start game").click()
    first = link_field(ann).input_value()
    game = payload_record(first)["game"]

    bens = device(ben)
    bens.goto(first)
    wait_ready(bens)
    expect(link_field(bens)).to_have_accessible_name(re.compile(r"^Link for Ann"), timeout=BOOT_MS)
    joined = link_field(bens).input_value()
    bens.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=BOOT_MS)

    ann.goto(joined)
    assert settle(ann, first) == "turn"
    place_first_spot(ann)
    assert settle(ann, first) == "link"
    moved = link_field(ann).input_value()

    # A stale link: Ann opens Ben's older link again; her newer game stays.
    ann.goto(joined)
    expect(toast(ann)).to_contain_text("The link is older than this game (move ")
    expect(toast(ann)).to_contain_text("so this game is kept: it stays on the table.")
    expect(toast(ann)).not_to_contain_text("older than your game")
    expect(link_field(ann)).to_have_value(moved)
    assert len(friend_save(ann, game)["record"]["moves"]) == 1

    # Offline on Ben's device: tampered links are refused, the real one plays.
    ben.set_offline(True)
    record = payload_record(moved)
    edited = json.loads(json.dumps(record))
    edited["moves"][0]["x"] += 40
    forged = json.loads(json.dumps(record))
    forged["reveals"][1] = [0, "0" * 32]
    offline = device(ben)
    offline.goto(link_of(site.url, edited))
    wait_ready(offline)
    expect(toast(offline)).to_contain_text("refused", timeout=BOOT_MS)
    expect(toast(offline)).to_contain_text("moves[0]")
    assert friend_save(offline, game)["record"]["moves"] == []
    offline.goto(link_of(site.url, forged))
    expect(toast(offline)).to_contain_text("forged reveal")
    assert friend_save(offline, game)["record"]["moves"] == []
    offline.goto(moved)  # the same page: until the link is opened, Ben's own game shows
    expect(offline.locator("#friend-status")).to_have_text("You play Ben. Your turn.",
                                                           timeout=BOOT_MS)
    assert settle(offline, None) == "turn"
    no_scroll(offline)
    assert not small_targets(offline), small_targets(offline)
    ply = saved_ply(offline)
    offline.get_by_role("button", name="Gallery card 1", exact=True).tap()
    place = offline.get_by_role("button", name=re.compile(r"^Place the card here"))
    expect(place).to_be_enabled()
    place.tap()
    wait_ply_above(offline, ply)  # the move is made: until then the Gallery still shows
    assert settle(offline, None) == "link"
    answered = link_field(offline).input_value()
    expect(offline.get_by_role("button", name="Copy")).to_be_visible()
    assert not small_targets(offline), small_targets(offline)
    ben.set_offline(False)

    # A fork: someone plays Ben's move differently from Ann's older link.
    ann.goto(answered)
    assert settle(ann, moved) == "link"  # Ann revealed; Ben opens round 2
    secret = bytes.fromhex(friend_save(offline, game)["secret"])
    played = friends.replay(record)
    taken = payload_record(answered)["moves"][1]
    other = next(m for m in played.legal_moves()
                 if m.to_dict() != {k: taken[k] for k in ("card", "x", "y", "rotation")})
    jwk = friend_save(offline, game)["signKey"]  # Ben's device's private key
    private = int.from_bytes(base64.urlsafe_b64decode(jwk["d"] + "=="), "big")
    sig = p256.sign(private, friend_turns.sign_text(record, 1, other))
    branch = friend_turns.play(record, 1, secret, other, sig)
    ann.goto(link_of(site.url, branch))
    expect(toast(ann)).to_contain_text("disagrees with this game at move 2")
    saved = ann.evaluate("(p) => Object.keys(localStorage).filter((k) => k.startsWith(p))",
                         "destijl.friend.")
    assert len(saved) == 2  # both games are kept
    assert len(friend_save(ann, game)["record"]["moves"]) == 2
    ann.get_by_role("button", name="New game").click()
    listed = ann.get_by_role("button", name=re.compile(r"^Open the friend game of Ann, Ben"))
    expect(listed).to_have_count(2)
    expect(listed.filter(has_text="fork")).to_have_count(1)
    waiting = re.compile(r"move \d+ · waiting for Ben$")
    expect(ann.get_by_role("button", name=waiting)).to_be_visible()


def test_a_damaged_friend_save_is_kept_and_no_link_writes_over_it(
        page: Page, ben: BrowserContext) -> None:
    """The issue's attack: Ann's save cut in half, then Ben's next link opened on her device:
    once the game was "unknown", saved over as watched, and her secret and key were gone."""
    ann = page
    first = start_friend_game(ann, ["human", "friend"], ["Ann", "Ben"])
    game = payload_record(first)["game"]
    bens = device(ben)
    bens.goto(first)
    wait_ready(bens)
    expect(link_field(bens)).to_have_accessible_name(re.compile(r"^Link for Ann"), timeout=BOOT_MS)
    joined = link_field(bens).input_value()
    key = f"destijl.friend.{game}"
    whole = ann.evaluate("(key) => localStorage.getItem(key)", key)
    assert json.loads(whole)["secret"] and json.loads(whole)["signKey"]
    cut = whole[: len(whole) // 2]  # still holds the secret: it comes before the record
    ann.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, cut])
    ann.goto(joined)
    wait_ready(ann)
    expect(toast(ann)).to_contain_text("save of this friend game is damaged", timeout=BOOT_MS)
    expect(toast(ann)).to_contain_text("nothing was written over it")
    kept = "(p) => Object.keys(localStorage).filter((k) => k.startsWith(p))"
    assert ann.evaluate(kept, "destijl.friend.") == [key]
    assert ann.evaluate("(key) => localStorage.getItem(key)", key) == cut  # kept as it is
    ann.goto("/")
    wait_ready(ann)
    expect(ann.locator("#friend-games")).to_contain_text(
        f"Damaged friend game {game}: it cannot be read, and is kept as it is")
    export = ann.get_by_role("link", name=f"Export the damaged friend game {game}")
    with ann.expect_download() as download:
        export.click()
    assert Path(download.value.path()).read_text() == cut
    ann.goto(joined)  # again: still refused, still kept
    expect(toast(ann)).to_contain_text("damaged", timeout=BOOT_MS)
    assert ann.evaluate("(key) => localStorage.getItem(key)", key) == cut


@pytest.fixture
def dark_ann(browser, site, guard, request) -> BrowserContext:
    """A desktop in the dark theme (the system's), played by keyboard."""
    ctx = browser.new_context(base_url=site.url, service_workers="allow", color_scheme="dark",
                              viewport={"width": 1280, "height": 800})
    guard.watch(ctx)
    yield ctx
    ctx.close()


WRONG_WORDS = re.compile(r"You play You|You's|Waiting for You|You placed here.*You")
ALL_WORDS = """() => [document.body.innerText,
  ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
  ...[...document.querySelectorAll('[aria-live], [role=status]')].map((e) => e.textContent),
].join('\\n')"""


def no_wrong_words(page: Page) -> None:
    """No text (shown, labelled or announced) speaks of another device's person as "You"."""
    words = page.evaluate(ALL_WORDS)
    assert not WRONG_WORDS.search(words), WRONG_WORDS.search(words)


def keyboard_move(page: Page) -> None:
    """Pick the first Gallery card with key 1 and place it with Enter where the focus went."""
    skip_tour(page, by="key")
    ply = saved_ply(page)
    page.keyboard.press("1")
    expect(page.locator("#layer-spots .spot:focus")).to_have_count(1)
    page.keyboard.press("Enter")
    wait_ply_above(page, ply)


def touch_move(page: Page) -> None:
    skip_tour(page, by="tap")  # a newcomer's first game: the guided tour, closed by a tap
    ply = saved_ply(page)
    page.get_by_role("button", name="Gallery card 1", exact=True).tap()
    place = page.get_by_role("button", name=re.compile(r"^Place the card here"))
    expect(place).to_be_enabled()
    place.tap()
    wait_ply_above(page, ply)


def test_play_a_friend_with_default_names_by_keyboard_and_by_touch(
        dark_ann: BrowserContext, phone_ben: BrowserContext) -> None:
    """Ann (a dark desktop, keyboard only) starts with "Play a friend" and the default names;
    Ben plays on a touch phone. Each device calls itself "you" and the other by name."""
    ann = dark_ann.new_page()
    open_game(ann, "/?friend")
    expect(ann.locator("html")).to_have_attribute("data-theme", "dark")
    expect(ann.get_by_role("combobox", name="Seat 2 player")).to_have_value("friend")
    expect(ann.locator("#friend-how")).to_contain_text("Send it to your friend")
    open_game(ann, "/?seats=human,friend,hard")  # a level a friend game cannot seat
    expect(ann.locator("#notices")).to_contain_text("only the random, easy and medium bots")
    expect(ann.locator("#notices")).to_contain_text("Seat 3 plays a medium bot")
    expect(ann.get_by_role("combobox", name="Seat 3 player")).to_have_value("bot:medium")
    open_game(ann)  # the start screen's own button does the same
    ann.get_by_role("button", name="Play a friend").focus()
    ann.keyboard.press("Enter")
    expect(ann.get_by_role("combobox", name="Seat 2 player")).to_have_value("friend")
    hard = ann.locator('select[aria-label="Seat 2 player"] option[value="bot:hard"]')
    expect(hard).to_be_disabled()
    expect(ann.locator("#friend-how")).to_contain_text("only the random, easy and medium bots")
    start = ann.get_by_role("button", name="Start game")
    start.focus()
    ann.keyboard.press("Enter")  # the default name "You" would travel in the link: asked first
    expect(toast(ann)).to_contain_text("Your name, please")
    name = ann.get_by_role("textbox", name="Seat 1 name")
    expect(name).to_be_focused()
    ann.keyboard.press("Control+A")
    ann.keyboard.type("Ann")
    start.focus()
    ann.keyboard.press("Enter")
    copy = ann.get_by_role("button", name="Copy")
    expect(copy).to_be_focused()
    expect(copy).to_be_in_viewport()
    expect(ann.locator("#friend-status")).to_contain_text(
        "You play Ann. Waiting for Ben: send them this link")
    first = link_field(ann).input_value()
    assert payload_record(first)["seats"][0]["name"] == "Ann"

    ben = phone_ben.new_page()
    ben.goto(first)
    wait_ready(ben)
    expect(ben.locator("#friend-status")).to_contain_text("You play Ben", timeout=BOOT_MS)
    pages = {"ann": ann, "ben": ben}
    moves = {"ann": keyboard_move, "ben": touch_move}
    last: dict[str, str | None] = {"ann": first, "ben": None}
    holder, seen = "ben", set()
    for _ in range(80):
        page = pages[holder]
        state = settle(page, last[holder])
        no_wrong_words(page)
        if state == "over":
            break
        if state == "turn":
            expect(page.locator("#turn")).to_have_text(re.compile(r"^Your turn"))
            expect(page.get_by_role("button", name="Hint")).to_have_count(0)
            moves[holder](page)
            seen.add(f"{holder} moved")
            continue
        other = "ben" if holder == "ann" else "ann"
        expect(page.locator("#turn")).not_to_have_text(re.compile(r"^Your turn"))
        theirs = "Ann's turn" if holder == "ben" else "Ben's turn"
        if page.locator("#turn").inner_text().startswith(theirs):
            expect(page.locator("#turn")).to_contain_text("on their device")
            seen.add(f"{holder} told whose device")
        status = page.locator("#friend-status").inner_text()
        if "send this link back to" in status:  # a trip that carries only a reveal says why
            assert "could not see the cards without your part" in status, status
            seen.add(f"{holder} sent back")
        if "must add their part of the next deal" in status:
            seen.add(f"{holder} asked for a part")
        url = link_field(page).input_value()
        last[holder] = url
        holder = other
        pages[holder].goto(url)
    else:
        raise AssertionError("the game does not end")
    ender, other = holder, "ben" if holder == "ann" else "ann"
    expect(pages[ender].locator("#friend-status")).to_contain_text(
        "you made the last move: send the last link to")
    pages[other].goto(link_field(pages[ender]).input_value())
    expect(pages[other].locator("body.is-over")).to_have_count(1, timeout=TURN_MS)
    expect(pages[other].locator("#friend-status")).to_contain_text("you have seen the end")
    expect(link_field(pages[other])).to_be_hidden()
    for page in pages.values():
        no_wrong_words(page)
    assert {"ann moved", "ben moved"} <= seen
    assert {"ann sent back", "ben sent back", "ann asked for a part", "ben asked for a part"} & seen
    assert score_table(ann) == score_table(ben)

    # The list of friend games: the opponent, a date, the state; a finished game goes on request.
    ann.get_by_role("button", name="New game").click()
    row = ann.locator("#friend-games li").first
    expect(row).to_contain_text("with Ben")
    expect(row).to_contain_text("finished")
    expect(row).to_contain_text(re.compile(r"\d{1,2} \w{3}, \d\d:\d\d"))
    ann.get_by_role("button", name=re.compile(r"^Remove the finished game of Ann, Ben")).click()
    expect(ann.locator("#friend-games li")).to_have_count(0)


# Each frame from the first (a requestAnimationFrame callback runs before its paint): is the
# start screen's form shown, is the link's screen shown?
FRAMES_JS = """window.frames_seen = [];
const look = () => {
  const form = document.querySelector('#setup form');
  const invite = document.querySelector('#invite');
  window.frames_seen.push({ form: !!form && form.checkVisibility(),
    invite: !!invite && invite.checkVisibility(), text: invite ? invite.innerText : '' });
  if (window.frames_seen.length < 2000) requestAnimationFrame(look);
};
requestAnimationFrame(look);"""


def test_the_invited_friend_sees_the_invitation_from_the_first_paint(browser, site, guard) -> None:
    """Issue 61: Ann's first link on a fresh device showed the ordinary start screen (seats
    You/Piet/Theo) for the whole engine download; now who invited you, the seats, your seat
    and what happens next, from the first paint, with the engine held back."""
    key = p256.compressed(p256.public_key_of(61)).hex()
    record = engine("friend_new", key=key, seats=[
        {"name": "Ann", "controller": "human"}, {"name": "Ben", "controller": "friend"},
        {"name": "Mo", "controller": "bot:random"}])["record"]
    ctx = browser.new_context(base_url=site.url, viewport={"width": 1280, "height": 800})
    guard.watch(ctx)
    held: list = []
    ctx.route(re.compile(r"pyodide\.asm\.wasm"), lambda route: held.append(route))
    ctx.add_init_script(FRAMES_JS)
    page = ctx.new_page()
    try:
        page.goto(link_of(site.url, record))
        invite = page.locator("#invite")
        expect(page.get_by_role("heading", name="Ann invited you to a game of De Stijl")
               ).to_be_visible()
        expect(invite).to_contain_text("You play Ben.")
        seats = invite.get_by_role("list", name="Seats").get_by_role("listitem")
        expect(seats).to_have_count(3)
        expect(seats.nth(0)).to_contain_text("Ann · on their device")
        expect(seats.nth(1)).to_contain_text("Ben · you, on this device")
        expect(seats.nth(2)).to_contain_text("Mo · ")
        expect(invite).to_contain_text("The game engine is loading")
        expect(invite).to_contain_text("a link to send back to Ann")
        assert page.locator("html").get_attribute("data-engine") != "ready"
        frames = page.evaluate("window.frames_seen")
        assert frames and frames[0]["invite"], frames[:3]  # the link's screen at the first paint
        shown = [f for f in frames if f["form"]]
        assert not shown, f"the start screen's form showed under the link: {shown[:2]}"
        picture(page, "friend-invite-1280.png")
        page.set_viewport_size(PHONE)
        picture(page, "friend-invite-360.png")
        page.set_viewport_size({"width": 1280, "height": 800})
    finally:
        for route in held:
            route.continue_()
        ctx.unroute(re.compile(r"pyodide\.asm\.wasm"))
    expect(page.locator("#friend-status")).to_contain_text("You play Ben", timeout=BOOT_MS)
    expect(page.locator("#invite")).to_be_hidden()
    ctx.close()
