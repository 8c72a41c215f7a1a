"""The table in French: the browser's language (here fr-CA) or ?lang=fr gives a French table
whose words all come from the French catalogues (engine/messages/fr.json and
web/messages/fr.json), Python's and JavaScript's alike, with the names of IELLO's French
rulebook. One page load walks the whole document (hidden parts included), the welcome and the
new-game dialog, a game against the computer with tactic cards, every dialog, the log, the
replay bar and a lesson, each checked for English as it shows; the rules page in French.
Screenshots of the table, the new-game dialog and the rules page at 390x844 and 1280x800.
"""

import re

from test_german import ALL_WORDS, CUT, VISIBLE_WORDS, _claimable_position, _open
from test_german import ENGLISH as ENGLISH_IN_GERMAN
from test_layout import check_header

from tools.table import (
    Driver,
    at_rest,
    body,
    open_with_save,
    play_card,
    py,
    save_text,
    take_device,
)

# test_german's English words, less the two that are French too ("on"; the Joker is named so
# in the French edition), and the English names French must not keep.
_WORDS = ENGLISH_IN_GERMAN.pattern.replace("|Joker|", "|").replace("|on|", "|")
ENGLISH = re.compile(_WORDS[:-3] + r"|Shield|Mud|Blind|Color|Kind|Sum|Spy|Recruit\w*|Stone)\b")
assert ENGLISH.search("Color-Run") and ENGLISH.search("the") and not ENGLISH.search("on Joker")


def english_left(page) -> list[str]:
    texts = page.evaluate(VISIBLE_WORDS)
    assert texts, "no text found on the page"
    return [t for t in texts if ENGLISH.search(t)]


def english_anywhere(page) -> list[str]:
    texts = page.evaluate(ALL_WORDS)
    assert len(texts) > 100, texts
    return [t for t in texts if ENGLISH.search(t)]


def _no_english(page, where: str) -> None:
    left = english_left(page)
    assert left == [], f"{where}: {left}"


def test_every_screen_and_dialog_in_french(browser, site_url, screenshot):
    """A first visit with the browser in Canadian French and no ?lang: the page is French, its
    whole document holds no English; the welcome, the new-game dialog, a game against the
    computer with tactic cards (the log in French, the verbs in the reader's form), every
    dialog, the log, the replay bar and a lesson hold none either. Nothing on the table is cut
    short, and the header keeps its tools whole, at 390 and 1280 px."""
    context = browser.new_context(locale="fr-CA", viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_with_save(page, site_url, None, "&seed=7")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "jeu de cartes" in page.get_attribute('meta[name="description"]', "content")
    assert (
        page.evaluate("document.querySelector('link[rel=manifest]').href")
        == site_url + "manifest-fr.webmanifest"
    )
    assert page.evaluate("document.querySelector('#rules-frame').dataset.src") == "./rules-fr.html"
    assert page.text_content("#loading .loading-sub") == "Une guerre de frontière en neuf bornes"
    assert english_anywhere(page) == []

    page.wait_for_selector("#new-welcome", state="visible")
    assert page.inner_text("#welcome-title") == "Bienvenue dans Schotten Totten"
    _no_english(page, "welcome")
    page.click("#welcome-ai")
    page.wait_for_selector("#new-welcome", state="hidden")
    assert page.inner_text("#new-title") == "Nouvelle partie"
    _no_english(page, "new game")
    screenshot(page, "french-new-game-390")
    page.set_viewport_size({"width": 1280, "height": 800})
    at_rest(page)
    _no_english(page, "new game, desktop")
    screenshot(page, "french-new-game-1280")
    page.click('#new-form label:has(input[name="opponent"][value="human"])')
    assert page.get_attribute('input[name="name_0"]', "placeholder") == "Sud"
    _no_english(page, "new game, two players")
    page.click('#new-form label:has(input[name="opponent"][value="ai"])')
    page.click('#new-form label:has(input[name="tactics"][value="on"])')
    page.click('#new-form label:has(input[name="rounds"][value="3"])')
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")

    # A few turns against the computer.
    driver = Driver(page, seed=5)
    for _ in range(3):
        while body(page, "toMove") == "0" and not driver.finished():
            driver.step()
        page.wait_for_function(
            "() => document.body.dataset.toMove === '0' && "
            "!document.body.classList.contains('ai-thinking')",
            timeout=60_000,
        )
    assert page.inner_text("#status-who") == "À toi de jouer"
    assert page.inner_text("#btn-hint .hint-label") == "Indice"
    assert page.get_attribute("#board", "aria-label") == "Les neuf bornes"
    assert page.inner_text("#prompt-last").startswith("L'ordinateur joue ")
    log = page.inner_text("#log")
    new_match = "Nouveau match en 3 manches\u00a0: variante tactique · revendication après"
    assert log.startswith(new_match), log
    assert "Tu joues " in log and "L'ordinateur joue " in log, log
    _no_english(page, "table, desktop")
    check_header(page, "french-tools-1280")
    assert page.evaluate(CUT) == [], "a French word is cut short"
    screenshot(page, "french-table-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    at_rest(page)
    _no_english(page, "table, phone")
    check_header(page, "french-390")
    assert page.evaluate(CUT) == [], "a French word is cut short"
    screenshot(page, "french-table-390")

    for tool, dialog in (
        ("#btn-games", "#dlg-games"),
        ("#btn-stones", "#dlg-stones"),
        ("#pile-discard", "#dlg-discard"),
        ("#btn-rules", "#dlg-rules"),
        ("learn", "#dlg-learn"),
        ("#btn-keys", "#dlg-keys"),
    ):
        _open(page, tool)
        page.wait_for_selector(dialog, state="visible")
        _no_english(page, dialog)
        if dialog == "#dlg-rules":
            frame = page.frame_locator("#rules-frame")
            assert frame.locator("h1").inner_text() == "Comment jouer à Schotten Totten"
            switch = page.locator("#dlg-rules .lang-switch select")
            assert switch.locator("option:checked").inner_text() == "Français"
            frame.locator("#langs").wait_for(state="hidden", timeout=5000)  # one language control
            assert switch.get_attribute("aria-label") == "Langue"
        page.keyboard.press("Escape")
        page.wait_for_selector(dialog, state="hidden")
    _open(page, "learn")
    page.click("#learn-forms")
    page.wait_for_selector("#dlg-forms", state="visible")
    assert "Suite couleur" in page.inner_text("#dlg-forms")
    _no_english(page, "formations")
    page.click("#forms-close")
    page.keyboard.press("Escape")

    page.click("#btn-log")
    page.wait_for_selector("#log-panel", state="visible")
    _no_english(page, "log")
    page.click("#log-close")

    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")
    _no_english(page, "replay")
    page.click("#replay-exit")
    page.wait_for_selector("#replay-bar", state="hidden")

    _open(page, "learn")
    page.click('#learn-list li[data-lesson="basics"] button')
    page.wait_for_selector("#lesson", state="visible")
    _no_english(page, "lesson")
    page.click("#lesson-leave")
    page.wait_for_selector("#lesson", state="hidden")

    # The checks can fail: an English word on show is found.
    page.evaluate("document.querySelector('#btn-hint').title = 'Hint: suggest a move'")
    assert english_left(page) == ["Hint: suggest a move"]
    context.close()


def test_a_shared_device_turn_in_french(page, site_url):
    """?lang=fr, two people at one device: the handover, a claim and its reason, the turn
    summary said of Sud, all French."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_with_save(page, site_url, save_text(_claimable_position()), "&lang=fr")
    assert page.inner_text("#handover-title") == "Passe l'appareil à Sud"
    take_device(page)
    assert page.inner_text("#status-who") == "Sud joue"
    assert page.get_attribute('#hand .card[data-card="Strategist"]', "aria-label") == "le Stratège"
    assert "Pioche Tactique" in page.get_attribute("#pile-tactic", "aria-label")
    play_card(page, "R9", 0)
    assert page.text_content('.lane[data-stone="0"] .stone-sub') == "Prendre"
    assert page.evaluate(CUT) == [], "a French word is cut short"
    _no_english(page, "a claim on offer")
    page.click('.lane[data-stone="0"].claimable .stone')
    if body(page, "step") == "claim":
        page.click("#btn-done")
    page.click("#pile-clan")
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")
    assert page.inner_text("#handover-last").startswith(
        "Sud joue le 9 rouge sur la borne 1, puis revendique la borne 1 (Suite couleur de 24 "
        "points du côté de Sud contre Couleur de 7 points du côté de Nord), puis pioche une "
        "carte dans la pioche Clan."
    ), page.inner_text("#handover-last")
    _no_english(page, "handover")
    assert py(page, "state", {"seat": 1})["log"]


def test_the_french_rules_page(page, site_url, screenshot):
    """rules-fr.html: French, with the names of IELLO's French rulebook, linked both ways
    with the English and German pages."""
    for w, h in ((390, 844), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.goto(site_url + "rules-fr.html")
        assert page.evaluate("document.documentElement.lang") == "fr"
        text = page.inner_text("main")
        for name in (
            "Suite couleur",
            "Brelan",
            "Couleur",
            "Suite",
            "Somme",
            "Joker",
            "Espion",
            "Porte-Bouclier",
            "Colin-Maillard",
            "Combat de Boue",
            "Chasseur de Tête",
            "Stratège",
            "Banshee",
            "Traître",
            "Troupes d'élite",
            "Modes de combat",
            "Ruses",
            "Experts",
            "borne",
            "revendiquer",
        ):
            assert name in text, name
        assert not ENGLISH.search(text.replace("English", "")), ENGLISH.search(text)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        screenshot(page, f"french-rules-{w}")
    page.click("text=Deutsch")
    assert page.url.endswith("rules-de.html")
    page.click("text=Français")
    assert page.url.endswith("rules-fr.html")
    page.click("text=English")
    assert page.url.endswith("rules.html")
    page.click("text=Français")
    assert page.url.endswith("rules-fr.html")
