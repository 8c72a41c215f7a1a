"""Take-backs, the replay viewer and game records, clicked through in Chromium. The games
dealt by the new-game dialog are played one after the other in one page (one boot)."""

import json
import re
import subprocess
import sys
from pathlib import Path

from tools.table import (
    ROOT,
    board,
    body,
    open_with_save,
    play_turn,
    py,
    start_new_game,
    table_for_a_new_game,
    take_device,
)


def test_take_back_against_the_computer(shared_page, site_url):
    page = shared_page
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the log is closed
    table_for_a_new_game(page, site_url)
    start_new_game(page, opponent="ai", level="easy")
    assert page.locator("#btn-undo").is_hidden()
    before = py(page, "state", {"seat": 0})["view"]
    board_before = board(page)
    play_turn(page, seed=3)  # your turn and the computer's reply
    hand = py(page, "state", {"seat": 0})["view"]["hand"]
    page.click("#btn-undo")
    # Said at once, not only in the log (which a phone keeps closed): a short toast.
    toast = page.locator("#toast")
    assert toast.is_visible() and toast.get_attribute("data-kind") == "info"
    assert toast.inner_text() == (
        "Your last turn and the computer's reply are taken back. The decks are shuffled again."
    )
    # Above the hand, whose cards are the next thing to tap.
    over = page.evaluate(
        """() => { const t = document.querySelector('#toast').getBoundingClientRect();
        return [...document.querySelectorAll('#hand .card')].filter((c) => {
          const r = c.getBoundingClientRect();
          return r.top < t.bottom && r.bottom > t.top && r.left < t.right && r.right > t.left;
        }).length; }"""
    )
    assert over == 0, "the toast covers the hand"
    p = py(page, "state", {"seat": 0})
    assert p["takebacks"] == 1 and p["view"]["to_move"] == 0
    assert p["view"]["hand"] != hand  # the card you played is back in your hand
    # The table exactly as before the turn, as you may see it: hand, stones, decks' sizes.
    assert p["view"] == before and board(page) == board_before
    # The cards drawn meanwhile went back into decks shuffled again: nothing hidden is told.
    assert "the decks were shuffled again" in page.inner_text("#log")
    page.set_viewport_size({"width": 1280, "height": 720})  # the page's size for the next test


def test_take_back_on_a_shared_device_needs_the_other_players_agreement(shared_page, site_url):
    page = shared_page
    table_for_a_new_game(page, site_url)
    start_new_game(page, opponent="human")
    take_device(page)
    play_turn(page, seed=1)
    page.wait_for_selector("#handover", state="visible")
    undo = page.locator("#handover-undo")
    assert undo.inner_text() == "South: take back your turn"
    undo.click()
    assert "North, do you agree?" in page.inner_text("#undo-text")
    page.click("#undo-yes")
    page.wait_for_selector('#handover[data-seat="0"]', state="visible")
    assert py(page, "state", {"seat": None})["takebacks"] == 1


def test_replay_steps_through_the_game_and_opens_a_record(shared_page, site_url, screenshot):
    page = shared_page
    table_for_a_new_game(page, site_url)
    start_new_game(page, opponent="ai", level="easy")
    for seed in range(3):
        play_turn(page, seed=seed)
    page.click("#btn-games")
    page.click("#games-replay")
    page.wait_for_selector("#replay-bar", state="visible")  # js/replay.js: loaded on first use
    # In progress against the computer: only your own hand may be seen.
    assert page.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)") == ["0"]
    page.keyboard.press("Home")
    assert page.inner_text("#replay-step") == "The deal"
    assert page.locator("#board .card").count() == 0
    # The header tells the replay's position, not a turn of the game: "Replay, you to move".
    assert [page.inner_text(f"#status-{s}") for s in ("who", "step")] == ["Replay", "you to move"]
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#replay-step").startswith("Move 1 of ")
    assert page.locator("#board .card").count() == 1
    assert page.inner_text("#status-step") == "Computer to move"
    assert page.locator('#log li[aria-current="step"]').inner_text().startswith("You played ")
    screenshot(page, "replay-step-1")
    page.click("#replay-exit")
    assert page.locator("#replay-bar").is_hidden()
    assert page.inner_text("#status-who") == "Your turn"  # the game's own moment again
    # Download the record, then open it again as a file (a record shows every card).
    with page.expect_download() as dl:
        page.click("#btn-games")
        page.click("#games-download")
    record = json.loads(Path(dl.value.path()).read_text())
    assert record["format"] == "schotten-totten/record" and len(record["actions"]) >= 6
    page.set_input_files(
        "#games-file",
        files=[
            {
                "name": "game.json",
                "mimeType": "application/json",
                "buffer": json.dumps(record).encode(),
            }
        ],
    )
    page.wait_for_selector("#replay-bar", state="visible")  # the file is read asynchronously
    modes = page.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)")
    assert "open" in modes
    page.select_option("#replay-mode", "open")
    assert page.locator("#seat-top .seat-hand .card").count() > 0  # both hands face up
    page.click("#replay-exit")
    assert body(page, "step") == "play"


def test_a_finished_game_is_kept_in_the_recent_games(page, site_url):
    """A golden game one action before its end: the last action ends it, and the finished
    game appears in the list of recent games, where it replays with every card open."""
    from engine import position_to_json, replay

    game = json.loads(
        (ROOT / "tests" / "data" / "games" / "base-medium-easy-1017.json").read_text()
    )["record"]
    start = {"rules": game["rules"], "seed": game["seed"]}
    before = dict(game, actions=game["actions"][:-1])
    state, _ = replay(before)
    save = json.dumps(
        {
            "format": "schotten-totten/save",
            "version": 1,
            "settings": {"opponent": "human", "ai_seat": 1, "ai_level": "easy", "autoclaim": False},
            "position": position_to_json(state),
            "record": {**start, "actions": before["actions"]},
        }
    )
    open_with_save(page, site_url, save)
    take_device(page)
    page.click("#btn-games")
    assert page.inner_text("#games-none") == "No finished game yet."
    assert page.locator("#games-list li").count() == 0  # the line is not a row of the list
    page.click("#dlg-games [data-close]")
    out = py(page, "act", {"action": game["actions"][-1], "seat": None})
    assert out["ok"] and out["view"]["step"] == "over"  # and the page's Python kept it
    page.click("#btn-games")
    assert page.locator("#games-none").is_hidden()
    assert page.locator("#games-list li").count() == 1
    item = page.locator("#games-list li").first
    assert "base game · claim after playing · two players:" in item.inner_text()
    item.locator("button", has_text="Replay").click()
    page.wait_for_selector("#replay-bar", state="visible")  # js/replay.js: on first use
    modes = page.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)")
    assert modes == ["0", "1", "public", "open"]


def test_a_record_from_the_command_line_opens_and_replays_to_its_final_position(
    page, site_url, tmp_path
):
    """`python -m engine play --save` writes a record; the site opens it (file picker) and
    its last step shows the same table as the engine's own replay of it."""
    from engine import replay
    from engine.cards import card_text

    path = tmp_path / "cli-game.json"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            "--seed",
            "5",
            "--ai",
            "easy",
            "--save",
            str(path),
        ],
        cwd=ROOT,
        input="0\n" * 400,
        text=True,
        capture_output=True,
        check=True,
        timeout=300,
    )
    record = json.loads(path.read_text())
    final, _ = replay(record)
    assert final.over
    expected = [[[card_text(c) for c in final.sides[2 * s + p]] for p in (0, 1)] for s in range(9)]
    open_with_save(page, site_url, None)
    page.set_input_files(
        "#games-file",
        files=[
            {"name": "cli-game.json", "mimeType": "application/json", "buffer": path.read_bytes()}
        ],
    )
    page.wait_for_selector("#replay-bar", state="visible")
    assert re.fullmatch(r"Move (\d+) of \1", page.inner_text("#replay-step"))
    assert board(page) == expected
    page.click("#replay-first")
    assert page.inner_text("#replay-step") == "The deal"
    page.click("#replay-last")
    assert board(page) == expected
