"""Type stubs for ``pentarena._native``, the Rust engine core (``native/``, PyO3).

Not a public API: the game packages wrap it (``pentarena.games.pentago.PentagoState``
inherits :class:`PentagoCore`).  Errors raised here are the package's own:
``pentarena.IllegalMoveError`` and ``pentarena.InvalidMoveError``; ``GameOptionError``
for a seed or a seat out of range, ``HiddenInformationError`` for what a Pentic view
cannot answer.

Every ``seed`` taken here (``random_playouts``, ``policy_playouts``, ``_search``,
``_determinized_seeded``) is a whole number from -2**63 to 2**64 - 1 — a state's signed
seed or 64 random bits — used modulo 2**64 (-1 is 2**64 - 1); any other value (a bool
too) raises ``GameOptionError``; a playout's seed left out (or None) is 64 fresh random
bits, and a number of playouts below 0 ``ValueError``.  Every
``seat`` (``evaluate``, ``available``, the tensors) is a whole number from 0 to the seats
less one (not a bool): ``GameOptionError`` otherwise; an action id likewise
``InvalidMoveError``; other counts, depths and thread numbers out of their range (or not
whole numbers) ``ValueError`` naming them.  Playouts (``random_playouts``,
``policy_playouts``) stop at Ctrl-C: KeyboardInterrupt.
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
    def random_playouts(self, n: int, seed: int | None = None) -> PlayoutCounts:
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
    # perfect play and the native search (without the GIL)
    def _solve(self, time_limit: float | None = None, threads: int = 1,
               max_gb: float = 12.0) -> tuple[int, list[tuple[int, int]], int] | None: ...
    def _solve_estimate(self) -> tuple[float, int]: ...
    def _search(self, time_limit: float | None = None, max_depth: int | None = None,
                max_nodes: int | None = None, extensions: int = 0, fitted: bool = False
                ) -> tuple[int, float, int, int, int]: ...

class PenticPlayoutCounts(TypedDict):
    wins: list[int]
    """Games each seat won alone."""
    draws: int
    """Games in which several seats shared the best total."""
    cutoffs: int
    """Games stopped at the depth limit (``policy_playouts(..., depth=...)``)."""
    plies: int
    """Moves played, all games together."""
    returns: list[float]
    """Each seat's rewards, summed: a finished game gives each of its k winners 1/k; a
    cut-off one ``0.5 + 0.5 * tanh(2 * evaluate(seat))`` (as the search scores it)."""

class PenticCore:
    """The native Pentic engine: a full state or a seat's view (hands, pile, grid of
    stacks, totals, turns) and every play with its breakdown.  Subclassed by
    ``PenticState``, which deals with ``_deal``; a card this state does not know is -1."""

    NUM_ACTIONS: int
    """1125: ``card * 9 + position - 1``."""
    def __new__(cls, *args: Any, **kwargs: Any) -> PenticCore: ...
    @property
    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Any]:
        """The legal moves as ``PenticMove`` objects (shared, immutable): the hand's cards,
        lowest first, each on positions 1 to 9.  HiddenInformationError in a view that does
        not know the mover's hand."""
    def legal_actions(self) -> list[int]:
        """The same moves as action ids, in the same (increasing) order."""
    def apply(self, a_move: Any) -> None:
        """Play a move object; anything else goes to the subclass's ``_apply_slow``."""
    def _apply_move(self, a_move: Any) -> None:
        """Play a move object or a ``(card, position)`` pair (checked by the engine)."""
    def apply_action(self, action: int) -> None: ...
    def action_to_move(self, action: int) -> Any: ...
    def winners(self) -> set[int]: ...
    def scores(self) -> list[int]: ...
    def evaluate(self, seat: int) -> float:
        """Lead over the best other total, relative to the target; once over, the reward
        (1 sole winner, 2/k - 1 for k sharing winners, -1 otherwise)."""
    def best_move(self) -> Any:
        """The play with the best immediate score (ties: the first in legal order)."""
    def random_playouts(self, n: int, seed: int | None = None) -> PenticPlayoutCounts:
        """``n`` uniformly random games from here, played in Rust without the GIL; from a
        view, each game from a fresh determinization (the core's generator deals the
        unseen cards).  The same seed gives the same counts."""
    def policy_playouts(self, n: int, seed: int | None = None, depth: int | None = None) -> PenticPlayoutCounts:
        """The same with the policy of ``PenticState.playout_move`` (the best immediate
        score 85% of the time, else a random move), each game stopped after ``depth``
        moves if given."""
    def _search(self, seed: int, time_limit: float | None = None, iterations: int = 100_000,
                determinizations: int = 0, exploration: float = 0.7,
                playout_depth: int | None = 4, prior: float | None = None,
                random_playouts: bool = False, root_move: int | None = None
                ) -> tuple[int, float, int, int, int, int]:
        """The native information-set MCTS for the player to move, from that seat's view
        only, without the GIL: ``(action, value 0..1, iterations, nodes, depth, visits)``
        (``pentic.search``'s settings; ValueError when the game is over or this view does
        not know the mover's hand).  ``root_move``: an action id whose card the mover
        holds (IllegalMoveError otherwise): every iteration starts with it, and the
        answer values it."""
    players: int
    target: int
    over: bool
    ending: bool
    """The current round is the last one."""
    pile_size: int
    totals: list[int]
    turns: list[int]
    hands: list[list[int]]
    """Each seat's hand in the order it is held (-1: unknown here)."""
    pile: list[int] | None
    """The pile in drawing order; None in a view."""
    stacks: list[list[int]]
    """Each position's stack, bottom card first."""
    viewer: int | str | None
    """``"all"`` for a full state, else the seat whose view this is (None: a spectator)."""
    is_view: bool
    def tops(self) -> list[int]: ...
    def hand_sizes(self) -> list[int]: ...
    def unseen_cards(self) -> list[int]:
        """Cards not on the grid, not in a known hand, not in a known pile; lowest first."""
    # helpers for the Python subclass
    def _deal(self, players: int, target: int, order: list[int]) -> None: ...
    def _load_view(self, players: int, target: int, viewer: int | None,
                   stacks: list[list[int]], hands: list[list[int]], pile_size: int,
                   totals: list[int], turns: list[int], plays: list[tuple[Any, ...]],
                   ending: bool, to_move: int | None) -> None: ...
    def _check_card(self, card: int) -> None: ...
    def _play_count(self) -> int: ...
    def _plays(self, start: int) -> list[tuple[Any, ...]]: ...
    def _history_actions(self) -> list[int]: ...
    def _score(self, card: int, position: int) -> tuple[Any, ...]: ...
    def _previews(self) -> list[tuple[int, tuple[Any, ...]]]: ...
    def _copy(self) -> Any: ...
    def _view(self, seat: int | None) -> Any:
        """``GameOptionError`` for a seat out of range, ``HiddenInformationError`` for
        another seat's view of a view."""
    def _determinized(self, order: list[int]) -> Any: ...
    def _determinized_seeded(self, seed: int) -> Any: ...

# ---------------------------------------------------------------------------------------
# Pentomino (native/src/pentomino, bindings in native/src/py/pentomino.rs)

PENTOMINO_NUM_ACTIONS: int
"""2332: the 8×8 game's placements (0–2307, ``pentomino.notation``'s order), "pick" piece
i (2308 + i), "touch" piece i (2320 + i)."""

class PentominoPlayoutCounts(TypedDict, total=False):
    wins: list[int]
    """Games (matches, with 3–4 players) won by each seat alone."""
    draws: int
    """Matches whose best total was shared (never with 2 players)."""
    plies: int
    points: list[int]
    """3–4 players: match points per seat, all playouts together."""
    rounds: int
    """3–4 players: rounds played, all playouts together."""

class PentominoCore:
    """The native engine of Golomb's game: the position, the moves played, the rounds of a
    match.  Subclassed by ``PentominoState``; a new instance is the 2-player standard
    game until ``_setup`` gives the table's options."""

    def __new__(cls, *args: Any, **kwargs: Any) -> PentominoCore: ...
    @property
    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Any]:
        """The legal moves as ``PentominoMove`` objects (shared, immutable), in action
        order: the picks; the touched piece's placements; the touches; or the placements
        of the mover's pieces."""
    def legal_actions(self) -> list[int]: ...
    def apply(self, a_move: Any) -> None:
        """Play one of the package's move objects, or anything else through the
        subclass's ``_apply_slow`` (text is parsed there)."""
    def apply_action(self, action: int) -> None: ...
    def action_to_move(self, action: int) -> Any: ...
    def winners(self) -> set[int]: ...
    def scores(self) -> list[int]:
        """Match totals with 3–4 players; otherwise 1 for the winner, 0 for the others."""
    def evaluate(self, seat: int) -> float: ...
    def random_playouts(self, n: int, seed: int | None = None) -> PentominoPlayoutCounts:
        """``n`` uniformly random games (whole matches with 3–4 players) from here, in
        Rust without the GIL; the same seed gives the same counts."""
    @property
    def phase(self) -> str:
        """pick, place or over."""
    @property
    def pool(self) -> int:
        """Piece mask: the shared pool, or the draft's pieces still to pick."""
    @property
    def sets(self) -> list[int] | None:
        """The draft's piece masks per seat."""
    @property
    def touched(self) -> str | None: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def round_start(self) -> int: ...
    @property
    def occ(self) -> int:
        """Covered squares (bit ``row * 8 + col``)."""
    def available(self, seat: int) -> int:
        """The piece mask ``seat`` may place from."""
    # helpers for the Python subclass
    def _setup(self, players: int, draft: bool, touch_move: bool, points: list[int],
               target: int, sets: list[int] | None = None) -> None: ...
    def _check(self, kind: str, piece: int, action: int | None = None) -> None: ...
    def _play(self, kind: str, piece: int, action: int | None = None) -> None: ...
    def _can_place(self, piece: int) -> bool: ...
    def _placements(self, pieces: int) -> list[Any]: ...
    def _history_actions(self) -> list[int]: ...
    def _placed(self) -> list[tuple[int, int]]:
        """This round's placements: (seat, action)."""
    def _rounds(self) -> list[tuple[int, list[tuple[int, int]], list[int]]]: ...
    def _rounds_finished(self) -> int: ...
    def _solve(self, time_limit: float | None) -> tuple[bool, int | None, int] | None:
        """The 2-player placement phase solved exactly (GIL released): (the mover wins,
        a winning placement's action id, nodes), or None."""
    def _prove(self, time_limit: float | None) -> tuple[bool, int | None, int] | None:
        """The same by the proof search, its tables kept between calls: (the mover wins,
        a winning placement — or, lost, the move hardest to refute —, nodes), or None."""
    def _copy(self) -> Any: ...

class PentominoProver:
    """The proof search of Golomb's game (``native/src/pentomino/proof.rs``) with its own
    transposition table (2^table_bits entries of 16 bytes), kept between calls; a table
    that cannot be allocated raises MemoryError."""

    def __new__(cls, table_bits: int = 24, shared: bool = True) -> PentominoProver: ...
    def solve(self, occ: int, mine: int, theirs: int, only: int | None = None,
              time_limit: float | None = None) -> tuple[bool, int | None, int] | None:
        """(the mover wins, the winning placement or the most stubborn losing one, nodes)
        for covered squares ``occ`` and piece masks; None when time runs out.  GIL
        released."""
    @property
    def nodes(self) -> int: ...
    def table_usage(self) -> tuple[int, int]:
        """(bytes of the table, entries in use)."""
    @staticmethod
    def canonical(occ: int) -> int:
        """The least of a board's 8 symmetric images."""

class PuzzleTables:
    """A puzzle table's region, pieces and placements, with the package's move objects in
    action order (placements of the pieces inside the region, then a removal per piece)."""

    def __new__(cls, width: int, height: int, cells: list[int], pieces: int,
                moves: list[Any]) -> PuzzleTables: ...
    @property
    def num_actions(self) -> int: ...
    @property
    def num_placements(self) -> int: ...
    def squares(self, action: int) -> list[int]: ...

class PuzzleCore:
    """The native puzzle engine; subclassed by ``PuzzleState`` (``_setup(tables)`` first)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> PuzzleCore: ...
    @property
    def current_player(self) -> int | None: ...
    def is_terminal(self) -> bool: ...
    def legal_moves(self) -> list[Any]:
        """Placements of the pieces not on the board (piece order), then removals in
        placing order."""
    def legal_actions(self) -> list[int]: ...
    def apply(self, a_move: Any) -> None: ...
    def apply_action(self, action: int) -> None: ...
    def action_to_move(self, action: int) -> Any: ...
    def winners(self) -> set[int]: ...
    def scores(self) -> list[int]:
        """[cells covered]."""
    def random_playouts(self, n: int, seed: int | None = None) -> dict[str, int]:
        """Random fillings (GIL released): uniformly random placements, never a removal,
        until the region is covered or nothing left fits; {solved, stuck, cells, plies}."""
    def _setup(self, tables: PuzzleTables) -> None: ...
    def _check(self, kind: str, piece: int, action: int | None = None) -> None: ...
    def _play(self, kind: str, piece: int, action: int | None = None) -> None: ...
    def _history_actions(self) -> list[int]: ...
    def _placed(self) -> list[tuple[int, int]]:
        """(piece index, action) in placing order."""
    def _unplaced(self) -> int: ...
    def _copy(self) -> Any: ...

class PentominoSolver:
    """The exact-cover solver (wrapped by ``pentomino.solver.Solver``).  Solutions are
    lists of (piece index, the placement's grid squares), in the order placed."""

    def __new__(cls, width: int, height: int, cells: list[int], pieces: list[int],
                filled: list[int]) -> PentominoSolver: ...
    def first(self) -> list[tuple[int, list[int]]] | None: ...
    def solutions(self, limit: int | None = None) -> list[list[tuple[int, list[int]]]]: ...
    def count(self, up_to_symmetry: bool = True, keep: int = 0, progress: Any = None,
              time_limit: float | None = None
              ) -> tuple[int, int, int, list[list[tuple[int, list[int]]]], bool]:
        """(count, raw, nodes, kept solutions, complete); GIL released,
        ``progress(found, percent)`` called with it held."""

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
    def random_playouts(self, n: int, seed: int | None = None) -> PentupPlayoutCounts:
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
    def _search(self, time_limit: float | None = None, iterations: int | None = None,
                seed: int = 0, threads: int = 1, exploration: float | None = None,
                split: bool = True
                ) -> tuple[Any, float, int, int, int, int, list[float]] | None:
        """The native MCTS without the GIL: (move, mean reward of the mover 0..1,
        iterations, the move's visits, nodes, depth, the root's mean reward per seat);
        ``threads`` trees at once, roots pooled; ``split``: the tile, then its place."""
    def _nth_legal(self, n: int) -> Any: ...
    def _nth_of_piece(self, piece: int, n: int) -> Any: ...
    def _moves_for(self, piece: int) -> list[Any]: ...
    def _anchor_boards(self, ox: int, oy: int, width: int) -> dict[str, tuple[int, tuple[tuple[int, int], ...]]]:
        """For tests: the legal anchors per piece and orientation, laid out like the
        reference engine's frame."""
    @staticmethod
    def _orientations() -> list[tuple[str, int, list[tuple[int, int]]]]: ...
    def _copy(self) -> Any: ...

# --------------------------------------------------------------- observation tensors
# (native/src/<game>/observation.rs, bindings in native/src/py/observation.rs; layouts in
# pentarena.integrations.tensors and docs/research.md)

def observation_tensor(state: PentagoCore | PentupCore | PentominoCore | PenticCore,
                       seat: int) -> bytearray:
    """``state`` as ``seat`` sees it: native-endian float32s (``numpy.frombuffer``: a
    writable array, its own memory).  A
    Pentic view gives only its own seat's (HiddenInformationError, a ValueError, otherwise)."""
def information_state_tensor(state: PenticCore, seat: int) -> bytearray:
    """Pentic: the observation, then the cards each seat has played (4 × 125)."""
def observation_size(state: Any) -> int:
    """Floats in ``state``'s observation tensors."""
