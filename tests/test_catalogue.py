"""The message catalogues: engine/messages/<language>.json (what the engine and the CLI say)
and web/messages/<language>.json (the table's words), one pair of files per language. Every
language has every key with the same parameters and plural forms; each key is in the file of
who says it, never in both; every key the engine, the session and the table's JavaScript use
exists; the German narration of the golden games is complete German; a new language is one
more file in each folder (and one line in web/js/words.js)."""

import json
import re
import shutil
import subprocess
import sys
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
WEB_MESSAGES = ROOT / "web" / "messages"
GAMES = sorted((ROOT / "tests" / "data" / "games").glob("*.json"))
JS = sorted((ROOT / "web" / "js").glob("*.js"))
# {name} or {name:form}: the form (e.g. a possessive) is the language's own
PLACEHOLDER = re.compile(r"\{(\w+)(?::\w+)?\}")

sys.path.insert(0, str(ROOT / "web"))
import words as table_words  # noqa: E402  (the table's catalogue, added to every Words)


def _file(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def _raw(lang: str) -> dict:
    """Both files of a language as one (the test below checks they share no key)."""
    return {**_file(MESSAGES, lang), **_file(WEB_MESSAGES, lang)}


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
    assert sorted(p.stem for p in WEB_MESSAGES.glob("*.json")) == files, (
        "every language has a file in engine/messages and one in web/messages"
    )
    for lang in files:
        for folder in (MESSAGES, WEB_MESSAGES):
            data = _file(folder, lang)
            assert data.get("@language") == _file(MESSAGES, lang)["@language"], (
                f"{folder.name}/{lang}.json: '@language' names it, as engine/messages does"
            )
            for key, entry in data.items():
                plural = (
                    isinstance(entry, dict)
                    and entry
                    and all(isinstance(v, str) for v in entry.values())
                )
                assert isinstance(entry, str) or plural, (
                    f"{lang}.json: {key!r} must be a text or a {{form: text}} plural entry"
                )


@pytest.mark.parametrize("lang", languages())
def test_a_key_is_in_one_file_of_its_language(lang):
    both = sorted(_keys(_file(MESSAGES, lang)) & _keys(_file(WEB_MESSAGES, lang)))
    assert not both, f"{lang}: in engine/messages and in web/messages: {both}"


@pytest.mark.parametrize("lang", OTHERS)
def test_every_key_in_every_language_with_the_same_parameters(lang):
    data = _raw(lang)
    missing = sorted(_keys(EN) - _keys(data))
    assert not missing, f"{lang}.json lacks {missing}"
    for key in sorted(_keys(EN)):
        en, other = EN[key], data[key]
        assert type(en) is type(other), f"{lang}.json {key!r}: text vs plural entry differ from en"
        if isinstance(en, dict):
            assert set(other) == set(en), (
                f"{lang}.json {key!r}: plural forms {set(other)} != {set(en)}"
            )
        assert _params(other) == _params(en), (
            f"{lang}.json {key!r}: parameters {_params(other)} != English {_params(en)}"
        )


# Example data for every parameter a refusal (error.* and format.*) takes, by its name.
_REFUSAL_PARAMS = {
    "where": "stones[3].sides[0]",
    "value": "'x'",
    "card": "R7",
    "target": "B2",
    "mode": "MudFight",
    "player": 0,
    "winner": 1,
    "other": 1,
    "owner": 1,
    "stone": 3,
    "to": 5,
    "deck": "clan",
    "step": "claim",
    "proof": {
        "ok": False,
        "why": "weaker",
        "stone": 3,
        "mine": {"rank": "sum", "total": 7, "cards": 3},
        "theirs": {"rank": "run", "total": 12, "cards": 3},
    },
    "cause": {
        "key": "error.bad_stone",
        "code": "bad_stone",
        "params": {"field": "stone", "value": "12"},
    },
}


@pytest.mark.parametrize(
    "key", sorted(k for k in EN if k.startswith(("format.", "error.")) and k != "error.unknown")
)  # (a bug's own text)
def test_every_refusal_is_said_in_german(key):
    """Each refusal's key is worded by a German Words, from de.json's own entry, never in
    English (the issue: German players read "Malformed action: ..." in a damaged record)."""
    params = {name: _REFUSAL_PARAMS.get(name, 2) for name in _params(EN[key])}
    english, german = Words("en").t(key, **params), Words("de").t(key, **params)
    assert key in _raw("de") and german != english and "{" not in german.replace('{"', ""), (
        key,
        german,
    )
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
        assert _params(data[key]) <= _params(base), (
            f"{lang}.json {key!r}: parameters not in {key[:-4]!r}"
        )
        assert type(data[key]) is type(base) and set(_forms(data[key])) == set(_forms(base)), key


def test_plural_entries_have_the_forms_of_the_languages_rule():
    """English and German: one and other; French: one for 0 and 1 too, and many for a whole
    million, which no entry needs ("other" is taken then) (engine.words.plural_form;
    Intl.PluralRules in JS)."""
    assert [engine.words.plural_form(lang, n) for lang in ("en", "de") for n in (0, 1, 2)] == [
        "other",
        "one",
        "other",
    ] * 2
    assert [engine.words.plural_form("fr", n) for n in (0, 1, 1.5, 2, 10**6)] == [
        "one",
        "one",
        "one",
        "other",
        "many",
    ]
    assert Words("fr").t("seat.hand", n=0) == "0\u00a0carte en main"
    assert Words("fr").t("seat.hand", n=1_000_000) == "1\u202f000\u202f000\u00a0cartes en main"
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
    assert table_words.MESSAGES in engine.words.catalogue_folders()
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
            continue  # not a catalogue key (e.g. a CSS class)
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
    """The engine's keys in the engine's file (the CLI has no other); the table's in either."""

    def used(paths) -> set[str]:
        found = set()
        for path in paths:
            found |= set(
                re.findall(
                    r"""\.(?:t|said|has)\(\s*["']([\w.:]+)["']""", path.read_text(encoding="utf-8")
                )
            )
        return found

    engine_used, table_used = used(ENGINE_CODE), used((ROOT / "web").glob("*.py"))
    assert len(engine_used) > 20 and len(table_used) > 20
    for lang in languages():
        missing = sorted(k for k in engine_used if k not in _file(MESSAGES, lang))
        assert not missing, f"engine/messages/{lang}.json lacks {missing}"
        missing = sorted(k for k in table_used if k not in _raw(lang))
        assert not missing, f"{lang}.json lacks {missing}"


# ------------------------------------------------------------------ who says what

ENGINE_CODE = sorted((ROOT / "engine").rglob("*.py"))
TABLE_CODE = sorted(
    [
        *(ROOT / "web").rglob("*.py"),
        *(ROOT / "web").rglob("*.js"),
        *(ROOT / "web").rglob("*.html"),
        *(ROOT / "sitebuild").rglob("*.py"),
        ROOT / "build.py",
    ]
)
LITERAL = re.compile(r"""["'`]([A-Za-z][\w.:-]*)(?=["'`])""")
# A key made in code: f"error.{code}" (Python), `forms.${rank}.what` (JavaScript).
MADE = re.compile(
    r"(?<![\w.$])([a-z][a-z_]*\.(?:[\w.:-]|\$?\{[^{}\n]*\})*\$?\{[^{}\n]*\}"
    r"(?:[\w.:-]|\$?\{[^{}\n]*\})*)"
)


def _named(paths, keys: set[str]) -> set[str]:
    """The keys some code names: as a quoted literal (data-t="x" too), by a quoted prefix
    ("page."), or by the shape of a key made in an f-string or a template literal. A key's
    reader's form (X.you, X_you) counts as named with X."""
    families = {k.split(".")[0] for k in keys if "." in k}
    literals, shapes = set(), set()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        literals |= set(LITERAL.findall(text))
        shapes |= {
            re.sub(r"(?:\\\$)?\\\{.*?\\\}", r"[\\w.:-]*", re.escape(m))
            for m in MADE.findall(text)
            if m.split(".")[0] in families
        }
    prefixes = tuple(s for s in literals if s.endswith(".") and s.split(".")[0] in families)
    shape = re.compile("|".join(sorted(shapes)))

    def names(k: str) -> bool:
        return k in literals or k.startswith(prefixes) or bool(shape.fullmatch(k))

    def base(k: str) -> str:
        b = re.sub(r"[._]you$", "", k)
        return b if b in keys else k

    return {k for k in keys if names(k) or names(base(k))}


def test_what_the_engine_says_is_in_the_engine_catalogue():
    """The engine alone (the CLI, the tools) reads only engine/messages: every key its code
    names is there, in every language."""
    for lang in languages():
        named = _named(ENGINE_CODE, _keys(_raw(lang)))
        assert len(named) > 150
        astray = sorted(named - _keys(_file(MESSAGES, lang)))
        assert not astray, (
            f"engine code names these, so they belong in "
            f"engine/messages/{lang}.json, not web/messages: {astray}"
        )


def test_the_tables_words_are_in_the_tables_catalogue():
    """A key only the table names (web/, the site build) is in web/messages, not the engine's."""
    for lang in languages():
        keys = _keys(_file(MESSAGES, lang))
        table_only = _named(TABLE_CODE, keys) - _named(ENGINE_CODE, keys)
        assert not table_only, (
            f"only the table names these: move them from "
            f"engine/messages/{lang}.json to web/messages: {sorted(table_only)}"
        )


def test_the_check_of_who_says_what_finds_keys():
    assert {"clause.play", "error.deck_empty", "card.Spy", "line.new_game.you"} <= _named(
        ENGINE_CODE, _keys(EN)
    )
    assert {
        "new.title",
        "forms.kind.what",
        "manifest.name",
        "early.deal",
        "tactic.Spy.help",
        "lesson.basics.five.done",
    } <= _named(TABLE_CODE, _keys(EN))


def test_the_engine_alone_reads_only_its_own_catalogue():
    """Without web/ (the CLI, the tools) a Words knows the engine's keys and no table key."""
    code = (
        "from engine.words import Words; w = Words('de'); "
        "print(w.has('clause.play'), w.has('new.title'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["True", "False"]


def test_a_catalogue_added_later_reaches_every_words(tmp_path, monkeypatch):
    """add_catalogue: a Words made before it knows the new keys too; adding twice is once."""
    monkeypatch.setattr(engine.words, "_added", list(engine.words._added))
    monkeypatch.setattr(engine.words, "_catalogues", {})
    before = Words("de")
    (tmp_path / "en.json").write_text('{"zz.late": "late", "zz.en": "English"}')
    (tmp_path / "de.json").write_text('{"zz.late": "spät"}')
    assert not before.has("zz.late")
    engine.words.add_catalogue(tmp_path)
    engine.words.add_catalogue(tmp_path)
    assert engine.words.catalogue_folders().count(tmp_path) == 1
    assert before.t("zz.late") == "spät" and before.t("zz.en") == "English"  # English fills in
    assert Words("en").t("zz.late") == "late" and before.t("clause.pass") == Words("de").t(
        "clause.pass"
    )


def test_the_tables_words_module_examples():
    import doctest

    result = doctest.testmod(table_words)
    assert result.attempted and not result.failed


WEB_MODULES = sorted(p for p in (ROOT / "web").glob("*.py") if p.name != "words.py")


def test_the_tables_modules_take_words_from_web_words():
    """A module of web/ that words anything takes Words (and languages) from web/words.py,
    which adds the table's catalogue; from engine it would miss the table's keys whenever it
    is imported first."""
    users = []
    for path in WEB_MODULES:
        text = path.read_text(encoding="utf-8")
        code = re.sub(r'"""[\s\S]*?"""|#.*', "", text)  # not docstrings, not comments
        assert not re.search(
            r"from engine(\.words)? import [^\n]*\b(Words|languages)\b|"
            r"from engine(\.words)? import \([^)]*\b(Words|languages)\b",
            code,
        ), f"web/{path.name}: take Words and languages from words (web/words.py), not engine"
        if re.search(r"\b(Words|languages)\b", code):
            assert re.search(r"^from words import ", code, re.MULTILINE), path.name
            users.append(path.stem)
    assert {"presenter", "movelog", "app"} <= set(users)
    # Each of them, imported alone, has the table's words (app.py needs the browser's pyscript).
    for module in sorted(set(users) - {"app"}):
        check = (
            f"import sys; sys.path.insert(0, 'web'); import {module}; "
            "from engine.words import Words; print(Words('de').t('new.title'))"
        )
        out = subprocess.run(
            [sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True
        )
        assert out.returncode == 0, f"{module}: {out.stderr[-2000:]}"
        assert out.stdout.strip() == _file(WEB_MESSAGES, "de")["new.title"], module


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
                for clause, en_clause in zip(
                    ours.get("clauses", ()), theirs.get("clauses", ()), strict=True
                ):
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
    params = {
        "value": "'x'",
        "player": 0,
        "other": 1,
        "kinds": "play",
        "field": "stone",
        "kind": "play",
        "fields": "'x'",
        "step": "play",
        "expected": "claim",
        "card": "R7",
        "stone": 3,
        "deck": "clan",
        "played": 2,
        "opponent_played": 1,
        "owner": 1,
        "capacity": 3,
        "mode": "MudFight",
        "target": "B5",
        "to": 4,
        "message": "?",
        "proof": {"ok": False, "why": "incomplete", "stone": 3, "have": 2, "need": 3, "mud": False},
    }
    for code in sorted(_engine_error_codes()):
        ours, theirs = w.error(code, params), en.error(code, params)
        assert "{" not in ours and ours != theirs, code
        checked += 1
    assert checked > 30


def test_german_uses_the_pegasus_names_not_ielos():
    """The German table names cards and formations as the Pegasus rulebook does."""
    de = _raw("de")
    pegasus = {
        "card.Joker": "Trickser",
        "card.Spy": "Spionin",
        "card.ShieldBearer": "Schildträger",
        "card.BlindMansBluff": "Blinde Kuh",
        "card.MudFight": "Schlammschlacht",
        "card.Recruiter": "Einberufung",
        "card.Strategist": "Strategischer Schachzug",
        "card.Banshee": "Banshee-Beschwörung",
        "card.Traitor": "Verrat",
        "deck.clan": "Clanstapel",
        "deck.tactic": "Taktikstapel",
    }
    for key, name in pegasus.items():
        assert de[key] == name
    for key, name in {
        "color_run": "Königstrupp",
        "kind": "Dreierspitze",
        "color": "Farbwall",
        "run": "Bunter Trupp",
        "sum": "Wilde Horde",
    }.items():
        assert de[f"formation.{key}"].startswith(name)
    ielo = re.compile(
        r"Color-Run|Three of a Kind|\bColor\b|\bRun\b|Shield-Bearer|Blind-Man|"
        r"Mud Fight|Recruiter|Strategist|\bSpy\b|Traitor|\bstone\b|\bdeck\b"
    )
    for key, entry in de.items():
        if key.startswith("@"):
            continue
        for text in _forms(entry).values():
            words = re.sub(r"\{[^}]*\}|'[^']*'", "", text)  # parameters and data codes ('R7')
            assert not ielo.search(words), f"de.json {key!r}: {text!r}"


# ------------------------------------------------------------------ a third language


def test_the_pages_language_list_matches_the_catalogues():
    """web/js/words.js offers exactly the languages there are catalogues for, by their own
    names, each with a rules page that exists."""
    text = (ROOT / "web" / "js" / "words.js").read_text(encoding="utf-8")
    block = re.search(r"export const LANGUAGES = \{(.*?)\n\};", text, re.DOTALL).group(1)
    offered = dict(re.findall(r'^\s*(\w+): \{ name: "([^"]+)"', block, re.MULTILINE))
    assert sorted(offered) == languages(), (
        "add the new language to LANGUAGES in web/js/words.js (code, name, label, rules page)"
    )
    for lang, name in offered.items():
        assert _raw(lang)["@language"] == name
    for page in re.findall(r'rules: "\./([\w.-]+)"', block):
        assert (ROOT / "web" / page).is_file(), page


def test_a_third_language_is_one_more_file(tmp_path, monkeypatch):
    """Copy the catalogues and add one (a file in each folder): Python lists it, words it, and
    falls back to English for a key it lacks; the table's session accepts it as its language."""
    ours, table = tmp_path / "engine", tmp_path / "web"
    shutil.copytree(MESSAGES, ours)
    shutil.copytree(WEB_MESSAGES, table)
    for folder, source in ((ours, MESSAGES), (table, WEB_MESSAGES)):
        xx = {k: v for k, v in _file(source, "de").items() if k != "stone.plain"}
        (folder / "xx.json").write_text(json.dumps({**xx, "@language": "Test"}), encoding="utf-8")
    monkeypatch.setattr(engine.words, "MESSAGES", ours)
    monkeypatch.setattr(engine.words, "_added", [table])
    monkeypatch.setattr(engine.words, "_catalogues", {})
    assert "xx" in languages()
    w = Words("xx")
    assert w.t("clause.play", card="R7", stone=0) == "spielt Rot 7 an Stein 1"
    assert w.t("stone.plain", n=3) == EN["stone.plain"].replace("{n}", "3")  # English fills in
    from session import Session

    s = Session()
    s.new_game({"opponent": "human", "seed": 5})
    s.set_option("lang", "xx")
    assert s.payload(None)["log"][0]["text"].startswith("Neues Spiel")


def test_german_names_a_drawn_tactic_card_in_apposition_not_in_a_wrong_case():
    """ "ziehst Strategischer Schachzug" needs the accusative; "die Karte Strategischer
    Schachzug" names the card as a title, as German does (and a Schlammschlacht is one word)."""
    de = Words("de", you=0)
    assert de.said("clause.draw.seen", 0, n=1, deck="tactic", cards=["Strategist"]) == (
        "ziehst die Karte Strategischer Schachzug vom Taktikstapel"
    )
    assert de.said("clause.draw.seen", 1, n=2, deck="clan", cards=["R5", "B6"]).startswith(
        "zieht die Karten Rot 5"
    )
    assert de.card("MudFight") == "Schlammschlacht"


def test_german_plays_a_strategist_in_the_accusative():
    """A card played is the verb's object: "spielst Strategischen Schachzug" ({card:acc}, from
    ``card.Strategist:acc``); a name without its own accusative stays as it is, and English
    has no case to change."""
    de, en = Words("de", you=0), Words("en", you=0)
    assert de.said("clause.play", 0, card="Strategist", stone=2) == (
        "spielst Strategischen Schachzug an Stein 3"
    )
    assert de.said("clause.strategist.move", 1, card="Strategist", target="R5", stone=0, to=4) == (
        "spielt Strategischen Schachzug und versetzt Rot 5 von Stein 1 an Stein 5"
    )
    assert de.said("clause.play", 1, card="Joker", stone=0) == "spielt Trickser an Stein 1"
    assert de.said("clause.play", 1, card="Y3", stone=0) == "spielt Gelb 3 an Stein 1"
    assert en.said("clause.play", 0, card="Strategist", stone=2) == "played Strategist on stone 3"


# ------------------------------------------------------------------ French in use


def test_french_uses_the_names_of_iellos_french_rulebook():
    """The French table names cards, formations and the variants as IELLO's 2016 French
    rulebook does (docs/rules.md, "The French edition's names"), and no English name is left."""
    fr = _raw("fr")
    french = {
        "card.Joker": "le Joker",
        "card.Spy": "l'Espion",
        "card.ShieldBearer": "le Porte-Bouclier",
        "card.BlindMansBluff": "le Colin-Maillard",
        "card.MudFight": "le Combat de Boue",
        "card.Recruiter": "le Chasseur de Tête",
        "card.Strategist": "le Stratège",
        "card.Banshee": "la Banshee",
        "card.Traitor": "le Traître",
        "deck.clan": "la pioche Clan",
        "deck.tactic": "la pioche Tactique",
        "colour.P": "mauve",
        "forms.color_run": "Suite couleur",
        "forms.kind": "Brelan",
        "forms.color": "Couleur",
        "forms.run": "Suite",
        "forms.sum": "Somme",
        "new.claims.expert": "Experts",
    }
    for key, name in french.items():
        assert fr[key] == name, key
    english = re.compile(
        r"Color-Run|Three of a Kind|\bColor\b|\bRun\b|Shield-Bearer|Blind-Man|Mud Fight|"
        r"Recruiter|Strategist|\bSpy\b|Traitor|\bstone\b|\bdeck\b|\bclaims?\b|\bthe\b|\byou\b"
    )
    for key, entry in fr.items():
        if key.startswith("@"):
            continue
        for text in _forms(entry).values():
            words = re.sub(r"\{[^}]*\}|'[^']*'", "", text)  # parameters and data codes ('R7')
            assert not english.search(words), f"fr.json {key!r}: {text!r}"


def test_french_says_it_to_the_reader_and_of_the_others():
    """Tutoiement: the reader's verbs agree (X.you); a side is "de ton côté" or "du côté de"
    a name, elided before a vowel; cards carry their article."""
    fr = Words("fr", you=0, computer=1)
    assert fr.said("clause.play", 0, card="R7", stone=2) == "joues le 7 rouge sur la borne 3"
    assert fr.said("clause.play", 1, card="Spy", stone=0) == "joue l'Espion sur la borne 1"
    assert fr.said(
        "clause.banshee", 1, card="Banshee", target="B5", stone=4, other=0, player=1
    ) == ("joue la Banshee et défausse le 5 bleu de ton côté de la borne 5")
    named = Words("fr", names=["Ann", "Hugo"])
    assert named.possessive(0) == "du côté d'Ann" and named.possessive(1) == "du côté d'Hugo"
    assert Words("fr").possessive(0) == "du côté de Sud"
    won = {
        "type": "round_end",
        "round": 2,
        "winner": 0,
        "reason": "five_stones",
        "stones": [5, 2],
        "scores": [5, 2],
    }
    assert narrate([won, {"type": "round_start", "round": 3, "player": 1}], fr)[0]["text"] == (
        "Tu gagnes la manche 2 (5 bornes)\u00a0; bornes 5-2\u00a0; score 5-2."
    )


@pytest.mark.parametrize(
    "key", sorted(k for k in EN if k.startswith(("format.", "error.")) and k != "error.unknown")
)
def test_every_refusal_is_said_in_french(key):
    """Each refusal's key has its own French entry, filled (never the English fall-back)."""
    params = {name: _REFUSAL_PARAMS.get(name, 2) for name in _params(EN[key])}
    english, french = Words("en").t(key, **params), Words("fr").t(key, **params)
    assert key in _raw("fr") and french != english and "{" not in french.replace('{"', ""), (
        key,
        french,
    )
