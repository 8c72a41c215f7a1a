"""Every tactic card's flow through the UI, each from a saved position injected into
localStorage (the save format holds a full engine position). The tests share one page (one
Pyodide boot for the file): each loads its position by the game's own take-over."""

import pytest

from tools.table import (
    at_rest,
    board,
    body,
    finish_turn,
    hand,
    open_or_take_over,
    pick_on_table,
    play_card,
    position,
    py,
    save_text,
    take_device,
    turn_of,
)

TACTICS = {"tactics": True}


@pytest.fixture
def page(shared_page):
    return shared_page


def stones(**by_stone):
    """stones(s0=(south cards, north cards), ...) -> the position's stone list."""
    out = [{} for _ in range(9)]
    for key, (south, north) in by_stone.items():
        out[int(key[1:])] = {"sides": [list(south), list(north)]}
    return out


# North's hand while the decks hold cards: full (every turn's draw refills it).
NORTH_FULL = ["O1", "O2", "O3", "O4", "O5", "O6", "O7"]


def open_position(page, site_url, **fields):
    pos = position(TACTICS, **fields)
    open_or_take_over(page, site_url, save_text(pos))
    take_device(page)
    return pos


def discard_pile(page) -> list[str]:
    page.click("#pile-discard")
    page.wait_for_selector("#dlg-discard[open]")
    cards = page.eval_on_selector_all("#discard-cards .card", "els => els.map(e => e.dataset.card)")
    page.click("#dlg-discard [data-close]")
    return cards


def test_elite_troops_joker_spy_shield_bearer(page, site_url, screenshot):
    open_position(
        page,
        site_url,
        hands=[
            ["Joker", "Spy", "ShieldBearer", "B2", "B3", "G2", "G3"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "BlindMansBluff"],
        ],
        stones=stones(s0=(["R8", "R9"], []), s1=(["Y5", "Y6"], []), s2=(["G8", "G9"], [])),
        discard=["Banshee"],
        tactics_played=[0, 1],
        to_move=0,
    )  # North played the Banshee
    expected = {"Joker": (0, "7"), "Spy": (1, "7"), "ShieldBearer": (2, "3")}
    for i, (card, (stone, value)) in enumerate(expected.items()):
        page.click(f'#hand .card[data-card="{card}"]')
        # Elite troops go where a clan card could: only stones with room are offered.
        targets = page.eval_on_selector_all(".lane.target", "ls => ls.map(l => +l.dataset.stone)")
        assert targets == [s for s in range(9) if s >= i]  # stones already full are not offered
        page.click(f'.lane.target[data-stone="{stone}"] .stone')
        placed = page.locator(
            f'#board .card[data-seat="0"][data-stone="{stone}"][data-card="{card}"]'
        )
        assert placed.count() == 1
        # The completed side shows what the elite troop counts as.
        assert placed.locator(".as .v").inner_text() == value
        finish_turn(page)
        if i < 2:  # North plays a clan card, then a tactic card: South may play another
            turn_of(page, 1)
            play_card(page, ("O1", "BlindMansBluff")[i], (8, 7)[i])
            finish_turn(page)
            turn_of(page, 0)
    log = page.inner_text("#log")
    assert "South played Joker on stone 1" in log and "South played Shield-Bearer on stone 3" in log


def test_second_joker_stays_in_hand(page, site_url):
    open_position(
        page,
        site_url,
        hands=[["Joker", "R1", "R2", "R3", "R4", "R5", "R6"], NORTH_FULL],
        stones=stones(s4=(["Joker"], [])),
        discard=["Traitor"],  # North's tactic card
        tactics_played=[1, 1],
        to_move=0,
    )
    joker = page.locator('#hand .card[data-card="Joker"]')
    assert "unplayable" in joker.get_attribute("class")
    joker.click()
    assert "One Joker per game" in page.inner_text("#toast")
    assert page.locator(".lane.target").count() == 0


def test_combat_modes_shown_on_their_stone(page, site_url):
    open_position(
        page,
        site_url,
        hands=[
            ["MudFight", "BlindMansBluff", "R4", "B2", "B3", "G2", "G3"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        stones=stones(s3=(["R1", "R2", "R3"], ["B5", "B6"]), s5=(["Y1", "Y9"], ["P8", "P9"])),
        discard=["Traitor"],  # North's tactic card
        tactics_played=[0, 1],
        to_move=0,
    )
    page.click('#hand .card[data-card="MudFight"]')
    # A combat mode goes on any unclaimed stone without one.
    assert page.locator(".lane.target").count() == 9
    page.click('.lane.target[data-stone="3"] .stone')
    badge = page.locator('.lane[data-stone="3"] .mode-badge')
    assert badge.inner_text().lower() == "mud"
    # South's three cards no longer complete the stone: Mud Fight needs four.
    page.click('.lane[data-stone="3"] .stone')
    assert "3 of 4 cards" in page.inner_text("#toast")
    finish_turn(page)
    turn_of(page, 1)
    play_card(page, "O1", 8)
    finish_turn(page)
    turn_of(page, 0)
    # A fourth card fits at the Mud Fight stone, and Blind-Man's Bluff goes on another stone.
    page.click('#hand .card[data-card="R4"]')
    assert page.locator('.lane.target[data-stone="3"]').count() == 1
    page.click('#hand .card[data-card="BlindMansBluff"]')
    assert page.locator('.lane.target[data-stone="3"]').count() == 0  # one mode per stone
    page.click('.lane.target[data-stone="5"] .stone')
    assert page.locator('.lane[data-stone="5"] .mode-badge').inner_text().lower() == "blind"
    assert page.locator(".lane.mode-BlindMansBluff").count() == 1
    assert "Blind-Man's Bluff on stone 6" in page.inner_text("#log")


def test_recruiter_draws_three_returns_two(page, site_url):
    open_position(
        page,
        site_url,
        hands=[
            ["Recruiter", "R1", "R2", "R3", "B2", "B3", "G2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        stones=stones(s8=(["Y8"], ["Y9"])),  # South's 7th clan card of the deal: a turn each
        tactics_played=[0, 0],
        to_move=0,
    )
    before = py(page, "state", {"seat": 0})["view"]["deck_sizes"]
    page.click('#hand .card[data-card="Recruiter"]')
    assert page.locator(".lane.target").count() == 0  # no stone for a ruse like this
    page.click("#btn-confirm")
    assert body(page, "step") == "recruit_draw"
    assert "draw 3 more" in page.inner_text("#prompt-text")
    page.click("#pile-clan")
    page.click("#pile-tactic")
    assert "draw 1 more" in page.inner_text("#prompt-text")
    page.click("#pile-clan")
    assert body(page, "step") == "recruit_return"
    assert len(hand(page)) == 9
    returned = []
    for left in (2, 1):
        assert f"({left} to go)" in page.inner_text("#prompt-text")
        card = hand(page)[0]
        returned.append(card)
        page.click(f'#hand .card[data-card="{card}"]')
    # Hand full again (7): no end-of-turn draw; the device goes to North.
    page.wait_for_selector("#handover", state="visible")
    view = py(page, "state", {"seat": 0})["view"]
    assert len(view["hand"]) == 7
    clan_back = sum(1 for c in returned if c[1:].isdigit())
    assert view["deck_sizes"] == [before[0] - 2 + clan_back, before[1] - 1 + (2 - clan_back)]
    assert view["discard"] == ["Recruiter"]
    log = page.inner_text("#log")
    # The two returns, told without the cards (the log shows on the shared screen).
    assert "played Recruiter" in log
    assert "put 2 cards back under" in log or log.count("put a card back under") == 2


@pytest.mark.parametrize("how", ["move", "discard"])
def test_strategist_move_or_discard(page, site_url, how):
    open_position(
        page,
        site_url,
        hands=[
            ["Strategist", "R1", "B2", "B3", "G2", "G3", "P2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        # North's turns as many as South's: its cards on stones 8 and 9 (no ruse played yet).
        stones=stones(
            s2=(["R5"], ["Y3"]),
            s5=(["R6", "R7"], []),
            s6=(["G7", "G8", "G9"], []),
            s7=([], ["Y5", "Y6"]),
            s8=([], ["Y7", "Y8", "Y9"]),
        ),
        tactics_played=[0, 0],
        to_move=0,
    )
    page.click('#hand .card[data-card="Strategist"]')
    # Only South's own troops can be picked up, never North's.
    picks = page.eval_on_selector_all("#board .card.pick", "cs => cs.map(c => c.dataset.seat)")
    assert picks and set(picks) == {"0"}
    pick_on_table(page, 0, 2, "R5")
    if how == "move":
        targets = page.eval_on_selector_all(".lane.target", "ls => ls.map(l => +l.dataset.stone)")
        assert 2 not in targets and 6 not in targets and 5 in targets  # full stone 7 not offered
        page.click('.lane.target[data-stone="5"] .stone')
        assert board(page)[5][0] == ["R6", "R7", "R5"]
        assert "moved Red 5 from stone 3 to stone 6" in page.inner_text("#log")
    else:
        page.click("#btn-discard")
        assert discard_pile(page) == ["R5", "Strategist"]
        assert "discarded Red 5 from stone 3" in page.inner_text("#log")
    assert board(page)[2][0] == []


def test_banshee_discards_an_opponent_troop(page, site_url):
    open_position(
        page,
        site_url,
        hands=[
            ["Banshee", "R1", "B2", "B3", "G2", "G3", "P2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        stones=stones(s6=(["R9"], ["B4", "Spy"]), s8=(["Y9"], [])),  # South's second turn
        tactics_played=[0, 1],
        to_move=0,
    )
    page.click('#hand .card[data-card="Banshee"]')
    picks = page.eval_on_selector_all("#board .card.pick", "cs => cs.map(c => c.dataset.card)")
    assert sorted(picks) == ["B4", "Spy"]  # elite troops too
    pick_on_table(page, 1, 6, "Spy")
    assert board(page)[6] == [["R9"], ["B4"]]
    assert discard_pile(page) == ["Spy", "Banshee"]
    assert "discarded Spy from North's side of stone 7" in page.inner_text("#log")


def test_traitor_takes_a_clan_card(page, site_url, screenshot):
    open_position(
        page,
        site_url,
        hands=[
            ["Traitor", "R1", "B2", "B3", "G2", "G3", "P2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        # As many cards a side as turns (no ruse played yet): North's two, South's two.
        stones=stones(s1=(["B5"], []), s6=(["R9"], ["B4", "Spy"])),
        tactics_played=[0, 1],
        to_move=0,
    )
    page.click('#hand .card[data-card="Traitor"]')
    picks = page.eval_on_selector_all("#board .card.pick", "cs => cs.map(c => c.dataset.card)")
    assert picks == ["B4"]  # clan cards only: the Spy is not offered
    pick_on_table(page, 1, 6, "B4")
    assert page.locator(".card.picked").count() == 1
    assert page.locator("#btn-discard").count() == 0
    screenshot(page, "flow-traitor-destination")
    page.click('.lane.target[data-stone="1"] .stone')
    assert board(page)[1][0] == ["B5", "B4"]
    assert board(page)[6][1] == ["Spy"]
    assert "took Blue 4 from North's side of stone 7 to South's side of stone 2" in page.inner_text(
        "#log"
    )


# What the toast covers of the hand and the board (their boxes met by the toast's).
OVER_HAND_OR_BOARD = """() => {
  const t = document.querySelector('#toast').getBoundingClientRect();
  return ['#hand', '#board'].filter((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return t.left < r.right - 1 && t.right > r.left + 1 && t.top < r.bottom - 1
        && t.bottom > r.top + 1;
  });
}"""


def test_tactic_limit(page, site_url):
    open_position(
        page,
        site_url,
        hands=[["Traitor", "MudFight", "R1", "R2", "R3", "R4", "R5"], NORTH_FULL],
        # North's turns after the Spy and after South's G8 and G9 (2 of the deal's 7 clan cards)
        stones=stones(s4=(["Spy"], []), s7=(["G8", "G9"], ["Y7"]), s8=([], ["Y9", "Y8"])),
        tactics_played=[1, 0],
        to_move=0,
    )
    for card in ("Traitor", "MudFight"):
        el = page.locator(f'#hand .card[data-card="{card}"]')
        assert "unplayable" in el.get_attribute("class")
    page.click('#hand .card[data-card="MudFight"]')
    assert "Tactic limit" in page.inner_text("#toast")
    # Its reason covers neither the hand nor the board, also on a phone on its side (the
    # toast goes in the hand's column there).
    for size in ((1280, 720), (844, 390), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        at_rest(page)
        page.evaluate("document.querySelector('#toast').hidden = true")  # brought back:
        page.click('#hand .card[data-card="Traitor"]')
        assert page.evaluate(OVER_HAND_OR_BOARD) == [], size
    page.set_viewport_size({"width": 1280, "height": 720})
    at_rest(page)
    # Before the draw: a tactic card drawn now could not be played, said in the prompt and
    # on the tactic deck (which stays drawable: the choice is the player's).
    play_card(page, "R1", 0)
    page.wait_for_selector('body[data-step="draw"]', state="attached")
    said = "A tactic card South draws now cannot be played until North plays one"
    assert said in page.inner_text("#prompt-text")
    deck = page.locator("#pile-tactic")
    assert "locked" in deck.get_attribute("class") and "drawable" in deck.get_attribute("class")
    assert said in deck.get_attribute("aria-label")
    page.click("#pile-clan")
    assert "locked" not in deck.get_attribute("class")  # North's turn: no warning for South


def test_drag_and_drop_a_card(page, site_url):
    open_position(
        page,
        site_url,
        hands=[["R5", "B2", "G2", "R1", "R2", "R3", "R4"], NORTH_FULL],
        tactics_played=[0, 0],
        to_move=0,
    )
    card = page.locator('#hand .card[data-card="R5"]').bounding_box()
    lane = page.locator('.lane[data-stone="6"] .stone').bounding_box()
    page.mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    page.mouse.down()
    page.mouse.move(card["x"] + 40, card["y"] - 40, steps=4)
    assert page.locator(".card.ghost").count() == 1
    assert page.locator(".lane.target").count() == 9
    page.mouse.move(lane["x"] + lane["width"] / 2, lane["y"] + lane["height"] / 2, steps=6)
    page.mouse.up()
    assert board(page)[6][0] == ["R5"]
    assert page.locator(".card.ghost").count() == 0
