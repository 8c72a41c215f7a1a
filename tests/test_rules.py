"""Turn flow: play, pass, both claim timings, drawing, the end of a round and of a match."""

import itertools
from dataclasses import replace

import pytest
from helpers import (
    DONE,
    NEXT_ROUND,
    PASS,
    C,
    check_accounting,
    claim,
    draw,
    play,
    position,
    random_game,
    rest_of,
)

from engine import (
    Rules,
    apply,
    apply_events,
    legal_actions,
    match_winner,
    new_game,
    position_from_json,
    position_to_json,
)
from engine.errors import FormatError
from engine.position_checks import check_result
from engine.rules import Reason, stuck_result
from engine.state import START_OF_TURN

EXPERT = Rules(claim_timing=START_OF_TURN)
NORTH_STARTED = Rules(starter=1)  # South to move with a card fewer on the table than North


def deal(rules, south: str, north: str, deck: str | None = None, tactic_deck: str = ""):
    """A new game with fixed hands; the deck (top last) defaults to every other clan card."""
    if deck is None:
        deck = rest_of(f"{south} {north}")
    return new_game(
        rules,
        seed=0,
        deal={"hands": [C(south), C(north)], "deck": C(deck), "tactic_deck": C(tactic_deck)},
    )


def run(state, *actions):
    for a in actions:
        state = apply(state, a)
    return state


# ---------------------------------------------------------------- the deal


@pytest.mark.parametrize("tactics,hand,deck,tdeck", [(False, 6, 42, 0), (True, 7, 40, 10)])
def test_new_game_deals_hands_and_decks(tactics, hand, deck, tdeck):
    s = new_game(Rules(tactics=tactics), seed=11)
    assert [len(h) for h in s.hands] == [hand, hand]
    assert [len(d) for d in s.decks] == [deck, tdeck]
    assert (s.step, s.to_move, s.round, s.scores) == ("play", 0, 1, [0, 0])
    assert all(c < 54 for h in s.hands for c in h)
    check_accounting(s)


def test_the_deal_depends_on_the_seed_only():
    assert new_game(Rules(), seed=5) == new_game(Rules(), seed=5)
    assert new_game(Rules(), seed=5).hands != new_game(Rules(), seed=6).hands
    assert new_game(Rules(starter=1), seed=5).to_move == 1


# ---------------------------------------------------------------- play and draw


def test_play_then_draw_automatically_from_the_only_deck():
    s = deal(Rules(), "R1 R2 R3 B4 B5 B6", "O1 O2 O3 G4 G5 G6", deck="P1 P2 P9")
    t = apply(s, play("R1", 0))
    assert t.sides[0] == C("R1") and t.sides[1] == []
    assert sorted(t.hands[0]) == sorted(C("R2 R3 B4 B5 B6 P9"))  # P9 was the top card
    assert t.decks[0] == C("P1 P2")
    assert (t.to_move, t.step) == (1, "play")


def test_tactics_draw_is_a_choice_of_deck():
    s = deal(
        Rules(tactics=True),
        "R1 R2 R3 B4 B5 B6 B7",
        "O1 O2 O3 G4 G5 G6 G7",
        deck="P1 P2",
        tactic_deck="Spy Traitor",
    )
    t = apply(s, play("R1", 0))
    assert (t.step, t.to_move) == ("draw", 0)
    assert legal_actions(t) == [draw(0), draw(1)]
    u = apply(t, draw(1))
    assert C("Traitor")[0] in u.hands[0] and u.decks[1] == C("Spy")
    assert (u.step, u.to_move) == ("play", 1)
    v = apply(t, draw(0))
    assert C("P2")[0] in v.hands[0] and v.decks[0] == C("P1")


@pytest.mark.parametrize("clan,tactic,gets", [("P1 P2", "", "P2"), ("", "Spy Traitor", "Traitor")])
def test_tactics_draw_is_automatic_when_one_deck_is_empty(clan, tactic, gets):
    s = deal(
        Rules(tactics=True),
        "R1 R2 R3 B4 B5 B6 B7",
        "O1 O2 O3 G4 G5 G6 G7",
        deck=clan,
        tactic_deck=tactic,
    )
    t = apply(s, play("R1", 0))
    assert (t.step, t.to_move) == ("play", 1)
    assert C(gets)[0] in t.hands[0] and len(t.hands[0]) == 7


def test_empty_decks_are_no_error_play_goes_on():
    s = deal(Rules(tactics=True), "R1 R2", "O1 O2", deck="", tactic_deck="")
    t = run(s, play("R1", 0), play("O1", 0), play("R2", 1))
    assert [len(h) for h in t.hands] == [0, 1] and t.decks == [[], []]
    assert (t.step, t.to_move) == ("play", 1)


# ---------------------------------------------------------------- passing

# Each claim proven: every 7 and 8 is face up, so no Color-Run above 4-5-6 can be made.
NO_ROOM_FOR_SOUTH = {
    0: ("R7 R8 R9", "B3", {"owner": 0}),  # B3: North's turns, as many as South's
    1: ("", "O7 O8 O9", {"owner": 1}),
    2: ("Y7 Y8 Y9", "", {"owner": 0}),
    3: ("", "G7 G8 G9", {"owner": 1}),
    4: ("B1 B2 B4", "B7 B8"),
    5: ("", "P7 P8 P9", {"owner": 1}),
    6: ("R4 R5 R6", "", {"owner": 0}),
    7: ("", "O4 O5 O6", {"owner": 1}),
    8: ("Y4 Y5 Y6", "", {"owner": 0}),
}


def test_pass_is_the_only_action_without_room():
    # Every stone is claimed except stone 4, where South is full (and cannot prove it).
    s = position(hands=("R1 R2", "O1"), stones=NO_ROOM_FOR_SOUTH)  # hands refilled: full
    assert legal_actions(s) == [PASS]
    t = apply(s, PASS)
    # South's hand is full while the decks hold cards: nothing is drawn, so the pass counts
    # towards a stuck game (a pass that draws: test_a_pass_followed_by_a_draw_resets_the_count).
    assert (t.to_move, t.step, t.passes) == (1, "play", 1)
    assert len(t.hands[0]) == 6
    assert PASS not in legal_actions(t)
    u = apply(t, play("O1", 4))
    assert u.passes == 0 and not u.over


def test_no_draw_when_the_hand_is_full():
    s = position(hands=("R1 R2 R3 G1 G2 G3", "O1"), stones=NO_ROOM_FOR_SOUTH)
    assert legal_actions(s) == [PASS]
    t = apply(s, PASS)
    assert t.hands[0] == s.hands[0] and t.decks == s.decks and t.to_move == 1


def test_pass_is_legal_with_an_empty_hand():
    s = deal(Rules(), "R1", "", deck="")
    t = apply(s, play("R1", 0))
    assert legal_actions(t) == [PASS]


# ---------------------------------------------------------------- claims after playing


def test_claim_step_after_a_play_that_makes_a_stone_provable():
    s = position(NORTH_STARTED, hands=("R3 O5", "P5"), stones={2: ("R1 R2", "B1 B4 B7")}, to_move=0)
    t = apply(s, play("R3", 2))
    assert (t.step, t.to_move) == ("claim", 0)
    assert legal_actions(t) == [claim(2), DONE]
    u = apply(t, claim(2))
    assert u.owner[2] == 0 and (u.step, u.to_move) == ("play", 1) and len(u.hands[0]) == 6
    v = apply(t, DONE)  # claiming is never forced
    assert v.owner[2] == -1 and (v.step, v.to_move) == ("play", 1)


def test_no_claim_step_when_nothing_is_provable():
    s = position(NORTH_STARTED, hands=("R3 O5", "P5"), stones={2: ("R1 R2", "B1 B2 B3")}, to_move=0)
    t = apply(s, play("R3", 2))  # 1-2-3 Color-Run vs 1-2-3 Color-Run completed first
    assert (t.step, t.to_move) == ("play", 1)


def test_a_stone_provable_earlier_can_be_claimed_after_any_play():
    s = position(hands=("O5", "P5"), stones={2: ("R1 R2 R3", "B1 B4 B7")})
    t = apply(s, play("O5", 6))
    assert legal_actions(t) == [claim(2), DONE]


def test_several_claims_in_one_turn():
    s = position(
        hands=("O5", "P5"), stones={2: ("R1 R2 R3", "B1 B4 B7"), 5: ("Y7 Y8 Y9", "G1 G2 G4")}
    )
    t = apply(s, play("O5", 0))
    assert legal_actions(t) == [claim(2), claim(5), DONE]
    t = apply(t, claim(5))
    assert t.step == "claim" and legal_actions(t) == [claim(2), DONE]
    t = apply(t, claim(2))  # nothing left to claim: the turn goes on by itself
    assert t.owner[2] == t.owner[5] == 0 and (t.step, t.to_move) == ("play", 1)


def test_a_pass_can_still_be_followed_by_claims():
    # South has no room (the table of test_pass_is_the_only_action_without_room, its stone 9
    # not yet claimed): South passes, and may then claim stone 9, where every Color-Run over
    # 15 has a card face up. (A base game's South cannot pass with an empty hand while North
    # holds a card with room: South would be a card ahead of North, who never passed.)
    s = position(hands=("R1 R2", "O1"), stones={**NO_ROOM_FOR_SOUTH, 8: ("Y4 Y5 Y6", "")})
    t = apply(s, PASS)
    assert legal_actions(t) == [claim(8), DONE]
    assert apply(t, claim(8)).owner[8] == 0


# ---------------------------------------------------------------- Expert: claims first


def test_expert_timing_claims_at_the_start_of_the_next_turn():
    s = position(
        replace(EXPERT, starter=1),
        hands=("R3 O5", "P5 P6"),
        stones={2: ("R1 R2", "B1 B4 B7")},
        to_move=0,
    )
    t = apply(s, play("R3", 2))
    assert (t.step, t.to_move) == ("play", 1)  # no claim after playing
    u = apply(t, play("P5", 0))
    assert (u.step, u.to_move) == ("claim", 0)  # South's turn starts with claims
    assert legal_actions(u) == [claim(2), DONE]
    v = apply(u, claim(2))
    assert v.owner[2] == 0 and (v.step, v.to_move) == ("play", 0)
    w = apply(u, DONE)
    assert w.owner[2] == -1 and (w.step, w.to_move) == ("play", 0)


def test_expert_timing_no_claim_step_when_nothing_is_provable():
    s = position(EXPERT, hands=("R3 O5", "P5 P6"), stones={2: ("R1 R2", "B2 B3")})
    t = run(s, play("R3", 2), play("P5", 0))  # B4 would beat South's 1-2-3
    assert (t.step, t.to_move) == ("play", 0)


def test_expert_timing_a_play_never_opens_a_claim_step():
    s = position(EXPERT, hands=("O5", "P5"), stones={2: ("R1 R2 R3", "B1 B4 B7")})
    t = apply(s, play("O5", 6))
    assert (t.step, t.to_move) == ("play", 1)


# ---------------------------------------------------------------- end of a round


def test_three_adjacent_stones_end_the_game_at_once():
    s = position(
        NORTH_STARTED,
        to_move=0,
        hands=("R3 O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            1: ("B7 B8 B9", "P1 P2 P4", {"owner": 0}),
            2: ("R1 R2", "O1 O2 O4"),
            3: ("G7 G8 G9", "B1 B2 B4"),
        },
    )
    t = run(s, play("R3", 2))
    assert legal_actions(t) == [claim(2), claim(3), DONE]
    u, events = apply_events(t, claim(2))
    assert u.over and u.step == "over" and legal_actions(u) == []
    assert (u.outcome.winner, u.outcome.reason) == (0, "three_adjacent")
    assert u.history == ((0, "three_adjacent", 3, 0),)
    end = [e for e in events if e["type"] == "round_end"]
    assert end == [
        {
            "type": "round_end",
            "round": 1,
            "winner": 0,
            "reason": "three_adjacent",
            "stones": [3, 0],
            "points": [5, 0],
            "scores": [5, 0],
        }
    ]
    assert u.owner[3] == -1  # the first winning claim ends the game
    assert u.scores == [5, 0] and match_winner(u) == 0


def test_three_stones_with_a_gap_do_not_win():
    s = position(
        hands=("O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            1: ("B7 B8 B9", "P1 P2 P4", {"owner": 0}),
            3: ("R1 R2 R3", "O1 O2 O4"),
        },
    )
    t = run(s, play("O5", 6), claim(3))
    assert not t.over and t.owner.count(0) == 3 and (t.step, t.to_move) == ("play", 1)


def test_five_stones_end_the_game():
    s = position(
        hands=("O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            2: ("B7 B8 B9", "P1 P2 P4", {"owner": 0}),
            4: ("G7 G8 G9", "B1 B2 B4", {"owner": 0}),
            6: ("P7 P8 P9", "Y1 Y2 Y4", {"owner": 0}),
            8: ("R1 R2 R3", "O1 O2 O4"),
            7: ("R4 O3 Y3", "R5 R6 R7", {"owner": 1}),
        },
    )
    t = run(s, play("O5", 5), claim(8))
    assert (t.outcome.winner, t.outcome.reason) == (0, "five_stones")
    assert t.history == ((0, "five_stones", 5, 1),)
    assert t.scores == [5, 1]  # North holds one stone


def test_expert_timing_winning_claim_ends_the_game():
    s = position(
        EXPERT,
        hands=("O5", "P5"),
        stones={
            0: ("G1 G2 G4", "Y7 Y8 Y9", {"owner": 1}),
            1: ("P1 P2 P4", "B7 B8 B9", {"owner": 1}),
            2: ("O1 O2 O4", "R1 R2 R3"),
        },
        to_move=0,
    )
    t = apply(s, play("O5", 5))
    assert (t.step, t.to_move) == ("claim", 1)
    u = apply(t, claim(2))
    assert (u.outcome.winner, u.outcome.reason) == (1, "three_adjacent")


# ---------------------------------------------------------------- stuck games (house rule)


def _stuck_base():
    """Base game, decks empty: South holds Y7 G7 B7 with no room; North has no card.

    On stones 2-4 South is complete but cannot prove: the 7 North needs is in South's hand,
    which counts as unseen.
    """
    return position(
        hands=("Y7 G7 B7", ""),
        stones={
            0: ("R1 R2 R4", "R7 R8 R9", {"owner": 1}),
            1: ("O1 O2 O4", "O7 O8 O9", {"owner": 1}),
            2: ("Y1 Y2 Y4", "Y8 Y9"),
            3: ("G1 G2 G4", "G8 G9"),
            4: ("B1 B2 B4", "B8 B9"),
            5: ("R3 O3 Y3", "P7 P8 P9", {"owner": 1}),
            6: ("R5 O5 Y5", "P1 P2 P4", {"owner": 0}),
            7: ("R6 O6 Y6", "P3 P5 P6", {"owner": 0}),
            8: ("G3 G5 G6", "B3 B5 B6", {"owner": 1, "done_at": [2, 1]}),
        },  # a tie: North first
        decks=("", ""),
    )


def test_stuck_game_awards_stones_with_one_complete_side():
    s = _stuck_base()
    assert legal_actions(s) == [PASS]
    t = apply(s, PASS)
    assert not t.over and (t.to_move, t.passes) == (1, 1)
    assert legal_actions(t) == [PASS]
    u, events = apply_events(t, PASS)
    assert u.over
    assert u.owner == [1, 1, 0, 0, 0, 1, 0, 0, 1]
    assert (u.outcome.winner, u.outcome.reason) == (0, "stuck_five_stones")
    assert u.history == ((0, "stuck_five_stones", 5, 4),)
    assert u.scores == [5, 4]
    stuck = [e for e in events if e["type"] == "stuck"]
    assert stuck == [{"type": "stuck", "awards": [{"stone": s, "player": 0} for s in (2, 3, 4)]}]
    (end,) = [e for e in events if e["type"] == "round_end"]
    assert (end["reason"], end["stones"], end["points"]) == ("stuck_five_stones", [5, 4], [5, 4])


def test_a_base_game_s_stuck_round_is_won_by_the_player_holding_cards():
    """The stuck end above reads back as it is; with the hands the other way round (North
    holding the three 7s, South none) no base game reaches it: the stones left went to the
    player holding cards, so South cannot have won without one (``stuck_base_holder``)."""
    s = _stuck_base()
    end = position_to_json(apply(apply(s, PASS), PASS))
    assert end["hands"] == [["Y7", "G7", "B7"], []] and end["outcome"]["winner"] == 0
    assert position_to_json(position_from_json(end)) == end
    swapped = {**end, "hands": [[], ["Y7", "G7", "B7"]]}
    with pytest.raises(FormatError) as e:
        position_from_json(swapped)
    assert e.value.code == "stuck_base_holder" and "South won" in str(e.value)


def _stuck_tactics():
    """Tactics game: South holds 7 tactic cards (a full hand), North only a Strategist; the
    clan deck holds G7 and Y7, which North may draw and play (at stone 8, where North's Y6
    and the two unseen cards beat South's Sum, so South cannot claim it). Hands short with
    cards in the decks: the Recruiter was played (discarded) when the decks were out, and put
    them back. Every other clan card is on the table, eight stones claimed (four each, no
    three adjacent)."""
    hands = ("Joker Joker Spy ShieldBearer BlindMansBluff MudFight Banshee", "Strategist")
    stones = {
        0: ("R4 R5 R6", "R2 R3 R7", {"owner": 0}),
        1: ("O2 O4 O5", "R8 R9 O1", {"owner": 0}),
        2: ("O6 Y1 Y2", "O7 O8 O9", {"owner": 1}),
        3: ("Y4 G1 G2", "Y3 Y8 Y9", {"owner": 1}),
        4: ("G4 G5 G6", "G3 G8 G9", {"owner": 0}),
        5: ("B2 B3 B4", "B1 B6 B7", {"owner": 0}),
        6: ("B8 B9 P1", "P2 P3 P4", {"owner": 1}),
        7: ("R1 O3 B5", "Y6"),
        8: ("P5 P9 Y5", "P6 P7 P8", {"owner": 1}),
    }
    return position(
        Rules(tactics=True),
        hands=hands,
        stones=stones,
        decks=("G7 Y7", ""),
        discard="Recruiter Traitor",
    )


def test_a_pass_followed_by_a_draw_resets_the_count():
    # Two passes in succession end the game only with nothing drawn or played in between.
    s = _stuck_tactics()
    assert PASS in legal_actions(s)  # South may pass holding only tactic cards
    t = apply(s, PASS)  # a full hand: nothing drawn
    assert (t.to_move, t.passes) == (1, 1)
    u, events = apply_events(t, PASS)  # North passes, then draws Y7
    assert [e["type"] for e in events] == ["pass", "draw", "turn"]
    assert not u.over and u.passes == 0 and u.owner == s.owner  # nothing claimed
    assert sorted(u.hands[1]) == sorted(C("Strategist Y7"))
    v = apply(u, PASS)  # South passes again: one pass
    assert (v.to_move, v.passes, v.over) == (1, 1, False)
    assert PASS not in legal_actions(v)  # North must play the Y7 it drew
    w = apply(v, play("Y7", 7))
    assert w.passes == 0 and not w.over


def test_a_draw_step_after_a_pass_resets_the_count():
    # Both decks hold cards: after passing, South chooses the deck in a draw step.
    rules = Rules(tactics=True)
    # Short hands with 2 cards in the decks: the Recruiter (discarded) put them back. Every
    # other clan card is on the table (as in _stuck_tactics, G7 at stone 5), a Joker discarded
    # by the Banshee beside it; South cannot claim stone 8 while Y7 is unseen.
    hands = ("Spy ShieldBearer BlindMansBluff MudFight Traitor", "Strategist")
    stones = {
        0: ("R4 R5 R6", "R2 R3 R7", {"owner": 0}),
        1: ("O2 O4 O5", "R8 R9 O1", {"owner": 0}),
        2: ("O6 Y1 Y2", "O7 O8 O9", {"owner": 1}),
        3: ("Y4 G1 G2", "Y3 Y8 Y9", {"owner": 1}),
        4: ("G5 G6 G7", "G3 G4 G8", {"owner": 0}),
        5: ("B2 B3 B4", "G9 B1 B6", {"owner": 0}),
        6: ("P1 P2 P3", "B7 B8 B9", {"owner": 1}),
        7: ("R1 O3 B5", "Y5 Y6"),
        8: ("P4 P5 P9", "P6 P7 P8", {"owner": 1}),
    }
    s = position(
        rules,
        hands=hands,
        stones=stones,
        decks=("Y7", "Joker"),
        discard="Recruiter Banshee Joker",
        passes=1,
    )
    t = apply(s, PASS)
    assert (t.step, t.passes) == ("draw", 1)
    u = apply(t, draw(1))
    assert not u.over and (u.to_move, u.passes) == (1, 0)


def _no_cards_left(equal: bool):
    """Tactic game, the decks out: every clan card on the table (and, with a Banshee and a
    Strategist discarded, two in the discard pile), South holding tactic cards it may not play
    (a tactic card ahead of North), North nothing. South holds stones 1, 2, 5 and 6, North 3,
    4 and 7, and 8 with ``equal``; the stones left hold no complete side (one of them the Mud
    Fight's, three a side). Nobody can play, draw or claim. A base game never gets stuck so:
    its 54 clan cards fill the table unless a player holds some, with no room, and then each
    unclaimed stone has that player's side complete and goes to them (``test_errors``)."""
    stones = {
        0: ("R7 R8 R9", "R1 R2 R4", {"owner": 0}),
        1: ("O7 O8 O9", "O1 O2 O4", {"owner": 0}),
        2: ("Y1 Y2 Y4", "Y7 Y8 Y9", {"owner": 1}),
        3: ("G1 G2 G4", "G7 G8 G9", {"owner": 1}),
        4: ("B7 B8 B9", "B1 B2 B4", {"owner": 0}),
        5: ("P7 P8 P9", "P1 P2 P4", {"owner": 0}),
        6: ("R5 O6 G5", "R3 O3 Y3", {"owner": 1}),
    }
    if equal:
        stones[7] = ("R6 O5 Y5", "P3 P5 P6", {"owner": 1})
        stones[8] = ("Y6 G3 G6", "B3 B5 B6", {"mode": "MudFight"})
        discard = "Banshee Strategist Recruiter Traitor"
    else:
        stones[7] = ("R6 O5 Y5", "Y6 G3 G6", {"mode": "MudFight"})
        stones[8] = ("B3 B5", "B6 P3")
        discard = "P5 P6 Banshee Strategist Recruiter Traitor"
    return position(
        Rules(tactics=True),
        hands=("Joker Joker Spy ShieldBearer BlindMansBluff", ""),
        stones=stones,
        discard=discard,
        decks=("", ""),
        tactics_played=[3, 2],
    )


def test_stuck_game_more_stones_wins():
    s = _no_cards_left(equal=False)
    assert legal_actions(s) == [PASS]
    u, events = apply_events(apply(s, PASS), PASS)
    assert u.over and u.owner == [0, 0, 1, 1, 0, 0, 1, -1, -1]
    assert {"type": "stuck", "awards": []} in events
    assert (u.outcome.winner, u.outcome.reason) == (0, "stuck_more_stones")
    assert u.history == ((0, "stuck_more_stones", 4, 3),)
    assert u.scores == [5, 3]
    assert position_from_json(position_to_json(u)) == u  # an end the reader knows a game makes


def test_stuck_game_equal_stones_is_a_draw():
    s = _no_cards_left(equal=True)
    u = run(s, PASS, PASS)
    assert (u.outcome.winner, u.outcome.reason) == (None, "stuck_equal_stones")
    assert u.history == ((None, "stuck_equal_stones", 4, 4),)
    assert u.scores == [4, 4] and match_winner(u) is None
    assert position_from_json(position_to_json(u)) == u


@pytest.mark.parametrize(
    "owner,result",
    [
        # Both players hold a winning shape once the stones are awarded: more stones wins.
        ([0, 0, 0, 1, 1, 1, 0, 1, 0], (0, "stuck_more_stones")),  # 5 (and 3) against 3
        ([1, 1, 1, -1, 0, 0, 0, -1, 1], (1, "stuck_more_stones")),  # 3 + 1 against 3
        ([0, 0, 0, -1, 1, 1, 1, 0, 1], (None, "stuck_equal_stones")),  # 4 each, both adjacent
        # One shape wins; none: more stones.
        ([0, 0, 0, -1, 1, -1, 1, -1, 1], (0, "stuck_three_adjacent")),
        ([0, -1, 0, 1, 0, -1, 0, -1, 0], (0, "stuck_five_stones")),
        ([0, 1, 0, 1, -1, -1, -1, -1, 1], (1, "stuck_more_stones")),
    ],
)
def test_stuck_result_when_both_or_neither_reach_a_winning_shape(owner, result):
    assert stuck_result(owner) == result


STUCK_REASONS = (Reason.STUCK_FIVE, Reason.STUCK_ADJACENT, Reason.STUCK_MORE, Reason.STUCK_EQUAL)


def test_every_stuck_result_is_one_the_reader_takes_and_no_other():
    """Over every table of claimed stones (3**9), the stuck results the engine gives are
    exactly those the reader takes (``check_result``): a result with more stones that holds
    five beside fewer than three is refused (the engine calls that ``stuck_five_stones``), and
    so is three adjacent beside five stones (both shapes: more stones decide)."""
    made = set()
    for owner in itertools.product((-1, 0, 1), repeat=9):
        winner, reason = stuck_result(list(owner))
        made.add((winner, reason, owner.count(0), owner.count(1)))
    taken = set()
    for winner, reason, a in itertools.product((None, 0, 1), STUCK_REASONS, range(10)):
        for b in range(10 - a):
            try:
                check_result(winner, reason, (a, b), "outcome")
            except FormatError as e:
                assert e.code in ("reason_stones", "reason_needs_winner", "draw_has_winner")
                continue
            taken.add((winner, reason, a, b))
    assert taken == made
    assert (0, "stuck_more_stones", 5, 3) in made and (0, "stuck_five_stones", 5, 2) in made
    for counts in ((9, 0), (5, 0), (6, 2), (5, 2)):
        assert (0, "stuck_more_stones", *counts) not in made
        with pytest.raises(FormatError) as e:
            check_result(0, "stuck_more_stones", counts, "history[0]")
        assert e.value.code == "reason_stones"


def test_two_passes_do_not_end_the_round_while_a_claim_is_possible():
    # Every card on the table (a base game's hands and decks empty), the rest claimed.
    stones = {
        0: ("R6 R7 R8", "R4 R5 R9", {"owner": 0}),
        1: ("O1 O2 O6", "O3 O4 O5", {"owner": 1}),
        2: ("R1 R2 R3", "B1 B4 B7"),
        3: ("Y1 Y2 Y3", "O7 O8 O9", {"owner": 1}),
        4: ("Y6 Y7 Y8", "Y4 Y5 Y9", {"owner": 0}),
        5: ("G3 G4 G5", "G1 G2 G6", {"owner": 0}),
        6: ("B2 B3 B5", "G7 G8 G9", {"owner": 1}),
        7: ("B6 B8 B9", "P1 P2 P3", {"owner": 1}),
        8: ("P6 P7 P8", "P4 P5 P9", {"owner": 0}),
    }
    s = position(hands=("", ""), stones=stones, decks=("", ""))
    t = apply(s, PASS)
    assert legal_actions(t) == [claim(2), DONE]
    t = apply(t, DONE)  # South declines to claim; nothing to draw
    assert t.passes == 1 and t.to_move == 1
    u = apply(t, PASS)  # North passes too: two passes, but South can claim
    assert not u.over and u.passes == 2 and u.to_move == 0


def test_a_play_between_passes_resets_the_count():
    s = deal(Rules(), "R1", "", deck="")
    t = run(s, play("R1", 0), PASS)
    assert t.passes == 1
    # South has an empty hand now and passes: the second pass in succession, stuck.
    u = apply(t, PASS)
    assert u.over and u.outcome.winner is None
    assert u.outcome.reason == "stuck_equal_stones"
    assert u.history == ((None, "stuck_equal_stones", 0, 0),) and u.scores == [0, 0]


# ---------------------------------------------------------------- matches


def _winning_position(rules, winner: int, loser_stones: str = ""):
    """``winner`` is about to claim stone 2 for 3 adjacent stones (after playing O5 at 8).
    South started the round: South to move with as many cards as North, or North to move
    with South's card more (B1 at stone 6)."""
    w = winner

    def sides(a, b):
        return (a, b) if w == 0 else (b, a)

    stones = {
        0: (*sides("Y7 Y8 Y9", "G1 G2 G4"), {"owner": w}),
        1: (*sides("B7 B8 B9", "P1 P2 P4"), {"owner": w}),
        2: sides("R1 R2 R3", "O1 O2 O4"),
    }
    for i, stone in enumerate(loser_stones.split()):
        stones[int(stone)] = (
            *sides(f"{'GY'[i]}5 {'GY'[i]}6 P{8 - 5 * i}", f"R{7 + i} O{7 + i} B{6 - i}"),
            {"owner": 1 - w},
        )
    if w == 1:
        stones[6] = ("B1", "")
    hands = ("O5", "P5") if w == 0 else ("P5", "O5")
    return position(rules, hands=hands, stones=stones, to_move=w)


@pytest.mark.parametrize(
    "next_starter,winner,expected",
    [("alternate", 0, 1), ("alternate", 1, 1), ("winner", 0, 0), ("winner", 1, 1)],
)
def test_round_over_then_next_round(next_starter, winner, expected):
    rules = Rules(rounds=2, next_starter=next_starter)
    s = _winning_position(rules, winner, loser_stones="5 7")
    t = run(s, play("O5", 8), claim(2))
    assert t.step == "round_over" and t.outcome.winner == winner
    assert t.scores[winner] == 5 and t.scores[1 - winner] == 2
    assert t.history == ((winner, "three_adjacent", *((3, 2) if winner == 0 else (2, 3))),)
    assert legal_actions(t) == [NEXT_ROUND] and t.to_move == expected
    u = apply(t, NEXT_ROUND)
    assert (u.round, u.round_starter, u.to_move, u.step) == (2, expected, expected, "play")
    assert u.scores == t.scores and u.history == t.history and u.outcome is None
    assert u.owner == [-1] * 9 and [len(h) for h in u.hands] == [6, 6]
    assert len(u.decks[0]) == 42
    check_accounting(u)


def test_the_starter_alternates_from_round_to_round():
    rules = Rules(rounds=2)  # round 1 started by South; North won
    s = _winning_position(rules, 1)
    t = run(s, play("O5", 8), claim(2))
    assert t.to_move == 1 and apply(t, NEXT_ROUND).round_starter == 1


def test_last_round_ends_the_match():
    rules = Rules(rounds=2)
    s = _winning_position(rules, 1, loser_stones="5")
    s.round, s.scores, s.history = 2, [5, 1], ((0, "five_stones", 5, 1),)
    t = run(s, play("O5", 8), claim(2))
    assert t.step == "over" and legal_actions(t) == []
    assert t.scores == [6, 6] and match_winner(t) is None  # 5 + 1 each: a drawn match
    assert len(t.history) == 2


def test_match_winner_counts_points():
    s = new_game(Rules())
    for scores, w in [([5, 4], 0), ([3, 9], 1), ([7, 7], None)]:
        s.scores = scores
        assert match_winner(s) == w


@pytest.mark.parametrize("next_starter", ["alternate", "winner"])
@pytest.mark.parametrize("tactics", [False, True])
def test_random_matches_score_every_round(next_starter, tactics):
    rules = Rules(tactics=tactics, rounds=3, next_starter=next_starter)
    for seed in range(12):
        starters = {}

        def watch(state, acts, a, i, starters=starters):
            starters.setdefault(state.round, state.round_starter)

        final, actions = random_game(rules, seed, on_step=watch)
        assert final.step == "over" and len(final.history) == 3
        assert sorted(starters) == [1, 2, 3] and starters[1] == 0
        points = [0, 0]
        for k, (winner, reason, a, b) in enumerate(final.history):
            assert a + b <= 9 and isinstance(reason, Reason)
            for q, stones in ((0, a), (1, b)):
                points[q] += 5 if winner == q else stones
            if k + 1 < 3:
                expect = (
                    winner
                    if next_starter == "winner" and winner is not None
                    else 1 - starters[k + 1]
                )
                assert starters[k + 2] == expect, (seed, final.history, starters)
        assert final.scores == points
        assert actions.count(NEXT_ROUND) == 2
