"""Game links, ``destijl-link/1`` (docs/links.md): round trips, limits and tampering."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from destijl import api, link, new_game, replay
from destijl.bots import level_move
from destijl.link import BadLink
from destijl.records import record_of


def whole_game(players: int, seed: int, moves: int | None = None):
    game = new_game(players, seed=seed)
    while not game.is_over and (moves is None or game.ply < moves):
        game.play(level_move(game, "easy"))
    return game


def pack(text: str) -> str:
    """Compress like the browser: deflate-raw, base64url without padding."""
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode()) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_link_round_trips_at_every_ply(players: int) -> None:
    game = whole_game(players, seed=players)
    record = record_of(game)
    for ply in range(0, game.ply + 1, 5):
        partial = record_of(replay(record, upto=ply))
        opened = link.decode(link.encode(partial))
        assert opened.kind == "replay" and opened.day is None
        assert record_of(opened.game) == partial
    assert record_of(link.decode(link.encode(record)).game) == record


def test_a_whole_game_link_is_short() -> None:
    for players in (2, 3, 4, 5):
        payload = link.encode(record_of(whole_game(players, seed=10 + players)))
        assert len(payload) < 600, (players, len(payload))


def test_any_deflate_stream_is_read_and_padding_is_optional() -> None:
    text = link.to_text(record_of(whole_game(2, seed=1, moves=4)))
    assert link.decode(pack(text)).game.ply == 4
    with pytest.raises(BadLink, match="not base64url: character '='"):
        link.decode(pack(text) + "=")


def test_a_link_names_the_first_bad_move() -> None:
    record = record_of(whole_game(3, seed=4, moves=9))
    data = json.loads(link.to_text(record))
    moves = data["m"].split(" ")
    card = moves[4].split("@")[0]
    moves[4] = f"{card}@40,40r0"
    data["m"] = " ".join(moves)
    with pytest.raises(BadLink) as caught:
        link.decode(pack(json.dumps(data)))
    message = str(caught.value)
    assert message.startswith(f"link: move 5 of 9 (card {card} at column 40, row 40, turned 0°): ")
    assert "covers 0 cells" in message


def test_a_move_that_is_not_move_text_is_named() -> None:
    data = json.loads(link.to_text(record_of(whole_game(2, seed=2, moves=3))))
    data["m"] += " 17@x"
    with pytest.raises(BadLink, match=r"^link: move 4 of 4 \('17@x'\): expected text like"):
        link.from_text(json.dumps(data))


def test_a_card_out_of_turn_order_is_refused() -> None:
    data = json.loads(link.to_text(record_of(whole_game(2, seed=2, moves=3))))
    data["m"] = " ".join(reversed(data["m"].split(" ")))
    with pytest.raises(BadLink, match=r"^link: move 1 of 3 "):
        link.from_text(json.dumps(data))


@pytest.mark.parametrize(("change", "message"), [
    ({"v": 2}, "link: v: this link is format 2; this De Stijl reads format 1"),
    ({"v": True}, "link: v: this link is format True"),
    ({"k": "friend"}, "link: rec: expected a destijl-friend/2 record, got None"),
    ({"k": "movie"}, "link: k: expected one of replay, daily, friend, got 'movie'"),
    ({"k": "daily"}, "link: day: expected a date YYYY-MM-DD, got None"),
    ({"k": "daily", "day": "2026-12-0\u0662"}, "link: day: expected a date YYYY-MM-DD, got "
     "'2026-12-0\u0662' \\(its digits must be ASCII 0-9\\)"),
    ({"k": "daily", "day": "2026-12-\uff10\uff12"}, "link: day: expected a date YYYY-MM-DD"),
    ({"r": 2}, "link: r: expected 0 or 1, got 2"),
    ({"s": "You"}, "link: s: expected a list"),
    ({"s": [["You", "R"]]}, r"link: s\[0\]: expected \[name, colours, controller\]"),
    ({"d": [1, 1]}, "link: deal: expected 18 card ids for 2 players, got 2"),
    ({"p": 7}, "link: options.players: expected 2 to 5, got 7"),
    ({"m": 17}, "link: m: expected the moves as text"),
    ({"seed": -1}, "link: seed: expected null or an integer"),
])
def test_bad_fields_are_named(change: dict, message: str) -> None:
    data = json.loads(link.to_text(record_of(whole_game(2, seed=3, moves=2))))
    data.update(change)
    with pytest.raises(BadLink, match=f"^{message}"):
        link.from_text(json.dumps(data))


def test_a_card_dealt_twice_or_not_a_card_is_refused() -> None:
    data = json.loads(link.to_text(record_of(whole_game(2, seed=3, moves=2))))
    data["d"][5] = data["d"][9]
    with pytest.raises(BadLink, match=r"^link: deal: card .* is dealt twice"):
        link.from_text(json.dumps(data))
    data["d"][5] = 41
    with pytest.raises(BadLink, match=r"^link: deal\[5\]: 41 is not a card id"):
        link.from_text(json.dumps(data))


@pytest.mark.parametrize(("payload", "message"), [
    ("", "link: empty"),
    ("abc$", "link: not base64url: character '\\$' at 3"),
    ("a" * 8001, "link: 8,001 characters, more than the 8,000"),
    ("abcde", "link: not base64url: 5 characters"),
    ("////", "link: not base64url: character '/'"),
    ("AAAA", "link: not deflate-raw data"),
])
def test_bad_payloads_are_named(payload: str, message: str) -> None:
    with pytest.raises(BadLink, match=f"^{message}"):
        link.decode(payload)


def test_a_cut_stream_a_bomb_and_bad_text_are_refused() -> None:
    good = link.encode(record_of(whole_game(2, seed=5)))
    with pytest.raises(BadLink, match="link: not deflate-raw data"):
        link.decode(good[: len(good) // 2])
    with pytest.raises(BadLink, match="inflates to more than the 16,000"):
        link.decode(pack(" " * 100_000))
    with pytest.raises(BadLink, match="link: not valid JSON"):
        link.decode(pack("{nope"))
    with pytest.raises(BadLink, match="link: key 'v' appears twice"):
        link.decode(pack('{"v": 1, "v": 1}'))
    with pytest.raises(BadLink, match="link: expected a JSON object, got list"):
        link.decode(pack("[]"))
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    latin = packer.compress(b"\xff\xfe") + packer.flush()
    with pytest.raises(BadLink, match="not UTF-8"):
        link.decode(base64.urlsafe_b64encode(latin).decode().rstrip("="))


def test_edited_names_are_judged_like_a_record() -> None:
    data = json.loads(link.to_text(record_of(whole_game(2, seed=3, moves=2))))
    data["s"][0][0] = ""
    with pytest.raises(BadLink, match=r"^link: seats: "):
        link.from_text(json.dumps(data))


def test_payload_of_finds_the_game_in_what_is_pasted() -> None:
    assert link.payload_of("  https://x.org/?a=1#g=AbC-_9  ") == "AbC-_9"
    assert link.payload_of("https://x.org/#other=1&g=Zz") == "Zz"
    assert link.payload_of("#g=") == ""
    assert link.payload_of("https://x.org/#nothing") is None
    assert link.payload_of('{"format": 1}') is None


def test_api_link_commands_round_trip_and_refuse_cleanly() -> None:
    game = whole_game(3, seed=8, moves=10)
    reply = json.loads(api.handle(json.dumps({"cmd": "link_text",
                                              "args": {"record": record_of(game)}})))
    assert reply["ok"]
    opened = json.loads(api.handle(json.dumps({"cmd": "link_open",
                                               "args": {"text": reply["result"]["text"]}})))
    assert opened["ok"] and opened["result"]["kind"] == "replay"
    assert opened["result"]["view"]["record"] == record_of(game)
    assert opened["result"]["number"] is None
    bad = json.loads(api.handle('{"cmd": "link_open", "args": {"text": 5}}'))
    assert bad["error"] == {"type": "BadLink", "message": "link: expected JSON text, got int"}
    rng = random.Random(1)
    for _ in range(50):  # junk text: always a BadLink, never an internal error
        junk = "".join(rng.choice('{}[]":,01vkmdsprf ') for _ in range(40))
        reply = json.loads(api.handle(json.dumps({"cmd": "link_open", "args": {"text": junk}})))
        assert reply["error"]["type"] == "BadLink", reply


def test_a_friend_link_carries_its_record_for_friend_open() -> None:
    friend = {"format": "destijl-friend/1", "game": "0123456789abcdef", "moves": []}
    payload = link.encode(friend, "friend")
    opened = link.decode(payload)
    assert (opened.kind, opened.game, opened.friend) == ("friend", None, friend)
    reply = json.loads(api.handle(json.dumps({"cmd": "link_open",
                                              "args": {"text": link.inflate(payload)}})))
    assert reply["result"]["record"] == friend and reply["result"]["view"] is None
    with pytest.raises(BadLink, match=r"^link: record: expected a destijl-friend/2 record"):
        link.encode({"format": "destijl-record/1"}, "friend")
