"""How many link trips a friend game takes, against the fair deal's lower bound
(docs/friends.md, "Trips"); ``python -m destijl link --trips`` prints the table.

A **trip** is one link sent from one person's device to another's. ``simulate`` plays a
whole game between simulated devices (each with its own secret and signing key; people
place the random bot's card, bots move where the link is) and counts the trips;
``lower_bound`` is the least any protocol can take with the same placements in the same
order while keeping the deal fair:

- **joining:** every device must see every commitment before it reveals (else the last to
  commit could pick its secret to suit the deal), so the link passes every device once to
  collect the commitments and once more to collect the reveals: ``2m`` trips for ``m``
  friends (one more with a single friend who places first: starter, friend, starter, friend);
- **placements:** one trip whenever consecutive placements by people are on two devices;
- **rounds:** the cards of round ``k + 1`` must stay unknown until the last person of round
  ``k`` has placed, so someone else reveals after that placement. When that last person
  also opens round ``k + 1``, the link goes to another device and back: 2 trips.

>>> row = simulate(["human", "human"], seed=1)
>>> row.trips == row.bound, row.before_first
(True, 2)
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from .. import p256
from ..bots import make_bot
from .game import bot_choice, replay
from .records import parse
from .timing import round_order
from .turns import advance, new_record, next_action, play, sign_text


@dataclass(frozen=True)
class Trips:
    """One simulated game's trips: in all, before the first placement, the ones carrying
    only a reveal ("send it back"), and the lower bound for its placements."""

    controllers: tuple[str, ...]
    first: int
    placements: int
    trips: int
    before_first: int
    back: int
    bound: int


def simulate(controllers: list[str], seed: int = 0, first: int = 0) -> Trips:
    """Play a whole friend game between simulated devices; count its trips."""
    rng = random.Random(seed)
    humans = [i for i, c in enumerate(controllers) if c == "human"]
    secrets = {h: rng.randbytes(16) for h in humans}
    private = {h: rng.randrange(1, p256.N) for h in humans}
    keys = {h: p256.compressed(p256.public_key_of(k)) for h, k in private.items()}
    seats = [{"name": f"P{i + 1}", "controller": c} for i, c in enumerate(controllers)]
    holder = humans[0]
    record = new_record(seats, seat=holder, secret=secrets[holder], key=keys[holder],
                        game=f"{seed:016x}", first_player=first)
    trips = back = 0
    before_first: int | None = None
    arrived_moves = -1  # moves in the record when the link last arrived
    while (action := next_action(record))["kind"] != "over":
        if action["kind"] in ("commit", "reveal", "move") and action["seat"] != holder:
            if arrived_moves == len(record["moves"]) and before_first is not None:
                back += 1  # the last device added only a reveal: a trip straight back
            trips += 1
            holder = action["seat"]
            arrived_moves = len(record["moves"])
        if action["kind"] in ("commit", "reveal"):
            record = advance(record, holder, secrets[holder], keys[holder])
            continue
        game = replay(record)
        if action["kind"] == "bot":
            record = play(record, holder, secrets[holder], bot_choice(game))
            continue
        before_first = trips if before_first is None else before_first
        move = make_bot("random").choose(game, random.Random(game.ply))
        sig = p256.sign(private[holder], sign_text(record, holder, move))
        record = play(record, holder, secrets[holder], move, sig)
    return Trips(tuple(controllers), first, len(record["moves"]), trips, before_first or 0, back,
                 lower_bound(record))


def lower_bound(record: dict[str, Any]) -> int:
    """The fewest trips any fair protocol needs for ``record``'s placements (see above)."""
    parsed = parse(record)
    humans = parsed.humans
    people = [seat for seat, _ in parsed.moves if seat in humans]
    friends = len(humans) - 1
    bound = 2 * friends + (1 if friends == 1 and people and people[0] != humans[0] else 0)
    bound += sum(a != b for a, b in itertools.pairwise(people))
    rounds = len(parsed.moves) // parsed.players
    for k in range(1, rounds):
        last = [s for s in round_order(parsed, k) if s in humans][-1]
        first = next(s for s in round_order(parsed, k + 1) if s in humans)
        bound += 2 if last == first else 0
    return bound


SETUPS = [
    ["human", "human"],
    ["human", "human", "bot:medium"],
    ["human", "human", "human"],
    ["human", "bot:easy", "human", "bot:random"],
    ["human", "human", "human", "human"],
    ["human", "human", "bot:medium", "bot:easy", "bot:random"],
    ["human", "human", "human", "bot:medium", "human"],
    ["human"] * 5,
]


def table(seed: int = 1) -> list[Trips]:
    """The trips of a game of every setup in ``SETUPS``."""
    return [simulate(controllers, seed) for controllers in SETUPS]
