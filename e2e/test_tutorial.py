"""Learn to play in Chromium, clicked through as a new player would: the welcome of a first
visit, the whole first lesson (a missed step tried again included) and the tactic lesson;
leaving a lesson gives the game in progress back, and a lesson resumes at its step (after a
reload too). Screenshots of a lesson step at phone and desktop sizes. The first visits (in
English and German) also look at the welcome with the phone on its side and upright. The
tests share one page, each opening the table afresh on the device as it needs it (``visit``)."""

import json

import pytest

from tools import table
from tools.table import (
    BOOT_MS,
    READY,
    SAVE_KEY,
    at_rest,
    board,
    body,
    hand,
    pick_on_table,
    play_card,
    position,
    save_text,
)

LESSON = "#lesson"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LESSONS_KEY = SAVE_KEY + ".lesson"  # the lessons' progress (web/lesson_progress.py)


@pytest.fixture
def page(shared_page):
    """The file's tests share one page (e2e/conftest.py ``shared_page``): each opens the table
    afresh with ``visit``, a navigation in a page that has booted before, which costs well
    under a new page's boot (the browser keeps what it compiled)."""
    return shared_page


def visit(page, site_url, save=None, query="", lessons=None, size=None, address=None):
    """The table opened afresh (``tools.table.visit``), ``lessons`` as the lessons' progress
    (a dict) on the device; ``address`` (with its own query) instead of index.html."""
    stored = {LESSONS_KEY: json.dumps(lessons)} if lessons is not None else {}
    if address is None:
        table.visit(page, site_url, save, query, stored=stored, size=size)
        return
    table.afresh(page, site_url, stored, size=size)
    page.goto(site_url + address)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_MS)


def lesson_at(page, step: int, state: str = "todo", lesson: str = "basics"):
    """Wait until the lesson's panel shows ``step`` (0-based) in ``state``."""
    page.wait_for_selector(
        f'{LESSON}[data-lesson="{lesson}"][data-step="{step}"][data-state="{state}"]',
        state="visible",
        timeout=30_000,
    )


def next_step(page, step: int, lesson: str = "basics"):
    """Press Next (it waits for the computer's reply) and wait for the next step."""
    page.click("#lesson-next")
    lesson_at(page, step, lesson=lesson)


def claim(page, stone: int):
    page.click(f'#board .lane.claimable[data-stone="{stone}"] .stone')


# Each welcome choice's box against the dialog's and the sticky Deal/Cancel row's.
CHOICES_SHOWN = """() => {
  const d = document.querySelector('#dlg-new').getBoundingClientRect();
  const row = document.querySelector('#dlg-new .dlg-buttons.sticky').getBoundingClientRect();
  return [...document.querySelectorAll('.welcome-choices button')].map((b) => {
    const r = b.getBoundingClientRect();
    return [b.id, r.top >= d.top && r.bottom <= row.top + 1 && r.right <= d.right];
  });
}"""


SIDEWAYS = {"width": 844, "height": 390}


def welcome_shows_its_four_choices(page, lang: str, screenshot) -> None:
    """A first visit (opened at ``SIDEWAYS``), the phone on its side or upright: the
    welcome's four choices all show above Deal, none scrolled out of the dialog (one page,
    turned and resized). It ends upright, at ``PHONE``'s size."""
    page.wait_for_selector("#new-welcome", state="visible")
    for width, height in [(844, 390), (740, 360), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        at_rest(page)
        screenshot(page, f"welcome-{width}x{height}-{lang}")
        shown = page.evaluate(CHOICES_SHOWN)
        assert len(shown) == 4 and all(ok for _id, ok in shown), (width, height, shown)
    assert page.viewport_size == PHONE


def test_a_new_player_learns_both_lessons(page, site_url, screenshot):
    visit(page, site_url, size=SIDEWAYS)
    welcome_shows_its_four_choices(page, "en", screenshot)
    # A first visit: the welcome's three choices, over the new-game options.
    assert page.locator("#dlg-new").is_visible()
    for sel, text in (
        ("#welcome-learn", "Learn to play"),
        ("#welcome-ai", "Play the computer"),
        ("#welcome-friend", "Play a friend on this device"),
    ):
        assert text in page.inner_text(sel)
    screenshot(page, "tutorial-welcome-390")
    before = (board(page), sorted(hand(page)))
    page.click("#welcome-learn")
    page.wait_for_selector("#dlg-new", state="hidden")
    lesson_at(page, 0)
    # On a phone the Formations and Hint buttons show their words under their icons.
    for label, word in (("#lesson-forms-label", "Formations"), ("#btn-hint .hint-label", "Hint")):
        assert page.locator(label).is_visible() and page.inner_text(label) == word, label
    assert "Choose Red 9, then stone 5" in page.inner_text("#lesson-text")
    assert page.inner_text("#lesson-count") == "Step 1 of 9"
    # What to do is pointed at: the card, then the stone.
    assert (
        hand(page)[0]
        and page.locator("#hand .card.lesson-focus").get_attribute("data-card") == "R9"
    )
    assert page.locator("#board .lane.lesson-focus").get_attribute("data-stone") == "4"
    screenshot(page, "tutorial-step-390")

    # (a) Play a card.
    play_card(page, "R9", 4)
    lesson_at(page, 0, "done")
    assert "That is a turn" in page.inner_text("#lesson-result")
    next_step(page, 1)
    # (b) The five formations, strongest first, with the edition's names.
    page.wait_for_selector("#dlg-forms", state="visible")
    names = page.eval_on_selector_all("#forms-list li b", "els => els.map(e => e.textContent)")
    assert names == ["Color-Run", "Three of a Kind", "Color", "Run", "Sum"]
    assert page.locator("#forms-list .card").count() == 15
    screenshot(page, "tutorial-formations-390")
    page.click("#forms-close")
    # A weaker formation first: the step is missed and tried again from its position.
    play_card(page, "R9", 2)
    lesson_at(page, 1, "missed")
    assert "weaker formation" in page.inner_text("#lesson-result")
    page.click("#lesson-retry")
    lesson_at(page, 1)
    assert page.locator("#dlg-forms").is_hidden(), "shown once per step"
    assert "R9" in hand(page) and board(page)[2][0] == ["R4", "R5"]
    play_card(page, "R6", 2)
    lesson_at(page, 1, "done")
    next_step(page, 2)
    # (c) Completing a side, then claiming against a complete side.
    play_card(page, "P4", 5)
    claim(page, 5)
    lesson_at(page, 2, "done")
    assert page.locator('#board .stone[data-stone="5"][data-owner="0"]').count() == 1
    next_step(page, 3)
    # (d) A claim proved against an incomplete side.
    play_card(page, "R7", 1)
    claim(page, 1)
    lesson_at(page, 3, "done")
    next_step(page, 4)
    # (d) A refused claim: tapping the stone shows the engine's proof (the computer's completion).
    page.click('#board .lane[data-stone="3"] .stone')
    lesson_at(page, 4, "done")
    said = page.inner_text("#lesson-said")
    assert "Stone 4: cannot be claimed yet" in said and "Green 7" in said, said
    # The lesson and the table name the opponent alike (the table says "Computer").
    assert "North" not in said + page.inner_text("#lesson"), said
    # The panel says the verdict: no toast repeats it over the hand.
    assert page.locator("#toast").is_hidden()
    screenshot(page, "tutorial-refused-claim-390")
    page.set_viewport_size(DESKTOP)
    at_rest(page)
    screenshot(page, "tutorial-refused-claim-1280")
    page.set_viewport_size(PHONE)
    next_step(page, 5)
    # ... and proved once the card is face up.
    play_card(page, "G7", 0)
    claim(page, 3)
    lesson_at(page, 5, "done")
    next_step(page, 6)
    # (e) A tie goes to the side completed first.
    play_card(page, "G4", 6)
    claim(page, 6)
    lesson_at(page, 6, "done")
    next_step(page, 7)
    # (f) Three adjacent stones win; the panel says so (no rematch offered).
    play_card(page, "Y9", 2)
    claim(page, 2)
    lesson_at(page, 7, "done")
    assert body(page, "step") == "over"
    assert page.locator("#dlg-end").is_hidden()
    assert "you win the game" in page.inner_text("#lesson-result")
    next_step(page, 8)
    # (f) ... and so do five.
    play_card(page, "P7", 8)
    claim(page, 8)
    # The last step done ends the lesson at once (no Next), its lesson said too; a first
    # visit has no game in progress waiting (the deal nobody played is none).
    page.wait_for_selector(f'{LESSON}[data-state="finished"]')
    assert page.locator("#lesson-next").is_hidden()
    result = page.inner_text("#lesson-result")
    assert result.startswith("Five stones: you win!") and "waiting" not in result, result
    assert page.locator("#lesson-back").is_hidden()
    assert page.evaluate("() => document.activeElement.id") == "lesson-next-lesson"
    assert page.inner_text("#lesson-count") == "Lesson complete!"
    assert page.inner_text("#lesson-next-lesson") == "Next lesson: Tactic cards"
    screenshot(page, "tutorial-finished-390")

    # The tactic lesson: the second deck, an elite troop, a combat mode, a ruse.
    page.click("#lesson-next-lesson")
    lesson_at(page, 0, lesson="tactics")
    play_card(page, "B2", 0)
    page.click("#pile-tactic")
    lesson_at(page, 0, "done", "tactics")
    next_step(page, 1, "tactics")
    play_card(page, "Joker", 2)
    claim(page, 2)
    lesson_at(page, 1, "done", "tactics")
    assert page.locator('#board .side[data-seat="0"] .card[data-card="Joker"] .as').count() == 1
    next_step(page, 2, "tactics")
    play_card(page, "MudFight", 4)
    lesson_at(page, 2, "done", "tactics")
    assert page.locator('#board .lane.mode-MudFight[data-stone="4"]').count() == 1
    next_step(page, 3, "tactics")
    page.click('#hand .card[data-card="Traitor"]')
    pick_on_table(page, 1, 5, "R9")
    page.click('#board .lane.target[data-stone="1"] .stone')
    claim(page, 1)
    page.wait_for_selector(f'{LESSON}[data-state="finished"]')
    screenshot(page, "tutorial-traitor-390")
    the_last_lesson_offers_a_game_and_the_lessons(page, screenshot)
    # A new game: the one dealt on the first visit comes back under the new-game dialog.
    page.click("#lesson-new-game")
    page.wait_for_selector(LESSON, state="hidden")
    page.wait_for_selector("#dlg-new", state="visible")
    page.click("#new-cancel")
    page.wait_for_selector("#dlg-new", state="hidden")
    assert (board(page), sorted(hand(page))) == before
    # Both lessons are done; the header's Learn tool is there on a phone too (with its word),
    # and the Games dialog has it as well.
    assert page.locator("#btn-learn").is_visible()
    assert page.locator("#btn-learn .tool-label").is_visible()
    page.click("#btn-games")
    page.click("#games-learn")
    page.wait_for_selector("#dlg-learn", state="visible")
    assert page.locator("#learn-list li").count() == 2
    assert page.inner_text("#learn-list").count("done ✓") == 2


def _at_the_last_step(page, site_url, text, lang=""):
    """The tactic lesson (the last) resumed at its last step, and that step played."""
    lessons = {"active": "tactics", "at": {"tactics": 3}, "done": ["basics"]}
    visit(page, site_url, text, lang, lessons=lessons)
    lesson_at(page, 3, lesson="tactics")
    page.click('#hand .card[data-card="Traitor"]')
    pick_on_table(page, 1, 5, "R9")
    page.click('#board .lane.target[data-stone="1"] .stone')
    claim(page, 1)
    page.wait_for_selector(f'{LESSON}[data-state="finished"]')


def the_last_lesson_offers_a_game_and_the_lessons(page, screenshot) -> None:
    """The last lesson just finished on a phone, no game of the player's waiting: a game and
    the lessons are offered, not a next lesson. It leaves the lesson's panel up."""
    assert page.viewport_size == PHONE
    result = page.inner_text("#lesson-result")
    assert "next lesson" not in result and "that was the last lesson" in result, result
    assert page.locator("#lesson-next-lesson").is_hidden()
    assert page.locator("#lesson-back").is_hidden()  # no game of the player's waits
    # A game of one's own is the way on (focused, the primary button); the lessons again too.
    assert page.evaluate("() => document.activeElement.id") == "lesson-new-game"
    assert "primary" in page.get_attribute("#lesson-new-game", "class")
    assert page.inner_text("#lesson-all") == "All lessons"
    # The header says the lesson is complete (not "Your turn, draw a card"), and the table
    # left as it was offers nothing more: no deck to draw from, no hint.
    assert page.inner_text("#status-who") == "Lesson complete"
    assert page.inner_text("#status-step") == "Tactic cards"
    assert page.locator(".pile.drawable").count() == 0
    assert page.locator("#btn-hint").is_disabled()
    screenshot(page, "tutorial-last-lesson-390")
    page.click("#lesson-all")
    page.wait_for_selector("#dlg-learn", state="visible")
    assert page.inner_text("#learn-list").count("done ✓") == 2
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-learn", state="hidden")


def test_the_last_lesson_in_german_with_a_game_waiting(page, site_url):
    _at_the_last_step(page, site_url, save_text(mid_game(), opponent="ai"), "&lang=de")
    result = page.inner_text("#lesson-result")
    assert "nächste Lektion" not in result and "wartet auf dich" in result, result
    assert page.locator("#lesson-next-lesson").is_hidden()
    assert page.evaluate("() => document.activeElement.id") == "lesson-back"
    assert "secondary" in page.get_attribute("#lesson-new-game", "class")
    assert page.inner_text("#lesson-all") == "Alle Lektionen"
    assert page.inner_text("#status-who") == "Lektion geschafft"
    page.click("#lesson-back")  # the game given back: its own moment in the header
    page.wait_for_selector(LESSON, state="hidden")
    assert page.inner_text("#status-who") == "Du bist am Zug"


def mid_game():
    """A game in progress against the computer, South to move."""
    return position(
        hands=[["R1", "R2", "B5", "B6", "G1", "G2"], ["Y1", "Y2", "Y3", "P4", "P5", "P6"]],
        stones=[{"sides": [["R7", "R8"], ["B7"]]}, {"sides": [["O9"], ["P9", "G9"]]}],
        to_move=0,
    )


def test_leave_a_lesson_and_resume_it(page, site_url, screenshot):
    visit(page, site_url, save_text(mid_game(), opponent="ai"), size=DESKTOP)
    before = (board(page), sorted(hand(page)))
    saved = page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')")
    assert page.locator("#dlg-new").is_hidden(), "a game to resume: no welcome"
    page.click("#btn-learn")
    page.wait_for_selector("#dlg-learn", state="visible")
    page.click('#learn-list li[data-lesson="basics"] button')
    lesson_at(page, 0)
    play_card(page, "R9", 4)
    lesson_at(page, 0, "done")
    next_step(page, 1)
    page.click("#forms-close")
    screenshot(page, "tutorial-step-1280")
    # Leave: the game in progress comes back, exactly as it was.
    page.click("#lesson-leave")
    page.wait_for_selector(LESSON, state="hidden")
    assert (board(page), sorted(hand(page))) == before
    # The same game saved (written again in today's save shape, with this tab's stamp).
    after = json.loads(page.evaluate(f"() => localStorage.getItem('{SAVE_KEY}')"))
    first = json.loads(saved)
    assert after["position"] == first["position"] and after.get("record") == first.get("record")
    assert {k: after["settings"][k] for k in first["settings"]} == first["settings"]
    # A reload: still the game, no lesson.
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    # the page has looked for a lesson left open (tutorial.js) and found none
    page.wait_for_selector('body[data-lesson-checked="1"]', state="attached")
    assert page.locator(LESSON).is_hidden()
    assert (board(page), sorted(hand(page))) == before
    # The lessons dialog offers to resume at the step reached.
    page.click("#btn-learn")
    resume = page.locator('#learn-list li[data-lesson="basics"] button').first
    assert resume.inner_text() == "Resume at step 2"
    resume.click()
    lesson_at(page, 1)
    page.click("#forms-close")
    # A reload in the middle of the lesson starts its step again.
    play_card(page, "R9", 2)
    lesson_at(page, 1, "missed")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    lesson_at(page, 1)
    assert board(page)[2][0] == ["R4", "R5"]
    page.click("#forms-close")
    # A new game from the header leaves the lesson first: the game put aside comes back,
    # then the new-game dialog asks before abandoning it.
    page.click("#btn-new")
    page.wait_for_selector("#dlg-new", state="visible")
    assert page.locator(LESSON).is_hidden()
    assert page.locator("#new-welcome").is_hidden()
    page.click("#new-cancel")
    assert (board(page), sorted(hand(page))) == before


def test_the_welcome_chooses_the_opponent_and_a_missed_step_is_marked_at_once(page, site_url):
    """The welcome's "Play a friend" chooses the opponent, and it is seen once. Then a lesson
    against a computer that takes its time (a 4 s pause, ?aipause=4000: no move of the
    computer's in the game between friends): a missed step is marked at once, while it is
    still the computer's turn (issue 25)."""
    visit(page, site_url, address="index.html?aipause=4000")  # a first visit: no save
    page.wait_for_selector("#new-welcome", state="visible")
    page.click("#welcome-friend")
    assert page.locator("#new-welcome").is_hidden()
    assert page.is_checked('#dlg-new input[name="opponent"][value="human"]')
    assert page.locator("#names-set").is_visible()
    page.click("#new-start")
    page.wait_for_selector("#handover", state="visible")
    # Seen once: the next first visit (no save) opens the new-game dialog as before.
    page.evaluate(f"() => localStorage.removeItem('{SAVE_KEY}')")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.wait_for_selector("#dlg-new", state="visible")
    assert page.locator("#new-welcome").is_hidden()
    page.click("#new-cancel")
    page.click("#btn-learn")
    page.wait_for_selector("#dlg-learn", state="visible")
    page.click('#learn-list li[data-lesson="basics"] button')
    lesson_at(page, 0)
    play_card(page, "R9", 2)  # the step asks for stone 5
    lesson_at(page, 0, "missed")
    assert body(page, "toMove") == "1", "marked before the computer's move"


def test_a_lesson_in_german(page, site_url, screenshot):
    visit(page, site_url, query="&lang=de", size=SIDEWAYS)
    welcome_shows_its_four_choices(page, "de", screenshot)
    assert page.inner_text("#welcome-learn-label") == "Spielen lernen"
    page.click("#welcome-learn")
    lesson_at(page, 0)
    assert page.locator("#lesson-forms-label").is_visible()  # its word, under its icon
    assert page.inner_text("#btn-hint .hint-label") == "Tipp"
    assert "Wähle Rot 9, dann Stein 5" in page.inner_text("#lesson-text")
    assert page.inner_text("#lesson-leave") == "Lektion verlassen"
    play_card(page, "R9", 4)
    lesson_at(page, 0, "done")
    next_step(page, 1)
    names = page.eval_on_selector_all("#forms-list li b", "els => els.map(e => e.textContent)")
    assert names == ["Königstrupp", "Dreierspitze", "Farbwall", "Bunter Trupp", "Wilde Horde"]


def test_a_lesson_resumes_from_the_device_and_the_claims_list_shows_proofs(page, site_url):
    """A lesson under way when the page was closed resumes at its step; in German."""
    lessons = {"active": "basics", "at": {"basics": 4}, "done": []}
    visit(page, site_url, save_text(mid_game(), opponent="ai"), "&lang=de", lessons=lessons)
    lesson_at(page, 4)
    assert page.inner_text("#lesson-count") == "Schritt 5 von 9"
    assert page.locator("#lesson-leave").inner_text() == "Lektion verlassen"
    # The claims list shows every stone's verdict: that is the look this step asks for.
    page.click("#btn-stones")
    lesson_at(page, 4, "done")
    said = page.inner_text("#lesson-said")
    assert said.startswith("Das Spiel sagt:") and "Stein 4" in said and "Grün 7" in said, said
    assert "Grün 7" in page.inner_text("#lesson-result")
    page.keyboard.press("Escape")
    page.click("#lesson-leave")
    page.wait_for_selector(LESSON, state="hidden")
    assert board(page)[0] == [["R7", "R8"], ["B7"]]
