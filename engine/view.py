"""What one player may see: ``view(state, player)`` as a plain JSON-ready dict.

The view holds the player's own hand, the table, the discard pile and the counts of
hidden cards. It never holds the opponent's hand or the deck order. ``view(state,
None)`` is the spectator's view (the table between two players' turns): no hand at all.
Formations and claim proofs are data; ``engine.words`` puts them into words.

>>> from engine.state import new_game
>>> v = view(new_game(seed=1), 0)
>>> len(v["hand"]), v["hand_sizes"], "deck" in v
(6, [6, 6], False)
>>> view(new_game(seed=1), None)["hand"]
[]
"""

from __future__ import annotations

from .actions import action_to_json
from .cards import BLIND, card_text
from .claims import claim_proof
from .events import declared_json
from .formations import formation, strength
from .legality import legal_actions
from .rules import CAPACITY, checked_player, match_winner, round_points
from .state import AFTER_PLAY, State, Step


def _side_json(state: State, s: int, q: int) -> dict:
    cards = state.sides[2 * s + q]
    cap = CAPACITY[state.modes[s]]
    blind = state.modes[s] == BLIND
    out = {
        "cards": [card_text(c) for c in cards],
        "complete": len(cards) == cap,
        "done_at": state.done_at[2 * s + q],
    }
    if len(cards) == cap:
        out["formation"] = formation(strength(cards, blind), blind, cap)
        out["declared"] = declared_json(state, s, q)
    return out


def stone_json(state: State, s: int) -> dict:
    mode = state.modes[s]
    return {
        "owner": None if state.owner[s] < 0 else state.owner[s],
        "mode": None if mode < 0 else card_text(mode),
        "capacity": CAPACITY[mode],
        "sides": [_side_json(state, s, 0), _side_json(state, s, 1)],
    }


def claim_when(state: State, player: int) -> str:
    """When ``player`` could make a claim that holds now: ``now`` (their claim step),
    ``this_turn`` (after the play they are making), ``next_turn`` (Expert timing: at the
    start of their next turn) or ``their_turn`` (it is the opponent's turn)."""
    if state.to_move != player:
        return "their_turn"
    if state.step == Step.CLAIM:
        return "now"
    if state.step == Step.PLAY and state.rules.claim_timing == AFTER_PLAY:
        return "this_turn"
    return "next_turn"


def view(state: State, player) -> dict:
    """Everything ``player`` may know, with their legal actions when it is their turn;
    ``player=None``: what everybody may know."""
    if player is not None:
        checked_player(player)
    mine = player is not None and state.to_move == player
    v = {
        "player": player,
        "rules": state.rules.to_json(),
        "round": state.round,
        "scores": state.scores[:],
        "history": [
            {
                "winner": w,
                "reason": str(r),
                "stones": [a, b],
                "points": list(round_points(w, (a, b))),
            }
            for w, r, a, b in state.history
        ],
        "to_move": state.to_move,
        "step": str(state.step),
        "hand": [] if player is None else [card_text(c) for c in state.hands[player]],
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "deck_sizes": [len(state.decks[0]), len(state.decks[1])],
        "stones": [stone_json(state, s) for s in range(9)],
        "discard": [card_text(c) for c in state.discard],
        "tactics_played": state.tactics_played[:],
        "joker_played": state.joker_played[:],
        "tick": state.tick,
        # Public: whether the player to move has played (or passed: false) and claimed this
        # turn. The AI's world sampler rebuilds the state from them (engine.ai.world).
        "played": state.played,
        "claimed": state.claimed,
        "draws_left": state.draws_left,
        "returns_left": state.returns_left,
        "passes": state.passes,
        "outcome": None if state.outcome is None else state.outcome.to_json(),
        "match_winner": match_winner(state.scores) if state.step == Step.OVER else None,
        "legal": [action_to_json(a) for a in legal_actions(state)] if mine else [],
    }
    claims: list[dict] = []
    v["claims"] = claims
    if player is not None:
        when = claim_when(state, player)
        for s in range(9):
            if state.owner[s] < 0:
                proof = claim_proof(state, player, s)
                claims.append({"stone": s, "ok": proof["ok"], "proof": proof, "when": when})
    return v
