"""The table in French: the browser's language (here fr-CA) or ?lang=fr gives a French table
whose words all come from the French catalogues (engine/messages/fr.json and
web/messages/fr.json), Python's and JavaScript's alike, with the names of IELLO's French
rulebook. A shared device's turn and the rules page in French here; every screen (the whole
document on a first visit with the browser in fr-CA, the welcome, a game against the
computer, every dialog, the log, the replay, a lesson, a friend's device) is walked in French
by e2e/test_every_screen.py, which checks each for English with ``ENGLISH`` from here.
"""

import re

from test_german import ALL_WORDS, CUT, VISIBLE_WORDS, _claimable_position
from test_german import ENGLISH as ENGLISH_IN_GERMAN

from tools.table import (
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
