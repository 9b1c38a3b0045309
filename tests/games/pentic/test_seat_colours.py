"""Pentic's four seat colours, as the browser has them (games/pentic.js), told apart with
every colour vision: each pair stays at least a clear CIEDE2000 distance apart with normal
vision and under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira &
Fernandes 2009, full severity, on linear sRGB: the matrices of Chrome's and Firefox's
DevTools), and each swatch keeps 3:1 (WCAG's non-text contrast) on the page's light
backgrounds (css/app.css) where the seat dots are drawn."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[3] / "src" / "pentarena" / "web"
CLEAR = 20.0   # CIEDE2000: a pair at least this far apart is told apart at a glance

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ["normal", *MACHADO]

# where a seat's dot is drawn: the page, the panels, the player to move, the move list's
# hovered and current rows, the result banner
BACKGROUNDS = ["--bg", "--panel", ".players .seat.to-move", ".log li.lit", ".log li.current", ".banner"]


def js_list(name: str) -> list[str]:
    text = (WEB / "js" / "games" / "pentic.js").read_text()
    found = re.search(rf"export const {name} = \[([^\]]*)\];", text)
    assert found, name
    return re.findall(r'"([^"]*)"', found.group(1))


def css_background(where: str) -> str:
    """The light theme's colour (a variable's value, or its light-dark()'s first: the
    light one)."""
    css = (WEB / "css" / "app.css").read_text()
    if where.startswith("--"):
        found = re.search(rf"{where}: (?:light-dark\()?(#[0-9a-fA-F]{{6}})", css)
    else:
        found = re.search(rf"^{re.escape(where)} \{{[^}}]*?background: (#[0-9a-fA-F]{{6}}|var\(--[\w-]+\))", css, re.M)
    assert found, where
    value = found.group(1)
    return css_background(value[4:-1]) if value.startswith("var(") else value


def linear(hex_colour: str) -> tuple[float, float, float]:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    h = hex_colour.lstrip("#")
    return tuple(channel(int(h[i:i + 2], 16)) for i in (0, 2, 4))


def seen(rgb, vision: str):
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = [t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def ciede2000(lab1, lab2) -> float:
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0.0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lbar, cbar = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    rc = 2 * math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7))
    rt = -math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbar, 1 + 0.015 * cbar * t
    return math.sqrt((d_l / sl) ** 2 + (d_c / sc) ** 2 + (d_h / sh) ** 2 + rt * (d_c / sc) * (d_h / sh))


def distances(colours: list[str]) -> dict[tuple[str, str, str], float]:
    """(vision, colour, colour) -> CIEDE2000 of the two as that vision sees them."""
    return {(v, a, b): ciede2000(lab(seen(linear(a), v)), lab(seen(linear(b), v)))
            for v in VISIONS for a, b in itertools.combinations(colours, 2)}


def contrast(a: str, b: str) -> float:
    la, lb = (0.2126 * r + 0.7152 * g + 0.0722 * bl for r, g, bl in (linear(a), linear(b)))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_the_colour_maths():
    # Sharma, Wu & Dalal's CIEDE2000 test data, pairs 1 and 17
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    # red and green, far apart to most eyes, come close without the L or the M cones
    red, green = "#d62728", "#7f7f00"
    assert distances([red, green])[("normal", red, green)] > 30
    assert distances([red, green])[("deuteranopia", red, green)] < 15
    # and the check tells: Navy and Plum, the seat colours before, nearly met with protanopia
    old = distances(["#3d5a80", "#ee6c4d", "#2a9d8f", "#8d6a9f"])
    assert old[("protanopia", "#3d5a80", "#8d6a9f")] < 10


def test_every_pair_of_seat_colours_is_told_apart_with_any_colour_vision():
    colours = js_list("seatColours")
    assert len(colours) == 4 == len(set(colours))
    close = {k: round(d, 1) for k, d in distances(colours).items() if d < CLEAR}
    assert not close, f"closer than CIEDE2000 {CLEAR}: {close}"


def test_every_seat_colour_stands_out_on_the_pages_backgrounds():
    for where in BACKGROUNDS:
        bg = css_background(where)
        for colour in js_list("seatColours"):
            assert contrast(colour, bg) >= 3, (colour, where, bg)


def test_the_seats_have_four_names():
    names = js_list("seatNames")
    assert len(names) == 4 == len(set(names)) and all(names)
