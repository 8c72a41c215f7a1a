"""Formations: how strong a complete side of a stone is.

A strength is one ``int`` so sides compare with ``>``: ``rank * 100 + total``
in a normal fight, the bare total under Blind-Man's Bluff (ranks ignored).
Elite troops (Joker, Spy, Shield-Bearer) are declared at their owner's best.

>>> from engine.cards import parse_card as p
>>> strength([p("R5"), p("R3"), p("R4")])
512
>>> describe_strength(strength([p("B9"), p("G8"), p("R7")]))
'a Run totalling 24'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from .cards import COLOUR_OF, JOKER, N_CLAN, SHIELD, SPY, VALUE_OF

COLOUR_RUN, KIND, COLOUR, RUN, SUM = 5, 4, 3, 2, 1
RANK_NAMES = {COLOUR_RUN: "Color-Run", KIND: "Three of a Kind", COLOUR: "Color", RUN: "Run",
              SUM: "Sum"}

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
    table = {}
    for a, b, c in combinations(range(N_CLAN), 3):
        pairs = [(COLOUR_OF[x], VALUE_OF[x]) for x in (a, b, c)]
        table[(1 << a) | (1 << b) | (1 << c)] = _pairs_strength(pairs, False)
    return table


# Every three clan cards, keyed by their bit mask: the hot path of every claim.
TABLE3 = _build_table3()


@lru_cache(maxsize=1 << 16)
def _general_strength(cards: tuple, blind: bool) -> tuple[int, tuple]:
    """Best strength and declared (colour, value) pairs, trying every elite declaration."""
    options = [DECLARATIONS[c] if c >= N_CLAN else ((COLOUR_OF[c], VALUE_OF[c]),) for c in cards]
    best, best_pairs = -1, ()
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
    s, pairs = _general_strength(tuple(sorted(cards)), blind)
    # Map the sorted declaration back onto the caller's order.
    order = sorted(range(len(cards)), key=lambda i: cards[i])
    out = [None] * len(cards)
    for slot, i in enumerate(order):
        out[i] = pairs[slot]
    return tuple(out)


def rank_name(rank: int, n: int = 3) -> str:
    if rank == KIND and n == 4:
        return "Four of a Kind"
    return RANK_NAMES[rank]


def describe_strength(s: int, blind: bool = False, n: int = 3) -> str:
    """``a Run totalling 21``; under Blind-Man's Bluff ``a total of 21``."""
    if blind:
        return f"a total of {s}"
    name = rank_name(s // 100, n)
    article = "an" if name[0] in "AEIOU" else "a"
    return f"{article} {name} totalling {s % 100}"
