"""Hidden worlds listed instead of sampled near the end of a round (engine/ai/world.py):
the list is exactly the set of worlds a brute force over every deal finds, each consistent
with the view, dealt once each per cycle; too many worlds, or two hidden Jokers, are
sampled as before."""

from __future__ import annotations

import itertools
import random

from engine import Rules, view
from engine.ai.world import ENUMERATE, Worlds
from tests.helpers import sample_states


def _late_views(rules, seeds, want, deck=2):
    """Views of the player to move once the clan deck is down to ``deck`` cards or fewer,
    from seeded games."""
    out = []
    for seed in seeds:
        for s in sample_states(rules, seed, every=1):
            v = view(s, s.to_move)
            if v["deck_sizes"][0] <= deck and not v["outcome"]:
                out.append(v)
                break
        if len(out) >= want:
            break
    return out


def _brute(w: Worlds) -> set:
    """Every world: each order of all hidden cards, cut into hand and decks."""
    worlds = set()
    for clan in itertools.permutations(w.unseen_clan):
        for tac in itertools.permutations(w.unseen_tactics):
            hand = tuple(sorted(clan[: w.opp_clan] + tac[: w.opp_tactics]))
            worlds.add((hand, clan[w.opp_clan :], tac[w.opp_tactics :]))
    return worlds


def _key(world):
    hand, clan, tac = world
    return tuple(sorted(hand)), tuple(clan), tuple(tac)


def test_the_listed_worlds_are_exactly_every_deal_and_each_looks_like_the_view():
    views = _late_views(Rules(), range(1, 60), want=5)
    assert len(views) == 5
    listed = 0
    for v in views:
        w = Worlds(v)
        assert w.count() == len(_brute(w))
        if w.count() > ENUMERATE:
            assert w.enumerated is None
            continue
        listed += 1
        assert w.enumerated == w.count()
        assert {_key(x) for x in w.all} == _brute(w)
        rng = random.Random(3)
        dealt = [w.sample(rng) for _ in range(w.enumerated)]
        # One cycle deals every world once; each is the view from the seat.
        seen = {
            (tuple(s.hands[1 - v["player"]]), tuple(s.decks[0]), tuple(s.decks[1])) for s in dealt
        }
        assert seen == _brute(w)
        assert all(view(s, v["player"]) == v for s in dealt)
    assert listed >= 2, "the late positions had few enough worlds to list"


def test_early_on_or_with_both_jokers_hidden_the_worlds_are_sampled():
    states = sample_states(Rules(tactics=True), 2, every=1)
    early = view(states[0], states[0].to_move)
    w = Worlds(early)
    assert w.count() > ENUMERATE and w.enumerated is None and w.all is None
    # Two hidden cards alike (both Jokers share one code): the deals of the list would not
    # be equally likely, so the worlds are sampled however few they are.
    late = next(
        w
        for w in map(Worlds, _late_views(Rules(), range(1, 60), want=8, deck=1))
        if w.count() <= ENUMERATE // 2
    )
    assert late._listed() is not None
    joker = 54
    late.unseen_tactics, late.opp_tactics, late.tactic_deck_size = [joker, joker], 1, 1
    late.unseen_clan, late.opp_clan = late.unseen_clan[1:], late.opp_clan - 1
    assert late.count() <= ENUMERATE  # few enough: only the Jokers keep it from the list
    assert late._listed() is None
    late.unseen_tactics = [joker, joker + 1]
    assert late._listed() is not None


def test_a_search_stops_after_seeing_every_listed_world():
    from engine.ai.hard import HardAgent

    v = next(
        v
        for v in _late_views(Rules(), range(1, 60), want=8)
        if Worlds(v).enumerated and len(v["legal"]) > 1
    )
    agent = HardAgent(iterations=100_000, endgame=0)
    agent.choose(v, random.Random(1))
    n = Worlds(v).enumerated
    assert 0 < agent.last_iterations <= n * agent.candidates
