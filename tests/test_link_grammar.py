"""One grammar of links in two languages: web/js/links.js (``parseLink``, run under Node by
tests/links_check.mjs) and engine/remote/links.py (``parse_link``) read every case of
tests/data/links.json (good links, links with too many messages or too long, and things that
are no link) as the case says, and so alike: the same parts, the same refusals by name. The
parts of each good link are written back alike by both (``linkOf``, ``link_of``...)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.errors import GameError
from engine.remote import links
from engine.remote.links import MAX_LINK

ROOT = Path(__file__).resolve().parent.parent
DATA = json.loads((ROOT / "tests" / "data" / "links.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]


def text_of(case: dict):
    """The case's text, with its repeated piece appended (kept short in the file)."""
    text = case["text"]
    if "repeat" in case:
        piece, times = case["repeat"]
        text += piece * times
    return text


def run_js(texts: list) -> dict:
    """What web/js/links.js makes of each text (tests/links_check.mjs)."""
    node = shutil.which("node")
    assert node, "node (v20) runs the page's reading of links for this test"
    done = subprocess.run(
        [node, str(ROOT / "tests" / "links_check.mjs")],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    )
    return json.loads(done.stdout)


def read_py(text) -> dict:
    """What engine/remote/links.py makes of a text, in the form links.js gives it."""
    try:
        link = links.parse_link(text)
    except GameError as e:
        return {"refused": [e.code, e.params]}
    return {"messages": list(link.messages), "rtc": link.rtc, "reconnect": link.reconnect}


def expected(case: dict) -> dict:
    if "refused" in case:
        return {"refused": case["refused"]}
    return {k: case[k] for k in ("messages", "rtc", "reconnect")}


def shortened(parsed: dict, case: dict) -> dict:
    """A long case's messages as how many (the file says how many, not what)."""
    if "repeat" in case and "messages" in parsed:
        return {**parsed, "messages": len(parsed["messages"])}
    return parsed


@pytest.fixture(scope="module")
def js() -> dict:
    return run_js([text_of(case) for case in CASES])


def test_both_languages_have_the_same_limits(js):
    assert js["limits"] == DATA["limits"] == {"messages": links.MAX_MESSAGES, "link": MAX_LINK}
    assert js["noLive"] == links.NO_LIVE


@pytest.mark.parametrize("i", range(len(CASES)), ids=[c["why"] for c in CASES])
def test_a_link_reads_alike_in_both_languages(js, i):
    case = CASES[i]
    want = expected(case)
    assert shortened(read_py(text_of(case)), case) == want, "Python"
    assert shortened(js["links"][i]["parsed"], case) == want, "JavaScript"
    # A text meant as a link is one the game answers, with its refusal in words.
    carries = links.carries_messages(text_of(case))
    assert js["links"][i]["carries"] == carries
    assert carries == (want.get("refused", [None])[0] != "not_a_link")


# The cases whose parts the builders write back: read as messages, with no reconnect part
# (web/reconnect.py writes those).
WRITTEN = [i for i, case in enumerate(CASES) if "refused" not in case and case["reconnect"] is None]


@pytest.mark.parametrize("i", WRITTEN, ids=[CASES[i]["why"] for i in WRITTEN])
def test_a_link_is_written_alike_in_both_languages(js, i):
    """The parts a link was read as, written by links.js (``messagePart``, ``rtcPart``,
    ``linkOf``; ``fragmentOf``, ``withAddress``, ``firstPart`` as the page uses them) and by
    links.py (``message_part``, ``rtc_part``, ``link_of``): the same link, read back as the
    same parts."""
    parsed = read_py(text_of(CASES[i]))
    parts = [links.message_part(m) for m in parsed["messages"]]
    if parsed["rtc"] is not None:
        parts.append(links.rtc_part(parsed["rtc"]))
    written = js["links"][i]["written"]
    assert written["link"] == links.link_of(js["base"], parts)
    assert written["fragment"] == links.link_of("", parts)
    assert written["again"] == written["link"]  # the fragment on the page's address
    assert written["first"] == parts[0]
    assert read_py(written["fragment"]) == parsed
    if "repeat" not in CASES[i]:  # a long case on another address may pass the limit
        assert read_py(written["link"]) == parsed


def test_every_refusal_is_worded_in_every_language():
    for lang in ("en", "de", "fr"):
        words = json.loads((ROOT / "engine" / "messages" / f"{lang}.json").read_text("utf-8"))
        for case in CASES:
            if "refused" in case:
                assert f"error.remote.{case['refused'][0]}" in words, lang


def test_a_link_the_terminal_writes_is_one_the_grammar_reads():
    msg = {"v": 3, "t": "accept"}
    link = links.page_link([msg, msg], "https://example.org/st/", links.NO_LIVE)
    got = links.parse_link(link)
    assert len(got.messages) == 2 and got.rtc == links.NO_LIVE
    assert links.parse_link(links.reconnect_fragment("R1")).reconnect == "R1"
    assert run_js([link])["links"][0]["parsed"] == read_py(link)
