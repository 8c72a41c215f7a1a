"""A German player reads only German when the table refuses something: a damaged game record
opened from a link, and saves that cannot be resumed (issue 23). The refusal inside (the
engine's reason an entry cannot be played) is worded in German too, never in English. A record
link nested 5,000 deep is refused by its rule, and the table still answers (issue 29).

A record link is read as a page starts: each of those tests boots a page. The saves that
cannot be resumed share one German table (``shared_page``): the first is met as the page
boots, the others as another tab's save taken over there (the same ``boot`` reads it and
tells why, in the table's language: web/app.py ``save_take_over``)."""

import json
import re
import sys
import urllib.parse
from pathlib import Path

import pytest

from tools.table import SAVE_KEY, hand, open_or_take_over, open_with_save, start_new_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DE = "&lang=de"
# Words of English refusals (the engine's, the table's): none may show on a German table.
# (A field's name in quotes, such as 'stone', is the record's own data, not a word.)
ENGLISH = re.compile(
    r"\b(the|must|not|cannot|could|be|is|saved|game|record|move|"
    r"expected|document|number|played|card)\b",
    re.I,
)


def _record(actions) -> str:
    return json.dumps(
        {
            "format": "schotten-totten/record",
            "version": 1,
            "rules": {"tactics": False},
            "seed": 5,
            "actions": actions,
        }
    )


def _shown(page, selector: str) -> str:
    page.wait_for_selector(selector, state="visible")
    return page.inner_text(selector)


@pytest.mark.parametrize(
    "actions, start",
    [
        # An entry that is no action: a stone 12 (the engine's MalformedAction's words).
        ([{"kind": "play", "card": "R7", "stone": 12}], "Die Spielaufzeichnung lässt sich nicht"),
        # An action the rules forbid at that moment.
        ([{"kind": "claim", "stone": 0}], "Die Spielaufzeichnung lässt sich nicht"),
    ],
    ids=["malformed", "illegal"],
)
def test_a_damaged_record_is_refused_in_german(page, site_url, actions, start):
    link = "#record=" + urllib.parse.quote(_record(actions))
    open_with_save(page, site_url, None, DE + link)
    text = _shown(page, "#toast")
    assert text.startswith(start), text
    assert not ENGLISH.search(text), text
    assert not page.locator("#replay-bar").is_visible()  # nothing opened


def test_a_record_link_nested_5000_deep_is_refused_and_the_table_still_answers(page, site_url):
    """JSON nested 5,000 deep overflowed Pyodide's C stack before Python's RecursionError: the
    page's Python died and nothing answered. The record is refused by the rule it breaks,
    before it is parsed, and a new game can be dealt after it."""
    deep = _record([]).replace('"actions": []', '"actions": ' + "[" * 5000 + "]" * 5000)
    open_with_save(page, site_url, None, DE + "#record=" + urllib.parse.quote(deep))
    text = _shown(page, "#toast")
    assert text.startswith("Nicht geöffnet: Eine Spielaufzeichnung ist höchstens 16 Ebenen"), text
    assert not ENGLISH.search(text), text
    assert not page.locator("#replay-bar").is_visible()
    start_new_game(page, opponent="ai")
    assert len(hand(page)) == 6


SAVES = {
    "not_a_save": json.dumps({"format": "something/else", "version": 1}),
    "other_version": json.dumps({"format": "schotten-totten/save", "version": 7}),
    "unreadable": "{this is not data",
}


BROKEN = "k => Object.keys(localStorage).filter(x => x.startsWith(k + '.broken'))"


def _open_unresumable(page, site_url, text: str) -> None:
    """The German table with ``text`` as the stored save: booted with it the first time,
    then taken over (the saves an earlier test kept aside are cleared first)."""
    if page.url.startswith(site_url):
        page.evaluate(f"k => ({BROKEN})(k).forEach((x) => localStorage.removeItem(x))", SAVE_KEY)
    open_or_take_over(page, site_url, text, DE)


def _close_message(page) -> None:
    """The message closed, the page left for the next test (the new game dealt under it)."""
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-message", state="hidden")


@pytest.mark.parametrize("kind", sorted(SAVES))
def test_a_save_that_cannot_be_resumed_is_explained_in_german(shared_page, site_url, kind):
    page = shared_page
    _open_unresumable(page, site_url, SAVES[kind])
    assert _shown(page, "#message-title") == "Gespeichertes Spiel nicht fortgesetzt"
    text = page.inner_text("#message-text")
    assert text.startswith("Dein gespeichertes Spiel konnte nicht fortgesetzt werden"), text
    assert "beiseitegelegt" in text and not ENGLISH.search(text), text
    kept = page.evaluate(BROKEN, SAVE_KEY)
    assert len(kept) == 1
    _close_message(page)


def test_a_damaged_position_in_a_save_is_explained_in_german(shared_page, site_url):
    page = shared_page
    damaged = json.dumps(
        {
            "format": "schotten-totten/save",
            "version": 1,
            "position": {
                "format": "schotten-totten/position",
                "version": 1,
                "hands": [["R1", "R1"], []],
            },
        }
    )
    _open_unresumable(page, site_url, damaged)
    text = _shown(page, "#message-text")
    assert text.startswith("Dein gespeichertes Spiel konnte nicht fortgesetzt werden"), text
    assert not ENGLISH.search(text), text
    _close_message(page)
