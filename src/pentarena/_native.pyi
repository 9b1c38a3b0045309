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
