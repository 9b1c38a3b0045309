"""Golomb's pentomino game on 8×8 (RULES.md §3): the 2-player game, touch-move, the draft
variant with rematches, and 3–4 player matches of rounds.

The rules run in the native engine (``native/src/pentomino``, ``pentarena._native``).
:class:`PentominoState` inherits the engine's core, so the hot calls of the public API —
``legal_moves()``, ``apply()``, ``legal_actions()``, ``apply_action()``,
``is_terminal()``, ``current_player``, ``winners()``, ``scores()``, ``evaluate()``,
``random_playouts()`` — are Rust methods called directly; this module adds the readable
rest: set-up (the draft's preset sets), move text, JSON, rounds, rematches, the endgame
solver's answer as a move.  The pure-Python engine in ``reference.py`` is the oracle the
native one is tested against.

Dense actions (``num_distinct_actions`` = 2,332 for every option set; see
``notation.py``): the 2,308 placements on the 8×8 board, then "pick" and "touch" per piece.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..._native import PENTOMINO_NUM_ACTIONS, PentominoCore, PentominoProver
from ...core.errors import (
    GameOptionError,
    IllegalMoveError,
    InvalidMoveError,
    StateFormatError,
    described,
    shown,
)
from ...core.game import (
    Game,
    Solution,
    State,
    check_time_limit,
    json_seed,
    replay_moves,
    resolve_options,
    setup_seed,
)
from ...core.polyomino import PIECE_NAMES
from .notation import (
    BOARD,
    NUM_ACTIONS,
    PICKS,
    TOUCHES,
    PentominoMove,
    board_action,
    board_tables,
    read_move,
)

ALL = (1 << 12) - 1
PROVER_TABLE_BITS = 20
"""A bot's own proof-search table: 2^20 entries, 16 MB (4 times that with the book:
``expert`` and ``perfect``)."""
BIT = {p: 1 << i for i, p in enumerate(PIECE_NAMES)}
POINTS = {"10-5": (10, 5), "15-10-5": (15, 10, 5)}
COLOURS = ("Amber", "Teal", "Plum", "Slate")
assert PENTOMINO_NUM_ACTIONS == NUM_ACTIONS

__all__ = ["ALL", "BIT", "BOARD", "COLOURS", "POINTS", "PentominoGame", "PentominoState", "letters"]


def letters(mask: int) -> list[str]:
    return [p for p in PIECE_NAMES if mask & BIT[p]]


class PentominoGame(Game):
    name = "pentomino"
    num_distinct_actions = NUM_ACTIONS
    """Dense action ids: see ``pentomino.notation``."""
    state_class: type[State]  # PentominoState, set below (the reference engine: its own)
    level_tuning = MappingProxyType({
        # who first solves a position that the mover wins (most are, a few pieces in) wins
        # the game, so the levels solve exactly from ever earlier pieces: easy (greedy
        # before) and medium (MCTS before, the proof search) from the 5th piece on the
        # board, hard from the 4th, expert from the 3rd (4.25 s a move; MCTS for all of
        # its time before) and perfect from the start with the proof's books.  With the
        # books expert was perfect as the first player, and solving from the start it
        # usually solved its second move: perfect v expert was an even match, then 55%
        # (README, "Pentomino levels").
        # medium and hard use 70% and 80% of their time, so that their answers come
        # within 0.5 s and 2 s on a busy machine.
        "easy": {"solve_share": 0.05, "solve_when": lambda s: len(s.placed) >= 5},
        "medium": {"solver": "prove", "solve_share": 0.33, "time_share": 0.7,
                   "solve_when": lambda s: len(s.placed) >= 5},
        "hard": {"solver": "prove", "solve_share": 0.7, "time_share": 0.8,
                 "solve_when": lambda s: len(s.placed) >= 4},
        "expert": {"solver": "prove", "solve_share": 0.85,
                   "solve_when": lambda s: len(s.placed) >= 3},
    })

    def __init__(self, players: int = 2, variant: str = "standard", touch_move: bool = False,
                 scoring: str = "10-5", target: int = 50) -> None:
        # the options load_game checks, checked here too (the class and the reference
        # engine's refuse what load_game refuses)
        resolved = resolve_options(self.name, {
            "players": players, "variant": variant, "touch_move": touch_move,
            "scoring": scoring, "target": target})
        players, variant, touch_move, scoring, target = (
            resolved[k] for k in ("players", "variant", "touch_move", "scoring", "target"))
        super().__init__(players=players, variant=variant, touch_move=touch_move,
                         scoring=scoring, target=target)
        self.players = players
        self.variant = variant
        self.touch_move = touch_move
        self.scoring = scoring
        self.target = target

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def rounds(self) -> bool:
        """Whether this table plays a match of rounds (3–4 players, standard variant)."""
        return self.players >= 3 and self.variant == "standard"

    def new_initial_state(self, seed: int | None = None, sets: Sequence[Sequence[str]] | None = None,
                          **kwargs: Any) -> PentominoState:
        """The start.  Draft only: ``sets`` gives each seat's pieces and skips the picks
        (a rematch)."""
        if kwargs:
            raise TypeError(f"pentomino takes seed and sets only, not {sorted(kwargs)}")
        return self.state_class(self, setup_seed(seed), sets)

    def state_from_json(self, data: Mapping[str, Any] | str) -> PentominoState:
        data = self._check_json_header(data)
        seed = json_seed(data)
        try:
            state = self.state_class(self, seed, data.get("preset_sets"))
        except ValueError as exc:
            raise StateFormatError(f"bad 'preset_sets': {exc}") from None
        return replay_moves(state, data)


def check_sets(sets: Sequence[Sequence[str]], players: int) -> list[int]:
    """Each seat's preset pieces as a piece mask; GameOptionError (a ValueError: a set-up
    value) if they are not one set of ``12 // players`` distinct pieces per seat."""
    if not isinstance(sets, (list, tuple)) or len(sets) != players:
        raise GameOptionError(f"give one set of pieces per seat ({players})")
    seen = 0
    masks = []
    for s in sets:
        if not isinstance(s, (list, tuple)) or len(s) != 12 // players:
            raise GameOptionError(f"each seat drafts {12 // players} pieces")
        mask = 0
        for p in s:
            if not isinstance(p, str) or p not in BIT or seen & BIT[p]:
                raise GameOptionError(f"bad or repeated piece {shown(p)} in the sets: a piece "
                                      f"is one of the letters {' '.join(PIECE_NAMES)}")
            seen |= BIT[p]
            mask |= BIT[p]
        masks.append(mask)
    return masks


class PentominoState(PentominoCore, State):
    """A Golomb's-game position on the native engine.

    Inherited from the engine (``pentarena._native.PentominoCore``): ``current_player``,
    ``is_terminal``, ``legal_moves``, ``legal_actions``, ``apply`` (the package's move
    objects are checked and played in Rust; text and anything else come back to
    :meth:`check_move` here), ``apply_action``, ``action_to_move``, ``winners``,
    ``scores``, ``evaluate``, ``random_playouts``, ``available``, and the position:
    ``phase`` (pick, place, over), ``pool`` and ``sets`` (piece masks), ``touched``,
    ``totals``, ``round_start``, ``occ`` (covered squares).
    """

    def __init__(self, game: PentominoGame, seed: int | None = None,
                 sets: Sequence[Sequence[str]] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.preset: list[list[str]] | None = None
        masks = None
        if game.variant == "draft":
            if sets is not None:
                masks = check_sets(sets, game.players)
                self.preset = [list(s) for s in sets]
        elif sets is not None:
            raise GameOptionError("sets are only for the draft variant")
        self._setup(game.players, game.variant == "draft", game.touch_move,
                    list(POINTS[game.scoring]), game.target, masks)

    # ------------------------------------------------------------------ queries
    def can_place(self, piece: str) -> bool:
        """Whether ``piece`` (a letter) fits somewhere on the empty squares."""
        if not isinstance(piece, str) or piece not in BIT:
            raise InvalidMoveError(f"there is no pentomino called {shown(piece)}; the pieces "
                                   f"are {' '.join(PIECE_NAMES)}")
        return self._can_place(PIECE_NAMES.index(piece))

    @property
    def placed(self) -> list[tuple[int, str, int]]:
        """This round's placements: (seat, piece, mask)."""
        moves = board_tables()[0]
        return [(seat, moves[a][1], moves[a][2]) for seat, a in self._placed()]

    @property
    def rounds(self) -> list[dict[str, Any]]:
        """The finished rounds of a match: who started, the placements, the points."""
        moves = board_tables()[0]
        return [{"start": start,
                 "placed": [{"seat": s, "piece": moves[a][1], "squares": BOARD.squares(moves[a][2])}
                            for s, a in placed],
                 "points": points}
                for start, placed, points in self._rounds()]

    def solve_position(self, time_limit: float = 1.0) -> Solution | None:
        """Perfect play in the 2-player placement phase (the native endgame solver): solved
        from about the third or fourth piece on within a second.  None for the draft
        picks, 3–4 player rounds, or when ``time_limit`` runs out."""
        check_time_limit(time_limit, optional=True)
        base = self.clone()  # (another thread may play on self while the solver runs)
        if base.phase != "place" or self.game.players != 2:
            return None
        found = base._solve(time_limit)
        if found is None:
            return None
        wins, action, nodes = found
        if not wins:
            return Solution(-1, base.legal_moves()[0], nodes)
        move = board_tables()[0][action]
        if self.game.touch_move and base.touched is None:
            return Solution(1, TOUCHES[move.piece], nodes)
        return Solution(1, move, nodes)

    stubborn_losses = True
    """``perfect_move`` names, in a lost position, the move hardest to refute."""

    def perfect_move(self, time_limit: float = 1.0, book: bool = True,
                     memory: dict[str, Any] | None = None) -> Solution | None:
        """The ``perfect`` level's move in the 2-player placement phase: the opening book
        of the proof from the empty board (``golomb.py``: the first move — value 0 until
        the proof is finished —, the winning answer to each reply proved so far, and the
        winning reply to each first move proved lost), else the proof search (``_prove``:
        tables kept between moves).  A lost position (value -1) comes with the move whose
        refutation took the search the most work.  In the draft variant, with ``book``,
        the table of proved drafts (``draft_proof.py``) picks where it shows a win for the
        picker, and gives a proved draft's first placement.  None as for
        :meth:`solve_position` (and for a pick the table does not settle)."""
        check_time_limit(time_limit, optional=True)
        if self.game.players != 2:
            return None
        if self.phase == "pick":
            found = self._draft_pick() if book else None
            return found if found is not None and found.value == 1 else None
        if self.phase != "place":
            return None
        moves = board_tables()[0]
        if book:
            found = (self._draft_table() if self.game.variant == "draft" else
                     self._golomb_book() if self.game.variant == "standard" else None)
            if found is not None and (self.touched is None or self.touched == found.move.piece):
                return self._placing(found)
        if memory is None:
            found = self._prove(time_limit)
        else:  # the caller's own prover (a bot's), its tables kept between its moves
            prover = memory.get("prover")
            if prover is None:
                prover = memory["prover"] = PentominoProver(PROVER_TABLE_BITS + 2 * book,
                                                            self.game.variant == "standard")
            seat = self.current_player
            only = None if self.touched is None else PIECE_NAMES.index(self.touched)
            found = prover.solve(self.occ, self.available(seat), self.available(1 - seat), only,
                                 time_limit)
        if found is None:
            return None
        wins, action, nodes = found
        if action is None:
            return Solution(-1, self.legal_moves()[0], nodes)
        return self._placing(Solution(1 if wins else -1, moves[action], nodes))

    def proved_value(self) -> Solution | None:
        """What the shipped proofs settle, without a search: a draft's picks (the table of
        proved drafts: won for the picker, with the pick that keeps the win, or lost) and
        a finished draft's first placement; in Golomb's game the empty board, the position
        after the proof's first move (lost), and the positions the opening book answers
        with a proved win.  None elsewhere (and for a touched piece's second half)."""
        from . import golomb

        if self.game.players != 2 or self.touched is not None:
            return None
        if self.phase == "pick":
            return self._draft_pick()
        if self.phase != "place":
            return None
        if self.game.variant == "draft":
            found = self._draft_table()
            return None if found is None else self._placing(found)
        book = golomb.load_book()
        if self.game.variant != "standard" or book is None:
            return None
        found = self._golomb_book()
        if found is not None and found.value == 1:
            return self._placing(found)  # a proved win
        first = board_tables()[0][book["first"]]
        after_first = golomb.ALL & ~(1 << PIECE_NAMES.index(first.piece))
        if (len(self._placed()) == 1 and book["proved"] and golomb.position_key(self.occ, self.pool)[0]
                == golomb.position_key(first[2], after_first)[0]):
            return Solution(-1, self.legal_moves()[0], 0)  # every reply is refuted
        return None

    def _golomb_book(self) -> Solution | None:
        """The opening book's placement for this position, if it has one: a proved win,
        but for the first move of a proof still running (value 0, the best bet: the game
        has no draws)."""
        from . import golomb

        moves = board_tables()[0]
        placed = len(self._placed())
        action = golomb.book_move(self.occ, self.pool, placed)
        if action is None or moves[action][2] & self.occ:
            return None
        proved = placed > 0 or golomb.load_book()["proved"]
        return Solution(1 if proved else 0, moves[action], 0)

    def _draft_table(self) -> Solution | None:
        """A proved draft's first placement (the table of proved drafts: the first placer's
        winning placement or, lost, its longest defence) and the winning answer to the
        first placer's first placement (the shipped answers, for the drafts the first
        picker's proved strategy reaches)."""
        from . import draft_proof

        moves = board_tables()[0]
        if len(self.placed) > 1:
            return None
        if not self.placed:  # the key: the set of the seat that does not place first
            entry = draft_proof.load_book().get(self.sets[1 - self.current_player])
            if entry is None or entry[1] is None:
                return None
            return Solution(1 if entry[0] else -1, moves[entry[1]], 0)
        ((seat, piece, occ),) = self.placed
        if seat != 1 or self.current_player != 0:  # the answers are seat 0's
            return None
        action = draft_proof.answer(self.sets[0], piece, occ)
        return None if action is None else Solution(1, moves[action], 0)

    def _draft_pick(self) -> Solution | None:
        """A draft pick as the table of proved drafts settles it: won for the picker (with
        the pick that keeps the win) or lost; None where the proved drafts do not say."""
        from . import draft_proof

        m0, m1 = self.sets
        if not draft_proof.load_book() or draft_proof.picker(m0, m1) != self.current_player:
            return None
        picks = draft_proof.book_picks()
        pn, dn = picks.numbers(m0, m1)
        if pn and dn:
            return None
        piece = picks.best_pick(m0, m1)
        if piece is None:
            return Solution(-1, self.legal_moves()[0], 0)
        return Solution(1, PICKS[PIECE_NAMES[piece]], 0)

    def _placing(self, solution: Solution) -> Solution:
        """With touch-move, a placement's piece is touched first."""
        if self.game.touch_move and self.touched is None:
            return Solution(solution.value, TOUCHES[solution.move.piece], solution.nodes)
        return solution

    def board_pieces(self) -> dict[int, tuple[int, str]]:
        """Square index -> (seat, piece) for every covered square this round."""
        out = {}
        for seat, piece, mask in self.placed:
            m = mask
            while m:
                low = m & -m
                out[low.bit_length() - 1] = (seat, piece)
                m ^= low
        return out

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PentominoMove:
        return read_move(BOARD, text, self)

    _apply_slow = State.apply  # what the engine's apply() calls for text and other objects

    def _engine_move(self, move: Any) -> tuple[str, int, int | None]:
        """(kind, piece index, action id of a placement) for the engine."""
        if isinstance(move, str):
            move = self.parse_move(move)
        if (not isinstance(move, PentominoMove) or len(move) != 4
                or not isinstance(move[1], str) or move[1] not in BIT):
            raise InvalidMoveError(f"not a pentomino move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2")
        kind, piece = move[0], PIECE_NAMES.index(move[1])
        if kind not in ("place", "pick", "touch", "remove"):  # (0 or None: no kind at all)
            raise InvalidMoveError(f"not a pentomino move: {described(move)}; "
                                   "e.g. L:a1,b1,c1,d1,d2")
        if kind == "place":
            try:
                action = board_tables()[1].get(move)
            except TypeError:  # a mask holding a list: no placement
                action = None
            if action is None:
                raise InvalidMoveError(f"not a pentomino move: {described(move)}; "
                                       "e.g. L:a1,b1,c1,d1,d2")
            return kind, piece, action
        return kind, piece, None

    def check_move(self, move: Any) -> None:
        self._check(*self._engine_move(move))  # the engine says what is wrong, if anything

    def _apply_move(self, move: PentominoMove) -> None:
        self._play(*self._engine_move(move))

    def move_to_action(self, move: PentominoMove | str) -> int:
        """The action id of a move object or move text."""
        if isinstance(move, str):
            move = self.parse_move(move)
        return board_action(move)

    def rematch(self, resigned: bool = False) -> PentominoState:
        """A finished draft game's rematch: a new game with the sets swapped (2 players)
        or passed one seat on (seat i gets seat i − 1's), without picks.  ``resigned``:
        the game ended by a resignation (a server's, a terminal's), its draft done."""
        if self.sets is None:
            raise IllegalMoveError("a rematch with swapped sets is for the draft variant")
        if not (self.is_terminal() or resigned):  # RULES.md §3: a finished draft game
            raise IllegalMoveError("a rematch comes once this game is over")
        if self.phase == "pick":
            raise IllegalMoveError("the draft was not finished: there are no sets to swap")
        original = self.preset or self._drafted()
        n = self.game.players
        rotated = [original[(i - 1) % n] for i in range(n)]
        return type(self)(self.game, self.seed, rotated)

    def _drafted(self) -> list[list[str]]:
        sets: list[list[str]] = [[] for _ in range(self.game.players)]
        seat = 0
        for text in self.history():
            if text.startswith("pick "):
                sets[seat].append(text[5:])
                seat = (seat + 1) % self.game.players
        return sets

    def clone(self) -> PentominoState:
        new = self._copy()
        new.game = self.game
        new.seed = self.seed
        new.preset = self.preset
        return new

    def __reduce__(self):
        return _from_json, (self.game, self.to_json())

    # ------------------------------------------------------------------ outcome
    def result_details(self) -> dict[str, Any]:
        placed = self._placed()
        return {"rounds": self.rounds, "totals": self.totals,
                "last_placer": placed[-1][0] if placed else None}

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        text = board_text()
        return [text[a] for a in self._history_actions()]

    def to_json(self) -> dict[str, Any]:
        moves, text = board_tables()[0], board_text()
        board: list[list[Any]] = [[None] * 8 for _ in range(8)]
        placed = []
        for seat, a in self._placed():
            piece, mask = moves[a][1], moves[a][2]
            squares = []
            while mask:
                low = mask & -mask
                sq = low.bit_length() - 1
                board[sq >> 3][sq & 7] = [seat, piece]
                squares.append(SQUARES[sq])
                mask ^= low
            placed.append({"seat": seat, "piece": piece, "squares": squares})
        sets = self.sets
        phase = self.phase
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "preset_sets": self.preset,
            "moves": [text[a] for a in self._history_actions()],
            "phase": phase,
            "to_move": self.current_player,
            "touched": self.touched,
            "pool": letters(self.pool),
            "sets": [letters(s) for s in sets] if sets is not None else None,
            "board": board,
            "placed": placed,
            "totals": self.totals,
            "round": self._rounds_finished() + (phase != "over"),
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


SQUARES = tuple(BOARD.name(i) for i in range(64))
PentominoGame.state_class = PentominoState


_TEXT: tuple[str, ...] = ()


def board_text() -> tuple[str, ...]:
    """Each action's move text (built on first use)."""
    global _TEXT
    if not _TEXT:
        from . import notation

        _TEXT = notation.BOARD_TEXT
    return _TEXT


def _from_json(game: PentominoGame, data: dict[str, Any]) -> PentominoState:
    return game.state_from_json(data)
