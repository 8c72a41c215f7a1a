"""A copy that shares nothing that can change with its original, made by the type of each
value, never from a list of the fields that change. A message or a move is worked on a copy of
the device (``device.Device.copy``) and the round's cards in it (``deal.RoundCards.copy``),
swapped in only when all of it holds: a field added to either later is copied by the same
rules, and a value of a kind with no rule stops the copy (``TypeError``) rather than being
shared by the copy and its original.

>>> cards = {"decks": [[1, 2], [3]], "pending": [(0, 5)], "ready": {}}
>>> copy = fresh(cards)
>>> copy["decks"][0].append(9); copy["ready"][4] = (1, 2, 3)
>>> cards
{'decks': [[1, 2], [3]], 'pending': [(0, 5)], 'ready': {}}
>>> fresh({1, 2})
Traceback (most recent call last):
...
TypeError: no rule to copy a set: say how in engine/remote/copies.py
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass, replace
from typing import Any, TypeVar

from ..state import Rules, State
from .pairing import Half
from .sra import Entropy, Group, Key, Ristretto

T = TypeVar("T")


def _same(value):
    return value


# The values met most (a deck's numbers, an action's fields) are taken as they are without a
# call: the copy of a round's cards is made at every message.
ATOMS = frozenset((type(None), bool, int, str))


def _list(value: list) -> list:
    return [x if type(x) in ATOMS else fresh(x) for x in value]


def _dict(value: dict) -> dict:
    return {k: v if type(v) in ATOMS else fresh(v) for k, v in value.items()}


# Each kind's rule, looked up by the value's own type first, then (a subclass: a str enum, a
# read message) by the first kind it is an instance of. Values never changed in place (and
# the generator, one per device, never saved) are shared; containers copied item by item.
RULES: dict[type, Callable[[Any], Any]] = {
    type(None): _same,
    bool: _same,
    int: _same,
    str: _same,
    bytes: _same,
    tuple: _same,  # of unchanging values: a deck entry, a share
    Rules: _same,
    Half: _same,
    Group: _same,
    Ristretto: _same,
    Key: _same,
    Entropy: _same,
    State: State.copy,
    list: _list,
    dict: _dict,
}


def unchanging(cls: type[T]) -> type[T]:
    """Class decorator: ``cls``'s values are replaced, never changed in place, so a copy
    shares them."""
    RULES[cls] = _same
    return cls


def by_attribute(cls: type[T]) -> type[T]:
    """Class decorator: ``cls``'s values are copied attribute by attribute, each by its own
    type (as a dataclass's are, field by field): a new object built, never one changed."""
    RULES[cls] = _attributes
    return cls


def _attributes(value):
    copy = object.__new__(type(value))
    copy.__dict__.update({name: fresh(v) for name, v in vars(value).items()})
    return copy


def fresh(value):
    """``value`` copied so that nothing in it that can change is shared with the original."""
    rule = RULES.get(type(value))
    if rule is not None:
        return rule(value)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: fresh(getattr(value, f.name)) for f in fields(value)})
    for kind, rule in RULES.items():
        if isinstance(value, kind):
            return rule(value)
    raise TypeError(f"no rule to copy a {type(value).__name__}: say how in engine/remote/copies.py")
