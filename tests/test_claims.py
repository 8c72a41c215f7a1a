"""Claims: golden verdicts with reasons, and proofs checked against brute force."""

import json
import random
from itertools import combinations

import pytest
from helpers import (
    DATA,
    C,
    on_table,
    position,
    ref_best_completion,
    ref_strength,
    rest_of,
    sample_states,
)

from engine import (
    GameError,
    Rules,
    Words,
    can_claim,
    capacity,
    claim_proof,
    claim_verdict,
    claimable,
    new_game,
    win_shape,
)
from engine.cards import BLIND, JOKER, MUD, N_CLAN, SHIELD, SPY, card_text
from engine.formations import formation
from engine.state import START_OF_TURN
from engine.words import describe_strength, english

CASES = json.loads((DATA / "claims.json").read_text())["cases"]


def case_state(case):
    rules = Rules(**case.get("rules", {}))
    stones = {int(i): spec for i, spec in case["stones"].items()}
    extra = {k: case[k] for k in ("tick",) if k in case}
    return position(
        rules,
        hands=case.get("hands", ("", "")),
        stones=stones,
        discard=case.get("discard", ""),
        **extra,
    )


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_claims(case):
    state = case_state(case)
    p, s = case["player"], case["stone"]
    ok, reason = claim_verdict(state, p, s)
    assert (ok, case["reason"] in reason) == (case["ok"], True), reason
    proof = claim_proof(state, p, s)
    assert (proof["ok"], proof["why"], proof["stone"]) == (case["ok"], case["why"], s), proof
    json.dumps(proof)
    if 0 <= s <= 8:
        assert can_claim(state, p, s) is case["ok"]
        assert (s in claimable(state, p)) is case["ok"]


def test_too_few_unseen_cards_to_complete():
    # Tactics game: every clan card but B1 and B2 is face up (on the table, and one in the
    # discard pile beside a Banshee), so North cannot fill 3 slots.
    rules = Rules(tactics=True)
    stones, discard = on_table({0: ("R1 R2 R4", "")}, rest_of("R1 R2 R4 B1 B2"))
    state = position(rules, stones=stones, discard=discard)
    assert claim_verdict(state, 0, 0) == (
        True,
        "the opponent cannot complete this stone: too few cards remain unseen",
    )
    assert claim_proof(state, 0, 0) == {
        "ok": True,
        "why": "cannot_complete",
        "stone": 0,
        "mine": {"rank": "color", "total": 7, "cards": 3},
    }
    # Two slots to fill: B1 and B2 are enough for a Sum of 12.
    stones, discard = on_table({0: ("R1 O2 Y4", "O9")}, rest_of("R1 O2 Y4 O9 B1 B2"))
    state = position(rules, stones=stones, discard=discard)
    ok, reason = claim_verdict(state, 0, 0)
    assert not ok, reason
    assert reason == (
        "the opponent can still make a Sum totalling 12 (Orange 9, Blue 1, "
        "Blue 2), which beats a Sum totalling 7"
    )
    assert claim_proof(state, 0, 0) == {
        "ok": False,
        "why": "can_beat",
        "stone": 0,
        "mine": {"rank": "sum", "total": 7, "cards": 3},
        "best": {"rank": "sum", "total": 12, "cards": 3},
        "cards": ["O9", "B1", "B2"],
    }


def test_claimable_lists_every_provable_stone_in_order():
    state = position(
        stones={
            8: ("R1 R2 R3", "B9 G9 Y9"),
            1: ("B7 G8 R9", "B2 G3 R4"),
            4: ("R5 R6", ""),
            0: ("", "O1 O2"),  # North's turns, as many as South's
        }
    )
    assert claimable(state, 0) == [1, 8]
    assert claimable(state, 1) == []


def test_verdicts_follow_the_unseen_cards_both_ways():
    """The proof cache must not hand out a verdict from another position."""
    hidden = position(stones={0: ("R9 B9 G9", "Y1 Y3"), 8: ("", "B1")})
    shown = position(stones={0: ("R9 B9 G9", "Y1 Y3"), 5: ("Y2", ""), 8: ("", "B1 B2")})
    for _ in range(2):
        assert can_claim(shown, 0, 0) and not can_claim(hidden, 0, 0)
        assert claim_verdict(shown, 0, 0)[0] and not claim_verdict(hidden, 0, 0)[0]


def _text(cards) -> str:
    return " ".join(card_text(c) for c in cards)


def _random_case(rng):
    """A random stone: player 0 complete, player 1 short of cards, with few unseen cards."""
    rules = Rules(tactics=True)
    mode = rng.choice([None, None, None, "BlindMansBluff", "MudFight"])
    cap = 4 if mode == "MudFight" else 3
    clan = list(range(N_CLAN))
    rng.shuffle(clan)
    elites = [JOKER, SPY, SHIELD]
    rng.shuffle(elites)
    mine = [clan.pop() for _ in range(cap)]
    theirs = [clan.pop() for _ in range(rng.randint(max(0, cap - 3), cap - 1))]
    replaced = []
    if rng.random() < 0.3:
        replaced.append(mine[0])
        mine[0] = elites.pop()
    if theirs and rng.random() < 0.3:
        replaced.append(theirs[0])
        theirs[0] = elites.pop()
    n_unseen = rng.randint(3, 20)
    unseen, discard = clan[:n_unseen], clan[n_unseen:] + replaced
    extra = {"mode": mode} if mode else {}
    # The face-up cards lie where a game leaves them: on the other stones, at most two in the
    # discard pile (beside a Banshee and a Strategist).
    stones, shown = on_table({4: (_text(mine), _text(theirs), extra)}, _text(discard))
    state = position(rules, stones=stones, discard=shown)
    return state, mine, theirs, cap, mode == "BlindMansBluff", unseen


def test_random_proofs_agree_with_brute_force():
    rng = random.Random(2024)
    verdicts = set()
    for i in range(600):
        state, mine, theirs, cap, blind, unseen = _random_case(rng)
        assert (state.modes[4] == BLIND) is blind and (capacity(state, 4) == 4) is (cap == 4)
        ms = ref_strength(mine, blind)
        best = ref_best_completion(theirs, cap, blind, unseen)
        expect = best is None or best <= ms
        ok, reason = claim_verdict(state, 0, 4)
        proof = claim_proof(state, 0, 4)
        where = f"case {i}: mine {mine} theirs {theirs} unseen {sorted(unseen)} blind {blind}"
        assert ok is expect and proof["ok"] is expect, f"{where}: {reason}"
        assert can_claim(state, 0, 4) is expect, where
        assert not can_claim(state, 1, 4), where
        assert proof["mine"] == formation(ms, blind, cap), where
        if best is None:
            assert proof["why"] == "cannot_complete" and "best" not in proof, where
        else:
            assert proof["best"] == formation(best, blind, cap), where
            assert describe_strength(best, blind, cap) in reason, f"{where}: {reason}"
        if not ok:
            # The witness in the proof is a real completion from unseen cards, and the
            # reason names it, card by card.
            assert proof["why"] == "can_beat", where
            witness = C(" ".join(proof["cards"]))
            added = [c for c in witness if c not in theirs]
            assert sorted(witness) == sorted(theirs + added) and len(witness) == cap, proof
            assert set(added) <= set(unseen), proof
            assert ref_strength(witness, blind) == best, proof
            names = ", ".join(english().card(c) for c in proof["cards"])
            assert f"({names}), which beats" in reason, reason
        else:
            assert proof["why"] in ("cannot_beat", "cannot_complete"), where
        verdicts.add(ok)
    assert verdicts == {True, False}


def test_random_complete_sides_compare_by_strength_then_completion_order():
    rng = random.Random(99)
    for _ in range(300):
        clan = rng.sample(range(N_CLAN), 6)
        first = rng.choice([(1, 2), (2, 1)])
        blind = rng.random() < 0.25
        extra = {"done_at": list(first)}
        if blind:
            extra["mode"] = "BlindMansBluff"
        state = position(
            Rules(tactics=True),
            stones={
                0: (
                    " ".join(card_text(c) for c in clan[:3]),
                    " ".join(card_text(c) for c in clan[3:]),
                    extra,
                )
            },
            tick=3,
        )
        a, b = ref_strength(clan[:3], blind), ref_strength(clan[3:], blind)
        south_wins = a > b or (a == b and first[0] < first[1])
        assert can_claim(state, 0, 0) is south_wins, (clan, blind, first)
        assert can_claim(state, 1, 0) is (not south_wins), (clan, blind, first)


def test_mud_fight_random_four_card_sides_against_empty_and_short_sides():
    # Unseen sets stay small, so that the brute force over 4-card completions is quick.
    rng = random.Random(7)
    for _ in range(60):
        clan = list(range(N_CLAN))
        rng.shuffle(clan)
        mine, theirs = clan[:4], clan[4 : 4 + rng.randint(0, 2)]
        rest = clan[4 + len(theirs) :]
        unseen, discard = rest[:9], rest[9:]
        stones, shown = on_table(
            {2: (_text(mine), _text(theirs), {"mode": "MudFight"})}, _text(discard)
        )
        state = position(Rules(tactics=True), discard=shown, stones=stones)
        assert state.modes[2] == MUD
        best = ref_best_completion(theirs, 4, False, unseen)
        assert can_claim(state, 0, 2) is (best is None or best <= ref_strength(mine)), (
            mine,
            theirs,
            unseen,
        )


_REF3 = None


def _ref_best_of_three(unseen: set) -> int:
    """Brute force for an empty side: the strongest three unseen clan cards (table, sorted)."""
    global _REF3
    if _REF3 is None:
        _REF3 = sorted(((ref_strength(t), t) for t in combinations(range(N_CLAN), 3)), reverse=True)
    for s, trio in _REF3:
        if all(c in unseen for c in trio):
            return s
    return None


@pytest.mark.parametrize("tactics", [False, True])
def test_claims_met_in_random_games_agree_with_brute_force(tactics):
    """Every stone of sampled positions: the engine's verdict against the brute force."""
    compared = {True: 0, False: 0}
    empty_sides = 0
    for seed in range(25):
        for state in sample_states(Rules(tactics=tactics), seed, 6):
            unseen = {c for c in range(N_CLAN) if not state.faceup >> c & 1}
            for s in range(9):
                if state.owner[s] >= 0:
                    continue
                cap, blind = capacity(state, s), state.modes[s] == BLIND
                for p in (0, 1):
                    mine, theirs = state.sides[2 * s + p], state.sides[2 * s + 1 - p]
                    if len(mine) < cap or len(theirs) == cap:
                        continue
                    k = cap - len(theirs)
                    if k == 3 and not blind and cap == 3:
                        if empty_sides >= 40:
                            continue
                        empty_sides += 1
                        best = _ref_best_of_three(unseen)
                    elif k <= 2:
                        best = ref_best_completion(theirs, cap, blind, unseen)
                    else:
                        continue
                    expect = best is None or best <= ref_strength(mine, blind)
                    assert can_claim(state, p, s) is expect, (seed, s, p, mine, theirs)
                    assert claim_verdict(state, p, s)[0] is expect
                    compared[expect] += 1
    assert compared[True] > 20 and compared[False] > 20, compared


OK_WHYS = {"stronger", "tie_first", "cannot_complete", "cannot_beat"}
NOT_OK_WHYS = {"weaker", "tie_later", "can_beat", "claimed", "incomplete", "no_stone"}


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(tactics=True), Rules(tactics=True, claim_timing=START_OF_TURN)],
    ids=["base", "tactics", "tactics-expert"],
)
def test_claim_proof_agrees_with_can_claim_in_random_games(rules):
    """The proof (data, for people) and the fast verdict (for the rules and search) agree
    on every stone of many mid-game positions, whether the fast verdict's cache is warm."""
    whys = set()
    for seed in range(30):
        for state in sample_states(rules, 500 + seed, 4):
            cold = state.copy()
            cold.proofs = [None] * 18
            for s in range(9):
                for p in (0, 1):
                    proof = claim_proof(state, p, s)
                    fast = can_claim(state, p, s)
                    assert proof["ok"] is fast is can_claim(cold, p, s), (seed, s, p, proof)
                    assert proof["why"] in (OK_WHYS if fast else NOT_OK_WHYS), proof
                    assert proof["stone"] == s
                    whys.add(proof["why"])
            for p in (0, 1):
                assert claimable(state, p) == [
                    s for s in range(9) if claim_proof(state, p, s)["ok"]
                ]
    # The positions cover every kind of verdict a game meets.
    assert {"stronger", "weaker", "cannot_beat", "can_beat", "claimed", "incomplete"} <= whys, whys


@pytest.mark.parametrize("player", [2, -1, 1.0, True, None, "0"])
def test_a_proof_for_no_player_is_refused(player):
    """A player outside 0/1 would read another stone's side (2 * stone + player)."""
    state = new_game(seed=1)
    for verdict in (
        lambda: claim_proof(state, player, 3),
        lambda: can_claim(state, player, 3),
        lambda: claimable(state, player),
    ):
        with pytest.raises(GameError, match="There is no player") as e:
            verdict()
        assert e.value.code == "not_a_player"


@pytest.mark.parametrize("stone", [-1, 9, 12, 1.0, True, None, "3"])
def test_can_claim_refuses_a_stone_that_does_not_exist(stone):
    """Stone -1 once answered for stone 8 (Python's last item) and stone 9 raised
    IndexError: the checked can_claim refuses both; claim_proof's verdict is no_stone."""
    # South's claim step after its play (North started: South is a card behind before it).
    state = position(
        Rules(starter=1), step="claim", played=True, to_move=0, stones={8: ("R7 R8 R9", "B1 B2 B4")}
    )
    assert can_claim(state, 0, 8) and claimable(state, 0) == [8]
    with pytest.raises(GameError, match="There is no stone") as e:
        can_claim(state, 0, stone)
    assert e.value.code == "not_a_stone"
    assert claim_proof(state, 0, stone)["why"] == "no_stone"


def test_the_other_public_verdicts_check_their_arguments():
    """capacity(state, -1) once answered for stone 9 and win_shape(owner, -1) counted the
    unclaimed stones as a player's ("five_stones" on an empty table)."""
    state = new_game(seed=1)
    assert capacity(state, 8) == 3 and win_shape([-1] * 9, 0) is None
    for stone in (-1, 9, 2.0):
        with pytest.raises(GameError, match="There is no stone"):
            capacity(state, stone)
    for player in (-1, 2, None, 1.0, True):  # 1.0 == 1 and True == 1, yet no player
        with pytest.raises(GameError, match="There is no player"):
            win_shape([-1] * 9, player)


def test_the_argument_refusals_are_worded_in_german():
    state = new_game(seed=1)
    for verdict in (lambda: can_claim(state, 0, 9), lambda: claimable(state, 2)):
        with pytest.raises(GameError) as e:
            verdict()
        assert Words("de").refusal(e.value).startswith("Es gibt keine")
