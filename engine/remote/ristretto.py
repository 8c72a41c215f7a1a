"""The ristretto255 prime-order group (RFC 9496) in standard-library Python: a candidate for
the cipher that deals the cards, in place of exponentiation modulo a 1,536-bit prime.

Why: a locked card is today a number modulo the 1,536-bit MODP prime (257 base64url
characters); a ristretto255 element is 32 bytes (43 characters), with more security (about
126 bits, against RFC 3526's own estimate of 90 to 120 for its 1,536-bit group), which makes
a deal short enough for a link or a QR code. Ristretto is a group of
prime order ``L`` (about 2^252) built on Curve25519's twisted Edwards curve: every encoding
decodes to a group element or is rejected, there is no cofactor and no small subgroup, so
the SRA argument of ``sra.py`` carries over (lock ``k * M``, unlock ``k^-1 mod L``) with no
squaring trick: a "marked" value is rejected at decoding.

What is here, by RFC 9496 section:

- 4.3.1 ``decode``: 32 bytes to an element, or ``None`` (non-canonical field element,
  negative ``s``, not a square, negative ``t`` or ``y = 0``);
- 4.3.2 ``encode``: an element to its 32 bytes;
- 4.3.3 ``equal``: the group's equality (several curve points stand for one element);
- 4.3.4 ``from_uniform_bytes``: the one-way map from 64 uniform bytes (element derivation),
  ``hash_to_group`` (SHA-512 of a message, then that map, as the RFC's Appendix A.3 inputs);
- 4.4 scalars: ``L``, ``scalar_reduce``, ``scalar_from_bytes`` (wide reduction);
- the group law, which the RFC leaves to the curve's own formulas: ``add``, ``sub``,
  ``neg``, ``double``, ``mul`` (variable base, width-5 wNAF), ``mul_base`` (the generator,
  from a table of signed radix-16 multiples built on first use, about 7 ms), ``mul_double``
  (``a*P + b*Q`` in one pass, for proofs).

Elements are kept as extended twisted Edwards coordinates ``(X, Y, Z, T)``, ``x = X/Z``,
``y = Y/Z``, ``x*y = T/Z`` (Hisil-Wong-Carter-Dawson 2008, ``a = -1``), and encoded only at
the edges. Arithmetic is on Python integers; in the scalar multiplications' inner loops a
product is folded below about 2^260 (``2^255 = 19`` modulo ``p = 2^255 - 19``) and reduced
fully only where it is stored, which is about 20% faster in CPython than ``%`` everywhere.
Square roots and inverses use the built-in ``pow``.

Not constant-time: Python integers never are (neither is ``pow`` in ``sra.py``). The game's
secrets are card orders for one round, not long-term keys.

>>> encode(mul_base(1)).hex() == BASE_HEX
True
>>> k = scalar_reduce(123456789)
>>> equal(mul(k, BASE), mul_base(k))
True
>>> M = hash_to_group(b"card 5")
>>> a, b = 1234567, 7654321
>>> equal(mul(a, mul(b, M)), mul(b, mul(a, M)))     # locks commute
True
>>> equal(mul(pow(a, -1, L), mul(a, M)), M)         # and come off
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

Element = tuple[int, int, int, int]
"""A group element as extended coordinates ``(X, Y, Z, T)`` modulo ``P``."""

P = 2**255 - 19  # the field (RFC 9496 section 4.1)
L = 2**252 + 27742317777372353535851937790883648493  # the group order (section 4.1)

# RFC 9496 section 4.1's constants; tests/test_ristretto.py checks each against its definition.
D = 37095705934669439343138083508754565189542113879843219016388785533085940283555  # -121665/121666
D2 = 2 * D % P
SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952

_P58 = (P - 5) // 8
_MASK255 = (1 << 255) - 1

IDENTITY: Element = (0, 1, 1, 0)
# The generator: Ed25519's base point (y = 4/5, x even), whose encoding RFC 9496 A.1 lists.
_BX = 15112221349535400772501151409588531511454012693041857206046113283949847762202
_BY = 46316835694926478169428394003475163141307993866256225615783033603165251855960
BASE: Element = (_BX, _BY, 1, _BX * _BY % P)
BASE_HEX = "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"

ENCODED_BYTES = 32


# ---------------------------------------------------------------- field helpers (section 4.2)


def _sqrt_ratio_m1(u: int, v: int) -> tuple[bool, int]:
    """SQRT_RATIO_M1: ``(True, +sqrt(u/v))`` when ``u/v`` is a square, else
    ``(False, +sqrt(SQRT_M1 * u/v))``; ``(True, 0)`` for ``u = 0``, ``(False, 0)`` for
    ``v = 0``. The root returned is the non-negative (even) one."""
    u %= P
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, _P58, P) % P
    check = v * r % P * r % P
    u_neg = P - u if u else 0
    correct = check == u
    flipped = check == u_neg
    if flipped or check == u_neg * SQRT_M1 % P:
        r = r * SQRT_M1 % P
    if r & 1:
        r = P - r
    return correct or flipped, r


# ---------------------------------------------------------------- encoding (4.3.1, 4.3.2)


def decode(data: bytes) -> Element | None:
    """The element ``data`` encodes, or ``None`` when it is not the canonical encoding of
    one (RFC 9496 section 4.3.1)."""
    if type(data) is not bytes or len(data) != ENCODED_BYTES:
        return None
    s = int.from_bytes(data, "little")
    if s >= P or s & 1:  # not a canonical field element, or negative
        return None
    ss = s * s % P
    u1 = (1 - ss) % P
    u2 = (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 % P * u1) - u2_sqr) % P
    was_square, invsqrt = _sqrt_ratio_m1(1, v * u2_sqr)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = 2 * s * den_x % P
    if x & 1:
        x = P - x
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or t & 1 or y == 0:
        return None
    return (x, y, 1, t)


def encode(e: Element) -> bytes:
    """The 32 bytes that stand for ``e`` (RFC 9496 section 4.3.2)."""
    x0, y0, z0, t0 = e
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = _sqrt_ratio_m1(1, u1 * u2 % P * u2)
    den1 = invsqrt * u1 % P
    den2 = invsqrt * u2 % P
    z_inv = den1 * den2 % P * t0 % P
    if t0 * z_inv % P & 1:  # rotate
        x, y = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P
        den_inv = den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y = x0, y0
        den_inv = den2
    if x * z_inv % P & 1:
        y = -y
    s = den_inv * (z0 - y) % P
    if s & 1:
        s = P - s
    return s.to_bytes(ENCODED_BYTES, "little")


def equal(a: Element, b: Element) -> bool:
    """Whether ``a`` and ``b`` are the same group element (RFC 9496 section 4.3.3)."""
    x1, y1, _, _ = a
    x2, y2, _, _ = b
    return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0


def is_identity(e: Element) -> bool:
    return e[0] % P == 0 or e[1] % P == 0


# ---------------------------------------------------------------- the one-way map (4.3.4)


def _map(t: int) -> Element:
    """MAP of RFC 9496 section 4.3.4: a field element to a curve point (Elligator 2)."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = _sqrt_ratio_m1(u, v)
    if was_square:
        c = P - 1
    else:
        s = s * t % P
        if not s & 1:  # s' = -|s * t|
            s = P - s if s else 0
        c = r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    s2 = s * s % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    w2 = (1 - s2) % P
    w3 = (1 + s2) % P
    return (w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P)


def from_uniform_bytes(data: bytes) -> Element:
    """The element derived from 64 uniformly random bytes (RFC 9496 section 4.3.4): no one
    knows its discrete logarithm to any other element derived this way."""
    if len(data) != 64:
        raise ValueError("element derivation takes 64 bytes")
    r0 = int.from_bytes(data[:32], "little") & _MASK255
    r1 = int.from_bytes(data[32:], "little") & _MASK255
    return add(_map(r0 % P), _map(r1 % P))


def hash_to_group(message: bytes) -> Element:
    """``from_uniform_bytes(SHA-512(message))``, the way RFC 9496 Appendix A.3 made its
    inputs (not RFC 9380's hash_to_ristretto255, which expands with a domain tag)."""
    return from_uniform_bytes(hashlib.sha512(message).digest())


# ---------------------------------------------------------------- scalars (4.4)


def scalar_reduce(n: int) -> int:
    """``n`` modulo the group order ``L``."""
    return n % L


def scalar_from_bytes(data: bytes) -> int:
    """A little-endian byte string (64 uniform bytes for a uniform scalar) modulo ``L``."""
    return int.from_bytes(data, "little") % L


# ---------------------------------------------------------------- the group law


def add(a: Element, b: Element) -> Element:
    """``a + b`` (add-2008-hwcd-3: complete for ``a = -1`` and a non-square ``d``)."""
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa = (y1 - x1) * (y2 - x2) % P
    bb = (y1 + x1) * (y2 + x2) % P
    cc = t1 * D2 % P * t2 % P
    dd = 2 * z1 * z2 % P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def neg(a: Element) -> Element:
    x, y, z, t = a
    return (-x % P, y, z, -t % P)


def sub(a: Element, b: Element) -> Element:
    return add(a, neg(b))


def double(a: Element) -> Element:
    """``2a`` (dbl-2008-hwcd, signs folded as in ref10)."""
    x, y, z, _ = a
    aa = x * x % P
    bb = y * y % P
    cc = 2 * z * z % P
    h = aa + bb
    s = x + y
    e = h - s * s % P
    g = aa - bb
    f = cc + g
    return (e * f % P, g * h % P, f * g % P, e * h % P)


# A point in "cached" form for repeated addition: (Y+X, Y-X, 2Z, 2d*T).
_Cached = tuple[int, int, int, int]


def _cached(e: Element) -> _Cached:
    x, y, z, t = e
    return ((y + x) % P, (y - x) % P, 2 * z % P, D2 * t % P)


def _wnaf(k: int, w: int) -> list[tuple[int, int]]:
    """The non-zero digits of ``k``'s width-``w`` NAF as ``(position, digit)``, lowest first:
    odd digits in ``(-2^(w-1), 2^(w-1))``, at least ``w`` positions apart."""
    out = []
    full, half = 1 << w, 1 << (w - 1)
    pos = 0
    while k:
        zeros = (k & -k).bit_length() - 1
        k >>= zeros
        pos += zeros
        d = k & (full - 1)
        if d >= half:
            d -= full
        out.append((pos, d))
        k -= d
    return out


_W = 5  # the variable-base window: 8 odd multiples; about 253/6 additions


def _odd_multiples(e: Element, w: int) -> list[_Cached]:
    """``[d]e`` in cached form for odd ``d`` in ``(-2^(w-1), 2^(w-1))``, found at index ``d``
    (negative digits through Python's negative indexing of a list of length ``2^w``)."""
    table: list[_Cached] = [(1, 1, 2, 0)] * (1 << w)
    twice = _cached(double(e))
    cur = e
    for d in range(1, 1 << (w - 1), 2):
        if d > 1:
            cur = _add_cached(cur, twice)
        yp, ym, z2, t2d = _cached(cur)
        table[d] = (yp, ym, z2, t2d)
        table[-d] = (ym, yp, z2, (P - t2d) % P)
    return table


def _add_cached(a: Element, c: _Cached) -> Element:
    x, y, z, t = a
    yp, ym, z2, t2d = c
    aa = (y - x) * ym % P
    bb = (y + x) * yp % P
    cc = t * t2d % P
    dd = z * z2 % P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def mul(k: int, e: Element) -> Element:
    """``k * e`` for any element ``e`` (width-5 wNAF: ~253 doublings, ~42 additions)."""
    return multi_mul(((k, e),))


def mul_double(a: int, e: Element, b: int, f: Element) -> Element:
    """``a * e + b * f`` in one pass: the doublings are shared (Straus), so it costs about
    1.2 multiplications rather than 2 (the check of a Chaum-Pedersen proof is two of these)."""
    return multi_mul(((a, e), (b, f)))


def multi_mul(pairs: Iterable[tuple[int, Element]]) -> Element:
    """The sum of ``k * e`` over ``pairs`` (Straus with width-5 wNAF, variable time)."""
    events: list[tuple[int, _Cached]] = []
    for k, e in pairs:
        k %= L
        if k:
            table = _odd_multiples(e, _W)
            events.extend((pos, table[d]) for pos, d in _wnaf(k, _W))
    if not events:
        return IDENTITY
    events.sort(key=_position, reverse=True)
    p, m = P, _MASK255
    x, y, z, t = IDENTITY
    top = events[0][0]
    e_ = h_ = 0
    for pos, (yp, ym, z2, t2d) in events:
        if top > pos:
            # top - pos doublings (T is not needed for doubling: computed after the last)
            for _ in range(top - pos):
                aa = x * x
                aa = (aa & m) + 19 * (aa >> 255)
                bb = y * y
                bb = (bb & m) + 19 * (bb >> 255)
                cc = z * z
                cc = (cc & m) + 19 * (cc >> 255)
                h_ = aa + bb
                s = x + y
                s *= s
                e_ = h_ - (s & m) - 19 * (s >> 255)
                g = aa - bb
                f = cc + cc + g
                x = e_ * f % p
                y = g * h_ % p
                z = f * g % p
            t = e_ * h_ % p
            top = pos
        aa = (y - x) * ym
        aa = (aa & m) + 19 * (aa >> 255)
        bb = (y + x) * yp
        bb = (bb & m) + 19 * (bb >> 255)
        cc = t * t2d
        cc = (cc & m) + 19 * (cc >> 255)
        dd = z * z2
        dd = (dd & m) + 19 * (dd >> 255)
        e_, f, g, h_ = bb - aa, dd - cc, dd + cc, bb + aa
        x = e_ * f % p
        y = g * h_ % p
        z = f * g % p
        t = e_ * h_ % p
    if top:
        return _double_times((x, y, z, t), top)
    return (x, y, z, t)


def _position(event: tuple[int, _Cached]) -> int:
    return event[0]


def _double_times(a: Element, n: int) -> Element:
    """``2^n * a`` for ``n >= 1``."""
    p, m = P, _MASK255
    x, y, z, _ = a
    e_ = h_ = 0
    for _ in range(n):
        aa = x * x
        aa = (aa & m) + 19 * (aa >> 255)
        bb = y * y
        bb = (bb & m) + 19 * (bb >> 255)
        cc = z * z
        cc = (cc & m) + 19 * (cc >> 255)
        h_ = aa + bb
        s = x + y
        s *= s
        e_ = h_ - (s & m) - 19 * (s >> 255)
        g = aa - bb
        f = cc + cc + g
        x = e_ * f % p
        y = g * h_ % p
        z = f * g % p
    return (x, y, z, e_ * h_ % p)


# ---------------------------------------------------------------- the generator's table

_BASE_W = 4  # signed radix 16: 64 windows of 8 multiples, 512 affine points
_BASE_WINDOWS = -(-253 // _BASE_W)
_base_table: list[list[tuple[int, int, int]]] = []


def _build_base_table() -> list[list[tuple[int, int, int]]]:
    """For window ``i`` and digit ``d`` in ``[-(2^(w-1) - 1), 2^(w-1)]``, ``d * 2^(w*i) * B``
    as affine ``(y + x, y - x, 2d*x*y)`` at index ``d`` (negative ones from the end)."""
    w, half = _BASE_W, 1 << (_BASE_W - 1)
    points: list[Element] = []
    b = BASE
    for _ in range(_BASE_WINDOWS):
        cur = b
        points.append(cur)
        for _ in range(half - 1):
            cur = add(cur, b)
            points.append(cur)
        b = double(cur)  # 2 * half * b = 2^w * b
    # one inversion for all the Zs (Montgomery's trick)
    prefix = [1]
    for pt in points:
        prefix.append(prefix[-1] * pt[2] % P)
    inv = pow(prefix[-1], -1, P)
    tables: list[list[tuple[int, int, int]]] = []
    row: list[tuple[int, int, int]] = []
    affine: list[tuple[int, int]] = [(0, 0)] * len(points)
    for i in range(len(points) - 1, -1, -1):
        x, y, z, _ = points[i]
        zi = inv * prefix[i] % P
        inv = inv * z % P
        affine[i] = (x * zi % P, y * zi % P)
    for i, (x, y) in enumerate(affine):
        if i % half == 0:
            row = [(1, 1, 0)] * (1 << w)
            tables.append(row)
        d = i % half + 1
        t2d = D2 * x % P * y % P
        row[d] = ((y + x) % P, (y - x) % P, t2d)
        if d < half:
            row[-d] = ((y - x) % P, (y + x) % P, (P - t2d) % P)
    return tables


def mul_base(k: int) -> Element:
    """``k * BASE`` from a table of multiples built on first use: one addition per non-zero
    signed radix-16 digit, no doubling."""
    if not _base_table:
        _base_table.extend(_build_base_table())
    k %= L
    p, m = P, _MASK255
    w, half, full = _BASE_W, 1 << (_BASE_W - 1), 1 << _BASE_W
    x, y, z, t = IDENTITY
    carry = 0
    for row in _base_table:
        d = (k & (full - 1)) + carry
        k >>= w
        if d > half:
            d -= full
            carry = 1
        else:
            carry = 0
        if d:
            yp, ym, t2d = row[d]
            aa = (y - x) * ym
            aa = (aa & m) + 19 * (aa >> 255)
            bb = (y + x) * yp
            bb = (bb & m) + 19 * (bb >> 255)
            cc = t * t2d
            cc = (cc & m) + 19 * (cc >> 255)
            dd = z + z
            e_, f, g, h_ = bb - aa, dd - cc, dd + cc, bb + aa
            x = e_ * f % p
            y = g * h_ % p
            z = f * g % p
            t = e_ * h_ % p
    return (x, y, z, t)
