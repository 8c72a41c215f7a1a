"""The table's words: ``engine.words`` with the table's own catalogue added.

What the engine and the CLI say is in ``engine/messages/<language>.json``; the table's words
(menus, dialogs, lessons, toasts, saves) are in ``web/messages/<language>.json``, beside this
module in the source and in the browser's Python file system alike. Importing this module adds
them to every ``Words`` (``engine.words.add_catalogue``), so the modules of web/ take ``Words``
from here, never from ``engine``: then whichever of them is imported first, the table's keys
are there (tests/test_catalogue.py checks both). The JavaScript reads the same two files
(web/js/words.js).

In the browser Python gets English's two files with its modules (pyscript.json) and no other
language's: a page in another language hands over its own two, as it fetched them
(``add_language``, app.py's ``words`` call), so a first visit fetches no language it does
not show.

>>> Words("de").t("toast.hint_not_your_turn")
'Kein Tipp: Du bist nicht am Zug.'
"""

from __future__ import annotations

import json
from pathlib import Path

import engine.words
from engine.words import Words, add_catalogue, at_hand, catalogue, languages

MESSAGES = Path(__file__).with_name("messages")
add_catalogue(MESSAGES)


def add_language(lang: str, engine_words: dict, table_words: dict) -> None:
    """``lang``'s catalogues, the engine's and the table's, written where they are read
    (``engine/messages``, ``messages``); a language already at hand is kept as it is."""
    if lang not in languages():
        raise ValueError(f"no such language: {lang!r}")
    if at_hand(lang):
        return
    pairs = ((MESSAGES, table_words), (engine.words.MESSAGES, engine_words))
    # Both checked before either is written: a refused pair leaves no half of it behind.
    if any(not isinstance(data, dict) or data.get("@language") is None for _, data in pairs):
        raise ValueError(f"not a catalogue of {lang!r}")
    for folder, data in pairs:
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False)
        (folder / f"{lang}.json").write_text(text, encoding="utf-8")


__all__ = ["MESSAGES", "Words", "add_language", "at_hand", "catalogue", "languages"]
