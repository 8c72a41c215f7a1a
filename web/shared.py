"""Games shared as links (engine/gamelink.py, docs/formats.md "Game links"): the link of the
game at the table or of the one opened, a link opened in the replay viewer (a whole game, or
a position from its sharer's seat), and play on from that position against the computer.

>>> from engine import new_game
>>> p = Position(new_game(seed=2), 1, "hard")
>>> p.modes, p.steps, p.players["ai_seat"]
(['1'], [(0, None)], 0)
"""

from __future__ import annotations

import json

from refusal import RecordError

from engine import GameError, position_to_json, view
from engine.gamelink import game_link, position_link, read_link

LEVELS = ("easy", "medium", "hard")


class Position:
    """A position link opened: one step, seen only from the seat that shared it (the other
    hand and the decks' order were dealt at random when it was read: never shown)."""

    def __init__(self, state, seat: int, level: str):
        self.state, self.seat = state, seat
        self.modes = [str(seat)]
        self.final, self.events, self.states = state, [], [state]
        self.steps: list[tuple[int, int | None]] = [(0, None)]
        self.over = False
        self.players = {"opponent": "ai", "ai_seat": 1 - seat, "ai_level": level, "names": None}

    def moves(self, seat, words) -> list[dict]:
        return []

    def view(self, k: int, mode: str) -> dict:
        return view(self.state, self.seat)


def open_link(viewer, text) -> dict:
    """Open a game link (``#game=…``): a whole game as an opened record, a position as a
    ``Position``; a damaged link is ``RecordError("link_bad")`` with the engine's reason."""
    try:
        kind, got = read_link(text)
    except GameError as e:
        raise RecordError("link_bad", inner=e) from None
    if kind == "game":
        return viewer.open_record(json.dumps(got))
    state, seat, players = got
    level = players.get("ai_level") if players.get("ai_level") in LEVELS else "medium"
    viewer.opened = Position(state, seat, level)
    viewer.opened_players = viewer.opened.players
    viewer.opened_record = None
    return viewer.info("opened", str(seat))


def share_link(viewer, source) -> dict:
    """The link of ``source`` ("game": the game at the table; "opened"): a finished game
    whole, a game in progress as the position its player sees (``kind`` says which)."""
    if source == "opened":
        opened = viewer.opened
        if isinstance(opened, Position):
            return _position(opened.state, opened.seat, opened.players["ai_level"])
        viewer.source("opened")  # refused by name when nothing is open
        return {"link": game_link(viewer.opened_record), "kind": "game"}
    viewer.source("game")  # a game with no record, or another source, refused by name
    m = viewer.match
    if m.state.over:
        return {"link": game_link(m.record_json()), "kind": "game"}
    ai = m.settings["opponent"] == "ai"
    seat = m.humans()[0] if ai else m.state.to_move  # on a shared device: the player holding it
    return _position(m.state, seat, m.settings["ai_level"] if ai else None)


def _position(state, seat: int, level) -> dict:
    players = {"opponent": "ai", "ai_level": level} if level else {}
    return {"link": position_link(state, seat, players), "kind": "position"}


def play_from_here(viewer) -> tuple[dict, dict]:
    """The opened position and the settings to play it on: its sharer's seat against the
    computer at the sharer's level (the table's ``Match.play_position``)."""
    opened = viewer.opened
    if not isinstance(opened, Position):
        raise RecordError("no_position")
    settings = {
        "opponent": "ai",
        "ai_seat": 1 - opened.seat,
        "ai_level": opened.players["ai_level"],
    }
    return position_to_json(opened.state), settings
