"""``python -m engine remote``: two terminal players, each with its own save file, play a whole
Tactic game by passing links (the built-in AI chooses each turn); a stale or repeated link is
recognised and ignored; a bad link is one line on stderr. The terminal opens the page's links
(its invitation with a WebRTC offer, its answer, several messages in one link) and answers
the page with "rtc=none"; a turn is played whole or not at all; both sides show the pairing
code."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from remote_play import TEST_GROUP
from test_remote_links import OFFER_SDP, encode, link_of, part, with_live

from engine.cards import card_text
from engine.cli import main
from engine.remote import Endpoint
from engine.remote.links import from_link
from engine.remote.sra import Entropy
from engine.state import Rules


def _run(capsys, *argv):
    """The command line, its remote games begun in the test group."""
    rc = main(list(argv), remote_group=TEST_GROUP)
    out = capsys.readouterr()
    return rc, out.out, out.err


def _link(text):
    found = re.findall(r"^send: (\S+)$", text, re.M)
    return found[-1] if found else None


def _code(text):
    found = re.findall(r"^pairing code (\d{6})$", text, re.M)
    return found[-1] if found else None


def _page_receives(ep, link):
    """What web/js/duo.js receive() does with a link: each "m=" part of its fragment
    (links.js, parseLink) to web/duo.py as a fragment of its own, "#m=..." (fragmentOf;
    from_link), in order."""
    parts = [p for p in link.split("#", 1)[1].split("&") if p.startswith(("m=", "r="))]
    return [ep.receive(from_link("#" + p)) for p in parts]


def _paired(tmp_path, capsys):
    """Ann hosts, Bob joins, the deal goes across (Bob's hand will go with Ann's first move):
    Ann's and Bob's save files and what Ann's terminal said last (her move is next)."""
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    _, out, _ = _run(capsys, "remote", "host", "--save", a, "--name", "Ann")
    _, out, _ = _run(capsys, "remote", "join", _link(out), "--save", b, "--name", "Bob")
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", a)  # the deal
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", b)
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", a)  # Ann's hand
    return a, b, out


def test_two_terminals_play_a_tactic_game_over_links(tmp_path, capsys):
    a, b = str(tmp_path / "ann.json"), str(tmp_path / "bob.json")
    base = "https://user.github.io/schotten-totten/"
    rc, out, _ = _run(
        capsys, "remote", "host", "--save", a, "--name", "Ann", "--tactics", "--base", base
    )
    assert rc == 0 and _link(out).startswith(base + "#m=")
    rc, out, _ = _run(capsys, "remote", "join", _link(out), "--save", b, "--name", "Bob")
    assert rc == 0 and _link(out).endswith("&rtc=none")  # the answer: by links only
    codes = [None, _code(out)]
    link, side, other, links = _link(out), a, b, []
    for turn in range(400):
        rc, out, err = _run(capsys, "remote", "receive", link, "--save", side)
        assert rc == 0, err
        seat = 0 if side == a else 1
        if codes[seat] is None:  # each side tells the code once it is known
            codes[seat] = _code(out)
        links.append(link)
        link = _link(out)
        if link is None and "the match is over" in out:
            break
        if link is None:  # a move is due, here or (after a hand's shares) on the other side
            mover = side if "your move" in out else other
            rc, out, err = _run(
                capsys,
                "remote",
                "play",
                "auto",
                "--ai",
                "easy",
                "--seed",
                str(turn),
                "--save",
                mover,
            )
            assert rc == 0 and "your move" not in out, err
            link = _link(out)
            side, other = (other, mover) if mover == side else (side, other)
        else:
            side, other = other, side
    else:
        raise AssertionError("the game did not end")
    assert "audited" in out
    assert codes[0] is not None and codes[0] == codes[1]
    for path in (a, b):  # over: the code is no more use
        _, out, _ = _run(capsys, "remote", "show", "--save", path)
        assert "pairing code" not in out
    # Each save holds its own game: no card of the other's final hand appears in it as text.
    for path, seat in ((a, 0), (b, 1)):
        save = json.loads(Path(path).read_text(encoding="utf-8"))
        assert save["seat"] == seat and save["state"]["step"] == "over"
        assert all(c in ("ClanBack", "TacticBack") for c in save["state"]["hands"][1 - seat])
    # A link received a second time is recognised and ignored.
    rc, out, _ = _run(capsys, "remote", "receive", links[-2], "--save", other)
    assert rc == 0 and out.startswith("ignored: ") and "already received" in out
    rc, out, err = _run(capsys, "remote", "receive", "https://x/#m=AAAA", "--save", a)
    assert rc == 2 and err.startswith("error: This is not a game link")
    # The game's record, every card known, replays in the terminal to the same end.
    game = str(tmp_path / "game.json")
    rc, _, err = _run(capsys, "remote", "record", "--save", b, "--out", game)
    assert rc == 0, err
    rc, printed, _ = _run(capsys, "remote", "record", "--save", a)
    assert json.loads(printed)["deal"] == json.loads(Path(game).read_text())["deal"]
    rc, out, err = _run(capsys, "replay", game)
    assert rc == 0, err
    scores = json.loads(Path(a).read_text(encoding="utf-8"))["state"]["scores"]
    assert "match over" in out and f"scores {scores[0]}-{scores[1]}" in out


def test_moves_by_text_and_a_refused_move(tmp_path, capsys):
    a, _, out = _paired(tmp_path, capsys)
    # Three links after the invitation, and Ann moves: Bob's hand goes with her move.
    assert "your move" in out and _link(out) is None
    hand = json.loads(Path(a).read_text(encoding="utf-8"))["state"]["hands"][0]
    before = Path(a).read_bytes()
    rc, out, err = _run(capsys, "remote", "play", "Z9@1", "--save", a)
    assert rc == 2 and "Move 1 of this turn ('Z9@1') is refused" in err
    assert "not one of your moves now" in err and "your move" in out
    # A turn is whole or not at all: its first move ends it, the second is refused, so
    # nothing is saved and no link is printed (the save is as it was, the move not made).
    rc, out, err = _run(capsys, "remote", "play", f"{hand[0]}@5", "Z9@1", "--save", a)
    assert rc == 2 and "Move 2 of this turn ('Z9@1') is refused" in err
    assert "nothing of the turn was played or saved" in err
    assert _link(out) is None and Path(a).read_bytes() == before
    rc, out, _ = _run(capsys, "remote", "play", f"{hand[0]}@5", "--save", a)
    assert rc == 0 and _link(out) is not None and "waiting for Bob" in out
    assert Path(a).read_bytes() != before
    assert card_text(0) == "R1"
    rc, out, _ = _run(capsys, "remote", "show", "--save", a)
    assert rc == 0 and "last sent: #m=" in out
    assert _code(out) is not None and "Compare it with the code on the other screen" in out
    # No record while the game goes on: no device knows every card yet.
    rc, out, err = _run(capsys, "remote", "record", "--save", a)
    assert rc == 2 and not out and "both devices have checked every round" in err


def test_a_take_back_asked_and_answered_from_two_terminals(tmp_path, capsys):
    a, b, out = _paired(tmp_path, capsys)
    before = json.loads(Path(a).read_text(encoding="utf-8"))["state"]
    rc, out, err = _run(capsys, "remote", "takeback", "--save", a)
    assert rc == 2 and "no finished turn" in err
    _, out, _ = _run(capsys, "remote", "play", f"{before['hands'][0][0]}@5", "--save", a)
    assert "to take back your turn" in out
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", b)
    _, out, _ = _run(capsys, "remote", "takeback", "--save", a)
    assert "waiting for Bob to answer" in out
    _, out, err = _run(capsys, "remote", "receive", _link(out), "--save", b)
    assert not err, err
    assert "Ann asks to take back their last turn" in out and "answer yes|no" in out
    _, out, _ = _run(capsys, "remote", "answer", "yes", "--save", b)
    assert "Ann's turn is taken back" in out
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", a)
    assert "Bob agreed: your turn is taken back." in out and "your move" in out
    after = json.loads(Path(a).read_text(encoding="utf-8"))["state"]
    assert after["hands"] == before["hands"] and after["sides"] == before["sides"]
    rc, _, err = _run(capsys, "remote", "answer", "no", "--save", b)
    assert rc == 2 and "Nobody asked" in err


def test_the_terminal_joins_the_pages_invitation_and_plays_its_links(tmp_path, capsys):
    """The page hosts (web/duo.py's endpoint, its links as the page writes them); the terminal
    joins its invitation with the WebRTC offer, answers "rtc=none", and plays a link of the
    page that carries several messages, one of them already received."""
    b = str(tmp_path / "bob.json")
    page = Endpoint.host(Rules(), "Ann", Entropy(random.Random(7)), TEST_GROUP)
    page.said_rtc(encode(OFFER_SDP))  # duo-live.js withLive: the offer joins the link
    invitation = with_live(link_of([part(page.invitation())]), f"rtc={encode(OFFER_SDP)}")
    rc, out, err = _run(capsys, "remote", "join", invitation, "--save", b, "--name", "Bob")
    assert rc == 0, err
    answer = _link(out)
    assert answer.startswith("#m=") and answer.endswith("&rtc=none")  # rtc.js accept()
    code = _code(out)
    (r,) = _page_receives(page, answer)
    dealt = link_of([part(r.send)])
    rc, out, err = _run(capsys, "remote", "receive", dealt, "--save", b)
    assert rc == 0, err
    code = code or _code(out)  # the guest may learn it with the host's first message
    assert code == page.pairing_code() != ""
    (r,) = _page_receives(page, _link(out))  # the deal done: Ann's hand (Bob's comes with
    assert r.send is None and page.can_play()  # her first move)
    # Ann moves and asks to take it back before sending: two messages in one link
    # (duo-send.js sendUnsent: linkOf(base(), unsent)), the deal's message before them again.
    move = page.play(page.legal()[0]).send
    assert "shares" in move  # Bob's hand
    question = page.ask_takeback().send
    link = link_of([dealt.split("#", 1)[1], part(move), part(question)])
    rc, out, err = _run(capsys, "remote", "receive", link, "--save", b)
    assert rc == 0, err
    assert out.startswith("ignored: Message 1 was already received")
    assert "Ann played" in out and "Ann asks to take back their last turn" in out
    rc, out, err = _run(capsys, "remote", "answer", "yes", "--save", b)
    assert rc == 0, err
    (r,) = _page_receives(page, _link(out))
    assert r.takeback == {"player": 0, "agree": True}
    # A reconnect link (the page's Reconnect button) means nothing to the terminal.
    rc, out, _ = _run(capsys, "remote", "receive", "https://x/#r=eNqrrgUAAXUA-Q", "--save", b)
    assert rc == 0 and out.startswith("ignored: This link brings back a live connection")


def test_the_terminal_hosts_and_reads_the_pages_answer(tmp_path, capsys):
    """The page joins (its answer carries its WebRTC answer): the terminal host reads it and
    tells the pairing code, the same as the page's."""
    a = str(tmp_path / "ann.json")
    _, out, _ = _run(capsys, "remote", "host", "--save", a, "--name", "Ann")
    assert _code(out) is None  # no key yet
    _, out, _ = _run(capsys, "remote", "show", "--save", a)
    assert "pairing code" not in out
    invitation = from_link(_link(out.replace("last sent: ", "send: ")))
    page, r = Endpoint.join(invitation, "Bob", Entropy(random.Random(8)), group=TEST_GROUP)
    page.said_rtc(encode(OFFER_SDP))
    answer = with_live(link_of([part(r.send)]), f"rtc={encode(OFFER_SDP)}")
    rc, out, err = _run(capsys, "remote", "receive", answer, "--save", a)
    assert rc == 0, err
    assert _code(out) is not None and page.pairing_code() == ""  # the half comes next
    assert "Compare it with the code on the other screen" in out
    (r,) = _page_receives(page, _link(out))
    assert page.pairing_code() == _code(out)


def test_a_game_begun_here_is_in_the_group_given_and_its_save_keeps_it(tmp_path, capsys):
    """The command line begins a game in the group in play unless its caller passes another
    (the tests' ``_run``); each side's save names the group, and the game goes on in it."""
    a, b, out = _paired(tmp_path, capsys)
    for path in (a, b):
        assert json.loads(Path(path).read_text())["group"] == TEST_GROUP.name
    hand = json.loads(Path(a).read_text(encoding="utf-8"))["state"]["hands"][0]
    rc, out, err = _run(capsys, "remote", "play", f"{hand[0]}@5", "--save", a)
    assert rc == 0 and _link(out), err
    assert json.loads(Path(a).read_text())["group"] == TEST_GROUP.name
    played = tmp_path / "played.json"
    assert main(["remote", "host", "--save", str(played), "--name", "Cy"]) == 0
    assert json.loads(played.read_text())["group"] == "ristretto255"


def test_a_save_nested_deep_or_not_json_is_refused_in_one_line(tmp_path, capsys):
    for name, text in (("deep", "[" * 5000 + "]" * 5000), ("digits", "1" * 5000), ("x", "{")):
        save = tmp_path / f"{name}.json"
        save.write_text(text, encoding="utf-8")
        rc, out, err = _run(capsys, "remote", "show", "--save", str(save))
        assert rc == 2 and not out and "This save cannot be resumed" in err, name
