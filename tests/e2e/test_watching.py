"""A newcomer watching: live tables and finished games' replays, as a spectator on a phone
and on a desktop screen."""

from __future__ import annotations

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
