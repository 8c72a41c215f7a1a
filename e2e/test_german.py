"""The table in German: ?lang=de (or the browser's language, or the choice remembered on the
page) gives a German table whose words all come from engine/messages/de.json, Python's
(the log, turn summaries, claim reasons, refusals) and JavaScript's alike. A few turns
through the UI, then every visible word of the table is checked for English; screenshots at
phone and desktop sizes."""

import re

from table import (
    Driver,
    body,
    open_with_save,
    play_card,
    position,
    py,
    save_text,
    take_device,
)
from test_layout import check_header

DE = "&lang=de"

# English words the German table must not show (whole words, case as written).
ENGLISH = re.compile(r"\b(played|drew|claim(?:s|ed)?|stones?|Stone|Deal|South|North|New game|"
                     r"Cancel|Rules|Log|turn|your|the|card|cards|deck|Pass|Done|tap|wins?|"
                     r"Round|round|Tactics|Joker|Spy|Traitor|Strategist|Recruiter)\b")

# index.html's static text: localised by whoever may edit web/index.html (each text given a
# catalogue key the page fills in from words.js); until then these parts are English and are
# not checked here. Whole parts (every word inside):
STATIC_PARTS = [
    "#loading",                     # title, subtitle, first progress text (later ones: t())
    "#tools",                       # New, Undo, Games, Claims, Log, Rules: labels, titles, aria
    "#btn-hint",                    # "Hint" label, title, aria-label
    ".pile-name",                   # Clan, Tactics, Discard under the piles
    "#thinking",                    # "thinking" next to the computer's seat
    ".handover-sub",                # "Hand the device over. The next hand stays hidden ..."
    "#log-panel .panel-head",       # "Move log" and the close button's aria-label
    "#dlg-stones .panel-head",      # "Claims" and the close button's aria-label
    "#dlg-stones .dlg-note",        # "A stone can be claimed when ..."
    "#replay-bar",                  # replay buttons' aria-labels and titles (hidden in play)
]
# Static words of an element whose children are worded by the page (only the element's own
# text and its own aria-label/title are skipped):
STATIC_OWN = [
    "#handover-go",                 # ": tap when ready" after the name
    "#seat-top", "#seat-bottom",    # aria-label "Opponent" / "You"
    "#board",                       # aria-label "The nine stones"
    "#hand",                        # aria-label "Your hand"
    "#pile-discard",                # aria-label "Discard pile: tap to look through it"
]

VISIBLE_WORDS = """([parts, own]) => {
  const inPart = (el) => parts.some((s) => el.closest(s));
  const ownStatic = (el) => own.some((s) => el.matches(s));
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walk.nextNode());) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || el.closest('script, style, svg') || inPart(el) || ownStatic(el)) continue;
    if (el.checkVisibility({ visibilityProperty: true })) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (inPart(el) || ownStatic(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
    for (const a of ['aria-label', 'title']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""


# Words cut short on the table (an ellipsis instead of their end): stones' badges, the names
# of tactic cards in the hand and on the board, the status. (The discard pile's small face
# card is left out: no name fits it, in English either.)
CUT = """() => [...document.querySelectorAll(
    '.stone-sub, #hand .card .tname, #board .card .tname, #status > span')]
  .filter((e) => e.checkVisibility() && e.scrollWidth > e.clientWidth + 0.5)
  .map((e) => e.textContent)"""


def english_left(page) -> list[str]:
    """The visible texts (and labels) of the page's worded parts that hold English words."""
    texts = page.evaluate(VISIBLE_WORDS, [STATIC_PARTS, STATIC_OWN])
    assert texts, "no text found on the page"
    return [t for t in texts if ENGLISH.search(t)]


def _claimable_position(tactics: bool = True) -> dict:
    """South to move: Red 9 from hand completes a Königstrupp on stone 1 that beats North's
    Farbwall there (a claim after the play); with tactics, tactic cards in both hands and on
    the table."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    stones[5] = {"sides": [["Y7", "Y8", "Y9"], ["G7", "G8", "G9"]], "owner": 0}
    hands = [["R9", "B1", "B3", "G5", "P2", "P3"], ["Y2", "Y3", "P6", "P7", "G6", "B6"]]
    if not tactics:
        return position({}, hands=hands, stones=stones, to_move=0)
    stones[2] = {"sides": [["G1", "Joker"], ["P4", "P5"]], "mode": "MudFight"}
    stones[4] = {"sides": [["Y1"], ["B8", "B9"]], "mode": "BlindMansBluff"}
    stones[6] = {"sides": [["O9"], ["ShieldBearer", "Y5", "Y6"]]}
    hands = [["R9", "B1", "B3", "G5", "Strategist", "Recruiter", "Traitor"],
             ["Y2", "Y3", "P6", "P7", "G6", "B6", "Spy"]]
    return position({"tactics": True}, hands=hands, stones=stones, to_move=0,
                    tactics_played=[2, 3], discard=["Banshee"])


def test_a_shared_device_game_in_german(page, site_url, screenshot):
    """Two people at one device, in German: handover, a play, a claim, the turn summary, the
    claims dialog, a refusal, the log: all German, Python's words and JavaScript's."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_with_save(page, site_url, save_text(_claimable_position()), DE)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#handover-title") == "Gerät an Süd weitergeben"
    assert english_left(page) == []
    take_device(page)
    assert page.inner_text("#status-who") == "Süd ist am Zug"
    assert page.inner_text("#prompt-text") == \
        "Tippe auf eine Karte deiner Hand, dann auf einen Stein."
    assert page.get_attribute('#hand .card[data-card="Strategist"]', "aria-label") == \
        "Strategischer Schachzug"
    assert page.inner_text('#hand .card[data-card="Strategist"] .tname') == "Schach"
    assert "Taktikstapel" in page.get_attribute("#pile-tactic", "aria-label")
    assert english_left(page) == []
    screenshot(page, "german-table-390")
    assert page.evaluate(CUT) == [], "a German word is cut short"
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(150)
    check_header(page, "german-1280")
    assert page.evaluate(CUT) == [], "a German word is cut short"
    screenshot(page, "german-table-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    check_header(page, "german-390")

    # A refusal: the engine's rule, in German (South's side of stone 6 is claimed).
    page.click('#hand .card[data-card="B1"]')
    page.click('#board .lane[data-stone="5"] .stone')
    toast = page.inner_text("#toast")
    assert toast and not ENGLISH.search(toast), toast
    if page.locator("#btn-cancel").count():
        page.click("#btn-cancel")

    # The claims dialog before the play: every line worded by the engine in German.
    page.click("#btn-stones")
    claims = page.inner_text("#stones-list")
    assert "Stein 1:" in claims and "noch nicht beanspruchbar" in claims, claims
    assert "beansprucht, Besitz: Süd" in claims
    assert english_left(page) == []
    page.keyboard.press("Escape")

    play_card(page, "R9", 0)
    assert page.locator('.lane[data-stone="0"].claimable').count()
    assert page.text_content('.lane[data-stone="0"] .stone-sub') == "Holen"
    assert page.evaluate(CUT) == [], "a German word is cut short"
    assert english_left(page) == []
    page.click('.lane[data-stone="0"].claimable .stone')
    if body(page, "step") == "claim":
        page.click("#btn-done")
    page.click("#pile-clan")
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")
    summary = page.inner_text("#handover-last")
    assert summary.startswith(
        "Süd spielt Rot 9 an Stein 1 und beansprucht Stein 1 (die Seite von Süd ist stärker "
        "als die von Nord: Königstrupp mit Summe 24 gegen Farbwall mit Summe 7) und zieht eine "
        "Karte vom Clanstapel."), summary
    assert english_left(page) == []
    screenshot(page, "german-handover-390")
    take_device(page)
    assert page.inner_text("#status-who") == "Nord ist am Zug"

    # North plays a couple of moves through the UI; then the log, all German.
    driver = Driver(page, seed=3)
    while body(page, "toMove") == "1" and not driver.finished():
        driver.step()
    page.wait_for_selector('#handover[data-seat="0"]', state="visible")
    assert page.inner_text("#handover-last").startswith("Nord ")
    assert english_left(page) == []
    take_device(page)
    page.click("#btn-log")
    log = page.inner_text("#log")
    assert "Süd spielt Rot 9 an Stein 1" in log and "Nord " in log, log
    assert english_left(page) == []
    page.click("#log-close")


def test_against_the_computer_in_german(page, site_url, screenshot):
    """A few turns against the computer: its moves, the prompt, the log, in German."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_with_save(page, site_url, None, DE + "&seed=7")
    # No save: the new-game dialog opens; deal a game against the computer.
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    driver = Driver(page, seed=5)
    for _ in range(3):
        start = len(py(page, "state", {"seat": 0})["log"])
        while body(page, "toMove") == "0" and not driver.finished():
            driver.step()
        page.wait_for_function("() => document.body.dataset.toMove === '0' && "
                               "!document.body.classList.contains('ai-thinking')", timeout=60_000)
        assert len(py(page, "state", {"seat": 0})["log"]) > start
    last = page.inner_text("#prompt-last")
    assert last.startswith("Der Computer spielt "), last
    assert page.inner_text("#status-who") == "Du bist am Zug"
    assert english_left(page) == []
    if page.locator("#btn-log").is_visible():   # a drawer on phones; always open on desktops
        page.click("#btn-log")
    log = page.inner_text("#log")
    assert log.startswith("Neues Spiel: Grundspiel · Beanspruchen nach dem Ausspielen. "), log
    assert "Du spielst " in log and "Der Computer spielt " in log
    assert english_left(page) == []
    screenshot(page, "german-computer-1280")


def test_the_language_follows_the_browser_and_the_switch(browser, site_url):
    """No ?lang: the browser's language; the switch remembers a choice and reloads in it."""
    context = browser.new_context(locale="de-AT")
    page = context.new_page()
    open_with_save(page, site_url, save_text(_claimable_position(tactics=False)))
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#handover-title") == "Gerät an Süd weitergeben"
    take_device(page)
    page.click("#btn-rules")
    frame = page.frame_locator("#rules-frame")
    assert frame.locator("h1").inner_text() == "So spielt man Schotten Totten"
    switch = page.locator("#dlg-rules .lang-switch select")
    assert switch.locator("option:checked").inner_text() == "Deutsch"
    assert switch.get_attribute("aria-label") == "Sprache"
    assert page.text_content("#new-form .lang-switch span") == "Sprache"
    with page.expect_navigation():
        switch.select_option("en")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("localStorage.getItem('schotten-totten.lang')") == "en"
    assert page.evaluate("document.documentElement.lang") == "en"
    take_device(page)
    assert page.inner_text("#status-who") == "South's turn"
    # The game went on in the other language: Python's words too.
    assert page.inner_text("#log").startswith("New game")
    # ?lang= (an embed's) wins over the remembered choice, and is not remembered itself.
    page.goto(site_url + "index.html?aipause=40&lang=de")
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.evaluate("localStorage.getItem('schotten-totten.lang')") == "en"
    context.close()


def test_the_german_rules_page(page, site_url, screenshot):
    """rules-de.html: German, with the Pegasus names, linked both ways with rules.html."""
    for w, h in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(site_url + "rules-de.html")
        assert page.evaluate("document.documentElement.lang") == "de"
        text = page.inner_text("main")
        for name in ("Königstrupp", "Dreierspitze", "Farbwall", "Bunter Trupp", "Wilde Horde",
                     "Trickser", "Spionin", "Schildträger", "Blinde Kuh", "Schlamm Schlacht",
                     "Einberufung", "Strategischer Schachzug", "Banshee-Beschwörung", "Verrat",
                     "Clanfehde", "Der frühe Vogel", "Grenzstein", "Clankarte"):
            assert name in text, name
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        screenshot(page, f"german-rules-{w}")
    page.click("text=English")
    assert page.url.endswith("rules.html")
    page.click("text=Deutsch")
    assert page.url.endswith("rules-de.html")
