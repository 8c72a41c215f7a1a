"""What the page is shown of the match: the payload, in the table's words.

A payload is the view for one seat (``engine.view``; ``None``: the public table, no hand)
with what Python words for it: the move log, the opponent's last turn (``summary``), why a
card cannot be played (``refusals``), a warning, the claim verdicts, the game line. The page
keeps its log: it says which lines it holds (``have``: ``{log_key: number of lines}``) and
gets only the lines from ``log_from`` on. The log's key changes when lines told already
would read differently (another deal, a take-back, a resumed save, another language or
reader), and the page then gets its whole log. ``events`` are the public events of the
action just played: the page shows the card just played landing.
"""

from __future__ import annotations

from ai_requests import searches
from match import PUBLIC_STEPS
from movelog import MoveLog, head_lines
from words import Words

from engine import Rules, redact_all, view
from engine.cards import N_CLAN, card_text
from engine.legality import play_refusal
from engine.narrate import TURN_EVENTS, claim_line, narrate, new_game_line, variant_text
from engine.rules import may_play_tactic, rooms
from engine.state import Step


class Presenter:
    """The payloads of one match (``match.py``); the move log told once per reader."""

    def __init__(self, match):
        self.match = match
        self.logs: dict[str, MoveLog] = {}

    # ------------------------------------------------------------ words

    def words(self, seat) -> Words:
        """The catalogue in the table's language, with the names as ``seat`` knows them."""
        m = self.match
        ai = m.ai_seat()
        return Words(
            m.settings.get("lang", "en"),
            you=m.humans()[0] if ai is not None else None,
            computer=ai,
            names=m.settings.get("names"),
        )

    def seat_words(self, seat) -> Words:
        """Words about ``seat``'s own move: "you" against the computer, names otherwise."""
        return self.words(seat if self.match.settings["opponent"] == "ai" else None)

    # ------------------------------------------------------------ the log

    def log_key(self, seat) -> str:
        m = self.match
        return f"{m.epoch}.{m.settings.get('lang', 'en')}.{'public' if seat is None else seat}"

    def log(self, seat) -> list[dict]:
        """The move log as ``seat`` may read it: one line per turn, round and match end."""
        if self.match.state is None:
            return []
        return self.reader(seat).lines(self.match.action_events)

    def reader(self, seat) -> MoveLog:
        """``seat``'s move log, told as the match goes on (one per reader and language)."""
        m = self.match
        key = self.log_key(seat)
        if key not in self.logs:
            if any(not k.startswith(f"{m.epoch}.") for k in self.logs):
                self.logs = {}  # another deal: the old readers' logs are gone
            words = self.words(seat)
            line = None
            if m.actions is not None or not m.legacy_log:
                rules = Rules.from_json(m.start["rules"]) if m.start.get("rules") else m.state.rules
                line = new_game_line(rules, words)
            self.logs[key] = MoveLog(head_lines(m.legacy_log, line, words), seat, words)
        return self.logs[key]

    def summary(self, seat) -> dict | None:
        """The whole last turn of the opponent of the player to move (with any round end it
        brought), as ``seat`` may see it: for the handover screen and the computer's move.
        ``None`` before that player's first turn of the round. Read back from the end."""
        st = self.match.state
        turn: list = []  # the events of the turn being read, last first

        def told():
            actors = {e["player"] for e in turn if e["type"] in TURN_EVENTS}
            if actors and (st.step in PUBLIC_STEPS or st.to_move not in actors):
                lines = narrate(redact_all(turn[::-1], seat), self.words(seat))
                return {"player": actors.pop(), "lines": [ln["text"] for ln in lines]}
            return None

        for ev in reversed(self.match.action_events):
            for e in reversed(ev):
                if e["type"] in ("turn", "round_start"):
                    found = told()
                    if found or e["type"] == "round_start":
                        return found
                    turn = []
                else:
                    turn.append(e)
        return told()

    # ------------------------------------------------------------ the payload

    def payload(self, seat, have=None) -> dict:
        """Everything the page renders. ``seat=None``: the public table, no hand. ``have``:
        the log lines the page holds (``{log_key: n}``), so only the new ones are sent."""
        m = self.match
        st = m.state
        v = view(st, seat)
        to_move = st.to_move
        private_step = st.step not in PUBLIC_STEPS
        handover = None
        if seat is None and private_step and m.settings["opponent"] == "human":
            handover = to_move
        ai_seat = m.ai_seat()
        words = self.words(seat)
        outcome_text = None
        if st.outcome is not None:
            key = f"reason.{st.outcome.reason}"
            outcome_text = words.t(key) if words.has(key) else st.outcome.reason
        game_line = variant_text(st.rules, words)
        if st.rules.rounds > 1:
            game_line += " · " + words.t("variant.round", round=st.round, rounds=st.rules.rounds)
        log_key = self.log_key(seat)
        held = have.get(log_key) if isinstance(have, dict) else None
        # The page's last line may be a turn still going on: it is sent again.
        start = max(held - 1, 0) if type(held) is int else 0
        log, total = self.reader(seat).lines_from(m.action_events, start)
        if start > total:  # the page holds more than there is: it gets the whole log
            start = 0
            log, total = self.reader(seat).lines_from(m.action_events, 0)
        return {
            "view": v,
            "seat": seat,
            "handover": handover,
            "settings": dict(m.settings),
            "ai_to_move": ai_seat is not None and to_move == ai_seat and private_step,
            # The computer's level searches in the AI's worker: the page starts it early.
            "ai_searches": ai_seat is not None and searches(m.settings.get("ai_level", "")),
            "log": log,
            "log_from": start,
            "log_key": log_key,
            "summary": self.summary(seat),
            "claims_text": {c["stone"]: claim_line(c, words) for c in v["claims"]},
            "refusals": self.refusals(seat, words),
            "warning": self.warning(seat, words),
            "tactic_draw_warning": self.tactic_draw_warning(seat, words),
            # The formation of each complete side, in words: [South, North] per stone.
            "formations": [
                [
                    words.formation(side["formation"], article=True)
                    if side.get("formation")
                    else None
                    for side in st_json["sides"]
                ]
                for st_json in v["stones"]
            ],
            "outcome_text": outcome_text,
            "game_line": game_line,
            "takebacks": m.takebacks,
            "takeback": m.takeback_seat(),
            # What the action just played did, in its public form (a card drawn or put
            # back stays secret, even from its player's later readers): the card just
            # played lands and glows.
            "events": redact_all(m.last_events(), None),
        }

    def warning(self, seat, words) -> str | None:
        """A warning for ``seat`` on its play step: no stone has room for its clan cards any
        more, so it will pass turn after turn (until the round ends, or a tactic card helps)."""
        st = self.match.state
        if seat is None or st.to_move != seat or st.step != Step.PLAY:
            return None
        clan = [c for c in st.hands[seat] if c < N_CLAN]
        if clan and not rooms(st, seat):
            return words.said("warn.no_room", seat, player=seat)
        return None

    def tactic_draw_warning(self, seat, words) -> str | None:
        """Before ``seat`` draws in a Tactic game while the tactic limit keeps it from playing
        another tactic card (``rules.may_play_tactic``, the engine's): a tactic card drawn
        now could not be played until the opponent plays one. (Issue 30: Hard may play
        none for a whole game, and a person's tactic cards were all locked.)"""
        st = self.match.state
        if seat is None or st.to_move != seat or st.step not in (Step.DRAW, Step.RECRUIT_DRAW):
            return None
        if not st.rules.tactics or may_play_tactic(st, seat):
            return None
        return words.said(
            "warn.tactic_draw",
            seat,
            player=seat,
            other=1 - seat,
            played=st.tactics_played[seat],
            other_played=st.tactics_played[1 - seat],
        )

    def refusals(self, seat, words) -> dict:
        """Why each card of ``seat``'s hand cannot be played now, in words (only cards that
        cannot be played, and only in that seat's play step)."""
        st = self.match.state
        if seat is None or st.to_move != seat or st.step != Step.PLAY:
            return {}
        out = {}
        for card in sorted(set(st.hands[seat])):
            e = play_refusal(st, seat, card)
            if e is not None:
                out[card_text(card)] = words.refusal(e)
        return out
