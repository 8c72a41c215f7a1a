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

import copy
import hashlib
from typing import Any

from ..cards import card_text, deck_of, parse_card
from .errors import Cheat, RemoteError
from .messages import fingerprint
from .sra import (
    CLAN_IDS,
    PHYSICAL,
    SYSTEM,
    TACTIC_IDS,
    Entropy,
    Key,
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


class RoundCards:
    """One round's cards on one device: its key, the decks' entries, what it waits for and
    what it owes."""

    def __init__(
        self, game: str, round_no: int, seat: int, tactics: bool, entropy: Entropy = SYSTEM
    ):
        self.game, self.round, self.seat, self.tactics = game, round_no, seat, tactics
        self.entropy = entropy
        self.key = Key.new(entropy)
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

    def copy(self) -> RoundCards:
        """A copy whose changes do not reach this one (lists only ever replaced are shared)."""
        r = copy.copy(self)
        r.decks = [d[:] for d in self.decks]
        r.pending, r.owed, r.reads, r.log = (
            self.pending[:],
            self.owed[:],
            self.reads[:],
            self.log[:],
        )
        r.returns = [dict(x) for x in self.returns]
        return r

    # ------------------------------------------------------------ the deal

    def lock_decks(self) -> dict:
        """Host, first pass: every card locked with the host's key, each deck shuffled."""
        for d, ids in enumerate(deck_ids(self.tactics)):
            ids = list(ids)
            self.entropy.shuffle(ids)
            self.order[d] = ids
            self.first[d] = [lock(code(i), self.key) for i in ids]
        return {
            "round": self.round,
            "key": int_to_text(self.key.commit),
            "decks": [[int_to_text(x) for x in deck] for deck in self.first],
        }

    def take_first(self, deal: dict) -> None:
        """Guest: the host's first pass, checked as far as it can be before the audit."""
        self.their_commit = _element(deal["key"], "deal.key")
        first = self._decks(deal)
        if any(len(deck) != len(set(deck)) for deck in first):
            raise RemoteError("deck_twice")  # a card locked twice is visible
        if any(card_of(x) is not None for deck in first for x in deck):
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

    def take_second(self, deal: dict) -> None:
        """Host: the guest's second pass, the deal."""
        self.their_commit = _element(deal["key"], "deal.key")
        start = self._decks(deal)
        if any(len(deck) != len(set(deck)) for deck in start):
            raise RemoteError("deck_twice")
        self.start = start
        self.decks = [deck[:] for deck in start]

    def _decks(self, deal: dict) -> list:
        decks = []
        for d, ids in enumerate(deck_ids(self.tactics)):
            texts = deal["decks"][d]
            if len(texts) != len(ids):
                raise RemoteError("deck_size")
            decks.append([_element(x, "deal.decks") for x in texts])
        return decks

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
                s, ch, z = share(entry, self.key)
                if card_of(s) is not None:
                    raise Cheat("unlocked_entry", player=1 - self.seat)
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

    def read(self, items: list) -> list[tuple[int, int]]:
        """The cards of my pending draws, from the other's shares (in order): each share is
        checked against the other's committed key, each opening against its commitment.
        Returns ``(deck, card)`` pairs."""
        if len(items) != len(self.pending):
            raise RemoteError("share_count", n=len(items), expected=len(self.pending))
        cards = []
        for (deck, entry), item in zip(self.pending, items):
            if isinstance(entry, str):
                if "card" not in item:
                    raise RemoteError("wrong_share")
                seat, _, commit = entry.partition(":")
                index = self._return_index(int(seat), commit)
                if (
                    return_commit(
                        self.game, self.round, int(seat), index, item["card"], item["nonce"]
                    )
                    != commit
                ):
                    raise RemoteError("bad_opening")
                card = parse_card(item["card"])
            else:
                if "s" not in item:
                    raise RemoteError("wrong_share")
                s = text_to_int(item["s"])
                assert self.their_commit is not None  # taken at the deal, before any draw
                if not check_share(
                    entry, s, text_to_int(item["c"]), text_to_int(item["z"]), self.their_commit
                ):
                    raise RemoteError("wrong_share")
                physical = (
                    self._host_card(deck, s) if self.seat == 0 else card_of(unlock(s, self.key))
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
    def from_json(cls, data: dict) -> RoundCards:
        def num(x):
            n = text_to_int(x)
            if n is None:
                raise ValueError("number")
            return n

        def entry(x: str) -> Entry:
            return x if ":" in x else num(x)

        def entries(xs):
            return [entry(x) for x in xs]

        r = cls.__new__(cls)
        r.entropy = SYSTEM
        r.game, r.round, r.seat, r.tactics = (
            data["game"],
            data["round"],
            data["seat"],
            data["tactics"],
        )
        r.key = Key(num(data["key"]))
        r.their_commit = None if data["their_commit"] is None else num(data["their_commit"])
        r.their_key = None if data["their_key"] is None else Key(num(data["their_key"]))
        r.first = [[num(x) for x in d] for d in data["first"]]
        r.start = [[num(x) for x in d] for d in data["start"]]
        r.order = data["order"]
        r.decks = [entries(d) for d in data["decks"]]
        r.pending = [(d, entry(e)) for d, e in data["pending"]]
        r.owed = entries(data["owed"])
        r.returns, r.their_returns = data["returns"], data["their_returns"]
        r.reads, r.log, r.revealed = data["reads"], data["log"], data["revealed"]
        return r


def _element(text, field: str) -> int:
    x = text_to_int(text)
    if not valid_element(x):
        raise RemoteError("bad_field", field=field, value="…")
    return x
