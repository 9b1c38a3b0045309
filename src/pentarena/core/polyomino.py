"""The 12 free pentominoes, their 63 fixed orientations, transforms and canonical forms.

A *shape* is a tuple of ``(x, y)`` cells.  A *normalized* shape is translated so that its
smallest x and smallest y are 0, and its cells are sorted; two placements have the same fixed
orientation exactly when their normalized shapes are equal.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
Shape = tuple[Cell, ...]

PIECE_NAMES: str = "FILNPTUVWXYZ"
"""The 12 pentomino letters, in the order used for piece indices."""

_BASE: dict[str, Shape] = {
    "F": ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)),
    "I": ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    "L": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)),
    "N": ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1)),
    "P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    "T": ((0, 0), (1, 0), (2, 0), (1, 1), (1, 2)),
    "U": ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
    "V": ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)),
    "W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    "X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "Y": ((1, 0), (0, 1), (1, 1), (1, 2), (1, 3)),
    "Z": ((0, 0), (1, 0), (1, 1), (1, 2), (2, 2)),
}


def normalize(cells: Iterable[Cell]) -> Shape:
    """Translate ``cells`` so the smallest x and y are 0, and sort them."""
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def rotate(cells: Iterable[Cell]) -> Shape:
    """Rotate by 90° (``(x, y) -> (-y, x)``) and normalize."""
    return normalize((-y, x) for x, y in cells)


def flip(cells: Iterable[Cell]) -> Shape:
    """Mirror left-right (``(x, y) -> (-x, y)``) and normalize."""
    return normalize((-x, y) for x, y in cells)


def transforms(cells: Iterable[Cell]) -> list[Shape]:
    """The 8 images of ``cells`` under the square's symmetries (with repeats), normalized.

    Order: rotations by 0°, 90°, 180°, 270°, then the mirror image and its rotations.
    """
    shape = normalize(cells)
    out = []
    for start in (shape, flip(shape)):
        s = start
        for _ in range(4):
            out.append(s)
            s = rotate(s)
    return out


def orientations(cells: Iterable[Cell]) -> list[Shape]:
    """The distinct fixed orientations of a shape, in :func:`transforms` order."""
    seen: list[Shape] = []
    for s in transforms(cells):
        if s not in seen:
            seen.append(s)
    return seen


def canonical(cells: Iterable[Cell]) -> Shape:
    """A representative of the free shape: the smallest of its normalized transforms."""
    return min(transforms(cells))


PIECES: dict[str, Shape] = {name: normalize(cells) for name, cells in _BASE.items()}
"""Each piece's base shape, normalized."""

ORIENTATIONS: dict[str, tuple[Shape, ...]] = {
    name: tuple(orientations(cells)) for name, cells in PIECES.items()
}
"""Each piece's distinct fixed orientations; index 0 is the base shape."""

_FIXED: dict[Shape, tuple[str, int]] = {
    shape: (name, i) for name, shapes in ORIENTATIONS.items() for i, shape in enumerate(shapes)
}
_FREE: dict[Shape, str] = {canonical(cells): name for name, cells in PIECES.items()}


def identify(cells: Iterable[Cell]) -> tuple[str, int] | None:
    """The ``(piece letter, orientation index)`` of a placement, or None if not a pentomino."""
    return _FIXED.get(normalize(cells))


def identify_free(cells: Iterable[Cell]) -> str | None:
    """The piece letter of a shape (any orientation), or None if not a pentomino."""
    cells = tuple(cells)
    if len(cells) != 5 or len(set(cells)) != 5:
        return None
    return _FREE.get(canonical(cells))


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one edge-connected group."""
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        x, y = stack.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


def piece_index(letter: str) -> int:
    """Index of a piece letter in :data:`PIECE_NAMES` (case-insensitive)."""
    i = PIECE_NAMES.find(letter.upper()) if len(letter) == 1 else -1
    if i < 0:
        raise KeyError(letter)
    return i
