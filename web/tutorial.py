"""The lesson under way at the table's session: which step, what the player did since it
began, and whether the step is to do, done or missed (the lessons themselves: ``lessons.py``).

>>> t = Tutorial()
>>> t.load("basics", 0)["view"]["to_move"]
0
>>> t.status()["state"]
'todo'
>>> _ = t.session.act({"kind": "play", "card": "R9", "stone": 4}, 0)
>>> t.status()["state"]
'done'
"""

from __future__ import annotations

from lessons import LESSONS, PLAYER, SETTINGS, Lesson, Step, lesson, position, progress
from refusal import RequestError
from session import Session

from engine import view
from engine.actions import shown
from engine.narrate import claim_line


class Tutorial:
    """The lesson being played at the table's session: which step, and what the player did
    since it began. The session's game is the lesson's only while its events list is the
    one this step started with (a new game or a restored save replaces that list)."""

    def __init__(self, session: Session | None = None):
        self.session = session or Session()
        self.lesson: Lesson | None = None
        self.k = 0
        self._events = None  # the session's action_events list of the lesson's game
        self._looks: list = []  # (number of actions before it, look event)

    @property
    def active(self) -> bool:
        return self.lesson is not None and self.session.action_events is self._events

    def load(self, lesson_id: str, k: int) -> dict:
        """Set up step ``k`` of a lesson (from its prepared position); the payload."""
        les = lesson(lesson_id)
        if type(k) is not int or not 0 <= k < len(les.steps):
            raise RequestError("bad_step", value=shown(k))
        s = self.session
        payload = s.play_position(position(lesson_id, k), SETTINGS)
        self.lesson, self.k = les, k
        self._events = s.action_events
        self._looks = []
        return payload

    def stop(self) -> None:
        self.lesson, self._events, self._looks = None, None, []

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.k]

    def look(self, stone: int) -> None:
        """The player tapped a stone (or opened the claims list, a look at every stone):
        the engine's verdict on claiming it was shown."""
        if self.active and type(stone) is int and 0 <= stone < 9:
            self._looks.append(
                (
                    len(self.session.action_events),
                    {"type": "look", "player": PLAYER, "stone": stone},
                )
            )

    def events(self) -> list[dict]:
        """The player's game events and looks since the step began, in order."""
        out = []
        looks = list(self._looks)
        for i, ev in enumerate(self.session.action_events):
            while looks and looks[0][0] <= i:
                out.append(looks.pop(0)[1])
            out += ev
        out += [e for _i, e in looks]
        return out

    def status(self) -> dict | None:
        """Where the player is: the step's words, and whether it is to do, done or missed."""
        if not self.active:
            return None
        les, step, s = self.lesson, self.step, self.session
        words = s.words(PLAYER)
        k, astray = progress(step.goal, self.events())
        state = "done" if k == len(step.goal) else "missed" if astray else "todo"
        base = f"lesson.{les.id}.{step.id}"
        out = {
            "lesson": les.id,
            "step": self.k,
            "steps": len(les.steps),
            "id": step.id,
            "title": words.t(f"lesson.{les.id}.title"),
            "task": words.t(f"{base}.task", **step.params),
            "state": state,
            "panel": step.panel,
            "last": self.k == len(les.steps) - 1,
            "next": _next_lesson(les.id),
        }
        if state == "todo":
            out["focus"] = self.focus(step.goal[k])
            if k + 1 < len(step.goal) and step.goal[k + 1]["type"] == "move":
                out["focus"] = {**self.focus(step.goal[k + 1]), **out["focus"]}
        if state == "done":
            out["done"] = words.t(f"{base}.done", **step.params)
        elif state == "missed":
            key = f"{base}.missed"
            out["missed"] = (
                words.t(key, **step.params) if words.has(key) else words.t("lesson.missed")
            )
        # The engine's verdict on the stone looked at (the one the step asks about first).
        looked = [e["stone"] for e in self.events() if e["type"] == "look"]
        asked = [p["stone"] for p in step.goal if p["type"] == "look" and p["stone"] in looked]
        stone = asked[0] if asked else looked[-1] if looked else None
        if stone is not None and s.state.owner[stone] < 0:
            verdict = next(
                (c for c in view(s.state, PLAYER)["claims"] if c["stone"] == stone), None
            )
            if verdict:
                out["said"] = claim_line(verdict, words)
        return out

    def focus(self, pattern: dict) -> dict:
        """What the table points at for the next pattern: the card to play (unless choosing
        it is the task), a card on the table to take, the stone, the deck."""
        out = {}
        kind = pattern["type"]
        if kind == "play" and "card" in pattern and self.step.show_card:
            out["card"] = pattern["card"]
        if kind == "move":
            out["target"] = pattern["card"]
            out["stone"] = pattern.get("to")
        elif "stone" in pattern:
            out["stone"] = pattern["stone"]
        if kind == "draw":
            out["deck"] = pattern.get("deck")
        return {k: v for k, v in out.items() if v is not None}


def _next_lesson(lesson_id: str) -> str | None:
    ids = [les.id for les in LESSONS]
    i = ids.index(lesson_id)
    return ids[i + 1] if i + 1 < len(ids) else None
