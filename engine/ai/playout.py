"""A fast playout policy for search: sensible card placement from lookup tables.

Search plays hundreds of games ahead per decision, so each move here must cost
microseconds. A side's prospects come from tables built once: the exact
strength of three clan cards, and for one or two cards the typical strength
they grow into. A move's score is how much it raises the chance of winning that
stone against what the opponent has there. Claims are always made; tactic cards
are left in hand (the root search decides those).
"""

from __future__ import annotations

import math

from ..actions import PASS_ACTION, Action, Kind
from ..cards import BLIND, N_CLAN, VALUE_OF
from ..claims import claimable_fast
from ..formations import TABLE3, strength
from ..rules import CAPACITY
from ..state import Step
from ..turn import apply_fast

TOP = 12  # a side "typically grows into" the mean of its best TOP completions


def _tables():
    e2 = [0.0] * (N_CLAN * N_CLAN)
    for a in range(N_CLAN):
        for b in range(a + 1, N_CLAN):
            ab = (1 << a) | (1 << b)
            vals = sorted(
                (TABLE3[ab | (1 << x)] for x in range(N_CLAN) if x != a and x != b), reverse=True
            )
            e = sum(vals[:TOP]) / TOP
            e2[a * N_CLAN + b] = e2[b * N_CLAN + a] = e
    e1 = []
    for a in range(N_CLAN):
        vals = sorted((e2[a * N_CLAN + b] for b in range(N_CLAN) if b != a), reverse=True)
        e1.append(sum(vals[:TOP]) / TOP)
    e0 = sum(sorted(e1, reverse=True)[:TOP]) / TOP
    return e0, e1, e2


E0, E1, E2 = _tables()
_SIG = [1.0 / (1.0 + math.exp(-d / 30.0)) for d in range(-600, 601)]
WEIGHT = (1.0, 1.1, 1.2, 1.25, 1.25, 1.25, 1.2, 1.1, 1.0)
_PLACE = [[Action(Kind.PLAY, c, s) for s in range(9)] for c in range(N_CLAN)]
_CLAIMS = [Action(Kind.CLAIM, stone=s) for s in range(9)]
_DRAW_CLAN, _DRAW_TACTIC = Action(Kind.DRAW, deck=0), Action(Kind.DRAW, deck=1)
_DONE = Action(Kind.DONE)
# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_STEP_CLAIM, _STEP_DRAW = Step.CLAIM, Step.DRAW
_STEP_RECRUIT_DRAW, _STEP_RECRUIT_RETURN = Step.RECRUIT_DRAW, Step.RECRUIT_RETURN


def side_value(side, n: int, blind: bool) -> float:
    """Expected strength a side grows into (exact once complete)."""
    k = len(side)
    if k == n:
        return strength(side, blind)
    if blind:
        return sum(VALUE_OF[c] if c < N_CLAN else 7 for c in side) + 5.5 * (n - k)
    if n == 4 or any(c >= N_CLAN for c in side):
        tot = sum(VALUE_OF[c] if c < N_CLAN else 7 for c in side) + 5 * (n - k)
        return 150 + tot
    if k == 0:
        return E0
    if k == 1:
        return E1[side[0]]
    return E2[side[0] * N_CLAN + side[1]]


def win_p(mine: float, theirs: float, m_done: bool, t_done: bool, blind: bool) -> float:
    if m_done and t_done:
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    d = (mine - theirs) * (8.0 if blind else 1.0)
    if m_done:
        d += 10
    elif t_done:
        d -= 10
    d = int(d)
    return _SIG[0 if d < -600 else 1200 if d > 600 else d + 600]


def top_plays(state, p: int, m: int) -> list[Action]:
    """The ``m`` best placements by the same measure, best first (pass if none)."""
    scored = placement_scores(state, p)
    if not scored:
        return [PASS_ACTION]
    scored.sort(reverse=True)
    return [_PLACE[x // 9][x % 9] for _, x in scored[:m]]


def placement_scores(state, p: int) -> list[tuple[float, int]]:
    """``(score, card * 9 + stone)`` for every placement of a clan card in ``p``'s hand, by
    the fast table measure (unsorted): the playouts' choice, and the endgame search's order."""
    collect: list[tuple[float, int]] = []
    hand = [c for c in state.hands[p] if c < N_CLAN]
    if not hand:
        return collect
    owner, sides, modes = state.owner, state.sides, state.modes
    sig = _SIG
    for s in range(9):
        if owner[s] >= 0:
            continue
        mode = modes[s]
        n = CAPACITY[mode]
        mine = sides[2 * s + p]
        k = len(mine)
        if k >= n:
            continue
        blind = mode == BLIND
        theirs = sides[2 * s + 1 - p]
        t_done = len(theirs) == n
        tv = side_value(theirs, n, blind)
        before = win_p(side_value(mine, n, blind), tv, False, t_done, blind)
        w = WEIGHT[s]
        if n == 3 and not blind and (k == 0 or mine[0] < N_CLAN) and (k < 2 or mine[1] < N_CLAN):
            if k == 0:
                vals = [E1[c] for c in hand]
            elif k == 1:
                row = mine[0] * N_CLAN
                vals = [E2[row + c] for c in hand]
            else:
                m2 = (1 << mine[0]) | (1 << mine[1])
                vals = [TABLE3[m2 | (1 << c)] for c in hand]
            if k == 2:
                for c, mv in zip(hand, vals):
                    if t_done:
                        wp = 1.0 if mv > tv else 0.0 if mv < tv else 0.5
                    else:
                        d = int(mv - tv) + 10
                        wp = sig[0 if d < -600 else 1200 if d > 600 else d + 600]
                    collect.append((w * (wp - before), c * 9 + s))
            else:
                off = -10 if t_done else 0
                for c, mv in zip(hand, vals):
                    d = int(mv - tv) + off
                    collect.append(
                        (
                            w * (sig[0 if d < -600 else 1200 if d > 600 else d + 600] - before),
                            c * 9 + s,
                        )
                    )
            continue
        for c in hand:
            mine.append(c)
            mv = side_value(mine, n, blind)
            mine.pop()
            collect.append((w * (win_p(mv, tv, k + 1 == n, t_done, blind) - before), c * 9 + s))
    return collect


def auto_step(state, rng) -> bool:
    """Take a non-play step by rule (claim all, draw clan mostly, return low cards).

    Returns ``False`` when the step is a play decision (or the round is over).
    """
    step = state.step
    if step == _STEP_CLAIM:
        got = claimable_fast(state, state.to_move)
        apply_fast(state, _CLAIMS[got[0]] if got else _DONE)
        return True
    if step == _STEP_DRAW or step == _STEP_RECRUIT_DRAW:
        p = state.to_move
        tactics = 0
        for c in state.hands[p]:
            if c >= N_CLAN:
                tactics += 1
        if state.decks[0] and (tactics > 0 or not state.decks[1] or rng.random() < 0.7):
            apply_fast(state, _DRAW_CLAN)
        else:
            apply_fast(state, _DRAW_TACTIC)
        return True
    if step == _STEP_RECRUIT_RETURN:
        hand = state.hands[state.to_move]
        worst = min(hand, key=lambda c: E1[c] if c < N_CLAN else 400)
        apply_fast(state, Action(Kind.RETURN, card=worst))
        return True
    return False
