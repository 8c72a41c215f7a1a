"""Words: the message catalogues, and the formatting of their parameters.

Every sentence a player reads is a key in a catalogue, one JSON file per language, with
named parameters. What the engine and the CLI say is in ``engine/messages/<language>.json``;
the card table's words (menus, dialogs, lessons) are in ``web/messages/<language>.json``,
which the table adds with ``add_catalogue`` (``web/words.py``): a ``Words`` then knows the
keys of both, the engine alone only its own.

Parameters hold data, never words: cards in short notation, stones 0-8, players 0/1,
formations and proofs as the engine makes them. The catalogue's language turns them into
words, here, by the parameter's name:

- ``card``, ``target``, ``mode``, ``as``: a card (``"R7"`` -> "Red 7"); ``{card:acc}`` its
  accusative where the catalogue has one (``card.<name>:acc``); ``cards``: a list.
- ``stone``, ``to``: a stone, 0-8 in data, 1-9 in words.
- ``player``, ``other``, ``owner``, ``winner``: a player's name; ``{player:pos}`` its
  possessive, ``{player:cap}`` capitalised. A key with a ``.you`` variant is used in that
  form when its subject (``player``, or ``winner``) is the reader.
- ``deck``: ``clan`` or ``tactic``; ``mine``, ``theirs``, ``best``: formations
  (``a_mine`` etc. with an article); ``proof``: a claim proof, in the claimant's words;
  ``cause``: a nested refusal (``GameError.to_json``), such as a record's bad action.

Then one rule fills the entry, ``format_entry``, the same as the page's JavaScript
(``web/js/format.js``; tests/test_format.py gives both every key of every catalogue):

- an entry ``{"one": ..., "other": ...}`` is picked by the plural category of the parameter
  ``n`` in the language (CLDR's cardinal rule, ``Intl.PluralRules`` in JavaScript: "one" for
  exactly 1 in English and German, for 0 and 1 in French), "other" without ``n`` or for a
  category it lacks;
- ``{name}`` is the parameter ``name``, ``{name:form}`` the parameter ``name:form`` (here the
  words above give it); a number is written in the language's way (``Intl.NumberFormat``:
  ``1,234.5`` in English, ``1.234,5`` in German, at most three decimals), anything else as
  text. A parameter missing is the caller's error: ``KeyError`` here, the placeholder left
  showing in the page.

>>> w = Words("en")
>>> w.t("clause.play", card="R7", stone=0)
'played Red 7 on stone 1'
>>> w.proof({"ok": False, "why": "incomplete", "stone": 2, "have": 2, "need": 3, "mud": False})
'your side is not complete: 2 of 3 cards'
>>> format_entry("de", {"one": "{n} Stein", "other": "{n} Steine"}, {"n": 1500})
'1.500 Steine'
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from .cards import COLOURS, N_CLAN, card_text, parse_card
from .errors import GameError, shown

MESSAGES = Path(__file__).with_name("messages")
DEFAULT_LANGUAGE = "en"
_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
_catalogues: dict[str, dict] = {}
_added: list[Path] = []  # catalogue folders beside the engine's (add_catalogue)

CARD_PARAMS = ("card", "target", "mode", "as")
STONE_PARAMS = ("stone", "to")
PLAYER_PARAMS = ("player", "other", "owner", "winner")
FORMATION_PARAMS = ("mine", "theirs", "best")


# The languages' one home is their catalogue files. The browser's Python has only some of
# them (English's, and its page's language's, which the page hands over: web/words.py), so
# the build lists every language in this file beside them (sitebuild/site.py); the source
# has no such file.
LISTED = MESSAGES / "languages.json"


def languages() -> list[str]:
    """The languages there is a catalogue for (one file each in the source; the build's list
    where not every file is at hand)."""
    if LISTED.is_file():
        return list(json.loads(LISTED.read_text(encoding="utf-8")))
    return sorted(p.stem for p in MESSAGES.glob("*.json"))


def at_hand(lang: str) -> bool:
    """Whether ``lang`` is a language whose catalogue can be read here: every one in the
    source; in the browser English and the page's own language."""
    return lang in languages() and (MESSAGES / f"{lang}.json").is_file()


def add_catalogue(folder: Path) -> None:
    """Add a folder of ``<language>.json`` catalogues to every ``Words``, now and later
    (``web/words.py`` adds the table's ``web/messages``). Adding one twice changes nothing."""
    folder = Path(folder)
    if folder not in _added:
        _added.append(folder)
        for lang, data in _catalogues.items():  # in place: a Words made before sees it too
            fresh = _read(lang)
            data.clear()
            data.update(fresh)


def catalogue_folders() -> list[Path]:
    """The engine's catalogue folder, then those added."""
    return [MESSAGES, *_added]


def catalogue(lang: str = DEFAULT_LANGUAGE) -> dict:
    """The catalogue of ``lang``, the engine's and every added one's keys (read once),
    falling back to English for a missing key."""
    if lang not in _catalogues:
        if not at_hand(lang):
            raise GameError("no_language", value=shown(lang), languages=", ".join(languages()))
        _catalogues[lang] = _read(lang)
    return _catalogues[lang]


def _read(lang: str) -> dict:
    data = {}
    for folder in catalogue_folders():
        path = folder / f"{lang}.json"
        if path.is_file():
            data.update(json.loads(path.read_text(encoding="utf-8")))
    return data if lang == DEFAULT_LANGUAGE else {**_read(DEFAULT_LANGUAGE), **data}


# ------------------------------------------------------------------ the one formatting rule
# web/js/format.js is its twin; tests/test_format.py runs both over every key.


# The languages' plural rules (CLDR cardinal, as Intl.PluralRules says them for a number
# rounded as it is written, to at most three decimals): English and German say "one" for
# exactly 1 or -1; French says "one" for 0 and 1 and whatever lies between (0,5 ; 1,5) and
# "many" for a whole million or millions (an entry without "many" takes "other"). A language
# with another rule adds it.
def _french(n) -> str:
    units, decimals = _rounded(n)[1:]
    whole = units % 10**18  # the integer digits ICU keeps (1e21 reads as 0: "one")
    if whole in (0, 1):
        return "one"
    return "many" if not decimals and whole % 1_000_000 == 0 else "other"


# A word the language elides before a name that starts with a vowel sound, as a player's
# possessive form puts it (French "de" before "Ann", "Hugo": "d'Ann", "d'Hugo").
_ELISION = {"fr": (re.compile(r"\bde (?=[aeiouyhàâäéèêëîïôöùûüœ])", re.IGNORECASE), "d'")}

_PLURAL_RULES = {
    "en": lambda n: "one" if abs(n) == 1 else "other",
    "de": lambda n: "one" if abs(n) == 1 else "other",
    "fr": _french,
}
# The decimal mark and the thousands separator (CLDR, as Intl.NumberFormat writes them:
# French groups with a narrow no-break space, 1\u202f234,5).
_NUMBER_SYMBOLS = {"en": (".", ","), "de": (",", "."), "fr": (",", "\u202f")}


def plural_form(lang: str, n) -> str:
    """The plural category of ``n`` in ``lang``: ``one``, ``other`` (also for no n) or, in a
    language that has it, ``many``.

    >>> [plural_form("fr", n) for n in (0, 1, 1.5, 2, 1_000_000)]
    ['one', 'one', 'one', 'other', 'many']
    """
    if not isinstance(n, int | float) or isinstance(n, bool):
        return "other"
    if n != n or n in (math.inf, -math.inf):
        return "other"
    return _PLURAL_RULES.get(lang, _PLURAL_RULES[DEFAULT_LANGUAGE])(n)


def _rounded(value: int | float) -> tuple[str, int, str]:
    """A finite number as it is written: its sign, whole units and decimals (at most three,
    rounded half away from zero from the shortest decimal that reads back as the number, as
    JavaScript prints it; no trailing zeros). Rounded as text: no float arithmetic, and no
    decimal module (the page's trimmed standard library leaves it out)."""
    text = repr(value) if isinstance(value, float) else str(value)
    sign = "-" if text.startswith("-") else ""
    mantissa, _, exponent = text.lstrip("-").partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits, at = whole + fraction, len(whole) + int(exponent or 0)
    digits = "0" * max(0, -at) + digits + "0" * max(0, at - len(digits))
    at = max(at, 0)
    thousandths = int(digits[: at + 3].ljust(at + 3, "0")) + (digits[at + 3 : at + 4] >= "5")
    units, milli = divmod(thousandths, 1000)
    return sign, units, f"{milli:03d}".rstrip("0")


def number_text(lang: str, value: int | float) -> str:
    """A number as ``Intl.NumberFormat(lang)`` writes it: grouped thousands, at most three
    decimals (rounded half away from zero from the shortest decimal that reads back as the
    number, as JavaScript prints it), none when whole.

    >>> number_text("en", 1234.5), number_text("de", 1234.5), number_text("de", 2.0005)
    ('1,234.5', '1.234,5', '2,001')
    """
    if type(value) is int and -1000 < value < 1000:
        return str(value)  # the common case, and no separators to place
    if value != value or value in (math.inf, -math.inf):
        return "NaN" if value != value else ("-∞" if value < 0 else "∞")
    point, group = _NUMBER_SYMBOLS.get(lang, _NUMBER_SYMBOLS[DEFAULT_LANGUAGE])
    sign, units, decimals = _rounded(value)
    return sign + f"{units:,}".replace(",", group) + (point + decimals if decimals else "")


def pick(lang: str, entry, n=None) -> str:
    """A catalogue entry's text: itself, or its plural form for ``n`` (``other`` when the
    entry lacks that form)."""
    if type(entry) is dict:
        return str(entry.get(plural_form(lang, n), entry["other"]))
    return entry


def as_text(lang: str, value) -> str:
    """A parameter's value as the entry shows it: a number in the language's way."""
    kind = type(value)
    if kind is str:
        return value
    if kind is int and -1000 < value < 1000:
        return str(value)
    if kind is bool:  # as JavaScript's String() writes it
        return "true" if value else "false"
    if isinstance(value, int | float):
        return number_text(lang, value)
    return str(value)


def fill(lang: str, text: str, params) -> str:
    """``{name}`` and ``{name:form}`` replaced by ``params[name]``, ``params["name:form"]``."""
    return _PLACEHOLDER.sub(lambda m: as_text(lang, params[m.group(0)[1:-1]]), text)


def format_entry(lang: str, entry, params: dict) -> str:
    """A catalogue entry as text with its parameters: the one rule (see the module)."""
    return fill(lang, pick(lang, entry, params.get("n")), params)


class Words:
    """The catalogue of one language, with the names of the two players as the reader
    knows them: ``you`` is the reader's seat (or ``None``), ``computer`` the AI's seat,
    ``names`` chosen names (or ``None``: the catalogue's South and North)."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE, you=None, computer=None, names=None):
        self.lang = lang
        self.cat = catalogue(lang)  # updated in place when a catalogue is added
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
        if type(entry) is not str:
            entry = pick(self.lang, entry, params.get("n"))
        # fill(), with each data parameter put into words on the way (one pass)
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
        if name in CARD_PARAMS:  # {card:acc}: the accusative, where a language inflects it
            return self.card(value, form)
        if name == "cards":
            return self.t("list.comma").join(self.card(c) for c in value)
        if name in STONE_PARAMS:
            return as_text(self.lang, value + 1 if type(value) is int else value)
        if name in PLAYER_PARAMS:  # {player:pos} possessive; {player:cap} starts a sentence
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
        if name == "cause":  # a nested refusal as data (``GameError.to_json``)
            return self.refusal_json(value)
        return as_text(self.lang, value)  # a number or a text, as fill() writes it

    def card(self, text: str, form: str | None = None) -> str:
        """A card's name in this language: ``R7`` -> "Red 7", ``MudFight`` -> "Mud Fight";
        ``form`` "acc": the name as an object, where the catalogue has a form of its own
        (``card.Strategist:acc``: German "spielst Strategischen Schachzug")."""
        code = parse_card(text)
        if code < N_CLAN:
            return self.t(
                "card.clan", colour=self.t(f"colour.{COLOURS[code // 9]}"), value=code % 9 + 1
            )
        key = f"card.{card_text(code)}"
        return self.t(f"{key}:{form}" if form and self.has(f"{key}:{form}") else key)

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
        text = self.t("player.pos", name=self.name(p))
        elide = _ELISION.get(self.lang)  # French "du côté de Ann" -> "du côté d'Ann"
        return elide[0].sub(elide[1], text) if elide else text

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
