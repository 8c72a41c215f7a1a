"""One device's side of a game between two devices: its secrets, the game as it knows it, and
the check of every message it receives.

The engine runs here on a state in which every card this device may not see is a back
(``engine.cards.CLAN_BACK``, ``TACTIC_BACK``): the opponent's hand and the decks. When the
opponent plays a card, one of their backs becomes that card, and the engine checks the move
as it checks any other. A message is worked on a copy of the endpoint and kept only when all
of it holds, so a refused message changes nothing.

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

import copy
from bisect import insort
from dataclasses import dataclass, field

from ..actions import NEXT_ROUND, RETURN, Action, action_from_json, action_to_json
from ..cards import BACK_TEXTS, CLAN_BACK, JOKER, N_CLAN, TACTIC_BACK, card_text, deck_of
from ..legality import check, legal_actions
from ..rules import rooms
from ..state import OVER, RECRUIT_RETURN, ROUND_OVER, Rules, State, deal_round, new_game
from ..turn import apply_events, apply_fast
from ..view import view
from . import audit, save_io, sra
from .deal import RoundCards
from .errors import Cheat, RemoteError
from .messages import (
    VERSION,
    authentic,
    canonical,
    fingerprint,
    from_link,
    read,
    rtc_digest,
    seal,
)
from .pairing import (
    Half,
    check_name,
    commitment,
    invite_digest,
    mac_key,
    new_game_id,
    pairing_code,
    transcript,
)
from .seen import shown_event
from .sra import GROUP_NAMES, SYSTEM, Entropy, int_to_text, text_to_int
from .takeback import TakeBacks

BACKS = (CLAN_BACK, TACTIC_BACK)
SAVE_FORMAT = "schotten-totten/remote-save"
DECK_NAMES = ("clan", "tactic")
SAVE_VERSIONS = (1, 2, VERSION)  # an older save resumes once paired (its messages then
#                                   travel in this version)


@dataclass
class Result:
    """What a message or a move did: the events this device may see, the cards it could
    read, the message to send now (``None``: nothing yet), the round's audit if one ran, and
    news of a take-back: ``{"player", "asked"}`` (the other asks), ``{"player", "agree"}``
    (an answer; ``moved``: the other moved instead), ``{"player", "lapsed"}``."""

    events: list = field(default_factory=list)
    read: list = field(default_factory=list)
    send: dict | None = None
    audit: dict | None = None
    takeback: dict | None = None  # a take-back asked, answered or lapsed (takeback.py)


class Endpoint(TakeBacks):
    """One player's device. Seat 0 is the host (who invites), seat 1 the guest."""

    _result = Result

    def __init__(self, seat: int, game: str, rules: Rules, names: list, entropy: Entropy = SYSTEM):
        self.seat, self.game, self.rules, self.names = seat, game, rules, names
        self.entropy = entropy  # the system's; a seeded one in tests
        self.key: bytes | None = None  # the HMAC key, once paired
        self.half: Half | None = None  # my Diffie-Hellman half until the key is known
        # The pairing before the key: the host's promise of its half (the guest keeps it
        # until the half comes), what both saw of the pairing (the invitation's digest, then
        # the whole transcript), and the host's half to send with its next message.
        self.dh_commit: str | None = None
        self.transcript: bytes | None = None
        self.dh_out: str | None = None
        # The live channel's parts of the pairing links (``rtc_digest``): the one my link
        # carried, and the one the other's carried, named in my first signed message.
        self.rtc_said: str | None = None
        self.rtc_heard: str | None = None
        self.sent = 0  # the number of my next message
        self.expect = 0  # the number of the next message I accept
        self.state: State | None = None  # the engine state, hidden cards as backs
        self.start_state: State | None = None  # the round's first state (the audit replays
        #                                        from it)
        self.cards: RoundCards | None = None  # this round's cards (set before the deal)
        self.unsent: list[dict] = []  # my actions not sent yet (their wire form)
        self.drew: list[str] = []  # the fingerprints of my draws among them
        self.deal_out: dict | None = None  # a deal step to send
        self.answer = False  # a message is due now (the guest's hand,
        #                                        after the deal)
        self.last_sent: dict | None = None  # the last message sent (to send again after
        #                                        a reconnect)
        self.audits: list[dict] = []  # the rounds audited, each as a record holds it (audit.py)
        self.verdict: dict | None = None  # a cheat found: the game is void
        self.turn_points: list = [None, None]  # where each one's last turn began (takeback.py)
        self.asked: dict | None = None  # a take-back question in flight: {"player", ...}
        self.takebacks = 0  # turns taken back in this game

    # ------------------------------------------------------------ pairing

    @classmethod
    def host(cls, rules: Rules, name: str, entropy: Entropy = SYSTEM) -> Endpoint:
        """A new game offered by this device: ``invitation()`` is its first message."""
        ep = cls(0, new_game_id(entropy), rules, [check_name(name), None], entropy)
        ep.half = half = Half.new(entropy)
        ep.last_sent = invite = {
            "v": VERSION,
            "t": "invite",
            "g": ep.game,
            "n": 0,
            "from": 0,
            "rules": rules.to_json(),
            "name": ep.names[0],
            "dhc": commitment(half.public),  # the half itself only after the answer
        }
        ep.transcript = invite_digest(canonical(invite))
        ep.sent = 1
        ep._new_round_cards(1)  # the first pass needs no answer: done while the guest scans
        return ep

    def invitation(self) -> dict:
        if self.key is not None:
            raise RemoteError("already_paired")
        assert self.last_sent is not None  # unpaired: only a host, whose invitation it is
        return self.last_sent

    @classmethod
    def join(
        cls, invite, name: str, entropy: Entropy = SYSTEM, rtc: str | None = None
    ) -> tuple[Endpoint, Result]:
        """Answer an invitation (``rtc``: the WebRTC offer its link carried); the result's
        ``send`` is the answer."""
        msg = read(invite)
        if msg["t"] != "invite":
            raise RemoteError("not_an_invitation")
        rules = Rules.from_json(msg["rules"])
        ep = cls(1, msg["g"], rules, [check_name(msg["name"]), check_name(name)], entropy)
        ep.half = half = Half.new(entropy)
        answer = {
            "v": VERSION,
            "t": "accept",
            "g": ep.game,
            "n": 0,
            "from": 1,
            "name": ep.names[1],
            "dh": int_to_text(half.public),
        }
        ep.dh_commit = msg["dhc"]
        ep.rtc_heard = _heard(rtc)
        ep.transcript = transcript(invite_digest(canonical(msg)), canonical(answer))
        ep.expect, ep.sent, ep.last_sent = 1, 1, answer
        return ep, Result(send=answer)

    def said_rtc(self, rtc: str) -> None:
        """The WebRTC offer (host) or answer (guest) this device's pairing link carries: the
        other's first signed message must name the same (``pairing_mismatch``)."""
        if self.sent > 1 or not isinstance(rtc, str) or not rtc or len(rtc) > MAX_RTC:
            raise RemoteError("unexpected", kind="rtc")
        self.rtc_said = rtc_digest(rtc)

    @property
    def paired(self) -> bool:
        """The invitation is answered (the guest's key follows with the host's next message)."""
        return self.key is not None or self.seat == 1

    def pairing_code(self) -> str:
        """Six digits to compare on both screens (equal: nobody in between); "" until the
        key is known (the guest's comes with the host's first message after the answer)."""
        return pairing_code(self.key) if self.key else ""

    # ------------------------------------------------------------ what the page asks

    @property
    def other(self) -> int:
        return 1 - self.seat

    def view(self) -> dict:
        """The engine's view from this seat (the decks and the opponent's hand are counts);
        no legal moves while this device waits for the other."""
        if self.state is None:
            return {}
        v = view(self.state, self.seat)
        v["hand"] = [c for c in v["hand"] if c not in BACK_TEXTS]
        v["unread"] = self._backs_in_hand(self.state)
        if not self.can_play():
            v["legal"] = []
        return v

    def can_play(self) -> bool:
        s = self.state
        return (
            self.verdict is None
            and s is not None
            and s.to_move == self.seat
            and s.step not in (ROUND_OVER, OVER)
            and not self._backs_in_hand(s)
            and self.deal_out is None
        )

    def waiting_for(self) -> str:
        """What the game waits for: ``you`` (a move here), ``them`` (a message), ``over``."""
        if self.verdict is not None or (
            self.state is not None
            and self.state.step == OVER
            and len(self.audits) == self.state.round
        ):
            return "over"
        return "you" if self.can_play() else "them"

    def hand_coming(self) -> bool:
        """My whole hand waits for the other's shares (the deal's last step: they come
        with the other's first move)."""
        s = self.state
        return s is not None and 0 < self._backs_in_hand(s) == len(s.hands[self.seat])

    def their_key_due(self) -> bool:
        """The round is over and my key was shown, theirs has not come: until it does, the
        round is not audited and the game is not counted (the page names who owes it)."""
        s, cards = self.state, self.cards
        return (
            self.verdict is None
            and s is not None
            and cards is not None
            and s.step in (ROUND_OVER, OVER)
            and cards.round == s.round
            and cards.revealed
            and cards.their_key is None
        )

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
        work = self._copy()
        result = Result()
        work._check_can_play(action)
        if work._turn_starts(self.seat):
            work._mark_turn(self.seat)
        work._apply(self.seat, action, None, result)
        try:
            result.send = work._compose()
        except Cheat as cheat:  # an entry they drew was never locked by them: nothing sent
            self.verdict = cheat.to_json()
            raise
        self.__dict__.update(work.__dict__)
        return result

    def send_early(self) -> Result:
        """The other's cards' shares now, before they are due (they would go with my move):
        live, where a message costs nothing, the other sees its hand while I think. Nothing
        when nothing is owed, or when a turn of mine is under way (it goes whole)."""
        if self.verdict is not None or self.cards is None or not self.cards.owed or self.unsent:
            return Result()
        work = self._copy()
        work.answer = True
        try:
            result = Result(send=work._compose())
        except Cheat as cheat:  # an entry to unlock was never locked by them: nothing sent
            self.verdict = cheat.to_json()
            raise
        self.__dict__.update(work.__dict__)
        return result

    def _check_can_play(self, action: Action) -> None:
        if self.verdict is not None:
            raise RemoteError("game_void")
        s = self.state
        if s is None or self.deal_out is not None:
            raise RemoteError("not_dealt")
        if isinstance(action, Action) and action.kind == NEXT_ROUND:
            raise RemoteError("next_round_dealt")
        if s.to_move == self.seat and self._backs_in_hand(s):
            raise RemoteError("waiting_for_cards")

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
        if msg["g"] != self.game:
            raise RemoteError("other_game")
        if msg["from"] == self.seat:
            raise RemoteError("own_message")
        if msg["t"] == "invite" or (msg["t"] == "accept" and self.key is not None):
            raise RemoteError("replayed", n=msg["n"], last=self.expect - 1)
        key = self.key
        if key is None:
            if self.seat == 0:
                if msg["t"] != "accept":
                    raise RemoteError("not_paired")
                return self._accept(msg, rtc)
            key = self._key_from_half(msg)
            if not authentic(msg, key):  # the two devices saw different pairings
                raise RemoteError("pairing_mismatch")
        else:
            if msg["n"] < self.expect:  # first: a link opened again costs no MAC and no copy
                raise RemoteError("replayed", n=msg["n"], last=self.expect - 1)
            if "dh" in msg:
                raise RemoteError("unexpected", kind="dh")
            if not authentic(msg, key):
                raise RemoteError("bad_mac")
        if msg["n"] > self.expect:
            raise RemoteError("out_of_order", n=msg["n"], expected=self.expect)
        if "heard" in msg and (msg["n"] != 1 or msg["heard"] != self.rtc_said):
            # the live part of my pairing link was not the one they got: rewritten on the way
            raise RemoteError("pairing_mismatch")
        if msg["t"] == "accept":
            raise RemoteError("unexpected", kind=msg["t"])
        work = self._copy()
        if work.key is None:  # the guest, paired now
            work.key, work.half, work.dh_commit, work.transcript = key, None, None, None
        work.expect += 1
        result = Result()
        if msg["t"] == "takeback":
            work._their_takeback(msg, result)
        elif msg["t"] == "consent":
            work._their_consent(msg, result)
        else:
            try:
                work._take(msg, result)
                result.send = work._compose()
            except Cheat as cheat:
                self.verdict = cheat.to_json()
                raise
        self.__dict__.update(work.__dict__)
        return result

    def _accept(self, msg: dict, rtc: str | None) -> Result:
        """The host: the guest's answer gives the key; my half goes with my next message."""
        work = self._copy()
        work.rtc_heard = _heard(rtc)
        if msg["n"] != 0:
            raise RemoteError("out_of_order", n=msg["n"], expected=0)
        guest_public = text_to_int(msg["dh"])
        half, digest = work.half, work.transcript
        assert half is not None and digest is not None  # an unpaired host keeps both
        both = transcript(digest, canonical(msg))
        work.key = mac_key(half, guest_public, both, half.public, guest_public)
        work.names[1] = check_name(msg["name"])
        work.dh_out = int_to_text(half.public)
        work.half, work.transcript = None, None
        work.expect = 1
        result = Result(send=work._compose())
        self.__dict__.update(work.__dict__)
        return result

    def _key_from_half(self, msg: dict) -> bytes:
        """The guest: the host's half, checked against the invitation's promise, gives the
        key (which the message's MAC must then match: else the two saw different
        pairings)."""
        if msg["t"] != "move" or "dh" not in msg:
            raise RemoteError("not_paired")
        half, digest = self.half, self.transcript
        assert half is not None and digest is not None  # an unpaired guest keeps both
        host_public = text_to_int(msg["dh"])
        if commitment(host_public) != self.dh_commit:
            raise RemoteError("pairing_mismatch")
        return mac_key(half, host_public, digest, host_public, half.public)

    def _take(self, msg: dict, result: Result) -> None:
        """Every part of a move message, in order: shares, actions, reveal, deal."""
        self._on_message(msg, result)
        if "shares" in msg:
            self._read_cards(msg["shares"], result)
        elif self.cards is not None and self.cards.pending and self.state is not None:
            raise RemoteError("share_count", n=0, expected=len(self.cards.pending))
        if msg.get("actions") and self.state is not None and self._turn_starts(self.other):
            self._mark_turn(self.other)  # their turn starts: where a take-back would go back
        if "actions" in msg:
            drew = list(msg.get("drew", []))
            was_over = self.state is not None and self.state.step in (ROUND_OVER, OVER)
            for wire in msg["actions"]:
                self._their_action(wire, drew, result)
            if drew:
                raise RemoteError("draw_count")
            ended = self.state is not None and self.state.step in (ROUND_OVER, OVER)
            if ended and not was_over and "reveal" not in msg:
                # Whoever ends the round shows their key first: the other never has to
                # show theirs to a device that may then walk away unchecked.
                raise RemoteError("missing_reveal", player=self.other)
        elif msg.get("drew"):
            raise RemoteError("draw_count")
        if "reveal" in msg:
            self._their_reveal(msg["reveal"], result)
        if "deal" in msg:
            self._their_deal(msg["deal"], result)

    def _their_action(self, wire: dict, drew: list, result: Result) -> None:
        s = self.state
        if s is None or self.deal_out is not None or (self.cards and self.cards.their_key):
            raise RemoteError("not_dealt")
        q = self.other
        if s.to_move != q or s.step in (ROUND_OVER, OVER):
            raise RemoteError("not_their_turn")
        if wire["kind"] == RETURN and "commit" in wire:  # a card put back, face down
            back = CLAN_BACK if wire["deck"] == "clan" else TACTIC_BACK
            if s.step != RECRUIT_RETURN or back not in s.hands[q]:
                raise RemoteError("bad_return")
            self._put_back(q, back, wire, drew, result)
            return
        action = action_from_json(wire)
        if action.kind == NEXT_ROUND:
            raise RemoteError("next_round_dealt")
        if action.kind == "play":
            self._reveal_played(q, action.card)
        elif action.kind == "pass" and CLAN_BACK in s.hands[q] and rooms(s, q):
            raise RemoteError("pass_with_clan_card")
        self._apply(q, action, drew, result)

    def _reveal_played(self, q: int, card: int) -> None:
        """The card the opponent plays turns one of their backs face up: refused if they
        cannot hold it (this device sees it elsewhere, or they hold no card of its deck)."""
        s, cards = self._dealt()
        back = CLAN_BACK if card < N_CLAN else TACTIC_BACK
        seen = (
            s.hands[self.seat].count(card)
            + s.discard.count(card)
            + sum(side.count(card) for side in s.sides)
            + sum(1 for r in cards.returns if r["card"] == card_text(card) and not r["drawn"])
        )
        if seen >= (2 if card == JOKER else 1) or back not in s.hands[q]:
            raise RemoteError("not_held", card=card_text(card))
        hand = s.hands[q]
        hand.remove(back)
        insort(hand, card)

    # ------------------------------------------------------------ either side's moves

    def _apply(self, p: int, action: Action, drew, result: Result) -> None:
        """Apply ``p``'s action with the engine's checks, then follow its draws on the decks'
        entries."""
        s, cards = self._dealt()
        if action.kind == RETURN and p == self.seat:
            check(s, action, p)
            d = deck_of(action.card)
            hand = s.hands[p]
            hand.remove(action.card)  # my card goes under the deck face down, as a back
            insort(hand, BACKS[d])
            self._put_back(
                p, BACKS[d], {"kind": "return", "deck": DECK_NAMES[d]}, drew, result, action.card
            )
            return
        self.state, events = apply_events(s, action, p)
        wire = action_to_json(action)
        cards.log.append([p, wire])
        if p == self.seat:
            self.unsent.append(wire)
        self._after(p, events, drew, result)

    def _put_back(self, p: int, back: int, wire: dict, drew, result: Result, card=None) -> None:
        """A Recruiter's return, face down: a back under the deck here, a commitment on the
        wire (made here for my card, received for theirs)."""
        s, cards = self._dealt()
        events: list = []
        apply_fast(s, Action(RETURN, card=back), events)
        commit = cards.put_back(p, deck_of(back), card=card, commit=wire.get("commit"))
        wire = {**wire, "commit": commit}
        if card is not None:
            events[0]["card"] = card_text(card)
        cards.log.append([p, wire])
        if p == self.seat:
            self.unsent.append(wire)
        self._after(p, events, drew, result)

    def _after(self, p: int, events: list, drew, result: Result) -> None:
        s, cards = self._dealt()
        for e in events:
            if e["type"] == "draw":
                d = DECK_NAMES.index(e["deck"])
                if p != self.seat and not drew:
                    raise RemoteError("draw_count")
                fp = None if p == self.seat else drew.pop(0)
                entry, card = cards.draw(e["player"], d, fp)
                if e["player"] == self.seat:
                    self.drew.append(fingerprint(entry))
                    if card is not None:  # my own card, back from under the deck
                        self._into_hand(d, card)
                        result.read.append(card_text(card))
            result.events.append(shown_event(e, self.seat))
        if s.step in (ROUND_OVER, OVER):
            self._maybe_audit(result)

    def _into_hand(self, deck: int, card: int) -> None:
        s, _ = self._dealt()
        hand = s.hands[self.seat]
        hand.remove(BACKS[deck])
        insort(hand, card)

    def _read_cards(self, items: list, result: Result) -> None:
        if self.cards is None:
            raise RemoteError("share_count", n=len(items), expected=0)
        for deck, card in self.cards.read(items):
            self._check_not_seen(card)
            self._into_hand(deck, card)
            result.read.append(card_text(card))

    def _check_not_seen(self, card: int) -> None:
        """A card just read must not be one this device already sees: a card the other
        played but never held shows up here as a second copy when its real place is drawn.
        Named at once, rather than found by the audit at the end of the round."""
        s, cards = self._dealt()
        seen = (
            s.hands[self.seat].count(card)
            + s.discard.count(card)
            + sum(side.count(card) for side in s.sides)
            + sum(1 for r in cards.returns if r["card"] == card_text(card) and not r["drawn"])
        )
        if seen >= (2 if card == JOKER else 1):
            raise Cheat("card_twice", player=self.other, card=card_text(card))

    def _backs_in_hand(self, s) -> int:
        """How many cards of my hand I cannot read yet (their shares are on the way)."""
        return 0 if s is None else sum(1 for c in s.hands[self.seat] if c in BACKS)

    def _dealt(self) -> tuple[State, RoundCards]:
        """The game and its round's cards, for the steps that only run once dealt (the round's
        cards come before its deal, and neither is ever unset)."""
        assert self.state is not None and self.cards is not None
        return self.state, self.cards

    # ------------------------------------------------------------ rounds: deal and audit

    def _new_round_cards(self, round_no: int) -> None:
        self.cards = cards = RoundCards(
            self.game, round_no, self.seat, self.rules.tactics, self.entropy
        )
        if self.seat == 0:
            self.deal_out = cards.lock_decks()

    def _their_deal(self, deal: dict, result: Result) -> None:
        expected = 1 if self.state is None else self.state.round + 1
        ready = self.state is None or (
            self.state.step == ROUND_OVER
            and self.audits
            and self.audits[-1]["round"] == self.state.round
        )
        if not ready or deal["round"] != expected:
            raise RemoteError("unexpected", kind="deal")
        if self.seat == 1:  # the host's first pass: lock again, shuffle, deal
            if "shares" in deal:
                raise RemoteError("unexpected", kind="deal")
            self.cards = cards = RoundCards(
                self.game, expected, 1, self.rules.tactics, self.entropy
            )
            cards.take_first(deal)
            out = cards.shuffle_decks()
            self._start_round(result)
            out["shares"] = cards.shares()
            self.deal_out = out
        else:  # the guest's second pass: the deal, and my hand's shares
            if self.cards is None or self.cards.round != expected or "shares" not in deal:
                raise RemoteError("unexpected", kind="deal")
            self.cards.take_second(deal)
            self._start_round(result)
            self._read_cards(deal["shares"], result)
            # The guest's hand: now if the guest starts; else with my first move, so that by
            # links the first move is made after three links (live, ``send_early`` sends it
            # at once, while I think).
            assert self.state is not None  # just dealt
            self.answer = self.state.to_move != self.seat
            self.cards.prepare_shares()  # a deal that would show my cards is named now

    def _start_round(self, result: Result) -> None:
        n, tactics = self.rules.hand_size, self.rules.tactics
        backs = {
            "hands": [[CLAN_BACK] * n, [CLAN_BACK] * n],
            "deck": [CLAN_BACK] * (54 - 2 * n),
            "tactic_deck": [TACTIC_BACK] * (10 if tactics else 0),
        }
        if self.state is None:
            s = new_game(self.rules, self.game, deal=backs)
        else:
            s = self.state.copy()
            deal_round(s, s.round + 1, s.to_move, backs)
        self.state = s
        result.events.append({"type": "round_start", "round": s.round, "player": s.to_move})
        self.start_state = s.copy()
        self.turn_points, self.asked = [None, None], None  # a new deal: nothing to take back
        _, cards = self._dealt()  # the round's cards came before its deal
        cards.deal_hands(n, s.round_starter)

    def _their_reveal(self, reveal: dict, result: Result) -> None:
        s, cards = self.state, self.cards
        if (
            s is None
            or cards is None
            or s.step not in (ROUND_OVER, OVER)
            or reveal["round"] != s.round
            or cards.their_key is not None
        ):
            raise RemoteError("unexpected", kind="reveal")
        cards.their_key = audit.their_key(cards, reveal["key"], self.other)
        cards.their_returns = reveal["returns"]
        self._maybe_audit(result)

    def _maybe_audit(self, result: Result) -> None:
        """Once the round is over and both keys are known: check the whole round."""
        _, cards = self._dealt()
        if cards.their_key is None:
            return
        result.audit = audit.check_round(cards, self.start_state, self.state)
        self.audits.append(result.audit)

    # ------------------------------------------------------------ messages out

    def _compose(self) -> dict | None:
        """The message due now, if any: when the other can do nothing without it."""
        s, cards = self.state, self.cards
        over = (
            s is not None
            and s.step in (ROUND_OVER, OVER)
            and cards is not None
            and cards.round == s.round
            and bool(cards.start[0])
        )
        their_turn = s is not None and not over and s.to_move == self.other
        blocked = s is not None and s.to_move == self.seat and self._backs_in_hand(s) > 0
        owed = cards is not None and bool(cards.owed)
        next_deal = (
            self.seat == 0
            and over
            and s is not None
            and s.step == ROUND_OVER
            and self.audits
            and self.audits[-1]["round"] == s.round
        )
        if not (
            self.deal_out is not None
            or (over and cards is not None and not cards.revealed)
            or next_deal
            or self.answer
            or (their_turn and (owed or self.unsent))
            or (blocked and self.unsent)
        ):
            return None
        assert cards is not None  # whatever is due (the deal, a move, shares) has its cards
        self.answer = False
        body: dict = {"t": "move"}
        if self.dh_out is not None:  # the host's half, promised in the invitation
            body["dh"], self.dh_out = self.dh_out, None
        if self.sent == 1 and self.rtc_heard is not None:  # my first signed message
            body["heard"] = self.rtc_heard
        if owed:
            body["shares"] = cards.shares()
        if self.unsent:
            body["actions"], body["drew"] = self.unsent, self.drew
            self.unsent, self.drew = [], []
        if over and not cards.revealed:
            body["reveal"] = cards.reveal()
        if (
            self.seat == 0
            and s is not None
            and s.step == ROUND_OVER
            and cards.revealed
            and self.audits
            and self.audits[-1]["round"] == s.round == cards.round
        ):
            self._new_round_cards(s.round + 1)  # the host starts the next round's deal
        if self.deal_out is not None:
            body["deal"], self.deal_out = self.deal_out, None
        return self._seal(body)

    def _seal(self, body: dict) -> dict:
        assert self.key is not None  # the invitation is the only message sent unpaired
        msg = seal(
            {"v": VERSION, "g": self.game, "n": self.sent, "from": self.seat, **body}, self.key
        )
        self._after_sending(body)
        self.sent += 1
        self.last_sent = msg
        return msg

    def _copy(self) -> Endpoint:
        """A copy to work on: whatever a message or move changes is copied (the rest, such
        as the round's first state and the numbers, is only ever replaced)."""
        ep = copy.copy(self)
        ep.names = self.names[:]
        ep.state = None if self.state is None else self.state.copy()
        ep.cards = None if self.cards is None else self.cards.copy()
        ep.unsent, ep.drew, ep.audits = self.unsent[:], self.drew[:], self.audits[:]
        ep.turn_points = self.turn_points[:]  # each point is replaced, never changed
        return ep

    # ------------------------------------------------------------ the save

    def to_json(self) -> dict:
        """This device's save: its game and its own secrets, never the other's cards."""
        from .state_io import state_to_json

        return {
            "format": SAVE_FORMAT,
            "version": VERSION,
            "group": sra.GROUP.name,  # the cipher's group: its numbers mean nothing in another
            "seat": self.seat,
            "game": self.game,
            "rules": self.rules.to_json(),
            "names": self.names,
            "key": None if self.key is None else self.key.hex(),
            "half": None if self.half is None else int_to_text(self.half.secret),
            "dh_commit": self.dh_commit,
            "transcript": None if self.transcript is None else self.transcript.hex(),
            "dh_out": self.dh_out,
            "rtc_said": self.rtc_said,
            "rtc_heard": self.rtc_heard,
            "sent": self.sent,
            "expect": self.expect,
            "state": None if self.state is None else state_to_json(self.state),
            "start_state": None if self.start_state is None else state_to_json(self.start_state),
            "cards": None if self.cards is None else self.cards.to_json(),
            "unsent": self.unsent,
            "drew": self.drew,
            "deal_out": self.deal_out,
            "answer": self.answer,
            "last_sent": self.last_sent,
            "audits": self.audits,
            "verdict": self.verdict,
            "turn_points": self._turn_points_json(),
            "asked": self.asked,
            "takebacks": self.takebacks,
        }

    @classmethod
    def from_json(cls, data) -> Endpoint:
        """A save ``to_json`` wrote, each field checked once by its reader (``SAVE_FIELDS``)
        and then all of them together; anything else raises ``RemoteError("bad_save")``. An
        endpoint it returns shows its table, waits and saves again without error."""
        try:
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise ValueError("format")
            if type(data.get("version")) is not int or data["version"] not in SAVE_VERSIONS:
                raise ValueError("version")
            # Before version 3 the cards were dealt modulo a 1,536-bit prime: such a game's
            # numbers mean nothing in ristretto255, and it cannot go on.
            group = data.get("group", "modp" if data["version"] < VERSION else None)
            if group != sra.GROUP.name:
                if group in GROUP_NAMES:
                    raise RemoteError("old_save")
                raise ValueError("group")
            ep = cls.__new__(cls)
            ep.entropy = SYSTEM
            for name, read in SAVE_FIELDS.items():
                if name not in data and name not in SAVE_DEFAULTS:
                    raise ValueError(name)
                setattr(ep, name, read(data.get(name, SAVE_DEFAULTS.get(name)), ep))
            save_io.check_whole(ep)
        except RemoteError as e:
            if e.code == "old_save":
                raise
            raise RemoteError("bad_save") from None
        except ValueError:  # a GameError too: each reader refuses with one
            raise RemoteError("bad_save") from None
        return ep


# Each field of the save (``Endpoint.to_json``) and its reader, ``read(value, ep) -> the
# attribute`` (``save_io``: a ``ValueError`` for anything but what ``to_json`` writes), in the
# order read: a reader may check its field against those read before it.
SAVE_FIELDS = {
    "seat": save_io.seat,
    "game": save_io.game,
    "rules": save_io.rules,
    "names": save_io.names,
    "key": save_io.key,
    "half": save_io.half,
    "dh_commit": save_io.digest,
    "transcript": save_io.transcript,
    "dh_out": save_io.dh_out,
    "rtc_said": save_io.digest,
    "rtc_heard": save_io.digest,
    "sent": save_io.count,
    "expect": save_io.count,
    "state": save_io.state,
    "start_state": save_io.state,
    "cards": save_io.cards,
    "unsent": save_io.actions,
    "drew": save_io.fingerprints,
    "deal_out": save_io.deal_out,
    "answer": save_io.flag,
    "last_sent": save_io.last_sent,
    "audits": save_io.audits,
    "verdict": save_io.verdict,
    "turn_points": save_io.turn_points,
    "asked": save_io.asked,
    "takebacks": save_io.count,
}
# What a save of protocol version 1 lacks reads as: no turn to take back, none taken back.
# Before version 3 (only once paired: older pairings are not finished) no pairing fields.
SAVE_DEFAULTS: dict = {
    "turn_points": [None, None],
    "asked": None,
    "takebacks": 0,
    "dh_commit": None,
    "transcript": None,
    "dh_out": None,
    "rtc_said": None,
    "rtc_heard": None,
}


MAX_RTC = 4000  # characters of a pairing link's rtc= part (packed: about 200)


def _heard(rtc) -> str | None:
    """The digest of the live part a pairing link carried; none for none, or for the
    terminal's ``none`` (it plays by links only)."""
    if rtc is None or rtc == "none":
        return None
    if not isinstance(rtc, str) or not rtc or len(rtc) > MAX_RTC:
        raise RemoteError("bad_field", field="rtc", value="…")
    return rtc_digest(rtc)
