"""The whole turn, told from the engine's events: the handover screen and the computer's
turn name the card played, each claim with its reason, and the draw; a refusal says the rule.
The positions' tests share one page (e2e/conftest.py's ``shared_page``): one boot for them."""

from tools.table import (
    open_or_take_over,
    open_with_save,
    play_card,
    position,
    save_text,
    take_device,
)


def _claimable_after_play(to_move: int) -> dict:
    """The player to move completes a Color-Run on stone 1 (Red 7 8 + Red 9 from hand), which
    beats the opponent's complete Color there: a claim after the play, then a draw. The
    other player started the round, a card ahead."""
    stones = [{} for _ in range(9)]
    mine, theirs = ["R7", "R8"], ["O1", "O2", "O4"]
    stones[0] = {"sides": [mine, theirs] if to_move == 0 else [theirs, mine]}
    hands = [["R9", "B1", "B3", "G1", "G5", "P2"], ["Y1", "Y3", "P4", "P6", "G8", "B9"]]
    if to_move == 1:
        hands = [hands[1], hands[0]]
    return position({"starter": 1 - to_move}, hands=hands, stones=stones, to_move=to_move)


def test_the_handover_shows_the_whole_turn(shared_page, site_url):
    page = shared_page
    open_or_take_over(page, site_url, save_text(_claimable_after_play(0)))
    take_device(page)
    play_card(page, "R9", 0)
    page.click('.lane[data-stone="0"].claimable .stone')  # claim the stone just completed
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")
    text = page.inner_text("#handover-last")
    assert text.startswith(
        "South played Red 9 on stone 1, then claimed stone 1: South's "
        "Color-Run totalling 24 beats North's Color totalling 7, then drew "
        "a card from the clan deck"
    ), text
    # The card drawn stays hidden on the shared screen, and in the page.
    assert "drew a card" in text and "R9" not in page.inner_text("#hand")


def test_the_computers_turn_shows_the_whole_turn(shared_page, site_url):
    """The computer (North) holds a Color-Run nothing can beat on stone 1: whatever it plays,
    it claims stone 1 after its play, then draws."""
    page = shared_page
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["Y1"], ["B7", "B8", "B9"]]}
    stones[6] = {"sides": [["R5", "O5"], []]}  # North started: as many cards a side
    pos = position(
        {"starter": 1},
        hands=[["R2", "B1", "B3", "G1", "G5", "P2"], ["Y5", "Y3", "P4", "P6", "G8", "O9"]],
        stones=stones,
        to_move=1,
    )
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"))
    # The computer (North) plays, claims and draws; then it is South's turn.
    page.wait_for_function(
        "() => document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking')",
        timeout=60_000,
    )
    text = page.inner_text("#prompt-last")
    assert text.startswith("The computer played "), text
    assert (
        "then claimed stone 1: the best you can still make is a Color-Run totalling 6, "
        "which does not beat a Color-Run totalling 24"
    ) in text
    assert "then drew a card from the clan deck." in text  # its card stays hidden
    assert "claimed stone 1" in page.inner_text("#log")


def test_a_refused_move_says_the_rule(shared_page, site_url):
    """A card put where the rules forbid: the engine's refusal, in players' words."""
    page = shared_page
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["G1", "G2", "G3"], []]}
    stones[7] = {"sides": [[], ["P7", "P8"]]}  # North's turns, as many as South's
    stones[8] = {"sides": [[], ["O8"]]}
    open_or_take_over(
        page,
        site_url,
        save_text(
            position(
                {},
                hands=[["R9", "B1", "B2", "B3", "B4", "B5"], ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]],
                stones=stones,
            )
        ),
    )
    take_device(page)
    page.click('#hand .card[data-card="R9"]')
    page.click('#board .lane[data-stone="0"] .stone')  # South's side of stone 1 is full
    toast = page.inner_text("#toast")
    assert "Stone capacity: Red 9 cannot go to stone 1: your side is full (3 cards)." in toast


def test_names_and_a_confirmation_before_abandoning_a_game(page, site_url):
    from tools.table import play_turn

    open_with_save(page, site_url, None)  # a first visit: the new-game dialog is open
    page.check('#dlg-new input[name="opponent"][value="human"]')
    page.fill('#dlg-new input[name="name_0"]', "Anna")
    page.fill('#dlg-new input[name="name_1"]', "Ben")
    page.click("#new-start")
    page.wait_for_selector("#handover", state="visible")
    assert page.inner_text("#handover-title") == "Pass to Anna"
    take_device(page)
    play_turn(page, seed=2)
    assert page.inner_text("#handover-title") == "Pass to Ben"
    take_device(page)
    # A game is in progress: the first press of Deal asks, the second deals.
    page.click("#btn-new")
    assert page.input_value('#dlg-new input[name="name_1"]') == "Ben"  # remembered
    page.click("#new-start")
    assert "abandons it" in page.inner_text("#new-note")
    assert page.inner_text("#new-start") == "Abandon and deal"
    page.click("#new-start")
    page.wait_for_selector("#dlg-new", state="hidden")
    assert "Anna starts." in page.inner_text("#log")
