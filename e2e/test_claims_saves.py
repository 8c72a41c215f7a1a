"""Claims with the engine's proof, automatic claims, and the saved game: reload, corrupt,
incompatible. The file's tests share one page (e2e/conftest.py's ``shared_page``): one boot
for the claims' tests and the reload's, the reload's own, and each save that cannot be
resumed opened afresh on that page (``visit``: a boot in a page that has booted, well under
a new page's)."""

import json

import pytest

from tools.table import (
    SAVE_KEY,
    Driver,
    board,
    body,
    hand,
    position,
    py,
    save_text,
    start_new_game,
    table_for_a_new_game,
    take_device,
    take_over,
    visit,
)


def claim_position():
    """South to claim: stone 5 by proof (North's R1 R2 cannot become a Color-Run: R3 is on
    the table), stone 8 by comparison (complete sides), stone 1 not yet (North can win).
    South started: North has played on as many turns as South before this one (North's
    loose low cards at stones 7 and 9 touch no proof)."""
    stones = [{} for _ in range(9)]
    stones[0] = {"sides": [["Y2", "Y3", "Y5"], ["B6"]]}
    stones[2] = {"sides": [["R3"], []]}
    stones[4] = {"sides": [["G7", "G8", "G9"], ["R1", "R2"]]}
    stones[7] = {"sides": [["P4", "P5", "P6"], ["O2", "B2", "G2"]]}
    stones[6] = {"sides": [[], ["Y1", "O1"]]}
    stones[8] = {"sides": [[], ["G1"]]}
    return position(
        {},
        # South has played (5 of 6 until the draw); North's hand is full.
        hands=[["R5", "B8", "O9", "O5", "O6"], ["P1", "P2", "P3", "P7", "P8", "P9"]],
        stones=stones,
        to_move=0,
        step="claim",
        played=True,
    )


def _claims_table(page, site_url) -> None:
    """The claims' position on the file's page: booted (``visit``) the first time or after a
    failure, then taken over. Not ``open_or_take_over``: its init script would write the
    position again into the storage a later ``visit`` empties."""
    text = save_text(claim_position())
    if page.url.startswith(site_url) and not getattr(page, "e2e_failed", False):
        take_over(page, text)
    else:
        page.e2e_failed = False
        visit(page, site_url, text)


def test_claim_with_proof(shared_page, site_url, screenshot):
    page = shared_page  # the claims' two tests share a page: one boot
    _claims_table(page, site_url)
    take_device(page)
    assert body(page, "step") == "claim"
    claimable = page.eval_on_selector_all(".lane.claimable", "ls => ls.map(l => +l.dataset.stone)")
    assert claimable == [4, 7]
    # The table explains every stone with the engine's reason.
    page.click("#btn-stones")
    items = page.locator("#stones-list li[data-stone]")
    proof = items.nth(4).inner_text()
    assert "can be claimed" in proof and "the best the opponent can still make is" in proof
    not_yet = items.nth(0).inner_text()
    assert "cannot be claimed yet" in not_yet and "the opponent can still make" in not_yet
    screenshot(page, "claims-dialog")
    page.click("#dlg-stones [data-close]")
    # Tapping a stone that cannot be claimed says why.
    page.click('.lane[data-stone="0"] .stone')
    assert "cannot be claimed yet" in page.inner_text("#toast")
    # Tapping a glowing stone claims it.
    page.click('.lane[data-stone="4"] .stone')
    flag = page.locator('.lane[data-stone="4"] .owner-flag')
    assert flag.inner_text() == "South"
    assert "owned-bottom" in page.get_attribute('.lane[data-stone="4"]', "class")
    log = page.inner_text("#log")
    assert "South claimed stone 5: the best North can still make is" in log
    # Still South's claim step (stone 8 remains): claim it, then the turn moves on.
    assert body(page, "step") == "claim"
    page.click('.lane[data-stone="7"] .stone')
    # One turn, one line: both claims are in it.
    assert "then claimed stone 8: South's Color-Run" in page.inner_text("#log")
    page.wait_for_selector("#handover", state="visible")


def test_claim_automatically(shared_page, site_url):
    page = shared_page
    _claims_table(page, site_url)
    take_device(page)
    page.click("#btn-stones")
    page.check("#autoclaim")
    # Both provable stones are claimed at once; the turn goes on to North.
    page.wait_for_selector("#handover", state="visible")
    owners = py(page, "state", {"seat": None})["view"]["stones"]
    assert [s["owner"] for s in owners].count(0) == 2
    assert py(page, "state", {"seat": None})["settings"]["autoclaim"] is True
    page.click("#dlg-stones [data-close]")  # the shared page left with no dialog open
    page.wait_for_selector("#dlg-stones", state="hidden")


def test_reload_resumes_the_same_position(shared_page, site_url):
    page = shared_page  # a new game dealt on the claims' page: the reload is the one boot
    table_for_a_new_game(page, site_url)
    start_new_game(page, opponent="ai", tactics=True)
    d = Driver(page, seed=2)
    while d.steps < 14 and not d.finished():
        d.step()
    page.wait_for_function("() => !document.body.classList.contains('ai-thinking')")
    before = (
        board(page),
        sorted(hand(page)),
        page.inner_text("#log"),
        body(page, "step"),
        page.inner_text("#pile-clan .pile-count"),
    )
    page.reload()
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=60_000)
    page.wait_for_function("() => !document.body.classList.contains('ai-thinking')")
    after = (
        board(page),
        sorted(hand(page)),
        page.inner_text("#log"),
        body(page, "step"),
        page.inner_text("#pile-clan .pile-count"),
    )
    assert after == before
    assert page.locator("#dlg-new").is_hidden()
    # And the game goes on from there.
    d.step()


@pytest.mark.parametrize(
    "save, why",
    [
        ("{this is not json", "damaged"),
        (
            json.dumps({"format": "schotten-totten/save", "version": 99, "position": {}}),
            "another version",
        ),
        (
            json.dumps(
                {
                    "format": "schotten-totten/save",
                    "version": 1,
                    "position": {
                        "format": "schotten-totten/position",
                        "version": 1,
                        "hands": [["R1", "R1"], []],
                    },
                }
            ),
            "damaged",
        ),
    ],
)
def test_corrupt_or_incompatible_save(shared_page, site_url, save, why):
    page = shared_page
    errors = []
    page.on("pageerror", keep := lambda e: errors.append(str(e)))
    visit(page, site_url, save)  # the table booted with the save stored, nothing else
    page.wait_for_selector("#dlg-message[open]")
    text = page.inner_text("#dlg-message")
    assert "could not be resumed" in text and why in text
    page.click("#message-ok")
    start_new_game(page, opponent="ai")
    assert len(hand(page)) == 6
    page.remove_listener("pageerror", keep)  # (the file's page goes on to other tests)
    assert errors == []
    # The broken save was replaced by the new game.
    stored = page.evaluate(f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}'))")
    assert stored["version"] == 1 and stored["position"]["step"] == "play"
