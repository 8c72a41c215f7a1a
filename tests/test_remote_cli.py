"""``python -m engine remote``: two terminal players, each with its own save file, play a whole
Tactic game by passing links (the built-in AI chooses each turn); a stale or repeated link is
recognised and ignored; a bad link is one line on stderr."""

from __future__ import annotations

import json
import re
from pathlib import Path

from remote_play import small_group  # noqa: F401

from engine.cards import card_text
from engine.cli import main


def _run(capsys, *argv):
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def _link(text):
    found = re.findall(r"^send: (\S+)$", text, re.M)
    return found[-1] if found else None


def _paired(tmp_path, capsys):
    """Ann hosts, Bob joins, the deal and Bob's hand go across: Ann's and Bob's save files
    and what Ann's terminal said last (her move is next)."""
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    _, out, _ = _run(capsys, "remote", "host", "--save", a, "--name", "Ann")
    _, out, _ = _run(capsys, "remote", "join", _link(out), "--save", b, "--name", "Bob")
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", a)  # the deal
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", b)
    _, out, _ = _run(capsys, "remote", "receive", _link(out), "--save", a)  # Bob's hand
    return a, b, out


def test_two_terminals_play_a_tactic_game_over_links(tmp_path, capsys, small_group):  # noqa: F811
    a, b = str(tmp_path / "ann.json"), str(tmp_path / "bob.json")
    base = "https://user.github.io/schotten-totten/"
    rc, out, _ = _run(
        capsys, "remote", "host", "--save", a, "--name", "Ann", "--tactics", "--base", base
    )
    assert rc == 0 and _link(out).startswith(base + "#m=")
    rc, out, _ = _run(capsys, "remote", "join", _link(out), "--save", b, "--name", "Bob")
    assert rc == 0 and "pairing code" in out
    link, side, other, links = _link(out), a, b, []
    for turn in range(400):
        rc, out, err = _run(capsys, "remote", "receive", link, "--save", side)
        assert rc == 0, err
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


def test_moves_by_text_and_a_refused_move(tmp_path, capsys, small_group):  # noqa: F811
    a, _, out = _paired(tmp_path, capsys)
    assert "your move" in out and _link(out) is not None
    hand = json.loads(Path(a).read_text(encoding="utf-8"))["state"]["hands"][0]
    rc, out, _ = _run(capsys, "remote", "play", "Z9@1", "--save", a)
    assert rc == 2 and "not a move now" in out
    rc, out, _ = _run(capsys, "remote", "play", f"{hand[0]}@5", "--save", a)
    assert rc == 0 and _link(out) is not None and "waiting for Bob" in out
    assert card_text(0) == "R1"
    rc, out, _ = _run(capsys, "remote", "show", "--save", a)
    assert rc == 0 and "last sent: #m=" in out
    # No record while the game goes on: no device knows every card yet.
    rc, out, err = _run(capsys, "remote", "record", "--save", a)
    assert rc == 2 and not out and "both devices have checked every round" in err


def test_a_take_back_asked_and_answered_from_two_terminals(tmp_path, capsys, small_group):  # noqa: F811
    a, b, out = _paired(tmp_path, capsys)
    _run(capsys, "remote", "receive", _link(out), "--save", b)
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


def test_a_save_nested_deep_or_not_json_is_refused_in_one_line(tmp_path, capsys):
    for name, text in (("deep", "[" * 5000 + "]" * 5000), ("digits", "1" * 5000), ("x", "{")):
        save = tmp_path / f"{name}.json"
        save.write_text(text, encoding="utf-8")
        rc, out, err = _run(capsys, "remote", "show", "--save", str(save))
        assert rc == 2 and not out and "This save cannot be resumed" in err, name
