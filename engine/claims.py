"""Claim proofs: can a complete side still be beaten by the other side's completion?

The verdicts on a state: ``can_claim`` (checked), ``can_claim_fast`` (the search's, with
its verdicts cached in ``state.proofs``), ``claimable`` and ``claim_proof`` (the reason, as
data). The best completion the other side can still make is ``engine.completions``'s; the
threshold tables of the hot path are ``engine.beat_tables``'s.

>>> from engine.state import new_game
>>> claimable(new_game(seed=1), 0)
[]
"""

from __future__ import annotations

from .beat_tables import (
    PAIR_ROWS,
    RUN0,
    RUN1,
    RUN2,
    RUN3,
    RUN4,
    RUN5,
    X1W,
    beat0,
    beat1,
    beat1_low,
    one_slot_table,
)
from .cards import BLIND, MUD, N_CLAN, card_text
from .completions import ALL_CLAN, cached_best_completion
from .formations import BY_CARDS, by_cards, formation, strength, strength3
from .rules import CAPACITY, checked_player, checked_stone

# (mine, theirs): the indexes into ``state.sides`` of each stone's two sides, by player.
_SIDES = tuple(((2 * s, 2 * s + 1), (2 * s + 1, 2 * s)) for s in range(9))


def can_claim(state, p: int, s: int) -> bool:
    """Whether player ``p`` can prove stone ``s`` now; a ``GameError`` for a player other
    than 0 or 1 or a stone other than 0-8 (``can_claim_fast`` trusts its caller).

    >>> from engine.state import new_game
    >>> can_claim(new_game(seed=1), 0, 4)
    False
    >>> can_claim(new_game(seed=1), 0, 9)
    Traceback (most recent call last):
    ...
    engine.errors.GameError: There is no stone 9: stones are 0-8 in data (1-9 on the table).
    """
    return can_claim_fast(state, checked_player(p), checked_stone(s))


def can_claim_fast(state, p: int, s: int) -> bool:
    """``can_claim`` unchecked (the fast form of ``claim_proof``): ``p`` 0 or 1, ``s`` 0-8.

    Verdicts are kept in ``state.proofs`` until a card at the stone moves: ``True``
    (a proof only gets stronger as cards turn face up), or the witness mask of
    a completion that beats us (valid while those cards are unseen; 0: for good).
    """
    # The hot path of every search: a normal fight, our three troops against 0-3
    # troops. It is written for CPython's costs: list indexes are cheap, while a
    # shift or AND on a 54-bit mask allocates, and each local variable costs a little
    # on every call; so tables hand out witnesses ready to store, and names are reused.
    if state.owner[s] >= 0:
        return False
    i, j = _SIDES[s][p]
    w = state.proofs[i]
    if w is not None:
        if w is True:
            return True
        if not w & state.faceup:
            return False
    if state.modes[s] >= 0:
        return _claim_general(state, i, state.modes[s])
    sides = state.sides
    try:
        a, b, c = sides[i]
        ms = BY_CARDS[a][b][c]
    except ValueError:  # not 3 cards: our side is incomplete
        return False
    except IndexError:  # the table is built on first use
        ms = by_cards()[a][b][c]
    if ms is None:  # an elite troop
        ms = strength3(a, b, c)
    theirs = sides[j]
    if not theirs:
        a = state.faceup  # clan cards only
        if ms < 500:  # below a Color-Run: any unseen Color-Run beats us
            w = (
                RUN0[a & 511]
                or RUN1[a >> 9 & 511]
                or RUN2[a >> 18 & 511]
                or RUN3[a >> 27 & 511]
                or RUN4[a >> 36 & 511]
                or RUN5[a >> 45]
            )
            if w:
                state.proofs[i] = w
                return False
        w = beat0(ALL_CLAN ^ a, ms)
        if w:
            state.proofs[i] = w
            return False
        state.proofs[i] = True
        return True
    j = len(theirs)
    if j == 1:
        a = theirs[0]
        if ms < 300:  # below a Color: two unseen cards of a's colour beat us
            b, c = X1W[a]  # (zeros for an elite troop)
            w = c[state.faceup >> b & 511]
            if w:
                state.proofs[i] = w
                return False
        return _claim_one(state, i, a, ms)
    if j == 2:
        a, b = theirs
        # The one-slot table is built on first use (elite troops at their best).
        w = (PAIR_ROWS[a][b] or one_slot_table(a, b))[ms] & ~state.faceup
        if w:
            state.proofs[i] = w & -w  # one card that beats us is witness enough
            return False
        state.proofs[i] = True
        return True
    a, b, c = theirs
    j = BY_CARDS[a][b][c]
    if j is None:
        j = strength3(a, b, c)
    ok = ms > j or (ms == j and state.done_at[i] < state.done_at[i ^ 1])
    state.proofs[i] = True if ok else 0
    return ok


def _claim_one(state, i: int, x: int, ms: int) -> bool:
    """``can_claim`` for side ``i`` of strength ``ms`` (normal fight) against the one
    troop ``x``, once the quick colour test has not answered."""
    if x >= N_CLAN:
        return _claim_general(state, i, -1)
    w = (beat1_low if ms < 300 else beat1)(x, ALL_CLAN ^ state.faceup, ms)
    if w:
        state.proofs[i] = w
        return False
    state.proofs[i] = True
    return True


def _claim_general(state, i: int, mode: int) -> bool:
    """``can_claim`` for side ``i`` by the general search: combat modes, elite troops."""
    mine, theirs = state.sides[i], state.sides[i ^ 1]
    proofs = state.proofs
    cap = CAPACITY[mode]  # rules.capacity of the stone: ``mode`` is its mode (or -1)
    if len(mine) < cap:
        return False
    blind = mode == BLIND
    ms = strength(mine, blind)
    if len(theirs) == cap:
        ts = strength(theirs, blind)
        ok = ms > ts or (ms == ts and state.done_at[i] < state.done_at[i ^ 1])
        proofs[i] = True if ok else 0
        return ok
    best = cached_best_completion(tuple(sorted(theirs)), cap, blind, ALL_CLAN & ~state.faceup)
    if best is None or best[0] <= ms:
        proofs[i] = True
        return True
    proofs[i] = best[1]
    return False


def claimable(state, p: int) -> list[int]:
    """Stones player ``p`` can prove now, in stone order; a ``GameError`` for a player other
    than 0 or 1."""
    return claimable_fast(state, checked_player(p))


def claimable_fast(state, p: int) -> list[int]:
    """``claimable`` unchecked, for the search: ``p`` is 0 or 1."""
    done = state.done_at  # non-zero exactly when that side is complete
    return [s for s in range(9) if done[2 * s + p] and can_claim_fast(state, p, s)]


def claim_proof(state, p: int, s: int) -> dict:
    """The verdict on player ``p`` claiming stone ``s``, with its proof as data.

    ``ok`` and a ``why``: ``stronger``, ``weaker``, ``tie_first``, ``tie_later`` (both
    sides complete: ``mine`` and ``theirs`` formations); ``cannot_beat`` (``best``: the
    best the opponent can still make), ``can_beat`` (``best`` and the ``cards`` of one
    such completion), ``cannot_complete`` (too few cards unseen); or a refusal before
    any proof: ``no_stone``, ``claimed`` (``owner``), ``incomplete`` (``have``, ``need``).
    ``engine.words`` puts it into words. Agrees with ``can_claim`` (tested). A player
    other than 0 or 1 is a ``GameError``; a stone other than 0-8 the verdict ``no_stone``.
    """
    checked_player(p)  # else 2*s+p would read another stone's side
    if type(s) is not int or not 0 <= s <= 8:
        return {"ok": False, "why": "no_stone", "stone": s}
    if state.owner[s] >= 0:
        return {"ok": False, "why": "claimed", "stone": s, "owner": state.owner[s]}
    mode = state.modes[s]
    cap = CAPACITY[mode]
    blind = mode == BLIND
    mine, theirs = state.sides[2 * s + p], state.sides[2 * s + 1 - p]
    if len(mine) < cap:
        return {
            "ok": False,
            "why": "incomplete",
            "stone": s,
            "have": len(mine),
            "need": cap,
            "mud": mode == MUD,
        }
    ms = strength(mine, blind)
    out = {"ok": False, "why": "", "stone": s, "mine": formation(ms, blind, cap)}
    if len(theirs) == cap:
        ts = strength(theirs, blind)
        out["theirs"] = formation(ts, blind, cap)
        if ms != ts:
            out["ok"], out["why"] = (True, "stronger") if ms > ts else (False, "weaker")
        elif state.done_at[2 * s + p] < state.done_at[2 * s + 1 - p]:
            out["ok"], out["why"] = True, "tie_first"
        else:
            out["why"] = "tie_later"
        return out
    fixed = tuple(sorted(theirs))
    result = cached_best_completion(fixed, cap, blind, ALL_CLAN & ~state.faceup)
    if result is None:
        out["ok"], out["why"] = True, "cannot_complete"
        return out
    best, witness = result[0], result[1]
    out["best"] = formation(best, blind, cap)
    if best > ms:  # a tie goes to the claimant, who completed first
        out["why"] = "can_beat"
        out["cards"] = [
            card_text(c)
            for c in sorted(list(fixed) + [c for c in range(N_CLAN) if witness >> c & 1])
        ]
    else:
        out["ok"], out["why"] = True, "cannot_beat"
    return out
