"""Claim proofs: can a complete side still be beaten by the other side's completion?

The opponent's missing slots may be filled with any clan card that is not face
up on the table (both sides of every stone and the discard pile). The search is
done rank by rank from the strongest formation down, so the first formation
found is the best the opponent can still make. Results are cached by the
opponent's cards, and reused while the unseen set only shrinks (cards never
turn face down again within a game) and the witness cards are still unseen.

>>> from engine.cards import parse_card as p
>>> unseen = ALL_CLAN & ~(1 << p("R8") | 1 << p("R9") | 1 << p("R7"))
>>> best_completion((p("R7"), p("R9")), 3, False, unseen)[0]   # R8 is face up: a Color
322
"""

from __future__ import annotations

from itertools import combinations, permutations

from .cards import BLIND, COLOUR_OF, JOKER, MUD, N_CLAN, SHIELD, SPY, VALUE_OF, card_text, clan
from .formations import (
    BEST_VALUE,
    BY_CARDS,
    COLOUR,
    COLOUR_RUN,
    KIND,
    RUN,
    SUM,
    TABLE3,
    by_cards,
    formation,
    strength,
    strength3,
)
from .rules import CAPACITY, checked_player, checked_stone

ALL_CLAN = (1 << N_CLAN) - 1
_BY_VALUE_DESC = tuple(clan(c, v) for v in range(9, 0, -1) for c in range(6))


def _fits(elite: int, value: int) -> bool:
    return elite == JOKER or (elite == SPY and value == 7) or (elite == SHIELD and value <= 3)


def _placements(values, clan_values, elites) -> list:
    """The values of ``values`` left for clan cards, once the clan cards are in place
    and the elites are given values they fit: one 9-bit mask (bit ``v - 1``) per way
    to place the elites, in ``permutations`` order (which picks the witness)."""
    rest = [v for v in values if v not in clan_values]
    if len(rest) < len(elites):
        return []
    out = []
    for chosen in permutations(rest, len(elites)):
        if all(_fits(e, v) for e, v in zip(elites, chosen)):
            bits = 0
            for v in rest:
                if v not in chosen:
                    bits |= 1 << (v - 1)
            out.append(bits)
    return out


_VALUE_CARDS = tuple(sum(1 << (c * 9 + v) for c in range(6)) for v in range(9))


def _any_colour(bits: int, unseen: int):
    """Witness for a Run: for each value in ``bits``, its unseen card of the lowest
    colour; ``None`` when some value has no unseen card."""
    w = 0
    v = 0
    while bits:
        if bits & 1:
            m = unseen & _VALUE_CARDS[v]
            if not m:
                return None
            w |= m & -m
        bits >>= 1
        v += 1
    return w


def best_completion(fixed: tuple, n: int, blind: bool, unseen: int):
    """Best strength the cards ``fixed`` can reach with ``n`` slots, filling from ``unseen``.

    Returns ``(strength, witness_mask)``, or ``None`` when too few cards are unseen.
    """
    k = n - len(fixed)
    clan_cards = [c for c in fixed if c < N_CLAN]
    elites = [c for c in fixed if c >= N_CLAN]
    base = sum(VALUE_OF[c] for c in clan_cards) + sum(BEST_VALUE[e] for e in elites)

    # The k highest unseen cards (any colour): the Sum fallback, and the blind total.
    top: list[int] = []
    mask = 0
    for card in _BY_VALUE_DESC:
        if len(top) == k:
            break
        if unseen >> card & 1:
            top.append(card)
            mask |= 1 << card
    if len(top) < k:
        return None
    if blind:
        return base + sum(VALUE_OF[c] for c in top), mask

    colours = {COLOUR_OF[c] for c in clan_cards}
    clan_values = {VALUE_OF[c] for c in clan_cards}
    distinct = len(clan_values) == len(clan_cards)

    # Color-Run: the highest start first, every colour.
    if len(colours) <= 1 and distinct:
        for start in range(10 - n, 0, -1):
            values = range(start, start + n)
            if not clan_values <= set(values):
                continue
            options = _placements(values, clan_values, elites)
            if not options:
                continue
            for colour in colours if colours else range(6):
                for bits in options:
                    w = bits << (9 * colour)
                    if unseen & w == w:
                        return COLOUR_RUN * 100 + sum(values), w

    # N of a kind.
    if len(clan_values) <= 1:
        for v in clan_values if clan_values else range(9, 0, -1):
            if not all(_fits(e, v) for e in elites):
                continue
            w, got = 0, 0
            for c in range(6):
                card = clan(c, v)
                if got < k and unseen >> card & 1:
                    w |= 1 << card
                    got += 1
            if got == k:
                return KIND * 100 + n * v, w

    # Color: the k highest unseen cards of one colour.
    if len(colours) <= 1:
        best = None
        for colour in colours if colours else range(6):
            w, got, total = 0, 0, base
            for v in range(9, 0, -1):
                card = clan(colour, v)
                if got < k and unseen >> card & 1:
                    w |= 1 << card
                    got += 1
                    total += v
            if got == k and (best is None or total > best[0] - COLOUR * 100):
                best = (COLOUR * 100 + total, w)
        if best is not None:
            return best

    # Run: any colours.
    if distinct:
        for start in range(10 - n, 0, -1):
            values = range(start, start + n)
            if not clan_values <= set(values):
                continue
            for bits in _placements(values, clan_values, elites):
                w = _any_colour(bits, unseen)
                if w is not None:
                    return RUN * 100 + sum(values), w

    return SUM * 100 + base + sum(VALUE_OF[c] for c in top), mask


# Table-driven search for the common case, three clan cards in a normal fight:
# every completion of the fixed cards, strongest first; the first one whose
# cards are all unseen is the best. Built lazily, per fixed cards.
_orders: dict = {}


def _order(fixed: tuple) -> tuple:
    order = _orders.get(fixed)
    if order is None:
        base = 0
        for c in fixed:
            base |= 1 << c
        rest = [c for c in range(N_CLAN) if c not in fixed]
        order = sorted(((TABLE3[base | m], m) for m in _masks(rest, 3 - len(fixed))), reverse=True)
        order = tuple(order)
        _orders[fixed] = order
    return order


def _masks(cards: list, k: int):
    if k == 1:
        return [1 << a for a in cards]
    return [sum(1 << c for c in combo) for combo in combinations(cards, k)]


def table_best_completion(fixed: tuple, unseen: int, start: int = 0):
    """``best_completion`` for 0-2 clan cards towards 3 in a normal fight, by table.

    Returns ``(strength, witness, index in the table)``; ``start`` skips entries
    already known to be unavailable.
    """
    order = _order(fixed)
    for i in range(start, len(order)):
        st, m = order[i]
        if m & unseen == m:
            return st, m, i
    return None


# Threshold form, for ``can_claim_fast`` (three clan cards against 0-2 clan cards, normal
# fight): we need not the best completion, only whether any completion beats ``mine``.
# With one slot open the answer is a single AND against a mask of the cards that
# would beat it; with two or three open, ``beat1`` / ``beat0`` test rank by rank.
# Masks of clan cards are unseen exactly when they miss ``faceup``.
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


# (opponent cards, slots, blind) -> up to _PER_KEY [unseen mask then, result] entries,
# most recent first. See the module docstring. Several entries per key, so that
# positions seen alternately (search over sampled worlds) do not evict each other.
_cache: dict = {}
_PER_KEY = 4


def cached_best_completion(fixed: tuple, n: int, blind: bool, unseen: int):
    """``best_completion``, reusing earlier answers while they still hold."""
    key = (fixed, n, blind)
    entries = _cache.get(key)
    start = 0
    if entries is not None:
        for then, result in entries:
            if not unseen & ~then:  # nothing new became unseen since
                if result is None or not result[1] & ~unseen:
                    return result  # and the witness is still unseen
                if len(result) == 3 and result[2] >= start:
                    start = result[2] + 1  # resume the table scan past the lost witness
    if n == 3 and not blind and (not fixed or fixed[-1] < N_CLAN):
        result = table_best_completion(fixed, unseen, start)
    else:
        result = best_completion(fixed, n, blind, unseen)
    if entries is None:
        if len(_cache) > 100_000:
            _cache.clear()
        _cache[key] = [(unseen, result)]
    else:
        entries.insert(0, (unseen, result))
        del entries[_PER_KEY:]
    return result


# ---------------------------------------------------------------- verdicts on a state

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
