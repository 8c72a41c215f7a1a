"""The fast path for search and benchmarks: in-place play with no checks.

Everything here trusts its caller, like ``rules.apply_fast``: feed it states
from the engine and actions it lists. ``random_action`` draws uniformly from
``legal_actions(state)`` (taking a claim first, when one is provable) without
building the whole list in the common case.

>>> import random
>>> from engine.state import new_game
>>> s = new_game(seed=4)
>>> play_out(s, random.Random(4)).step
'over'
"""

from __future__ import annotations

import random

from .actions import CLAIM, DONE_ACTION
from .cards import N_CLAN
from .rules import _CLAIMS, _PLACE, apply_fast, can_claim, legal_actions
from .state import CLAIM as CLAIM_STEP
from .state import MUD, OVER, PLAY, State


def random_action(state: State, rng: random.Random):
    """A uniformly random legal action, or the first provable claim."""
    step = state.step
    p = state.to_move
    if step == PLAY:
        hand = state.hands[p]
        if hand and hand[-1] < N_CLAN:   # sorted: no tactic card in hand
            owner, modes, sides = state.owner, state.modes, state.sides
            rooms = [s for s, i in _SEATS[p]
                     if owner[s] < 0 and (len(sides[i]) < 3
                                          or modes[s] == MUD and len(sides[i]) < 4)]
            if rooms:   # every (card, stone) pair is legal: sample the product
                n = len(rooms)
                i = rng.randrange(len(hand) * n)
                return _PLACE[hand[i // n]][rooms[i % n]]
    elif step == CLAIM_STEP:
        # legal_actions lists the provable claims in stone order, then done.
        done = state.done_at
        for s in range(9):
            if done[2 * s + p] and can_claim(state, p, s):
                return _CLAIMS[s]
        return DONE_ACTION
    acts = legal_actions(state)
    if acts[0].kind == CLAIM:
        return acts[0]
    return acts[rng.randrange(len(acts))]


# (stone, index into sides) for each player's seats.
_SEATS = tuple(tuple((s, 2 * s + p) for s in range(9)) for p in (0, 1))


def play_out(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end of the match in place with ``random_action``; returns it."""
    while state.step != OVER:
        apply_fast(state, random_action(state, rng))
    return state
