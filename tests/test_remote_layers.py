"""engine/remote in layers: the device is replaced whole, so a refused message changes nothing;
a copy of it shares nothing that can change; a message is read and its numbers decoded once."""

from __future__ import annotations

import dataclasses
import inspect
import json
import random

import pytest
from remote_play import pair, play_game, resealed, snapshot

from engine.errors import GameError
from engine.remote import Endpoint, deal, messages, sra
from engine.remote.copies import fresh
from engine.remote.deal import RoundCards
from engine.remote.links import from_link, to_link
from engine.remote.messages import Message, loads, read
from engine.remote.sra import Entropy
from engine.remote.takeback import TurnPoint
from engine.state import Rules, State


def _tampered(msg: dict) -> list[tuple[str, dict]]:
    """Changes to a signed message that its receiver must refuse, each after some of the
    message has been worked on (the take-back window closed, cards read, actions played)."""
    out = [("out_of_order", {"n": msg["n"] + 1})]
    if msg.get("shares"):
        out.append(("share_count", {"shares": msg["shares"][:-1]}))
    if msg.get("drew"):
        out.append(("not_top", {"drew": msg["drew"][:-1] + ["0" * 12]}))
    if msg.get("actions") and "reveal" in msg:
        out.append(("missing_reveal", {"reveal": None}))
    if "deal" in msg:
        out.append(("unexpected", {"deal": {**msg["deal"], "round": msg["deal"]["round"] + 1}}))
    return out


@pytest.mark.parametrize(("rules", "seed"), [(Rules(), 31), (Rules(tactics=True), 32)])
def test_every_refused_message_leaves_the_whole_save_and_the_device_as_they_were(
    rules,
    seed,
):
    rng = random.Random(seed)
    eps, inbox = pair(rules, seed)
    refused = set()
    while True:
        while inbox:
            to, msg = inbox.pop(0)
            ep = eps[to]
            if ep.key is not None:
                for code, change in _tampered(msg):
                    body = {k: v for k, v in {**msg, **change}.items() if v is not None}
                    before, device = snapshot(ep), ep._now
                    with pytest.raises(GameError) as e:
                        ep.receive(resealed(ep.key, body))
                    assert e.value.code == code, (code, e.value.code, e.value.params)
                    assert snapshot(ep) == before and ep._now is device
                    refused.add(code)
            r = ep.receive(msg)
            if r.send:
                inbox.append((1 - to, r.send))
        movers = [e for e in eps if e.can_play()]
        if not movers:
            break
        e = movers[0]
        r = e.play(rng.choice(e.legal()))
        if r.send:
            inbox.append((1 - e.seat, r.send))
    assert eps[0].waiting_for() == eps[1].waiting_for() == "over"
    assert refused == {"out_of_order", "share_count", "not_top", "missing_reveal", "unexpected"}


def test_an_illegal_move_or_question_leaves_the_device_as_it_was():
    eps, inbox = pair(Rules(), 5)
    while inbox:
        to, msg = inbox.pop(0)
        r = eps[to].receive(msg)
        if r.send:
            inbox.append((1 - to, r.send))
    mover = next(e for e in eps if e.can_play())
    waiter = eps[1 - mover.seat]
    for ep, attempt in (
        (mover, lambda: mover.play({"kind": "pass"})),  # a clan card in hand: refused
        (waiter, lambda: waiter.play({"kind": "pass"})),  # not my turn
        (mover, mover.ask_takeback),  # nothing to take back yet
        (waiter, lambda: waiter.answer_takeback(True)),  # nothing asked
    ):
        before, device = snapshot(ep), ep._now
        with pytest.raises(GameError):
            attempt()
        assert snapshot(ep) == before and ep._now is device


def _mutable(value) -> bool:
    if isinstance(value, TurnPoint):  # replaced, never changed: shared on purpose
        with pytest.raises(TypeError):
            value["why"] = "moved"
        return False
    return isinstance(value, (list, dict, State, RoundCards)) or (
        dataclasses.is_dataclass(value)
        and not isinstance(value, type)
        and not type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    )


def _assert_unshared(a, b, where: str) -> None:
    """Every mutable thing in ``b`` is another object than its place in ``a`` (a State is
    copied by the engine's own ``copy``; RoundCards by each attribute's kind, which
    ``test_a_copy_of_the_round_s_cards_shares_nothing_that_can_change`` holds)."""
    if not _mutable(a):
        return
    assert a is not b, f"{where} is shared by the device and its copy"
    if isinstance(a, (State, RoundCards)):
        return
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            _assert_unshared(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        for k in a:
            _assert_unshared(a[k], b[k], f"{where}.{k}")
    else:
        for f in dataclasses.fields(a):
            _assert_unshared(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")


def test_a_copy_of_the_device_shares_nothing_that_can_change():
    rng = random.Random(7)
    eps, inbox = pair(Rules(tactics=True), 7)
    checked = 0
    for _ in range(200):
        while inbox:
            to, msg = inbox.pop(0)
            r = eps[to].receive(msg)
            if r.send:
                inbox.append((1 - to, r.send))
            for ep in eps:
                d = ep._now
                c = d.copy()
                _assert_unshared(d, c, "device")
                # a turn point is the same one until replaced: the page tells a new turn by it
                assert all(a is b for a, b in zip(d.takebacks.points, c.takebacks.points))
                assert snapshot(ep) == snapshot(type(ep)(c))
                checked += 1
        movers = [e for e in eps if e.can_play()]
        if not movers:
            break
        r = movers[0].play(rng.choice(movers[0].legal()))
        if r.send:
            inbox.append((1 - movers[0].seat, r.send))
    assert checked > 40


def _picture(value):
    """``value`` as plain data, every container apart and every other object by identity: two
    pictures are equal when nothing in it changed in place."""
    if isinstance(value, list):
        return ["list", [_picture(x) for x in value]]
    if isinstance(value, tuple):
        return ["tuple", [_picture(x) for x in value]]
    if isinstance(value, dict):
        return ["dict", {k: _picture(v) for k, v in value.items()}]
    if value is None or type(value) in (bool, int, str):
        return value
    return ["object", type(value).__name__, id(value)]


def _change_all(value) -> int:
    """Every list and dict in ``value``, at every depth, changed in place (as a change made
    on a copy would): how many."""
    if isinstance(value, list):
        n = sum(_change_all(x) for x in value)
        value.append("changed")
        return n + 1
    if isinstance(value, dict):
        n = sum(_change_all(v) for v in list(value.values()))
        value["changed"] = "changed"
        return n + 1
    return 0


def _copy_is_apart(cards: RoundCards) -> set[str]:
    """Every attribute of a copy of ``cards`` changed in place, whatever its name (one added
    later too): ``cards`` is as it was. The attributes that held something to change."""
    before = _picture(vars(cards))
    copy = cards.copy()
    assert (
        type(copy) is RoundCards and copy is not cards and vars(copy).keys() == vars(cards).keys()
    )
    changed = {name for name, value in vars(copy).items() if _change_all(value)}
    assert _picture(vars(cards)) == before, "a copy's change reached the original"
    return changed


def test_a_copy_of_the_round_s_cards_shares_nothing_that_can_change():
    """Checked at every message of a Tactic match on both devices: the host's first pass
    (``order`` and ``first`` set in place), the deal, draws waited for and owed, cards read,
    cards put back by the Recruiter, the reveal."""
    changed, kept = set(), set()

    def check(eps):
        for ep in eps:
            cards = ep._now.table.cards
            if cards is not None:
                changed.update(_copy_is_apart(cards))
                kept.update(k for k, v in vars(cards).items() if isinstance(v, (list, dict)) and v)

    play_game(Rules(tactics=True), 11, check)
    # Each attribute that holds lists or dicts held some during the game, and was changed.
    assert kept >= {"first", "start", "order", "decks", "pending", "owed", "reads", "log"}
    assert changed >= kept


def test_an_attribute_added_to_the_round_s_cards_is_copied_by_its_kind():
    eps, _ = pair(Rules(), 2)
    cards = eps[0]._now.table.cards
    cards.later = {"marks": [[1, 2]], "at": (3, "x")}  # a field a later change might add
    assert "later" in _copy_is_apart(cards)
    assert cards.later == {"marks": [[1, 2]], "at": (3, "x")}
    cards.later = {1, 2}  # a kind with no rule: no copy, rather than one shared
    with pytest.raises(TypeError, match="no rule to copy a set"):
        cards.copy()


def test_a_part_of_a_kind_with_no_copy_rule_stops_the_copy():
    @dataclasses.dataclass
    class Part:
        marks: set

    with pytest.raises(TypeError, match="no rule to copy a set"):
        fresh(Part({1}))
    assert fresh([{"a": (1, "b")}]) == [{"a": (1, "b")}]


def test_a_message_is_read_once_with_its_numbers_decoded_once(monkeypatch):
    eps, inbox = pair(Rules(), 3)
    _, answer = inbox[0]
    text = to_link(eps[0].receive(answer).send)
    msg = from_link(text)  # the host's first pass: its half and 54 locked cards
    assert isinstance(msg, Message) and read(msg) is msg
    assert msg.dh is not None and msg.deal is not None and len(msg.deal.decks[0]) == 54
    assert msg.deal.key == messages.text_to_int(msg["deal"]["key"])
    with pytest.raises(TypeError):
        msg["n"] = 9  # a message read is what was received: it is not changed
    assert loads(messages.dumps({**msg})) == msg  # a copy reads as it was

    def again(*_args):
        raise AssertionError("a number decoded again")

    for module in (messages, deal):
        monkeypatch.setattr(module, "text_to_int", again)
    r = eps[1].receive(msg)  # pairs the guest and deals: no number read from text again
    assert r.send is not None and eps[1].pairing_code() == eps[0].pairing_code()


def test_the_module_keeps_no_group_to_swap():
    """A new game's group is what its caller passes (the group in play unless told), never a
    module's setting: there is none to swap, and the groups a save may name are read-only."""
    assert not hasattr(sra, "GROUP")
    with pytest.raises(TypeError):
        sra.GROUPS["ristretto255"] = sra.TEST  # type: ignore[index]
    for begin in (Endpoint.host, Endpoint.join):
        assert inspect.signature(begin).parameters["group"].default is sra.PLAY


def test_a_game_begun_in_the_test_group_keeps_it_through_every_save_to_its_end():
    """Both devices saved and read back after every message: each save names the test group,
    each device read back from it is in it, and the game plays on to its audited end."""
    names = []

    def restore(eps):
        for i in (0, 1):
            save = json.loads(json.dumps(eps[i].to_json()))
            names.append(save["group"])
            eps[i] = Endpoint.from_json(save)
            assert eps[i].group is sra.TEST

    eps, sent = play_game(Rules(tactics=True), 4, restore, group=sra.TEST)
    assert set(names) == {sra.TEST.name} and len(names) == 2 * len(sent)
    assert eps[0].waiting_for() == eps[1].waiting_for() == "over" and len(eps[0].audits) == 1


def test_the_group_is_a_parameter_of_the_game_and_its_save_keeps_it():
    """A game in the suite's small group: the group travels with the game (its save names it)
    and a device that joins in another group (the one in play) cannot pair with it."""
    host = Endpoint.host(Rules(), "Ann", Entropy(random.Random(1)), group=sra.TEST)
    guest, r = Endpoint.join(host.invitation(), "Bob", Entropy(random.Random(2)), group=sra.TEST)
    r = host.receive(r.send)
    save = host.to_json()
    assert save["group"] == sra.TEST.name and host.group is sra.TEST
    again = Endpoint.from_json(save)
    assert again.group is sra.TEST and again.to_json() == save
    r = guest.receive(r.send)
    assert len(again.receive(r.send).read) == 6 and again.can_play()  # on from the save
    assert again.pairing_code() == guest.pairing_code() != ""
    other = Endpoint.host(Rules(), "Ann", Entropy(random.Random(1)), group=sra.TEST)
    stranger, r = Endpoint.join(other.invitation(), "Eve", Entropy(random.Random(3)))
    assert stranger.group is sra.PLAY
    with pytest.raises(GameError):  # its half is no element of the game's group, or no key
        stranger.receive(other.receive(r.send).send)
