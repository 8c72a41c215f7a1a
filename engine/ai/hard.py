"""Hard: information-set Monte Carlo search over hidden worlds sampled from the view.

The candidate moves are the best few by the evaluation (after a cheap
prefilter). Each iteration deals one hidden world consistent with the view
(``Worlds``: the opponent's hand and both decks), plays a candidate in it, then
lets each player in turn reply greedily -- the best of their likeliest plays by
the full evaluation, reading only what that player may see -- and scores the
result from our seat with the static evaluation (or the real result when the
round ended), less the price of a tactic card the candidate spends. Claims,
draws and Recruiter returns are taken by rule, so the search spends its effort
on which card goes where.

All live candidates are tried in the same worlds (common random numbers); a
candidate is dropped once it is clearly worse than the leader over those
worlds (a paired test), so easy decisions end early. Variants measured weaker
in the arena (a single-world bandit, playouts with the table policy after the
replies) are told in docs/ai.md, not kept here.

The budget is an iteration count (one iteration: one candidate in one world;
reproducible for a seed) and/or a time limit in seconds.

Once both decks are empty the opponent's hand is known by elimination and the round
is solved exactly (``endgame.py``, within ``endgame`` positions and a third of the time
limit): a proven win or draw is played at once; a proven loss, or a round too big to
solve, goes to the search, which plays for the opponent's mistakes.
"""

from __future__ import annotations

import json
import random
import time as _time

from ..actions import Action, Kind, action_from_json, action_to_json
from ..cards import N_CLAN
from ..state import Step
from ..turn import apply_fast
from .base import Agent, legal
from .endgame import NODES as ENDGAME_NODES
from .endgame import best_action
from .evaluate import CALIBRATIONS, evaluate
from .medium import by_rule, claim_or_done, scored_plays, tactic_cost
from .playout import auto_step, top_plays
from .world import Worlds

# The search reads these every simulated move: as module globals, because on CPython 3.11
# an enum member (``Step.PLAY``) is read through ``EnumType.__getattr__``, five times as slow.
_STEP_PLAY, _STEP_OVER, _STEP_ROUND_OVER = Step.PLAY, Step.OVER, Step.ROUND_OVER

DEFAULT_TIME = 1.0  # seconds per decision (the browser's budget; see docs/ai.md)
DEFAULT_ITERATIONS = 100_000
CANDIDATES = 8  # root moves searched (best by the heuristic first)
REPLY_WIDTH = 6  # replies weighed by the full evaluation in a simulation
PREFILTER = 16  # clan placements given the full evaluation at the root
DEPTH = 2  # simulated replies after the root move (opponent, then us)
# Tactic cards cost four times Medium's price: kept for the moves that decide a round
# (one-ply screens, docs/ai.md: price 1 -> 55%, 3 -> 65%, 5 -> 67%, 12 -> 63% vs Medium).
TACTIC_PRICE = 4.0


class _Arm:
    __slots__ = ("action", "cost", "n", "prior", "vals", "w")

    def __init__(self, action, prior, cost=0.0):
        self.action, self.prior, self.cost, self.n, self.w = action, prior, cost, 0, 0.0
        self.vals: list[float] = []


class HardAgent(Agent):
    name = "hard"
    searches = True

    def __init__(
        self,
        iterations: int | None = None,
        time: float | None = None,
        candidates: int = CANDIDATES,
        reply: int = REPLY_WIDTH,
        cal: int = 3,
        depth: int = DEPTH,
        z: float = 2.0,
        tactic_price: float = TACTIC_PRICE,
        endgame: int = ENDGAME_NODES,
        workers: int = 1,
    ):
        if iterations is None and time is None:
            time = DEFAULT_TIME
        self.iterations = DEFAULT_ITERATIONS if iterations is None else iterations
        self.time = time
        self.candidates = candidates
        self.reply = reply
        self.z = z
        self.depth = depth if reply else 0
        self.cal = CALIBRATIONS.get(cal)  # None: Medium's table
        self.tactic_price = tactic_price
        self.endgame = endgame  # node budget of the exact endgame solver (0: never)
        self.workers = workers  # the arena's stand-in for the browser's shared search
        self.last_iterations = 0

    def choose(self, view: dict, rng: random.Random) -> Action:
        if self.workers > 1:
            return self._shared(view, rng)
        decided, worlds, p, actions = self._prepare(view, rng)
        if decided is not None:
            return decided
        return self.search(worlds, p, actions, rng)

    def _prepare(self, view: dict, rng: random.Random):
        """``(action, None, p, None)`` for a decision taken without search (one legal move,
        claims, moves by rule, a solved endgame), else ``(None, worlds, p, actions)``."""
        actions = legal(view)
        p = view["player"]
        if len(actions) == 1:
            return actions[0], None, p, None
        kind = actions[0].kind
        if kind in (Kind.CLAIM, Kind.DONE):
            return claim_or_done(actions), None, p, None
        worlds = Worlds(view)
        state, deck = worlds.template, worlds.clan_deck_size
        ruled = by_rule(actions, state, p, deck)
        if ruled is not None:
            return ruled, None, p, None
        if self.endgame and worlds.clan_deck_size == 0 and worlds.tactic_deck_size == 0:
            # Both decks empty: the opponent's hand is known by elimination; solve exactly.
            deadline = None if self.time is None else _time.perf_counter() + self.time / 3
            solved = best_action(worlds.sample(rng), p, None, self.endgame, deadline)
            if solved is not None and solved[0] > 0.0:
                return solved[1], None, p, None
            # Lost against perfect play, or too big: the search plays for the opponent's
            # mistakes.
        return None, worlds, p, actions

    def share(self, view: dict, rng: random.Random) -> dict:
        """One worker's part of a search shared by several (the browser's AI workers, each
        with its own seed): ``{"action"}`` when no search is needed, else every candidate's
        sums over this worker's worlds, ``{"arms": [{"action", "prior", "n", "w", "vals",
        "live"}], "iterations"}`` (``vals``: its value in each world, round by round), for
        ``merge_shares``. The same decisions by rule and endgame come
        first in every worker, so their shares agree on whether to search."""
        decided, worlds, p, actions = self._prepare(view, rng)
        if decided is None:
            arms = self.candidate_arms(worlds, p, actions)
            if len(arms) == 1:
                decided = arms[0].action
        if decided is not None:
            self.last_iterations = 0
            return {"action": action_to_json(decided)}
        live = self._search_arms(worlds, p, arms, rng)
        return {
            "arms": [
                {
                    "action": action_to_json(a.action),
                    "prior": a.prior,
                    "n": a.n,
                    "w": a.w,
                    "vals": [round(v, 5) for v in a.vals],
                    "live": a in live,
                }
                for a in arms
            ],
            "iterations": self.last_iterations,
        }

    def _shared(self, view: dict, rng: random.Random) -> Action:
        """The decision of ``workers`` browser workers sharing a search (web/js/ai.js):
        one ``share`` each with its own seed, each with the whole budget, then
        ``merge_shares``."""
        seed = rng.getrandbits(32)
        shares, total = [], 0
        for i in range(self.workers):
            shares.append(self.share(view, random.Random(seed + i)))
            total += self.last_iterations
        self.last_iterations = total
        return action_from_json(merge_shares(shares))

    def _simulate(self, state, action, rng, p: int) -> float:
        """Play ``action`` and the replies in a sampled world; its value for ``p``."""
        apply_fast(state, action)
        settle(state, rng)
        for _ in range(self.depth):
            if state.step != _STEP_PLAY:
                break
            apply_fast(state, greedy_reply(state, state.to_move, rng, self.reply, self.cal))
            settle(state, rng)
        return _value(state, p, self.cal)

    def _paired(self, worlds, p, arms, rng, deadline):
        """Every live candidate is tried in the same sampled world (common random
        numbers: differences between moves show with few worlds). A move is
        dropped once it is clearly worse than the leader over the same worlds. Returns the
        moves still live (each arm keeps its sums: n, w, vals)."""
        live = arms[:]
        total = 0
        rounds = 0
        z = self.z
        # Few hidden worlds (near the end; one once both decks are out): each is seen once.
        max_rounds = worlds.enumerated or -1
        while total + len(live) <= self.iterations and rounds != max_rounds:
            if deadline is not None and rounds and _time.perf_counter() > deadline:
                break
            world = worlds.sample(rng)
            seed = rng.getrandbits(32)
            values = []
            for arm in live:
                if deadline is not None and rounds and _time.perf_counter() > deadline:
                    break  # out of time mid-round: the round's values are not compared
                state = world.copy()
                values.append(self._simulate(state, arm.action, random.Random(seed), p) - arm.cost)
            if len(values) < len(live):
                break
            for arm, v in zip(live, values):
                arm.n += 1
                arm.w += v
                arm.vals.append(v)
            total += len(live)
            rounds += 1
            if rounds >= 4 and len(live) > 1:
                leader = max(live, key=lambda a: a.w)
                keep = []
                for arm in live:
                    if arm is leader:
                        keep.append(arm)
                        continue
                    d = [x - y for x, y in zip(leader.vals, arm.vals)]
                    m = sum(d) / rounds
                    var = sum((x - m) ** 2 for x in d) / (rounds - 1)
                    if m <= 0.002 or m * m * rounds <= z * z * var:
                        keep.append(arm)
                live = keep
                if len(live) == 1:
                    break
        self.last_iterations = total
        return live

    def candidate_arms(self, worlds: Worlds, p: int, actions: list[Action], extra=None) -> list:
        """The arms Hard searches: its best actions by the evaluation, best first, plus
        ``extra`` (a move the review must weigh, kept through the prefilter) if given."""
        if len(actions) > PREFILTER:
            # Clan placements: only the likeliest by the fast measure get the full evaluation.
            keep = set(top_plays(worlds.template, p, PREFILTER))
            if extra is not None:
                keep.add(extra)
            actions = [a for a in actions if a in keep or a.card >= N_CLAN or a.kind != Kind.PLAY]
        scored = scored_plays(
            worlds.template, p, worlds.clan_deck_size, actions, self.cal, self.tactic_price
        )
        scored.sort(key=lambda x: -x[0])
        chosen = scored[: self.candidates]
        if extra is not None and all(a != extra for _, a in chosen):
            chosen += [(s, a) for s, a in scored if a == extra]
        # A tactic card played is gone for the round: its price counts in the search too.
        return [_Arm(a, s, tactic_cost(a, self.tactic_price)) for s, a in chosen]

    def search(self, worlds: Worlds, p: int, actions: list[Action], rng: random.Random):
        arms = self.candidate_arms(worlds, p, actions)
        if len(arms) == 1:
            return arms[0].action
        live = self._search_arms(worlds, p, arms, rng)
        return max(live, key=lambda a: (a.w / max(a.n, 1), a.prior)).action

    def _search_arms(self, worlds: Worlds, p: int, arms: list, rng: random.Random) -> list:
        """The paired search over ``arms`` within this agent's budget; the moves still live."""
        sim_rng = random.Random(rng.getrandbits(64))
        deadline = None if self.time is None else _time.perf_counter() + self.time
        return self._paired(worlds, p, arms, sim_rng, deadline)


def merge_shares(shares: list[dict]) -> dict:
    """The move of a search shared by several workers (``HardAgent.share``).

    Worlds differ far more than moves do, so moves are compared only over the worlds both
    were tried in (each worker tries its live moves in the same worlds, round by round, and
    drops a move only between rounds: two moves share their first rounds). The reference
    is the most searched move; the choice is the move, among those still live in any worker
    (a move every worker dropped was clearly worse in each), that did best against it over
    the worlds they share; ties to the evaluation's favourite. With one worker this is the
    move ``search`` picks. (Pooling plain means over all worlds, as first shipped, compared
    moves over different worlds: three workers then played worse than one, docs/ai.md.)"""
    for share in shares:
        if "action" in share:
            return share["action"]
    moves: dict[str, dict] = {}
    for k, share in enumerate(shares):
        for arm in share["arms"]:
            key = json.dumps(arm["action"], sort_keys=True)
            into = moves.setdefault(
                key, {"action": arm["action"], "prior": arm["prior"], "live": False, "vals": {}}
            )
            into["vals"][k] = arm["vals"]
            into["live"] = into["live"] or arm["live"]
    live = [m for m in moves.values() if m["live"]] or list(moves.values())
    ref = max(live, key=lambda m: (sum(map(len, m["vals"].values())), m["prior"]))

    def edge(m) -> float:
        """``m``'s mean difference from the reference over the worlds both were tried in."""
        if m is ref:
            return 0.0
        total = n = 0
        for k, vals in m["vals"].items():
            theirs = ref["vals"].get(k, ())
            both = min(len(vals), len(theirs))
            total += sum(vals[:both]) - sum(theirs[:both])
            n += both
        return total / n if n else float("-inf")

    return max(live, key=lambda m: (edge(m), m["prior"]))["action"]


def settle(state, rng) -> None:
    """Take the steps decided by rule (claims, draws, Recruiter) up to the next play."""
    while state.step != _STEP_PLAY and state.step != _STEP_OVER and state.step != _STEP_ROUND_OVER:
        auto_step(state, rng)


def greedy_reply(state, q: int, rng, width: int, cal=None) -> Action:
    """The opponent's reply: the best of their ``width`` likeliest plays by the full evaluation.

    In a sampled world their hand is known; the evaluation reads only what they
    may see, as the Medium player does.
    """
    cands = top_plays(state, q, width)
    if len(cands) == 1:
        return cands[0]
    best, best_v = cands[0], -1.0
    for a in cands:
        t = state.copy()
        apply_fast(t, a)
        settle(t, rng)
        v = _value(t, q, cal)
        if v > best_v:
            best, best_v = a, v
    return best


def _value(state, p: int, cal=None) -> float:
    step = state.step
    if step == _STEP_OVER or step == _STEP_ROUND_OVER:
        w = state.outcome.winner
        return 0.5 if w is None else 1.0 if w == p else 0.0
    return evaluate(state, p, cal=cal)
