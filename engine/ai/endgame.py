"""Exact endgames: once both decks are empty, the round is a game of perfect information.

A player knows their own hand and every card face up; with both decks empty the
opponent's hand is what is left (``Worlds`` deals it by elimination: every
sample is the same). ``solve`` then searches the rest of the round exactly:
every legal action of both players (plays, tactic cards, passes, claims and
``done``) through the engine's fast path, alpha-beta over the round's result
(win 1, draw 1/2, loss 0), memoised on the position (a transposition table with
bounds). Claims come first in the move order, so most proofs are short.

A Recruiter played with empty decks sends two cards back under the decks, where
both players may draw them again: the solver follows the real order of the
cards (it searches the one world the view allows), which a player who did not
return them cannot know; it happens in a handful of endgames.

>>> from engine import Rules, new_game
>>> from engine.ai.endgame import solve
>>> s = new_game(Rules(tactics=False), seed=5)
>>> s.decks = [[], []]                      # a contrived position: decks run out at once
>>> solve(s, 0, nodes=50) is None         # far too big for 50 positions
True
"""

from __future__ import annotations

import time as _time

from ..actions import Kind
from ..cards import N_CLAN
from ..legality import legal_actions
from ..state import Step
from ..turn import apply_fast
from .playout import placement_scores

# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_STEP_OVER, _STEP_ROUND_OVER = Step.OVER, Step.ROUND_OVER

# Positions searched before giving up (Hard then falls back to its search): about a second
# in CPython at worst; most endgames with both decks empty are decided in far fewer.
NODES = 20_000
EXACT, LOWER, UPPER = 0, 1, 2


class OutOfBudget(Exception):
    """The position needs more than the node budget."""


def decks_empty(state) -> bool:
    return not state.decks[0] and not state.decks[1]


def result(state, p: int) -> float:
    """The round's result for ``p`` once it is over: 1, 1/2 or 0."""
    w = state.outcome.winner
    return 0.5 if w is None else 1.0 if w == p else 0.0


def key(state) -> tuple:
    """What decides the rest of the round (not the scores or earlier rounds)."""
    return (
        tuple(map(tuple, state.hands)),
        tuple(map(tuple, state.sides)),
        tuple(state.modes),
        tuple(state.owner),
        _order(state.done_at),
        tuple(map(tuple, state.decks)),
        state.faceup,
        len(state.discard),
        tuple(state.tactics_played),
        tuple(state.joker_played),
        state.to_move,
        state.step,
        state.played,
        state.claimed,
        state.passes,
        state.draws_left,
        state.returns_left,
    )


def _order(done_at) -> tuple:
    """Completion ticks only matter by their order (who completed a stone first)."""
    ticks = sorted(t for t in done_at if t)
    rank = {t: i + 1 for i, t in enumerate(ticks)}
    return tuple(rank.get(t, 0) for t in done_at)


def _ordered(actions, state):
    """Claims first (they end rounds and cut the search), ``done`` and passes last.

    Once both players have passed in succession, a player who may claim must: declining
    claims for ever would keep a stuck round from ending (the engine counts passes on).
    """
    claims = [a for a in actions if a.kind == Kind.CLAIM]
    if claims and state.passes >= 2:
        return claims
    rest = [
        a for a in actions if a.kind != Kind.CLAIM and a.kind != Kind.DONE and a.kind != Kind.PASS
    ]
    if state.step == Step.PLAY and len(rest) > 1:
        # The likeliest placements first (the fast table measure): better cut-offs.
        scored = placement_scores(state, state.to_move)
        rank = {x: -v for v, x in scored}
        rest.sort(key=lambda a: rank.get(a.card * 9 + a.stone, 1.0) if a.card < N_CLAN else 2.0)
    last = [a for a in actions if a.kind == Kind.DONE or a.kind == Kind.PASS]
    return claims + rest + last


class Solver:
    """Alpha-beta over the rest of the round for player ``p``, memoised across calls."""

    def __init__(self, p: int, nodes: int = NODES, deadline: float | None = None):
        self.p = p
        self.budget = nodes
        self.deadline = deadline
        self.nodes = 0
        self.table: dict = {}

    def value(self, state, alpha: float = 0.0, beta: float = 1.0) -> float:
        """The exact value of ``state`` for ``p`` when it lies in ``(alpha, beta)``; else a
        bound on the right side of the window (fail-hard)."""
        step = state.step
        if step == _STEP_OVER or step == _STEP_ROUND_OVER:
            return result(state, self.p)
        k = key(state)
        hit = self.table.get(k)
        if hit is not None:
            v, flag = hit
            if flag == EXACT:
                return v
            if flag == LOWER and v >= beta:
                return v
            if flag == UPPER and v <= alpha:
                return v
        self.nodes += 1
        if self.nodes > self.budget or (
            self.deadline is not None
            and not self.nodes & 255
            and _time.perf_counter() > self.deadline
        ):
            raise OutOfBudget
        maxing = state.to_move == self.p
        a0, b0 = alpha, beta
        best = 0.0 if maxing else 1.0
        for a in _ordered(legal_actions(state), state):
            t = state.copy()
            apply_fast(t, a)
            v = self.value(t, alpha, beta)
            if maxing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if best <= a0:
            self.table[k] = (best, UPPER)
        elif best >= b0:
            self.table[k] = (best, LOWER)
        else:
            self.table[k] = (best, EXACT)
        return best

    def exact(self, state) -> float:
        return self.value(state, -0.1, 1.1)


def solve(state, p: int, nodes: int = NODES) -> dict | None:
    """``{action: exact value for p}`` for every legal action of the player to move, or
    ``None`` when the round needs more than ``nodes`` positions (tests and probes; Hard
    asks ``best_action``, which is cheaper)."""
    solver = Solver(p, nodes)
    out = {}
    try:
        for a in _ordered(legal_actions(state), state):
            t = state.copy()
            apply_fast(t, a)
            out[a] = solver.exact(t)
    except OutOfBudget:
        return None
    return out


def best_action(state, p: int, actions=None, nodes: int = NODES, deadline: float | None = None):
    """``(value, action)``: an action of the player to move (``p``) that reaches the round's
    exact value, the first such in ``actions`` (default: every legal action, claims
    first); ``None`` when the round needs more than ``nodes`` positions.

    Null-window tests (can ``p`` win? if not, draw?) cut far more than exact values.
    """
    if actions is None:
        actions = _ordered(legal_actions(state), state)
    solver = Solver(p, nodes, deadline)
    children = []
    for a in actions:
        t = state.copy()
        apply_fast(t, a)
        children.append((a, t))
    try:
        for target in (1.0, 0.5):
            for a, t in children:
                if solver.value(t, target - 0.25, target) >= target:
                    return target, a
    except OutOfBudget:
        return None
    return 0.0, actions[0]
