"""Pairing: the game's id, the players' names and the key that authenticates every message.

The host's invitation carries only a hash of its Diffie-Hellman half (``commitment(G^x)``);
the guest's answer carries its half (``G^y``); the host's next message brings ``G^x``, which
the guest checks against the hash. Each side then computes ``G^xy`` and from it, with the
transcript (the invitation and the answer, whole: version, game id, rules, names, halves),
the HMAC key. Neither half tells the key to someone who reads the links, so nobody else can
write a move that either device accepts, and a changed invitation or answer gives the two
devices different keys: the first message signed is refused (``pairing_mismatch``).

The exchange itself is not authenticated (whoever answers the invitation first is the guest),
so both screens show a six-digit pairing code to compare. Because the host is bound to its
half before it sees the guest's, someone between the devices cannot search for halves that
make the two codes equal (the attack of ZRTP's "hash commitment", RFC 6189 section 4.4.1.1):
each attempt at sitting in between shows equal codes with probability 10^-6.

>>> host, guest = Half.new(group=PLAY), Half.new(group=PLAY)
>>> t = transcript(b"invitation", b"answer")
>>> mac_key(host, guest.public, t, host.public, guest.public) == \\
...     mac_key(guest, host.public, t, host.public, guest.public)
True
>>> commitment(host) == commitment(host) != commitment(guest)
True
"""

from __future__ import annotations

import base64
import hashlib
import unicodedata

from .errors import RemoteError
from .sra import PLAY, SYSTEM, Entropy, Group, Ristretto

GAME_ID_HEX = 32  # 128 random bits
NAME_MAX = 40


def new_game_id(entropy: Entropy = SYSTEM) -> str:
    return f"{entropy.bits(GAME_ID_HEX * 4):0{GAME_ID_HEX}x}"


def is_game_id(value) -> bool:
    return (
        isinstance(value, str) and len(value) == GAME_ID_HEX and not value.strip("0123456789abcdef")
    )


class Half:
    """One side of the Diffie-Hellman exchange: a secret exponent and its public value, in
    the game's group."""

    __slots__ = ("secret", "public", "group")

    def __init__(self, secret: int, group: Group | Ristretto):
        self.secret, self.group = secret, group
        self.public = group.gen(secret)

    @classmethod
    def new(cls, entropy: Entropy = SYSTEM, group: Group | Ristretto = PLAY) -> Half:
        bits = group.key_bits
        return cls(entropy.bits(bits) | 1 << (bits - 1), group)


def commitment(half: Half, public: int | None = None) -> str:
    """The invitation's promise of the host's half (``public``: the half the guest was sent,
    in ``half``'s group; by default ``half``'s own): SHA-256, base64url (43 characters)."""
    public = half.public if public is None else public
    h = hashlib.sha256(b"schotten-totten/remote/dh-commit")
    h.update(public.to_bytes(half.group.bytes, "big"))
    return base64.urlsafe_b64encode(h.digest()).rstrip(b"=").decode()


def invite_digest(invite: bytes) -> bytes:
    """The invitation's canonical bytes, hashed: kept until the answer, for the transcript."""
    return hashlib.sha256(b"schotten-totten/remote/invite" + invite).digest()


def transcript(invite: bytes, answer: bytes) -> bytes:
    """What both devices saw of the pairing: the invitation's digest and the answer whole."""
    return hashlib.sha256(
        b"schotten-totten/remote/transcript" + invite + hashlib.sha256(answer).digest()
    ).digest()


def mac_key(
    mine: Half, theirs: int, transcript: bytes, host_public: int, guest_public: int
) -> bytes:
    """The HMAC key both sides derive: the shared secret bound to the pairing's transcript
    (the game id, rules, names and halves) and the halves."""
    g = mine.group
    if not g.valid(theirs):
        raise RemoteError("bad_field", field="dh")
    shared = g.exp(theirs, mine.secret)
    h = hashlib.sha256(b"schotten-totten/remote/mac-key/3")
    for v in (shared, host_public, guest_public):
        h.update(v.to_bytes(g.bytes, "big"))
    h.update(transcript)
    return h.digest()


def pairing_code(key: bytes) -> str:
    """Six digits both screens show until the players confirm they match: equal codes mean
    nobody sat between the devices at pairing, but for a 1 in 10^6 chance per attempt."""
    n = int.from_bytes(hashlib.sha256(b"schotten-totten/remote/code" + key).digest()[:8], "big")
    return f"{n % 1_000_000:06d}"


def check_name(value) -> str:
    """A player's chosen name: 1-40 characters, no control characters; spaces trimmed."""
    if not isinstance(value, str):
        raise RemoteError("bad_name")
    name = " ".join(value.split())
    if not 0 < len(name) <= NAME_MAX or any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise RemoteError("bad_name")
    return name
