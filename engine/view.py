"""What one player may see: ``view(state, player)`` as a plain JSON-ready dict.

The view holds the player's own hand, the table, the discard pile and the
counts of hidden cards. It never holds the opponent's hand or the deck order.

>>> from engine.state import new_game
>>> v = view(new_game(seed=1), 0)
>>> len(v["hand"]), v["hand_sizes"], "deck" in v
(6, [6, 6], False)
"""

from __future__ import annotations

from .actions import action_to_json
from .cards import BLIND, MUD, card_text
from .formations import declared, describe_strength, strength
from .rules import claim_verdict, legal_actions
from .state import PLAYER_NAMES, State


def _side_json(state: State, s: int, q: int) -> dict:
    cards = state.sides[2 * s + q]
    cap = state.capacity(s)
    blind = state.modes[s] == BLIND
    out = {"cards": [card_text(c) for c in cards], "complete": len(cards) == cap,
           "done_at": state.done_at[2 * s + q]}
    if len(cards) == cap:
        out["formation"] = describe_strength(strength(cards, blind), blind, cap)
        out["declared"] = [f"{'ROYGBP'[c]}{v}" for c, v in declared(cards, blind)]
    return out


def stone_json(state: State, s: int) -> dict:
    mode = state.modes[s]
    return {
        "owner": None if state.owner[s] < 0 else state.owner[s],
        "mode": None if mode < 0 else card_text(mode),
        "capacity": 4 if mode == MUD else 3,
        "sides": [_side_json(state, s, 0), _side_json(state, s, 1)],
    }


def view(state: State, player: int) -> dict:
    """Everything ``player`` may know, with their legal actions when it is their turn."""
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, not {player!r}")
    mine = state.to_move == player
    v = {
        "player": player,
        "names": list(PLAYER_NAMES),
        "rules": state.rules.to_json(),
        "round": state.round,
        "scores": state.scores[:],
        "history": [{"winner": w, "reason": r, "stones": [a, b]} for w, r, a, b in state.history],
        "to_move": state.to_move,
        "step": state.step,
        "hand": [card_text(c) for c in state.hands[player]],
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "deck_sizes": [len(state.decks[0]), len(state.decks[1])],
        "stones": [stone_json(state, s) for s in range(9)],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:],
        "joker_played": state.joker_played[:],
        "tick": state.tick,
        "draws_left": state.draws_left,
        "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "legal": [action_to_json(a) for a in legal_actions(state)] if mine else [],
        "claims": [],
    }
    for s in range(9):
        if state.owner[s] < 0:
            ok, reason = claim_verdict(state, player, s)
            v["claims"].append({"stone": s, "ok": ok, "reason": reason})
    return v
