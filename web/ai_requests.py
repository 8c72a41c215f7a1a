"""What the AI worker is asked: the computer's move, and a hint for a human seat.

Each request holds the asking seat's own view only (nothing hidden), a seed fixed by the
position, and the thinking budget. The worker (``ai_worker.py``) takes its budgets from here,
not from the whole session: the budgets are the browser's, not the engine's defaults.
"""

from __future__ import annotations

import zlib

from match import PUBLIC_STEPS

from engine import view

# The thinking budget each level gets in the browser, sent to the worker with every request
# (the worker passes it to the engine as is). Search levels get a time limit: Pyodide is
# slower than CPython, so a time budget keeps the wait the same on every device. The
# new-game dialog (index.html) names Hard's time; keep the two in step.
AI_BUDGETS = {"easy": {}, "medium": {}, "hard": {"time": 1.0}}
# Hints come from the strongest level (engine.ai.STRONGEST, chosen in the worker) with this budget.
HINT_BUDGET = AI_BUDGETS["hard"]


def searches(level: str) -> bool:
    """Whether ``level`` searches (has a budget), so its moves are thought out in the AI's
    worker: the page starts that worker early for it (``js/ai.js``). The new-game dialog's
    level that searches carries ``data-searches`` (index.html; tests/test_session.py
    checks the two agree)."""
    return bool(AI_BUDGETS.get(level))


def ai_request(match) -> dict | None:
    """What the AI worker gets: its own view (JSON) and a seed. ``None`` if not its turn."""
    st = match.state
    if st is None or match.settings["opponent"] != "ai" or st.step in PUBLIC_STEPS:
        return None
    seat = match.settings["ai_seat"]
    if st.to_move != seat:
        return None
    # Deterministic per position (str hashes are salted per process; crc32 is not).
    seed = zlib.crc32(f"{st.seed}/{st.round}/{len(match.actions or ())}/{st.tick}".encode())
    level = match.settings["ai_level"]
    budget = dict(AI_BUDGETS.get(level, {}))
    # A search level (one with a budget) may share its search among the page's workers.
    return {
        "view": view(st, seat),
        "seed": seed,
        "level": level,
        "budget": budget,
        "seat": seat,
        "shared": bool(budget),
    }


def hint_request(match, seat) -> dict | None:
    """What the worker gets for a hint: ``seat``'s own view only (nothing hidden).

    ``None`` unless ``seat`` is a human seat with a decision to make right now.
    """
    st = match.state
    if st is None or seat not in match.humans() or st.step in PUBLIC_STEPS or st.to_move != seat:
        return None
    seed = zlib.crc32(f"hint/{st.seed}/{st.round}/{len(match.actions or ())}/{st.tick}".encode())
    # A hint searches like the Hard level: shared among the page's workers, too.
    return {
        "view": view(st, seat),
        "seed": seed,
        "budget": dict(HINT_BUDGET),
        "seat": seat,
        "hint": True,
        "shared": bool(HINT_BUDGET),
    }


def choose_on_page(request: dict) -> dict:
    """The computer's move worked out on the page, for a level without a search (no budget:
    a few ms), asked by ``js/ai.js`` only while the AI's worker is still starting (WebKit
    compiles a worker's Pyodide anew, seconds after the table is playable)."""
    from refusal import RequestError

    from engine.ai import choose

    if not isinstance(request, dict) or request.get("budget") or "view" not in request:
        raise RequestError("bad_argument", name="request")
    seed = request.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RequestError("bad_argument", name="seed")
    return {"action": choose(request["view"], seed, request.get("level", "easy"))}
