"""Saves that lose nothing, in the browser: two tabs on one saved game are told apart and the
player chooses (take over here / keep playing here); a full storage is said and the game goes
on; a save that cannot be resumed is kept aside and the player told (web/saves.py, js/saves.js).
"""

from __future__ import annotations

import json

import pytest

from engine import Rules, new_game, position_to_json
from tools.table import (
    BOOT_MS,
    QUERY,
    READY,
    SAVE_KEY,
    Driver,
    board,
    body,
    play_turn,
    save_text,
    visit,
)


@pytest.fixture
def page(shared_page):
    """The file's tests share one page (e2e/conftest.py ``shared_page``), each opening its
    table afresh with ``tools.table.visit``; a second tab is a page of its context."""
    return shared_page


@pytest.fixture
def context(shared_page):
    return shared_page.context


DIALOG = "#dlg-save-conflict[open]"
# A dealt game against the computer: six cards in hand.
GAME = save_text(position_to_json(new_game(Rules(), seed=5)), opponent="ai")
# Only the held-back write may tell this tab: the browser's storage event never reaches it.
DEAF = "addEventListener('storage', (e) => e.stopImmediatePropagation(), true);"


def open_second_tab(context, site_url, script: str | None = None):
    """Another tab of the same page (same origin: the same localStorage), on the saved game."""
    tab = context.new_page()
    if script:
        tab.add_init_script(script)
    tab.goto(site_url + "index.html" + QUERY)
    tab.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    return tab


def stored(page) -> dict:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}'))")


def test_two_tabs_on_one_game_ask_which_game_to_play(page, context, site_url, screenshot):
    """Two tabs on one game: each hears of the other's turn and asks which game to play. Then
    a third tab that hears nothing (``a_move_in_a_tab_that_missed_the_news_is_held_back``)."""
    visit(page, site_url, GAME)
    other = open_second_tab(context, site_url)
    assert board(other) == board(page)

    # This tab plays a turn (and the computer answers): the other tab is told at once.
    play_turn(page)
    other.wait_for_selector(DIALOG)
    text = other.inner_text("#dlg-save-conflict")
    assert "continued in another tab or window" in text
    assert "Take over here" in text and "Keep playing here" in text
    # It says which game is further on, and its default is the choice that keeps that one
    # (the focus on Take over: Keep playing here would overwrite the newer game).
    assert "The game saved there is further on" in other.inner_text("#save-conflict-which")
    assert other.evaluate("() => document.activeElement.id") == "save-take-over"
    screenshot(other, "save-conflict")
    # Escape is no answer: the player must choose.
    other.keyboard.press("Escape")
    assert other.locator(DIALOG).count() == 1
    # Take over here: the other tab now shows this tab's game, and plays on from it.
    other.click("#save-take-over")
    assert other.locator(DIALOG).count() == 0
    assert board(other) == board(page)
    assert body(other, "toMove") == "0"
    play_turn(other)
    assert board(other) != board(page)

    # Now this tab is behind: it keeps playing here, and its game is the one saved.
    page.wait_for_selector(DIALOG)
    mine = board(page)
    page.click("#save-keep")
    assert page.locator(DIALOG).count() == 0
    assert board(page) == mine
    tab = stored(page)["tab"]
    # ... which the other tab hears of, and can take over in turn.
    other.wait_for_selector(DIALOG)
    other.click("#save-take-over")
    assert board(other) == mine
    assert stored(other)["tab"] == tab  # taking over writes nothing
    other.close()
    a_move_in_a_tab_that_missed_the_news_is_held_back(page, context, site_url)


def a_move_in_a_tab_that_missed_the_news_is_held_back(page, context, site_url) -> None:
    """A tab that never heard of ``page``'s turn (its storage events lost) moves on the game
    as it was: its save is held back, and the question comes. ``page`` holds the saved game,
    its player to move."""
    deaf = open_second_tab(context, site_url, DEAF)
    play_turn(page)
    saved = stored(page)
    # The deaf tab moves on its old game: its save is held back and the question comes.
    Driver(deaf, seed=3).step()  # a card on a stone
    deaf.wait_for_selector(DIALOG)
    assert stored(deaf) == saved  # the other tab's game is not lost
    deaf.click("#save-take-over")
    # A computer's move under way in the deaf tab lands first (its save held back too); then
    # the game is taken over and the question, asked again by that move, is answered.
    deaf.wait_for_function(
        "() => !document.body.classList.contains('ai-thinking') && "
        "!document.querySelector('#dlg-save-conflict[open]')"
    )
    assert board(deaf) == board(page)
    assert stored(deaf) == saved
    deaf.close()


def test_a_full_storage_is_said_and_the_game_goes_on(page, site_url):
    # The browser's storage is full for the save (as Chromium says it: QuotaExceededError).
    # (From here on in the shared page: inert while window.__full is not set.)
    page.add_init_script(f"""(() => {{
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {{
        if (window.__full && key === {json.dumps(SAVE_KEY)})
          throw new DOMException("Setting the value of '" + key + "' exceeded the quota.",
                                 "QuotaExceededError");
        return set.call(this, key, value);
      }};
    }})();""")
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    visit(page, site_url, GAME)
    before = stored(page)
    page.evaluate("window.__full = true")
    play_turn(page)
    # Said in the toast (which may have gone again by the end of the computer's turn).
    assert "storage is full" in page.text_content("#toast")
    assert "The computer" in page.inner_text("#log")  # the game went on: it answered
    assert stored(page) == before
    # Room again: the next move is saved.
    page.evaluate("window.__full = false")
    play_turn(page)
    assert stored(page)["position"] != before["position"]
    assert errors == []


def test_a_save_that_cannot_be_resumed_is_kept_aside(page, site_url):
    broken = '{"format": "schotten-totten/save", "version": 1, "position": {"hands": 3'
    visit(page, site_url, broken)
    page.wait_for_selector("#dlg-message[open]")
    text = page.inner_text("#dlg-message")
    assert "could not be resumed" in text and "kept aside" in text
    kept = page.evaluate(f"""() => Object.keys(localStorage)
        .filter((k) => k.startsWith({json.dumps(SAVE_KEY + ".broken.")}))
        .map((k) => localStorage.getItem(k))""")
    assert kept == [broken]
