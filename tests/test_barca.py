"""Barca, the arena's sparring partner (engine/ai/barca.py): its model and its play."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import Rules, apply, new_game, view
from engine.ai import LEVEL_NAMES, LEVELS, SPARRING, make_agent
from engine.ai.barca import BarcaAgent, reach, round_chance, stone_chance
from engine.ai.world import Worlds
from engine.cards import parse_card
from engine.formations import strength
from engine.state import AFTER_PLAY, START_OF_TURN


def shape_win(mine: tuple) -> float:
    """My share of the round for stones won (1) and lost (0), all nine decided."""

    def has(x):
        return sum(x) >= 5 or any(x[i] and x[i + 1] and x[i + 2] for i in range(7))

    me, them = has(mine), has(tuple(1 - b for b in mine))
    return 0.5 if me == them else 1.0 if me else 0.0


@pytest.mark.parametrize(
    "ps",
    [
        [0.5] * 9,
        [0.9, 0.1, 0.7, 0.3, 0.5, 0.6, 0.2, 0.8, 0.4],
        [1.0, 1.0, 0.0, 0.2, 0.5, 0.5, 0.0, 1.0, 0.3],
    ],
)
def test_round_chance_is_the_sum_over_every_outcome(ps):
    exact = 0.0
    for mine in itertools.product((0, 1), repeat=9):
        w = 1.0
        for p, b in zip(ps, mine):
            w *= p if b else 1.0 - p
        exact += w * shape_win(mine)
    assert round_chance(ps) == pytest.approx(exact)


def test_round_chance_extremes():
    assert round_chance([1.0] * 9) == 1.0
    assert round_chance([0.0] * 9) == 0.0
    assert round_chance([1.0, 1.0, 1.0] + [0.0] * 6) == pytest.approx(0.5)  # both have a shape


def test_complete_sides_compare_exactly():
    run = [parse_card(c) for c in ("R7", "R8", "R9")]
    low = [parse_card(c) for c in ("O1", "Y2", "G4")]
    a, b = reach(run, 3, False, []), reach(low, 3, False, [])
    assert a == [(strength(run), 1.0)]
    assert stone_chance(a, b, False) == 1.0
    assert stone_chance(b, a, False) == 0.0
    assert stone_chance(a, a, True) == 1.0 and stone_chance(a, a, False) == 0.5


def test_a_side_that_cannot_be_completed_loses_to_one_that_is():
    full = reach([parse_card(c) for c in ("O1", "Y2", "G4")], 3, False, [])
    assert reach([parse_card("R9")], 3, False, []) == []
    assert stone_chance([], full, False) == 0.0


def test_more_likely_cards_reach_higher():
    side = [parse_card("R8"), parse_card("R9")]
    sure = reach(side, 3, False, [(parse_card("R7"), 1.0)])
    maybe = reach(side, 3, False, [(parse_card("R7"), 0.3)])
    assert sure[0] == (strength(side + [parse_card("R7")]), pytest.approx(1.0))
    assert maybe[0][1] == pytest.approx(0.3)


def test_barca_is_a_sparring_partner_not_a_level():
    assert "barca" in SPARRING and "barca" not in LEVELS and "barca" not in LEVEL_NAMES
    assert isinstance(make_agent("barca", iterations=10), BarcaAgent)
    assert make_agent("barca", playouts=2).playouts == 2


@pytest.mark.parametrize(
    "playouts", [0, pytest.param(2, marks=[pytest.mark.slow, pytest.mark.soak])]
)  # 2: ~1.5 min, in the soak run (README)
def test_barca_ignores_hidden_cards(playouts):
    rng = random.Random(5)
    s = new_game(Rules(tactics=True), seed=11)
    for _ in range(14):
        s = apply(s, make_agent("easy").choose(view(s, s.to_move), rng))
    p = s.to_move
    v = view(s, p)
    worlds = Worlds(v)
    picks = set()
    for k in range(2):
        other = worlds.sample(random.Random(k))
        assert view(other, p) == v
        picks.add(BarcaAgent(playouts).choose(view(other, p), random.Random(9)))
    assert len(picks) == 1


@pytest.mark.slow  # seconds
def test_barca_plays_complete_legal_games():
    # Both variants and both claim timings in two games: the base game with claims after a
    # play, Tactic with claims at the turn's start.
    for g, (tactics, timing) in ((0, (False, AFTER_PLAY)), (3, (True, START_OF_TURN))):
        s = new_game(Rules(tactics=tactics, claim_timing=timing, rounds=1), seed=g)
        # Playouts are exercised by test_barca_ignores_hidden_cards[2]; whole games without.
        agents = [BarcaAgent(playouts=0), make_agent("easy")]
        rng = random.Random(g)
        moves = 0
        while not s.over:
            s = apply(s, agents[s.to_move].choose(view(s, s.to_move), rng))
            moves += 1
            assert moves < 500
