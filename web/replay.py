"""Records read: a game as the table keeps it, checked and played through by the engine.

A record here is the table's: ``start`` (rules and seed, and the record's ``deal`` if it has
one) and ``entries``, the JSON actions
in order with, after a take-back, ``{"kind": "shuffle", "seed": S}`` (the decks shuffled
again, ``engine.turn.reshuffle``). ``read_record`` checks and replays it (the rules and
seed by the engine's record reader, ``engine.records``): a save and a take-back read their
game with it at the first table. The replay viewer (``viewer.py``) is loaded on first use.

>>> start = {"rules": {"tactics": False}, "seed": 3}
>>> state, events = read_record(start, [{"kind": "play", "card": "Y7", "stone": 0}])
>>> [e["type"] for e in events[0]]
['play', 'draw', 'turn']
"""

from __future__ import annotations

from refusal import RecordError

from engine import GameError, action_from_json, apply_events
from engine.actions import Kind, shown
from engine.documents import VERSION
from engine.records import RECORD_FORMAT, deal_next_round, read_deals, replay_events
from engine.turn import reshuffle

# What the engine's reader refuses a record with: every refusal is a GameError.
REFUSED = GameError


def read_record(start: dict, entries: list, keep_states: bool = False):
    """``(final state, events per entry)`` of a record, and with ``keep_states`` the state
    after each entry as a third item. Its rules and seed are read by the engine's reader;
    an entry that cannot be played is ``RecordError("bad_entry")`` with the engine's own
    refusal inside, so it is worded in the player's language."""
    doc = {
        "format": RECORD_FORMAT,
        "version": VERSION,
        "rules": start.get("rules") or {},
        "seed": start.get("seed", 0),
        "actions": [],
    }
    if "deal" in start:  # a fixed deal, or one per round (a game between two devices)
        doc["deal"] = start["deal"]
    state, _actions, _events = replay_events(doc)
    deals = read_deals(doc["deal"], state.rules) if "deal" in doc else None
    events, states = [], [state]
    for i, entry in enumerate(entries):
        try:
            if isinstance(entry, dict) and entry.get("kind") == "shuffle":
                if type(entry.get("seed")) is not int or len(entry) != 2:
                    raise RecordError("bad_shuffle", value=shown(entry))
                state = state.copy()
                ev: list = []
                reshuffle(state, entry["seed"], ev)
            else:
                action = action_from_json(entry)
                state, ev = apply_events(state, action)
                if action.kind == Kind.NEXT_ROUND:
                    deal_next_round(state, deals)
        except GameError as e:
            raise RecordError("bad_entry", inner=e, index=i + 1) from None
        events.append(ev)
        if keep_states:
            states.append(state)
    return (state, events, states) if keep_states else (state, events)
