"""The WebRTC offer and answer as the links carry them (web/js/sdp.js, run under Node): packed
to what the other device needs, rebuilt into an SDP that says the same, small enough for a
QR code, and a damaged value read as nothing (the game goes on by links), never a throw."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = json.loads((ROOT / "tests" / "data" / "sdp_samples.json").read_text())


@pytest.fixture(scope="module")
def checked() -> dict:
    node = shutil.which("node")
    assert node, "node (v20) runs web/js/sdp.js for this test"
    done = subprocess.run(
        [node, "--no-warnings", str(ROOT / "tests" / "sdp_check.mjs")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _attr(sdp: str, name: str) -> str:
    return next(line.split(":", 1)[1] for line in sdp.splitlines() if line.startswith(f"a={name}:"))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_description_packs_small_and_rebuilds_the_same(checked, name):
    sdp, got = SAMPLES[name], checked["samples"][name]
    assert got["length"] <= 130 < got["sdp"], got["length"]
    back, rebuilt = got["unpacked"], got["rebuilt"]
    for field in ("ice-ufrag", "ice-pwd", "setup"):
        assert _attr(rebuilt, field) == _attr(sdp, field)
    assert _attr(rebuilt, "fingerprint").upper() == _attr(sdp, "fingerprint").upper()
    assert back["stun"] is (name == "firefox_offer")
    # Every UDP candidate and passive TCP one travels, best first; active TCP cannot connect
    # to another browser and is left out.
    lines = sdp.splitlines()
    sent = [c for c in lines if c.startswith("a=candidate:") and "tcptype active" not in c]
    assert len(back["candidates"]) == len(sent)
    assert got["same"] and got["repacked"]
    assert "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt
    assert "a=sctp-port:5000" in rebuilt and "a=group:BUNDLE 0" in rebuilt


def test_the_room_left_in_a_link_limits_the_candidates_not_the_rest(checked):
    for got in checked["samples"].values():
        tight = got["tight"]
        assert tight["pwd"] and tight["candidates"] < len(got["unpacked"]["candidates"])
        assert tight["length"] <= 80 or tight["candidates"] == 0


def test_a_damaged_value_is_nothing_and_an_old_pages_whole_sdp_still_reads(checked):
    assert checked["damaged"] == [None] * len(checked["damaged"])
    assert checked["legacy"] is True


def test_an_ipv6_address_comes_back_short(checked):
    back = checked["samples"]["chromium_answer"]["unpacked"]
    addresses = [c["address"] for c in back["candidates"]]
    assert "fd00::2" in addresses
