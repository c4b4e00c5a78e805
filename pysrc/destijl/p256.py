"""ECDSA over NIST P-256 with SHA-256, in pure Python: what WebCrypto's ``ECDSA`` signs.

Friend games (docs/friends.md) sign each person's placements in the page with WebCrypto
(``{name: "ECDSA", namedCurve: "P-256"}``, hash SHA-256, signatures as ``r || s``, 64
bytes); the engine only has to **verify** them, here. ``sign`` (deterministic, RFC 6979)
is for the native tests and the command line, which have no WebCrypto.

Public keys travel compressed (33 bytes: ``02``/``03`` and x); ``public_key`` also reads the
65-byte uncompressed form WebCrypto exports (``exportKey("raw")``).

>>> private = 0xC9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721
>>> key = public_key_of(private)
>>> signature = sign(private, b"sample")                  # RFC 6979, A.2.5
>>> signature.hex()[:16], verify(key, b"sample", signature), verify(key, b"other", signature)
('efd48b2aacb6a8fd', True, False)
"""

from __future__ import annotations

import functools
import hashlib
import hmac

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
SIGNATURE_BYTES = 64
KEY_BYTES = 33  # compressed

Point = tuple[int, int]
_Jacobian = tuple[int, int, int]  # (X, Y, Z), x = X/Z^2, y = Y/Z^3; Z == 0 is infinity
_INFINITY: _Jacobian = (1, 1, 0)


class BadKey(ValueError):
    """Bytes that are not a P-256 public key (the message says why)."""


class BadPrivateKey(ValueError):
    """A private scalar outside 1 to N - 1."""


class ZeroSignature(ValueError):
    """A signature whose r or s came out 0 (chance 2^-255): sign with another key."""


def _on_curve(x: int, y: int) -> bool:
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x - 3 * x + B)) % P == 0


def _double(point: _Jacobian) -> _Jacobian:
    x, y, z = point
    if z == 0 or y == 0:
        return _INFINITY
    zz = z * z % P
    m = 3 * (x - zz) * (x + zz) % P  # a = -3
    yy = y * y % P
    s = 4 * x * yy % P
    x3 = (m * m - 2 * s) % P
    return x3, (m * (s - x3) - 8 * yy * yy) % P, 2 * y * z % P


def _add(one: _Jacobian, two: _Jacobian) -> _Jacobian:
    x1, y1, z1 = one
    x2, y2, z2 = two
    if z1 == 0:
        return two
    if z2 == 0:
        return one
    z1z1, z2z2 = z1 * z1 % P, z2 * z2 % P
    u1, u2 = x1 * z2z2 % P, x2 * z1z1 % P
    s1, s2 = y1 * z2 * z2z2 % P, y2 * z1 * z1z1 % P
    if u1 == u2:
        return _double(one) if s1 == s2 else _INFINITY
    h, r = (u2 - u1) % P, (s2 - s1) % P
    hh = h * h % P
    hhh = h * hh % P
    v = u1 * hh % P
    x3 = (r * r - hhh - 2 * v) % P
    return x3, (r * (v - x3) - s1 * hhh) % P, h * z1 * z2 % P


def _affine(point: _Jacobian) -> Point | None:
    x, y, z = point
    if z == 0:
        return None
    inverse = pow(z, -1, P)
    return x * inverse * inverse % P, y * inverse * inverse * inverse % P


def _two_multiples(a: int, b: int, q: Point) -> Point | None:
    """``a*G + b*Q`` (Shamir's trick: one pass of doublings for both)."""
    g, pq = (*G, 1), (*q, 1)
    both = _add(g, pq)
    total = _INFINITY
    for bit in range(max(a.bit_length(), b.bit_length()) - 1, -1, -1):
        total = _double(total)
        pick = ((a >> bit) & 1, (b >> bit) & 1)
        if pick == (1, 1):
            total = _add(total, both)
        elif pick == (1, 0):
            total = _add(total, g)
        elif pick == (0, 1):
            total = _add(total, pq)
    return _affine(total)


# A friend game's record is parsed again for every command and every replay, and with it
# every key it holds (a square root modulo P each): a pure function of its bytes, so each
# key is worked out once (friends.signs.verified does the same for the signatures).
@functools.lru_cache(maxsize=512)
def public_key(data: bytes) -> Point:
    """A public key from its 33-byte compressed or 65-byte uncompressed form; ``BadKey`` else."""
    if len(data) == 65 and data[0] == 4:
        x, y = int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big")
    elif len(data) == KEY_BYTES and data[0] in (2, 3):
        x = int.from_bytes(data[1:], "big")
        if x >= P:
            raise BadKey("x is not below the field's prime")
        y = pow((x * x * x - 3 * x + B) % P, (P + 1) // 4, P)
        if y % 2 != data[0] % 2:
            y = P - y
    else:
        raise BadKey(f"expected 33 bytes starting 02 or 03 (or 65 starting 04), got {len(data)}")
    if not _on_curve(x, y):
        raise BadKey("the point is not on the curve P-256")
    return x, y


def compressed(key: Point) -> bytes:
    """The 33-byte form of a public key."""
    return bytes([2 + key[1] % 2]) + key[0].to_bytes(32, "big")


def _digest(message: bytes) -> int:
    return int.from_bytes(hashlib.sha256(message).digest(), "big")  # 256 bits: no truncation


def verify(key: Point, message: bytes, signature: bytes) -> bool:
    """Is ``signature`` (``r || s``, 64 bytes) ``key``'s ECDSA-SHA-256 signature of ``message``?"""
    if len(signature) != SIGNATURE_BYTES:
        return False
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    if not (0 < r < N and 0 < s < N):
        return False
    w = pow(s, -1, N)
    point = _two_multiples(_digest(message) * w % N, r * w % N, key)
    return point is not None and point[0] % N == r


def public_key_of(private: int) -> Point:
    """The public key of the private scalar ``private`` (1 to N - 1)."""
    if not 0 < private < N:
        raise BadPrivateKey("private: expected an integer from 1 to N - 1")
    point = _two_multiples(private, 0, G)
    assert point is not None
    return point


def _nonce(private: int, digest: int) -> int:
    """RFC 6979's deterministic ``k`` for HMAC-SHA-256 (section 3.2)."""
    x, h = private.to_bytes(32, "big"), (digest % N).to_bytes(32, "big")
    v, k = b"\x01" * 32, b"\x00" * 32
    k = hmac.new(k, v + b"\x00" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    k = hmac.new(k, v + b"\x01" + x + h, hashlib.sha256).digest()
    v = hmac.new(k, v, hashlib.sha256).digest()
    while True:
        v = hmac.new(k, v, hashlib.sha256).digest()
        candidate = int.from_bytes(v, "big")
        if 0 < candidate < N:
            return candidate
        k = hmac.new(k, v + b"\x00", hashlib.sha256).digest()
        v = hmac.new(k, v, hashlib.sha256).digest()


def sign(private: int, message: bytes) -> bytes:
    """``private``'s deterministic ECDSA-SHA-256 signature of ``message`` (``r || s``)."""
    digest = _digest(message)
    k = _nonce(private, digest)
    point = _two_multiples(k, 0, G)
    assert point is not None
    r = point[0] % N
    s = pow(k, -1, N) * (digest + r * private) % N
    if not (r and s):  # chance 2^-255: RFC 6979 would draw the next k
        raise ZeroSignature("sign: r or s is 0 for this key and message")
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")
