"""Who played a match: the opponent, the computer's seat and level, or the names given on a
shared device, as the save and the game record (docs/formats.md) keep them.

>>> players_of({"opponent": "ai", "ai_seat": 1, "ai_level": "hard"})
{'opponent': 'ai', 'ai_seat': 1, 'ai_level': 'hard'}
>>> names_of(["  Ann ", ""])
['Ann', '']
"""

from __future__ import annotations

AI_LEVELS = ("easy", "medium", "hard")
MAX_NAME = 20  # characters of a player's name


def players_of(settings) -> dict:
    """Who played, for a record (docs/formats.md): the opponent, the computer's seat and
    level, or the names given on a shared device."""
    if settings.get("opponent") == "ai":
        return {"opponent": "ai", "ai_seat": settings["ai_seat"], "ai_level": settings["ai_level"]}
    return {"opponent": "human", "names": settings.get("names")}


def read_players(value) -> dict | None:
    """A record's ``players`` as far as it can be read (``None``: not said, or not readable:
    the record is shown with South and North)."""
    if not isinstance(value, dict):
        return None
    if value.get("opponent") == "ai":
        seat = (
            value.get("ai_seat")
            if value.get("ai_seat") in (0, 1) and type(value.get("ai_seat")) is int
            else 1
        )
        level = value.get("ai_level") if value.get("ai_level") in AI_LEVELS else None
        return {"opponent": "ai", "ai_seat": seat, "ai_level": level}
    if value.get("opponent") == "human":
        return {"opponent": "human", "names": names_of(value.get("names"))}
    if value.get("opponent") == "remote":  # a friend on another device (engine/remote)
        seat = value.get("seat") if type(value.get("seat")) is int else None
        return {
            "opponent": "remote",
            "names": names_of(value.get("names")),
            "seat": seat if seat in (0, 1) else None,
        }
    return None


def names_of(value):
    """Two players' names on a shared device, trimmed (``None``: South and North)."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    names = [v.strip()[:MAX_NAME] if isinstance(v, str) else "" for v in value]
    return names if any(names) else None
