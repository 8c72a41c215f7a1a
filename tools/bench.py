"""Engine benchmark: ``python -m tools.bench [--runs 5] [--games 300] [--json] [--against REV]``.

Reports medians over several runs of:
- random full games per second through the public checked ``apply``
  (uniformly random legal actions, every provable claim taken), base and tactics;
- the same games through the fast path (``fast.play_out``: in place, unchecked);
- claim-proof checks per second. A "check" is one ``can_claim_fast(state, p, stone)``
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

``--against REV`` compares two engines in one command: the engine of the git
revision REV (extracted into a temporary folder with ``git archive``) and the
engine in the working tree, both measured by this file's code, one run at a time
in fresh processes, alternating old and new, each run on the same seeds for both.
It prints both medians and the ratio new/old.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from engine import Rules, apply, apply_fast, claims, new_game
from engine.fast import play_out, random_action

# The unchecked proof; ``--against`` runs this file with an older engine, whose ``can_claim``
# was the unchecked one (before issue 23 added its checked form).
can_claim_fast = getattr(claims, "can_claim_fast", claims.can_claim)
# The proof cache and the one-slot tables, in their own modules since the split of claims.py;
# in an older engine, in claims itself.
try:
    from engine import beat_tables, completions
except ImportError:
    beat_tables = completions = claims

# A match's last step: ``Step.OVER`` equals its string, which ``--against`` also finds in an
# older engine (before the steps were an enum).
OVER = "over"
ROOT = Path(__file__).resolve().parent.parent
MEASURES = (
    ("checked_base", "random games/s, checked apply, base"),
    ("checked_tactics", "random games/s, checked apply, tactics"),
    ("fast_base", "random games/s, fast path, base"),
    ("fast_tactics", "random games/s, fast path, tactics"),
    ("proofs", "claim-proof checks/s"),
    ("proofs_cold", "claim-proof checks/s, cache cold"),
)


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
        self.to_prove = [
            (p, st)
            for st in range(9)
            for p in (0, 1)
            if state.owner[st] < 0 and state.done_at[2 * st + p]
        ]


def proof_rate(positions: list, passes: int = 20, cold: bool = False) -> float:
    """Real proofs/s: ``can_claim_fast`` for every complete side of an unclaimed stone.

    Each pass starts from fresh copies, so a state's own verdict cache never
    answers; ``cold`` also empties the shared proof cache before each pass.
    """
    checks, elapsed = 0, 0.0
    for _ in range(passes):
        if cold:
            completions._cache.clear()
        fresh = [(pos.state.copy(), pos.to_prove) for pos in positions]
        for s, _ in fresh:
            s.proofs = [None] * 18
        t = time.process_time()
        for s, to_prove in fresh:
            for p, stone in to_prove:
                can_claim_fast(s, p, stone)
            checks += len(to_prove)
        elapsed += time.process_time() - t
    return checks / elapsed


def measure(runs: int, games: int, first_run: int = 0) -> dict:
    """Medians over ``runs`` runs (run i plays seeds from ``(first_run + i) * games``)."""
    base, tactics = Rules(), Rules(tactics=True)
    for rules in (base, tactics):  # warm the formation and proof tables
        for seed in range(200):
            fast_game(rules, 10_000_000 + seed)
    beat_tables.build_pair_tables()
    positions = [_Position(s) for s in mid_game_positions(300)]
    results: dict[str, list[float]] = {}
    for run in range(first_run, first_run + runs):
        first = run * games
        for name, fn, rules in (
            ("checked_base", checked_game, base),
            ("checked_tactics", checked_game, tactics),
            ("fast_base", fast_game, base),
            ("fast_tactics", fast_game, tactics),
        ):
            results.setdefault(name, []).append(_rate(fn, rules, games, first))
        results.setdefault("proofs", []).append(proof_rate(positions))
        results.setdefault("proofs_cold", []).append(proof_rate(positions, 5, cold=True))
    med: dict = {k: statistics.median(v) for k, v in results.items()}
    med["python"] = sys.version.split()[0]
    med["runs"] = runs
    med["engine"] = str(Path(claims.__file__).resolve().parent)
    return med


# --- old against new ---------------------------------------------------------------------

# A fresh interpreter that imports the engine from argv[1] and this benchmark from argv[2].
_CHILD = (
    "import sys; engine_root, tools_root = sys.argv[1:3]; "
    "sys.path[:0] = [engine_root, tools_root]; "
    "from tools.bench import main; sys.exit(main(sys.argv[3:]))"
)


def extract_engine(rev: str, into: Path) -> str:
    """Write REV's ``engine/`` package into ``into``; return REV's short commit hash."""
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "--verify", f"{rev}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if commit.returncode != 0:
        raise SystemExit(f"tools.bench: unknown revision {rev!r}: {commit.stderr.strip()}")
    tar = subprocess.run(
        ["git", "archive", "--format=tar", commit.stdout.strip(), "engine"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4+: no links or paths outside
            archive.extractall(into, filter="data")
        else:
            archive.extractall(into)
    return commit.stdout.strip()


def run_child(engine_root: Path, games: int, run: int) -> dict:
    """One run of this benchmark in a new process, with the engine found in engine_root."""
    args = ["--json", "--runs", "1", "--games", str(games), "--first-run", str(run)]
    # Python's own bytecode caches stay out of the extracted tree; -I ignores PYTHON* vars
    # and the user's site-packages, so only the two roots decide what is imported.
    cmd = [sys.executable, "-I", "-B", "-c", _CHILD, str(engine_root), str(ROOT), *args]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(
            f"tools.bench: the run with the engine in {engine_root} failed:\n{out.stderr.strip()}"
        )
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if Path(result["engine"]) != (engine_root / "engine").resolve():
        raise SystemExit(
            f"tools.bench: the run imported {result['engine']}, not {engine_root / 'engine'}"
        )
    return result


def against(rev: str, runs: int, games: int) -> dict:
    """Medians for REV's engine ("old") and the working tree's ("new"), runs alternating."""
    with tempfile.TemporaryDirectory(prefix="bench-against-") as tmp:
        old_root = Path(tmp) / "old"
        old_root.mkdir()
        commit = extract_engine(rev, old_root)
        results: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        for run in range(runs):
            # Alternate which goes first, so a drift in the machine's load hits both alike.
            order = (("old", old_root), ("new", ROOT))
            for side, root in order if run % 2 == 0 else order[::-1]:
                print(
                    f"tools.bench: run {run + 1}/{runs}, {side} engine", file=sys.stderr, flush=True
                )
                r = run_child(root, games, run)
                for key, _ in MEASURES:
                    results[side].setdefault(key, []).append(r[key])
    med = {side: {k: statistics.median(v) for k, v in rs.items()} for side, rs in results.items()}
    return {
        "old": med["old"],
        "new": med["new"],
        "ratio": {k: med["new"][k] / med["old"][k] for k, _ in MEASURES},
        "rev": rev,
        "commit": commit,
        "runs": runs,
        "games": games,
        "python": sys.version.split()[0],
    }


def print_against(r: dict) -> None:
    print(
        f"Python {r['python']}, medians of {r['runs']} alternating runs, {r['games']} games "
        f"per run; old: {r['rev']} ({r['commit']}), new: the working tree"
    )
    print(f"  {'measure':<40}{'old':>12}{'new':>12}{'new/old':>10}")
    for key, label in MEASURES:
        print(
            f"  {label:<40}{r['old'][key]:>12,.0f}{r['new'][key]:>12,.0f}{r['ratio'][key]:>9.2f}x"
        )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=300, help="games per run and variant")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--against",
        metavar="REV",
        help="also measure the engine of git revision REV; print both and new/old",
    )
    ap.add_argument("--first-run", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.against:
        r = against(args.against, args.runs, args.games)
        if args.json:
            print(json.dumps(r))
        else:
            print_against(r)
        return 0
    med = measure(args.runs, args.games, args.first_run)
    if args.json:
        print(json.dumps(med))
        return 0
    print(f"Python {med['python']}, medians of {args.runs} runs, {args.games} games per run")
    print(
        f"  random games/s, checked apply:  base {med['checked_base']:8.0f}   "
        f"tactics {med['checked_tactics']:8.0f}"
    )
    print(
        f"  random games/s, fast path:      base {med['fast_base']:8.0f}   "
        f"tactics {med['fast_tactics']:8.0f}"
    )
    print(
        f"  claim-proof checks/s:           {med['proofs']:,.0f} "
        f"(cache cold every pass: {med['proofs_cold']:,.0f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
