"""Helpers for the protocol tests: two endpoints playing over an in-memory transport, the
truth about where every card is (which no endpoint knows: the harness uses both keys), and the
check that an endpoint's memory and save hold no card it may not see."""

from __future__ import annotations

import copy
import dataclasses
import json
import random

from hypothesis import strategies as st

from engine.cards import CLAN_BACK, TACTIC_BACK, card_text
from engine.remote import Endpoint, sra
from engine.remote.messages import seal
from engine.remote.sra import PHYSICAL, Entropy, card_of, int_to_text
from engine.state import State

BACKS = (CLAN_BACK, TACTIC_BACK)
# The 256-bit test prime of the suite's protocol games (a parameter of each game, which keeps
# it in its save): a game's exponentiations cost microseconds instead of milliseconds. A test
# at the real size passes ``group=sra.PLAY``.
TEST_GROUP = sra.TEST


def pair(rules, seed: int, group=TEST_GROUP):
    """A host and a guest of a game in ``group``, paired and dealt; the messages in flight."""
    host = Endpoint.host(rules, "Ann", Entropy(random.Random(seed)), group)
    guest, r = Endpoint.join(
        host.invitation(), "Bob", Entropy(random.Random(seed + 10**6)), group=group
    )
    return [host, guest], [(0, r.send)]


# ---------------------------------------------------------------- damaged saves (Hypothesis)

INTERESTING = [0, 1, -1, 2, 7, 54, 99, 2**70, 1.0, True, False, None, "", "R7", "Joker"]
INTERESTING += ["ClanBack", "TacticBack", "clan", "play", "over", "1" * 5000, [], {}, [[]]]
INTERESTING += ["0" * 32, "A" * 43, "AAAA", "1:" + "0" * 64, {"kind": "pass"}]
_leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(INTERESTING).map(copy.deepcopy)
)
JSON_VALUES = st.recursive(
    _leaves,
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3)
    ),
    max_leaves=6,
)


def _places(doc, path="") -> dict:
    """Every place in ``doc`` by its path with the list indices left out (``cards.first[][]``):
    a kind of place is drawn first, so the 128 numbers of a deal are one kind among many."""
    out: dict = {}
    stack = [(doc, path)]
    while stack:
        x, at = stack.pop()
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            where = f"{at}.{k}" if isinstance(k, str) else f"{at}[]"
            out.setdefault(where, []).append((x, k))
            stack.append((v, where))
    return out


def _values(doc) -> list:
    """Every value in ``doc``: a mutation may put one where another was."""
    out, stack = [], [doc]
    while stack:
        x = stack.pop()
        out.append(x)
        if isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


@st.composite
def damage(draw, doc):
    """A copy of ``doc`` (JSON) with one to three places damaged: dropped, replaced by random
    JSON or a value known to trouble readers, swapped for another of its values, a number
    nudged, a list item doubled or dropped, a value put in a list."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        places = _places(doc)
        if not places:
            break
        kind = draw(st.sampled_from(sorted(places)))
        c, k = draw(st.sampled_from(places[kind]))
        v = c[k]
        op = draw(st.sampled_from(["drop", "replace", "interesting", "swap", "nudge", "nest"]))
        if op == "drop":
            del c[k]
        elif op == "replace":
            c[k] = draw(JSON_VALUES)
        elif op == "interesting":
            c[k] = copy.deepcopy(draw(st.sampled_from(INTERESTING)))
        elif op == "swap":
            c[k] = copy.deepcopy(draw(st.sampled_from(_values(doc))))
        elif op == "nudge" and type(v) is int:
            c[k] = v + draw(st.sampled_from([-2, -1, 1, 2, 60]))
        elif op == "nudge" and isinstance(v, list) and v:
            j = draw(st.integers(0, len(v) - 1))
            if draw(st.booleans()):
                v.insert(j, copy.deepcopy(v[j]))
            else:
                del v[j]
        elif op == "nest":
            c[k] = [v]
    return doc


def play_game(
    rules, seed: int, after_message=None, chooser=None, before_message=None, group=TEST_GROUP
):
    """A whole match between two endpoints in ``group``; ``after_message(eps)`` runs after
    every message is received (``before_message(eps, msg, to)`` before). Returns the
    endpoints and every message sent."""
    rng = random.Random(seed)
    eps, inbox = pair(rules, seed, group)
    sent = [inbox[0][1]]
    while True:
        while inbox:
            to, msg = inbox.pop(0)
            if before_message:
                before_message(eps, msg, to)
            r = eps[to].receive(msg)
            if after_message:
                after_message(eps)
            if r.send:
                inbox.append((1 - to, r.send))
                sent.append(r.send)
        movers = [e for e in eps if e.can_play()]
        if not movers:
            return eps, sent
        e = movers[0]
        legal = e.legal()
        r = e.play(chooser(e, legal, rng) if chooser else rng.choice(legal))
        if r.send:
            inbox.append((1 - e.seat, r.send))
            sent.append(r.send)


def run_until(rules, seed: int, want, group=TEST_GROUP):
    """Play a game in ``group`` until a message ``want(msg, receiver)`` holds; return the
    endpoints and the message, not yet delivered, with its receiver's seat."""
    rng = random.Random(seed)
    eps, inbox = pair(rules, seed, group)
    while True:
        while inbox:
            to, msg = inbox.pop(0)
            if want(msg, eps[to]):
                return eps, msg, to
            r = eps[to].receive(msg)
            if r.send:
                inbox.append((1 - to, r.send))
        movers = [e for e in eps if e.can_play()]
        assert movers, "the game ended before the message looked for"
        e = movers[0]
        r = e.play(rng.choice(e.legal()))
        if r.send:
            inbox.append((1 - e.seat, r.send))


def snapshot(ep) -> str:
    """An endpoint's whole save, to compare before and after a refusal."""
    return json.dumps(ep.to_json(), sort_keys=True)


def resealed(key: bytes, msg: dict, **changes) -> dict:
    """``msg`` changed as a modified client would send it: signed with the real key."""
    return seal({k: v for k, v in {**msg, **changes}.items() if k != "mac"}, key)


# ---------------------------------------------------------------- the truth

_OPENED: dict = {}


def _open(entry, eps) -> int:
    """The card code of a deck entry, with both keys (what no single device can do)."""
    memo = (entry, eps[0].cards.key.k, eps[1].cards.key.k)
    if memo not in _OPENED:
        _OPENED[memo] = _open_now(entry, eps)
    return _OPENED[memo]


def _open_now(entry, eps) -> int:
    if isinstance(entry, str):
        seat, _, commit = entry.partition(":")
        owner = eps[int(seat)].cards
        card = next(r["card"] for r in owner.returns if r["commit"] == commit)
        from engine.cards import parse_card

        return parse_card(card)
    x = entry
    for e in eps:
        x = sra.unlock(x, e.cards.key)
    return PHYSICAL[card_of(x, eps[0].group)]


def hidden_from(eps, seat: int) -> set[int]:
    """Card codes that endpoint ``seat`` may not know now: the other's hand and the decks,
    less what it holds, sees face up or put back itself (a Joker has two copies)."""
    me, other = eps[seat], eps[1 - seat]
    if (
        me.cards is None
        or other.cards is None
        or not me.cards.start[0]
        or me.cards.round != other.cards.round
        or other.state is None
        or me.cards.their_key is not None
    ):  # the round is over: the audit shows all
        return set()
    cards = set()
    for c in other.state.hands[other.seat]:
        if c not in BACKS:
            cards.add(c)
    for _deck, entry in other.cards.pending:
        cards.add(_open(entry, eps))
    for deck in me.cards.decks:
        for entry in deck:
            cards.add(_open(entry, eps))
    s = me.state
    seen = set(s.hands[seat]) | set(s.discard) | {c for side in s.sides for c in side}
    seen |= {_code(r["card"]) for r in me.cards.returns}
    return cards - seen


def _code(text):
    from engine.cards import parse_card

    return parse_card(text)


# ---------------------------------------------------------------- the memory check


def _walk(obj, seen: set, out_ints: set, out_strs: set, states: list):
    stack = [obj]
    # Entropy: the test's own randomness; a group: public constants (every card's code)
    skip = (bool, float, type(None), bytes, Entropy, sra.Group, sra.Ristretto)
    while stack:
        x = stack.pop()
        t = type(x)
        if t is int:
            out_ints.add(x)
        elif t is str:
            out_strs.add(x)
        elif t is list or t is tuple:
            if id(x) not in seen:
                seen.add(id(x))
                stack.extend(x)
        elif isinstance(x, dict):  # a Message and a TurnPoint too
            if id(x) not in seen:
                seen.add(id(x))
                stack.extend(x)
                stack.extend(x.values())
        elif t in skip or id(x) in seen:
            continue
        else:
            seen.add(id(x))
            if t is State:
                states.append(x)
            if isinstance(x, (set, frozenset)):
                stack.extend(x)
                continue
            if hasattr(x, "__dict__"):
                stack.extend(vars(x).values())
            for cls in t.__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(x, name):
                        stack.append(getattr(x, name))


def _this_round(me, fields: dict) -> dict:
    """``fields`` without the previous rounds' revealed key and returns, which the last
    message sent may still hold, and without the earlier rounds' audits, which keep every
    card of their round for the game's record (those rounds are over: the audit showed every
    card; this round's cards were shuffled afresh)."""
    last = fields.get("last_sent")
    if last and "reveal" in last and last["reveal"]["round"] < me.cards.round:
        last = {k: v for k, v in last.items() if k != "reveal"}
        fields = {**fields, "last_sent": last}
    audits = fields.get("audits") or []
    assert all(a["round"] < me.cards.round for a in audits), "an audit of a round not over"
    return {**fields, "audits": [a["round"] for a in audits]}


def _memory(me) -> dict:
    """Everything an endpoint keeps (its device), part by part, as one mapping of fields."""
    out: dict = {}
    for f in dataclasses.fields(me._now):
        value = getattr(me._now, f.name)
        out.update(vars(value) if dataclasses.is_dataclass(value) else {f.name: value})
    assert set(vars(me)) == {"_now"}, "the endpoint keeps something outside its device"
    return out


def assert_hidden(eps, seat: int) -> int:
    """Neither the memory nor the save of endpoint ``seat`` holds a card it may not see: not
    as a card code in its engine state, not as a card's text, not as the number that codes the
    card. Returns how many hidden cards were checked."""
    hidden = hidden_from(eps, seat)
    if not hidden:
        return 0
    me = eps[seat]
    texts = {card_text(c) for c in hidden}
    ids = [i for i, c in enumerate(PHYSICAL) if c in hidden]
    numbers = {me.group.codes[i] for i in ids}
    number_texts = {int_to_text(n) for n in numbers}
    ints, strs, states = set(), set(), []
    _walk(_this_round(me, _memory(me)), set(), ints, strs, states)
    assert not texts & strs, f"seat {seat} memory holds {texts & strs}"
    assert not numbers & ints, f"seat {seat} memory holds a card's code"
    for s in states:
        assert all(c in BACKS for c in s.hands[1 - seat]), "the other's hand is not all backs"
        assert all(c in BACKS for d in s.decks for c in d), "a deck holds a card face up"
        assert not hidden & set(s.hands[seat])
    save = _this_round(me, json.loads(json.dumps(me.to_json())))
    ints, strs, states = set(), set(), []
    _walk(save, set(), ints, strs, states)
    assert not texts & strs, f"seat {seat} save holds {texts & strs}"
    assert not number_texts & strs and not numbers & ints, f"seat {seat} save holds a code"
    return len(hidden)
