"""The message format: the strict reader fuzzed like the engine's other readers (Hypothesis:
mutated real messages and random JSON are read or refused with a ``GameError``, never
anything else); an endpoint given a mutated message signed with the real key refuses it and
is unchanged; links round-trip; a move's message and link stay within their budgets at the
real prime size; every refusal has words in every language."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import re
import statistics
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_play import TEST_GROUP, pair, play_game

from engine.errors import GameError
from engine.remote import Endpoint, RemoteError, messages, sra
from engine.remote.links import from_link, pack, to_link
from engine.remote.messages import dumps, read, seal
from engine.state import START_OF_TURN, Rules
from engine.words import Words, languages

ROOT = Path(__file__).resolve().parent.parent
FUZZ = settings(
    max_examples=150,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def _corpus():
    """Every message of two small-prime games, with each receiver's save just before it."""
    pairs = []
    for rules, seed in (
        (Rules(tactics=True, rounds=2), 1),
        (Rules(claim_timing=START_OF_TURN), 2),
    ):
        snapshot = {}

        def before(eps, msg, to, snapshot=snapshot):
            pairs.append(
                (
                    json.loads(json.dumps(eps[to].to_json())),
                    json.loads(json.dumps(msg)),
                    eps[1 - to].key,
                )
            )

        play_game(rules, seed, before_message=before, group=TEST_GROUP)
    pairs += _takeback_messages()
    return pairs


def _takeback_messages():
    """A take-back's question and answer (twice: declined, then agreed), each with its
    receiver's save just before it."""
    eps, inbox = pair(Rules(), 4)
    out = []
    rng = random.Random(4)

    def deliver():
        while inbox:
            to, msg = inbox.pop(0)
            if msg["t"] in ("takeback", "consent"):
                out.append((json.loads(json.dumps(eps[to].to_json())), msg, eps[1 - to].key))
            r = eps[to].receive(msg)
            if r.send:
                inbox.append((1 - to, r.send))

    deliver()
    for agree in (False, True):
        e = next(e for e in eps if e.can_play())
        while not inbox:
            r = e.play(rng.choice(e.legal()))
            if r.send:
                inbox.append((1 - e.seat, r.send))
        deliver()
        inbox.append((1 - e.seat, e.ask_takeback().send))
        deliver()
        inbox.append((e.seat, eps[1 - e.seat].answer_takeback(agree).send))
        deliver()
    return out


CORPUS = _corpus()
MESSAGES = [m for _, m, _ in CORPUS]
INTERESTING = [
    0,
    1,
    -1,
    2**70,
    1.0,
    True,
    None,
    "",
    "R7",
    "Joker",
    "clan",
    [],
    {},
    [[]],
    "0" * 32,
    "A" * 43,
    "move",
    "invite",
    "accept",
    "takeback",
    "consent",
    {"round": 1, "ply": 2},
]
leaves = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(INTERESTING).map(copy.deepcopy)
)
json_values = st.recursive(
    leaves,
    lambda kids: (
        st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3)
    ),
    max_leaves=8,
)


def _places(doc):
    out, stack = [], [doc]
    while stack:
        x = stack.pop()
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            out.append((x, k))
            stack.append(v)
    return out


@st.composite
def mutated(draw):
    i = draw(st.integers(0, len(CORPUS) - 1))
    msg = copy.deepcopy(CORPUS[i][1])
    for _ in range(draw(st.integers(1, 3))):
        places = _places(msg)
        c, k = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["drop", "replace", "interesting", "key", "nest"]))
        if op == "drop" and isinstance(c, dict):
            del c[k]
        elif op == "replace":
            c[k] = draw(json_values)
        elif op == "interesting":
            c[k] = copy.deepcopy(draw(st.sampled_from(INTERESTING)))
        elif op == "key" and isinstance(c, dict):
            c[draw(st.sampled_from(["x", "shares", "deal", "reveal", "drew", "card"]))] = draw(
                json_values
            )
        elif op == "nest":
            v = c[k]
            for _ in range(draw(st.integers(1, 2000))):
                v = [v]
            c[k] = v
    return i, msg


@FUZZ
@given(mutated())
def test_the_reader_reads_or_refuses_mutated_messages(case):
    _i, msg = case
    try:
        got = read(msg)
        assert got == msg and isinstance(got, messages.Message) and read(got) is got
    except GameError as e:
        assert e.key.startswith("error.")


@FUZZ
@given(
    st.one_of(
        json_values,
        st.fixed_dictionaries(
            {
                "v": st.just(messages.VERSION),
                "t": st.sampled_from(messages.KINDS),
                "g": st.just("0" * 32),
                "n": st.integers(-1, 3),
                "from": st.integers(-1, 2),
            },
            optional={
                "mac": st.text(max_size=44),
                "shares": json_values,
                "actions": json_values,
                "drew": json_values,
                "reveal": json_values,
                "deal": json_values,
                "rules": json_values,
                "name": json_values,
                "dh": json_values,
                "turn": json_values,
                "agree": json_values,
            },
        ),
    )
)
def test_the_reader_reads_or_refuses_random_json(data):
    with contextlib.suppress(GameError):
        read(data)


@FUZZ
@given(
    st.one_of(
        st.text(max_size=300),
        st.sampled_from(MESSAGES)
        .map(to_link)
        .flatmap(
            lambda link: st.integers(0, len(link)).map(lambda i: link[:i] + "x" + link[i + 1 :])
        ),
    )
)
def test_links_are_read_or_refused(text):
    with contextlib.suppress(GameError):
        from_link(text)


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
@given(mutated())
def test_an_endpoint_refuses_a_signed_mutated_message_and_is_unchanged(case):
    """Signed with the real key, as a modified client would send it: the endpoint's own
    checks (not the MAC) must refuse it, and leave it exactly as it was."""
    i, msg = case
    save, _original, key = CORPUS[i]
    ep = Endpoint.from_json(save)  # in the test group, which the save names
    before = json.dumps(ep.to_json(), sort_keys=True)
    if isinstance(msg, dict) and "mac" in msg and key is not None:
        msg = seal({k: v for k, v in msg.items() if k != "mac"}, key)
    try:
        ep.receive(msg)
    except GameError:
        assert json.dumps(ep.to_json(), sort_keys=True) == before


DEEP = "[" * 5000 + "]" * 5000  # a link of 51 characters: Pyodide's stack overflows on it


def test_text_nested_deep_or_too_long_is_refused_by_name_before_it_is_parsed(monkeypatch):
    """In the browser a parser's recursion overflows the stack before Python's RecursionError
    (the page shows nothing): a link or a live message nested 5,000 deep, or of a megabyte, is
    refused by name, and the JSON parser never sees it."""

    def parse(*_args, **_kwargs):
        raise AssertionError("parsed")

    assert str(RemoteError("too_deep", limit=8))  # the catalogue (JSON) read before the watch
    monkeypatch.setattr(messages.json, "loads", parse)
    cases = {
        "https://example.org/index.html#m=" + pack(DEEP): "too_deep",
        "#m=" + pack('{"t": "move", "x": ' + '{"a": ' * 8 + "1" + "}" * 9): "too_deep",
        "#m=" + "A" * 1_000_000: "too_big",
        "#m=" + pack(" " * 1_000_000): "too_big",  # 1 MB of text in a short link
    }
    for link, code in cases.items():
        with pytest.raises(RemoteError) as e:
            from_link(link)
        assert e.value.code == code, link[:40]
        assert str(e.value)  # worded
    for text, code in ((DEEP, "too_deep"), ("{" * 9, "too_deep"), (" " * 1_000_000, "too_big")):
        with pytest.raises(RemoteError) as e:
            messages.loads(text)
        assert e.value.code == code


def test_brackets_in_strings_do_not_count_and_every_real_message_fits():
    assert messages.check_text('["[[[[[[[[[[", "{\\"{{{{{{{{{", {"a": [[]]}]') is not None
    for msg in MESSAGES:
        messages.check_text(dumps(msg), depth=4)  # the deepest real message: 4 (MAX_DEPTH 8)


def test_every_message_round_trips_through_text_and_links():
    for msg in MESSAGES:
        assert read(json.loads(dumps(msg))) == msg
        assert from_link(to_link(msg, "https://example.org/play/")) == msg


def _kind(msg, hand_sizes=(6, 7)):
    if "deal" in msg or msg["t"] != "move":
        return "setup"
    if (
        set(msg) - {"v", "g", "n", "from", "t", "mac"} == {"shares"}
        and len(msg["shares"]) in hand_sizes
    ):
        return "setup"  # the guest's hand, after the deal
    return "end" if "reveal" in msg else "move"


def test_a_moves_message_and_link_fit_their_budgets_at_the_real_size():
    """A move's live message at most 2 KB, its link at most 2,000 characters, with the numbers
    of the group in play (a Tactic game with Recruiter round trips, Expert timing)."""
    _eps, sent = play_game(Rules(tactics=True, claim_timing=START_OF_TURN), 11, group=sra.PLAY)
    sizes = {"move": [], "setup": [], "end": []}
    links = {"move": [], "setup": [], "end": []}
    for msg in sent:
        sizes[_kind(msg)].append(len(dumps(msg).encode()))
        links[_kind(msg)].append(len(to_link(msg, "https://user.github.io/schotten-totten/")))
    assert len(sizes["move"]) > 30
    assert max(sizes["move"]) <= 2048, sorted(sizes["move"])[-3:]
    assert max(links["move"]) <= 2000, sorted(links["move"])[-3:]
    assert statistics.median(sizes["move"]) < 1000


@pytest.mark.parametrize("lang", languages())
def test_every_remote_refusal_has_words(lang):
    codes = set()
    for path in (ROOT / "engine" / "remote").glob("*.py"):
        codes |= set(re.findall(r'(?:RemoteError|Cheat)\(\s*"(\w+)"', path.read_text()))
    assert len(codes) > 30
    words, english = Words(lang, you=0), Words("en", you=0)
    params = {
        "field": "n",
        "value": "'x'",
        "n": 2,
        "last": 3,
        "expected": 1,
        "kind": "deal",
        "card": "R7",
        "player": 1,
        "move": "R7@3",
        "rule": "not_in_hand",
        "version": 1,
        "cause": RemoteError("not_a_move").to_json(),
        "limit": 8,
    }
    for code in sorted(codes):
        assert f"error.remote.{code}" in words.cat, (lang, code)
        text = words.refusal(RemoteError(code, **params))
        assert "{" not in text
        if lang != "en":
            assert text != english.refusal(RemoteError(code, **params)), code
