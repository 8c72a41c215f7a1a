"""Sound (web/js/sound.js): the right short sounds for the events of each action, synthesized
with Web Audio (here a stub AudioContext that records every note), none once muted, the mute
tool reached by keyboard, named and remembered."""

import json

from tools.table import open_with_save, play_card, position, save_text, take_device

# An AudioContext that plays nothing and keeps each note's frequency in window.__notes.
STUB = """(() => {
  window.__notes = [];
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  class Node { connect(n) { return n; } }
  class Osc extends Node {
    constructor() { super(); this.frequency = param(); }
    start() { window.__notes.push(this.frequency.value); }
    stop() {}
  }
  class Gain extends Node { constructor() { super(); this.gain = param(); } }
  window.AudioContext = class {
    constructor() { this.currentTime = 0; this.state = "running"; this.destination = new Node(); }
    createOscillator() { return new Osc(); }
    createGain() { return new Gain(); }
    resume() {}
  };
})();"""


def _winning_play() -> dict:
    """South owns stones 2 and 3; Red 9 on stone 1 makes a Color-Run that beats North's
    Color there: the claim that follows takes three adjacent stones and the game. North
    started the round, a card ahead."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    stones[1] = {"sides": [["B7", "B8", "B9"], ["G2", "G3", "G4"]], "owner": 0}
    stones[2] = {"sides": [["P7", "P8", "P9"], ["Y2", "Y3", "Y4"]], "owner": 0}
    return position(
        {"starter": 1},
        hands=[["R9", "B1", "B2", "G1", "P1", "Y1"], ["Y9", "O9", "O8", "G9", "G8", "P6"]],
        stones=stones,
        to_move=0,
    )


def _sounds(page) -> list:
    return page.evaluate("() => window.__sounds ?? []")


def _notes_of(page, name: str) -> list:
    return page.evaluate(
        f"() => import('./js/sound.js').then(m => m.SOUNDS[{json.dumps(name)}]"
        ".notes.map(n => n[0]))"
    )


def test_a_card_then_the_claim_that_ends_the_game_sound(page, site_url):
    page.add_init_script(STUB)
    open_with_save(page, site_url, save_text(_winning_play()))
    take_device(page)
    play_card(page, "R9", 0)
    page.wait_for_function("() => (window.__sounds ?? []).length === 1")
    assert _sounds(page) == ["card"]
    page.click('.lane[data-stone="0"].claimable .stone')
    page.wait_for_function("() => window.__sounds.length === 2")
    # The claim ended the game: the match's sound says more than the stone's.
    assert _sounds(page) == ["card", "match"]
    notes = page.evaluate("() => window.__notes")
    assert notes == _notes_of(page, "card") + _notes_of(page, "match")


def _tool(page) -> dict:
    return page.evaluate(
        """() => { const b = document.querySelector("#btn-sound");
        return { name: b.getAttribute("aria-label"), title: b.title,
                 label: b.querySelector(".tool-label").textContent,
                 pressed: b.getAttribute("aria-pressed") }; }"""
    )


def test_muted_by_keyboard_remembered_and_silent(page, site_url):
    """The tool says what pressing it does: Mute, then Unmute once muted (its name changes,
    so it is no toggle: no aria-pressed to contradict the name)."""
    page.add_init_script(STUB)
    open_with_save(page, site_url, save_text(_winning_play()))
    take_device(page)
    mute = {"name": "Mute sounds", "title": "Mute sounds", "label": "Mute", "pressed": None}
    unmute = {"name": "Unmute sounds", "title": "Unmute sounds", "label": "Unmute", "pressed": None}
    assert _tool(page) == mute
    page.locator("#btn-sound").focus()
    page.keyboard.press("Enter")
    assert _tool(page) == unmute
    page.keyboard.press("Enter")
    assert _tool(page) == mute
    page.keyboard.press("Enter")
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    take_device(page)
    assert _tool(page) == unmute
    play_card(page, "R9", 0)
    page.click('.lane[data-stone="0"].claimable .stone')
    page.wait_for_selector('body[data-step="over"]', state="attached")
    assert _sounds(page) == [] and page.evaluate("() => window.__notes") == []


def test_the_tool_says_unmute_in_german(page, site_url):
    page.add_init_script(STUB)
    open_with_save(page, site_url, save_text(_winning_play()), query="&lang=de")
    take_device(page)
    assert _tool(page)["label"] == "Stumm"
    page.click("#btn-sound")
    assert _tool(page) == {
        "name": "Töne wieder an",
        "title": "Töne wieder an",
        "label": "Ton an",
        "pressed": None,
    }
    # A pass of the page's static words (as after the update bar) keeps the state's words.
    page.evaluate("() => import('./js/words.js').then(m => m.translatePage())")
    assert _tool(page)["label"] == "Ton an"


def test_an_automatic_claim_sounds_like_a_claim_by_hand(page, site_url):
    """Auto-claim on: the card played, then the stone it proves (claimed by Python in the same
    answer) sounds as won, as a claim by hand would."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    pos = position(
        {"starter": 1},  # North started, a card ahead
        hands=[["R9", "B1", "B2", "G1", "P1", "Y1"], ["Y9", "O9", "O8", "G9", "G8", "P6"]],
        stones=stones,
        to_move=0,
    )
    page.add_init_script(STUB)
    open_with_save(page, site_url, save_text(pos, opponent="ai", autoclaim=True))
    take_device(page)
    play_card(page, "R9", 0)
    page.wait_for_selector('.lane[data-stone="0"].owned-bottom', state="attached")
    page.wait_for_function("() => (window.__sounds ?? []).length >= 2")
    assert _sounds(page)[:2] == ["card", "won"]
