"""JSON forms: actions, game records and positions round-trip; a record replays its game."""

import contextlib
import json
import time

import pytest
from helpers import (
    PASS,
    C,
    c1,
    check_accounting,
    claim,
    doc,
    draw,
    play,
    position,
    random_game,
    rest_of,
    ret,
)

from engine import (
    Action,
    FormatError,
    Rules,
    action_from_json,
    action_text,
    action_to_json,
    apply,
    claimable,
    legal_actions,
    new_game,
    position_from_json,
    position_to_json,
    record_to_json,
    replay,
    replay_events,
)
from engine.actions import DISCARD
from engine.cards import JOKER
from engine.documents import MAX_DEPTH, MAX_TEXT, loads
from engine.state import START_OF_TURN

# ---------------------------------------------------------------- actions

# JSON keeps stones 0-8; the text for people numbers them 1-9.
EXAMPLES = [
    (play("R7", 3), {"kind": "play", "card": "R7", "stone": 3}, "R7@4"),
    (
        play("Traitor", 4, "B7", 2),
        {"kind": "play", "card": "Traitor", "stone": 4, "target": "B7", "to": 2},
        "Traitor:B7@5>3",
    ),
    (
        play("Strategist", 2, "R7", DISCARD),
        {"kind": "play", "card": "Strategist", "stone": 2, "target": "R7", "to": "discard"},
        "Strategist:R7@3>discard",
    ),
    (
        play("Banshee", 0, "Joker"),
        {"kind": "play", "card": "Banshee", "stone": 0, "target": "Joker"},
        "Banshee:Joker@1",
    ),
    (play("Recruiter"), {"kind": "play", "card": "Recruiter"}, "Recruiter"),
    (play("MudFight", 8), {"kind": "play", "card": "MudFight", "stone": 8}, "MudFight@9"),
    (claim(4), {"kind": "claim", "stone": 4}, "claim 5"),
    (claim(0), {"kind": "claim", "stone": 0}, "claim 1"),
    (
        play("Strategist", 0, "R7", 8),
        {"kind": "play", "card": "Strategist", "stone": 0, "target": "R7", "to": 8},
        "Strategist:R7@1>9",
    ),
    (draw(1), {"kind": "draw", "deck": "tactic"}, "draw tactic"),
    (draw(0), {"kind": "draw", "deck": "clan"}, "draw clan"),
    (ret("R2"), {"kind": "return", "card": "R2"}, "return R2"),
    (PASS, {"kind": "pass"}, "pass"),
    (Action("done"), {"kind": "done"}, "done"),
    (Action("next_round"), {"kind": "next_round"}, "next_round"),
]


@pytest.mark.parametrize("action,data,text", EXAMPLES, ids=[e[2] for e in EXAMPLES])
def test_action_json_and_text(action, data, text):
    assert action_to_json(action) == data
    assert action_from_json(data) == action
    assert action_from_json(json.loads(json.dumps(data))) == action
    assert action_text(action) == text


def test_action_json_accepts_other_spellings_of_cards():
    assert action_from_json({"kind": "play", "card": "shield-bearer", "stone": 1}) == play(
        "ShieldBearer", 1
    )
    assert action_from_json({"kind": "return", "card": "r7"}) == ret("R7")


@pytest.mark.parametrize("tactics", [False, True])
def test_every_legal_action_round_trips(tactics):
    seen = set()
    for seed in range(15):

        def check(state, acts, a, i):
            for b in acts:
                data = action_to_json(b)
                assert action_from_json(json.loads(json.dumps(data))) == b
                seen.add(data["kind"])

        random_game(Rules(tactics=tactics, rounds=2), seed, on_step=check)
    assert seen >= {"play", "claim", "done", "next_round"}


# ---------------------------------------------------------------- records


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(tactics=True),
        Rules(claim_timing=START_OF_TURN, rounds=3),
        Rules(tactics=True, claim_timing=START_OF_TURN, rounds=2, next_starter="winner", starter=1),
    ],
    ids=["base", "tactics", "expert-3-rounds", "tactics-expert-winner"],
)
def test_replay_reproduces_the_game(rules):
    for seed in (1, 2, "forty-two"):
        final, actions = random_game(rules, seed)
        record = json.loads(json.dumps(record_to_json(rules, seed, actions)))
        assert record["format"] == "schotten-totten/record" and record["version"] == 1
        state, done = replay(record)
        assert state == final and done == actions
        assert state.over and state.outcome == final.outcome


def test_replay_of_a_partial_record_stops_where_it_ends():
    _final, actions = random_game(Rules(tactics=True), 8)
    state, _ = replay(record_to_json(Rules(tactics=True), 8, actions[:25]))
    expected = new_game(Rules(tactics=True), 8)
    for a in actions[:25]:
        expected = apply(expected, a)
    assert state == expected and not state.over


def test_record_with_a_fixed_deal():
    south, north = "R1 R2 R3 R4 R5 R6", "O1 O2 O3 O4 O5 O6"
    deal = {
        "hands": [C(south), C(north)],
        "deck": C(rest_of(f"{south} {north}")),
        "tactic_deck": [],
    }
    actions = [play("R1", 0), play("O1", 0), play("R2", 0)]
    record = record_to_json(Rules(), 0, actions, deal=deal)
    assert record["deal"]["hands"][0] == south.split()
    state, _ = replay(json.loads(json.dumps(record)))
    assert state.sides[0] == C("R1 R2") and state.sides[1] == C("O1")
    check_accounting(state)


# ---------------------------------------------------------------- positions


def test_position_round_trip_at_every_step():
    steps = set()
    for rules in (Rules(tactics=True, rounds=2), Rules(claim_timing=START_OF_TURN, rounds=2)):
        for seed in range(12):

            def check(state, acts, a, i):
                data = json.loads(json.dumps(position_to_json(state)))
                back = position_from_json(data)
                assert back == state, f"step {i} ({state.step})"
                assert position_to_json(back) == data
                assert legal_actions(back) == acts
                steps.add(state.step)

            final, _ = random_game(rules, seed, on_step=check)
            assert position_from_json(position_to_json(final)) == final
    assert steps >= {"play", "claim", "draw", "recruit_draw", "recruit_return", "round_over"}


def test_a_round_tripped_position_plays_on_identically():
    final, actions = random_game(Rules(tactics=True), 21)
    state = new_game(Rules(tactics=True), 21)
    for i, a in enumerate(actions):
        if i % 10 == 0:
            state = position_from_json(position_to_json(state))
        state = apply(state, a)
    assert state == final


def test_omitted_decks_hold_the_remaining_cards_shuffled_by_the_seed():
    d = doc(
        Rules(tactics=True),
        hands=("R1 Joker", "O1"),
        stones={0: ("Joker R8", "B1")},
        discard="Banshee",
    )
    s = position_from_json(d)
    check_accounting(s)
    # The hands refilled to 7 (tests/helpers.doc) with clan cards: 13 of them, and 2 troops.
    assert len(s.decks[0]) == 54 - 13 - 2 and len(s.decks[1]) == 10 - 3
    assert JOKER not in s.decks[1] and c1("Banshee") not in s.decks[1]
    assert position_from_json(d).decks == s.decks  # deterministic
    d["seed"] = 1
    assert position_from_json(d).decks != s.decks


def test_position_defaults():
    s = position(
        Rules(tactics=True),
        stones={0: ("R1 R2 R3", "B1 B2 B3"), 1: ("Spy O2", "Joker O5 O6"), 4: ("G1 G2 G3", "B4")},
    )
    # Complete sides count as completed in stone order, South before North.
    assert (s.done_at[0], s.done_at[1], s.done_at[8]) == (1, 2, 4) and s.done_at[3] == 3
    assert s.tick == 5
    assert s.tactics_played == [1, 1] and s.joker_played == [False, True]
    assert (s.step, s.to_move, s.round, s.scores, s.passes) == ("play", 0, 1, [0, 0], 0)


def test_position_faceup_mask_counts_table_and_discard():
    # (Blue 5 in the pile, where South's Banshee discarded it from North's side)
    s = position(Rules(tactics=True), stones={0: ("R1", "Joker")}, discard="B5 Banshee")
    assert s.faceup == (1 << c1("R1")) | (1 << c1("B5"))


def test_partial_done_at_completes_the_other_sides_afterwards():
    # Stone 0 gives its completion ticks; stone 4's complete sides come after them, and the
    # claim machinery (which skips sides whose done_at is 0) sees stone 4.
    s = position(
        stones={0: ("R5 B6 G7", "Y5 P6 O7", {"done_at": [2, 1]}), 4: ("R1 R2 R3", "B1 B2 B4")}
    )
    assert (s.done_at[0], s.done_at[1], s.done_at[8], s.done_at[9], s.tick) == (2, 1, 3, 4, 5)
    assert claimable(s, 0) == [4] and claimable(s, 1) == [0]


def test_a_record_with_take_backs_replays_its_shuffles():
    # The table's records: after a take-back the decks are shuffled again from a seed, a
    # {"kind": "shuffle", "seed": S} entry in its place, and the take-backs counted.
    from engine.records import Shuffle
    from engine.turn import reshuffle

    rules = Rules(tactics=True)
    _final, actions = random_game(rules, 4)
    expected = new_game(rules, 4)
    for a in actions[:9]:
        expected = apply(expected, a)
    reshuffle(expected, 77)
    entries = actions[:9] + [Shuffle(77)]
    for _ in range(6):
        a = legal_actions(expected)[-1]
        expected = apply(expected, a)
        entries.append(a)
    record = json.loads(json.dumps(record_to_json(rules, 4, entries)))
    assert record["actions"][9] == {"kind": "shuffle", "seed": 77}
    record["takebacks"] = 1
    state, done = replay(record)
    assert state == expected and done == entries
    _, _, events = replay_events(record)
    assert events[9] == [{"type": "shuffle"}] and len(events) == len(entries)
    # Without the shuffle the same actions tell another game.
    del record["actions"][9]
    with contextlib.suppress(FormatError):  # or it breaks where the cards differ
        assert replay(record)[0] != expected


# ---------------------------------------------------------------- text from outside

# Opened from a file or a #record= link: nested thousands deep, JSON once overflowed Pyodide's
# C stack before Python's RecursionError, and the page's Python died.
EMPTY = '{"format": "schotten-totten/record", "version": 1, "seed": 1, "actions": []}'
DEEP = EMPTY.replace("[]", "[" * 5000 + "]" * 5000)
BIG = EMPTY.replace("[]", "[" + " " * (1 << 20) + "]")  # 1 MB


@pytest.mark.parametrize(
    ("text", "code"), [(DEEP, "too_deep"), (BIG, "too_big")], ids=["5000-deep", "1-mb"]
)
def test_a_record_5000_deep_or_of_1_mb_is_refused_by_name_before_it_is_parsed(text, code):
    start = time.perf_counter()
    with pytest.raises(FormatError) as e:
        loads(text)
    assert time.perf_counter() - start < 1.0
    assert e.value.code == code
    assert e.value.params == {"limit": MAX_DEPTH if code == "too_deep" else MAX_TEXT}


def test_the_limits_leave_room_for_the_longest_match_the_rules_allow():
    """99 rounds of Tactic cards, as the table writes a record (one space per level), and
    a game between two devices' record (a deal for each round) nest and weigh well within."""
    rules = Rules(tactics=True, rounds=99)
    _final, actions = random_game(rules, 2, max_steps=20_000)
    record = record_to_json(rules, 2, actions)
    text = json.dumps(record, indent=1)
    assert len(text) < MAX_TEXT / 1.5
    assert loads(text) == record
    deals = [{"hands": [["R1"], ["R2"]], "deck": ["R3"]}] * 99
    assert loads(json.dumps({**record, "deal": deals}))["deal"] == deals
    n = MAX_DEPTH - 1  # the record itself is one level
    assert loads(EMPTY.replace("[]", "[" * n + "]" * n))
