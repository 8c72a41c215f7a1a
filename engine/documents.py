"""The JSON documents' common reading: their header, each field by its type, the cards of a
deal or a position accounted for, and the text measured before it is parsed.

Records (``engine.records``) and positions (``engine.positions``) are both read with these;
each refusal is a ``FormatError`` naming the field (formats in ``docs/formats.md``).

>>> read_whole(3, "round", 1, 5)
3
>>> read_player(1.0, "to_move")
Traceback (most recent call last):
...
engine.errors.FormatError: to_move must be 0 (South) or 1 (North), not 1.0
"""

from __future__ import annotations

import json

from .actions import shown
from .cards import N_CLAN, TACTIC_DECK, card_text, parse_card
from .errors import FormatError, MalformedAction
from .jsontext import NotANumber, check_text, parse

VERSION = 1
# A record's or position's text, measured before it is parsed (``jsontext``): a 99-round
# Tactic match as the table writes it is about 500,000 characters, and a document nests 5 deep
# at most (a game between two devices: the record, its deals, a round's deal, its hands, a hand).
MAX_TEXT = 1_000_000
MAX_DEPTH = 16


def known_keys(obj: dict, keys: tuple, where: str, code: str = "unknown_key") -> None:
    """Refuse a key the format does not have, by name (a typo would otherwise be lost)."""
    for k in obj:
        if k not in keys:
            raise FormatError(code, where=where, name=shown(k), keys=", ".join(keys))


def read_header(data, fmt: str) -> None:
    if not isinstance(data, dict):
        raise FormatError("not_a_document", format=fmt)
    if data.get("format") != fmt:
        raise FormatError("wrong_format", format=fmt, value=shown(data.get("format")))
    version = data.get("version")
    if type(version) is not int or version != VERSION:  # 1.0 and true are not version 1
        raise FormatError("wrong_version", format=fmt, value=shown(version), version=VERSION)


def read_seed(value) -> int | str:
    if type(value) not in (int, str):
        raise FormatError("bad_seed", value=shown(value))
    return value


def read_cards(value, where: str) -> list[int]:
    if not isinstance(value, list):
        raise FormatError("not_cards", where=where, value=shown(value))
    out = []
    for i, c in enumerate(value):
        try:
            out.append(parse_card(c))
        except MalformedAction:  # said again with where it is
            raise FormatError("unknown_card", where=f"{where}[{i}]", value=shown(c)) from None
    return out


def read_player(value, where: str, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if type(value) is not int or value not in (0, 1):  # not 1.0, not true
        raise FormatError("bad_player", where=where, value=shown(value))
    return value


def read_whole(value, where: str, lo: int = 0, hi: int | None = None) -> int:
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        if hi is None:
            raise FormatError("bad_whole_from", where=where, lo=lo, value=shown(value))
        raise FormatError("bad_whole", where=where, lo=lo, hi=hi, value=shown(value))
    return value


def read_flag(value, where: str) -> bool:
    if type(value) is not bool:
        raise FormatError("bad_flag", where=where, value=shown(value))
    return value


def read_two(value, where: str, read) -> list:
    """A [South, North] pair, each item checked by ``read(item, where)``."""
    if not isinstance(value, list) or len(value) != 2:
        raise FormatError("not_two", where=where, value=shown(value))
    return [read(v, f"{where}[{q}]") for q, v in enumerate(value)]


def check_deck_kinds(
    clan_deck: list, tactic_deck: list, clan_where: str, tactic_where: str
) -> None:
    """The clan deck holds clan cards only, the tactic deck tactic cards only."""
    for where, deck, code in (
        (clan_where, clan_deck, "tactic_in_clan_deck"),
        (tactic_where, tactic_deck, "clan_in_tactic_deck"),
    ):
        for i, c in enumerate(deck):
            if (c >= N_CLAN) == (code == "tactic_in_clan_deck"):
                raise FormatError(code, where=f"{where}[{i}]", card=card_text(c))


def check_accounting(rules, hands, clan_deck, tactic_deck, sides, modes, discard) -> None:
    """Every card exactly once: 54 clan cards (+ the 10 tactic cards in the variant)."""
    seen: dict[int, int] = {}
    for group in [*hands, clan_deck, tactic_deck, *sides, modes, discard]:
        for c in group:
            seen[c] = seen.get(c, 0) + 1
    expected = {c: 1 for c in range(N_CLAN)}
    if rules.tactics:
        for c in TACTIC_DECK:
            expected[c] = expected.get(c, 0) + 1
    for c in sorted(set(seen) | set(expected)):
        have, want = seen.get(c, 0), expected.get(c, 0)
        if have != want:
            code = (
                "card_not_in_game"
                if want == 0
                else ("card_missing" if have < want else "card_too_often")
            )
            raise FormatError(code, card=card_text(c), have=have, want=want)


def loads(text: str):
    """Parse a record's or position's JSON text, turning any failure into a one-line
    ``FormatError``; text longer than ``MAX_TEXT`` or nested deeper than ``MAX_DEPTH`` is
    refused before it is parsed (``too_big``, ``too_deep``).

    >>> loads("[" * 100000)
    Traceback (most recent call last):
    ...
    engine.errors.FormatError: nested too deeply: a record or position nests at most 16 levels
    """
    check_text(text, MAX_TEXT, MAX_DEPTH, FormatError)
    try:
        return parse(text)
    except json.JSONDecodeError as e:
        # (e.msg is English: the line and column say where, in any language)
        raise FormatError("not_json", line=e.lineno, column=e.colno) from None
    except NotANumber as e:  # NaN, Infinity, -Infinity: Python reads them, JSON has none
        raise FormatError("json_not_a_number", value=str(e)) from None
    except ValueError:  # an integer of more than 4300 digits (sys.set_int_max_str_digits)
        raise FormatError("json_number_too_long") from None
