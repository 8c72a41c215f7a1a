"""A game against a friend on another device as a game of the Games dialog: its record, its
replay and review once over, its place among the recent games and in the statistics.

No device knows every card before the game is over and each round audited
(``engine.remote.record``). Until then there is no record and no review (each refused by
name, ``request.duo_in_progress``), and the replay shows the game as this seat saw it, from
this seat only: the rounds already audited, then the round in progress played again from
what the device keeps (``engine.remote.seen``), the other's hand and the decks as backs.
Once it is over, the record (one deal per round) replays like any finished game, every card
open.

Pure Python (no browser imports), tested under CPython (``tests/test_duo_games.py``).
"""

from __future__ import annotations

from finished import result_line
from match import DEFAULT_SETTINGS
from refusal import RequestError
from replay import read_record
from review import Review
from viewer import Replay, Viewer
from words import Words

from engine import match_winner
from engine.cards import BACK_TEXTS
from engine.narrate import variant_text
from engine.remote.record import OPPONENT, game_record, is_complete
from engine.remote.seen import seen_round

STATS_LEVEL = "remote"  # the statistics' row: games against a friend on another device


class FinishedDuo:
    """The finished game as the replay viewer and the review read a match: its record."""

    def __init__(self, ep, lang: str):
        record = game_record(ep)
        self.seat, self.record = ep.seat, record
        self.start = {"rules": record["rules"], "seed": record["seed"], "deal": record["deal"]}
        self.actions = record["actions"]
        self.hinted = ()  # no hints in a game between two devices
        self.settings = {
            **DEFAULT_SETTINGS,
            "opponent": "human",
            "names": list(ep.names),
            "lang": lang,
        }

    def humans(self) -> list[int]:
        return [self.seat]


class SeatReplay(Replay):
    """A replay of states in which every card this seat may not see is a back: shown from
    this seat only, with nothing to play."""

    def view(self, k: int, mode: str) -> dict:
        v = super().view(k, mode)
        v["hand"] = [c for c in v["hand"] if c not in BACK_TEXTS]  # drawn, not read yet
        v["legal"] = []
        return v


def seat_replay(ep) -> SeatReplay:
    """The game so far as this seat saw it: the rounds audited (every card known, seen from
    this seat), then the round in progress played again from what the device keeps."""
    done = [a for a in ep.audits if "deal" in a]
    start: dict = {"rules": ep.rules.to_json(), "seed": ep.game}
    entries: list = []
    if done:
        start["deal"] = [a["deal"] for a in done]
        for a in done:
            entries += ([{"kind": "next_round"}] if a["round"] > 1 else []) + a["actions"]
        _final, events, states = read_record(start, entries, keep_states=True)
    else:
        events, states = [], []
    if ep.start_state is not None and ep.state.round > len(done):
        first, steps = seen_round(ep)
        if done:  # the next round, dealt by the two devices
            entries.append({"kind": "next_round"})
            events.append([{"type": "round_start", "round": first.round, "player": first.to_move}])
        states.append(first)
        for wire, ev, st in steps:
            entries.append(wire)
            events.append(ev)
            states.append(st)
    return SeatReplay(start, entries, (states[-1], events, states))


class SeatViewer(Viewer):
    """The replay viewer's calls for the game in progress: this seat's view only, the replay
    played again only when the game has moved on (each step shown is a call)."""

    def __init__(self, ep, match, words, review):
        super().__init__(match, words, review)
        self.ep = ep
        self.kept: tuple | None = None  # (how far the game was, its replay)

    def source(self, source):
        if source != "game":
            return super().source(source)
        ep = self.ep
        far = (ep.game, ep.sent, ep.expect, ep.state.round, len(ep.cards.log) if ep.cards else 0)
        if self.kept is None or self.kept[0] != far:
            self.kept = (far, seat_replay(ep))
        return self.kept[1], [str(ep.seat)]


class FinishedViewer(Viewer):
    """The replay viewer's calls for the finished game: every mode, this device's seat
    first (the replay opens from it, and with every card open this seat is at the bottom)."""

    def source(self, source):
        replay, modes = super().source(source)
        if source == "game":
            own = str(self.match.seat)
            modes = [own, *(m for m in modes if m != own)]
        return replay, modes

    def players(self, source) -> dict:
        out = super().players(source)
        return {**out, "seat": self.match.seat} if source == "game" else out


class DuoGames:
    """The Games dialog's calls for the game between two devices at the table (``duo``:
    ``web/duo.py``'s ``Duo``)."""

    def __init__(self, duo):
        self.duo = duo
        self._viewer: tuple | None = None  # (game id, language, Viewer) of the finished game
        self._seat: SeatViewer | None = None  # the game in progress, as this seat saw it
        self.review: Review | None = None

    def finished(self) -> FinishedDuo | None:
        """The game as a record, once over and audited (``None`` before)."""
        m = self.duo.match
        if m is None or not is_complete(m.ep):
            return None
        return FinishedDuo(m.ep, m.lang)

    def record(self) -> dict:
        """The record to download; refused by name while the game goes on."""
        done = self.finished()
        if done is None:
            raise RequestError("duo_in_progress")
        return done.record

    def viewer(self) -> Viewer:
        m, presenter = self.duo.match, self.duo.presenter
        if m is None or presenter is None:
            raise RequestError("no_game")
        done = self.finished()
        if done is None:
            if m.ep.state is None:
                raise RequestError("no_game")
            if self._seat is None or self._seat.ep is not m.ep or self._seat.match is not m:
                review = Review(presenter.words, presenter.seat_words)  # none before the end
                self._seat = SeatViewer(m.ep, m, presenter.words, review)
            return self._seat
        key = (m.ep.game, m.lang)
        if self._viewer is None or self._viewer[:2] != key:
            self.review = Review(presenter.words, presenter.seat_words)
            self._viewer = (*key, FinishedViewer(done, presenter.words, self.review))
        return self._viewer[2]

    def replay_info(self, mode) -> dict:
        return self.viewer().info("game", mode)

    def replay_view(self, mode, k) -> dict:
        return self.viewer().view("game", mode, k)

    def review_requests(self) -> dict:
        """The decisions of this device's seat, for the worker (the other device reviews its
        own); refused by name while the game goes on."""
        if self.finished() is None:
            raise RequestError("duo_in_progress")
        viewer = self.viewer()
        replay, _ = viewer.source("game")
        assert self.review is not None  # made with the viewer
        return self.review.requests(replay, [self.duo.ep.seat])

    def owns_review(self, key) -> bool:
        """The review ``key`` is of this game (its verdicts are kept here)."""
        return self.review is not None and self.review.hinted[0] == key

    def entry(self, words) -> dict | None:
        """The finished game for the list of recent games and the statistics (``None``
        before the end): the friend's name, the result from this seat, the record."""
        done = self.finished()
        if done is None:
            return None
        ep = self.duo.ep
        st = ep.state
        words = Words(words.lang, you=ep.seat, names=list(ep.names))  # "You won", as here
        result = result_line(st, words)
        return {
            "opponent": words.t("games.vs_remote", name=ep.names[ep.other]),
            "result": result,
            "winner": match_winner(st.scores),
            "human": ep.seat,
            "level": STATS_LEVEL,
            "scores": st.scores[:],
            "takebacks": done.record.get("takebacks", 0),
            "game": variant_text(st.rules, words),
            "record": done.record,
        }


__all__ = ["OPPONENT", "STATS_LEVEL", "DuoGames", "FinishedDuo"]
