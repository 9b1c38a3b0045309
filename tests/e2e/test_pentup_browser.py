"""A person plays Pent-Up in a real browser against the real server."""

from __future__ import annotations

import random

import pytest

from .conftest import shot
from .helpers import (
    create_table,
    import_record,
    log_moves,
    moves_played,
    pentup_record,
    play_one_move,
    until,
    wait_moves,
    visible_dests,
    wait_my_turn_or_end,
)


def test_full_game_against_the_computer_by_clicking(server, new_page):
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".card[data-game=pentup]")
    shot(page, "home")
    # "Play the computer" needs no choices at all.
    page.click("button[data-game=pentup]")
    page.wait_for_selector(".pu-tile")
    rng = random.Random(7)
    mine = 0
    while wait_my_turn_or_end(page):
        play_one_move(page, rng, use_keys=mine % 2 == 0)
        mine += 1
        if mine == 4:
            page.click(".pu-tile:not(.none)")
            page.wait_for_selector(".dest")
            for _ in range(4):
                if visible_dests(page):
                    break
                page.keyboard.press("r")
            page.locator(".dest").nth(visible_dests(page)[0]).locator(".dot").hover()
            shot(page, "pentup-select", full_page=False)
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
    assert mine == 12
    banner = page.locator("#banner")
    assert banner.is_visible()
    assert page.locator("#result").inner_text()
    assert page.locator(".breakdown tr").count() == 3  # header + two players
    assert moves_played(page) == 24
    page.click("#pu-view")
    until(page, "document.querySelectorAll('#pu-board polygon').length > 24")
    shot(page, "pentup-3d", full_page=False)
    page.click("#pu-view")
    # the replay stepper, with keyboard arrows
    assert page.locator("#replay").is_visible()
    page.click("#r-first")
    until(page, "document.getElementById('r-pos').textContent === '0/24'")
    assert page.locator("#pu-board .cell").count() == 0
    page.keyboard.press("ArrowRight")
    until(page, "document.getElementById('r-pos').textContent === '1/24'")
    assert page.locator("#pu-board .cell").count() == 5
    page.keyboard.press("End")
    until(page, "document.getElementById('r-pos').textContent === '24/24'")
    assert not page.errors, page.errors


def test_two_browsers_through_an_invite_link_and_a_spectator(server, new_page):
    alice = new_page()
    alice.goto(server.url + "/")
    alice.wait_for_selector("#create-submit")
    alice.select_option("#create-game", "pentup")
    alice.select_option("select[name=seat-1]", "invite")
    alice.fill("input[name=name]", "Alice")
    alice.click("#create-submit")
    alice.wait_for_selector("[data-invite='1']")
    invite = alice.locator("[data-invite='1']").get_attribute("data-url")
    table_url = alice.url
    bob = new_page(width=390, height=844)  # a phone-sized screen
    bob.goto(invite)
    bob.wait_for_selector("#players .seat[data-seat='1']", state="attached")  # a phone: in the drawer
    carol = new_page()
    carol.goto(table_url)
    carol.wait_for_selector("#players .seat")
    assert "watching" in carol.locator("#status").inner_text()
    rng = random.Random(3)
    for ply in range(24):
        page, other = (alice, bob) if ply % 2 == 0 else (bob, alice)
        assert wait_my_turn_or_end(page)
        before = moves_played(page)
        play_one_move(page, rng)
        wait_moves(other, before + 1)
        wait_moves(carol, before + 1)
        if ply == 5:
            shot(carol, "pentup-spectator", full_page=False)
    for p in (alice, bob, carol):
        p.wait_for_selector("#banner:not([hidden])")
        assert moves_played(p) == 24
    assert not (alice.errors or bob.errors or carol.errors)


def confirm_plays(page, move: str, ply: int) -> None:
    """Confirm the tile staged: the table's move ``ply`` (from 0) is ``move``."""
    page.click("#pu-confirm")
    wait_moves(page, ply + 1)
    history = page.evaluate("fetch(location.pathname.replace('/t/', '/api/tables/'))"
                            ".then((r) => r.json()).then((d) => d.history)")
    assert history[ply] == move


TWO_IS = ("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1")


def two_is_at_one_screen(server, new_page, moves=TWO_IS):
    """Both seats at one screen, White's I on row 0 and Black's on row 1: White to move,
    the L to go on level 2 (on the two I's) — or these ``moves`` played."""
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}])
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        until(page, "document.querySelector('#players .you-tag') !== null")
    for i, move in enumerate(moves):
        page.fill("#move-text", move)
        page.press("#move-text", "Enter")
        wait_moves(page, i + 1)
    return page


def test_a_spot_below_the_tiles_level_is_refused_by_the_rule_at_once(server, new_page):
    """The L fits on level 2 (on the two I's): staged on the empty table, the page says
    at once that the highest-level rule wants it on level 2 (it said "choose a highlighted
    spot; Confirm says which rule"), and the line above asks for a blue dot rather than
    offering Confirm to play it."""
    page = two_is_at_one_screen(server, new_page)
    until(page, "document.querySelector('.pu-tile[data-piece=L]') !== null")
    page.click(".pu-tile[data-piece=L]")
    page.locator("#pu-board").click(position={"x": 60, "y": 50})   # far from the two I's
    until(page, "document.getElementById('pu-error').textContent.length > 0")
    assert page.locator("#pu-error").inner_text() == (
        "The L must go on level 2, the highest level it fits anywhere (Pent-Up's rule); this "
        "spot is on level 1. Choose a blue dot.")
    assert page.locator("#pu-hint").inner_text().startswith("The L goes on level 2:")
    assert not page.errors, page.errors


def test_illegal_placement_shows_the_server_error(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pu-tile:not(.none)")
    play_one_move(page, random.Random(1))
    friend = new_page()
    friend.goto(server.url + t["invites"][0]["url"])
    assert wait_my_turn_or_end(friend)
    friend.click(".pu-tile[data-piece=X]")
    # stage the X on a far corner of the board, away from the structure
    friend.locator("#pu-board").click(position={"x": 60, "y": 50})
    assert "cannot go there: choose a blue dot" in friend.locator("#pu-error").inner_text()
    friend.click("#pu-confirm")
    until(friend, 
        "document.getElementById('pu-error').textContent.includes('must')")
    message = friend.locator("#pu-error").inner_text()
    assert "share an edge" in message or "must be placed" in message
    assert friend.locator(".toast.error").count() == 0  # shown once, on the error line
    assert moves_played(friend) == 1


def test_server_restart_mid_game_loses_nothing(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    rng = random.Random(5)
    for _ in range(2):
        assert wait_my_turn_or_end(page)
        play_one_move(page, rng)
    wait_moves(page, 4)
    history = log_moves(page)
    server.kill()
    page.wait_for_selector("#conn[data-state=closed]")
    server.start()
    page.wait_for_selector("#conn[data-state=open]", timeout=20_000)
    assert log_moves(page)[:4] == history[:4]
    assert wait_my_turn_or_end(page)
    play_one_move(page, rng)
    wait_moves(page, 6)  # the restored computer seat answered too
    assert log_moves(page)[:4] == history[:4]
    assert not page.errors


def test_how_to_play_page_draws_its_diagrams(server, new_page):
    page = new_page()
    page.goto(server.url + "/rules/pentup")
    page.wait_for_selector("#rules figure svg")
    assert page.locator("#rules figure").count() >= 4
    assert "highest level" in page.locator("#rules").inner_text()
    # large enough to read a cell's level (30 px a cell), and within a phone's width
    cell = page.eval_on_selector("#rules figure svg", "s => s.getBoundingClientRect().width / s.viewBox.baseVal.width * 32")
    assert cell >= 28, cell
    shot(page, "pentup-rules")
    page.set_viewport_size({"width": 390, "height": 844})
    until(page, "document.documentElement.scrollWidth <= 390")
    widths = page.eval_on_selector_all("#rules figure svg", "els => els.map((s) => s.getBoundingClientRect().right)")
    assert max(widths) <= 390, widths


def test_the_puzzles_how_to_play_starts_with_the_puzzles(server, new_page):
    page = new_page()
    page.goto(server.url + "/rules/pentomino-puzzle")
    page.wait_for_selector("#rules h2")
    assert page.locator("#rules h1").inner_text() == "Pentomino puzzles — how to play"
    assert page.locator("#rules h2").first.inner_text() == "Puzzles"
    page.goto(server.url + "/rules/pentomino")  # the game's own page: the game first
    page.wait_for_selector("#rules h2")
    assert page.locator("#rules h2").first.inner_text() == "Two players"
    assert not page.errors


# the elements whose radius a zoom changes, frame by frame, while `window.sized` is read
COUNT_SIZED = """() => { window.sized = new Set();
    new MutationObserver((records) => { for (const r of records) window.sized.add(r.target); })
        .observe(document.getElementById('pu-board'), { attributes: true, attributeFilter: ['r'], subtree: true }); }"""


def test_the_first_tile_zoomed_out_has_one_field_of_dots(server, new_page):
    """Zoomed out, the first tile may go on thousands of places: one field of dots shows
    them (not an element each), a zoom resizes its one dot, and a click in it plays there."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pu-tile:not(.none)")
    for _ in range(6):
        page.click("#bv-zoom-out")
    until(page, "!document.querySelector('.bv').dataset.moving")
    page.click(".pu-tile[data-piece=L]")
    page.wait_for_selector(".dest-field")
    assert page.evaluate("document.querySelectorAll('.destinations *').length") == 1
    x0y0, x1y1 = page.get_attribute(".dest-field", "data-cells").split()
    (x0, y0), (x1, y1) = map(int, x0y0.split(",")), map(int, x1y1.split(","))
    assert (x1 - x0 + 1) * (y1 - y0 + 1) > 1000, (x0y0, x1y1)
    # a zoom: the field's dot is resized on each frame, nothing else
    page.evaluate(COUNT_SIZED)
    page.click("#bv-zoom-out")
    until(page, "!document.querySelector('.bv').dataset.moving")
    assert 1 <= page.evaluate("window.sized.size") <= 2
    # a click low on the left of the field stages the tile there, and Confirm plays it
    page.wait_for_selector(".dest-field")
    box = page.locator(".dest-field").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.75)
    page.wait_for_selector(".ghosts .staged")
    assert page.locator(".ghosts .illegal").count() == 0
    page.click("#pu-confirm")
    wait_moves(page, 1)
    cells = [tuple(map(int, c.split(","))) for c in log_moves(page)[0].split(":")[1].split(";")]
    assert min(x for x, _ in cells) < (x0 + x1) / 2 and min(y for _, y in cells) < (y0 + y1) / 2, cells
    assert not page.errors, page.errors


@pytest.mark.parametrize("players", [2, 3])
def test_every_spot_of_a_tile_chosen_comes_into_view(server, new_page, players):
    """A tile chosen (or turned) brings every one of its blue dots into view, clear of the
    board's buttons — a spot may lie beyond the room kept around the structure (6 of an
    I's 23 were below the board, and Fit left 4 there) — and after a pan by hand, Fit
    brings them back."""
    seats = [{"kind": "me"}] * players   # one person at every seat (a hot seat)
    t = create_table(server, seats, {"players": players})
    page = new_page(width=1280, height=900)
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # every seat in its cookie
        page.wait_for_selector("#players .you-tag")
    # an X, then (3 players) a T below it; the next player's I fits on neither: it goes on
    # the table beside them, upright below them too, 4 cells beyond the X or the T
    for move in ["X:1,0;0,1;1,1;2,1;1,2", "T:0,-1;1,-1;2,-1;1,-2;1,-3"][:players - 1]:
        until(page, "document.querySelector('#status .you') !== null")  # (a seat of this screen's)
        before = moves_played(page)
        page.fill("#move-text", move)
        page.press("#move-text", "Enter")
        wait_moves(page, before + 1)
    until(page, "document.querySelector('#status .you') !== null")  # (a seat of this screen's)
    checked = 0
    for piece in page.eval_on_selector_all(".pu-tile:not(.none)", "ts => ts.map(t => t.dataset.piece)"):
        page.click(f".pu-tile[data-piece={piece}]")
        for _ in range(2):
            shown, dots = visible_dests(page), page.locator(".dest").count()
            assert len(shown) == dots, (piece, len(shown), dots)
            checked += dots
            page.click("#pu-rotate")
    assert checked > 0
    # moved away by hand: the view stays put until Fit
    box = page.locator("#pu-board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 500, box["y"] + box["height"] / 2 + 400, steps=5)
    page.mouse.up()
    page.click(".pu-tile:not(.none)")
    until(page, "document.querySelectorAll('.dest').length > 0")
    dots = page.locator(".dest").count()
    page.click("#bv-fit")
    until(page, "!document.querySelector('.bv').dataset.moving")
    assert len(visible_dests(page)) == dots
    assert not page.errors, page.errors


def test_a_tap_on_a_dot_stages_its_spot_where_the_targets_overlap(server, new_page):
    """Zoomed out (a tablet on its side showed 16 px a cell), a dot's target keeps a
    finger's size, wider than a cell, and overlaps its neighbours': a tap on a dot took
    the topmost target, a neighbour's for 24 of 45 dots (a tablet pass). The nearest dot
    wins."""
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}])
    page = new_page(width=1024, height=768, touch=True)
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        until(page, "document.querySelector('#players .you-tag') !== null")
    page.fill("#move-text", "X:1,0;0,1;1,1;2,1;1,2")
    page.press("#move-text", "Enter")
    wait_moves(page, 1)
    page.tap(".pu-tile[data-piece=I]")              # on level 1, around the X: 16 spots
    until(page, "document.querySelectorAll('#pu-board .dest').length > 12")
    overlap = """(() => { const hits = [...document.querySelectorAll('#pu-board .dest .hit')].map((h) => h.getBoundingClientRect());
        const dots = [...document.querySelectorAll('#pu-board .dest .dot')].map((d) => d.getBoundingClientRect());
        return dots.filter((d, i) => hits.some((h, j) => j !== i && Math.hypot(h.x + h.width / 2 - d.x - d.width / 2, h.y + h.height / 2 - d.y - d.height / 2) < h.width / 2)).length; })()"""
    for _ in range(6):
        if page.evaluate(overlap) > 6:
            break
        page.tap("#bv-zoom-out")
        until(page, "!document.querySelector('.bv').dataset.moving")
    assert page.evaluate(overlap) > 6, "dots inside a neighbour's target"
    dots = page.eval_on_selector_all("#pu-board .dest", "ds => ds.map((d) => { const b = d.querySelector('.dot').getBoundingClientRect();"
                                     " return [d.dataset.move, b.x + b.width / 2, b.y + b.height / 2]; })")
    board = page.locator("#pu-board").bounding_box()
    tools = page.locator(".bv-tools").bounding_box() if page.locator(".bv-tools").count() else None
    tapped = 0
    for move, x, y in dots:
        inside = board["x"] + 20 < x < board["x"] + board["width"] - 20 and board["y"] + 20 < y < board["y"] + board["height"] - 20
        if not inside or (tools and tools["x"] - 20 < x and tools["y"] - 20 < y):
            continue
        page.touchscreen.tap(x, y)
        until(page, f"(document.querySelector('#pu-board .staged') || {{}}).dataset?.move === {move!r}")
        tapped += 1
    assert tapped > 8
    assert not page.errors, page.errors


def test_a_move_draws_again_only_the_cells_it_covers(server, new_page):
    """The board is not rebuilt a move: the cells a move leaves alone keep their nodes."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    rng = random.Random(11)
    for _ in range(3):
        assert wait_my_turn_or_end(page)
        play_one_move(page, rng)
    assert wait_my_turn_or_end(page)
    n = page.evaluate("(window.kept = [...document.querySelectorAll('#pu-board .cell')], "
                      "document.querySelectorAll('#log li').length)")
    play_one_move(page, rng)
    assert wait_my_turn_or_end(page)   # and the computer's reply
    kept, replaced = page.evaluate("""(n) => {
        const moves = [...document.querySelectorAll('#log li')].slice(n).map((li) => li.dataset.move);
        const covered = new Set(moves.flatMap((m) => m.split(':')[1].split(';')));
        const left = window.kept.filter((c) => !covered.has(c.dataset.cell));
        const under = window.kept.filter((c) => covered.has(c.dataset.cell));
        return [left.every((c) => c.isConnected) && left.length, under.every((c) => !c.isConnected)];
    }""", n)
    assert kept >= 5 and replaced, (kept, replaced)
    # and they are the board's cells still, one a cell
    assert page.evaluate("window.kept.filter((c) => c.isConnected).every((c) => "
                         "document.querySelector(`#pu-board .cell[data-cell='${c.dataset.cell}']`) === c)")
    assert not page.errors, page.errors


# every WebSocket the page opens (window.sockets): the test asks the server for the state again
SOCKETS = """(() => { const Real = window.WebSocket; window.sockets = [];
    window.WebSocket = class extends Real { constructor(...a) { super(...a); window.sockets.push(this); } }; })()"""
PICTURE = "[...document.querySelectorAll('#pu-board .bv-world polygon')].map((p) => p.outerHTML)"
DRAWS = "performance.getEntriesByName('pentarena:draw').length"


def test_the_3d_view_draws_again_only_the_cubes_that_changed(server, new_page):
    """The 3D view of a full 4-player table (720 polygons) is not rebuilt a state: a state
    with the same position changes nothing in it, a step of the replay replaces only the
    cubes of the tile it takes away and those under the last move's outline (and, from the
    end, the deciding tiles' gold), and the picture is the one drawn afresh."""
    from pentarena.record import GameRecord

    record = pentup_record(4, seed=1)
    final = GameRecord.from_json(record).final_state().to_json()
    table = import_record(server, record)
    page = new_page()
    page.add_init_script(SOCKETS)
    page.goto(server.url + table["url"])
    until(page, "document.getElementById('r-pos').textContent === '48/48' && "
                "window.sockets.length === 1 && window.sockets[0].readyState === 1")
    page.click("#pu-view")
    until(page, "document.querySelectorAll('#pu-board polygon').length === 720")
    full = page.evaluate(PICTURE)
    page.evaluate("""() => { window.kept = [...document.querySelectorAll('#pu-board .bv-world polygon')];
        window.changes = 0;
        new MutationObserver((rs) => { window.changes += rs.length; })
            .observe(document.querySelector('#pu-board .bv-world'), { childList: true, subtree: true }); }""")
    # the same state again (as after a seat taken, or a connection made again)
    draws = page.evaluate(DRAWS)
    page.evaluate("window.sockets[0].send(JSON.stringify({ type: 'sync' }))")
    until(page, f"{DRAWS} > {draws}")
    assert page.evaluate("window.changes") == 0
    assert page.evaluate("window.kept.every((p) => p.isConnected)")
    # the deciding level's tiles (gold at the end: see below)
    page.click("#pu-view")
    until(page, "document.querySelector('#pu-board .deciders') !== null")
    level = int(page.locator("#pu-board .deciders").get_attribute("data-level"))
    page.click("#pu-view")
    until(page, "document.querySelectorAll('#pu-board polygon').length === 720")

    def cubes(tile: dict) -> set:
        return {(x, y, tile["level"]) for x, y in tile["cells"]}

    golden = set().union(*(cubes(t) for t in final["tiles"] if t["level"] == level))
    page.evaluate("""() => { window.kept = [...document.querySelectorAll('#pu-board .bv-world polygon')]; }""")
    # one move back: the last tile's 5 cubes go, the 5 of the one before get the outline,
    # the deciding tiles lose their gold (the game is not over there)
    page.keyboard.press("ArrowLeft")
    until(page, "document.getElementById('r-pos').textContent === '47/48' && "
                "document.querySelectorAll('#pu-board polygon').length === 705")
    changed = cubes(final["tiles"][-1]) | cubes(final["tiles"][-2]) | golden
    assert page.evaluate("window.kept.filter((p) => p.isConnected).length") == 720 - 3 * len(changed)
    stepped = page.evaluate(PICTURE)
    assert sum('class="iso-last lm-stroke"' in p for p in stepped) == 5
    # the picture is the one drawn afresh (2D view and back), and again after a step forward
    page.click("#pu-view")
    page.click("#pu-view")
    until(page, "document.querySelectorAll('#pu-board polygon').length === 705")
    assert page.evaluate(PICTURE) == stepped
    page.keyboard.press("ArrowRight")
    until(page, "document.getElementById('r-pos').textContent === '48/48' && "
                "document.querySelectorAll('#pu-board polygon').length === 720")
    assert page.evaluate(PICTURE) == full
    # the game is over: as in 2D (and as the banner says), the tiles of the deciding level
    # are outlined in gold, the last move in dashed blue, nothing in the last move's gold
    drawn = page.eval_on_selector_all(
        "#pu-board polygon.iso-decider", "ps => ps.map((p) => p.parentNode.dataset.cube)")
    assert {tuple(map(int, c.split(","))) for c in drawn} == golden and len(drawn) == len(golden)
    assert page.locator("#pu-board polygon.iso-last").count() == 0
    last_over = page.eval_on_selector_all(
        "#pu-board polygon.iso-last-over", "ps => ps.map((p) => p.parentNode.dataset.cube)")
    assert {tuple(map(int, c.split(","))) for c in last_over} == cubes(final["tiles"][-1]) - golden
    assert not page.errors, page.errors


# the ruler labels partly in sight (their box relative to the board's) that are not whole
# inside their band: the top band right of the corner, the left band under it
CUT_LABELS = """() => {
    const box = document.querySelector('.bv').getBoundingClientRect();
    const left = 30, top = 20;   // the rulers' bands (pentup.js)
    return [...document.querySelectorAll('.bv-ruler-text')].map((t) => {
        const r = t.getBoundingClientRect();
        const x0 = r.left - box.left, x1 = r.right - box.left, y0 = r.top - box.top, y1 = r.bottom - box.top;
        const col = t.dataset.col !== undefined;
        const seen = x1 > (col ? left : 0) && x0 < box.width && y1 > (col ? 0 : top) && y0 < box.height;
        const whole = col
            ? x0 >= left - 0.5 && x1 <= box.width + 0.5 && y0 >= -0.5 && y1 <= top + 0.5
            : x0 >= -0.5 && x1 <= left + 0.5 && y0 >= top - 0.5 && y1 <= box.height + 0.5;
        return !seen || whole ? null : `${t.textContent} ${x0.toFixed(0)},${y0.toFixed(0)}-${x1.toFixed(0)},${y1.toFixed(0)} in ${box.width.toFixed(0)}x${box.height.toFixed(0)}`;
    }).filter((s) => s);
}"""


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)])
def test_the_rulers_numbers_are_never_cut_at_the_edges(server, new_page, size):
    """The x and y along the board's edges: as the table is dragged a little at a time, no
    number is ever half under the corner or half off the board ("-16", "10" cut)."""
    width, height = size
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page(width=width, height=height, touch=width < 500)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-ruler-text[data-row]")
    until(page, "!document.querySelector('.bv').dataset.moving")
    assert page.evaluate(CUT_LABELS) == []
    box = page.locator(".bv").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cut = []
    for step in range(16):   # 5 px at a time: every number passes the edges' lines
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + 25, y + 25, steps=5)   # past the drag threshold ...
        page.mouse.move(x + 30, y + 30, steps=2)   # ... 30 px in all
        page.mouse.up()
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x - 25, y - 25, steps=5)   # and back, 5 px short of where it was
        page.mouse.up()
        cut += page.evaluate(CUT_LABELS)
        assert page.locator(".bv-ruler-text[data-col]").count() >= 5
        assert page.locator(".bv-ruler-text[data-row]").count() >= 5
    assert cut == []
    assert not page.errors, page.errors


def test_the_rules_page_shows_the_highest_level_rule_as_the_engine_plays_it(server, new_page):
    """The key rule has its own pictures: the tiles laid before and the one placed, each
    ✓ or ✗ as the engine judges that placement (an L that fits on level 2 may not go on the
    table; an X that fits nowhere up there may)."""
    import pentarena

    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/rules/pentup")
    page.wait_for_selector("#rules figure svg")
    figures = page.eval_on_selector_all(
        "#rules figure[data-move]",
        "fs => fs.map((f) => [f.dataset.before, f.dataset.move, f.dataset.legal, f.querySelector('figcaption').textContent])")
    assert len(figures) >= 3 and {legal for *_, legal, _ in figures} == {"true", "false"}
    for before, move, legal, caption in figures:
        state = pentarena.load_game("pentup").new_initial_state()
        for earlier in before.split("|"):
            state.apply(earlier)
        try:
            state.apply(move)
            allowed = True
        except pentarena.IllegalMoveError:
            allowed = False
        assert allowed == (legal == "true"), (move, caption)
        assert caption.startswith("✓" if legal == "true" else "✗")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_the_rules_page_scores_a_team_game_three_ways_as_the_engine_does(server, new_page):
    """A worked example of the three scorings with teams: the tiles per level the page
    shows, summed per team and compared by the engine's own scoring, give the winners the
    page names for standard, misère and advanced."""
    import json

    import pentarena
    from pentarena.games.pentup.scoring import record, side_counts, winning_sides

    page = new_page(390, 844, touch=True)
    page.goto(server.url + "/rules/pentup")
    page.wait_for_selector("#rules figure.pu-scoring table")
    counts = json.loads(page.get_attribute("figure.pu-scoring", "data-counts"))
    shown = page.locator("figure.pu-scoring table").inner_text()
    for seat_counts in counts:
        assert "\t".join(map(str, seat_counts)) in shown
    verdicts = page.eval_on_selector_all(
        "figure.pu-scoring li", "ls => ls.map((l) => [l.dataset.scoring, l.dataset.winners, l.textContent])")
    assert sorted(v[0] for v in verdicts) == ["advanced", "misere", "standard"]
    names = ["White", "Black", "Red", "Blue"]
    for scoring, winners, words in verdicts:
        game = pentarena.load_game("pentup", players=4, scoring=scoring)
        sides = [list(side) for side in game.sides]
        best = winning_sides([record(c, scoring) for c in side_counts(counts, sides)])
        expected = sorted(s for i in best for s in sides[i])
        assert [int(s) for s in winners.split(",")] == expected, scoring
        assert words.endswith(" + ".join(names[s] for s in expected) + " win."), words
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []


def test_a_game_that_ends_on_screen_shows_all_of_the_structure(server, new_page):
    """Four computers play to the end while a phone watches: during play the view keeps a
    playable size (following the moves), but once the game is over every cell of the
    structure is in view (the end's board was cut off until reloaded, or Fit pressed)."""
    t = create_table(server, [{"kind": "computer", "level": "random"}] * 4, {"players": 4})
    page = new_page(width=390, height=844, touch=True)
    page.goto(server.url + t["url"])
    page.wait_for_selector("#banner:not([hidden])", timeout=180_000)
    outside = """() => {
      const v = document.querySelector('.bv').getBoundingClientRect();
      const cells = [...document.querySelectorAll('.bv-world g.cell')];
      const out = cells.filter((c) => { const r = c.getBoundingClientRect();
        return r.left < v.left - 1 || r.right > v.right + 1 || r.top < v.top - 1 || r.bottom > v.bottom + 1; });
      return cells.length > 0 && !document.querySelector('.bv').getAnimations({ subtree: true }).length
        ? out.length : null; }"""
    page.wait_for_function(f"() => ({outside})() === 0", timeout=10_000)
    assert not page.errors, page.errors


def test_tiles_are_placed_in_the_3d_view_by_pointer_and_keys(server, new_page):
    """The 3D view places tiles as the 2D one does: the first anywhere (the ghost under the
    pointer, green), then on a blue dot on top of the cell it is held by, on its level —
    the ghost under the pointer at a dot is that very placement — or by the keys (N to a
    spot, Enter stages, Enter plays).  It said "Switch to the 2D view to place the tile"."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_my_turn_or_end(page)
    page.click("#pu-view")
    page.click(".pu-tile:not(.none)")
    box = page.locator("#pu-board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    until(page, "document.querySelector('#pu-board .ghost:not(.illegal)') !== null")
    assert page.locator("#pu-board .ghost polygon").count() == 15   # five cubes, three faces
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    page.click("#pu-confirm")
    wait_moves(page, 1)
    assert wait_my_turn_or_end(page)
    page.click(".pu-tile:not(.none)")
    shown = []
    for _ in range(8):
        shown = visible_dests(page)
        if shown:
            break
        page.keyboard.press("r")
    assert shown, "some orientation has a dot in view"
    dest = page.locator("#pu-board .dest").nth(shown[0])
    move = dest.get_attribute("data-move")
    dest.locator(".dot").hover()
    until(page, "document.querySelector('#pu-board .ghost:not(.illegal)') !== null")
    dest.locator(".dot").click()
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    assert page.inner_text("#pu-hint").startswith("Press Confirm")
    confirm_plays(page, move, 2)
    assert wait_my_turn_or_end(page)       # the keys: N to a spot, Enter, Enter
    page.click(".pu-tile:not(.none)")
    for _ in range(8):
        if page.locator("#pu-board .dest").count():
            break
        page.keyboard.press("r")
    page.focus("#pu-board")
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    page.keyboard.press("Enter")
    wait_moves(page, 5)
    assert page.locator("#pu-view").inner_text() == "2D view"   # played in 3D throughout
    assert not page.errors, page.errors


def test_in_3d_a_tile_is_put_where_the_pointer_touches_the_cubes_it_rests_on(server, new_page):
    """The L must go on level 2, on the two I's: pointing at the top of a cube it can be
    held by (each spot's dot on it) shows that very place, green, and a click stages it
    (the pointer was read a level higher: the ghost came a cell off, red)."""
    page = two_is_at_one_screen(server, new_page)
    page.click("#pu-view")
    page.click(".pu-tile[data-piece=L]")
    for _ in range(8):
        if page.locator("#pu-board .dest").count():
            break
        page.keyboard.press("r")
    until(page, "!document.querySelector('.bv').dataset.moving")
    spots = page.eval_on_selector_all("#pu-board .dest", "ds => ds.map((d) => [d.dataset.dest, d.dataset.move])")
    assert spots
    for dest, move in spots[:3]:
        top = page.locator(f"#pu-board .cube[data-cube='{dest},1'] polygon").last.bounding_box()
        page.mouse.move(top["x"] + top["width"] / 2, top["y"] + top["height"] / 2)
        until(page, "document.querySelector('#pu-board .ghost:not(.illegal)') !== null")
    page.mouse.click(top["x"] + top["width"] / 2, top["y"] + top["height"] / 2)
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    confirm_plays(page, move, 2)
    assert not page.errors, page.errors


def test_in_3d_the_cubes_in_front_of_a_spot_or_a_tile_are_drawn_over_it_see_through(server, new_page):
    """A spot (or a tile shown on its level) behind a taller stack was drawn over the
    stack, as if on it: the cubes in front of it are drawn again over it, see-through,
    and a click on the spot goes through them to the spot."""
    page = two_is_at_one_screen(server, new_page, ("Y:0,0;1,0;1,1;2,0;3,0", "N:-2,0;-1,-1;-1,0;0,-1;1,-1",
                                                   "V:-1,-1;0,-1;1,-1;1,0;1,1"))   # V on level 2
    page.click("#pu-view")
    page.click(".pu-tile[data-piece=F]")          # on level 1: spots on the floor, some behind V
    until(page, "document.querySelectorAll('#pu-board .dest').length > 0 && !document.querySelector('.bv').dataset.moving")
    seen = page.evaluate("""() => {
      const box = (e) => e.getBoundingClientRect();
      const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const dots = [...document.querySelectorAll('#pu-board .dest')].map((d) => ({ at: d.dataset.dest.split(',').map(Number), dot: box(d.querySelector('.dot')), move: d.dataset.move }));
      return [...document.querySelectorAll('#pu-board .iso-front [data-front]')].map((c) => {
        const [x, y, z] = c.dataset.front.split(',').map(Number);
        const cube = document.querySelector(`#pu-board .iso-cubes [data-cube='${c.dataset.front}']`);
        const same = [...c.querySelectorAll('polygon')].map((p) => p.getAttribute('points')).join() === [...cube.querySelectorAll('polygon')].map((p) => p.getAttribute('points')).join();
        const behind = dots.filter((d) => d.at[0] + d.at[1] > x + y && meets(d.dot, box(c)));
        return { cube: [x, y, z], same, behind: behind.map((d) => d.move) };
      });
    }""")
    assert seen, "some cubes stand in front of a spot"
    assert all(c["same"] for c in seen)                   # the very cubes, drawn again
    assert any(c["behind"] and c["cube"][2] == 2 for c in seen)   # V's cubes before floor spots
    assert all(c["behind"] for c in seen if c["cube"][2] == 2)
    # the spot behind them is still the one a click stages
    move = next(c["behind"][0] for c in seen if c["behind"] and c["cube"][2] == 2)
    dot = page.locator(f"#pu-board .dest[data-move='{move}'] .dot").bounding_box()
    page.mouse.click(dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2)
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    confirm_plays(page, move, 3)
    assert not page.errors, page.errors


def test_a_hint_staged_is_drawn_in_the_3d_view_too(server, new_page):
    """A hint stages its tile in 2D; in the 3D view it is drawn there too, staged, and
    Confirm plays it (the 3D view did not draw it: the line had to say so)."""
    t = create_table(server, [{"kind": "me"}, {"kind": "computer", "level": "random"}])
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_my_turn_or_end(page)
    until(page, "document.getElementById('hint-btn').getAttribute('aria-disabled') === 'false'")
    page.click("#hint-btn")
    until(page, "document.getElementById('pu-hint').textContent.startsWith('Hint: ')")
    # what a screen reader is told names the level, as the move list does
    until(page, "/^Hint: [A-Z] on level 1 \\(/.test(document.getElementById('announce').textContent)")
    page.click("#pu-view")
    until(page, "document.querySelectorAll('#pu-board .staged:not(.illegal) polygon').length === 15")
    assert page.inner_text("#pu-hint").startswith("Hint: ")
    assert page.locator("#pu-confirm").is_enabled()
    page.click("#pu-confirm")
    wait_moves(page, 1)
    assert not page.errors, page.errors


def test_a_misere_result_lists_level_1_first(server, new_page):
    """Misère compares level 1 first: the result's table reads 1, 2, … as the players'
    panel and the rule do (it read from the top level down, as standard does)."""
    for scoring, first in (("misere", "1"), ("standard", None)):
        t = import_record(server, pentup_record(players=2, scoring=scoring))
        page = new_page()
        page.goto(server.url + t["url"])
        page.wait_for_selector("#banner:not([hidden]) .breakdown")
        levels = page.eval_on_selector_all(".breakdown tr:first-child th", "ths => ths.slice(1).map((t) => t.textContent)")
        levels = [lv for lv in levels if lv != "points"]
        assert len(levels) >= 2, levels   # (the game reached level 2 at least)
        top = str(len(levels))
        assert levels == sorted(levels, reverse=scoring != "misere"), levels
        assert levels[0] == (first or top)
        assert not page.errors, page.errors


def test_a_refused_move_clears_the_boxs_played(server, new_page):
    """A move typed and played says "Played." under the box; a later move made on the
    board and refused by the server is about another move: the stale "Played." goes."""
    t = create_table(server, [{"kind": "me"}, {"kind": "me"}])
    page = new_page()
    for token in [h["token"] for h in t["hotseat"]] + [t["you"]["token"]]:
        page.goto(server.url + t["url"] + "?token=" + token)   # both seats in its cookie
        until(page, "document.querySelector('#players .you-tag') !== null")
    page.fill("#move-text", "I:0,0;1,0;2,0;3,0;4,0")
    page.press("#move-text", "Enter")
    until(page, "document.getElementById('move-form-msg').textContent === 'Played.'")
    page.click(".pu-tile[data-piece=X]")
    page.locator("#pu-board").click(position={"x": 60, "y": 50})   # away from the I
    page.click("#pu-confirm")
    until(page, "document.getElementById('pu-error').textContent.includes('must')")
    assert page.locator("#move-form-msg").inner_text() == ""
    assert moves_played(page) == 1 and not page.errors, page.errors
