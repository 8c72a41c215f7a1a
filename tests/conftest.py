"""Fixtures shared by the CPython tests."""

from pathlib import Path

import pytest

from tests.fake_browser import open_tab as _open_tab


@pytest.fixture
def open_tab(monkeypatch):
    """``open_tab(storage=None)`` -> a new tab of the page (``tests/fake_browser.py``)."""
    return lambda storage=None: _open_tab(monkeypatch, storage)


# The quick loop (`bash scripts/test.sh -m "not slow"`, README) is for seconds: these seeded
# whole games, searches and corpora took 4-9 s each there (session 23), and the full run plays
# them still. The quick loop keeps a game of each protocol (base, tactics), one seeded chunk of
# random games (base) and every position-by-position rules test.
FULL_RUN_ONLY = {
    "test_ai.py::test_decision_ignores_hidden_cards[hard]",
    "test_ai.py::test_search_is_reproducible_for_a_seed_and_budget",
    "test_ai.py::test_arena_run_in_parts_is_the_whole_run",
    "test_bench.py::test_against_a_revision_measures_both_engines[1]",
    "test_duo_games.py::test_a_finished_game_is_kept_counted_once_replayed_and_reviewed",
    "test_duo_games.py::test_a_record_of_a_duo_game_opens_from_a_file",
    "test_endgame.py::test_hard_plays_a_winning_endgame_move",
    "test_random_play.py::test_random_games_keep_every_invariant[base-expert-0]",
    "test_random_play.py::test_random_games_keep_every_invariant[tactics-0]",
    "test_random_play.py::test_random_games_keep_every_invariant[tactics-expert-0]",
    "test_remote_games.py::test_whole_games_of_every_kind[expert-sample]",
    "test_remote_games.py::test_whole_games_of_every_kind[match-sample]",
    "test_remote_games.py::test_whole_games_of_every_kind[tactics_expert-sample]",
    "test_remote_games.py::test_whole_games_of_every_kind[tactics_match-sample]",
    "test_remote_record.py::test_the_round_as_a_seat_saw_it_ends_where_its_device_is"
    "[tactics_match-sample]",
    "test_remote_saves.py::test_a_damaged_save_is_refused_by_name_or_usable",
    "test_shared_search.py::test_one_worker_s_share_merges_to_the_move_its_search_plays",
    "test_soak.py::test_a_small_soak_of_every_kind_of_game",
}


def pytest_collection_modifyitems(config, items):
    for name in FULL_RUN_ONLY:  # a renamed test must not slip back into the quick loop
        file, function = name.split("::")[0], name.split("::")[1].split("[")[0]
        if f"def {function}(" not in (Path(__file__).parent / file).read_text():
            raise pytest.UsageError(f"tests/conftest.py FULL_RUN_ONLY: no test {name}")
    for item in items:
        if f"{item.path.name}::{item.name}" in FULL_RUN_ONLY:
            item.add_marker(pytest.mark.slow)
