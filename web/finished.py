"""Finished games kept on the device: the list of recent games (each with its record, for
the replay) and the statistics (``stats.py``), in the page's storage next to the save.

>>> from saves import MemoryStore
>>> shelf = Finished(MemoryStore(), "k")
>>> shelf.games(), shelf.statistics_of(None)["version"]
([], 1)
"""

from __future__ import annotations

import json

import stats
from stored import StorageRefused, as_storage

from engine import match_winner
from engine.narrate import variant_text
from engine.state import Step

MAX_GAMES = 20


def result_line(st, words) -> str:
    """Who won a finished game, in the reader's words ("You won 5-2"): a single game has no
    score to tell, a match of rounds has its points."""
    winner = match_winner(st.scores)
    game = "_game" if st.rules.rounds == 1 else ""
    if winner is None:
        return words.t(f"games.draw{game}", a=st.scores[0], b=st.scores[1])
    return words.said(f"games.won{game}", winner, player=winner, a=st.scores[0], b=st.scores[1])


def finished_entry(match, words) -> dict | None:
    """A finished match for the list of recent games: who, result, points, record."""
    st = match.state
    if st is None or st.step != Step.OVER or match.actions is None:
        return None
    human = match.humans()[0] if match.settings["opponent"] == "ai" else None
    result = result_line(st, words)
    level = match.settings["ai_level"]
    opponent = words.t(f"games.vs_{level}") if human is not None else words.t("games.two_players")
    return {
        "opponent": opponent,
        "result": result,
        "winner": match_winner(st.scores),
        "human": human,
        "level": level if human is not None else None,
        "scores": st.scores[:],
        "takebacks": match.takebacks,
        "game": variant_text(st.rules, words),
        "record": match.record_json(),
    }


class Finished:
    """The recent games (``<key>.games``, newest first) and the statistics (``<key>.stats``)
    in ``storage``; ``warn`` hears of a storage that refused (the game goes on)."""

    def __init__(self, storage, key: str, warn=print):
        self.storage, self.warn = as_storage(storage), warn
        self.games_key, self.stats_key = key + ".games", key + ".stats"

    def games(self) -> list:
        games = self.storage.read(self.games_key)  # none, or damaged: no recent games
        return games if isinstance(games, list) else []

    def remember(self, entry: dict | None, date: str) -> None:
        """Keep a finished match in the list of recent games, and count it (once)."""
        if entry is None:
            return
        games = self.games()
        if any(isinstance(g, dict) and g.get("record") == entry["record"] for g in games):
            return
        entry = {**entry, "date": date}
        # Made before any write: a bug here is a bug, never told as a storage that refused
        # (and the game kept but never counted).
        games_text = json.dumps([entry, *games][:MAX_GAMES])
        stats_text = json.dumps(stats.add(stats.read(self.storage.get(self.stats_key)), entry))
        try:
            self.storage.set(self.games_key, games_text)
            # Counted once, with the game kept: the list above is what says it was counted.
            self.storage.set(self.stats_key, stats_text)
        except StorageRefused as e:  # storage full or blocked: the game goes on
            self.warn(f"could not keep the finished game: {e}")

    def statistics_of(self, words) -> dict:
        data = stats.read(self.storage.get(self.stats_key))
        return data if words is None else stats.rows(data, words)

    def reset(self) -> None:
        try:
            self.storage.remove(self.stats_key)
        except StorageRefused as e:  # storage blocked: nothing was kept to reset
            self.warn(f"could not reset the statistics: {e}")
