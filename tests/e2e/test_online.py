"""Online tables in the browser: friends, invites, spectators, replays."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from .conftest import Server
from .helpers import create_table, import_record, pentago_record, play_pentago_move, until

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
        points, hand = at["scores"][i], at["state"]["hand_sizes"][i]
        said = f"{points} point{'' if points == 1 else 's'} · {hand} card{'' if hand == 1 else 's'}"
        assert texts[i] == f"{name} {said}", texts
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
    link.click(force=True)   # pressed (a touch has no hover for the title): why, said
    until(page, "[...document.querySelectorAll('.toast')].some((t) => "
                "t.textContent.includes('it can be exported once the game is over'))")
    # a game without hidden cards: the record is there at any time
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    until(page, "document.querySelector('#status .you') !== null")
    assert link.get_attribute("aria-disabled") == "false"
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename.endswith(".json")
    assert not page.errors, page.errors


# -- seats: leave, sit here, free an away player's seat, an invite opened again ---------------
def server_away(tmp_path, monkeypatch, seconds: int):
    """A server where a seat may be freed once its player has been away ``seconds``."""
    monkeypatch.setenv("PENTARENA_AWAY_SECONDS", str(seconds))
    srv = Server(tmp_path / "e2e.sqlite3")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def server_away_0(tmp_path, monkeypatch):
    """A server where a seat may be freed as soon as its player's connection is gone."""
    yield from server_away(tmp_path, monkeypatch, 0)


def person(new_page, server, name: str = ""):
    """A browser of its own, with the name typed on the home page (if any)."""
    page = new_page()
    page.goto(server.url + "/")
    if name:
        page.evaluate(f"localStorage.setItem('pentarena:name', {name!r})")
    return page


def seated(page) -> None:
    until(page, "document.getElementById('conn').dataset.state === 'open' && "
                "document.querySelector('#players .you-tag') !== null")


def answer(page, yes: bool) -> str:
    page.wait_for_selector("#ask:not([hidden])")
    question = page.locator("#ask-text").inner_text()
    page.click("#ask-yes" if yes else "#ask-no")
    return question


def keep_toasts(page) -> None:
    """Keep every toast's words in ``window.toastsSeen`` (a toast goes after 3 s)."""
    page.evaluate("""() => { window.toastsSeen = [];
        new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
            if (n.classList && n.classList.contains('toast')) window.toastsSeen.push(n.textContent); })
        .observe(document.body, { childList: true, subtree: true }); }""")


def toasted(page, words: str) -> None:
    until(page, f"window.toastsSeen.some((t) => t === {json.dumps(words)})")


def alice_and_bob(server, new_page, game: str):
    """A table of ``game`` for two, Alice seated (the creator; her browser keeps the
    invites) and Bob by its invite, each seeing the other: (table, alice, bob)."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game=game)
    alice = person(new_page, server)
    alice.evaluate(f"localStorage.setItem('pentarena:invites:{t['id']}', {json.dumps(json.dumps(t['invites']))})")
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(alice)
    bob = person(new_page, server, "Bob")
    bob.goto(server.url + t["invites"][0]["url"])
    seated(bob)
    until(alice, "document.querySelector('#players [data-seat=\"1\"]').innerText.startsWith('Bob')")
    return t, alice, bob


def test_leave_sit_here_and_free_an_away_players_seat(server_away_0, new_page):
    server = server_away_0
    t, alice, bob = alice_and_bob(server, new_page, "pentago")
    assert alice.locator("#invite").is_hidden()  # the invite is used
    keep_toasts(alice)
    rng = random.Random(5)
    play_pentago_move(alice, rng)
    until(bob, "document.querySelector('#status .you') !== null")
    play_pentago_move(bob, rng)
    lines = "Array.from(document.querySelectorAll('#log li .txt'), (e) => e.innerText)"
    whose = lambda page: [line.split(":")[0] for line in page.evaluate(lines)]  # noqa: E731
    until(alice, "document.querySelectorAll('#log li').length === 2")
    assert whose(alice) == ["White", "Bob"]

    # Bob leaves (asked first): he watches, his name goes, the seat is free to anyone
    bob.click("#leave-seat")
    assert "Leave your seat?" in answer(bob, True)
    until(bob, "document.getElementById('status').innerText.includes('you are watching')")
    assert bob.locator("#leave-seat").count() == 0
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Black (free seat)'")
    toasted(alice, "Bob left: Black's seat is free.")   # Alice is told
    note = alice.locator("#open-seats-note").inner_text()  # and the player is told how others join
    assert "Black: a free seat, listed in the lobby for anyone to take" in note

    # someone opening the table's link sits there, under their own name (none: the colour)
    carol = person(new_page, server)
    carol.goto(server.url + t["url"])
    until(carol, "document.querySelector('[data-sit=\"1\"]') !== null")
    carol.click("[data-sit='1']")
    seated(carol)
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Black'")
    toasted(alice, "A player took Black's seat.")
    assert "Bob" not in alice.locator("#players").inner_text()
    assert whose(alice) == whose(carol) == ["White", "Bob"]  # who played it, then
    assert alice.locator("[data-free]").count() == 0  # Carol is here

    # Carol's window closes: Alice frees the seat and gets a fresh invite to send
    carol.close()
    until(alice, "document.querySelector('[data-free=\"1\"]') !== null")
    alice.click("[data-free='1']")
    assert "Free Black's seat?" in answer(alice, True)
    alice.wait_for_selector("[data-invite='1']")
    toasted(alice, "Black's seat was freed: it waits for a new invite.")
    url = alice.get_attribute("[data-invite='1']", "data-url")
    assert url != server.url + t["invites"][0]["url"]
    assert alice.get_attribute("[data-invite='1']", "aria-label") == "copy Black's invite link"
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Black (waiting for a player)'")
    dan = person(new_page, server, "Dan")
    dan.goto(url)
    seated(dan)
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Dan'")
    toasted(alice, "Dan took Black's seat.")
    assert whose(alice) == whose(dan) == ["White", "Bob"]
    for page in (alice, bob, dan):
        assert not page.errors, page.errors


def test_free_seat_refused_a_moment_too_soon_is_asked_again(server_away_0, new_page):
    """The page's count can reach the limit a moment before the server's (its clock, the
    count's rounding): a "too soon" by at most a second or two is waited out and the seat
    freed, not left with a refusal after the player said yes."""
    t, alice, bob = alice_and_bob(server_away_0, new_page, "pentago")
    asked = []

    def first_too_soon(route):
        asked.append(route.request.method)
        if len(asked) == 1:
            route.fulfill(status=409, content_type="application/json", body=json.dumps(
                {"detail": {"code": "too-soon", "message": "that player has been away for "
                            "2 seconds: you can free the seat in 0 seconds", "wait": 0}}))
        else:
            route.continue_()

    alice.route("**/free", first_too_soon)
    bob.close()
    alice.wait_for_selector("[data-free='1']:not([aria-disabled])")
    alice.click("[data-free='1']")
    answer(alice, True)
    alice.wait_for_selector("[data-invite='1']")
    assert asked == ["POST", "POST"] and alice.locator(".toast.error").count() == 0
    assert not alice.errors, alice.errors


def test_a_seat_kept_for_a_friend_who_does_not_come_is_freed_for_a_new_invite(server_away_0, new_page):
    """Play again: Bob's seat is kept for him (no invite in Alice's Invite panel: she
    could take his seat with it); he does not come: Alice frees it and gets one to send."""
    from .test_a11y_table import white_wins

    server = server_away_0
    t, alice, bob = alice_and_bob(server, new_page, "pentago")
    white_wins(alice, bob)
    bob.close()
    alice.wait_for_selector("#play-again")
    alice.click("#play-again")
    until(alice, f"location.pathname !== '/t/{t['id']}' && "
                 "document.querySelector('#players .you-tag') !== null")
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bob (invited, not here yet)'")
    assert alice.locator("[data-invite='1']").count() == 0
    alice.wait_for_selector("[data-free='1']")
    alice.click("[data-free='1']")
    assert answer(alice, True).startswith("Bob has not come to this game. Free Black's seat?")
    alice.wait_for_selector("[data-invite='1']")
    until(alice, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Black (waiting for a player)'")
    assert not alice.errors, alice.errors


@pytest.fixture
def server_idle_2(tmp_path, monkeypatch):
    """A server where a player's seat may be freed once they have had the turn 2 s."""
    monkeypatch.setenv("PENTARENA_IDLE_SECONDS", "2")
    srv = Server(tmp_path / "e2e.sqlite3")
    srv.start()
    yield srv
    srv.stop()


def test_a_player_who_keeps_the_turn_without_moving_can_be_freed(server_idle_2, new_page):
    """Bob stays connected and does not move: once he has had the turn for the server's
    limit (here 2 s), Alice's page offers Free seat at his row, says why, and frees it."""
    t, alice, bob = alice_and_bob(server_idle_2, new_page, "pentago")
    assert alice.locator("[data-free='1']").count() == 0
    alice.fill("#move-text", "a1 TL cw")
    alice.press("#move-text", "Enter")
    until(bob, "document.getElementById('status').textContent.includes('Your turn')")
    alice.wait_for_selector("[data-free='1']")     # drawn again when the time is up
    assert alice.inner_text("[data-free='1']") == "Free seat"
    alice.click("[data-free='1']")
    assert answer(alice, True).startswith("Bob has had the turn a long while without moving. "
                                          "Free Black's seat?")
    alice.wait_for_selector("[data-invite='1']")
    until(bob, "document.getElementById('status').innerText.includes('you are watching')")
    assert not alice.errors and not bob.errors


def test_in_pentic_an_away_players_seat_goes_to_the_computer(server_away_0, new_page):
    """A Pentic seat is never handed on mid-game (whoever took it would see the hand its
    player kept, the player freeing it too): Free seat says the computer will play it,
    and then it does — no invite to send."""
    t, alice, bob = alice_and_bob(server_away_0, new_page, "pentic")
    bob.close()
    until(alice, "document.querySelector('[data-free=\"1\"]') !== null")
    alice.click("[data-free='1']")
    assert "Let the computer play Coral's seat?" in answer(alice, True)
    until(alice, "document.querySelector('#players [data-seat=\"1\"]').innerText.includes('computer')")
    assert "Bob" not in alice.locator("#players").inner_text()
    assert alice.locator("#invite").is_hidden()  # no invite to send
    assert not alice.errors, alice.errors


@pytest.fixture
def server_away_3(tmp_path, monkeypatch):
    """A server where a seat may be freed once its player has been away for 3 seconds."""
    yield from server_away(tmp_path, monkeypatch, 3)


def test_free_seat_counts_down_to_the_moment_the_seat_may_be_freed(server_away_3, new_page):
    """The server frees a seat after a while away (here 3 s): the button says how long is
    left from the moment the player left (by the server's count), asks nothing until then,
    and then frees it."""
    server = server_away_3
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    alice, bob = person(new_page, server), person(new_page, server, "Bartholomew")
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    seated(alice)
    seated(bob)
    bob.close()
    alice.wait_for_selector("[data-free='1']")
    # the long name, its offline mark, the count and the button: side by side or under,
    # never over each other (read in one go: the panel is drawn again as presence comes)
    parts = json.dumps([f'#players [data-seat="1"] {p}' for p in (".name", ".off", ".info", "[data-free]")])
    boxes = alice.wait_for_function(f"""() => {{
        const found = {parts}.map((s) => document.querySelector(s));
        if (!found.every(Boolean)) return null;
        return found.map((e) => {{ const r = e.getBoundingClientRect();
            return {{ x: r.left, y: r.top, width: r.width, height: r.height }}; }}); }}""").json_value()
    for k, a in enumerate(boxes):
        for b in boxes[k + 1:]:
            assert (a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
                    or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5), boxes
    label = alice.inner_text("[data-free='1']")
    if label != "Free seat":  # (a slow machine may be past the 3 s already)
        assert label in ("Free seat in 0:03", "Free seat in 0:02", "Free seat in 0:01"), label
        assert alice.get_attribute("[data-free='1']", "aria-disabled") == "true"
        # dimmed, a click asks nothing (clicked and looked at in one go: it may end meanwhile)
        assert alice.evaluate("""() => { const b = document.querySelector('[data-free="1"]');
            if (!b.getAttribute('aria-disabled')) return true;
            b.click(); return document.getElementById('ask').hidden; }""")
    until(alice, "document.querySelector('[data-free=\"1\"]').textContent === 'Free seat'")
    assert alice.get_attribute("[data-free='1']", "aria-disabled") is None
    alice.click("[data-free='1']")
    assert "Free Black's seat?" in answer(alice, True)
    alice.wait_for_selector("[data-invite='1']")
    assert not alice.errors, alice.errors


@pytest.fixture
def server_away_60(tmp_path, monkeypatch):
    """A server where a seat may be freed once its player has been away for a minute."""
    yield from server_away(tmp_path, monkeypatch, 60)


def test_a_seat_taken_by_someone_who_never_connects_counts_down_from_its_taking(server_away_60, new_page):
    """A friend takes their seat with the invite and never opens the table: the server
    counts them away from the moment they took it, and no presence event comes (who is
    connected did not change), so the page counts from the state that shows the seat taken
    — the button never offers a freeing the server would refuse."""
    server = server_away_60
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    alice = person(new_page, server)
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(alice)
    token = t["invites"][0]["url"].split("token=")[1]
    urllib.request.urlopen(urllib.request.Request(
        f"{server.url}/api/tables/{t['id']}/join", method="POST",
        data=json.dumps({"token": token, "name": "Bob"}).encode(),
        headers={"Content-Type": "application/json"})).read()
    alice.wait_for_selector("[data-free='1']")
    assert alice.inner_text("[data-free='1']").startswith("Free seat in "), alice.inner_text("#players")
    assert alice.get_attribute("[data-free='1']", "aria-disabled") == "true"
    # dimmed: a click asks nothing
    assert alice.evaluate("""() => { document.querySelector('[data-free="1"]').click();
        return document.getElementById('ask').hidden; }""")
    assert not alice.errors, alice.errors


def test_a_friend_who_joined_without_a_name_adds_one(server, new_page):
    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "invite"}], game="pentago")
    ann, bob = person(new_page, server), person(new_page, server)
    ann.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    seated(bob)
    assert ann.locator("#name-seat").count() == 0   # Ann has her name
    bob.click("#name-seat")
    bob.wait_for_selector("#ask-input")
    bob.fill("#ask-input", "Bob")
    bob.press("#ask-input", "Enter")
    until(ann, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bob'")
    until(bob, "document.getElementById('name-seat') === null")
    assert bob.evaluate("localStorage.getItem('pentarena:name')") == "Bob"   # for his next table
    for page in (ann, bob):
        assert not page.errors, page.errors


def test_an_invite_opened_again_opens_the_seat_and_a_second_seat_is_asked_for(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    invite = server.url + t["invites"][0]["url"]
    alice = person(new_page, server)
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(alice)
    alice.goto(invite)  # the creator tries her friend's link: asked, and "no" keeps it unused
    alice.wait_for_selector("#ask:not([hidden])")
    # meanwhile the page shows her seat (it said "you are watching" while it asked)
    seated(alice)
    assert "watching" not in alice.inner_text("#status")
    assert answer(alice, False) == "You already play White here. Take Black too (hot seat)?"
    until(alice, "document.querySelector('.toast') !== null")
    assert "still unused" in alice.locator(".toast").inner_text()
    seated(alice)
    assert alice.locator("#players .you-tag").count() == 1
    bob = person(new_page, server, "Bob")
    bob.goto(invite)
    seated(bob)
    bob.goto(invite)  # later, from the chat: his seat, no complaint
    seated(bob)
    until(bob, "document.querySelector('#players [data-seat=\"1\"] .you-tag') !== null")
    assert bob.locator(".toast.error").count() == 0
    # Carol opens the used link on her phone: why and what to do stay above the board until
    # she has read them (a toast of 250 characters went after 8 s, over the board)
    carol = person(lambda: new_page(width=390, height=844, touch=True), server, "Carol")
    carol.goto(invite)
    carol.wait_for_selector("#ask:not([hidden])")
    said = carol.locator("#ask-text").inner_text()
    assert said.startswith("This invite has already been used: the seat is taken.")
    assert "Free seat" in said and said.endswith("or watch the game.")
    assert carol.locator("#ask-no").count() == 0 and carol.locator(".toast").count() == 0
    box, board = carol.locator("#ask").bounding_box(), carol.locator("#board-area").bounding_box()
    assert box["y"] + box["height"] <= board["y"] + 1      # above the board, not over it
    carol.locator("#ask-yes").tap()
    carol.wait_for_selector("#ask", state="hidden")
    assert carol.locator("#players .you-tag").count() == 0   # she watches
    assert not alice.errors and not bob.errors


def test_play_again_offers_each_friend_their_seat_at_the_next_table(server, new_page):
    """Ann presses Play again: Bob's page, still on the finished game, offers "Join the next
    game" and takes his seat there at once (no link to send); a spectator is offered to
    watch it."""
    from .test_a11y_table import white_wins

    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "invite"}], game="pentago")
    ann, bob, carl = new_page(), person(new_page, server, "Bob"), new_page()
    ann.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    white_wins(ann, bob)
    carl.goto(server.url + t["url"])
    # Dan watches on a phone, stepping through the game: its banner is folded to a line
    dan = new_page(width=390, height=844, touch=True)
    dan.goto(server.url + t["url"] + "#move-3")
    for page in (ann, bob, carl, dan):
        page.wait_for_selector("#banner:not([hidden])")
    until(dan, "document.getElementById('banner').classList.contains('folded')")
    assert not dan.locator("#banner-next").is_visible()
    assert bob.locator("#play-again").is_visible() and carl.locator("#play-again").count() == 0
    ann.click("#play-again")
    ann.wait_for_url("**/t/*")
    until(ann, f"location.pathname !== '/t/{t['id']}' && "
               "document.querySelector('#players .you-tag') !== null")
    new_id = ann.evaluate("location.pathname").split("/")[-1]
    # Bob's seat keeps his name, and says he has not come yet
    until(ann, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bob (invited, not here yet)'")
    # Bob: the finished table now offers the next game instead of a second one
    bob.wait_for_selector("#next-game")
    assert bob.locator("#play-again").count() == 0
    assert "next game" in bob.inner_text("#announce").lower()
    bob.click("#next-game")
    until(bob, f"location.pathname === '/t/{new_id}' && "
               "document.querySelector('#players .you-tag') !== null")
    assert bob.locator("#players .seat").nth(1).locator(".you-tag").count() == 1
    seats = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{new_id}").read())["table"]["seats"]
    assert [s["claimed"] for s in seats] == [True, True] and seats[0]["name"] == "Ann"
    until(ann, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bob'")
    # Carl, watching, may follow them
    carl.wait_for_selector("a#next-game")
    assert carl.inner_text("#next-game") == "Watch the next game"
    # ...and Dan's folded line says so, the whole banner still folded
    dan.wait_for_selector("a#banner-next", state="visible")
    assert dan.get_attribute("#banner-next", "href") == f"/t/{new_id}"
    assert dan.evaluate("document.getElementById('banner').classList.contains('folded')")
    assert not carl.locator("#banner-next").is_visible()   # a whole banner has the button
    for page in (ann, bob, carl, dan):
        assert not page.errors, page.errors


def test_play_again_pressed_by_both_friends_makes_one_next_game(server, new_page):
    """Bob presses Play again just after Ann, before his page heard of hers (its socket's
    news held back): the server refuses a second next game, and his page takes his seat
    at Ann's instead of starting another."""
    from .test_a11y_table import white_wins

    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "invite"}], game="pentago")
    ann, bob = new_page(), person(new_page, server, "Bob")
    held = []

    def hold_back_news(ws):  # Bob's socket: the server's messages dropped once held
        to_server = ws.connect_to_server()
        to_server.on_message(lambda m: None if held else ws.send(m))
        ws.on_message(to_server.send)

    bob.route_web_socket("**/ws/**", hold_back_news)
    ann.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    bob.goto(server.url + t["invites"][0]["url"])
    white_wins(ann, bob)
    for page in (ann, bob):
        page.wait_for_selector("#banner:not([hidden])")
    held.append(True)
    ann.click("#play-again")
    until(ann, f"location.pathname !== '/t/{t['id']}' && "
               "document.querySelector('#players .you-tag') !== null")
    new_id = ann.evaluate("location.pathname").split("/")[-1]
    assert bob.locator("#play-again").is_visible()   # his page has not heard
    bob.click("#play-again")
    held.clear()   # (his next page's socket, and any news from here on, as usual)
    until(bob, f"location.pathname === '/t/{new_id}' && "
               "document.querySelector('#players .you-tag') !== null")
    seats = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{new_id}").read())["table"]["seats"]
    assert [(s["name"], s["claimed"]) for s in seats] == [("Ann", True), ("Bob", True)]
    assert json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read()
                      )["table"]["next"] == new_id
    for page in (ann, bob):
        assert not page.errors, page.errors


def test_resigning_ends_the_game_for_both_and_the_record_says_so(server, new_page):
    """Bob resigns (asked first, "Play on" keeps playing): both pages show the end at
    once, Alice (White) the winner, the banner saying who resigned, with Play again and Analysis;
    the record says it; a 3-player game offers no Resign (its others play on)."""
    t, alice, bob = alice_and_bob(server, new_page, "pentago")
    bob.click("#resign")
    assert answer(bob, False) == "Resign the game? It ends now, and White wins."
    assert bob.locator("#resign").is_visible()   # played on
    bob.click("#resign")
    answer(bob, True)
    for page in (alice, bob):
        until(page, "document.getElementById('result') !== null")
        assert page.locator("#resigned").inner_text() == "Bob resigned."
        assert page.locator("#resign").count() == 0 and page.locator("#leave-seat").count() == 0
        assert page.locator("#play-again").is_visible() and page.locator("#banner-analysis").is_visible()
    assert alice.locator("#result").inner_text() == "You win!"
    assert bob.locator("#result").inner_text() == "You lose: White wins"
    record = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}/record").read())
    assert record["meta"]["resigned"] == 1 and record["moves"] == []
    three = create_table(server, [{"kind": "me"}, {"kind": "computer"}, {"kind": "computer"}],
                         {"players": 3})
    page = new_page()
    page.goto(server.url + three["url"] + "?token=" + three["you"]["token"])
    seated(page)
    assert page.locator("#leave-seat").count() == 1 and page.locator("#resign").count() == 0
    assert not alice.errors and not bob.errors and not page.errors


def test_a_partner_resigns_for_the_team_and_is_told_who_loses_with_them(server, new_page):
    """Pent-Up of four: Ann (White) and her partner Carl (Red) against two computers;
    Ann's Resign says Carl loses with her; Carl's page says his team lost."""
    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "computer", "level": "easy"},
                              {"kind": "invite"}, {"kind": "computer", "level": "easy"}],
                     {"players": 4})
    ann, carl = person(new_page, server), person(new_page, server, "Carl")
    ann.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    carl.goto(server.url + t["invites"][0]["url"])
    seated(ann)
    seated(carl)
    until(ann, "document.querySelector('#players [data-seat=\"2\"] .name').innerText === 'Carl'")
    ann.click("#resign")
    question = answer(ann, True)
    assert question.startswith("Resign the game for your team? Carl loses with you: it ends now, and ")
    assert question.endswith(" win."), question
    until(carl, "document.getElementById('resigned') !== null")
    assert carl.locator("#result").inner_text().startswith("Your team loses: ")
    assert not ann.errors and not carl.errors


def test_a_screen_playing_two_seats_names_both_as_yours(server, new_page):
    """Ann plays White and Red at one screen, Bob Black from his: both of Ann's rows say
    "(you)", and while Bob is to move her status line says she plays White and Red."""
    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "invite"}, {"kind": "me"}],
                     {"players": 3})
    ann = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        ann.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        seated(ann)
    bob = person(new_page, server, "Bob")
    bob.goto(server.url + t["invites"][0]["url"])
    seated(bob)
    until(ann, "document.querySelectorAll('#players .you-tag').length === 2")
    ann.fill("#move-text", "X:1,0;0,1;1,1;2,1;1,2")
    ann.press("#move-text", "Enter")
    until(ann, "document.getElementById('status').innerText.includes('Bob to move')")
    assert ann.inner_text("#status").endswith("· you play White and Red")
    assert [ann.locator(f"#players [data-seat='{i}'] .you-tag").count() for i in range(3)] == [1, 0, 1]
    assert bob.locator("#players .you-tag").count() == 1
    assert not ann.errors and not bob.errors


def test_two_people_at_one_screen_resign_for_the_side_to_move(server, new_page):
    """Hot seat: both seats in one browser; after White's move Black is on screen, and
    Resign ends the game as Black's resignation."""
    t = create_table(server, [{"kind": "me"}] * 2, game="pentago")
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        seated(page)
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")  # both yours
    page.fill("#move-text", "a1 TL cw")
    page.press("#move-text", "Enter")
    until(page, "document.querySelectorAll('#log li').length === 1")
    page.click("#resign")
    assert answer(page, True) == "Resign the game for Black? It ends now, and White wins."
    until(page, "document.getElementById('resigned') !== null")
    assert page.locator("#resigned").inner_text() == "Black resigned."
    # both sides were this screen's: the winner named ("You lose: White wins" said before)
    assert page.locator("#result").inner_text() == "White wins"
    record = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}/record").read())
    assert record["meta"]["resigned"] == 1 and len(record["moves"]) == 1
    assert not page.errors


def test_at_one_screen_resign_waits_for_the_turn_of_a_seat_that_resigns(server, new_page):
    """Pent-Up of four: White and Black (of both teams) at one screen, Red and Blue friends
    elsewhere.  While Red is to move nobody at the screen is known to be the one resigning:
    Resign asks nothing, says to resign on that seat's turn, and the game goes on."""
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}, {"kind": "invite"},
                              {"kind": "invite"}], {"players": 4})
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        seated(page)
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")
    for i, move in enumerate(("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1")):
        page.fill("#move-text", move)
        page.press("#move-text", "Enter")
        until(page, f"document.querySelectorAll('#log li').length === {i + 1}")
    until(page, "document.getElementById('status').innerText.includes('Red')")
    keep_toasts(page)
    page.click("#resign")
    until(page, "window.toastsSeen.length > 0")
    assert page.evaluate("window.toastsSeen") == [
        "This screen plays White and Black: resign on the turn of the seat that resigns."]
    assert page.locator("#ask-text").count() == 0            # no question asked
    table = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read())
    assert table["table"]["status"] == "playing" and table["table"]["resigned"] is None
    assert not page.errors


def test_a_presence_event_that_changes_nothing_leaves_the_players_buttons_in_place(server, new_page):
    """A presence event that changes nothing (one held back, a page of this screen
    reloaded) redrew the players panel: its buttons replaced between the press and the
    release of a click, the click was lost (Add your name opened no question)."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    page = new_page()
    page.add_init_script("""(() => { const Real = window.WebSocket; window.presences = [];
        window.WebSocket = class extends Real { constructor(...a) { super(...a); window.socket = this;
            this.addEventListener('message', (e) => { const m = JSON.parse(e.data);
                if (m.type === 'presence') window.presences.push(e.data); }); } }; })()""")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(page)
    until(page, "window.presences.length > 0 && document.getElementById('leave-seat') !== null")
    page.evaluate("window.kept = document.getElementById('leave-seat')")
    page.evaluate("window.socket.onmessage({ data: window.presences[window.presences.length - 1] })")
    assert page.evaluate("window.kept === document.getElementById('leave-seat') && window.kept.isConnected")
    page.click("#leave-seat")                 # and the buttons still act
    assert answer(page, False).startswith("Leave your seat?")
    assert not page.errors, page.errors


def test_two_people_at_one_screen_name_and_leave_the_seat_to_move(server, new_page):
    """Hot seat: Add your name asks for the name of who plays the seat to move (kept for
    that seat, not as this browser's name), and Leave seat leaves that seat only, the
    other playing on; the creator's name was on their first seat only."""
    t = create_table(server, [{"kind": "me"}] * 2, game="pentago", name="Ann")
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        seated(page)
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")
    assert page.inner_text("#status").startswith("Ann's turn.")
    page.fill("#move-text", "a1 TL cw")
    page.press("#move-text", "Enter")
    until(page, "document.getElementById('status').innerText.startsWith(\"Black's turn.\")")
    page.click("#name-seat")
    page.wait_for_selector("#ask-input")
    assert page.inner_text("#ask-text").startswith("Black's turn. The name of who plays Black")
    assert page.input_value("#ask-input") == ""
    page.fill("#ask-input", "Bo")
    page.press("#ask-input", "Enter")
    until(page, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bo'")
    assert page.evaluate("localStorage.getItem('pentarena:name')") is None
    page.click("#leave-seat")
    assert answer(page, True) == ("Leave Black's seat? It becomes a free seat that anyone can take "
                                  "(listed in the lobby); the other seats of this screen play on (White).")
    until(page, "document.querySelectorAll('#players .you-tag').length === 1")
    seats = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read())["table"]["seats"]
    assert [s["claimed"] for s in seats] == [True, False] and seats[0]["name"] == "Ann"
    assert not page.errors


def test_at_one_screen_leave_while_none_of_its_seats_is_to_move_leaves_them_all(server, new_page):
    """Hot seat with a friend elsewhere to move: nobody at the screen is the one to move, so
    Leave seat leaves every seat of the screen, asked so (and no seat is offered a name)."""
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}, {"kind": "invite"}], {"players": 3})
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        seated(page)
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")
    for n, move in enumerate(["X:1,0;0,1;1,1;2,1;1,2", "T:0,-1;1,-1;2,-1;1,-2;1,-3"]):
        page.fill("#move-text", move)
        page.press("#move-text", "Enter")
        until(page, f"document.querySelectorAll('#log li').length === {n + 1}")
    until(page, "document.getElementById('status').innerText.startsWith('Red (waiting for a player) to move')")
    assert page.locator("#name-seat").count() == 0
    page.click("#leave-seat")
    assert answer(page, True) == ("Leave all the seats of this screen (White and Black)? They become "
                                  "free seats that anyone can take (listed in the lobby), and you "
                                  "watch the game from then on.")
    until(page, "document.querySelectorAll('#players .you-tag').length === 0")
    seats = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}").read())["table"]["seats"]
    assert [s["open"] for s in seats] == [True, True, False]
    assert not page.errors


def test_on_a_phone_the_creator_has_the_friends_invite_beside_the_board(server, new_page):
    """The Invite panel is in a phone's drawer, where a newcomer who created a table for a
    friend never looked: the status line offers the waiting seat's link, one tap copies
    it, and it goes once the friend sits down."""
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    alice = new_page(width=390, height=844, touch=True)
    alice.goto(server.url + "/")
    alice.evaluate(f"localStorage.setItem('pentarena:invites:{t['id']}', {json.dumps(json.dumps(t['invites']))})")
    alice.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(alice)
    nudge = alice.locator("#status-invite")
    nudge.wait_for(state="visible")
    assert nudge.inner_text() == "copy Black's invite"
    box = nudge.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] >= 40   # on screen, a finger high
    assert alice.locator("#invite").is_hidden()   # (in the closed drawer)
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    keep_toasts(alice)
    nudge.tap()
    toasted(alice, "Black's invite link copied: send it to your friend")
    assert alice.evaluate("navigator.clipboard.readText()") == server.url + t["invites"][0]["url"]
    bob = person(new_page, server, "Bob")
    bob.goto(server.url + t["invites"][0]["url"])
    seated(bob)
    until(alice, "document.getElementById('status-invite') === null")
    assert not alice.errors and not bob.errors


def test_a_friend_without_a_name_is_asked_for_one_on_sitting_down(server, new_page):
    """An invite opened in a fresh browser (no name kept) seated the friend as "Black",
    the way to a name only in the drawer: the page asks once seated (the table loads
    meanwhile), and the name given reaches the creator; "Not now" leaves the colour."""
    t = create_table(server, [{"kind": "me", "name": "Ann"}, {"kind": "invite"}], game="pentago")
    ann = person(new_page, server, "Ann")
    ann.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    seated(ann)
    friend = new_page(width=390, height=844, touch=True)
    friend.goto(server.url + t["invites"][0]["url"])
    friend.wait_for_selector("#ask:not([hidden]) #ask-input")
    assert friend.locator("#ask-text").inner_text() == ("You play Black. Your name, as the others "
                                                        "will see it in place of your colour:")
    seated(friend)                                   # the table is there under the question
    friend.fill("#ask-input", "Bea")
    friend.click("#ask-yes")
    until(ann, "document.querySelector('#players [data-seat=\"1\"] .name').innerText === 'Bea'")
    assert friend.evaluate("localStorage.getItem('pentarena:name')") == "Bea"
    # the next invite in a fresh browser, not answered: the seat keeps its colour
    t2 = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    other = new_page()
    other.goto(server.url + t2["invites"][0]["url"])
    other.wait_for_selector("#ask:not([hidden]) #ask-input")
    other.click("#ask-no")
    assert other.locator("#ask").is_hidden()
    seated(other)
    assert other.locator("#players [data-seat='1'] .name").inner_text() == "Black"
    other.goto(server.url + t2["invites"][0]["url"])   # the link again: "Not now" stands
    seated(other)
    assert other.locator("#ask").is_hidden()
    assert not ann.errors and not friend.errors and not other.errors
