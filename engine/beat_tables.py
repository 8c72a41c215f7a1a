"""Threshold tables for the claim's hot path: does any completion beat a strength?

For ``claims.can_claim_fast`` (three clan cards against 0-2 clan cards, normal fight) the
best completion (``engine.completions``) is more than is needed: only whether any completion
beats ``mine``. With one slot open the answer is a single AND against a mask of the cards
that would beat it (``one_slot_table``); with two or three open, ``beat1`` / ``beat0`` test
rank by rank. Masks of clan cards are unseen exactly when they miss ``faceup``.
"""

from __future__ import annotations

from .cards import N_CLAN
from .completions import ALL_CLAN
from .formations import (
    COLOUR_RUN,
    TABLE3,
    strength3,
)

PAIR_TABLES: list = [None] * 63 * 63  # (x * 63 + y) -> one-slot table, either order
PAIR_ROWS: list = [[None] * 63 for _ in range(63)]  # the same tables as [x][y]
MAX_STRENGTH3 = COLOUR_RUN * 100 + 24


def one_slot_table(x: int, y: int) -> list:
    """``beats[mine]``: the mask of the clan cards that complete ``x y`` (troops)
    into a normal 3-card side stronger than ``mine`` (a strength, at most 524).
    Indexed by the strength itself, so a check is one list index and one AND.
    Elite troops are declared at their best with each card (``strength3``)."""
    table = PAIR_TABLES[x * 63 + y]
    if table is None:
        by_strength: dict = {}
        if x < N_CLAN and y < N_CLAN:
            base = (1 << x) | (1 << y)
            for c in range(N_CLAN):
                if c != x and c != y:
                    st = TABLE3[base | 1 << c]
                    by_strength[st] = by_strength.get(st, 0) | 1 << c
        else:
            for c in range(N_CLAN):
                st = strength3(x, y, c)
                by_strength[st] = by_strength.get(st, 0) | 1 << c
        # Fill the list a run at a time, strongest first: below each strength
        # that occurs, every card at or above it beats.
        table = [0] * (MAX_STRENGTH3 + 1)
        above, hi = 0, MAX_STRENGTH3 + 1
        for st in sorted(by_strength, reverse=True):
            table[st:hi] = [above] * (hi - st)
            above |= by_strength[st]
            hi = st
        table[0:hi] = [above] * hi
        PAIR_TABLES[x * 63 + y] = PAIR_TABLES[y * 63 + x] = table
        PAIR_ROWS[x][y] = PAIR_ROWS[y][x] = table
    return table


def build_pair_tables() -> None:
    """Build every one-slot table now (1,431 pairs, ~0.1 s) instead of on first use."""
    for x in range(N_CLAN):
        for y in range(x + 1, N_CLAN):
            if PAIR_TABLES[x * 63 + y] is None:
                one_slot_table(x, y)


def beating_witness(theirs, mine: int, faceup: int) -> int:
    """Mask of unseen cards completing ``theirs`` (0-2 clan cards) into a normal 3-card
    side stronger than ``mine``, or 0 when there is none (the claim is proven)."""
    n = len(theirs)
    if n == 2:
        w = one_slot_table(theirs[0], theirs[1])[mine] & ~faceup
        return w & -w  # one such card is witness enough
    if n == 1:
        return beat1(theirs[0], ALL_CLAN & ~faceup, mine)
    return beat0(ALL_CLAN & ~faceup, mine)


# Rank by rank, with bit masks: with one or two cards fixed (or none) the best
# completion of each rank is a handful of mask tests, so there is nothing to scan.
# Strengths: rank * 100 + total; a Color-Run starting at value index j (0-based)
# totals 3j + 6. Witnesses are whole completions (all their cards unseen).
_VAL = tuple(sum(1 << (c * 9 + v) for c in range(6)) for v in range(9))  # by value index
_SJ = _VAL[:7]  # Color-Run starts by value index
_STARTS3 = sum(_SJ)
_TOPS: list = []  # [top2, top3] per 9-bit colour mask


def _tops() -> list:
    """``top[k][bits]``: (total, mask) of the k highest values in a 9-bit mask, or None."""
    if not _TOPS:
        for k in (2, 3):
            row = []
            for bits in range(512):
                idx = [v for v in range(8, -1, -1) if bits >> v & 1][:k]
                row.append((sum(idx) + k, sum(1 << v for v in idx)) if len(idx) == k else None)
            _TOPS.append(row)
    return _TOPS


def _low(m: int, k: int) -> int:
    """The ``k`` lowest bits of ``m`` (which has at least ``k``)."""
    w = 0
    for _ in range(k):
        b = m & -m
        w |= b
        m ^= b
    return w


def beat0(unseen: int, mine: int) -> int:
    """Witness of a completion of an empty side beating ``mine`` (normal fight), or 0."""
    u = unseen
    r = u & (u >> 1) & (u >> 2) & _STARTS3
    if r:  # a Color-Run exists
        if mine < 500:
            return (r & -r) * 7
        for j in range(6, -1, -1):
            if 506 + 3 * j <= mine:
                return 0
            rj = r & _SJ[j]
            if rj:
                return (rj & -rj) * 7
        return 0
    if mine >= 500:
        return 0
    if mine < 300:  # any Color beats: the cheaper test first
        top3 = (_TOPS or _tops())[1]
        for c9 in (0, 9, 18, 27, 36, 45):
            t = top3[u >> c9 & 511]
            if t is not None:
                return t[1] << c9
    val = _VAL
    for v in range(8, -1, -1):  # Three of a Kind
        if 403 + 3 * v <= mine:
            return 0
        m = u & val[v]
        if m.bit_count() >= 3:
            return _low(m, 3)
    if mine >= 400:
        return 0
    top3 = (_TOPS or _tops())[1]
    for c9 in (0, 9, 18, 27, 36, 45):  # Color
        t = top3[u >> c9 & 511]
        if t is not None and 300 + t[0] > mine:
            return t[1] << c9
    if mine >= 300:
        return 0
    pv = 0  # values with an unseen card
    for v in range(9):
        if u & val[v]:
            pv |= 1 << v
    rp = pv & (pv >> 1) & (pv >> 2) & 127
    if rp:  # Run: the highest start is the best
        j = rp.bit_length() - 1
        if 206 + 3 * j > mine:
            w = 0
            for v in (j, j + 1, j + 2):
                m = u & val[v]
                w |= m & -m
            return w
        return 0
    if mine >= 200:
        return 0
    total, w, got = 100, 0, 0  # Sum: the three highest unseen
    for v in range(8, -1, -1):
        m = u & val[v]
        while m and got < 3:
            b = m & -m
            w |= b
            m ^= b
            got += 1
            total += v + 1
        if got == 3:
            return w if total > mine else 0
    return 0


_X1: list = []  # per clan card x: (Color-Run (strength, needed mask) pairs, best first, vi, c9)


def _x1() -> list:
    if not _X1:
        for x in range(N_CLAN):
            vi = x % 9
            c9 = x - vi
            runs = tuple(
                (506 + 3 * j, (7 << (c9 + j)) ^ (1 << x))
                for j in range(min(vi, 6), max(vi - 2, 0) - 1, -1)
            )
            _X1.append((runs, vi, c9))
    return _X1


def beat1(x: int, unseen: int, mine: int) -> int:
    """Witness of a completion of a side holding clan card ``x`` beating ``mine``, or 0."""
    u = unseen
    runs, vi, c9 = (_X1 or _x1())[x]
    for st, need in runs:  # Color-Run
        if st <= mine:
            break
        if u & need == need:
            return need
    if mine >= 500:
        return 0
    if mine < 403 + 3 * vi:  # Three of a Kind
        m = u & _VAL[vi]
        if m.bit_count() >= 2:
            return _low(m, 2)
    if mine >= 400:
        return 0
    bits = u >> c9 & 511  # Color
    t = (_TOPS or _tops())[0][bits]
    if t is not None:
        if 301 + vi + t[0] > mine:
            return t[1] << c9
        return 0
    if mine >= 300:
        return 0
    val = _VAL
    for j in range(vi if vi < 6 else 6, (vi - 2 if vi > 2 else 0) - 1, -1):  # Run
        if 206 + 3 * j <= mine:
            return 0
        w = 0
        for v in (j, j + 1, j + 2):
            if v != vi:
                m = u & val[v]
                if not m:
                    break
                w |= m & -m
        else:
            return w
    if mine >= 200:
        return 0
    total, w, got = 101 + vi, 0, 0  # Sum: x and the two highest unseen
    for v in range(8, -1, -1):
        m = u & val[v]
        while m and got < 2:
            b = m & -m
            w |= b
            m ^= b
            got += 1
            total += v + 1
        if got == 2:
            return w if total > mine else 0
    return 0


def beat1_low(x: int, unseen: int, mine: int) -> int:
    """``beat1`` when ``mine`` is below a Color (300) and x's colour has fewer than two
    other unseen cards, so that neither a Color-Run nor a Color can be made.

    Its Run and Sum are ``beat1``'s, copied rather than shared: this is the proof's hot path,
    where a call costs more than the lines."""
    u = unseen
    vi = x % 9
    val = _VAL
    m = u & val[vi]
    if m & (m - 1):  # Three of a Kind: the two lowest
        b = m & -m
        m ^= b
        return b | (m & -m)
    for j in range(vi if vi < 6 else 6, (vi - 2 if vi > 2 else 0) - 1, -1):  # Run
        if 206 + 3 * j <= mine:
            return 0
        w = 0
        for v in (j, j + 1, j + 2):
            if v != vi:
                m = u & val[v]
                if not m:
                    break
                w |= m & -m
        else:
            return w
    if mine >= 200:
        return 0
    total, w, got = 101 + vi, 0, 0  # Sum: x and the two highest unseen
    for v in range(8, -1, -1):
        m = u & val[v]
        while m and got < 2:
            b = m & -m
            w |= b
            m ^= b
            got += 1
            total += v + 1
        if got == 2:
            return w if total > mine else 0
    return 0


# Quick tests for ``can_claim_fast``, the common case of a weak side (below a
# Color) against one clan card ``x``: any two unseen cards of x's colour make a
# Color (or better), which beats it. ``X1[x]`` is (shift of x's colour, table);
# the table maps the 9 face-up bits of that colour to the two lowest unseen
# values other than x's (as a 9-bit mask), or 0 when fewer than two are unseen.
# Nine tables of 512 small ints, shared by the colours: cheap to build at import.
def _two_lowest(free: int) -> int:
    low = free & -free
    free ^= low
    return low | (free & -free) if free else 0


_TWO_FREE = [_two_lowest(511 & ~faceup) for faceup in range(512)]
_TWO = [[_TWO_FREE[faceup | 1 << vi] for faceup in range(512)] for vi in range(9)]
X1 = tuple((x - x % 9, _TWO[x % 9]) for x in range(N_CLAN))
STARTS3 = _STARTS3  # bit j + 9c: a Color-Run of colour c can start at value index j


# The forms ``can_claim_fast`` uses: tables give the witness already in place,
# since on ints this wide every shift or AND costs as much as several list indexes.
# ``X1W[x]`` is ``X1[x]`` with the two cards as a mask of clan cards (``w << c9``),
# and a table of zeros for each elite troop (the caller then takes the slow path).
def _in_place(row: list, c9: int) -> list:
    memo: dict = {}  # equal witnesses share one int
    return [memo.setdefault(w, w << c9) for w in row]


X1W = tuple((c9, _in_place(two, c9)) for c9, two in X1) + ((0, [0] * 512),) * (63 - N_CLAN)


def _run_row(c9: int) -> list:
    """``row[faceup bits of one colour]``: the lowest Color-Run of that colour whose
    cards are all unseen, as a mask of clan cards, or 0."""
    row = []
    for bits in range(512):
        free = 511 & ~bits
        r = free & (free >> 1) & (free >> 2) & 127
        row.append((r & -r) * 7 << c9)
    return row


# One row per colour. Scanning the colours in order finds the same Color-Run as
# ``(r & -r) * 7`` on the whole mask (the lowest start), usually in the first row.
RUN0, RUN1, RUN2, RUN3, RUN4, RUN5 = (_run_row(9 * c) for c in range(6))
