"""The game as one device knows it: its engine state (every card it may not see a back), the
round's cards, and the moves of either player followed on both.

The engine runs here on a state in which the opponent's hand and the decks are backs
(``engine.cards.CLAN_BACK``, ``TACTIC_BACK``). When the opponent plays a card, one of their
backs becomes that card, and the engine checks the move as it checks any other; a draw takes
the deck's top entry (``deal.RoundCards``), read when its share comes. Each round is dealt
afresh (``deal.py``) and audited at its end, both keys revealed (``audit.py``).

A ``Table`` knows nothing of the channel, the pairing or take-backs (``endpoint.py`` puts
them together); it changes in place, on the copy the endpoint works on.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field

from ..actions import Action, Kind, action_from_json, action_to_json
from ..cards import BACK_TEXTS, CLAN_BACK, JOKER, N_CLAN, TACTIC_BACK, card_text, deck_of
from ..legality import check
from ..rules import rooms
from ..state import Rules, State, Step, deal_round, new_game
from ..turn import apply_events, apply_fast
from ..view import view as engine_view
from . import audit
from .deal import RoundCards
from .errors import Cheat, RemoteError
from .messages import Deal, Message, Reveal, fingerprint
from .seen import shown_event
from .sra import Entropy, Group, Ristretto

BACKS = (CLAN_BACK, TACTIC_BACK)
DECK_NAMES = ("clan", "tactic")


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


@dataclass
class Table:
    """One device's game: its seat, the game's id, rules and group (the cipher's: every number
    of the game is one of its elements), its generator (never saved),
    the engine state and the round's first state (which the audit replays from), the round's
    cards (set before the deal), my actions not sent yet (their wire form) and the
    fingerprints of my draws among them, a deal step to send, whether a message is due now
    (the guest's hand, after the deal), and the rounds audited (as a record holds them)."""

    seat: int
    game: str
    rules: Rules
    group: Group | Ristretto
    entropy: Entropy
    state: State | None = None
    start_state: State | None = None
    cards: RoundCards | None = None
    unsent: list = field(default_factory=list)
    drew: list = field(default_factory=list)
    deal_out: dict | None = None
    answer: bool = False
    audits: list = field(default_factory=list)

    @property
    def other(self) -> int:
        return 1 - self.seat

    def unread(self) -> int:
        """How many cards of my hand I cannot read yet (their shares are on the way)."""
        s = self.state
        return 0 if s is None else sum(1 for c in s.hands[self.seat] if c in BACKS)

    def view(self) -> dict:
        """The engine's view from my seat, my hand without the cards I cannot read yet
        (``unread`` counts them); ``{}`` before the deal."""
        if self.state is None:
            return {}
        v = engine_view(self.state, self.seat)
        v["hand"] = [c for c in v["hand"] if c not in BACK_TEXTS]
        v["unread"] = self.unread()
        return v

    def hand_coming(self) -> bool:
        """My whole hand waits for the other's shares (the deal's last step)."""
        s = self.state
        return s is not None and 0 < self.unread() == len(s.hands[self.seat])

    def game_audited(self) -> bool:
        """The game is over and every one of its rounds was audited."""
        s = self.state
        return s is not None and s.step == Step.OVER and len(self.audits) == s.round

    def can_play(self) -> bool:
        """My move: dealt, my turn, every card of my hand read."""
        s = self.state
        return (
            s is not None
            and s.to_move == self.seat
            and s.step not in (Step.ROUND_OVER, Step.OVER)
            and not self.unread()
            and self.deal_out is None
        )

    def their_key_due(self) -> bool:
        """The round is over and my key was shown, theirs has not come."""
        s, cards = self.state, self.cards
        return (
            s is not None
            and cards is not None
            and s.step in (Step.ROUND_OVER, Step.OVER)
            and cards.round == s.round
            and cards.revealed
            and cards.their_key is None
        )

    def dealt(self) -> tuple[State, RoundCards]:
        """The game and its round's cards, for the steps that only run once dealt (the round's
        cards come before its deal, and neither is ever unset)."""
        assert self.state is not None and self.cards is not None
        return self.state, self.cards

    def over(self) -> bool:
        """The round is over (or the game) and its deal was this round's."""
        s, cards = self.state, self.cards
        return (
            s is not None
            and s.step in (Step.ROUND_OVER, Step.OVER)
            and cards is not None
            and cards.round == s.round
            and bool(cards.start[0])
        )

    def audited(self) -> bool:
        """The round that just ended passed its audit (the host then deals the next)."""
        s = self.state
        return (
            s is not None
            and s.step == Step.ROUND_OVER
            and bool(self.audits)
            and self.audits[-1]["round"] == s.round
        )

    # ------------------------------------------------------------ the moves

    def check_can_play(self, action) -> None:
        s = self.state
        if s is None or self.deal_out is not None:
            raise RemoteError("not_dealt")
        if isinstance(action, Action) and action.kind == Kind.NEXT_ROUND:
            raise RemoteError("next_round_dealt")
        if s.to_move == self.seat and self.unread():
            raise RemoteError("waiting_for_cards")

    def their_actions(self, msg: Message, result: Result) -> None:
        """The other's actions of a move message, each checked, with their draws."""
        drew = list(msg.get("drew", []))
        was_over = self.state is not None and self.state.step in (Step.ROUND_OVER, Step.OVER)
        for wire in msg["actions"]:
            self._their_action(wire, drew, result)
        if drew:
            raise RemoteError("draw_count")
        ended = self.state is not None and self.state.step in (Step.ROUND_OVER, Step.OVER)
        if ended and not was_over and msg.reveal is None:
            # Whoever ends the round shows their key first: the other never has to show
            # theirs to a device that may then walk away unchecked.
            raise RemoteError("missing_reveal", player=self.other)

    def _their_action(self, wire: dict, drew: list, result: Result) -> None:
        s = self.state
        if s is None or self.deal_out is not None or (self.cards and self.cards.their_key):
            raise RemoteError("not_dealt")
        q = self.other
        if s.to_move != q or s.step in (Step.ROUND_OVER, Step.OVER):
            raise RemoteError("not_their_turn")
        if wire["kind"] == Kind.RETURN and "commit" in wire:  # a card put back, face down
            back = CLAN_BACK if wire["deck"] == "clan" else TACTIC_BACK
            if s.step != Step.RECRUIT_RETURN or back not in s.hands[q]:
                raise RemoteError("bad_return")
            self._put_back(q, back, wire, drew, result)
            return
        action = action_from_json(wire)
        if action.kind == Kind.NEXT_ROUND:
            raise RemoteError("next_round_dealt")
        if action.kind == Kind.PLAY:
            self._reveal_played(q, action.card)
        elif action.kind == Kind.PASS and CLAN_BACK in s.hands[q] and rooms(s, q):
            raise RemoteError("pass_with_clan_card")
        self.apply(q, action, drew, result)

    def _seen(self, card: int) -> bool:
        """This device already sees every copy of ``card`` (in its hand, the discard, on the
        table, put back by it under a deck)."""
        s, cards = self.dealt()
        seen = (
            s.hands[self.seat].count(card)
            + s.discard.count(card)
            + sum(side.count(card) for side in s.sides)
            + sum(1 for r in cards.returns if r["card"] == card_text(card) and not r["drawn"])
        )
        return seen >= (2 if card == JOKER else 1)

    def _reveal_played(self, q: int, card: int) -> None:
        """The card the opponent plays turns one of their backs face up: refused if they
        cannot hold it (this device sees it elsewhere, or they hold no card of its deck)."""
        s, _ = self.dealt()
        back = CLAN_BACK if card < N_CLAN else TACTIC_BACK
        if self._seen(card) or back not in s.hands[q]:
            raise RemoteError("not_held", card=card_text(card))
        s.hands[q].remove(back)
        insort(s.hands[q], card)

    def apply(self, p: int, action: Action, drew, result: Result) -> None:
        """Apply ``p``'s action with the engine's checks, then follow its draws on the decks'
        entries."""
        s, cards = self.dealt()
        if action.kind == Kind.RETURN and p == self.seat:
            check(s, action, p)
            d = deck_of(action.card)
            hand = s.hands[p]
            hand.remove(action.card)  # my card goes under the deck face down, as a back
            insort(hand, BACKS[d])
            wire = {"kind": "return", "deck": DECK_NAMES[d]}
            self._put_back(p, BACKS[d], wire, drew, result, action.card)
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
        s, cards = self.dealt()
        events: list = []
        apply_fast(s, Action(Kind.RETURN, card=back), events)
        commit = cards.put_back(p, deck_of(back), card=card, commit=wire.get("commit"))
        wire = {**wire, "commit": commit}
        if card is not None:
            events[0]["card"] = card_text(card)
        cards.log.append([p, wire])
        if p == self.seat:
            self.unsent.append(wire)
        self._after(p, events, drew, result)

    def _after(self, p: int, events: list, drew, result: Result) -> None:
        s, cards = self.dealt()
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
        if s.step in (Step.ROUND_OVER, Step.OVER):
            self._maybe_audit(result)

    def _into_hand(self, deck: int, card: int) -> None:
        s, _ = self.dealt()
        hand = s.hands[self.seat]
        hand.remove(BACKS[deck])
        insort(hand, card)

    def read_cards(self, items: tuple, result: Result) -> None:
        """The cards my pending draws were, from the other's shares."""
        if self.cards is None:
            raise RemoteError("share_count", n=len(items), expected=0)
        for deck, card in self.cards.read(items):
            if self._seen(card):
                # A card the other played but never held shows up here as a second copy
                # when its real place is drawn: named at once, rather than by the audit.
                raise Cheat("card_twice", player=self.other, card=card_text(card))
            self._into_hand(deck, card)
            result.read.append(card_text(card))

    # ------------------------------------------------------------ rounds: deal and audit

    def new_round_cards(self, round_no: int) -> None:
        self.cards = cards = RoundCards(
            self.game, round_no, self.seat, self.rules.tactics, self.group, self.entropy
        )
        if self.seat == 0:
            self.deal_out = cards.lock_decks()

    def their_deal(self, deal: Deal, result: Result) -> None:
        """A step of the deal: on the guest the host's first pass (lock again, shuffle, deal),
        on the host the guest's second (the deal, and my hand's shares)."""
        expected = 1 if self.state is None else self.state.round + 1
        if not (self.state is None or self.audited()) or deal.round != expected:
            raise RemoteError("unexpected", kind="deal")
        if self.seat == 1:
            if deal.shares is not None:
                raise RemoteError("unexpected", kind="deal")
            self.cards = cards = RoundCards(
                self.game, expected, 1, self.rules.tactics, self.group, self.entropy
            )
            cards.take_first(deal)
            out = cards.shuffle_decks()
            self._start_round(result)
            out["shares"] = cards.shares()
            self.deal_out = out
        else:
            if self.cards is None or self.cards.round != expected or deal.shares is None:
                raise RemoteError("unexpected", kind="deal")
            self.cards.take_second(deal)
            self._start_round(result)
            self.read_cards(deal.shares, result)
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
        _, cards = self.dealt()  # the round's cards came before its deal
        cards.deal_hands(n, s.round_starter)

    def their_reveal(self, reveal: Reveal, result: Result) -> None:
        s, cards = self.state, self.cards
        if (
            s is None
            or cards is None
            or s.step not in (Step.ROUND_OVER, Step.OVER)
            or reveal.round != s.round
            or cards.their_key is not None
        ):
            raise RemoteError("unexpected", kind="reveal")
        cards.their_key = audit.their_key(cards, reveal.key, self.other)
        cards.their_returns = [o._asdict() for o in reveal.returns]
        self._maybe_audit(result)

    def _maybe_audit(self, result: Result) -> None:
        """Once the round is over and both keys are known: check the whole round."""
        _, cards = self.dealt()
        if cards.their_key is None:
            return
        result.audit = audit.check_round(cards, self.start_state, self.state)
        self.audits.append(result.audit)

    # ------------------------------------------------------------ what is due

    def due(self) -> bool:
        """A message is due now: the other can do nothing without it."""
        s, cards = self.state, self.cards
        over = self.over()
        their_turn = s is not None and not over and s.to_move == self.other
        blocked = s is not None and s.to_move == self.seat and self.unread() > 0
        owed = cards is not None and bool(cards.owed)
        return (
            self.deal_out is not None
            or (over and cards is not None and not cards.revealed)
            or (self.seat == 0 and over and self.audited())
            or self.answer
            or (their_turn and (owed or bool(self.unsent)))
            or (blocked and bool(self.unsent))
        )

    def fill(self, body: dict) -> None:
        """The game's part of a move message due now (``due``): the shares I owe, my actions
        and their draws, my key at a round's end, a step of the deal."""
        s, cards = self.state, self.cards
        assert cards is not None  # whatever is due (the deal, a move, shares) has its cards
        over = self.over()
        self.answer = False
        if cards.owed:
            body["shares"] = cards.shares()
        if self.unsent:
            body["actions"], body["drew"] = self.unsent, self.drew
            self.unsent, self.drew = [], []
        if over and not cards.revealed:
            body["reveal"] = cards.reveal()
        if self.seat == 0 and cards.revealed and self.audited():
            assert s is not None  # audited: dealt
            if s.round == cards.round:
                self.new_round_cards(s.round + 1)  # the host starts the next round's deal
        if self.deal_out is not None:
            body["deal"], self.deal_out = self.deal_out, None
