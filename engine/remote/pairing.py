"""Pairing: the game's id, the players' names and the key that authenticates every message.

The host's invitation carries a Diffie-Hellman half (``G^x``), the guest's answer the other
(``G^y``); each side computes ``G^xy`` and from it the HMAC key. Neither half tells the key to
someone who reads the links, so nobody else can write a move that either device accepts. The
exchange itself is not authenticated (whoever answers the invitation first is the guest), so
both screens show a short pairing code to compare when that matters.

>>> host, guest = Half.new(), Half.new()
>>> gid = new_game_id()
>>> mac_key(host, guest.public, gid, host.public, guest.public) == \\
...     mac_key(guest, host.public, gid, host.public, guest.public)
True
"""

from __future__ import annotations

import hashlib
import unicodedata

from . import sra
from .errors import RemoteError
from .sra import SYSTEM, Entropy, valid_element

GAME_ID_HEX = 32  # 128 random bits
NAME_MAX = 40


def new_game_id(entropy: Entropy = SYSTEM) -> str:
    return f"{entropy.bits(GAME_ID_HEX * 4):0{GAME_ID_HEX}x}"


def is_game_id(value) -> bool:
    return (
        isinstance(value, str) and len(value) == GAME_ID_HEX and not value.strip("0123456789abcdef")
    )


class Half:
    """One side of the Diffie-Hellman exchange: a secret exponent and its public value."""

    __slots__ = ("secret", "public")

    def __init__(self, secret: int):
        self.secret = secret
        self.public = pow(sra.GROUP.g, secret, sra.GROUP.p)

    @classmethod
    def new(cls, entropy: Entropy = SYSTEM) -> Half:
        bits = sra.GROUP.key_bits
        return cls(entropy.bits(bits) | 1 << (bits - 1))


def mac_key(mine: Half, theirs: int, game_id: str, host_public: int, guest_public: int) -> bytes:
    """The HMAC key both sides derive: the shared secret bound to this game and its halves."""
    if not valid_element(theirs):
        raise RemoteError("bad_field", field="dh")
    shared = pow(theirs, mine.secret, sra.GROUP.p)
    h = hashlib.sha256(b"schotten-totten/remote/mac-key")
    for v in (shared, host_public, guest_public):
        h.update(v.to_bytes(sra.GROUP.bytes, "big"))
    h.update(game_id.encode())
    return h.digest()


def pairing_code(key: bytes) -> str:
    """Six digits both screens can show: equal codes, no one in between."""
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
