"""One rule fills the catalogues' entries, in Python (engine/words.py: format_entry) and in the
page (web/js/format.js, run here under Node): the same text for every key of both catalogues
in every language, with the counts and numbers a page shows; and the same plural category and
number text for a wide range of numbers. Either side drifting fails here."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.words import format_entry, languages, number_text, plural_form

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "engine" / "messages", ROOT / "web" / "messages")
PLACEHOLDER = re.compile(r"\{(\w+(?::\w+)?)\}")
COUNTS = (0, 1, 2, 3, 21, 1000, 1234567, 1.5, 0.25, -1)
NUMBERS = (7, 1234.5, 0.0625, 2.0005, -3.25)  # grouping, decimals, rounding half away


def _javascript(cases: list) -> list[str]:
    node = shutil.which("node")
    assert node, "node (v20) runs the page's formatting for this test"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "format_check.mjs")],
        cwd=ROOT,
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _entries(lang: str) -> dict:
    out = {}
    for folder in FOLDERS:
        data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        out.update({k: v for k, v in data.items() if not k.startswith("@")})
    return out


def _cases() -> list:
    """Every key of every language: each count for a plural entry (and none), and its other
    parameters once as text, once as a boolean and once as each kind of number."""
    cases = []
    for lang in languages():
        for _key, entry in sorted(_entries(lang).items()):
            texts = entry.values() if isinstance(entry, dict) else [entry]
            names = sorted({n for t in texts for n in PLACEHOLDER.findall(t)} - {"n"})
            counts = COUNTS if isinstance(entry, dict) or "{n}" in str(entry) else (None,)
            for count in counts:
                for value in ("text", True, *NUMBERS):
                    params = {name: f"‹{name}›" if value == "text" else value for name in names}
                    if count is not None:
                        params["n"] = count
                    cases.append([lang, entry, params])
            if isinstance(entry, dict) and "{n}" not in entry["other"]:
                cases.append([lang, entry, {name: name for name in names}])  # no n: other
    return cases


def test_python_and_javascript_give_every_key_the_same_text():
    cases = _cases()
    assert len(cases) > 10_000
    python = [format_entry(lang, entry, params) for lang, entry, params in cases]
    javascript = _javascript(cases)
    assert len(javascript) == len(python)
    differ = [(c, p, j) for c, p, j in zip(cases, python, javascript, strict=True) if p != j]
    assert not differ, f"{len(differ)} texts differ, e.g. (case, Python, JavaScript): {differ[:5]}"


@pytest.mark.parametrize("lang", languages())
def test_plural_categories_and_numbers_agree_over_a_range(lang):
    numbers = [
        *range(-5, 1105),
        1.0,
        0.5,
        1.5,
        2.5,
        10.75,
        999.9995,
        1e6,
        1e21,
        -0.0004,
        1234.5675,
        0.0005,
        0.0015,
        123456.789,
        1.5e-05,
        -2.5e-07,
        999.9995,
        -0.0,
    ]
    # Every category a language has (French "many": a whole million), so JavaScript's pick
    # shows which one Intl.PluralRules chose.
    entry = {"one": "one {n}", "many": "many {n}", "other": "other {n}"}
    javascript = _javascript([[lang, entry, {"n": n}] for n in numbers])
    python = [f"{plural_form(lang, n)} {number_text(lang, n)}" for n in numbers]
    assert python == javascript


def test_the_rule_in_examples():
    """What both sides give (the first two checked against JavaScript above too)."""
    cases = [
        ["de", {"one": "{n} Stein", "other": "{n} Steine"}, {"n": 1}],
        ["de", {"one": "{n} Stein", "other": "{n} Steine"}, {"n": 1234.5}],
        ["en", {"one": "a card", "other": "cards"}, {}],
        ["en", {"other": "{n} cards"}, {"n": 1}],
        ["en", "{player:pos} turn, {player}", {"player:pos": "your", "player": "you"}],
    ]
    expected = ["1 Stein", "1.234,5 Steine", "cards", "1 cards", "your turn, you"]
    assert [format_entry(*c) for c in cases] == expected
    assert _javascript(cases) == expected


def test_a_missing_parameter_shows_in_the_page_and_fails_in_python():
    assert _javascript([["en", "stone {stone}", {}]]) == ["stone {stone}"]
    with pytest.raises(KeyError):
        format_entry("en", "stone {stone}", {})
