"""Where the player is in the lessons, and the game put aside while one is under way.

A lesson plays at the table's session, so the game in progress is put aside first
(``<key>.aside``; "" when there was none) and comes back when the player leaves the lesson.
``<key>.lesson`` remembers where the player is: ``{"active": lesson id or null,
"at": {lesson id: step}, "done": [lesson ids]}``; a reload in the middle of a lesson starts
its step again. The steps themselves and their checks are ``lessons.py``.
"""

from __future__ import annotations

import json

from lessons import LESSONS
from lessons import lesson as lesson_of
from refusal import RequestError
from saves import progress_of
from stored import StorageRefused, as_storage, read_stored
from tutorial import Tutorial

from engine.actions import shown
from engine.state import Step

IDS = tuple(les.id for les in LESSONS)


class LessonProgress:
    """The page's lesson calls over ``storage``: ``session`` is the table's, ``saves`` its
    saves (``saves.py``), ``save()`` saves the game at the table as after any change, and
    ``warn`` hears of a storage that refused (the lesson goes on)."""

    def __init__(self, session, storage, saves, key: str, save, warn=print):
        self.session, self.storage, self.saves = session, as_storage(storage), saves
        self.key, self.save, self.warn = key, save, warn
        self.aside, self.progress_key = key + ".aside", key + ".lesson"
        self.tutorial = Tutorial(session)

    def progress(self) -> dict:
        data = self.storage.read(self.progress_key)  # none, or damaged: no progress kept
        if not isinstance(data, dict):
            data = {}
        at, done = data.get("at"), data.get("done")
        return {
            "active": data.get("active") if data.get("active") in IDS else None,
            "at": {k: v for k, v in at.items() if k in IDS and type(v) is int}
            if isinstance(at, dict)
            else {},
            "done": [d for d in done if d in IDS] if isinstance(done, list) else [],
        }

    def _set(self, **changes) -> None:
        text = json.dumps({**self.progress(), **changes})  # a bug here is no storage's
        try:
            self.storage.set(self.progress_key, text)
        except StorageRefused as e:  # storage full or blocked: the lesson goes on
            self.warn(f"could not remember the lesson: {e}")

    def _drop_aside(self) -> None:
        """The game put aside let go; a storage that refuses keeps it (nothing is lost)."""
        try:
            self.storage.remove(self.aside)
        except StorageRefused as e:
            self.warn(f"could not let go of the game put aside: {e}")

    def _out(self, out: dict) -> dict:
        """A lesson step's payload, with where the player is; done steps are remembered."""
        status = self.tutorial.status()
        if status and status["state"] == "done":
            prog = self.progress()
            k = status["step"] if status["last"] else status["step"] + 1
            done = prog["done"] + (
                [status["lesson"]]
                if status["last"] and status["lesson"] not in prog["done"]
                else []
            )
            self._set(at={**prog["at"], status["lesson"]: k}, done=done)
        return {**out, "lesson": status}

    def lessons(self) -> dict:
        """The lessons, and where the player is in each (the Learn dialog)."""
        prog = self.progress()
        words = self.session.words(None)
        return {
            "active": prog["active"],
            "lessons": [
                {
                    "id": les.id,
                    "title": words.t(f"lesson.{les.id}.title"),
                    "about": words.t(f"lesson.{les.id}.about"),
                    "steps": len(les.steps),
                    "at": prog["at"].get(les.id),
                    "done": les.id in prog["done"],
                }
                for les in LESSONS
            ],
        }

    def start(self, lesson_id, step=None) -> dict:
        """Step ``step`` of a lesson (default: where the player was). The game in progress
        is put aside, unless a lesson is already under way (it was, then)."""
        if lesson_id not in IDS:
            raise RequestError("unknown_lesson", value=shown(lesson_id))
        prog = self.progress()
        n = len(lesson_of(lesson_id).steps)
        step = prog["at"].get(lesson_id, 0) if step is None else step
        step = step if type(step) is int and 0 <= step < n else 0
        # A lesson begins: the game saved now is the player's. (Under way, it was put aside
        # already; if that was lost, what is saved now is the only game there is.)
        if (prog["active"] is None and not self.tutorial.active) or self.storage.get(
            self.aside
        ) is None:
            text = self.storage.get(self.key)
            try:
                self.storage.set(self.aside, text if text is not None else "")
            except StorageRefused:  # storage full: no lesson, the game is kept
                raise RequestError("no_room_aside") from None
        out = self.tutorial.load(lesson_id, step)
        self.save()
        self._set(active=lesson_id, at={**self.progress()["at"], lesson_id: step})
        return self._out(out)

    def status(self, look) -> dict:
        """Where the player is in the lesson (``look``: a stone tapped, or a list of them:
        the claims list opened). ``lesson`` is null when the table's game is not the
        lesson's."""
        if self.tutorial.lesson is not None and not self.tutorial.active:
            # Another game was dealt over the lesson's: the player chose it, so the lesson
            # is over and the game put aside for it is let go.
            self.tutorial.stop()
            self._set(active=None)
            self._drop_aside()
        for stone in look if isinstance(look, list) else [look]:
            self.tutorial.look(stone)  # anything but a stone 0-8 is no look
        return self._out({})

    def next(self) -> dict:
        """The next step, or ``finished`` after the last one."""
        if not self.tutorial.active:
            raise RequestError("no_lesson")
        les, k = self.tutorial.lesson, self.tutorial.k
        if k + 1 >= len(les.steps):
            return {
                "finished": True,
                "lesson": self.tutorial.status(),
                "waiting": self.game_waiting(),
            }
        return self.start(les.id, k + 1)

    def game_waiting(self) -> bool:
        """Is a game in progress put aside for the lesson (cards played, not over)? A
        first visit's deal, untouched, is none."""
        text = self.storage.get(self.aside)
        progress = progress_of(text)
        if progress is None:
            return False
        step = (read_stored(text).get("position") or {}).get("step")
        return step != Step.OVER and (progress["cards"] > 0 or progress["round"] > 1)

    def leave(self, fresh_game) -> dict:
        """Leave the lesson: the game put aside comes back (none, or one that cannot be
        resumed: ``fresh_game()`` deals one)."""
        self.tutorial.stop()
        self._set(active=None)
        text = self.storage.get(self.aside)
        if text:
            out = self.session.resume(text, keep_language=True)
            if out is not None:
                if self.saves.write(self.session.save_data()) == "saved":
                    self._drop_aside()
                return {"restored": True, **out}
            self.warn("the game put aside could not be resumed")
        self._drop_aside()
        return {"restored": False, **fresh_game()}

    def resume(self) -> dict:
        """After a reload: the lesson under way starts its step again (``lesson`` null:
        none)."""
        active = self.progress()["active"]
        return {"lesson": None} if active is None else self.start(active)
