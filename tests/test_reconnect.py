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
from remote_play import pair, small_group  # noqa: F401

from engine import Rules
from engine.remote.messages import VERSION, seal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
from reconnect import read_reconnect, reconnect_link

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


def test_each_side_reads_the_others_offer_and_answer(small_group):  # noqa: F811
    host, guest = _dealt(3)
    before = [json.dumps(e.to_json(), sort_keys=True) for e in (host, guest)]
    link = reconnect_link(guest, "offer", OFFER)
    assert link.startswith("#r=") and len(link) < 2000  # small enough for a QR code
    assert read_reconnect(host, "https://example.org/index.html" + link) == {
        "kind": "offer",
        "rtc": OFFER,
    }
    answer = reconnect_link(host, "answer", OFFER.replace("IP4", "IP6"))
    assert read_reconnect(guest, answer)["kind"] == "answer"
    # Reading a reconnect link is not a game message: nothing in either endpoint changed.
    assert [json.dumps(e.to_json(), sort_keys=True) for e in (host, guest)] == before


def test_refusals_name_what_is_wrong(small_group):  # noqa: F811
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
    assert _code(lambda: read_reconnect(host, _packed(seal(body, b"not the key")))) == "bad_mac"
    signed = seal(body, guest.key)
    assert read_reconnect(host, _packed(signed))["rtc"] == OFFER
    changed = {**signed, "rtc": OFFER + "AAAA"}
    assert _code(lambda: read_reconnect(host, _packed(changed))) == "bad_mac"
    assert _code(lambda: read_reconnect(host, _packed({**signed, "x": 1}))) == "not_a_link"


def test_a_link_nested_deep_or_too_long_is_refused_by_name(small_group):  # noqa: F811
    """A reconnect link nested 5,000 deep would overflow the browser's stack in the parser;
    one of a megabyte is refused unread."""
    host, _ = _dealt(9)
    deep = "[" * 5000 + "]" * 5000
    raw = zlib.compress(deep.encode())
    link = "#r=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert _code(lambda: read_reconnect(host, link)) == "too_deep"
    assert _code(lambda: read_reconnect(host, "#r=" + "A" * 1_000_000)) == "too_big"


def test_what_cannot_be_signed_is_refused(small_group):  # noqa: F811
    host, _ = _dealt(6)
    assert _code(lambda: reconnect_link(host, "hello", OFFER)) == "bad_field"
    assert _code(lambda: reconnect_link(host, "offer", "sdp")) == "bad_field"
    unpaired, _ = pair(Rules(), 7)
    assert _code(lambda: reconnect_link(unpaired[0], "offer", OFFER)) == "not_dealt"


def test_fuzzed_links_are_refused_or_read(small_group):  # noqa: F811
    """Random bytes and random cuts of a real link: each a named refusal, never a crash."""
    host, guest = _dealt(8)
    link = reconnect_link(guest, "offer", OFFER)
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
            assert out == {"kind": "offer", "rtc": OFFER}  # a change that decodes the same
