"""The first tap is never lost (web/js/quick.js): a returning visit draws the table from the
last payload the page drew, at once; a card and a stone chosen before Python is ready make
a move that waits, shown on the table, and the engine applies it once Python is ready (or
refuses it, with its words). Reloading then shows the move once: nothing lost, nothing
applied twice.

One first visit (a module fixture) leaves the storage each test returns with. The first test
runs on a page slowed as a tablet's (its main thread 4x: the call takes about 3x as long),
the move chosen and shown pending there.

Python is held back deterministically: the returning visit's page (one for the file's tests,
each a returning visit on it with the first visit's storage) blocks the service worker (so
the page's requests reach the network, where the test sees them) and holds app.py's response
until the test lets it go.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path

import pytest

from tools.table import READY, SAVE_KEY, afresh, board, finish_turn, start_new_game

BOOT_MS = 60_000
DRAWN = SAVE_KEY + ".drawn"
QUICK = 'body[data-quick="1"]'
# The tools that take a click (not inert): their ids.
LIVE_TOOLS = (
    "[...document.querySelectorAll('#tools > *')].filter((e) => !e.inert && e.id).map((e) => e.id)"
)
TOOLS = [
    "btn-new",
    "btn-undo",
    "btn-games",
    "btn-stones",
    "btn-log",
    "btn-rules",
    "btn-learn",
    "btn-sound",
    "btn-keys",
]


def cards_on_table(page) -> int:
    return sum(len(side) for lane in board(page) for side in lane)


def edit_stored(storage: str, url: str, name: str, change) -> None:
    """Change localStorage item ``name`` in a saved storage state: value = change(value)."""
    path = Path(storage)
    state = json.loads(path.read_text())
    origin = next(o for o in state["origins"] if url.startswith(o["origin"]))
    item = next(i for i in origin["localStorage"] if i["name"] == name)
    item["value"] = change(item["value"])
    path.write_text(json.dumps(state))


def first_visit(page, url: str, storage: str):
    """Deal a game against the computer (the player starts) on a first visit; the site's
    localStorage then to ``storage``, as a storage state (Playwright's shape)."""
    afresh(page, url)
    page.goto(url + "index.html?aipause=0")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    start_new_game(page, opponent="ai", starter="0")
    kept = json.loads(page.evaluate(f"localStorage.getItem('{DRAWN}')"))
    assert kept["payload"]["view"]["legal"], "the payload kept has the moves then legal"
    items = page.evaluate("() => Object.entries(localStorage)")
    origin = {
        "origin": page.evaluate("location.origin"),
        "localStorage": [{"name": name, "value": value} for name, value in items],
    }
    Path(storage).write_text(json.dumps({"cookies": [], "origins": [origin]}))


@pytest.fixture(scope="module")
def first_visit_state(shared_page, site_url, tmp_path_factory) -> Path:
    """The storage a first visit left (``first_visit``, on the file's page), made once for the
    file: each test's returning visit starts from a copy of it (a Pyodide boot each saved)."""
    storage = tmp_path_factory.mktemp("quick") / "state.json"
    first_visit(shared_page, site_url, str(storage))
    return storage


@pytest.fixture
def storage(first_visit_state, tmp_path) -> str:
    """This test's copy of the first visit's storage state (a test may edit it)."""
    copy = tmp_path / "state.json"
    shutil.copyfile(first_visit_state, copy)
    return str(copy)


@pytest.fixture
def shared(shared_page):
    """The file's tests share one page (e2e/conftest.py ``shared_page``, its service worker
    blocked), each a returning visit on it (``returning``); nothing is held back after one."""
    yield shared_page
    shared_page.unroute_all(behavior="ignoreErrors")


def returning(page, url: str, storage: str) -> None:
    """The device's storage as the saved storage state ``storage`` holds it (this site's
    localStorage), nothing else (``tools.table.afresh``), as in a context made from it."""
    state = json.loads(Path(storage).read_text())
    origin = next(o for o in state["origins"] if url.startswith(o["origin"]))
    afresh(page, url, {item["name"]: item["value"] for item in origin["localStorage"]})


@pytest.fixture
def tablet(shared):
    """The file's page with its main thread slowed 4x (DevTools' CPU throttling, the tablet
    profile of bench/boot_tablet.py) for one test, as a tablet's page runs."""
    cdp = shared.context.new_cdp_session(shared)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    yield shared
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()


def held_visit(page, url: str, storage: str):
    """A returning visit whose app.py is held back: (page, release)."""
    returning(page, url, storage)
    held = []
    page.route("**/app.py", lambda route: held.append(route))
    page.goto(url + "index.html?aipause=0")
    page.wait_for_selector(QUICK, state="attached", timeout=BOOT_MS)

    def release():
        for route in held:
            with contextlib.suppress(Exception):  # a request of a page reloaded since
                route.continue_()
        held.clear()
        page.unroute("**/app.py")

    return page, release


def test_a_move_made_before_python_is_applied_once(tablet, site_url, storage):
    page, release = held_visit(tablet, site_url, storage)
    assert page.evaluate("document.body.dataset.ready") != "1"
    assert cards_on_table(page) == 0
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    card = page.eval_on_selector("#hand .card.playable", "e => e.dataset.card")
    page.click(f'#hand .card[data-card="{card}"]')
    # the card is selected and its stones offered, from the kept payload's legal moves
    assert page.locator("#hand .card.selected").count() == 1
    assert page.locator(".lane.target").count() == 9
    page.click('#board .lane.target[data-stone="4"] .stone')
    assert page.locator("body.move-pending").count() == 1
    assert page.locator(f'#hand .card.pending[data-card="{card}"]').count() == 1
    assert page.locator('#board .lane.pending[data-stone="4"]').count() == 1
    assert "stone 5" in page.inner_text("#prompt-text")
    # a second move, or a tool, waits too: nothing else is sent meanwhile (New game opens
    # its dialog, and its deal waits too)
    assert page.evaluate(LIVE_TOOLS) == ["btn-new", "btn-learn"]
    assert page.evaluate("document.body.dataset.ready") != "1"
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved, "applied before Python"

    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    page.wait_for_function(
        'document.querySelector(\'#board .lane[data-stone="4"] .side[data-seat="0"] .card\')',
        timeout=BOOT_MS,
    )
    assert board(page)[4][0] == [card]
    assert page.locator("body.move-pending").count() == 0
    assert page.evaluate(LIVE_TOOLS) == [tool for tool in TOOLS]
    # the turn goes on as usual: draw, the computer answers, the game is saved
    finish_turn(page)
    page.wait_for_function(
        "document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking') && "
        "document.querySelectorAll('#board .card').length === 2",
        timeout=BOOT_MS,
    )
    after = board(page)
    assert cards_on_table(page) == 2
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") != saved

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert board(page) == after, "a move lost or applied twice after a reload"


def test_a_page_closed_while_a_move_waits_keeps_the_game_as_it_was(shared, site_url, storage):
    """The page is reloaded (as if closed) while a move chosen before Python waits: the move
    was never half applied. The table comes back as saved, with no move waiting; once Python
    is ready the game is the saved one, and the card can be played again."""
    page, release = held_visit(shared, site_url, storage)
    old = saved_game(page)
    hand_before = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    card = page.eval_on_selector("#hand .card.playable", "e => e.dataset.card")
    page.click(f'#hand .card[data-card="{card}"]')
    page.click('#board .lane.target[data-stone="2"] .stone')
    assert page.locator("body.move-pending").count() == 1

    page.reload()  # app.py is still held back
    page.wait_for_selector(QUICK, state="attached", timeout=BOOT_MS)
    assert page.locator("body.move-pending").count() == 0, "the move outlived its page"
    assert cards_on_table(page) == 0
    assert saved_game(page) == old

    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert cards_on_table(page) == 0 and page.locator("body.move-pending").count() == 0
    assert saved_game(page) == old, "a move of the closed page was applied"
    in_hand = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    assert sorted(in_hand) == sorted(hand_before)
    page.click(f'#hand .card[data-card="{card}"]')
    assert page.locator(".lane.target").count() == 9, "the card is playable again"


def test_the_engine_refuses_a_move_it_does_not_allow(shared, site_url, storage):
    """The kept payload says a card may be played that the engine's game does not hold (as
    if the payload were stale): the move waits, then the engine refuses it in its words and
    it is withdrawn; the game is as saved."""
    foreign = None

    def stale(value: str) -> str:
        nonlocal foreign
        kept = json.loads(value)
        view = kept["payload"]["view"]
        foreign = next(
            f"{c}{v}" for c in "ROYGBP" for v in range(1, 10) if f"{c}{v}" not in view["hand"]
        )
        view["hand"].append(foreign)
        view["legal"].append({"kind": "play", "card": foreign, "stone": 0})
        return json.dumps(kept)

    edit_stored(storage, site_url, DRAWN, stale)

    page, release = held_visit(shared, site_url, storage)
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    page.click(f'#hand .card[data-card="{foreign}"]')
    page.click('#board .lane.target[data-stone="0"] .stone')
    assert page.locator("body.move-pending").count() == 1
    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    toast = page.locator("#toast")
    toast.wait_for(state="visible", timeout=BOOT_MS)
    assert toast.inner_text().strip(), "the engine's refusal is said"
    assert cards_on_table(page) == 0
    in_hand = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")
    assert foreign not in in_hand
    assert page.locator("body.move-pending").count() == 0
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved


def test_no_early_table_for_a_save_changed_since(shared, site_url, storage):
    """The kept payload belongs to another save (another tab played on): no early table,
    Python starts the page as usual."""
    edit_stored(storage, site_url, SAVE_KEY, lambda v: v.replace('"version"', ' "version"', 1))
    page = shared
    returning(page, site_url, storage)
    page.goto(site_url + "index.html?aipause=0")
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert page.evaluate("document.body.dataset.quick ?? null") is None


def saved_game(page) -> dict:
    """The saved game without the stamp of the tab that wrote it."""
    data = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    return {k: v for k, v in data.items() if k not in ("tab", "generation", "at")}


def test_a_new_game_chosen_before_python_is_dealt_once_across_a_reload(
    shared, site_url, storage, screenshot
):
    """On a returning visit's table before Python: New game opens its dialog at once, the
    choices are made and Deal pressed; the deal waits, said in the dialog ("dealing…"). A
    reload meanwhile puts the dialog back up with the choices and the deal still waiting;
    once Python is ready the game is dealt with them, once: another reload shows the same
    game, and no dialog."""
    page, release = held_visit(shared, site_url, storage)
    old = saved_game(page)
    page.click("#btn-new")
    assert page.locator("#dlg-new").is_visible()
    page.check('#dlg-new input[name="opponent"][value="human"]')
    page.check('#dlg-new input[name="tactics"][value="on"]')
    page.fill("#dlg-new input[name=name_0]", "Ada")
    page.keyboard.press("Tab")
    page.focus("#new-start")
    page.keyboard.press("Enter")  # the keyboard as the mouse
    note = page.locator("#new-note")
    assert note.inner_text() == "The cards are dealt as soon as the game has loaded…"
    start = page.locator("#new-start")
    assert start.inner_text() == "Dealing…" and start.get_attribute("aria-disabled") == "true"
    assert page.evaluate("document.activeElement.id") == "new-start"  # the focus stays
    page.keyboard.press("Enter")  # a second press deals no second game
    assert page.evaluate("document.body.dataset.ready") != "1"
    assert saved_game(page) == old, "dealt before Python"
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        screenshot(page, f"quick-new-game-waiting-{width}")

    page.reload()  # app.py is still held back
    page.wait_for_selector('body[data-pending="deal"]', state="attached", timeout=BOOT_MS)
    assert page.locator("#dlg-new").is_visible()
    assert note.inner_text() == "The cards are dealt as soon as the game has loaded…"
    assert page.is_checked('#dlg-new input[name="opponent"][value="human"]')
    assert page.is_checked('#dlg-new input[name="tactics"][value="on"]')
    assert page.input_value("#dlg-new input[name=name_0]") == "Ada"
    assert saved_game(page) == old

    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    page.wait_for_selector("#dlg-new", state="hidden", timeout=BOOT_MS)
    assert page.evaluate("document.body.dataset.mode") == "human"
    dealt = saved_game(page)
    assert dealt != old and dealt["record"]["rules"]["tactics"] is True
    assert dealt["settings"]["names"][0] == "Ada"
    assert page.locator("body[data-pending]").count() == 0
    # the dialog as usual again (its Deal no longer waiting)
    assert page.evaluate("document.getElementById('new-start').textContent") == "Deal"
    assert page.get_attribute("#new-start", "aria-disabled") is None

    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert saved_game(page) == dealt, "dealt twice"
    assert page.locator("#dlg-new").is_hidden()


def test_cancel_withdraws_a_deal_waiting_for_python_before_and_after_a_reload(
    shared, site_url, storage
):
    """The dialog closed while its deal waits (Escape): the deal is withdrawn. Dealt again,
    and the page reloaded while the deal waits: the dialog is back up over the saved game,
    with its Cancel; pressed, the deal is withdrawn and the game's table drawn before
    Python. Once Python is ready that game goes on, nothing dealt."""
    page, release = held_visit(shared, site_url, storage)
    old, cards = saved_game(page), cards_on_table(page)
    page.click("#btn-new")
    page.click("#new-start")
    assert page.locator('body[data-pending="deal"]').count() == 1
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-new", state="hidden")
    # the dialog's close event comes a moment after: the deal is withdrawn then
    page.wait_for_selector("body:not([data-pending])", state="attached")
    assert page.inner_text("#new-start") == "Deal"
    page.click("#btn-new")
    page.click("#new-start")
    assert page.locator('body[data-pending="deal"]').count() == 1
    page.reload()  # app.py is still held back
    page.wait_for_selector('body[data-pending="deal"]', state="attached", timeout=BOOT_MS)
    cancel = page.locator("#new-cancel")
    assert cancel.is_visible(), "the dialog is over a game: Cancel goes back to it"
    cancel.click()
    page.wait_for_selector("#dlg-new", state="hidden")
    page.wait_for_selector("body:not([data-pending])", state="attached")
    page.wait_for_selector(QUICK, state="attached", timeout=BOOT_MS)
    assert cards_on_table(page) == cards
    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert page.locator("#dlg-new").is_hidden()
    assert saved_game(page) == old and cards_on_table(page) == cards


def test_learn_pressed_before_python_opens_its_dialog_and_lists_the_lessons_once_ready(
    shared, site_url, storage
):
    """The Learn tool on a returning visit's table before Python: its dialog opens at once
    and says the lessons come; once Python is ready it lists them, and one starts. Closed
    before then, nothing opens by itself once Python is ready."""
    page, release = held_visit(shared, site_url, storage)
    page.click("#btn-learn")
    assert page.locator("#dlg-learn").is_visible()
    assert (
        page.inner_text("#learn-intro") == "The lessons are listed as soon as the game has loaded…"
    )
    assert page.locator("#learn-list li").count() == 0
    assert page.locator("#learn-forms").is_hidden()
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-learn", state="hidden")
    page.click("#btn-learn")  # and again: the dialog waits for Python
    assert page.locator("#dlg-learn").is_visible()
    assert page.evaluate("document.body.dataset.ready") != "1"

    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    page.wait_for_selector("#learn-list li", state="attached", timeout=BOOT_MS)
    assert page.locator("#learn-list li").count() == 2
    assert (
        page.inner_text("#learn-intro") != "The lessons are listed as soon as the game has loaded…"
    )
    assert page.locator("#learn-forms").is_visible()
    page.click('#learn-list li[data-lesson="basics"] button')
    page.wait_for_selector("#lesson", state="visible", timeout=BOOT_MS)
    assert page.get_attribute("#lesson", "data-lesson") == "basics"


def test_learn_closed_before_python_stays_closed(shared, site_url, storage):
    page, release = held_visit(shared, site_url, storage)
    old = saved_game(page)
    page.click("#btn-learn")
    assert page.locator("#dlg-learn").is_visible()
    page.click("#dlg-learn .close")
    page.wait_for_selector("#dlg-learn", state="hidden")
    release()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)
    assert page.locator("#dlg-learn").is_hidden() and page.locator("#lesson").is_hidden()
    assert saved_game(page) == old
