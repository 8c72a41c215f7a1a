"""A game as a link: a finished game's record, or a position from one seat, in a few hundred
characters of URL-safe text (``docs/formats.md``, "Game links").

A **game link** (``g1…``) is a record packed into bits: the rules, who played, the seed (or
the deals), where take-backs shuffled, then one number per action, its place among the
engine's ``legal_actions`` at that moment (no bits at all when only one action is legal),
and a CRC-32 of everything before it. Reading it replays every action, so what comes out is
a record the engine has played through, refused by name (``FormatError``) if it is not.

A **position link** (``p1…``) is what one seat sees of a game in progress (the table, the
counts, its own hand; never the opponent's hand or the order of the decks), compressed.
Reading it deals the hidden cards at random (``engine.ai.world``), checks the result with
the strict position reader and checks that it looks, from that seat, exactly as the link
says.

>>> from engine.state import new_game
>>> from engine.legality import legal_actions
>>> from engine.turn import apply
>>> from engine.records import record_to_json
>>> s = new_game(seed=9)
>>> actions = []
>>> for _ in range(6):
...     actions.append(legal_actions(s)[0]); s = apply(s, actions[-1])
>>> link = game_link(record_to_json(s.rules, 9, actions))
>>> link[:2], len(link) < 40
('g1', True)
>>> read_game_link(link)["actions"][0]
{'kind': 'play', 'card': 'R9', 'stone': 0}
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import re
import zlib

from .actions import Kind, action_to_json
from .cards import card_text, parse_card
from .documents import read_cards as _cards
from .documents import read_flag as _flag
from .documents import read_player as _player
from .documents import read_two as _two
from .documents import read_whole as _whole
from .errors import FormatError, GameError
from .jsontext import parse
from .legality import legal_actions
from .records import (
    RECORD_FORMAT,
    VERSION,
    Shuffle,
    deal_next_round,
    position_from_json,
    position_to_json,
    read_deals,
    replay,
)
from .state import AFTER_PLAY, ALTERNATE, START_OF_TURN, WINNER, Rules, State, new_game
from .turn import apply, reshuffle
from .view import view

GAME_PREFIX, POSITION_PREFIX = "g1", "p1"
# A link's text is measured before anything is decoded: a 99-round Tactic match of random
# play packs into about 5,800 characters; a position into a few hundred.
MAX_LINK = 40_000
MAX_POSITION_JSON = 20_000  # a position link's JSON, once inflated
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")
_OPPONENTS = (None, "ai", "human", "remote")
_LEVELS = ("easy", "medium", "hard")


# ---------------------------------------------------------------- bits


class _Bits:
    """A string of bits, written and read most significant first."""

    def __init__(self, data: bytes = b""):
        self.value, self.n = int.from_bytes(data, "big"), len(data) * 8
        self.pos = 0

    def put(self, value: int, width: int) -> None:
        self.value = (self.value << width) | value
        self.n += width

    def put_uint(self, value: int) -> None:
        """A whole number of any size: 5 bits at a time, each group after a 'more' bit."""
        groups = []
        while True:
            groups.append(value & 31)
            value >>= 5
            if not value:
                break
        for i, g in enumerate(reversed(groups)):
            self.put(1 if i < len(groups) - 1 else 0, 1)
            self.put(g, 5)

    def put_int(self, value: int) -> None:
        self.put_uint(value * 2 if value >= 0 else -value * 2 - 1)

    def to_bytes(self) -> bytes:
        pad = -self.n % 8
        return (self.value << pad).to_bytes((self.n + pad) // 8, "big")

    def take(self, width: int) -> int:
        if self.pos + width > self.n:
            raise FormatError("link_short")
        self.pos += width
        return (self.value >> (self.n - self.pos)) & ((1 << width) - 1)

    def take_uint(self, most_bits: int = 64) -> int:
        value = 0
        for _ in range(most_bits // 5 + 1):
            more, value = self.take(1), (value << 5) | self.take(5)
            if not more:
                return value
        raise FormatError("link_number")

    def take_int(self) -> int:
        u = self.take_uint()
        return u // 2 if u % 2 == 0 else -(u + 1) // 2

    def rest_is_padding(self) -> bool:
        return self.n - self.pos < 8 and self.take(self.n - self.pos) == 0


def _width(n: int) -> int:
    """Bits that tell one of ``n`` choices apart (none for a single choice)."""
    return (n - 1).bit_length()


def _to_text(prefix: str, data: bytes) -> str:
    return prefix + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _from_text(text, prefix: str) -> bytes:
    """The bytes of a link with ``prefix``; its length, alphabet and version checked first."""
    if not isinstance(text, str) or not text:
        raise FormatError("link_empty")
    if len(text) > MAX_LINK:
        raise FormatError("link_too_long", limit=MAX_LINK, n=len(text))
    if text[0] == prefix[0] and text[1:2] != prefix[1]:  # g2…: a newer table's link
        raise FormatError("link_version", value=text[:2], version=prefix)
    if not text.startswith(prefix):
        raise FormatError("link_not_a_link", value=text[:12])
    body = text[len(prefix) :]
    if not _ALPHABET.fullmatch(body) or len(body) % 4 == 1:
        raise FormatError("link_damaged")
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise FormatError("link_damaged") from None
    if _to_text(prefix, data) != text:  # a last character changed only in its unused bits
        raise FormatError("link_damaged")
    return data


# ---------------------------------------------------------------- game links


def _put_cards(bits: _Bits, cards: list) -> None:
    bits.put_uint(len(cards))
    for c in cards:
        bits.put(parse_card(c), 6)


def _take_cards(bits: _Bits) -> list[str]:
    n = bits.take_uint()
    if n > 64:
        raise FormatError("link_damaged")
    out = []
    for _ in range(n):
        c = bits.take(6)
        if c > 62:  # 63 codes: the clan cards and the tactic cards (the Jokers share one)
            raise FormatError("link_damaged")
        out.append(card_text(c))
    return out


def _put_players(bits: _Bits, players) -> None:
    p = players if isinstance(players, dict) else {}
    opponent = p.get("opponent") if p.get("opponent") in _OPPONENTS else None
    bits.put(_OPPONENTS.index(opponent), 2)
    if opponent == "ai":
        bits.put(1 if p.get("ai_seat") == 1 else 0, 1)
        level = p.get("ai_level")
        bits.put(_LEVELS.index(level) if level in _LEVELS else 0, 2)
    elif opponent == "remote":
        bits.put(1 if p.get("seat") == 1 else 0, 1)


def _take_players(bits: _Bits) -> dict | None:
    opponent = _OPPONENTS[bits.take(2)]
    if opponent == "ai":
        seat, level = bits.take(1), bits.take(2)
        if level >= len(_LEVELS):
            raise FormatError("link_damaged")
        return {"opponent": "ai", "ai_seat": seat, "ai_level": _LEVELS[level], "names": None}
    if opponent == "remote":
        return {"opponent": "remote", "seat": bits.take(1), "names": None}
    return None if opponent is None else {"opponent": opponent, "names": None}


def game_link(record: dict) -> str:
    """A record (``docs/formats.md``) as a game link; the record is replayed first, so only
    a game the engine accepts becomes a link. Player names are left out."""
    state, done = replay(record)  # refused as a record would be
    rules = state.rules
    bits = _Bits()
    bits.put(int(rules.tactics), 1)
    bits.put(int(rules.claim_timing == START_OF_TURN), 1)
    bits.put(rules.starter, 1)
    bits.put(int(rules.next_starter == WINNER), 1)
    bits.put(rules.rounds - 1, 7)
    _put_players(bits, record.get("players"))
    seed = record.get("seed", 0)
    if type(seed) is int:
        bits.put(0, 1)
        bits.put_int(seed)
    else:
        raw = str(seed).encode("utf-8")
        bits.put(1, 1)
        bits.put_uint(len(raw))
        for b in raw:
            bits.put(b, 8)
    takebacks = record.get("takebacks", 0)
    bits.put_uint(takebacks if type(takebacks) is int and takebacks >= 0 else 0)
    deal = record.get("deal")
    deals = [] if deal is None else deal if isinstance(deal, list) else [deal]
    bits.put(0 if deal is None else 2 if isinstance(deal, list) else 1, 2)
    if isinstance(deal, list):
        bits.put_uint(len(deals))
    for d in deals:
        for cards in (d["hands"][0], d["hands"][1], d.get("deck", []), d.get("tactic_deck", [])):
            _put_cards(bits, cards)
    shuffles = [(i, a.seed) for i, a in enumerate(done) if isinstance(a, Shuffle)]
    bits.put_uint(len(shuffles))
    for i, s in shuffles:
        bits.put_uint(i)
        bits.put_int(s)
    bits.put_uint(len(done) - len(shuffles))
    # The moves, each by its place among the legal actions: replayed again here, as the
    # reader will, so the two agree on every list.
    read = read_deals(deal, rules) if deal is not None else None
    state = _start(rules, seed, [] if read is None else [read] if isinstance(read, dict) else read)
    for a in done:
        if isinstance(a, Shuffle):
            state = state.copy()
            reshuffle(state, a.seed, [])
            continue
        legal = legal_actions(state)
        bits.put(legal.index(a), _width(len(legal)))
        state = _apply(state, a, [] if not isinstance(read, list) else read)
    data = bits.to_bytes()
    return _to_text(GAME_PREFIX, data + binascii.crc32(data).to_bytes(4, "big"))


def _start(rules: Rules, seed, deals: list) -> State:
    return new_game(rules, seed, deals[0] if deals else None)


def _apply(state: State, action, deals: list) -> State:
    state = apply(state, action)
    if action.kind == Kind.NEXT_ROUND and len(deals) > 1:
        deal_next_round(state, deals)
    return state


def read_game_link(text) -> dict:
    """The record a game link holds, every action replayed; a damaged or altered link is a
    ``FormatError`` that names what is wrong (``link_damaged``: its check fails)."""
    data = _from_text(text, GAME_PREFIX)
    if len(data) < 5 or binascii.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise FormatError("link_damaged")
    bits = _Bits(data[:-4])
    tactics, timing, starter, winner = (bits.take(1) for _ in range(4))
    rules = Rules(
        tactics=bool(tactics),
        claim_timing=START_OF_TURN if timing else AFTER_PLAY,
        starter=starter,
        rounds=bits.take(7) + 1,  # 100-128 are refused by Rules, by name
        next_starter=WINNER if winner else ALTERNATE,
    )
    players = _take_players(bits)
    seed: int | str
    if bits.take(1) == 0:
        seed = bits.take_int()
    else:
        n = bits.take_uint()  # bounded by the link's length: the bits run out first
        try:
            seed = bytes(bits.take(8) for _ in range(n)).decode("utf-8")
        except UnicodeDecodeError:
            raise FormatError("link_damaged") from None
    takebacks = bits.take_uint()
    kind = bits.take(2)
    if kind == 3:
        raise FormatError("link_damaged")
    n_deals = (bits.take_uint() if kind == 2 else 1) if kind else 0
    if n_deals > rules.rounds:
        raise FormatError("deal_rounds", n=n_deals, rounds=rules.rounds)
    raw_deals = []
    for _ in range(n_deals):
        h0, h1, deck, tactic_deck = (_take_cards(bits) for _ in range(4))
        raw_deals.append({"hands": [h0, h1], "deck": deck, "tactic_deck": tactic_deck})
    record: dict = {"format": RECORD_FORMAT, "version": VERSION, "rules": rules.to_json()}
    record["seed"] = seed
    if kind:
        record["deal"] = raw_deals if kind == 2 else raw_deals[0]
    # The deals are read by the record reader (every card once, each deck its own kind).
    deals_read = read_deals(record["deal"], rules) if kind else None
    deals: list = [] if deals_read is None else [deals_read] if kind == 1 else list(deals_read)
    shuffles = {}
    for _ in range(bits.take_uint()):
        at = bits.take_uint(32)
        if at in shuffles:
            raise FormatError("link_damaged")
        shuffles[at] = bits.take_int()
    n_moves = bits.take_uint(32)
    state = _start(rules, seed, deals)
    entries: list = []
    for number in range(1, n_moves + len(shuffles) + 1):
        if number - 1 in shuffles:
            state = state.copy()
            reshuffle(state, shuffles[number - 1], [])
            entries.append({"kind": "shuffle", "seed": shuffles[number - 1]})
            continue
        legal = legal_actions(state)
        if not legal:  # the match is over: the link goes on past its end
            raise FormatError("link_past_end", number=number)
        i = bits.take(_width(len(legal)))
        if i >= len(legal):
            raise FormatError("link_bad_move", number=number, n=len(legal))
        state = _apply(state, legal[i], deals)
        entries.append(action_to_json(legal[i]))
    if len(entries) != n_moves + len(shuffles) or not bits.rest_is_padding():
        raise FormatError("link_damaged")
    record["actions"] = entries
    record["takebacks"] = takebacks
    if players is not None:
        record["players"] = players
    return record


# ---------------------------------------------------------------- position links

# What a position link keeps of a seat's view (``engine.view``), and of each stone.
POSITION_KEYS = (
    "player",
    "rules",
    "round",
    "scores",
    "history",
    "to_move",
    "step",
    "hand",
    "hand_sizes",
    "deck_sizes",
    "stones",
    "discard",
    "tactics_played",
    "joker_played",
    "tick",
    "played",
    "claimed",
    "draws_left",
    "returns_left",
    "passes",
    "outcome",
)


def _seen(v: dict) -> dict:
    """The part of a seat's view that a position link carries (the rest follows from it)."""
    out = {k: v[k] for k in POSITION_KEYS}
    out["history"] = [[h["winner"], h["reason"], *h["stones"]] for h in v["history"]]
    out["stones"] = [
        [[s["sides"][q]["cards"] for q in (0, 1)], [s["sides"][q]["done_at"] for q in (0, 1)],
         s["mode"], s["owner"]]
        for s in v["stones"]
    ]  # fmt: skip
    return out


def position_link(state: State, seat: int, players: dict | None = None) -> str:
    """The position on the table as ``seat`` sees it, as a link: the table, the counts and
    ``seat``'s own hand; never the other hand nor the decks' order (``docs/formats.md``)."""
    if state.over:
        raise FormatError("link_position_over")
    doc = {"v": _seen(view(state, seat))}
    if players:
        doc["players"] = {k: players[k] for k in ("opponent", "ai_level") if k in players}
    raw = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    return _to_text(POSITION_PREFIX, zlib.compress(raw, 9))


def _view_of(seen: dict) -> dict:
    """A view (as ``engine.view`` writes it) from a link's part of one; every value's shape
    checked by name first, so nothing below meets a wrong type."""
    if not isinstance(seen, dict):
        raise FormatError("link_position")
    missing = [k for k in POSITION_KEYS if k not in seen]
    if missing or len(seen) != len(POSITION_KEYS):
        raise FormatError("link_position")
    rules = Rules.from_json(seen["rules"])
    v = dict(seen)
    _player(seen["player"], "player")
    _whole(seen["round"], "round", 1, rules.rounds)
    _two(seen["scores"], "scores", _whole)
    hist = seen["history"]
    if not isinstance(hist, list) or len(hist) > rules.rounds:
        raise FormatError("history_not_list")
    v["history"] = []
    for i, h in enumerate(hist):
        if not isinstance(h, list) or len(h) != 4 or type(h[1]) is not str:
            raise FormatError("bad_history_entry", where=f"history[{i}]")
        _player(h[0], f"history[{i}][0]", allow_none=True)
        a, b = _whole(h[2], f"history[{i}][2]", 0, 9), _whole(h[3], f"history[{i}][3]", 0, 9)
        v["history"].append({"winner": h[0], "reason": h[1], "stones": [a, b]})
    _player(seen["to_move"], "to_move")
    if type(seen["step"]) is not str:
        raise FormatError("link_position")
    _cards(seen["hand"], "hand")
    _two(seen["hand_sizes"], "hand_sizes", lambda x, w: _whole(x, w, 0, 9))
    _two(seen["deck_sizes"], "deck_sizes", lambda x, w: _whole(x, w, 0, 54))
    stones = seen["stones"]
    if not isinstance(stones, list) or len(stones) != 9:
        raise FormatError("link_position")
    v["stones"] = []
    for s, st in enumerate(stones):
        where = f"stones[{s}]"
        if not isinstance(st, list) or len(st) != 4:
            raise FormatError("link_position")
        sides = _two(st[0], f"{where}.sides", _cards)
        done = _two(st[1], f"{where}.done_at", lambda x, w: _whole(x, w, -1))
        mode = None if st[2] is None else card_text(_cards([st[2]], f"{where}.mode")[0])
        _player(st[3], f"{where}.owner", allow_none=True)
        v["stones"].append(
            {
                "sides": [{"cards": [card_text(c) for c in sides[q]], "done_at": done[q]}
                          for q in (0, 1)],
                "mode": mode,
                "owner": st[3],
            }
        )  # fmt: skip
    _cards(seen["discard"], "discard")
    _two(seen["tactics_played"], "tactics_played", _whole)
    _two(seen["joker_played"], "joker_played", _flag)
    _whole(seen["tick"], "tick")
    for k in ("played", "claimed"):
        _flag(seen[k], k)
    _whole(seen["draws_left"], "draws_left", 0, 3)
    _whole(seen["returns_left"], "returns_left", 0, 2)
    _whole(seen["passes"], "passes")
    if seen["outcome"] is not None:
        raise FormatError("link_position_over")
    return v


def read_position_link(text, rng: random.Random | None = None) -> tuple[State, int, dict]:
    """``(state, seat, players)`` of a position link: the hidden cards dealt at random by
    ``rng``, the whole checked by the position reader, and the state seen from ``seat``
    exactly as the link says."""
    from .ai.world import sample_world  # the AI's dealer of hidden cards, needed only here

    data = _from_text(text, POSITION_PREFIX)
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data, MAX_POSITION_JSON)
    except zlib.error:
        raise FormatError("link_damaged") from None
    if inflate.unconsumed_tail or not inflate.eof or inflate.unused_data:
        raise FormatError("link_damaged")
    try:
        doc = parse(raw.decode("utf-8"))  # NotANumber (NaN, Infinity) a ValueError too
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise FormatError("link_damaged") from None
    if not isinstance(doc, dict) or "v" not in doc or set(doc) - {"v", "players"}:
        raise FormatError("link_position")
    seen = doc["v"]
    v = _view_of(seen)
    try:
        state = sample_world(v, rng or random.Random())
    except GameError:
        raise
    except (KeyError, IndexError, ValueError, TypeError):  # counts no deal can meet
        raise FormatError("link_position") from None
    state = position_from_json(position_to_json(state))  # the strict reader's checks
    if _seen(view(state, seen["player"])) != seen:
        raise FormatError("link_position")
    players = doc.get("players")
    return state, seen["player"], players if isinstance(players, dict) else {}


def read_link(text) -> tuple[str, dict | tuple]:
    """``("game", record)`` or ``("position", (state, seat, players))`` for any link."""
    if isinstance(text, str) and text.startswith("p"):
        return "position", read_position_link(text)
    return "game", read_game_link(text)
