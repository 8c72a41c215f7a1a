"""Exact proofs of the three kinds of puzzle: which plays work, every one of them.

Each function takes a position at the play step and returns every play of the
player to move (``p``) that does what the kind asks, so a puzzle is one where the
list holds exactly one play.

- ``claim_it``: plays after which ``p`` can prove a stone this turn (claims come after
  the play under the default claim timing), from a position where nothing is provable yet.
- ``save_it``: plays after which (and after ``p``'s own claims) the opponent cannot prove
  a given stone on their next turn, whatever card they hold: any card not face up and
  not in ``p``'s hand may be theirs. ``threat`` finds the opponent's reply that claims.
- ``win_it``: with both decks empty both hands are known; the exact endgame solver
  (``engine.ai.endgame``) tells the plays that win the round by force.

>>> from engine.puzzles.codec import decode
>>> p = decode("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0")
>>> claim_it(p.state)      # an empty table: no play proves a stone
{}
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..ai.endgame import OutOfBudget, Solver
from ..cards import N_CLAN
from ..claims import can_claim_fast, claimable_fast
from ..completions import ALL_CLAN
from ..legality import legal_actions
from ..rules import CAPACITY
from ..state import State, Step
from ..turn import apply_fast

# Positions the endgame solver may search for one *win it* puzzle: enough for most
# positions once the deck is out, small enough that re-proving every puzzle stays quick.
WIN_NODES = 40_000


def plays(state: State) -> list[Action]:
    """The plays of the player to move (a pass is no answer to a puzzle)."""
    return [a for a in legal_actions(state) if a.kind == Kind.PLAY]


def after_turn(state: State, a: Action) -> tuple[State, list[int]]:
    """The state after ``a`` and every claim it allows (stone order), and those stones."""
    t = state.copy()
    p = t.to_move
    apply_fast(t, a)
    won = []
    while t.step == Step.CLAIM and t.to_move == p:
        stones = claimable_fast(t, p)
        if not stones:
            apply_fast(t, Action(Kind.DONE))
            break
        won.append(stones[0])
        apply_fast(t, Action(Kind.CLAIM, stone=stones[0]))
    return t, won


def claim_it(state: State) -> dict:
    """``{play: stones it lets the mover prove}`` for every play that proves a stone; empty
    when a stone is provable already (then any play would do)."""
    p = state.to_move
    if claimable_fast(state, p):
        return {}
    out = {}
    for a in plays(state):
        t = state.copy()
        apply_fast(t, a)
        if t.step == Step.CLAIM and t.to_move == p:
            out[a] = claimable_fast(t, p)
    return out


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def threat(t: State, q: int, pool: int, stone: int | None = None):
    """A play of card ``c`` (from ``pool``, a card mask) at stone ``s`` after which ``q``
    can prove stones (``stone`` among them, when given), as ``(c, s, stones)``; ``None``
    when no card of the pool does. Cards are put on the table and taken back (the claim
    verdicts restored)."""
    return next(_threats(t, q, pool, stone), None)


def threatened(t: State, q: int, pool: int) -> set:
    """Every stone ``q`` could prove on their next turn with some card of ``pool``."""
    out: set = set()
    for _, _, stones in _threats(t, q, pool, None):
        out.update(stones)
    return out


def _threats(t: State, q: int, pool: int, stone: int | None):
    if t.step in (Step.OVER, Step.ROUND_OVER) or (stone is not None and t.owner[stone] >= 0):
        return
    sides, modes, owner = t.sides, t.modes, t.owner
    rooms = [s for s in range(9) if owner[s] < 0 and len(sides[2 * s + q]) < CAPACITY[modes[s]]]
    if not rooms:
        stones = claimable_fast(t, q)
        if stones and (stone is None or stone in stones):
            yield None, None, stones
        return
    completing = [s for s in rooms if len(sides[2 * s + q]) == CAPACITY[modes[s]] - 1]
    if stone is not None and not t.done_at[2 * stone + q]:
        completing = [s for s in completing if s == stone]  # only completing it can prove it
        if not completing:
            return
    other = [s for s in rooms if s not in completing][:1]  # any other room: the card shows
    proofs, faceup, tick = t.proofs[:], t.faceup, t.tick
    for c in _bits(pool):
        for s in completing + other:
            side = sides[2 * s + q]
            side.append(c)
            t.faceup = faceup | 1 << c
            t.proofs[2 * s] = t.proofs[2 * s + 1] = None
            done = len(side) == CAPACITY[modes[s]]
            if done:
                t.done_at[2 * s + q] = tick
                t.tick = tick + 1
            if stone is None:
                stones = claimable_fast(t, q)
            else:
                stones = [stone] if can_claim_fast(t, q, stone) else []
            side.pop()
            t.faceup, t.tick = faceup, tick
            if done:
                t.done_at[2 * s + q] = 0
            t.proofs[:] = proofs
            if stones:
                yield c, s, stones


def unseen_for_opponent(state: State) -> int:
    """The cards the opponent of the mover may hold: clan cards neither face up nor in the
    mover's hand (the card the mover will draw is not known yet, so it stays in)."""
    mine = 0
    for c in state.hands[state.to_move]:
        if c < N_CLAN:
            mine |= 1 << c
    return ALL_CLAN & ~state.faceup & ~mine


def save_it(state: State, stone: int) -> dict:
    """``{play: None}`` for every play after which (and after the mover's own claims) the
    opponent cannot prove ``stone`` on their next turn, whatever card they hold (a play
    that ends the round, or claims ``stone``, included)."""
    q = 1 - state.to_move
    pool = unseen_for_opponent(state)
    out: dict = {}
    for a in plays(state):
        t, _ = after_turn(state, a)
        if threat(t, q, pool & ~(1 << a.card), stone) is None:
            out[a] = None
    return out


def threats_after_each(state: State) -> dict:
    """``{play: stones the opponent could then prove}``: where *save the stone* looks."""
    q = 1 - state.to_move
    pool = unseen_for_opponent(state)
    out = {}
    for a in plays(state):
        t, _ = after_turn(state, a)
        out[a] = threatened(t, q, pool & ~(1 << a.card))
    return out


def win_it(state: State, nodes: int = WIN_NODES, stop_at: int = 2) -> dict | None:
    """``{play: True}`` for the plays that win the round by force, stopping at ``stop_at``
    of them; ``None`` when the decks are not both empty or the search needs more than
    ``nodes`` positions."""
    if state.decks[0] or state.decks[1]:
        return None
    p = state.to_move
    solver = Solver(p, nodes)
    out: dict = {}
    try:
        for a in plays(state):
            t = state.copy()
            apply_fast(t, a)
            if solver.value(t, 0.75, 1.0) >= 1.0:
                out[a] = True
                if len(out) >= stop_at:
                    break
    except OutOfBudget:
        return None
    return out


def winning_line(state: State, first: Action, nodes: int = WIN_NODES, most: int = 16) -> tuple:
    """The forced win after ``first``: the mover's plays and claims, each opponent reply the
    solver's first choice, until the round is won (at most ``most`` actions)."""
    p = state.to_move
    line = [first]
    t = state.copy()
    apply_fast(t, first)
    solver = Solver(p, nodes * 4)
    while t.step not in (Step.OVER, Step.ROUND_OVER) and len(line) < most:
        acts = legal_actions(t)
        if t.to_move == p:
            pick = next(a for a in acts if solver.value(_after(t, a), 0.75, 1.0) >= 1.0)
        else:
            pick = acts[0]  # every reply loses: the first in the engine's order
        apply_fast(t, pick)
        if pick.kind in (Kind.PLAY, Kind.CLAIM):
            line.append(pick)
    return tuple(line)


def _after(state: State, a: Action) -> State:
    t = state.copy()
    apply_fast(t, a)
    return t
