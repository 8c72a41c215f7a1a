"""Views: a player sees their hand, the table and counts, never the opponent's hand or a deck."""

import json
import random

import pytest
from helpers import hidden_texts, position, random_game, resample, sample_states, visible_tokens

from engine import Rules, legal_actions, new_game, view
from engine.cards import card_text
from engine.state import START_OF_TURN


def test_view_contents():
    s = position(hands=("R1 R2 B5", "O1 O2"), stones={0: ("R7 R8 R9", "B1 B2 B4")})
    v = view(s, 0)
    assert v["hand"] == ["R1", "R2", "B5"] and v["hand_sizes"] == [3, 2]
    assert v["deck_sizes"] == [len(s.decks[0]), 0]
    assert "deck" not in v and "decks" not in v and "hands" not in v
    side = v["stones"][0]["sides"][0]
    assert side == {"cards": ["R7", "R8", "R9"], "complete": True, "done_at": 1,
                    "formation": "a Color-Run totalling 24", "declared": ["R7", "R8", "R9"]}
    assert v["stones"][0]["sides"][1]["formation"] == "a Color totalling 7"
    assert {"kind": "play", "card": "R1", "stone": 3} in v["legal"]
    assert [c["stone"] for c in v["claims"]] == list(range(9))
    assert v["claims"][0] == {"stone": 0, "ok": True,
                              "reason": "your Color-Run totalling 24 beats their Color totalling 7"}
    w = view(s, 1)
    assert w["hand"] == ["O1", "O2"] and w["legal"] == []       # not North's turn
    assert w["claims"][0]["ok"] is False
    json.dumps(v), json.dumps(w)


def test_view_of_a_mud_stone_and_declared_elites():
    s = position(Rules(tactics=True), stones={
        2: ("Joker R8 R9", "B1 B2 B3 B4", {"mode": "MudFight"}), 4: ("Spy O8 O9", "")})
    v = view(s, 1)
    stone = v["stones"][2]
    assert stone["mode"] == "MudFight" and stone["capacity"] == 4
    assert stone["sides"][0]["complete"] is False and "formation" not in stone["sides"][0]
    assert stone["sides"][1]["formation"] == "a Color-Run totalling 10"
    assert v["stones"][4]["sides"][0]["declared"] == ["O7", "O8", "O9"]
    assert v["stones"][2]["sides"][1]["declared"] == ["B1", "B2", "B3", "B4"]
    claims = {c["stone"]: c for c in v["claims"]}
    assert claims[2]["ok"] is False and "Mud Fight" not in claims[2]["reason"]


def test_view_refuses_other_seats():
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        view(new_game(), 2)


def test_claimed_stones_have_no_claim_entry():
    s = position(stones={5: ("R7 R8 R9", "B1 B2 B4", {"owner": 0})})
    assert [c["stone"] for c in view(s, 0)["claims"]] == [0, 1, 2, 3, 4, 6, 7, 8]
    assert view(s, 1)["stones"][5]["owner"] == 0


# ---------------------------------------------------------------- nothing hidden leaks


GAMES = [(Rules(tactics=t, claim_timing=c), seed) for t in (False, True)
         for c in ("after_play", START_OF_TURN) for seed in range(10)]


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
    s = position(hands=("R1", "O1 O2"), stones={0: ("", "B1 B2 B4")})
    v = view(s, 0)
    assert {"B1", "B2", "B4"} <= visible_tokens(v)
    assert not {"O1", "O2"} & visible_tokens(v)
    assert "R1" in visible_tokens(v)          # South's own hand
    assert not {"R1"} & visible_tokens(view(s, 1))
