"""A static evaluation: how likely each stone, and so the round, is to be won.

Everything here reads only what one player may know: the table, the discard
pile, their own hand and the number of hidden cards. Each side of a stone gets
a small distribution of the formations it may still reach. A formation needs
some cards; a card in the player's own hand is counted with probability
``HAND_P``, a card still unseen with the chance that this player ends up
drawing it. Two such distributions give the chance of winning the stone; the
nine stone chances give the chance of winning the round (three adjacent or five
stones), treating stones as independent.

>>> from engine import new_game
>>> round(evaluate(new_game(seed=1), 0), 2) > 0
True
"""

from __future__ import annotations

import math
from operator import mul

from ..cards import BLIND, COLOUR_OF, N_CLAN, VALUE_OF
from ..claims import can_claim_fast
from ..completions import ALL_CLAN, best_completion
from ..formations import strength
from ..rules import CAPACITY
from ..state import Step

# Tunable weights (see docs/ai.md for how they were chosen).
HAND_P = 0.9  # a card in hand: will it really end up on this stone?
TIME_FACTOR = 0.75  # share of the remaining deck that is drawn in time to matter
FUZZY_T = 4.0  # softness when comparing estimated (not exact) strengths
MIN_P = 0.02  # options less likely than this are ignored
HAND_P_EMPTY = 0.5  # a card in hand, for a side with no card yet (it can go one place only)
UNION = 1.0  # < 1 damps the many overlapping ways a side may form

CARDS_OF_VALUE = tuple(tuple(c * 9 + v - 1 for c in range(6)) for v in range(10))
CARDS_OF_COLOUR = tuple(tuple(c * 9 + v - 1 for v in range(1, 10)) for c in range(6))


def _win_weights() -> list[float]:
    """For each way the nine stones may fall (bit set: mine), my share of the win."""
    out = []
    for mask in range(512):
        mine = [mask >> s & 1 for s in range(9)]
        me = sum(mine) >= 5 or any(mine[i] and mine[i + 1] and mine[i + 2] for i in range(7))
        th = 9 - sum(mine) >= 5 or any(
            not (mine[i] or mine[i + 1] or mine[i + 2]) for i in range(7)
        )
        out.append(0.5 if me and th else 1.0 if me else 0.0)
    return out


WIN_W = _win_weights()


def round_chance(ps) -> float:
    """Chance of winning the round from nine independent stone chances."""
    probs = [1.0]
    for p in ps:
        if p >= 1.0:
            probs = [0.0] * len(probs) + probs
        elif p <= 0.0:
            probs = probs + [0.0] * len(probs)
        else:
            q = 1.0 - p
            probs = [x * q for x in probs] + [x * p for x in probs]
    return sum(map(mul, probs, WIN_W))


VALUE_MASK = (0,) + tuple(sum(1 << c for c in cards) for cards in CARDS_OF_VALUE[1:])
COLOUR_MASK = tuple(sum(1 << c for c in cards) for cards in CARDS_OF_COLOUR)


def _binom_tail(ns: int, np_: int, k: int, hp: float, r: float) -> float:
    """Chance of at least ``k`` successes among ``ns`` tries at ``hp`` and ``np_`` at ``r``."""
    key = (ns, np_, k, hp, r)
    hit = _TAILS.get(key)
    if hit is not None:
        return hit
    dist = [1.0] + [0.0] * k  # dist[j]: j successes so far (k: k or more)
    for p in [hp] * ns + [r] * np_:
        q = 1.0 - p
        for j in range(k, 0, -1):
            dist[j] = dist[j] * (q if j < k else 1.0) + dist[j - 1] * p
        dist[0] *= q
    if len(_TAILS) > 50_000:
        _TAILS.clear()
    _TAILS[key] = dist[k]
    return dist[k]


_TAILS: dict = {}
_OUTLOOKS: dict = {}
FILL = 5.0  # a typical card of no particular use


def _relevant(ft: tuple, n: int, blind: bool) -> int:
    """The clan cards that can change this side's outlook (the rest are ignored)."""
    key = (ft, n, blind)
    rel = _RELS.get(key)
    if rel is not None:
        return rel
    k = n - len(ft)
    if k == 0:
        rel = 0
    elif blind or not ft or any(c >= N_CLAN for c in ft):
        rel = ALL_CLAN
    else:
        colours = {COLOUR_OF[c] for c in ft}
        values = [VALUE_OF[c] for c in ft]
        lo_v, hi_v = min(values), max(values)
        rel = 0
        if len(colours) == 1:
            rel |= COLOUR_MASK[COLOUR_OF[ft[0]]]
        if len(set(values)) == 1:
            rel |= VALUE_MASK[lo_v]
        if len(set(values)) == len(values) and hi_v - lo_v < n:
            for v in range(max(1, hi_v - n + 1), min(9, lo_v + n - 1) + 1):
                rel |= VALUE_MASK[v]
    _RELS[key] = rel
    return rel


_RELS: dict = {}


def side_key(fixed, n: int, blind: bool, sure: int, pool: int, r: float, hp: float) -> tuple:
    """Everything a side's outlook depends on (cards that cannot matter masked out)."""
    ft = tuple(sorted(fixed))
    rel = _relevant(ft, n, blind)
    short = (sure | pool).bit_count() < n - len(ft)
    return (ft, n, blind, sure & rel, pool & rel, r, hp, short)


def outlook_of(key: tuple) -> list:
    hit = _OUTLOOKS.get(key)
    if hit is None:
        hit = _outlook(*key)
        if len(_OUTLOOKS) > 100_000:
            _OUTLOOKS.clear()
        _OUTLOOKS[key] = hit
    return hit


def side_outlook(fixed, n: int, blind: bool, sure: int, pool: int, r: float, hp: float = HAND_P):
    """Distribution of the strength a side may reach: ``[(strength, prob, fuzzy)]``.

    ``fixed`` are the cards on the side; ``sure`` the player's hand (clan mask),
    ``pool`` the unseen clan cards, each reaching the player with chance ``r``.
    Options are listed strongest first; their chances add up to 1 (the last one
    is the fallback "any cards at all", an estimate, hence fuzzy).
    """
    return outlook_of(side_key(fixed, n, blind, sure, pool, r, hp))


def _outlook(
    fixed: tuple, n: int, blind: bool, sure: int, pool: int, r: float, hp: float, short: bool
) -> list:
    k = n - len(fixed)
    if k == 0:
        return [(strength(fixed, blind), 1.0, False)]
    if short:
        return [(-1, 1.0, False)]  # this side can never be completed
    avail = sure | pool
    clan_cards = [c for c in fixed if c < N_CLAN]
    base = sum(VALUE_OF[c] for c in clan_cards)
    if blind:
        top = [v for v in range(9, 0, -1) for _ in range((VALUE_MASK[v] & sure).bit_count())]
        est = sum(top[:k]) + 6.0 * max(0, k - len(top))
        return [(base + est + 2.0 * (len(fixed) - len(clan_cards)), 1.0, True)]
    if len(clan_cards) < len(fixed):  # elite troops: a coarse two-level estimate
        hi = best_completion(fixed, n, blind, avail)
        lo_s = 100 + base + 7 * (len(fixed) - len(clan_cards)) + FILL * k
        if hi is None or hi[0] <= lo_s:
            return [(lo_s, 1.0, True)]
        w = hi[1]
        p = hp ** (w & sure).bit_count() * r ** (w & ~sure).bit_count()
        return [(hi[0], p, False), (lo_s, 1.0 - p, True)]

    colours = {COLOUR_OF[c] for c in clan_cards}
    values = [VALUE_OF[c] for c in clan_cards]
    vset = set(values)
    distinct = len(vset) == len(values)
    lo_v = min(values) if values else 1
    hi_v = max(values) if values else 9
    run_ok = distinct and hi_v - lo_v < n
    opts = []
    if run_ok:
        for start in range(max(1, hi_v - n + 1), min(lo_v, 10 - n) + 1):
            window = range(start, start + n)
            missing = [v for v in window if v not in vset]
            total = sum(window)
            if len(colours) <= 1:
                for col in colours if colours else range(6):
                    m = 0
                    for v in missing:
                        m |= 1 << (col * 9 + v - 1)
                    if m & ~avail:
                        continue
                    p = hp ** (m & sure).bit_count() * r ** (m & pool).bit_count()
                    if p >= MIN_P:
                        opts.append((500 + total, p))
            p = 1.0
            for v in missing:
                vm = VALUE_MASK[v]
                if vm & sure:
                    p *= (
                        1.0
                        - (1.0 - hp) ** (vm & sure).bit_count()
                        * (1.0 - r) ** (vm & pool).bit_count()
                    )
                else:
                    p *= 1.0 - (1.0 - r) ** (vm & pool).bit_count()
                if p < MIN_P:
                    break
            if p >= MIN_P:
                opts.append((200 + total, p))
    if len(vset) <= 1:
        for v in vset if vset else range(9, 0, -1):
            vm = VALUE_MASK[v]
            p = _binom_tail((vm & sure).bit_count(), (vm & pool).bit_count(), k, hp, r)
            if p >= MIN_P:
                opts.append((400 + n * v, p))
    if len(colours) <= 1:
        for col in colours if colours else range(6):
            cm = COLOUR_MASK[col]
            ns, np_ = (cm & sure).bit_count(), (cm & pool).bit_count()
            if ns + np_ < k:
                continue
            p = _binom_tail(ns, np_, k, hp, r)
            if p >= MIN_P:
                # Estimated total: hand cards of the colour first, then typical unseen ones.
                est, got, pv = 0, 0, []
                for c in range(col * 9 + 8, col * 9 - 1, -1):
                    if sure >> c & 1 and got < k:
                        est += c - col * 9 + 1
                        got += 1
                    elif pool >> c & 1:
                        pv.append(c - col * 9 + 1)
                m = k - got
                if m:
                    top = pv[: 2 * m]
                    est += m * sum(top) / len(top)
                opts.append((300 + base + est, p))
    opts.sort(reverse=True)
    out = []
    left = 1.0
    lam = UNION
    for s, p in opts:
        p *= lam
        pr = left * p
        if pr > 1e-3:
            out.append((s, pr, False))
        left *= 1.0 - p
        if left < 1e-3:
            break
    if left >= 1e-3:
        out.append((100 + base + FILL * k, left, True))
    return out


# Per (cards on my side, cards on theirs): logistic recalibration of the model's chance,
# fitted on Medium-vs-Medium games (see docs/ai.md): stone won ~ sigma(a * logit(q) + b).
CALIBRATION = {
    (0, 0): (0.274, 0.088),
    (0, 1): (0.577, -0.124),
    (0, 2): (0.593, -0.573),
    (0, 3): (0.348, 0.382),
    (1, 0): (0.589, 0.182),
    (1, 1): (0.762, -0.009),
    (1, 2): (0.71, -0.244),
    (1, 3): (0.761, -0.537),
    (2, 0): (0.623, 0.68),
    (2, 1): (0.76, 0.183),
    (2, 2): (0.584, -0.109),
    (2, 3): (0.601, -0.462),
    (3, 0): (0.313, -0.288),
    (3, 1): (1.034, 0.388),
    (3, 2): (0.48, 0.217),
    "mud": (0.3, 0.0),
}
# Fitted again on games of the first fit (Medium vs Medium), before the fix in beat_chance.
CALIBRATION_2 = {
    (0, 0): (0.119, 0.055),
    (0, 1): (0.601, -0.172),
    (0, 2): (0.957, -0.111),
    (0, 3): (0.621, -0.038),
    (1, 0): (0.482, 0.324),
    (1, 1): (0.691, -0.051),
    (1, 2): (0.842, -0.128),
    (1, 3): (0.742, 0.006),
    (2, 0): (0.682, 0.29),
    (2, 1): (0.897, 0.047),
    (2, 2): (0.856, 0.053),
    (2, 3): (0.64, -0.179),
    (3, 0): (0.313, -0.001),
    (3, 1): (0.674, -0.138),
    (3, 2): (0.657, -0.047),
    "mud": (0.642, -0.137),
}

# Fitted on Medium-vs-Medium games once estimated sums compared the right way round
# (``python -m tools.calibrate --games 600``); the two groups with
# few samples, (0, 3) and (3, 0), keep CALIBRATION_2's values. Hard's table.
CALIBRATION_3 = {
    (0, 0): (0.058, 0.027),
    (0, 1): (0.528, 0.019),
    (0, 2): (0.427, -0.337),
    (0, 3): (0.621, -0.038),
    (1, 0): (0.435, 0.126),
    (1, 1): (0.752, -0.079),
    (1, 2): (0.722, -0.276),
    (1, 3): (0.772, -0.175),
    (2, 0): (0.605, 0.303),
    (2, 1): (0.742, 0.073),
    (2, 2): (0.782, 0.004),
    (2, 3): (0.744, 0.06),
    (3, 0): (0.313, -0.001),
    (3, 1): (0.614, -0.245),
    (3, 2): (0.758, -0.025),
    "mud": (0.497, -0.063),
}


# By number, for agents' settings (1: Medium's).
CALIBRATIONS = {1: CALIBRATION, 2: CALIBRATION_2, 3: CALIBRATION_3}


def calibration_group(n: int, k_mine: int, k_theirs: int):
    """The calibration tables' key for a stone: cards on each side, or "mud" (four-card sides)."""
    return (k_mine, k_theirs) if n == 3 else "mud"


_LOGISTIC = [1.0 / (1.0 + math.exp(-d / FUZZY_T)) for d in range(-300, 301)]


def beat_chance(mine, theirs, tie: float) -> float:
    """Chance that a draw from ``mine`` beats one from ``theirs`` (ties count ``tie``)."""
    total = 0.0
    for a, pa, fa in mine:
        acc = 0.0
        for b, pb, fb in theirs:
            if fa or fb:
                if a >= 200 or b >= 200:  # different ranks: the rank decides
                    d = a - b
                    if -40 < d < 40 and (a // 100 == b // 100):
                        acc += pb * _LOGISTIC[int(d) + 300]
                    elif a > b:
                        acc += pb
                    elif a == b:
                        acc += pb * tie
                else:
                    acc += pb * _LOGISTIC[max(-300, min(300, round(a - b))) + 300]
            elif a > b:
                acc += pb
            elif a == b:
                acc += pb * tie
        total += pa * acc
    return total


class Outlook:
    """What player ``p`` knows, ready for evaluation: hand mask, unseen pool, draw chances."""

    __slots__ = ("cal", "p", "pool", "r_me", "r_opp", "sure")

    def __init__(self, state, p: int, deck: int | None = None, cal=None):
        self.cal = CALIBRATION if cal is None else cal
        hand_mask = 0
        for c in state.hands[p]:
            if c < N_CLAN:
                hand_mask |= 1 << c
        pool = ALL_CLAN & ~state.faceup & ~hand_mask
        n_pool = pool.bit_count()
        if deck is None:
            deck = len(state.decks[0])
        opp_clan = n_pool - deck  # the opponent's clan cards in hand
        self.p = p
        self.sure = hand_mask
        self.pool = pool
        if n_pool:
            self.r_me = min(1.0, TIME_FACTOR * deck / 2 / n_pool)
            self.r_opp = min(1.0, (opp_clan + TIME_FACTOR * deck / 2) / n_pool)
        else:
            self.r_me = self.r_opp = 0.0


def stone_chance(state, o: Outlook, s: int) -> float:
    """Chance that player ``o.p`` wins stone ``s`` (1 or 0 once it is decided)."""
    owner = state.owner[s]
    p = o.p
    if owner >= 0:
        return 1.0 if owner == p else 0.0
    mode = state.modes[s]
    n = CAPACITY[mode]
    blind = mode == BLIND
    mine = state.sides[2 * s + p]
    theirs = state.sides[2 * s + 1 - p]
    km, kt = n - len(mine), n - len(theirs)
    if km == 0 and can_claim_fast(state, p, s):
        return 1.0
    if kt == 0 and can_claim_fast(state, 1 - p, s):
        return 0.0
    if km == 0 and kt == 0:
        ms, ts = strength(mine, blind), strength(theirs, blind)
        return (
            1.0
            if ms > ts or (ms == ts and state.done_at[2 * s + p] < state.done_at[2 * s + 1 - p])
            else 0.0
        )
    if km == 0:
        tie = 1.0
    elif kt == 0:
        tie = 0.0
    else:
        tie = min(0.9, max(0.1, 0.5 + 0.15 * (kt - km)))
    km_key = side_key(mine, n, blind, o.sure, o.pool, o.r_me, HAND_P if mine else HAND_P_EMPTY)
    kt_key = side_key(theirs, n, blind, 0, o.pool, o.r_opp, 1.0)
    cal = o.cal
    skey = (km_key, kt_key, tie, id(cal))
    hit = _STONES.get(skey)
    if hit is not None:
        return hit
    q = beat_chance(outlook_of(km_key), outlook_of(kt_key), tie)
    if cal:  # an empty table: the raw chance (for fitting a calibration)
        a, b = cal.get(calibration_group(n, len(mine), len(theirs))) or cal["mud"]
        q = min(max(q, 1e-3), 1 - 1e-3)
        q = 1.0 / (1.0 + math.exp(-(a * math.log(q / (1.0 - q)) + b)))
    if len(_STONES) > 200_000:
        _STONES.clear()
    _STONES[skey] = q
    return q


_STONES: dict = {}


def stone_chances(state, p: int, deck: int | None = None, cal=None) -> list[float]:
    o = Outlook(state, p, deck, cal)
    return [stone_chance(state, o, s) for s in range(9)]


def evaluate(state, p: int, deck: int | None = None, cal=None) -> float:
    """Estimated chance that player ``p`` wins the round, from ``p``'s knowledge.

    ``deck`` overrides the clan deck size (for states whose hidden cards were left out).
    """
    out = state.outcome
    if out is not None and state.step in (Step.OVER, Step.ROUND_OVER):
        return 1.0 if out.winner == p else 0.0 if out.winner is not None else 0.5
    return round_chance(stone_chances(state, p, deck, cal))
