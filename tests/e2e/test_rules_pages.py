"""A newcomer's path on a phone: the home page's card, the game's How-to-play page (which
fits the screen), a first game against the easy computer from that page, and the way back
to the rules from the table."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .helpers import create_table, until

GAMES = ["pentup", "pentago", "pentomino", "pentomino-puzzle", "pentic"]


@pytest.mark.parametrize("game", GAMES)
def test_from_the_home_page_to_the_rules_to_a_first_game_and_back(server, new_page, game):
    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/")
    until(page, "document.body.dataset.ready === 'true'")
    page.locator(f".card[data-game='{game}'] a[href='/rules/{game}']").click()
    page.wait_for_selector("#rules h2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390   # no sideways scrolling
    play = page.locator("#rules-play")
    play.wait_for()
    assert ("puzzle" if game.endswith("puzzle") else "against the computer — easy level, to learn") in play.inner_text()
    play.click()
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    table = json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{table_id}", timeout=30).read())
    assert table["table"]["game"] == game
    seats = table["table"]["seats"]
    assert seats[0]["kind"] == "human"
    if not game.endswith("puzzle"):
        assert seats[1] == {**seats[1], "kind": "computer", "level": "easy"}
    until(page, "document.getElementById('rules-link').getAttribute('href') !== '#'")
    links = page.eval_on_selector_all("#rules-link, #rules-link-side", "as => as.map((a) => a.getAttribute('href'))")
    assert f"/rules/{game}" in links
    assert page.errors == []


@pytest.mark.parametrize("game", ["pentup", "pentago", "pentomino", "pentic"])
def test_the_controls_are_told_for_the_device(server, new_page, game):
    """A phone is tapped and has no keyboard: its How-to-play page says Tap and leaves the
    keyboard paragraph out; a desktop's says Click and keeps it."""
    for touch, words, absent in ((True, "Tap", ("Keyboard:", "Click", "Esc cancels")),
                                 (False, "Click", ("Tap ",))):
        page = new_page(390, 844, touch=True) if touch else new_page(1440, 900)
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("#rules h2")
        controls = page.locator("#rules h2:text-is('Controls') ~ p").all_inner_texts()
        text = " ".join(controls)
        assert words in text, (touch, text)
        for word in absent:
            assert word not in text, (touch, word, text)
        assert touch or "Keyboard:" in text
        assert page.errors == []


# rules a newcomer needs (RULES.md) that a page once left unsaid, in its own words
STATEMENTS = {
    "pentup": ["you are never stuck", "With 2 or 3 players everyone plays for themselves",
               "a team adds up its partners' tiles level by level", "both partners win or lose together",
               "(L1 the table, L2 the level above, …)"],
    "pentic": ["Nics score nothing, except in the centre"],
    "pentomino": ["on an empty board with all 12 pieces", "equal totals share the win"],
}


@pytest.mark.parametrize("game", sorted(STATEMENTS))
def test_the_rules_page_states_what_a_newcomer_needs(server, new_page, game):
    page = new_page()
    page.goto(f"{server.url}/rules/{game}")
    page.wait_for_selector("#rules h2")
    shown = " ".join(page.locator("#rules").inner_text().split())
    for words in STATEMENTS[game]:
        assert words in shown, words
    assert page.errors == []


# words that only a mouse (or a keyboard) makes true: a touch screen has no pointer to
# hover with, no wheel and no keys
MOUSE_WORDS = ("pointer", "hover", "mouse", "wheel", "click", "cursor", "the R or F key", "Enter")


@pytest.mark.parametrize("game", ["pentup", "pentago", "pentomino", "pentomino-puzzle", "pentic"])
def test_a_touch_screen_is_not_told_of_a_pointer(server, new_page, game):
    """The whole page, not only its Controls, speaks of taps on a phone; Pent-Up says what
    a tap shows (the tile staged on the table) where a desktop's ghost follows the pointer."""
    page = new_page(390, 844, touch=True)
    page.goto(f"{server.url}/rules/{game}")
    page.wait_for_selector("#rules h2")
    page.wait_for_selector("#rules-play")
    text = " ".join(page.locator("#rules").inner_text().split())
    for word in MOUSE_WORDS:
        assert word.lower() not in text.lower(), (word, text[max(0, text.lower().find(word.lower()) - 80):][:200])
    if game == "pentup":
        assert "tap one and the tile is shown there" in text
    assert page.errors == []


@pytest.mark.parametrize("variant", ["draft", "touch"])
def test_the_pentomino_options_examples_are_games_the_engine_plays(server, new_page, variant):
    """The draft's picture (picks alternating into two sets, then each placing from their
    own) and touch-move's (the piece touched is the piece placed) are the engine's moves:
    each is played with the engine, and what is drawn is what was played."""
    import pentarena
    from pentarena import IllegalMoveError

    page = new_page(390, 844, touch=True)
    page.goto(f"{server.url}/rules/pentomino")
    fig = page.locator(f"figure.pm-{variant}")
    fig.locator("svg").first.wait_for()
    moves = fig.get_attribute("data-moves").split("|")
    options = {"variant": "draft"} if variant == "draft" else {"touch_move": True}
    state = pentarena.load_game("pentomino", players=2, **options).new_initial_state()
    drawn = page.eval_on_selector_all(f"figure.pm-{variant} [data-square]",
                                      "rs => rs.map((r) => r.dataset.piece + r.dataset.square)")
    placed = [m for m in moves if ":" in m]
    assert sorted(drawn) == sorted(m[0] + q for m in placed for q in m[2:].split(","))
    names = ["Amber", "Teal"]
    seats, sets = [], None
    for move in moves:
        if variant == "touch" and move.startswith("touch"):
            touched = move.split()[1]
            before = state.clone()
            state.apply(move)
            # touched: only that piece may go down now, and another piece is refused
            assert {str(m)[0] for m in state.legal_moves()} == {touched}
            x = before.clone()                               # the X (the caption's) fitted
            x.apply("touch X")
            other = str(x.legal_moves()[0])
            with pytest.raises(IllegalMoveError):
                state.clone().apply(other)
            continue
        if ":" in move and sets is None:                     # the draft is over: the sets
            sets = state.to_json()["sets"]
        seats.append(state.current_player)
        state.apply(move)
    words = " ".join(fig.inner_text().split())
    if variant == "draft":
        assert seats[:12] == [0, 1] * 6                      # the picks alternate
        assert seats[12:] == [1, 0, 1]                       # the player after the first picker starts
        for seat in (0, 1):
            shown = fig.locator(f".pm-set[data-seat='{seat}']")
            pieces = shown.get_attribute("data-pieces")
            assert sorted(pieces) == sorted(sets[seat]) and len(pieces) == 6, (pieces, sets)
            drawn_set = shown.locator(".pm-set-piece").evaluate_all("ps => ps.map((p) => p.dataset.piece).join('')")
            assert drawn_set == pieces
            assert f"{names[seat]}'s set" in words
        for move, seat in zip(moves[12:], seats[12:]):      # each placed from its own set
            assert move[0] in sets[seat], (move, seat)
        assert "Teal, the player after the first picker, places first" in words
    else:
        assert fig.get_attribute("data-touched") == placed[-1][0] == "P"
        assert "the P is the piece she must place" in words
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_a_phone_has_how_to_play_in_its_header(server, new_page):
    """A phone's header had only "Players & moves" (How to play was inside the drawer): a
    "?" a finger wide, named How to play, opening the game's rules."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "easy"}], game="pentago")
    for size in ((390, 844), (360, 640), (844, 390)):
        page = new_page(*size, touch=True)
        page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
        until(page, "document.getElementById('rules-link').getAttribute('href') === '/rules/pentago'")
        # on the screen, the drawer closed (its own How to play out of sight)
        assert page.locator("#rules-link").is_visible()
        assert not page.locator("#rules-link-side").is_visible()
        assert page.get_by_role("link", name="How to play", exact=True).first.is_visible()
        box = page.locator("#rules-link").bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40 and box["y"] >= 0, (size, box)
        assert box["x"] + box["width"] <= size[0]
        # the game's name still whole beside it (upright, the brand is its mark)
        assert page.evaluate("(() => { const h = document.getElementById('title');"
                             " return h.textContent.startsWith('Pentago') && h.scrollWidth <= h.clientWidth + 1"
                             " && h.scrollHeight <= h.clientHeight + 1; })()"), size
        assert page.get_by_role("link", name="Pentarena").is_visible()
        assert page.errors == []
