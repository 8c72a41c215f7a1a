"""Engine benchmark: ``python -m engine.bench [--runs 5] [--games 300] [--json]``.

Reports medians over several runs of:
- random full games per second through the public checked ``apply``
  (uniformly random legal actions, every provable claim taken), base and tactics;
- the same games through the fast path (``fast.play_out``: in place, unchecked);
- claim-proof checks per second. A "check" is one ``can_claim(state, p, stone)``
  for a complete side of an unclaimed stone in a mid-game position (20-40 random
  actions into base and tactics games), on a fresh copy whose per-state verdict
  cache (``state.proofs``) is empty, so every check does a real proof. The shared
  lazily-built tables (formations, one-slot masks) stay warm. Sides with elite
  troops, Mud Fight or Blind-Man's Bluff use the shared best-completion cache (a
  few entries per opponent side), so in the main figure those checks (about 5%)
  may be answered from an earlier pass over the same positions; "cache cold"
  empties that cache before each pass, so there every check is computed.
Tables are warmed up first (200 random games per variant, then every one-slot
proof table is built); that is what a long-running player or AI sees.
Times are CPU time of this process (``time.process_time``; the benchmark is
single-threaded), so other load on a shared machine disturbs the figures less.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

from . import claims
from .fast import play_out, random_action
from .rules import apply, apply_fast, can_claim
from .state import OVER, Rules, new_game


def checked_game(rules: Rules, seed: int) -> None:
    s = new_game(rules, seed)
    rng = random.Random(seed)
    while s.step != OVER:
        s = apply(s, random_action(s, rng))


def fast_game(rules: Rules, seed: int) -> None:
    play_out(new_game(rules, seed), random.Random(seed))


def _rate(fn, rules: Rules, games: int, first_seed: int) -> float:
    t = time.process_time()
    for seed in range(first_seed, first_seed + games):
        fn(rules, seed)
    return games / (time.process_time() - t)


def mid_game_positions(n: int, seed: int = 0) -> list:
    """States 20-40 actions into random base and tactics games."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        s = new_game(Rules(tactics=i % 2 == 1), seed * 100_000 + i)
        for _ in range(rng.randint(20, 40)):
            if s.step == OVER:
                break
            apply_fast(s, random_action(s, rng))
        if s.step != OVER:
            out.append(s)
    return out


class _Position:
    """A state plus the (player, stone) pairs that need a real proof: complete, unclaimed."""

    def __init__(self, state):
        self.state = state
        self.to_prove = [(p, st) for st in range(9) for p in (0, 1)
                         if state.owner[st] < 0 and state.done_at[2 * st + p]]


def proof_rate(positions: list, passes: int = 20, cold: bool = False) -> float:
    """Real proofs/s: ``can_claim`` for every complete side of an unclaimed stone.

    Each pass starts from fresh copies, so a state's own verdict cache never
    answers; ``cold`` also empties the shared proof cache before each pass.
    """
    checks, elapsed = 0, 0.0
    for _ in range(passes):
        if cold:
            claims._cache.clear()
        fresh = [(pos.state.copy(), pos.to_prove) for pos in positions]
        for s, _ in fresh:
            s.proofs = [None] * 18
        t = time.process_time()
        for s, to_prove in fresh:
            for p, stone in to_prove:
                can_claim(s, p, stone)
            checks += len(to_prove)
        elapsed += time.process_time() - t
    return checks / elapsed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=300, help="games per run and variant")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)

    base, tactics = Rules(), Rules(tactics=True)
    for rules in (base, tactics):   # warm the formation and proof tables
        for seed in range(200):
            fast_game(rules, 10_000_000 + seed)
    claims.build_pair_tables()
    positions = [_Position(s) for s in mid_game_positions(300)]
    results: dict[str, list[float]] = {}
    for run in range(args.runs):
        first = run * args.games
        for name, fn, rules in (("checked_base", checked_game, base),
                                ("checked_tactics", checked_game, tactics),
                                ("fast_base", fast_game, base),
                                ("fast_tactics", fast_game, tactics)):
            results.setdefault(name, []).append(_rate(fn, rules, args.games, first))
        results.setdefault("proofs", []).append(proof_rate(positions))
        results.setdefault("proofs_cold", []).append(proof_rate(positions, 5, cold=True))
    med = {k: statistics.median(v) for k, v in results.items()}
    med["python"] = sys.version.split()[0]
    med["runs"] = args.runs
    if args.json:
        print(json.dumps(med))
        return 0
    print(f"Python {med['python']}, medians of {args.runs} runs, {args.games} games per run")
    print(f"  random games/s, checked apply:  base {med['checked_base']:8.0f}   "
          f"tactics {med['checked_tactics']:8.0f}")
    print(f"  random games/s, fast path:      base {med['fast_base']:8.0f}   "
          f"tactics {med['fast_tactics']:8.0f}")
    print(f"  claim-proof checks/s:           {med['proofs']:,.0f} "
          f"(cache cold every pass: {med['proofs_cold']:,.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
