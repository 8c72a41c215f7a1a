"""What one click costs the glue at the first move and at the end of a 7-round match.

    python bench/payload.py                 # medians of 31 runs, CPython
    python bench/payload.py --web /tmp/old/web   # another build's glue, the same match
    node bench/payload_pyodide.mjs          # the same inside Pyodide, and CPython beside it

A seeded 7-round match against the computer (both seats play at random) is played through
``web/session.py`` as the page plays it: the page keeps its log and tells which lines it
holds (``have``), as ``js/bridge.js`` does. At two moments (the human's first move, and the
human's last move of the match) the same click is made again and again on a copy of the
session as it stood: ``act`` (the match acts, the engine applies, the presenter words the
payload), timed, and the payload's JSON measured. Prints the medians and the end's ratio to
the first move (the target: within 1.5x in time and size). ``--json`` prints one JSON line.
"""

from __future__ import annotations

import argparse
import copy
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _page_have(session, payload) -> None:
    """What the page holds after ``payload`` (one log per key), told with the next call."""
    if "log_key" in payload:  # a build without it sends the whole log every time
        held = session.page_logs.get(payload["log_key"], [])
        session.page_logs = {payload["log_key"]: held[: payload["log_from"]] + payload["log"]}
        session.have = {k: len(v) for k, v in session.page_logs.items()}


def play_match(seed: int, rounds: int):
    """The match's human clicks: ``[(session before the click, action, seat)]``."""
    from session import Session

    from engine import action_to_json, legal_actions

    rng = random.Random(seed)
    s = Session()
    s.page_logs = {}
    p = s.new_game({"opponent": "ai", "seed": seed, "rounds": rounds})
    _page_have(s, p)
    clicks = []
    while p["view"]["step"] != "over":
        st = s.state
        if st.step == "round_over":
            action, seat = {"kind": "next_round"}, None
        else:
            action, seat = action_to_json(rng.choice(legal_actions(st))), st.to_move
        if seat == 0 or action["kind"] == "next_round":
            clicks.append((copy.deepcopy(s), action, seat))
        p = s.act(action, seat)
        _page_have(s, p)
    return clicks


def click(snapshot, action, seat) -> tuple[float, int]:
    """The click made once on a copy of ``snapshot``: milliseconds, and the payload's bytes."""
    s = copy.deepcopy(snapshot)
    t0 = time.perf_counter()
    text = json.dumps(s.act(action, seat))  # what crosses to the page
    return (time.perf_counter() - t0) * 1000, len(text.encode())


def measure(clicks: dict, runs: int) -> dict:
    """Each click made ``runs`` times, in turn (so both see the same machine): medians."""
    seen: dict = {name: [] for name in clicks}
    for _ in range(runs):
        for name, c in clicks.items():
            seen[name].append(click(*c))
    return {
        name: {
            "ms": round(statistics.median(t for t, _ in v), 3),
            "bytes": int(statistics.median(b for _, b in v)),
        }
        for name, v in seen.items()
    }


def run(runs: int = 7, seed: int = 2, rounds: int = 7) -> dict:
    clicks = play_match(seed, rounds)
    first = next(c for c in clicks if c[1]["kind"] != "next_round")
    last = [c for c in clicks if c[1]["kind"] != "next_round"][-1]
    out = {
        "python": platform.python_version(),
        "runs": runs,
        "seed": seed,
        "rounds": rounds,
        "moves": len(last[0].actions or ()),
        **measure({"first": first, "end": last}, runs),
    }
    out["time_ratio"] = round(out["end"]["ms"] / out["first"]["ms"], 2)
    out["size_ratio"] = round(out["end"]["bytes"] / out["first"]["bytes"], 2)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=31)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--web", default=str(ROOT / "web"), help="the glue to measure (web/)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    for path in (args.web, str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    r = run(args.runs, args.seed, args.rounds)
    if args.json:
        print(json.dumps(r))
        return 0
    print(
        f"Python {r['python']}, seed {r['seed']}, {r['rounds']} rounds "
        f"({r['moves']} entries in the record at the last move), medians of {r['runs']} runs"
    )
    for k in ("first", "end"):
        print(f"{k:>6}: {r[k]['ms']:8.2f} ms {r[k]['bytes']:8d} bytes")
    print(f"end / first: {r['time_ratio']}x time, {r['size_ratio']}x size")
    return 0


if __name__ == "__main__":
    sys.exit(main())
