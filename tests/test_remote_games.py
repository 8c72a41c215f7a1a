"""Whole games between two devices over an in-memory transport: every kind (base, Tactic,
Expert claim timing, matches of several rounds), each round audited by both, and after every
message neither device's memory nor save holds a card it may not see.

The suite plays a seeded sample, the first three games of every kind (18 games: each kind
with tactic cards plays a Recruiter in them); the soak run (``python -m pytest -m soak tests
e2e``, README) plays all 104. Most games are played in the 256-bit test group
(``remote_play.TEST_GROUP``, passed to each game): in the group in play (ristretto255) a game
costs more exponentiation, and the protocol does not depend on the group. Two games run in the
group in play."""

from __future__ import annotations

import pytest
from remote_play import TEST_GROUP, assert_hidden, play_game

from engine.remote import Endpoint, sra
from engine.state import START_OF_TURN, Rules, Step

KINDS = {
    "base": Rules(),
    "tactics": Rules(tactics=True),
    "expert": Rules(claim_timing=START_OF_TURN, starter=1),
    "tactics_expert": Rules(tactics=True, claim_timing=START_OF_TURN),
    "match": Rules(rounds=3, next_starter="winner"),
    "tactics_match": Rules(tactics=True, rounds=2, claim_timing=START_OF_TURN, starter=1),
}
SEEDS = {
    "base": 25,
    "tactics": 25,
    "expert": 15,
    "tactics_expert": 15,
    "match": 12,
    "tactics_match": 12,
}  # 104 games, 142 rounds: the soak run's
SAMPLE = 3  # the suite's games of each kind: seeds 0-2 (the checks after every message cost)


def _check_game(rules, seed, checks, group=TEST_GROUP):
    def after(eps):
        for seat in (0, 1):
            checks["cards"] += assert_hidden(eps, seat)
        checks["messages"] += 1

    eps, sent = play_game(rules, seed, after, group=group)
    host, guest = eps
    assert host.state.step == guest.state.step == Step.OVER
    assert host.state.scores == guest.state.scores
    assert host.state.history == guest.state.history
    assert (
        [a["round"] for a in host.audits]
        == [a["round"] for a in guest.audits]
        == list(range(1, rules.rounds + 1))
    )
    assert host.waiting_for() == guest.waiting_for() == "over"
    # Both devices saw the same table at the end.
    assert host.state.sides == guest.state.sides and host.state.owner == guest.state.owner
    return eps, sent


@pytest.mark.parametrize(
    "games",
    [pytest.param("sample"), pytest.param("all", marks=[pytest.mark.slow, pytest.mark.soak])],
)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_whole_games_of_every_kind(kind, games):
    checks = {"cards": 0, "messages": 0}
    recruiter_round_trips = 0
    played = SAMPLE if games == "sample" else SEEDS[kind]
    for seed in range(played):
        _eps, sent = _check_game(KINDS[kind], seed, checks)
        recruiter_round_trips += sum(
            1
            for m in sent
            if set(m) == {"v", "g", "n", "from", "t", "mac", "shares"} and len(m["shares"]) <= 3
        )
    assert checks["messages"] > 40 * played
    assert checks["cards"] > 1000 * played  # hidden cards looked for, message by message
    if KINDS[kind].tactics:
        assert recruiter_round_trips > 0, "no Recruiter was played: the round trip is untested"


def test_the_soak_plays_at_least_100_games_and_the_suite_a_few_of_each_kind():
    assert sum(SEEDS.values()) >= 100
    assert all(SAMPLE <= games for games in SEEDS.values())


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
@pytest.mark.parametrize(
    "rules",
    [Rules(tactics=True, claim_timing=START_OF_TURN), Rules(rounds=2)],
    ids=["tactics_expert", "match"],
)
def test_a_game_at_the_real_prime_size(rules):
    checks = {"cards": 0, "messages": 0}
    eps, _ = _check_game(rules, 7, checks, sra.PLAY)
    assert checks["cards"] > 1000 and eps[0].group is eps[1].group is sra.PLAY


def test_a_save_resumes_mid_game():
    """Each side saved and reloaded after every message plays on to the same end."""
    import json

    def after(eps):
        for i in (0, 1):
            eps[i] = Endpoint.from_json(json.loads(json.dumps(eps[i].to_json())))

    eps, _ = play_game(Rules(tactics=True, rounds=2), 3, after)
    assert eps[0].state.step == Step.OVER and len(eps[0].audits) == 2
