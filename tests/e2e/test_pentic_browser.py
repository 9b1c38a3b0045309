"""Pentic in real browsers: every WebSocket frame each page receives is recorded and
checked — against the full game replayed from its record — for other seats' cards and
the pile."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from pathlib import Path

from pentarena.record import GameRecord

from .conftest import shot
from .helpers import create_table, until, wait_moves, wait_turn_or_end


def create_pentic(server, seats, options, **body) -> dict:
    return create_table(server, seats, options, game="pentic", **body)


def record_frames(page) -> list[str]:
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: frames.append(payload if isinstance(payload, str)
                                                        else payload.decode())))
    return frames


def play_pentic_move(page, rng: random.Random) -> None:
    before = page.locator("#log li").count()
    cards = page.locator(".pc-card")
    cards.nth(rng.randrange(cards.count())).click()
    at = rng.randrange(9)
    covered = page.evaluate(f"document.querySelectorAll('.pc-pos')[{at}].getAttribute('aria-label')")
    page.locator(".pc-pos").nth(at).click()
    preview = page.locator("#pc-preview").inner_text()
    assert "would score" in preview and "neighbours" in preview and " on #" in preview
    # the card it covers (drawn under the staged one) named: "(over 3 orange stars)"
    over = re.search(r"\(over (\d [a-z]+ [a-z]+)\)", preview)
    assert over and over[1] in covered, (preview, covered)
    page.click("#pc-confirm")
    wait_moves(page, before + 1)
    assert page.locator("#status .status-extra").inner_text().startswith("You ")  # the scores


def check_frames(server, table_id: str, frames: list[str], seat: int | None) -> int:
    """Every state frame: nothing that ``seat`` may not see at that moment."""
    record = json.loads(urllib.request.urlopen(
        f"{server.url}/api/tables/{table_id}/record").read())
    states = GameRecord.from_json(record).states()
    checked = 0
    for raw in frames:
        msg = json.loads(raw)
        if msg.get("type") != "state":
            continue
        full = states[msg["version"]]
        hands = msg.pop("hands", None)
        if hands is not None:  # every hand, once the game is over (the record is anyone's)
            assert states[-1].is_terminal() and msg["version"] == len(states) - 1, msg["version"]
            assert hands == full.to_json()["hands"]
            raw = json.dumps(msg)
        leaked = [c for c in full.secrets(seat) if c in raw]
        assert not leaked, f"frame at version {msg['version']} shows {leaked[:3]} to seat {seat}"
        assert "deck" not in msg["state"] and "hands" not in msg["state"]
        checked += 1
    return checked


def test_two_player_game_against_the_computer_leaks_nothing(server, new_page):
    t = create_pentic(server, [{"kind": "me"}, {"kind": "computer", "level": "easy"}],
                      {"target": 150})
    page = new_page()
    frames = record_frames(page)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pc-pos")
    # the record (with its seed) is not available while cards are hidden
    try:
        urllib.request.urlopen(f"{server.url}/api/tables/{t['id']}/record")
        raise AssertionError("the record leaked before the end")
    except urllib.error.HTTPError as exc:
        assert exc.code == 409  # a well-formed request at the wrong moment (hidden)
        assert json.loads(exc.read())["detail"]["code"] == "hidden"
    rng = random.Random(1)
    turns = 0
    while wait_turn_or_end(page):
        if turns == 1:  # a position clicked before a card says what comes first
            page.locator(".pc-pos").nth(4).click()
            until(page, "document.getElementById('pc-error').textContent === "
                        "'Select a card in your hand first.'")
        if turns == 2:
            # on my third turn: the score a play would make is shown before Confirm, and
            # Escape takes the choice back
            page.locator(".pc-card").first.click()
            page.locator(".pc-pos").nth(4).click()
            until(page, "document.getElementById('pc-preview').textContent.includes('would score')")
            shot(page, "pentic-preview", full_page=False)
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
            until(page, "document.getElementById('pc-preview').hidden")
        play_pentic_move(page, rng)
        turns += 1
    assert page.locator("#result").inner_text()
    shot(page, "pentic-result", full_page=False)
    assert check_frames(server, t["id"], frames, 0) >= turns
    # the seat token lives in an HttpOnly cookie only: not in the page, not in its storage
    stored = page.evaluate("() => JSON.stringify([localStorage, sessionStorage, document.cookie])")
    assert t["you"]["token"] not in stored and "pentarena_seat_" not in stored
    assert not page.errors, page.errors


def test_three_players_two_computers_and_a_spectator(server, new_page):
    t = create_pentic(server, [{"kind": "me"}, {"kind": "computer", "level": "random"},
                               {"kind": "computer", "level": "easy"}],
                      {"players": 3, "target": 50})
    page = new_page()
    frames = record_frames(page)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    watcher = new_page()
    watched = record_frames(watcher)
    watcher.goto(server.url + t["url"])
    page.wait_for_selector(".pc-pos")
    rng = random.Random(2)
    while wait_turn_or_end(page, timeout=90_000):
        play_pentic_move(page, rng)
    watcher.wait_for_selector("#banner:not([hidden])")
    assert check_frames(server, t["id"], frames, 0) > 0
    assert check_frames(server, t["id"], watched, None) > 0
    assert watcher.locator(".pc-card").count() == 0  # a spectator sees no hand
    assert not (page.errors or watcher.errors)


RULES_DECISIONS = (
    "the first 9 cards", "1 top-left", "9 bottom-right", "5 cards to each player in seat order",
    "drawn from its front", "draw a card (if the pile is not empty)",
    "equal totals share the win", "If the player to move holds no card",
    "players who still hold a card take their turn in that round")
"""RULES.md §4's Decisions, in words the rules page and docs/rules/pentic.md both use."""


def test_the_rules_page_states_the_decisions(server, new_page):
    page = new_page()
    page.goto(server.url + "/rules/pentic")
    page.wait_for_selector("#rules h2")
    shown = " ".join(page.locator("#rules").inner_text().split())
    doc = Path(__file__).parents[2] / "docs" / "rules" / "pentic.md"
    documented = " ".join(doc.read_text().replace("**", "").split())
    for words in RULES_DECISIONS:
        assert words in shown, words
        assert words in documented, words
    assert page.errors == []


def test_the_rules_page_scores_a_worked_example_as_the_engine_does(server, new_page):
    """The How-to-play page draws one play with the game's own cards and says its points;
    the same cards dealt to the engine score that play the same, on a phone without
    sideways scrolling."""
    import pentarena

    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/rules/pentic")
    page.wait_for_selector("#rules figure.tic-example svg.tic-card")
    fig = page.locator("figure.tic-example")
    grid, play, points = (fig.get_attribute(a) for a in ("data-grid", "data-play", "data-points"))
    drawn = page.eval_on_selector_all("figure.tic-example svg.tic-card", "s => s.map((c) => c.dataset.card)")
    card = play.split("@")[0]
    assert set(drawn) == set(grid.split()) | {card}     # the cards drawn are the cards dealt
    assert f"scores {points}" in fig.inner_text()
    shapes = ["circle", "crescent", "triangle", "square", "star"]
    colours = ["violet", "cyan", "yellow", "orange", "red"]
    every = [f"{n}-{s}-{c}" for n in range(1, 6) for s in shapes for c in colours]
    first = grid.split() + [card]                      # the grid, then seat 0's hand
    state = pentarena.load_game("pentic").new_initial_state(
        deck=first + [c for c in every if c not in first])
    state.apply(play)
    assert state.scores()[0] == int(points)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_friends_at_one_screen_see_each_hand_only_when_its_player_shows_it(server, new_page):
    """Navy and Coral at one device (both seats this page's) with a computer: each turn of
    theirs begins behind a curtain — no card of the hand drawn, nothing to play — until
    Show hand; after Navy's play, Coral's hand is not shown to Navy."""
    t = create_pentic(server, [{"kind": "me"}, {"kind": "me"}, {"kind": "computer", "level": "random"}],
                      {"players": 3, "target": 250})
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        until(page, "document.querySelector('#players .you-tag') !== null")
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")
    rng = random.Random(2)
    for seat, who in ((0, "Navy"), (1, "Coral")):
        until(page, "(document.getElementById('pc-curtain') || { hidden: true }).hidden === false")
        assert page.locator("#pc-hand .pc-card").count() == 0 and page.locator("#pc-hand").is_hidden()
        assert page.inner_text("#pc-curtain").startswith(f"{who}'s turn: pass the screen to {who}")
        page.click("#pc-show-hand")
        until(page, "document.querySelectorAll('#pc-hand .pc-card').length === 5")
        assert page.evaluate("document.activeElement.classList.contains('pc-card')")
        before = page.locator("#log li").count()
        page.locator(".pc-card").nth(rng.randrange(5)).click()
        page.locator(".pc-pos").nth(rng.randrange(9)).click()
        page.click("#pc-confirm")
        until(page, f"document.querySelectorAll('#log li').length > {before}")
    # Navy's turn again after the computer's: behind the curtain once more
    until(page, "document.getElementById('pc-show-hand').textContent === \"Show Navy's hand\"")
    assert page.locator("#pc-hand .pc-card").count() == 0
    assert not page.errors, page.errors


def test_at_one_screen_no_hand_shows_while_a_seat_of_no_one_there_is_to_move(server, new_page):
    """Navy and Coral at one device, Teal a friend elsewhere: once both have played, Teal is
    to move and whoever holds the screen is neither's owner: no hand shows (the lowest seat's
    was drawn), and no hint reads a hand behind its curtain.  Each turn is named.  A hand
    shown goes behind its curtain again on Hide hand."""
    t = create_pentic(server, [{"kind": "me"}, {"kind": "me"}, {"kind": "invite"}],
                      {"players": 3, "target": 250}, hints=True)
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        until(page, "document.querySelector('#players .you-tag') !== null")
    until(page, "document.querySelectorAll('#players .you-tag').length === 2")
    for k, who in enumerate(("Navy", "Coral")):
        until(page, f"(document.getElementById('pc-show-hand') || {{}}).textContent === \"Show {who}'s hand\"")
        assert re.match(f"{who}'s turn\\. — Navy \\d+ · Coral \\d+ · Teal 0 ",
                        page.inner_text("#status").replace("\n", " "))
        assert page.get_attribute("#hint-btn", "aria-disabled") == "true"   # behind the curtain
        if k:   # the keyboard goes on from the play before to Show hand
            until(page, "document.activeElement.id === 'pc-show-hand'")
        page.click("#pc-show-hand")
        until(page, "document.getElementById('hint-btn').getAttribute('aria-disabled') === 'false'")
        page.locator(".pc-card").first.click()
        if not k:   # Hide hand: behind the curtain again, nothing staged, no hint
            assert page.locator("#pc-hand .pc-card.selected").count() == 1
            page.click("#pc-hide-hand")
            until(page, "document.activeElement.id === 'pc-show-hand'")
            assert page.locator("#pc-hand").is_hidden() and page.locator("#pc-hide-hand").is_hidden()
            assert page.get_attribute("#hint-btn", "aria-disabled") == "true"
            page.click("#pc-show-hand")
            until(page, "document.querySelectorAll('#pc-hand .pc-card').length > 0")
            assert page.locator("#pc-hand .pc-card.selected").count() == 0
            page.locator(".pc-card").first.click()
        page.locator(".pc-pos").first.click()
        page.click("#pc-confirm")
        until(page, f"document.querySelectorAll('#log li').length === {k + 1}")
    until(page, "document.getElementById('pc-curtain').innerText === "
                "'Teal to play: the hands of this screen stay hidden.'")
    assert page.locator("#pc-hand").is_hidden() and page.locator("#pc-hand .pc-card").count() == 0
    assert page.get_attribute("#hint-btn", "aria-disabled") == "true"
    assert not page.errors, page.errors
