"""Links, in one place: a message as a link (``to_link``, ``from_link``), the payload they
carry (``pack``, ``unpack``), and the grammar of a link as the page writes it
(``parse_link``), for the page (web/duo.py, web/reconnect.py) and the terminal. Its twin
in JavaScript is web/js/links.js (``parseLink``); tests/test_link_grammar.py feeds both
the cases of tests/data/links.json and fails if they read any link differently.

A link is the page's address, ``#``, then parameters joined by ``&``, written by ``link_of``
here and ``linkOf`` in links.js (web/js/duo-send.js sends the messages not sent yet; the live
part added by web/js/duo-live.js, ``withLive``; a reconnect link by web/js/reconnect.js):

    <address>#m=<message>[&m=<message>...][&rtc=<offer or answer>]
    <address>#r=<reconnect offer or answer>

- ``m=``: a message (``pack`` of its JSON), one or more, to be played in order;
- ``rtc=``: the WebRTC offer (an invitation's) or answer (an answer's), packed to what the
  other side needs to rebuild its SDP, base64url (web/js/sdp.js; docs/remote.md, "The rtc=
  part"; a whole SDP from an earlier page is still read); ``rtc=none``: the sender plays by
  links only (the terminal), so the page stops waiting for a live channel (rtc.js, ``accept``);
- ``r=``: a reconnect link (web/reconnect.py), for a live channel the terminal does not have.

Anything else in the fragment is ignored, and of several ``rtc=`` or ``r=`` parts the first
counts. Without ``#`` the whole text is the fragment; ASCII white space around the text (a
pasted link) is none of it. Refused by name: not text or no ``m=`` or ``r=`` part
(``not_a_link``), longer than ``MAX_LINK`` (``too_big``), more than ``MAX_MESSAGES`` ``m=``
and ``r=`` parts (``too_many``, before any of them is read).

>>> parse_link("https://example.org/st/#m=eNqrrgUAAXUA-Q&m=eNqrrgUAAXUA-Q&rtc=dj0w")
Link(messages=('eNqrrgUAAXUA-Q', 'eNqrrgUAAXUA-Q'), rtc='dj0w', reconnect=None)
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass

from .errors import RemoteError
from .messages import B64URL, MAX_TEXT, Message, dumps, loads

LINK_KEY = "#m="
MAX_LINK = 80_000  # characters of a link (a deal's is about 4,000)
NO_LIVE = "none"  # the rtc= value of a device that plays by links only (web/js/rtc.js)
# The most messages (m= and r= parts) one link may carry. The page puts three in one at most
# (web/js/links.js; tests/test_duo.py plays it out); a link with more is refused unread.
MAX_MESSAGES = 8
SPACE = " \t\n\r\f\v"  # stripped around a link: the same characters in links.js


def pack(text: str) -> str:
    """``text`` compressed and in base64url without padding: a link's payload."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).rstrip(b"=").decode()


def unpack(payload: str, limit: int) -> str:
    """The text ``pack`` made of ``payload``, at most ``limit`` bytes long: refused as
    ``too_big`` beyond (a bomb is not decompressed past the limit), ``not_a_link`` when it
    is no such text."""
    if not payload or payload.strip(B64URL):
        raise RemoteError("not_a_link")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        d = zlib.decompressobj()
        raw = d.decompress(packed, limit + 1)
    except (ValueError, zlib.error):
        raise RemoteError("not_a_link") from None
    if len(raw) > limit or d.unconsumed_tail:
        raise RemoteError("too_big", limit=limit)
    try:
        return raw.decode("utf-8")
    except ValueError:
        raise RemoteError("not_a_link") from None


def to_link(msg: dict, base: str = "") -> str:
    """``base`` + ``#m=`` + the message, compressed and in base64url: a link to send."""
    return base + LINK_KEY + pack(dumps(msg))


def from_link(text) -> Message:
    """The message in a link (or in its ``#m=`` fragment alone), read strictly."""
    if not isinstance(text, str):
        raise RemoteError("not_a_link")
    if len(text) > MAX_LINK:
        raise RemoteError("too_big", limit=MAX_LINK)
    text = text.strip()
    at = text.find(LINK_KEY)
    payload = text[at + len(LINK_KEY) :] if at >= 0 else text.removeprefix("m=")
    return loads(unpack(payload, MAX_TEXT))


@dataclass(frozen=True)
class Link:
    """A link's parts: its messages' payloads in order, its ``rtc=`` value, its ``r=``."""

    messages: tuple[str, ...]
    rtc: str | None = None
    reconnect: str | None = None


def _parts(text: str) -> list[str]:
    text = text.strip(SPACE)
    return (text.split("#", 1)[1] if "#" in text else text).split("&")


def carries_messages(text) -> bool:
    """Whether ``text`` is meant as a game link (it has a message or a reconnect part), even
    one that ``parse_link`` refuses."""
    return isinstance(text, str) and any(p.startswith(("m=", "r=")) for p in _parts(text))


def parse_link(text) -> Link:
    """The parts of a link (or of its fragment) as the page writes them; refused by name
    (``not_a_link``, ``too_big``, ``too_many``: see the module)."""
    if not isinstance(text, str):
        raise RemoteError("not_a_link")
    if len(text) > MAX_LINK:
        raise RemoteError("too_big", limit=MAX_LINK)
    messages, rtc, reconnect, n = [], None, None, 0
    for part in _parts(text):
        name, eq, value = part.partition("=")
        if not eq:
            continue
        if name == "m":
            messages.append(value)
            n += 1
        elif name == "r":
            reconnect = value if reconnect is None else reconnect
            n += 1
        elif name == "rtc" and rtc is None:
            rtc = value
    if n > MAX_MESSAGES:
        raise RemoteError("too_many", n=n, limit=MAX_MESSAGES)
    if not n:
        raise RemoteError("not_a_link")
    return Link(tuple(messages), rtc, reconnect)


def messages_of(link: Link) -> list[Message]:
    """Each message of a link, read strictly (``messages.loads``), in order; a link that
    that brings back a live channel is refused (``live_only``: this device has none), as
    the page takes such a link for that alone (web/js/duo.js, ``receive``)."""
    if link.reconnect is not None or not link.messages:
        raise RemoteError("live_only")
    return [loads(unpack(payload, MAX_TEXT)) for payload in link.messages]


def message_part(payload: str) -> str:
    """A link's ``m=`` part carrying ``payload`` (links.js, ``messagePart``)."""
    return "m=" + payload


def rtc_part(value: str) -> str:
    """A link's ``rtc=`` part carrying ``value`` (links.js, ``rtcPart``)."""
    return "rtc=" + value


def link_of(base: str, parts: list[str]) -> str:
    """The link that carries ``parts`` on the address ``base`` (links.js, ``linkOf``).

    >>> link_of("https://example.org/st/", [message_part("A1"), rtc_part("none")])
    'https://example.org/st/#m=A1&rtc=none'
    """
    return base + "#" + "&".join(parts)


def page_link(messages: list[dict], base: str = "", rtc: str | None = None) -> str:
    """``base``, then the messages as the page joins them (``#m=...&m=...``) and ``rtc=``
    if given: a link the page and the terminal both open. One message: ``to_link``'s."""
    parts = [message_part(pack(dumps(msg))) for msg in messages]
    if rtc is not None:
        parts.append(rtc_part(rtc))
    return link_of(base, parts)


def message_of(text) -> dict:
    """The one message of a link that carries one, read strictly: the page hands its links'
    messages to Python one at a time (web/js/duo.js, ``receive``: ``#m=...``)."""
    link = parse_link(text)
    if len(link.messages) != 1 or link.reconnect is not None:
        raise RemoteError("not_a_link")
    return messages_of(link)[0]


def reconnect_fragment(payload: str) -> str:
    """A reconnect link's fragment, ``#r=`` and its payload (web/reconnect.py signs it)."""
    return "#r=" + payload
