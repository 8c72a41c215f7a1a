"""A hint is heard and followed by keyboard: it is said in the polite live region, the focus
moves to the card it names, and once that card is chosen the focus is on the hinted stone
(not the first stone the card could go to)."""

import json

from tools.table import open_with_save, position, save_text


def _win_on_stone_9() -> dict:
    """South owns stones 7 and 8; Red 9 on stone 9 makes a Color-Run that beats North's
    Color there: the claim takes three adjacent stones. Red 9 may go on any stone, but any
    other move lets North play Yellow 9 on stone 1 next to its stones 2 and 3 and win.
    North started the round, a card ahead of South (South's Red 3 and Orange 3 at stone 5)."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [[], ["Y7", "Y8"]]}
    stones[1] = {"sides": [["R1", "R2", "R4"], ["B4", "B5", "B6"]], "owner": 1}
    stones[2] = {"sides": [["O5", "O6", "P2"], ["G5", "G6", "G7"]], "owner": 1}
    stones[8] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    stones[7] = {"sides": [["B7", "B8", "B9"], ["G2", "G3", "G4"]], "owner": 0}
    stones[6] = {"sides": [["P7", "P8", "P9"], ["Y2", "Y3", "Y4"]], "owner": 0}
    stones[4] = {"sides": [["R3", "O3"], []]}
    return position(
        {"starter": 1},
        hands=[["R9", "B1", "B2", "G1", "P1", "Y1"], ["Y9", "O9", "O8", "G9", "G8", "P6"]],
        stones=stones,
        to_move=0,
    )


def test_a_hint_is_announced_and_focus_follows_it(page, site_url):
    open_with_save(page, site_url, save_text(_win_on_stone_9(), opponent="ai"), "&ai_time=0.3")
    page.locator("#hand .card").first.focus()
    page.keyboard.press("h")
    page.wait_for_selector("#prompt-hint[data-action]", timeout=30_000)
    action = json.loads(page.get_attribute("#prompt-hint", "data-action"))
    assert action == {"kind": "play", "card": "R9", "stone": 8}
    said = page.inner_text("#prompt-hint")
    page.wait_for_function("(t) => document.querySelector('#announce').textContent === t", arg=said)
    assert page.evaluate("() => document.activeElement.dataset.card") == "R9"
    page.keyboard.press("Enter")  # the hinted card chosen
    page.wait_for_selector('#hand .card.selected[data-card="R9"]')
    focused = page.evaluate(
        "() => [document.activeElement.className, document.activeElement.dataset.stone]"
    )
    assert "stone" in focused[0] and focused[1] == "8", focused
