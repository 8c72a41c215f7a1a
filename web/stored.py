"""The browser's storage for the page's Python: the one door to it (``Storage``) and the one
reader of its JSON texts (``read_stored``, and ``parse_stored`` for a reader that names the
damage). Its twin in JavaScript is web/js/store.js.

``Storage`` wraps localStorage (or ``saves.MemoryStore`` where the browser blocks it, and in
tests). A read that the storage refuses gives ``None``; a write or removal it refuses raises
``StorageRefused`` with its ``problem`` (``full`` or ``blocked``), which callers catch alone:
only the storage's own refusals are taken so (a ``JsException`` from the browser's storage,
an ``OSError`` from the stand-in), and a bug anywhere else is raised as a bug, never told as
"could not save".

A stored text may be damaged (cut short by a full storage, written by an older build, edited
by hand). A damaged one reads as nothing, and each reader then does what it does for
nothing (a save set aside, no recent games, statistics started again); it never raises. Two
kinds of damage would otherwise escape ``json.loads``' ``JSONDecodeError``: text nested
thousands deep, which in the browser (Pyodide) exhausts the C stack before Python's
``RecursionError`` and stops the page's Python for good, and a number of more than 4,300
digits, which Python refuses with a bare ``ValueError``. ``NaN``, ``Infinity`` and
``-Infinity``, which Python's ``json`` reads and JSON has not (we never write them), are
damage too.

>>> read_stored('{"version": 1}')
{'version': 1}
>>> read_stored("[" * 5000) is None, read_stored("1" * 5000) is None, read_stored(None) is None
(True, True, True)
>>> read_stored('{"at": NaN}') is None
True
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import FormatError
from engine.jsontext import NotANumber, check_text, parse

# The deepest of our stored documents nests about 10 deep (a two-device save: the save, its
# game, the endpoint, its round's cards, a deck); the browser's stack holds hundreds.
MAX_DEPTH = 64
MAX_STORED = 20_000_000  # characters: more than any browser keeps for a site


def parse_stored(text: str) -> Any:
    """The data ``text`` holds; a damaged text raises ``FormatError`` naming its damage:
    ``too_big``, ``too_deep``, ``json_number_too_long``, ``json_not_a_number`` (``NaN``,
    ``Infinity``, ``-Infinity``) or ``not_json``."""
    check_text(text, MAX_STORED, MAX_DEPTH, FormatError)
    try:
        return parse(text)
    except json.JSONDecodeError:
        raise FormatError("not_json") from None
    except NotANumber as e:
        raise FormatError("json_not_a_number", value=str(e)) from None
    except ValueError:  # an integer of more than 4300 digits (sys.set_int_max_str_digits)
        raise FormatError("json_number_too_long") from None
    except RecursionError:
        raise FormatError("too_deep", limit=MAX_DEPTH) from None


def read_stored(text) -> Any:
    """The data ``text`` holds, or ``None`` when there is none or it is damaged."""
    if not isinstance(text, str):
        return None
    try:
        return parse_stored(text)
    except FormatError:
        return None


def _refusals() -> tuple[type[BaseException], ...]:
    """What a storage's refusal arrives as: the browser's (a DOMException, which Pyodide
    raises as ``JsException``) and the stand-in's (``OSError``, as ``MemoryStore`` raises)."""
    try:
        from pyodide.ffi import JsException  # only in the browser
    except ImportError:
        return (OSError,)
    return (OSError, JsException)


REFUSALS = _refusals()


def storage_problem(error: BaseException) -> str:
    """``full`` for a storage out of room (QuotaExceededError, in any browser's words),
    ``blocked`` for anything else (storage switched off, a SecurityError)."""
    text = f"{getattr(error, 'name', '')} {type(error).__name__} {error}".lower()
    return "full" if "quota" in text or "full" in text else "blocked"


class StorageRefused(Exception):
    """The storage refused a write or a removal: ``problem`` is ``full`` or ``blocked``."""

    def __init__(self, problem: str, error: BaseException):
        super().__init__(f"{problem}: {error}")
        self.problem = problem


class Storage:
    """The page's one door to the browser's storage (``area``: localStorage or a stand-in).

    >>> from saves import MemoryStore
    >>> store = Storage(MemoryStore(limit=10))
    >>> store.set("k", "v"); store.get("k"), store.get("none")
    ('v', None)
    >>> store.set("k", "x" * 20)
    Traceback (most recent call last):
    ...
    stored.StorageRefused: full: QuotaExceededError: the quota has been exceeded
    """

    def __init__(self, area):
        self.area = area

    def get(self, key: str) -> str | None:
        """The text kept under ``key``; ``None``: none (JS null arrives as ``jsnull``), or
        a storage that refuses to be read."""
        try:
            text = self.area.getItem(key)
        except REFUSALS:
            return None
        return text if isinstance(text, str) else None

    def read(self, key: str) -> Any:
        """The data kept under ``key`` (``read_stored``: ``None`` when none or damaged)."""
        return read_stored(self.get(key))

    def set(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``; ``StorageRefused`` when the storage refuses."""
        try:
            self.area.setItem(key, text)
        except REFUSALS as e:
            raise StorageRefused(storage_problem(e), e) from e

    def remove(self, key: str) -> None:
        """Forget ``key``; ``StorageRefused`` when the storage refuses."""
        try:
            self.area.removeItem(key)
        except REFUSALS as e:
            raise StorageRefused(storage_problem(e), e) from e


def as_storage(area) -> Storage:
    """``area`` behind the door (a ``Storage`` already is one)."""
    return area if isinstance(area, Storage) else Storage(area)
