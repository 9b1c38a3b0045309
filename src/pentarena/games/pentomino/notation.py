"""Pentomino move text: ``L:a1,b1,c1,d1,d2`` (place), ``pick L`` (draft), ``touch L``
(touch-move: the piece you must now place), ``remove L`` (puzzle mode); and the dense
action ids.

Action ids of the 8×8 game (every option set, ``NUM_ACTIONS`` = 2,332): ``0..2308`` the
placements of ``board.placements`` — piece by piece (``FILNPTUVWXYZ``), orientation by
orientation (``polyomino.ORIENTATIONS``), then row by row and column by column of the
shape's lower left corner — ``2308 + i`` "pick" the i-th piece (draft), ``2320 + i``
"touch" it (touch-move).  A puzzle's (``puzzle_moves``): the placements of its pieces
inside its region in the same order, then "remove" each of its pieces.  The native engine
hands out the move objects made here (``BOARD_MOVES``, ``puzzle_moves``)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ...core.errors import InvalidMoveError, described
from ...core.polyomino import PIECE_NAMES
from .board import Grid, piece_of, placements

# the colon may be a space: "I:a1,a2,a3,a4,a5" and "I a1 a2 a3 a4 a5" are one move
_PLACE_RE = re.compile(r"^\s*([A-Za-z])(?:\s*:|\s)\s*(.*?)\s*$")
_WORD_RE = re.compile(r"^\s*(pick|touch|remove)\s+([A-Za-z])\s*$", re.IGNORECASE)
FORMAT_HELP = "write a placement as <piece>:<square>,... e.g. L:a1,b1,c1,d1,d2"
_NUMBERS_RE = re.compile(r"^[\s\d,;()+-]+$")
_SQUARES_SPLIT = re.compile(r"[,;\s]+")  # commas (RULES.md), or Pent-Up's semicolons


class PentominoMove(tuple):
    """(kind, piece, mask, text): kind is place | pick | touch | remove; mask is the
    bitboard of a placement (0 otherwise); text is the canonical move text."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def piece(self) -> str:
        return self[1]

    @property
    def mask(self) -> int:
        return self[2]

    def __str__(self) -> str:
        return self[3]

    def __repr__(self) -> str:
        if len(self) == 4 and isinstance(self[3], str):
            return f"PentominoMove({self[3]!r})"
        return f"PentominoMove{tuple(self)!r}"  # a malformed move (errors quote it)

    def __reduce__(self):
        # pickle, copy and deepcopy give back the package's object of the move where it
        # is known: the native engine recognises those by address (an equal copy is
        # accepted too, by the slower way)
        return _restore, tuple(self)


def _restore(kind: str, piece: str, mask: int, text: str) -> PentominoMove:
    """A move as unpickled: the one object of a pick, touch or removal, or of a placement
    on Golomb's 8×8 board; other placements (a puzzle region's) as an equal new object."""
    move = tuple.__new__(PentominoMove, (kind, piece, mask, text))
    if kind in ("pick", "touch", "remove"):
        known = {"pick": PICKS, "touch": TOUCHES, "remove": REMOVES}[kind].get(piece)
    else:
        known = place_index(BOARD).get((piece, mask)) if kind == "place" else None
    return known if known == move else move  # (the text too: the squares' names)


def word_move(kind: str, piece: str) -> PentominoMove:
    return tuple.__new__(PentominoMove, (kind, piece, 0, f"{kind} {piece}"))


PICKS = {p: word_move("pick", p) for p in PIECE_NAMES}
TOUCHES = {p: word_move("touch", p) for p in PIECE_NAMES}
REMOVES = {p: word_move("remove", p) for p in PIECE_NAMES}


BOARD = Grid.rectangle(8, 8)
"""Golomb's 8×8 board."""
NUM_PLACEMENTS = 2308
PICK_BASE = NUM_PLACEMENTS
TOUCH_BASE = NUM_PLACEMENTS + len(PIECE_NAMES)
NUM_ACTIONS = NUM_PLACEMENTS + 2 * len(PIECE_NAMES)


def place_move(grid: Grid, piece: str, mask: int) -> PentominoMove:
    text = f"{piece}:" + ",".join(grid.squares(mask))
    return tuple.__new__(PentominoMove, ("place", piece, mask, text))


@lru_cache(maxsize=32)
def place_moves(grid: Grid) -> dict[str, tuple[tuple[int, PentominoMove], ...]]:
    """Per piece: every (mask, move) placement inside the grid, built once per grid."""
    return {p: tuple((m, place_move(grid, p, m)) for m in masks)
            for p, masks in placements(grid).items()}


@lru_cache(maxsize=32)
def place_index(grid: Grid) -> dict[tuple[str, int], PentominoMove]:
    """(piece, mask) -> the move object of every placement inside the grid's region."""
    return {(p, m): mv for p, pairs in place_moves(grid).items() for m, mv in pairs}


@lru_cache(maxsize=1)
def board_tables() -> tuple[tuple[PentominoMove, ...], dict[PentominoMove, int]]:
    """The 8×8 game's move objects by action id, and each one's action id."""
    table = place_moves(BOARD)
    moves = (*(mv for p in PIECE_NAMES for _, mv in table[p]),
             *(PICKS[p] for p in PIECE_NAMES), *(TOUCHES[p] for p in PIECE_NAMES))
    assert len(moves) == NUM_ACTIONS
    return moves, {mv: a for a, mv in enumerate(moves)}


def board_action(move: object) -> int:
    """The 8×8 game's action id of a move object (InvalidMoveError if it has none)."""
    try:
        action = board_tables()[1].get(move) if isinstance(move, PentominoMove) else None
    except TypeError:  # a malformed move holding a list: no move of the game
        action = None
    if action is None:
        raise InvalidMoveError(f"no action id for {described(move)}: the game's actions are its "
                               f"placements, picks and touches")
    return action


@lru_cache(maxsize=32)
def puzzle_moves(grid: Grid, pieces: str) -> tuple[PentominoMove, ...]:
    """A puzzle's move objects by action id: the placements of ``pieces`` inside the
    region, then a removal per piece (pieces in ``PIECE_NAMES`` order)."""
    table = place_moves(grid)
    used = [p for p in PIECE_NAMES if p in pieces]
    return (*(mv for p in used for _, mv in table[p]), *(REMOVES[p] for p in used))


@lru_cache(maxsize=32)
def puzzle_actions(grid: Grid, pieces: str) -> dict[PentominoMove, int]:
    """Each move object of ``puzzle_moves(grid, pieces)`` -> its action id."""
    return {m: a for a, m in enumerate(puzzle_moves(grid, pieces))}


def __getattr__(name: str):
    if name == "BOARD_MOVES":  # built on first use: import stays light
        return board_tables()[0]
    if name == "BOARD_TEXT":
        return _board_text()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=1)
def _board_text() -> tuple[str, ...]:
    return tuple(str(mv) for mv in board_tables()[0])


def word_moves(game: Any) -> str:
    """The moves written as a word that ``game`` has besides placements, as the message on
    move text that cannot be read names them: ' (or 'pick L')' in a draft, ' (or 'touch
    L')' with touch-move, the removals of a puzzle; '' for Golomb's game."""
    if getattr(game, "variant", None) == "draft":
        return " (or 'pick L')"
    if getattr(game, "touch_move", False):
        return " (or 'touch L')"
    if getattr(game, "name", None) == "pentomino-puzzle":
        return " (or 'remove L' to take the L back)"
    return ""


def read_move(grid: Grid, text: str, state: Any) -> PentominoMove:
    """The move ``text`` names on ``grid`` at ``state``: during a draft's picks, text that
    cannot be read as a move (a placement mistyped) is told first that the draft comes
    first — what would be said of it read right — then what is wrong with it."""
    try:
        return parse_move_text(grid, text, word_moves(state.game))
    except InvalidMoveError as exc:
        if getattr(state, "phase", None) != "pick" or not isinstance(text, str) or (
                _WORD_RE.match(text)):
            raise
        first = state.legal_moves()[0][1]
        raise InvalidMoveError(f"the draft comes first: pick a piece, e.g. 'pick {first}' "
                               f"— besides, {exc}") from None


def parse_move_text(grid: Grid, text: str, words: str = "") -> PentominoMove:
    """The move ``text`` names on ``grid``; ``words``: what the message on text that cannot
    be read adds (:func:`word_moves`)."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"move text must be a string; {FORMAT_HELP}")
    if len(text) > 80:
        raise InvalidMoveError(f"move text is too long; {FORMAT_HELP}")
    w = _WORD_RE.match(text)
    if w:
        kind, letter = w.group(1).lower(), w.group(2).upper()
        if letter not in PIECE_NAMES:
            raise InvalidMoveError(f"there is no pentomino called {letter!r}; "
                                   f"the pieces are {' '.join(PIECE_NAMES)}")
        return {"pick": PICKS, "touch": TOUCHES, "remove": REMOVES}[kind][letter]
    m = _PLACE_RE.match(text)
    if not m:
        raise InvalidMoveError(f"could not read {text!r}: {FORMAT_HELP}{words}")
    letter, body = m.group(1).upper(), m.group(2)
    if letter not in PIECE_NAMES:
        raise InvalidMoveError(f"there is no pentomino called {letter!r}; "
                               f"the pieces are {' '.join(PIECE_NAMES)}")
    if _NUMBERS_RE.match(body):
        raise InvalidMoveError(
            f"{text.strip()!r} gives x,y numbers (that is how Pent-Up names cells): a "
            f"Pentomino square is a file letter and a rank number, a1 to "
            f"{grid.name(grid.width * grid.height - 1)}; {FORMAT_HELP}")
    squares = [s for s in _SQUARES_SPLIT.split(body) if s.strip()]
    bits = []
    for sq in squares:
        try:
            bits.append(1 << grid.parse_square(sq))
        except ValueError as exc:
            raise InvalidMoveError(f"{exc}; {FORMAT_HELP}") from None
    if len(squares) != 5:
        raise InvalidMoveError(
            f"{text.strip()!r} names {len(squares)} square{'' if len(squares) == 1 else 's'}, "
            f"but a piece covers 5; {FORMAT_HELP}")
    mask = 0
    for sq, bit in zip(squares, bits):
        if mask & bit:
            raise InvalidMoveError(f"{sq.strip()} is named twice: a piece covers five different squares")
        mask |= bit
    known = place_index(grid).get((letter, mask))
    if known is not None:  # the one move object of this placement
        return known
    actual = piece_of(grid, mask)
    if actual != letter:
        what = f"the {actual}" if actual else "no pentomino (they must be edge-connected)"
        raise InvalidMoveError(f"those five squares form {what}, not the {letter}")
    return place_move(grid, letter, mask)  # a placement that leaves a puzzle's region
