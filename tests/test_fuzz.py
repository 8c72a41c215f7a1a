"""Fuzzing the edges where data comes in (Hypothesis): the position reader, the record reader
and the action parser, fed mutated real documents and random JSON, read each one into a
state that keeps the engine's invariants or refuse it with the documented error; the checked
entry points (``apply``, ``check``, ``view``, ``claim_proof``) refuse bad arguments and leave
the state as it was.

The default profile runs in a few seconds (and the same examples every run); a longer one
explores: ``FUZZ_PROFILE=long python -m pytest tests/test_fuzz.py`` or ``python -m
tools.fuzz``, which prints how many documents were tried, read and refused.
"""

from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter

import pytest
from helpers import check_accounting, random_game, sample_states
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    Action,
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
from engine.actions import Kind
from engine.cards import N_CLAN, TACTIC_DECK, card_text
from engine.positions import POSITION_KEYS, STONE_KEYS
from engine.records import RECORD_KEYS, Shuffle
from engine.state import START_OF_TURN, Step

# ---------------------------------------------------------------- profiles

# Examples per test: (default, long). FUZZ_EXAMPLES scales the long profile's.
EXAMPLES = {
    "positions": (250, 20_000),
    "records": (40, 2_000),
    "random": (150, 10_000),
    "actions": (250, 20_000),
    "api": (150, 10_000),
}
PROFILE = os.environ.get("FUZZ_PROFILE", "default")
LONG = PROFILE == "long"
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))

STATS: Counter = Counter()  # (what, outcome) -> count: tools/fuzz.py reports them


@pytest.fixture(scope="module", autouse=True)
def _write_stats():
    """With FUZZ_STATS=FILE (``python -m tools.fuzz`` runs this module so), the counts are
    written there as JSON ``[[what, outcome, n], ...]`` once every test has run."""
    yield
    if path := os.environ.get("FUZZ_STATS"):
        with open(path, "w", encoding="utf-8") as f:
            json.dump([[what, outcome, n] for (what, outcome), n in STATS.items()], f)


def fuzz(name: str):
    """The settings of one fuzz test: bounded by default (and the same examples each run),
    longer and random with FUZZ_PROFILE=long."""
    n = EXAMPLES[name][1 if LONG else 0]
    return settings(
        max_examples=max(1, int(n * SCALE)) if LONG else n,
        deadline=None,
        database=None,
        derandomize=not LONG,
        print_blob=True,
        suppress_health_check=list(HealthCheck),
    )


# ---------------------------------------------------------------- real documents

VARIANTS = [
    Rules(),
    Rules(tactics=True),
    Rules(claim_timing=START_OF_TURN, rounds=2),
    Rules(tactics=True, claim_timing=START_OF_TURN, rounds=3, next_starter="winner", starter=1),
]


def _corpus():
    """Positions at every step kind and records, from seeded random games."""
    positions, records, states = [], [], []
    for v, rules in enumerate(VARIANTS):
        for seed in range(3):
            for state in sample_states(rules, 100 * v + seed, 7):
                states.append(state)
                positions.append(json.loads(json.dumps(position_to_json(state))))
            _final, actions = random_game(rules, 100 * v + seed)
            entries = actions[:40]
            if seed == 1:
                entries = entries[:20] + [Shuffle(seed)] + entries[20:]
            record = record_to_json(rules, 100 * v + seed, entries)
            if seed == 2:  # the same game with its deal written out
                s0 = new_game(rules, 100 * v + seed)
                record = record_to_json(
                    rules,
                    100 * v + seed,
                    entries[:20],
                    deal={"hands": s0.hands, "deck": s0.decks[0], "tactic_deck": s0.decks[1]},
                )
            records.append(json.loads(json.dumps(record)))
            if seed == 0 and rules.rounds > 1:  # a deal per round, as between two devices
                records.append(json.loads(json.dumps(_dealt_per_round(rules, 100 * v, actions))))
    return positions, records, states


def _dealt_per_round(rules, seed, actions) -> dict:
    """The whole game's record with each round's deal written out (``deal`` as a list)."""
    from engine.turn import apply

    s = new_game(rules, seed)
    deals = [{"hands": s.hands, "deck": s.decks[0], "tactic_deck": s.decks[1]}]
    for a in actions:
        s = apply(s, a)
        if a.kind == "next_round":
            deals.append({"hands": s.hands, "deck": s.decks[0], "tactic_deck": s.decks[1]})
    return record_to_json(rules, seed, actions, deal=deals)


POSITIONS, RECORDS, STATES = _corpus()
CARDS = [card_text(c) for c in range(N_CLAN)] + sorted({card_text(c) for c in TACTIC_DECK})
ACTIONS = [action_to_json(a) for s in STATES[::3] for a in legal_actions(s)[:6]]

# ---------------------------------------------------------------- random JSON and mutations

KEYS = sorted(
    {
        *POSITION_KEYS,
        *RECORD_KEYS,
        *STONE_KEYS,
        "clan",
        "tactic",
        "winner",
        "reason",
        "kind",
        "card",
        "stone",
        "target",
        "to",
        "deck",
        "hands",
        "tactic_deck",
    }
)
INTERESTING = [
    0,
    1,
    2,
    3,
    8,
    9,
    -1,
    1.0,
    0.0,
    True,
    False,
    None,
    "",
    "0",
    "1",
    2**64,
    float("nan"),
    float("inf"),
    [],
    {},
    [0, 0],
    [[], []],
    "R7",
    "Joker",
    "discard",
    "clan",
    "tactic",
    "five_stones",
    *(s.value for s in Step),
    *(k.value for k in Kind),
]

leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | st.sampled_from(CARDS)
    | st.sampled_from(INTERESTING).map(copy.deepcopy)
)
json_values = st.recursive(
    leaves,
    lambda kids: (
        st.lists(kids, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), kids, max_size=4)
    ),
    max_leaves=12,
)


def _places(doc) -> list:
    """Every (container, key) in ``doc``, found without recursion."""
    out, stack = [], [doc] if isinstance(doc, (dict, list)) else []
    while stack:
        c = stack.pop()
        for k, v in c.items() if isinstance(c, dict) else enumerate(c):
            out.append((c, k))
            if isinstance(v, (dict, list)):
                stack.append(v)
    return out


def _deep(value, depth: int):
    for _ in range(depth):
        value = [value]
    return value


def _is_card(v) -> bool:
    return isinstance(v, str) and v in CARDS


# Mutations, the ones that keep every card in place (swap, move) and well-typed values
# (field) more often: they get past the type checks to the consistency checks.
OPS = (
    ["top"] * 4
    + ["swap"] * 3
    + ["move"] * 3
    + ["field"] * 2
    + ["drop"] * 2
    + ["number"] * 2
    + ["replace", "card", "key", "nest"]
)


def _mutate(draw, doc):
    places = _places(doc)
    op = draw(st.sampled_from(OPS))
    if not places:
        return draw(json_values)
    c, k = draw(st.sampled_from(places))
    if op == "top" and isinstance(doc, dict):  # a field of the document, or of a stone
        objects = (
            [doc, *(s for s in doc.get("stones", ()) if isinstance(s, dict))]
            if isinstance(doc.get("stones"), list)
            else [doc]
        )
        c = objects[0] if draw(st.booleans()) else draw(st.sampled_from(objects))
        k = draw(st.sampled_from(sorted(c, key=str) + ["done_at", "owner", "mode", "step"]))
        op = "field"
    if op == "drop":
        del c[k]
    elif op == "replace":
        c[k] = draw(json_values)
    elif op == "field":  # a value that often passes the type checks: the consistency checks
        c[k] = copy.deepcopy(draw(st.sampled_from(INTERESTING)))
    elif op == "number":
        v = c[k]
        if type(v) in (int, float, bool):
            c[k] = draw(st.sampled_from([v + 1, v - 1, -v, float(v), bool(v), str(v), v * 2]))
        else:
            c[k] = draw(st.integers(-3, 12))
    elif op in ("swap", "card", "move"):
        cards = [(c2, k2) for c2, k2 in places if _is_card(c2[k2])]
        if not cards:
            return doc
        c, k = draw(st.sampled_from(cards))
        if op == "swap":  # two cards trade places: the accounting still holds
            c2, k2 = draw(st.sampled_from(cards))
            c[k], c2[k2] = c2[k2], c[k]
        elif op == "card":
            c[k] = draw(st.sampled_from(CARDS))
        else:  # a card moves to another list: the accounting still holds
            lists = [(c2, k2) for c2, k2 in places if isinstance(c2[k2], list)]
            if isinstance(c, list) and lists:
                c2, k2 = draw(st.sampled_from(lists))
                dest = c2[k2]
                card = c.pop(k)
                dest.insert(draw(st.integers(0, len(dest))), card)
    elif op == "key":
        target = c[k] if isinstance(c[k], dict) else c if isinstance(c, dict) else doc
        if isinstance(target, dict):
            target[draw(st.sampled_from(KEYS) | st.text(max_size=6))] = draw(json_values)
    else:  # nest, deeper than Python recurses
        c[k] = _deep(c[k], draw(st.integers(1, 3000)))
    return doc


@st.composite
def mutated(draw, corpus):
    doc = copy.deepcopy(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 2, 3, 4]))):
        doc = _mutate(draw, doc)
    return doc


@st.composite
def random_documents(draw, fmt):
    """A random object with the right header (or, at times, a wrong one), so that the
    readers get past it."""
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    keys = POSITION_KEYS if fmt.endswith("position") else RECORD_KEYS
    doc = {"format": fmt, "version": 1}
    for k in draw(st.lists(st.sampled_from(keys[2:]), max_size=6, unique=True)):
        doc[k] = draw(json_values)
    return doc


# ---------------------------------------------------------------- what every state keeps


def assert_sound(state, rng: random.Random, steps: int = 12) -> None:
    """The engine's own invariants, on ``state`` and some random moves on from it: every
    card once, a legal action unless over, a view for each seat, the JSON round trip."""
    for seat in (0, 1, None):
        json.dumps(view(state, seat))
    for _ in range(steps + 1):
        check_accounting(state)
        legal = legal_actions(state)
        assert legal or state.step == "over", (state.step, position_to_json(state))
        data = json.loads(json.dumps(position_to_json(state)))
        back = position_from_json(data)
        assert back == state and position_to_json(back) == data
        if not legal:
            return
        state = apply(state, rng.choice(legal))


def _read(what: str, read, doc):
    """``read(doc)``: the state, or None when refused with the documented error."""
    STATS[what, "tried"] += 1
    try:
        state = read(doc)
    except FormatError:
        STATS[what, "refused"] += 1
        return None
    STATS[what, "read"] += 1
    return state


# ---------------------------------------------------------------- the readers


@fuzz("positions")
@given(doc=mutated(POSITIONS), seed=st.integers(0, 2**32))
def test_mutated_positions_are_read_soundly_or_refused(doc, seed):
    state = _read("positions", position_from_json, doc)
    if state is not None:
        assert_sound(state, random.Random(seed))


@fuzz("random")
@given(doc=random_documents("schotten-totten/position"), seed=st.integers(0, 2**32))
def test_random_positions_are_read_soundly_or_refused(doc, seed):
    state = _read("random positions", position_from_json, doc)
    if state is not None:
        assert_sound(state, random.Random(seed))


@fuzz("records")
@given(doc=mutated(RECORDS), seed=st.integers(0, 2**32))
def test_mutated_records_replay_soundly_or_are_refused(doc, seed):
    state = _read("records", lambda d: replay(d)[0], doc)
    if state is not None:
        assert_sound(state, random.Random(seed), steps=2)


@fuzz("random")
@given(doc=random_documents("schotten-totten/record"))
def test_random_records_replay_soundly_or_are_refused(doc):
    state = _read("random records", lambda d: replay(d)[0], doc)
    if state is not None:
        assert_sound(state, random.Random(0), steps=1)


# ---------------------------------------------------------------- actions and the checked API


def _refused_or_legal(what: str, state, action, player=None) -> None:
    """``apply`` and ``check`` agree: a refusal is ``IllegalAction`` or ``MalformedAction``
    (the same one from both); an accepted action is legal; the state is unchanged either way."""
    before = position_to_json(state)
    try:
        check(state, action, player)
    except (IllegalAction, MalformedAction) as e:
        STATS[what, "refused"] += 1
        json.dumps(e.to_json())
        assert str(e)
        try:
            apply(state, action, player)
        except GameError as again:
            assert (type(again), again.code) == (type(e), e.code)
        else:
            raise AssertionError(f"check refused {action}, apply took it")
    else:
        STATS[what, "accepted"] += 1
        assert action in legal_actions(state), action
        apply(state, action, player)
    assert position_to_json(state) == before


@fuzz("actions")
@given(data=mutated(ACTIONS) | json_values, index=st.integers(0, len(STATES) - 1))
def test_json_actions_parse_or_are_refused_and_apply_when_legal(data, index):
    STATS["actions", "tried"] += 1
    try:
        action = action_from_json(data)
    except MalformedAction as e:
        STATS["actions", "refused"] += 1
        assert str(e).startswith("Malformed action: ") and len(str(e)) < 300
        return
    STATS["actions", "read"] += 1
    assert action_from_json(action_to_json(action)) == action
    _refused_or_legal("actions applied", STATES[index], action)


fields = st.integers(-2, 12) | st.sampled_from(
    [2**64, -(2**64), 1.0, 3.0, True, False, None, "R7", "3", [], -1]
)


@fuzz("api")
@given(
    index=st.integers(0, len(STATES) - 1),
    kind=st.sampled_from([*(k.value for k in Kind), "dance", None, 3]),
    card=fields | st.integers(0, 62),
    stone=fields,
    target=fields | st.integers(0, 62),
    to=fields,
    deck=fields,
    legal=st.integers(0, 99),
    player=st.sampled_from([None, 0, 1, 2, -1, 0.0, 1.0, True, "0"]),
)
def test_the_checked_entry_points_refuse_bad_arguments_and_change_nothing(
    index, kind, card, stone, target, to, deck, legal, player
):
    state = STATES[index]
    before = position_to_json(state)
    acts = legal_actions(state)
    if acts and legal < 10:  # a legal action
        action = acts[legal % len(acts)]
    elif acts and legal < 40:  # a legal action with one field changed
        a = acts[legal % len(acts)]
        action = a._replace(
            **{
                ("card", "stone", "target", "to", "deck", "kind")[legal % 6]: (
                    card,
                    stone,
                    target,
                    to,
                    deck,
                    kind,
                )[legal % 6]
            }
        )
    else:
        action = Action(kind, card, stone, target, to, deck)
    _refused_or_legal("checked API", state, action, player)
    if player is None or (type(player) is int and player in (0, 1)):
        json.dumps(view(state, player))
    else:
        with pytest.raises(GameError):
            view(state, player)
    for p in (0, 1):
        proof = claim_proof(state, p, stone)
        assert proof["ok"] is False or (type(stone) is int and 0 <= stone <= 8)
        if type(stone) is not int or not 0 <= stone <= 8:
            assert proof["why"] == "no_stone"
    assert position_to_json(state) == before
