"""Matches of several rounds: the end-of-round screen deals the next round, the end of the
match names the winner on points and offers a rematch."""

from tools.table import body, open_with_save, py, save_text, take_device, won_round


def test_next_round_of_a_match(page, site_url, screenshot):
    pos = won_round({"rounds": 3}, [[0, "three_adjacent", 3, 0]])
    open_with_save(page, site_url, save_text(pos, opponent="human"))
    page.wait_for_selector("#dlg-end[open]")
    assert "South wins round 1" in page.inner_text("#end-title")
    assert page.inner_text("#end-scores tfoot").split() == ["Score", "5", "0"]
    screenshot(page, "end-of-round")
    assert page.inner_text("#end-next") == "Deal round 2"
    page.click("#end-next")
    # North starts round 2 (players take turns), after taking the device.
    page.wait_for_selector('#handover[data-seat="1"]', state="visible")
    take_device(page)
    view = py(page, "state", {"seat": 1})["view"]
    assert view["round"] == 2 and view["step"] == "play" and len(view["hand"]) == 6
    assert "round 2/3" in page.inner_text("#status")
    assert "Round 2 begins. North starts." in page.inner_text("#log")


def test_end_of_match_and_rematch(page, site_url, screenshot):
    history = [[0, "three_adjacent", 3, 1], [1, "five_stones", 2, 5], [0, "three_adjacent", 3, 0]]
    pos = won_round({"rounds": 3}, history, step="over", to_move=0)
    open_with_save(page, site_url, save_text(pos, opponent="ai"))
    page.wait_for_selector("#dlg-end[open]")
    assert page.inner_text("#end-title") == "You win the match"
    assert page.locator("#end-scores tbody tr").count() == 3
    screenshot(page, "end-of-match")
    page.click("#end-look")
    assert page.locator("#dlg-end").is_hidden()
    page.click("#btn-results")
    page.click("#end-next")  # Rematch
    page.wait_for_selector("#dlg-end", state="hidden")
    assert body(page, "step") == "play"
    view = py(page, "state", {"seat": 0})["view"]
    assert view["round"] == 1 and view["scores"] == [0, 0] and view["rules"]["rounds"] == 3
