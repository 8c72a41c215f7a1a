"""The reconnect link of a game on two devices (web/reconnect.py): one side of a fresh WebRTC
exchange, signed with the pairing key and naming the game. The other device reads it back;
a link of another game, a device's own link, a forged or altered one, and anything not such
a link are each refused with the named error, and reading one changes nothing in the game."""

from __future__ import annotations

import base64
import json
import random
import sys
import zlib
from pathlib import Path

import pytest
from remote_play import pair

from engine import Rules
from engine.remote.messages import VERSION, seal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from reconnect import Reconnector, read_reconnect, reconnect_link

from engine.errors import GameError

SDP = b"v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n"
OFFER = "rtc=" + base64.urlsafe_b64encode(SDP).decode().rstrip("=")


def _dealt(seed: int):
    """Host and guest, paired and dealt (the deal's messages delivered)."""
    eps, inbox = pair(Rules(tactics=True), seed)
    while inbox:
        to, msg = inbox.pop(0)
        r = eps[to].receive(msg)
        if r.send:
            inbox.append((1 - to, r.send))
    assert eps[0].state is not None and eps[1].state is not None
    return eps


def _packed(msg: dict) -> str:
    raw = zlib.compress(json.dumps(msg).encode())
    return "https://example.org/index.html#r=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _code(fn) -> str:
    with pytest.raises(GameError) as e:
        fn()
    return e.value.code


def test_each_side_reads_the_others_offer_and_answer():
    host, guest = _dealt(3)
    before = [json.dumps(e.to_json(), sort_keys=True) for e in (host, guest)]
    link = reconnect_link(guest, "offer", OFFER, "o1", at=5)
    assert link.startswith("#r=") and len(link) < 2000  # small enough for a QR code
    assert read_reconnect(host, "https://example.org/index.html" + link) == {
        "kind": "offer",
        "rtc": OFFER,
        "id": "o1",
        "re": "",
        "at": 5,
    }
    answer = reconnect_link(host, "answer", OFFER.replace("IP4", "IP6"), re="o1")
    assert read_reconnect(guest, answer)["kind"] == "answer"
    assert read_reconnect(guest, answer)["re"] == "o1"
    # Reading a reconnect link is not a game message: nothing in either endpoint changed.
    assert [json.dumps(e.to_json(), sort_keys=True) for e in (host, guest)] == before


def test_refusals_name_what_is_wrong():
    host, guest = _dealt(4)
    other_host, _ = _dealt(5)
    link = reconnect_link(guest, "offer", OFFER)
    assert _code(lambda: read_reconnect(guest, link)) == "own_message"
    assert _code(lambda: read_reconnect(other_host, link)) == "other_game"
    assert _code(lambda: read_reconnect(None, link)) == "other_game"
    assert _code(lambda: read_reconnect(host, "#r=%%%")) == "not_a_link"
    assert _code(lambda: read_reconnect(host, "#m=abc")) == "not_a_link"
    assert _code(lambda: read_reconnect(host, 42)) == "not_a_link"
    # The same fields signed with another key, or altered after signing: not the opponent's.
    body = {"v": VERSION, "t": "rtc", "g": host.game, "from": 1, "kind": "offer", "rtc": OFFER}
    body.update({"id": "o1", "re": "", "at": 1})
    assert _code(lambda: read_reconnect(host, _packed(seal(body, b"not the key")))) == "bad_mac"
    signed = seal(body, guest.key)
    assert read_reconnect(host, _packed(signed))["rtc"] == OFFER
    changed = {**signed, "rtc": OFFER + "AAAA"}
    assert _code(lambda: read_reconnect(host, _packed(changed))) == "bad_mac"
    assert _code(lambda: read_reconnect(host, _packed({**signed, "x": 1}))) == "not_a_link"
    # An offer naming an offer it answers, or an answer naming none: not such a link.
    for odd in ({"re": "o0"}, {"kind": "answer"}, {"id": ""}, {"at": -1}):
        link = _packed(seal({**body, **odd}, guest.key))
        assert _code(lambda link=link: read_reconnect(host, link)) == "not_a_link"


def test_a_link_nested_deep_or_too_long_is_refused_by_name():
    """A reconnect link nested 5,000 deep would overflow the browser's stack in the parser;
    one of a megabyte is refused unread."""
    host, _ = _dealt(9)
    deep = "[" * 5000 + "]" * 5000
    raw = zlib.compress(deep.encode())
    link = "#r=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert _code(lambda: read_reconnect(host, link)) == "too_deep"
    assert _code(lambda: read_reconnect(host, "#r=" + "A" * 1_000_000)) == "too_big"


def test_what_cannot_be_signed_is_refused():
    host, _ = _dealt(6)
    assert _code(lambda: reconnect_link(host, "hello", OFFER)) == "bad_field"
    assert _code(lambda: reconnect_link(host, "offer", "sdp")) == "bad_field"
    assert _code(lambda: reconnect_link(host, "answer", OFFER)) == "bad_field"  # answers what?
    unpaired, _ = pair(Rules(), 7)
    assert _code(lambda: reconnect_link(unpaired[0], "offer", OFFER)) == "not_dealt"


def test_fuzzed_links_are_refused_or_read():
    """Random bytes and random cuts of a real link: each a named refusal, never a crash."""
    host, guest = _dealt(8)
    link = reconnect_link(guest, "offer", OFFER, "o1", at=7)
    rng = random.Random(8)
    for _ in range(300):
        cut = list(link)
        for _ in range(rng.randint(1, 4)):
            cut[rng.randrange(3, len(cut))] = rng.choice("AZaz09-_%=")
        try:
            out = read_reconnect(host, "".join(cut))
        except GameError as e:
            assert e.code in ("not_a_link", "bad_mac", "other_game", "own_message", "version")
        else:
            assert out["rtc"] == OFFER and out["id"] == "o1"  # a change that decodes the same


# ---------------------------------------------------------------- the glare rule


class Device:
    """One page's side of a reconnect, as reconnect.js drives it: one connection at a time
    (an offer out, or an answer made), the links it has made, the channel open or not."""

    def __init__(self, ep, clock):
        self.ep, self.r = ep, Reconnector(clock=clock)
        self.waiting = False  # the connection has its own offer out (have-local-offer)
        self.open = False
        self.answered = None  # the offer the connection answers

    def press(self) -> str:
        """Reconnect: a fresh offer (the connection before it is put down)."""
        self.waiting, self.answered = True, None
        return self.r.make(self.ep, "offer", OFFER)

    def opens(self, link) -> dict:
        out = self.r.take(self.ep, link, is_open=self.open, waiting=self.waiting)
        if out["do"] == "answer":
            self.waiting, self.answered = False, out["id"]
            out["link"] = self.r.make(self.ep, "answer", OFFER, re=out["id"])
        elif out["do"] == "accept":
            self.waiting = False
        return out


def _devices(seed: int):
    host, guest = _dealt(seed)
    clock = iter(range(1000, 10_000, 7))
    tick = lambda: next(clock) / 1000  # noqa: E731  (seconds, rising like the real one)
    return Device(host, tick), Device(guest, tick)


def _connects(offerer: Device, answerer: Device, answer: dict) -> None:
    """The answer opened on the offering device: the channel opens on both."""
    out = offerer.opens(answer["link"])
    assert out["do"] == "accept"
    assert answerer.answered is not None
    offerer.open = answerer.open = True


@pytest.mark.parametrize("first", ["host", "guest"])
def test_both_press_reconnect_and_either_link_opened_first_ends_in_one_exchange(
    first,
):
    """Glare: both devices offer. The guest (polite) drops its own offer for the host's; the
    host keeps its own and says so, whatever order the two links are opened in."""
    host, guest = _devices(11)
    host_offer, guest_offer = host.press(), guest.press()
    if first == "host":
        waited = host.opens(guest_offer)
        assert waited["do"] == "wait" and waited["link"] == host_offer  # send this one again
        assert host.waiting
    answered = guest.opens(host_offer)
    assert answered["do"] == "answer" and answered["glare"] is True
    assert not guest.waiting  # its own offer put down
    if first == "guest":
        assert host.opens(guest_offer)["do"] == "wait"
    _connects(host, guest, answered)
    # Every link opened again now: nothing to do.
    for device, link in ((host, guest_offer), (guest, host_offer), (host, answered["link"])):
        assert device.opens(link)["do"] == "already"


def test_one_device_presses_reconnect_whichever_it_is():
    for asker in (0, 1):
        devices = _devices(12 + asker)
        me, friend = devices[asker], devices[1 - asker]
        answered = friend.opens(me.press())
        assert answered["do"] == "answer" and answered["glare"] is False
        _connects(me, friend, answered)


def test_stale_links_are_said_and_change_nothing():
    host, guest = _devices(14)
    first, second = host.press(), host.press()  # pressed twice: the first offer is put down
    old_answer = guest.opens(first)
    assert old_answer["do"] == "answer"
    stale = host.opens(old_answer["link"])
    assert stale["do"] == "stale" and stale["why"] == "old_answer"
    assert host.waiting  # the fresh offer still waits
    answer = guest.opens(second)
    assert answer["do"] == "answer"
    # The older offer opened again now: it would put down the answer to the newer one.
    assert guest.opens(first)["do"] == "stale"
    assert guest.opens(first)["why"] == "old_offer"
    # The newer one opened twice: the same answer again, not a new connection.
    again = guest.opens(second)
    assert again["do"] == "again" and again["link"] == answer["link"]
    _connects(host, guest, answer)
    # An answer with no offer out (the page reloaded since, or it was used): stale.
    host.open = guest.open = False
    host.waiting = False
    assert host.opens(answer["link"]) == {**host.opens(answer["link"]), "why": "no_offer"}


def test_an_answer_after_another_game_started_is_stale():
    host, guest = _devices(15)
    answer = guest.opens(host.press())
    other, _ = _dealt(16)
    host.r.make(other, "offer", OFFER)  # another game at the table: its state starts afresh
    assert host.r.take(host.ep, answer["link"], is_open=False, waiting=True)["why"] == "no_offer"
