"""Dealing with no dealer ("mental poker"): one round's decks as one device knows them.

The host locks every card of each deck with its key and shuffles; the guest locks every card
again with its own key and shuffles again. Neither knows the order that results. A card is
read only when both locks are off: the player who draws it takes their own off, after the
other has sent an unlocking share (with a proof that it was made with the key committed at
the deal). A card put back under a deck by the Recruiter goes back as a commitment (a hash of
the card and a secret nonce): the other player cannot read it, and whoever later draws it is
given the card and the nonce, which must match.

``RoundCards`` keeps, in order, the draws this device waits to read (``pending``) and the
draws of the other that it must unlock (``owed``); deck entries are locked cards (numbers) or
commitments (text ``"<seat>:<hash>"``).
"""

from __future__ import annotations

import hashlib
from typing import Any

from ..actions import action_from_json, action_to_json
from ..cards import card_text, deck_of, parse_card
from .copies import by_attribute, fresh
from .errors import Cheat, RemoteError
from .messages import (
    COMMIT_HEX,
    FINGERPRINT_HEX,
    NONCE_HEX,
    Deal,
    Share,
    check_actions,
    check_hex,
    fingerprint,
    read_opening,
)
from .pairing import is_game_id
from .sra import (
    CLAN_IDS,
    PHYSICAL,
    SYSTEM,
    TACTIC_IDS,
    Entropy,
    Group,
    Key,
    Ristretto,
    card_of,
    check_share,
    code,
    int_to_text,
    lock,
    share,
    text_to_int,
    unlock,
    valid_element,
)

Entry = int | str
"""A deck entry: a card locked by both (a number) or a returned card's commitment (text)."""


def deck_ids(tactics: bool) -> tuple:
    """The physical cards of each deck."""
    return (CLAN_IDS, TACTIC_IDS if tactics else ())


def return_commit(game: str, round_no: int, seat: int, index: int, card: str, nonce: str) -> str:
    """The commitment to a card put back under a deck: binds the game, round, player and the
    how-manieth return it is, so no commitment can be reused elsewhere."""
    text = f"schotten-totten/remote/return/{game}/{round_no}/{seat}/{index}/{card}/{nonce}"
    return hashlib.sha256(text.encode()).hexdigest()


def dealt_positions(n: int, starter: int) -> list[tuple[int, int]]:
    """The initial hands as the engine deals them (``state.deal_round``): from the top of the
    clan deck, alternately, the starter first; ``(distance from the top, player)``."""
    return [(i, starter if i % 2 == 0 else 1 - starter) for i in range(2 * n)]


@by_attribute
class RoundCards:
    """One round's cards on one device: its key, the decks' entries, what it waits for and
    what it owes."""

    def __init__(
        self,
        game: str,
        round_no: int,
        seat: int,
        tactics: bool,
        group: Group | Ristretto,
        entropy: Entropy = SYSTEM,
    ):
        self.game, self.round, self.seat, self.tactics = game, round_no, seat, tactics
        self.group = group  # the game's (never saved here: the device's save names it)
        self.entropy = entropy
        self.key = Key.new(entropy, group)
        self.their_commit: int | None = None  # the other's key commitment (G^E)
        self.their_key: Key | None = None  # revealed at the end of the round
        self.first: list[list[int]] = [[], []]  # the host's locked decks, as sent
        self.start: list[list[int]] = [[], []]  # the decks as dealt: locked by both, top last
        # host: the card at each place of `first`; guest: the place in `first` of each card
        # of `start` (own secrets: they halve the audit's work, and reveal no deck order)
        self.order: list[list[int]] = [[], []]
        self.decks: list[list[Entry]] = [[], []]  # the live decks: entries, top last
        self.pending: list[tuple[int, Entry]] = []  # (deck, entry) drawn by me, not readable
        self.owed: list[Entry] = []  # drawn by the other, I must unlock
        # mine: {"card", "nonce", "commit", "deck", "drawn"}
        self.returns: list[dict[str, Any]] = []
        self.their_returns: list[dict[str, str]] = []  # the other's {"card", "nonce"}, revealed
        self.reads: list[list[str]] = []  # [[fingerprint, card text]] every card I read
        self.log: list[list[Any]] = []  # [[seat, action JSON]] the round's actions, in order
        self.revealed = False  # my key was sent
        # shares made before they are due, by owed entry (not saved: made again after a
        # reload)
        self.ready: dict[int, tuple[int, int, int]] = {}

    def copy(self) -> RoundCards:
        """A new one whose changes never reach this one: every attribute copied by its type
        (``copies.fresh``), those added later too, none from a list kept by hand."""
        return fresh(self)

    # ------------------------------------------------------------ the deal

    def lock_decks(self) -> dict:
        """Host, first pass: every card locked with the host's key, each deck shuffled."""
        for d, ids in enumerate(deck_ids(self.tactics)):
            ids = list(ids)
            self.entropy.shuffle(ids)
            self.order[d] = ids
            self.first[d] = [lock(code(i, self.group), self.key) for i in ids]
        return {
            "round": self.round,
            "key": int_to_text(self.key.commit),
            "decks": [[int_to_text(x) for x in deck] for deck in self.first],
        }

    def take_first(self, deal: Deal) -> None:
        """Guest: the host's first pass, checked as far as it can be before the audit."""
        self.their_commit = self._element(deal.key, "deal.key")
        first = self._decks(deal)
        if any(len(deck) != len(set(deck)) for deck in first):
            raise RemoteError("deck_twice")  # a card locked twice is visible
        if any(card_of(x, self.group) is not None for deck in first for x in deck):
            raise Cheat("deck_not_cards", player=0)  # a card left unlocked
        self.first = first

    def shuffle_decks(self) -> dict:
        """Guest, second pass: every card locked again, each deck shuffled again; this is
        the deal."""
        for d, deck in enumerate(self.first):
            places = list(range(len(deck)))
            self.entropy.shuffle(places)
            self.order[d] = places
            self.start[d] = [lock(deck[i], self.key) for i in places]
        self.decks = [list(deck) for deck in self.start]
        return {
            "round": self.round,
            "key": int_to_text(self.key.commit),
            "decks": [[int_to_text(x) for x in deck] for deck in self.start],
        }

    def take_second(self, deal: Deal) -> None:
        """Host: the guest's second pass, the deal."""
        self.their_commit = self._element(deal.key, "deal.key")
        start = self._decks(deal)
        if any(len(deck) != len(set(deck)) for deck in start):
            raise RemoteError("deck_twice")
        self.start = start
        self.decks = [deck[:] for deck in start]

    def _decks(self, deal: Deal) -> list:
        decks = []
        for d, ids in enumerate(deck_ids(self.tactics)):
            numbers = deal.decks[d]
            if len(numbers) != len(ids):
                raise RemoteError("deck_size")
            decks.append([self._element(x, "deal.decks") for x in numbers])
        return decks

    def _element(self, x: int, field: str) -> int:
        """A number the message decoded, which must be an element of the game's group."""
        if not self.group.valid(x):
            raise RemoteError("bad_field", field=field, value="…")
        return x

    def deal_hands(self, hand_size: int, starter: int) -> None:
        """Take the initial hands off the clan deck: mine wait for shares, the other's are
        owed."""
        top = self.decks[0][-2 * hand_size :][::-1]
        del self.decks[0][-2 * hand_size :]
        for i, p in dealt_positions(hand_size, starter):
            if p == self.seat:
                self.pending.append((0, top[i]))
            else:
                self.owed.append(top[i])

    # ------------------------------------------------------------ draws

    def draw(self, player: int, deck: int, fp=None) -> tuple:
        """Take the top entry of ``deck`` for ``player``; ``fp``: the fingerprint the drawer
        sent, which must be the top's. Returns ``(entry, card code or None)``: the card when
        this device can read it now (its own returned card)."""
        if not self.decks[deck]:
            raise RemoteError("deck_out_of_step")
        entry = self.decks[deck][-1]
        if fp is not None and fp != fingerprint(entry):
            raise RemoteError("not_top", player=player)
        self.decks[deck].pop()
        mine = isinstance(entry, str) and entry.startswith(f"{self.seat}:")
        theirs = isinstance(entry, str) and not mine
        if player == self.seat:
            if mine:
                assert isinstance(entry, str)
                return entry, self._my_return(entry)
            self.pending.append((deck, entry))
        elif not theirs:
            self.owed.append(entry)
        return entry, None

    def _my_return(self, entry: str) -> int:
        for r in self.returns:
            if r["commit"] == entry.partition(":")[2]:
                r["drawn"] = True
                return parse_card(r["card"])
        raise RemoteError("deck_out_of_step")

    def put_back(self, player: int, deck: int, card=None, commit=None) -> str:
        """A card under ``deck``: mine (``card`` known, a commitment made) or the other's
        (their ``commit``). Returns the commitment."""
        if player == self.seat:
            nonce = f"{self.entropy.bits(128):032x}"
            text = card_text(card)
            commit = return_commit(self.game, self.round, player, len(self.returns), text, nonce)
            self.returns.append(
                {"card": text, "nonce": nonce, "commit": commit, "deck": deck, "drawn": False}
            )
        self.decks[deck].insert(0, f"{player}:{commit}")
        return commit

    def prepare_shares(self) -> None:
        """Make the owed entries' shares now, to send later (the other's hand goes with my
        first move): ``Cheat`` at once, as ``shares`` would raise it."""
        self.ready = {e: self._share(e) for e in self.owed if not isinstance(e, str)}

    def _share(self, entry: int) -> tuple[int, int, int]:
        s, ch, z = self.ready.get(entry) or share(entry, self.key, self.entropy)
        if card_of(s, self.group) is not None:
            raise Cheat("unlocked_entry", player=1 - self.seat)
        return s, ch, z

    def shares(self) -> list:
        """Unlock every owed entry: a share with its proof, or the opening of my commitment.
        Raises ``Cheat`` before any share leaves if one would show a card's own code: the
        entry was never locked by the other (their pass put my own locked value there)."""
        out = []
        for entry in self.owed:
            if isinstance(entry, str):
                r = self._return_of(entry)
                out.append({"card": r["card"], "nonce": r["nonce"]})
            else:
                s, ch, z = self._share(entry)
                out.append({"s": int_to_text(s), "c": int_to_text(ch), "z": int_to_text(z)})
        self.shares_sent()
        return out

    def shares_sent(self) -> None:
        """The owed entries as unlocked: my cards put back that they open are drawn."""
        for entry in self.owed:
            if isinstance(entry, str):
                self._return_of(entry)["drawn"] = True
        self.owed = []

    def _return_of(self, entry: str) -> dict:
        return next(r for r in self.returns if r["commit"] == entry.partition(":")[2])

    def read(self, items: tuple) -> list[tuple[int, int]]:
        """The cards of my pending draws, from the other's shares (in order, as
        ``messages.read`` decoded them: ``Share`` or ``Opening``): each share is checked
        against the other's committed key, each opening against its commitment. Returns
        ``(deck, card)`` pairs."""
        if len(items) != len(self.pending):
            raise RemoteError("share_count", n=len(items), expected=len(self.pending))
        cards = []
        for (deck, entry), item in zip(self.pending, items):
            if isinstance(entry, str):
                if isinstance(item, Share):
                    raise RemoteError("wrong_share")
                seat, _, commit = entry.partition(":")
                index = self._return_index(int(seat), commit)
                if (
                    return_commit(self.game, self.round, int(seat), index, item.card, item.nonce)
                    != commit
                ):
                    raise RemoteError("bad_opening")
                card = parse_card(item.card)
            else:
                if not isinstance(item, Share):
                    raise RemoteError("wrong_share")
                s = item.s
                assert self.their_commit is not None  # taken at the deal, before any draw
                if not check_share(entry, s, item.c, item.z, self.their_commit, self.group):
                    raise RemoteError("wrong_share")
                physical = (
                    self._host_card(deck, s)
                    if self.seat == 0
                    else card_of(unlock(s, self.key), self.group)
                )
                if physical is None or deck_of(PHYSICAL[physical]) != deck:
                    # The share is proved honest, so the entry itself was never a card of
                    # this deck: the other's pass of the deal put it there.
                    raise Cheat(
                        "shuffle_not_cards" if self.seat == 0 else "deck_not_cards",
                        player=1 - self.seat,
                    )
                card = PHYSICAL[physical]
            if deck_of(card) != deck:
                raise RemoteError("wrong_share")
            self.reads.append([fingerprint(entry), card_text(card)])
            cards.append((deck, card))
        self.pending = []
        return cards

    def _host_card(self, deck: int, s: int):
        """The host reads a card with no exponentiation: with the guest's lock off, a card is
        one of the host's own first-pass values, whose cards it knows."""
        for x, physical in zip(self.first[deck], self.order[deck]):
            if x == s:
                return physical
        return None

    def _return_index(self, seat: int, commit: str) -> int:
        """How many returns ``seat`` made this round before the one committed as ``commit``."""
        n = 0
        for who, action in self.log:
            if who == seat and action["kind"] == "return":
                if action.get("commit") == commit:
                    return n
                n += 1
        raise RemoteError("deck_out_of_step")

    def reveal(self) -> dict:
        """My key and my returns' openings, at the end of the round (for the audit)."""
        self.revealed = True
        return {
            "round": self.round,
            "key": int_to_text(self.key.k),
            "returns": [{"card": r["card"], "nonce": r["nonce"]} for r in self.returns],
        }

    # ------------------------------------------------------------ the save

    def to_json(self) -> dict:
        def nums(decks):
            return [[int_to_text(x) for x in deck] for deck in decks]

        def entries(xs):
            return [x if isinstance(x, str) else int_to_text(x) for x in xs]

        return {
            "game": self.game,
            "round": self.round,
            "seat": self.seat,
            "tactics": self.tactics,
            "key": int_to_text(self.key.k),
            "their_commit": None if self.their_commit is None else int_to_text(self.their_commit),
            "their_key": None if self.their_key is None else int_to_text(self.their_key.k),
            "first": nums(self.first),
            "start": nums(self.start),
            "order": self.order,
            "decks": [entries(d) for d in self.decks],
            "pending": [[d, *entries([e])] for d, e in self.pending],
            "owed": entries(self.owed),
            "returns": self.returns,
            "their_returns": self.their_returns,
            "reads": self.reads,
            "log": self.log,
            "revealed": self.revealed,
        }

    @classmethod
    def from_json(cls, data, group: Group | Ristretto) -> RoundCards:
        """The round's cards ``to_json`` wrote, every field checked (its numbers in the game's
        ``group``, its lists of the sizes a round gives); anything else raises a
        ``ValueError``."""
        if not isinstance(data, dict) or set(data) != set(_SAVE):
            raise ValueError("cards")
        r = cls.__new__(cls)
        r.entropy, r.ready, r.group = SYSTEM, {}, group
        for name, read in _SAVE.items():
            setattr(r, name, read(data[name], r))
        return r


# ---------------------------------------------------------------- reading a save


def _bad(where: str):
    return ValueError(f"cards: {where}")


def _game(value, _r) -> str:
    if not is_game_id(value):
        raise _bad("game")
    return value


def _whole(lo: int, hi: int):
    def read(value, _r):
        if type(value) is not int or not lo <= value <= hi:
            raise _bad(f"a number {lo}-{hi}")
        return value

    return read


def _flag(value, _r) -> bool:
    if type(value) is not bool:
        raise _bad("a flag")
    return value


def _key(value, r) -> Key:
    k = text_to_int(value)
    if k is None:
        raise _bad("key")
    return Key(k, r.group)  # a ValueError unless 0 < k < 2^256


def _number(value, r) -> int:
    x = text_to_int(value)
    if not valid_element(x, r.group):
        raise _bad("a number of the group")
    return x


def _entry(value, r) -> Entry:
    """A number locked by both, or a card put back (``"<seat>:<commitment>"``)."""
    if isinstance(value, str) and value[:2] in ("0:", "1:"):
        check_hex(value[2:], COMMIT_HEX, "cards.entry")
        return value
    return _number(value, r)


def _sized(value, most: int, where: str) -> list:
    if not isinstance(value, list) or len(value) > most:
        raise _bad(where)
    return value


def _two_decks(read_entry, full: bool):
    """Both decks, each read entry by entry: as dealt (``full``: empty or every card of the
    deck, none twice) or as they are now (at most that many)."""

    def read(value, r) -> list:
        sizes = [len(ids) for ids in deck_ids(r.tactics)]
        if not isinstance(value, list) or len(value) != 2:
            raise _bad("decks")
        decks = [[read_entry(x, r) for x in _sized(d, n, "deck")] for d, n in zip(value, sizes)]
        for deck, n in zip(decks, sizes):
            if full and (len(deck) not in (0, n) or len(set(deck)) != len(deck)):
                raise _bad("deck: not every card once")
        return decks

    return read


def _order(value, r) -> list:
    """Host: the card at each place of its first pass; guest: the place in the first pass of
    each card it dealt. Each a permutation, or empty before the deal."""
    if not isinstance(value, list) or len(value) != 2:
        raise _bad("order")
    for d, (order, ids) in enumerate(zip(value, deck_ids(r.tactics))):
        places = ids if r.seat == 0 else range(len(r.first[d]))
        _sized(order, len(ids), "order")
        if order and (any(type(i) is not int for i in order) or sorted(order) != sorted(places)):
            raise _bad("order: not a permutation")
    return value


def _their_key(value, r) -> Key:
    key = _key(value, r)
    if key.commit != r.their_commit:  # revealed at the end: the key committed to at the deal
        raise _bad("their_key")
    return key


def _owed(value, r) -> list:
    """The other's draws to unlock: a number, or a card of mine put back (its opening)."""
    mine = {f"{r.seat}:{x['commit']}" for x in r.returns}
    owed = [_entry(x, r) for x in _sized(value, 16, "owed")]
    if any(isinstance(x, str) and x not in mine for x in owed):
        raise _bad("owed: a card put back that is not mine")
    return owed


def _pending(value, r) -> list:
    out = []
    for item in _sized(value, 16, "pending"):
        if not isinstance(item, list) or len(item) != 2 or item[0] not in (0, 1):
            raise _bad("pending")
        if type(item[0]) is not int:  # the deck: 0 or 1, not false or 1.0
            raise _bad("pending")
        out.append((item[0], _entry(item[1], r)))
    return out


def _card(value) -> str:
    if not isinstance(value, str) or len(value) > 20 or card_text(parse_card(value)) != value:
        raise _bad("card")
    return value


def _returns(value, _r) -> list:
    keys = {"card", "nonce", "commit", "deck", "drawn"}
    for item in _sized(value, 40, "returns"):
        if not isinstance(item, dict) or set(item) != keys:
            raise _bad("returns")
        deck = deck_of(parse_card(_card(item["card"])))
        if type(item["deck"]) is not int or item["deck"] != deck:
            raise _bad("returns.deck")
        check_hex(item["nonce"], NONCE_HEX, "cards.returns.nonce")
        check_hex(item["commit"], COMMIT_HEX, "cards.returns.commit")
        _flag(item["drawn"], None)
    return value


def _their_returns(value, _r) -> list:
    for item in _sized(value, 40, "their_returns"):
        read_opening(item, "cards.their_returns")
        _card(item["card"])
    return value


def _reads(value, _r) -> list:
    for item in _sized(value, 64, "reads"):
        if not isinstance(item, list) or len(item) != 2:
            raise _bad("reads")
        check_hex(item[0], FINGERPRINT_HEX, "cards.reads")
        _card(item[1])
    return value


def _log(value, _r) -> list:
    """The round's actions, each in the form it travels (a card put back: its commitment)."""
    for item in _sized(value, 1000, "log"):
        if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int:
            raise _bad("log")
        if item[0] not in (0, 1):
            raise _bad("log")
        wire = item[1]
        check_actions([wire])  # the reader of a message's actions (a MalformedAction for a bad one)
        if "commit" not in wire and action_to_json(action_from_json(wire)) != wire:
            raise _bad("log: not an action as the engine writes it")
    return value


def _optional(read):
    return lambda value, r: None if value is None else read(value, r)


# Each field of the save, in the order read (a field may check itself against earlier ones).
_SAVE = {
    "game": _game,
    "round": _whole(1, 99),
    "seat": _whole(0, 1),
    "tactics": _flag,
    "key": _key,
    "their_commit": _optional(_number),
    "their_key": _optional(_their_key),
    "first": _two_decks(_number, full=True),
    "start": _two_decks(_number, full=True),
    "order": _order,
    "decks": _two_decks(_entry, full=False),
    "pending": _pending,
    "returns": _returns,
    "owed": _owed,
    "their_returns": _their_returns,
    "reads": _reads,
    "log": _log,
    "revealed": _flag,
}
