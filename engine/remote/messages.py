"""The messages two devices exchange: JSON, versioned, authenticated (the links that carry
them are ``links.py``'s).

Every message has the protocol version ``v``, the game id ``g``, the sender's sequence number
``n`` (0, 1, 2, ... for each sender), the sender's seat ``from`` and the HMAC ``mac`` of all
the rest. Its body is one of:

- ``t: "invite"`` (host): ``rules``, ``name``, ``dhc``: the pairing offer, with a hash of the
  host's Diffie-Hellman half (no ``mac``: there is no key yet);
- ``t: "accept"`` (guest): ``name``, ``dh``, the guest's half (no ``mac`` either: the key
  covers both messages whole from the next message on);
- ``t: "move"``: any of ``shares`` (unlocking the cards the reader drew), ``actions`` (the
  sender's decisions, engine JSON; a card put back under a deck travels as a commitment),
  ``drew`` (which entry each of the sender's draws took off a deck), ``reveal`` (the sender's
  key at the end of a round) and ``deal`` (a round's locked decks); the host's first
  ``move`` also carries ``dh``, its half, which the guest checks against ``dhc``; each
  side's first ``move`` may carry ``heard``, the ``rtc_digest`` of the WebRTC offer or answer
  that came with the other's pairing link, which the other checks against its own;
- ``t: "takeback"``: ``turn`` (``{"round", "ply"}``: the sender's last turn, by its place in
  the round's actions), a request to take it back;
- ``t: "consent"``: ``turn`` and ``agree`` (true or false), the answer.

``read`` is the strict reader: anything malformed is refused with a ``RemoteError`` naming the
field, or the engine's own refusal for a malformed action. What it returns is a ``Message``:
the object as it came (what the MAC covers), read-only, with its numbers decoded once, so
that nobody reads a message twice or decodes a number again. docs/remote.md lists the fields.

>>> msg = seal({"t": "move", "v": 3, "g": "0" * 32, "n": 1, "from": 0, "actions": []}, b"k")
>>> m = loads(dumps(msg))
>>> m == msg, m.kind, m.n, read(m) is m
(True, 'move', 1, True)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from typing import NamedTuple

from .. import jsontext
from ..actions import action_from_json, shown
from ..state import Rules
from .errors import RemoteError
from .pairing import NAME_MAX, is_game_id
from .sra import CHALLENGE_BITS, ELEMENT_BITS, NONCE_BITS, PRIME_BITS, text_to_int

VERSION = 3  # 2: take-backs (``takeback``, ``consent``); 3: the host's half committed first
KINDS = ("invite", "accept", "move", "takeback", "consent")
ENVELOPE = ("v", "g", "n", "from", "t", "mac")
BODY = {
    "invite": ("rules", "name", "dhc"),
    "accept": ("name", "dh"),
    "move": ("dh", "heard", "shares", "actions", "drew", "reveal", "deal"),
    "takeback": ("turn",),
    "consent": ("turn", "agree"),
}
MAX_LIST = 80  # no list in a message is longer (a deck holds 54 cards)
MAX_TEXT = 60_000  # characters of a message's JSON (a deal is about 18,000; 19,664 measured)
# How deep a message's JSON may nest: the deepest real one nests 4 deep (a deal: the message,
# its deal, its decks, a deck; measured over seeded games of every kind).
MAX_DEPTH = 8
FINGERPRINT_HEX = 12  # which deck entry a draw took: 48 bits of its hash
COMMIT_HEX = 64
NONCE_HEX = 32


class Share(NamedTuple):
    """An unlocking share and its Chaum-Pedersen proof, decoded."""

    s: int
    c: int
    z: int


class Opening(NamedTuple):
    """The opening of a card put back under a deck: the card (its text) and the nonce."""

    card: str
    nonce: str


class Deal(NamedTuple):
    """A step of the deal, decoded: the sender's key commitment and its locked decks."""

    round: int
    key: int
    decks: tuple[tuple[int, ...], ...]
    shares: tuple | None  # the guest's pass: the shares of the host's hand


class Reveal(NamedTuple):
    """A round's end: the sender's key and the openings of the cards it put back."""

    round: int
    key: int
    returns: tuple[Opening, ...]


class Message(dict):
    """A message as ``read`` checked it: the JSON object as it came (what the MAC covers, what
    is sent on), which cannot be changed, and its parts with numbers decoded once: ``dh``,
    ``shares``, ``deal``, ``reveal`` (``None`` where the message has none)."""

    __slots__ = ("dh", "shares", "deal", "reveal")

    def __init__(self, data: dict):
        super().__init__(data)
        self.dh: int | None = None
        self.shares: tuple | None = None
        self.deal: Deal | None = None
        self.reveal: Reveal | None = None

    @property
    def kind(self) -> str:
        return self["t"]

    @property
    def n(self) -> int:
        return self["n"]

    @property
    def sender(self) -> int:
        return self["from"]

    def _read_only(self, *_args, **_kw):
        raise TypeError("a message read is not changed: copy it into a dict")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = _read_only


def canonical(msg: dict) -> bytes:
    """The bytes the HMAC covers: every field but ``mac``, in a fixed order."""
    return json.dumps(
        {k: v for k, v in msg.items() if k != "mac"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
    ).encode()


def mac_of(msg: dict, key: bytes) -> str:
    return (
        base64.urlsafe_b64encode(hmac.new(key, canonical(msg), hashlib.sha256).digest())
        .rstrip(b"=")
        .decode()
    )


def seal(msg: dict, key: bytes) -> dict:
    """``msg`` with its ``mac``."""
    return {**msg, "mac": mac_of(msg, key)}


def authentic(msg: dict, key: bytes) -> bool:
    return hmac.compare_digest(str(msg.get("mac", "")), mac_of(msg, key))


def fingerprint(entry) -> str:
    """A deck entry's short name (a locked card's number, or a returned card's commitment)."""
    data = entry.encode() if isinstance(entry, str) else entry.to_bytes(PRIME_BITS // 8, "big")
    return hashlib.sha256(data).hexdigest()[:FINGERPRINT_HEX]


# ---------------------------------------------------------------- the strict reader


def _bad(field: str, value) -> RemoteError:
    return RemoteError("bad_field", field=field, value=shown(value))


def _obj(value, keys: tuple, where: str, required: tuple = ()) -> dict:
    if not isinstance(value, dict):
        raise _bad(where, value)
    for k in value:
        if k not in keys:
            raise RemoteError("unknown_field", field=f"{where}.{shown(k)}")
    for k in required:
        if k not in value:
            raise RemoteError("missing_field", field=f"{where}.{k}")
    return value


def _list(value, where: str, lo: int = 0, hi: int = MAX_LIST) -> list:
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise _bad(where, value)
    return value


def _whole(value, where: str, lo: int = 0, hi: int = 1 << 31) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise _bad(where, value)
    return value


def check_hex(value, n: int, where: str) -> str:
    """``value``, if it is ``n`` lowercase hex digits; else a ``RemoteError`` naming ``where``
    (a save's fields are read with it too: save_io.py, deal.py)."""
    if not isinstance(value, str) or len(value) != n or value.strip("0123456789abcdef"):
        raise _bad(where, value)
    return value


def _number(value, where: str, bits: int = ELEMENT_BITS) -> int:
    """A number of at most ``bits`` bits (by default, as an element of a group is: whether it
    is one is the game's to check, which knows its group)."""
    n = text_to_int(value, bits)
    if n is None or n.bit_length() > bits:
        raise _bad(where, value)
    return n


def read_opening(item, where: str) -> Opening:
    """A card put back, opened: its card and nonce, checked (a save's round cards too: deal.py)."""
    _obj(item, ("card", "nonce"), where, ("card", "nonce"))
    if not isinstance(item["card"], str) or len(item["card"]) > 20:
        raise _bad(f"{where}.card", item["card"])
    try:
        action_from_json({"kind": "return", "card": item["card"]})
    except ValueError:
        raise _bad(f"{where}.card", item["card"]) from None
    return Opening(item["card"], check_hex(item["nonce"], NONCE_HEX, f"{where}.nonce"))


def _shares(value, where: str) -> tuple:
    out: list[Share | Opening] = []
    for i, item in enumerate(_list(value, where, 0, 16)):
        at = f"{where}[{i}]"
        if isinstance(item, dict) and "card" in item:
            out.append(read_opening(item, at))
        else:
            _obj(item, ("s", "c", "z"), at, ("s", "c", "z"))
            out.append(
                Share(
                    _number(item["s"], f"{at}.s"),
                    _number(item["c"], f"{at}.c", CHALLENGE_BITS),
                    _number(item["z"], f"{at}.z", NONCE_BITS + 1),
                )
            )
    return tuple(out)


def check_actions(value) -> None:
    """Refuse a message's ``actions`` unless each is the engine's JSON or a card put back as
    a commitment (a save's unsent actions too)."""
    for i, item in enumerate(_list(value, "actions", 0, 40)):
        at = f"actions[{i}]"
        if isinstance(item, dict) and item.get("kind") == "return" and "commit" in item:
            _obj(item, ("kind", "deck", "commit"), at, ("deck", "commit"))
            if item["deck"] not in ("clan", "tactic"):
                raise _bad(f"{at}.deck", item["deck"])
            check_hex(item["commit"], COMMIT_HEX, f"{at}.commit")
        else:
            action_from_json(item)  # the engine's reader refuses a malformed action


def read_deal(value) -> Deal:
    """A message's ``deal`` (a save's deal step to send too), every field checked."""
    _obj(value, ("round", "key", "decks", "shares"), "deal", ("round", "key", "decks"))
    decks = _list(value["decks"], "deal.decks", 2, 2)
    return Deal(
        _whole(value["round"], "deal.round", 1, 99),
        _number(value["key"], "deal.key"),
        tuple(
            tuple(
                _number(x, f"deal.decks[{d}][{i}]")
                for i, x in enumerate(_list(deck, f"deal.decks[{d}]"))
            )
            for d, deck in enumerate(decks)
        ),
        _shares(value["shares"], "deal.shares") if "shares" in value else None,
    )


def _reveal(value) -> Reveal:
    _obj(value, ("round", "key", "returns"), "reveal", ("round", "key", "returns"))
    returns = _list(value["returns"], "reveal.returns", 0, 40)
    return Reveal(
        _whole(value["round"], "reveal.round", 1, 99),
        _number(value["key"], "reveal.key", 256),
        tuple(read_opening(item, f"reveal.returns[{i}]") for i, item in enumerate(returns)),
    )


def read(data) -> Message:
    """``data`` (parsed JSON) as a ``Message``, every field checked and every number decoded;
    the ``mac`` is checked by the channel, which has the key. Raises ``RemoteError`` (or the
    engine's ``IllegalAction`` for a malformed action). A ``Message`` is already read: it is
    returned as it is."""
    if isinstance(data, Message):
        return data
    if not isinstance(data, dict):
        raise RemoteError("not_a_message", value=shown(data))
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _bad("t", kind)
    _obj(data, ENVELOPE + BODY[kind], "message", ("v", "g", "n", "from", "t"))
    if type(data["v"]) is not int or data["v"] != VERSION:
        raise RemoteError("version", value=shown(data["v"]), version=VERSION)
    if not is_game_id(data["g"]):
        raise _bad("g", data["g"])
    _whole(data["n"], "n", 0, 1 << 20)
    if type(data["from"]) is not int or data["from"] not in (0, 1):
        raise _bad("from", data["from"])
    if kind in ("invite", "accept"):  # before the key: nothing to sign with
        if "mac" in data:
            raise RemoteError("unknown_field", field="message.mac")
        _obj(data, ENVELOPE + BODY[kind], "message", BODY[kind])
        if not isinstance(data["name"], str) or not 0 < len(data["name"]) <= NAME_MAX:
            raise _bad("name", data["name"])
        msg = Message(data)
        if kind == "invite":
            try:
                Rules.from_json(data["rules"])
            except (TypeError, ValueError):
                raise _bad("rules", data["rules"]) from None
            if not _is_digest(data["dhc"]):
                raise _bad("dhc", data["dhc"])
        else:
            msg.dh = _number(data["dh"], "dh")
        return msg
    if "mac" not in data:
        raise RemoteError("missing_field", field="message.mac")
    if not isinstance(data["mac"], str) or len(data["mac"]) != 43:
        raise _bad("mac", data["mac"])
    if kind in ("takeback", "consent"):
        if "turn" not in data:
            raise RemoteError("missing_field", field="message.turn")
        turn = _obj(data["turn"], ("round", "ply"), "turn", ("round", "ply"))
        _whole(turn["round"], "turn.round", 1, 99)
        _whole(turn["ply"], "turn.ply", 0, 999)
        if kind == "consent":
            if "agree" not in data:
                raise RemoteError("missing_field", field="message.agree")
            if type(data["agree"]) is not bool:
                raise _bad("agree", data["agree"])
        return Message(data)
    msg = Message(data)
    if "dh" in data:
        msg.dh = _number(data["dh"], "dh")
    if "heard" in data and not _is_digest(data["heard"]):
        raise _bad("heard", data["heard"])
    if "shares" in data:
        msg.shares = _shares(data["shares"], "shares")
    if "actions" in data:
        check_actions(data["actions"])
    if "drew" in data:
        for i, fp in enumerate(_list(data["drew"], "drew", 0, 16)):
            check_hex(fp, FINGERPRINT_HEX, f"drew[{i}]")
    if "reveal" in data:
        msg.reveal = _reveal(data["reveal"])
    if "deal" in data:
        msg.deal = read_deal(data["deal"])
    return msg


def rtc_digest(rtc: str) -> str:
    """The hash of a pairing link's ``rtc=`` part (the WebRTC offer or answer, with the
    DTLS fingerprint the live channel is encrypted to), as the first signed message of the
    device that opened that link names it: a part rewritten on the way is found once the
    key is known (``pairing_mismatch``)."""
    h = hashlib.sha256(("schotten-totten/remote/rtc/" + rtc).encode()).digest()
    return base64.urlsafe_b64encode(h).rstrip(b"=").decode()


def _is_digest(value) -> bool:
    return isinstance(value, str) and len(value) == 43 and not value.strip(B64URL)


# ---------------------------------------------------------------- text and links


def dumps(msg: dict) -> str:
    """A message as compact JSON (what a live connection sends)."""
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def check_text(text: str, size: int = MAX_TEXT, depth: int = MAX_DEPTH) -> str:
    """``text`` if it is at most ``size`` characters and nests at most ``depth`` deep, else
    refused by name (``too_big``, ``too_deep``), before any parser sees it (``jsontext``: in
    the browser a parser runs out of stack long before Python's ``RecursionError``, and a link
    of 138 characters nests 5,000 deep). Every reader of messages, links and saves of a game
    on two devices checks here.

    >>> check_text('{"a": ["[[[[", {}]}', depth=3)
    '{"a": ["[[[[", {}]}'
    >>> check_text("[" * 5000)
    Traceback (most recent call last):
    ...
    engine.remote.errors.RemoteError: This is nested more than 8 deep: not a game message or save.
    """
    return jsontext.check_text(text, size, depth, RemoteError)


def loads(text) -> Message:
    """Parse and ``read`` a message's JSON text."""
    if not isinstance(text, str):
        raise RemoteError("not_a_message", value=shown(text))
    check_text(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RemoteError("not_a_message", value=shown(text)) from None
    return read(data)


B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
