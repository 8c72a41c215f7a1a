"""JSON text from outside measured before any parser sees it: how long it is, how deep it nests.

A parser recurses once per level, and in the browser (Pyodide) the C stack runs out long before
Python's ``RecursionError``: text nested 5,000 deep (a link of 138 characters) stops the page's
Python for good, and the page shows nothing. Every reader of such text checks here first, each
with its own limits and refusal: a game record or position (``records.loads``, the table's
record opener), a message, link or save of a game on two devices (``remote.messages``).
Readers of documents we wrote parse with ``parse``: Python's ``json`` reads ``NaN``,
``Infinity`` and ``-Infinity``, which JSON has not, and ``parse`` refuses them (``NotANumber``).

>>> from engine.errors import FormatError
>>> check_text('{"a": ["[[[[", {}]}', 100, 3, FormatError)
'{"a": ["[[[[", {}]}'
>>> check_text("[" * 5000, 100_000, 16, FormatError)
Traceback (most recent call last):
...
engine.errors.FormatError: nested too deeply: a record or position nests at most 16 levels
"""

from __future__ import annotations

import json
import re

from .errors import GameError

# A JSON string (to the end of the text if it has no end) or a bracket outside strings.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[{]|[\]}]', re.S)


class NotANumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a JSON text (its ``args[0]``): no JSON number,
    though Python's ``json`` reads them. A ``ValueError``: a reader catches it before its
    ``ValueError`` for a number of too many digits.

    >>> parse('{"a": -Infinity}')
    Traceback (most recent call last):
    ...
    engine.jsontext.NotANumber: -Infinity
    """


def _refuse(name: str):
    raise NotANumber(name)


def parse(text: str):
    """``json.loads(text)``, refusing ``NaN``, ``Infinity`` and ``-Infinity`` (``NotANumber``).

    >>> parse('[1.5, "NaN"]')
    [1.5, 'NaN']
    """
    return json.loads(text, parse_constant=_refuse)


def check_text(text: str, size: int, depth: int, error: type[GameError]) -> str:
    """``text`` if it is at most ``size`` characters and nests at most ``depth`` deep, else
    ``error("too_big", limit=size)`` or ``error("too_deep", limit=depth)``: the caller's
    refusal, worded from its catalogue keys (``<prefix>too_big``, ``<prefix>too_deep``)."""
    if len(text) > size:
        raise error("too_big", limit=size)
    level = 0
    for token in _TOKEN.findall(text):
        if token in ("[", "{"):
            level += 1
            if level > depth:
                raise error("too_deep", limit=depth)
        elif token in ("]", "}"):
            level -= 1
    return text
