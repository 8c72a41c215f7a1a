"""Hard's search shared by several workers (engine/ai/hard.py: ``HardAgent.share`` in each
worker, ``merge_shares`` of their answers): stated positions, the merge's rule on made-up
shares, a shared search agreeing with one search on sampled positions, and a hint shared by
the workers as the page does it (web/ai_worker.py share and merge)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from engine import Rules, legal_actions, view
from engine.actions import action_to_json
from engine.ai.explain import advice
from engine.ai.hard import HardAgent, merge_shares
from tests.helpers import sample_states
from tests.test_review import _winning_claim_position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import ai_worker  # web/ is not a package: the page's own modules
from session import Session


def _shares(v, workers, iterations, seed=7):
    return [
        HardAgent(iterations=iterations).share(v, random.Random(seed + i)) for i in range(workers)
    ]


def test_each_worker_searches_its_own_worlds_and_the_merge_finds_the_winning_move():
    v = view(_winning_claim_position(), 0)
    shares = _shares(v, 3, 120)
    assert all("arms" in s and s["iterations"] > 0 for s in shares)
    # Other seeds, other worlds: the workers' sums differ.
    assert len({tuple(a["w"] for a in s["arms"]) for s in shares}) == 3
    for s in shares:
        assert {"kind": "play", "card": "R9", "stone": 0} in [a["action"] for a in s["arms"]]
    assert merge_shares(shares) == {"kind": "play", "card": "R9", "stone": 0}


def test_a_decision_without_search_comes_back_as_an_action_in_every_share():
    s = _winning_claim_position()
    only = view(s, 1)  # North is not to move: nothing to decide is refused elsewhere
    assert only["legal"] == []
    claims = view(s, 0)
    claims = {**claims, "legal": [{"kind": "claim", "stone": 0}, {"kind": "done"}], "step": "claim"}
    shares = _shares(claims, 2, 50)
    assert shares[0] == shares[1] and "action" in shares[0]
    assert merge_shares(shares) == shares[0]["action"]


def _arm(action, prior, vals, live=True):
    return {
        "action": action,
        "prior": prior,
        "n": len(vals),
        "w": sum(vals),
        "vals": vals,
        "live": live,
    }


def test_the_merge_compares_moves_over_the_worlds_both_were_tried_in():
    a, b, c = ({"kind": "play", "card": f"R{i}", "stone": 0} for i in (1, 2, 3))
    # Worker 1's worlds are good for every move, worker 2's bad. Move b was dropped early in
    # worker 2, so its plain mean over all worlds (0.68) is above a's (0.55), though in
    # the worlds both saw b did worse than a every time.
    shares = [
        {
            "arms": [
                _arm(a, 0.5, [0.9, 0.9, 0.9, 0.9, 0.9, 0.9]),
                _arm(b, 0.4, [0.85, 0.85, 0.85, 0.85, 0.85, 0.85]),
                _arm(c, 0.3, [0.1, 0.1, 0.1, 0.1], live=False),
            ],
            "iterations": 16,
        },
        {
            "arms": [
                _arm(a, 0.5, [0.2, 0.2, 0.2, 0.2, 0.2, 0.2]),
                _arm(b, 0.4, [0.15, 0.15], live=False),
                _arm(c, 0.3, [0.1, 0.1, 0.1, 0.1], live=False),
            ],
            "iterations": 16,
        },
    ]
    assert merge_shares(shares) == a
    # A move every worker dropped does not count, however it did.
    shares[0]["arms"][2]["vals"] = [0.99] * 4
    assert merge_shares(shares) == a
    # Live in one worker and better there over the same worlds: chosen.
    shares[0]["arms"][2] = _arm(c, 0.3, [1.0] * 6)
    assert merge_shares(shares) == c


def test_one_worker_s_share_merges_to_the_move_its_search_plays():
    for state in sample_states(Rules(tactics=True), seed=8, every=4)[:8]:
        v = view(state, state.to_move)
        share = HardAgent(iterations=90).share(v, random.Random(4))
        chosen = HardAgent(iterations=90).choose(v, random.Random(4))
        assert merge_shares([share]) == action_to_json(chosen)


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_a_shared_search_plays_legal_moves_like_one_search_on_sampled_positions():
    agree = total = 0
    for state in sample_states(Rules(), seed=5, every=3)[:12]:
        v = view(state, state.to_move)
        if len(v["legal"]) < 2:
            continue
        merged = merge_shares(_shares(v, 2, 60, seed=3))
        assert merged in [action_to_json(x) for x in legal_actions(state)]
        one = action_to_json(HardAgent(iterations=120).choose(v, random.Random(3)))
        total += 1
        agree += merged == one
    assert total >= 6
    assert agree >= total // 2, (agree, total)  # the same search, split: mostly the same move


def test_the_arena_stand_in_for_shared_workers_decides_as_the_browser_would():
    # HardAgent(workers=N) is the arena's model of N browser workers: a share each with
    # seeds seed, seed + 1, ..., merged; the same seeds give the same move as by hand.
    v = view(_winning_claim_position(), 0)
    agent = HardAgent(iterations=120, workers=3)
    rng = random.Random(11)
    move = agent.choose(v, rng)
    seed = random.Random(11).getrandbits(32)
    by_hand = merge_shares(_shares(v, 3, 120, seed=seed))
    assert action_to_json(move) == by_hand == {"kind": "play", "card": "R9", "stone": 0}
    assert agent.last_iterations == sum(s["iterations"] for s in _shares(v, 3, 120, seed=seed))


def test_a_hint_is_shared_by_the_workers_and_merged_with_its_reason():
    # The page's path (web/js/ai.js): the session's hint request goes to every worker's
    # ``share`` with its own seed, and the first worker's ``merge`` adds the reason.
    s = Session()
    s.new_game({"opponent": "ai", "seed": 3})
    req = s.hint_request(0)
    assert req["hint"] and req["shared"]
    req["budget"] = {"iterations": 40}
    answers = [ai_worker.share(json.dumps({**req, "seed": req["seed"] + i})) for i in range(2)]
    assert all(json.loads(a)["level"] == "hard" for a in answers)
    merged = json.loads(ai_worker.merge(f"[{','.join(answers)}]", json.dumps(req)))
    assert merged["workers"] == 2 and merged["action"] in req["view"]["legal"]
    assert merged["advice"] == advice(req["view"], merged["action"])  # as `hint` gives it
    assert merged["advice"]["reason"]
    # The computer's own merge has no reason to give.
    assert "advice" not in json.loads(ai_worker.merge(f"[{','.join(answers)}]"))
