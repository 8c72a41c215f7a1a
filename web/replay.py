"""A game as a list of turns to step through: the replay viewer's data, from a record.

A record here is the table's: ``start`` (rules and seed) and ``entries``, the JSON actions
in order with, after a take-back, ``{"kind": "shuffle", "seed": S}`` (the decks shuffled
again, ``engine.turn.reshuffle``). ``replay_record`` rebuilds the states and events;
``Replay`` cuts them into steps (the start of each round, then one step per turn) with
the view of each step from a seat, from nobody's seat, or with every card open.

>>> start = {"rules": {"tactics": False}, "seed": 3}
>>> state, events = replay_record(start, [{"kind": "play", "card": "Y7", "stone": 0}])
>>> [e["type"] for e in events[0]]
['play', 'draw', 'turn']
"""

from __future__ import annotations

from engine import Rules, action_from_json, apply_events, narrate, new_game, redact_all, view
from engine.cards import card_text
from engine.turn import reshuffle

# Who may look through which seat: "open" shows every card, allowed once the game is over.
MODES = ("0", "1", "public", "open")


def replay_record(start: dict, entries: list, keep_states: bool = False):
    """``(final state, events per entry)``, and with ``keep_states`` the state after each
    entry as a third item. Raises ``IllegalAction``/``ValueError`` on a bad entry."""
    state = new_game(Rules.from_json(start.get("rules") or {}), start.get("seed", 0))
    events, states = [], [state]
    for entry in entries:
        if isinstance(entry, dict) and entry.get("kind") == "shuffle":
            seed = entry.get("seed")
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise ValueError(f"a shuffle entry needs a whole-number seed, not {seed!r}")
            state = state.copy()
            ev: list = []
            reshuffle(state, seed, ev)
        else:
            state, ev = apply_events(state, action_from_json(entry))
        events.append(ev)
        if keep_states:
            states.append(state)
    return (state, events, states) if keep_states else (state, events)


class Replay:
    """The steps of a game: ``steps[i]`` is ``(entry index after which it stands, player
    whose turn it was or None)``; step 0 is the deal."""

    def __init__(self, start: dict, entries: list):
        self.start, self.entries = start, entries
        self.final, self.events, self.states = replay_record(start, entries, keep_states=True)
        self.over = self.final.over
        self.steps = [(0, None)]
        for i, ev in enumerate(self.events):
            ends = any(e["type"] in ("turn", "round_end", "round_start") for e in ev)
            if ends or i == len(self.events) - 1:
                actor = next((e["player"] for e in ev if e["type"] in ("play", "pass", "claim",
                                                                       "draw", "return")), None)
                if actor is None and self.steps[-1][0] < i:   # a claim step's "done" ends it
                    actor = next((e["player"] for ev2 in self.events[self.steps[-1][0]:i + 1]
                                  for e in ev2 if "player" in e and e["type"] != "turn"), None)
                self.steps.append((i + 1, actor))

    def moves(self, seat, words) -> list[dict]:
        """The move list: for each step after the deal, its lines as ``seat`` may read them."""
        out = []
        for k in range(1, len(self.steps)):
            lo, hi = self.steps[k - 1][0], self.steps[k][0]
            flat = [e for ev in self.events[lo:hi] for e in ev]
            lines = narrate(redact_all(flat, None if seat == "open" else seat), words)
            out.append({"player": self.steps[k][1],
                        "text": " ".join(ln["text"] for ln in lines)})
        return out

    def step_of(self, i: int) -> int:
        """The step that entry ``i`` belongs to (1..)."""
        return next(k for k in range(1, len(self.steps)) if i < self.steps[k][0])

    def view(self, k: int, mode: str) -> dict:
        """The table at step ``k`` through ``mode`` (a seat "0"/"1", "public" or "open")."""
        state = self.states[self.steps[k][0]]
        if mode == "open":
            v = view(state, None)
            v["open_hands"] = [[card_text(c) for c in h] for h in state.hands]
            return v
        return view(state, None if mode == "public" else int(mode))
