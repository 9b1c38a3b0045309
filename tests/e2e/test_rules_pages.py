"""A newcomer's path on a phone: the home page's card, the game's How-to-play page (which
fits the screen), a first game against the easy computer from that page, and the way back
to the rules from the table."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .helpers import until

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
    assert ("puzzle" if game.endswith("puzzle") else "against the computer (easy)") in play.inner_text()
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
