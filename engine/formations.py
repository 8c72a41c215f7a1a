"""Formations: how strong a complete side of a stone is.

A strength is one ``int`` so sides compare with ``>``: ``rank * 100 + total``
in a normal fight, the bare total under Blind-Man's Bluff (ranks ignored).
Elite troops (Joker, Spy, Shield-Bearer) are declared at their owner's best.

>>> from engine.cards import parse_card as p
>>> strength([p("R5"), p("R3"), p("R4")])
512
>>> formation(strength([p("B9"), p("G8"), p("R7")]))
{'rank': 'run', 'total': 24, 'cards': 3}
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .cards import COLOUR_OF, JOKER, N_CLAN, SHIELD, SPY, VALUE_OF

COLOUR_RUN, KIND, COLOUR, RUN, SUM = 5, 4, 3, 2, 1

# What each elite troop may be declared as: (colour, value) pairs.
DECLARATIONS = {
    JOKER: tuple((c, v) for c in range(6) for v in range(1, 10)),
    SPY: tuple((c, 7) for c in range(6)),
    SHIELD: tuple((c, v) for c in range(6) for v in (1, 2, 3)),
}
BEST_VALUE = {JOKER: 9, SPY: 7, SHIELD: 3}


def rank_of(pairs) -> int:
    """Rank of a list of (colour, value) pairs forming a complete side."""
    values = sorted(v for _, v in pairs)
    same_colour = len({c for c, _ in pairs}) == 1
    run = all(values[i + 1] == values[i] + 1 for i in range(len(values) - 1))
    if same_colour and run:
        return COLOUR_RUN
    if values[0] == values[-1]:
        return KIND
    if same_colour:
        return COLOUR
    if run:
        return RUN
    return SUM


def _pairs_strength(pairs, blind: bool) -> int:
    total = sum(v for _, v in pairs)
    return total if blind else rank_of(pairs) * 100 + total


def _build_table3() -> dict[int, int]:
    # Inline rank test (same rules as ``rank_of``): this runs over 24,804 triples.
    # Equal strengths share one int object (``canon``), so that the tables built
    # from this one point at ~100 objects, not 24,804: fewer cache misses.
    table: dict = {}
    canon: dict = {}
    for a, b, c in combinations(range(N_CLAN), 3):
        va, vb, vc = VALUE_OF[a], VALUE_OF[b], VALUE_OF[c]
        total = va + vb + vc
        lo, hi = min(va, vb, vc), max(va, vb, vc)
        run = hi - lo == 2 and va != vb and vb != vc and va != vc
        colour = COLOUR_OF[a] == COLOUR_OF[b] == COLOUR_OF[c]
        if colour and run:
            rank = COLOUR_RUN
        elif lo == hi:
            rank = KIND
        elif colour:
            rank = COLOUR
        elif run:
            rank = RUN
        else:
            rank = SUM
        st = rank * 100 + total
        table[(1 << a) | (1 << b) | (1 << c)] = canon.setdefault(st, st)
    return table


class _LazyTable(dict):
    """A dict filled on its first miss, so importing the engine stays cheap (Pyodide)."""

    def __missing__(self, key):
        if not self:
            self.update(_build_table3())
            return self[key]
        raise KeyError(key)


# Every three clan cards, keyed by their bit mask: the hot path of every claim.
TABLE3 = _LazyTable()


# The same strengths in nested lists indexed by three cards in any order,
# ``BY_CARDS[a][b][c]`` (codes 0..62). Three list indexes are cheaper than a mask
# and a dict lookup (or index arithmetic), and there is no need to sort a side or
# test its cards first. Empty until ``by_cards()`` fills it in place (first use,
# ~10 ms); triples with an elite troop are ``None`` until ``strength3`` is asked.
BY_CARDS: list = []


def by_cards() -> list:
    if not BY_CARDS:
        table: list = [[[None] * 63 for _ in range(63)] for _ in range(63)]
        for mask, st in TABLE3.items() if TABLE3 else _build_table3().items():
            a = (mask & -mask).bit_length() - 1
            mask &= mask - 1
            b = (mask & -mask).bit_length() - 1
            c = (mask & (mask - 1)).bit_length() - 1
            ta, tb, tc = table[a], table[b], table[c]
            ta[b][c] = ta[c][b] = tb[a][c] = tb[c][a] = tc[a][b] = tc[b][a] = st
        BY_CARDS.extend(table)
    return BY_CARDS


def strength3(a: int, b: int, c: int) -> int:
    """Strength of three troops in a normal fight (elite troops at their best),
    remembered in ``BY_CARDS``."""
    table = BY_CARDS or by_cards()
    st = table[a][b][c]
    if st is None:
        st = _general_strength(tuple(sorted((a, b, c))), False)[0]
        ta, tb, tc = table[a], table[b], table[c]
        ta[b][c] = ta[c][b] = tb[a][c] = tb[c][a] = tc[a][b] = tc[b][a] = st
    return st


@lru_cache(maxsize=1 << 16)
def _general_strength(cards: tuple, blind: bool) -> tuple[int, tuple]:
    """Best strength and declared (colour, value) pairs, trying every elite declaration."""
    options = [DECLARATIONS[c] if c >= N_CLAN else ((COLOUR_OF[c], VALUE_OF[c]),) for c in cards]
    best = -1
    best_pairs: tuple = ()
    for pairs in product(*options):
        s = _pairs_strength(pairs, blind)
        if s > best:
            best, best_pairs = s, pairs
    return best, best_pairs


def strength(cards, blind: bool = False) -> int:
    """Strength of a complete side (3 or 4 cards, elites at their best)."""
    if len(cards) == 3 and not blind:
        a, b, c = cards
        if a < N_CLAN and b < N_CLAN and c < N_CLAN:
            return TABLE3[(1 << a) | (1 << b) | (1 << c)]
    return _general_strength(tuple(sorted(cards)), blind)[0]


def declared(cards, blind: bool = False) -> tuple:
    """The (colour, value) pairs the side is resolved as, in the order of ``cards``."""
    _, pairs = _general_strength(tuple(sorted(cards)), blind)
    # Map the sorted declaration back onto the caller's order.
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    out = [None] * len(cards)
    for slot, i in enumerate(order):
        out[i] = pairs[slot]
    return tuple(out)


RANK_CODES = {COLOUR_RUN: "color_run", KIND: "kind", COLOUR: "color", RUN: "run", SUM: "sum"}


def formation(s: int, blind: bool = False, n: int = 3) -> dict:
    """A strength as data for the message catalogue: ``rank`` (``color_run``, ``kind``,
    ``color``, ``run``, ``sum``; ``total`` under Blind-Man's Bluff), ``total`` and ``cards``.

    >>> formation(524), formation(24, blind=True)
    ({'rank': 'color_run', 'total': 24, 'cards': 3}, {'rank': 'total', 'total': 24, 'cards': 3})
    """
    if blind:
        return {"rank": "total", "total": s, "cards": n}
    return {"rank": RANK_CODES[s // 100], "total": s % 100, "cards": n}
