"""The end-of-round audit: with both keys revealed, each device checks the whole round.

It checks that the host's first pass locked each real card exactly once, that the guest's
second pass was a permutation of the first, that every card put back under a deck matches its
commitment, and then replays the round with every card known through the engine's checked
``apply``: each draw takes the top card, each card played or put back was in that hand. A
cheat is raised as a ``Cheat`` naming the player and what they did.
"""

from __future__ import annotations

from ..actions import Action, Kind, action_from_json, action_text, action_to_json
from ..cards import card_text, parse_card
from ..errors import GameError
from ..turn import apply
from .deal import dealt_positions, deck_ids, return_commit
from .errors import Cheat
from .messages import fingerprint
from .sra import PHYSICAL, Key, code, lock


def their_key(cards, k: int, seat: int) -> Key:
    """The other player's revealed key (as the message decoded it), which must be the one they
    committed to at the deal."""
    try:
        key = Key(k, cards.group)
    except ValueError:
        raise Cheat("key_mismatch", player=seat) from None
    if key.commit != cards.their_commit:
        raise Cheat("key_mismatch", player=seat)
    return key


def _cards_at_first(cards, host_key: Key) -> list:
    """The physical card at each place of the host's first pass."""
    if cards.seat == 0:
        return [list(order) for order in cards.order]
    out = []
    for d, ids in enumerate(deck_ids(cards.tactics)):
        by_value = {lock(code(i, cards.group), host_key): i for i in ids}
        placed = [by_value.get(x) for x in cards.first[d]]
        if None in placed or len(set(placed)) != len(ids):
            raise Cheat("deck_not_cards", player=0)
        out.append(placed)
    return out


def _cards_at_start(cards, guest_key: Key, at_first: list) -> list:
    """The physical card at each place of the dealt decks."""
    out = []
    for d in range(2):
        if cards.seat == 1:
            places = cards.order[d]
        else:
            by_value = {lock(x, guest_key): i for i, x in enumerate(cards.first[d])}
            places = [by_value.get(x) for x in cards.start[d]]
            if None in places or len(set(places)) != len(cards.first[d]):
                raise Cheat("shuffle_not_cards", player=1)
        out.append([at_first[d][i] for i in places])
    return out


def check_round(cards, start_state, final_state) -> dict:
    """Audit one round (``cards``: this device's ``RoundCards`` with the other's key
    revealed). Returns ``{"round": r, "ok": True, "deal": ..., "actions": [...]}`` (the
    round as a game record holds it: its deal, every card known, and its actions, each card
    put back named) or raises ``Cheat``."""
    other = 1 - cards.seat
    keys = [cards.key, cards.their_key] if cards.seat == 0 else [cards.their_key, cards.key]
    at_start = _cards_at_start(cards, keys[1], _cards_at_first(cards, keys[0]))
    # Every card I read was the card at that place of the deck.
    by_fp = {
        fingerprint(x): PHYSICAL[i] for d in range(2) for x, i in zip(cards.start[d], at_start[d])
    }
    for fp, text in cards.reads:
        if fp in by_fp and card_text(by_fp[fp]) != text:
            raise Cheat("wrong_card", player=other)
    # The round again, every card known.
    s = start_state.copy()
    n = s.rules.hand_size
    clan = [PHYSICAL[i] for i in at_start[0]]
    top = clan[-2 * n :][::-1]
    hands: list[list[int]] = [[], []]
    for i, p in dealt_positions(n, s.round_starter):
        hands[p].append(top[i])
    s.hands = [sorted(h) for h in hands]
    s.decks = [clan[: -2 * n], [PHYSICAL[i] for i in at_start[1]]]
    deal = {
        "hands": [[card_text(c) for c in h] for h in s.hands],
        "deck": [card_text(c) for c in s.decks[0]],
        "tactic_deck": [card_text(c) for c in s.decks[1]],
    }
    actions = []
    openings = {
        cards.seat: [{"card": r["card"], "nonce": r["nonce"]} for r in cards.returns],
        other: list(cards.their_returns),
    }
    made = {0: 0, 1: 0}
    for seat, wire in cards.log:
        if wire["kind"] == Kind.RETURN and "commit" in wire:
            k = made[seat]
            made[seat] += 1
            if k >= len(openings[seat]):
                raise Cheat("return_mismatch", player=seat)
            o = openings[seat][k]
            if (
                return_commit(cards.game, cards.round, seat, k, o["card"], o["nonce"])
                != wire["commit"]
            ):
                raise Cheat("return_mismatch", player=seat)
            action = Action(Kind.RETURN, card=parse_card(o["card"]))
        else:
            action = action_from_json(wire)
        actions.append(action_to_json(action))
        try:
            s = apply(s, action, seat)
        except GameError as e:
            raise Cheat(
                "illegal_move", player=seat, move=action_text(action), rule=e.code
            ) from None
    if made[other] != len(openings[other]):
        raise Cheat("return_mismatch", player=other)
    if (s.sides, s.owner, s.outcome) != (final_state.sides, final_state.owner, final_state.outcome):
        raise Cheat("illegal_move", player=other, move="-", rule="replay")
    return {"round": cards.round, "ok": True, "deal": deal, "actions": actions}
