"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), as Lichess rates
its puzzles: a rating, its deviation (how sure it is) and its volatility, updated after a
rating period of games. A puzzle solved is a win against the puzzle's rating, a puzzle
failed a loss; the player's rating is updated after each puzzle (a period of one game).

The paper's worked example: a player rated 1500 (deviation 200, volatility 0.06) beats a
1400 (30) and loses to a 1550 (100) and a 1700 (300), with tau 0.5; the paper gives 1464.06,
151.52 and 0.05999 (it rounds its steps: unrounded the rating is 1464.05).

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
...                                    (Rating(1700, 300), 0)], tau=0.5)
>>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from typing import NamedTuple

SCALE = 173.7178  # Glicko-2's scale: ratings are (r - 1500) / SCALE inside
TAU = 0.75  # how fast volatility may move (Lichess uses 0.75)
EPSILON = 0.000001


class Rating(NamedTuple):
    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def update(player: Rating, games, tau: float = TAU) -> Rating:
    """``player``'s rating after ``games``: ``(opponent Rating, score)`` pairs, score 1 for a
    win, 0.5 a draw, 0 a loss. No games: only the deviation grows (step 6 of the paper)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in games:
        mu_j = (opp.rating - 1500) / SCALE
        g = _g(opp.deviation / SCALE)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inv
    delta = v * delta_sum
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(1500 + SCALE * mu_new, SCALE * phi_new, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    return math.exp(big_a / 2)
