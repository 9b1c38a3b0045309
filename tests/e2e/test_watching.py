"""A newcomer watching: live tables and finished games' replays, as a spectator on a phone
and on a desktop screen."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import connect

from .helpers import import_record, until


def pentic_record(players: int = 4, seed: int = 3) -> dict:
    """A Pentic game played to its end by greedy players (three-digit scores): its record."""
    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentic", players=players).new_initial_state(seed=seed)
    while not state.is_terminal():
        me = state.current_player

        def points(move):
            after = state.clone()
            after.apply(move)
            return after.scores()[me]
        state.apply(max(state.legal_moves(), key=points))
    return GameRecord.of(state).to_json()


# the status line's parts that are cut off (or out of the screen), as "text: why"
STATUS_CUT = """() => [...document.getElementById('status').children].filter((e) => !e.classList.contains('sr-only'))
    .flatMap((e) => {
        const r = e.getBoundingClientRect();
        return r.right > innerWidth + 0.5 || r.left < -0.5 ? [`${e.innerText}: out of the screen`]
            : e.scrollWidth > e.clientWidth + 1 ? [`${e.innerText}: cut off`] : [];
    })"""


def test_a_phone_shows_the_whole_status_line_of_a_four_player_pentic(server, new_page):
    t = import_record(server, pentic_record())
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    assert page.evaluate(STATUS_CUT) == []   # the end: "Game over." and four scores
    page.click("#r-first")
    page.click("#r-next")
    until(page, "document.getElementById('status').innerText.includes('After move 1')")
    assert page.evaluate(STATUS_CUT) == []   # who is to move after the move stepped to
    assert not page.errors, page.errors


def random_pentic_record(players: int = 4, seed: int = 5, **options) -> dict:
    """A Pentic game of random moves, played until the pile and the hands are used up."""
    import random

    import pentarena
    from pentarena.record import GameRecord

    state = pentarena.load_game("pentic", players=players, **options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
    return GameRecord.of(state).to_json()


def test_the_players_panel_says_one_card_not_one_cards(server, new_page):
    import json
    import urllib.request

    t = import_record(server, random_pentic_record())
    def at(ply: int) -> dict:
        return json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}/at/{ply}").read())

    total = len(json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read())["history"])
    # the last round: someone holds a single card
    ply = next(k for k in range(total, 0, -1) if 1 in at(k)["state"]["hand_sizes"])
    page = new_page(1440, 900)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    page.click(f"#log li[data-ply='{ply}']")
    until(page, f"document.getElementById('r-pos').textContent.startsWith('{ply}/')")
    panel = page.inner_text("#players")
    assert "1 card\n" in panel + "\n" and "1 cards" not in panel, panel
    assert not page.errors, page.errors


def test_a_reload_mid_replay_and_its_link_show_the_same_move(server, new_page):
    from .helpers import pentago_record

    t = import_record(server, pentago_record())
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    page.click("#r-first")
    for n in (1, 2, 3):
        page.click("#r-next")
        until(page, f"document.getElementById('r-pos').textContent.startsWith('{n}/')")
    until(page, "location.hash === '#move-3'")
    link = page.url

    page.reload()   # the same move, not the end of the game
    until(page, "document.getElementById('r-pos').textContent.startsWith('3/')")
    until(page, "document.getElementById('status').innerText.includes('After move 3')")

    # the link, shared, opens at that move elsewhere; stepped to the end, it is the table's
    other = new_page(1440, 900)
    other.goto(link)
    until(other, "document.getElementById('r-pos').textContent.startsWith('3/')")
    other.click("#r-last")
    until(other, "location.hash === '' && !document.getElementById('r-pos').textContent.startsWith('3/')")
    for p in (page, other):
        assert not p.errors, p.errors


def test_a_spectator_of_a_draft_is_told_the_pieces_left_and_the_sets(server, new_page):
    from .helpers import create_table

    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"},
                              {"kind": "computer", "level": "random"}],
                     {"players": 3, "variant": "draft"}, game="pentomino")
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])   # Amber, the first to pick, is not here: no pick yet
    until(page, "(document.querySelector('#board-area .msg') || { innerText: '' }).innerText.includes('draft')")
    said = page.inner_text("#board-area .msg")
    assert "Still to pick: F I L N P T U V W X Y Z." in said and "You are watching" in said, said
    assert page.locator("#board-area .tray").is_hidden()   # no pieces to pick offered
    assert not page.errors, page.errors


def test_a_spectator_is_told_the_pieces_left(server, new_page):
    """A spectator has no tray: the message line names the pieces still to place (the one
    pool of Golomb's game; each player's set after a draft)."""
    import pentarena

    from .helpers import create_table

    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentomino")
    page = new_page(1200, 900)
    page.goto(server.url + t["url"])
    until(page, "(document.querySelector('#board-area .msg') || { innerText: '' }).innerText.includes('Pieces left')")
    assert "You are watching. Pieces left: F I L N P T U V W X Y Z." in page.inner_text("#board-area .msg")
    first = str(pentarena.load_game("pentomino").new_initial_state().legal_moves()[0])  # an F
    ws_url = server.url.replace("http", "ws", 1) + f"/ws/{t['id']}?token={t['you']['token']}"
    with connect(ws_url) as ws:  # White plays, from a program
        ws.send(json.dumps({"type": "move", "move": first, "version": 0}))
        until(page, "document.querySelector('#board-area .msg').innerText.includes('Pieces left: I L')")
    assert not page.errors, page.errors


# the seat's dot and the words after it, on one line
DOT_BY_TEXT = """() => {
    const dot = document.querySelector('#status > .swatch'), text = dot && dot.nextElementSibling;
    if (!dot || !text) return null;
    const d = dot.getBoundingClientRect(), t = text.getBoundingClientRect();
    return { together: d.top + d.height / 2 > t.top && d.top + d.height / 2 < t.bottom, text: text.innerText };
}"""


def test_a_phone_keeps_the_seat_dot_by_a_long_status(server, new_page):
    from .helpers import create_table

    computer = {"kind": "computer", "level": "random"}
    t = create_table(server, [computer] * 4, {"players": 4}, game="pentic")
    page = new_page(390, 844, touch=True)
    page.goto(server.url + t["url"])   # watched, the computers play it out
    until(page, "!document.getElementById('replay').hidden", timeout=60_000)
    page.click("#r-prev")   # "After move 115: Wine to move" (not "Wine (computer, random)")
    until(page, "document.getElementById('status').innerText.includes('After move')")
    where = page.evaluate(DOT_BY_TEXT)
    assert where and where["together"], where
    assert where["text"].endswith(" to move") and "computer" not in where["text"], where
    # the seat's short name: the line is whole, the scores too
    assert not page.evaluate(STATUS_CUT), page.evaluate(STATUS_CUT)
    assert not page.errors, page.errors


def test_the_lobby_says_a_computers_only_table_plays_while_watched(server, new_page):
    from .helpers import create_table

    computer = {"kind": "computer", "level": "random"}
    bots = create_table(server, [computer, computer], game="pentago")
    people = create_table(server, [{"kind": "me"}, computer], game="pentago")
    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/")
    row = page.locator(f"li[data-table='{bots['id']}'] .t-meta")
    row.wait_for()
    assert "computers play while someone watches" in row.inner_text(), row.inner_text()
    assert row.inner_text().endswith(f" · table {bots['id']}")   # rows alike otherwise
    other = page.locator(f"li[data-table='{people['id']}'] .t-meta").inner_text()
    assert "watches" not in other, other
    assert not page.errors, page.errors


def test_stepped_to_the_start_the_move_list_shows_its_first_move(server, new_page):
    from .helpers import pentago_record

    t = import_record(server, pentago_record())   # 36 moves: the list scrolls
    page = new_page(1440, 900)
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    page.click("#log li[data-ply='30']")
    until(page, "document.getElementById('r-pos').textContent.startsWith('30/')")
    until(page, "document.getElementById('log').scrollTop > 0")   # the move shown, far down
    page.click("#r-first")
    until(page, "document.getElementById('r-pos').textContent.startsWith('0/')")
    # the first move in sight, under the top of the list
    until(page, "(() => { const ol = document.getElementById('log'), li = ol.querySelector('li');"
                " return li.getBoundingClientRect().top >= ol.getBoundingClientRect().top - 0.5; })()")
    assert not page.errors, page.errors


def banner_target(text: str) -> str:
    return text.split("Highest total wins (target ", 1)[1].split(")", 1)[0]


@pytest.mark.parametrize("record, says", [
    (lambda: random_pentic_record(players=3), "the pile ran out and the last round was played out by those who still held a card"),
    (lambda: pentic_record(players=3), "the target was reached and the round played out: everyone had the same number of turns"),
    # (the same random game as the first, its best total the target: reached in the last
    # round, the one the pile ran out in, with 39, 39 and 38 turns)
    (lambda: random_pentic_record(players=3, target=97), "the target was reached and the round played out by those who still held a card"),
])
def test_a_pentic_result_says_why_the_game_ended(server, new_page, record, says):
    """Three players whose pile ran out had 39, 39 and 38 turns: the banner no longer says
    everyone had the same number (it does when the target ended the game)."""
    t = import_record(server, record())
    page = new_page()
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden])")
    text = page.locator("#banner").text_content()
    assert f"Highest total wins (target {banner_target(text)}); {says}." in text, text
    assert not page.errors, page.errors
