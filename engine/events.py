"""Events: what happened in a game, as data, and who may see which part of it.

``turn.apply_events`` (and a replay of a record) tell every action as a list of events,
plain JSON-ready dicts with a ``type``. Stones are numbered 0-8 and players 0/1 as in
every format; cards are in short notation. The kinds and their fields are listed in
``docs/formats.md`` ("Events").

An event is made in its full form. ``redact(event, player)`` gives the form that
``player`` may see (``None``: a spectator, or the table between two players' turns):
a drawn card, and a card put back by the Recruiter, show only to their owner. The
engine owns this: nothing else decides what an event hides.

>>> e = {"type": "draw", "player": 0, "deck": "clan", "card": "R7", "auto": False}
>>> redact(e, 1)
{'type': 'draw', 'player': 0, 'deck': 'clan', 'auto': False}
>>> redact(e, 0) == e
True
"""

from __future__ import annotations

from .cards import BLIND, COLOURS, N_CLAN, card_text
from .formations import declared
from .rules import CAPACITY

DECKS = ("clan", "tactic")

TYPES = (
    "play",
    "move",
    "pass",
    "claim",
    "claims_done",
    "draw",
    "return",
    "turn",
    "stuck",
    "round_end",
    "match_end",
    "round_start",
    "shuffle",
)

# The fields of each kind that only its ``player`` may see.
PRIVATE = {"draw": ("card",), "return": ("card",)}


def redact(event: dict, player) -> dict:
    """The form of ``event`` that ``player`` (0, 1, or ``None`` for nobody's hand) may see."""
    hidden = PRIVATE.get(event["type"])
    if hidden and event["player"] != player:
        return {k: v for k, v in event.items() if k not in hidden}
    return event


def redact_all(events, player) -> list:
    return [redact(e, player) for e in events]


def declared_json(state, stone: int, p: int) -> list:
    """How the elite troops of player ``p``'s complete side of ``stone`` are resolved:
    ``[{"card": "Joker", "as": "R8"}]`` (empty without elite troops or while incomplete)."""
    cards = state.sides[2 * stone + p]
    mode = state.modes[stone]
    if len(cards) < CAPACITY[mode] or all(c < N_CLAN for c in cards):
        return []
    pairs = declared(cards, mode == BLIND)
    return [
        {"card": card_text(c), "as": f"{COLOURS[colour]}{value}"}
        for c, (colour, value) in zip(cards, pairs)
        if c >= N_CLAN
    ]
