"""Statistics kept on the device: games, wins, draws and losses per opponent level, streaks,
and how many games had take-backs. Pure Python (tested in ``tests/test_session_review.py``);
``app.py`` keeps the document in localStorage next to the save and adds each finished match
once.

A document: ``{"version": 1, "opponents": {level: counts}, "streak": n, "best_streak": n}``
where ``counts`` is ``{"games", "wins", "draws", "losses", "takebacks"}`` and ``streak``
counts the human's wins in a row against the computer (negative: losses in a row). Games
on one device count as games (who won is not the device owner's result); a game against a
friend on another device (``remote``) counts this device's player's result, outside the
streaks.

>>> s = add(empty(), {"human": 0, "winner": 0, "level": "easy", "takebacks": 0})
>>> s = add(s, {"human": 0, "winner": 0, "level": "hard", "takebacks": 2})
>>> s["opponents"]["hard"], s["streak"], s["best_streak"]
({'games': 1, 'wins': 1, 'draws': 0, 'losses': 0, 'takebacks': 1}, 2, 2)
"""

from __future__ import annotations

import json

from stored import read_stored

VERSION = 1
OPPONENTS = ("easy", "medium", "hard", "friend", "remote")
COUNTS = ("games", "wins", "draws", "losses", "takebacks")


def empty() -> dict:
    return {"version": VERSION, "opponents": {}, "streak": 0, "best_streak": 0}


def read(text) -> dict:
    """The document stored as ``text``; a missing or damaged one reads as empty (counts that
    cannot be trusted are started again rather than shown wrong)."""
    data = read_stored(text)  # none, or damaged: read as empty
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return empty()
    out = empty()
    for level, counts in (data.get("opponents") or {}).items():
        if level in OPPONENTS and isinstance(counts, dict):
            out["opponents"][level] = {k: _count(counts.get(k)) for k in COUNTS}
    for k in ("streak", "best_streak"):
        v = data.get(k)
        out[k] = v if type(v) is int else 0
    return out


def _count(v) -> int:
    return v if type(v) is int and v >= 0 else 0


def add(stats: dict, game: dict) -> dict:
    """``stats`` with one finished match added: ``game`` has ``human`` (the human's seat
    against the computer or a friend's device, None on one device), ``winner`` (a seat or
    None for a draw), ``level`` (the computer's, or ``remote``) and ``takebacks``."""
    out = read(json.dumps(stats))
    human, winner = game.get("human"), game.get("winner")
    level = game.get("level") if human is not None else "friend"
    if level not in OPPONENTS:
        return out
    counts = out["opponents"].setdefault(level, dict.fromkeys(COUNTS, 0))
    counts["games"] += 1
    counts["takebacks"] += 1 if game.get("takebacks") else 0
    if human is None:
        return out
    result = "draws" if winner is None else "wins" if winner == human else "losses"
    counts[result] += 1
    if level == "remote":  # the streaks are against the computer
        return out
    out["streak"] = (
        0
        if winner is None
        else max(out["streak"], 0) + 1
        if winner == human
        else min(out["streak"], 0) - 1
    )
    out["best_streak"] = max(out["best_streak"], out["streak"])
    return out


def rows(stats: dict, words) -> dict:
    """The statistics worded for the page: one row per opponent played, and the streaks."""
    out = []
    for level in OPPONENTS:
        c = stats["opponents"].get(level)
        if not c:
            continue
        row = {"opponent": words.t(f"stats.vs.{level}"), **c}
        row["text"] = words.t(
            "stats.row.friend" if level == "friend" else "stats.row",
            n=c["games"],
            wins=c["wins"],
            draws=c["draws"],
            losses=c["losses"],
        )
        if c["takebacks"]:
            row["takebacks_text"] = words.t("stats.takebacks", n=c["takebacks"])
        out.append(row)
    s = stats["streak"]
    streak = (
        words.t("stats.streak.wins", n=s)
        if s > 0
        else words.t("stats.streak.losses", n=-s)
        if s < 0
        else None
    )
    best = words.t("stats.best_streak", n=stats["best_streak"]) if stats["best_streak"] else None
    return {
        "rows": out,
        "streak": streak,
        "best": best,
        "empty": None if out else words.t("stats.none"),
    }


__all__ = ["OPPONENTS", "VERSION", "add", "empty", "read", "rows"]
