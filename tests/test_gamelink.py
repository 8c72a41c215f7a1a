"""Game links (engine/gamelink.py): a game or a position as a link, read back exactly, and
every kind of damage refused by name; a position link shows nothing its seat cannot see."""

from __future__ import annotations

import base64
import binascii
import json
import random
import statistics
import zlib
from pathlib import Path

import pytest

from engine import FormatError, GameError, Rules, apply, legal_actions, new_game, replay, view
from engine.cards import N_CLAN, TACTIC_DECK, card_text
from engine.gamelink import (
    _Bits,
    _to_text,
    game_link,
    position_link,
    read_game_link,
    read_link,
    read_position_link,
)
from engine.records import deal_next_round, record_to_json

GAMES = Path(__file__).parent / "data" / "games"


def random_record(seed: int, rules: Rules, shuffle_at: int | None = None) -> dict:
    """A seeded random game's record, with a take-back's shuffle entry at ``shuffle_at``."""
    from engine.records import Shuffle
    from engine.turn import reshuffle

    rng = random.Random(seed)
    state, actions = new_game(rules, seed), []
    while not state.over:
        if len(actions) == shuffle_at:
            state = state.copy()
            reshuffle(state, 99, [])
            actions.append(Shuffle(99))
        a = rng.choice(legal_actions(state))
        state = apply(state, a)
        actions.append(a)
    record = record_to_json(rules, seed, actions)
    record["takebacks"] = 1 if shuffle_at is not None else 0
    return record


def test_every_golden_game_goes_through_a_link_unchanged():
    for path in sorted(GAMES.glob("*.json")):
        record = json.loads(path.read_text())["record"]
        back = read_game_link(game_link(record))
        assert back["actions"] == record["actions"], path.name
        assert (back["rules"], back["seed"]) == (
            Rules.from_json(record["rules"]).to_json(),
            record["seed"],
        )
        assert replay(back)[0] == replay(record)[0]


# The legal actions' order is part of the format: this link must always read as this game.
GOLDEN = "g1AAIfkAACFcpGg-YZXGpHOhBRxKvQF5wmou9iQgSNVxeIFRF5NSedJuVEIzZQkwE"


def test_a_golden_link_reads_as_the_same_game_forever():
    record = json.loads((GAMES / "base-random-1000.json").read_text())["record"]
    assert game_link(record) == GOLDEN
    assert read_game_link(GOLDEN)["actions"] == record["actions"]


@pytest.mark.parametrize("seed", range(12))
def test_seeded_random_games_round_trip_with_every_option(seed):
    rules = Rules(
        tactics=seed % 2 == 1,
        claim_timing=("after_play", "start_of_turn")[seed % 3 == 0],
        starter=seed % 2,
        rounds=(1, 3)[seed % 4 == 0],
        next_starter=("alternate", "winner")[seed % 5 == 0],
    )
    record = random_record(seed, rules, shuffle_at=7 if seed % 3 == 1 else None)
    record["players"] = {"opponent": "ai", "ai_seat": 1, "ai_level": "hard", "names": None}
    back = read_game_link(game_link(record))
    assert back["actions"] == record["actions"]
    assert back["takebacks"] == record["takebacks"]
    assert back["players"] == record["players"]
    assert replay(back)[0] == replay(record)[0]


def test_a_string_seed_and_a_list_of_deals_go_through_too():
    rules = Rules(tactics=True, rounds=2)
    rng = random.Random(4)
    deals = []
    for _ in range(2):
        clan, tactic = list(range(N_CLAN)), list(TACTIC_DECK)
        rng.shuffle(clan)
        rng.shuffle(tactic)
        deals.append({"hands": [clan[:7], clan[7:14]], "deck": clan[14:], "tactic_deck": tactic})
    state, actions = new_game(rules, "x", deals[0]), []
    while not state.over:
        a = rng.choice(legal_actions(state))
        state = apply(state, a)
        if a.kind == "next_round":
            deal_next_round(state, deals)
        actions.append(a)
    record = record_to_json(rules, "éx", actions, deal=deals)
    back = read_game_link(game_link(record))
    assert back["seed"] == "éx" and back["deal"] == record["deal"]
    assert replay(back)[0].scores == state.scores


def test_a_median_game_is_far_below_2000_characters():
    sizes = [len(game_link(random_record(s, Rules(tactics=s % 2 == 1)))) for s in range(20)]
    assert statistics.median(sizes) <= 2000 and max(sizes) <= 2000


# ---------------------------------------------------------------- damage, by name


@pytest.fixture(scope="module")
def link():
    return game_link(random_record(3, Rules(tactics=True)))


def code_of(text) -> str:
    with pytest.raises(FormatError) as e:
        read_link(text)
    str(e.value)  # worded from the catalogue without a KeyError
    return e.value.code


def test_links_that_are_not_links_are_refused_by_name(link):
    assert code_of("") == "link_empty"
    assert code_of(None) == "link_empty"
    assert code_of("x" * 50_000) == "link_too_long"
    assert code_of("hello") == "link_not_a_link"
    assert code_of("g2" + link[2:]) == "link_version"
    assert code_of(link + "%") == "link_damaged"
    assert code_of(link[:20] + " " + link[21:]) == "link_damaged"


def test_every_cut_and_every_changed_character_is_refused(link):
    for n in range(2, len(link)):
        assert code_of(link[:n]) in ("link_damaged", "link_short", "link_empty"), n
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(2, len(link)):
        other = alphabet[(alphabet.index(link[i]) + 17) % 64]
        assert code_of(link[:i] + other + link[i + 1 :]) == "link_damaged", i
    assert code_of(link[:10] + "A" + link[10:]) == "link_damaged"
    assert code_of(link + link[-4:]) == "link_damaged"


def signed(bits: _Bits) -> str:
    """A link that passes its check: what a deliberate forger could make."""
    data = bits.to_bytes()
    return _to_text("g1", data + binascii.crc32(data).to_bytes(4, "big"))


def head(bits: _Bits, rounds: int = 1) -> _Bits:
    bits.put(0, 4)  # base game, after play, South starts, alternate
    bits.put(rounds - 1, 7)
    bits.put(0, 2)  # nobody said who played
    bits.put(0, 1)
    bits.put_int(5)  # seed 5
    bits.put_uint(0)  # no take-backs
    return bits


def test_forged_links_that_pass_the_check_are_refused_by_the_rules():
    bits = head(_Bits())
    bits.put(0, 2)  # no deal
    bits.put_uint(0)
    bits.put_uint(1)
    n = len(legal_actions(new_game(Rules(), 5)))
    bits.put((1 << (n - 1).bit_length()) - 1, (n - 1).bit_length())  # beyond the legal moves
    assert code_of(signed(bits)) == "link_bad_move"

    bits = head(_Bits(), rounds=120)
    assert code_of(signed(bits)) == "rules_rounds"

    bits = head(_Bits())
    bits.put(1, 2)  # one deal, a card twice
    for cards in (["R1", "R1"], [], [], []):
        bits.put_uint(len(cards))
        bits.put(0, 6 * len(cards))  # R1, as often as listed
    assert code_of(signed(bits)) == "card_too_often"

    bits = head(_Bits())
    bits.put(0, 2)
    bits.put_uint(0)
    bits.put_uint(10_000)  # more moves than the game has: forced moves run past its end
    assert code_of(signed(bits)) in ("link_short", "link_past_end")


def test_a_game_link_is_made_only_of_a_game_the_engine_accepts():
    with pytest.raises(GameError):
        game_link({"format": "schotten-totten/record", "version": 1, "actions": [{"kind": "x"}]})


# ---------------------------------------------------------------- positions


def positions(n: int, tactics: bool):
    """Seeded positions in the middle of random games (every step comes up)."""
    rng = random.Random(n)
    rules = Rules(tactics=tactics, rounds=2)
    for seed in range(n):
        state = new_game(rules, seed)
        stop = rng.randrange(1, 120)
        for _ in range(stop):
            if state.over:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        if not state.over:
            yield state


def unpacked(link: str) -> bytes:
    body = link[2:]
    return zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


@pytest.mark.parametrize("tactics", [False, True])
def test_a_position_link_shows_its_seat_exactly_and_nothing_hidden(tactics):
    for state in positions(25, tactics):
        for seat in (0, 1):
            link = position_link(state, seat, {"opponent": "ai", "ai_level": "medium"})
            assert len(link) < 2000
            seen = unpacked(link)
            faceup = {card_text(c) for side in state.sides for c in side}
            faceup |= {card_text(c) for c in state.discard} | {
                card_text(c) for c in state.modes if c >= 0
            }
            texts = set(json.loads(seen)["v"]["hand"]) | faceup
            other = {card_text(c) for c in state.hands[1 - seat]} - texts
            deck = {card_text(c) for d in state.decks for c in d} - texts
            for card in other | deck:
                assert f'"{card}"' not in seen.decode(), card  # no hidden card in the link
            back, s, players = read_position_link(link, random.Random(1))
            assert s == seat and players == {"opponent": "ai", "ai_level": "medium"}
            mine = view(state, seat)
            theirs = view(back, seat)
            for key in ("hand", "stones", "discard", "deck_sizes", "hand_sizes", "step", "to_move"):
                assert theirs[key] == mine[key], key
            assert legal_actions(back) or back.over  # play goes on from it


def test_damaged_or_impossible_positions_are_refused_by_name():
    state = next(positions(3, True))
    link = position_link(state, 0)
    assert code_of(link[:-3]) == "link_damaged"
    assert code_of("p2" + link[2:]) == "link_version"

    def packed(doc) -> str:
        return _to_text("p1", zlib.compress(json.dumps(doc).encode()))

    seen = json.loads(unpacked(link))
    assert code_of(packed([1, 2])) == "link_position"
    assert code_of(packed({"v": {**seen["v"], "extra": 1}})) == "link_position"
    assert code_of(packed({"v": {**seen["v"], "tick": "x"}})) == "bad_whole_from"
    # The opponent said to hold more cards than there are: no deal can meet it.
    too_many = {**seen["v"], "hand_sizes": [seen["v"]["hand_sizes"][0], 9]}
    assert code_of(packed({"v": too_many})) == "link_position"
    # A card in the hand that is also on a stone.
    on_stone = next(c for st in seen["v"]["stones"] for side in st[0] for c in side)
    twice = {**seen["v"], "hand": [*seen["v"]["hand"][:-1], on_stone]}
    assert code_of(packed({"v": twice})) == "link_position"
    bomb = _to_text("p1", zlib.compress(b"[" * 100_000))
    assert code_of(bomb) == "link_damaged"
    # NaN, which Python's json writes and reads and JSON has not: damage, not a number.
    assert code_of(packed({"v": {**seen["v"], "tick": float("nan")}})) == "link_damaged"


def test_a_finished_game_is_shared_whole_not_as_a_position():
    record = random_record(2, Rules())
    with pytest.raises(FormatError) as e:
        position_link(replay(record)[0], 0)
    assert e.value.code == "link_position_over"


def test_forged_links_with_flipped_bits_are_games_or_refusals_never_a_crash():
    record = json.loads((GAMES / "tactics-match-random-1340.json").read_text())["record"]
    body = game_link(record)[2:]
    data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))[:-4]
    rng, codes = random.Random(3), set()
    for _ in range(300):
        d = bytearray(data)
        for _ in range(rng.randrange(1, 4)):
            d[rng.randrange(len(d))] ^= 1 << rng.randrange(8)
        forged = _to_text("g1", bytes(d) + binascii.crc32(bytes(d)).to_bytes(4, "big"))
        try:
            replay(read_game_link(forged))  # a legal game: it replays
        except GameError as e:
            codes.add(e.code)
    assert {"link_bad_move", "link_past_end"} <= codes
