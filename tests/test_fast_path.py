"""The fast path agrees with the checked path, move for move.

Many seeded random games (base and tactics, both claim timings, multi-round
matches) are played twice from the same action sequence: through the public,
checked ``apply`` and through ``apply_fast`` on a copy. ``state.key()`` must
match after every action, ``random_action`` must only draw legal actions, and
``apply`` must never mutate its input. The table-driven claim proofs are also
checked against the analytic search they replace.
"""

from __future__ import annotations

import random

import pytest

from engine import Rules, apply, apply_fast, can_claim, claim_verdict, legal_actions, new_game
from engine.beat_tables import beating_witness
from engine.completions import (
    ALL_CLAN,
    best_completion,
    cached_best_completion,
    table_best_completion,
)
from engine.fast import play_out, random_action
from engine.formations import strength
from engine.state import Step, shuffled_decks

VARIANTS = [
    Rules(),
    Rules(tactics=True),
    Rules(claim_timing="start_of_turn"),
    Rules(tactics=True, claim_timing="start_of_turn"),
    Rules(tactics=True, rounds=3, next_starter="winner"),
]


def _uniform_or_claim(state, rng):
    """Like random_action, but drawn from the full legal list (a second opinion)."""
    acts = legal_actions(state)
    if acts[0].kind == "claim":
        return acts[0]
    return acts[rng.randrange(len(acts))]


@pytest.mark.parametrize(
    "rules", VARIANTS, ids=lambda r: f"t{int(r.tactics)}-{r.claim_timing}-r{r.rounds}"
)
def test_fast_path_matches_checked_apply(rules):
    games = 60 if rules.tactics else 40
    for seed in range(games):
        rng = random.Random(seed)
        checked = new_game(rules, seed)
        fast = checked.copy()
        picker = random_action if seed % 2 == 0 else _uniform_or_claim
        steps = 0
        while checked.step != Step.OVER:
            legal = legal_actions(checked)
            a = picker(checked, rng)
            assert a in legal, (seed, steps, a)
            before = checked.key()
            nxt = apply(checked, a)
            assert checked.key() == before, "apply mutated its input"
            apply_fast(fast, a)
            assert fast.key() == nxt.key(), (seed, steps, a)
            # A copy is independent of its original.
            probe = fast.copy()
            assert probe.key() == fast.key()
            checked = nxt
            steps += 1
            assert steps < 2000
        # The cached claim verdicts agree with fresh ones at the end, too.
        for p in (0, 1):
            for s in range(9):
                fresh = checked.copy()
                fresh.proofs = [None] * 18
                assert can_claim(checked, p, s) == can_claim(fresh, p, s)


@pytest.mark.parametrize(
    "rules", VARIANTS, ids=lambda r: f"t{int(r.tactics)}-{r.claim_timing}-r{r.rounds}"
)
def test_random_action_is_legal_and_play_out_matches(rules):
    for seed in range(40):
        s = new_game(rules, seed)
        rng = random.Random(seed)
        actions = []
        while s.step != Step.OVER:
            a = random_action(s, rng)
            assert a in legal_actions(s)
            if any(b.kind == "claim" for b in legal_actions(s)):
                assert a.kind == "claim"  # every provable claim is taken
            actions.append(a)
            apply_fast(s, a)
        t = play_out(new_game(rules, seed), random.Random(seed))
        assert t.key() == s.key()


def test_can_claim_agrees_with_claim_verdict():
    rng = random.Random(7)
    checked = 0
    for seed in range(60):
        s = new_game(Rules(tactics=seed % 2 == 1), seed)
        while s.step != Step.OVER:
            for p in (0, 1):
                for st in range(9):
                    fresh = s.copy()
                    fresh.proofs = [None] * 18
                    ok = can_claim(fresh, p, st)
                    assert ok == claim_verdict(s, p, st)[0], (seed, p, st)
                    assert can_claim(s, p, st) == ok  # through the cached verdicts
                    checked += 1
            apply_fast(s, random_action(s, rng))
    assert checked > 10_000


def _random_unseen(rng, fixed, mine=()):
    unseen = ALL_CLAN
    for c in (*fixed, *mine):
        unseen &= ~(1 << c)
    for c in rng.sample(range(54), rng.randint(0, 45)):
        unseen &= ~(1 << c)
    return unseen


def test_table_and_analytic_best_completion_agree():
    rng = random.Random(11)
    for _ in range(3000):
        k = rng.randint(0, 2)
        fixed = tuple(sorted(rng.sample(range(54), k)))
        unseen = _random_unseen(rng, fixed)
        analytic = best_completion(fixed, 3, False, unseen)
        table = table_best_completion(fixed, unseen)
        if analytic is None:
            assert table is None
            continue
        assert table is not None and table[0] == analytic[0], (fixed, analytic, table)
        assert table[1] & unseen == table[1]
        assert strength(list(fixed) + [c for c in range(54) if table[1] >> c & 1]) == table[0]
        assert cached_best_completion(fixed, 3, False, unseen)[0] == analytic[0]


def test_beating_witness_matches_best_completion():
    rng = random.Random(12)
    for _ in range(3000):
        k = rng.randint(0, 2)
        cards = rng.sample(range(54), k + 3)
        theirs, mine = cards[:k], cards[k:]
        unseen = _random_unseen(rng, theirs, mine)
        ms = strength(mine)
        w = beating_witness(theirs, ms, ALL_CLAN & ~unseen)
        best = best_completion(tuple(sorted(theirs)), 3, False, unseen)
        beaten = best is not None and best[0] > ms
        assert bool(w) == beaten, (theirs, mine, best, ms)
        if w:
            assert w & unseen == w
            if w.bit_count() == 3 - k:  # a whole completion: it really beats
                assert strength(theirs + [c for c in range(54) if w >> c & 1]) > ms
            else:  # one slot: any single witness card beats
                assert w.bit_count() == 1 and k == 2
                assert strength(theirs + [w.bit_length() - 1]) > ms


@pytest.mark.parametrize("rules", VARIANTS[:2], ids=["base", "tactics"])
def test_random_action_draws_exactly_as_from_the_legal_list(rules):
    """Same action and same random draws as ``acts[rng.randrange(len(acts))]``."""
    for seed in range(40):
        s = new_game(rules, seed)
        rng = random.Random(seed)
        while s.step != Step.OVER:
            probe = random.Random()
            probe.setstate(rng.getstate())
            a = random_action(s, rng)
            acts = legal_actions(s)
            expected = acts[0] if acts[0].kind == "claim" else acts[probe.randrange(len(acts))]
            assert a == expected
            assert rng.getstate() == probe.getstate()
            apply_fast(s, a)


def test_deals_are_random_shuffle():

    for seed in (0, 1, 17, "text seed"):
        for round_no in (1, 2):
            for tactics in (False, True):
                rng = random.Random(f"schotten-totten/{seed}/{round_no}")
                clan = list(range(54))
                rng.shuffle(clan)
                tactic = [54, 54, 55, 56, 57, 58, 59, 60, 61, 62] if tactics else []
                rng.shuffle(tactic)
                assert shuffled_decks(Rules(tactics=tactics), seed, round_no) == (clan, tactic)
