"""The handshake: the invitation, its answer and the host's half, which give the channel its key.

``pairing.py`` holds the arithmetic (the halves, the key, the code); this module holds what a
device keeps until the key is known and the order of the three steps:

1. the host invites (``invitation``): its half is promised (``dhc``), not shown;
2. the guest answers (``answer``) with its half: it now knows the transcript, not yet the key;
3. the host derives the key from the answer (``host_key``) and its next message carries its
   half (``dh_out``); the guest checks the half against the promise and derives the same key
   (``guest_key``), which that message's MAC must match (``channel.admit``).

Each side's first signed message may name the WebRTC part its pairing link carried
(``heard``): the other compares it with the part it sent (``said``), so a part swapped on the
way is found once the key is known (``pairing_mismatch``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state import Rules
from .errors import RemoteError
from .messages import VERSION, Message, canonical, rtc_digest
from .pairing import Half, check_name, commitment, invite_digest, mac_key, transcript
from .sra import Entropy, Group, Ristretto, int_to_text

MAX_RTC = 4000  # characters of a pairing link's rtc= part (packed: about 200)


@dataclass
class Handshake:
    """What a device keeps of the pairing until the key is known: its own half, the host's
    promise (on the guest, until the half comes), what both saw so far (the invitation's
    digest, then the whole transcript), the host's half to send with its next message, and
    the digests of the live parts of the two pairing links (``rtc_said``: the one mine
    carried; ``rtc_heard``: the one the other's carried, named in my first signed message)."""

    half: Half | None = None
    dh_commit: str | None = None
    transcript: bytes | None = None
    dh_out: str | None = None
    rtc_said: str | None = None
    rtc_heard: str | None = None

    def done(self) -> None:
        """The key is known: the half and the transcript are no longer kept."""
        self.half, self.dh_commit, self.transcript = None, None, None

    def heard_ok(self, msg: Message) -> bool:
        """The other's first signed message names the live part my link carried, or none."""
        return "heard" not in msg or (msg["n"] == 1 and msg["heard"] == self.rtc_said)

    def say_rtc(self, rtc, sent: int) -> None:
        """The live part my pairing link carries (before my first signed message)."""
        if sent > 1 or not isinstance(rtc, str) or not rtc or len(rtc) > MAX_RTC:
            raise RemoteError("unexpected", kind="rtc")
        self.rtc_said = rtc_digest(rtc)


def invitation(
    hs: Handshake, game: str, rules: Rules, name: str, entropy: Entropy, group: Group | Ristretto
) -> dict:
    """The host's first message: the rules, its name and the promise of its half."""
    hs.half = half = Half.new(entropy, group)
    invite = {
        "v": VERSION,
        "t": "invite",
        "g": game,
        "n": 0,
        "from": 0,
        "rules": rules.to_json(),
        "name": name,
        "dhc": commitment(half),  # the half itself only after the answer
    }
    hs.transcript = invite_digest(canonical(invite))
    return invite


def answer(
    hs: Handshake, invite: Message, name: str, entropy: Entropy, group: Group | Ristretto, rtc
) -> dict:
    """The guest's answer to ``invite``: its name and half (``rtc``: the live part the
    invitation's link carried)."""
    hs.half = half = Half.new(entropy, group)
    msg = {
        "v": VERSION,
        "t": "accept",
        "g": invite["g"],
        "n": 0,
        "from": 1,
        "name": name,
        "dh": int_to_text(half.public),
    }
    hs.dh_commit = invite["dhc"]
    hs.rtc_heard = heard(rtc)
    hs.transcript = transcript(invite_digest(canonical(invite)), canonical(msg))
    return msg


def host_key(hs: Handshake, msg: Message, rtc) -> tuple[bytes, str]:
    """The host: the guest's answer gives the key and the guest's name; my half goes with my
    next message (``dh_out``)."""
    hs.rtc_heard = heard(rtc)
    if msg["n"] != 0:
        raise RemoteError("out_of_order", n=msg["n"], expected=0)
    half, digest = hs.half, hs.transcript
    assert half is not None and digest is not None and msg.dh is not None  # unpaired; read
    both = transcript(digest, canonical(msg))
    key = mac_key(half, msg.dh, both, half.public, msg.dh)
    name = check_name(msg["name"])
    hs.dh_out = int_to_text(half.public)
    hs.done()
    return key, name


def guest_key(hs: Handshake, msg: Message) -> bytes:
    """The guest: the host's half, checked against the invitation's promise, gives the key
    (which the message's MAC must then match: else the two saw different pairings)."""
    if msg["t"] != "move" or msg.dh is None:
        raise RemoteError("not_paired")
    half, digest = hs.half, hs.transcript
    assert half is not None and digest is not None  # an unpaired guest keeps both
    if commitment(half, msg.dh) != hs.dh_commit:
        raise RemoteError("pairing_mismatch")
    return mac_key(half, msg.dh, digest, msg.dh, half.public)


def heard(rtc) -> str | None:
    """The digest of the live part a pairing link carried; none for none, or for the
    terminal's ``none`` (it plays by links only)."""
    if rtc is None or rtc == "none":
        return None
    if not isinstance(rtc, str) or not rtc or len(rtc) > MAX_RTC:
        raise RemoteError("bad_field", field="rtc", value="…")
    return rtc_digest(rtc)
