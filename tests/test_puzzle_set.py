"""The puzzles that ship (web/puzzles.json, made by tools/puzzles.py): every one re-proved
by the exact search to have exactly one solution, the file's size, and the page's rating
(Glicko-2 against the paper's worked example), puzzle of the day and streak."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

from engine.puzzles import decode, encode, solutions
from engine.puzzles.search import plays

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
import glicko  # noqa: E402 - web/ is not a package: the page's own modules
import puzzle_progress as progress  # noqa: E402

SHIPPED = ROOT / "web" / "puzzles.json"
DOC = json.loads(SHIPPED.read_text())
AT_LEAST = 500  # the target
MOST_BYTES = 80_000  # compressed


def test_the_shipped_file_holds_enough_puzzles_in_little_room():
    assert DOC["format"] == "schotten-totten/puzzles" and DOC["version"] == 1
    codes = DOC["puzzles"]
    assert len(codes) >= AT_LEAST
    assert len(set(codes)) == len(codes)
    assert len(gzip.compress(SHIPPED.read_bytes(), 9)) <= MOST_BYTES


def test_every_shipped_puzzle_is_re_proved_to_have_exactly_one_solution():
    wrong = []
    for i, code in enumerate(DOC["puzzles"]):
        p = decode(code)
        assert encode(p) == code
        found = solutions(p)
        if found != [p.move] or len(plays(p.state)) < 6:
            wrong.append((i, code, found))
    assert not wrong, wrong[:5]


def test_glicko2_gives_the_papers_worked_example():
    r = glicko.update(
        glicko.Rating(1500, 200, 0.06),
        [
            (glicko.Rating(1400, 30), 1),
            (glicko.Rating(1550, 100), 0),
            (glicko.Rating(1700, 300), 0),
        ],
        tau=0.5,
    )
    # Glickman's example: r' = 1464.06, RD' = 151.52, sigma' = 0.05999 (rounded steps).
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.deviation == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    r = glicko.update(glicko.Rating(1500, 200, 0.06), [])
    assert r.rating == 1500 and r.deviation == pytest.approx(200.27, abs=0.01)


def test_solving_raises_the_rating_and_the_streak_and_failing_ends_the_streak():
    p = progress.empty()
    for i in range(3):
        p = progress.record(p, 1400, True, index=i)
    assert p["streak"] == p["best_streak"] == 3 and p["solved"] == 3
    assert p["rating"]["rating"] > 1500 and p["tried"] == [0, 1, 2]
    up = p["rating"]["rating"]
    p = progress.record(p, 1300, False, index=3, daily="2026-11-27")
    assert p["streak"] == 0 and p["best_streak"] == 3 and p["failed"] == 1
    assert p["rating"]["rating"] < up
    assert p["daily"] == {"date": "2026-11-27", "solved": False}
    assert progress.read(json.dumps(p)) == p


@pytest.mark.parametrize(
    "text", [None, "", "{", '{"version": 1, "rating": {"rating": "x"}}', "[1]"]
)
def test_damaged_progress_reads_as_a_fresh_start(text):
    p = progress.read(text)
    assert p["rating"]["rating"] == 1500 and p["streak"] == 0


def test_the_puzzle_of_the_day_comes_from_the_date_alone():
    n = 500
    days = [f"2026-12-{d:02d}" for d in range(1, 32)]
    picks = [progress.daily_index(d, n) for d in days]
    assert picks == [progress.daily_index(d, n) for d in days]  # the same, asked again
    assert all(0 <= i < n for i in picks) and len(set(picks)) > 25
    assert progress.daily_index("2026-11-27", 500) == 401  # fixed: every device agrees


def test_the_next_puzzle_is_the_untried_one_nearest_the_players_rating():
    ratings = [1200, 1500, 1520, 1800]
    p = progress.empty()
    assert progress.next_index(p, ratings) == 1
    p = progress.record(p, 1500, True, index=1)
    assert progress.next_index(p, ratings) == 3  # a first solve moves a new player far up
    p["tried"] = [0, 1, 2, 3]
    assert progress.next_index(p, ratings) in range(4)
