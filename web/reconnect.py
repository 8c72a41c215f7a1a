"""Bringing back the live channel of a game on two devices, after a reload or a sleep.

A reconnect link (``#r=...``) carries one side of a fresh WebRTC exchange: the offer of the
device that asks, or the answer of the other. It names the game and its sender and is signed
with the game's pairing key, so a device answers only its own opponent and never takes it
for an invitation to a new game. It is not one of the game's messages: it has no sequence
number and changes nothing in the endpoint. Each offer has an id and the time it was made
(the sender's clock), and an answer names the offer it answers (``re``), so a link opened
late is known as stale and said so, rather than offering a connection that will not open.

Either device may press Reconnect, and both may (natural after a drop): ``Reconnector``
decides what a link opened here does, with the glare rule of WebRTC's "perfect negotiation".
The guest is polite: an offer that arrives while its own is out wins (its own is dropped,
and it answers). The host is not: it keeps its own offer, and the guest's device answers it
when the host's link is opened there. Each device opens the other's link in whatever order
and the two end on one exchange. Pure Python, tested under CPython (``tests/test_reconnect.py``).
"""

from __future__ import annotations

import json
import secrets
import time

from engine.remote import Endpoint
from engine.remote.errors import RemoteError
from engine.remote.links import pack, parse_link, reconnect_fragment, unpack
from engine.remote.messages import B64URL, VERSION, authentic, check_text, dumps, seal
from engine.remote.pairing import is_game_id

KINDS = ("offer", "answer")
FIELDS = {"v", "t", "g", "from", "kind", "rtc", "id", "re", "at", "mac"}
MAX_RTC = 6000  # an offer with its candidates is about 1,000 characters (docs/remote.md)
MAX_LINK = 12_000
MAX_ID = 24
POLITE_SEAT = 1  # the guest yields when both devices offer at once


def _is_id(value) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and not value.strip(B64URL)


def reconnect_link(
    ep: Endpoint, kind: str, rtc: str, link_id: str = "", re: str = "", at: int = 0
) -> str:
    """The link fragment (``#r=...``) that carries this device's ``kind`` of a WebRTC
    exchange (``rtc``: the page's ``rtc=...`` text), signed with the pairing key. An offer
    has an id (``link_id``) and a time (``at``, ms); an answer names its offer (``re``)."""
    if ep.key is None or ep.state is None:
        raise RemoteError("not_dealt")
    if kind not in KINDS:
        raise RemoteError("bad_field", field="kind", value=str(kind)[:20])
    if not isinstance(rtc, str) or not rtc.startswith("rtc=") or len(rtc) > MAX_RTC:
        raise RemoteError("bad_field", field="rtc", value=str(rtc)[:20])
    if kind == "answer" and not _is_id(re):
        raise RemoteError("bad_field", field="re", value=str(re)[:20])
    link_id = link_id or secrets.token_urlsafe(6)
    body = {
        "v": VERSION,
        "t": "rtc",
        "g": ep.game,
        "from": ep.seat,
        "kind": kind,
        "rtc": rtc,
        "id": link_id,
        "re": re if kind == "answer" else "",
        "at": int(at),
    }
    return reconnect_fragment(pack(dumps(seal(body, ep.key))))


def read_reconnect(ep: Endpoint | None, text) -> dict:
    """The other device's side of the exchange in a reconnect link: ``{"kind", "rtc", "id",
    "re", "at"}``. Refused with a ``RemoteError``: not such a link, another game
    (``other_game``), this device's own link (``own_message``), a signature that does not
    match (``bad_mac``)."""
    if not isinstance(text, str):
        raise RemoteError("not_a_link")
    payload = parse_link(check_text(text, MAX_LINK)).reconnect
    if payload is None:
        raise RemoteError("not_a_link")
    raw = check_text(unpack(payload, MAX_LINK), MAX_LINK)
    try:
        msg = json.loads(raw)
    except ValueError:
        raise RemoteError("not_a_link") from None
    if not isinstance(msg, dict) or set(msg) != FIELDS or msg["t"] != "rtc":
        raise RemoteError("not_a_link")
    if msg["v"] != VERSION:
        raise RemoteError("version", value=str(msg["v"])[:20], version=VERSION)
    if not is_game_id(msg["g"]) or ep is None or msg["g"] != ep.game or ep.key is None:
        raise RemoteError("other_game")
    if msg["from"] == ep.seat:
        raise RemoteError("own_message")
    if msg["from"] != ep.other or not authentic(msg, ep.key):
        raise RemoteError("bad_mac")
    kind, rtc = msg["kind"], msg["rtc"]
    if kind not in KINDS or not isinstance(rtc, str) or not rtc.startswith("rtc="):
        raise RemoteError("not_a_link")
    if len(rtc) > MAX_RTC or rtc[4:].strip(B64URL):
        raise RemoteError("not_a_link")
    if not _is_id(msg["id"]) or type(msg["at"]) is not int or msg["at"] < 0:
        raise RemoteError("not_a_link")
    if (kind == "answer") != _is_id(msg["re"]) or (kind == "offer" and msg["re"] != ""):
        raise RemoteError("not_a_link")
    return {k: msg[k] for k in ("kind", "rtc", "id", "re", "at")}


class Reconnector:
    """This page's side of reconnecting one game: its offer out, the other's offers seen.

    ``make`` signs this device's offer or answer; ``take`` says what a link from the other
    device does here (``do``):

    - ``already``: the channel is open; nothing to do.
    - ``accept``: the answer to the offer this device has out: the channel opens.
    - ``answer``: answer this offer (``glare``: this polite device had its own offer out,
      dropped now).
    - ``wait``: both devices offered and this one is not polite: its own offer stands
      (``link``: it, to send again); the other device answers it once opened there.
    - ``again``: an offer answered already: the same answer (``link``) again.
    - ``stale``, with ``why``: ``old_answer`` (it answers an older offer of this device's
      than the one out), ``no_offer`` (an answer, and no offer of this device's is out),
      ``old_offer`` (an older offer than one answered or seen here already).

    The page says whether the channel is open and whether its offer is still waiting (the
    browser's connection is the truth: a reload or an answer made since drops the offer)."""

    def __init__(self, clock=time.time):
        self.clock = clock
        self.game: str | None = None
        self._reset(None)

    def _reset(self, game) -> None:
        self.game = game
        self.mine: dict | None = None  # this device's offer out: {"id", "link"}
        self.newest = -1  # the time of the newest offer of the other's seen here
        self.answered: dict | None = None  # the offer last answered: {"id", "link"}

    def _for(self, ep: Endpoint) -> None:
        if ep.game != self.game:  # another game at the table: nothing of the last one holds
            self._reset(ep.game)

    def make(self, ep: Endpoint, kind: str, rtc: str, re: str = "") -> str:
        """This device's offer or (``re``: the offer's id) answer, as a reconnect link."""
        self._for(ep)
        link_id = secrets.token_urlsafe(6)
        link = reconnect_link(ep, kind, rtc, link_id, re, int(self.clock() * 1000))
        if kind == "offer":
            self.mine = {"id": link_id, "link": link}
        else:
            self.answered = {"id": re, "link": link}
        return link

    def take(self, ep: Endpoint | None, text, *, is_open: bool, waiting: bool) -> dict:
        """What the other device's reconnect link does here (see the class)."""
        got = read_reconnect(ep, text)
        self._for(ep)
        out = {"kind": got["kind"], "rtc": got["rtc"], "id": got["id"]}
        if is_open:
            return {**out, "do": "already"}
        mine = self.mine if waiting else None
        if got["kind"] == "answer":
            if mine is None:
                return {**out, "do": "stale", "why": "no_offer"}
            if got["re"] != mine["id"]:
                return {**out, "do": "stale", "why": "old_answer"}
            self.mine = None  # answered: the next answer to it is stale
            return {**out, "do": "accept"}
        if self.answered is not None and got["id"] == self.answered["id"]:
            return {**out, "do": "again", "link": self.answered["link"]}
        if got["at"] < self.newest:
            return {**out, "do": "stale", "why": "old_offer"}
        self.newest = got["at"]
        if mine is not None and ep.seat != POLITE_SEAT:
            return {**out, "do": "wait", "link": mine["link"]}
        self.mine = None
        return {**out, "do": "answer", "glare": mine is not None}
