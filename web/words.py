"""The table's words: ``engine.words`` with the table's own catalogue added.

What the engine and the CLI say is in ``engine/messages/<language>.json``; the table's words
(menus, dialogs, lessons, toasts, saves) are in ``web/messages/<language>.json``, beside this
module in the source and in the browser's Python file system alike. Importing this module adds
them to every ``Words`` (``engine.words.add_catalogue``), so the modules of web/ take ``Words``
from here, never from ``engine``: then whichever of them is imported first, the table's keys
are there (tests/test_catalogue.py checks both). The JavaScript reads the same two files
(web/js/words.js).

>>> Words("de").t("toast.hint_not_your_turn")
'Kein Tipp: Du bist nicht am Zug.'
"""

from __future__ import annotations

from pathlib import Path

from engine.words import Words, add_catalogue, catalogue, languages

MESSAGES = Path(__file__).with_name("messages")
add_catalogue(MESSAGES)

__all__ = ["MESSAGES", "Words", "catalogue", "languages"]
