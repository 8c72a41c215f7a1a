"""A device's engine state as JSON, for its save: cards as text, hidden cards as their backs.

The engine's position format (``engine.records``) describes a whole game, every card known,
and refuses a back; an endpoint's state knows only its own hand. This writes every field of
``engine.state.State`` (the claim cache excepted), cards in short notation so that a save can
be searched for a card, and reads it back.

>>> from engine.state import new_game
>>> s = new_game(seed=2)
>>> state_from_json(state_to_json(s)) == s
True
"""

from __future__ import annotations

from ..cards import BACK_NAMES, card_text, parse_card
from ..state import Outcome, Rules, State

_BY_BACK = {name: code for code, name in BACK_NAMES.items()}
# Every field of State but those holding cards or objects (written one by one below): a field
# added to State is saved with the rest, and the round trip's test checks it reads back.
_SPECIAL = ("rules", "hands", "decks", "sides", "discard", "outcome", "history", "proofs")
_PLAIN = tuple(k for k in State.__slots__ if k not in _SPECIAL)


def _texts(cards) -> list:
    return [card_text(c) for c in cards]


def _codes(texts) -> list:
    return [_BY_BACK[t] if t in _BY_BACK else parse_card(t) for t in texts]


def state_to_json(s: State) -> dict:
    out = {k: getattr(s, k) for k in _PLAIN}
    out["modes"] = [None if m < 0 else card_text(m) for m in s.modes]
    out.update(
        rules=s.rules.to_json(),
        hands=[_texts(h) for h in s.hands],
        decks=[_texts(d) for d in s.decks],
        sides=[_texts(x) for x in s.sides],
        discard=_texts(s.discard),
        outcome=None if s.outcome is None else s.outcome.to_json(),
        history=[list(h) for h in s.history],
    )
    return out


def state_from_json(data: dict) -> State:
    """The state ``state_to_json`` wrote (a device's own save: a damaged one raises
    ``KeyError``, ``TypeError`` or ``ValueError``, which the endpoint words)."""
    s = State.__new__(State)
    for k in _PLAIN:
        setattr(s, k, data[k])
    s.scores, s.owner, s.done_at = list(s.scores), list(s.owner), list(s.done_at)
    s.tactics_played, s.joker_played = list(s.tactics_played), list(s.joker_played)
    s.modes = [-1 if m is None else parse_card(m) for m in data["modes"]]
    s.rules = Rules.from_json(data["rules"])
    s.hands = [_codes(h) for h in data["hands"]]
    s.decks = [_codes(d) for d in data["decks"]]
    s.sides = [_codes(x) for x in data["sides"]]
    s.discard = _codes(data["discard"])
    o = data["outcome"]
    s.outcome = None if o is None else Outcome(o["winner"], o["reason"])
    s.history = tuple(tuple(h) for h in data["history"])
    s.proofs = [None] * 18
    if len(s.hands) != 2 or len(s.decks) != 2 or len(s.sides) != 18 or len(s.modes) != 9:
        raise ValueError("state: wrong shape")
    return s
