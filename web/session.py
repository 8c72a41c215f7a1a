"""The table's session: what each of the page's calls does, in a line or two over the parts.

A click's path: the page's call (``app.py``) -> here -> the match acts (``match.py``) ->
the engine applies it and tells its events -> the presenter words the payload for the seat
on show (``presenter.py``) -> the page. The other parts: the save's content
(``savegame.py``), records (``replay.py``), finished games (``finished.py``); the replay
viewer (``viewer.py``), the review (``review.py``) and the game links (``shared.py``) are
imported on first use: in the browser they come with their part (``part-replay.zip``,
web/parts.py), which the page loads before it asks. Pure Python (no browser imports),
tested under CPython.

>>> s = Session()
>>> p = s.new_game({"opponent": "human", "tactics": False, "seed": 4})
>>> p["view"]["step"], p["handover"]
('play', 0)
"""

from __future__ import annotations

import json

import savegame
from ai_requests import AI_BUDGETS, HINT_BUDGET, ai_request, hint_request
from finished import finished_entry
from match import Match
from presenter import Presenter
from refusal import RequestError, worded
from saves import SaveError
from takeback import undone_text

from engine import parse_card
from engine.narrate import advice_line, move_text

SAVE_KEY = "schotten-totten.save"  # the format: web/saves.py and docs/formats.md


def _match_fact(name: str) -> property:
    return property(
        lambda self: getattr(self.match, name), lambda self, value: setattr(self.match, name, value)
    )


class Session:
    """One match at the table and what the page is shown of it."""

    def __init__(self):
        self.match = Match()
        self.presenter = Presenter(self.match)
        self._review = None  # the review and the replay viewer, made on first use
        self._viewer = None

    @property
    def review(self):
        """The review of the game at the table and of opened records (web/review.py)."""
        if self._review is None:
            from review import Review  # the replay's part: loaded on first use

            self._review = Review(self.presenter.words, self.presenter.seat_words)
        return self._review

    @property
    def viewer(self):
        """The replay viewer (web/viewer.py), made on first use."""
        if self._viewer is None:
            from viewer import Viewer  # the replay's part: loaded on first use

            self._viewer = Viewer(self.match, self.presenter.words, self.review)
        return self._viewer

    def _close_opened(self) -> None:
        """Another game on the table: an opened record or position link is closed."""
        if self._viewer is not None:
            self._viewer.opened = None

    # The match's facts, read (and, in tests, set) through the session.
    state = _match_fact("state")
    settings = _match_fact("settings")
    actions = _match_fact("actions")
    takebacks = _match_fact("takebacks")
    start = _match_fact("start")
    action_events = _match_fact("action_events")
    events = property(lambda self: self.match.events)

    def humans(self) -> list[int]:
        return self.match.humans()

    def first_seat(self):
        return self.match.first_seat()

    def seat_after(self, actor):
        return self.match.seat_after(actor)

    def takeback_start(self, p):
        return self.match.takeback.start(p)

    def words(self, seat):
        return self.presenter.words(seat)

    def error_text(self, e) -> str:
        """A refusal in players' words, from its code and details (never its English text)."""
        return worded(e, self.words(None))

    # ------------------------------------------------------------ playing

    # Each call that answers with the table takes ``have``: the log lines the page holds
    # (``{log_key: n}``, told with the call: app.py), so the payload carries only the lines
    # after them. None: the whole log.

    def payload(self, seat, have=None) -> dict:
        """The table for ``seat`` (``None``: the public table, as under the handover screen)."""
        if seat is not None and (type(seat) is not int or seat not in (0, 1)):
            raise RequestError("bad_seat", value=json.dumps(seat)[:20])
        if self.match.state is None:
            raise RequestError("no_game")
        return self.presenter.payload(seat, have)

    def new_game(self, options, have=None) -> dict:
        self.match.new_game(options)
        return self.payload(self.match.first_seat(), have)

    def rematch(self, have=None) -> dict:
        """A new match with the same options; the other player starts."""
        if self.match.state is None:
            raise RequestError("no_game")
        return self.new_game(self.match.rematch_options(), have)

    def act(self, action_json, seat, have=None) -> dict:
        """Apply one action for ``seat`` (or whoever is to move when ``None``)."""
        return self.payload(self.match.act(action_json, seat), have)

    def take_back(self, p, have=None) -> dict:
        """Take back player ``p``'s last turn (and the computer's reply); against the
        computer ``undone`` says so in words, for the page to tell (a shared device shows
        the handover screen instead)."""
        undone = self.match.takeback.take_back(p)
        self._close_opened()
        out = self.payload(self.match.first_seat(), have)
        if self.settings["opponent"] == "ai":
            out["undone"] = undone_text(undone, p, self.words(None))
        return out

    def set_option(self, name, value) -> dict:
        self.match.set_option(name, value)
        return {"ok": True}

    def play_position(self, position: dict, settings: dict) -> dict:
        """Play on from a prepared position (a lesson's step)."""
        self.match.play_position(position, settings)
        self._close_opened()
        return self.payload(self.match.first_seat())

    def ai_request(self) -> dict | None:
        return ai_request(self.match)

    def hint_request(self, seat) -> dict | None:
        return hint_request(self.match, seat)

    def hint_words(self, action, advice) -> dict:
        """A suggestion in words: ``what`` to do, and ``why`` in one sentence."""
        if (
            not isinstance(action, dict)
            or not isinstance(advice, dict)
            or not isinstance(advice.get("reason"), str)
        ):
            raise RequestError("bad_hint")
        words = self.words(None)
        timing = self.state.rules.claim_timing if self.state else "after_play"
        self.match.note_hint(action)  # a review never marks a followed hint
        return {"what": move_text(action, words, timing), "why": advice_line(advice, words)}

    # ------------------------------------------------------------ saving

    def save_data(self) -> dict:
        return savegame.save_data(self.match)

    def save_json(self) -> str:
        return json.dumps(self.save_data())

    def restore(self, text, have=None) -> dict:
        """Resume from a save of any shape ever written (tests/data/saves/); raise
        ``SaveError`` (worded from the catalogue) if it cannot be."""
        savegame.restore(self.match, text)
        self._close_opened()
        return self.payload(self.match.first_seat(), have)

    def resume(self, text, keep_language: bool = False) -> dict | None:
        """``restore``, or ``None`` for a save that cannot be resumed; with
        ``keep_language`` the table's language stays (a take-over, a game given back)."""
        lang = self.settings.get("lang", "en")
        try:
            self.restore(text)
        except SaveError:
            return None
        if keep_language:
            self.match.set_option("lang", lang)
        return self.payload(self.match.first_seat())

    # ------------------------------------------------------------ records, replay, review

    def record_json(self) -> dict:
        return self.match.record_json()

    def finished_entry(self) -> dict | None:
        return finished_entry(self.match, self.words(None))

    def open_record(self, text) -> dict:
        return self.viewer.open_record(text)

    def open_link(self, text) -> dict:
        """Open a game link: a whole game's replay, or a shared position (web/shared.py)."""
        import shared  # the replay's part: loaded on first use

        return shared.open_link(self.viewer, text)

    def share_link(self, source) -> dict:
        import shared

        return shared.share_link(self.viewer, source)

    def play_link(self, have=None) -> dict:
        """Play on from the opened position, its sharer's seat against the computer."""
        import shared

        position, settings = shared.play_from_here(self.viewer)
        self.match.play_position(position, settings)
        self._close_opened()
        return self.payload(self.match.first_seat(), have)

    def replay_info(self, source, mode) -> dict:
        return self.viewer.info(source, mode)

    def replay_view(self, source, mode, k) -> dict:
        return self.viewer.view(source, mode, k)

    def review_requests(self, source, seats=None) -> dict:
        """A finished game's decisions for the worker to weigh. Reviewed seats: the human
        against the computer, both players of a game on one device, or ``seats`` for an
        opened record."""
        replay, _ = self.viewer.source(source)
        if seats is None or source == "game":
            seats = self.humans() if source == "game" else [0, 1]
        hinted = self.match.hinted if source == "game" else ()
        return self.review.requests(replay, seats, hinted)

    def review_store(self, key, results, total=None) -> dict:
        return self.review.store(key, results, total)


__all__ = ["AI_BUDGETS", "HINT_BUDGET", "SAVE_KEY", "SaveError", "Session", "parse_card"]
