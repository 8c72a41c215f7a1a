"""Random-play invariants over 1,000+ seeded games (260 in the suite, all in the soak run):
base and tactics, both claim timings.

On every game and every step (the core):
  legal actions exist until the end and the game ends; the chosen action applies through the
  checked ``apply``; ``apply_fast`` on a copy agrees with it; every card is accounted for once;
  sides, completion ticks, tactic counts and claimed stones stay consistent; the claim and pass
  options match the rules computed independently; the chosen action's JSON round-trips.
On a sample (the costly checks):
  ``apply`` leaves its input unchanged; every legal action applies; views hide the opponent's
  hand and the decks; positions round-trip through JSON; the record replays to the same end.
"""

import json
import random
from collections import Counter

import pytest
from helpers import DONE, PASS, check_accounting, claim, hidden_texts, visible_tokens

from engine import (
    FormatError,
    Rules,
    action_from_json,
    action_to_json,
    apply,
    apply_fast,
    capacity,
    claim_verdict,
    claimable,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    record_to_json,
    replay,
    view,
)
from engine.actions import PASS_ACTION
from engine.cards import JOKER, N_CLAN, RECRUITER, RUSES
from engine.position_checks import check_position
from engine.rules import Reason
from engine.state import AFTER_PLAY, START_OF_TURN

CONFIGS = {
    "base": Rules(),
    "base-expert": Rules(claim_timing=START_OF_TURN),
    "tactics": Rules(tactics=True),
    "tactics-expert": Rules(tactics=True, claim_timing=START_OF_TURN),
}
GAMES_PER_CONFIG = 260  # 4 x 260 = 1,040 games
CHUNK = 65
# The suite plays the first chunk of each configuration (4 x 65 seeded games); the soak run
# (`python -m pytest -m soak tests e2e`, README) all of them.
CHUNKS = [
    pytest.param(c, marks=[pytest.mark.slow, pytest.mark.soak] if c else [])
    for c in range(GAMES_PER_CONFIG // CHUNK)
]
DEEP_EVERY = 8  # one game in 8 gets the costly checks
MAX_STEPS = 3000


def check_state(state, frozen):
    """Invariants that hold after every action."""
    check_accounting(state)
    rules = state.rules
    ticks = []
    for s in range(9):
        cap = capacity(state, s)
        for q in (0, 1):
            side, i = state.sides[2 * s + q], 2 * s + q
            assert len(side) <= cap, f"stone {s} side {q} over capacity"
            assert bool(state.done_at[i]) == (len(side) == cap), f"done_at of stone {s}/{q}"
            if state.done_at[i]:
                ticks.append(state.done_at[i])
            assert all(c < N_CLAN or rules.tactics for c in side)
        if state.owner[s] >= 0:  # a claimed stone never changes again
            here = (tuple(state.sides[2 * s]), tuple(state.sides[2 * s + 1]), state.modes[s])
            assert frozen.setdefault(s, here) == here, f"claimed stone {s} changed"
    assert len(set(ticks)) == len(ticks) and all(t < state.tick for t in ticks)
    assert abs(state.tactics_played[0] - state.tactics_played[1]) <= 1
    if not rules.tactics:
        assert state.discard == [] and state.modes == [-1] * 9 and state.tactics_played == [0, 0]
    over = state.step in ("round_over", "over")
    assert (state.outcome is not None) is over
    if over:
        o, owner = state.outcome, state.owner
        assert isinstance(o.reason, Reason), o.reason
        counts = [owner.count(0), owner.count(1)]
        # The round's result is the last entry of the history, with the stones held.
        assert state.history[-1] == (o.winner, o.reason, *counts)
        if o.reason in ("five_stones", "stuck_five_stones"):
            assert counts[o.winner] >= 5
        elif o.reason in ("three_adjacent", "stuck_three_adjacent"):
            assert any(owner[i] == owner[i + 1] == owner[i + 2] == o.winner for i in range(7))
        elif o.reason == "stuck_more_stones":
            assert counts[o.winner] > counts[1 - o.winner]
        else:
            assert o.winner is None and counts[0] == counts[1]
    points = [0, 0]
    for winner, _, a, b in state.history:
        for q, n in ((0, a), (1, b)):
            points[q] += 5 if winner == q else n
    assert state.scores == points


def check_options(state, acts):
    """The offered claims and the pass option, recomputed from the rules."""
    p = state.to_move
    if state.step == "claim":
        provable = [s for s in range(9) if claim_verdict(state, p, s)[0]]
        assert acts == [claim(s) for s in provable] + [DONE]
        assert provable, "a claim step is only entered when a stone is provable"
    elif state.step == "play":
        room = any(
            state.owner[s] < 0 and len(state.sides[2 * s + p]) < capacity(state, s)
            for s in range(9)
        )
        has_clan = any(c < N_CLAN for c in state.hands[p])
        assert (PASS in acts) is not (room and has_clan)
    elif state.step == "draw":
        assert state.decks[0] and state.decks[1]
        assert len(state.hands[p]) < state.rules.hand_size


def provable(state, p) -> list:
    return [s for s in range(9) if claim_verdict(state, p, s)[0]]


def check_transition(state, a, after, i):
    """Claim steps appear exactly when a stone is provable, at the right moment of the turn."""
    p = state.to_move
    if after.step in ("round_over", "over", "recruit_draw", "recruit_return"):
        return
    if i % 2 == 0:  # the cached fast verdicts agree with the full proofs
        for q in (0, 1):
            assert claimable(after, q) == provable(after, q), f"claimable for {q}"
    if state.rules.claim_timing == "after_play":
        if after.step == "claim":
            assert after.to_move == p and a.kind in ("play", "pass", "return", "claim", "draw")
        elif a.kind in ("play", "pass", "return", "claim") and state.step != "recruit_draw":
            assert provable(after, p) == [], f"{a}: the claim step was skipped"
    else:
        q = after.to_move
        if q != p:
            assert (after.step == "claim") is bool(provable(after, q)), "start-of-turn claims"
        elif a.kind == "claim" and after.step != "claim":
            assert provable(after, p) == []


def play_checked(rules, seed, deep):
    state = new_game(rules, seed)
    rng = random.Random(f"random-play/{seed}")
    actions, frozen, jokers, round_no = [], {}, [0, 0], 1
    for i in range(MAX_STEPS):
        if state.round != round_no:
            frozen, jokers, round_no = {}, [0, 0], state.round
        check_state(state, frozen)
        if state.over:
            break
        acts = legal_actions(state)
        assert acts, f"seed {seed} step {i}: no legal action in step {state.step}"
        check_options(state, acts)
        a = rng.choice(acts)
        if a.kind == "play" and a.card == JOKER:
            jokers[state.to_move] += 1
            assert jokers[state.to_move] == 1, "a second Joker was played"
        assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a

        before = state.key() if deep or i % 16 == 0 else None
        after = apply(state, a)
        fast = state.copy()
        apply_fast(fast, a)
        assert fast.key() == after.key(), f"seed {seed} step {i}: apply_fast differs on {a}"
        check_transition(state, a, after, i)
        if before is not None:
            assert state.key() == before, "apply mutated its input"
        if deep:
            deep_checks(state, acts, i)
        actions.append(a)
        state = after
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} actions")
    if deep:
        replayed, _ = replay(json.loads(json.dumps(record_to_json(rules, seed, actions))))
        assert replayed == state
        assert position_from_json(position_to_json(state)) == state
    return state, actions


def deep_checks(state, acts, i):
    before = state.key()
    if i % 5 == 0:
        for b in acts:  # every legal action applies
            t = apply(state, b)
            assert t.step in (
                "play",
                "claim",
                "draw",
                "recruit_draw",
                "recruit_return",
                "round_over",
                "over",
            )
    if i % 3 == 0:
        for p in (0, 1):
            v = view(state, p)
            leaked = hidden_texts(state, p) & visible_tokens(v)
            assert not leaked, f"step {i}: {leaked} visible to player {p}"
    if i % 4 == 0:
        data = json.loads(json.dumps(position_to_json(state)))
        assert position_from_json(data) == state
    assert state.key() == before


@pytest.mark.parametrize("chunk", CHUNKS)
@pytest.mark.parametrize("config", CONFIGS)
def test_random_games_keep_every_invariant(config, chunk):
    rules = CONFIGS[config]
    outcomes = set()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        final, _actions = play_checked(rules, seed, deep=seed % DEEP_EVERY == 0)
        outcomes.add(final.outcome.reason)
    assert {"three_adjacent", "five_stones"} <= outcomes


@pytest.mark.slow  # whole games or a sweep: the full run's, not the quick loop's
def test_random_matches_of_several_rounds():
    for rules in (
        Rules(rounds=3),
        Rules(tactics=True, rounds=3, next_starter="winner"),
        Rules(tactics=True, claim_timing=START_OF_TURN, rounds=2),
    ):
        for seed in range(10):
            final, _actions = play_checked(rules, 1000 + seed, deep=seed % 5 == 0)
            assert len(final.history) == rules.rounds and final.round == rules.rounds


def test_every_position_of_random_games_reads_back_with_the_recruiter_late():
    """Each state of seeded random games, the Recruiter and passes favoured so that decks
    run dry under it, passes ``check_position`` (``position_from_json``'s whole-position
    check): the short hands a game leaves while the decks still hold cards (between a play
    and its draw, and after a Recruiter that drew fewer than 3) are among them."""
    met = Counter()
    for rules in (Rules(tactics=True), Rules(tactics=True, claim_timing=START_OF_TURN)):
        for seed in range(40):
            rng, s = random.Random(seed), new_game(rules, seed)
            while s.step != "over":
                check_position(s)
                left = len(s.decks[0]) + len(s.decks[1])
                if left and min(map(len, s.hands)) < rules.hand_size:
                    met["recruiter" if RECRUITER in s.discard and left <= 2 else str(s.step)] += 1
                acts = legal_actions(s)
                late = [a for a in acts if a.card == RECRUITER or a.kind == "pass"]
                apply_fast(s, rng.choice(late if late and rng.random() < 0.7 else acts))
            check_position(s)
    assert met["draw"] and met["claim"] and met["recruiter"], met


def test_every_position_of_random_games_reads_back_with_passes_and_modes_favoured():
    """Each state of seeded random Tactic games, passes, draws from the tactic deck and the
    tactic cards that are no ruse favoured (combat modes and elites: cards played on no side,
    or many on one), passes ``check_position``: the Tactic turn order (``turn_order_tactic``,
    checked while the discard pile is empty) holds on every state games reach, with combat
    modes and without, and after passes. (A pass with an empty pile needs a hand with no clan
    card, or no room: 7 plays first.)"""
    met = Counter()
    for rules in (Rules(tactics=True), Rules(tactics=True, claim_timing=START_OF_TURN)):
        for seed in range(30):
            rng, s = random.Random(f"quiet/{seed}"), new_game(rules, seed)
            while s.step != "over":
                check_position(s)
                if not s.discard:
                    met["mode" if max(s.modes) >= 0 else "no mode"] += 1
                acts = legal_actions(s)
                if seed % 2:  # no ruse while another action is legal: the pile stays empty
                    acts = [a for a in acts if a.kind != "play" or a.card not in RUSES] or acts
                quiet = [
                    a
                    for a in acts
                    if a.kind == "pass"
                    or (a.kind == "draw" and a.deck == 1)
                    or N_CLAN <= a.card not in RUSES
                ]
                a = rng.choice(quiet if quiet and rng.random() < 0.7 else acts)
                if PASS_ACTION in acts and rng.random() < 0.9:
                    a = PASS_ACTION
                met["pass"] += a.kind == "pass" and not s.discard
                apply_fast(s, a)
            check_position(s)
    assert met["mode"] and met["no mode"] and met["pass"], met


# ---------------------------------------------------------------- the deal's clan cards

# Seeded Tactic games that keep the discard pile empty as long as they can, favouring draws
# from the tactic deck, passes and the tactic cards that are no ruse: the suite plays the
# first chunk, the soak run (`python -m pytest -m soak tests/test_random_play.py`) all.
HANDS_GAMES, HANDS_CHUNK = 600, 30
HANDS_CHUNKS = [
    pytest.param(c, marks=[pytest.mark.slow, pytest.mark.soak] if c else [])
    for c in range(HANDS_GAMES // HANDS_CHUNK)
]


def _quiet(s, rng, keep_pile: bool):
    """A random action, passes, tactic-deck draws and tactic cards that are no ruse favoured
    (and no ruse at all while another action is legal, with ``keep_pile``)."""
    acts = legal_actions(s)
    if keep_pile:
        acts = [a for a in acts if a.kind != "play" or a.card not in RUSES] or acts
    quiet = [
        a
        for a in acts
        if a.kind == "pass" or (a.kind == "draw" and a.deck == 1) or N_CLAN <= a.card not in RUSES
    ]
    a = rng.choice(quiet if quiet and rng.random() < 0.8 else acts)
    return PASS_ACTION if PASS_ACTION in acts and rng.random() < 0.9 else a


def _redealt(s, rng):
    """``s`` with its hands dealt again from the cards in hands and decks (often with the
    tactic cards first, and now and then of other sizes): a hand-made position, which the
    reader may refuse."""
    t = s.copy()
    pool = [*t.hands[0], *t.hands[1], *t.decks[0], *t.decks[1]]
    rng.shuffle(pool)
    sizes = [len(t.hands[0]), len(t.hands[1])]
    if rng.random() < 0.3:
        sizes = [rng.randint(0, 7), rng.randint(0, 7)]
    if rng.random() < 0.5:  # tactic cards into the hands first
        pool.sort(key=lambda c: c < N_CLAN)
    n = sum(sizes)
    if n > len(pool):
        return None
    held = pool[:n]
    rng.shuffle(held)
    rest = pool[n:]
    t.hands = [sorted(held[: sizes[0]]), sorted(held[sizes[0] :])]
    t.decks = [[c for c in rest if c < N_CLAN], [c for c in rest if c >= N_CLAN]]
    return t


def _clan_slack(s) -> list:
    """Each player's clan cards in hand and on their side, less the deal's hand size."""
    return [
        sum(c < N_CLAN for c in s.hands[q])
        + sum(c < N_CLAN for side in s.sides[q::2] for c in side)
        - s.rules.hand_size
        for q in (0, 1)
    ]


def hands_sweep(seeds) -> Counter:
    """Every state of seeded quiet Tactic games passes ``check_position``; with the pile
    empty, the deal's clan cards in hand or on the side (``clan_cards_dealt``) hold with room
    to spare or exactly (a player who drew only tactic cards). And positions made by hand
    from them (``_redealt``) that the reader accepts play on, at random, to states it reads
    back: none is refused (``turn_order_tactic`` refused one before ``clan_cards_dealt``)."""
    met: Counter = Counter()
    for seed in seeds:
        rng = random.Random(f"hands/{seed}")
        rules = Rules(tactics=True, claim_timing=(AFTER_PLAY, START_OF_TURN)[seed % 2])
        s = new_game(rules, seed)
        while s.step != "over":
            check_position(s)
            met["states"] += 1
            if not s.discard:
                slack = _clan_slack(s)
                assert min(slack) >= 0, (seed, s.hands, slack)
                met["tight"] += slack.count(0)
            if rng.random() < 0.1:
                t = _redealt(s, rng)
                try:
                    t = t and position_from_json(position_to_json(t))
                except FormatError as e:
                    met[f"refused {e.code}"] += 1
                    t = None
                if t is not None:
                    met["hand-made"] += 1
                    met["hand-made, pile empty"] += not t.discard
                    while t.step != "over":
                        apply_fast(t, _quiet(t, rng, seed % 4 < 2))
                        check_position(t)
                        met["played on"] += 1
            apply_fast(s, _quiet(s, rng, seed % 4 < 2))
        check_position(s)
    return met


@pytest.mark.parametrize("chunk", HANDS_CHUNKS)
def test_the_deals_clan_cards_stay_in_hand_or_on_the_side_while_no_ruse_is_played(chunk):
    met = hands_sweep(range(chunk * HANDS_CHUNK, (chunk + 1) * HANDS_CHUNK))
    assert met["tight"] and met["hand-made, pile empty"] and met["refused clan_cards_dealt"], met
