"""The commutative cipher that deals the cards: SRA (Pohlig-Hellman exponentiation) in a
group of prime order, and the proof that an unlocking share is honest.

A card is an element ``M`` of the group; it is locked by raising it to a secret exponent
``E`` (written multiplicatively: on an elliptic curve, ``E * M``) and unlocked by the
inverse exponent ``D = E^-1`` modulo the group's order. Locks commute,
``(M^Ea)^Eb = (M^Eb)^Ea``, so two players can each lock every card, and a card is read only
when both have taken their lock off.

The groups (docs/remote.md, "The cryptography and its parameters", has the whole argument):

- **In play, ristretto255** (RFC 9496, ``ristretto.py``): prime order ``L`` (about 2^252), no
  cofactor, every encoding decodes to an element or is refused. An element travels as its
  32 bytes (43 base64url characters, against 256 for a 1,536-bit number), an unlock costs
  what a lock costs, and about 126 bits of security. Cards are hashed to the group
  (section 4.3.4), so no card is a known multiple of another. Keys are 252 random bits.
- **The 1,536-bit MODP prime of RFC 3526** (``Group(P)``), the protocol's group until
  version 3: kept for the benchmark that compares the two (``bench/remote_group.py``), and
  its 256-bit sibling ``Group(TEST_P, 64)`` for the test suite's many protocol games, where
  exponentiation costs microseconds. There cards are quadratic residues (a hash squared),
  and lock exponents are even (``E = 2k``), so that no bit of a card leaks through its lock
  and a "marked" value outside the subgroup is squared back into it.

Every operation takes its group: a key carries the group it locks in (``Key(k, group)``),
and a game keeps its group (``GROUPS``, by the name its save holds).

>>> key = Key.new(group=PLAY)
>>> m = code(5, PLAY)
>>> unlock(lock(m, key), key) == m
True
>>> other = Key.new(group=PLAY)
>>> unlock(lock(lock(m, key), other), key) == lock(m, other)     # locks commute
True
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from types import MappingProxyType

from ..cards import N_CLAN, TACTIC_DECK
from . import ristretto

# RFC 3526, section 2: the 1536-bit MODP group. tests/test_remote_sra.py checks that P and
# (P - 1) / 2 are prime.
P = int(
    "FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22"
    "514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6"
    "F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D"
    "C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB"
    "9ED529077096966D670C354E4ABC9804F1746C08CA237327FFFFFFFFFFFFFFFF",
    16,
)
# A 256-bit safe prime generated once for the test suite's many protocol games, where a
# game at full size would cost seconds of exponentiation. Never used in play.
TEST_P = 0xFE68B52C22CBF988D4C9644F2D3C490881C8D392A5C29AAE79340CA5271B895F

PRIME_BITS = P.bit_length()
KEY_BITS = 256  # secret exponents: lock keys and Diffie-Hellman
CHALLENGE_BITS = 128
NONCE_BITS = KEY_BITS + 1 + CHALLENGE_BITS + 80  # hides the key statistically in a proof

# Physical cards: clan cards 0-53, then the tactic deck's ten in TACTIC_DECK order (the two
# Jokers are two physical cards with one card code: they must not lock to equal values).
PHYSICAL = tuple(range(N_CLAN)) + TACTIC_DECK
N_PHYSICAL = len(PHYSICAL)
CLAN_IDS = tuple(range(N_CLAN))
TACTIC_IDS = tuple(range(N_CLAN, N_PHYSICAL))


class _Cards:
    """The card codes of a group, made on first use (not at import: the page boots without
    them), and the card each code stands for."""

    _codes: tuple = ()
    _card_of_code: dict  # set with the codes

    def _code(self, i: int) -> int:
        raise NotImplementedError

    @property
    def codes(self) -> tuple:
        """The element of each physical card."""
        if not self._codes:
            self._codes = tuple(self._code(i) for i in range(N_PHYSICAL))
            self._card_of_code = {m: i for i, m in enumerate(self._codes)}
        return self._codes

    @property
    def card_of_code(self) -> dict:
        if not self._codes:  # made with the codes (not in an assert: the site strips them)
            self.codes  # noqa: B018
        return self._card_of_code


class Group(_Cards):
    """A safe prime ``p = 2q + 1`` and what the game derives from it: ``g = 4``, a generator
    of the subgroup of order ``q``, and the card codes (quadratic residues)."""

    def __init__(self, p: int, key_bits: int = KEY_BITS, name: str = "modp"):
        self.name = name  # "modp": RFC 3526's, the protocol's group until version 3
        self.p, self.q, self.g = p, (p - 1) // 2, 4
        self.bytes = (p.bit_length() + 7) // 8
        self.bits = p.bit_length()
        self.key_bits = key_bits
        self.nonce_bits = key_bits + 1 + CHALLENGE_BITS + 80

    def _code(self, i: int) -> int:
        """Physical card ``i`` as a quadratic residue with no known relation to the others."""
        seed = f"schotten-totten/remote/card/{i}".encode()
        stream = b"".join(
            hashlib.sha256(seed + bytes([j])).digest() for j in range(self.bytes // 32 + 2)
        )
        return pow(int.from_bytes(stream, "big") % self.p, 2, self.p)

    def exp(self, x: int, e: int) -> int:
        return pow(x, e, self.p)

    def gen(self, e: int) -> int:
        return pow(self.g, e, self.p)

    def double_exp(self, x: int, a: int, y: int, b: int) -> int:
        """``x^a * y^b`` (``b`` may be negative)."""
        return pow(x, a, self.p) * pow(y, b, self.p) % self.p

    def valid(self, x) -> bool:
        """A number that can stand for a locked card: 2..P-2 (0, 1 and -1 carry no card)."""
        return type(x) is int and 1 < x < self.p - 1

    def lock_exponent(self, k: int) -> int:
        return 2 * k  # even: a value outside the subgroup is squared into it

    def nonce(self, entropy: Entropy) -> int:
        return entropy.bits(self.nonce_bits)

    def response(self, w: int, ch: int, e: int) -> int:
        return w + ch * e  # over the integers: the nonce hides the key statistically

    def response_ok(self, z) -> bool:
        return type(z) is int and 0 <= z < 1 << (self.nonce_bits + 1)


class Ristretto(_Cards):
    """ristretto255 (RFC 9496): an element is kept as the integer of its 32-byte encoding
    (big-endian), so that decks, sets and the wire see plain numbers as with ``Group``; it
    is decoded only to compute."""

    name = "ristretto255"

    def __init__(self):
        self.bytes = ristretto.ENCODED_BYTES
        self.bits = 8 * ristretto.ENCODED_BYTES
        self.key_bits = 252  # below the order L, so any key is a valid scalar
        self.q = ristretto.L
        self.g = self._int(ristretto.encode(ristretto.BASE))
        self._points: dict[int, ristretto.Element] = {}

    def _code(self, i: int) -> int:
        """Physical card ``i`` hashed to the group: nobody knows its logarithm to another."""
        return self._int(
            ristretto.encode(ristretto.hash_to_group(f"schotten-totten/remote/card/{i}".encode()))
        )

    @staticmethod
    def _int(data: bytes) -> int:
        return int.from_bytes(data, "big")

    # Elements decoded lately, by their number: a deck's entry is decoded when its message is
    # checked (``valid``) and again when it is locked or unlocked, a share when its proof is
    # checked twice over. A decoding is a square root (about a tenth of a lock); what is kept
    # is public (the messages' own numbers), and at most _DECODED of them.
    _DECODED = 512

    def _decode(self, x: int):
        """The point ``x`` encodes, or ``None`` (not canonical, not an element)."""
        point = self._points.get(x)
        if point is None:
            point = ristretto.decode(x.to_bytes(ristretto.ENCODED_BYTES, "big"))
            if point is not None:
                if len(self._points) >= self._DECODED:
                    self._points.clear()
                self._points[x] = point
        return point

    def _point(self, x: int):
        point = self._decode(x)
        if point is None:
            raise ValueError("not a ristretto255 element")
        return point

    def exp(self, x: int, e: int) -> int:
        return self._int(ristretto.encode(ristretto.mul(e % self.q, self._point(x))))

    def gen(self, e: int) -> int:
        return self._int(ristretto.encode(ristretto.mul_base(e % self.q)))

    def double_exp(self, x: int, a: int, y: int, b: int) -> int:
        point = ristretto.mul_double(a % self.q, self._point(x), b % self.q, self._point(y))
        return self._int(ristretto.encode(point))

    def valid(self, x) -> bool:
        """The encoding of an element other than the identity (which carries no card)."""
        if type(x) is not int or not 0 < x < 1 << self.bits:
            return False
        point = self._decode(x)
        return point is not None and not ristretto.is_identity(point)

    def lock_exponent(self, k: int) -> int:
        return k  # prime order: no subgroup to fall out of

    def nonce(self, entropy: Entropy) -> int:
        return entropy.below(self.q)

    def response(self, w: int, ch: int, e: int) -> int:
        return (w + ch * e) % self.q

    def response_ok(self, z) -> bool:
        return type(z) is int and 0 <= z < self.q


MODP_1536 = Group(P)
PLAY = Ristretto()
TEST = Group(TEST_P, 64, name="modp-256-test")  # the suite's protocol games: never in play
# The groups a game is played in, by the name its save keeps. A save of protocol version 1
# or 2 was dealt in MODP_1536 ("modp"): refused by name (``save_io``, ``old_save``).
# Read-only: a game's group is a parameter of the game (``Endpoint.host`` and ``join`` take
# it, PLAY unless told otherwise), kept in its save; there is no module default to swap.
GROUPS = MappingProxyType({g.name: g for g in (PLAY, TEST)})
OLD_GROUPS = (MODP_1536.name,)
ELEMENT_BITS = 256  # an element of every group in GROUPS, as a number: at most 256 bits


def prepare(group: Group | Ristretto = PLAY) -> None:
    """Make now what a device's first set-up would make on first use and keep for the page's
    life: the 64 card codes and, in ristretto255, the table of the generator's multiples
    (together about 0.3 s on the tablet profile). The page calls it while the guest reads
    the invitation (web/duo.py, ``Duo.prepare``), so that it is not among what the players
    wait through after Join. Nothing secret: the same for every game."""
    group.codes  # noqa: B018 - made on first use (_Cards)
    group.gen(1)  # ristretto255: builds the generator's table (ristretto.mul_base)


def code(i: int, group: Group | Ristretto) -> int:
    """The number that stands for physical card ``i`` in ``group``."""
    return group.codes[i]


class Entropy:
    """Where secrets come from: the system's (``secrets``), or a seeded ``random.Random`` so
    that a test game can be played again exactly. Shared, never copied, never saved."""

    def __init__(self, rng=None):
        self.rng = rng if rng is not None else secrets.SystemRandom()

    def bits(self, n: int) -> int:
        return self.rng.getrandbits(n)

    def below(self, n: int) -> int:
        return self.rng.randrange(n)

    def shuffle(self, xs: list) -> None:
        self.rng.shuffle(xs)

    def __deepcopy__(self, memo):
        return self


SYSTEM = Entropy()


class Key:
    """One player's lock for one round: ``E`` locks, ``D`` unlocks, ``commit = G^E``
    is published at the deal so that every share can be checked against it."""

    __slots__ = ("k", "E", "D", "commit", "group")

    def __init__(self, k: int, group: Group | Ristretto):
        if type(k) is not int or not 0 < k < 1 << group.key_bits:
            raise ValueError("a lock key is a positive number of the group's key size")
        self.k, self.group = k, group
        self.E = group.lock_exponent(k)
        self.D = pow(self.E, -1, group.q)
        self.commit = group.gen(self.E)

    @classmethod
    def new(cls, entropy: Entropy = SYSTEM, group: Group | Ristretto = PLAY) -> Key:
        bits = group.key_bits
        return cls(entropy.bits(bits) | 1 << (bits - 1), group)


def lock(x: int, key: Key) -> int:
    return key.group.exp(x, key.E)


def unlock(x: int, key: Key) -> int:
    return key.group.exp(x, key.D)


def valid_element(x, group: Group | Ristretto) -> bool:
    """A number that can stand for a locked card in ``group``."""
    return group.valid(x)


def _challenge(group: Group | Ristretto, *values: int) -> int:
    h = hashlib.sha256(b"schotten-totten/remote/share")
    for v in values:
        h.update(v.to_bytes(group.bytes, "big"))
    return int.from_bytes(h.digest()[: CHALLENGE_BITS // 8], "big")


def share(c: int, key: Key, entropy: Entropy = SYSTEM) -> tuple[int, int, int]:
    """Take ``key``'s lock off ``c`` for the other player, with a Chaum-Pedersen proof that
    it was done with the committed key: ``(s, challenge, response)``, ``s = c^D``. The
    proof's nonce comes from ``entropy`` (a test's seeded game is then the same each run)."""
    g = key.group
    s = unlock(c, key)
    w = g.nonce(entropy)
    ch = _challenge(g, g.g, key.commit, s, c, g.exp(s, w), g.gen(w))
    return s, ch, g.response(w, ch, key.E)


def check_share(c: int, s: int, ch: int, z: int, commit: int, g: Group | Ristretto) -> bool:
    """Whether ``s`` is ``c`` with the lock of the key committed as ``commit`` taken off, in
    group ``g``: the proof shows that ``log_s(c) = log_G(commit)`` without telling the key."""
    if not (
        g.valid(s)
        and g.valid(c)
        and type(ch) is int
        and 0 <= ch < 1 << CHALLENGE_BITS
        and g.response_ok(z)
        and g.valid(commit)
    ):
        return False
    t1 = g.double_exp(s, z, c, -ch)
    t2 = g.double_exp(g.g, z, commit, -ch)
    return _challenge(g, g.g, commit, s, c, t1, t2) == ch


def card_of(m: int, group: Group | Ristretto):
    """The physical card a fully unlocked value stands for in ``group``, or ``None``."""
    return group.card_of_code.get(m)


# ---------------------------------------------------------------- numbers as text


def int_to_text(n: int) -> str:
    """A big number for JSON: base64url of its bytes, no padding (43 characters for a
    ristretto255 element, 256 for 1,536 bits, against 463 decimal digits)."""
    return (
        base64.urlsafe_b64encode(n.to_bytes((n.bit_length() + 7) // 8 or 1, "big"))
        .rstrip(b"=")
        .decode()
    )


def text_to_int(text, limit_bits: int = PRIME_BITS + 8):
    """The number ``int_to_text`` wrote, or ``None`` when ``text`` is not one."""
    if not isinstance(text, str) or not 0 < len(text) <= (limit_bits + 5) // 6 + 1:
        return None
    if text.strip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"):
        return None
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return None
    return int.from_bytes(raw, "big")
