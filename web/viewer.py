"""The replay viewer: a game as a list of turns to step through, the replay's data.

Part of the replay (``PARTS`` in sitebuild/ship.py: ``part-replay.zip``, with the review
and the game links), loaded on first use. ``Replay`` cuts a record (read by
``replay.read_record``) into steps (the start of each round, then one step per turn) with
the view of each step from a seat, from nobody's seat, or with every card open. ``Viewer``
answers the page's replay calls for the match at the table ("game") or an opened record
("opened").

>>> start = {"rules": {"tactics": False}, "seed": 3}
>>> r = Replay(start, [{"kind": "play", "card": "Y7", "stone": 0}])
>>> r.steps, r.over
([(0, None), (1, 0)], False)
"""

from __future__ import annotations

import json

from refusal import RecordError, RequestError
from replay import REFUSED, read_record
from words import Words

from engine import narrate, redact_all, view
from engine.actions import shown
from engine.cards import card_text
from engine.documents import MAX_DEPTH, MAX_TEXT
from engine.jsontext import NotANumber, check_text, parse
from engine.records import RECORD_FORMAT

# Python's limit on an integer's digits read from text (sys.get_int_max_str_digits).
_DIGITS = 4300

# Who may look through which seat: "open" shows every card, allowed once the game is over.
MODES = ("0", "1", "public", "open")


class Replay:
    """The steps of a game: ``steps[i]`` is ``(entry index after which it stands, player
    whose turn it was or None)``; step 0 is the deal."""

    def __init__(self, start: dict, entries: list, played: tuple | None = None):
        """``played``: ``(final state, events per entry, states)`` when the entries were
        played elsewhere (a game between two devices in progress: ``duo_games.py``)."""
        self.start, self.entries = start, entries
        self.final, self.events, self.states = played or read_record(
            start, entries, keep_states=True
        )
        self.over = self.final.over
        self.steps = [(0, None)]
        for i, ev in enumerate(self.events):
            ends = any(e["type"] in ("turn", "round_end", "round_start") for e in ev)
            if ends or i == len(self.events) - 1:
                actor = next(
                    (
                        e["player"]
                        for e in ev
                        if e["type"] in ("play", "pass", "claim", "draw", "return")
                    ),
                    None,
                )
                if actor is None and self.steps[-1][0] < i:  # a claim step's "done" ends it
                    actor = next(
                        (
                            e["player"]
                            for ev2 in self.events[self.steps[-1][0] : i + 1]
                            for e in ev2
                            if "player" in e and e["type"] != "turn"
                        ),
                        None,
                    )
                self.steps.append((i + 1, actor))

    def moves(self, seat, words) -> list[dict]:
        """The move list: for each step after the deal, its lines as ``seat`` may read them."""
        out = []
        for k in range(1, len(self.steps)):
            lo, hi = self.steps[k - 1][0], self.steps[k][0]
            flat = [e for ev in self.events[lo:hi] for e in ev]
            lines = narrate(redact_all(flat, None if seat == "open" else seat), words)
            out.append({"player": self.steps[k][1], "text": " ".join(ln["text"] for ln in lines)})
        return out

    def step_of(self, i: int) -> int:
        """The step that entry ``i`` belongs to (1..)."""
        return next(k for k in range(1, len(self.steps)) if i < self.steps[k][0])

    def view(self, k: int, mode: str) -> dict:
        """The table at step ``k`` through ``mode`` (a seat "0"/"1", "public" or "open")."""
        state = self.states[self.steps[k][0]]
        if mode == "open":
            v = view(state, None)
            v["open_hands"] = [[card_text(c) for c in h] for h in state.hands]
            return v
        return view(state, None if mode == "public" else int(mode))


class Viewer:
    """The replay viewer's calls: the match at the table ("game", seen only as its players
    may see it while it goes on) or an opened record ("opened", the game at the table kept).
    ``words(seat)`` words for a seat; ``review`` marks the moves of a reviewed game."""

    def __init__(self, match, words, review):
        self.match, self.words, self.review = match, words, review
        self.opened: Replay | None = None  # or a position link's (web/shared.py)
        self.opened_record: dict | None = None  # the opened record, for its link
        self.opened_players: dict | None = None  # who played the opened record, if it says

    def open_record(self, text) -> dict:
        """Open a game record to step through (the game in progress is kept)."""
        if isinstance(text, str):  # measured first: nested thousands deep, it kills Pyodide
            check_text(text, MAX_TEXT, MAX_DEPTH, RecordError)
        try:
            data = parse(text) if isinstance(text, str) else None
        except json.JSONDecodeError:  # not data at all
            data = None
        except NotANumber as e:  # NaN, Infinity, -Infinity: no JSON number, no record's
            raise RecordError("not_a_number", value=str(e)) from None
        except ValueError:  # a number past Python's limit on converting text to integers
            raise RecordError("number_too_long", limit=_DIGITS) from None
        if data is None:
            raise RecordError("not_json")
        if (
            not isinstance(data, dict)
            or data.get("format") != RECORD_FORMAT
            or not isinstance(data.get("actions"), list)
        ):
            raise RecordError("not_a_record")
        # match.py reads records with this module: imported here, not at the top
        from players import read_players

        try:
            start = {"rules": data.get("rules"), "seed": data.get("seed", 0)}
            if "deal" in data:
                start["deal"] = data["deal"]
            self.opened = Replay(start, data["actions"])
            self.opened_players = read_players(data.get("players"))
            self.opened_record = data
        except RecordError:
            raise  # an entry that cannot be played: said with its number
        except REFUSED as e:
            raise RecordError("bad", inner=e) from None
        return self.info("opened", "open")

    def source(self, source) -> tuple[Replay, list]:
        """The replay of ``source`` and the seats it may be seen from."""
        if source == "opened":
            if self.opened is None:
                raise RequestError("no_record_open")
            # A shared position is seen from its sharer's seat only (web/shared.py).
            return self.opened, getattr(self.opened, "modes", list(MODES))
        if source != "game":
            raise RequestError("bad_source", value=shown(source))
        m = self.match
        if m.actions is None:
            raise RecordError("unknown")
        replay = Replay(m.start, m.actions)
        if replay.over:
            return replay, list(MODES)
        if m.settings["opponent"] == "ai":
            return replay, [str(m.humans()[0])]
        return replay, ["public"]  # in progress on a shared device: no hand may show

    def info(self, source, mode) -> dict:
        """The move list of ``source`` as seen through ``mode``, and how it may be seen."""
        replay, modes = self.source(source)
        mode = mode if mode in modes else modes[0]
        seat = None if mode in ("public", "open") else int(mode)
        words = self._words(source, seat)
        moves = replay.moves("open" if mode == "open" else seat, words)
        last = len(replay.steps) - 1
        return {
            "source": source,
            "mode": mode,
            "modes": modes,
            "moves": moves,
            "players": self.players(source),
            "steps": len(replay.steps),
            "over": replay.over,
            "position": getattr(replay, "seat", None) is not None,
            "review": self.review.marks(replay, moves) if replay.over else None,
            "view": replay.view(last, mode),
            "step_review": self.review.step(replay, last) if replay.over else None,
        }

    def players(self, source) -> dict:
        """Who played ``source``, as the page labels its seats: the game at the table's
        settings, an opened record's own ``players`` (South and North when it has none)."""
        if source == "opened":
            return self.opened_players or {"opponent": "human", "names": None}
        m = self.match.settings
        return {
            "opponent": m["opponent"],
            "ai_seat": m["ai_seat"],
            "ai_level": m["ai_level"],
            "names": m.get("names"),
        }

    def _words(self, source, seat):
        """Words for ``source`` as ``seat`` knows its players: an opened record never
        borrows the names of the game at the table."""
        if source != "opened":
            return self.words(seat)
        p = self.players("opened")
        ai = p.get("ai_seat") if p["opponent"] == "ai" else None
        return Words(
            self.words(None).lang,
            you=None if ai is None else 1 - ai,
            computer=ai,
            names=p.get("names"),
        )

    def view(self, source, mode, k) -> dict:
        replay, modes = self.source(source)
        if mode not in modes:
            raise RequestError("bad_mode", value=shown(mode))
        if type(k) is not int or not 0 <= k < len(replay.steps):
            raise RequestError("bad_step", value=shown(k))
        return {
            "view": replay.view(k, mode),
            "step": k,
            "step_review": self.review.step(replay, k) if replay.over else None,
        }
