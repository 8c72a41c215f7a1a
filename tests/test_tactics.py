"""Tactic cards: every card, its limits, and how it changes completion order and claims."""

import pytest
from helpers import DONE, PASS, C, c1, claim, draw, play, position, ret, snapshot

from engine import (
    Action,
    IllegalAction,
    Rules,
    apply,
    can_claim,
    capacity,
    claim_verdict,
    legal_actions,
)
from engine.actions import DISCARD
from engine.cards import BLIND, MUD

TACTICS = Rules(tactics=True)


# North's hand where the decks hold cards: a full one (a hand is refilled every turn).
NORTH_FULL = "O1 O2 O3 O4 O5 O6 O7"


def tpos(**kwargs):
    if "decks" in kwargs:
        kwargs["rest_to_discard"] = True
    return position(TACTICS, **kwargs)


def end_turn(state):
    """Finish the current turn: no claims, draw from the clan deck if asked."""
    if state.step == "claim":
        state = apply(state, DONE)
    if state.step == "draw":
        state = apply(state, draw(0))
    return state


def refused(state, action, code, message=None, **params):
    """``action`` is refused for the rule ``code`` (with ``params`` among the error's details
    and ``message`` in its English text), and ``state`` is left as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        apply(state, action)
    assert e.value.code == code, str(e.value)
    for name, value in params.items():
        assert e.value.params[name] == value, (name, e.value.params)
    if message is not None:
        assert message in str(e.value), str(e.value)
    assert snapshot(state) == before
    assert action not in legal_actions(state)


def plays_of(state, card: str):
    return [a for a in legal_actions(state) if a.kind == "play" and a.card == c1(card)]


# ---------------------------------------------------------------- tactic limit


def test_tactic_limit_at_most_one_ahead():
    s = tpos(hands=("Spy Joker R1", "Traitor O1"), stones={8: ("P1 P2", "P3 P4")})
    assert plays_of(s, "Spy") and plays_of(s, "Joker")
    t = end_turn(apply(s, play("Spy", 0)))
    assert t.tactics_played == [1, 0]
    t = end_turn(apply(t, play("O1", 0)))
    # South is one ahead: no tactic card, whatever kind, but clan cards are fine.
    assert plays_of(t, "Joker") == [] and plays_of(t, "R1")
    refused(
        t,
        play("Joker", 1),
        "tactic_limit",
        "Tactic limit: Joker cannot be played",
        played=1,
        opponent_played=0,
    )
    t = end_turn(apply(t, play("R1", 0)))
    # North, one behind, may play a tactic card; then South may again.
    assert plays_of(t, "Traitor")
    t = end_turn(apply(t, play("Traitor", 0, "R1", 1)))
    assert t.tactics_played == [1, 1] and plays_of(t, "Joker")


@pytest.mark.parametrize(
    "card,extra",
    [
        ("BlindMansBluff", {"stone": 5}),
        ("MudFight", {"stone": 5}),
        ("Recruiter", {}),
        ("Strategist", {"stone": 0, "target": "R5", "to": 1}),
        ("Banshee", {"stone": 0, "target": "B5"}),
        ("Traitor", {"stone": 0, "target": "B5", "to": 2}),
        ("ShieldBearer", {"stone": 3}),
    ],
)
def test_every_tactic_card_counts_towards_the_limit(card, extra):
    s = tpos(hands=(f"{card} R1", "O1"), stones={0: ("R5", "B5")}, tactics_played=[0, 0])
    t = apply(s, play(card, **extra))
    assert t.tactics_played == [1, 0]


def test_a_player_behind_may_play_a_tactic():
    s = tpos(hands=("Spy", ""), discard="Traitor", tactics_played=[0, 1])  # North's
    assert plays_of(s, "Spy")


# ---------------------------------------------------------------- elite troops


def test_one_joker_per_game_per_player():
    s = tpos(hands=("Joker Joker R1 R2", "O1 O2"), stones={8: ("P1 P2", "P3 P4")})
    t = end_turn(apply(s, play("Joker", 0)))
    assert t.joker_played == [True, False] and t.hands[0].count(c1("Joker")) == 1
    t = end_turn(apply(t, play("O1", 0)))
    t = end_turn(apply(t, play("R1", 1)))
    t = end_turn(apply(t, play("O2", 1)))
    assert t.tactics_played == [1, 0]
    # Even within the tactic limit the second Joker stays in hand.
    t.tactics_played = [1, 1]
    assert plays_of(t, "Joker") == []
    refused(t, play("Joker", 2), "second_joker", "One Joker per game")


def test_the_other_player_may_still_play_a_joker():
    s = tpos(hands=("R1", "Joker O1"), stones={0: ("Joker", ""), 8: ("P1", "P2")}, to_move=1)
    assert s.joker_played == [True, False]
    assert plays_of(s, "Joker")


def test_a_second_joker_alone_in_hand_allows_a_pass():
    # The decks out (the rest on the table, the ruses and two troops in the discard, the
    # tactic cards shared out as played, North one ahead): South's lone Joker is a hand a
    # game reaches, South has room at stone 0, and only the Joker rule stops it.
    s = tpos(
        hands=("Joker", "O1"),
        stones={0: ("Joker R1", "R2 R3 R4")},
        decks=("", ""),
        tactics_played=[4, 5],
    )
    assert s.decks == [[], []] and len(s.sides[0]) == 2
    assert legal_actions(s) == [PASS]


def test_spy_is_a_seven_in_play():
    s = tpos(hands=("Spy", "O1"), stones={4: ("R8 R9", "B1 B2 B4"), 8: ("P2", "")})
    t = apply(s, play("Spy", 4))
    assert legal_actions(t) == [claim(4), DONE]
    ok, reason = claim_verdict(t, 0, 4)
    assert ok and reason == "your Color-Run totalling 24 beats their Color totalling 7"


def test_shield_bearer_is_worth_at_most_three():
    # South's Shield-Bearer with G8 G9 is at best a Color of 20, not a Color-Run 7-8-9.
    s = tpos(hands=("ShieldBearer", "O1"), stones={4: ("G8 G9", "B7 B8 B9"), 8: ("P2", "")})
    t = apply(s, play("ShieldBearer", 4))
    ok, reason = claim_verdict(t, 0, 4)
    assert not ok and reason == "their Color-Run totalling 24 beats your Color totalling 20"
    assert can_claim(t, 1, 4)


# ---------------------------------------------------------------- combat modes


def test_blind_mans_bluff_turns_a_stone_into_a_sum_fight():
    s = tpos(
        hands=("O1", "BlindMansBluff P1"),
        stones={1: ("R1 R2 R3", "B9 G9 Y8"), 8: ("P2", "")},
        to_move=1,
    )
    assert can_claim(s, 0, 1) and not can_claim(s, 1, 1)
    t = apply(s, play("BlindMansBluff", 1))
    assert t.modes[1] == BLIND and c1("BlindMansBluff") not in t.hands[1]
    assert legal_actions(t) == [claim(1), DONE]  # North's 26 now beats South's 6
    assert not can_claim(t, 0, 1)


def test_mud_fight_needs_four_and_reopens_complete_sides():
    s = tpos(hands=("R6 O1", "MudFight P1"), stones={3: ("R7 R8 R9", "B1 B2")}, to_move=1)
    assert can_claim(s, 0, 3) and s.done_at[6] > 0
    t = end_turn(apply(s, play("MudFight", 3)))
    assert t.modes[3] == MUD and capacity(t, 3) == 4
    assert t.done_at[6] == 0 and not can_claim(t, 0, 3)
    assert play("R6", 3) in legal_actions(t)  # a fourth slot on both sides
    u = apply(t, play("R6", 3))
    assert u.done_at[6] > 0 and len(u.sides[6]) == 4
    assert legal_actions(u) == [claim(3), DONE]  # Color-Run 6-9 cannot be beaten


def test_mud_fight_completion_order_is_re_measured():
    # Both sides complete at 3 with equal strength, South first: South may claim.
    s = tpos(
        hands=("R8 O1", "MudFight B8 P1"),
        stones={3: ("R5 R6 R7", "B5 B6 B7"), 8: ("P2", "")},
        to_move=1,
    )
    assert can_claim(s, 0, 3) and not can_claim(s, 1, 3)
    t = end_turn(apply(s, play("MudFight", 3)))
    t = end_turn(apply(t, play("O1", 0)))
    t = end_turn(apply(t, play("B8", 3)))  # North completes four cards first
    assert not can_claim(t, 0, 3)
    t = apply(t, play("R8", 3))  # South ties, but completed last
    assert t.done_at[6] > t.done_at[7] > 0
    assert not can_claim(t, 0, 3) and can_claim(t, 1, 3)


def test_one_combat_mode_per_stone():
    s = tpos(
        hands=("BlindMansBluff R1", "O1"),
        stones={2: ("", "", {"mode": "MudFight"}), 8: ("P1", "")},
        tactics_played=[0, 1],
    )
    assert all(a.stone != 2 for a in plays_of(s, "BlindMansBluff"))
    refused(
        s,
        play("BlindMansBluff", 2),
        "mode_taken",
        "Combat modes: Blind-Man's Bluff cannot go to stone 3: it already holds Mud Fight",
        stone=2,
        mode="MudFight",
    )


def test_mud_fight_limits_sides_to_four():
    s = tpos(
        hands=("R5 O1", "P1"),
        stones={2: ("R1 R2 R3 R4", "", {"mode": "MudFight"}), 8: ("", "P2 P3 P4")},
        tactics_played=[0, 1],
    )
    refused(
        s,
        play("R5", 2),
        "side_full",
        "Stone capacity: Red 5 cannot go to stone 3: your side is full (4 cards).",
        stone=2,
        capacity=4,
    )


def test_combat_modes_only_on_unclaimed_stones():
    s = tpos(hands=("MudFight R1", "O1"), stones={2: ("R7 R8 R9", "B1 B2 B4", {"owner": 0})})
    assert all(a.stone != 2 for a in plays_of(s, "MudFight"))
    refused(
        s,
        play("MudFight", 2),
        "stone_claimed",
        "Claimed stones: stone 3 is claimed by South: Mud Fight cannot be played there",
        stone=2,
        owner=0,
    )


# ---------------------------------------------------------------- Recruiter


def test_recruiter_draws_three_then_returns_two():
    # The rest fills the other stones, North the stronger on each: South has nothing to claim.
    s = tpos(
        hands=("Recruiter R1 R2 R3 R4 R5 R6", NORTH_FULL),
        decks=("P1 P2 P3 P4 P5", "Spy Traitor Banshee"),
        rest_won_by=1,
    )
    t = apply(s, play("Recruiter"))
    assert (t.step, t.draws_left) == ("recruit_draw", 3)
    # (the tactic cards the test put on the discard pile count as played before it)
    assert c1("Recruiter") in t.discard
    assert t.tactics_played == [s.tactics_played[0] + 1, s.tactics_played[1]]
    assert legal_actions(t) == [draw(0), draw(1)]
    t = apply(apply(apply(t, draw(1)), draw(0)), draw(1))
    assert t.step == "recruit_return" and t.returns_left == 2
    assert sorted(t.hands[0]) == sorted(C("R1 R2 R3 R4 R5 R6 Banshee P5 Traitor"))
    assert legal_actions(t) == [
        ret(c) for c in ["R1", "R2", "R3", "R4", "R5", "R6", "P5", "Banshee", "Traitor"]
    ]
    t = apply(t, ret("R1"))
    assert t.step == "recruit_return" and t.returns_left == 1
    t = apply(t, ret("Banshee"))
    # Bottom of their own decks; the hand is back at 7, so there is no further draw.
    assert t.decks == [C("R1 P1 P2 P3 P4"), C("Banshee Spy")]
    assert len(t.hands[0]) == 7 and (t.step, t.to_move) == ("play", 1)


def test_recruiter_when_a_deck_runs_out_draws_the_rest_from_the_other():
    s = tpos(hands=("Recruiter R1 R2 R3 R4 R5 R6", NORTH_FULL), decks=("P1 P2 P3 P4 P5", "Spy"))
    t = apply(s, play("Recruiter"))
    assert legal_actions(t) == [draw(0), draw(1)]
    t = apply(t, draw(1))  # the tactic deck is now empty: P5 and P4 come by themselves
    assert t.step == "recruit_return" and t.decks == [C("P1 P2 P3"), []]
    assert sorted(t.hands[0]) == sorted(C("R1 R2 R3 R4 R5 R6 Spy P4 P5"))


def test_recruiter_with_one_empty_deck_draws_automatically():
    s = tpos(
        hands=("Recruiter R1 R2 R3 R4 R5 R6", NORTH_FULL), decks=("", "Spy Traitor Banshee Joker")
    )
    t = apply(s, play("Recruiter"))
    assert t.step == "recruit_return" and t.decks[1] == C("Spy")
    assert sorted(t.hands[0]) == sorted(C("R1 R2 R3 R4 R5 R6 Traitor Banshee Joker"))


def test_recruiter_with_too_few_cards_left_draws_what_there_is():
    s = tpos(hands=("Recruiter R1 R2 R3 R4 R5 R6", NORTH_FULL), decks=("P1", "Spy"), rest_won_by=1)
    t = apply(s, play("Recruiter"))
    t = apply(t, draw(0))
    assert t.step == "recruit_return" and t.decks == [[], []] and len(t.hands[0]) == 8
    t = apply(apply(t, ret("R1")), ret("Spy"))
    # Back at 6 of 7: the end-of-turn draw takes one card, here the just returned R1 or Spy.
    assert t.decks == [C("R1"), C("Spy")] and len(t.hands[0]) == 6
    assert (t.step, t.to_move) == ("draw", 0) and legal_actions(t) == [draw(0), draw(1)]
    t = apply(t, draw(1))
    assert t.to_move == 1 and len(t.hands[0]) == 7 and t.decks == [C("R1"), []]


def test_recruiter_then_claim_step_after_play():
    s = tpos(
        hands=("Recruiter R1 R2 R3 R4 R5 R6", NORTH_FULL),
        stones={0: ("R7 R8 R9", "B1 B2 B4")},
        decks=("P1 P2 P3 P4 P5", "Spy Traitor Banshee"),
        rest_won_by=1,  # stone 0 is South's only claim
    )
    t = apply(s, play("Recruiter"))
    t = apply(apply(apply(t, draw(0)), draw(0)), draw(0))
    t = apply(apply(t, ret("P5")), ret("P4"))
    assert legal_actions(t) == [claim(0), DONE]


# ---------------------------------------------------------------- Strategist


def test_strategist_moves_one_of_your_cards_to_another_stone():
    s = tpos(
        hands=("Strategist O1", "P1"),
        stones={1: ("R1 R2 R3", "B9"), 2: ("O4 O5", ""), 7: ("", "P5"), 8: ("", "P2 P3 P4")},
    )
    assert s.done_at[2] > 0
    t = apply(s, play("Strategist", 1, "R3", 2))
    assert t.sides[2] == C("R1 R2") and t.done_at[2] == 0  # stone 1: incomplete again
    assert t.sides[4] == C("O4 O5 R3") and t.done_at[4] > 0  # stone 2: complete now
    assert c1("Strategist") in t.discard and c1("R3") not in t.discard


def test_strategist_may_discard_the_card():
    s = tpos(hands=("Strategist O1", "P1"), stones={1: ("R1 R2 R3", "B9"), 8: ("", "P2 P3")})
    t = apply(s, play("Strategist", 1, "R2", DISCARD))
    assert t.sides[2] == C("R1 R3") and t.done_at[2] == 0
    assert sorted(t.discard) == sorted(C("R2 Strategist"))


def test_strategist_moves_elite_troops():
    s = tpos(
        hands=("Strategist O1", "P1"),
        stones={1: ("Joker R2", "B9")},
        discard="Traitor",  # North's tactic card
        tactics_played=[1, 1],
    )
    t = apply(s, play("Strategist", 1, "Joker", 5))
    assert t.sides[10] == C("Joker") and t.sides[2] == C("R2")


def test_strategist_limits():
    s = tpos(
        hands=("Strategist O1", "P1"),
        stones={
            1: ("R1 R2 R3", "B9"),
            2: ("O4 O5 O6", ""),
            3: ("", "Y7 Y8 Y9", {"owner": 1}),
            4: ("G1 G2 G3", "B1 B2 B3", {"owner": 0}),
        },
    )
    acts = plays_of(s, "Strategist")
    assert play("Strategist", 1, "R3", 2) not in acts  # stone 2 is full
    assert play("Strategist", 1, "R3", 1) not in acts  # not the same stone
    assert play("Strategist", 1, "R3", 3) not in acts  # claimed destination
    assert all(a.stone not in (3, 4) for a in acts)  # claimed source
    assert play("Strategist", 1, "R3", 0) in acts
    assert play("Strategist", 2, "O6", DISCARD) in acts
    refused(
        s,
        play("Strategist", 1, "R3", 2),
        "destination_full",
        "Strategist: stone 3 is claimed or full on your side.",
        to=2,
    )
    refused(
        s,
        play("Strategist", 1, "R3", 1),
        "strategist_destination",
        "Strategist: move the card to another stone, or discard it.",
    )
    refused(
        s,
        play("Strategist", 1, "R3", 3),
        "destination_full",
        "Strategist: stone 4 is claimed or full",
        to=3,
    )
    refused(
        s,
        play("Strategist", 4, "G1", 0),
        "stone_claimed",
        "stone 5 is claimed by South",
        stone=4,
        owner=0,
    )
    refused(
        s,
        play("Strategist", 1, "B9", 0),
        "not_on_your_side",
        "Strategist: Blue 9 is not on your side of stone 2.",
        target="B9",
        stone=1,
    )


def test_strategist_cannot_move_a_combat_mode():
    s = tpos(
        hands=("Strategist O1", "P1"),
        stones={1: ("R1", "", {"mode": "MudFight"})},
        tactics_played=[0, 1],
    )
    refused(
        s,
        play("Strategist", 1, "MudFight", 2),
        "not_on_your_side",
        "Mud Fight is not on your side",
        target="MudFight",
        stone=1,
    )


# ---------------------------------------------------------------- Banshee


def test_banshee_discards_an_opponent_troop():
    s = tpos(hands=("Banshee O1", "P1"), stones={3: ("R1", "B7 B8 B9"), 8: ("P2 P3", "")})
    assert s.done_at[7] > 0
    assert plays_of(s, "Banshee") == [play("Banshee", 3, t) for t in ("B7", "B8", "B9")]
    t = apply(s, play("Banshee", 3, "B8"))
    assert t.sides[7] == C("B7 B9") and t.done_at[7] == 0
    assert sorted(t.discard) == sorted(C("B8 Banshee"))


def test_banshee_discards_elite_troops_too():
    s = tpos(
        hands=("Banshee O1", "P1"),
        stones={3: ("R1", "Joker B9")},
        discard="Traitor",  # South's tactic card
        tactics_played=[1, 1],
    )
    t = apply(s, play("Banshee", 3, "Joker"))
    assert t.sides[7] == C("B9") and c1("Joker") in t.discard
    assert t.joker_played == [False, True]  # discarded, but North has played its Joker


def test_banshee_limits():
    s = tpos(
        hands=("Banshee O1", "P1"),
        stones={
            3: ("R1", "B7 B8 B9", {"mode": "BlindMansBluff"}),
            4: ("G1 G2 G3", "Y1 Y2 Y4", {"owner": 0}),
            8: ("P2 P3 P4", ""),
        },
        tactics_played=[0, 1],
    )
    refused(s, play("Banshee", 4, "Y1"), "stone_claimed", "Claimed stones", stone=4, owner=0)
    refused(
        s,
        play("Banshee", 3, "R1"),
        "not_on_their_side",
        "Banshee: Red 1 is not on your opponent's side of stone 4.",
        target="R1",
        stone=3,
    )
    refused(
        s,
        play("Banshee", 3, "BlindMansBluff"),
        "not_on_their_side",
        "Blind-Man's Bluff is not on your opponent's side",
        target="BlindMansBluff",
    )
    refused(
        s,
        play("Banshee", 3, "B7", 5),
        "banshee_destination",
        "Banshee: the card goes to the discard pile",
    )


def test_banshee_re_measures_completion_order():
    # Equal Sums of 15; South completed first, so only South may claim.
    s = tpos(
        hands=("B5 O1", "Banshee P1"),
        stones={0: ("R1 O5 Y9", "B2 G5 P8"), 8: ("P2", "")},
        to_move=1,
    )
    assert can_claim(s, 0, 0) and not can_claim(s, 1, 0)
    t = end_turn(apply(s, play("Banshee", 0, "O5")))
    assert t.done_at[0] == 0 and not can_claim(t, 0, 0)
    t = apply(t, play("B5", 0))  # South completes again: Sum 15, last
    assert t.step != "claim" and not can_claim(t, 0, 0)
    t = end_turn(t)
    assert can_claim(t, 1, 0)
    assert legal_actions(apply(t, play("P1", 5))) == [claim(0), DONE]


# ---------------------------------------------------------------- Traitor


def test_traitor_takes_a_clan_card_to_your_side():
    s = tpos(hands=("Traitor O1", "P1"), stones={2: ("R1", "B7 B8 B9"), 8: ("P2 P3", "")})
    t = apply(s, play("Traitor", 2, "B9", 6))
    assert t.sides[5] == C("B7 B8") and t.done_at[5] == 0
    assert t.sides[12] == C("B9")
    assert t.discard == C("Traitor")


def test_traitor_may_place_on_the_same_stone():
    s = tpos(hands=("Traitor O1", "P1"), stones={2: ("R7 R8", "B7 B8 R9"), 8: ("P2", "")})
    assert play("Traitor", 2, "R9", 2) in plays_of(s, "Traitor")
    t = apply(s, play("Traitor", 2, "R9", 2))
    assert t.sides[4] == C("R7 R8 R9") and t.sides[5] == C("B7 B8")
    assert t.done_at[4] > 0 and t.done_at[5] == 0
    assert legal_actions(t) == [claim(2), DONE]  # Color-Run 24 vs B7 B8 + B9 at best


def test_traitor_takes_clan_cards_only():
    s = tpos(
        hands=("Traitor O1", "P1"),
        stones={2: ("R1", "Spy B8"), 8: ("P2", "")},
        tactics_played=[0, 1],
    )
    assert plays_of(s, "Traitor") == [play("Traitor", 2, "B8", to) for to in range(9)]
    refused(
        s,
        play("Traitor", 2, "Spy", 3),
        "traitor_clan_only",
        "Traitor takes clan cards only: Spy is an elite troop.",
        target="Spy",
    )


def test_traitor_limits():
    s = tpos(
        hands=("Traitor O1", "P1"),
        stones={2: ("R1 R2 R3", "B7 B8"), 3: ("G1 G2 G4", "Y7 Y8 Y9", {"owner": 1}), 5: ("", "P7")},
    )
    acts = plays_of(s, "Traitor")
    assert play("Traitor", 2, "B8", 2) not in acts  # South is full at stone 2
    assert play("Traitor", 5, "P7", 3) not in acts  # stone 3 is claimed
    assert all(a.stone != 3 for a in acts)
    refused(
        s,
        play("Traitor", 2, "B8", 2),
        "destination_full",
        "Traitor: stone 3 is claimed or full on your side.",
        to=2,
    )
    refused(
        s,
        play("Traitor", 3, "Y7", 0),
        "stone_claimed",
        "stone 4 is claimed by North: Traitor cannot be played there",
        stone=3,
        owner=1,
    )
    refused(
        s,
        play("Traitor", 5, "P7", 3),
        "destination_full",
        "Traitor: stone 4 is claimed or full",
        to=3,
    )
    refused(
        s,
        play("Traitor", 5, "P7", DISCARD),
        "traitor_destination",
        "Traitor: give the stone where the card goes on your side.",
    )
    refused(
        s,
        play("Traitor", 5, "B7", 0),
        "not_on_their_side",
        "Traitor: Blue 7 is not on your opponent's side of stone 6.",
        target="B7",
        stone=5,
    )


def test_traitor_re_measures_completion_order():
    # Both Runs of 15 complete, North first. South's Traitor takes North's O4 to stone 0 and
    # North later completes again with R4: now South completed first.
    s = tpos(
        hands=("Traitor R1", "R4 P1"),
        stones={6: ("Y4 G5 B6", "O4 B5 G6", {"done_at": [2, 1]}), 0: ("", "")},
        tick=3,
    )
    assert can_claim(s, 1, 6) and not can_claim(s, 0, 6)
    t = end_turn(apply(s, play("Traitor", 6, "O4", 0)))
    assert t.sides[0] == C("O4") and t.done_at[13] == 0
    t = end_turn(apply(t, play("R4", 6)))
    assert t.done_at[12] < t.done_at[13]
    assert can_claim(t, 0, 6) and not can_claim(t, 1, 6)


def test_joker_and_tactic_counts_reset_with_each_round():
    rules = Rules(tactics=True, rounds=2)
    s = position(
        rules,
        hands=("O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            1: ("Joker B8 B9", "P1 P2 P4", {"owner": 0}),
            2: ("R1 R2 R3", "O1 O2 O4"),
        },
        tactics_played=[1, 0],
    )
    assert s.joker_played == [True, False]
    t = apply(apply(s, play("O5", 6)), claim(2))
    assert t.step == "round_over"
    u = apply(t, Action("next_round"))
    assert u.joker_played == [False, False] and u.tactics_played == [0, 0]
    assert [len(d) for d in u.decks] == [40, 10] and u.discard == []
