"""A first visit shows the table and the first-visit choices before Python is ready (web/js/
early.js, written into the page by the build): the welcome and the new-game options work
while Python loads, and the choice made meanwhile is applied when it is ready, without a
second click. Python is held back by holding app.py's request until the test lets it go. The
tests share one page, each a first visit on it."""

import contextlib
import json
from pathlib import Path

import pytest

from tools.table import SAVE_KEY, afresh

ROOT = Path(__file__).resolve().parent.parent

READY = 'body[data-ready="1"]'


@pytest.fixture
def page(shared_page, site_url):
    """The file's tests share one page (e2e/conftest.py ``shared_page``): each starts as a
    first visit (``tools.table.afresh``: nothing stored), and ends with nothing held back."""
    afresh(shared_page, site_url)
    yield shared_page
    shared_page.unroute_all(behavior="ignoreErrors")


@pytest.fixture
def held(page):
    """Holds the request for app.py; call the returned function to let it through."""
    routes = []
    page.route("**/app.py", lambda route: routes.append(route))

    def release():
        page.wait_for_function("() => true")
        for route in routes:
            route.continue_()
        page.unroute("**/app.py")

    return release


def let_go(held):
    """Let the held requests for app.py through (a reloaded page's first one is gone)."""
    for route in held:
        with contextlib.suppress(Exception):
            route.continue_()


def open_early(page, site_url):
    page.goto(site_url + "index.html?aipause=40")
    page.wait_for_selector('body[data-early="1"]', state="attached")
    assert page.evaluate("document.body.dataset.ready") is None  # Python is not there yet
    assert page.locator("#dlg-new").is_visible()
    assert page.locator("#new-welcome").is_visible()
    assert page.locator("#board .lane").count() == 9


def test_a_game_chosen_while_python_loads_is_dealt_when_ready(page, site_url, held, screenshot):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_early(page, site_url)
    screenshot(page, "first-paint-welcome")
    page.click("#welcome-friend")
    page.check('#dlg-new input[name="tactics"][value="on"]')
    page.click("#new-start")
    assert page.inner_text("#new-note") == "The cards are dealt as soon as the game has loaded…"
    page.keyboard.press("Escape")  # the dialog stays until Python is there
    assert page.locator("#dlg-new").is_visible()
    held()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector("#dlg-new", state="hidden")
    assert page.evaluate("document.body.dataset.mode") == "human"
    rules = page.evaluate("JSON.parse(window.stCall('state', 'null')).view.rules")
    assert rules["tactics"] is True


def test_no_choice_keeps_the_dialog_for_when_python_is_ready(page, site_url, held):
    open_early(page, site_url)
    held()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.locator("#dlg-new").is_visible()
    assert page.locator("#new-cancel").is_visible()  # a game is dealt behind it now
    page.click("#welcome-ai")
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    assert page.evaluate("document.body.dataset.mode") == "ai"


def test_the_choices_need_no_script_file_and_speak_the_page_language(page, site_url):
    """The first paint comes from the page alone: with every script file and the catalogue
    held back, the table and the welcome are up, in German for ?lang=de, and a choice waits."""
    held = []
    for pattern in ("**/*.js", "**/*.mjs", "**/messages/*.json"):  # both catalogues
        page.route(pattern, lambda route: held.append(route))
    page.goto(site_url + "index.html?lang=de", wait_until="commit")  # "load" never comes
    page.wait_for_selector('body[data-early="1"]', state="attached")
    assert page.locator("#dlg-new").is_visible() and page.locator("#board .lane").count() == 9
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.locator("#welcome-title").inner_text() == "Willkommen bei Schotten Totten"
    assert page.locator("#welcome-learn-label").inner_text() == "Spielen lernen"
    assert page.evaluate("document.title").startswith("Schotten Totten")
    page.keyboard.press("Escape")  # no game behind the dialog: it stays
    assert page.locator("#dlg-new").is_visible()
    page.click("#welcome-learn")
    assert "sobald" in page.locator("#new-note").inner_text()  # "... as soon as it has loaded"
    assert page.locator("#new-start").is_disabled()
    assert page.evaluate("window.stEarly.pending") == "learn"
    assert held  # the scripts were asked for, and none of them ran
    assert page.evaluate("typeof window.stCall") == "undefined"


def test_the_dialog_says_how_strong_each_level_is(page, site_url, held):
    """The level's words in the dialog before Python, from the first paint on. Pyodide's
    WebAssembly is held back too (never let through): nothing here needs Python, and
    compiling it is most of a page boot's work."""
    wasm = []
    page.route("**/pyodide.asm.wasm", lambda route: wasm.append(route))
    words = json.loads((ROOT / "web" / "messages" / "en.json").read_text("utf-8"))
    open_early(page, site_url)
    about = page.locator("#level-about")
    assert about.inner_text() == words["new.about.easy"]  # the page's own first paint
    page.wait_for_function("() => window.stEarly.wired === true")  # the dialog's scripts
    page.click("#welcome-ai")
    for level in ("hard", "medium", "easy"):
        page.check(f'#dlg-new input[name="ai_level"][value="{level}"]')
        assert about.inner_text() == words[f"new.about.{level}"]
    page.check('#dlg-new input[name="opponent"][value="human"]')
    assert about.is_hidden() and page.locator("#level-set").is_hidden()
    held()


def test_a_deal_chosen_while_python_loads_survives_a_reload_and_is_made_once(page, site_url):
    """Deal pressed before Python, then the page reloaded before Python is ready: the
    dialog is back with the choices and the deal still waiting, and it is made once."""
    held = []
    page.route("**/app.py", lambda route: held.append(route))
    open_early(page, site_url)
    page.click("#welcome-ai")
    page.check('#dlg-new input[name="tactics"][value="on"]')
    page.check('#dlg-new input[name="ai_level"][value="medium"]')
    page.click("#new-start")
    page.reload()
    page.wait_for_selector('body[data-pending="deal"]', state="attached")
    assert page.inner_text("#new-note") == "The cards are dealt as soon as the game has loaded…"
    assert page.is_checked('#dlg-new input[name="tactics"][value="on"]')
    assert page.is_checked('#dlg-new input[name="ai_level"][value="medium"]')
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    page.unroute("**/app.py")
    let_go(held)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector("#dlg-new", state="hidden")
    state = page.evaluate("JSON.parse(window.stCall('state', 'null'))")
    assert state["view"]["rules"]["tactics"] is True
    assert state["settings"]["ai_level"] == "medium"
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.locator("#dlg-new").is_hidden()
    after = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    assert json.loads(after)["record"] == json.loads(saved)["record"], "dealt twice"


def test_learn_chosen_while_python_loads_shows_the_first_lesson_at_once(page, site_url, screenshot):
    """Learn to play before Python: the first lesson's first screen at once (the payload the
    build's Python made), its card and stone chosen with the keyboard; the move waits. A
    reload meanwhile shows the screen again (the move, never sent, is not kept); the move
    made again is applied by the engine once Python is ready, once (and the lesson goes on
    there: no new-game dialog)."""
    held = []
    page.route("**/app.py", lambda route: held.append(route))
    open_early(page, site_url)
    page.click("#welcome-learn")
    assert page.inner_text("#new-note") == "The lesson starts as soon as the game has loaded…"
    page.wait_for_selector('body[data-lesson-early="1"]', state="attached")
    assert page.evaluate("document.body.dataset.ready") is None
    assert page.locator("#dlg-new").is_hidden()
    lesson = page.locator('#lesson[data-lesson="basics"][data-step="0"]')
    assert lesson.is_visible()
    assert "Red 9" in page.inner_text("#lesson-text")
    assert page.locator('#hand .card.lesson-focus[data-card="R9"]').count() == 1
    assert page.locator('#board .lane.lesson-focus[data-stone="4"]').count() == 1
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        screenshot(page, f"first-lesson-early-{width}")
    page.click('#hand .card[data-card="R9"]')
    page.click('#board .lane.target[data-stone="4"] .stone')
    assert page.locator("body.move-pending").count() == 1

    page.reload()
    page.wait_for_selector('body[data-lesson-early="1"]', state="attached")
    assert lesson.is_visible()
    assert page.locator("body.move-pending").count() == 0
    page.focus('#hand .card[data-card="R9"]')
    page.keyboard.press("Enter")
    assert page.locator("#hand .card.selected").count() == 1
    page.focus('#board .lane[data-stone="4"] .stone')
    page.keyboard.press("Enter")
    assert page.locator("body.move-pending").count() == 1
    assert "Red 9 on stone 5" in page.inner_text("#prompt-text")

    page.unroute("**/app.py")
    let_go(held)
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector(
        '#lesson[data-lesson="basics"][data-step="0"][data-state="done"]', timeout=60_000
    )
    assert page.locator("#dlg-new").is_hidden()
    mine = page.eval_on_selector_all(
        '#board .lane[data-stone="4"] .card[data-seat="0"]', "els => els.map(e => e.dataset.card)"
    )
    assert mine == ["R9"]
    assert page.locator("body.move-pending").count() == 0
    page.reload()  # the lesson left open goes on from its next step: the step done once
    page.wait_for_selector('#lesson[data-lesson="basics"][data-step="1"]', timeout=60_000)
