"""Take-backs at the table: whose last turn may be taken back now, and taking it back.

Against the computer the player takes back their turn and its reply; on a shared device the
player who just moved, if the other agrees. ``TakeBacks`` is a part held by ``match.Match``
(``match.takeback``): it reads the match's record (``actions``, ``action_events``) and has the
match begin again from the record without the turn.
"""

from __future__ import annotations

import random

from refusal import RequestError
from replay import read_record

from engine.narrate import TURN_EVENTS
from engine.state import Step

# Steps where nobody has a private decision to make: no handover screen, and nothing to take
# back (a finished round or game stays finished). match.py and the presenter read it here.
PUBLIC_STEPS = (Step.ROUND_OVER, Step.OVER)


def undone_text(undone: list[dict], p: int, words) -> str:
    """A take-back against the computer in words: ``p``'s turn, the computer's reply if it
    had come, and the decks shuffled again if a card had been drawn or put back."""
    reply = any(e["type"] in TURN_EVENTS and e["player"] not in (p, None) for e in undone)
    text = words.t("takeback.done_reply" if reply else "takeback.done")
    if any(e["type"] in ("draw", "return") for e in undone):
        text += " " + words.t("takeback.shuffled")
    return text


class TakeBacks:
    """The take-backs of one match (``match.Match``, which holds it); it keeps nothing of its
    own: what may be taken back is read from the match's record each time."""

    def __init__(self, match):
        self.match = match

    def start(self, p: int):
        """Where player ``p``'s last turn began (an index into the record), if it can be
        taken back: against the computer its reply goes too; on a shared device only the
        turn just ended, before the other player has acted. Never across a new deal, nor
        once the round or the game is over.
        Read from the end: a long match costs no more than a short one."""
        m = self.match
        if m.actions is None or not m.actions or m.state.step in PUBLIC_STEPS:
            # A finished round or game stays finished: the recent games and the statistics
            # count each game once, as it ended (a game reopened could end twice).
            return None
        ai = m.settings["opponent"] == "ai"
        if not ai and (m.state.to_move == p or m.state.step == Step.OVER):
            return None
        start = None
        for i in range(len(m.action_events) - 1, -1, -1):
            if any(e["type"] == "round_start" for e in m.action_events[i]):
                break
            if self._actor(i) == p and (i == 0 or self._ends_turn(i - 1)):
                start = i
                break
        if start is None:
            return None
        if not ai and any(self._actor(i) not in (p, None) for i in range(start, len(m.actions))):
            return None
        return start

    def seat(self):
        """Who may take back a turn now: against the computer the player (their last turn
        and its reply); on a shared device the player who just moved, if the other agrees
        on the handover screen."""
        m = self.match
        p = m.humans()[0] if m.settings["opponent"] == "ai" else 1 - m.state.to_move
        return p if self.start(p) is not None else None

    def _actor(self, i: int):
        return next(
            (
                e["player"]
                for e in self.match.action_events[i]
                if e["type"] in TURN_EVENTS or e["type"] == "claims_done"
            ),
            None,
        )

    def _ends_turn(self, i: int) -> bool:
        return any(e["type"] in ("turn", "round_start") for e in self.match.action_events[i])

    def take_back(self, p) -> list[dict]:
        """Take back player ``p``'s last turn (and the computer's reply). The decks are
        shuffled again if a card was drawn or put back in it, so that nobody knows what
        comes next; the record keeps the shuffle and counts the take-back. Returns the
        events undone."""
        m = self.match
        start = self.start(p) if p in (0, 1) else None
        if start is None:
            raise RequestError("no_takeback")
        undone = [e for ev in m.action_events[start:] for e in ev]
        entries = m.actions[:start]
        if any(e["type"] in ("draw", "return") for e in undone):
            entries.append({"kind": "shuffle", "seed": random.SystemRandom().randrange(1, 2**31)})
        state, events = read_record(m.start, entries)
        m.begin(state, m.settings, m.start, entries, events, m.takebacks + 1, hinted=m.hinted)
        m.auto_claim()  # back at a claim step: auto-claim claims, as after any move
        return undone
