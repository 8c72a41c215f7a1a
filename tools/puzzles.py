"""Find puzzles in the engine's own games and write them for the page.

    python -m tools.puzzles --seed 1 --count 500 --out web/puzzles.json

Games ``seed``, ``seed + 1``, ... are played by two agents of ``--level`` (Medium by
default: Hard is about a hundred times slower per game here, and its games give the
same kinds of position), each with a generator seeded by the game's number, so a run
is reproducible. Before every play the position is asked for a puzzle
(``engine.puzzles.find``): kept only when the exact search proves that exactly one
play solves it. A position whose answer is the one already found a turn earlier in
the same game is not kept twice. The file is written after every game, so a run cut
short still leaves the puzzles found so far.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from engine import Rules, apply, new_game, view
from engine.ai import make_agent
from engine.puzzles import encode, find
from engine.puzzles.search import WIN_NODES

FORMAT = "schotten-totten/puzzles"


def game_puzzles(seed: int, level: str, win_nodes: int = WIN_NODES) -> list[str]:
    """The puzzles found in game ``seed`` played by two agents of ``level``."""
    s = new_game(Rules(), seed=seed)
    agents = [make_agent(level), make_agent(level)]
    rng = random.Random(f"puzzles/{seed}")
    out: list[str] = []
    seen: set = set()
    while not s.over:
        p = find(s, win_nodes)
        if p is not None:
            mark = (s.to_move, p.kind, p.move, p.stone)
            if mark not in seen:
                seen.add(mark)
                out.append(encode(p))
        s = apply(s, agents[s.to_move].choose(view(s, s.to_move), rng))
    return out


def document(args, games: int, puzzles: list[str]) -> dict:
    return {
        "format": FORMAT,
        "version": 1,
        "made_by": {
            "tool": "tools.puzzles",
            "seed": args.seed,
            "level": args.level,
            "win_nodes": args.win_nodes,
            "games": games,
        },
        "puzzles": puzzles,
    }


def write(path: Path, doc: dict) -> int:
    """Write ``doc`` compactly; its gzip size in bytes."""
    text = json.dumps(doc, separators=(",", ":")) + "\n"
    path.write_text(text, encoding="utf-8")
    return len(gzip.compress(text.encode(), 9))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1, help="the first game's number")
    ap.add_argument("--count", type=int, default=500, help="stop at this many puzzles")
    ap.add_argument("--games", type=int, default=10_000, help="play at most this many games")
    ap.add_argument("--level", default="medium", help="the agents' level")
    ap.add_argument(
        "--win-nodes",
        type=int,
        default=3000,
        help="positions the exact search may take to prove a *win it* (more: slower, a few more)",
    )
    ap.add_argument("--out", type=Path, default=Path("web/puzzles.json"))
    args = ap.parse_args(argv)
    start = time.perf_counter()
    puzzles: list[str] = []
    known: set = set()
    kinds: Counter = Counter()
    games = 0
    while len(puzzles) < args.count and games < args.games:
        for code in game_puzzles(args.seed + games, args.level, args.win_nodes):
            if code not in known and len(puzzles) < args.count:
                known.add(code)
                puzzles.append(code)
                kinds[code[0]] += 1
        games += 1
        size = write(args.out, document(args, games, puzzles))
        print(
            f"game {games}: {len(puzzles)} puzzles ({dict(kinds)}), {size} bytes gzip, "
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
