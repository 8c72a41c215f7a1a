"""Command line: ``python -m engine play | replay FILE | check FILE | selfplay | remote``.

A refusal (a ``GameError``: a bad file, record, position or option) gives one line on
stderr, worded from the message catalogue, and exit code 2. Anything else is a bug and
shows its traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys

from .actions import action_text
from .ai import LEVELS, make_agent
from .documents import loads
from .errors import FormatError, GameError
from .events import redact_all
from .legality import legal_actions
from .narrate import claim_line, narrate, new_game_line
from .positions import position_from_json
from .records import record_to_json, replay_events
from .remote import cli as remote_cli
from .remote.sra import PLAY
from .state import AFTER_PLAY, START_OF_TURN, Rules, Step, new_game
from .turn import apply, apply_events
from .view import view
from .words import Words

WORDS = Words("en")  # the terminal speaks English, with South and North


def _read_json(path: str):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        raise FormatError("file_missing", path=path) from None
    except IsADirectoryError:
        raise FormatError("file_is_folder", path=path) from None
    except PermissionError:
        raise FormatError("file_forbidden", path=path) from None
    except OSError as e:  # the system's own words: rare enough (a disk error) to keep
        raise FormatError("file_unreadable", path=path, reason=e.strerror) from None
    except UnicodeDecodeError:
        raise FormatError("not_utf8", path=path) from None
    return loads(text)


def board_text(state, player: int) -> str:
    """The table as text, from ``player``'s seat (their side at the bottom)."""
    v = view(state, player)
    other = 1 - player
    lines = [
        f"Round {v['round']}  scores {v['scores'][0]}-{v['scores'][1]}  "
        f"clan deck {v['deck_sizes'][0]}"
        + (f"  tactic deck {v['deck_sizes'][1]}" if state.rules.tactics else "")
    ]

    def row(q):
        cells = []
        for st in v["stones"]:
            cells.append(" ".join(st["sides"][q]["cards"]) or ".")
        return " | ".join(f"{c:<11}" for c in cells)

    lines.append(f"{WORDS.name(other):>6}: {row(other)}")
    stones = []
    for i, st in enumerate(v["stones"]):
        mark = f"[{i + 1}]"
        if st["owner"] is not None:
            mark = f"[{i + 1}:{WORDS.name(st['owner'])[0]}]"
        if st["mode"]:
            mark += st["mode"][0]
        stones.append(f"{mark:<11}")
    lines.append("        " + " | ".join(stones))
    lines.append(f"{WORDS.name(player):>6}: {row(player)}")
    lines.append(f"Your hand: {' '.join(v['hand'])}   (opponent holds {v['hand_sizes'][other]})")
    if v["discard"]:
        lines.append(f"Discard: {' '.join(v['discard'])}")
    return "\n".join(lines)


def cmd_play(args) -> int:
    rules = Rules(
        tactics=args.tactics,
        claim_timing=START_OF_TURN if args.expert else AFTER_PLAY,
        rounds=args.rounds,
    )
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    state = new_game(rules, seed)
    agent, rng = make_agent(args.ai), random.Random(seed)
    human = 0
    print(
        f"Schotten Totten, seed {seed}. You are South; enter a number from the list "
        f"or the move itself (e.g. R7@3 for Red 7 on stone 3), or 'q' to quit."
    )
    print(new_game_line(rules, WORDS)["text"])
    actions: list = []
    turn_events: list = []
    while state.step != Step.OVER:
        if state.to_move != human:
            a = agent.choose(view(state, 1 - human), rng)
        else:
            for line in narrate(turn_events, WORDS):  # what happened since your last move
                print(line["text"])
            turn_events = []
            print()
            print(board_text(state, human))
            legal = legal_actions(state)
            for i, a in enumerate(legal):
                print(f"  {i:2}: {action_text(a)}", end="\n" if i % 6 == 5 else "")
            print()
            while True:
                answer = input(f"[{state.step}] your choice: ").strip()
                if answer.lower() in ("q", "quit"):
                    return 0
                if answer.isdigit() and int(answer) < len(legal):
                    a = legal[int(answer)]
                    break
                by_text = {action_text(x).lower(): x for x in legal}
                if answer.lower() in by_text:
                    a = by_text[answer.lower()]
                    break
                print("  enter one of the numbers above")
        state, events = apply_events(state, a)
        actions.append(a)
        turn_events += redact_all(events, human)
    for line in narrate(turn_events, WORDS):
        print(line["text"])
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(record_to_json(rules, seed, actions), f, indent=1)
        print(f"Record saved to {args.save}")
    return 0


def cmd_replay(args) -> int:
    state, actions, events = replay_events(_read_json(args.file))
    if args.verbose:  # the record's reader sees every card: the full events
        print(new_game_line(state.rules, WORDS)["text"])
        for line in narrate([e for ev in events for e in ev], WORDS):
            print(line["text"])
    status = "in progress" if state.step != Step.OVER else "over"
    print(
        f"valid record: {len(actions)} actions, match {status}, round {state.round}, "
        f"scores {state.scores[0]}-{state.scores[1]}"
    )
    return 0


def cmd_check(args) -> int:
    state = position_from_json(_read_json(args.file))
    p = state.to_move if args.player is None else args.player
    print(board_text(state, p))
    print(f"Claims for {WORDS.name(p)}:")
    for claim in view(state, p)["claims"]:
        print("  " + claim_line(claim, WORDS))
    for s in range(9):
        if state.owner[s] >= 0:
            print("  " + WORDS.t("claim.owned", stone=s, owner=state.owner[s]))
    return 0


def cmd_selfplay(args) -> int:
    """Play one game between two agents and print its record (for tests and bug reports)."""
    rules = Rules(tactics=args.tactics, claim_timing=START_OF_TURN if args.expert else AFTER_PLAY)
    state = new_game(rules, args.seed)
    agents, rng, actions = (
        [make_agent(args.south), make_agent(args.north)],
        random.Random(args.seed),
        [],
    )
    while state.step != Step.OVER:
        a = agents[state.to_move].choose(view(state, state.to_move), rng)
        state = apply(state, a)
        actions.append(a)
    print(json.dumps(record_to_json(rules, args.seed, actions)))
    return 0


def main(argv=None, remote_group=PLAY) -> int:
    """The command line; ``remote_group``: the cipher's group of a remote game begun here
    (the tests pass the small test group; a game under way keeps its own)."""
    ap = argparse.ArgumentParser(prog="python -m engine", description="Schotten Totten engine")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="play in the terminal against the built-in AI")
    p.add_argument("--tactics", action="store_true", help="with the 10 tactic cards")
    p.add_argument("--expert", action="store_true", help="claims at the start of your turn")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--seed", type=int)
    p.add_argument("--ai", default="easy", choices=sorted(LEVELS))
    p.add_argument("--save", help="write the game record to this file")
    p = sub.add_parser("replay", help="check and replay a game record file")
    p.add_argument("file")
    p.add_argument("-v", "--verbose", action="store_true", help="list every action")
    p = sub.add_parser("check", help="which stones can be claimed in a position file, and why")
    p.add_argument("file")
    p.add_argument("--player", type=int, choices=(0, 1), help="default: the player to move")
    p = sub.add_parser("selfplay", help="print the record of a game between two agents")
    p.add_argument("--south", default="easy", choices=sorted(LEVELS))
    p.add_argument("--north", default="random", choices=sorted(LEVELS))
    p.add_argument("--tactics", action="store_true")
    p.add_argument("--expert", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    remote_cli.add_parser(sub)
    args = ap.parse_args(argv)
    try:
        return {
            "play": cmd_play,
            "replay": cmd_replay,
            "check": cmd_check,
            "selfplay": cmd_selfplay,
            "remote": lambda a: remote_cli.run(a, remote_group),
        }[args.cmd](args)
    except GameError as e:  # a refusal, in the catalogue's words; any other error is a bug
        return _error(WORDS.refusal(e))
    except (EOFError, KeyboardInterrupt):
        print()
        return 0
    except BrokenPipeError:  # e.g. `replay -v FILE | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _error(message: str) -> int:
    """One line on stderr, exit code 2."""
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return 2
