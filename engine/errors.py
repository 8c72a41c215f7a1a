"""One kind of refusal: everything a player or a file can cause is a ``GameError``.

A ``GameError`` carries ``code`` and ``params`` as data, so any caller (the page, the CLI, a
tool) words it from the catalogue in its reader's language: ``Words.refusal(e)``. ``str()``
is the English wording, for logs and tracebacks. Any other exception is a bug.

The kinds, kept apart as python-chess keeps ``InvalidMoveError`` apart from
``IllegalMoveError``:

- ``IllegalAction`` (``engine.actions``): a well-formed action the rules forbid here;
- ``MalformedAction``: input that is not an action at all;
- ``FormatError``: a record, position, rules or file that cannot be read (catalogue keys
  ``format.<code>``);
- ``SaveError`` (``web/saves.py``) and ``RequestError`` (``web/``): a save that cannot be
  resumed, a request of the page that is refused.

>>> e = GameError("deck_empty", deck="clan")
>>> e.key, e.params, isinstance(e, ValueError)
('error.deck_empty', {'deck': 'clan'}, True)
"""

from __future__ import annotations

import reprlib

# Bounded: a value nested thousands deep (from a JSON file) is shown without recursing.
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, 40, 40, 40


def shown(value) -> str:
    """A malformed value, shortened for an error message (never deeper than 3 levels).

    >>> shown([[[["R7"]]]]), shown(3.0)
    ('[[[[...]]]]', '3.0')
    """
    text = _SHORT.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class GameError(ValueError):
    """A refusal: ``code`` names it (catalogue key ``PREFIX + code``), ``params`` its details."""

    PREFIX = "error."

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params

    @property
    def key(self) -> str:
        """The catalogue key that words this refusal."""
        return self.PREFIX + self.code

    def __str__(self) -> str:
        from .words import english  # the catalogue is read only when a refusal is shown

        return english().refusal(self)

    def to_json(self) -> dict:
        """The refusal as data: its catalogue key, code and params (a nested refusal, such
        as a record's bad action, is a ``cause`` param in this same form)."""
        return {"key": self.key, "code": self.code, "params": self.params}


class MalformedAction(GameError):
    """Input that is not an action (a missing field, a stone 12, a card "Z9")."""


class FormatError(GameError):
    """A record, position, rules object or file that cannot be read; ``params`` say where
    (``where``: the JSON path, e.g. ``stones[3].sides[0]``) and what is wrong.

    >>> str(FormatError("bad_seed", value="[1]"))
    "'seed' must be a number or a string, not [1]"
    """

    PREFIX = "format."
