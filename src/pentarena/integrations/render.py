"""Pictures of positions as numpy arrays (``render_mode="rgb_array"``): height × width × 3,
``uint8``.  Drawn from the observation tensors (seat 0's, i.e. absolute seats), so they
show what the tensors hold: Pentago's and Pentomino's boards, Pent-Up's action window
(owner colour, darker with height, tile outlines), Pentic's grid of top cards (colour,
number of glyphs, shape) — never a hand."""

from __future__ import annotations

from . import research_imports

with research_imports(__name__):
    import numpy as np

from . import tensors

SEAT_COLOURS = np.array([(240, 240, 232), (40, 40, 40), (200, 50, 50), (50, 90, 200)], np.uint8)
"""White, Black, Red, Blue: the seats' colours in every game."""
BACKGROUND = np.array((205, 170, 110), np.uint8)
EMPTY = np.array((225, 205, 160), np.uint8)
LINE = np.array((90, 60, 30), np.uint8)
CARD_COLOURS = np.array([(140, 70, 190), (40, 180, 200), (230, 200, 40), (240, 140, 40),
                         (210, 40, 40)], np.uint8)
"""violet, cyan, yellow, orange, red."""


def picture(state) -> np.ndarray:
    """A picture of ``state``'s board."""
    name = state.game.name
    if name == "pentic":
        return _pentic(state)
    parts = tensors.split(np.array(tensors.observation(state, 0)), tensors.SPECS[name])
    board = parts["board"]
    if name == "pentago":
        return _pentago(board)
    if name == "pentomino":
        owners = board[:4]
        return _grid(owners, np.zeros(owners.shape[1:]), None, None, cell=32,
                     flip=True)
    return _grid(board[:4], board[4], board[6], board[7], cell=8)


def _disc(size: int, radius: float) -> np.ndarray:
    y, x = np.mgrid[:size, :size] + 0.5 - size / 2
    return x * x + y * y <= radius * radius


def _pentago(board: np.ndarray, cell: int = 40) -> np.ndarray:
    img = np.empty((6 * cell, 6 * cell, 3), np.uint8)
    img[:] = BACKGROUND
    disc = _disc(cell, cell * 0.4)
    hole = _disc(cell, cell * 0.25)
    for r in range(6):
        for c in range(6):
            tile = img[r * cell:(r + 1) * cell, c * cell:(c + 1) * cell]
            if board[0, r, c]:
                tile[disc] = SEAT_COLOURS[0]
            elif board[1, r, c]:
                tile[disc] = SEAT_COLOURS[1]
            else:
                tile[hole] = EMPTY
    img[3 * cell - 2:3 * cell + 2, :] = LINE
    img[:, 3 * cell - 2:3 * cell + 2] = LINE
    return img


def _grid(owners: np.ndarray, height: np.ndarray, east: np.ndarray | None,
          south: np.ndarray | None, cell: int, flip: bool = False) -> np.ndarray:
    """Cells coloured by owner plane, darker with height, outlines where given."""
    rows, cols = owners.shape[1:]
    colour = np.empty((rows, cols, 3), np.float32)
    colour[:] = EMPTY
    for seat in range(owners.shape[0]):
        colour[owners[seat] > 0] = SEAT_COLOURS[seat]
    shade = 1.0 - np.minimum(np.maximum(height - 1, 0), 8)[..., None] * 0.07
    colour = (colour * shade).astype(np.uint8)
    if flip:  # row 0 is rank 1, drawn at the bottom
        colour = colour[::-1]
    img = np.repeat(np.repeat(colour, cell, axis=0), cell, axis=1)
    img[::cell, :] = img[::cell, :] // 2 + LINE // 2
    img[:, ::cell] = img[:, ::cell] // 2 + LINE // 2
    if east is not None and south is not None:
        for r, c in zip(*np.nonzero(east)):
            img[r * cell:(r + 1) * cell, (c + 1) * cell - 1] = LINE
        for r, c in zip(*np.nonzero(south)):
            img[(r + 1) * cell - 1, c * cell:(c + 1) * cell] = LINE
    return img


def _glyph(shape: int, size: int) -> np.ndarray:
    """circle, crescent, triangle, square, star as boolean masks."""
    y, x = (np.mgrid[:size, :size] + 0.5) / size - 0.5
    r = np.hypot(x, y)
    if shape == 0:
        return r <= 0.45
    if shape == 1:
        return (r <= 0.45) & (np.hypot(x - 0.2, y + 0.1) > 0.38)
    if shape == 2:
        return (y <= 0.4) & (y >= -0.4 + 2 * np.abs(x) * 0.8 * 1.1)
    if shape == 3:
        return (np.abs(x) <= 0.38) & (np.abs(y) <= 0.38)
    angle = np.arctan2(y, x)
    return r <= 0.22 + 0.24 * (np.cos(5 * angle + np.pi / 2) * 0.5 + 0.5)


def _pentic(state, card_h: int = 96, card_w: int = 64, gap: int = 8) -> np.ndarray:
    tops = state.tops()
    h = 3 * card_h + 4 * gap
    w = 3 * card_w + 4 * gap
    img = np.empty((h, w, 3), np.uint8)
    img[:] = BACKGROUND
    glyph = 16
    for i, card in enumerate(tops):
        r, c = divmod(i, 3)
        y0, x0 = gap + r * (card_h + gap), gap + c * (card_w + gap)
        face = img[y0:y0 + card_h, x0:x0 + card_w]
        face[:] = (250, 248, 240)
        if card is None or card < 0:
            continue
        number, shape, colour = card // 25 + 1, card // 5 % 5, card % 5
        mask = _glyph(shape, glyph)
        for k in range(number):
            gy = 6 + k * (glyph + 1)
            gx = (card_w - glyph) // 2
            face[gy:gy + glyph, gx:gx + glyph][mask] = CARD_COLOURS[colour]
    return img
