"""The message catalogues (engine/messages/<language>.json): every language has every key with
the same parameters and plural forms; every key the engine, the session and the table's
JavaScript use exists; the German narration of the golden games is complete German; a new
language is one more file (and one line in web/js/words.js)."""

import json
import re
import shutil
from pathlib import Path

import pytest

import engine.words
from engine import replay_events
from engine.narrate import claim_line, narrate, new_game_line
from engine.state import Rules
from engine.view import view
from engine.words import Words, catalogue, languages

ROOT = Path(__file__).resolve().parent.parent
MESSAGES = ROOT / "engine" / "messages"
GAMES = sorted((ROOT / "tests" / "data" / "games").glob("*.json"))
JS = sorted((ROOT / "web" / "js").glob("*.js"))
# {name} or {name:form}: the form (e.g. a possessive) is the language's own
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")


def _raw(lang: str) -> dict:
    return json.loads((MESSAGES / f"{lang}.json").read_text(encoding="utf-8"))


EN = _raw("en")
OTHERS = [lang for lang in languages() if lang != "en"]


def _forms(entry) -> dict:
    return entry if isinstance(entry, dict) else {"": entry}


def _params(entry) -> set[str]:
    """The parameter names of a message (all its plural forms together)."""
    return {m.group(1) for text in _forms(entry).values() for m in PLACEHOLDER.finditer(text)}


def _keys(data: dict) -> set[str]:
    return {k for k in data if not k.startswith("@")}


def test_every_file_is_a_language_and_there_are_two_at_least():
    files = sorted(p.stem for p in MESSAGES.glob("*.json"))
    assert languages() == files
    assert {"en", "de"} <= set(files)
    for lang in files:
        data = _raw(lang)
        assert isinstance(data.get("@language"), str), f"{lang}.json: '@language' names it"
        for key, entry in data.items():
            plural = isinstance(entry, dict) and entry and all(
                isinstance(v, str) for v in entry.values())
            assert isinstance(entry, str) or plural, \
                f"{lang}.json: {key!r} must be a text or a {{form: text}} plural entry"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_in_every_language_with_the_same_parameters(lang):
    data = _raw(lang)
    missing = sorted(_keys(EN) - _keys(data))
    assert not missing, f"{lang}.json lacks {missing}"
    for key in sorted(_keys(EN)):
        en, other = EN[key], data[key]
        assert type(en) is type(other), f"{lang}.json {key!r}: text vs plural entry differ from en"
        if isinstance(en, dict):
            assert set(other) == set(en), \
                f"{lang}.json {key!r}: plural forms {set(other)} != {set(en)}"
        assert _params(other) == _params(en), \
            f"{lang}.json {key!r}: parameters {_params(other)} != English {_params(en)}"


# Example data for every parameter a refusal (error.* and format.*) takes, by its name.
_REFUSAL_PARAMS = {
    "where": "stones[3].sides[0]", "value": "'x'", "card": "R7", "target": "B2",
    "mode": "MudFight", "player": 0, "winner": 1, "other": 1, "owner": 1, "stone": 3, "to": 5,
    "deck": "clan", "step": "claim", "proof": {"ok": False, "why": "weaker", "stone": 3,
                          "mine": {"rank": "sum", "total": 7, "cards": 3},
                          "theirs": {"rank": "run", "total": 12, "cards": 3}},
    "cause": {"key": "error.bad_stone", "code": "bad_stone",
              "params": {"field": "stone", "value": "12"}},
}


@pytest.mark.parametrize("key", sorted(k for k in EN if k.startswith(("format.", "error."))
                                        and k != "error.unknown"))   # (a bug's own text)
def test_every_refusal_is_said_in_german(key):
    """Each refusal's key is worded by a German Words, from de.json's own entry, never in
    English (the issue: German players read "Malformed action: ..." in a damaged record)."""
    params = {name: _REFUSAL_PARAMS.get(name, 2) for name in _params(EN[key])}
    english, german = Words("en").t(key, **params), Words("de").t(key, **params)
    assert key in _raw("de") and german != english and "{" not in german.replace('{"', ""), \
        (key, german)
    if "cause" in params:
        assert "Fehlerhafter Zug" in german


@pytest.mark.parametrize("lang", languages())
def test_extra_keys_are_only_the_readers_own_forms(lang):
    """A language may add ``X.you`` (the reader as subject: German verbs agree), never other
    keys; it takes the same parameters as ``X`` or fewer, and the same plural forms."""
    data = _raw(lang)
    for key in sorted(_keys(data) - _keys(EN)):
        assert key.endswith(".you") and key[:-4] in EN, f"{lang}.json: unknown key {key!r}"
        base = data[key[:-4]]
        assert _params(data[key]) <= _params(base), \
            f"{lang}.json {key!r}: parameters not in {key[:-4]!r}"
        assert type(data[key]) is type(base) and set(_forms(data[key])) == set(_forms(base)), key


def test_plural_entries_have_the_forms_of_the_languages_rule():
    """English and German: one and other (engine.words.plural_form; Intl.PluralRules in JS)."""
    assert [engine.words.plural_form(lang, n) for lang in ("en", "de") for n in (0, 1, 2)] == \
        ["other", "one", "other"] * 2
    for lang in languages():
        for key, entry in _raw(lang).items():
            if isinstance(entry, dict):
                assert set(entry) == {"one", "other"}, f"{lang}.json {key!r}"


@pytest.mark.parametrize("lang", languages())
def test_plurals_are_picked_by_count(lang):
    w = Words(lang)
    one, two = w.t("seat.hand", n=1), w.t("seat.hand", n=2)
    assert one != two and "1" in one and "2" in two


# ------------------------------------------------------------------ keys used in code

def _js_literals() -> dict[str, set[str]]:
    """Catalogue keys written as string literals in web/js (t("..."), aboutSeat("...") and
    the keys kept in tables), by file; and the dynamic ones (t(`tactic.${x}.short`))."""
    prefixes = {k.split(".")[0] for k in _keys(EN)}
    found: dict[str, set[str]] = {}
    for path in JS:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"""["']([a-z][a-z_]*\.[\w.]+)["']""", text):
            key = m.group(1)
            if key.split(".")[0] in prefixes and not key.endswith((".js", ".json", ".html")):
                found.setdefault(key, set()).add(path.name)
    return found


def test_every_key_the_tables_javascript_uses_exists():
    found = _js_literals()
    assert len(found) > 100, "the table's keys were not found: did web/js change its call form?"
    for lang in languages():
        cat = catalogue(lang)
        missing = {k: sorted(f) for k, f in found.items() if k not in cat}
        assert not missing, f"{lang}: keys used in web/js but not in the catalogue: {missing}"


def test_every_seat_message_has_its_readers_form():
    """names.js aboutSeat(key, seat) uses key_you when the seat is the reader."""
    keys = set()
    for path in JS:
        for m in re.finditer(r"aboutSeat\(([^;]*?)\)", path.read_text(encoding="utf-8")):
            keys |= set(re.findall(r'"([a-z_]+\.[\w.]+)"', m.group(1)))
    assert keys, "no aboutSeat call found"
    for key in keys:
        assert key in EN and f"{key}_you" in EN, key


def test_every_dynamic_key_the_tables_javascript_uses_exists():
    """Keys made in template strings (t(`colour.${c}`)) match at least one key."""
    patterns = set()
    for path in JS:
        for m in re.finditer(r"`([a-z][a-z_]*\.[^`]*\$\{[^`]*)`", path.read_text(encoding="utf-8")):
            patterns.add(m.group(1))
    assert patterns
    for pattern in patterns:
        regex = re.compile(re.sub(r"\\\$\\\{[^}]*\\\}", r"[\\w.]+", re.escape(pattern)) + "$")
        if pattern.split(".")[0] not in {k.split(".")[0] for k in EN}:
            continue   # not a catalogue key (e.g. a CSS class)
        assert any(regex.match(k) for k in EN), f"no key matches `{pattern}`"


def _engine_error_codes() -> set[str]:
    codes = set()
    for path in [*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").glob("*.py")]:
        codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', path.read_text(encoding="utf-8")))
    return codes


def test_every_error_the_engine_raises_has_words():
    codes = _engine_error_codes()
    assert len(codes) > 25
    for lang in languages():
        missing = sorted(c for c in codes if f"error.{c}" not in _raw(lang))
        assert not missing, f"{lang}.json lacks error.{missing}"


def test_every_key_python_uses_with_a_literal_exists():
    used = set()
    for path in [*(ROOT / "engine").rglob("*.py"), *(ROOT / "web").glob("*.py")]:
        used |= set(re.findall(r"""\.(?:t|said|has)\(\s*["']([\w.:]+)["']""",
                               path.read_text(encoding="utf-8")))
    assert len(used) > 20
    for lang in languages():
        missing = sorted(k for k in used if k not in _raw(lang))
        assert not missing, f"{lang}.json lacks {missing}"


# ------------------------------------------------------------------ German in use

def _games():
    for path in GAMES:
        record = json.loads(path.read_text())["record"]
        final, _actions, events = replay_events(record)
        yield path.stem, record, final, [e for ev in events for e in ev]


READERS = [{}, {"you": 0, "computer": 1}, {"you": 1, "computer": 0}, {"you": 0}]


@pytest.mark.parametrize("lang", OTHERS)
def test_the_golden_games_are_told_in_the_language(lang):
    """Every line of every golden game, as each kind of reader reads it: no parameter left
    unfilled, and no line the same as the English one (an English key filled in)."""
    assert GAMES
    lines_seen = 0
    for name, record, _final, events in _games():
        for reader in READERS:
            mine = narrate(events, Words(lang, **reader))
            english = narrate(events, Words("en", **reader))
            rules = Rules.from_json(record.get("rules", {}))
            mine.append(new_game_line(rules, Words(lang, **reader)))
            english.append(new_game_line(rules, Words("en", **reader)))
            assert len(mine) == len(english)
            for ours, theirs in zip(mine, english, strict=True):
                text = ours["text"]
                assert not re.search(r"\{\w+(:\w+)?\}", text), f"{name}: unfilled in {text!r}"
                assert text != theirs["text"], f"{name}: English left: {text!r}"
                for clause, en_clause in zip(ours.get("clauses", ()), theirs.get("clauses", ()),
                                             strict=True):
                    assert clause != en_clause, f"{name}: English clause {clause!r}"
                lines_seen += 1
    assert lines_seen > 1000


@pytest.mark.parametrize("lang", OTHERS)
def test_claim_verdicts_and_errors_are_told_in_the_language(lang):
    """Claim lines of the golden games' final positions, and every error of the catalogue
    with made-up parameters, are filled and differ from English."""
    w, en = Words(lang, you=0), Words("en", you=0)
    checked = 0
    for _name, _record, final, _events in _games():
        for seat in (0, 1):
            for c in view(final, seat)["claims"]:
                ours, theirs = claim_line(c, w), claim_line(c, en)
                assert "{" not in ours and ours != theirs
                checked += 1
    params = {"value": "'x'", "player": 0, "other": 1, "kinds": "play", "field": "stone",
              "kind": "play", "fields": "'x'", "step": "play", "expected": "claim", "card": "R7",
              "stone": 3, "deck": "clan", "played": 2, "opponent_played": 1, "owner": 1,
              "capacity": 3, "mode": "MudFight", "target": "B5", "to": 4, "message": "?",
              "proof": {"ok": False, "why": "incomplete", "stone": 3, "have": 2, "need": 3,
                        "mud": False}}
    for code in sorted(_engine_error_codes()):
        ours, theirs = w.error(code, params), en.error(code, params)
        assert "{" not in ours and ours != theirs, code
        checked += 1
    assert checked > 30


def test_german_uses_the_pegasus_names_not_ielos():
    """The German table names cards and formations as the Pegasus rulebook does."""
    de = _raw("de")
    pegasus = {"card.Joker": "Trickser", "card.Spy": "Spionin", "card.ShieldBearer": "Schildträger",
               "card.BlindMansBluff": "Blinde Kuh", "card.MudFight": "Schlamm Schlacht",
               "card.Recruiter": "Einberufung", "card.Strategist": "Strategischer Schachzug",
               "card.Banshee": "Banshee-Beschwörung", "card.Traitor": "Verrat",
               "deck.clan": "Clanstapel", "deck.tactic": "Taktikstapel"}
    for key, name in pegasus.items():
        assert de[key] == name
    for key, name in {"color_run": "Königstrupp", "kind": "Dreierspitze", "color": "Farbwall",
                      "run": "Bunter Trupp", "sum": "Wilde Horde"}.items():
        assert de[f"formation.{key}"].startswith(name)
    ielo = re.compile(r"Color-Run|Three of a Kind|\bColor\b|\bRun\b|Shield-Bearer|Blind-Man|"
                      r"Mud Fight|Recruiter|Strategist|\bSpy\b|Traitor|\bstone\b|\bdeck\b")
    for key, entry in de.items():
        if key.startswith("@"):
            continue
        for text in _forms(entry).values():
            words = re.sub(r"\{[^}]*\}|'[^']*'", "", text)   # parameters and data codes ('R7')
            assert not ielo.search(words), f"de.json {key!r}: {text!r}"


# ------------------------------------------------------------------ a third language

def test_the_pages_language_list_matches_the_catalogues():
    """web/js/words.js offers exactly the languages there are catalogues for, by their own
    names, each with a rules page that exists."""
    text = (ROOT / "web" / "js" / "words.js").read_text(encoding="utf-8")
    block = re.search(r"export const LANGUAGES = \{(.*?)\n\};", text, re.DOTALL).group(1)
    offered = dict(re.findall(r'^\s*(\w+): \{ name: "([^"]+)"', block, re.MULTILINE))
    assert sorted(offered) == languages(), \
        "add the new language to LANGUAGES in web/js/words.js (code, name, label, rules page)"
    for lang, name in offered.items():
        assert _raw(lang)["@language"] == name
    for page in re.findall(r'rules: "\./([\w.-]+)"', block):
        assert (ROOT / "web" / page).is_file(), page


def test_a_third_language_is_one_more_file(tmp_path, monkeypatch):
    """Copy the catalogues and add one: Python lists it, words it, and falls back to English
    for a key it lacks; the table's session accepts it as its language."""
    folder = tmp_path / "messages"
    shutil.copytree(MESSAGES, folder)
    xx = {k: v for k, v in _raw("de").items() if k != "stone.plain"}
    (folder / "xx.json").write_text(json.dumps({**xx, "@language": "Test"}), encoding="utf-8")
    monkeypatch.setattr(engine.words, "MESSAGES", folder)
    monkeypatch.setattr(engine.words, "_catalogues", {})
    assert "xx" in languages()
    w = Words("xx")
    assert w.t("clause.play", card="R7", stone=0) == "spielt Rot 7 an Stein 1"
    assert w.t("stone.plain", n=3) == EN["stone.plain"].replace("{n}", "3")   # English fills in
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    from session import Session
    s = Session()
    s.new_game({"opponent": "human", "seed": 5})
    s.set_option("lang", "xx")
    assert s.payload(None)["log"][0]["text"].startswith("Neues Spiel")
