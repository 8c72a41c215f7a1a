"""The AI's thinking, in a PyScript worker so the page never freezes.

The page sends one JSON string ``{"view": ..., "seed": n, "level": "hard", "budget":
{"time": 1.0}}`` (the deciding seat's own view only: no hidden card ever reaches the worker)
and gets back ``{"action", "level", "budget", "ms", "iterations"}`` as a JSON string. ``choose``
plays for the computer; ``hint`` suggests a move for a human seat with the strongest level (and
why, as data); ``review`` weighs one decision of a finished game (``engine.ai.review``).
With several workers (web/js/ai.js), a search level's decision (and a hint) is shared: each worker
answers ``share`` with its own seed (its sums over its own worlds, ``HardAgent.share``) and
the first one ``merge``s the answers into the move (``engine.ai.hard.merge_shares``).
The budget is passed to the engine as given (``ai_requests.AI_BUDGETS``); a request without one
(a page from an older build) gets the same table's budget for its level.
"""

import json
import random
import sys
import time

from ai_requests import AI_BUDGETS, HINT_BUDGET

from engine import new_game, view
from engine.actions import action_to_json
from engine.ai import LEVELS, STRONGEST, make_agent
from engine.ai.explain import advice
from engine.ai.hard import merge_shares
from engine.ai.review import assess

MAX_TIME = 30.0  # seconds: a bad request must not hang the worker
# The search of ``warm``: enough to build the engine's lazy tables and caches, a fraction of
# a second.
WARM_ITERATIONS = 16


def _budget(raw, default) -> dict:
    """Only a positive time (s) and/or iteration count; anything else: ``default``."""
    out = {}
    if isinstance(raw, dict):
        t, n = raw.get("time"), raw.get("iterations")
        if isinstance(t, (int, float)) and not isinstance(t, bool) and 0 < t:
            out["time"] = min(float(t), MAX_TIME)
        if isinstance(n, int) and not isinstance(n, bool) and n > 0:
            out["iterations"] = n
        if out or raw == {}:
            return out
    return dict(default)


def _think(req: dict, level: str, budget: dict) -> str:
    agent = make_agent(level, **budget)
    t0 = time.perf_counter()
    action = agent.choose(req["view"], random.Random(int(req.get("seed", 0))))
    ms = (time.perf_counter() - t0) * 1000
    return json.dumps(
        {
            "action": action_to_json(action),
            "level": level,
            "budget": budget,
            "ms": round(ms, 1),
            "iterations": getattr(agent, "last_iterations", None),
        }
    )


def _level_and_budget(req: dict) -> tuple[str, dict]:
    """Who thinks, and for how long: a hint's request (``"hint": true``) the strongest level
    with the hint's budget, else the request's level with its own."""
    if req.get("hint"):
        return STRONGEST, _budget(req.get("budget"), HINT_BUDGET)
    level = req.get("level", "easy")
    if level not in LEVELS:  # a save from a build with more levels than this one
        level = "easy"
    return level, _budget(req.get("budget"), AI_BUDGETS.get(level, {}))


def choose(request_json):
    """The computer's move for its own view."""
    req = json.loads(request_json)
    return _think(req, *_level_and_budget(req))


def share(request_json):
    """This worker's part of a shared search: ``{"share", "level", "budget", "ms",
    "iterations"}`` (a level that does not search answers with its move as the share).
    A hint's request (``"hint": true``) is searched by the strongest level."""
    req = json.loads(request_json)
    level, budget = _level_and_budget(req)
    agent = make_agent(level, **budget)
    rng = random.Random(int(req.get("seed", 0)))
    t0 = time.perf_counter()
    if hasattr(agent, "share"):
        part = agent.share(req["view"], rng)
    else:
        part = {"action": action_to_json(agent.choose(req["view"], rng))}
    ms = (time.perf_counter() - t0) * 1000
    return json.dumps(
        {
            "share": part,
            "level": level,
            "budget": budget,
            "ms": round(ms, 1),
            "iterations": part.get("iterations", 0),
        }
    )


def merge(answers_json, request_json=None):
    """The move of a shared search from every worker's ``share`` answer, with the
    decision's figures: ``{"action", "level", "budget", "ms" (the slowest worker's),
    "iterations" (all workers'), "workers"}``; for a hint's request, the reason too
    (``"advice"``, as ``hint`` gives it)."""
    answers = json.loads(answers_json)
    out = {
        "action": merge_shares([a["share"] for a in answers]),
        "level": answers[0]["level"],
        "budget": answers[0]["budget"],
        "ms": max(a["ms"] for a in answers),
        "iterations": sum(a["iterations"] for a in answers),
        "workers": len(answers),
    }
    req = json.loads(request_json) if request_json else {}
    if req.get("hint"):
        out["advice"] = advice(req["view"], out["action"])
    return json.dumps(out)


def hint(request_json):
    """A suggested move for a human seat (its own view), from the strongest level, with
    the reason for it as data (``engine.ai.explain``; the page words it)."""
    req = {**json.loads(request_json), "hint": True}
    answer = json.loads(_think(req, *_level_and_budget(req)))
    answer["advice"] = advice(req["view"], answer["action"])
    return json.dumps(answer)


def review(request_json):
    """One decision of a finished game weighed by Hard, from the deciding seat's view only
    (``session.review_requests``): ``{"index", "result", "ms"}``."""
    req = json.loads(request_json)
    t0 = time.perf_counter()
    iterations, limit = req.get("iterations"), req.get("time")
    result = assess(
        req["view"],
        req["played"],
        int(req.get("seed", 0)),
        iterations if isinstance(iterations, int) and iterations > 0 else 360,
        min(float(limit), MAX_TIME) if isinstance(limit, (int, float)) else None,
    )
    return json.dumps(
        {
            "index": req.get("index"),
            "result": result,
            "ms": round((time.perf_counter() - t0) * 1000, 1),
        }
    )


def warm(_arg=None):
    """A short search of a fixed deal, asked by the page while this worker waits for its
    first question (js/ai.js startEarly): the engine's lazy tables and caches are built
    then, not out of the first decision's time budget. ``{"ms"}`` as a JSON string."""
    t0 = time.perf_counter()
    st = new_game(seed=0)
    make_agent(STRONGEST, iterations=WARM_ITERATIONS).choose(view(st, st.to_move), random.Random(0))
    return json.dumps({"ms": round((time.perf_counter() - t0) * 1000, 1)})


def started(_arg=None):
    """How this worker's Python started: ``"snapshot"`` (from the page's stored memory
    snapshot, js/snapshot.js workerPython), ``"page"`` (from the one the page made and had
    not yet stored) or ``"started"`` (as usual)."""
    return getattr(sys, "_st_started", "started")


__export__ = ["choose", "hint", "merge", "review", "share", "started", "warm"]
