"""Bringing back the live channel of a game on two devices, after a reload or a sleep.

A reconnect link (``#r=...``) carries one side of a fresh WebRTC exchange: the offer of the
device that asks, or the answer of the other. It names the game and its sender and is signed
with the game's pairing key, so a device answers only its own opponent and never takes it
for an invitation to a new game. It is not one of the game's messages: it has no sequence
number and changes nothing in the endpoint (an old one opened late only offers a connection
that will not open). Pure Python, tested under CPython (``tests/test_reconnect.py``).
"""

from __future__ import annotations

import json

from engine.remote import Endpoint
from engine.remote.errors import RemoteError
from engine.remote.messages import (
    B64URL,
    VERSION,
    authentic,
    check_text,
    dumps,
    pack,
    seal,
    unpack,
)
from engine.remote.pairing import is_game_id

LINK_KEY = "r="
KINDS = ("offer", "answer")
FIELDS = {"v", "t", "g", "from", "kind", "rtc", "mac"}
MAX_RTC = 6000  # an offer with its candidates is about 1,000 characters (docs/remote.md)
MAX_LINK = 12_000


def reconnect_link(ep: Endpoint, kind: str, rtc: str) -> str:
    """The link fragment (``#r=...``) that carries this device's ``kind`` of a WebRTC
    exchange (``rtc``: the page's ``rtc=...`` text), signed with the pairing key."""
    if ep.key is None or ep.state is None:
        raise RemoteError("not_dealt")
    if kind not in KINDS:
        raise RemoteError("bad_field", field="kind", value=str(kind)[:20])
    if not isinstance(rtc, str) or not rtc.startswith("rtc=") or len(rtc) > MAX_RTC:
        raise RemoteError("bad_field", field="rtc", value=str(rtc)[:20])
    body = {"v": VERSION, "t": "rtc", "g": ep.game, "from": ep.seat, "kind": kind, "rtc": rtc}
    return "#" + LINK_KEY + pack(dumps(seal(body, ep.key)))


def part_of(text: str) -> str | None:
    """The ``r=...`` part of a link or of its fragment, if it has one."""
    frag = text.split("#", 1)[1] if "#" in text else text
    return next((p for p in frag.split("&") if p.startswith(LINK_KEY)), None)


def read_reconnect(ep: Endpoint | None, text) -> dict:
    """The other device's side of the exchange in a reconnect link: ``{"kind", "rtc"}``.
    Refused with a ``RemoteError``: not such a link, another game (``other_game``), this
    device's own link (``own_message``), a signature that does not match (``bad_mac``)."""
    if not isinstance(text, str):
        raise RemoteError("not_a_link")
    payload = (part_of(check_text(text, MAX_LINK).strip()) or "")[len(LINK_KEY) :]
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
    return {"kind": kind, "rtc": rtc}
