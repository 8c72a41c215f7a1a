"""Games shared as links (js/share.js, web/shared.py), clicked through in Chromium: Copy link
on the end screen (clipboard) and in the replay (a field when the clipboard refuses), the link
opened in another page as a replay stepped by keyboard, a damaged link refused by name, a
position in progress shared and played on; the embed's ?game= preview within its budget."""

import json

from test_embed_preview import PREVIEW_BUDGET, count_bytes, gzipped_site  # noqa: F401

from tools.table import (
    READY,
    ROOT,
    hand,
    open_with_save,
    play_turn,
    py,
    start_new_game,
    take_device,
)


def finished_save() -> tuple[str, dict, dict]:
    """A golden game's save one action before its end, its last action, and its record."""
    from engine import position_to_json, replay

    game = json.loads(
        (ROOT / "tests" / "data" / "games" / "base-medium-easy-1017.json").read_text()
    )["record"]
    before = dict(game, actions=game["actions"][:-1])
    save = {
        "format": "schotten-totten/save",
        "version": 1,
        "settings": {"opponent": "human", "ai_seat": 1, "ai_level": "easy", "autoclaim": False},
        "position": position_to_json(replay(before)[0]),
        "record": {"rules": game["rules"], "seed": game["seed"], "actions": before["actions"]},
    }
    return json.dumps(save), game["actions"][-1], game


def copied(page) -> str:
    return page.evaluate("() => navigator.clipboard.readText()")


def test_a_game_link_is_copied_opened_and_stepped_and_a_position_played_on(page, site_url, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    save, last, _ = finished_save()
    open_with_save(page, site_url, save)
    take_device(page)
    # The last move, played through the page's own flow: the end screen opens.
    page.evaluate("(a) => import('./js/flow.js').then((m) => m.doAct(a))", last)
    page.wait_for_selector("#dlg-end", state="visible")
    share = page.locator("#end-share")
    assert share.inner_text() == "Copy link"
    share.focus()
    page.keyboard.press("Enter")  # reachable and pressed by keyboard
    page.wait_for_selector('#toast[data-kind="info"]', state="visible")
    assert page.inner_text("#toast").startswith("Link copied: whoever opens it")
    url = copied(page)
    assert "#game=g1" in url and len(url.split("#game=")[1]) < 2000

    # In the replay, with the clipboard refused: the link in a field, selected.
    page.click("#end-look")
    page.click("#btn-games")
    page.click("#games-replay")
    page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new Error('no')); }"
    )
    page.click("#replay-share")
    page.wait_for_selector("#dlg-share", state="visible")
    assert page.input_value("#share-field") == url
    assert page.evaluate("document.activeElement.id") == "share-field"
    page.keyboard.press("Escape")

    # Opened in a new load (another page's first load would be the same, at a new page's
    # boot): the replay, from the deal to the end, by keyboard.
    other = page
    other.goto(url.replace("#", "?opened=1#"))  # a new load, not a jump in the page
    other.wait_for_selector(READY, state="attached", timeout=60_000)
    other.wait_for_selector("#replay-bar", state="visible")
    assert other.locator("#dlg-new").is_hidden()
    steps = other.inner_text("#replay-step")
    assert steps.startswith("Move ") and steps.split()[-1] == steps.split()[1]
    options = other.eval_on_selector_all("#replay-mode option", "os => os.map(o => o.value)")
    assert "open" in options  # a finished game shows every card
    other.keyboard.press("Home")
    assert other.inner_text("#replay-step") == "The deal"
    other.keyboard.press("ArrowRight")
    assert other.inner_text("#replay-step").startswith("Move 1 of ")
    assert other.locator("#board .card").count() == 1
    assert py(other, "replay_info", {"source": "opened", "mode": "open"})["steps"] > 20
    # A damaged link: refused by name, in a toast; the replay stays.
    damaged = url.split("#game=")[1][:-3]
    other.evaluate("(t) => import('./js/share.js').then((m) => m.openGameLink(t))", damaged)
    assert other.inner_text("#toast").startswith(
        "This game link cannot be opened: the link is damaged or was changed"
    )

    # A game in progress against the computer: shared from your seat, played on elsewhere.
    other.click("#replay-exit")
    start_new_game(other, opponent="ai", level="easy")
    play_turn(other, seed=2)
    mine = hand(other)
    other.click("#btn-games")
    other.click("#games-replay")
    other.click("#replay-share")
    other.wait_for_selector('#toast[data-kind="info"]', state="visible")
    assert "never your opponent's" in other.inner_text("#toast")
    position = copied(other)
    assert "#game=p1" in position
    page.goto(position.replace("#", "?again=1#"))  # a new load, not a jump in the page
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector("#replay-play", state="visible")
    assert page.inner_text("#replay-step") == "A shared position"
    assert page.locator("#seat-top .seat-hand .card").count() == 0  # the other hand: backs
    assert sorted(hand(page)) == sorted(mine)
    page.click("#replay-play")
    page.wait_for_selector("#replay-bar", state="hidden")
    assert sorted(hand(page)) == sorted(mine)
    assert py(page, "state", {"seat": 0})["settings"]["opponent"] == "ai"


def test_an_embed_shows_a_shared_game_move_by_move_after_a_light_preview(
    page,
    gzipped_site,  # noqa: F811
):
    from engine.gamelink import game_link

    _, _, game = finished_save()
    link = game_link(game)
    page.set_viewport_size({"width": 700, "height": 600})
    moved = count_bytes(page)
    page.goto(gzipped_site + f"embed.html?preview=1&save=link&game={link}")
    play = page.locator("#preview-play")
    play.wait_for(state="visible")
    page.wait_for_load_state("networkidle")
    assert page.inner_text(".pv-text").startswith("A game of Schotten Totten, move by move.")
    total = sum(moved.values())
    print(f"embed preview of a shared game: {total} bytes until Play")
    assert total <= PREVIEW_BUDGET
    assert page.locator("#btn-full").get_attribute("href") == f"./#game={link}"
    play.click()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector("#replay-bar", state="visible")
    page.click("#replay-first")
    assert page.inner_text("#replay-step") == "The deal"
    page.click("#replay-forward")
    assert page.inner_text("#replay-step").startswith("Move 1 of ")
