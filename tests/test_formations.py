"""Formations: ranks, totals, elite declarations, Blind-Man's Bluff, four-card sides."""

import json
import random
from itertools import combinations

import pytest
from helpers import DATA, C, ref_strength

from engine.cards import JOKER, N_CLAN, SHIELD, SPY
from engine.formations import (
    COLOUR,
    COLOUR_RUN,
    KIND,
    RUN,
    SUM,
    declared,
    rank_of,
    strength,
)
from engine.words import describe_strength

CASES = json.loads((DATA / "formations.json").read_text())["cases"]
RANKS = {
    "Color-Run": COLOUR_RUN,
    "Three of a Kind": KIND,
    "Four of a Kind": KIND,
    "Color": COLOUR,
    "Run": RUN,
    "Sum": SUM,
}


@pytest.mark.parametrize(
    "case", CASES, ids=[("blind " if c.get("blind") else "") + c["cards"] for c in CASES]
)
def test_golden_formations(case):
    cards = C(case["cards"])
    blind = case.get("blind", False)
    s = strength(cards, blind)
    if blind:
        assert s == case["total"]
        assert describe_strength(s, True, len(cards)) == f"a total of {case['total']}"
    else:
        assert (s // 100, s % 100) == (RANKS[case["rank"]], case["total"]), case.get("why")
        text = describe_strength(s, False, len(cards))
        assert text.endswith(f"{case['rank']} totalling {case['total']}")
    # The declaration the engine shows resolves to the same strength.
    pairs = declared(cards, blind)
    total = sum(v for _, v in pairs)
    assert s == (total if blind else rank_of(pairs) * 100 + total)
    for card, (colour, value) in zip(cards, pairs):
        if card < N_CLAN:
            assert (colour, value) == (card // 9, card % 9 + 1)
        elif card == SPY:
            assert value == 7
        elif card == SHIELD:
            assert value in (1, 2, 3)


def test_rank_order_and_tie_on_total():
    color_run, kind = strength(C("R1 R2 R3")), strength(C("R9 B9 G9"))
    colour, run, total = strength(C("R9 R8 R1")), strength(C("B9 G8 R7")), strength(C("R9 B9 G8"))
    assert color_run > kind > colour > run > total
    assert strength(C("B7 B8 B9")) > strength(C("G6 G7 G8"))  # equal rank: higher total
    assert strength(C("B7 B8 B9")) == strength(C("G7 G8 G9"))  # equal: completed-first decides


def test_blind_mans_bluff_ignores_ranks():
    assert strength(C("R1 R2 R3"), blind=True) < strength(C("B9 G8 R1"), blind=True)
    assert strength(C("R1 R2 R3")) > strength(C("B9 G8 R1"))


def test_articles_in_descriptions():
    assert describe_strength(strength(C("B9 G8 R7"))) == "a Run totalling 24"
    assert describe_strength(strength(C("R6 B6 G6 Y6")), n=4) == "a Four of a Kind totalling 24"
    assert describe_strength(21, blind=True) == "a total of 21"


def test_random_sides_agree_with_reference():
    """Three- and four-card sides, clan cards and elites, normal and blind, vs brute force."""
    rng = random.Random(1234)
    for i in range(600):
        n = 3 if i % 3 else 4
        elites = rng.sample([JOKER, SPY, SHIELD], rng.choice([0, 0, 0, 1, 1, 2]))
        cards = elites + rng.sample(range(N_CLAN), n - len(elites))
        rng.shuffle(cards)
        for blind in (False, True):
            assert strength(cards, blind) == ref_strength(cards, blind), (cards, blind)


def test_every_three_clan_cards_of_two_colours_agree_with_reference():
    # Exhaustive over a slice (R and B, all values): every rank occurs.
    pool = C(" ".join(f"R{v} B{v}" for v in range(1, 10)))
    for trio in combinations(pool, 3):
        assert strength(list(trio)) == ref_strength(trio), trio
