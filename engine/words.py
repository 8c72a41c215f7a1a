"""Words: the message catalogue, and the formatting of its parameters.

Every sentence a player reads is a key in ``engine/messages/<language>.json`` with
named parameters. Parameters hold data, never words: cards in short notation, stones
0-8, players 0/1, formations and proofs as the engine makes them. The catalogue's
language turns them into words, here, by the parameter's name:

- ``card``, ``target``, ``mode``, ``as``: a card (``"R7"`` -> "Red 7"); ``cards``: a list.
- ``stone``, ``to``: a stone, 0-8 in data, 1-9 in words.
- ``player``, ``other``, ``owner``, ``winner``: a player's name; ``{player:pos}`` its
  possessive, ``{player:cap}`` capitalised. A key with a ``.you`` variant is used in that
  form when its subject (``player``, or ``winner``) is the reader.
- ``deck``: ``clan`` or ``tactic``; ``mine``, ``theirs``, ``best``: formations
  (``a_mine`` etc. with an article); ``proof``: a claim proof, in the claimant's words;
  ``cause``: a nested refusal (``GameError.to_json``), such as a record's bad action.
- A catalogue entry ``{"one": ..., "other": ...}`` is picked by the parameter ``n``.

>>> w = Words("en")
>>> w.t("clause.play", card="R7", stone=0)
'played Red 7 on stone 1'
>>> w.proof({"ok": False, "why": "incomplete", "stone": 2, "have": 2, "need": 3, "mud": False})
'your side is not complete: 2 of 3 cards'
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .cards import COLOURS, N_CLAN, card_text, parse_card
from .errors import GameError, shown

MESSAGES = Path(__file__).with_name("messages")
DEFAULT_LANGUAGE = "en"
_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
_catalogues: dict[str, dict] = {}

CARD_PARAMS = ("card", "target", "mode", "as")
STONE_PARAMS = ("stone", "to")
PLAYER_PARAMS = ("player", "other", "owner", "winner")
FORMATION_PARAMS = ("mine", "theirs", "best")


def languages() -> list[str]:
    """The languages there is a catalogue for (one file each)."""
    return sorted(p.stem for p in MESSAGES.glob("*.json"))


def catalogue(lang: str = DEFAULT_LANGUAGE) -> dict:
    """The catalogue of ``lang`` (read once), falling back to English for a missing key."""
    if lang not in _catalogues:
        path = MESSAGES / f"{lang}.json"
        if not path.is_file():
            raise GameError("no_language", value=shown(lang), languages=", ".join(languages()))
        data = json.loads(path.read_text(encoding="utf-8"))
        if lang != DEFAULT_LANGUAGE:
            data = {**catalogue(DEFAULT_LANGUAGE), **data}
        _catalogues[lang] = data
    return _catalogues[lang]


def plural_form(lang: str, n: int) -> str:
    """The plural category of ``n`` (English and German: one, other)."""
    return "one" if n == 1 else "other"


class Words:
    """The catalogue of one language, with the names of the two players as the reader
    knows them: ``you`` is the reader's seat (or ``None``), ``computer`` the AI's seat,
    ``names`` chosen names (or ``None``: the catalogue's South and North)."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE, you=None, computer=None, names=None):
        self.lang = lang
        self.cat = catalogue(lang)
        self.you, self.computer = you, computer
        self.names = names

    # ------------------------------------------------------------ the catalogue

    def has(self, key: str) -> bool:
        return key in self.cat

    def t(self, key: str, **params) -> str:
        """The message ``key`` with its parameters put into words."""
        entry = self.cat.get(key)
        if entry is None:
            raise KeyError(f"message catalogue {self.lang!r} has no key {key!r}")
        if isinstance(entry, dict):
            entry = entry[plural_form(self.lang, params.get("n", 0))]
        return _PLACEHOLDER.sub(lambda m: self._param(m.group(1), m.group(2), params), entry)

    def said(self, key: str, subject=None, **params) -> str:
        """``t``, in the reader's own form (``key.you``) when ``subject`` is the reader."""
        if subject is not None and subject == self.you and f"{key}.you" in self.cat:
            key = f"{key}.you"
        return self.t(key, **params)

    # ------------------------------------------------------------ parameters

    def _param(self, name: str, form: str | None, params: dict) -> str:
        if name.startswith("a_") and name[2:] in FORMATION_PARAMS:
            return self.formation(params[name[2:]], article=True)
        if name not in params:
            raise KeyError(f"message parameter {name!r} is missing")
        value = params[name]
        if name in CARD_PARAMS:
            return self.card(value)
        if name == "cards":
            return self.t("list.comma").join(self.card(c) for c in value)
        if name in STONE_PARAMS:
            return str(value + 1) if type(value) is int else str(value)
        if name in PLAYER_PARAMS:   # {player:pos} possessive; {player:cap} starts a sentence
            text = self.possessive(value) if form == "pos" else self.name(value)
            return text[:1].upper() + text[1:] if form == "cap" else text
        if name == "step":
            return self.t(f"step.{value}")
        if name == "deck":
            return self.t(f"deck.{value}")
        if name in FORMATION_PARAMS:
            return self.formation(value)
        if name == "proof":
            return self.proof(value)
        if name == "cause":   # a nested refusal as data (``GameError.to_json``)
            return self.refusal_json(value)
        return str(value)

    def card(self, text: str) -> str:
        """A card's name in this language: ``R7`` -> "Red 7", ``MudFight`` -> "Mud Fight"."""
        code = parse_card(text)
        if code < N_CLAN:
            return self.t("card.clan", colour=self.t(f"colour.{COLOURS[code // 9]}"),
                          value=code % 9 + 1)
        return self.t(f"card.{card_text(code)}")

    def name(self, p) -> str:
        if p is None:
            return ""
        if p == self.you:
            return self.t("player.you")
        if p == self.computer:
            return self.t("player.computer")
        if self.names and self.names[p]:
            return self.names[p]
        return self.t(f"player.{p}")

    def possessive(self, p) -> str:
        if p == self.you:
            return self.t("player.you:pos")
        if p == self.computer:
            return self.t("player.computer:pos")
        return self.t("player.pos", name=self.name(p))

    def formation(self, f: dict, article: bool = False) -> str:
        rank = "kind4" if f["rank"] == "kind" and f["cards"] == 4 else f["rank"]
        return self.t(f"formation.{'a.' if article else ''}{rank}", total=f["total"])

    def proof(self, proof: dict) -> str:
        """A claim verdict's reason, said to the claimant."""
        why = proof["why"]
        if why == "incomplete" and proof.get("mud"):
            why = "incomplete_mud"
        return self.t(f"proof.{why}", **proof)

    def refusal(self, e) -> str:
        """A ``GameError`` in this catalogue's words (its code and params, never its text)."""
        return self.refusal_json(e.to_json())

    def refusal_json(self, data: dict) -> str:
        """A refusal in its JSON form (``GameError.to_json``) in this catalogue's words."""
        if data["key"] not in self.cat:
            return self.t("error.unknown", message=data["code"])
        return self.t(data["key"], **data["params"])

    def error(self, code: str, params: dict) -> str:
        key = f"error.{code}"
        if key not in self.cat:
            return self.t("error.unknown", message=code)
        return self.t(key, **params)


_english = None


def english() -> Words:
    global _english
    if _english is None:
        _english = Words(DEFAULT_LANGUAGE)
    return _english


def error_text(code: str, params: dict) -> str:
    """An ``IllegalAction``'s English message."""
    return english().error(code, params)


def describe_strength(s: int, blind: bool = False, n: int = 3) -> str:
    """A strength in English words: ``a Run totalling 21``; ``a total of 21`` when blind."""
    from .formations import formation
    return english().formation(formation(s, blind, n), article=True)
