"""A player's answer to a puzzle judged, and the puzzle's words: task, hint, reason.

Everything comes back as text in the player's language (``engine.words.Words``): the
task set, the hint (the first step of the reason), the reason once solved, and for a
wrong answer what goes wrong: the engine's refusal for a play the rules forbid, or the
opponent's reply (*save the stone*: the card that still claims; *win it*: the solver's
answer that spoils the win; *claim it*: why the stone played to cannot be proved).

>>> from engine.words import Words
>>> from engine.puzzles.codec import decode
>>> p = decode("c;ABCDEF;,,,,,,,,,,,,,,,,,;xxxxxxxxx;;6;A0")
>>> judge(p, {"kind": "play", "card": "Y9", "stone": 0}, Words("en"))["text"]
'Playing: Yellow 9 is not in your hand.'
"""

from __future__ import annotations

from ..actions import Action, Kind, action_from_json
from ..ai.endgame import OutOfBudget, Solver
from ..cards import card_text
from ..claims import claim_proof
from ..errors import GameError
from ..legality import check, legal_actions
from ..state import Step
from ..turn import apply_fast
from ..words import Words
from .codec import Puzzle
from .search import WIN_NODES, after_turn, threat, unseen_for_opponent


def _play(a: Action) -> dict:
    return {"card": card_text(a.card), "stone": a.stone}


def _goal(p: Puzzle) -> int:
    """The stone to save, as the table numbers it (1-9)."""
    assert p.stone is not None, "only *save the stone* has a stone to save"
    return p.stone + 1


def task(p: Puzzle, w: Words) -> str:
    """What the puzzle asks."""
    if p.kind == "save":
        return w.t("puzzle.task.save", goal=_goal(p))
    return w.t(f"puzzle.task.{p.kind}")


def hint(p: Puzzle, w: Words) -> str:
    """The first step of the reason, without the answer's card."""
    if p.kind == "claim":
        return w.t("puzzle.hint.claim", stone=p.move.stone)
    if p.kind == "save":
        found = threat(p.state.copy(), 1, unseen_for_opponent(p.state), p.stone)
        if found is not None and found[0] is not None:
            return w.t("puzzle.hint.save", card=card_text(found[0]), stone=found[1], goal=_goal(p))
        return w.t("puzzle.hint.save_any", goal=_goal(p))
    return w.t("puzzle.hint.win", stone=p.move.stone)


def reason(p: Puzzle, w: Words) -> str:
    """Why the solution works, in the catalogue's words."""
    play = _play(p.move)
    if p.kind == "claim":
        _, won = after_turn(p.state, p.move)
        proofs = w.t("list.comma").join(w.proof(claim_proof(_before_claims(p), 0, s)) for s in won)
        return w.t("puzzle.reason.claim", **play, n=len(won), stones=_stones(w, won), why=proofs)
    if p.kind == "save":
        return w.t("puzzle.reason.save", **play, goal=_goal(p))
    rest = _line_words(p, w)
    if not rest:
        return w.t("puzzle.reason.win_now", **play)
    return w.t("puzzle.reason.win", **play, n=len(rest), moves=w.t("list.comma").join(rest))


def _line_words(p: Puzzle, w: Words) -> list[str]:
    """The plays of the winning line after the first, each said with who plays it."""
    t = p.state.copy()
    apply_fast(t, p.move)
    out = []
    for a in p.line[1:]:
        if t.step == Step.CLAIM and a.kind != Kind.CLAIM:
            apply_fast(t, Action(Kind.DONE))
        if a.kind == Kind.PLAY:
            out.append(w.t(f"puzzle.line.{'yours' if t.to_move == 0 else 'theirs'}", **_play(a)))
        apply_fast(t, a)
    return out


def _before_claims(p: Puzzle):
    t = p.state.copy()
    apply_fast(t, p.move)
    return t


def _stones(w: Words, stones) -> str:
    return w.t("list.comma").join(str(s + 1) for s in stones)


def judge(p: Puzzle, action, w: Words) -> dict:
    """``{"ok", "text", "refused"}`` for an answer (an action's JSON form or an ``Action``):
    the reason when it is the solution, else what goes wrong."""
    try:
        a = action if isinstance(action, Action) else action_from_json(action)
        check(p.state, a, 0)
    except GameError as e:
        return {"ok": False, "refused": True, "text": w.refusal(e)}
    if a == p.move:
        return {"ok": True, "refused": False, "text": reason(p, w)}
    if a.kind != Kind.PLAY:
        return {"ok": False, "refused": False, "text": w.t("puzzle.wrong.pass")}
    return {"ok": False, "refused": False, "text": refutation(p, a, w)}


def refutation(p: Puzzle, a: Action, w: Words) -> str:
    """Why the legal play ``a`` does not solve ``p``."""
    play = _play(a)
    if p.kind == "claim":
        t = p.state.copy()
        apply_fast(t, a)
        proof = claim_proof(t, 0, a.stone)
        return w.t("puzzle.wrong.claim", **play, why=w.proof(proof))
    if p.kind == "save":
        t, _ = after_turn(p.state, a)
        pool = unseen_for_opponent(p.state) & ~(1 << a.card)
        found = threat(t, 1, pool, p.stone)
        if found is None or found[0] is None:
            return w.t("puzzle.wrong.save_any", **play, goal=_goal(p))
        return w.t(
            "puzzle.wrong.save",
            **play,
            target=card_text(found[0]),
            at=found[1] + 1,
            goal=_goal(p),
        )
    reply = _spoiler(p, a)
    if reply is None or reply.kind != Kind.PLAY:
        return w.t("puzzle.wrong.win_any", **play)
    return w.t("puzzle.wrong.win", **play, target=card_text(reply.card), at=reply.stone + 1)


def _spoiler(p: Puzzle, a: Action) -> Action | None:
    """North's first play after ``a`` (and South's best claims) that keeps South from a
    forced win; ``None`` past the solver's budget."""
    t = p.state.copy()
    apply_fast(t, a)
    solver = Solver(0, WIN_NODES)
    try:
        while t.to_move == 0 and t.step not in (Step.OVER, Step.ROUND_OVER):
            acts = legal_actions(t)
            # South's best at the claim step: a claim that still wins, else the first.
            t2 = t
            for b in acts:
                t2 = t.copy()
                apply_fast(t2, b)
                if solver.value(t2, 0.75, 1.0) >= 1.0:
                    break
            t = t2
        for b in legal_actions(t):
            t2 = t.copy()
            apply_fast(t2, b)
            if solver.value(t2, 0.75, 1.0) < 1.0:
                return b
    except OutOfBudget:
        return None
    return None
