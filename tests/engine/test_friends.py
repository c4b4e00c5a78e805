"""Friend games (docs/friends.md): whole games passed between simulated devices, the fair
deal (one device's secrets never show the next round's cards), agreement on every draw,
tampered records refused with the field named, stale links and forks told apart.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from destijl import BadRecord, IllegalMove, p256, replay
from destijl.api import handle
from destijl.bots import make_bot
from destijl.errors import BadRequest
from destijl.friends import signs
from destijl.friends.chains import draw_cards, draws_in, reveal_value
from destijl.friends.game import FriendGame, NotDealt, bot_choice
from destijl.friends.game import replay as friend_replay
from destijl.friends.records import parse as friend_parse
from destijl.friends.timing import withholder
from destijl.friends.turns import (
    advance,
    compare,
    new_record,
    next_action,
    play,
    sign_text,
    to_plain,
)
from destijl.records import record_of


class Table:
    """People on separate devices passing one record; bots move where the record is.

    ``trips`` counts links sent from one device to another; ``records`` keeps every record
    with the device holding it; ``before_first`` is the trips made before the first
    placement by a person.
    """

    def __init__(self, controllers: list[str], *, seed: int = 0, first: int = 0,
                 chooser: str = "medium") -> None:
        rng = random.Random(seed)
        self.humans = [i for i, c in enumerate(controllers) if c == "human"]
        self.secrets = {h: rng.randbytes(16) for h in self.humans}
        self.private = {h: rng.randrange(1, p256.N) for h in self.humans}
        self.chooser = chooser
        seats = [{"name": f"P{i}", "controller": c} for i, c in enumerate(controllers)]
        starter = self.humans[0]
        self.record = new_record(seats, seat=starter, secret=self.secrets[starter],
                                 key=self.key(starter), game=f"{seed:016x}", first_player=first)
        self.holder = starter
        self.trips = 0
        self.before_first: int | None = None
        self.records: list[tuple[int, dict]] = [(starter, self.record)]

    def key(self, seat: int) -> bytes:
        """Seat ``seat``'s device's public key (compressed)."""
        return p256.compressed(p256.public_key_of(self.private[seat]))

    def signed_play(self, record: dict, seat: int, move) -> dict:
        """``seat``'s device places ``move`` (its own, signed; or a bot's)."""
        sig = None
        if next_action(record)["kind"] == "move":
            sig = p256.sign(self.private[seat], sign_text(record, seat, move))
        return play(record, seat, self.secrets[seat], move, sig)

    def step(self) -> bool:
        """One action by whoever must act; False once the game is over."""
        action = next_action(self.record)
        if action["kind"] == "over":
            return False
        if action["kind"] == "bot":
            move = bot_choice(friend_replay(self.record))
        else:
            if action["seat"] != self.holder:
                self.trips += 1
                self.holder = action["seat"]
            move = None
            if action["kind"] == "move":
                if self.before_first is None:
                    self.before_first = self.trips
                game = friend_replay(self.record)
                move = make_bot(self.chooser).choose(game, random.Random(game.ply))
        secret = self.secrets[self.holder]
        if move is None:
            new = advance(self.record, self.holder, secret, self.key(self.holder))
            assert new != self.record, f"{action} made no progress"
        else:
            new = self.signed_play(self.record, self.holder, move)
        self.record = new
        self.records.append((self.holder, new))
        return True

    def play_out(self) -> Table:
        while self.step():
            pass
        return self


def link_length(record: dict) -> int:
    """Characters of the record's link payload (after ``#g=``), as destijl.link writes it."""
    from destijl import link

    return len(link.encode(record, "friend"))


SETUPS = {
    "2 people": ["human", "human"],
    "you, a friend, a medium bot": ["human", "human", "bot:medium"],
    "5 people": ["human"] * 5,
}
GAMES = {name: Table(controllers, seed=index).play_out()
         for index, (name, controllers) in enumerate(SETUPS.items())}


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_replays_and_every_device_saw_the_same_draws(name: str) -> None:
    table = GAMES[name]
    final = friend_replay(table.record, check_bots=True)
    assert final.is_over and final.ply == final.total_plies
    assert len(final.deal) == 2 + final.total_plies
    plain = to_plain(table.record)
    assert replay(plain).result() == final.result()
    # Every record any device held dealt a prefix of the final deal: they agree on every draw.
    for _, record in table.records:
        try:
            dealt = friend_replay(record).deal
        except NotDealt:  # before the deal: nothing dealt yet
            continue
        assert final.deal[: len(dealt)] == dealt


def test_trips_are_what_docs_friends_md_says() -> None:
    two = GAMES["2 people"]
    assert two.before_first == 2  # commit ->, commit and reveal <-, then reveal and play
    # Per round: A places ->, B places and reveals <-, A reveals ->; the last round has no draw.
    assert two.trips == 2 + 3 * 7 + 2 - 1
    five = GAMES["5 people"]
    assert five.before_first == 8  # 4 commitments, then the other 4 reveals of draw 0


def test_one_device_never_knows_the_next_round_before_its_last_placement() -> None:
    """Rebuild what one device knows (the record it holds and its own secret) whenever one of
    its people is to place a card, and check that the next round's cards cannot be computed:
    some other person's value for that draw is missing, and guessing it from what is known
    (their latest value, or their commitment) gives other cards than the real draw."""
    for name, table in GAMES.items():
        final = friend_replay(table.record)
        checked = 0
        for _, record in table.records:
            action = next_action(record)
            if action["kind"] != "move":
                continue
            holder = action["seat"]  # the device that holds this record to place a card
            game = friend_replay(record)
            upcoming = game.round  # the draw after this round
            if upcoming >= draws_in(game.players):
                continue
            parsed = friend_parse(record)
            missing = [h for h in parsed.humans
                       if h != holder and parsed.reveal_index(h) < upcoming]
            assert missing, f"{name}: seat {holder} knows draw {upcoming} at ply {game.ply}"
            real = final.deal[2 + upcoming * game.players: 2 + (upcoming + 1) * game.players]
            values = []
            for h in parsed.humans:
                if h == holder:
                    values.append(reveal_value(table.secrets[h], game.players, upcoming))
                elif parsed.reveal_index(h) >= upcoming:
                    values.append(parsed.value(h, upcoming))
                else:  # the best this device has: the latest value it saw
                    values.append(parsed.value(h, parsed.reveal_index(h)))
            pool = [c for c in range(1, 41) if c not in game.deal]
            # the best chain this device has: the moves so far (the round is not over)
            guess = draw_cards(parsed.game, upcoming, values, pool, game.players,
                               parsed.chain(len(parsed.moves)))
            assert guess != real
            checked += 1
        assert checked >= 5, name


def test_the_withholder_is_the_next_rounds_first_person_unless_they_placed_last() -> None:
    record = GAMES["you, a friend, a medium bot"].record
    parsed = friend_parse(record)
    # Round 1: seats 0, 1, bot; round 2: 1, bot, 0. Seat 1 places last and first: 0 withholds.
    assert withholder(parsed, 1) == 0
    # Round 2: 1, bot, 0; round 3: bot, 0, 1. Seat 0 places last and first again: 1 withholds.
    assert withholder(parsed, 2) == 1
    # Round 3: bot, 0, 1; round 4: 0, 1, bot: seat 0 opens round 4 and did not place last.
    assert withholder(parsed, 3) == 0
    assert withholder(parsed, 0) == 0


def test_the_same_secrets_and_choices_give_the_same_game() -> None:
    again = Table(SETUPS["you, a friend, a medium bot"], seed=1).play_out()
    assert again.record == GAMES["you, a friend, a medium bot"].record
    other = Table(SETUPS["you, a friend, a medium bot"], seed=7).play_out()
    assert friend_replay(other.record).deal != friend_replay(again.record).deal


@pytest.mark.parametrize(("name", "limit"), [("2 people", 2000), ("5 people", 8000)])
def test_links_stay_under_the_limits(name: str, limit: int) -> None:
    longest = max(link_length(record) for _, record in GAMES[name].records)
    assert longest <= limit


# -- tampering ---------------------------------------------------------------------------
FINISHED = GAMES["you, a friend, a medium bot"].record


def tampered(change) -> dict:
    record = copy.deepcopy(FINISHED)
    change(record)
    return record


def refused(record: dict, field: str, words: str, *, check_bots: bool = False) -> None:
    with pytest.raises(BadRecord) as caught:
        friend_replay(record, check_bots=check_bots)
    assert caught.value.field == field, str(caught.value)
    assert words in str(caught.value)


def test_a_forged_reveal_is_refused() -> None:
    def forge(record):
        record["reveals"][1][1] = "0" * 32
    refused(tampered(forge), "reveals[1]", "a forged reveal")


def test_a_changed_commitment_is_refused() -> None:
    def change(record):
        record["commits"][0] = "f" * 32
    refused(tampered(change), "reveals[0]", "does not match seat 1's commitment")


def test_an_edited_move_is_refused() -> None:
    def edit(record):
        record["moves"][4]["x"] += 40
    refused(tampered(edit), "moves[4]", "covers 0 cells")


def test_a_card_not_in_the_set_is_refused() -> None:
    def card(record):
        record["moves"][3]["card"] = 41
    refused(tampered(card), "moves[3]", "card 41 is not in the Gallery")


def test_a_move_by_the_wrong_seat_is_refused() -> None:
    def seat(record):
        record["moves"][0]["seat"] = 1
    refused(tampered(seat), "moves[0]", "wrong seat")


def test_a_bot_made_to_play_another_move_is_refused() -> None:
    game = friend_replay(FINISHED, upto=2)
    assert game.seats[game.current_seat].controller == "bot:medium"
    other = next(m for m in game.legal_moves() if m != bot_choice(game))
    record = copy.deepcopy(next(r for _, r in GAMES["you, a friend, a medium bot"].records
                                if len(r["moves"]) == 3))
    record["moves"][2].update(other.to_dict())
    refused(record, "moves[2]", "seat 3 is a bot; its move is", check_bots=True)


def test_a_reveal_before_the_round_is_over_is_refused() -> None:
    table = Table(SETUPS["2 people"])
    while len(friend_parse(table.record).moves) < 1:
        table.step()
    # Seat 0 placed first in round 1 and withholds draw 1; revealing it now is refused.
    record = copy.deepcopy(table.record)
    record["reveals"][0] = [1, reveal_value(table.secrets[0], 2, 1).hex()]
    refused(record, "reveals[0]", "before round 1 was over; it must withhold it")
    # Seat 1 has not placed its round-1 card: its value for draw 1 cannot be out yet.
    record = copy.deepcopy(table.record)
    record["reveals"][1] = [1, reveal_value(table.secrets[1], 2, 1).hex()]
    refused(record, "reveals[1]", "before its last placement of round 1")
    record = copy.deepcopy(table.record)
    record["reveals"][0] = [3, reveal_value(table.secrets[0], 2, 3).hex()]
    refused(record, "reveals[0]", "no one reveals a draw before its time")


def test_moves_before_the_deal_are_refused() -> None:
    first = copy.deepcopy(GAMES["2 people"].records[0][1])
    first["moves"] = [FINISHED["moves"][0]]
    refused(first, "moves[0]", "before draw 0 was complete")


def test_a_bot_level_every_device_cannot_recheck_is_refused() -> None:
    def hard(record):
        record["seats"][2]["controller"] = "bot:hard"
    refused(tampered(hard), "seats[2].controller", "re-checks")


def test_a_device_without_the_seats_secret_cannot_play_it() -> None:
    table = Table(SETUPS["2 people"])
    while next_action(table.record)["kind"] != "move":
        table.step()
    game = friend_replay(table.record)
    move = game.legal_moves()[0]
    sig = p256.sign(table.private[0], sign_text(table.record, 0, move))
    with pytest.raises(BadRequest, match="does not hold that seat's secret"):
        play(table.record, 0, b"x" * 16, move, sig)
    with pytest.raises(IllegalMove, match="played on another device"):
        play(table.record, 1, table.secrets[1], move)


# -- stale links and forks -------------------------------------------------------------
def test_compare_tells_same_newer_stale_and_fork() -> None:
    records = [record for _, record in GAMES["2 people"].records]
    early, late = records[10], records[20]
    assert compare(late, late)["relation"] == "same"
    assert compare(early, late)["relation"] == "newer"
    stale = compare(late, early)
    assert stale["relation"] == "stale" and "older" in stale["message"]
    # Someone plays another card from an older link than the one the game went on from.
    table = GAMES["2 people"]
    index = next(i for i, (_, r) in enumerate(table.records[5:], 5)
                 if next_action(r)["kind"] == "move")
    before = table.records[index][1]
    seat = next_action(before)["seat"]
    taken = friend_parse(table.records[index + 1][1]).moves[-1][1]
    other = next(m for m in friend_replay(before).legal_moves() if m != taken)
    fork_record = table.signed_play(before, seat, other)
    fork = compare(late, fork_record)
    ply = len(friend_parse(before).moves)
    assert fork["relation"] == "fork" and fork["ply"] == ply
    assert f"move {ply + 1}" in fork["message"]
    # The same seat joined on two devices.
    twice = copy.deepcopy(records[0])
    other = advance(twice, 1, b"q" * 16, table.key(1))
    joined = advance(twice, 1, b"r" * 16, table.key(1))
    assert compare(other, joined)["relation"] == "fork"
    # A link of another game.
    assert compare(late, GAMES["5 people"].record)["relation"] == "other"


def foresight_fork(table: Table) -> tuple[FriendGame, FriendGame]:
    """The issue's attack, in a two-person game: Ben (seat 1) places last in round 1, Ann's
    reveal of draw 1 comes back, Ben sees the next Gallery, then signs another placement for
    round 1 and copies Ann's reveal into that fork. (The game as it went, the fork.)"""
    seen = next(r for _, r in table.records  # Ann's link back, with her reveal
                if len(r["moves"]) == 2 and friend_parse(r).fixed() >= 2)
    base = next(r for _, r in table.records  # the link Ben placed his card from
                if len(r["moves"]) == 1 and next_action(r) == {"kind": "move", "seat": 1})
    taken = friend_parse(seen).moves[1][1]
    other = next(m for m in friend_replay(base).legal_moves() if m.card != taken.card)
    fork = table.signed_play(base, 1, other)
    fork["reveals"][0] = seen["reveals"][0]  # Ann's reveal of draw 1, copied
    return friend_replay(seen), friend_replay(fork, check_bots=True)


def test_a_fork_that_changes_a_placement_gets_other_cards() -> None:
    went, fork = foresight_fork(Table(["human", "human"], seed=5).play_out())
    assert went.ply == fork.ply == 2 and went.history[1] != fork.history[1]
    assert went.parsed.format == fork.parsed.format == "destijl-friend/2"
    new_cards, fork_cards = went.deal[4:6], fork.deal[4:6]  # draw 1: the next Gallery's 2
    assert len(new_cards) == len(fork_cards) == 2
    assert new_cards != fork_cards, "the fork's Gallery has the cards Ben already saw"


def test_an_older_friend_record_still_reads_and_says_its_version() -> None:
    table = Table(["human", "human"], seed=5)
    table.record = {**table.record, "format": "destijl-friend/1"}  # as before version 2
    table.records = [(0, table.record)]
    table.play_out()
    final = friend_replay(table.record, check_bots=True)
    assert final.is_over and table.record["format"] == "destijl-friend/1"
    assert friend_parse(table.record).version == 1
    # its draws are version 1's: from the reveals alone
    parsed = friend_parse(table.record)
    values = [parsed.value(h, 0) for h in parsed.humans]
    assert list(final.deal[:4]) == draw_cards(parsed.game, 0, values, list(range(1, 41)), 4)
    assert ok("friend_open", record=table.record)["format"] == "destijl-friend/1"
    assert to_plain(table.record)["format"] == "destijl-record/1"
    went, fork = foresight_fork(table)  # which is why new games are version 2
    assert went.deal[4:6] == fork.deal[4:6]
    assert ok("friend_open", record=GAMES["2 people"].record)["format"] == "destijl-friend/2"


# -- the JSON API and the command line ---------------------------------------------------
def call(cmd: str, **args) -> dict:
    return json.loads(handle(json.dumps({"cmd": cmd, "args": args})))


def ok(cmd: str, **args):
    reply = call(cmd, **args)
    assert reply["ok"], reply
    return reply["result"]


SEATS = [{"name": "Ann", "controller": "human"}, {"name": "Ben", "controller": "friend"},
         {"name": "Mo", "controller": "bot:medium"}]


def public_hex(private: int) -> str:
    """A device's public key as WebCrypto exports it (65 bytes, uncompressed), in hex."""
    x, y = p256.public_key_of(private)
    return (b"\x04" + x.to_bytes(32, "big") + y.to_bytes(32, "big")).hex()


def test_the_seed_is_refused_for_a_friend_game_and_says_why() -> None:
    reply = call("friend_new", seats=SEATS, seed=5)
    assert reply["error"]["type"] == "BadRequest"
    assert "no one player can choose or foresee it" in reply["error"]["message"]
    reply = call("friend_new", seats=[{**SEATS[0]}, {**SEATS[1], "controller": "human"}])
    assert "exactly one seat played here" in reply["error"]["message"]


def test_two_devices_play_through_the_api() -> None:
    """Ann's and Ben's pages: each keeps its own record, seat and secret; links carry records."""
    private = {0: 11, 1: 22}  # each device's signing key (WebCrypto's, in the page)
    ann = ok("friend_new", seats=SEATS, key=public_hex(private[0]))
    assert ann["seat"] == 0 and ann["link_for"] == 1 and ann["view"] is None
    assert ann["record"]["reveals"] == [None, None, None]
    ben = ok("friend_open", record=ann["record"], key=public_hex(private[1]))  # Ben joins
    assert ben["seat"] == 1 and ben["relation"] == "new" and ben["link_for"] == 0
    devices = {0: ann, 1: ben}
    link, holder = ben["record"], 1
    while True:
        receiver = devices[holder]["link_for"]
        if receiver is None:
            state = devices[holder]
        else:
            mine = devices[receiver]
            state = ok("friend_open", record=link, saved={
                "record": mine["record"], "seat": mine["seat"], "secret": mine["secret"]})
            assert state["relation"] == "newer"
            holder = receiver
        while state["next"]["kind"] in ("move", "bot") and state["link_for"] is None:
            move = ok("bot_move", record=state["record"])["move"]
            sig = None
            if state["next"]["kind"] == "move":
                text = ok("friend_sign_text", record=state["record"], seat=holder, move=move)
                sig = p256.sign(private[holder], text["text"].encode()).hex()
            state = ok("friend_play", record=state["record"], seat=holder,
                       secret=devices[holder]["secret"], move=move, sig=sig)
        devices[holder] = state
        link = state["record"]
        if state["next"]["kind"] == "over":
            break
    other = devices[1 - holder]
    end = ok("friend_open", record=link, saved={
        "record": other["record"], "seat": other["seat"], "secret": other["secret"]})
    assert end["view"]["is_over"] and end["view"]["result"] == state["view"]["result"]
    # An older link opened later is stale; the saved game stays.
    stale = ok("friend_open", record=ben["record"], saved={
        "record": link, "seat": 1, "secret": devices[1]["secret"]})
    assert stale["relation"] == "stale" and stale["record"] == link
    # A third device opening the last link watches.
    watcher = ok("friend_open", record=link)
    assert watcher["seat"] is None and "watching" in watcher["message"]
    plain = ok("friend_export", record=link)
    assert plain["format"] == "destijl-record/1" and plain["result"]
    assert ok("verify", record=link)["summary"].startswith("OK: friend game ")


def test_the_other_commands_read_friend_records() -> None:
    record = FINISHED
    game = friend_replay(record, upto=5)
    assert isinstance(game, FriendGame)
    assert ok("view", record=record, ply=5)["ply"] == 5
    assert ok("history", record=record)["plies"]
    undo = call("undo", record=record, seat=0)
    assert undo["error"]["type"] == "IllegalMove"
    play_reply = call("play", record=record, move={"card": 1, "x": 0, "y": 0, "rotation": 0})
    assert "friend_play" in play_reply["error"]["message"]
    early = GAMES["2 people"].records[0][1]
    assert call("view", record=early)["error"]["type"] == "BadRecord"
    assert "not complete" in ok("verify", record=early)["summary"]


def cli(*args: str) -> subprocess.CompletedProcess:
    """``python -m destijl`` with this checkout's engine (not another installed copy)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "pysrc")}
    return subprocess.run([sys.executable, "-m", "destijl", *args], capture_output=True,
                          text=True, check=False, env=env)


def test_python_m_destijl_verify_reads_a_friend_record(tmp_path) -> None:
    path = tmp_path / "friend.json"
    path.write_text(json.dumps(FINISHED))
    done = cli("verify", str(path))
    assert done.returncode == 0 and done.stdout.startswith("OK: friend game "), done
    bad = tampered(lambda record: record["reveals"][1].__setitem__(1, "0" * 32))
    path.write_text(json.dumps(bad))
    done = cli("verify", str(path))
    assert done.returncode == 1 and "reveals[1]" in done.stderr
    for change in (lambda r: r["moves"][3].__setitem__("seat", 7),
                   lambda r: r.__setitem__("extra", 10 ** 31),
                   lambda r: r.__setitem__("sigs", [[0, "z"]]),
                   lambda r: r["moves"].append(r["moves"][-1])):
        path.write_text(json.dumps(tampered(change)))
        done = cli("verify", str(path))
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith("error: ") and "Traceback" not in done.stderr


def test_a_friend_link_round_trips_and_is_checked_by_friend_open(tmp_path) -> None:
    """The one link format (docs/links.md) carries the friend record whole (kind friend)."""
    from destijl import link

    payload = link.encode(FINISHED, "friend")
    opened = ok("link_open", text=link.inflate(payload))
    assert opened["kind"] == "friend" and opened["record"] == FINISHED
    watcher = ok("friend_open", record=opened["record"])
    assert watcher["seat"] is None and watcher["view"]["is_over"]
    done = cli("verify", f"https://example.org/#g={payload}")
    assert done.returncode == 0 and done.stdout.startswith("OK: friend game "), done
    forged = tampered(lambda record: record["reveals"][0].__setitem__(1, "1" * 32))
    carried = ok("link_open", text=link.to_text(forged, "friend"))["record"]
    error = call("friend_open", record=carried)["error"]
    assert error["type"] == "BadRecord"
    assert error["message"].startswith("reveals[0]: ") and "forged" in error["message"]


# -- signed placements: no one plays another's turn ------------------------------------------
FORGERY_SETUPS = {
    "2 people": ["human", "human"],
    "3 seats, a bot": ["human", "bot:easy", "human"],
    "4 seats, a bot": ["human", "human", "bot:random", "human"],
}


def saved_of(table: Table, seat: int, before: int) -> dict:
    """Seat ``seat``'s device's game as it stood before ``table.records[before]``."""
    record = next(r for holder, r in reversed(table.records[:before]) if holder == seat)
    return {"record": record, "seat": seat, "secret": table.secrets[seat].hex()}


def forgeries(table: Table) -> list[tuple[int, dict, int, int, dict]]:
    """For every human seat F: a record F held after placing a card, where another person V
    is to place next, with a placement F made up for V appended (unsigned, and signed with
    F's own key): ``(index, record, forger, victim, forged)``."""
    found = []
    for forger in table.humans:
        index, record = next((i, r) for i, (holder, r) in enumerate(table.records)
                             if holder == forger and next_action(r)["kind"] == "move"
                             and next_action(r)["seat"] != forger and r["moves"])
        victim = next_action(record)["seat"]
        game = friend_replay(record)
        move = game.legal_moves()[0]
        text = sign_text(record, victim, move)
        game.play(move, victim)
        unsigned = record_of(game)
        signed = copy.deepcopy(unsigned)
        signed["sigs"][victim] = [game.ply - 1, p256.sign(table.private[forger], text).hex()]
        found += [(index, record, forger, victim, forged) for forged in (unsigned, signed)]
    return found


@pytest.mark.parametrize("name", FORGERY_SETUPS)
def test_a_placement_made_for_another_seat_is_refused_by_every_device(name: str) -> None:
    table = Table(FORGERY_SETUPS[name], seed=5).play_out()
    checked = 0
    for index, record, forger, victim, forged in forgeries(table):
        ply = len(forged["moves"])
        devices = [None]  # a device new to the game (it watches)
        devices += [saved_of(table, h, index) for h in table.humans if h != forger]
        devices += [{"record": record, "seat": forger, "secret": table.secrets[forger].hex()}]
        for saved in devices:
            args = {"record": forged} if saved is None else {"record": forged, "saved": saved}
            reply = call("friend_open", **args)
            assert not reply["ok"], (name, saved and saved["seat"])
            assert reply["error"]["type"] == "BadRecord", reply
            message = reply["error"]["message"]
            assert message.startswith(f"moves[{ply - 1}]: "), message
            assert f"seat {victim + 1} (P{victim})" in message and f"move {ply}" in message
            checked += 1
        assert ok("verify", record=record)["summary"].startswith("OK")
        assert call("verify", record=forged)["error"]["type"] == "BadRecord"
    assert checked >= 2 * len(table.humans) * 2


def swap_key(table: Table, index: int, record: dict, forger: int, victim: int) -> dict:
    """The forger puts his own key in the victim's place, plays for the victim and signs
    with it, and signs his own latest placement again over the changed keys."""
    game = friend_replay(record)
    game.play(game.legal_moves()[0], victim)
    forged = record_of(game)
    forged["keys"][victim] = table.key(forger).hex()
    parsed = friend_parse(forged)
    for seat in (victim, forger):
        ply = max(i for i, (who, _) in enumerate(parsed.moves) if who == seat)
        text = signs.sign_text(parsed.game, ply, seat, str(parsed.moves[ply][1]),
                               parsed.chain(ply))
        forged["sigs"][seat] = [ply, p256.sign(table.private[forger], text).hex()]
    return forged


def test_a_replaced_signing_key_is_refused_by_devices_that_know_the_seat() -> None:
    """The victim's device and any device that saw the game refuse it, naming the key; a
    device new to a two-person game refuses it too, since (format 2) the draws' seeds cover
    the keys, so the game's cards no longer fit its moves; with a third person, their
    signature covers the keys as well."""
    table = Table(["human", "human"], seed=2).play_out()
    index, record, forger, victim, _ = forgeries(table)[0]
    forged = swap_key(table, index, record, forger, victim)
    for seat in (victim, None):
        saved = saved_of(table, victim, index)
        if seat is None:
            saved = {**saved, "seat": None, "secret": None}
        reply = call("friend_open", record=forged, saved=saved)
        assert reply["error"]["message"].startswith(f"keys[{victim}]: "), reply
        assert f"seat {victim + 1} (P{victim}) another signing key" in reply["error"]["message"]
    reply = call("friend_open", record=forged)  # once trusted on first sight (format 1)
    assert reply["error"]["type"] == "BadRecord" and "is not in the Gallery" in reply["error"][
        "message"], reply
    table = Table(["human", "human", "human"], seed=2).play_out()
    index, record, forger, victim, _ = forgeries(table)[2]
    reply = call("friend_open", record=swap_key(table, index, record, forger, victim))
    assert reply["error"]["message"].startswith("moves["), reply  # the cards do not fit


def test_a_device_refuses_a_placement_of_its_own_seat_it_did_not_make() -> None:
    table = Table(["human", "human"], seed=4).play_out()
    index = next(i for i, (holder, r) in enumerate(table.records)
                 if holder == 1 and r["moves"] and r["moves"][-1]["seat"] == 1
                 and len(r["moves"]) > 3)
    link = table.records[index][1]
    before = next(r for h, r in reversed(table.records[:index])
                  if h == 1 and len(r["moves"]) < len(link["moves"]))
    reply = call("friend_open", record=link,
                 saved={"record": before, "seat": 1, "secret": table.secrets[1].hex()})
    ply = len(link["moves"])
    assert reply["error"]["message"].startswith(f"moves[{ply - 1}]: the link holds a "
                                                "placement for your seat (seat 2)"), reply


def test_unknown_fields_are_refused_naming_the_field() -> None:
    for where, change in [("padding", lambda r: r.__setitem__("padding", "x" * 12_000)),
                          ("options.undo", lambda r: r["options"].__setitem__("undo", 1)),
                          ("seats[1].colour", lambda r: r["seats"][1].__setitem__("colour", 1)),
                          ("moves[3].n", lambda r: r["moves"][3].__setitem__("n", 10 ** 31))]:
        record = tampered(change)
        reply = call("friend_open", record=record)
        assert reply["error"]["type"] == "BadRecord", reply
        assert reply["error"]["message"].startswith(f"{where}: not a field of"), reply
        assert len(reply["error"]["message"]) < 200


JUNK = [None, -1, 0, 7, 10 ** 31, 1.5, True, "", "x" * 300, "f" * 32, "0" * 66, [], [0, 0],
        {}, {"a": 1}, [[1, "0" * 32]], ["0" * 128]]


def mutate(value, rng: random.Random):
    """``value`` with one random change deep inside: a junk value, a deleted or added field."""
    value = copy.deepcopy(value)
    path = []
    node = value
    while isinstance(node, (dict, list)) and node and (not path or rng.random() < 0.7):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    parent, key = path[-1]
    roll = rng.random()
    if roll < 0.6:
        parent[key] = rng.choice(JUNK)
    elif roll < 0.8 and isinstance(parent, dict):
        del parent[key]
    elif isinstance(parent, dict):
        parent[rng.choice(["zz", "seat", "sig", "key"])] = rng.choice(JUNK)
    else:
        parent.append(rng.choice(JUNK))
    return value


def test_fuzzing_the_friend_commands_finds_no_internal_error() -> None:
    table = Table(["human", "bot:random", "human"], seed=6).play_out()
    rng = random.Random(41)
    picks = [r for _, r in table.records[:: max(1, len(table.records) // 12)]]
    seen = set()
    for _ in range(400):
        base = rng.choice(picks)
        seat = rng.choice(table.humans)
        args = rng.choice([
            ("friend_open", {"record": base}),
            ("friend_open", {"record": base, "saved": {"record": picks[0], "seat": seat,
                                                         "secret": table.secrets[seat].hex()}}),
            ("friend_open", {"record": base, "key": table.key(seat).hex()}),
            ("friend_play", {"record": base, "seat": seat, "secret": table.secrets[seat].hex(),
                             "move": {"card": 1, "x": 0, "y": 0, "rotation": 0},
                             "sig": "0" * 128}),
            ("friend_sign_text", {"record": base, "seat": seat,
                                  "move": {"card": 1, "x": 0, "y": 0, "rotation": 0}}),
            ("friend_compare", {"mine": picks[0], "theirs": base}),
            ("friend_export", {"record": base}),
            ("friend_new", {"seats": SEATS, "key": table.key(0).hex()}),
            ("verify", {"record": base}),
            ("view", {"record": base}),
        ])
        cmd, good = args
        reply = call(cmd, **mutate(good, rng))
        if not reply["ok"]:
            assert reply["error"]["type"] != "InternalError", (cmd, reply)
            seen.add(reply["error"]["type"])
    assert {"BadRecord", "BadRequest"} <= seen


def test_every_setup_takes_no_trip_above_the_fair_deals_lower_bound() -> None:
    from destijl.friends.trips import SETUPS, simulate

    for controllers in SETUPS:
        for first in range(len(controllers)):
            row = simulate(controllers, seed=2, first=first)
            assert row.trips == row.bound, row
    # Three people, the third opening round 1: joining takes 2m = 4 trips (it took 5 when
    # the opener joined last and had to wait for everyone's reveal).
    assert simulate(["human"] * 3, seed=2, first=2).before_first == 4
