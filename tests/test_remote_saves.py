"""A device's save, read as strictly as a message: real saves of seeded games (every step of
a round, a take-back asked and answered, the Recruiter's round trip, rounds audited, a game
over, a game void) round-trip; damaged ones (Hypothesis: a field dropped, replaced, nested,
nudged or swapped for another of the save's values) are each refused by name
(``error.remote.bad_save``) or read into an endpoint that shows its table, says what it
waits for, saves again and is shown by ``python -m engine remote show``, with no other
exception."""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from remote_play import TEST_GROUP, damage, pair

from engine.cli import main
from engine.remote import Cheat, Endpoint, RemoteError, sra
from engine.state import START_OF_TURN, Rules

FUZZ = settings(
    max_examples=300,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def _game(rules, seed: int, saves: list, every: int) -> None:
    """A whole match, each device's save kept after every ``every``-th message; now and
    then a take-back is asked (and agreed or declined)."""
    rng = random.Random(seed)
    eps, inbox = pair(rules, seed)
    saves.append(eps[1].to_json())
    n = 0

    def keep():
        nonlocal n
        n += 1
        if n % every == 0:
            saves.extend(e.to_json() for e in eps)

    while True:
        while inbox:
            to, msg = inbox.pop(0)
            r = eps[to].receive(msg)
            keep()
            if r.send:
                inbox.append((1 - to, r.send))
            q = eps[to].takeback_question()
            if q is not None and rng.random() < 0.7:
                inbox.append((1 - to, eps[to].answer_takeback(rng.random() < 0.5).send))
                keep()
        movers = [e for e in eps if e.can_play()]
        if not movers:
            saves.extend(e.to_json() for e in eps)
            return
        e = movers[0]
        r = e.play(rng.choice(e.legal()))
        if r.send:
            inbox.append((1 - e.seat, r.send))
            if e.can_take_back() and rng.random() < 0.2:
                keep()
                inbox.append((1 - e.seat, e.ask_takeback().send))


def _corpus() -> list:
    host = Endpoint.host(Rules(), "Ann", sra.Entropy(random.Random(0)), TEST_GROUP)
    saves = [host.to_json()]  # the host before the answer: its half, no key, no deal
    _game(Rules(tactics=True, rounds=2), 1, saves, 5)
    _game(Rules(claim_timing=START_OF_TURN), 2, saves, 7)
    _game(Rules(tactics=True, starter=1, next_starter="winner", rounds=2), 3, saves, 9)
    void = copy.deepcopy(saves[-1])
    void["verdict"] = Cheat("illegal_move", player=1, move="R7@3", rule="not_in_hand").to_json()
    saves.append(void)
    return json.loads(json.dumps(saves))


@functools.cache
def real_saves() -> list:
    """The corpus, made when a test first asks (not at import: each pytest worker imports
    every test module, and only one runs these tests)."""
    return _corpus()


@pytest.fixture(autouse=True, scope="module")
def _made_before_the_tests():
    """Made outside Hypothesis's deep stack (a game played there can overflow it)."""
    real_saves()


@st.composite
def damaged(draw):
    i = draw(st.integers(0, len(real_saves()) - 1))
    return i, draw(damage(real_saves()[i]))


def _shown(save: dict) -> str:
    """``python -m engine remote show`` on the save: what it printed (it must work)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        path.write_text(json.dumps(save), encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(["remote", "show", "--save", str(path)])
        assert rc == 0, err.getvalue()
        return out.getvalue()


def _usable(ep: Endpoint) -> None:
    ep.view()
    assert ep.waiting_for() in ("you", "them", "over")
    again = json.loads(json.dumps(ep.to_json()))
    assert Endpoint.from_json(again).to_json() == again  # its own save reads back as it is
    _shown(again)


def test_every_real_save_reads_back_as_it_was():
    assert len(real_saves()) > 60
    for save in real_saves():
        ep = Endpoint.from_json(copy.deepcopy(save))
        assert ep.to_json() == save
        _usable(ep)


@FUZZ
@given(damaged())
def test_a_damaged_save_is_refused_by_name_or_usable(case):
    _i, save = case
    try:
        ep = Endpoint.from_json(save)
    except RemoteError as e:
        assert e.code == "bad_save"
        return
    _usable(ep)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.update(sent="1" * 5000),  # int() of it raised a bare ValueError
        lambda s: s["state"].update(hands=5),
        lambda s: s["state"].update(step="nowhere"),
        lambda s: s["state"]["sides"][0].extend(["R1", "R2", "R3", "R4"]),
        lambda s: s["state"]["hands"][s["seat"]].append("R1"),
        lambda s: s["cards"].update(first=[["AAAA"] * 54, []]),
        lambda s: s["cards"]["decks"][0].append(1),
        lambda s: s.update(names=["Ann"]),
        lambda s: s.update(verdict={"code": "wrong_card"}),
        lambda s: s.update(last_sent={"t": "move"}),
        lambda s: s.update(turn_points=[{"player": 0}, None]),
        lambda s: s.update(asked={"player": 1}),
    ],
)
def test_a_save_damaged_where_it_was_not_checked_is_refused(change):
    """Damaged where the reader did not look (the save was read, and crashed later: a step,
    a side, a hand, a deck's numbers, the names, the verdict, the last message) or where it
    stumbled (a number of 5,000 digits, a list for an object): each the same refusal now."""
    save = copy.deepcopy(next(s for s in real_saves() if s["state"] and s["turn_points"][0]))
    change(save)
    with pytest.raises(RemoteError) as e:
        Endpoint.from_json(save)
    assert e.value.code == "bad_save"
