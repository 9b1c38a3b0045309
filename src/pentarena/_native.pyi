"""Type stubs for ``pentarena._native``, the Rust engine core (``native/``, PyO3).

Not a public API: the game packages wrap it (``pentarena.games.pentago.PentagoState``
inherits :class:`PentagoCore`).  Errors raised here are the package's own:
``pentarena.IllegalMoveError`` and ``pentarena.InvalidMoveError``.
"""

from typing import Any, TypedDict

__version__: str
PENTAGO_NUM_ACTIONS: int
"""324: ``cell * 8 + quadrant * 2 + direction`` (0–287), ``288 + cell`` (288–323)."""

class PlayoutCounts(TypedDict):
    wins: list[int]
    """Games won by seat 0 and by seat 1."""
    draws: int
    plies: int
    """Moves played, all games together."""

class PentagoCore:
    """The native Pentago engine: the position and the moves played.  Subclassed by
    ``PentagoState``; a new instance is the empty board, White to move."""

    def __new__(cls, *args: Any, **kwargs: Any) -> PentagoCore: ...
    @property
    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Any]:
        """The legal moves as ``PentagoMove`` objects (shared, immutable): lone winning
        placements first (by cell), then quadrant by quadrant, cell by cell, 8 turns each."""
    def legal_actions(self) -> list[int]:
        """The same moves as action ids, in the same order."""
    def apply(self, a_move: Any) -> None:
        """Play a move object, a ``(cell, quadrant, direction)`` tuple or move text.
        Anything but a tuple of ints goes to the subclass's ``_apply_slow``."""
    def apply_action(self, action: int) -> None: ...
    def action_to_move(self, action: int) -> Any: ...
    def winners(self) -> set[int]: ...
    def scores(self) -> list[int]: ...
    def position_key(self) -> int:
        """The four base-3 quadrant codes (15 bits each), the side to move (bit 60) and
        whether the game is over (bit 61)."""
    def evaluate(self, seat: int) -> float: ...
    def random_playouts(self, n: int, seed: int) -> PlayoutCounts:
        """``n`` uniformly random games from here, played in Rust without the GIL; the
        same seed gives the same counts."""
    @property
    def boards(self) -> list[int]:
        """[White's, Black's] 36-bit bitboards (bit ``row * 6 + col``, row 0 = rank 1)."""
    def cell(self, cell: int) -> int | None: ...
    # helpers for the Python subclass
    def _cells(self) -> list[int | None]: ...
    def _win_cells(self) -> int: ...
    def _empty_count(self) -> int: ...
    def _nth_empty(self, n: int) -> tuple[int, bool]: ...
    def _history_actions(self) -> list[int]: ...
    def _check_action(self, action: int) -> None: ...
    def _set_boards(self, white: int, black: int, to_move: int) -> None: ...
    def _copy(self) -> Any: ...

# --------------------------------------------------------------------------- Pent-Up

class PentupPlayoutCounts(TypedDict):
    wins: list[int]
    """Per seat: games its side won alone (a team's win counts for both partners)."""
    shared: list[int]
    """Per seat: games its side shared the best record with another side."""
    draws: int
    """Games in which several sides shared the best record."""
    plies: int

class PentupCore:
    """The native Pent-Up engine: the tiles placed (in order) and, once asked for, the
    legal moves of the player to move.  Subclassed by ``PentUpState``; a new instance is
    an empty 2-player table until ``_setup`` says otherwise."""

    NUM_ACTIONS: int
    """63 × 48 × 48: ``(orientation * 48 + dy) * 48 + dx`` for the anchor ``(dx, dy)`` in
    the action window (see ``pentarena.games.pentup.rules``)."""
    WINDOW: int
    """48: the side of the action window."""

    def __new__(cls, *args: Any, **kwargs: Any) -> PentupCore: ...
    def _setup(self, players: int, teams: bool, scoring: str) -> None: ...
    @property
    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Any]:
        """The legal moves as ``PentUpMove`` objects (shared, immutable, cached for
        coordinates within ±64): by piece (F I L N P T U V W X Y Z), orientation, then
        anchor by y and x."""
    def count_legal_moves(self) -> int: ...
    def legal_actions(self) -> list[int]:
        """The legal moves inside the action window as action ids, in the same order
        (ascending)."""
    @property
    def actions_complete(self) -> bool:
        """Whether every legal move has an action id."""
    @property
    def action_window(self) -> tuple[int, int, int, int]:
        """``(x, y, 48, 48)``: the table cell of anchor offset (0, 0), and the size."""
    def apply(self, a_move: Any) -> None:
        """Play a ``PentUpMove`` or move text.  Anything but a move object goes to the
        subclass's ``_apply_slow``."""
    def apply_action(self, action: int) -> None: ...
    def action_to_move(self, action: int) -> Any: ...
    def winners(self) -> set[int]: ...
    def random_playouts(self, n: int, seed: int) -> PentupPlayoutCounts:
        """``n`` uniformly random games from here, played in Rust without the GIL; the
        same seed gives the same counts."""
    def max_level(self) -> int: ...
    # helpers for the Python subclass
    def _action_of(self, piece: int, index: int, x: int, y: int) -> int | None: ...
    def _check(self, piece: int, index: int, x: int, y: int) -> None: ...
    def _play(self, piece: int, index: int, x: int, y: int) -> None: ...
    def _height(self, x: int, y: int) -> int: ...
    def _top_index(self, x: int, y: int) -> int | None: ...
    def _hand(self, seat: int) -> int: ...
    def _tiles(self) -> list[tuple[int, int, int, int, int, int]]:
        """(seat, piece index, orientation index, x, y, level) per tile, in order."""
    def _num_tiles(self) -> int: ...
    def _history(self) -> list[str]: ...
    def _level_counts(self) -> list[list[int]]: ...
    def _summary(self) -> list[tuple[int, int, int]]:
        """(piece index, mandatory level, number of places) per piece that can move."""
    def _nth_legal(self, n: int) -> Any: ...
    def _nth_of_piece(self, piece: int, n: int) -> Any: ...
    def _moves_for(self, piece: int) -> list[Any]: ...
    def _anchor_boards(self, ox: int, oy: int, width: int) -> dict[str, tuple[int, tuple[tuple[int, int], ...]]]:
        """For tests: the legal anchors per piece and orientation, laid out like the
        reference engine's frame."""
    @staticmethod
    def _orientations() -> list[tuple[str, int, list[tuple[int, int]]]]: ...
    def _copy(self) -> Any: ...
