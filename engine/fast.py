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

from .actions import CLAIM
from .cards import N_CLAN
from .rules import _PLACE, apply_fast, claimable, legal_actions
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
            rooms = [s for s in range(9)
                     if owner[s] < 0 and len(sides[2 * s + p]) < (4 if modes[s] == MUD else 3)]
            if rooms:   # every (card, stone) pair is legal: sample the product
                i = rng.randrange(len(hand) * len(rooms))
                return _PLACE[hand[i // len(rooms)]][rooms[i % len(rooms)]]
    elif step == CLAIM_STEP:
        stones = claimable(state, p)
        if stones:
            return legal_actions(state)[0]
    acts = legal_actions(state)
    if acts[0].kind == CLAIM:
        return acts[0]
    return acts[rng.randrange(len(acts))]


def play_out(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end of the match in place with ``random_action``; returns it."""
    while state.step != OVER:
        apply_fast(state, random_action(state, rng))
    return state
