"""Write the golden game records the event tests replay: ``python -m tools.golden_games``.

Each file in ``tests/data/games/`` holds a game record (``docs/formats.md``) and the
events its replay told when the file was made, one list per action. The test
(``tests/test_events.py``) replays every record and expects exactly those events, so a
change to what the engine tells shows up as a diff of these files: run this again only
after checking that the change is meant.

Games are seeded: uniformly random legal play (which reaches every tactic card's effect,
passes and stuck games) and Medium against Easy (games as people play them).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from engine import Rules, legal_actions, new_game, record_to_json, replay_events, view
from engine.ai import make_agent
from engine.state import START_OF_TURN
from engine.turn import apply

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "games"

VARIANTS = {
    "base": Rules(),
    "tactics": Rules(tactics=True),
    "expert": Rules(claim_timing=START_OF_TURN),
    "tactics-expert": Rules(tactics=True, claim_timing=START_OF_TURN),
    "match": Rules(rounds=3),
    "tactics-match": Rules(tactics=True, rounds=3, next_starter="winner"),
}


def play(rules: Rules, seed: int, agents: str) -> list:
    state = new_game(rules, seed)
    rng = random.Random(f"golden/{seed}")
    players = None if agents == "random" else [make_agent("medium"), make_agent("easy")]
    actions = []
    while not state.over:
        if players is None:
            a = rng.choice(legal_actions(state))
        else:
            a = players[state.to_move].choose(view(state, state.to_move), rng)
        state = apply(state, a)
        actions.append(a)
    return actions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.golden_games", description=__doc__)
    ap.add_argument("--per-variant", type=int, default=4)
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    n = 0
    for name, rules in VARIANTS.items():
        for k in range(args.per_variant):
            agents = "random" if k % 2 == 0 else "medium-easy"
            seed = 1000 + 17 * n
            record = record_to_json(rules, seed, play(rules, seed, agents))
            _final, _actions, events = replay_events(record)
            path = OUT / f"{name}-{agents}-{seed}.json"
            lines = ",\n".join(json.dumps(ev, separators=(",", ":")) for ev in events)
            path.write_text(
                '{"record": '
                + json.dumps(record, separators=(",", ":"))
                + ',\n"events": [\n'
                + lines
                + "\n]}\n"
            )
            n += 1
    print(f"wrote {n} games to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
