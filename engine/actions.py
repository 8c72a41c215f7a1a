"""Actions: small immutable records, their JSON form and a short text form.

>>> a = Action(Kind.PLAY, card=6, stone=3)
>>> action_to_json(a)               # the kind as its plain string
{'kind': 'play', 'card': 'R7', 'stone': 3}
>>> action_from_json(action_to_json(a)) == a
True
>>> action_text(a)              # for people: stones 1-9
'R7@4'
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import card_text, parse_card
from .errors import GameError, MalformedAction, shown


class Kind(StrEnum):
    """What an action does; the value is its ``kind`` in JSON (``Kind.CLAIM == "claim"``)."""

    PLAY = "play"
    PASS = "pass"
    CLAIM = "claim"
    DONE = "done"
    DRAW = "draw"
    RETURN = "return"
    NEXT_ROUND = "next_round"


CLAN_DECK, TACTIC_DECK = 0, 1
DECK_NAMES = ("clan", "tactic")
DISCARD = 9  # Strategist's destination "the discard pile" (stones are 0..8).


class IllegalAction(GameError):
    """An action the rules forbid (malformed input: ``MalformedAction``, both ``GameError``).

    ``code`` names the broken rule (the catalogue key ``error.<code>``) and ``params`` hold
    its details as data (stones 0-8, cards in short notation, players 0/1), so the table can
    say it in the player's language; ``str()`` is the English message (stones 1-9).

    >>> str(IllegalAction("deck_empty", deck="clan"))
    'Drawing: the clan deck is empty.'
    """


class Action(NamedTuple):
    """One decision. Unused fields are -1.

    - play: ``card`` from hand; ``stone`` where a troop or combat mode goes.
      Ruses: Strategist/Banshee/Traitor name the ``target`` card on the table at
      ``stone``; Strategist and Traitor also its destination ``to`` (``DISCARD``
      for Strategist's discard). Recruiter has no other field.
    - claim: ``stone``. draw: ``deck`` (0 clan, 1 tactic). return: ``card``.
    - pass, done (stop claiming), next_round: no field.
    """

    kind: Kind
    card: int = -1
    stone: int = -1
    target: int = -1
    to: int = -1
    deck: int = -1


PASS_ACTION = Action(Kind.PASS)
DONE_ACTION = Action(Kind.DONE)
NEXT_ROUND_ACTION = Action(Kind.NEXT_ROUND)


def action_to_json(a: Action) -> dict:
    out: dict = {"kind": str(a.kind)}  # the plain string, as JSON reads it
    if a.card >= 0:
        out["card"] = card_text(a.card)
    if a.stone >= 0:
        out["stone"] = a.stone
    if a.target >= 0:
        out["target"] = card_text(a.target)
    if a.to >= 0:
        out["to"] = "discard" if a.to == DISCARD else a.to
    if a.deck >= 0:
        out["deck"] = DECK_NAMES[a.deck]
    return out


_FIELDS = {
    Kind.PLAY: ("card", "stone", "target", "to"),
    Kind.PASS: (),
    Kind.CLAIM: ("stone",),
    Kind.DONE: (),
    Kind.DRAW: ("deck",),
    Kind.RETURN: ("card",),
    Kind.NEXT_ROUND: (),
}


def _stone(value, field: str) -> int:
    if type(value) is not int or not 0 <= value <= 8:
        raise MalformedAction("bad_stone", field=field, value=shown(value))
    return value


def action_from_json(data) -> Action:
    """Parse the JSON form; raise ``MalformedAction`` naming what is malformed (whether the
    action is legal is ``legality.check``'s question: ``IllegalAction``)."""
    if not isinstance(data, dict):
        raise MalformedAction("not_an_object", value=shown(data))
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:  # a list or object is unhashable
        raise MalformedAction("bad_kind", kinds=", ".join(Kind), value=shown(kind))
    kind = Kind(kind)
    extra = [k for k in data if k not in ("kind", *_FIELDS[kind])]
    if extra:
        raise MalformedAction("extra_field", kind=kind, fields=", ".join(sorted(map(shown, extra))))
    fields: dict = {}
    for name in ("card", "target"):
        if name in data:
            value = data[name]
            try:
                fields[name] = parse_card(value)
            except MalformedAction:  # said again with the field's name
                raise MalformedAction("bad_card", field=name, value=shown(value)) from None
    if "stone" in data:
        fields["stone"] = _stone(data["stone"], "stone")
    if "to" in data:
        fields["to"] = DISCARD if data["to"] == "discard" else _stone(data["to"], "to")
    if "deck" in data:
        if not isinstance(data["deck"], str) or data["deck"] not in DECK_NAMES:
            raise MalformedAction("bad_deck", value=shown(data["deck"]))
        fields["deck"] = DECK_NAMES.index(data["deck"])
    need = {
        Kind.PLAY: ("card",),
        Kind.CLAIM: ("stone",),
        Kind.DRAW: ("deck",),
        Kind.RETURN: ("card",),
    }.get(kind, ())
    for f in need:
        if f not in fields:
            raise MalformedAction("missing_field", kind=kind, field=f)
    return Action(Kind(kind), **fields)


def action_text(a: Action) -> str:
    """Compact text for people, stones 1-9: ``R7@3``, ``Banshee:B4@2``, ``Strategist:R7@2>5``,
    ``claim 4``."""
    if a.kind == Kind.PLAY:
        s = card_text(a.card)
        if a.target >= 0:
            s += ":" + card_text(a.target)
        if a.stone >= 0:
            s += f"@{a.stone + 1}"
        if a.to >= 0:
            s += ">" + ("discard" if a.to == DISCARD else str(a.to + 1))
        return s
    if a.kind == Kind.CLAIM:
        return f"claim {a.stone + 1}"
    if a.kind == Kind.DRAW:
        return f"draw {DECK_NAMES[a.deck]}"
    if a.kind == Kind.RETURN:
        return f"return {card_text(a.card)}"
    return a.kind
