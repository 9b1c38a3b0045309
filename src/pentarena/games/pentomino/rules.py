"""Golomb's pentomino game on 8×8 (RULES.md §3): the 2-player game, touch-move, the draft
variant with rematches, and 3–4 player matches of rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...core.errors import GameOptionError, IllegalMoveError, InvalidMoveError, StateFormatError
from ...core.game import Game, Solution, State, json_seed, replay_moves
from ...core.polyomino import PIECE_NAMES
from .board import Grid
from .endgame import solve_placement
from .notation import PICKS, TOUCHES, PentominoMove, parse_move_text, place_moves

BOARD = Grid.rectangle(8, 8)
ALL = (1 << 12) - 1
BIT = {p: 1 << i for i, p in enumerate(PIECE_NAMES)}
POINTS = {"10-5": (10, 5), "15-10-5": (15, 10, 5)}
COLOURS = ("Amber", "Teal", "Plum", "Slate")


def letters(mask: int) -> list[str]:
    return [p for p in PIECE_NAMES if mask & BIT[p]]


class PentominoGame(Game):
    name = "pentomino"

    def __init__(self, players: int = 2, variant: str = "standard", touch_move: bool = False,
                 scoring: str = "10-5", target: int = 50) -> None:
        if scoring == "15-10-5" and players != 4:
            raise GameOptionError("scoring 15-10-5 is for 4 players")
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
        return PentominoState(self, seed, sets)

    def state_from_json(self, data: Mapping[str, Any] | str) -> PentominoState:
        data = self._check_json_header(data)
        try:
            state = PentominoState(self, json_seed(data), data.get("preset_sets"))
        except ValueError as exc:
            raise StateFormatError(f"bad 'preset_sets': {exc}") from None
        return replay_moves(state, data)


class PentominoState(State):
    def __init__(self, game: PentominoGame, seed: int | None = None,
                 sets: Sequence[Sequence[str]] | None = None) -> None:
        self.game = game
        self.seed = seed
        n = game.players
        self.occ = 0
        self.placed: list[tuple[int, str, int]] = []  # this round: (seat, piece, mask)
        self.pool = ALL
        self.sets: list[int] | None = None
        self.preset: list[list[str]] | None = None
        self.touched: str | None = None
        self.totals = [0] * n
        self.rounds: list[dict[str, Any]] = []
        self.round_start = 0
        self._history: list[str] = []
        self._winners: frozenset[int] = frozenset()
        self.phase = "place"
        self._to_move = 0
        if game.variant == "draft":
            self.sets = [0] * n
            if sets is not None:
                self._preset(sets)
            else:
                self.phase = "pick"
        elif sets is not None:
            raise ValueError("sets are only for the draft variant")
        self._check_end()

    def _preset(self, sets: Sequence[Sequence[str]]) -> None:
        n = self.game.players
        if not isinstance(sets, (list, tuple)) or len(sets) != n:
            raise ValueError(f"give one set of pieces per seat ({n})")
        seen = 0
        for i, s in enumerate(sets):
            if not isinstance(s, (list, tuple)) or len(s) != 12 // n:
                raise ValueError(f"each seat drafts {12 // n} pieces")
            for p in s:
                if p not in BIT or seen & BIT[p]:
                    raise ValueError(f"bad or repeated piece {p!r} in the sets")
                seen |= BIT[p]
                self.sets[i] |= BIT[p]
        self.preset = [list(s) for s in sets]
        self._to_move = 1 % n  # placement starts after the seat that (would have) picked first

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self._to_move

    def available(self, seat: int) -> int:
        """Bitmask of the pieces ``seat`` may place now."""
        return self.sets[seat] if self.sets is not None else self.pool

    def can_place(self, piece: str) -> bool:
        occ = self.occ
        return any(not m & occ for m, _ in place_moves(BOARD)[piece])

    def _placements(self, pieces: int) -> list[PentominoMove]:
        occ = self.occ
        table = place_moves(BOARD)
        out: list[PentominoMove] = []
        for p in PIECE_NAMES:
            if pieces & BIT[p]:
                out.extend([mv for m, mv in table[p] if not m & occ])
        return out

    def legal_moves(self) -> list[PentominoMove]:
        if self.phase == "over":
            return []
        if self.phase == "pick":
            return [PICKS[p] for p in letters(self.pool)]
        if self.touched is not None:
            return self._placements(BIT[self.touched])
        avail = self.available(self._to_move)
        if self.game.touch_move:
            return [TOUCHES[p] for p in letters(avail) if self.can_place(p)]
        return self._placements(avail)

    def random_move(self, rng: random.Random) -> PentominoMove:
        return rng.choice(self.legal_moves())

    def solve_position(self, time_limit: float = 1.0) -> Solution | None:
        """Perfect play in the 2-player placement phase (see ``endgame.py``): solved from
        about the fourth or fifth piece on within a second.  None for the draft picks,
        3–4 player rounds, or when ``time_limit`` runs out."""
        if self.phase != "place" or self.game.players != 2:
            return None
        me = self._to_move
        only = None if self.touched is None else PIECE_NAMES.index(self.touched)
        found = solve_placement(BOARD, self.occ, self.available(me), self.available(1 - me),
                                self.sets is None, time_limit, only)
        if found is None:
            return None
        wins, placement, nodes = found
        if not wins:
            return Solution(-1, self.legal_moves()[0], nodes)
        piece = PIECE_NAMES[placement[0]]
        if self.game.touch_move and self.touched is None:
            return Solution(1, TOUCHES[piece], nodes)
        move = next(mv for m, mv in place_moves(BOARD)[piece] if m == placement[1])
        return Solution(1, move, nodes)

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
        return parse_move_text(BOARD, text)

    def check_move(self, move: Any) -> None:
        if isinstance(move, str):
            move = self.parse_move(move)
        if not isinstance(move, PentominoMove) or len(move) != 4 or move[1] not in BIT:
            raise InvalidMoveError(f"not a pentomino move: {move!r}; e.g. L:a1,b1,c1,d1,d2")
        if self.phase == "over":
            raise IllegalMoveError("the game is over: no more pieces can be placed")
        kind, p = move[0], move[1]
        seat = self._to_move
        if self.phase == "pick":
            if kind != "pick":
                raise IllegalMoveError(f"the draft comes first: pick a piece, e.g. "
                                       f"'pick {letters(self.pool)[0]}'")
            if not self.pool & BIT[p]:
                raise IllegalMoveError(f"the {p} has already been picked; left: "
                                       f"{' '.join(letters(self.pool))}")
            return
        if kind == "pick":
            raise IllegalMoveError("the draft is over: place one of your pieces")
        if kind == "remove":
            raise IllegalMoveError("pieces stay where they are placed once on the board")
        avail = self.available(seat)
        if not avail & BIT[p]:
            where = "your set" if self.sets is not None else "the pool"
            raise IllegalMoveError(f"the {p} is not in {where}; you can use "
                                   f"{' '.join(letters(avail))}")
        if kind == "touch":
            if not self.game.touch_move:
                raise IllegalMoveError("touch-move is off at this table: just place a piece")
            if self.touched is not None:
                raise IllegalMoveError(f"you have touched the {self.touched}: place it")
            if not self.can_place(p):
                raise IllegalMoveError(f"the {p} fits nowhere on the board: touch another piece")
            return
        # a placement
        if self.touched is not None and p != self.touched:
            raise IllegalMoveError(f"touch-move: you touched the {self.touched}, so you must "
                                   f"place it")
        if self.game.touch_move and self.touched is None:
            raise IllegalMoveError(f"touch-move is on: first touch the piece ('touch {p}')")
        if move[2] & self.occ:
            taken = ", ".join(BOARD.squares(move[2] & self.occ))
            raise IllegalMoveError(f"{taken} {'is' if ',' not in taken else 'are'} already "
                                   f"covered: a piece goes on five empty squares")

    def _apply_move(self, move: PentominoMove) -> None:
        kind, p, mask, text = move
        seat = self._to_move
        n = self.game.players
        self._history.append(text)
        if kind == "pick":
            self.pool &= ~BIT[p]
            self.sets[seat] |= BIT[p]
            if self.pool:
                self._to_move = (seat + 1) % n
            else:
                self.phase = "place"
                self._to_move = 1 % n  # the seat after the one who picked first (seat 0)
            self._check_end()
            return
        if kind == "touch":
            self.touched = p
            return
        self.touched = None
        self.occ |= mask
        self.placed.append((seat, p, mask))
        if self.sets is not None:
            self.sets[seat] &= ~BIT[p]
        else:
            self.pool &= ~BIT[p]
        self._to_move = (seat + 1) % n
        self._check_end()

    def _check_end(self) -> None:
        """End the round (or the game) when the player to move cannot place anything."""
        if self.phase != "place":
            return
        seat = self._to_move
        avail = self.available(seat)
        if any(self.can_place(p) for p in letters(avail)):
            return
        placers = [s for s, _, _ in self.placed]
        if not self.game.rounds:
            self._finish(frozenset({placers[-1]}) if placers else frozenset())
            return
        points = POINTS[self.game.scoring]
        awarded = [0] * self.game.players
        for k, pts in enumerate(points):
            if len(placers) > k:
                awarded[placers[-1 - k]] += pts
        for s in range(self.game.players):
            self.totals[s] += awarded[s]
        self.rounds.append({"start": self.round_start, "placed": [
            {"seat": s, "piece": p, "squares": BOARD.squares(m)} for s, p, m in self.placed],
            "points": awarded})
        if max(self.totals) >= self.game.target:
            best = max(self.totals)
            self._finish(frozenset(s for s, t in enumerate(self.totals) if t == best))
            return
        self.occ = 0
        self.placed = []
        self.pool = ALL
        self.round_start = (self.round_start + 1) % self.game.players
        self._to_move = self.round_start

    def _finish(self, winners: frozenset[int]) -> None:
        self._winners = winners
        self.phase = "over"

    def rematch(self) -> PentominoState:
        """Draft only: a new game with the sets swapped (2 players) or passed one seat on."""
        if self.sets is None:
            raise IllegalMoveError("a rematch with swapped sets is for the draft variant")
        if self.phase == "pick":
            raise IllegalMoveError("the draft is not finished yet")
        original = self.preset or self._drafted()
        n = self.game.players
        rotated = [original[(i - 1) % n] for i in range(n)]
        return PentominoState(self.game, self.seed, rotated)

    def _drafted(self) -> list[list[str]]:
        sets: list[list[str]] = [[] for _ in range(self.game.players)]
        seat = 0
        for text in self._history:
            if text.startswith("pick "):
                sets[seat].append(text[5:])
                seat = (seat + 1) % self.game.players
        return sets

    def clone(self) -> PentominoState:
        new = PentominoState.__new__(PentominoState)
        new.__dict__.update(self.__dict__)
        new.placed = self.placed[:]
        new.sets = self.sets[:] if self.sets is not None else None
        new.totals = self.totals[:]
        new.rounds = self.rounds[:]
        new._history = self._history[:]
        return new

    # ------------------------------------------------------------------ outcome
    def winners(self) -> set[int]:
        return set(self._winners)

    def scores(self) -> list[int]:
        """Match totals with 3–4 players; otherwise 1 for the winner, 0 for the others."""
        if self.game.rounds:
            return list(self.totals)
        return [int(s in self._winners) for s in range(self.game.players)]

    def result_details(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "totals": list(self.totals),
                "last_placer": self.placed[-1][0] if self.placed else None}

    def evaluate(self, seat: int) -> float:
        """Mobility: the fewer placements the next player has, the better for ``seat``
        when that player is an opponent."""
        if self.phase == "over":
            return super().evaluate(seat)
        if self.phase == "pick" or self._to_move == seat:
            return 0.0
        count = len(self._placements(self.available(self._to_move)))
        return 1.0 / (1.0 + count) - 0.5

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return list(self._history)

    def to_json(self) -> dict[str, Any]:
        pieces = self.board_pieces()
        board = [[None if (r * 8 + c) not in pieces else list(pieces[r * 8 + c])
                  for c in range(8)] for r in range(8)]
        return {
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
            "preset_sets": self.preset,
            "moves": self.history(),
            "phase": self.phase,
            "to_move": self.current_player,
            "touched": self.touched,
            "pool": letters(self.pool),
            "sets": [letters(s) for s in self.sets] if self.sets is not None else None,
            "board": board,
            "placed": [{"seat": s, "piece": p, "squares": BOARD.squares(m)}
                       for s, p, m in self.placed],
            "totals": list(self.totals),
            "round": len(self.rounds) + (self.phase != "over"),
        }

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)
