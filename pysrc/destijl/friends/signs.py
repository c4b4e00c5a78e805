"""Signed placements in friend games: every person's placement is proven to come from the
device of its seat (docs/friends.md, "Signed placements").

Each person's device makes an ECDSA P-256 key pair when it joins (WebCrypto in the page)
and puts the public key in the record beside its commitment (``keys``), so the key is
fixed before any card is dealt. With each of its placements it signs ``sign_text``: the
game id, the ply, the seat, the placement and the hash of everything before it (the
setup, every commitment and key, every earlier move). That hash chains the whole game, so
a seat's latest signature vouches for all of its earlier placements: only each seat's
latest signature travels (``sigs``: per seat ``[ply, r||s]``), as only each latest reveal
does. The engine verifies with ``destijl.p256``; the private key never leaves the device.

>>> base = setup_hash({"game": "0123456789abcdef"})
>>> sign_text("0123456789abcdef", 4, 1, "3@9,9r0", base).startswith(b"destijl-friend/1 move:")
True
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from typing import Any

from .. import p256
from ..errors import BadRecord, quote
from ..record_fields import per_seat

_HEX = re.compile(r"^[0-9a-f]+$", re.ASCII)
KEY_HEX = 2 * p256.KEY_BYTES  # 66 hex digits, compressed
SIG_HEX = 2 * p256.SIGNATURE_BYTES  # 128


def setup_hash(setup: dict[str, Any]) -> bytes:
    """The chain's start: SHA-256 of the setup (game, options, seats, first player,
    commitments, keys) as canonical JSON, so a signature also vouches for every key."""
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(b"destijl-friend/1 setup:" + text.encode()).digest()


def next_hash(previous: bytes, seat: int, move: str) -> bytes:
    """The chain after one more move (``move`` as ``3@9,9r0``)."""
    return hashlib.sha256(previous + f":{seat}:{move}".encode()).digest()


def sign_text(game: str, ply: int, seat: int, move: str, previous: bytes) -> bytes:
    """What a device signs for its placement ``move`` at ``ply`` (0-based) for ``seat``."""
    return f"destijl-friend/1 move:{game}:{ply}:{seat}:{move}:{previous.hex()}".encode()


def read_key(value: Any, where: str) -> bytes:
    """A public key from the record or a request: 66 hex digits (or 130 uncompressed, as
    WebCrypto exports it); answered compressed. ``BadRecord`` naming ``where`` if wrong."""
    if not (isinstance(value, str) and len(value) in (KEY_HEX, 130) and _HEX.match(value)):
        raise BadRecord(where, f"expected a P-256 public key ({KEY_HEX} lowercase hex "
                        f"digits), got {quote(value)}")
    try:
        return p256.compressed(p256.public_key(bytes.fromhex(value)))
    except p256.BadKey as error:
        raise BadRecord(where, f"not a P-256 public key: {error}") from None


def read_keys(entries: Any, humans: list[int], commits: tuple[bytes | None, ...]
              ) -> tuple[bytes | None, ...]:
    """``keys``: one per seat, present exactly where the seat has a commitment."""
    keys: list[bytes | None] = []
    for index, (where, entry) in enumerate(per_seat(entries, "keys", len(commits))):
        if commits[index] is None:
            if entry is not None:
                raise BadRecord(where, f"seat {index + 1} has no commitment"
                                f"{'' if index in humans else ' (a bot)'}, so no key")
            keys.append(None)
        elif entry is None:
            raise BadRecord(where, f"seat {index + 1} joined without a signing key")
        else:
            key = read_key(entry, where)
            if entry != key.hex():
                raise BadRecord(where, f"expected the compressed key {key.hex()}")
            keys.append(key)
    return tuple(keys)


def read_sigs(entries: Any, keys: tuple[bytes | None, ...], plies: int
              ) -> tuple[tuple[int, bytes] | None, ...]:
    """``sigs``: per seat null or ``[ply, signature]`` (its latest signed placement)."""
    sigs: list[tuple[int, bytes] | None] = []
    for index, (where, entry) in enumerate(per_seat(entries, "sigs", len(keys))):
        if entry is None:
            sigs.append(None)
            continue
        if keys[index] is None:
            raise BadRecord(where, f"seat {index + 1} has no key, so no signature")
        if not isinstance(entry, list) or len(entry) != 2:
            raise BadRecord(where, f"expected null or [ply, signature], got {quote(entry)}")
        ply, value = entry
        if type(ply) is not int or not 0 <= ply < max(plies, 1):
            raise BadRecord(f"{where}[0]", f"expected a move index from 0 to {plies - 1}, "
                            f"got {quote(ply)}")
        if not (isinstance(value, str) and len(value) == SIG_HEX and _HEX.match(value)):
            raise BadRecord(f"{where}[1]", f"expected a signature of {SIG_HEX} lowercase hex "
                            f"digits, got {quote(value)}")
        sigs.append((ply, bytes.fromhex(value)))
    return tuple(sigs)


@functools.lru_cache(maxsize=64)
def verified(key: bytes, text: bytes, sig: bytes) -> bool:
    """``p256.verify``, remembered: a device checks the same signatures on every command."""
    return p256.verify(p256.public_key(key), text, sig)


def check(game: str, base: bytes, moves: list[tuple[int, str]], humans: list[int],
          keys: tuple[bytes | None, ...], sigs: tuple[tuple[int, bytes] | None, ...],
          names: list[str]) -> None:
    """Refuse a record holding a person's placement its seat's device did not sign.

    ``moves`` are ``(seat, "3@9,9r0")``. Each person's latest placement must carry its
    seat's signature over the chain up to it; the chain makes that signature cover the
    seat's earlier placements too. ``BadRecord`` names the move, the seat (from 1) and
    the ply (from 1).
    """
    chain = [base]
    for seat, move in moves:
        chain.append(next_hash(chain[-1], seat, move))
    for seat in humans:
        played = [ply for ply, (who, _) in enumerate(moves) if who == seat]
        sig = sigs[seat]
        who = f"seat {seat + 1} ({names[seat]})"
        if not played:
            if sig is not None:
                raise BadRecord(f"sigs[{seat}]", f"{who} has placed no card, so it signs none")
            continue
        last = played[-1]
        if sig is None or sig[0] != last:
            raise BadRecord(f"moves[{last}]", f"{who}'s placement at move {last + 1} is not "
                            f"signed by {who}'s device: a placement made on another device "
                            "for that seat is refused")
        text = sign_text(game, last, seat, moves[last][1], chain[last])
        if not verified(keys[seat], text, sig[1]):
            raise BadRecord(f"moves[{last}]", f"the signature of {who}'s device does not "
                            f"match its placement at move {last + 1} and the moves before "
                            "it: one of them is not as that device made it")
