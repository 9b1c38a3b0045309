"""The table page for screen readers, zoom, reduced motion and colour: what the board and
its cells are called, what is announced, where the focus goes, the page at 200 % and 400 %,
the drawer by keyboard, contrast, and cues that are not a colour alone."""

from __future__ import annotations

import re

from .helpers import (
    create_table,
    focused,
    import_record,
    moves_played,
    pentago_record,
    tab_to,
    until,
    wait_moves,
    wait_turn_or_end,
)

RANDOM = [{"kind": "me"}, {"kind": "computer", "level": "random"}]

# everything the polite live regions say, in order (the page replaces their text)
RECORD_SAID = """() => { window.said = [];
    for (const id of ['announce', 'status']) new MutationObserver(() => window.said.push(id + ': ' + document.getElementById(id).textContent))
        .observe(document.getElementById(id), { childList: true, subtree: true, characterData: true }); }"""

# WCAG contrast of two CSS colours
CONTRAST = """([a, b]) => {
    const rgb = (c) => { const p = document.createElement('i'); p.style.color = c; document.body.append(p);
        const v = getComputedStyle(p).color.match(/[\\d.]+/g).map(Number); p.remove(); return v; };
    const lum = (c) => { const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}"""


def open_table(server, new_page, game, seats=RANDOM, options=None, **size):
    t = create_table(server, seats, options, game=game)
    page = new_page(**size)
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    return page


def type_move(page, text: str) -> None:
    page.focus("#move-text")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def white_wins(white, black) -> None:
    """The two players of a Pentago table type :data:`WHITE_WINS` in turn."""
    for i, move in enumerate(WHITE_WINS):
        page = black if i % 2 else white
        assert wait_turn_or_end(page)
        type_move(page, move)
        wait_moves(page, i + 1)


def contrast(page, a: str, b: str) -> float:
    return page.evaluate(CONTRAST, [a, b])


def test_the_board_is_named_and_moves_are_announced(server, new_page):
    page = open_table(server, new_page, "pentago")
    assert wait_turn_or_end(page)
    page.evaluate(RECORD_SAID)
    assert page.locator("h1#title").inner_text().startswith("Pentago")
    board = page.locator("#pg-board")
    assert board.get_attribute("role") == "application" and board.get_attribute("tabindex") == "0"
    assert board.get_attribute("aria-label") == "Pentago board, 6 by 6"
    assert "Arrow keys" in page.locator("#" + board.get_attribute("aria-describedby")).text_content()
    assert page.get_attribute(".pg-cell[data-cell=c3]", "aria-label") == "c3, empty"
    assert page.locator(".pg-label[aria-hidden=true]").count() == 12   # a–f, 1–6: not the board's name
    type_move(page, "c3 TL cw")
    wait_moves(page, 2)
    until(page, "window.said.some((s) => /^announce: (White: .*\\. )?Black( \\(computer, random\\))?: /.test(s))")
    said = page.evaluate("window.said")
    # the move list's words; the reply in the same words too if it came before the page drew
    # the move (the two are drawn, and said, together)
    white = "announce: White: c3, turns top-left ↻."
    assert white in said or any(s.startswith(white + " Black") for s in said), said
    assert page.locator(".pg-cell[aria-label$=', white marble']").count() == 1
    # the twist arrows: buttons of the board (not of a picture), in the Tab order
    board.focus()
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    until(page, "document.querySelectorAll('.pg-arrow').length === 8")   # once the last twist is drawn
    assert page.evaluate("[...document.querySelectorAll('.pg-arrow')].every((a) => a.tabIndex === 0 && a.getAttribute('role') === 'button' && !a.parentElement.closest('[role=img]'))")
    snap = page.locator("#board-area").aria_snapshot()
    assert 'application "Pentago board, 6 by 6"' in snap and 'button "turn the top-left quadrant clockwise"' in snap
    # the rulers of Pent-Up's table are not read as its name either
    page = open_table(server, new_page, "pentup")
    assert page.locator("#pu-board").get_attribute("aria-label") == "Pent-Up table"
    assert page.locator(".bv-rulers").get_attribute("aria-hidden") == "true"
    assert not page.errors, page.errors


def test_a_pentic_cards_corner_number_can_be_read(server, new_page):
    """The corner number of a card in each of the five colours against the card's face:
    4.5:1 at least (the yellow's was 1.8:1, nearly invisible; the cyan's 3.1); the other
    corner names the colour by its initial."""
    page = open_table(server, new_page, "pentic")
    colours = ("violet", "cyan", "yellow", "orange", "red")
    found = page.evaluate("""async (colours) => {
        const { cardSvg } = await import('/static/js/games/pentic.js');
        return colours.map((c) => { const svg = cardSvg(`1-circle-${c}`);
            return [svg.querySelector('text').getAttribute('fill'), svg.querySelector('rect').getAttribute('fill'),
                    svg.querySelector('.tic-colour').textContent]; });
    }""", list(colours))
    ratios = {c: round(contrast(page, ink, face), 2) for c, (ink, face, _) in zip(colours, found)}
    assert all(r >= 4.5 for r in ratios.values()), ratios
    # the colour told by more than its hue (orange and red look alike to many): its initial
    assert [letter for _, _, letter in found] == ["V", "C", "Y", "O", "R"]
    assert not page.errors, page.errors


def test_pentic_names_its_grid_and_cards_and_pauses_in_the_status(server, new_page):
    page = open_table(server, new_page, "pentic", options={"target": 100})
    assert wait_turn_or_end(page)
    assert page.evaluate("[...document.querySelectorAll('.pc-pos')].every((g) => /^#\\d: \\d [a-z]+ [a-z]+/.test(g.getAttribute('aria-label')))")
    card = page.locator(".pc-card").first
    assert card.get_attribute("aria-label") == card.get_attribute("title")   # "3 orange stars"
    assert card.get_attribute("aria-pressed") == "false"
    card.focus()
    page.keyboard.press("Enter")
    until(page, "document.querySelector('.pc-card[aria-pressed=true]') !== null")
    # each position says what the selected card would score there, as the preview does
    labels = page.evaluate("[...document.querySelectorAll('.pc-pos')].map((g) => g.getAttribute('aria-label'))")
    assert all(re.search(r" — your \d [a-z]+ [a-z]+ would score \d+ points? here$", t) for t in labels), labels
    page.keyboard.press("5")
    until(page, "document.querySelector('.pc-pos[data-pos=\"5\"]').getAttribute('aria-label').includes('would go here')")
    said = page.locator('.pc-pos[data-pos="5"]').get_attribute("aria-label")
    points = re.search(r"would score (\d+)", page.inner_text("#pc-preview")).group(1)
    assert said.endswith(f": it would score {points} point{'' if points == '1' else 's'}"), said
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    # the scores beside "Your turn." are not run into it: "Your turn. — You 0 · Coral 0"
    assert page.evaluate("document.getElementById('status').textContent").startswith("Your turn. — You ")
    assert contrast(page, page.locator(".pc-pos > text").first.get_attribute("fill"), "#fffdf8") >= 4.5
    assert not page.errors, page.errors


# White's five along row 1 while every twist turns a bottom quadrant: e1 ends it
WHITE_WINS = ["a1 BL cw", "a6 BR cw", "b1 BL cw", "b6 BR cw", "c1 BL cw", "c6 BR cw", "d1 BL cw", "d6 BR cw", "e1"]
# the move list drawn (again): every state the page renders, and only those
COUNT_DRAWS = """() => { window.draws = 0; new PerformanceObserver((l) => { window.draws += l.getEntriesByName('pentarena:draw').length; })
    .observe({ type: 'mark' }); }"""   # the page marks each state it draws


def test_the_focus_moves_to_the_result_once_when_the_game_ends_here(server, new_page):
    t = create_table(server, [{"kind": "me"}, {"kind": "invite"}], game="pentago")
    white, black = new_page(), new_page()
    white.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    black.goto(server.url + t["invites"][0]["url"])
    white_wins(white, black)
    # both players had the page open: the result takes the focus, named by its heading
    for page, head in ((white, "You win!"), (black, "You lose: White wins")):
        until(page, "document.activeElement.id === 'banner'")
        assert page.locator("#result").inner_text() == head
        assert page.get_by_role("region", name=head).evaluate("(b) => b.id") == "banner"
        assert page.get_attribute("#banner", "tabindex") == "-1"
        page.keyboard.press("Tab")                       # on to its first action
        assert focused(page) == "play-again"
    # drawn again (the server restarts, the page connects again): the focus stays where it is
    white.evaluate(COUNT_DRAWS)
    server.kill()
    white.wait_for_selector("#conn[data-state=closed]")
    server.start()
    white.wait_for_selector("#conn[data-state=open]", timeout=20_000)
    until(white, "window.draws > 0")
    assert focused(white) == "play-again"
    # a finished game opened again, or a replay opened: nothing takes the focus
    white.reload()
    until(white, "document.getElementById('conn').dataset.state === 'open' && "
                 "document.querySelector('#players .you-tag') !== null")   # its live state drawn
    assert not white.locator("#banner").is_hidden() and focused(white) == "body"
    replay = import_record(server, pentago_record())
    page = new_page()
    page.add_init_script("addEventListener('DOMContentLoaded', () => (" + COUNT_DRAWS + ")())")
    page.goto(server.url + replay["url"])
    until(page, "document.getElementById('conn').dataset.state === 'open' && window.draws >= 2")   # the record, then its live state
    assert not page.locator("#banner").is_hidden() and focused(page) == "body"
    assert not white.errors and not black.errors and not page.errors


def test_focus_stays_on_the_replay_buttons_and_analysis_and_the_step_is_current(server, new_page):
    table = import_record(server, pentago_record())
    page = new_page()
    page.goto(server.url + table["url"])
    until(page, "document.querySelectorAll('#log li').length === 36")
    page.focus("#r-first")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('r-pos').textContent === '0/36'")
    assert focused(page) == "r-first" and page.get_attribute("#r-first", "aria-disabled") == "true"
    page.focus("#r-next")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('r-pos').textContent === '1/36'")
    assert page.get_attribute("#log li[data-ply='1']", "aria-current") == "step"
    page.focus("#r-last")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('r-pos').textContent === '36/36'")
    assert focused(page) == "r-last"
    page.focus("#analysis-btn")
    page.keyboard.press("Enter")
    until(page, "!document.getElementById('analysis-note').hidden")
    assert focused(page) == "analysis-btn" and page.get_attribute("#analysis-btn", "aria-disabled") == "true"
    # announced: that it runs, then each player's count — not the legend and how to read it
    assert page.get_attribute("#analysis-note", "aria-live") is None
    until(page, "document.getElementById('analysis-said').textContent.startsWith('Analysis done. ')", timeout=120_000)
    said = page.evaluate("document.getElementById('analysis-said').textContent")
    assert re.fullmatch(r"Analysis done\. \w+: \d+ blunders?, \d+ mistakes?; \w+: \d+ blunders?, \d+ mistakes?\.", said), said
    assert page.get_attribute("#analysis-said", "role") == "status"
    assert not page.errors, page.errors


def test_the_drawer_takes_the_focus_and_gives_it_back(server, new_page):
    page = open_table(server, new_page, "pentomino", width=390, height=844)
    assert wait_turn_or_end(page)
    assert tab_to(page, "e.id === 'side-toggle'")
    page.keyboard.press("Enter")
    until(page, "document.getElementById('side').contains(document.activeElement)")
    assert page.evaluate("document.querySelector('.play').inert")
    for _ in range(8):   # nothing under the drawer is reached
        page.keyboard.press("Tab")
        assert page.evaluate("!document.querySelector('.play').contains(document.activeElement)")
    page.focus("#leave-seat")   # (8 tabs may have gone on to the header: back in the drawer)
    page.keyboard.press("Escape")
    until(page, "document.activeElement.id === 'side-toggle'")
    assert not page.evaluate("document.querySelector('.play').inert")
    # a phone's connection light says more than a colour
    assert page.evaluate("getComputedStyle(document.getElementById('conn'), '::before').content").startswith('"✓"')
    assert not page.errors, page.errors


def test_zoomed_in_the_board_keeps_its_size_and_the_page_scrolls(server, new_page, browser):
    seats = [{"kind": "me"}, {"kind": "computer", "level": "random"}]
    t = create_table(server, seats, game="pentomino")
    for (w, h, dsf), least in (((640, 400, 2), 300), ((320, 200, 4), 190)):
        ctx = browser.new_context(viewport={"width": w, "height": h}, device_scale_factor=dsf)
        page = ctx.new_page()
        page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
        page.wait_for_selector(".pu-tile:not(.none)")
        box = page.locator(".bv").bounding_box()
        assert box["height"] >= least, (w, box)
        cell = page.locator(".pm-cell").first.bounding_box()
        assert cell["height"] * dsf >= 40, (w, cell)   # device pixels: larger than at 100 %
        assert page.evaluate("document.scrollingElement.scrollHeight > innerHeight")
        # the tray scrolls into view, above the fixed action bar
        tile = page.locator(".pu-tile").last
        tile.scroll_into_view_if_needed()
        r = tile.bounding_box()
        bar = page.locator(".action-bar").bounding_box()
        assert r["y"] + r["height"] <= bar["y"] + 1, (w, r, bar)
        ctx.close()


def test_reduced_motion_stops_the_twist_and_the_blink(browser, server):
    t = create_table(server, RANDOM, game="pentago")
    ctx = browser.new_context(viewport={"width": 1200, "height": 900}, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    assert wait_turn_or_end(page)
    page.evaluate("""() => { window.turns = 0; new MutationObserver((ms) => { window.turns += ms.filter((m) =>
        m.target.classList && m.target.classList.contains('quad')).length; })
        .observe(document.getElementById('pg-board'), { attributes: true, attributeFilter: ['transform'], subtree: true }); }""")
    type_move(page, "a1 BR cw")
    wait_moves(page, 2)
    assert wait_turn_or_end(page)
    assert page.evaluate("window.turns") == 0
    assert page.evaluate("""(() => { const s = document.createElement('span'); s.className = 'thinking'; document.body.append(s);
        const a = getComputedStyle(s, '::after').animationName; s.remove(); return a; })()""") == "none"
    ctx.close()


def test_contrast_and_cues_that_are_not_colour_alone(server, new_page):
    # Pentomino: letters dark on light pieces; the opponent's pieces carry a pattern, as
    # its swatch does
    page = open_table(server, new_page, "pentomino")
    assert wait_turn_or_end(page)
    type_move(page, "I:a1,a2,a3,a4,a5")
    wait_moves(page, 2)
    assert wait_turn_or_end(page)
    pairs = page.evaluate("""[...document.querySelectorAll('.pm-letter')].map((t) => [t.getAttribute('fill'), t.getAttribute('stroke')])""")
    assert pairs and all(contrast(page, ink, fill) >= 4.5 for ink, fill in pairs), pairs
    assert page.locator(".pm-owner[data-seat='1']").count() == 5
    assert page.evaluate("getComputedStyle(document.querySelector('.seat[data-seat=\"1\"] .swatch')).backgroundImage") != "none"
    assert page.evaluate("getComputedStyle(document.querySelector('.seat[data-seat=\"0\"] .swatch')).backgroundImage") == "none"
    # the analysis marks read on the current row's yellow too
    page.evaluate("""document.getElementById('log').insertAdjacentHTML('beforeend',
        '<li class="current probe"><span class="mark good">✓</span><span class="mark mistake">?!</span></li>')""")
    for sel in (".probe .good", ".probe .mistake"):
        fg = page.evaluate(f"getComputedStyle(document.querySelector('{sel}')).color")
        bg = page.evaluate(f"""(() => {{ const b = getComputedStyle(document.querySelector('{sel}')).backgroundColor;
            return b === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.querySelector('.probe')).backgroundColor : b; }})()""")
        assert contrast(page, fg, bg) >= 4.5, (sel, fg, bg)

    # Pent-Up: where a tile cannot go its ghost is dashed and crossed, not only red; the
    # gold of the last move has a dark halo
    page = open_table(server, new_page, "pentup")
    assert wait_turn_or_end(page)
    type_move(page, "I:0,0;1,0;2,0;3,0;4,0")
    wait_moves(page, 2)
    assert wait_turn_or_end(page)
    assert page.locator(".last-move .lm-halo").count() == 1
    page.focus(".pu-tile[data-piece=L]")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    for _ in range(9):
        page.keyboard.press("ArrowUp")   # far from the tiles: nothing to touch
    assert "does not fit" in page.evaluate("document.querySelector('.kg-cursor').getAttribute('aria-label')")
    ghost = page.locator(".ghosts .ghost.illegal")
    assert ghost.count() == 1 and ghost.locator("text").text_content() == "✗"
    assert ghost.locator("rect").first.get_attribute("stroke-dasharray")

    # Pentago: a black marble has a light ring on the dark hole
    page = open_table(server, new_page, "pentago")
    assert wait_turn_or_end(page)
    type_move(page, "a1 BR cw")
    wait_moves(page, 2)
    ring = page.get_attribute(".pg-cell[data-owner='1']", "stroke")
    assert contrast(page, ring, "#8e2320") >= 3
    assert not page.errors, page.errors


def test_tiles_are_off_while_another_player_moves(server, new_page):
    page = open_table(server, new_page, "pentup", seats=[{"kind": "invite"}, {"kind": "me"}])
    page.wait_for_selector(".pu-tile")
    assert page.evaluate("[...document.querySelectorAll('.pu-tile')].every((t) => t.getAttribute('aria-disabled') === 'true' && t.tabIndex === -1)")
    assert page.locator("#hint-btn").get_attribute("aria-disabled") == "true"
    assert moves_played(page) == 0
    assert not page.errors, page.errors


def test_a_replay_step_tells_a_screen_reader_which_move_it_was(server, new_page):
    """Stepped to a move, the status says (to a screen reader; the line shown fits a phone)
    which move that was, in the move list's words."""
    t = import_record(server, pentago_record())
    page = new_page()
    page.goto(server.url + t["url"])
    until(page, "!document.getElementById('replay').hidden")
    page.click("#r-first")
    page.click("#r-next")
    until(page, "document.getElementById('status').textContent.includes(' — move 1 was ')")
    said = page.evaluate("document.getElementById('status').textContent")
    assert re.fullmatch(r"After move 1: \w+ to move — move 1 was \w+: [a-f][1-6], turns [a-z -]+ [↻↺]", said), said
    assert page.evaluate("document.querySelector('#status .sr-only').getBoundingClientRect().width") <= 1
    assert not page.errors, page.errors


def test_the_lobbys_level_note_reads_on_its_button(server, new_page):
    """"medium level" under Play the computer: white on the accent, not dimmed (4.06:1)."""
    page = new_page()
    page.goto(server.url + "/")
    note = page.locator("#home .card .level-note").first
    note.wait_for()
    colour, opacity, back = note.evaluate("(e) => [getComputedStyle(e).color, getComputedStyle(e).opacity, "
                                          "getComputedStyle(e.closest('button')).backgroundColor]")
    assert float(opacity) == 1 and contrast(page, colour, back) >= 4.5, (colour, opacity, back)
    assert not page.errors, page.errors


def test_forced_colours_keep_the_players_colours_the_selection_and_the_turn(server, new_page):
    """Windows high contrast replaces the page's colours with the system's few: the
    swatches (Pentomino's patterns too: the only key from a name to its pieces) keep
    theirs, and the selected piece, the seat to move and the move shown are outlined."""
    page = open_table(server, new_page, "pentomino", [{"kind": "me"}, {"kind": "computer",
                                                      "level": "random"}])
    page.emulate_media(forced_colors="active")
    assert wait_turn_or_end(page)
    page.wait_for_selector("#players .seat .swatch")
    looks = page.eval_on_selector_all(
        "#players .seat .swatch", "els => els.map((e) => { const s = getComputedStyle(e); "
        "return s.backgroundColor + ' ' + s.backgroundImage; })")
    assert len(looks) == 2 and looks[0] != looks[1], looks
    page.locator(".pu-tile:not(.none)").first.click()
    until(page, "document.querySelector('.pu-tile.selected') !== null")
    outline = "(sel) => getComputedStyle(document.querySelector(sel)).outlineStyle"
    assert page.evaluate(outline, ".pu-tile.selected") == "solid"
    assert page.evaluate(outline, "#players .seat.to-move") == "solid"
