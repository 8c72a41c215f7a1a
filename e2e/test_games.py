"""Complete games through the card table's UI: one against the computer, then two players
passing the device, one after the other in one page (one Pyodide boot for the file): each
game is dealt by the new-game dialog, from a fixed seed (``?seed=``), and played by a seeded
``Driver``, so that a run plays the same games as the last.

The suite's game of two players has tactic cards and Expert claims (every check of the
hotseat games: the hidden hand at each handover, claims, decks chosen, the end, the rematch);
the soak run (``python -m pytest -m soak tests e2e``, README) also plays the base game."""

import re

import pytest

from tools import main_thread
from tools.table import Driver, body, py, start_new_game, table_for_a_new_game

# The page's stalls are measured here: V8's optimising compiler kept (e2e/conftest.py browser).
pytestmark = pytest.mark.full_speed

DEAL = "&seed=8"  # every game of the file dealt from seed 8


@pytest.fixture
def page(shared_page):
    return shared_page


def hidden_hand_check(site_url):
    """During the handover screen the next player's hand must not be in the page at all."""

    def check(page):
        assert page.locator("#hand .card").count() == 0
        nxt = int(page.get_attribute("#handover", "data-seat"))
        secret = py(page, "state", {"seat": nxt})["view"]["hand"]
        html = page.content()
        for card in secret:
            if card == "Joker":  # two identical Jokers: one may be on the table
                continue
            assert f'data-card="{card}"' not in html, f"{card} from the hidden hand is in the DOM"
        check.count += 1

    check.count = 0
    return check


def finish_and_check_end(page):
    page.wait_for_selector("#dlg-end[open]")
    title = page.inner_text("#end-title")
    assert re.search(r"wins|draw", title, re.IGNORECASE), title
    # A single game is a game: no match, no score; the stones each side won.
    assert "match" not in title.lower(), title
    assert page.locator("#end-scores tfoot").count() == 0
    assert page.inner_text("#end-scores tbody th") == "Stones won"
    assert "Round 1" not in page.inner_text("#dlg-end")
    log = page.evaluate("() => [...document.querySelectorAll('#log li')].map(e => e.textContent)")
    assert not any("match" in line for line in log), log
    return title


def test_against_the_computer_without_stalls(page, site_url):
    table_for_a_new_game(page, site_url, DEAL)
    start_new_game(page, opponent="ai", tactics=True, autoclaim=True)
    # The main thread's tasks from here on (their thread time): the AI thinks in its worker.
    mark_now = main_thread.start(page)
    d = Driver(page, seed=5)
    d.play_until_over()
    tasks = main_thread.stop(page, mark_now)
    assert body(page, "mode") == "ai"
    assert page.locator("#handover").is_hidden()
    finish_and_check_end(page)
    log = page.inner_text("#log")
    assert "The computer played" in log and "You played" in log
    spans = page.evaluate("() => window.__aiSpans")
    assert len(spans) >= 10, "the computer chose its moves in the worker"
    # While the worker chooses, the main thread must never work for 100 ms or more at once.
    worst = main_thread.busiest(tasks, spans)
    assert worst.cpu < 100, (
        f"main thread busy for {worst.cpu:.0f} ms ({worst.wall:.0f} ms of wall time)"
    )
    # Applying and drawing a move happens on the main thread; a generous bound keeps it honest.
    worst = main_thread.busiest(tasks)
    assert worst.cpu < 1000, f"a task took {worst.cpu:.0f} ms ({worst.wall:.0f} ms of wall time)"


# Two players at one device: the options, the driver's seed, what the driver must have done.
HOTSEAT = {
    "tactics_expert": ({"tactics": True, "expert": True, "starter": "1"}, 8, {"claim", "draw"}),
    "base": ({"tactics": False}, 3, {"claim"}),
}


@pytest.mark.parametrize(
    "kind", [pytest.param("tactics_expert"), pytest.param("base", marks=pytest.mark.soak)]
)
def test_two_players(page, site_url, screenshot, kind):
    options, seed, done = HOTSEAT[kind]
    table_for_a_new_game(page, site_url, DEAL)
    start_new_game(page, opponent="human", **options)
    check = hidden_hand_check(site_url)
    d = Driver(page, seed=seed, on_handover=check)
    d.play_until_over()
    assert check.count >= 10, "the device was passed at every turn"
    assert done <= d.seen, f"{done - d.seen} never done"  # a claim; a deck chosen
    finish_and_check_end(page)
    screenshot(page, f"game-end-two-players-{kind}")
    # Rematch deals a new game: the starter is asked to take the device.
    page.click("#end-next")
    page.wait_for_selector("#handover", state="visible")
    assert body(page, "step") == "play"
