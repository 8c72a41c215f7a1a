"""Bad input: every illegal action or malformed document is refused, names the rule, and
leaves the state exactly as it was."""

import copy
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from helpers import (
    DONE,
    NEXT_ROUND,
    PASS,
    C,
    c1,
    claim,
    decks_left,
    doc,
    draw,
    play,
    position,
    random_game,
    rest_of,
    ret,
    sample_states,
    snapshot,
)

import engine
from engine import (
    FormatError,
    GameError,
    IllegalAction,
    MalformedAction,
    Rules,
    action_from_json,
    action_to_json,
    apply,
    check,
    claim_proof,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    record_to_json,
    replay,
    view,
)
from engine.actions import DISCARD, Action, Kind
from engine.cards import TACTIC_DECK, card_text
from engine.documents import loads
from engine.rules import round_points
from engine.state import START_OF_TURN
from engine.words import Words

TACTICS = Rules(tactics=True)
GERMAN = Words("de")
GERMAN_KEYS = set(
    json.loads((Path(engine.__file__).parent / "messages" / "de.json").read_text(encoding="utf-8"))
)


def said_in_german(e: GameError) -> str:
    """The refusal in German, from de.json's own key (not the English fall-back)."""
    assert e.key in GERMAN_KEYS, e.key
    text = GERMAN.refusal(e)
    assert text != str(e) and "Malformed" not in text and "must" not in text, text
    return text


def _deep(depth: int):
    """A list nested ``depth`` deep, built without recursion (deeper than Python recurses)."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_errors_are_game_errors_and_value_errors():
    for kind in (IllegalAction, MalformedAction, FormatError):
        assert issubclass(kind, GameError) and issubclass(kind, ValueError)
    # Kept apart, as python-chess keeps InvalidMoveError apart from IllegalMoveError.
    assert not issubclass(MalformedAction, IllegalAction)
    assert not issubclass(IllegalAction, MalformedAction)


# The codes of input that is not an action at all: MalformedAction, not IllegalAction.
MALFORMED_CODES = {
    "not_an_action",
    "not_an_object",
    "not_json",
    "bad_kind",
    "bad_field",
    "bad_card",
    "bad_stone",
    "bad_deck",
    "extra_field",
    "missing_field",
}


# ---------------------------------------------------------------- illegal actions


def _play_step():
    # South started and is to move: eight cards a side.
    return position(
        hands=("R1 R2 B5", "O1 O2"),
        stones={
            0: ("R7 R8 R9", "B1 B2 B4"),
            1: ("", "G7 G8 G9", {"owner": 1}),
            2: ("Y1 Y2", "Y8 Y9"),
            8: ("P1 P2 P3", ""),
        },
    )


def _claim_step():
    return apply(_play_step(), play("R1", 5))


def _unprovable():
    # South's claim step after playing (five cards a side before it)
    return position(
        step="claim",
        played=True,
        stones={0: ("R9 B9 G9", "Y1 Y3"), 4: ("R1 R2 R3", "B1 B2 B4")},
    )


def _recruit(step):
    s = position(
        TACTICS,
        hands=("Recruiter R1 R2 R3 R4 R5 R6", "O1 O2 O3 O4 O5 O6 O7"),
        decks=("P1 P2 P3", "Spy Traitor"),
        rest_to_discard=True,
    )
    s = apply(s, play("Recruiter"))
    if step == "recruit_return":
        s = apply(apply(apply(s, draw(0)), draw(0)), draw(0))
    return s


def _emptied(state):
    """``state`` with its tactic deck discarded: a draw step no position may hold (the engine
    draws by itself from the one deck left), for ``check``'s own test."""
    state.discard += state.decks[1]
    state.decks[1] = []
    return state


def _claim_on_the_last_stone():
    # South's claim step after its play (its third card at stone 9), North started.
    return position(
        Rules(starter=1),
        step="claim",
        played=True,
        to_move=0,
        hands=("R1", ""),
        stones={8: ("R7 R8 R9", "B1 B2 B4")},
    )


def _over():
    s = position(
        hands=("O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            1: ("B7 B8 B9", "P1 P2 P4", {"owner": 0}),
            2: ("R1 R2 R3", "O1 O2 O4"),
        },
    )
    return apply(apply(s, play("O5", 6)), claim(2))


def _round_over():
    s = position(
        Rules(rounds=2),
        hands=("O5", "P5"),
        stones={
            0: ("Y7 Y8 Y9", "G1 G2 G4", {"owner": 0}),
            1: ("B7 B8 B9", "P1 P2 P4", {"owner": 0}),
            2: ("R1 R2 R3", "O1 O2 O4"),
        },
    )
    return apply(apply(s, play("O5", 6)), claim(2))


ILLEGAL = [
    # name, state, action, player, rule (the error's code), message fragment (stones 1-9)
    (
        "wrong player",
        _play_step,
        play("R1", 3),
        1,
        "not_your_turn",
        "Turn order: it is South's turn, not North's.",
    ),
    ("wrong player in the claim step", _claim_step, claim(0), 1, "not_your_turn", "it is South's"),
    (
        "card not in hand",
        _play_step,
        play("O1", 3),
        None,
        "not_in_hand",
        "Playing: Orange 1 is not in your hand.",
    ),
    (
        "full stone",
        _play_step,
        play("R1", 0),
        None,
        "side_full",
        "Stone capacity: Red 1 cannot go to stone 1: your side is full (3 cards).",
    ),
    (
        "claimed stone",
        _play_step,
        play("R1", 1),
        None,
        "stone_claimed",
        "Claimed stones: stone 2 is claimed by North: Red 1 cannot be played there",
    ),
    ("no stone", _play_step, play("R1"), None, "needs_stone", "Playing: Red 1 needs a stone 1-9."),
    ("stone 9", _play_step, play("R1", 9), None, "needs_stone", "Red 1 needs a stone 1-9"),
    ("a negative stone", _play_step, play("R1", -2), None, "needs_stone", "needs a stone 1-9"),
    (
        "a clan card takes no target",
        _play_step,
        play("R1", 3, "B1"),
        None,
        "stone_only",
        "Playing: Red 1 takes a stone only",
    ),
    (
        "pass while a clan card fits",
        _play_step,
        PASS,
        None,
        "pass_not_allowed",
        "Passing: you may pass only when no clan card can be played (Red 1 can go to stone 3).",
    ),
    (
        "claim in the play step",
        _play_step,
        claim(0),
        None,
        "wrong_step",
        "Turn order: the play step expects play or pass, not claim.",
    ),
    (
        "draw in the play step",
        _play_step,
        draw(0),
        None,
        "wrong_step",
        "the play step expects play or pass",
    ),
    (
        "next round in the play step",
        _play_step,
        NEXT_ROUND,
        None,
        "wrong_step",
        "the play step expects play or pass, not next_round",
    ),
    (
        "done in the play step",
        _play_step,
        DONE,
        None,
        "wrong_step",
        "the play step expects play or pass",
    ),
    (
        "play in the claim step",
        _claim_step,
        play("R2", 3),
        None,
        "wrong_step",
        "Turn order: the claim step expects claim or done, not play.",
    ),
    (
        "claim an incomplete side",
        _claim_step,
        claim(2),
        None,
        "unprovable",
        "Claim: stone 3 cannot be claimed: your side is not complete: 2 of 3 cards.",
    ),
    (
        "claim a claimed stone",
        _claim_step,
        claim(1),
        None,
        "unprovable",
        "Claim: stone 2 cannot be claimed: stone 2 is already claimed by North.",
    ),
    ("claim stone 12", _claim_step, claim(12), None, "unprovable", "there is no stone 13"),
    (
        "unprovable claim",
        _unprovable,
        claim(0),
        None,
        "unprovable",
        (
            "Claim: stone 1 cannot be claimed: the opponent can still make a Color-Run totalling 6 "
            "(Yellow 1, Yellow 2, Yellow 3), which beats a Three of a Kind totalling 27."
        ),
    ),
    (
        "tactic over the limit",
        lambda: position(TACTICS, hands=("Spy R1", ""), discard="Traitor", tactics_played=[1, 0]),
        play("Spy", 3),
        None,
        "tactic_limit",
        (
            "Tactic limit: Spy cannot be played: you may play at most one tactic card more "
            "than your opponent (so far you 1, your opponent 0)."
        ),
    ),
    (
        "second Joker",
        lambda: position(
            TACTICS,
            hands=("Joker R1", ""),
            stones={0: ("Joker", "")},
            discard="Traitor",
            tactics_played=[1, 1],
        ),
        play("Joker", 3),
        None,
        "second_joker",
        "One Joker per game: you have already played a Joker",
    ),
    (
        "Recruiter with a stone",
        lambda: position(TACTICS, hands=("Recruiter R1", ""), stones={8: ("P1", "P2")}),
        play("Recruiter", 3),
        None,
        "recruiter_alone",
        "Recruiter: it takes no stone or target",
    ),
    (
        "return in the recruit_draw step",
        lambda: _recruit("recruit_draw"),
        ret("R1"),
        None,
        "wrong_step",
        "Turn order: the Recruiter's draw step expects draw, not return.",
    ),
    (
        "draw in the recruit_return step",
        lambda: _recruit("recruit_return"),
        draw(0),
        None,
        "wrong_step",
        "Turn order: the Recruiter's return step expects return, not draw.",
    ),
    (
        "return a card not in hand",
        lambda: _recruit("recruit_return"),
        ret("O1"),
        None,
        "return_not_in_hand",
        "Recruiter: Orange 1 is not in your hand.",
    ),
    (
        "draw from an empty deck",
        lambda: _emptied(position(TACTICS, step="draw", decks=("P1", "Spy"), rest_to_discard=True)),
        draw(1),
        None,
        "deck_empty",
        "Drawing: the tactic deck is empty.",
    ),
    (
        "draw from deck 5",
        lambda: position(TACTICS, step="draw", played=True, stones={8: ("P1", "")}),
        draw(5),
        None,
        "bad_deck",
        "Malformed action: 'deck' must be 'clan' or 'tactic', not 5.",
    ),
    (
        "play in the round_over step",
        _round_over,
        play("P5", 3),
        None,
        "wrong_step",
        "the round over step expects next_round, not play",
    ),
    (
        "anything once the match is over",
        _over,
        NEXT_ROUND,
        None,
        "match_over",
        "The match is over: no more actions.",
    ),
    (
        "not an Action",
        _play_step,
        ("play", 0, 3),
        None,
        "not_an_action",
        "Malformed action: expected an action",
    ),
    (
        "a dict is not an Action",
        _play_step,
        {"kind": "pass"},
        None,
        "not_an_action",
        "expected an action",
    ),
    # (given as South, who is to move: 3.0 == 3, so the action compares equal to a legal one)
    (
        "a card given as text",
        _play_step,
        Action("play", "R1", 3),
        0,
        "bad_field",
        "Malformed action: 'card' must be a whole number, not 'R1'.",
    ),
    (
        "a stone given as a float",
        _play_step,
        Action("play", 0, 3.0),
        0,
        "bad_field",
        "'stone' must be a whole number, not 3.0",
    ),
    (
        "a stone given as a boolean",
        _play_step,
        Action("play", 0, True),
        0,
        "bad_field",
        "'stone' must be a whole number, not True",
    ),
    (
        "a player given as a float",
        _play_step,
        play("R1", 3),
        0.0,
        "no_such_player",
        "there is no player 0.0",
    ),
    (
        "a stone given as text",
        _play_step,
        Action("play", 0, "3"),
        0,
        "bad_field",
        "'stone' must be a whole number, not '3'",
    ),
    (
        "a target given as a float",
        _play_step,
        Action("play", 0, 3, 1.0),
        0,
        "bad_field",
        "'target' must be a whole number, not 1.0",
    ),
    (
        "a deck given as a boolean",
        lambda: position(TACTICS, step="draw", played=True, stones={8: ("P1", "")}),
        Action("draw", deck=True),
        0,
        "bad_field",
        "'deck' must be a whole number, not True",
    ),
    # Every refusal can be said: no card -1 or 2**64 in its words.
    (
        "a ruse without its target",
        lambda: position(TACTICS, hands=("Strategist R1", "O1"), stones={0: ("R5", "B5")}),
        Action("play", c1("Strategist"), 0, -1, 3),
        None,
        "missing_field",
        "Malformed action: a play action needs 'target'.",
    ),
    (
        "a play without a card",
        _play_step,
        Action("play", stone=3),
        None,
        "missing_field",
        "Malformed action: a play action needs 'card'.",
    ),
    (
        "a card number beyond the cards",
        _play_step,
        Action("play", 2**64, 3),
        None,
        "bad_card",
        "'card' must be a card like 'R7' or 'Joker', not 18446744073709551616.",
    ),
    (
        "a target number beyond the cards",
        _play_step,
        Action("play", 0, 3, 63),
        None,
        "bad_card",
        "'target' must be a card like 'R7' or 'Joker', not 63.",
    ),
    # Stone -1 is no stone, never the last one (which South can prove here).
    (
        "a claim of stone -1",
        _claim_on_the_last_stone,
        claim(-1),
        None,
        "unprovable",
        "there is no stone 0",
    ),
    (
        "a play on stone -1",
        _claim_on_the_last_stone,
        play("R1", -1),
        None,
        "wrong_step",
        "the claim step expects claim or done",
    ),
]


@pytest.mark.parametrize(
    "name,make,action,player,code,message", ILLEGAL, ids=[c[0] for c in ILLEGAL]
)
def test_illegal_actions_are_refused_and_change_nothing(name, make, action, player, code, message):
    state = make()
    before = snapshot(state)
    with pytest.raises(GameError) as e:
        apply(state, action, player=player)
    assert e.value.code == code
    assert isinstance(e.value, MalformedAction if code in MALFORMED_CODES else IllegalAction)
    assert message in str(e.value)
    json.dumps(e.value.to_json())  # the page gets the rule and its details as JSON
    said_in_german(e.value)
    assert snapshot(state) == before
    if player is None:
        assert action not in legal_actions(state)


def test_a_negative_stone_is_no_stone():
    s = _claim_on_the_last_stone()
    assert claim(8) in legal_actions(s) and claim_proof(s, 0, 8)["ok"]
    assert claim_proof(s, 0, -1) == {"ok": False, "why": "no_stone", "stone": -1}
    assert [c["stone"] for c in view(s, 0)["claims"]] == list(range(9))
    with pytest.raises(IllegalAction) as e:
        check(s, claim(-1))
    assert e.value.params["proof"]["why"] == "no_stone"
    u = apply(s, claim(8))
    assert u.owner[8] == 0 and u.owner.count(-1) == 8


def test_expert_timing_refuses_claims_after_playing():
    s = position(
        Rules(claim_timing=START_OF_TURN), hands=("O5", "P5"), stones={2: ("R1 R2 R3", "B1 B4 B7")}
    )
    t = apply(s, play("O5", 6))
    with pytest.raises(IllegalAction, match="the play step expects play or pass, not claim"):
        apply(t, claim(2), player=1)


def test_the_right_player_argument_is_accepted():
    s = _play_step()
    assert apply(s, play("R1", 3), player=0).sides[6] == [c1("R1")]


# ---------------------------------------------------------------- malformed JSON actions


MALFORMED_ACTIONS = [
    None,
    [],
    "play",
    5,
    {},
    {"kind": None},
    {"kind": "dance"},
    {"kind": ["play"]},
    {"kind": {"play": 1}},
    {"kind": "play"},
    {"kind": "play", "stone": 1},
    {"kind": "play", "card": "R0", "stone": 1},
    {"kind": "play", "card": 7, "stone": 1},
    {"kind": "play", "card": "R7", "stone": "3"},
    {"kind": "play", "card": "R7", "stone": 9},
    {"kind": "play", "card": "R7", "stone": True},
    {"kind": "play", "card": "R7", "stone": -1},
    {"kind": "play", "card": "R7", "stone": 2.0},
    {"kind": "play", "card": "Strategist", "stone": 1, "target": "R1", "to": "bin"},
    {"kind": "play", "card": "Traitor", "stone": 1, "target": "X1", "to": 2},
    {"kind": "play", "card": "R7", "stone": 1, "deck": "clan"},
    {"kind": "claim"},
    {"kind": "claim", "stone": 1.5},
    {"kind": "claim", "stone": [1]},
    {"kind": "pass", "card": "R7"},
    {"kind": "done", "stone": 1},
    {"kind": "next_round", "x": 1},
    {"kind": "draw"},
    {"kind": "draw", "deck": "both"},
    {"kind": "draw", "deck": 0},
    {"kind": "draw", "deck": ["clan"]},
    {"kind": "return"},
    {"kind": "return", "card": None},
    {"kind": "shuffle", "seed": 1},
    {"kind": "play", "card": "R7", "stone": 1, "to": -1},
    {"kind": "play", "card": "Strategist", "stone": 1, "target": "R1", "to": 9},
]


@pytest.mark.parametrize(
    "data,code",
    [
        ({"kind": _deep(5000)}, "bad_kind"),
        (_deep(5000), "not_an_object"),
        ({"kind": "play", "card": _deep(5000), "stone": 1}, "bad_card"),
        ({"kind": "claim", "stone": _deep(5000)}, "bad_stone"),
        ({"kind": "pass", ("x",) * 3: 1}, "extra_field"),
    ],
    ids=["kind", "action", "card", "stone", "key"],
)
def test_malformed_actions_nested_deep_are_refused_in_a_line(data, code):
    with pytest.raises(MalformedAction) as e:
        action_from_json(data)
    assert e.value.code == code and len(str(e.value)) < 200


@pytest.mark.parametrize("data", MALFORMED_ACTIONS, ids=[json.dumps(d) for d in MALFORMED_ACTIONS])
def test_malformed_json_actions(data):
    with pytest.raises(MalformedAction, match=r"^Malformed action: ") as e:
        action_from_json(data)
    assert said_in_german(e.value).startswith("Fehlerhafter Zug: ")
    assert e.value.code in (
        "not_an_object",
        "bad_kind",
        "extra_field",
        "missing_field",
        "bad_card",
        "bad_stone",
        "bad_deck",
    )


# ---------------------------------------------------------------- malformed records


def _record():
    _final, actions = random_game(Rules(), 3)
    return record_to_json(Rules(), 3, actions[:12])


def _fixed_deal(tactics: bool, south: str, north: str) -> dict:
    """A record's deal of these hands, every other card in its deck (tactic cards in theirs)."""
    rest = C(rest_of(f"{south} {north}", tactics))
    return {
        "hands": [south.split(), north.split()],
        "deck": [card_text(c) for c in rest if c < 54],
        "tactic_deck": [card_text(c) for c in rest if c >= 54],
    }


def _set(path, value):
    def change(d):
        target = d
        for p in path[:-1]:
            target = target[p]
        target[path[-1]] = value

    return change


MALFORMED_RECORDS = [
    ("not an object", lambda d: ["x"], "expected a JSON object"),
    (
        "wrong format",
        _set(["format"], "schotten-totten/position"),
        "not a schotten-totten/record document",
    ),
    ("wrong version", _set(["version"], 2), "unsupported schotten-totten/record version 2"),
    ("bad rules", _set(["rules"], {"tactics": 1}), "rules: 'tactics' must be true or false"),
    ("unknown option", _set(["rules"], {"speed": 1}), "rules: unknown option(s) speed"),
    ("bad timing", _set(["rules"], {"claim_timing": "never"}), "'claim_timing' must be"),
    ("bad seed", _set(["seed"], [1]), "'seed' must be a number or a string"),
    ("actions not a list", _set(["actions"], {"kind": "pass"}), "'actions' must be a list"),
    (
        "malformed action",
        _set(["actions", 3], {"kind": "fly"}),
        'action 4 ({"kind": "fly"}): Malformed action: \'kind\' must be one of',
    ),
    (
        "illegal action",
        _set(["actions", 5], {"kind": "claim", "stone": 0}),
        'action 6 ({"kind": "claim", "stone": 0}): Turn order',
    ),
    ("deal not an object", _set(["deal"], 5), "'deal' must be an object"),
    ("deal hands", _set(["deal"], {"hands": [[]]}), "deal: 'hands' must hold two lists"),
    (
        "deal bad card",
        _set(["deal"], {"hands": [["R1"], ["Q9"]], "deck": []}),
        "deal.hands[1][0]: unknown card 'Q9'",
    ),
    (
        "deal accounting",
        _set(["deal"], {"hands": [["R1"], ["R1"]], "deck": []}),
        "card accounting: Red 1 appears too often (2 found, 1 expected)",
    ),
    ("version 1.0", _set(["version"], 1.0), "unsupported schotten-totten/record version 1.0"),
    (
        "a float starter",
        _set(["rules"], {"starter": 0.0}),
        "rules: 'starter' must be 0 or 1, not 0.0",
    ),
    ("an unknown key", _set(["moves"], []), "record: unknown key 'moves'"),
    (
        "an unknown key in the deal",
        _set(["deal"], {"hands": [[], []], "decks": []}),
        "deal: unknown key 'decks'",
    ),
    (
        "a deal hand above the hand size",
        _set(["deal"], {"hands": [[f"R{v}" for v in range(1, 8)], []]}),
        "deal.hands[0] holds 7 cards: a hand holds at most 6",
    ),
    # A shuffle deals each hand the hand size in clan cards (engine/state.deal_round).
    (
        "a deal hand below the hand size",
        _set(["deal"], _fixed_deal(False, "R1 R2 R3 R4 R5", "O1 O2 O3 O4 O5 O6")),
        "deal.hands[0] holds 5 clan card(s) and 0 tactic card(s), but a shuffle deals each hand"
        " 6 clan cards and no tactic card",
    ),
    (
        "a Tactic deal hand with a tactic card",
        lambda d: {
            **d,
            "rules": {"tactics": True},
            "deal": _fixed_deal(True, "R1 R2 R3 R4 R5 R6 R7", "O1 O2 O3 O4 O5 O6 Joker"),
        },
        "deal.hands[1] holds 6 clan card(s) and 1 tactic card(s), but a shuffle deals each hand"
        " 7 clan cards",
    ),
    (
        "a Tactic deal hand with 6 clan cards",
        lambda d: {
            **d,
            "rules": {"tactics": True, "rounds": 2},
            "deal": [
                _fixed_deal(True, "R1 R2 R3 R4 R5 R6 R7", "O1 O2 O3 O4 O5 O6 O7"),
                _fixed_deal(True, "R1 R2 R3 R4 R5 R6 R7", "O1 O2 O3 O4 O5 O6"),
            ],
        },
        "deal[1].hands[1] holds 6 clan card(s) and 0 tactic card(s)",
    ),
    (
        "a Joker in the deal's clan deck",
        lambda d: {**d, "rules": {"tactics": True}, "deal": {"hands": [[], []], "deck": ["Joker"]}},
        "deal.deck[0]: Joker is a tactic card; it cannot be in that deck",
    ),
    (
        "a float stone",
        _set(["actions", 3], {"kind": "claim", "stone": 1.0}),
        'action 4 ({"kind": "claim", "stone": 1.0}): Malformed action: \'stone\' must be',
    ),
    (
        "an action nested deep",
        _set(["actions", 3], {"kind": _deep(5000)}),
        "action 4 ({'kind': [[[...]]]}): Malformed action: 'kind' must be one of",
    ),
    ("bad takebacks", _set(["takebacks"], 1.0), "takebacks must be a whole number 0 or more"),
    (
        "a shuffle with a float seed",
        _set(["actions", 2], {"kind": "shuffle", "seed": 1.0}),
        'action 3 ({"kind": "shuffle", "seed": 1.0}): a shuffle entry needs a whole-',
    ),
    (
        "a shuffle with another key",
        _set(["actions", 2], {"kind": "shuffle", "seed": 1, "card": "R1"}),
        "a shuffle entry: unknown key 'card'",
    ),
]


@pytest.mark.parametrize(
    "name,change,message", MALFORMED_RECORDS, ids=[c[0] for c in MALFORMED_RECORDS]
)
def test_malformed_records(name, change, message):
    record = _record()
    replay(copy.deepcopy(record))  # the unchanged record is fine
    changed = change(record)
    with pytest.raises(FormatError) as e:
        replay(record if changed is None else changed)
    assert message in str(e.value)
    said_in_german(e.value)
    json.dumps(e.value.to_json())


def test_malformed_json_text():
    with pytest.raises(FormatError, match=r"not valid JSON: .* at line 1 column"):
        loads('{"format": ')


# ---------------------------------------------------------------- malformed positions


def _side(d, stone, south, north, owner):
    """The document with ``stone``'s sides taken from the clan deck, and its ``owner``."""
    for side in d["stones"][stone].get("sides", []):
        d["decks"]["clan"] += side
    for c in south + north:
        d["decks"]["clan"].remove(c)
    d["stones"][stone] = {"sides": [south, north], "owner": owner}


def _three_apart(d):
    """South holds stones 1, 3 and 5 (proven: Color-Runs of 7-8-9), the outcome says 3
    adjacent stones."""
    d["stones"][0]["owner"] = 0
    _side(d, 2, ["O7", "O8", "O9"], [], 0)
    _side(d, 4, ["Y7", "Y8", "Y9"], [], 0)
    d.update(
        step="over",
        outcome={"winner": 0, "reason": "three_adjacent"},
        history=[[0, "three_adjacent", 3, 0]],
        scores=[5, 0],
    )


def _stuck_won(d, winner=0, **fields):
    """Round 1 of 2 ended stuck, stone 1 awarded to South (its one complete side)."""
    d["stones"][0]["owner"] = 0
    d.update(
        rules={"rounds": 2},
        step="round_over",
        outcome={"winner": winner, "reason": "stuck_more_stones"},
        history=[[winner, "stuck_more_stones", 1, 0]],
        scores=[5, 0] if winner == 0 else [1, 5],
    )
    d.update(fields)


MALFORMED_POSITIONS = [
    ("not an object", lambda d: "position", "expected a JSON object"),
    ("wrong format", _set(["format"], "schotten-totten/record"), "not a schotten-totten/position"),
    ("wrong version", _set(["version"], 0), "unsupported schotten-totten/position version 0"),
    ("bad rules", _set(["rules"], [1]), "rules must be a JSON object"),
    ("bad seed", _set(["seed"], 1.5), "'seed' must be a number or a string"),
    ("bad step", _set(["step"], "dance"), "'step' must be one of play, claim"),
    ("bad to_move", _set(["to_move"], 2), "to_move must be 0 (South) or 1 (North)"),
    ("hands not two", _set(["hands"], [[]]), "'hands' must hold two lists of cards"),
    ("bad card", _set(["hands", 0], ["R1", "Z3"]), "hands[0][1]: unknown card 'Z3'"),
    ("stones not a list", _set(["stones"], {"0": {}}), "'stones' must be a list"),
    ("ten stones", _set(["stones"], [{}] * 10), "at most 9 stones"),
    ("stone not an object", _set(["stones", 3], []), "stones[3] must be an object"),
    ("sides not two", _set(["stones", 3, "sides"], [[]]), "stones[3].sides must hold two lists"),
    (
        "too many cards",
        _set(["stones", 3, "sides"], [["R4", "R5", "R6", "R7"], []]),
        "stones[3].sides[0] holds more than 3 cards",
    ),
    (
        "a mode on a side",
        _set(["stones", 3, "sides"], [["MudFight"], []]),
        "stones[3].sides[0]: Mud Fight is not a troop",
    ),
    ("bad mode", _set(["stones", 3, "mode"], "Spy"), "stones[3].mode must be BlindMansBluff"),
    ("bad owner", _set(["stones", 3, "owner"], "South"), "stones[3].owner must be 0 (South)"),
    ("bad done_at", _set(["stones", 0, "done_at"], 5), "stones[0].done_at must be a list of two"),
    ("short done_at", _set(["stones", 0, "done_at"], [1]), "stones[0].done_at must be a list"),
    ("text done_at", _set(["stones", 0, "done_at"], ["a", 1]), "stones[0].done_at[0] must be"),
    ("decks not an object", _set(["decks"], []), "'decks' must be an object"),
    ("doubled card", _set(["hands", 1], ["R1"]), "card accounting: Red 1 appears too often"),
    (
        "missing card",
        _set(["decks"], {"clan": [], "tactic": []}),
        "card accounting: Red 3 is missing (0 found, 1 expected)",
    ),
    (
        "tactic card in a base game",
        lambda d: d["hands"][1].append("Spy"),
        "card accounting: Spy is not in this game",
    ),
    ("over without outcome", _set(["step"], "over"), "needs an 'outcome'"),
    ("bad outcome", _set(["outcome"], "South"), "'outcome' must be an object"),
    (
        "bad outcome winner",
        _set(["outcome"], {"winner": 2, "reason": "x"}),
        "outcome.winner must be 0 (South) or 1 (North)",
    ),
    ("bad round", _set(["round"], "two"), "round must be a whole number 1-1, not 'two'"),
    ("bad scores", _set(["scores"], 5), "scores must be a list of two values"),
    ("negative score", _set(["scores"], [0, -1]), "scores[1] must be a whole number 0 or more"),
    ("bad history", _set(["history"], [[0, "x"]]), "history[0] must be [winner, reason"),
    ("bad tick", _set(["tick"], "x"), "tick must be a whole number 2 or more"),
    ("tick not after done_at", _set(["tick"], 1), "tick must be a whole number 2 or more"),
    (
        "done_at of an incomplete side",
        _set(["stones", 3, "done_at"], [4, 0]),
        "stones[3].done_at[0] must be 0 for an incomplete side",
    ),
    (
        "done_at of a complete side",
        _set(["stones", 0, "done_at"], [0, 0]),
        "stones[0].done_at[0] must be 0 for an incomplete side and a tick above 0",
    ),
    (
        "shared done_at",
        _set(
            ["stones"],
            [
                {"sides": [["R7", "R8", "R9"], []], "done_at": [1, 0]},
                {},
                {},
                {"sides": [["G1", "B1", "B2"], []], "done_at": [1, 0]},
            ],
        ),
        "two complete sides cannot share a completion tick",
    ),
    ("bad tactics_played", _set(["tactics_played"], 1), "tactics_played must be a list of two"),
    ("bad joker_played", _set(["joker_played"], [0, 0]), "joker_played[0] must be true or false"),
    ("bad played", _set(["played"], "no"), "played must be true or false"),
    ("bad passes", _set(["passes"], -1), "passes must be a whole number 0 or more"),
    ("bad draws_left", _set(["draws_left"], 4), "draws_left must be a whole number 0-3"),
    # Exact types: 1.0 == 1 and True == 1 in Python, but neither is a player or a count.
    ("a float player", _set(["to_move"], 1.0), "to_move must be 0 (South) or 1 (North), not 1.0"),
    (
        "a boolean player",
        _set(["round_starter"], True),
        "round_starter must be 0 (South) or 1 (North), not True",
    ),
    ("a float owner", _set(["stones", 3, "owner"], 0.0), "stones[3].owner must be 0 (South)"),
    (
        "a float starter",
        _set(["rules"], {"starter": 1.0}),
        "rules: 'starter' must be 0 or 1, not 1.0",
    ),
    (
        "a float in done_at",
        _set(["stones", 0, "done_at"], [1.0, 0]),
        "stones[0].done_at[0] must be a whole number 0 or more, not 1.0",
    ),
    ("a float tick", _set(["tick"], 5.0), "tick must be a whole number 2 or more, not 5.0"),
    (
        "a boolean count",
        _set(["draws_left"], False),
        "draws_left must be a whole number 0-3, not False",
    ),
    ("a float count", _set(["passes"], 0.0), "passes must be a whole number 0 or more, not 0.0"),
    ("version 1.0", _set(["version"], 1.0), "unsupported schotten-totten/position version 1.0"),
    ("version true", _set(["version"], True), "unsupported schotten-totten/position version True"),
    ("a boolean seed", _set(["seed"], True), "'seed' must be a number or a string, not True"),
    ("a card as a number", _set(["hands", 0], ["R1", 7]), "hands[0][1]: unknown card 7"),
    (
        "a card nested deep",
        _set(["hands", 0], [_deep(5000)]),
        "hands[0][0]: unknown card [[[[...]]]]",
    ),
    ("a step nested deep", _set(["step"], _deep(5000)), "'step' must be one of"),
    # Unknown keys are refused by name, wherever they are.
    ("an unknown key", _set(["hand"], []), "position: unknown key 'hand'"),
    (
        "an unknown key in a stone",
        _set(["stones", 3, "owners"], None),
        "stones[3]: unknown key 'owners'",
    ),
    ("an unknown key in decks", _set(["decks", "discard"], []), "decks: unknown key 'discard'"),
    (
        "an unknown key in the rules",
        _set(["rules"], {"tactic": True}),
        "rules: unknown option(s) tactic",
    ),
    (
        "an unknown key in the outcome",
        lambda d: {
            **d,
            "step": "over",
            "outcome": {"winner": 0, "reason": "five_stones", "why": "x"},
        },
        "outcome: unknown key 'why'",
    ),
    (
        "an outcome without its winner",
        _set(["outcome"], {"reason": "five_stones"}),
        "'outcome' must be an object",
    ),
    ("a round after the last", _set(["round"], 2), "round must be a whole number 1-1, not 2"),
    (
        "history of 10 stones",
        _set(["history"], [[0, "five_stones", 5, 5]]),
        "history[0][3] must be a whole number 0-4, not 5",
    ),
    (
        "a history without a reason",
        _set(["history"], [[0, "", 5, 2]]),
        "history[0] must be [winner, reason",
    ),
    # Moments no game reaches (issue 23): each was read before.
    (
        "tactic cards counted in the base game",
        _set(["tactics_played"], [1, 0]),
        "tactics_played must be [0, 0] in the base game, which has no tactic cards, not [1, 0]",
    ),
    (
        "a claim of an incomplete side",
        _set(["stones", 3, "owner"], 0),
        "stones[3].owner: South cannot hold stone 4 with 1 of 3 cards on their side",
    ),
    (
        "a claim the opponent can still beat",
        lambda d: _side(d, 3, ["G1", "G2", "G4"], [], 0),
        "stones[3].owner: South cannot hold stone 4, as no claim proves it (the opponent can "
        "still make a Color-Run totalling 24",
    ),
    (
        "a claim of a weaker side",
        lambda d: _side(d, 3, ["G1", "G2", "G4"], ["O3", "O4", "O5"], 0),
        "stones[3].owner: South cannot hold stone 4, as no claim proves it (their Color-Run "
        "totalling 12 beats your Color totalling 7)",
    ),
    (
        "a claim of the weaker side of a tie",
        lambda d: _side(d, 3, ["G3", "G4", "G5"], ["O3", "O4", "O5"], 1),
        "stones[3].owner: North cannot hold stone 4, as no claim proves it (a tie (a Color-Run "
        "totalling 12), and they completed their side first)",
    ),
    (
        "scores without a history",
        _set(["scores"], [3, 0]),
        "scores must be [0, 0], the points of the rounds in 'history', not [3, 0]",
    ),
    (
        "scores that are not the history's",
        lambda d: {
            **d,
            "rules": {"rounds": 3},
            "round": 2,
            "history": [[0, "five_stones", 5, 2]],
            "scores": [5, 1],
        },
        "scores must be [5, 2], the points of the rounds in 'history'",
    ),
    (
        "a second round without a history",
        lambda d: {**d, "rules": {"rounds": 3}, "round": 2},
        "'history' must hold the results of the 1 round(s) before round 2, not 0",
    ),
    (
        "a history longer than the rounds",
        lambda d: {**d, "history": [[0, "five_stones", 5, 2]]},
        "'history' must hold the results of the 0 round(s) before round 1, not 1",
    ),
    (
        "a round starter the rules do not give",
        lambda d: {
            **d,
            "rules": {"rounds": 3},
            "round": 2,
            "history": [[None, "stuck_equal_stones", 0, 0]],
            "round_starter": 0,
        },
        "round_starter must be 1, who starts round 2",
    ),
    (
        "a reason no round ends with",
        _set(["history"], [[0, "resigned", 5, 2]]),
        "history[0]: 'resigned' is not how a round ends",
    ),
    (
        "a draw with a winner",
        lambda d: {
            **d,
            "rules": {"rounds": 2},
            "round": 2,
            "history": [[0, "stuck_equal_stones", 2, 2]],
        },
        "history[0]: a round that ends with 'stuck_equal_stones' is a draw",
    ),
    (
        "a five-stone win with four",
        lambda d: {**d, "rules": {"rounds": 2}, "round": 2, "history": [[1, "five_stones", 2, 4]]},
        "history[0]: a round that ends with 'five_stones' cannot leave the stones at 2:4",
    ),
    (
        "a five-stone win with six",  # the fifth stone claimed ends the round
        lambda d: {**d, "rules": {"rounds": 2}, "round": 2, "history": [[0, "five_stones", 6, 1]]},
        "history[0]: a round that ends with 'five_stones' cannot leave the stones at 6:1",
    ),
    (
        "three adjacent stones won with five",  # five stones are five_stones
        lambda d: {
            **d,
            "rules": {"rounds": 2},
            "round": 2,
            "history": [[1, "three_adjacent", 0, 5]],
        },
        "history[0]: a round that ends with 'three_adjacent' cannot leave the stones at 0:5",
    ),
    (
        "a loser holding five stones",  # a winning shape: the round ended with it
        lambda d: {
            **d,
            "rules": {"rounds": 2},
            "round": 2,
            "history": [[0, "three_adjacent", 3, 5]],
        },
        "history[0]: a round that ends with 'three_adjacent' cannot leave the stones at 3:5",
    ),
    (
        "a stuck draw at five stones each",
        lambda d: {
            **d,
            "rules": {"rounds": 2},
            "round": 2,
            "history": [[None, "stuck_equal_stones", 5, 4]],
        },
        "history[0]: a round that ends with 'stuck_equal_stones' cannot leave the stones at 5:4",
    ),
    (
        "an outcome the stones do not hold",
        lambda d: {**d, "step": "over", "outcome": {"winner": 0, "reason": "five_stones"}},
        "outcome: a round that ends with 'five_stones' cannot leave the stones at 0:0",
    ),
    (
        "three stones won that are not adjacent",
        _three_apart,
        "'outcome' says South won with 'three_adjacent', but South does not hold that on the "
        "stones",
    ),
    (
        "a stuck round with a stone not awarded",
        lambda d: {
            **d,
            "step": "over",
            "outcome": {"winner": None, "reason": "stuck_equal_stones"},
            "history": [[None, "stuck_equal_stones", 0, 0]],
        },
        "stones[0]: the round ended stuck, so this stone went to South, whose side alone is "
        "complete",
    ),
    (
        "a stuck round's winner the stones do not give",
        lambda d: _stuck_won(d, winner=1, history=[[0, "stuck_more_stones", 1, 0]]),
        "outcome: a round that ends with 'stuck_more_stones' cannot leave the stones at 1:0",
    ),
    (
        "an outcome that is not the history's last",
        lambda d: _stuck_won(d, history=[[0, "stuck_more_stones", 2, 0]], scores=[5, 0]),
        "the last result in 'history' must be this round's, [0, \"stuck_more_stones\", 1, 0]",
    ),
    (
        "the next round's starter not to move",
        lambda d: _stuck_won(d, to_move=0),
        "to_move must be 1 once the round is over (who starts the next round), not 0",
    ),
]


@pytest.mark.parametrize(
    "name,change,message", MALFORMED_POSITIONS, ids=[c[0] for c in MALFORMED_POSITIONS]
)
def test_malformed_positions(name, change, message):
    # South started and is to move: four cards a side (North's Purple 1-2 at stone 6).
    d = doc(
        hands=("R1 R2", "O1"),
        stones={0: ("R7 R8 R9", "B1 B2"), 3: ("G1", ""), 5: ("", "P1 P2")},
    )
    d["decks"] = decks_left(d)  # the hands refilled (helpers.doc), the rest in the decks
    position_from_json(copy.deepcopy(d))  # the unchanged position is fine
    changed = change(d)
    with pytest.raises(FormatError) as e:
        position_from_json(d if changed is None else changed)
    assert message in str(e.value)
    said_in_german(e.value)


def _tdoc(**fields):
    """A tactics position: South's Joker on stone 0, North's Banshee discarded, every other
    card in a deck; South to play."""
    d = doc(
        TACTICS,
        hands=("R1 R2 Spy", "O1 O2"),
        stones={0: ("R7 R8 Joker", "B1 B2"), 3: ("G1", "")},
        discard="Banshee",
    )
    d["decks"] = decks_left(d)  # the hands refilled (helpers.doc), the rest in the decks
    d["tactics_played"] = [1, 1]
    d.update(fields)
    return d


def _move(card, src, dst):
    """Move ``card`` from one card list of the document to another (paths as lists)."""

    def change(d):
        def at(path):
            target = d
            for k in path:
                target = target[k]
            return target

        at(src).remove(card)
        at(dst).append(card)

    return change


def _owners(*stones, owner=0):
    def change(d):
        for s in stones:
            d["stones"][s]["owner"] = owner

    return change


INCONSISTENT_POSITIONS = [
    (
        "a Joker in the clan deck",
        _move("Joker", ["decks", "tactic"], ["decks", "clan"]),
        "decks.clan[36]: Joker is a tactic card; it cannot be in that deck",
    ),
    (
        "a clan card in the tactic deck",
        _move("Y5", ["decks", "clan"], ["decks", "tactic"]),
        "decks.tactic[7]: Yellow 5 is a clan card; it cannot be in that deck",
    ),
    (
        "both Jokers on one side",
        _move("Joker", ["decks", "tactic"], ["stones", 3, "sides", 0]),
        "stones: both Jokers are on South's side, but a player plays one Joker per game",
    ),
    (
        "a Joker on the table not played",
        _set(["joker_played"], [False, False]),
        "joker_played[0] must be true: a Joker is on South's side",
    ),
    (
        "a Joker played still in a deck",
        _set(["joker_played"], [True, True]),
        "joker_played: 2 player(s) have played a Joker, but 1 Joker(s) are on the table",
    ),
    (
        "fewer tactics played than on the table",
        _set(["tactics_played"], [0, 1]),
        "tactics_played[0] must be at least 1",
    ),
    (
        "3 adjacent stones while playing",
        _owners(4, 5, 6),
        "stones: South holds 3 adjacent stones, so the round is over; the step must be "
        "'round_over' or 'over', not 'play'",
    ),
    (
        "5 stones while claiming",
        lambda d: _owners(1, 3, 5, 7, 8, owner=1)(d) or {**d, "step": "claim"},
        "stones: North holds 5 stones, so the round is over",
    ),
    (
        "an outcome while playing",
        _set(["outcome"], {"winner": 0, "reason": "five_stones"}),
        "'outcome' is set, but the round goes on (step 'play')",
    ),
    (
        "over in the first of 3 rounds",
        lambda d: {
            **d,
            "rules": {"tactics": True, "rounds": 3},
            "step": "over",
            "outcome": {"winner": None, "reason": "stuck_equal_stones"},
        },
        "step 'over', but the match has 3 rounds and this is round 1: the step is 'round_over'",
    ),
    (
        "round over in the last round",
        lambda d: {
            **d,
            "step": "round_over",
            "outcome": {"winner": None, "reason": "stuck_equal_stones"},
        },
        "step 'round_over', but round 1 is the last of the match (1): the step is 'over'",
    ),
    ("a round over without its outcome", _set(["step"], "round_over"), "needs an 'outcome'"),
    (
        "a hand above the hand size",
        lambda d: _give(d, 1, "Y5"),
        "hands[1] holds 8 cards, but at step 'play' North holds 7 at most",
    ),
    (
        "a draw step with a full hand",
        lambda d: d.update(step="draw", played=True),
        "step 'draw': South's hand must be below 7 cards, not 7",
    ),
    (
        "a draw step with one deck",
        lambda d: {
            **d,
            "step": "draw",
            "decks": {"clan": d["decks"]["clan"], "tactic": []},
            "discard": d["discard"] + d["decks"]["tactic"],
            "tactics_played": [5, 4],
        },
        "step 'draw': both decks must hold cards (with one deck left the engine draws by itself)",
    ),
    (
        "the Recruiter's draws at 0",
        lambda d: _recruiter(d, step="recruit_draw", draws_left=0),
        "step 'recruit_draw': draws_left must be 1-3 and returns_left 0, not 0 and 0",
    ),
    (
        "the Recruiter's returns at 0",
        lambda d: _recruiter(d, step="recruit_return"),
        "step 'recruit_return': draws_left must be 0 and returns_left 1-2, not 0 and 0",
    ),
    (
        "returns left without cards",
        lambda d: _recruiter(
            d, step="recruit_return", returns_left=2, hands=[["R1"], ["O1", "O2"]]
        ),
        "step 'recruit_return': South must return 2 cards but holds 1",
    ),
    (
        "the Recruiter's step without the Recruiter",
        lambda d: {**d, "step": "recruit_draw", "draws_left": 2, "played": True},
        "the Recruiter has been played, so it must be in the discard pile and 'played' true",
    ),
    (
        "draws left in the play step",
        _set(["draws_left"], 1),
        "step 'play': draws_left and returns_left must be 0",
    ),
    ("played in the play step", _set(["played"], True), "step 'play': 'played' must be false"),
    ("claimed before playing", _set(["claimed"], True), "step 'play': 'claimed' must be false"),
    (
        "a claim step with nothing to claim",
        lambda d: {**d, "step": "claim", "to_move": 1},
        "step 'claim': North can claim no stone, and the engine skips the claim step then",
    ),
    (
        "more ruses discarded than tactic cards played",
        _move("Traitor", ["decks", "tactic"], ["discard"]),
        "tactics_played: 2 tactic cards counted as played, but 3 lie on the table or in the "
        "discard pile",
    ),
    (
        "tactic counts beyond the limit",
        _set(["tactics_played"], [3, 1]),
        "tactics_played: 3 and 1 cannot come from play",
    ),
    (
        "tactic counts above the tactic cards out",
        _set(["tactics_played"], [2, 2]),
        "tactics_played: 4 tactic cards counted as played, but only 2 lie on the table or in the "
        "discard pile, and a played tactic card stays there",
    ),
    (
        "a discarded Joker nobody played",
        lambda d: (
            _move("Joker", ["decks", "tactic"], ["discard"])(d)
            or {**d, "joker_played": [True, False], "tactics_played": [2, 1]}
        ),
        "joker_played: 1 player(s) have played a Joker, but 2 Joker(s) are on the table or "
        "discarded, and a Joker leaves a hand only when it is played",
    ),
    (
        "a turn passed by a player who could play",
        _set(["passes"], 1),
        "passes: 1 turn(s) in a row with nothing done, but North holds a clan card with room "
        "for it",
    ),
    (
        "a claim after playing in the Expert timing",
        lambda d: {
            **d,
            "rules": {"tactics": True, "claim_timing": "start_of_turn"},
            "step": "claim",
            "played": True,
        },
        "step 'claim': 'played' must be false (with claim_timing 'start_of_turn' claims come "
        "before",
    ),
]


# A base game stuck with the decks out (a table a game reaches, every card on it or in a hand):
# North holds stones 2, 4, 6 and 8 (claimed, both sides complete) and no card; South holds
# five cards and no room, every side of theirs complete; on each other stone North's side
# lacks a card that South holds (Yellow 6, Orange 9, Green 9, Blue 9, Purple 9), so no claim
# of South's is proved and North's side there can never be completed.
STUCK_STONES = {
    0: ("R1 R2 R3", "Y4 Y5"),
    1: ("R4 O2 Y8", "G4 G5 G6", {"owner": 1}),
    2: ("O1 G3 B5", "O7 O8"),
    3: ("R6 O4 Y9", "B2 B3 B4", {"owner": 1}),
    4: ("Y1 P3 R5", "G7 G8"),
    5: ("R8 O5 Y3", "P4 P5 P6", {"owner": 1}),
    6: ("B1 O3 Y7", "B7 B8"),
    7: ("R9 O6 B6", "Y2 G2 P2", {"owner": 1}),
    8: ("P1 G1 R7", "P7 P8"),
}


def _stuck_doc(**fields):
    """South to play with nothing to play, North with no card: a base game stuck (or, with
    ``claimable``, Yellow 6 and Yellow 8 swapped, so that South can claim stone 1: both cards
    that complete North's Yellow 4-5 to a Color-Run are face up); fields change it."""
    claimable = fields.pop("claimable", False)
    stones = dict(STUCK_STONES)
    hand = "Y6 O9 G9 B9 P9"
    if claimable:
        stones[1] = ("R4 O2 Y6", "G4 G5 G6", {"owner": 1})
        hand = "Y8 O9 G9 B9 P9"
    d = doc(hands=(hand, ""), stones=stones, decks=("", ""))
    d.update(fields)
    return d


# The stuck round over: the five stones with one complete side awarded to South, who wins.
STUCK_OVER = {
    "step": "over",
    "passes": 2,
    "outcome": {"winner": 0, "reason": "stuck_five_stones"},
    "history": [[0, "stuck_five_stones", 5, 4]],
    "scores": [5, 4],
}


def _award(d):
    for stone in (0, 2, 4, 6, 8):
        d["stones"][stone]["owner"] = 0
    return d


def _stuck_with_room():
    """A stuck draw, 4 stones each, but stone 9 is left with no complete side and South's
    Purple 1 back in hand: room for it there (an unclaimed stone with both sides
    incomplete leaves room to each side)."""
    draw = {"winner": None, "reason": "stuck_equal_stones"}
    d = _award(_stuck_doc(**{**STUCK_OVER, "outcome": draw, "scores": [4, 4]}))
    d["history"] = [[None, "stuck_equal_stones", 4, 4]]
    d["stones"][8]["owner"] = None
    _move("P1", ["stones", 8, "sides", 0], ["hands", 0])(d)
    return d


STUCK_POSITIONS = [
    (
        "a stuck ending with no turns passed",
        lambda: _award(_stuck_doc(**{**STUCK_OVER, "passes": 0})),
        "'outcome': a round ends 'stuck_five_stones' after two turns in a row with nothing "
        "done, but passes is 0",
    ),
    (
        "a stuck ending while a player could still play",
        _stuck_with_room,
        "'outcome': the round ended 'stuck_equal_stones', stuck, but South holds a clan card "
        "with room for it, so could not have passed",
    ),
    (
        "two turns passed while nobody can claim",
        lambda: _stuck_doc(passes=2),
        "passes: 2 turns in a row with nothing done and nobody can claim, so the round is "
        "stuck and over",
    ),
    (
        "two turns passed, the first by a player who could play",
        lambda: (
            _move("P1", ["stones", 8, "sides", 0], ["hands", 0])(d := _stuck_doc(passes=2)) or d
        ),
        "passes: 2 turn(s) in a row with nothing done, but South holds a clan card",
    ),
]


@pytest.mark.parametrize("name,make,message", STUCK_POSITIONS, ids=[c[0] for c in STUCK_POSITIONS])
def test_stuck_endings_and_passes_no_game_produces(name, make, message):
    """A turn passes only with no clan card to play, and a round sticks after two passes:
    positions that break either are refused by name (their unbroken forms read)."""
    assert position_from_json(_award(_stuck_doc(**STUCK_OVER))).over
    assert position_from_json(_stuck_doc(passes=2, claimable=True)).passes == 2
    assert position_from_json(_stuck_doc(passes=1)).passes == 1
    with pytest.raises(FormatError) as e:
        position_from_json(make())
    assert message in str(e.value)
    said_in_german(e.value)


def _recruiter(d, hands=None, **fields):
    """The document with South's Recruiter played (discarded), other ``hands`` (the cards
    left out under their decks), and ``fields``."""
    d["decks"]["tactic"].remove("Recruiter")
    d["discard"].append("Recruiter")
    d["tactics_played"] = [2, 1]  # South's Joker and Recruiter, North's Banshee
    if hands is not None:
        for q in (0, 1):
            for c in d["hands"][q]:
                if c not in hands[q]:
                    d["decks"]["tactic" if c in TACTIC_DECK_NAMES else "clan"].insert(0, c)
        d["hands"] = hands
    d.update(played=True, **fields)


TACTIC_DECK_NAMES = {card_text(c) for c in TACTIC_DECK}


def _give(d, q, cards, **fields):
    """The document with ``cards`` taken from the clan deck into player ``q``'s hand."""
    for c in cards.split():
        d["decks"]["clan"].remove(c)
        d["hands"][q].append(c)
    d.update(fields)


@pytest.mark.parametrize(
    "name,change,message", INCONSISTENT_POSITIONS, ids=[c[0] for c in INCONSISTENT_POSITIONS]
)
def test_positions_that_contradict_themselves(name, change, message):
    d = _tdoc()
    s = position_from_json(copy.deepcopy(d))  # the unchanged position is fine
    assert (s.tactics_played, s.joker_played) == ([1, 1], [True, False])
    changed = change(d)
    with pytest.raises(FormatError) as e:
        position_from_json(d if changed is None else changed)
    assert message in str(e.value)
    said_in_german(e.value)


def test_the_recruiters_steps_read_back():
    for step, fields in (
        ("recruit_draw", {"draws_left": 3}),
        ("recruit_return", {"returns_left": 2}),
    ):
        d = _tdoc()
        south = d["hands"][0]
        _recruiter(d, hands=[south[:-1], d["hands"][1]], step=step, **fields)  # played it
        if step == "recruit_return":
            _give(d, 0, " ".join(d["decks"]["clan"][-3:]))  # and drew 3
        s = position_from_json(d)
        assert s.step == step and legal_actions(s)


# ---------------------------------------------------------------- fuzzing


def _random_json_action(state, rng):
    """A well-formed JSON action, often close to a legal one."""
    legal = legal_actions(state)
    if legal and rng.random() < 0.3:
        a = action_to_json(rng.choice(legal))
        if rng.random() < 0.5:
            return a
        field = rng.choice(
            [k for k in ("card", "stone", "target", "to", "deck") if k in a] or ["kind"]
        )
        a[field] = _random_value(field, state, rng)
        return a
    kind = rng.choice([k.value for k in Kind])
    out = {"kind": kind}
    fields = {
        "play": ("card", "stone", "target", "to"),
        "claim": ("stone",),
        "draw": ("deck",),
        "return": ("card",),
    }.get(kind, ())
    for f in fields:
        if rng.random() < 0.8:
            out[f] = _random_value(f, state, rng)
    return out


def _random_value(field, state, rng):
    p = state.to_move
    if field == "kind":
        return rng.choice([k.value for k in Kind])
    if field in ("card", "target"):
        pool = [*state.hands[p], *(c for side in state.sides for c in side), *TACTIC_DECK, 5]
        return card_text(rng.choice(pool))
    if field == "stone":
        return rng.randrange(9)
    if field == "to":
        return rng.choice([*range(9), "discard"])
    return rng.choice(["clan", "tactic"])


@pytest.mark.parametrize("tactics", [False, True])
def test_fuzzed_actions_apply_exactly_when_legal(tactics):
    rng = random.Random(5)
    rules = Rules(tactics=tactics)
    tried = accepted = 0
    for seed in range(20):
        for state in sample_states(rules, seed, 4):
            legal = legal_actions(state)
            before = snapshot(state)
            for _ in range(25):
                data = _random_json_action(state, rng)
                try:
                    a = action_from_json(data)
                except MalformedAction:
                    continue
                tried += 1
                try:
                    apply(state, a)
                except GameError:  # illegal, or (a ruse without its target) malformed
                    assert a not in legal, (data, state.step)
                else:
                    assert a in legal, (data, state.step, position_to_json(state))
                    accepted += 1
            assert snapshot(state) == before
    assert tried > 3000 and accepted > 300


def test_strategist_discard_target_is_spelled_discard():
    assert (
        action_from_json(
            {"kind": "play", "card": "Strategist", "stone": 1, "target": "R1", "to": "discard"}
        ).to
        == DISCARD
    )


def test_new_game_with_bad_rules():
    with pytest.raises(ValueError, match="'rounds' must be a whole number 1-99"):
        Rules(rounds=0)
    with pytest.raises(ValueError, match="'starter' must be 0 or 1"):
        Rules(starter=2)
    with pytest.raises(ValueError, match="'next_starter' must be"):
        Rules(next_starter="loser")
    assert new_game(Rules(starter=1)).to_move == 1


@pytest.mark.parametrize("seat", [2, "1", -1, True])
def test_a_seat_that_does_not_exist_is_refused(seat):
    state = _play_step()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Turn order"):
        apply(state, play("R1", 3), player=seat)
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "action", [Action("pass", card=5), Action("claim", stone=0, deck=1), Action("done", stone=3)]
)
def test_fields_an_action_kind_does_not_use_are_refused(action):
    state = _play_step()
    before = snapshot(state)
    with pytest.raises(MalformedAction, match=r"Malformed action: a .* action has no"):
        apply(state, action)
    assert snapshot(state) == before


def test_a_records_bad_action_is_said_in_german_through_and_through():
    """A damaged record in German reads German to the end: the bad action's own refusal is a
    nested param (``cause``), worded in the same language (it once read "Die Spielaufzeichnung
    lässt sich nicht abspielen: Malformed action: ...")."""
    record = _record()
    record["actions"][3] = {"kind": "claim", "stone": 12}
    with pytest.raises(FormatError) as e:
        replay(record)
    assert e.value.code == "bad_action" and e.value.params["cause"]["code"] == "bad_stone"
    assert str(e.value).startswith('action 4 ({"kind": "claim", "stone": 12}): Malformed action:')
    assert said_in_german(e.value) == (
        'Zug 4 ({"kind": "claim", "stone": 12}): Fehlerhafter Zug: \'stone\' muss eine '
        "Steinnummer von 0 bis 8 sein (auf dem Tisch die Steine 1 bis 9), nicht 12."
    )


def test_json_text_errors_are_said_in_german():
    for text, code, start in (
        ('{"format": ', "not_json", "kein gültiges JSON"),
        ("[" * 100_000, "too_deep", "zu tief verschachtelt"),
        (" " * 2_000_000, "too_big", "zu lang"),
        ("9" * 5000, "json_number_too_long", "kein gültiges JSON"),
        # Python's json reads these; JSON has no such number, and we never write one.
        ('{"seed": NaN}', "json_not_a_number", "kein gültiges JSON: NaN"),
        ('{"seed": Infinity}', "json_not_a_number", "kein gültiges JSON: Infinity"),
        ("[-Infinity]", "json_not_a_number", "kein gültiges JSON: -Infinity"),
    ):
        with pytest.raises(FormatError) as e:
            loads(text)
        assert e.value.code == code
        assert said_in_german(e.value).startswith(start)


def test_bad_rules_are_format_errors_said_in_german():
    for bad in (
        {"tactics": 1},
        {"rounds": 0},
        {"starter": 2},
        {"claim_timing": "x"},
        {"speed": 1},
        [1],
    ):
        with pytest.raises(FormatError) as e:
            Rules.from_json(bad)
        assert said_in_german(e.value).startswith("rules")


def test_a_card_that_does_not_exist_is_malformed():
    from engine import parse_card

    for text in ("Z9", "R0", 7, None, "Jokers"):
        with pytest.raises(MalformedAction) as e:
            parse_card(text)
        assert e.value.code == "unknown_card"
        assert said_in_german(e.value).startswith("Unbekannte Karte")


# ---------------------------------------------------------------- hands refilled from the decks


def _reached(rules, seed, want) -> dict:
    """The position document of the first state of a seeded random game where ``want``."""
    rng, s = random.Random(seed), new_game(rules, seed)
    while not want(s):
        s = apply(s, rng.choice(legal_actions(s)))
    return position_to_json(s)


def _under_deck(d, q, n=1):
    """``n`` cards of hand ``q`` put under their own decks (the decks keep every card)."""
    for c in d["hands"][q][:n]:
        d["hands"][q].remove(c)
        d["decks"]["tactic" if c in TACTIC_DECK_NAMES else "clan"].insert(0, c)
    return d


def _recruited_low():
    """South plays the Recruiter with one card left in the decks: it draws that one, puts two
    back, and its turn's draw takes one of them: South holds 6 of 7 with a card still in the
    clan deck (North to move), a moment every game with those cards reaches."""
    s = position(
        TACTICS,
        hands=("Recruiter R1 R2 R3 R4 R5 R6", "O1 O2 O3 O4 O5 O6 O7"),
        decks=("P1", ""),
        rest_to_discard=True,
    )
    s = apply(s, play("Recruiter"))
    s = apply(apply(s, Action("return", C("R1")[0])), Action("return", C("R2")[0]))
    while s.to_move == 0:
        s = apply(s, legal_actions(s)[0])  # its claims, if any, are done
    return s


HAND_SHORT = [
    (
        "the other player short at the start of a turn",
        lambda: _under_deck(position_to_json(new_game(Rules(), 1)), 1),
        "hands[1] holds 5 cards, but with 43 cards left in the decks North holds at least 6 "
        "at step 'play'",
    ),
    (
        "the player to move short before playing",
        lambda: _under_deck(position_to_json(new_game(TACTICS, 1)), 0, 2),
        "hands[0] holds 5 cards, but with 52 cards left in the decks South holds at least 7",
    ),
    (
        "a draw step two cards short",
        lambda: _under_deck(d := _reached(TACTICS, 3, lambda s: s.step == "draw"), d["to_move"]),
        "cards, but with 51 cards left in the decks",
    ),
    (
        "a claim before playing, short",
        lambda: _under_deck(
            d := _reached(Rules(claim_timing=START_OF_TURN), 5, lambda s: s.step == "claim"),
            d["to_move"],
        ),
        "at least 6 at step 'claim'",
    ),
    (
        "the Recruiter's draw short of what it drew",
        lambda: _under_deck(position_to_json(_recruit("recruit_draw")), 0),
        "hands[0] holds 5 cards, but with 6 cards left in the decks South holds at least 6 "
        "at step 'recruit_draw'",
    ),
    (
        "a round over with both hands short",
        lambda: _under_deck(
            _under_deck(_reached(Rules(rounds=2), 7, lambda s: s.step == "round_over"), 0), 1
        ),
        "at step 'round_over'",
    ),
    (
        "three cards back in the decks after the Recruiter",
        lambda: _under_deck(position_to_json(_recruited_low()), 0, 2),
        "hands[0] holds 4 cards, but with 3 cards left in the decks South holds at least 7",
    ),
]


@pytest.mark.parametrize("name,make,message", HAND_SHORT, ids=[c[0] for c in HAND_SHORT])
def test_a_short_hand_while_a_deck_has_cards_is_refused(name, make, message):
    """A turn's draw refills the hand while either deck has a card: a hand below the hand
    size with cards in the decks, but where a turn leaves it so, no game reaches."""
    with pytest.raises(FormatError) as e:
        position_from_json(make())
    assert e.value.code == "hand_short" and message in str(e.value), str(e.value)
    said_in_german(e.value)


def test_short_hands_a_game_reaches_are_read():
    """Between a play and its draw; after a claim that ended the round; with the decks
    empty; and with up to 2 cards the Recruiter put back (its player drew fewer than 3)."""
    for rules, seed, step in (
        (TACTICS, 3, "draw"),
        (Rules(), 5, "claim"),
        (Rules(rounds=2), 7, "round_over"),
        (Rules(), 9, "over"),
    ):
        d = _reached(rules, seed, lambda s, step=step: s.step == step)
        assert min(map(len, d["hands"])) < rules.hand_size or step != "draw"
        assert position_from_json(d).step == step
    d = _reached(Rules(), 11, lambda s: not s.decks[0] and len(s.hands[s.to_move]) < 5)
    assert position_from_json(d).hands == [C(" ".join(h)) for h in d["hands"]]  # decks out
    s = _recruited_low()
    assert (len(s.hands[0]), len(s.decks[0]), s.to_move) == (6, 1, 1)
    assert position_from_json(position_to_json(s)) == s
    d = _under_deck(position_to_json(s), 0)  # 2 cards left: still what the Recruiter allows
    assert position_from_json(d).hands[0] == s.hands[0][1:]


# ---------------------------------------------------------------- discard pile and turn order


UNREACHED = [
    (
        "a combat mode in the discard pile",
        lambda: doc(TACTICS, discard="BlindMansBluff", tactics_played=[1, 0]),
        "discard_mode",
    ),
    (
        "a troop discarded with no Banshee or Strategist",
        lambda: doc(TACTICS, discard="R5 Traitor", tactics_played=[1, 0]),
        "discard_without_ruse",
    ),
    ("a clan card in a base game's pile", lambda: doc(discard="R5"), "discard_without_ruse"),
    (
        "North to move on a fresh table South starts",
        lambda: doc(to_move=1, hands=("", "")),
        "turn_order_least",
    ),
    (
        "three cards for South, none for North",
        lambda: doc(stones={0: ("R1", ""), 1: ("R2", ""), 2: ("R3", "")}),
        "turn_order",
    ),
    (
        "North two cards ahead",
        lambda: doc(to_move=0, stones={0: ("", "B1 B2")}),
        "turn_order",
    ),
    # A Tactic game with no ruse played: each player's first 7 turns are plays.
    (
        "Tactic: North to move, three troops for South and none for North",
        lambda: doc(TACTICS, to_move=1, stones={0: ("R1", ""), 1: ("R2", ""), 2: ("R3", "")}),
        "turn_order_tactic",
    ),
    (
        "Tactic: South to move, two cards for South and none for North",
        lambda: doc(TACTICS, stones={0: ("R1", ""), 1: ("R2", "")}),
        "turn_order_tactic",
    ),
    (
        "Tactic: North two cards ahead, with South's mode",
        lambda: doc(
            TACTICS,
            stones={0: ("", "B1 B2 B3"), 4: ("", "", {"mode": "MudFight"})},
            tactics_played=[1, 0],
        ),
        "turn_order_tactic",
    ),
    # With no ruse played a player's clan cards are the deal's 7 and those drawn: in hand or
    # on their own side.
    (
        "Tactic: South's first turn with only tactic cards in hand",
        lambda: doc(
            TACTICS, hands=("Joker Spy ShieldBearer BlindMansBluff MudFight Traitor Banshee", "")
        ),
        "clan_cards_dealt",
    ),
    (
        "Tactic: North with 4 clan cards in hand and 2 on its side",
        lambda: doc(
            TACTICS, stones={0: ("R1 R2", "B1 B2")}, hands=("", "Spy ShieldBearer Traitor")
        ),
        "clan_cards_dealt",
    ),
    (
        "an Expert claim step after North's pass, North holding a clan card with room",
        lambda: doc(
            Rules(claim_timing=START_OF_TURN),
            step="claim",
            passes=1,
            stones={2: ("R1 R2 R3", "B1 B4 B7")},
        ),
        "passes_could_play",
    ),
    (
        "South's claim step after a pass, with cards and room",
        lambda: doc(step="claim", stones={2: ("R1 R2 R3", "B1 B4 B7")}),
        "claim_after_pass",
    ),
    *(
        (
            f"a base game's round stuck with {reason}",
            lambda reason=reason, result=result: doc(
                Rules(rounds=3),
                round=2,
                round_starter=1,
                to_move=1,
                history=[[result[0], reason, *result[1:]]],
                scores=list(round_points(result[0], result[1:])),
            ),
            "stuck_base",
        )
        for reason, result in (
            ("stuck_more_stones", (0, 2, 1)),
            ("stuck_equal_stones", (None, 2, 2)),
            ("stuck_three_adjacent", (1, 1, 3)),
        )
    ),
    *(
        (
            f"a {'base' if code == 'stuck_base_stones' else 'Tactic'} game's round {result}",
            lambda rules=rules, result=result: doc(
                rules,
                round=2,
                round_starter=1,
                to_move=1,
                history=[list(result)],
                scores=list(round_points(result[0], result[2:])),
            ),
            code,
        )
        for rules, result, code in (
            # A base game's stuck round gives every stone: its stones add up to nine.
            (Rules(rounds=3), (0, "stuck_five_stones", 5, 0), "stuck_base_stones"),
            (Rules(rounds=3), (1, "stuck_five_stones", 2, 5), "stuck_base_stones"),
            (Rules(rounds=3), (0, "stuck_five_stones", 5, 3), "stuck_base_stones"),
            # Five stones beside no shape (fewer than three) is stuck_five_stones.
            (replace(TACTICS, rounds=3), (0, "stuck_more_stones", 9, 0), "reason_stones"),
            (replace(TACTICS, rounds=3), (0, "stuck_more_stones", 5, 0), "reason_stones"),
            (replace(TACTICS, rounds=3), (1, "stuck_more_stones", 2, 6), "reason_stones"),
            # Three adjacent beside five stones: both shapes, so more stones decide.
            (replace(TACTICS, rounds=3), (0, "stuck_three_adjacent", 3, 5), "reason_stones"),
        )
    ),
]


@pytest.mark.parametrize("name,make,code", UNREACHED, ids=[c[0] for c in UNREACHED])
def test_discard_piles_and_turn_orders_no_game_makes_are_refused(name, make, code):
    with pytest.raises(FormatError) as e:
        position_from_json(make())
    assert e.value.code == code, str(e.value)
    said_in_german(e.value)


def test_the_same_tables_are_read_when_a_game_makes_them():
    """The unbroken forms: a Banshee beside the discarded troop; North to move after South's
    card; North a card ahead when North started; in a Tactic game, a combat mode played as
    a player's card."""
    position_from_json(doc(TACTICS, discard="R5 Banshee", tactics_played=[1, 0]))
    position_from_json(doc(to_move=1, stones={0: ("R1", "")}))
    position_from_json(doc(Rules(starter=1), to_move=0, stones={0: ("", "B1")}))
    # A Tactic game: South's first card a combat mode, on no side; or a ruse was played.
    mud = {4: ("", "", {"mode": "MudFight"})}
    position_from_json(doc(TACTICS, to_move=1, stones=mud, tactics_played=[1, 0]))
    position_from_json(doc(TACTICS, stones={**mud, 0: ("", "B1")}, tactics_played=[1, 0]))
    # The deal's 7 clan cards in hand or on the side, tactic cards drawn for the others; or a
    # ruse was played: South played R1 and drew the Recruiter, then played it, drew 3 tactic
    # cards and put 2 clan cards back on their deck.
    position_from_json(
        doc(TACTICS, stones={0: ("R1 R2", "B1 B2")}, hands=("", "Spy ShieldBearer B3 B4 B5"))
    )
    recruited = ("Joker Spy Traitor R2 R3 R4 R5", "")
    stones = {0: ("R1", "B1 B2")}
    position_from_json(
        doc(TACTICS, stones=stones, hands=recruited, discard="Recruiter", tactics_played=[1, 0])
    )


def test_the_same_claim_steps_and_stuck_rounds_are_read_when_a_game_makes_them():
    """A claim step after the pass of a Tactic player holding only tactic cards; a stuck
    round with more stones (both holding a shape, too), or equal, in a Tactic game (test_rules
    plays them to the end and reads the end back); a base game's stuck round with five stones
    for the player holding cards, all nine stones given."""
    hand = "Joker Spy ShieldBearer BlindMansBluff MudFight Banshee Traitor"
    # (no ruse played: South's 7 clan cards of the deal are on its side, as many for North)
    stones = {2: ("R1 R2 R3", "B1 B4 B7"), 7: ("Y1 Y2", "G1 G2"), 8: ("Y3 Y4", "G3 G4")}
    position_from_json(doc(TACTICS, step="claim", hands=(hand, ""), stones=stones))
    for rules, result in (
        (replace(TACTICS, rounds=3), (0, "stuck_more_stones", 2, 1)),
        (replace(TACTICS, rounds=3), (None, "stuck_equal_stones", 2, 2)),
        (replace(TACTICS, rounds=3), (0, "stuck_more_stones", 5, 3)),  # both hold a shape
        (replace(TACTICS, rounds=3), (1, "stuck_five_stones", 2, 5)),
        (Rules(rounds=3), (0, "stuck_five_stones", 5, 4)),
        (Rules(rounds=3), (1, "stuck_five_stones", 0, 9)),
    ):
        scores = list(round_points(result[0], result[2:]))
        d = doc(rules, round=2, round_starter=1, to_move=1, history=[list(result)], scores=scores)
        position_from_json(d)
    over = position_from_json(_award(_stuck_doc(**STUCK_OVER)))  # the base game's stuck end
    assert over.outcome.reason == "stuck_five_stones" and over.hands[0] and not over.hands[1]


@pytest.mark.parametrize("rules", [Rules(), TACTICS, Rules(claim_timing=START_OF_TURN)])
def test_every_position_of_real_games_is_read(rules):
    """Positions exported from real (seeded random) games are never refused."""
    for seed in range(6):
        for s in sample_states(rules, seed, 2):
            assert position_from_json(position_to_json(s)) == s
