"""``python -m engine remote``: one side of a game between two devices, in the terminal, over
the same links the page sends.

Each call is one step, with the game kept in a save file (its game and its own secrets):

    python -m engine remote host --save ann.json --name Ann --tactics   # prints an invitation
    python -m engine remote join LINK --save bob.json --name Bob       # prints the answer
    python -m engine remote receive LINK --save ann.json               # plays the link here
    python -m engine remote play R7@3 "claim 3" done --save ann.json   # my moves
    python -m engine remote play auto --ai easy --save bob.json        # a built-in AI's turn
    python -m engine remote show --save ann.json                       # the table, the last link
    python -m engine remote takeback --save ann.json                   # ask to take back my turn
    python -m engine remote answer yes --save bob.json                 # agree (or: no)
    python -m engine remote record --save ann.json --out game.json     # the record, once over

Every link to send is printed on a line of its own that starts with ``send: ``. A stale or
repeated link is recognised, reported and ignored (exit code 0).
"""

from __future__ import annotations

import json
import os
import random

from ..actions import action_text
from ..ai import LEVELS, make_agent
from ..narrate import narrate
from ..state import AFTER_PLAY, START_OF_TURN, Rules
from ..words import Words
from .endpoint import Endpoint
from .errors import RemoteError
from .messages import check_text, from_link, to_link

IGNORED = ("replayed", "other_game", "own_message")
# A save's JSON: the deepest real one nests 7 deep (a turn point's round cards' pending draws),
# a one-round Tactic game's is about 86,000 characters and each round audited adds about 3,000.
SAVE_DEPTH = 16
SAVE_TEXT = 4_000_000


def add_parser(sub) -> None:
    """The ``remote`` sub-command and its verbs, on ``engine.cli``'s parser."""
    p = sub.add_parser("remote", help="play one side of a game between two devices, by links")
    verbs = p.add_subparsers(dest="verb", required=True)
    v = verbs.add_parser("host", help="offer a new game: prints the invitation link")
    v.add_argument("--name", required=True)
    v.add_argument("--tactics", action="store_true")
    v.add_argument("--expert", action="store_true", help="claims at the start of a turn")
    v.add_argument("--rounds", type=int, default=1)
    v.add_argument(
        "--starter", type=int, choices=(0, 1), default=0, help="who starts: 0 the host, 1 the guest"
    )
    v = verbs.add_parser("join", help="answer an invitation link: prints the answer link")
    v.add_argument("link")
    v.add_argument("--name", required=True)
    v = verbs.add_parser("receive", help="play a link from the other device")
    v.add_argument("link")
    v = verbs.add_parser("play", help="make moves: their number or text, or 'auto'")
    v.add_argument("moves", nargs="+")
    v.add_argument("--ai", default="easy", choices=sorted(LEVELS), help="for 'auto'")
    v.add_argument("--seed", type=int, help="for 'auto'")
    verbs.add_parser("show", help="the table, and the last link sent")
    verbs.add_parser("takeback", help="ask the other to let me take back my last turn")
    v = verbs.add_parser("answer", help="answer the other's take-back question")
    v.add_argument("agree", choices=("yes", "no"))
    v = verbs.add_parser("record", help="the game record, once the game is over and audited")
    v.add_argument("--out", help="write it to this file (else printed)")
    for v in verbs.choices.values():
        v.add_argument("--save", required=True, help="this side's save file")
        v.add_argument("--base", default="", help="the page's address to put before '#m='")


def run(args) -> int:
    verbs = {"host": _host, "join": _join, "receive": _receive, "play": _play, "show": _show}
    verbs.update(takeback=_takeback, answer=_answer, record=_record)
    return verbs[args.verb](args)


# ---------------------------------------------------------------- the save file


def _load(path: str) -> Endpoint:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.loads(check_text(f.read(SAVE_TEXT + 1), SAVE_TEXT, SAVE_DEPTH))
    except (OSError, ValueError):  # unreadable, not JSON, too big or too deep (a RemoteError)
        raise RemoteError("bad_save") from None
    return Endpoint.from_json(data)


def _store(ep: Endpoint, path: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(ep.to_json(), f)
    os.replace(tmp, path)  # a crash never leaves half a save


# ---------------------------------------------------------------- the verbs


def _host(args) -> int:
    rules = Rules(
        tactics=args.tactics,
        claim_timing=START_OF_TURN if args.expert else AFTER_PLAY,
        rounds=args.rounds,
        starter=args.starter,
    )
    ep = Endpoint.host(rules, args.name)
    _store(ep, args.save)
    print(f"Game {ep.game[:8]} offered as {ep.names[0]} (South). Send this invitation:")
    print("send: " + to_link(ep.invitation(), args.base))
    return 0


def _join(args) -> int:
    ep, result = Endpoint.join(from_link(args.link), args.name)
    _store(ep, args.save)
    print(
        f"Joined {ep.names[0]}'s game {ep.game[:8]} as {ep.names[1]} (North); "
        f"pairing code {ep.pairing_code()}. Send this answer:"
    )
    _report(ep, result, args.base)
    return 0


def _receive(args) -> int:
    ep = _load(args.save)
    try:
        result = ep.receive(from_link(args.link))
    except RemoteError as e:
        if e.code in IGNORED:
            print("ignored: " + _words(ep).refusal(e))
            return 0
        if ep.verdict is not None:  # a cheat found: the game is void, and stays so
            _store(ep, args.save)
        raise
    _store(ep, args.save)
    _report(ep, result, args.base)
    return 0


def _play(args) -> int:
    ep = _load(args.save)
    words = _words(ep)
    result = None
    rng = random.Random(args.seed)
    for move in args.moves:
        if move == "auto":
            agent = make_agent(args.ai)
            while ep.can_play() and (result is None or result.send is None):
                result = _merge(result, ep.play(agent.choose(ep.view(), rng)))
            continue
        legal = ep.legal()
        by_text = {action_text(a).lower(): a for a in legal}
        if move.isdigit() and int(move) < len(legal):
            action = legal[int(move)]
        elif move.lower() in by_text:
            action = by_text[move.lower()]
        else:
            print(f"not a move now: {move!r}")
            _show_turn(ep)
            _store(ep, args.save)
            return 2
        result = _merge(result, ep.play(action))
    _store(ep, args.save)
    if result is not None:
        _report(ep, result, args.base, words)
    return 0


def _takeback(args) -> int:
    ep = _load(args.save)
    result = ep.ask_takeback()
    _store(ep, args.save)
    _report(ep, result, args.base)
    return 0


def _answer(args) -> int:
    ep = _load(args.save)
    result = ep.answer_takeback(args.agree == "yes")
    _store(ep, args.save)
    _report(ep, result, args.base)
    return 0


def _show(args) -> int:
    ep = _load(args.save)
    _show_turn(ep)
    if ep.last_sent is not None:
        print("last sent: " + to_link(ep.last_sent, args.base))
    return 0


def _record(args) -> int:
    """The whole game as a record (``python -m engine replay`` reads it); refused by name
    (``not_over``) before every round is audited."""
    from .record import game_record

    text = json.dumps(game_record(_load(args.save)), indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text)
    return 0


# ---------------------------------------------------------------- output


def _takeback_news(ep: Endpoint, news: dict) -> str:
    """A take-back asked, answered or lapsed, in a line (the terminal speaks English, as
    its board does)."""
    them = ep.names[1 - ep.seat] or "your opponent"
    if news.get("asked"):
        return f"{them} asks to take back their last turn."
    if news.get("lapsed"):
        return f"{them} asked to take back their turn, but you had moved: the question lapsed."
    if news["player"] != ep.seat:
        return f"{them}'s turn is taken back." if news["agree"] else "You declined."
    if news.get("moved"):
        return f"{them} moved before answering: your turn stands."
    return (
        f"{them} agreed: your turn is taken back."
        if news["agree"]
        else f"{them} declined: your turn stands."
    )


def _words(ep: Endpoint) -> Words:
    return Words("en", you=ep.seat, names=ep.names)


def _merge(a, b):
    if a is None:
        return b
    a.events += b.events
    a.read += b.read
    a.send = b.send or a.send
    a.audit = b.audit or a.audit
    a.takeback = b.takeback or a.takeback
    return a


def _report(ep: Endpoint, result, base: str, words: Words | None = None) -> None:
    words = words or _words(ep)
    for line in narrate(result.events, words):
        print(line["text"])
    if result.read:
        print("You read: " + " ".join(result.read))
    if result.audit:
        print(f"Round {result.audit['round']} audited: every card was dealt fairly.")
    if result.takeback:
        print(_takeback_news(ep, result.takeback))
    if result.send is not None:
        print("send: " + to_link(result.send, base))
    _show_turn(ep)


def _show_turn(ep: Endpoint) -> None:
    from ..cli import board_text

    waiting = ep.waiting_for()
    if ep.state is not None:
        print(board_text(ep.state, ep.seat))
    them = ep.names[1 - ep.seat] or "the answer"
    if ep.takeback_question():
        print(
            f"{them} asks to take back their last turn (what you did since, unsent, is undone "
            "too): python -m engine remote answer yes|no --save FILE"
        )
    elif ep.asked is not None:
        print(f"waiting for {them} to answer your take-back request")
        return
    if waiting == "you":
        assert ep.state is not None  # a move here: the game is dealt
        for i, a in enumerate(ep.legal()):
            print(f"  {i:2}: {action_text(a)}", end="\n" if i % 6 == 5 else "")
        print()
        print(f"[{ep.state.step}] your move: python -m engine remote play MOVE --save FILE")
    elif ep.can_take_back():
        print(f"waiting for {them}; to take back your turn: python -m engine remote takeback")
    elif waiting == "them":
        print(f"waiting for {them}")
    else:
        print("the match is over" + (" (void: a cheat was found)" if ep.verdict else ""))
