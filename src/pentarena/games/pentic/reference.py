"""The pure-Python Pentic engine (RULES.md §4): readable, complete, and the oracle the
native engine is tested against (tests/games/pentic/test_native.py).  Play itself runs on
the native engine (``rules.py``); nothing at run time imports this module.

>>> from pentarena.games.pentic.reference import ReferencePenticGame
>>> state = ReferencePenticGame().new_initial_state(seed=1)

A full state knows every card (the server's and a researcher's view).  ``state.view(seat)``
is a state that holds only what that seat may see: its own hand, the grid, every played
card, the scores and each hand's size — not the other hands and not the pile's order.
``view.determinize(rng)`` deals the unseen cards at random into a full state (for search).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.errors import HiddenInformationError, IllegalMoveError
from ...core.game import State, check_seat
from .cards import NAMES, NUM_CARDS, Card
from .notation import (
    MOVES,
    PenticMove,
    canonical_move,
    move_from_action,
    move_to_action,
    parse_move_text,
)
from .rules import (
    GAME_OVER,
    UNKNOWN_HAND,
    PenticGame,
    PlayoutHooks,
    determinizing_rng,
    saved_as_dealt,
    view_fields,
)
from .scoring import quick_points, score_play

UNKNOWN = -1
HAND = 5


class ReferencePenticGame(PenticGame):
    """Pentic played on the pure-Python engine below (the differential tests' oracle)."""

    state_class = None  # set below, once ReferencePenticState exists


class ReferencePenticState(PlayoutHooks, State):
    def __init__(self, game: ReferencePenticGame) -> None:
        self.game = game
        self.seed: int | None = None
        self.deck: list[Card] | None = None       # the dealt order, when explicitly given
        self.stacks: list[list[Card]] = [[] for _ in range(9)]
        self.hands: list[list[Card]] = [[] for _ in range(game.players)]
        self.pile: list[Card] | None = []          # None in a view: only its size is known
        self.pile_size = 0
        self.totals = [0] * game.players
        self.turns = [0] * game.players
        self.plays: list[dict[str, Any]] = []
        self._history: list[str] = []
        self._to_move = 0
        self.ending = False                        # the current round is the last one
        self.over = False
        self.viewer: int | None | str = "all"      # "all": a full state; else the seat seen

    @classmethod
    def deal(cls, game: ReferencePenticGame, seed: int | None, order: list[Card],
             explicit: bool) -> ReferencePenticState:
        state = cls(game)
        state.seed = seed
        state.deck = list(order) if explicit else None
        for p in range(9):
            state.stacks[p].append(order[p])
        k = 9
        for s in range(game.players):
            state.hands[s] = order[k:k + HAND]
            k += HAND
        state.pile = order[k:]
        state.pile_size = len(state.pile)
        return state

    # ------------------------------------------------------------------ queries
    @property
    def current_player(self) -> int | None:
        return None if self.over else self._to_move

    @property
    def is_view(self) -> bool:
        return self.viewer != "all"

    def tops(self) -> list[Card]:
        return [s[-1] for s in self.stacks]

    def hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    # random_move, playout_move, playout_depth and _mover_hand: PlayoutHooks (rules.py)
    def legal_moves(self) -> list[PenticMove]:
        hand = self._mover_hand()
        if hand is None:
            return []
        out: list[PenticMove] = []
        for c in sorted(hand):
            out.extend(MOVES[c])
        return out

    def best_move(self) -> PenticMove:
        """The play with the best immediate score (ties: the first in legal order)."""
        hand = self._mover_hand()
        if hand is None:
            raise IllegalMoveError(GAME_OVER)
        tops = self.tops()
        best, best_pts = None, -1
        for c in sorted(hand):
            for p in range(1, 10):
                pts = quick_points(c, p, tops)
                if pts > best_pts:
                    best, best_pts = MOVES[c][p - 1], pts
        return best

    def score_of(self, move: PenticMove) -> dict[str, Any]:
        """The breakdown ``move`` would score now (for previews)."""
        return score_play(move[0], move[1], self.tops()).as_dict()

    def move_previews(self) -> dict[str, Any] | None:
        """The score breakdown of every play the player to move can make."""
        tops = self.tops()
        return {str(m): score_play(m[0], m[1], tops).as_dict() for m in self.legal_moves()}

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PenticMove:
        return parse_move_text(text)

    def check_move(self, move: Any) -> None:
        move = canonical_move(move)
        if self.over:
            raise IllegalMoveError("the game is over")
        hand = self.hands[self._to_move]
        if move[0] not in hand and UNKNOWN in hand:  # a view: it may be the unseen card
            raise HiddenInformationError(UNKNOWN_HAND)
        if move[0] not in hand:
            raise IllegalMoveError(f"{NAMES[move[0]]} is not in your hand")

    def _apply_move(self, move: PenticMove) -> None:
        card, pos = move
        seat = self._to_move
        breakdown = score_play(card, pos, self.tops())
        self.hands[seat].remove(card)
        self.stacks[pos - 1].append(card)
        self.totals[seat] += breakdown.points
        self.turns[seat] += 1
        self.plays.append({"seat": seat, "card": NAMES[card], "position": pos,
                           **breakdown.as_dict()})
        self._history.append(f"{NAMES[card]}@{pos}")
        if self.pile_size:
            self.pile_size -= 1
            self.hands[seat].append(self.pile.pop(0) if self.pile is not None else UNKNOWN)
        if self.totals[seat] >= self.game.target:
            self.ending = True
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Next seat with a card; the game ends when a last round completes."""
        n = self.game.players
        nxt = seat + 1
        for _ in range(2 * n + 1):
            if nxt == n:  # the round is complete
                if self.ending:
                    self.over = True
                    return
                nxt = 0
            if self.hands[nxt]:
                self._to_move = nxt
                return
            self.ending = True  # a player holds no card: this round is the last
            nxt += 1
        self.over = True

    # ------------------------------------------------------------------ dense actions
    def legal_actions(self) -> list[int]:
        return [m.action for m in self.legal_moves()]

    def apply_action(self, action: int) -> None:
        self.apply(move_from_action(action))

    def action_to_move(self, action: int) -> PenticMove:
        return move_from_action(action)

    def move_to_action(self, move: PenticMove | str) -> int:
        return move_to_action(move)

    def clone(self) -> ReferencePenticState:
        new = ReferencePenticState.__new__(ReferencePenticState)
        new.__dict__.update(self.__dict__)
        new.stacks = [s[:] for s in self.stacks]
        new.hands = [h[:] for h in self.hands]
        new.pile = self.pile[:] if self.pile is not None else None
        new.totals = self.totals[:]
        new.turns = self.turns[:]
        new.plays = self.plays[:]
        new._history = self._history[:]
        return new

    # ------------------------------------------------------------------ hidden information
    def view(self, seat: int | None) -> ReferencePenticState:
        """What ``seat`` may see (None: a spectator): no other hand, no pile order."""
        check_seat(seat, self.game.players)
        if self.is_view and self.viewer != seat:
            raise HiddenInformationError("a view can only be narrowed to its own seat")
        v = self.clone()
        v.viewer = seat
        v.deck = None
        v.seed = None
        v.pile = None
        v.hands = [h[:] if s == seat else [UNKNOWN] * len(h) for s, h in enumerate(self.hands)]
        return v

    def secrets(self, seat: int | None) -> list[str]:
        """The card texts ``seat`` must never see (other hands and the pile)."""
        out = []
        for s, h in enumerate(self.hands):
            if s != seat:
                out.extend(NAMES[c] for c in h if c != UNKNOWN)
        out.extend(NAMES[c] for c in (self.pile or []))
        return out

    def unseen_cards(self) -> list[Card]:
        """Cards this state does not place: not on the grid, not in a known hand."""
        seen = {c for s in self.stacks for c in s}
        seen.update(c for h in self.hands for c in h if c != UNKNOWN)
        if self.pile:
            seen.update(self.pile)
        return [c for c in range(NUM_CARDS) if c not in seen]

    def determinize(self, rng: random.Random | int) -> ReferencePenticState:
        """A full state consistent with this view: the unseen cards (lowest first) shuffled
        by ``rng`` — a ``random.Random``, or a seed for one (the native engine seeds its own
        generator: another deal) — into the unknown hand slots, seat by seat, then the pile."""
        rng = determinizing_rng(rng)
        if not self.is_view:
            return self.clone()
        if isinstance(rng, int):
            rng = random.Random(rng % 2**64)  # (a negative seed as the native core reads it)
        full = self.clone()
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        k = 0
        for h in full.hands:
            for i, c in enumerate(h):
                if c == UNKNOWN:
                    h[i] = unseen[k]
                    k += 1
        full.pile = unseen[k:k + self.pile_size]
        full.viewer = "all"
        return full

    # ------------------------------------------------------------------ outcome
    def winners(self) -> set[int]:
        if not self.over:
            return set()
        best = max(self.totals)
        return {s for s, t in enumerate(self.totals) if t == best}

    def scores(self) -> list[int]:
        return list(self.totals)

    def result_details(self) -> dict[str, Any]:
        return {"turns": list(self.turns), "target": self.game.target,
                "ending": self.ending, "last_play": self.plays[-1] if self.plays else None}

    def evaluate(self, seat: int) -> float:
        """Score lead over the best other player, relative to the target."""
        if self.over:
            return super().evaluate(seat)
        best_other = max(t for s, t in enumerate(self.totals) if s != seat)
        return (self.totals[seat] - best_other) / self.game.target

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return list(self._history)

    def to_json(self) -> dict[str, Any]:
        if not self.is_view and self.seed is None and self.deck is None:
            return saved_as_dealt(self)  # a determinization
        out: dict[str, Any] = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "moves": self.history(),
            "grid": [[NAMES[c] for c in s] for s in self.stacks],
            "hand_sizes": self.hand_sizes(),
            "pile_size": self.pile_size,
            "scores": list(self.totals),
            "turns": list(self.turns),
            "to_move": self.current_player,
            "ending": self.ending,
            "plays": self.plays,
        }
        if self.is_view:
            out["view_of"] = self.viewer
            own = self.hands[self.viewer] if self.viewer is not None else None
            out["hand"] = [NAMES[c] if c != UNKNOWN else None for c in own] if own else (
                [] if own is not None else None)
        else:
            out["seed"] = self.seed
            out["deck"] = [NAMES[c] for c in self.deck] if self.deck else None
            out["hands"] = [[NAMES[c] for c in h] for h in self.hands]
        return out

    @classmethod
    def _from_view_json(cls, game: ReferencePenticGame, data: Mapping[str, Any]) -> ReferencePenticState:
        state = cls(game)
        v = view_fields(game, data)
        state.viewer, state.stacks, state.hands = v.viewer, v.stacks, v.hands
        state.pile = None
        state.pile_size, state.totals, state.turns = v.pile_size, v.scores, v.turns
        state.plays = v.plays
        state._history = v.moves
        state.ending = v.ending
        state.over = v.to_move is None
        state._to_move = v.to_move if v.to_move is not None else 0
        return state

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


ReferencePenticGame.state_class = ReferencePenticState
