"""A player's puzzles on this device: the Glicko-2 rating, the streak, the puzzles tried,
and the puzzle of the day. Pure Python, kept by ``puzzles.py`` in localStorage.

The puzzle of the day comes from the date alone (a hash of its text), so every player
gets the same one on the same date with no server. A puzzle's own rating is fixed by its
kind and how many plays it offers (a search among more plays is harder).

>>> p = record(empty(), 1500, True)
>>> p["streak"], p["best_streak"], p["solved"], round(p["rating"]["rating"]) > 1500
(1, 1, 1, True)
>>> record(p, 1500, False)["streak"]
0
>>> daily_index("2026-11-27", 500) == daily_index("2026-11-27", 500)
True
"""

from __future__ import annotations

import hashlib
import json

from glicko import Rating, update
from stored import read_stored

VERSION = 1
# A fixed puzzle rating is as sure as a long-played one (Lichess' puzzles settle near 80).
PUZZLE_DEVIATION = 80.0
KIND_RATING = {"claim": 1200, "save": 1500, "win": 1600}
MAX_TRIED = 5000  # the indexes of the puzzles tried (more than ship): no unbounded growth


def empty() -> dict:
    return {
        "version": VERSION,
        "rating": Rating()._asdict(),
        "streak": 0,
        "best_streak": 0,
        "solved": 0,
        "failed": 0,
        "tried": [],
        "daily": {},
    }


def read(text) -> dict:
    """The document stored as ``text``; a missing or damaged one reads as a fresh start."""
    data = read_stored(text)
    out = empty()
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return out
    r = data.get("rating")
    if (
        isinstance(r, dict)
        and all(_number(r.get(k)) for k in Rating._fields)
        and r["deviation"] > 0
        and r["volatility"] > 0
    ):
        out["rating"] = {k: float(r[k]) for k in Rating._fields}
    for k in ("streak", "best_streak", "solved", "failed"):
        v = data.get(k)
        out[k] = v if type(v) is int and v >= 0 else 0
    tried = data.get("tried")
    if isinstance(tried, list):
        out["tried"] = [i for i in tried if type(i) is int and i >= 0][-MAX_TRIED:]
    daily = data.get("daily")
    if isinstance(daily, dict) and type(daily.get("date")) is str:
        out["daily"] = {"date": daily["date"], "solved": daily.get("solved") is True}
    return out


def _number(v) -> bool:
    return type(v) in (int, float) and v == v and abs(v) < 1e6


def puzzle_rating(kind: str, plays: int) -> int:
    """A puzzle's rating: its kind's, and 20 more for each play beyond six."""
    return KIND_RATING.get(kind, 1500) + 20 * max(0, plays - 6)


def record(progress: dict, rating: float, solved: bool, index=None, daily=None) -> dict:
    """``progress`` after a puzzle rated ``rating`` was solved at the first try (or not):
    the player's rating, the streak (puzzles solved in a row), the counts, and the puzzle
    ``index`` marked tried; ``daily`` (a date's text) when it was the puzzle of the day."""
    out = read(json.dumps(progress))
    me = Rating(**out["rating"])
    after = update(me, [(Rating(rating, PUZZLE_DEVIATION), 1.0 if solved else 0.0)])
    out["rating"] = after._asdict()
    out["streak"] = out["streak"] + 1 if solved else 0
    out["best_streak"] = max(out["best_streak"], out["streak"])
    out["solved" if solved else "failed"] += 1
    if index is not None and index not in out["tried"]:
        out["tried"] = (out["tried"] + [index])[-MAX_TRIED:]
    if daily is not None:
        out["daily"] = {"date": daily, "solved": solved}
    return out


def daily_index(date: str, count: int) -> int:
    """The puzzle of the day for ``date`` (``YYYY-MM-DD``): the same for everyone."""
    digest = hashlib.sha256(f"schotten-totten/puzzle-of-the-day/{date}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def next_index(progress: dict, ratings: list[int]) -> int:
    """The next puzzle: of those not tried yet, the one rated nearest the player (the first
    such in the file); once every one was tried, they come round again."""
    tried = set(progress["tried"])
    me = progress["rating"]["rating"]
    left = [i for i in range(len(ratings)) if i not in tried] or list(range(len(ratings)))
    return min(left, key=lambda i: (abs(ratings[i] - me), i))
