"""One kind of refusal: everything a player or a file can cause is a ``GameError``.

A ``GameError`` carries ``code`` and ``params`` as data, so any caller (the page, the CLI, a
tool) words it from the catalogue in its reader's language: ``Words.refusal(e)``. ``str()``
is the English wording, for logs and tracebacks. Any other exception is a bug.

The kinds, kept apart as python-chess keeps ``InvalidMoveError`` apart from
``IllegalMoveError``:

- ``IllegalAction`` (``engine.actions``): a well-formed action the rules forbid here;
- ``MalformedAction``: input that is not an action at all;
- ``FormatError`` (``engine.records``): a record or position that cannot be read;
- ``SaveError`` (``web/saves.py``) and ``RequestError`` (``web/``): a save that cannot be
  resumed, a request of the page that is refused.

>>> e = GameError("deck_empty", deck="clan")
>>> e.key, e.params, isinstance(e, ValueError)
('error.deck_empty', {'deck': 'clan'}, True)
"""

from __future__ import annotations


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
        return {"code": self.code, "params": self.params}


class MalformedAction(GameError):
    """Input that is not an action (a missing field, a stone 12, a card "Z9")."""
