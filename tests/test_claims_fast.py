"""The inlined claim proofs in ``rules.can_claim`` agree with ``completions.best_completion``.

``can_claim`` answers a normal fight with quick threshold tests (two unseen cards of the
opponent's colour, any unseen Color-Run, one-slot tables, rank-by-rank tests such as
``beat1_low``). Each random case here builds a side of three troops against 0-3 troops
(clan cards and elite troops), turns a random part of the clan deck face up, and checks
the verdict against the analytic search, and the witness a failed proof leaves in
``state.proofs``: unseen cards that complete the opponent's side into one that beats us.
"""

from __future__ import annotations

import random

from engine import Rules, can_claim, new_game
from engine.beat_tables import beat1_low
from engine.cards import JOKER, N_CLAN, SHIELD, SPY
from engine.completions import ALL_CLAN, best_completion
from engine.formations import BY_CARDS, strength, strength3

ELITE = (JOKER, SPY, SHIELD)


def _state(mine, theirs, faceup, first=True):
    s = new_game(Rules(tactics=True), 0)
    s.sides[8] = list(mine)  # stone 4, South
    s.sides[9] = list(theirs)  # stone 4, North
    s.done_at[8] = 1 if first else 3
    s.done_at[9] = 2 if len(theirs) == 3 else 0
    s.faceup = faceup
    return s


def _case(rng, elites: float):
    """Random mine (3 troops) and theirs (0-3 troops), and the face-up clan cards."""
    clan = rng.sample(range(N_CLAN), 6)
    if rng.random() < 0.3:  # strong sides of ours: a Run, Color, Kind or Color-Run
        c, v = rng.randrange(6), rng.randrange(7)
        shape = rng.randrange(4)
        if shape == 0:
            trio = [c * 9 + v + d for d in range(3)]
        elif shape == 1:
            trio = [c * 9 + x for x in rng.sample(range(9), 3)]
        elif shape == 2:
            trio = [x * 9 + v for x in rng.sample(range(6), 3)]
        else:
            trio = [rng.randrange(6) * 9 + v + d for d in range(3)]
        rest = [x for x in clan if x not in trio]
        clan = trio + rest[:3]
        if len(set(clan)) < 6:
            clan = rng.sample(range(N_CLAN), 6)
    mine, theirs = clan[:3], clan[3 : 3 + rng.choice((0, 1, 1, 2, 2, 3))]
    if rng.random() < elites:
        mine[rng.randrange(3)] = rng.choice(ELITE)
    if theirs and rng.random() < elites:
        theirs[rng.randrange(len(theirs))] = rng.choice(ELITE)
    rng.shuffle(mine)
    faceup = 0
    for c in mine + theirs:
        if c < N_CLAN:
            faceup |= 1 << c
    for c in rng.sample(range(N_CLAN), rng.choice((0, 5, 15, 25, 35, 45, 50))):
        faceup |= 1 << c
    return mine, theirs, faceup


def _check(mine, theirs, faceup):
    unseen = ALL_CLAN & ~faceup
    ms = strength(mine)
    if len(theirs) == 3:
        expect = ms >= strength(theirs)  # ties: we completed first
    else:
        best = best_completion(tuple(sorted(theirs)), 3, False, unseen)
        expect = best is None or best[0] <= ms
    s = _state(mine, theirs, faceup)
    got = can_claim(s, 0, 4)
    where = (mine, theirs, bin(faceup))
    assert got is expect, where
    w = s.proofs[8]
    if got:
        assert w is True, where
    elif len(theirs) < 3:
        assert w and w & unseen == w, where  # the witness is unseen
        added = [c for c in range(N_CLAN) if w >> c & 1]
        if len(added) == 3 - len(theirs):  # a whole completion that beats us
            assert strength(theirs + added) > ms, where
        else:  # one slot: any single card beats us
            assert len(added) == 1 and len(theirs) == 2, where
            assert strength(theirs + added) > ms, where
    assert can_claim(s, 0, 4) is got  # and the remembered verdict agrees
    return got


def test_inlined_proofs_match_best_completion_clan_only():
    rng = random.Random(31)
    verdicts = set()
    for _ in range(20_000):
        verdicts.add(_check(*_case(rng, 0.0)))
    assert verdicts == {True, False}


def test_inlined_proofs_match_best_completion_with_elite_troops():
    rng = random.Random(32)
    verdicts = set()
    for _ in range(8_000):
        verdicts.add(_check(*_case(rng, 0.5)))
    assert verdicts == {True, False}


def test_weak_sides_against_one_card_late_in_the_game():
    """Few unseen cards: the quick colour test fails and ``beat1_low`` decides."""
    rng = random.Random(33)
    decided = 0
    for _ in range(20_000):
        x, *mine = rng.sample(range(N_CLAN), 4)
        faceup = 1 << x
        for c in mine + rng.sample(range(N_CLAN), rng.randint(25, 50)):
            faceup |= 1 << c
        ms = strength(mine)
        if ms >= 300:
            continue
        unseen = ALL_CLAN & ~faceup
        colour = unseen >> (x - x % 9) & 511 & ~(1 << x % 9)
        if colour & (colour - 1):
            continue  # the quick test would answer
        best = best_completion((x,), 3, False, unseen)
        w = beat1_low(x, unseen, ms)
        assert bool(w) == (best is not None and best[0] > ms), (x, mine, bin(faceup))
        if w:
            assert w & unseen == w and w.bit_count() == 2
            assert strength([x] + [c for c in range(N_CLAN) if w >> c & 1]) > ms
        _check(mine, [x], faceup)
        decided += 1
    assert decided > 2_000


def test_strength_table_remembers_elite_triples():
    for trio in ((JOKER, 3, 4), (SPY, SHIELD, 20), (JOKER, SPY, SHIELD), (0, 1, 2)):
        st = strength3(*trio)
        assert st == strength(list(trio))
        a, b, c = trio
        assert BY_CARDS[c][a][b] == st and BY_CARDS[b][c][a] == st


# ---- the table forms used by ``rules.can_claim`` (2026-11-22 speed-up)


def _mask(text):
    from engine.cards import parse_card

    return sum(1 << parse_card(c) for c in text.split())


def test_colour_run_rows_find_the_lowest_unseen_colour_run():
    """The per-colour scan gives the same witness as ``(r & -r) * 7`` on the whole mask."""
    from engine.beat_tables import RUN0, RUN1, RUN2, RUN3, RUN4, RUN5, STARTS3

    rng = random.Random(34)
    for _ in range(20_000):
        faceup = 0
        for c in rng.sample(range(N_CLAN), rng.randint(0, 54)):
            faceup |= 1 << c
        u = ALL_CLAN ^ faceup
        r = u & (u >> 1) & (u >> 2) & STARTS3
        scan = (
            RUN0[faceup & 511]
            or RUN1[faceup >> 9 & 511]
            or RUN2[faceup >> 18 & 511]
            or RUN3[faceup >> 27 & 511]
            or RUN4[faceup >> 36 & 511]
            or RUN5[faceup >> 45]
        )
        assert scan == (r & -r) * 7, bin(faceup)


def test_empty_side_refuted_by_a_colour_run_in_a_later_colour():
    # Red and Orange have no three unseen in a row; Yellow 1-2-3 are all unseen.
    faceup = _mask("R3 R6 R9 O2 O5 O8 B9 G8 P7 Y9")
    s = _state(_cards("R9 B9 G8"), [], faceup)  # a Sum totalling 26
    assert can_claim(s, 0, 4) is False
    assert s.proofs[8] == _mask("Y1 Y2 Y3")
    # Our Color-Run 7-8-9 is beaten only by a stronger Color-Run: there is none.
    s = _state(_cards("B7 B8 B9"), [], faceup | _mask("B7 B8"))
    assert can_claim(s, 0, 4) is True


def test_one_card_quick_test_witness_is_in_place():
    from engine.beat_tables import X1, X1W

    for x in range(N_CLAN):
        c9, two = X1[x]
        assert X1W[x][0] == c9 and X1W[x][1] == [w << c9 for w in two]
    for elite in ELITE:
        assert not any(X1W[elite][1])
    # Against G5: G1 and G2 are the two lowest unseen Greens; they make a Color.
    s = _state(_cards("R2 O4 Y9"), _cards("G5"), _mask("R2 O4 Y9 G5"))
    assert can_claim(s, 0, 4) is False
    assert s.proofs[8] == _mask("G1 G2")


def test_elite_troops_against_one_open_slot_use_their_own_table():
    from engine.beat_tables import PAIR_ROWS

    # Joker R9 against our Color-Run B1 B2 B3 (506): Joker as R7 with R8, or as R8 with
    # R7, makes a Color-Run 7-8-9 (524). R7 is face up: R8 is the witness.
    mine, theirs = _cards("B1 B2 B3"), [JOKER] + _cards("R9")
    s = _state(mine, theirs, _mask("B1 B2 B3 R9 R7"))
    assert can_claim(s, 0, 4) is False
    assert s.proofs[8] == _mask("R8")
    assert PAIR_ROWS[JOKER][_cards("R9")[0]] is not None
    # R7 and R8 both face up: the best left is Three of a Kind 9s (427).
    s = _state(mine, theirs, _mask("B1 B2 B3 R9 R7 R8"))
    assert can_claim(s, 0, 4) is True
    # Spy and Shield-Bearer together: Spy as 7, Shield-Bearer as 3 leaves no Run or
    # Kind with one clan card; same colour with a 9 makes a Color totalling 19.
    s = _state(_cards("R9 O9 Y1"), [SPY, SHIELD], _mask("R9 O9 Y1"))  # a Sum of 19
    assert can_claim(s, 0, 4) is False  # a Color of 19 or better
    s = _state(_cards("R5 R6 R7"), [SPY, SHIELD], _mask("R5 R6 R7"))  # Color-Run 518
    assert can_claim(s, 0, 4) is True
    for mine, theirs, faceup in (
        (_cards("R9 O9 Y1"), [SPY, SHIELD], _mask("R9 O9 Y1")),
        (_cards("B1 B2 B3"), [JOKER] + _cards("R9"), _mask("B1 B2 B3 R9 R7")),
    ):
        _check(mine, theirs, faceup)


def _cards(text):
    from engine.cards import parse_card

    return [parse_card(c) for c in text.split()]
