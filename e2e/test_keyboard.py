"""The whole game with the keyboard alone (page.keyboard only, no clicks): one tab stop per
region, arrow keys inside it, Enter to act, Escape to cancel, shortcuts, the shortcuts
dialog; after each action the focus is where the next action is (the hand after a turn).
The positions' tests share one page (e2e/conftest.py's ``shared_page``): the first boots it,
the others take over their saves (no boot); the focus after a take-over is checked as after
a boot."""

import random

from tools.table import board, body, moment, open_or_take_over, open_with_save, position, save_text

# Where the focus is: its region and what it is.
FOCUS_JS = """() => {
  const e = document.activeElement;
  const region = ['hand', 'board', 'piles', 'prompt', 'tools', 'handover']
    .find((r) => e && e.closest && e.closest('#' + r)) ?? (e && e.closest && e.closest('dialog')
      ? 'dialog:' + e.closest('dialog').id : (e ? e.tagName.toLowerCase() : 'none'));
  return {region, id: e ? e.id : '', card: e?.dataset?.card ?? null,
          stone: e?.dataset?.stone ?? null, cls: e ? String(e.className) : '',
          target: !!e?.closest?.('.lane.target'), claimable: !!e?.closest?.('.lane.claimable')};
}"""


def focus(page) -> dict:
    return page.evaluate(FOCUS_JS)


def idle(page) -> None:
    """The computer has finished its turn (or the game is over)."""
    page.wait_for_function(
        "() => ['over', 'round_over'].includes(document.body.dataset.step) || "
        "(document.body.dataset.toMove === '0' && "
        "!document.body.classList.contains('ai-thinking'))",
        timeout=60_000,
    )


def press_until(page, key: str, wanted, limit: int = 12) -> dict:
    """Press ``key`` until the focused item is ``wanted(focus)``; the focused item then."""
    f = focus(page)
    for _ in range(limit):
        if wanted(f):
            return f
        page.keyboard.press(key)
        f = focus(page)
    assert wanted(f), f"{key} x{limit} never reached the item wanted: {f}"
    return f


def keyboard_action(page, rng: random.Random, seen: set) -> str:
    """South's next action by keys (a card or a pass, a claim, Done, a draw) at a moment the
    page is waiting for it; the step it was taken in."""
    step = moment(page)["step"]
    f = focus(page)
    if step == "play":
        if not page.locator("#hand .card.playable").count():
            assert f["id"] == "btn-pass", f  # nothing to play: the focus is on Pass
            page.keyboard.press("p")
            seen.add("pass")
            return step
        assert f["region"] == "hand", f"the turn starts with the focus in the hand: {f}"
        for _ in range(rng.randrange(4)):  # look through the hand a little
            page.keyboard.press(rng.choice(["ArrowRight", "ArrowLeft", "ArrowDown"]))
        press_until(page, "ArrowRight", lambda f: "playable" in f["cls"])
        page.keyboard.press("Enter")
        f = focus(page)
        assert f["region"] == "board" and f["target"], f"selected: the focus on a stone: {f}"
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowRight")
        f = press_until(page, "ArrowRight", lambda f: f["target"])
        if rng.random() < 0.3:  # the digit of the stone does the same
            page.keyboard.press(str(int(f["stone"]) + 1))
            seen.add("digit")
        else:
            page.keyboard.press("Enter")
        seen.add("play")
    elif step == "claim":
        if f["claimable"]:
            page.keyboard.press("Enter")
            seen.add("claim")
        else:
            assert f["id"] == "btn-done", f"nothing to claim: the focus on Done: {f}"
            page.keyboard.press("Enter" if rng.random() < 0.5 else "d")
            seen.add("done")
    elif step == "draw":
        assert f["region"] == "piles" and "drawable" in f["cls"], f
        page.keyboard.press("Enter")
        seen.add("draw")
    else:
        raise AssertionError(f"unexpected step {step}")
    return step


def test_a_whole_game_against_the_computer_by_keys(page, site_url, screenshot):
    """From the first visit's welcome to the end of the game, with keys only."""
    open_with_save(page, site_url, None, "&aipause=0&seed=5")
    page.wait_for_selector("#dlg-new[open]")
    # The welcome: Tab to "Play the computer", Enter; then Enter on Deal (Easy, no tactics).
    press_until(page, "Tab", lambda f: f["id"] == "welcome-ai")
    page.keyboard.press("Enter")
    assert focus(page)["id"] == "new-start"
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-new", state="hidden")
    assert page.evaluate("() => !document.body.classList.contains('log-open')")
    rng = random.Random(3)
    seen: set = set()
    turns = actions = 0
    while True:
        idle(page)  # South's move (nothing changes until South acts) or the end
        if moment(page)["step"] in ("over", "round_over"):
            break
        actions += 1
        assert actions < 200, "the game did not end"
        if keyboard_action(page, rng, seen) == "play":
            turns += 1
            if turns == 3:
                screenshot(page, "keyboard-turn")
    # Without tactic cards the draw is the engine's own (one deck); claims as they come. A
    # game ends at the earliest when one side has proved three stones, nine cards of its
    # own: the other side has played at least eight of its turns by then.
    assert "play" in seen and turns >= 8, (seen, turns)
    # The end: the dialog's first button has the focus; "Look at the table", then Results.
    page.wait_for_selector("#dlg-end[open]")
    assert focus(page)["region"] == "dialog:dlg-end"
    press_until(page, "Tab", lambda f: f["id"] == "end-look")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-end", state="hidden")
    page.wait_for_function("() => document.activeElement?.id === 'btn-results'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-end[open]")


def _hotseat(page, site_url, **fields):
    pos = position({"tactics": True}, **fields)
    open_or_take_over(page, site_url, save_text(pos))
    # The pass-the-device screen: its button has the focus; Enter takes the device.
    assert focus(page)["id"] == "handover-go"
    page.keyboard.press("Enter")
    page.wait_for_selector("#handover", state="hidden")
    f = focus(page)
    assert f["region"] == "hand" and "playable" in f["cls"], f


def _select(page, card: str) -> None:
    press_until(page, "ArrowRight", lambda f: f["card"] == card)
    page.keyboard.press("Enter")


def test_traitor_by_keys(shared_page, site_url, screenshot):
    """Traitor: the card, then the opponent's card to take (on the table), then the stone."""
    page = shared_page
    _hotseat(
        page,
        site_url,
        hands=[
            ["Traitor", "R1", "B2", "B3", "G2", "G3", "P2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        stones=[
            {},
            {"sides": [["B5", "B6"], []]},
            {},
            {},
            {},
            {},
            {"sides": [["R9"], ["B4", "Spy"]]},
            {},
            {"sides": [[], ["Y9"]]},  # North's third turn (no ruse played yet)
        ],
        tactics_played=[0, 1],
        to_move=0,
    )
    # Escape cancels a selection, and the focus goes back to the card.
    _select(page, "Traitor")
    assert page.locator("#hand .card.selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#hand .card.selected").count() == 0
    assert focus(page)["card"] == "Traitor"
    page.keyboard.press("Enter")
    f = focus(page)
    assert f["region"] == "board" and "pick" in f["cls"] and f["card"] == "B4", f
    label = page.get_attribute("#board .card.pick", "aria-label")
    assert label.startswith("Blue 4, stone 7, North's side"), label
    screenshot(page, "keyboard-traitor-pick")
    page.keyboard.press("Enter")  # take it
    assert page.locator(".card.picked").count() == 1
    f = focus(page)
    assert f["region"] == "board" and f["target"], f
    assert "press Enter to move Blue 4 here" in page.get_attribute(
        f'#board .stone[data-stone="{f["stone"]}"]', "aria-label"
    )
    press_until(page, "ArrowRight", lambda f: f["stone"] == "1")
    screenshot(page, "keyboard-traitor-stone")
    page.keyboard.press("Enter")
    assert board(page)[1][0] == ["B5", "B6", "B4"]
    assert board(page)[6][1] == ["Spy"]
    assert "took Blue 4 from North's side of stone 7 to South's side of stone 2" in page.inner_text(
        "#log"
    )
    # Nothing to claim (the engine skips the step): the focus is on a deck to draw from.
    f = focus(page)
    assert body(page, "step") == "draw" and f["region"] == "piles" and "drawable" in f["cls"], f
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector("#handover", state="visible")
    assert focus(page)["id"] == "handover-go"


def test_recruiter_by_keys(shared_page, site_url):
    """Recruiter (the Scout): confirm, draw three from the decks, put two back, by keys."""
    page = shared_page
    _hotseat(
        page,
        site_url,
        hands=[
            ["Recruiter", "R1", "R2", "R3", "B2", "B3", "G2"],
            ["O1", "O2", "O3", "O4", "O5", "O6", "P1"],
        ],
        # South's 7th clan card of the deal on stone 9, and North's card: a turn each
        stones=[{}] * 8 + [{"sides": [["Y8"], ["Y9"]]}],
        tactics_played=[0, 0],
        to_move=0,
    )
    _select(page, "Recruiter")
    assert focus(page)["id"] == "btn-confirm"
    page.keyboard.press("Enter")
    assert body(page, "step") == "recruit_draw"
    f = focus(page)
    assert f["region"] == "piles" and "drawable" in f["cls"], f
    # The deck focused last (here a shared page's earlier game may have left another).
    page.keyboard.press("Home")
    assert focus(page)["id"] == "pile-clan"
    page.keyboard.press("Enter")  # the clan deck
    page.keyboard.press("ArrowRight")  # the tactic deck
    assert focus(page)["id"] == "pile-tactic"
    page.keyboard.press(" ")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    assert body(page, "step") == "recruit_return"
    f = focus(page)
    assert f["region"] == "hand", f
    assert page.get_attribute("#hand .card", "aria-label").endswith("press Enter to put it back")
    assert len(page.locator("#hand .card").all()) == 9
    page.keyboard.press("Enter")
    assert focus(page)["region"] == "hand"
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.wait_for_selector("#handover", state="visible")
    view = page.evaluate("() => JSON.parse(window.stCall('state', JSON.stringify({seat: 0}))).view")
    assert len(view["hand"]) == 7 and view["discard"] == ["Recruiter"]
    assert focus(page)["id"] == "handover-go"


def test_shortcuts_and_their_dialog(shared_page, site_url, screenshot):
    """? opens the shortcuts dialog (modal: the focus stays in it, shortcuts do nothing),
    Escape closes it and the focus goes back; 1-9, C and L act on the table."""
    page = shared_page
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["R7", "R8"], ["O1", "O2", "O4"]]}
    pos = position(
        {"starter": 1},  # North started, a card ahead
        hands=[["R9", "B1", "B3", "G1", "G5", "P2"], ["Y1", "Y3", "P4", "P6", "G8", "B9"]],
        stones=stones,
        to_move=0,
    )
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"))
    idle(page)
    assert focus(page)["region"] == "hand"
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-keys[open]")
    assert focus(page)["id"] == "keys-close"
    assert "Claim a stone" in page.inner_text("#dlg-keys")
    screenshot(page, "keyboard-shortcuts")
    for _ in range(3):
        page.keyboard.press("Tab")
        assert focus(page)["region"] in ("dialog:dlg-keys", "body"), focus(page)
    page.keyboard.press("l")  # not while the dialog is open
    assert focus(page)["region"] in ("dialog:dlg-keys", "body"), focus(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-keys", state="hidden")
    assert focus(page)["region"] == "hand"
    # The tools: one tab stop, arrow keys inside; End is the Keys tool, which opens it too.
    first = press_until(page, "Shift+Tab", lambda f: f["region"] == "tools")["id"]
    page.keyboard.press("ArrowRight")
    assert focus(page)["region"] == "tools" and focus(page)["id"] != first
    page.keyboard.press("End")
    assert focus(page)["id"] == "btn-keys"
    page.keyboard.press("Enter")
    page.wait_for_selector("#dlg-keys[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-keys", state="hidden")
    assert focus(page)["id"] == "btn-keys"
    page.keyboard.press("Tab")
    f = focus(page)
    assert f["region"] == "board", f  # the other tools are not tab stops
    # 5 goes to stone 5 (nothing selected); with Red 9 selected, 1 plays it on stone 1.
    page.keyboard.press("5")
    assert focus(page)["stone"] == "4"
    label = page.get_attribute('#board .stone[data-stone="0"]', "aria-label")
    assert label == (
        "Stone 1: your side: Red 7, Red 8; Computer's side: Orange 1, Orange 2, "
        "Orange 4, a Color totalling 7; not claimed"
    ), label
    page.keyboard.press("Tab")  # to the decks, then on to the hand
    press_until(page, "Tab", lambda f: f["region"] == "hand")
    press_until(page, "ArrowRight", lambda f: f["card"] == "R9")
    page.keyboard.press("Enter")
    page.keyboard.press("1")
    assert board(page)[0][0] == ["R7", "R8", "R9"]
    f = focus(page)
    assert f["claimable"] and f["stone"] == "0", f  # the claim is the next action
    page.keyboard.press("c")
    assert page.get_attribute('#board .stone[data-stone="0"]', "data-owner") == "0"
    # L: into the move log (always on show at this width) and back to the next action.
    page.keyboard.press("l")
    assert focus(page)["id"] == "log"
    page.keyboard.press("l")
    # Back to the next action: nothing more to claim, so the turn went on (the draw is the
    # engine's with one deck) and the hand has the focus.
    f = focus(page)
    assert f["region"] == "hand" or f["id"] == "btn-done", f


def test_a_focus_moved_before_the_dialog_says_it_closed_stays(shared_page, site_url):
    """A dialog's close event comes a task after it closed (and the browser has given the
    focus back by then): a key pressed in between (Escape, then Shift+Tab at once on a busy
    device) moved the focus on, and the event must not pull it back to where it was."""
    page = shared_page
    hands = [["R9", "B1", "B3", "G1", "G5", "P2"], ["Y1", "Y3", "Y4", "Y5", "Y6", "Y7"]]
    pos = position({}, hands=hands, to_move=0)
    open_or_take_over(page, site_url, save_text(pos, opponent="ai"))
    idle(page)
    assert focus(page)["region"] == "hand"
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-keys[open]")
    # Closed, and the focus moved on, in one task: the close event has not come yet.
    moved = page.evaluate(
        """() => new Promise((done) => {
          document.querySelector('#dlg-keys').close();
          const back = document.activeElement.dataset.card ?? null;
          document.querySelector('#btn-keys').focus();
          setTimeout(() => setTimeout(() => done({back, now: document.activeElement.id}), 0), 0);
        })"""
    )
    assert moved["back"] is not None, moved  # the browser gave it back to the hand card
    assert moved["now"] == "btn-keys", moved
    assert focus(page)["id"] == "btn-keys"


# The focused element, if it is on the table, and its outline: [id or card, outline style].
TABLE_FOCUS = """() => { const e = document.activeElement;
  return e && e.closest('#table') ? [e.id || e.dataset.card, getComputedStyle(e).outlineStyle]
                                  : null; }"""


def test_a_touch_screen_gets_no_focus_ring_until_a_key_is_pressed(new_context, site_url):
    """On a touch screen the game moves only the tab stops, not the focus: no ring on the
    first card at the start (it looked like a selection) nor after a tapped move. A key
    pressed gives the keyboard its focus moves back, ring and all."""
    page = new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ).new_page()
    pos = position(
        hands=[["R1", "R2", "B5", "B6", "G1", "G2"], ["Y1", "Y2", "Y3", "P4", "P5", "P6"]],
        to_move=0,
    )
    open_with_save(page, site_url, save_text(pos, opponent="ai"))
    assert page.evaluate(TABLE_FOCUS) is None
    assert page.get_attribute("#hand .card.playable >> nth=0", "tabindex") == "0"  # Tab's way in
    page.tap('#hand .card[data-card="R1"]')
    page.tap('#board .lane.target[data-stone="0"] .stone')  # played, drawn, answered
    page.wait_for_function("() => document.querySelectorAll('#board .card').length === 2")
    idle(page)
    assert page.evaluate(TABLE_FOCUS) is None
    assert page.get_attribute("#hand .card.playable >> nth=0", "tabindex") == "0"
    page.keyboard.press("l")  # the log opens (its close button focused) and closes again:
    page.keyboard.press("l")  # the focus goes on to the next action, with its ring
    page.wait_for_function("() => document.activeElement.matches('#hand .card')")
    assert page.evaluate(TABLE_FOCUS)[1] == "solid"
