"""The command line: replay, check, selfplay, play; bad files exit 2 with one line."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import card_text

ROOT = Path(__file__).resolve().parents[1]


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_selfplay_record_replays(tmp_path):
    out = run("selfplay", "--seed", "4", "--tactics")
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    assert record["format"] == "schotten-totten/record" and record["actions"]
    path = tmp_path / "game.json"
    path.write_text(out.stdout)
    rep = run("replay", str(path))
    assert rep.returncode == 0, rep.stderr
    assert f"valid record: {len(record['actions'])} actions, match over" in rep.stdout


def test_check_explains_each_stone(tmp_path):
    path = tmp_path / "pos.json"
    # South started and is to move: nine cards a side.
    stones = [
        {"sides": [["R7", "R8", "R9"], ["B7", "B8"]]},
        {"sides": [["O1", "Y2", "G4"], ["P9"]]},
        {"sides": [[], ["O7", "O8"]]},
        {"sides": [[], ["O9"]]},
        *([{}] * 4),
        {"sides": [["G1", "G2", "G5"], ["Y7", "Y8", "Y9"]], "owner": 1},
    ]
    path.write_text(
        json.dumps(
            {
                "format": "schotten-totten/position",
                "version": 1,
                "to_move": 0,
                "stones": stones,
                # Full hands, as every game's draws leave them while the decks hold cards.
                "hands": [
                    ["R1", "R2", "R3", "R4", "R5", "R6"],
                    ["B1", "B2", "B3", "B4", "B5", "B6"],
                ],
            }
        )
    )
    out = run("check", str(path))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    # Stones are numbered 1-9 for people: the position's stone 0 is "Stone 1".
    assert (
        "  Stone 1: can be claimed after your play — the best the opponent can still make "
        "is a Color-Run totalling 24, which does not beat a Color-Run totalling 24."
    ) in lines
    assert (
        "  Stone 2: cannot be claimed yet — the opponent can still make a Color-Run "
        "totalling 24 (Purple 7, Purple 8, Purple 9), which beats a Sum totalling 7."
    ) in lines
    assert "  Stone 3: cannot be claimed yet — your side is not complete: 0 of 3 cards." in lines
    assert "  Stone 9 belongs to North." in lines
    assert [
        line.split(":")[0].split(" belongs")[0] for line in lines if line.startswith("  Stone ")
    ] == [f"  Stone {i}" for i in range(1, 10)]
    # In the claim step the claim can be made now; North, not to move, has no claim yet.
    # (South's ninth card is this turn's play: North has eight.)
    stones[3] = {}
    path.write_text(
        json.dumps(
            {
                "format": "schotten-totten/position",
                "version": 1,
                "to_move": 0,
                "step": "claim",
                "stones": stones,
                # South has played and not drawn yet: one card short.
                "played": True,
                "hands": [["R1", "R2", "R3", "R4", "R5"], ["B1", "B2", "B3", "B4", "B5", "B6"]],
            }
        )
    )
    out = run("check", str(path))
    assert out.returncode == 0, out.stderr
    assert "  Stone 1: can be claimed now — the best the opponent" in out.stdout
    out = run("check", "--player", "1", str(path))
    assert out.returncode == 0, out.stderr
    assert "Claims for North:" in out.stdout
    assert (
        "  Stone 1: cannot be claimed yet — your side is not complete: 2 of 3 cards." in out.stdout
    )


@pytest.mark.parametrize(
    "content, message",
    [
        ("{", "not valid JSON"),
        ('{"format": "other"}', "not a schotten-totten/record document"),
        (
            '{"format": "schotten-totten/record", "version": 1, "actions": [{"kind": "fly"}]}',
            "action 1",
        ),
        (
            '{"format": "schotten-totten/record", "version": 1, "seed": 1,'
            ' "actions": [{"kind": "claim", "stone": 0}]}',
            "action 1",
        ),
    ],
)
def test_bad_record_files_give_one_line_and_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    out = run("replay", str(path))
    assert out.returncode == 2
    assert out.stderr.startswith("error: ") and message in out.stderr
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


def test_missing_and_bad_position_files_exit_2(tmp_path):
    out = run("check", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and out.stderr.startswith("error: cannot read")
    bad = tmp_path / "pos.json"
    bad.write_text(
        '{"format": "schotten-totten/position", "version": 1, "hands": [["R7"], ["R7"]]}'
    )
    out = run("check", str(bad))
    assert out.returncode == 2 and "Red 7 appears too often" in out.stderr


def test_terminal_game_takes_moves_by_number_and_text():
    # Seed 1 deals South R3 O7 Y6 Y7 G8 B9: play the first listed move (R3 on stone 1),
    # then Y7 by its text (stone 5: moves are typed and shown with stones 1-9).
    out = run("play", "--seed", "1", stdin="0\nY7@5\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Your hand: R3 O7 Y6 Y7 G8 B9" in out.stdout
    assert "   0: R3@1" in out.stdout
    assert "enter one of the numbers" not in out.stdout
    # What happened since your last move, as sentences: your own move with the card you
    # drew, and the computer's answer, whose drawn card stays hidden.
    assert re.search(
        r"^\[play\] your choice: South played Red 3 on stone 1, then drew "
        r"[A-Z][a-z]+ [1-9] from the clan deck\.$",
        out.stdout,
        re.MULTILINE,
    )
    assert re.search(
        r"South played Yellow 7 on stone 5, then drew [A-Z][a-z]+ [1-9] "
        r"from the clan deck\.$",
        out.stdout,
        re.MULTILINE,
    )
    answers = re.findall(
        r"^North played [A-Z][a-z]+ [1-9] on stone [1-9], then drew a card "
        r"from the clan deck\.$",
        out.stdout,
        re.MULTILINE,
    )
    assert len(answers) == 2, out.stdout  # each accepted move is answered by the computer
    assert not re.search(r"North .*drew [A-Z][a-z]+ [1-9]", out.stdout)


# ---------------------------------------------------------------- any input: one line, exit 2

POSITION = '{"format": "schotten-totten/position", "version": 1, '
RECORD = '{"format": "schotten-totten/record", "version": 1, '
# Full hands, as a round's deal gives them (the rest in the deck).
FULL_HANDS = json.dumps([[card_text(c) for c in range(6)], [card_text(c) for c in range(6, 12)]])

BAD_FILES = [
    # (name, command, file content (str, or bytes), the error's words)
    ("nested 100000 deep", "check", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("nested 100000 deep", "replay", '{"actions": ' + "[" * 100_000, "nested too deeply"),
    # Deeper than any document nests (16): refused before it is parsed (engine/jsontext.py).
    (
        "nested 500 deep in a hand",
        "check",
        POSITION + '"hands": [' + "[" * 500 + "]" * 500 + ", []]}",
        "nested too deeply: a record or position nests at most 16 levels",
    ),
    # Within the limit, a value of the wrong shape is named shortly where it is.
    (
        "nested 12 deep in a hand",
        "check",
        POSITION + '"hands": [' + "[" * 12 + "]" * 12 + ", []]}",
        "hands[0][0]: unknown card [[[[...]]]]",
    ),
    (
        "nested 12 deep in an action",
        "replay",
        RECORD + '"actions": [{"kind": ' + "[" * 12 + "]" * 12 + "}]}",
        "action 1",
    ),
    (
        "a float player",
        "check",
        POSITION + '"to_move": 1.0}',
        "to_move must be 0 (South) or 1 (North), not 1.0",
    ),
    (
        "a float starter",
        "check",
        POSITION + '"rules": {"starter": 1.0}}',
        "rules: 'starter' must be 0 or 1, not 1.0",
    ),
    (
        "a float starter",
        "replay",
        RECORD + '"rules": {"starter": 1.0}, "actions": []}',
        "rules: 'starter' must be 0 or 1, not 1.0",
    ),
    (
        "a float owner",
        "check",
        POSITION + '"stones": [{"owner": 0.0}]}',
        "stones[0].owner must be 0 (South) or 1 (North), not 0.0",
    ),
    (
        "version true",
        "check",
        POSITION.replace("1, ", "true, ") + '"step": "play"}',
        "unsupported schotten-totten/position version True",
    ),
    ("NaN", "check", POSITION + '"round": NaN}', "not valid JSON: NaN is not a number JSON has"),
    ("a huge number", "check", POSITION + '"round": ' + "9" * 5000 + "}", "not valid JSON"),
    ("an unknown key", "check", POSITION + '"hand": []}', "position: unknown key 'hand'"),
    (
        "an unknown key",
        "replay",
        RECORD + '"actions": [], "moves": []}',
        "record: unknown key 'moves'",
    ),
    (
        "a draw step with a full hand",
        "check",
        POSITION + '"step": "draw", "hands": [["R1", "R2", "R3", "R4", "R5", "R6"], []]}',
        "step 'draw': both decks must hold cards",
    ),
    ("not UTF-8", "check", b'{"format": "\xff"}', "not UTF-8 text"),
    (
        "a shuffle without a seed",
        "replay",
        RECORD + '"actions": [{"kind": "shuffle"}]}',
        'action 1 ({"kind": "shuffle"}): a shuffle entry needs a whole-number \'seed\'',
    ),
]


@pytest.mark.parametrize(
    "name,command,content,message", BAD_FILES, ids=[f"{c[1]}: {c[0]}" for c in BAD_FILES]
)
def test_any_bad_file_gives_one_line_and_exit_2(tmp_path, name, command, content, message):
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    out = run(command, str(path))
    assert out.returncode == 2, out.stderr[-2000:]
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1, out.stderr[-2000:]
    assert message in out.stderr and "internal error" not in out.stderr
    assert out.stdout == ""


def test_a_directory_is_not_a_file(tmp_path):
    out = run("check", str(tmp_path))
    assert out.returncode == 2 and out.stderr.startswith(f"error: cannot read {tmp_path}")
    assert out.stderr.count("\n") == 1


def test_replay_verbose_accepts_a_record_with_its_own_deal(tmp_path):
    # A deal unlike the seed's: the narration replays the record's own deal. (The first -v
    # rebuilt the game from the seed alone and refused such records; replay_events reads
    # the deal.)
    from engine import Rules, apply, legal_actions, new_game, record_to_json
    from engine.cards import N_CLAN, TACTIC_DECK

    rules = Rules(tactics=True, rounds=2)
    clan = list(range(N_CLAN))[::-1]
    deal = {"hands": [clan[:7], clan[7:14]], "deck": clan[14:], "tactic_deck": list(TACTIC_DECK)}
    state, actions = new_game(rules, 5, deal=deal), []
    assert state.hands != new_game(rules, 5).hands
    while not state.over:
        a = legal_actions(state)[len(actions) % len(legal_actions(state))]
        state, actions = apply(state, a), actions + [a]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_to_json(rules, 5, actions, deal=deal)))
    for args in (["replay", str(path)], ["replay", "-v", str(path)]):
        out = run(*args)
        assert out.returncode == 0, out.stderr
        assert f"valid record: {len(actions)} actions, match over, round 2" in out.stdout
    lines = run("replay", "-v", str(path)).stdout.splitlines()
    assert lines[0].startswith("New match of 2 rounds") and len(lines) > 20
    assert lines[1].startswith("South played Purple 3")  # from the deal, not the seed's


def test_refusals_are_worded_from_the_catalogue(tmp_path, monkeypatch, capsys):
    """The CLI words a GameError with its catalogue (German here), never with str(e)."""
    from engine import Words, cli

    monkeypatch.setattr(cli, "WORDS", Words("de"))
    assert cli.main(["check", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert (
        err == f"error: {tmp_path / 'nope.json'} lässt sich nicht lesen: Diese Datei gibt es "
        "nicht\n"
    )
    bad = tmp_path / "pos.json"
    bad.write_text(POSITION + '"hands": [["R7"], ["R7"]]}')
    assert cli.main(["check", str(bad)]) == 2
    assert "Kartenbilanz: Rot 7 kommt zu oft vor" in capsys.readouterr().err


def test_a_bug_is_not_a_refusal_and_shows_its_traceback(tmp_path, monkeypatch):
    """Only a GameError is one line: any other error (a bug) propagates with its traceback,
    a plain ValueError included."""
    from engine import cli

    path = tmp_path / "pos.json"
    path.write_text(POSITION + '"step": "play", "hands": ' + FULL_HANDS + "}")
    assert cli.main(["check", str(path)]) == 0

    def broken(data):
        raise ValueError("a bug, not a refusal")

    monkeypatch.setattr(cli, "position_from_json", broken)
    with pytest.raises(ValueError, match="a bug, not a refusal"):
        cli.main(["check", str(path)])
