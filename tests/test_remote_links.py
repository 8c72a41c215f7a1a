"""The links the page makes, read as the terminal reads them (``engine.remote.links``): each
is built here exactly as web/js/duo-send.js, duo-live.js, rtc.js and reconnect.js build it
with links.js (the JavaScript is quoted beside each), and its messages, its WebRTC part and
its reconnect part come out as the page put them in; anything that is not such a link is
refused by name."""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest
from remote_play import TEST_GROUP, pair

from engine.errors import GameError
from engine.remote import Endpoint
from engine.remote.links import (
    MAX_LINK,
    MAX_MESSAGES,
    NO_LIVE,
    Link,
    messages_of,
    page_link,
    parse_link,
    to_link,
)
from engine.remote.sra import Entropy
from engine.state import Rules

ROOT = Path(__file__).resolve().parent.parent
# duo-link.js base(): location.origin + location.pathname
BASE = "https://user.github.io/schotten-totten/"
# What a browser's RTCPeerConnection gathers for the page's data channel (no ICE server: an
# mDNS host candidate), the form rtc.js's offer() puts in the invitation link.
OFFER_SDP = (
    "v=0\r\no=- 4215835279443316387 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:1467250027 1 udp 2122260223 3f1c9a7e-5a1b-4c7e-9d0e-2b7c1e4f8a90.local "
    "54321 typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:Xk3q\r\na=ice-pwd:1oQb9Kk0QmK9yq4V1H3r8ZtE\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 6B:8B:5D:EA:59:04:20:23:29:C8:87:1C:CC:87:32:BE:DD:8C:66:A5:8B:"
    "F6:F3:38:0E:8C:6F:3E:34:A4:4C:2D\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n"
    "a=max-message-size:262144\r\n"
)


def encode(sdp: str) -> str:
    """rtc.js: ``btoa(sdp).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "")``"""
    return base64.b64encode(sdp.encode()).decode().replace("+", "-").replace("/", "_").rstrip("=")


def part(msg: dict) -> str:
    """duo-send.js queue(): ``unsent.push(firstPart(send.link))``, the link web/duo.py made
    (``to_link(send)``, "#m=...") without its "#" (links.js, ``firstPart``)."""
    return to_link(msg)[1:]


def link_of(parts: list) -> str:
    """duo-send.js sendUnsent(): ``linkOf(base(), unsent)``, links.js's
    ``${base}#${parts.join("&")}``"""
    return f"{BASE}#{'&'.join(parts)}"


def with_live(link: str, rtc_part: str) -> str:
    """duo-live.js withLive(): ``withPart(lastLink, part)``, links.js's ``${link}&${part}``,
    the part being rtc.js's ``rtc=${encode(pc.localDescription.sdp)}``"""
    return f"{link}&{rtc_part}"


def _code(fn) -> str:
    with pytest.raises(GameError) as e:
        fn()
    return e.value.code


def test_the_pages_invitation_with_its_offer_is_read():
    host = Endpoint.host(Rules(tactics=True), "Ann", Entropy(random.Random(1)), TEST_GROUP)
    link = with_live(link_of([part(host.invitation())]), f"rtc={encode(OFFER_SDP)}")
    assert link.startswith(BASE + "#m=") and "&rtc=" in link
    got = parse_link(link)
    assert got.rtc == encode(OFFER_SDP) and got.reconnect is None
    assert messages_of(got) == [host.invitation()]
    # The same link pasted as text around it, or its fragment alone (links.js parseLink takes
    # the text after "#", or the whole text when there is none).
    assert parse_link(f"  {link}\n") == got
    assert parse_link(link.split("#", 1)[1]) == got


def test_the_pages_link_with_several_messages_is_read_in_order():
    eps, inbox = pair(Rules(), 4)
    host, guest = eps
    r = host.receive(inbox[0][1])  # the answer: the host's first deal message
    first = r.send
    r = guest.receive(first)
    sent = [first, r.send]
    # The messages not sent yet, in one link (duo-send.js sendUnsent: linkOf(base(), unsent)).
    link = link_of([part(m) for m in sent])
    assert link.count("&m=") == 1
    got = parse_link(link)
    assert got.rtc is None and messages_of(got) == sent
    # Whatever else the fragment holds is left alone, as the page leaves it.
    assert messages_of(parse_link(link + "&utm_source=chat&x")) == sent


def test_a_reconnect_link_is_no_message_for_this_device():
    # reconnect.js show(): url = base() + out.link, web/reconnect.py's "#r=..."
    got = parse_link(BASE + "#r=eNqrrgUAAXUA-Q")
    assert got == Link((), None, "eNqrrgUAAXUA-Q")
    assert _code(lambda: messages_of(got)) == "live_only"


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        BASE,
        BASE + "#",
        BASE + "#rtc=" + encode(OFFER_SDP),
        BASE + "#m=",
        BASE + "#m=AAAA",
        BASE + "#m=not base64",
        "x" * (MAX_LINK + 1),
        link_of(["m=eNqrrgUAAXUA-Q"] * (MAX_MESSAGES + 1)),
    ],
)
def test_anything_else_is_not_a_link(text):
    refusals = ("not_a_link", "not_a_message", "too_big", "too_many")
    assert _code(lambda: messages_of(parse_link(text))) in refusals


def test_the_terminal_writes_links_the_page_reads():
    _, inbox = pair(Rules(), 5)
    answer = inbox[0][1]
    assert page_link([answer], BASE) == to_link(answer, BASE)  # one message: as ever
    link = page_link([answer, answer], BASE, NO_LIVE)
    assert link.startswith(BASE + "#m=") and link.endswith("&rtc=" + NO_LIVE)
    got = parse_link(link)
    assert messages_of(got) == [answer, answer] and got.rtc == NO_LIVE


def test_the_page_knows_the_answer_of_a_device_that_plays_by_links_only():
    """rtc.js accept(): ``rtc=none`` puts the offer down and the bar says "by links" at once
    (before, a terminal's answer left the host's page "connecting…" for the whole game)."""
    rtc = (ROOT / "web" / "js" / "rtc.js").read_text(encoding="utf-8")
    links = (ROOT / "web" / "js" / "links.js").read_text(encoding="utf-8")
    assert f'export const NO_LIVE = "{NO_LIVE}";' in links
    assert "const NO_LIVE = rtcPart(LINKS_ONLY);" in rtc
    # read() takes "rtc=none" (and a damaged part) for nothing, and accept() then goes by links.
    assert "const value = part ? rtcOf(part) : null;" in rtc
    assert "if (value === null || value === LINKS_ONLY) return null;" in rtc
    assert 'if (!theirs) { close(); hooks.state("links"); return false; }' in rtc
