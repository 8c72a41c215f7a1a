"""The cipher's parameters and properties, in both groups (ristretto255 in play, the MODP
primes for the benchmark and the suite): the primes are safe primes, card codes are distinct
elements (quadratic residues modulo a prime), locks commute and undo, a share's proof holds
for the committed key only, and a card "marked" outside the MODP subgroup loses its mark at
the next lock; ristretto255 refuses a value that is no element."""

from __future__ import annotations

import random

import pytest

from engine.remote import sra
from engine.remote.sra import TEST_P, Group, Key, card_of, check_share, lock, share, unlock


def _probably_prime(n: int, rounds: int = 32) -> bool:
    """Miller-Rabin with fixed random bases (error below 4^-32)."""
    if n < 4 or n % 2 == 0:
        return n in (2, 3)
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    rng = random.Random(n & 0xFFFF)
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 2), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@pytest.mark.parametrize("p", [sra.P, TEST_P], ids=["rfc3526_1536", "test_256"])
def test_the_primes_are_safe_primes(p):
    assert _probably_prime(p) and _probably_prime((p - 1) // 2)
    assert p % 8 == 7  # so 2, and 4 = G, are squares: G generates the subgroup of order q


def test_the_play_prime_is_rfc_3526_group_5():
    """RFC 3526: p = 2^1536 - 2^1472 - 1 + 2^64 * (floor(2^1406 pi) + 741804)."""
    assert sra.P.bit_length() == 1536
    assert sra.P >> 1472 == (1 << 64) - 1 and sra.P & ((1 << 64) - 1) == (1 << 64) - 1
    assert str(sra.P).startswith("2410312426921032588552076022197566074856950548502459942654116941")


@pytest.mark.parametrize("group", [sra.MODP_1536, Group(TEST_P, 64)], ids=["modp", "test"])
def test_card_codes_are_distinct_quadratic_residues(group):
    assert len(set(group.codes)) == sra.N_PHYSICAL == 64
    for m in group.codes:
        assert pow(m, group.q, group.p) == 1  # in the subgroup of order q: a square
    # No code is another's square or a product of two: the relations small squares have.
    codes = set(group.codes)
    assert not any(a * b % group.p in codes for a in group.codes[:16] for b in group.codes[:16])


def test_play_card_codes_are_distinct_elements():
    codes = sra.PLAY.codes
    assert len(set(codes)) == sra.N_PHYSICAL == 64
    assert all(sra.PLAY.valid(m) for m in codes)
    assert sra.PLAY.name == "ristretto255" and sra.GROUPS["ristretto255"] is sra.PLAY


def test_a_value_that_is_no_element_is_refused():
    g = sra.PLAY
    assert not g.valid(0)  # the identity: carries no card
    assert not g.valid(1 << 256) and not g.valid(-5) and not g.valid(True)
    assert not g.valid(1)  # an odd field element: a negative s, refused by the RFC's decode
    a = Key.new(group=g)
    c = lock(sra.code(7, g), a)
    s, ch, z = share(c, a)
    assert check_share(c, s, ch, z, a.commit, g)
    assert not check_share(c, 1, ch, z, a.commit, g)
    assert not check_share(c, s, ch, g.q, a.commit, g)  # a response out of range


def test_decoded_elements_are_kept_a_few_hundred_at_most_and_refusals_never():
    """The memo of decoded elements (``Ristretto._decode``) changes no answer: an element
    decodes as before, a value that is no element is refused every time, and it stays
    small."""
    g = sra.PLAY
    g._points.clear()
    a = Key.new(group=g)
    c = lock(sra.code(3, g), a)
    assert g.valid(c) and c in g._points
    kept = g.exp(c, 5)  # through the memo's point
    g._points.clear()
    assert g.exp(c, 5) == kept and unlock(lock(c, a), a) == c
    for _ in range(2):
        assert not g.valid(1) and 1 not in g._points
        with pytest.raises(ValueError):
            g._point(1)
    rng = random.Random(5)
    for _ in range(g._DECODED + 10):
        assert g.valid(g.gen(rng.getrandbits(200) + 1))
    assert 0 < len(g._points) <= g._DECODED


def test_prepare_makes_the_codes_and_the_generators_table():
    from engine.remote import ristretto

    sra.prepare()
    assert sra.PLAY._codes and ristretto._base_table
    sra.prepare(Group(TEST_P, 64))  # a MODP group: its codes (no table)


@pytest.mark.parametrize("group", [sra.PLAY, Group(TEST_P, 64)], ids=["play", "test"])
def test_locks_commute_and_undo(group):
    a, b = Key.new(group=group), Key.new(group=group)
    for i in range(64):
        m = sra.code(i, group)
        both = lock(lock(m, a), b)
        assert both == lock(lock(m, b), a)
        assert card_of(unlock(unlock(both, a), b), group) == i


@pytest.mark.parametrize("group", [sra.PLAY, sra.MODP_1536], ids=["play", "modp"])
def test_a_share_proof_holds_only_for_the_committed_key(group):
    a, b = Key.new(group=group), Key.new(group=group)
    c = lock(lock(sra.code(7, group), a), b)
    s, ch, z = share(c, a)
    assert check_share(c, s, ch, z, a.commit, group)
    assert card_of(unlock(s, b), group) == 7
    assert not check_share(c, s, ch, z, b.commit, group)  # another key
    assert not check_share(c, lock(s, b), ch, z, a.commit, group)  # another value
    other = lock(lock(sra.code(8, group), a), b)
    s2, ch2, z2 = share(other, a)
    assert not check_share(c, s2, ch2, z2, a.commit, group)  # another card's share
    assert not check_share(c, s, ch, z + 1, a.commit, group)
    assert not check_share(c, s, ch, z, a.commit, sra.TEST if group is sra.PLAY else sra.PLAY)


def test_a_marked_card_loses_its_mark_at_the_next_lock():
    """A cheater who flips a card's sign (a non-residue) to follow it through the other's
    shuffle: the other's even lock exponent squares the mark away."""
    g = Group(TEST_P, 64)
    a, b = Key.new(group=g), Key.new(group=g)
    honest = lock(sra.code(3, g), a)
    marked = g.p - honest  # -x: not a square
    assert pow(marked, g.q, g.p) == g.p - 1
    assert lock(marked, b) == lock(honest, b)  # indistinguishable after the lock
    for x in (lock(marked, b), lock(honest, b)):
        assert pow(x, g.q, g.p) == 1


def test_numbers_as_text_round_trip():
    for n in (0, 1, 255, 256, sra.P - 1, 2**300):
        assert sra.text_to_int(sra.int_to_text(n)) == n
    for bad in ("", "a=b", "A" * 400, None, 5, "é"):
        assert sra.text_to_int(bad) is None


def test_card_of_works_with_asserts_stripped():
    """The site runs Python with its asserts stripped: a card's lookup must not depend on
    one (the guest's page named an honest host a cheat when it did)."""
    import subprocess
    import sys

    code = (
        "import sys; from engine.remote import sra; g = sra.Ristretto(); "
        "sys.exit(0 if len(g.card_of_code) == 64 else 1)"
    )
    assert subprocess.run([sys.executable, "-O", "-c", code], check=False).returncode == 0
