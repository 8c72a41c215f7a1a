"""Links, in one place: a message as a link (``to_link``, ``from_link``), the payload they
carry (``pack``, ``unpack``), and links as the page writes them, for the terminal.

A link is the page's address, ``#``, then parameters joined by ``&`` (web/js/duo.js,
``linkOf``; the live part added by ``withLive``; a reconnect link by web/js/reconnect.js):

    <address>#m=<message>[&m=<message>...][&rtc=<offer or answer>]
    <address>#r=<reconnect offer or answer>

- ``m=``: a message (``messages.pack`` of its JSON), one or more, to be played in order;
- ``rtc=``: the WebRTC offer (an invitation's) or answer (an answer's), packed to what the
  other side needs to rebuild its SDP, base64url (web/js/sdp.js; docs/remote.md, "The rtc=
  part"; a whole SDP from an earlier page is still read); ``rtc=none``: the sender plays by
  links only (the terminal), so the page stops waiting for a live channel (rtc.js, ``accept``);
- ``r=``: a reconnect link (web/reconnect.py), for a live channel the terminal does not have.

Anything else in the fragment is ignored, as the page ignores it (duo.js, ``messagesIn``).
Without ``#`` the text is taken as the fragment; a bare payload is one message.

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
MAX_MESSAGES = 16  # a page's link carries a few (its messages not sent yet, duo.js)


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


def parse_link(text) -> Link:
    """The parts of a link (or of its fragment) as the page writes them; refused as
    ``not_a_link`` when it carries neither a message nor a reconnect, or too many."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise RemoteError("not_a_link")
    text = text.strip()
    fragment = text.split("#", 1)[1] if "#" in text else text
    if fragment and "=" not in fragment and "&" not in fragment:
        return Link((fragment,))  # a bare payload, as from_link takes it
    messages, rtc, reconnect = [], None, None
    for part in fragment.split("&"):
        name, _, value = part.partition("=")
        if name == "m":
            messages.append(value)
        elif name == "rtc" and rtc is None:  # the page takes the first (rtc.js, rtcIn)
            rtc = value
        elif name == "r" and reconnect is None:
            reconnect = value
    if (not messages and reconnect is None) or len(messages) > MAX_MESSAGES:
        raise RemoteError("not_a_link")
    return Link(tuple(messages), rtc, reconnect)


def messages_of(link: Link) -> list[Message]:
    """Each message of a link, read strictly (``messages.loads``), in order; a link that
    that brings back a live channel is refused (``live_only``: this device has none), as
    the page takes such a link for that alone (duo.js, ``receive``)."""
    if link.reconnect is not None or not link.messages:
        raise RemoteError("live_only")
    return [loads(unpack(payload, MAX_TEXT)) for payload in link.messages]


def page_link(messages: list[dict], base: str = "", rtc: str | None = None) -> str:
    """``base``, then the messages as the page joins them (``#m=...&m=...``) and ``rtc=``
    if given: a link the page and the terminal both open. One message: ``to_link``'s."""
    parts = ["m=" + pack(dumps(msg)) for msg in messages]
    if rtc is not None:
        parts.append("rtc=" + rtc)
    return base + "#" + "&".join(parts)
