"""Schotten Totten rules engine: pure Python, standard library only.

>>> from engine import Rules, new_game, legal_actions, apply, view
>>> s = new_game(Rules(), seed=7)
>>> s = apply(s, legal_actions(s)[0])
>>> view(s, 1)["to_move"]
1
"""

from .actions import DISCARD, Action, IllegalAction, action_from_json, action_text, action_to_json
from .cards import card_text, card_title, parse_card
from .records import FormatError, position_from_json, position_to_json, record_to_json, replay
from .rules import (
                      apply,
                      apply_fast,
                      can_claim,
                      check,
                      claim_verdict,
                      claimable,
                      legal_actions,
                      match_winner,
)
from .state import AFTER_PLAY, START_OF_TURN, Outcome, Rules, State, new_game
from .view import view

__all__ = [
    "AFTER_PLAY", "START_OF_TURN", "DISCARD", "Action", "FormatError", "IllegalAction",
    "Outcome", "Rules", "State", "action_from_json", "action_text", "action_to_json", "apply",
    "apply_fast", "can_claim", "card_text", "card_title", "check", "claim_verdict", "claimable",
    "legal_actions", "match_winner", "new_game", "parse_card", "position_from_json",
    "position_to_json", "record_to_json", "replay", "view",
]
