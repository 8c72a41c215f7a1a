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
repeated link is recognised, reported and ignored (exit code 0). The terminal opens every link
the page makes (``links.parse_link``): several messages in one link are played in order, a
WebRTC offer is ignored, and the answer says ``rtc=none`` (this device plays by links only).
A turn given to ``play`` is played whole or not at all: any move refused, nothing is saved.
"""

from __future__ import annotations

import json
import os
import random

from ..actions import action_text
from ..ai import LEVELS, make_agent
from ..errors import GameError, shown
from ..narrate import narrate
from ..state import AFTER_PLAY, START_OF_TURN, Rules
from ..words import Words
from .endpoint import Endpoint, Result
from .errors import RemoteError
from .links import NO_LIVE, messages_of, page_link, parse_link
from .messages import check_text
from .sra import PLAY, Group, Ristretto

# Refusals that mean "nothing here for this device": reported, and the link ignored.
IGNORED = ("replayed", "other_game", "own_message", "live_only")
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


def run(args, group: Group | Ristretto = PLAY) -> int:
    """Run a verb. ``group``: the cipher's group of a game begun here (``host``, ``join``);
    a game under way keeps its own, named in its save. The tests' games take the small one."""
    if args.verb == "host":
        return _host(args, group)
    if args.verb == "join":
        return _join(args, group)
    verbs = {"receive": _receive, "play": _play, "show": _show}
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


def _host(args, group: Group | Ristretto) -> int:
    rules = Rules(
        tactics=args.tactics,
        claim_timing=START_OF_TURN if args.expert else AFTER_PLAY,
        rounds=args.rounds,
        starter=args.starter,
    )
    ep = Endpoint.host(rules, args.name, group=group)
    _store(ep, args.save)
    print(f"Game {ep.game[:8]} offered as {ep.names[0]} (South). Send this invitation:")
    print("send: " + _link_of([ep.invitation()], args.base))
    return 0


def _join(args, group: Group | Ristretto) -> int:
    """The link's first message is the invitation (any after it are played as ``receive``
    plays them, as the page does)."""
    link = parse_link(args.link)
    messages = messages_of(link)
    ep, answer = Endpoint.join(messages[0], args.name, rtc=link.rtc, group=group)
    print(f"Joined {ep.names[0]}'s game {ep.game[:8]} as {ep.names[1]} (North).")
    _take_all(ep, messages[1:], args, [answer], code="")
    return 0


def _receive(args) -> int:
    ep = _load(args.save)
    try:
        link = parse_link(args.link)
        messages = messages_of(link)
    except RemoteError as e:
        if not _ignored(ep, e):
            raise
        return 0
    _take_all(ep, messages, args, [], ep.pairing_code(), link.rtc)
    return 0


def _ignored(ep: Endpoint, e: RemoteError) -> bool:
    """Whether ``e`` means only "nothing here for this device"; then it is said so."""
    if e.code in IGNORED:
        print("ignored: " + _words(ep).refusal(e))
    return e.code in IGNORED


def _take_all(
    ep: Endpoint, messages: list, args, results: list, code: str, rtc: str | None = None
) -> None:
    """Each message in turn, as the page plays a link's (web/js/duo.js, ``receive``): one
    seen already is reported and skipped; a refusal stops there, keeping those before it
    (each is whole: the endpoint keeps a message only if all of it holds)."""
    refused = None
    for msg in messages:
        try:
            results.append(ep.receive(msg, rtc=rtc))
        except RemoteError as e:
            if not _ignored(ep, e):
                refused = e
                break
    if results or ep.verdict is not None:  # a cheat found: the game is void, and stays so
        _store(ep, args.save)
    if results:
        _report(ep, results, args.base, code=code)
    if refused is not None:
        raise refused


def _action_of(ep: Endpoint, move: str):
    """One of the legal moves, by its number in the list or its text."""
    legal = ep.legal()
    by_text = {action_text(a).lower(): a for a in legal}
    if move.isdigit() and int(move) < len(legal):
        return legal[int(move)]
    if move.lower() in by_text:
        return by_text[move.lower()]
    raise RemoteError("not_a_move")


def _play(args) -> int:
    """The moves of a turn, whole or not at all: each is played on the endpoint in memory,
    which is saved only when every one holds; the first refused is named, nothing is saved
    (the table is shown as it was) and the exit code is 2."""
    ep = _load(args.save)
    words = _words(ep)
    results: list[Result] = []
    rng = random.Random(args.seed)
    for number, move in enumerate(args.moves, 1):
        try:
            if move != "auto":
                results.append(ep.play(_action_of(ep, move)))
                continue
            agent = make_agent(args.ai)
            while ep.can_play() and not any(r.send for r in results):
                results.append(ep.play(agent.choose(ep.view(), rng)))
        except GameError as e:
            _show_turn(_load(args.save))
            raise RemoteError(
                "turn_refused", n=number, value=shown(move), cause=e.to_json()
            ) from None
    _store(ep, args.save)
    _report(ep, results, args.base, words)
    return 0


def _takeback(args) -> int:
    ep = _load(args.save)
    result = ep.ask_takeback()
    _store(ep, args.save)
    _report(ep, [result], args.base)
    return 0


def _answer(args) -> int:
    ep = _load(args.save)
    result = ep.answer_takeback(args.agree == "yes")
    _store(ep, args.save)
    _report(ep, [result], args.base)
    return 0


def _show(args) -> int:
    ep = _load(args.save)
    _show_turn(ep)
    if ep.waiting_for() != "over":
        _pairing_code(ep)
    if ep.last_sent is not None:
        print("last sent: " + _link_of([ep.last_sent], args.base))
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


def _link_of(messages: list, base: str) -> str:
    """The link that carries ``messages`` to the other device, in order; with the answer to
    an invitation, ``rtc=none``: this device plays by links only, so the page does not wait
    for a live channel (web/js/rtc.js, ``accept``)."""
    answer = any(msg["t"] == "accept" for msg in messages)
    return page_link(messages, base, NO_LIVE if answer else None)


def _pairing_code(ep: Endpoint) -> None:
    """The pairing code, once known, and what to do with it."""
    words = _words(ep)
    if ep.pairing_code():
        print(words.t("remote.pairing_code", code=ep.pairing_code()))
        print(words.t("remote.compare_code"))


def _report(
    ep: Endpoint, results: list, base: str, words: Words | None = None, code: str | None = None
) -> None:
    """What ``results`` did, in order; the pairing code if it became known (``code``: the
    code before); one link with every message to send; the turn."""
    words = words or _words(ep)
    for line in narrate([e for r in results for e in r.events], words):
        print(line["text"])
    read = [card for r in results for card in r.read]
    if read:
        print("You read: " + " ".join(read))
    for r in results:
        if r.audit:
            print(f"Round {r.audit['round']} audited: every card was dealt fairly.")
        if r.takeback:
            print(_takeback_news(ep, r.takeback))
    if code == "":
        _pairing_code(ep)
    sends = [r.send for r in results if r.send is not None]
    if sends:
        print("send: " + _link_of(sends, base))
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
