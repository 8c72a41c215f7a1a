"""The channel between two devices: numbered, signed messages, kept in order. It knows no game.

Each side numbers its messages 0, 1, 2, ...; the channel seals each message it sends with the
HMAC of the key the handshake gave, and admits a message only if it is addressed to this
device (its game id, the other's seat), signed with the key, and the next in order: a number
already received is a replay, a higher one than the next is out of order (refused until the
earlier one arrives). What the message says is the game's concern (``endpoint.py``).

>>> ch = Channel("0" * 32, 0, key=b"k", sent=1, expect=1)
>>> msg = ch.seal({"t": "move"})
>>> (msg["n"], ch.sent, ch.last_sent is msg)
(1, 2, True)
>>> Channel("0" * 32, 1, key=b"k", expect=1).admit(msg)   # the guest's side accepts it
>>> Channel("0" * 32, 1, key=b"k", expect=2).admit(msg)
Traceback (most recent call last):
...
engine.remote.errors.RemoteError: Message 1 was already received (the last was 1): ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RemoteError
from .messages import VERSION, authentic, seal


@dataclass
class Channel:
    """One device's end: the game id and seat it answers to, the HMAC key once paired, the
    number of its next message (``sent``), the number of the next it accepts (``expect``) and
    the last message it sent (to send again after a reconnect)."""

    game: str
    seat: int
    key: bytes | None = None
    sent: int = 0
    expect: int = 0
    last_sent: dict | None = None

    def addressed(self, msg: dict) -> None:
        """A message of this game from the other seat, else refused."""
        if msg["g"] != self.game:
            raise RemoteError("other_game")
        if msg["from"] == self.seat:
            raise RemoteError("own_message")

    def replayed(self, msg: dict) -> RemoteError:
        return RemoteError("replayed", n=msg["n"], last=self.expect - 1)

    def admit(self, msg: dict, key: bytes | None = None) -> None:
        """A signed message, checked before anything it says is read: not seen yet (first:
        a link opened again costs no MAC), signed with ``key`` (by default the channel's) and
        the next in order. ``key`` is the guest's new key, whose first message is checked
        against the pairing it saw (``pairing_mismatch``)."""
        if key is None:
            assert self.key is not None  # the caller pairs first
            if msg["n"] < self.expect:
                raise self.replayed(msg)
            if "dh" in msg:
                raise RemoteError("unexpected", kind="dh")
            if not authentic(msg, self.key):
                raise RemoteError("bad_mac")
        elif not authentic(msg, key):  # the two devices saw different pairings
            raise RemoteError("pairing_mismatch")
        if msg["n"] > self.expect:
            raise RemoteError("out_of_order", n=msg["n"], expected=self.expect)

    def seal(self, body: dict) -> dict:
        """``body`` as my next message: numbered, addressed and signed."""
        assert self.key is not None  # the invitation and the answer are the only ones unsigned
        msg = seal(
            {"v": VERSION, "g": self.game, "n": self.sent, "from": self.seat, **body}, self.key
        )
        self.sent += 1
        self.last_sent = msg
        return msg
