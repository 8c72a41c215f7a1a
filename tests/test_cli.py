"""The command line: replay, check, selfplay, play; bad files exit 2 with one line."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


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
    path.write_text(json.dumps({
        "format": "schotten-totten/position", "version": 1, "to_move": 0,
        "stones": [{"sides": [["R7", "R8", "R9"], ["B7", "B8"]]},
                   {"sides": [["O1", "Y2", "G4"], ["P9"]]}]}))
    out = run("check", str(path))
    assert out.returncode == 0, out.stderr
    assert "stone 0: CAN claim" in out.stdout
    assert "stone 1: cannot - the opponent can still make" in out.stdout
    assert "stone 2: cannot - your side is not complete" in out.stdout


@pytest.mark.parametrize("content, message", [
    ("{", "not valid JSON"),
    ('{"format": "other"}', "not a schotten-totten/record document"),
    ('{"format": "schotten-totten/record", "version": 1, "actions": [{"kind": "fly"}]}',
     "action 1"),
    ('{"format": "schotten-totten/record", "version": 1, "seed": 1,'
     ' "actions": [{"kind": "claim", "stone": 0}]}', "action 1"),
])
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
    bad.write_text('{"format": "schotten-totten/position", "version": 1,'
                   ' "hands": [["R7"], ["R7"]]}')
    out = run("check", str(bad))
    assert out.returncode == 2 and "R7 appears too often" in out.stderr


def test_terminal_game_takes_moves_by_number_and_text():
    # Seed 1 deals South R3 O7 Y6 Y7 G8 B9: play the first listed move, then Y7 by its text.
    out = run("play", "--seed", "1", stdin="0\nY7@5\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Your hand: R3 O7 Y6 Y7 G8 B9" in out.stdout
    # Each accepted move is answered by the computer's move.
    assert len(re.findall(r"your choice: North: \S+@\d", out.stdout)) == 2
    assert "enter one of the numbers" not in out.stdout
