"""Views: a player sees their hand, the table and counts, never the opponent's hand or a deck."""

import json
import random

import pytest
from helpers import (
    hidden_texts,
    play,
    position,
    random_game,
    resample,
    sample_states,
    visible_tokens,
)

from engine import GameError, Rules, apply, claim_proof, legal_actions, new_game, view
from engine.cards import card_text
from engine.state import START_OF_TURN


def test_view_contents():
    # Full hands (a hand is refilled every turn while the decks hold cards).
    hands = ("R1 R2 B5 G1 G2 G3", "O1 O2 O3 O4 O5 O6")
    s = position(hands=hands, stones={0: ("R7 R8 R9", "B1 B2 B4")})
    v = view(s, 0)
    assert v["hand"] == ["R1", "R2", "G1", "G2", "G3", "B5"] and v["hand_sizes"] == [6, 6]
    assert v["deck_sizes"] == [len(s.decks[0]), 0]
    assert "deck" not in v and "decks" not in v and "hands" not in v
    assert "names" not in v and v["history"] == [] and v["match_winner"] is None
    side = v["stones"][0]["sides"][0]
    assert side == {
        "cards": ["R7", "R8", "R9"],
        "complete": True,
        "done_at": 1,
        "formation": {"rank": "color_run", "total": 24, "cards": 3},
        "declared": [],
    }  # no elite troop: nothing declared
    assert v["stones"][0]["sides"][1]["formation"] == {"rank": "color", "total": 7, "cards": 3}
    assert "formation" not in v["stones"][1]["sides"][0]  # incomplete: no formation
    assert {"kind": "play", "card": "R1", "stone": 3} in v["legal"]
    assert [c["stone"] for c in v["claims"]] == list(range(9))
    assert v["claims"][0] == {
        "stone": 0,
        "ok": True,
        "when": "this_turn",
        "proof": {
            "ok": True,
            "why": "stronger",
            "stone": 0,
            "mine": {"rank": "color_run", "total": 24, "cards": 3},
            "theirs": {"rank": "color", "total": 7, "cards": 3},
        },
    }
    assert v["claims"][3]["proof"] == {
        "ok": False,
        "why": "incomplete",
        "stone": 3,
        "have": 0,
        "need": 3,
        "mud": False,
    }
    w = view(s, 1)
    assert w["hand"] == ["O1", "O2", "O3", "O4", "O5", "O6"] and w["legal"] == []  # not North's
    assert w["claims"][0]["ok"] is False and w["claims"][0]["proof"]["why"] == "weaker"
    json.dumps(v), json.dumps(w)


def test_view_of_a_mud_stone_and_declared_elites():
    s = position(
        Rules(tactics=True),
        stones={
            2: ("Joker R8 R9", "B1 B2 B3 B4", {"mode": "MudFight"}),
            4: ("Spy O8 O9", ""),
            8: ("", "P2"),  # North's sixth card: South has played 6
        },
    )
    v = view(s, 1)
    stone = v["stones"][2]
    assert stone["mode"] == "MudFight" and stone["capacity"] == 4
    assert stone["sides"][0]["complete"] is False and "formation" not in stone["sides"][0]
    assert stone["sides"][1]["formation"] == {"rank": "color_run", "total": 10, "cards": 4}
    assert v["stones"][4]["sides"][0]["declared"] == [{"card": "Spy", "as": "O7"}]
    assert v["stones"][4]["sides"][0]["formation"] == {"rank": "color_run", "total": 24, "cards": 3}
    assert v["stones"][2]["sides"][1]["declared"] == []  # clan cards only
    claims = {c["stone"]: c for c in v["claims"]}
    # North is complete; South's Joker R8 R9 can still become a Color-Run 6-9 with R7.
    assert claims[2]["ok"] is False
    assert claims[2]["proof"] == {
        "ok": False,
        "why": "can_beat",
        "stone": 2,
        "mine": {"rank": "color_run", "total": 10, "cards": 4},
        "best": {"rank": "color_run", "total": 30, "cards": 4},
        "cards": ["R7", "R8", "R9", "Joker"],
    }
    # South's side of 3 is incomplete under Mud Fight: the proof says so.
    south = {c["stone"]: c for c in view(s, 0)["claims"]}
    assert south[2]["proof"] == {
        "ok": False,
        "why": "incomplete",
        "stone": 2,
        "have": 3,
        "need": 4,
        "mud": True,
    }


def test_view_refuses_other_seats():
    for seat in (2, -1, "0", 1.0, True):
        with pytest.raises(GameError, match="There is no player") as e:
            view(new_game(), seat)
        assert e.value.code == "not_a_player"


def test_claimed_stones_have_no_claim_entry():
    s = position(stones={5: ("R7 R8 R9", "B1 B2 B4", {"owner": 0})})
    assert [c["stone"] for c in view(s, 0)["claims"]] == [0, 1, 2, 3, 4, 6, 7, 8]
    assert view(s, 1)["stones"][5]["owner"] == 0


def _whens(state, player) -> set:
    return {c["when"] for c in view(state, player)["claims"]}


def test_claims_say_when_they_can_be_made():
    stones = {0: ("R7 R8 R9", "B1 B2 B4"), 4: ("G1 G2 G3", "Y7 Y8 Y9")}
    hands = ("R1 R2 B5", "O1 O2")
    # Claim after playing (the default): in the play step, after this turn's play.
    s = position(hands=hands, stones=stones)
    assert (s.step, s.to_move) == ("play", 0)
    assert _whens(s, 0) == {"this_turn"} and _whens(s, 1) == {"their_turn"}
    # The same position under the Expert timing: at the start of the next turn.
    x = position(Rules(claim_timing=START_OF_TURN), hands=hands, stones=stones)
    assert _whens(x, 0) == {"next_turn"} and _whens(x, 1) == {"their_turn"}
    # In the claim step: now.
    c = apply(s, play("R1", 5))
    assert (c.step, c.to_move) == ("claim", 0)
    assert _whens(c, 0) == {"now"} and _whens(c, 1) == {"their_turn"}
    # The verdicts themselves do not depend on the timing or the step.
    for p in (0, 1):
        oks = [[c["ok"] for c in view(t, p)["claims"]] for t in (s, x, c)]
        assert oks[0] == oks[1] == [claim_proof(s, p, st)["ok"] for st in range(9)]
    assert view(s, 0)["claims"][0]["ok"] and view(s, 1)["claims"][4]["ok"]


def test_claims_when_over_random_games():
    whens = set()
    for rules in (Rules(), Rules(claim_timing=START_OF_TURN)):
        for seed in range(4):
            for state in sample_states(rules, seed, 5):
                for p in (0, 1):
                    got = _whens(state, p)
                    if state.to_move != p:
                        expect = "their_turn"
                    elif state.step == "claim":
                        expect = "now"
                    elif state.step == "play" and rules.claim_timing == "after_play":
                        expect = "this_turn"
                    else:
                        expect = "next_turn"
                    assert got <= {expect}, (seed, state.step, p, got)
                    whens |= got
    assert whens == {"now", "this_turn", "next_turn", "their_turn"}


# ---------------------------------------------------------------- nothing hidden leaks


GAMES = [
    (Rules(tactics=t, claim_timing=c), seed)
    for t in (False, True)
    for c in ("after_play", START_OF_TURN)
    for seed in range(10)
]


@pytest.mark.parametrize("rules,seed", GAMES)
def test_views_never_show_hidden_cards(rules, seed):
    checked = []

    def check(state, acts, a, i):
        for p in (0, 1):
            v = view(state, p)
            assert v["hand"] == [card_text(c) for c in state.hands[p]]
            leaked = hidden_texts(state, p) & visible_tokens(v)
            assert not leaked, f"step {i}: {leaked} visible to player {p}"
            assert (v["legal"] != []) is (state.to_move == p and acts != [])
        checked.append(i)

    final, _ = random_game(rules, seed, on_step=check)
    check(final, legal_actions(final), None, "final")
    assert len(checked) > 20


@pytest.mark.parametrize("rules,seed", GAMES[::2])
def test_spectator_view_shows_no_hand(rules, seed):
    checked = []

    def check(state, acts, a, i):
        v = view(state, None)
        assert v["player"] is None and v["hand"] == [] and v["legal"] == [] and v["claims"] == []
        assert v["hand_sizes"] == [len(state.hands[0]), len(state.hands[1])]
        tokens = visible_tokens(v)
        leaked = hidden_texts(state, None) & tokens
        assert not leaked, f"step {i}: {leaked} visible to a spectator"
        # The table is the players' table.
        assert v["stones"] == view(state, 0)["stones"] == view(state, 1)["stones"]
        checked.append(i)

    final, _ = random_game(rules, seed, on_step=check)
    check(final, legal_actions(final), None, "final")
    assert len(checked) > 20


def test_spectator_view_hides_both_hands():
    # Guard for the test above: a player's own view does show that player's hand.
    s = position(hands=("R1 R2", "O1 O2"), stones={0: ("Y9", "B1")})
    spectator = visible_tokens(view(s, None))
    assert not {"R1", "R2", "O1", "O2"} & spectator and "B1" in spectator
    assert hidden_texts(s, None) >= {"R1", "R2", "O1", "O2"}
    assert {"R1", "R2"} <= visible_tokens(view(s, 0)) and {"O1", "O2"} <= visible_tokens(view(s, 1))


@pytest.mark.parametrize("rules,seed", GAMES[::3])
def test_view_depends_only_on_what_the_player_may_know(rules, seed):
    rng = random.Random(seed)
    for state in sample_states(rules, seed, 3):
        for p in (0, 1):
            other_world = resample(state, p, rng)
            assert view(other_world, p) == view(state, p)


def test_resampling_does_change_the_hidden_cards():
    # Guard for the test above: resampling must really move cards around.
    s = new_game(Rules(tactics=True), seed=4)
    t = resample(s, 0, random.Random(1))
    assert t.hands[0] == s.hands[0] and t.hands[1] != s.hands[1]
    assert sorted(t.hands[1] + t.decks[0]) == sorted(s.hands[1] + s.decks[0])


def test_face_up_cards_do_show():
    s = position(hands=("R1", "O1 O2"), stones={0: ("", "B1 B2 B4"), 1: ("Y7 Y8 Y9", "")})
    v = view(s, 0)
    assert {"B1", "B2", "B4"} <= visible_tokens(v)
    assert not {"O1", "O2"} & visible_tokens(v)
    assert "R1" in visible_tokens(v)  # South's own hand
    assert not {"R1"} & visible_tokens(view(s, 1))
