"""Actions: small immutable records, their JSON form and a short text form.

>>> a = Action("play", card=6, stone=3)
>>> action_to_json(a)
{'kind': 'play', 'card': 'R7', 'stone': 3}
>>> action_from_json(action_to_json(a)) == a
True
>>> action_text(a)
'R7@3'
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import card_text, parse_card

PLAY, PASS, CLAIM, DONE, DRAW, RETURN, NEXT_ROUND = (
    "play", "pass", "claim", "done", "draw", "return", "next_round")
KINDS = (PLAY, PASS, CLAIM, DONE, DRAW, RETURN, NEXT_ROUND)
CLAN_DECK, TACTIC_DECK = 0, 1
DECK_NAMES = ("clan", "tactic")
DISCARD = 9  # Strategist's destination "the discard pile" (stones are 0..8).


class IllegalAction(ValueError):
    """An action the rules forbid, or malformed input; the message names the rule."""


class Action(NamedTuple):
    """One decision. Unused fields are -1.

    - play: ``card`` from hand; ``stone`` where a troop or combat mode goes.
      Ruses: Strategist/Banshee/Traitor name the ``target`` card on the table at
      ``stone``; Strategist and Traitor also its destination ``to`` (``DISCARD``
      for Strategist's discard). Recruiter has no other field.
    - claim: ``stone``. draw: ``deck`` (0 clan, 1 tactic). return: ``card``.
    - pass, done (stop claiming), next_round: no field.
    """

    kind: str
    card: int = -1
    stone: int = -1
    target: int = -1
    to: int = -1
    deck: int = -1


PASS_ACTION = Action(PASS)
DONE_ACTION = Action(DONE)
NEXT_ROUND_ACTION = Action(NEXT_ROUND)


def action_to_json(a: Action) -> dict:
    out: dict = {"kind": a.kind}
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


_FIELDS = {PLAY: ("card", "stone", "target", "to"), PASS: (), CLAIM: ("stone",), DONE: (),
           DRAW: ("deck",), RETURN: ("card",), NEXT_ROUND: ()}


def _stone(value, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 8:
        raise IllegalAction(f"malformed action: '{field}' must be a stone number 0-8, "
                            f"not {value!r}")
    return value


def action_from_json(data) -> Action:
    """Parse the JSON form; raise ``IllegalAction`` naming what is malformed."""
    if not isinstance(data, dict):
        raise IllegalAction(f"malformed action: expected a JSON object, not {data!r}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:   # a list or object is unhashable
        raise IllegalAction(f"malformed action: 'kind' must be one of {', '.join(KINDS)}, "
                            f"not {kind!r}")
    extra = set(data) - {"kind", *_FIELDS[kind]}
    if extra:
        raise IllegalAction(f"malformed action: a {kind} action has no field "
                            f"{', '.join(sorted(map(repr, extra)))}")
    fields: dict = {}
    try:
        if "card" in data:
            fields["card"] = parse_card(data["card"])
        if "target" in data:
            fields["target"] = parse_card(data["target"])
    except ValueError as e:
        raise IllegalAction(f"malformed action: {e}") from None
    if "stone" in data:
        fields["stone"] = _stone(data["stone"], "stone")
    if "to" in data:
        fields["to"] = DISCARD if data["to"] == "discard" else _stone(data["to"], "to")
    if "deck" in data:
        if data["deck"] not in DECK_NAMES:
            raise IllegalAction(f"malformed action: 'deck' must be 'clan' or 'tactic', "
                                f"not {data['deck']!r}")
        fields["deck"] = DECK_NAMES.index(data["deck"])
    need = {PLAY: ("card",), CLAIM: ("stone",), DRAW: ("deck",), RETURN: ("card",)}.get(kind, ())
    for f in need:
        if f not in fields:
            raise IllegalAction(f"malformed action: a {kind} action needs '{f}'")
    return Action(kind, **fields)


def action_text(a: Action) -> str:
    """Compact text: ``R7@3``, ``Banshee:B4@2``, ``Strategist:R7@2>5``, ``claim 4``."""
    if a.kind == PLAY:
        s = card_text(a.card)
        if a.target >= 0:
            s += ":" + card_text(a.target)
        if a.stone >= 0:
            s += f"@{a.stone}"
        if a.to >= 0:
            s += ">" + ("discard" if a.to == DISCARD else str(a.to))
        return s
    if a.kind == CLAIM:
        return f"claim {a.stone}"
    if a.kind == DRAW:
        return f"draw {DECK_NAMES[a.deck]}"
    if a.kind == RETURN:
        return f"return {card_text(a.card)}"
    return a.kind
