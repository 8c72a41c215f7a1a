"""The Puzzles screen's Python: the puzzle on the table, the player's answer judged, the
hint, the next puzzle and the puzzle of the day, and the rating and streak kept on the
device (``puzzle_progress.py``).

The page fetches ``puzzles.json`` the first time the player opens the Puzzles (never at
boot) and hands its text to ``load``. A puzzle is put on the table's session as a lesson's
step is (``Session.play_position``), with the game in progress kept aside
(``<key>.puzzle_aside``) until the player leaves. An answer is judged, never played: the
position stays for another try, and only the first answer to a puzzle moves the rating.
The engine words the task, the hint and the verdict (``engine.puzzles.answer``).
"""

from __future__ import annotations

import json

import puzzle_progress as progress
from refusal import RequestError
from stored import StorageRefused, as_storage, read_stored

from engine import position_to_json
from engine.actions import shown
from engine.puzzles import decode
from engine.puzzles.answer import hint, judge, task

FORMAT = "schotten-totten/puzzles"
SETTINGS = {"opponent": "ai", "ai_seat": 1, "ai_level": "easy", "autoclaim": False, "names": None}


def plays_in(code: str) -> int:
    """How many plays a puzzle offers, read from its text (cards in hand times stones with
    room on South's side), without reading the position."""
    fields = code.split(";")
    sides = fields[2].split(",")
    rooms = sum(1 for s in range(9) if fields[3][s] == "x" and len(sides[2 * s]) < 3)
    return len(fields[1]) * rooms


class PuzzleDesk:
    """The puzzle calls over ``storage``; ``session`` is the table's, ``save()`` saves it."""

    def __init__(self, session, storage, key: str, save, warn=print):
        self.session, self.storage, self.save, self.warn = session, as_storage(storage), save, warn
        self.progress_key, self.aside = key + ".puzzles", key + ".puzzle_aside"
        self.key = key
        self.codes: list[str] = []
        self.ratings: list[int] = []
        self.index: int | None = None
        self.puzzle = None
        self.daily: str | None = None
        self.verdict: dict | None = None
        self.hinted: str | None = None
        self.answered = False
        self._events = None

    @property
    def active(self) -> bool:
        """Is the table's game this puzzle's (no other game dealt over it)?"""
        return self.puzzle is not None and self.session.action_events is self._events

    def progress(self) -> dict:
        return progress.read(self.storage.get(self.progress_key))

    def load(self, text) -> dict:
        """Read the puzzles' file (its text, as fetched); a damaged one is refused."""
        doc = read_stored(text)
        codes = doc.get("puzzles") if isinstance(doc, dict) else None
        if (
            not isinstance(doc, dict)
            or doc.get("format") != FORMAT
            or not isinstance(codes, list)
            or not codes
            or not all(isinstance(c, str) and c.count(";") == 6 for c in codes)
        ):
            raise RequestError("puzzles_damaged")
        self.codes = codes
        self.ratings = [progress.puzzle_rating(_kind(c), plays_in(c)) for c in codes]
        return {"count": len(codes)}

    def open(self, arg) -> dict:
        """A puzzle on the table: ``{"index": i}``, ``{"daily": "YYYY-MM-DD"}`` (the puzzle
        of the day) or ``{}`` (the next one for this player)."""
        if not self.codes:
            raise RequestError("puzzles_not_loaded")
        arg = arg if isinstance(arg, dict) else {}
        daily = arg.get("daily")
        if daily is not None:
            if type(daily) is not str or len(daily) != 10:
                raise RequestError("bad_argument", name="puzzle_open")
            index = progress.daily_index(daily, len(self.codes))
        elif "index" in arg:
            index = arg["index"]
            if type(index) is not int or not 0 <= index < len(self.codes):
                raise RequestError("unknown_puzzle", value=shown(index))
        else:
            index = progress.next_index(self.progress(), self.ratings)
        self._put_aside()
        self.index, self.daily = index, daily
        self.puzzle = decode(self.codes[index])
        self.verdict = self.hinted = None
        self.answered = False
        payload = self.session.play_position(position_to_json(self.puzzle.state), SETTINGS)
        self._events = self.session.action_events
        self.save()
        return self._out(payload)

    def _put_aside(self) -> None:
        """The game in progress, kept while puzzles are on the table (once: a second puzzle
        keeps the game put aside for the first)."""
        if self.active and isinstance(self.storage.get(self.aside), str):
            return
        text = self.storage.get(self.key)
        try:
            self.storage.set(self.aside, text if isinstance(text, str) else "")
        except StorageRefused:  # storage full: no puzzle, the game is kept
            raise RequestError("no_room_aside_puzzle") from None

    def answer(self, action, have=None) -> dict:
        """The player's move judged (not played); the first answer moves the rating."""
        p = self._need()
        self.verdict = judge(p, action, self.session.words(None))
        if not self.answered and not self.verdict["refused"]:
            self.answered = True
            self._record(self.verdict["ok"])
        return self._out(self.session.payload(0, have))

    def _record(self, solved: bool) -> None:
        after = progress.record(
            self.progress(), self.ratings[self.index], solved, self.index, self.daily
        )
        text = json.dumps(after)  # a bug here is no storage's
        try:
            self.storage.set(self.progress_key, text)
        except StorageRefused as e:  # storage full or blocked: play goes on
            self.warn(f"could not remember the puzzle: {e}")

    def hint(self) -> dict:
        p = self._need()
        self.hinted = hint(p, self.session.words(None))
        return self._out({})

    def _need(self):
        if not self.active:
            raise RequestError("no_puzzle")
        return self.puzzle

    def status(self) -> dict | None:
        """The puzzle on show, worded for the panel (``None``: no puzzle at the table)."""
        if not self.active:
            return None
        p, words = self.puzzle, self.session.words(None)
        prog = self.progress()
        return {
            "index": self.index,
            "count": len(self.codes),
            "kind": p.kind,
            "daily": self.daily,
            "title": words.t(f"puzzle.kind.{p.kind}"),
            "task": task(p, words),
            "hint": self.hinted,
            "verdict": self.verdict,
            "solved": None if self.verdict is None else self.verdict["ok"],
            "rating": round(prog["rating"]["rating"]),
            "streak": prog["streak"],
            "words": {
                "count": words.t("puzzle.count", k=self.index + 1, n=len(self.codes)),
                "rating": words.t(
                    "puzzle.rating", rating=round(prog["rating"]["rating"]), n=prog["streak"]
                ),
            },
        }

    def _out(self, out: dict) -> dict:
        return {**out, "puzzle": self.status()}

    def leave(self, fresh_game) -> dict:
        """Leave the puzzles: the game put aside comes back (or ``fresh_game()``)."""
        self.puzzle = self._events = None
        text = self.storage.get(self.aside)
        self._drop_aside()
        if isinstance(text, str) and text:
            out = self.session.resume(text, keep_language=True)
            if out is not None:
                self.save()
                return {"restored": True, **out}
            self.warn("the game put aside could not be resumed")
        return {"restored": False, **fresh_game()}

    def take_aside(self) -> str | None:
        """After a reload: the game put aside for the puzzles (``""``: there was none), let go
        of; ``None`` when the puzzles were not open."""
        text = self.storage.get(self.aside)
        if not isinstance(text, str):
            return None
        self._drop_aside()
        return text

    def _drop_aside(self) -> None:
        """The game put aside let go; a storage that refuses keeps it (nothing is lost)."""
        try:
            self.storage.remove(self.aside)
        except StorageRefused as e:
            self.warn(f"could not let go of the game put aside: {e}")

    def statistics(self, words) -> dict | None:
        """The puzzles' line in the statistics (``None`` before the first one)."""
        prog = self.progress()
        if not prog["solved"] and not prog["failed"]:
            return None
        return {
            "text": words.t(
                "stats.puzzles",
                rating=round(prog["rating"]["rating"]),
                n=prog["solved"],
                failed=prog["failed"],
            ),
            "streak": words.t("stats.puzzle_streak", n=prog["streak"], top=prog["best_streak"]),
        }


def _kind(code: str) -> str:
    return {"c": "claim", "s": "save", "w": "win"}.get(code[:1], "claim")
