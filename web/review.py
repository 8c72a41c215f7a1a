"""The review of a finished game: what the worker weighs, the verdicts kept, and their words.

``requests`` builds one request per decision of a reviewed seat that had a choice (its
view at the moment and the move made); the worker weighs each with Hard
(``engine.ai.review.assess``, never on the main thread) and ``store`` keeps the verdicts.
The replay of that game then marks its moves (``marks``) and says at each step what was
played, what Hard prefers, and why (``step``).
"""

from __future__ import annotations

import json
import zlib

from refusal import RequestError

from engine import legal_actions, view
from engine.actions import Kind, shown
from engine.narrate import advice_line, move_text
from engine.state import Step

# A review weighs each decision with this budget (engine.ai.review.assess, in the worker:
# the main thread never imports the AI). The iterations fix the verdict; the time caps a
# slow device.
REVIEW_ITERATIONS, REVIEW_TIME = 360, 2.0
# Verdict kinds and marks, worst first ("ok": no mark).
REVIEW_KINDS = ("play", "missed_claim", "forced", "by_rule")
REVIEW_LEVELS = ("blunder", "mistake", "missed_claim", "inaccuracy", "ok")
REVIEW_ORDER = {"blunder": 4, "mistake": 3, "inaccuracy": 1}


def game_key(replay) -> int:
    """A game's fingerprint: its start and its entries."""
    return zlib.crc32(json.dumps([replay.start, replay.entries], sort_keys=True).encode())


class Review:
    """The last review (one is kept): ``{"key": game, "results": {entry index: verdict}}``.
    ``words(seat)`` words for a seat; ``seat_words(seat)`` for the seat a verdict is about
    (its own name against the computer, else the players' names)."""

    def __init__(self, words, seat_words):
        self.words, self.seat_words = words, seat_words
        self.kept: dict | None = None
        self.hinted: tuple[int, set] = (0, set())  # the game's key, its hinted indices

    def requests(self, replay, seats, hinted=()) -> dict:
        """What the worker weighs for a review of a finished game: for each decision of a
        seat in ``seats`` that had a choice, that seat's view at the moment and the move
        made. ``key`` names the game for ``store``. ``hinted``: the record indices of moves
        that followed a hint; their verdicts are never marked (the hint searched with its
        own budget: a review must not call its advice a mistake)."""
        if not replay.over:
            raise RequestError("not_over")
        if not isinstance(seats, list) or any(q not in (0, 1) for q in seats):
            raise RequestError("bad_seats", value=shown(seats))
        key = game_key(replay)
        self.hinted = (key, set(hinted))
        out = []
        for i, entry in enumerate(replay.entries):
            st = replay.states[i]
            if (
                entry.get("kind") == "shuffle"
                or st.step not in (Step.PLAY, Step.CLAIM)
                or st.to_move not in seats
            ):
                continue
            acts = legal_actions(st)
            if len(acts) < 2:
                continue
            if st.step == Step.CLAIM and (
                entry.get("kind") != Kind.DONE or not any(a.kind == Kind.CLAIM for a in acts)
            ):
                continue  # only a claim left untaken is worth a verdict
            out.append(
                {
                    "index": i,
                    "view": view(st, st.to_move),
                    "played": entry,
                    "seed": zlib.crc32(f"review/{key}/{i}".encode()),
                    "iterations": REVIEW_ITERATIONS,
                    "time": REVIEW_TIME,
                }
            )
        return {"key": key, "requests": out}

    def store(self, key, results, total=None) -> dict:
        """Keep the worker's verdicts (``[{"index": i, "result": {...}}]``) for the game
        ``key``; the replay of that game then marks its moves. One review is kept.
        ``total``: the decisions asked for, when the review was stopped before the end (the
        verdicts found so far are kept, and the summary says how far it went)."""
        if (
            type(key) is not int
            or not isinstance(results, list)
            or (total is not None and (type(total) is not int or total < len(results)))
        ):
            raise RequestError("bad_review")
        kept = {}
        for r in results:
            if not (
                isinstance(r, dict)
                and type(r.get("index")) is int
                and isinstance(r.get("result"), dict)
                and r["result"].get("kind") in REVIEW_KINDS
            ):
                raise RequestError("bad_result", value=shown(r))
            result = r["result"]
            if self.hinted[0] == key and r["index"] in self.hinted[1]:
                result = {**result, "level": None, "hinted": True}
            kept[r["index"]] = result
        self.kept = {"key": key, "results": kept, "total": total or len(kept)}
        return {"stored": len(kept)}

    def _of(self, replay) -> dict:
        if self.kept and self.kept["key"] == game_key(replay):
            return self.kept["results"]
        return {}

    def marks(self, replay, moves: list) -> dict | None:
        """Marks on the move list (the worst verdict of each step) and a summary."""
        results = self._of(replay)
        if not results:
            return None
        words = self.words(None)
        counts = dict.fromkeys(REVIEW_LEVELS, 0)
        for i, r in results.items():
            level = r.get("level")
            if level is None:
                continue
            level = "missed_claim" if r["kind"] == "missed_claim" else level
            counts[level] += 1
            move = moves[replay.step_of(i) - 1]
            if REVIEW_LEVELS.index(level) < REVIEW_LEVELS.index(move.get("mark", "ok")):
                move["mark"] = level
                move["mark_text"] = words.t(f"review.level.{level}")
        parts = [words.t(f"review.count.{lv}", n=n) for lv, n in counts.items() if n]
        worst = sorted(
            (i for i, r in results.items() if r.get("level")),
            key=lambda i: -results[i].get("drop", 1.0),
        )[:3]
        summary = words.t("list.comma").join(parts) if parts else words.t("review.clean")
        total = self.kept.get("total", len(results))
        if total > len(results):  # stopped: what was found in the decisions weighed
            summary = words.t("review.partial", summary=summary, k=len(results), n=total)
        return {
            "summary": summary,
            "worst": sorted({replay.step_of(i) for i in worst}),
            "partial": total > len(results),
        }

    def step(self, replay, k: int) -> dict | None:
        """The verdict shown at step ``k``: the move made, Hard's preferred move and why."""
        results = self._of(replay)
        lo, hi = replay.steps[k - 1][0] if k else 0, replay.steps[k][0]
        found = [(i, results[i]) for i in range(lo, hi) if i in results] if k else []
        if not found:
            return None
        i, r = max(found, key=lambda x: REVIEW_ORDER.get(x[1].get("level"), 0))
        seat = replay.states[i].to_move
        words = self.seat_words(seat)
        timing = replay.final.rules.claim_timing
        out = {"seat": seat, "level": r.get("level")}
        if r.get("level") is None:
            out["text"] = words.t("review.hinted" if r.get("hinted") else "review.ok")
            return out
        level = "missed_claim" if r["kind"] == "missed_claim" else r["level"]
        out["best"] = r["best"]
        best = words.t(
            "review.best",
            move=move_text(r["best"], words, timing),
            why=advice_line(r["advice"], words),
        )
        if r["kind"] == "missed_claim":
            out["text"] = words.t("review.missed", better=best)
        else:

            def pct(x):
                return words.t("review.percent", n=round(100 * x))

            out["text"] = words.t(
                "review.verdict",
                level=words.t(f"review.level.{level}"),
                played=move_text(replay.entries[i], words, timing),
                before=pct(r["best_value"]),
                after=pct(r["played_value"]),
                better=best,
            )
        return out
