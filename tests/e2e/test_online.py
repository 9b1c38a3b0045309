"""Online tables in the browser: friends, invites, spectators, replays."""

from __future__ import annotations

from .helpers import create_table, import_record, pentago_record, until

SEATS = "[...document.querySelectorAll('#players .seat')].map((e) => e.innerText.replace(/\\s+/g, ' ').trim())"


def seat_texts(page) -> list[str]:
    return page.evaluate(f"() => {SEATS}")


def test_a_replay_shows_no_presence_and_unnamed_seats_by_colour(server, new_page):
    record = pentago_record(["a1 TL cw", "f6 BR cw"])
    record["meta"] = {"players": ["Alice", ""]}
    table = import_record(server, record)
    page = new_page()
    page.goto(server.url + table["url"])
    until(page, "document.getElementById('conn').dataset.state === 'open'")
    until(page, "document.querySelectorAll('#players .seat').length === 2")
    texts = seat_texts(page)
    assert texts[0].startswith("Alice") and texts[1].startswith("Black"), texts
    assert page.locator("#players .off").count() == 0  # nobody is "offline" in a replay
    assert not page.errors, page.errors


def pentic_record() -> dict:
    """A finished 2-player Pentic game to 60 points (48 moves)."""
    import random

    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentic", players=2, target=60).new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    return GameRecord.of(state, players=["Ann", "Ben"]).to_json()


def test_replay_panels_show_the_step_not_the_end(server, new_page):
    table = import_record(server, pentic_record())
    page = new_page()
    page.goto(server.url + table["url"])
    page.wait_for_selector("#banner:not([hidden])")
    until(page, "document.querySelectorAll('#log li').length === 48")
    assert "Game over" in page.locator("#status").inner_text()
    assert seat_texts(page) == ["Ann 57 points · 5 cards", "Ben 60 points · 5 cards"]
    page.keyboard.press("Home")
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    until(page, "document.getElementById('r-pos').textContent === '2/48'")
    at = page.evaluate(f"() => fetch('/api/tables/{table['id']}/at/2').then((r) => r.json())")
    until(page, "document.getElementById('status').innerText.includes('After move 2')")
    status = page.locator("#status").inner_text()
    assert "Ann to move" in status and "Game over" not in status, status
    assert f"You {at['scores'][0]}" not in status and f"Ann {at['scores'][0]}" in status
    texts = seat_texts(page)
    for i, name in enumerate(("Ann", "Ben")):
        hand = at["state"]["hand_sizes"][i]
        assert texts[i] == f"{name} {at['scores'][i]} points · {hand} cards", texts
    page.keyboard.press("End")  # back at the end: the final scores again
    until(page, "document.getElementById('status').innerText.includes('Game over')")
    assert seat_texts(page)[1] == "Ben 60 points · 5 cards"
    assert not page.errors, page.errors


def test_export_waits_for_the_end_of_a_game_with_hidden_cards(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentic")
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    until(page, "document.querySelector('#status .you') !== null")
    link = page.locator("#export")
    assert link.get_attribute("aria-disabled") == "true" and link.get_attribute("href") is None
    assert "once the game is over" in link.get_attribute("title")
    # a game without hidden cards: the record is there at any time
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    until(page, "document.querySelector('#status .you') !== null")
    assert link.get_attribute("aria-disabled") == "false"
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".json")
    assert not page.errors, page.errors
