"""The pure-Python Pent-Up engine (RULES.md §1): readable, complete, and the oracle the
native engine is tested against (tests/games/pentup/test_native.py).  Play itself runs on
the native engine (``rules.py``); nothing at run time imports this module.

Placement generation works on bitboards over a :class:`~.frame.Frame`.  For each level ``L``
the board ``levels[L-1]`` holds the cells of height exactly ``L-1``; a piece orientation with
cell offsets ``o1..o5`` fits at anchor ``a`` exactly when bit ``a`` is set in
``(B >> o1) & ... & (B >> o5)``, so all anchors of one orientation come out of five shifts.
Level 1 uses the occupied board and its edge neighbours instead.

>>> from pentarena.games.pentup.reference import ReferencePentUpGame
>>> state = ReferencePentUpGame(players=3).new_initial_state()
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from ...core.bitboard import bits_list, neighbours, nth_bit
from ...core.errors import IllegalMoveError, InvalidMoveError, action_index
from ...core.game import State
from ...core.polyomino import ORIENTATIONS, PIECE_NAMES, Cell
from .frame import Frame
from .notation import FAR_FIRST, FIRST_REACH, PentUpMove, coerce_move, parse_move_text
from .rules import COLOURS, NUM_ACTIONS, PLAYOUT_GREED, WINDOW, PentUpGame, Placements, Tile
from .scoring import SideScores, level_counts, winning_sides

FULL_HAND = (1 << len(PIECE_NAMES)) - 1
_PIECE_BIT = {name: 1 << i for i, name in enumerate(PIECE_NAMES)}
_ORIENT_BASE = {}  # piece -> the id of its first orientation (ids run piece by piece)
for _name in PIECE_NAMES:
    _ORIENT_BASE[_name] = sum(len(ORIENTATIONS[p]) for p in PIECE_NAMES[:PIECE_NAMES.index(_name)])


class _Anchors(NamedTuple):
    """Where one tile may go this turn: its mandatory level and, per orientation, the
    bitboard of legal anchors in the state's frame."""

    level: int
    anchors: tuple[tuple[int, int], ...]  # (orientation index, anchor bitboard)

    def count(self) -> int:
        return sum(a.bit_count() for _, a in self.anchors)


class ReferencePentUpGame(PentUpGame):
    """Pent-Up played on the pure-Python engine below (the differential tests' oracle)."""

    state_class = None  # set below, once ReferencePentUpState exists


class ReferencePentUpState(SideScores, State):
    """A Pent-Up position, in pure Python."""

    __slots__ = ("game", "seed", "_to_move", "_hands", "_tiles", "_top", "_frame",
                 "_levels", "_occ", "_cache", "_moves")

    def __init__(self, game: PentUpGame, seed: int | None = None) -> None:
        self.game = game
        self.seed = seed
        self._to_move = 0
        self._hands = [FULL_HAND] * game.players  # bit i set: PIECE_NAMES[i] unplayed
        self._tiles: list[Tile] = []
        self._top: dict[Cell, int] = {}  # cell -> index of the tile on top of it
        self._frame: Frame | None = None
        self._levels: list[int] = [0]  # [k]: bitboard of cells of height exactly k (k >= 1)
        self._occ = 0  # cells of height >= 1
        self._cache: dict[str, _Anchors] | None = None
        self._moves: tuple[PentUpMove, ...] | None = None  # the legal moves, once listed

    # ------------------------------------------------------------------ basic queries
    @property
    def current_player(self) -> int | None:
        return None if len(self._tiles) == 12 * self.game.players else self._to_move

    @property
    def tiles(self) -> list[Tile]:
        """Every placed tile, in the order played."""
        return list(self._tiles)

    def height(self, cell: Cell) -> int:
        """The number of tiles stacked on ``cell``."""
        top = self._top.get(cell)
        return 0 if top is None else self._tiles[top].level

    def top_tile(self, cell: Cell) -> Tile | None:
        top = self._top.get(cell)
        return None if top is None else self._tiles[top]

    def heights(self) -> dict[Cell, int]:
        """Height of every covered cell."""
        return {c: self._tiles[t].level for c, t in self._top.items()}

    def max_level(self) -> int:
        return len(self._levels) - 1

    def hand(self, seat: int) -> list[str]:
        """The unplayed tiles of ``seat``, as piece letters."""
        h = self._hands[seat]
        return [p for p in PIECE_NAMES if h & _PIECE_BIT[p]]

    # ------------------------------------------------------------------ generation
    def placements(self) -> dict[str, Placements]:
        """For each unplayed tile of the player to move: its mandatory level and its number
        of places."""
        return {p: Placements(pl.level, pl.count()) for p, pl in self._anchors().items()}

    def _anchors(self) -> dict[str, _Anchors]:
        """For each unplayed tile of the player to move: its mandatory level and anchors.

        Empty when the game is over.  The first tile of the game may go anywhere; its
        placements are listed with the anchor at the origin.
        """
        if self._cache is not None:
            return self._cache
        out: dict[str, _Anchors] = {}
        if self.current_player is None:
            self._cache = out
            return out
        remaining = self.hand(self._to_move)
        if not self._tiles:
            for p in remaining:
                out[p] = _Anchors(1, tuple((o, 1) for o in range(len(ORIENTATIONS[p]))))
            self._cache = out
            return out
        tables = self._frame.tables
        levels = self._levels
        for level in range(len(levels), 1, -1):
            board = levels[level - 1]
            if board.bit_count() < 5:
                continue
            shifted: dict[int, int] = {}
            placed_here = []
            for p in remaining:
                found = []
                for o, (offs, _) in enumerate(tables[p]):
                    a = -1  # all ones: AND in the five shifted boards
                    for off in offs:
                        s = shifted.get(off)
                        if s is None:
                            s = shifted[off] = board >> off
                        a &= s
                        if not a:
                            break
                    if a:
                        a = self._without_exact_covers(a, p, o, level - 1)
                        if a:
                            found.append((o, a))
                if found:
                    out[p] = _Anchors(level, tuple(found))
                    placed_here.append(p)
            if placed_here:
                remaining = [p for p in remaining if p not in placed_here]
                if not remaining:
                    break
        if remaining:
            occ = self._occ
            near = neighbours(occ, self._frame.width)
            sh_near: dict[int, int] = {}
            sh_occ: dict[int, int] = {}
            for p in remaining:
                found = []
                for o, (offs, _) in enumerate(tables[p]):
                    touch = blocked = 0
                    for off in offs:
                        s = sh_near.get(off)
                        if s is None:
                            s = sh_near[off] = near >> off
                            sh_occ[off] = occ >> off
                        touch |= s
                        blocked |= sh_occ[off]
                    a = touch & ~blocked
                    if a:
                        found.append((o, a))
                out[p] = _Anchors(1, tuple(found))
        self._cache = dict(sorted(out.items(), key=lambda kv: PIECE_NAMES.index(kv[0])))
        return self._cache

    def _without_exact_covers(self, anchors: int, piece: str, orient: int, level: int) -> int:
        """Drop anchors where the tile would sit exactly on one tile of ``level``."""
        f = self._frame
        for t in self._tiles:
            if t.level == level and t.piece == piece and t.orient == orient:
                anchors &= ~(1 << f.index(t.x, t.y))
        return anchors

    def mandatory_levels(self) -> dict[str, int]:
        """Piece letter -> the level at which that tile must be placed this turn."""
        return {p: pl.level for p, pl in self._anchors().items()}

    def moves_for(self, piece: str) -> list[PentUpMove]:
        """The legal placements of one tile this turn (at its mandatory level)."""
        pl = self._anchors().get(piece.upper())
        return self._expand(piece.upper(), pl) if pl else []

    def _expand(self, piece: str, pl: _Anchors) -> list[PentUpMove]:
        if not self._tiles:
            return [PentUpMove(piece, o, 0, 0) for o, _ in pl.anchors]
        f = self._frame
        w, ox, oy = f.width, f.ox, f.oy
        out = []
        append = out.append
        new = tuple.__new__
        for o, a in pl.anchors:
            for i in bits_list(a):
                y, x = divmod(i, w)
                append(new(PentUpMove, (piece, o, x + ox, y + oy)))
        return out

    def legal_moves(self) -> list[PentUpMove]:
        if self._moves is None:
            out: list[PentUpMove] = []
            for p, pl in self._anchors().items():
                out.extend(self._expand(p, pl))
            self._moves = tuple(out)
        return list(self._moves)

    def count_legal_moves(self) -> int:
        return sum(pl.count() for pl in self._anchors().values())

    def random_move(self, rng: random.Random) -> PentUpMove:
        """A uniformly random legal move, drawn from the bitboards without listing them."""
        pls = self._anchors()
        if not pls:
            raise IllegalMoveError("the game is over: there is no move to choose")
        total = sum(pl.count() for pl in pls.values())
        r = rng.randrange(total)
        for p, pl in pls.items():
            for o, a in pl.anchors:
                n = a.bit_count()
                if r < n:
                    if not self._tiles:
                        return PentUpMove(p, o, 0, 0)
                    x, y = self._frame.cell(nth_bit(a, r))
                    return PentUpMove(p, o, x, y)
                r -= n
        raise AssertionError("unreachable: r < total")

    # ------------------------------------------------------------------ search hooks
    def order_moves(self, moves: list[PentUpMove], rng: random.Random) -> list[PentUpMove]:
        """Higher placements first (random order within a level)."""
        rng.shuffle(moves)
        levels = self.mandatory_levels()
        moves.sort(key=lambda m: -levels[m[0]])
        return moves

    def playout_move(self, rng: random.Random) -> PentUpMove:
        """Mostly a random placement of a tile that goes highest; sometimes any move."""
        pls = self._anchors()
        if rng.random() < PLAYOUT_GREED and len(pls) > 1:
            top = max(pl.level for pl in pls.values())
            if top > 1:
                pieces = [p for p, pl in pls.items() if pl.level == top]
                p = rng.choice(pieces)
                pl = pls[p]
                r = rng.randrange(pl.count())
                for o, a in pl.anchors:
                    k = a.bit_count()
                    if r < k:
                        x, y = self._frame.cell(nth_bit(a, r))
                        return PentUpMove(p, o, x, y)
                    r -= k
        return self.random_move(rng)

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PentUpMove:
        return parse_move_text(text)

    def check_move(self, move: Any) -> None:
        move = coerce_move(move)
        seat = self._to_move
        p = move.piece
        if self.current_player is None:
            raise IllegalMoveError("the game is over: no more tiles can be placed")
        if not self._hands[seat] & _PIECE_BIT[p]:
            left = " ".join(self.hand(seat))
            raise IllegalMoveError(
                f"{COLOURS[seat]} has already placed the {p} tile; tiles left: {left}"
            )
        if not self._tiles:  # the very first tile may go anywhere (within reach)
            if any(abs(c) > FIRST_REACH for cell in move.cells for c in cell):
                raise IllegalMoveError(FAR_FIRST)
            return
        cells = move.cells
        heights = {self.height(c) for c in cells}
        if len(heights) > 1:
            shown = ", ".join(f"{c[0]},{c[1]}={self.height(c)}" for c in cells)
            raise IllegalMoveError(
                "a tile must lie flat: all five cells need the same height, but these are at "
                f"different heights ({shown}); no overhangs or gaps"
            )
        level = heights.pop() + 1
        mandatory = self._anchors()[p].level
        if mandatory > level:  # where the tile can go, before any other reason it cannot
            self._not_highest(p, mandatory, level)
        if level == 1:
            top = self._top
            if not any(
                (x + 1, y) in top or (x - 1, y) in top or (x, y + 1) in top or (x, y - 1) in top
                for x, y in cells
            ):
                raise IllegalMoveError(
                    "a tile on the table must share an edge with a tile already placed "
                    "(touching only at a corner is not enough)"
                )
        else:
            under = {self._top[c] for c in cells}
            if len(under) == 1:
                t = self._tiles[under.pop()]
                raise IllegalMoveError(
                    f"a tile cannot sit exactly on top of one tile (here the {t.piece} tile "
                    f"of {COLOURS[t.seat]} on level {t.level}): it must rest on at least two tiles"
                )
        if mandatory != level:
            self._not_highest(p, mandatory, level)

    def _not_highest(self, p: str, mandatory: int, level: int) -> None:
        example = self.moves_for(p)
        spots = len(example)
        raise IllegalMoveError(
            f"the {p} tile fits on level {mandatory}, so it must be placed there (a tile "
            f"always goes on the highest level where it fits); you tried level {level}. "
            f"It has {spots} spot{'s' if spots != 1 else ''} on level {mandatory}, "
            f"for example {example[0]}"
        )

    def _apply_move(self, move: PentUpMove) -> None:
        cells = move.cells
        seat = self._to_move
        level = self.height(cells[0]) + 1
        index = len(self._tiles)
        self._tiles.append(Tile(seat, move.piece, move.orient, move[2], move[3], level))
        for c in cells:
            self._top[c] = index
        self._hands[seat] &= ~_PIECE_BIT[move.piece]
        self._to_move = (seat + 1) % self.game.players
        self._cache = None
        self._moves = None
        f = self._frame
        if f is None or not f.holds(cells):
            self._rebuild_frame()
            return
        mask = f.mask(cells)
        if level == 1:
            self._occ |= mask
        else:
            self._levels[level - 1] &= ~mask
        if level == len(self._levels):
            self._levels.append(mask)
        else:
            self._levels[level] |= mask

    def _rebuild_frame(self) -> None:
        f = self._frame = Frame.around(self._top)
        levels = [0] * (max(t.level for t in self._tiles) + 1)
        for (x, y), t in self._top.items():
            levels[self._tiles[t].level] |= 1 << f.index(x, y)
        self._levels = levels
        occ = 0
        for b in levels:
            occ |= b
        self._occ = occ

    def clone(self) -> ReferencePentUpState:
        new = ReferencePentUpState.__new__(ReferencePentUpState)
        new.game = self.game
        new.seed = self.seed
        new._to_move = self._to_move
        new._hands = self._hands[:]
        new._tiles = self._tiles[:]
        new._top = self._top.copy()
        new._frame = self._frame
        new._levels = self._levels[:]
        new._occ = self._occ
        new._cache = self._cache  # never mutated once built
        new._moves = self._moves
        return new

    # ------------------------------------------------------------------ outcome
    def level_counts(self) -> list[list[int]]:
        """Per seat, the tiles placed at level 1, 2, ... up to the highest level reached."""
        top = max(1, self.max_level())
        by_seat: list[list[int]] = [[] for _ in range(self.game.players)]
        for t in self._tiles:
            by_seat[t.seat].append(t.level)
        return level_counts(by_seat, top)

    def winners(self) -> set[int]:
        if not self.is_terminal():
            return set()
        sides = self.game.sides
        return {s for i in winning_sides(self.side_records()) for s in sides[i]}

    # ------------------------------------------------------------------ dense actions
    @property
    def action_window(self) -> tuple[int, int, int, int]:
        """``(x, y, width, height)``: the window of the action ids (see ``rules.py``)."""
        if not self._tiles:
            return (-5, -5, WINDOW, WINDOW)
        x0 = min(x for x, _ in self._top) - 5
        y0 = min(y for _, y in self._top) - 5
        moves = self.legal_moves()
        if moves and not any(self._in_window(m, x0, y0) for m in moves):
            first = moves[0]
            x0, y0 = first[2] - WINDOW // 2, first[3] - WINDOW // 2
        return (x0, y0, WINDOW, WINDOW)

    @staticmethod
    def _in_window(move: PentUpMove, x0: int, y0: int) -> bool:
        return x0 <= move[2] < x0 + WINDOW and y0 <= move[3] < y0 + WINDOW

    @property
    def actions_complete(self) -> bool:
        x0, y0, _, _ = self.action_window
        return all(self._in_window(m, x0, y0) for m in self.legal_moves())

    def _action(self, move: PentUpMove, x0: int, y0: int) -> int:
        orient = _ORIENT_BASE[move[0]] + move[1]
        return (orient * WINDOW + move[3] - y0) * WINDOW + move[2] - x0

    def legal_actions(self) -> list[int]:
        x0, y0, _, _ = self.action_window
        return [self._action(m, x0, y0) for m in self.legal_moves() if self._in_window(m, x0, y0)]

    def action_to_move(self, action: Any) -> PentUpMove:
        action = action_index(action, NUM_ACTIONS)  # (True is no action 1)
        x0, y0, _, _ = self.action_window
        orient, rest = divmod(action, WINDOW * WINDOW)
        dy, dx = divmod(rest, WINDOW)
        piece = next(p for p in reversed(PIECE_NAMES) if _ORIENT_BASE[p] <= orient)
        return PentUpMove(piece, orient - _ORIENT_BASE[piece], x0 + dx, y0 + dy)

    def move_to_action(self, move: Any) -> int:
        move = parse_move_text(move) if isinstance(move, str) else coerce_move(move)
        x0, y0, _, _ = self.action_window
        if not self._in_window(move, x0, y0):
            raise InvalidMoveError(
                f"{move} lies outside the action window (anchors x {x0}..{x0 + WINDOW - 1}, "
                f"y {y0}..{y0 + WINDOW - 1}): it has no action id; play it with apply()")
        return self._action(move, x0, y0)

    def apply_action(self, action: Any) -> None:
        move = self.action_to_move(action)
        action = action_index(action, NUM_ACTIONS)
        if not self._tiles and not self.is_terminal() and action not in self.legal_actions():
            # any place is legal for the first tile, but the action ids (and the mask) are
            # one for each orientation, its lowest-left corner at (0, 0)
            raise IllegalMoveError(
                f"action {action} is not one of the first tile's: on the empty table the "
                f"action ids are those legal_actions() lists, each orientation once, its lowest-left corner at (0, 0)")
        self.apply(move)

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return [str(t.move) for t in self._tiles]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "moves": self.history(),
            "to_move": self.current_player,
            "hands": [self.hand(s) for s in range(self.game.players)],
            "tiles": [
                {"seat": t.seat, "piece": t.piece, "level": t.level,
                 "cells": [list(c) for c in t.cells]}
                for t in self._tiles
            ],
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


ReferencePentUpGame.state_class = ReferencePentUpState
