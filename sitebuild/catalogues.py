"""The message catalogues the site's generated words come from: engine/messages (the engine's)
and web/messages (the table's), one file of each per language. The page's first words
(pages.py) and the manifests (icons.py) take their keys from both, wherever a key lives."""

from __future__ import annotations

import json

from .paths import ENGINE, WEB

FOLDERS = (ENGINE / "messages", WEB / "messages")


def languages() -> list[str]:
    """The languages there is a catalogue for (the engine's files name them)."""
    return sorted(p.stem for p in FOLDERS[0].glob("*.json"))


def words(lang: str) -> dict:
    """Every key of ``lang``: the engine's file and the table's together (they share none)."""
    out: dict = {}
    for folder in FOLDERS:
        path = folder / f"{lang}.json"
        if path.is_file():
            out.update(json.loads(path.read_text("utf-8")))
    return out
