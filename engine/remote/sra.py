"""The commutative cipher that deals the cards: SRA (Pohlig-Hellman exponentiation) modulo a
safe prime, and the proof that an unlocking share is honest.

A card is locked by raising its code to a secret exponent ``E`` modulo ``P`` and unlocked by
the inverse exponent ``D``. Locks commute, ``(m^Ea)^Eb = (m^Eb)^Ea``, so two players can each
lock every card, and a card is read only when both have taken their lock off.

Why these choices (docs/remote.md has the whole argument):

- ``P`` is the 1,536-bit MODP prime of RFC 3526 (group 5), a published safe prime
  ``P = 2Q + 1``: its only subgroups have orders 1, 2, Q and 2Q. 2,048 bits would cost a
  tablet about 3.5 s of set-up, over the 3 s target; 1,024 bits is below what RFC 3526
  offers at all.
- Cards are coded as quadratic residues (squares), the subgroup of prime order ``Q``, where
  no bit of a card leaks through its lock (the Legendre symbol of a locked card would
  otherwise be its own). Each code is a hash squared, so no code is a product of others:
  small squares would let a player test ``lock(4) * lock(9) == lock(36)``.
- Lock exponents are even (``E = 2k``): a value a cheater sends outside the subgroup (a
  "marked" card, its sign flipped) is squared into it by the next lock, mark erased. ``D`` is
  ``E``'s inverse modulo ``Q``, the order of every value the game unlocks.
- ``k`` is 256 random bits: locking 64 cards is then 6x cheaper than with a full exponent,
  and recovering ``k`` from a locked card still takes about 2^128 steps.

>>> key = Key.new()
>>> m = code(5)
>>> unlock(lock(m, key), key) == m
True
>>> other = Key.new()
>>> unlock(lock(lock(m, key), other), key) == lock(m, other)     # locks commute
True
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from ..cards import N_CLAN, TACTIC_DECK

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


class Group:
    """A safe prime ``p = 2q + 1`` and what the game derives from it: ``g = 4``, a generator
    of the subgroup of order ``q``, and the card codes."""

    def __init__(self, p: int, key_bits: int = KEY_BITS):
        self.p, self.q, self.g = p, (p - 1) // 2, 4
        self.bytes = (p.bit_length() + 7) // 8
        self.key_bits = key_bits
        self.nonce_bits = key_bits + 1 + CHALLENGE_BITS + 80
        self.codes = tuple(self._code(i) for i in range(N_PHYSICAL))
        self.card_of_code = {m: i for i, m in enumerate(self.codes)}

    def _code(self, i: int) -> int:
        """Physical card ``i`` as a quadratic residue with no known relation to the others."""
        seed = f"schotten-totten/remote/card/{i}".encode()
        stream = b"".join(
            hashlib.sha256(seed + bytes([j])).digest() for j in range(self.bytes // 32 + 2)
        )
        return pow(int.from_bytes(stream, "big") % self.p, 2, self.p)


PLAY = Group(P)
GROUP = PLAY  # the group in use (tests of many games switch to Group(TEST_P, 64))


def code(i: int) -> int:
    """The number that stands for physical card ``i``."""
    return GROUP.codes[i]


class Entropy:
    """Where secrets come from: the system's (``secrets``), or a seeded ``random.Random`` so
    that a test game can be played again exactly. Shared, never copied, never saved."""

    def __init__(self, rng=None):
        self.rng = rng if rng is not None else secrets.SystemRandom()

    def bits(self, n: int) -> int:
        return self.rng.getrandbits(n)

    def shuffle(self, xs: list) -> None:
        self.rng.shuffle(xs)

    def __deepcopy__(self, memo):
        return self


SYSTEM = Entropy()


class Key:
    """One player's lock for one round: ``E = 2k`` locks, ``D`` unlocks, ``commit = G^E``
    is published at the deal so that every share can be checked against it."""

    __slots__ = ("k", "E", "D", "commit")

    def __init__(self, k: int):
        if type(k) is not int or not 0 < k < 1 << GROUP.key_bits:
            raise ValueError("a lock key is a positive 256-bit number")
        self.k = k
        self.E = 2 * k
        self.D = pow(self.E, -1, GROUP.q)
        self.commit = pow(GROUP.g, self.E, GROUP.p)

    @classmethod
    def new(cls, entropy: Entropy = SYSTEM) -> Key:
        bits = GROUP.key_bits
        return cls(entropy.bits(bits) | 1 << (bits - 1))


def lock(x: int, key: Key) -> int:
    return pow(x, key.E, GROUP.p)


def unlock(x: int, key: Key) -> int:
    return pow(x, key.D, GROUP.p)


def valid_element(x) -> bool:
    """A number that can stand for a locked card: 2..P-2 (0, 1 and -1 carry no card)."""
    return type(x) is int and 1 < x < GROUP.p - 1


def _challenge(*values: int) -> int:
    h = hashlib.sha256(b"schotten-totten/remote/share")
    for v in values:
        h.update(v.to_bytes(GROUP.bytes, "big"))
    return int.from_bytes(h.digest()[: CHALLENGE_BITS // 8], "big")


def share(c: int, key: Key) -> tuple[int, int, int]:
    """Take ``key``'s lock off ``c`` for the other player, with a Chaum-Pedersen proof that
    it was done with the committed key: ``(s, challenge, response)``, ``s = c^D``."""
    p, g = GROUP.p, GROUP.g
    s = unlock(c, key)
    w = secrets.randbits(GROUP.nonce_bits)
    ch = _challenge(g, key.commit, s, c, pow(s, w, p), pow(g, w, p))
    return s, ch, w + ch * key.E


def check_share(c: int, s: int, ch: int, z: int, commit: int) -> bool:
    """Whether ``s`` is ``c`` with the lock of the key committed as ``commit`` taken off:
    the proof shows that ``log_s(c) = log_G(commit)`` without telling the key."""
    p, g = GROUP.p, GROUP.g
    if not (
        valid_element(s)
        and valid_element(c)
        and type(ch) is int
        and type(z) is int
        and 0 <= ch
        and 0 <= z < 1 << (GROUP.nonce_bits + 1)
    ):
        return False
    t1 = pow(s, z, p) * pow(c, -ch, p) % p
    t2 = pow(g, z, p) * pow(commit, -ch, p) % p
    return _challenge(g, commit, s, c, t1, t2) == ch


def card_of(m: int):
    """The physical card a fully unlocked value stands for, or ``None``."""
    return GROUP.card_of_code.get(m)


# ---------------------------------------------------------------- numbers as text


def int_to_text(n: int) -> str:
    """A big number for JSON: base64url of its bytes, no padding (257 characters for 1536
    bits, against 463 decimal digits)."""
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
