"""Take-backs between two devices, with the other player's consent, revealing no card.

A player may take back their last turn only while the other has not yet sent their next
turn. In that window the player has not read the cards the turn drew (a draw's unlocking
share travels with the other's next message), so the drawn card goes back on top of its deck,
still locked by both keys, and nobody learns anything. A turn whose drawn cards were already
read (the Recruiter's round trip unlocks them at once), a turn that ended a round (both keys
revealed) and a turn the other has answered with a move cannot be taken back.

Each device keeps a **turn point** for each player's last turn: where it began (its round,
its place in the round's action log, the engine state and the round's cards at that moment)
and, once the window has closed, why (``read``, ``round_over``, ``moved``). A device takes
its own point at its turn's first move, and the other's when the message with their turn
arrives (after the shares it brings, which stay read). A point never holds more than its
device knew then. Both are kept because the other may begin their turn (unsent) while the
question is on its way.

The requester sends ``takeback`` naming the turn; the other answers ``consent`` with
``agree`` true or false. On agreement both devices go back to their points: the decks, the
hands and the log are as before the turn, and whatever the other had done since, unsent, is
gone. Sequence numbers only ever grow, so a link of the undone turn is a replay, ignored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..state import Rules, State, Step
from .copies import unchanging
from .deal import RoundCards
from .errors import RemoteError
from .state_io import hidden, state_from_json, state_to_json

WHY = ("read", "round_over", "moved")
# A turn point's fields in a save, with the values each may take (any: checked where read).
POINT = {
    "player": (0, 1),
    "round": range(1, 100),
    "ply": range(1000),
    "why": (None, *WHY),
    "state": (),
    "cards": (),
}
# The round's cards that never change within it (a turn point's save leaves them out).
FIXED = ("game", "round", "seat", "tactics", "key", "their_commit", "first", "start", "order")


@unchanging
class TurnPoint(dict):
    """Where a turn began (``POINT``'s fields), which is replaced, never changed: a copy of
    the device shares it, and the page tells a turn just begun by a new point (web/duo.py).
    Its state and round's cards are copied when it is taken and when it is gone back to."""

    __slots__ = ()

    def _read_only(self, *_args, **_kw):
        raise TypeError("a turn point is replaced, never changed")

    __setitem__ = __delitem__ = update = pop = popitem = setdefault = clear = _read_only


@dataclass
class TakeBacks:
    """One device's take-backs: each player's turn point (``points``), the question in
    flight (``asked``: ``{"player", "round", "ply"}``) and how many turns were taken back
    (``count``). It is told the game's state and round's cards; it changes neither, but hands
    back the point to rewind to."""

    seat: int
    points: list = field(default_factory=lambda: [None, None])
    asked: dict | None = None
    count: int = 0

    @property
    def other(self) -> int:
        return 1 - self.seat

    def new_round(self) -> None:
        """A new deal: nothing to take back."""
        self.points, self.asked = [None, None], None

    # ------------------------------------------------------------ turn points

    @staticmethod
    def turn_starts(cards: RoundCards | None, player: int) -> bool:
        """Whether ``player``'s next action starts a turn (the round's log is empty or its
        last action was the other's)."""
        log = cards.log if cards is not None else []
        return not log or log[-1][0] != player

    def mark(self, player: int, state: State, cards: RoundCards) -> None:
        """A turn of ``player`` starts now: remember where (the state before it)."""
        mark = cards.copy()
        if player == self.seat:
            # My shares owed now go out with this turn's message: once the turn is undone
            # they have been delivered (the other keeps the cards they unlocked).
            mark.shares_sent()
        self.points[player] = TurnPoint(
            player=player,
            round=cards.round,
            ply=len(cards.log),
            why=None,
            state=state.copy(),
            cards=mark,
        )

    def close(self, player: int, why: str) -> None:
        """The window of ``player``'s last turn closed: it can no longer be taken back."""
        tp = self.points[player]
        if tp is not None and tp["why"] is None:
            self.points[player] = TurnPoint({**tp, "why": why, "state": None, "cards": None})

    @staticmethod
    def _why(body: dict):
        """Which window a move message closes, and why: a move answers the turn, shares read
        its cards, a reveal ends the round."""
        for part, why in (("reveal", "round_over"), ("actions", "moved"), ("shares", "read")):
            if part in body:
                return why
        return None

    def after_sending(self, body: dict) -> None:
        """A message of mine closes the window of the other's turn (I moved, or unlocked
        cards they drew in it); my reveal closes my own turn's."""
        why = self._why(body)
        if why is not None:
            self.close(self.other, why)
        if why == "round_over":
            self.close(self.seat, why)
        if "actions" in body and self.asked is not None and self.asked["player"] == self.other:
            self.asked = None  # their question lapses: my move answers it

    def on_message(self, msg: dict) -> dict | None:
        """A move message arrives: it closes my turn's window (they moved, or the cards I
        drew are unlocked now), and a request of mine it overtook lapses (the news)."""
        why = self._why(msg)
        if why is not None:
            self.close(self.seat, why)
        if "actions" in msg and self.asked is not None and self.asked["player"] == self.seat:
            self.asked = None
            return {"player": self.seat, "agree": False, "moved": True}
        return None

    # ------------------------------------------------------------ asking

    def refusal(self, state: State | None, unsent: list) -> RemoteError | None:
        """Why my last turn cannot be taken back now (``None``: it can be)."""
        if self.asked is not None:
            return RemoteError("takeback_pending")
        tp = self.points[self.seat]
        if state is None or tp is None:
            return RemoteError("takeback_none")
        if tp["why"] is not None:
            return RemoteError(f"takeback_{tp['why']}")
        if state.step in (Step.ROUND_OVER, Step.OVER):
            return RemoteError("takeback_round_over")
        if state.to_move == self.seat or unsent:
            return RemoteError("takeback_none")  # my turn is not over: nothing sent yet
        return None

    def ask(self) -> dict:
        """My question (checked by ``refusal``): the message body to send."""
        tp = self.points[self.seat]
        turn = {"round": tp["round"], "ply": tp["ply"]}
        self.asked = {"player": self.seat, **turn}
        return {"t": "takeback", "turn": turn}

    def their_question(self, msg: dict) -> dict:
        """Their question: kept for the player to answer (the news). A question about a turn
        I have already answered with a move lapses (they will see my move); anything else is
        refused."""
        turn, tp = msg["turn"], self.points[self.other]
        if self.asked is not None:
            raise RemoteError("takeback_pending")
        if tp is None or (tp["round"], tp["ply"]) != (turn["round"], turn["ply"]):
            raise RemoteError("takeback_unknown")
        if tp["why"] == "moved":
            return {"player": self.other, "lapsed": True}
        if tp["why"] is not None:
            raise RemoteError(f"takeback_{tp['why']}")
        self.asked = {"player": self.other, **turn}
        return {"player": self.other, "asked": True}

    # ------------------------------------------------------------ answering

    def question(self) -> dict | None:
        """The other's take-back question waiting for my answer, if any."""
        a = self.asked
        return a if a is not None and a["player"] == self.other else None

    def answer(self, agree: bool) -> dict:
        """My answer to their question (checked by the caller): the message body."""
        question = self.question()
        assert question is not None
        self.asked = None
        return {
            "t": "consent",
            "turn": {"round": question["round"], "ply": question["ply"]},
            "agree": bool(agree),
        }

    def their_consent(self, msg: dict) -> bool:
        """Their answer to my question: whether they agree."""
        a = self.asked
        if (
            a is None
            or a["player"] != self.seat
            or (a["round"], a["ply"]) != (msg["turn"]["round"], msg["turn"]["ply"])
        ):
            raise RemoteError("unexpected", kind="consent")
        self.asked = None
        return msg["agree"]

    def rewind(self, player: int) -> tuple[State, RoundCards]:
        """``player``'s turn point, which the game goes back to: the state and the round's
        cards as they were before the turn (the drawn entry on top of its deck again, still
        locked by both). The turn is played again: its first move marks it."""
        tp = self.points[player]
        assert tp is not None and tp["why"] is None  # checked by the caller's question
        self.points = [None, None]
        self.count += 1
        return tp["state"].copy(), tp["cards"].copy()

    # ------------------------------------------------------------ the save

    def points_json(self) -> list:
        """The turn points for the save. Their round's cards leave out what never changes
        within a round (the deal's decks, the keys: the save's live cards have them), which
        would triple the save."""
        out = []
        for tp in self.points:
            if tp is not None:
                cards = tp["cards"] and tp["cards"].to_json()
                tp = {
                    **tp,
                    "state": tp["state"] and state_to_json(tp["state"]),
                    "cards": cards and {k: v for k, v in cards.items() if k not in FIXED},
                }
            out.append(tp)
        return out


def point_from_json(data, live: dict | None, rules: Rules, game: str, seat: int, group):
    """A turn point as ``TakeBacks.points_json`` wrote it, every field checked; ``live``: the
    save's round cards (their fixed part is the point's too). Anything else raises a
    ``ValueError``."""
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != set(POINT):
        raise ValueError("turn point")
    for name, values in POINT.items():
        value = data[name]  # an int, a text or None: 1.0 and true are no ply
        if values and (type(value) not in (int, str, type(None)) or value not in values):
            raise ValueError(f"turn point.{name}")
    state, cards = data["state"], data["cards"]
    if (state is None) != (data["why"] is not None) or (state is None) != (cards is None):
        raise ValueError("turn point: an open one holds its state and cards, a closed none")
    if cards is not None:
        if live is None or live["round"] != data["round"] or not isinstance(cards, dict):
            raise ValueError("turn point.cards")
        if set(cards) & set(FIXED):
            raise ValueError("turn point.cards")
        cards = RoundCards.from_json({**cards, **{k: live[k] for k in FIXED}}, group)
        state = state_from_json(state, rules, game)
        if len(cards.log) != data["ply"] or state.round != data["round"]:
            raise ValueError("turn point: not where its turn began")
        hidden(state, cards, seat, "turn point")
    return TurnPoint(
        player=data["player"],
        round=data["round"],
        ply=data["ply"],
        why=data["why"],
        state=state,
        cards=cards,
    )
