"""The colour theme: dark where the system prefers it (prefers-color-scheme), light where it
does not, or the player's choice (Light, Dark or System, the default) from the pages'
picker, kept across reloads and pages; its text readable (WCAG AA: 4.5:1) on either."""

from __future__ import annotations

import re

from .helpers import create_table, until, wait_turn_or_end

RANDOM = [{"kind": "me"}, {"kind": "computer", "level": "random"}]

# an element's colour (``prop``: color, fill, border-top-color) and the background it is
# drawn on: its own or the nearest ancestor's that is not transparent (an outline's: around it)
COLOURS = """([sel, prop]) => {
    const e = document.querySelector(sel);
    const ink = getComputedStyle(e)[prop];
    const start = e instanceof SVGElement ? e.closest('.bv') : prop.startsWith('border') ? e.parentElement : e;
    for (let n = start; n; n = n.parentElement) {
        const b = getComputedStyle(n).backgroundColor;
        if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') return [ink, b];
    }
    return [ink, 'rgb(255, 255, 255)'];
}"""


def rgb(colour: str) -> tuple[float, ...]:
    values = [float(v) for v in re.findall(r"[\d.]+", colour)]
    assert len(values) == 3 or values[3] == 1, colour   # opaque: the contrast is the colours'
    return tuple(values[:3])


def luminance(colour: str) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def colours(page, selector: str, prop: str = "color") -> tuple[str, str]:
    return tuple(page.evaluate(COLOURS, [selector, prop]))


def readable(page, selector: str, prop: str = "color", least: float = 4.5) -> float:
    ink, bg = colours(page, selector, prop)
    ratio = contrast(ink, bg)
    assert ratio >= least, (selector, ink, bg, round(ratio, 2))
    return ratio


def body_luminance(page) -> float:
    return luminance(colours(page, "body")[1])


def open_home(server, page) -> None:
    page.goto(server.url + "/")
    until(page, "document.body.dataset.ready === 'true'")


def test_a_dark_system_gets_the_dark_theme_with_readable_text(server, new_page):
    page = new_page()
    page.emulate_media(color_scheme="dark")
    open_home(server, page)
    ink, bg = colours(page, "body")
    assert luminance(bg) < 0.03 and luminance(ink) > 0.6, (ink, bg)
    readable(page, "body")
    readable(page, "#home h2")
    # muted text on the panels: a card's words, an empty list, the form's labels
    readable(page, "#home .card p")
    readable(page, "#open li.empty")
    readable(page, "#create label")
    readable(page, "#create select")                  # a field: light words on a dark box
    readable(page, "#home .card button.primary")      # the accent's button
    readable(page, "#home .card .linkish")            # a link
    assert luminance(colours(page, "#create select")[1]) < 0.05   # no white field
    assert page.input_value("#theme-pick") == "system"
    # the system turns light: so does the page (nothing chosen)
    page.emulate_media(color_scheme="light")
    until(page, "getComputedStyle(document.body).backgroundColor === 'rgb(246, 243, 238)'")
    assert not page.errors, page.errors


def test_the_chosen_theme_wins_over_the_system_and_a_reload_keeps_it(server, new_page):
    page = new_page()
    page.emulate_media(color_scheme="dark")
    open_home(server, page)
    assert body_luminance(page) < 0.03
    page.select_option("#theme-pick", "light")
    until(page, "document.documentElement.dataset.theme === 'light'")
    assert body_luminance(page) > 0.8
    page.reload()
    open_home(server, page)
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert page.input_value("#theme-pick") == "light"
    assert body_luminance(page) > 0.8
    # Dark on a light system, kept for the other pages (a game's rules)
    page.emulate_media(color_scheme="light")
    page.select_option("#theme-pick", "dark")
    until(page, "document.documentElement.dataset.theme === 'dark'")
    page.goto(server.url + "/rules/pentago")
    page.wait_for_selector("#rules h2")
    assert page.input_value("#theme-pick") == "dark"
    assert body_luminance(page) < 0.03
    readable(page, "#rules p")
    # System again: the choice forgotten, the system's (light) theme
    page.select_option("#theme-pick", "system")
    until(page, "document.documentElement.dataset.theme === undefined")
    assert page.evaluate("localStorage.getItem('pentarena-theme')") is None
    assert body_luminance(page) > 0.8
    assert not page.errors, page.errors


def test_a_table_page_in_the_dark_reads_and_its_seats_stand_out(server, new_page):
    t = create_table(server, RANDOM, game="pentago")
    page = new_page()
    page.emulate_media(color_scheme="dark")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world .pg-label")
    assert wait_turn_or_end(page)
    assert body_luminance(page) < 0.03
    readable(page, "#status")
    readable(page, ".players .name")
    readable(page, ".players .info")                  # muted, on the panel
    readable(page, ".players .seat.to-move .name")    # on the player to move's blue
    readable(page, "#leave-seat")                     # a button
    readable(page, ".moves h3 .small-note")
    readable(page, ".pg-label", "fill")               # the board's files, drawn in SVG
    assert luminance(colours(page, ".bv")[1]) < 0.05   # no light slab around the board
    # each seat's dot (white, black) has an outline that stands out on the panel
    for seat in (0, 1):
        readable(page, f".players .seat[data-seat='{seat}'] .swatch", "border-top-color", least=3)
    assert not page.errors, page.errors


def test_the_drawers_picker_on_a_phone(server, new_page):
    t = create_table(server, RANDOM, game="pentomino")
    page = new_page(width=390, height=844, touch=True)
    page.emulate_media(color_scheme="dark")
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".bv-world")
    assert not page.locator("#theme-pick").is_visible()   # the header has no room: in the drawer
    page.click("#side-toggle")
    page.select_option("#theme-pick-side", "light")
    until(page, "document.documentElement.dataset.theme === 'light'")
    assert page.input_value("#theme-pick") == "light" and body_luminance(page) > 0.8
    assert not page.errors, page.errors



# an element's text and background as seen: its own colours faded by its (and its
# ancestors') opacity over the background behind it
SEEN = """(sel) => {
    const e = document.querySelector(sel);
    let opacity = 1;
    for (let n = e; n; n = n.parentElement) opacity *= +getComputedStyle(n).opacity;
    let behind = 'rgb(255, 255, 255)';
    for (let n = e.parentElement; n; n = n.parentElement) {
        const b = getComputedStyle(n).backgroundColor;
        if (b !== 'rgba(0, 0, 0, 0)' && b !== 'transparent') { behind = b; break; }
    }
    const s = getComputedStyle(e);
    const own = s.backgroundColor === 'rgba(0, 0, 0, 0)' ? behind : s.backgroundColor;
    return [s.color, own, behind, opacity];
}"""


def faded(colour: str, under: str, opacity: float) -> str:
    a, b = rgb(colour), rgb(under)
    return "rgb({}, {}, {})".format(*(x * opacity + y * (1 - opacity) for x, y in zip(a, b)))


def seen(page, selector: str) -> tuple[str, str]:
    """The text's colour and its button's, as drawn (opacity included)."""
    ink, own, behind, opacity = page.evaluate(SEEN, selector)
    bg = faded(own, behind, opacity)
    return faded(ink, behind, opacity), bg


def test_a_disabled_button_reads_in_either_theme_and_looks_disabled(server, new_page):
    # Pent-Up's Confirm before a move is staged: the accent's button, disabled (dimmed
    # with opacity it was 1.9:1 in the light, 2.5:1 in the dark, a muddy blue)
    t = create_table(server, RANDOM)
    page = new_page()
    page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
    page.wait_for_selector(".pu-tile:not(.none)")
    assert page.locator("#pu-confirm").is_disabled()
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        until(page, f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        ink, bg = seen(page, "#pu-confirm")
        assert contrast(ink, bg) >= 4.5, (scheme, ink, bg, round(contrast(ink, bg), 2))
        # clearly not the enabled look: no accent behind its words
        enabled = page.evaluate("""() => { const b = document.createElement('button');
            b.className = 'primary'; b.textContent = 'Confirm'; document.body.append(b);
            const c = getComputedStyle(b).backgroundColor; b.remove(); return c; }""")
        assert contrast(enabled, bg) >= 2.5, (scheme, enabled, bg)
        # a plain button too (Export record while a game hides cards): its fill apart from
        # an enabled one's (in the dark they were #2a2723 and #2c2925, L* 0.8 apart)
        plain, off = page.evaluate("""() => { const look = (disabled) => {
            const b = document.createElement('button'); b.textContent = 'Export record';
            b.disabled = disabled; document.querySelector('.panel').append(b);
            const c = getComputedStyle(b).backgroundColor; b.remove(); return c; };
            return [look(false), look(true)]; }""")
        assert abs(lab(plain)[0] - lab(off)[0]) >= 5, (scheme, plain, off)
    assert not page.errors, page.errors


# Machado et al. (2009), severity 1: the colours as seen with protanopia, deuteranopia, tritanopia
CVD = {"protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
       "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
       "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900))}


def lab(colour: str, deficiency: str | None = None) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour, as seen with ``deficiency`` (a key of CVD)."""
    def linear(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    c = [linear(v) for v in rgb(colour)]
    if deficiency:
        c = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, c)))) for row in CVD[deficiency]]
    r, g, b = c
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


SEAT_DOTS = """() => [...document.querySelectorAll('.players .seat')].map((s) => {
    const dot = getComputedStyle(s.querySelector('.swatch'));
    return [s.dataset.seat, dot.backgroundColor, dot.borderTopColor];
})"""
SURFACE = """(v) => { const d = document.createElement('div'); d.style.background = `var(${v})`;
    document.body.append(d); const c = getComputedStyle(d).backgroundColor; d.remove(); return c; }"""
BLACK = "rgb(43, 43, 43)"   # Pent-Up's and Pentago's Black: its dot's outline stands out instead
LIGHT_SEATS = {"pentup": ["#f4f1ea", "#2b2b2b", "#c62828", "#1e4fc2"], "pentago": ["#f4f1ea", "#2b2b2b"],
               "pentomino": ["#e39a2d", "#2a9d8f", "#8e5ea2", "#5c6b7a"],
               "pentic": ["#1d3557", "#d9502f", "#008888", "#771122"]}


def hex_rgb(h: str) -> str:
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (1, 3, 5)))


def test_every_seats_dot_stands_out_in_the_dark_and_the_dots_stay_apart(server, new_page):
    # the dots beside the names, on the panel and on the player to move's row: Pentic's
    # navy was 1.3:1 on the dark panel, its wine 1.5:1, Pent-Up's blue 2.3:1
    page = new_page()
    for game, light in LIGHT_SEATS.items():
        n = len(light)
        t = create_table(server, [{"kind": "me"}] + [{"kind": "computer", "level": "random"}] * (n - 1),
                         {"players": n} if game != "pentago" else {}, game=game)
        page.emulate_media(color_scheme="dark")
        page.goto(server.url + t["url"] + "?token=" + t["you"]["token"])
        until(page, f"document.querySelectorAll('.players .seat .swatch').length === {n}")
        dots = page.evaluate(SEAT_DOTS)
        surfaces = [page.evaluate(SURFACE, v) for v in ("--panel", "--info-bg", "--bg")]
        seen = []
        for seat, fill, outline in dots:
            for surface in surfaces:
                if fill == BLACK:
                    assert contrast(outline, surface) >= 3, (game, seat, outline, surface)
                else:
                    assert contrast(fill, surface) >= 3, (game, seat, fill, surface, round(contrast(fill, surface), 2))
            seen.append(fill)
        # apart from each other, also as seen with the common colour-vision deficiencies
        for deficiency in (None, "protan", "deutan", "tritan"):
            for i in range(n):
                for j in range(i + 1, n):
                    apart = sum((a - b) ** 2 for a, b in zip(lab(seen[i], deficiency), lab(seen[j], deficiency))) ** .5
                    assert apart >= 15, (game, deficiency, seen[i], seen[j], round(apart, 1))
        # the light theme's dots as they were: the board's colours
        page.emulate_media(color_scheme="light")
        until(page, "matchMedia('(prefers-color-scheme: light)').matches")
        assert {int(seat): fill for seat, fill, _ in page.evaluate(SEAT_DOTS)} == \
            {i: hex_rgb(h) for i, h in enumerate(light)}
    assert not page.errors, page.errors


def test_the_api_docs_follow_the_system_and_the_chosen_theme(server, new_page):
    # Swagger UI (/docs) was glaring white on a dark system: its own dark look now, as the
    # pages choose theirs
    page = new_page()
    page.emulate_media(color_scheme="dark")
    page.goto(server.url + "/docs")
    until(page, "document.querySelectorAll('.opblock').length > 10")
    assert page.evaluate("document.documentElement.classList.contains('dark-mode')")
    assert body_luminance(page) < 0.03
    assert luminance(colours(page, ".swagger-ui")[1]) < 0.03
    readable(page, ".swagger-ui .info .title")
    readable(page, ".swagger-ui .opblock-summary-description")
    # the system turns light: so do the docs
    page.emulate_media(color_scheme="light")
    until(page, "!document.documentElement.classList.contains('dark-mode')")
    assert body_luminance(page) > 0.8
    # Light chosen on the pages wins over a dark system
    page.emulate_media(color_scheme="dark")
    open_home(server, page)
    page.select_option("#theme-pick", "light")
    until(page, "document.documentElement.dataset.theme === 'light'")
    page.goto(server.url + "/docs")
    until(page, "document.querySelectorAll('.opblock').length > 10")
    assert not page.evaluate("document.documentElement.classList.contains('dark-mode')")
    assert body_luminance(page) > 0.8
    assert not page.errors, page.errors


def test_redoc_follows_the_system_and_the_chosen_theme(server, new_page):
    # /redoc stayed white on a dark system and with Dark chosen (/docs followed): ReDoc's
    # own theme now, in the pages' dark colours
    page = new_page()
    page.emulate_media(color_scheme="dark")
    page.goto(server.url + "/redoc")
    until(page, "document.querySelector('.api-content h1')")
    assert body_luminance(page) < 0.03
    readable(page, ".api-content h1")
    readable(page, ".api-content p")
    readable(page, ".menu-content label")            # the side menu's entries
    assert luminance(colours(page, ".menu-content")[1]) < 0.03
    # the system turns light: so does the page, drawn again
    page.emulate_media(color_scheme="light")
    until(page, "document.querySelector('.api-content h1') && "
                "!document.documentElement.classList.contains('dark-mode')")
    until(page, "getComputedStyle(document.querySelector('.api-content h1')).color !== "
                "'rgb(235, 230, 221)'")
    assert body_luminance(page) > 0.8
    readable(page, ".api-content h1")
    # Dark chosen on the pages wins over a light system
    open_home(server, page)
    page.select_option("#theme-pick", "dark")
    until(page, "document.documentElement.dataset.theme === 'dark'")
    page.goto(server.url + "/redoc")
    until(page, "document.querySelector('.api-content h1')")
    assert body_luminance(page) < 0.03
    readable(page, ".api-content h1")
    assert not page.errors, page.errors
