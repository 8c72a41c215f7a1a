"""Schotten Totten rules engine: pure Python, standard library only.

>>> from engine import Rules, new_game, legal_actions, apply, view
>>> s = new_game(Rules(), seed=7)
>>> s = apply(s, legal_actions(s)[0])
>>> view(s, 1)["to_move"]
1
"""

from .actions import (
    DISCARD,
    Action,
    IllegalAction,
    Kind,
    action_from_json,
    action_text,
    action_to_json,
)
from .cards import card_text, card_title, parse_card
from .claims import can_claim, claim_proof, claimable
from .errors import FormatError, GameError, MalformedAction
from .events import redact, redact_all
from .legality import check, legal_actions
from .narrate import claim_verdict, narrate
from .positions import position_from_json, position_to_json
from .records import record_to_json, replay, replay_events
from .rules import Reason, capacity, match_winner, round_points, win_shape
from .state import AFTER_PLAY, START_OF_TURN, Outcome, Rules, State, Step, new_game
from .turn import apply, apply_events, apply_fast
from .view import view
from .words import Words

__all__ = [
    "AFTER_PLAY",
    "DISCARD",
    "START_OF_TURN",
    "Action",
    "FormatError",
    "GameError",
    "IllegalAction",
    "Kind",
    "MalformedAction",
    "Outcome",
    "Reason",
    "Rules",
    "State",
    "Step",
    "Words",
    "action_from_json",
    "action_text",
    "action_to_json",
    "apply",
    "apply_events",
    "apply_fast",
    "can_claim",
    "capacity",
    "card_text",
    "card_title",
    "check",
    "claim_proof",
    "claim_verdict",
    "claimable",
    "legal_actions",
    "match_winner",
    "narrate",
    "new_game",
    "parse_card",
    "position_from_json",
    "position_to_json",
    "record_to_json",
    "redact",
    "redact_all",
    "replay",
    "replay_events",
    "round_points",
    "view",
    "win_shape",
]
