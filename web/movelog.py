"""The move log as one reader reads it, each line told once.

The log is the match's events narrated (``engine.narrate``) after redaction for the reader
(``engine.events.redact``). Told again in full after every action, a long match spent most
of each payload's time on it; here the events are narrated as they come. A line is final
once the events after it start afresh (narrate keeps no turn open across a ``turn``, a
round's start or end, ...): those lines are kept, and only the turn in progress is told
again. So at most the last line the page holds can change, and ``lines_from`` answers from the
first line the page must take again.

>>> from engine import apply_events, new_game, Action
>>> from words import Words
>>> from engine.cards import parse_card
>>> s = new_game(seed=3)
>>> s, ev = apply_events(s, Action("play", card=s.hands[0][0], stone=0))
>>> log = MoveLog([], 1, Words("en"))
>>> [line["text"][:12] for line in log.lines([ev])]
['South played']
"""

from __future__ import annotations

import re

from words import Words

from engine import narrate, redact_all
from engine.narrate import TURN_EVENTS

# Events after which narrate has no turn open: the lines before them are final.
_OPEN = (*TURN_EVENTS, "claims_done")


class MoveLog:
    """The log of one reader (a seat, or ``None``: the public table) in one language:
    ``head`` (an old save's lines, the new-game line), then the events told as they come."""

    def __init__(self, head: list[dict], seat, words: Words):
        self.head, self.seat, self.words = head, seat, words
        self.closed: list[dict] = []  # lines no later event can change
        self.tail: list[dict] = []  # redacted events of the turn in progress
        self.done = 0  # actions narrated

    def lines(self, action_events: list[list]) -> list[dict]:
        """The whole log after ``action_events`` (the match's, in order; only the new ones
        are read)."""
        return self.lines_from(action_events, 0)[0]

    def lines_from(self, action_events: list[list], start: int) -> tuple[list[dict], int]:
        """The log's lines from ``start`` on, and how many lines it has in all (the lines
        before ``start`` are not copied: a long match costs what a short one does)."""
        self._read(action_events)
        turn = [_line(e) for e in narrate(self.tail, self.words)]
        known = len(self.head) + len(self.closed)
        total = known + len(turn)
        if start >= known:
            return turn[start - known :], total
        return self.head[start:] + self.closed[max(start - len(self.head), 0) :] + turn, total

    def _read(self, action_events: list[list]) -> None:
        for ev in action_events[self.done :]:
            self.tail += redact_all(ev, self.seat)
        self.done = len(action_events)
        cut = next(
            (i + 1 for i in range(len(self.tail) - 1, -1, -1) if self.tail[i]["type"] not in _OPEN),
            0,
        )
        if cut:
            self.closed += [_line(e) for e in narrate(self.tail[:cut], self.words)]
            self.tail = self.tail[cut:]


def _line(e: dict) -> dict:
    return {"p": e.get("player", e.get("p")), "kind": e.get("kind", "turn"), "text": e["text"]}


def head_lines(legacy_log: list[dict], new_game_line: dict | None, words: Words) -> list[dict]:
    """The lines before the events: an old save's log (its names were tokens) and the line
    of the new game (none when an old save's log has it)."""
    lines = [_line({**e, "text": _legacy_text(e["text"], words)}) for e in legacy_log]
    if new_game_line is not None:
        lines.append(_line(new_game_line))
    return lines


_LEGACY_TOKEN = re.compile(r"\{(N|n|s|start)([01])\}")


def _legacy_text(text: str, words: Words) -> str:
    """A log line of a save from before the events (its names were tokens: {N0} a name
    starting a sentence, {n0} inside one, {s0} its possessive, {start0} the verb)."""

    def name(m):
        kind, p = m.group(1), int(m.group(2))
        if kind == "s":
            return words.possessive(p)
        if kind == "start":
            return words.said("legacy.start", p)
        n = words.name(p)
        return n[:1].upper() + n[1:] if kind == "N" else n

    return _LEGACY_TOKEN.sub(name, text)
