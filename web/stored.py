"""What the browser's storage holds, read back: the one reader of its JSON texts.

A stored text may be damaged (cut short by a full storage, written by an older build, edited
by hand). A damaged one reads as nothing, and each reader then does what it does for
nothing (a save set aside, no recent games, statistics started again); it never raises. Two
kinds of damage would otherwise escape ``json.loads``' ``JSONDecodeError``: text nested
thousands deep, which in the browser (Pyodide) exhausts the C stack before Python's
``RecursionError`` and stops the page's Python for good, and a number of more than 4,300
digits, which Python refuses with a bare ``ValueError``.

>>> read_stored('{"version": 1}')
{'version': 1}
>>> read_stored("[" * 5000) is None, read_stored("1" * 5000) is None, read_stored(None) is None
(True, True, True)
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import FormatError
from engine.jsontext import check_text

# The deepest of our stored documents nests about 10 deep (a two-device save: the save, its
# game, the endpoint, its round's cards, a deck); the browser's stack holds hundreds.
MAX_DEPTH = 64
MAX_STORED = 20_000_000  # characters: more than any browser keeps for a site


def read_stored(text) -> Any:
    """The data ``text`` holds, or ``None`` when there is none or it is damaged."""
    if not isinstance(text, str):
        return None
    try:
        check_text(text, MAX_STORED, MAX_DEPTH, FormatError)
        return json.loads(text)
    except (FormatError, ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return None
