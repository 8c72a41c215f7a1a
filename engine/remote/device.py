"""Everything one device keeps of a game, as one value the endpoint replaces whole, and the work
a message does on it (``accept``, ``take``, ``compose``): each part in its order.

A message or a move is worked on ``Device.copy()`` (by ``endpoint.Endpoint``), and the copy
is swapped in only when all of it holds, so a refused one changes nothing. The copy is made
by the type of each field (``copies.fresh``), not from a list of the fields that change: a
field added to a part is copied by the same rules, and a field of a kind with no rule stops
the copy (``TypeError``) rather than being shared by the two.

>>> from engine.state import Rules
>>> from engine.remote.sra import PLAY, SYSTEM
>>> t = Table(0, "0" * 32, Rules(), PLAY, SYSTEM, unsent=[{"kind": "pass"}])
>>> d = Device([None, None], Channel("0" * 32, 0), Handshake(), t, TakeBacks(0))
>>> c = d.copy()
>>> c.table.unsent.append({"kind": "pass"})
>>> len(d.table.unsent), len(c.table.unsent)
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from . import handshake
from .channel import Channel
from .copies import fresh
from .errors import RemoteError
from .handshake import Handshake
from .messages import Message
from .table import Result, Table
from .takeback import TakeBacks


@dataclass
class Device:
    """One device's game: the players' names, the cheat found if any (the game is then
    void), the channel, the handshake, the table and the take-backs."""

    names: list
    channel: Channel
    handshake: Handshake
    table: Table
    takebacks: TakeBacks
    verdict: dict | None = None

    def copy(self) -> Device:
        """A copy whose changes never reach this one."""
        return fresh(self)

    # ------------------------------------------------------------ the work on a copy

    def accept(self, msg: Message, rtc) -> Result:
        """The host: the guest's answer gives the key; my half goes with my next message."""
        self.channel.key, self.names[1] = handshake.host_key(self.handshake, msg, rtc)
        self.channel.expect = 1
        return Result(send=self.compose())

    def take(self, msg: Message, new_key: bytes | None) -> Result:
        """A message admitted by the channel: every part of it, in order."""
        if new_key is not None:  # the guest, paired now
            self.channel.key = new_key
            self.handshake.done()
        self.channel.expect += 1
        result = Result()
        t, tb = self.table, self.takebacks
        if msg.kind == "takeback":
            result.takeback = tb.their_question(msg)
            return result
        if msg.kind == "consent":
            agree = tb.their_consent(msg)
            if agree:
                self.rewind(self.table.seat)
            result.takeback = {"player": t.seat, "agree": agree}
            return result
        # A move: shares, actions, reveal, deal.
        result.takeback = tb.on_message(msg)
        if msg.shares is not None:
            t.read_cards(msg.shares, result)
        elif t.cards is not None and t.cards.pending and t.state is not None:
            raise RemoteError("share_count", n=0, expected=len(t.cards.pending))
        if msg.get("actions") and t.state is not None and tb.turn_starts(t.cards, t.other):
            tb.mark(t.other, *t.dealt())  # their turn starts: where a take-back would go back
        if "actions" in msg:
            t.their_actions(msg, result)
        elif msg.get("drew"):
            raise RemoteError("draw_count")
        if msg.reveal is not None:
            t.their_reveal(msg.reveal, result)
        if msg.deal is not None:
            t.their_deal(msg.deal, result)
            tb.new_round()  # a new deal: nothing to take back
        result.send = self.compose()
        return result

    def rewind(self, player: int) -> None:
        """Back to ``player``'s turn point; whatever I had begun since, unsent, is gone."""
        self.table.state, self.table.cards = self.takebacks.rewind(player)
        self.table.unsent, self.table.drew = [], []

    def compose(self) -> dict | None:
        """The message due now, if any: when the other can do nothing without it."""
        if not self.table.due():
            return None
        body: dict = {"t": "move"}
        hs = self.handshake
        if hs.dh_out is not None:  # the host's half, promised in the invitation
            body["dh"], hs.dh_out = hs.dh_out, None
        if self.channel.sent == 1 and hs.rtc_heard is not None:  # my first signed message
            body["heard"] = hs.rtc_heard
        self.table.fill(body)
        return self.seal(body)

    def seal(self, body: dict) -> dict:
        """``body`` sent: the take-back windows it closes, then numbered and signed."""
        self.takebacks.after_sending(body)
        return self.channel.seal(body)
