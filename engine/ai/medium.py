"""Medium: a solid heuristic player that looks one move ahead.

Every candidate play is tried on a copy of the table (no hidden card is ever
needed: the rebuilt state holds only what the player sees) and scored by
``evaluate``: formation potential from the hand and the unseen cards, what the
opponent can still reach on each stone, and how the stones add up to three
adjacent or five. Tactic cards carry a price for spending them. Every provable
stone is claimed at once; deck choices and Recruiter returns follow the same
evaluation.
"""

from __future__ import annotations

import random

from ..actions import Action, Kind
from ..cards import JOKER, N_CLAN, RECRUITER, SHIELD, SPY
from ..turn import apply_fast
from .base import Agent, legal
from .evaluate import CALIBRATIONS, evaluate
from .world import Worlds

# The price of spending a tactic card, in round-winning chance.
TACTIC_COST = {JOKER: 0.05, SPY: 0.025, SHIELD: 0.025}
DEFAULT_TACTIC_COST = 0.03
# Worth of keeping a tactic card in hand (for Recruiter returns).
TACTIC_KEEP = {JOKER: 9.0, SPY: 6.0, SHIELD: 4.0}


def table_state(view: dict):
    """The state as the player sees it: opponent's hand and decks left empty."""
    w = Worlds(view)
    return w.template, w.clan_deck_size


def claim_or_done(actions: list[Action]) -> Action:
    """Claim every provable stone (one at a time), then stop."""
    for a in actions:
        if a.kind == Kind.CLAIM:
            return a
    return next(a for a in actions if a.kind == Kind.DONE)


def draw_choice(state, p: int, actions: list[Action]) -> Action:
    """Clan cards build formations; a tactic card is worth having one of."""
    decks = [a for a in actions if a.kind == Kind.DRAW]
    if len(decks) == 1:
        return decks[0]
    tactics_in_hand = sum(1 for c in state.hands[p] if c >= N_CLAN)
    clan_in_hand = len(state.hands[p]) - tactics_in_hand
    want_tactic = tactics_in_hand == 0 and clan_in_hand >= 3
    return next(a for a in decks if a.deck == (1 if want_tactic else 0))


def tactic_cost(action: Action, price: float = 1.0) -> float:
    """The price of spending the tactic card an action plays (0 for clan cards and passes)."""
    card = action.card
    if action.kind == Kind.PASS or card < N_CLAN:
        return 0.0
    if card == RECRUITER:
        return DEFAULT_TACTIC_COST * price - 0.005
    return TACTIC_COST.get(card, DEFAULT_TACTIC_COST) * price


def scored_plays(
    state, p: int, deck: int, actions: list[Action], cal=None, tactic_price: float = 1.0
):
    """``[(score, action)]`` for every play/pass, by the evaluation of the position after it.

    ``tactic_price`` scales the price of spending a tactic card.
    """
    now = evaluate(state, p, deck, cal)
    out = []
    for a in actions:
        if a.kind == Kind.PASS:
            out.append((now, a))
            continue
        if a.card == RECRUITER:  # its worth is in the cards it brings: not evaluated here
            out.append((now - tactic_cost(a, tactic_price), a))
            continue
        t = state.copy()
        apply_fast(t, a)
        out.append((evaluate(t, p, deck, cal) - tactic_cost(a, tactic_price), a))
    return out


def card_worth(state, p: int, deck: int, card: int) -> float:
    """How much a card in hand adds to the evaluation (tactic cards: a fixed worth)."""
    if card >= N_CLAN:
        return TACTIC_KEEP.get(card, 3.0) / 100
    t = state.copy()
    t.hands[p].remove(card)
    return evaluate(state, p, deck) - evaluate(t, p, deck)


def by_rule(actions: list[Action], state, p: int, deck: int) -> Action | None:
    """The decisions Medium and Hard take by rule alike (draws, Recruiter returns), else None."""
    kind = actions[0].kind
    if kind == Kind.DRAW:
        return draw_choice(state, p, actions)
    if kind == Kind.RETURN:
        return min(actions, key=lambda a: (card_worth(state, p, deck, a.card), a.card))
    return None


class MediumAgent(Agent):
    name = "medium"
    # Settings the arena may vary (``--a-options``), to screen an evaluation change at one ply
    # in a minute before it goes into Hard's much slower search.
    settings = ("cal", "tactic_price")

    def __init__(self, cal: int | None = None, tactic_price: float = 1.0):
        self.cal = None if cal is None else CALIBRATIONS.get(cal)  # None: Medium's own table
        self.tactic_price = tactic_price

    def choose(self, view: dict, rng: random.Random) -> Action:
        actions = legal(view)
        if len(actions) == 1:
            return actions[0]
        kind = actions[0].kind
        if kind in (Kind.CLAIM, Kind.DONE):
            return claim_or_done(actions)
        state, deck = table_state(view)
        p = view["player"]
        ruled = by_rule(actions, state, p, deck)
        if ruled is not None:
            return ruled
        scored = scored_plays(state, p, deck, actions, self.cal, self.tactic_price)
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s >= best - 1e-9]
        return top[0] if len(top) == 1 else rng.choice(top)
