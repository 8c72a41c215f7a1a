"""The game review and the reasons a move is good (engine/ai/review.py, engine/ai/explain.py):
verdicts on stated positions, the reasons worded in both languages, and the review reading
nothing but the reviewed player's view."""

from __future__ import annotations

import random

import pytest

from engine import Rules, legal_actions, view
from engine.actions import action_to_json
from engine.ai.explain import advice, shape
from engine.ai.review import NOISE_Z, assess, level_of
from engine.narrate import advice_line
from engine.words import Words
from tests.helpers import C, position, resample, sample_states

ITER = 120  # enough worlds for the verdicts below; keeps the file to a few seconds


def _winning_claim_position():
    """South to move, in a race. Red 9 on stone 1 makes a Color-Run that beats North's
    complete Color there; stones 2 and 3 are South's already: three adjacent, the round.
    Any other move lets North play Yellow 9 on stone 9, an unbeatable Color-Run claimed at
    once, next to North's stones 7 and 8: North takes the round."""
    # North started the round: a card ahead (South's Red 3 and Orange 7 at stone 5 count).
    return position(
        Rules(starter=1),
        hands=("R9 B1 B2 G1 P1 Y1", "Y9 O9 O8 G9 G8 P6"),
        stones={
            0: ("R7 R8", "O1 O2 O4"),
            1: ("B7 B8 B9", "G2 G3 G4", {"owner": 0}),
            2: ("P7 P8 P9", "Y2 Y3 Y4", {"owner": 0}),
            4: ("R3 O7", ""),
            6: ("R1 R2 R4", "B4 B5 B6", {"owner": 1}),
            7: ("O5 O6 P2", "G5 G6 G7", {"owner": 1}),
            8: ("", "Y7 Y8"),
        },
        to_move=0,
    )


def test_a_move_that_throws_the_round_away_is_marked_and_the_winning_move_named():
    s = _winning_claim_position()
    v = view(s, 0)
    bad = {"kind": "play", "card": "B1", "stone": 8}
    r = assess(v, bad, seed=1, iterations=ITER)
    assert r["kind"] == "play"
    assert r["best"] == {"kind": "play", "card": "R9", "stone": 0}
    assert r["advice"]["reason"] == "win"
    assert r["level"] in ("blunder", "mistake")
    assert r["drop"] >= 0.07 and r["best_value"] > r["played_value"]


def test_the_preferred_move_itself_is_not_marked():
    s = _winning_claim_position()
    r = assess(view(s, 0), {"kind": "play", "card": "R9", "stone": 0}, seed=1, iterations=ITER)
    assert r["level"] is None and r["drop"] == 0.0


def test_a_drop_within_the_reviews_own_noise_is_not_marked():
    """Over 6 worlds, Orange 5 on stone 9 looks 3.6 points worse than Red 7 there: an
    inaccuracy by the drop alone, but the paired difference's standard error is 2.1 points,
    so the review cannot tell the two moves apart (a hint found with another budget was
    marked "Mistake" this way, issue 25)."""
    s = sample_states(Rules(), seed=0, every=5)[9]
    r = assess(
        view(s, s.to_move), {"kind": "play", "card": "O5", "stone": 8}, seed=3, iterations=60
    )
    assert r["best"] == {"kind": "play", "card": "R7", "stone": 8}
    assert level_of(r["drop"]) == "inaccuracy"
    assert r["drop"] <= NOISE_Z * r["noise"]
    assert r["level"] is None


def test_a_claim_left_untaken_is_a_missed_claim():
    s = position(
        Rules(starter=1),  # South's claim step after its play: North started
        hands=("B1 B2 G1 P1 Y1", "O9 O8 Y9 Y8 G9 G8"),
        stones={0: ("R7 R8 R9", "O1 O2 O4")},
        to_move=0,
        step="claim",
        played=True,
    )
    v = view(s, 0)
    assert {"kind": "claim", "stone": 0} in v["legal"]
    r = assess(v, {"kind": "done"}, iterations=ITER)
    assert r == {
        "kind": "missed_claim",
        "level": "mistake",
        "best": {"kind": "claim", "stone": 0},
        "advice": {"reason": "claim_proof", "stone": 0},
    }
    assert assess(v, {"kind": "claim", "stone": 0})["kind"] == "by_rule"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_claims_reason_names_tactic_cards_only_in_the_tactics_game(lang):
    """The base game has no tactic card that could change a stone: its reason to claim
    now must not speak of one (issue 25)."""
    words = Words(lang)
    tactic = words.t("advice.claim_now", stone=0).split(":")[1]
    for tactics in (False, True):
        s = position(
            Rules(tactics=tactics, starter=1),  # South's claim step after its play
            hands=("B1 B2 G1 P1 Y1", "O9 O8 Y9 Y8 G9 G8"),
            stones={0: ("R7 R8 R9", "O1 O2 O4")},
            to_move=0,
            step="claim",
            played=True,
        )
        why = advice_line(advice(view(s, 0), {"kind": "claim", "stone": 0}), words)
        assert why.startswith(words.t("advice.claim_now", stone=0).split(":")[0])
        assert (tactic in why) is tactics, why


def test_an_illegal_move_is_refused():
    v = view(_winning_claim_position(), 0)
    with pytest.raises(ValueError, match="not legal"):
        assess(v, {"kind": "play", "card": "O9", "stone": 0})


@pytest.mark.parametrize("tactics", [False, True])
def test_the_review_reads_only_the_view(tactics):
    """The same view with the hidden cards dealt differently gets the same verdict."""
    rng = random.Random(5)
    checked = 0
    for s in sample_states(Rules(tactics=tactics), seed=11, every=7)[:10]:
        if s.over or s.step != "play":
            continue
        p = s.to_move
        v = view(s, p)
        other = resample(s, p, rng)
        assert view(other, p) == v
        if other.hands[1 - p] == s.hands[1 - p] and other.decks == s.decks:
            continue  # nothing hidden any more (the decks are out)
        move = action_to_json(rng.choice(legal_actions(s)))
        assert assess(v, move, seed=3, iterations=60) == assess(
            view(other, p), move, seed=3, iterations=60
        )
        checked += 1
    assert checked >= 3


def test_levels_by_drop():
    assert [level_of(d) for d in (0.0, 0.029, 0.03, 0.07, 0.15, 0.6)] == [
        None,
        None,
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_shapes_of_incomplete_sides():
    assert shape(C("R7 R8")) == "color_run"
    assert shape(C("R7 R9")) == "color_run"  # R8 still completes it
    assert shape(C("R1 R9")) == "color"
    assert shape(C("R5 B5")) == "kind"
    assert shape(C("R5 B6")) == "run"
    assert shape(C("R1 B9")) == "sum"
    assert shape(C("R1 R2 R4"), room=4) == "color_run"  # Mud Fight: R3 fills the gap
    assert shape(C("R9")) is None
    assert shape(C("Joker R9")) is None  # an elite alone says nothing yet


def test_reasons_for_stated_moves():
    s = position(
        hands=("R9 R3 B5 G2 P1 Y9", "O9 O8 Y8 G9 G8 P9"),
        # (five cards a side: North's Orange 1, Yellow 1 and Purple 2 at stones 8 and 9)
        stones={
            0: ("R7 R8", ""),
            1: ("B4", "G5 G6"),
            2: ("P5 B6", ""),
            7: ("", "O1"),
            8: ("", "Y1 P2"),
        },
        to_move=0,
    )
    v = view(s, 0)
    # Red 7-8-9 is the strongest Color-Run: nothing beats it, so it is claimed at once.
    assert advice(v, {"kind": "play", "card": "R9", "stone": 0}) == {
        "card": "R9",
        "stone": 0,
        "reason": "claim",
    }
    assert advice(v, {"kind": "play", "card": "B5", "stone": 1}) == {
        "card": "B5",
        "stone": 1,
        "reason": "protect",
        "shape": "color_run",
    }
    assert advice(v, {"kind": "play", "card": "Y9", "stone": 5})["reason"] == "open_high"
    assert advice(v, {"kind": "play", "card": "G2", "stone": 5})["reason"] == "open"
    assert advice(v, {"kind": "play", "card": "R3", "stone": 2}) == {
        "card": "R3",
        "stone": 2,
        "reason": "complete",
        "formation": {"rank": "sum", "total": 14, "cards": 3},
    }
    assert advice(v, {"kind": "pass"}) == {"reason": "pass"}


def _reasons(tactics: bool):
    """Every reason met over the legal moves of sampled states of seeded games."""
    out = []
    for s in sample_states(Rules(tactics=tactics), seed=2, every=5)[:30]:
        if s.over:
            continue
        v = view(s, s.to_move)
        for a in v["legal"][:40]:
            out.append(advice(v, a))
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_reason_is_worded_in_one_sentence(lang):
    words = Words(lang)
    seen = set()
    for tactics in (False, True):
        for a in _reasons(tactics):
            text = advice_line(a, words)
            assert text.endswith(".") and "{" not in text, text
            seen.add(a["reason"])
    assert {"pass", "open", "open_high", "build", "complete", "protect", "draw_clan"} <= seen
