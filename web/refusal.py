"""What the page is told when a call is refused, and when something broke.

Everything a player, a file or the page can cause is a ``GameError`` (``engine/errors.py``):
an illegal or malformed action, a position, record or save that cannot be read, and here a
request of the page the table refuses (``RequestError``) or a record it cannot open
(``RecordError``). Each is worded from the catalogue in the table's language; anything else
is a bug: its traceback goes to the console and the player reads a short apology.

>>> from words import Words
>>> worded(RequestError("unknown_call", name="fly"), Words("de"))
'Diese Anfrage kennt der Spieltisch nicht (fly).'
"""

from __future__ import annotations

from engine import GameError


class RequestError(GameError):
    """A request of the page the table refuses (an unknown call, an argument of the wrong
    shape, a replay source that is not there): catalogue key ``request.<code>``."""

    PREFIX = "request."


class FileError(GameError):
    """A file the table cannot use, with the refusal that stopped it (``inner``, worded in
    the same language as ``{error}``)."""

    def __init__(self, code: str, inner: BaseException | None = None, **params):
        super().__init__(code, **params)
        self.inner = inner

    def __str__(self) -> str:
        from engine.words import english

        return worded(self, english())


class RecordError(FileError):
    """A game record that cannot be opened or replayed (key ``record.<code>``)."""

    PREFIX = "record."


def worded(e: GameError, words) -> str:
    """A refusal in ``words``' language, with the refusal inside it (``inner``) worded too:
    a German player reads no English, not even the reason a file was refused."""
    inner = getattr(e, "inner", None)
    if inner is None:
        return words.refusal(e)
    # A refusal that is not yet a GameError (read by an older engine) keeps its own text.
    reason = worded(inner, words) if isinstance(inner, GameError) else str(inner)
    return words.t(e.key, **{**e.params, "error": reason})


def apology(words) -> str:
    """What the player reads when the table itself failed (a bug): never the raw message."""
    return words.t("request.bug")
