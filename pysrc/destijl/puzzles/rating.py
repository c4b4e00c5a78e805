"""Puzzle ratings: Glicko-2 on the scale of the bot levels' ladder ratings.

A puzzle's first rating comes from which levels solve it. Each level of
``destijl.levels`` (rated by the ladder, docs/bots.md) is one opponent of the puzzle with
RD ``LEVEL_RD``; the puzzle "wins" against a level by the share of its tries that miss
(``score`` = 1 - solved share) and one Glicko-2 rating period from the start (1500, RD
350) gives its rating and RD. The same update as the page's (web/app/rating/glicko.js:
Glickman, "Example of the Glicko-2 system", 2013), so a puzzle's rating and a player's
puzzle rating are on one scale.

>>> round(rate([(800, 0.0), (1935, 1.0)])[0])  # random misses, expert solves: in between
1469
"""

from __future__ import annotations

import math
from collections.abc import Sequence

START_RATING, START_RD, START_VOL = 1500.0, 350.0, 0.06
LEVEL_RD = 50.0
SCALE = 173.7178
TAU = 0.5
MIN_RD = 30.0


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _volatility(phi: float, sigma: float, delta: float, v: float) -> float:
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (TAU * TAU))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= 1e-6:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(rating: float, rd: float, vol: float,
           results: Sequence[tuple[float, float, float]]) -> tuple[float, float, float]:
    """One rating period: ``results`` of ``(opponent rating, opponent rd, score)``."""
    if not results:
        return rating, rd, vol
    mu, phi = (rating - 1500) / SCALE, rd / SCALE
    v_inv = total = 0.0
    for other, other_rd, score in results:
        g = _g(other_rd / SCALE)
        expected = 1 / (1 + math.exp(-g * (mu - (other - 1500) / SCALE)))
        v_inv += g * g * expected * (1 - expected)
        total += g * (score - expected)
    v = 1 / v_inv
    sigma = _volatility(phi, vol, v * total, v)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * total
    return 1500 + SCALE * mu_new, max(MIN_RD, SCALE * phi_new), sigma


def rate(solved: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """A puzzle's rating and RD from ``(level rating, share of tries that solved it)``."""
    rating, rd, _ = update(START_RATING, START_RD, START_VOL,
                           [(level, LEVEL_RD, 1.0 - share) for level, share in solved])
    return rating, rd
