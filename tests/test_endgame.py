"""The exact endgame solver (engine/ai/endgame.py): concrete positions, and small random
endgames checked against a plain brute force without memo or cut-offs."""

from __future__ import annotations

import random

import pytest

from engine import Rules, apply, legal_actions, new_game, view
from engine.actions import Action, Kind
from engine.ai.endgame import Solver, best_action, decks_empty, result, solve
from engine.ai.hard import HardAgent
from engine.cards import parse_card
from engine.rules import CAPACITY
from engine.state import AFTER_PLAY, START_OF_TURN, Step
from engine.turn import apply_fast


def position(hands, sides, owner=(), to_move=0, timing=AFTER_PLAY):
    """A base-game position with both decks empty: ``sides`` maps (stone, player) to cards."""
    s = new_game(Rules(tactics=False, claim_timing=timing, rounds=1), seed=0)
    s.decks = [[], []]
    s.hands = [sorted(parse_card(c) for c in h) for h in hands]
    s.sides = [[] for _ in range(18)]
    s.done_at = [0] * 18
    s.faceup = 0
    tick = 1
    for (stone, q), cards in sides.items():
        side = [parse_card(c) for c in cards]
        s.sides[2 * stone + q] = side
        for c in side:
            s.faceup |= 1 << c
        if len(side) == CAPACITY[s.modes[stone]]:
            s.done_at[2 * stone + q] = tick
            tick += 1
    s.tick = tick
    s.owner = [-1] * 9
    for stone, q in owner:
        s.owner[stone] = q
    s.proofs = [None] * 18
    s.to_move, s.step, s.played, s.claimed, s.passes = to_move, Step.PLAY, False, False, 0
    return s


def brute(state, p: int) -> float:
    """The round's value for ``p`` by plain minimax over every legal action (no memo, no
    cut-offs), under the solver's one convention: after two passes in succession a player
    who may claim does."""
    if state.step == Step.OVER or state.step == Step.ROUND_OVER:
        return result(state, p)
    acts = legal_actions(state)
    claims = [a for a in acts if a.kind == Kind.CLAIM]
    if claims and state.passes >= 2:
        acts = claims
    vals = []
    for a in acts:
        t = state.copy()
        apply_fast(t, a)
        vals.append(brute(t, p))
    return max(vals) if state.to_move == p else min(vals)


def test_a_run_completed_and_claimed_wins_three_adjacent():
    s = position(
        hands=[["R7", "O2"], ["Y1", "G3"]],
        sides={(2, 0): ["R8", "R9"], (2, 1): ["O1", "Y2", "G5"]},
        owner=[(0, 0), (1, 0)],
    )
    value, action = best_action(s, 0)
    assert value == 1.0
    assert action == Action(Kind.PLAY, parse_card("R7"), 2)
    values = solve(s, 0)
    assert values[Action(Kind.PLAY, parse_card("R7"), 2)] == 1.0
    # O2 there wins too (a sum of 19 against 8); elsewhere, South still completes stone 2 next.
    assert set(values.values()) == {1.0}


def test_a_threat_the_mover_cannot_stop_is_a_loss():
    s = position(
        hands=[["O2", "Y3"], ["R7", "B1"]],
        sides={(2, 1): ["R8", "R9"], (2, 0): ["O1", "Y2", "G5"]},
        owner=[(0, 1), (1, 1)],
    )
    assert best_action(s, 0)[0] == 0.0
    assert set(solve(s, 0).values()) == {0.0}
    # From North's seat, to move after South: a win.
    t = s.copy()
    apply_fast(t, Action(Kind.PLAY, parse_card("O2"), 5))
    assert best_action(t, 1)[0] == 1.0


def test_the_only_winning_move_is_found_whatever_the_order():
    # North threatens stone 2 (R7 completes a red run there, and 0, 1, 2 are adjacent).
    # South wins first only with G7 on stone 5: a green run beats North's three fours,
    # and 3, 4, 5 are adjacent. O1 there makes a mere sum, which loses.
    s = position(
        hands=[["O1", "G7"], ["R7", "Y1"]],
        sides={
            (2, 1): ["R8", "R9"],
            (2, 0): ["O2", "Y2", "G5"],
            (5, 0): ["G9", "G8"],
            (5, 1): ["P4", "O4", "Y4"],
        },
        owner=[(3, 0), (4, 0), (0, 1), (1, 1)],
    )
    win = Action(Kind.PLAY, parse_card("G7"), 5)
    values = solve(s, 0)
    assert [a for a, v in values.items() if v == 1.0] == [win]
    assert values[Action(Kind.PLAY, parse_card("O1"), 5)] == 0.0
    assert best_action(s, 0, actions=sorted(values, key=lambda a: a.card)) == (1.0, win)


def small_endgames(n: int, seed: int, cards: int = 2):
    """Positions from random games once both decks are empty, hands cut to ``cards``."""
    rng = random.Random(seed)
    g = 0
    while n > 0:
        g += 1
        timing = (AFTER_PLAY, START_OF_TURN)[g % 2]
        s = new_game(Rules(tactics=g % 3 == 0, claim_timing=timing, rounds=1), seed=seed * 1000 + g)
        while not s.over and not (decks_empty(s) and s.step == Step.PLAY):
            s = apply(s, rng.choice(legal_actions(s)))
        if s.over:
            continue
        for q in (0, 1):
            s.hands[q] = s.hands[q][:cards]
        n -= 1
        yield s


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_random_small_endgames_agree_with_brute_force():
    checked = 0
    for s in small_endgames(12, seed=1, cards=1):
        p = s.to_move
        values = solve(s, p, nodes=10**6)
        for a, v in values.items():
            t = s.copy()
            apply_fast(t, a)
            assert v == brute(t, p), (s.key(), a)
        best = best_action(s, p, nodes=10**6)
        assert best[0] == max(values.values())
        assert values[best[1]] == best[0]
        # And from the other seat, the same position is worth the rest.
        assert solve(s, 1 - p, nodes=10**6)[best[1]] == 1.0 - best[0]
        checked += 1
    for s in small_endgames(3, seed=4, cards=2):
        p = s.to_move
        assert best_action(s, p, nodes=10**6)[0] == brute(s, p)
        checked += 1
    assert checked == 15


def test_a_budget_too_small_gives_up():
    s = next(small_endgames(1, seed=2, cards=7))
    assert solve(s, s.to_move, nodes=3) is None
    assert best_action(s, s.to_move, nodes=3) is None


def test_hard_plays_a_winning_endgame_move():
    """From the view alone (the opponent's hand known by elimination), Hard finds a win."""
    found = 0
    for s in small_endgames(30, seed=3, cards=7):
        p = s.to_move
        solved = best_action(s, p, nodes=5000)
        if solved is None or solved[0] != 1.0:
            continue
        a = HardAgent(iterations=4, candidates=2).choose(view(s, p), random.Random(found))
        t = s.copy()
        apply_fast(t, a)
        assert Solver(p, 10**6).value(t, 0.75, 1.0) == 1.0, (s.key(), a)
        found += 1
        if found == 3:
            break
    assert found == 3
