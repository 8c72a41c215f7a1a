"""The best completion: the strongest formation a side can still make with unseen cards.

The missing slots may be filled with any clan card that is not face up on the table (both
sides of every stone and the discard pile). The search is done rank by rank from the
strongest formation down, so the first formation found is the best that can still be made.
Results are cached by the side's cards, and reused while the unseen set only shrinks (cards
never turn face down again within a game) and the witness cards are still unseen. The claim
verdicts built on it are ``engine.claims``'s.

>>> from engine.cards import parse_card as p
>>> unseen = ALL_CLAN & ~(1 << p("R8") | 1 << p("R9") | 1 << p("R7"))
>>> best_completion((p("R7"), p("R9")), 3, False, unseen)[0]   # R8 is face up: a Color
322
"""

from __future__ import annotations

from itertools import combinations, permutations

from .cards import COLOUR_OF, JOKER, N_CLAN, SHIELD, SPY, VALUE_OF, clan
from .formations import (
    BEST_VALUE,
    COLOUR,
    COLOUR_RUN,
    KIND,
    RUN,
    SUM,
    TABLE3,
)

ALL_CLAN = (1 << N_CLAN) - 1
_BY_VALUE_DESC = tuple(clan(c, v) for v in range(9, 0, -1) for c in range(6))


def _fits(elite: int, value: int) -> bool:
    return elite == JOKER or (elite == SPY and value == 7) or (elite == SHIELD and value <= 3)


def _placements(values, clan_values, elites) -> list:
    """The values of ``values`` left for clan cards, once the clan cards are in place
    and the elites are given values they fit: one 9-bit mask (bit ``v - 1``) per way
    to place the elites, in ``permutations`` order (which picks the witness)."""
    rest = [v for v in values if v not in clan_values]
    if len(rest) < len(elites):
        return []
    out = []
    for chosen in permutations(rest, len(elites)):
        if all(_fits(e, v) for e, v in zip(elites, chosen)):
            bits = 0
            for v in rest:
                if v not in chosen:
                    bits |= 1 << (v - 1)
            out.append(bits)
    return out


_VALUE_CARDS = tuple(sum(1 << (c * 9 + v) for c in range(6)) for v in range(9))


def _any_colour(bits: int, unseen: int):
    """Witness for a Run: for each value in ``bits``, its unseen card of the lowest
    colour; ``None`` when some value has no unseen card."""
    w = 0
    v = 0
    while bits:
        if bits & 1:
            m = unseen & _VALUE_CARDS[v]
            if not m:
                return None
            w |= m & -m
        bits >>= 1
        v += 1
    return w


def best_completion(fixed: tuple, n: int, blind: bool, unseen: int):
    """Best strength the cards ``fixed`` can reach with ``n`` slots, filling from ``unseen``.

    Returns ``(strength, witness_mask)``, or ``None`` when too few cards are unseen.
    """
    k = n - len(fixed)
    clan_cards = [c for c in fixed if c < N_CLAN]
    elites = [c for c in fixed if c >= N_CLAN]
    base = sum(VALUE_OF[c] for c in clan_cards) + sum(BEST_VALUE[e] for e in elites)

    # The k highest unseen cards (any colour): the Sum fallback, and the blind total.
    top: list[int] = []
    mask = 0
    for card in _BY_VALUE_DESC:
        if len(top) == k:
            break
        if unseen >> card & 1:
            top.append(card)
            mask |= 1 << card
    if len(top) < k:
        return None
    if blind:
        return base + sum(VALUE_OF[c] for c in top), mask

    colours = {COLOUR_OF[c] for c in clan_cards}
    clan_values = {VALUE_OF[c] for c in clan_cards}
    distinct = len(clan_values) == len(clan_cards)

    # Color-Run: the highest start first, every colour.
    if len(colours) <= 1 and distinct:
        for start in range(10 - n, 0, -1):
            values = range(start, start + n)
            if not clan_values <= set(values):
                continue
            options = _placements(values, clan_values, elites)
            if not options:
                continue
            for colour in colours if colours else range(6):
                for bits in options:
                    w = bits << (9 * colour)
                    if unseen & w == w:
                        return COLOUR_RUN * 100 + sum(values), w

    # N of a kind.
    if len(clan_values) <= 1:
        for v in clan_values if clan_values else range(9, 0, -1):
            if not all(_fits(e, v) for e in elites):
                continue
            w, got = 0, 0
            for c in range(6):
                card = clan(c, v)
                if got < k and unseen >> card & 1:
                    w |= 1 << card
                    got += 1
            if got == k:
                return KIND * 100 + n * v, w

    # Color: the k highest unseen cards of one colour.
    if len(colours) <= 1:
        best = None
        for colour in colours if colours else range(6):
            w, got, total = 0, 0, base
            for v in range(9, 0, -1):
                card = clan(colour, v)
                if got < k and unseen >> card & 1:
                    w |= 1 << card
                    got += 1
                    total += v
            if got == k and (best is None or total > best[0] - COLOUR * 100):
                best = (COLOUR * 100 + total, w)
        if best is not None:
            return best

    # Run: any colours.
    if distinct:
        for start in range(10 - n, 0, -1):
            values = range(start, start + n)
            if not clan_values <= set(values):
                continue
            for bits in _placements(values, clan_values, elites):
                w = _any_colour(bits, unseen)
                if w is not None:
                    return RUN * 100 + sum(values), w

    return SUM * 100 + base + sum(VALUE_OF[c] for c in top), mask


# Table-driven search for the common case, three clan cards in a normal fight:
# every completion of the fixed cards, strongest first; the first one whose
# cards are all unseen is the best. Built lazily, per fixed cards.
_orders: dict = {}


def _order(fixed: tuple) -> tuple:
    order = _orders.get(fixed)
    if order is None:
        base = 0
        for c in fixed:
            base |= 1 << c
        rest = [c for c in range(N_CLAN) if c not in fixed]
        order = sorted(((TABLE3[base | m], m) for m in _masks(rest, 3 - len(fixed))), reverse=True)
        order = tuple(order)
        _orders[fixed] = order
    return order


def _masks(cards: list, k: int):
    if k == 1:
        return [1 << a for a in cards]
    return [sum(1 << c for c in combo) for combo in combinations(cards, k)]


def table_best_completion(fixed: tuple, unseen: int, start: int = 0):
    """``best_completion`` for 0-2 clan cards towards 3 in a normal fight, by table.

    Returns ``(strength, witness, index in the table)``; ``start`` skips entries
    already known to be unavailable.
    """
    order = _order(fixed)
    for i in range(start, len(order)):
        st, m = order[i]
        if m & unseen == m:
            return st, m, i
    return None


# (opponent cards, slots, blind) -> up to _PER_KEY [unseen mask then, result] entries,
# most recent first. See the module docstring. Several entries per key, so that
# positions seen alternately (search over sampled worlds) do not evict each other.
_cache: dict = {}
_PER_KEY = 4


def cached_best_completion(fixed: tuple, n: int, blind: bool, unseen: int):
    """``best_completion``, reusing earlier answers while they still hold."""
    key = (fixed, n, blind)
    entries = _cache.get(key)
    start = 0
    if entries is not None:
        for then, result in entries:
            if not unseen & ~then:  # nothing new became unseen since
                if result is None or not result[1] & ~unseen:
                    return result  # and the witness is still unseen
                if len(result) == 3 and result[2] >= start:
                    start = result[2] + 1  # resume the table scan past the lost witness
    if n == 3 and not blind and (not fixed or fixed[-1] < N_CLAN):
        result = table_best_completion(fixed, unseen, start)
    else:
        result = best_completion(fixed, n, blind, unseen)
    if entries is None:
        if len(_cache) > 100_000:
            _cache.clear()
        _cache[key] = [(unseen, result)]
    else:
        entries.insert(0, (unseen, result))
        del entries[_PER_KEY:]
    return result
