"""The engine benchmark runs, alone and against a git revision's engine (tools/bench.py)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tools import bench


def test_one_short_run_reports_every_measure(capsys):
    assert bench.main(["--runs", "1", "--games", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key, _ in bench.MEASURES:
        assert result[key] > 0, key
    assert result["engine"] == str(bench.ROOT / "engine")


def _has_history() -> bool:
    if not shutil.which("git"):
        return False
    done = subprocess.run(
        ["git", "rev-parse", "--verify", "HEAD^{commit}"],
        cwd=bench.ROOT,
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


# Each run is a fresh interpreter per engine (four for two runs). The suite runs one of each;
# the soak run (README) two, the second in the other order.
@pytest.mark.skipif(not _has_history(), reason="needs git and this repository's history")
@pytest.mark.parametrize("runs", [1, pytest.param(2, marks=[pytest.mark.slow, pytest.mark.soak])])
def test_against_a_revision_measures_both_engines(capsys, runs):
    assert bench.main(["--against", "HEAD", "--runs", str(runs), "--games", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["runs"] == runs and result["commit"]
    for key, _ in bench.MEASURES:
        assert result["old"][key] > 0 and result["new"][key] > 0, key
        assert result["ratio"][key] == pytest.approx(result["new"][key] / result["old"][key])


def test_an_unknown_revision_is_refused():
    if not _has_history():
        pytest.skip("needs git and this repository's history")
    with pytest.raises(SystemExit, match="unknown revision"):
        bench.main(["--against", "no-such-revision-here", "--runs", "1"])
