"""The match at the table: its state, settings, record and events, the actions played into
it and the automatic steps (auto-claim); take-backs are the ``takeback.py`` part it holds
(``takeback``), who played ``players.py``'s. No words: ``presenter.py`` tells it.

Pure Python, tested under CPython (``tests/test_session.py`` through ``session.Session``).

>>> m = Match()
>>> m.new_game({"opponent": "human", "tactics": False, "seed": 4})
>>> m.state.step, m.first_seat()
(<Step.PLAY: 'play'>, None)
>>> m.act({"kind": "play", "card": m.state_hand(0)[0], "stone": 0}, 0)   # seat to show next
>>> [e["type"] for e in m.last_events()]
['play', 'draw', 'turn']
"""

from __future__ import annotations

import random

from game_options import rules_of
from players import AI_LEVELS, names_of, players_of
from refusal import RecordError, RequestError
from takeback import PUBLIC_STEPS, TakeBacks
from words import at_hand

from engine import (
    action_from_json,
    action_to_json,
    apply_events,
    legal_actions,
    position_from_json,
)
from engine import new_game as deal
from engine.actions import Kind, shown
from engine.cards import card_text
from engine.state import Step

DEFAULT_SETTINGS = {
    "opponent": "ai",
    "ai_seat": 1,
    "ai_level": "easy",
    "autoclaim": False,
    "lang": "en",
    "names": None,
}


class Match:
    """One match, the way the table plays it: the state, its record and its events."""

    def __init__(self):
        self.settings = dict(DEFAULT_SETTINGS)
        self.state = None
        # The record: JSON actions since the deal, with a take-back's shuffle entries
        # (web/replay.py); None if unknown (an old save). ``action_events[i]``: the full
        # events of ``actions[i]`` (never sent: they hold every drawn card).
        self.actions: list | None = []
        self.action_events: list[list] = []
        self.takebacks = 0
        self.legacy_log: list[dict] = []  # an old save's log text, when its record is unknown
        self.last_action: dict | None = None  # None after a take-back: nothing just played
        self.acted_at = 0  # where the events of the last action begin (see begin)
        self.start: dict = {}
        # Bumped whenever lines of the log told already may read differently (a new deal,
        # a take-back, a resumed save): the page then gets its whole log again.
        self.epoch = 0
        # Hints: the last one shown (its record index and action) and the record indices of
        # the actions that followed one; a review never marks those (web/review.py).
        self.hint: tuple[int, dict] | None = None
        self.hinted: list[int] = []
        self.takeback = TakeBacks(self)  # whose last turn may be taken back, and taking it

    # ------------------------------------------------------------ set-up

    def new_game(self, options: dict) -> None:
        """Deal a new match from the new-game dialog's options."""
        rules = rules_of(options, pick=lambda: random.randrange(2))
        opponent = options.get("opponent", self.settings["opponent"])
        if opponent not in ("ai", "human"):
            raise RequestError("bad_option", name="opponent", value=shown(opponent))
        seed = options.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        level = options.get("ai_level", self.settings.get("ai_level", "easy"))
        settings = {
            "opponent": opponent,
            "ai_seat": 1,
            "names": names_of(options.get("names")) if opponent == "human" else None,
            "ai_level": level if level in AI_LEVELS else "easy",
            "autoclaim": bool(options.get("autoclaim", self.settings.get("autoclaim", False))),
            "lang": self.settings.get("lang", "en"),
        }
        self.begin(deal(rules, seed), settings, {"rules": rules.to_json(), "seed": seed}, [])
        self.auto_claim()

    def begin(
        self,
        state,
        settings: dict,
        start: dict,
        actions: list | None,
        action_events: list | None = None,
        takebacks: int = 0,
        last=None,
        legacy_log: list | None = None,
        hinted=(),
        told=None,
    ) -> None:
        """Take up a match: dealt, resumed from a save (``savegame.py``), or a lesson's."""
        self.state, self.settings, self.start = state, settings, start
        self.actions, self.action_events = actions, action_events or []
        self.takebacks, self.last_action = takebacks, last
        # Where the events of the reader's last action begin in ``action_events``: an action
        # and the automatic steps after it (auto-claim) are told together.
        # A save says how many of the last actions were told together (``told``).
        n_events = len(self.action_events)
        told = told if type(told) is int and 1 <= told <= n_events else 1
        self.acted_at = max(n_events - told, 0)
        self.legacy_log = legacy_log or []
        n = len(actions) if actions is not None else 0
        self.hinted = sorted({i for i in hinted or () if type(i) is int and 0 <= i < n})
        self.hint = None
        self.epoch += 1

    def rematch_options(self) -> dict:
        """A new match with the same options; the other player starts."""
        r = self.state.rules
        return {
            "opponent": self.settings["opponent"],
            "tactics": r.tactics,
            "claim_timing": r.claim_timing,
            "rounds": r.rounds,
            "next_starter": r.next_starter,
            "starter": 1 - r.starter,
            "ai_level": self.settings["ai_level"],
            "names": self.settings.get("names"),
            "autoclaim": self.settings["autoclaim"],
        }

    def play_position(self, position: dict, settings: dict) -> None:
        """Play on from a prepared position (a lesson's step), with ``settings`` over the
        defaults and the table's language kept. There is no record: such a game is not
        replayed, nor kept among the recent games."""
        state = position_from_json(position)
        self.begin(
            state,
            {**DEFAULT_SETTINGS, **settings, "lang": self.settings.get("lang", "en")},
            {},
            None,
        )

    def takeback_seat(self):
        """Who may take back a turn now (``TakeBacks.seat``); the presenter asks a friend's
        game (web/duo.py) the same."""
        return self.takeback.seat()

    def humans(self) -> list[int]:
        if self.settings["opponent"] == "ai":
            return [1 - self.settings["ai_seat"]]
        return [0, 1]

    def ai_seat(self):
        return self.settings["ai_seat"] if self.settings["opponent"] == "ai" else None

    def first_seat(self):
        """The seat whose hand may be shown now; ``None`` (public view) in pass-the-device play."""
        if self.settings["opponent"] == "ai":
            return self.humans()[0]
        return None

    def state_hand(self, p: int) -> list[str]:
        return [card_text(c) for c in self.state.hands[p]]

    # ------------------------------------------------------------ playing

    def act(self, action_json, seat):
        """Apply one action for ``seat`` (or whoever is to move when ``None``); return the
        seat whose hand may show now (``None``: the device is passed)."""
        if self.state is None:
            raise RequestError("no_game")
        a = action_from_json(action_json)
        if a.kind == Kind.NEXT_ROUND:
            seat = None  # the round-over screen is shared: anyone may deal the next round
        actor = self.state.to_move
        acted_at = len(self.action_events)
        self._apply(a, seat)
        self.auto_claim()
        self.acted_at = acted_at
        if a.kind == Kind.NEXT_ROUND and self.settings["opponent"] == "human":
            return None  # a new deal: whoever starts takes the device first
        return self.seat_after(actor)

    def note_hint(self, action_json) -> None:
        """A hint was shown for the next action: if that action follows it, it is kept as
        hinted."""
        try:
            self.hint = (len(self.actions or ()), action_to_json(action_from_json(action_json)))
        except ValueError:
            self.hint = None

    def _apply(self, a, seat=None) -> None:
        self.state, events = apply_events(self.state, a, seat)
        self.last_action = action_to_json(a)
        if self.actions is not None:
            if self.hint == (len(self.actions), self.last_action):
                self.hinted.append(len(self.actions))
            self.actions.append(self.last_action)
        self.hint = None
        self.action_events.append(events)

    @property
    def events(self) -> list[dict]:
        """Every event of the match in order, full form."""
        return [e for ev in self.action_events for e in ev]

    def last_events(self) -> list[dict]:
        """The full events of the action just played and of the automatic claims after it
        (none after a take-back or a deal): what the page shows landing on the table and
        sounds."""
        if self.last_action is None or not self.action_events:
            return []
        return [e for ev in self.action_events[self.acted_at :] for e in ev]

    def seat_after(self, actor: int):
        """The seat whose hand may show after ``actor`` acted (``None``: pass the device)."""
        st = self.state
        if self.settings["opponent"] == "ai":
            return self.humans()[0]
        if st.step in PUBLIC_STEPS or st.to_move != actor:
            return None  # the next player must take the device first
        return actor

    def auto_claim(self) -> None:
        """Auto-claim for human seats that asked for it: claim every provable stone, then go on."""
        if not self.settings.get("autoclaim"):
            return
        start = len(self.action_events)
        while self.state.step == Step.CLAIM and self.state.to_move in self.humans():
            acts = legal_actions(self.state)
            claim = next((a for a in acts if a.kind == Kind.CLAIM), None)
            self._apply(claim or next(a for a in acts if a.kind == Kind.DONE))
        if len(self.action_events) > start:
            self.acted_at = start  # told as what was just played (``act`` says from where)

    def set_option(self, name, value) -> None:
        if name == "autoclaim":
            self.settings["autoclaim"] = bool(value)
            if self.state is not None:
                self.auto_claim()
        elif name == "lang":
            if not isinstance(value, str) or not at_hand(value):
                raise RequestError("bad_option", name="lang", value=shown(value))
            self.settings["lang"] = value
        else:
            raise RequestError("bad_option", name=shown(name), value=shown(value))

    # ------------------------------------------------------------ the record

    def record_json(self) -> dict:
        """The game record (docs/formats.md), take-backs counted, for download."""
        if self.actions is None:
            raise RecordError("unknown")
        return {
            "format": "schotten-totten/record",
            "version": 1,
            **self.start,
            "actions": self.actions,
            "takebacks": self.takebacks,
            "players": players_of(self.settings),
        }
