"""The hash chains of a friend game and its draws (docs/friends.md, "The exchange").

Each person's device keeps a secret ``s`` and publishes a commitment ``H^R(s)``; its reveal
for draw ``k`` is ``H^(R-1-k)(s)``. Draw ``k``'s cards follow from every human seat's reveal
for ``k`` and (from format version 2) the hash chain of the moves up to the end of round
``k``, so a fork that changes a placement gets other cards.

>>> secret = b"a" * 16
>>> c = commitment(secret, 2)                      # published when the device joins
>>> hash_times(reveal_value(secret, 2, 3), 4) == c  # the reveal for draw 3, checked
True
"""

from __future__ import annotations

import hashlib

from ..game import DECK_SIZES

HASH_BYTES = 16


def chain_hash(value: bytes) -> bytes:
    """``H``: the first 16 bytes of SHA-256 of the chain's label and ``value``."""
    return hashlib.sha256(b"destijl-friend/1 chain:" + value).digest()[:HASH_BYTES]


def hash_times(value: bytes, times: int) -> bytes:
    """``H`` applied ``times`` times."""
    for _ in range(times):
        value = chain_hash(value)
    return value


def draws_in(players: int) -> int:
    """``R``: how many draws a game has (the setup and one after every round but the last)."""
    return DECK_SIZES[players] // players


def commitment(secret: bytes, players: int) -> bytes:
    """``c = H^R(secret)``: published when the device joins."""
    return hash_times(secret, draws_in(players))


def reveal_value(secret: bytes, players: int, draw: int) -> bytes:
    """``v_k = H^(R-1-k)(secret)``, so that ``H^(k+1)(v_k)`` is the commitment."""
    return hash_times(secret, draws_in(players) - 1 - draw)


def draw_seed(game_id: str, draw: int, values: list[bytes], moves: bytes | None = None) -> bytes:
    """``D_k``: the seed of draw ``draw`` from every human seat's reveal for it (in seat
    order) and ``moves``, the hash chain of the setup and the moves up to the end of round
    ``draw`` (format version 2); ``moves`` None is version 1's seed, which has no chain."""
    if moves is None:
        label = f"destijl-friend/1 draw:{game_id}:{draw}:".encode()
        return hashlib.sha256(label + b"".join(values)).digest()
    label = f"destijl-friend/2 draw:{game_id}:{draw}:".encode()
    return hashlib.sha256(label + moves + b":" + b"".join(values)).digest()


def draw_cards(game_id: str, draw: int, values: list[bytes], pool: list[int], count: int,
               moves: bytes | None = None) -> list[int]:
    """Draw ``count`` cards from ``pool`` (cards not drawn yet) for draw ``draw``.

    ``values`` are every human seat's reveal for this draw, in seat order; ``moves`` the
    chain of the moves before it (version 2, see ``draw_seed``).
    """
    seed = draw_seed(game_id, draw, values, moves)
    pool = sorted(pool)
    drawn = []
    for index in range(count):
        pick = int.from_bytes(hashlib.sha256(seed + f":{index}".encode()).digest(), "big")
        drawn.append(pool.pop(pick % len(pool)))
    return drawn
