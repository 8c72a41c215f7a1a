"""The round in progress as one device saw it, for its replay: each state with this seat's
own cards and every card it may not see as a back.

The device does not know the deck order, so the round is played again from what it keeps:
the round's first state (every card a back), its log of actions, the deck entries as dealt
(locked numbers: they tell no card) and the cards it read, each by the entry it came from.
A card of mine shows from its draw on (the device read it before its next turn); one whose
share has not come yet stays a back. The opponent's cards show when played, as at the table.

>>> from engine.state import Rules
>>> from engine.remote import Endpoint
>>> host = Endpoint.host(Rules(), "Ann")
>>> guest, r = Endpoint.join(host.invitation(), "Bob")
>>> r = guest.receive(host.receive(r.send).send)
>>> r = host.receive(r.send)
>>> first, steps = seen_round(host)
>>> sorted(first.hands[0]) == host.state.hands[0], steps
(True, [])
"""

from __future__ import annotations

from bisect import insort

from ..actions import Action, Kind, action_from_json
from ..cards import BACK_TEXTS, CLAN_BACK, N_CLAN, TACTIC_BACK, card_text, parse_card
from ..events import redact
from ..state import State
from ..turn import apply_events, apply_fast
from .deal import dealt_positions
from .messages import fingerprint

BACKS = (CLAN_BACK, TACTIC_BACK)
DECKS = ("clan", "tactic")


def seen_round(ep) -> tuple[State, list[tuple[dict, list, State]]]:
    """``(first state, steps)`` of the round in progress on endpoint ``ep``: each step is
    ``(action JSON, events as this seat may read them, state after)``."""
    me, cards = ep.seat, ep.cards
    s = ep.start_state.copy()
    known = {fp: parse_card(text) for fp, text in cards.reads}
    mine = {r["commit"]: parse_card(r["card"]) for r in cards.returns}
    n = s.rules.hand_size
    decks = [list(cards.start[0]), list(cards.start[1])]
    top = decks[0][-2 * n :][::-1]
    del decks[0][-2 * n :]
    for i, p in dealt_positions(n, s.round_starter):
        card = known.get(fingerprint(top[i])) if p == me else None
        if card is not None:
            _into_hand(s, me, 0, card)
    first, steps = s, []
    for p, wire in cards.log:
        s = s.copy()  # each step's state is kept: the next one is changed on a copy
        if wire["kind"] == Kind.RETURN and "commit" in wire:  # face down, under its deck
            d = DECKS.index(wire["deck"])
            card = mine.get(wire["commit"]) if p == me else None
            if card is not None:
                s.hands[me].remove(card)
                insort(s.hands[me], BACKS[d])
            events: list = []
            apply_fast(s, Action(Kind.RETURN, card=BACKS[d]), events)
            if card is not None:
                events[0]["card"] = card_text(card)
            decks[d].insert(0, f"{p}:{wire['commit']}")
            action = wire
        else:
            action = action_from_json(wire)
            if action.kind == Kind.PLAY and p != me:  # one of their backs turns face up
                hand = s.hands[p]
                hand.remove(CLAN_BACK if action.card < N_CLAN else TACTIC_BACK)
                insort(hand, action.card)
            s, events = apply_events(s, action, p)
        for e in events:
            if e["type"] != "draw":
                continue
            d = DECKS.index(e["deck"])
            entry = decks[d].pop()
            if e["player"] == me:
                card = (
                    mine.get(entry.partition(":")[2])
                    if isinstance(entry, str) and entry.startswith(f"{me}:")
                    else known.get(fingerprint(entry))
                )
                if card is not None:
                    _into_hand(s, me, d, card)
                    e["card"] = card_text(card)
        shown = [shown_event(e, me) for e in events]
        steps.append((wire, shown, s))
    return first, steps


def _into_hand(s: State, me: int, d: int, card: int) -> None:
    """A back of my hand becomes ``card``, which this device read."""
    hand = s.hands[me]
    hand.remove(BACKS[d])
    insort(hand, card)


def shown_event(e: dict, me: int) -> dict:
    """An event as seat ``me``'s device may tell it: redacted, and a card it has not read
    (a back) left out rather than named as a back."""
    shown = redact(e, me)
    if shown.get("card") in BACK_TEXTS:
        shown = {k: v for k, v in shown.items() if k != "card"}
    return shown
