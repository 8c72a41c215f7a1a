"""One device's side of a game between two devices: the parts put together, and every message
checked before anything of it is kept.

The layers (docs/remote.md has the diagram): ``messages.read`` checks a message's form and
decodes its numbers once; the ``Channel`` admits it (game, sender, MAC, replay, order); the
``handshake`` pairs the devices until the key is known; the ``Table`` plays it on the game as
this device knows it (``deal.RoundCards``: the round's cards); ``TakeBacks`` keeps each turn's
starting point. Everything the endpoint keeps is one ``device.Device``: a message or a move is
worked on a copy of it, which replaces it only when all of it holds, so a refused message
changes nothing, its save included (a ``Cheat`` found on the way keeps one thing: the verdict
that voids the game).

>>> from engine.state import Rules
>>> host = Endpoint.host(Rules(), "Ann")
>>> guest, r = Endpoint.join(host.invitation(), "Bob")
>>> r = host.receive(r.send)            # the answer: the host's half and its locked decks
>>> r = guest.receive(r.send)           # the guest locks and shuffles again: the deal
>>> host.pairing_code() == guest.pairing_code() != ""
True
>>> r = host.receive(r.send)
>>> len(host.view()["hand"]), host.view()["hand_sizes"]
(6, [6, 6])
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from ..actions import action_from_json
from ..legality import legal_actions
from ..state import Rules
from . import handshake, save_io
from .channel import Channel
from .device import Device
from .errors import Cheat, RemoteError
from .handshake import Handshake
from .links import from_link
from .messages import read
from .pairing import check_name, new_game_id, pairing_code
from .sra import PLAY, SYSTEM, Entropy, Group, Ristretto
from .table import Result, Table
from .takeback import TakeBacks

__all__ = ["Endpoint", "Result"]


def _part(path: str, doc: str) -> property:
    """A part of the device, read through the endpoint (which replaces the device whole)."""
    get = attrgetter(path)
    return property(lambda ep: get(ep._now), doc=doc)


class Endpoint:
    """One player's device. Seat 0 is the host (who invites), seat 1 the guest."""

    def __init__(self, device: Device):
        self._now = device

    seat = _part("table.seat", "0: the host (South), 1: the guest")
    game = _part("table.game", "the game id, 32 hex digits")
    rules = _part("table.rules", "the game's rules")
    group = _part("table.group", "the cipher's group (sra.GROUPS)")
    names = _part("names", "both names (the guest's comes with the answer)")
    key = _part("channel.key", "the HMAC key, once paired")
    sent = _part("channel.sent", "the number of my next message")
    expect = _part("channel.expect", "the number of the next message I accept")
    last_sent = _part("channel.last_sent", "the last message sent (to send again)")
    state = _part("table.state", "the engine state, hidden cards as backs")
    start_state = _part("table.start_state", "the round's first state")
    cards = _part("table.cards", "this round's cards (deal.RoundCards)")
    unsent = _part("table.unsent", "my actions not sent yet")
    audits = _part("table.audits", "the rounds audited, as a record holds them")
    turn_points = _part("takebacks.points", "where each one's last turn began")
    asked = _part("takebacks.asked", "a take-back question in flight")
    takebacks = _part("takebacks.count", "turns taken back in this game")
    verdict = _part("verdict", "the cheat found, as Cheat.to_json wrote it: the game is void")

    @property
    def other(self) -> int:
        return 1 - self.seat

    def _change(self, work: Callable[[Device], Result]) -> Result:
        """Run ``work`` on a copy of the device and keep the copy only if it raises nothing;
        a cheat it finds voids the game (the device as it was, with the verdict)."""
        d = self._now.copy()
        try:
            result = work(d)
        except Cheat as cheat:
            self._now.verdict = cheat.to_json()
            raise
        self._now = d
        return result

    # ------------------------------------------------------------ pairing

    @classmethod
    def _new(cls, seat: int, game: str, rules: Rules, names: list, entropy: Entropy, group):
        table = Table(seat, game, rules, group, entropy)
        return cls(Device(names, Channel(game, seat), Handshake(), table, TakeBacks(seat)))

    @classmethod
    def host(
        cls,
        rules: Rules,
        name: str,
        entropy: Entropy = SYSTEM,
        group: Group | Ristretto = PLAY,
    ) -> Endpoint:
        """A new game offered by this device: ``invitation()`` is its first message. ``group``:
        the cipher's group, a parameter of the game kept in its save (ristretto255 unless
        told otherwise). The invitation does not name it: the guest is given the same one
        (``join``), or the two devices cannot pair."""
        ep = cls._new(0, new_game_id(entropy), rules, [check_name(name), None], entropy, group)
        d = ep._now
        invite = handshake.invitation(
            d.handshake, ep.game, rules, d.names[0], entropy, d.table.group
        )
        d.channel.last_sent, d.channel.sent = invite, 1
        d.table.new_round_cards(1)  # the first pass needs no answer: done while the guest scans
        return ep

    def invitation(self) -> dict:
        if self.key is not None:
            raise RemoteError("already_paired")
        assert self.last_sent is not None  # unpaired: only a host, whose invitation it is
        return self.last_sent

    @classmethod
    def join(
        cls,
        invite,
        name: str,
        entropy: Entropy = SYSTEM,
        rtc: str | None = None,
        group: Group | Ristretto = PLAY,
    ) -> tuple[Endpoint, Result]:
        """Answer an invitation (``rtc``: the WebRTC offer its link carried; ``group``: as
        ``host``'s); the result's ``send`` is the answer."""
        msg = read(invite)
        if msg.kind != "invite":
            raise RemoteError("not_an_invitation")
        names = [check_name(msg["name"]), check_name(name)]
        ep = cls._new(1, msg["g"], Rules.from_json(msg["rules"]), names, entropy, group)
        d = ep._now
        answer = handshake.answer(d.handshake, msg, names[1], entropy, d.table.group, rtc)
        d.channel.expect, d.channel.sent, d.channel.last_sent = 1, 1, answer
        return ep, Result(send=answer)

    def said_rtc(self, rtc: str) -> None:
        """The WebRTC offer (host) or answer (guest) this device's pairing link carries: the
        other's first signed message must name the same (``pairing_mismatch``)."""
        self._now.handshake.say_rtc(rtc, self.sent)

    @property
    def paired(self) -> bool:
        """The invitation is answered (the guest's key follows with the host's next message)."""
        return self.key is not None or self.seat == 1

    def pairing_code(self) -> str:
        """Six digits to compare on both screens (equal: nobody in between); "" until the
        key is known (the guest's comes with the host's first message after the answer)."""
        return pairing_code(self.key) if self.key else ""

    # ------------------------------------------------------------ what the page asks

    def view(self) -> dict:
        """The engine's view from this seat (the decks and the opponent's hand are counts);
        no legal moves while this device waits for the other."""
        v = self._now.table.view()
        if v and not self.can_play():
            v["legal"] = []
        return v

    def can_play(self) -> bool:
        return self.verdict is None and self._now.table.can_play()

    def waiting_for(self) -> str:
        """What the game waits for: ``you`` (a move here), ``them`` (a message), ``over``."""
        if self.verdict is not None or self._now.table.game_audited():
            return "over"
        return "you" if self.can_play() else "them"

    def hand_coming(self) -> bool:
        """My whole hand waits for the other's shares (the deal's last step: they come
        with the other's first move)."""
        return self._now.table.hand_coming()

    def their_key_due(self) -> bool:
        """The round is over and my key was shown, theirs has not come: until it does, the
        round is not audited and the game is not counted (the page names who owes it)."""
        return self.verdict is None and self._now.table.their_key_due()

    def legal(self) -> list:
        if not self.can_play():
            return []
        assert self.state is not None  # can_play: dealt
        return legal_actions(self.state)

    # ------------------------------------------------------------ my moves

    def play(self, action) -> Result:
        """Make one of my moves; the result's ``send`` is the message when one is due (my
        turn is over, or the Recruiter's cards must be unlocked)."""
        if isinstance(action, dict):
            action = action_from_json(action)
        if self.verdict is not None:
            raise RemoteError("game_void")

        def work(d: Device) -> Result:
            t, result = d.table, Result()
            t.check_can_play(action)
            if t.state is not None and d.takebacks.turn_starts(t.cards, self.seat):
                d.takebacks.mark(self.seat, *t.dealt())
            t.apply(self.seat, action, None, result)
            result.send = d.compose()
            return result

        return self._change(work)

    def send_early(self) -> Result:
        """The other's cards' shares now, before they are due (they would go with my move):
        live, where a message costs nothing, the other sees its hand while I think. Nothing
        when nothing is owed, or when a turn of mine is under way (it goes whole)."""
        cards = self.cards
        if self.verdict is not None or cards is None or not cards.owed or self.unsent:
            return Result()

        def work(d: Device) -> Result:
            d.table.answer = True
            return Result(send=d.compose())

        return self._change(work)

    # ------------------------------------------------------------ their messages

    def receive_link(self, text: str) -> Result:
        return self.receive(from_link(text))

    def receive(self, msg, rtc: str | None = None) -> Result:
        """Check a message of the other device and play it here (``rtc``: the WebRTC answer
        that came with the guest's answer). Raises ``RemoteError`` (the endpoint unchanged)
        for anything wrong; ``Cheat`` when the round's audit finds one (the game is then
        void)."""
        msg = read(msg)
        if self.verdict is not None:
            raise RemoteError("game_void")
        ch = self._now.channel
        ch.addressed(msg)
        if msg.kind == "invite" or (msg.kind == "accept" and ch.key is not None):
            raise ch.replayed(msg)
        if ch.key is None and self.seat == 0:
            if msg.kind != "accept":
                raise RemoteError("not_paired")
            return self._change(lambda d: d.accept(msg, rtc))
        new_key = handshake.guest_key(self._now.handshake, msg) if ch.key is None else None
        ch.admit(msg, new_key)
        if not self._now.handshake.heard_ok(msg):
            # the live part of my pairing link was not the one they got: rewritten on the way
            raise RemoteError("pairing_mismatch")
        if msg.kind == "accept":
            raise RemoteError("unexpected", kind=msg.kind)
        return self._change(lambda d: d.take(msg, new_key))

    # ------------------------------------------------------------ take-backs

    def takeback_refusal(self) -> RemoteError | None:
        """Why my last turn cannot be taken back now (``None``: it can be)."""
        if self.verdict is not None:
            return RemoteError("game_void")
        return self._now.takebacks.refusal(self.state, self.unsent)

    def can_take_back(self) -> bool:
        return self.takeback_refusal() is None

    def ask_takeback(self) -> Result:
        """Ask the other to let me take back my last turn; the result's ``send`` is the
        question."""
        refusal = self.takeback_refusal()
        if refusal is not None:
            raise refusal
        return self._change(lambda d: Result(send=d.seal(d.takebacks.ask())))

    def takeback_question(self) -> dict | None:
        """The other's take-back question waiting for my answer, if any."""
        return self._now.takebacks.question()

    def answer_takeback(self, agree: bool) -> Result:
        """Answer the other's question; on agreement their turn is undone here (and whatever
        I did since, unsent). The result's ``send`` is the answer."""
        if self.verdict is not None:
            raise RemoteError("game_void")
        if self.takeback_question() is None:
            raise RemoteError("takeback_not_asked")

        def work(d: Device) -> Result:
            body = d.takebacks.answer(agree)
            if agree:
                d.rewind(self.other)
            news = {"player": self.other, "agree": bool(agree)}
            return Result(send=d.seal(body), takeback=news)

        return self._change(work)

    # ------------------------------------------------------------ the save

    def to_json(self) -> dict:
        """This device's save: its game and its own secrets, never the other's cards."""
        return save_io.save(self._now)

    @classmethod
    def from_json(cls, data) -> Endpoint:
        """A save ``to_json`` wrote, each field checked once by its reader
        (``save_io.SAVE_FIELDS``) and then all of them together; anything else raises
        ``RemoteError("bad_save")`` (``old_save`` for a game of an older group). An endpoint
        it returns shows its table, waits and saves again without error."""
        return cls(save_io.load(data))
