"""Tables and seats, without any I/O: who sits where, what each may see, move checks.

The server keeps one :class:`Table` per game being played.  A table is authoritative: a
move is accepted only from the seat whose secret token is presented, on its turn, at the
current state version, and only if the engine says it is legal.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import asdict, dataclass
from typing import Any

from ..ai.bots import LEVELS
from ..core.errors import IllegalMoveError, InvalidMoveError
from ..core.game import Game, State, game_info, load_game
from ..record import GameRecord
from .protocol import ProtocolError
from .store import StoredTable

SEAT_KINDS = ("me", "invite", "open", "computer")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str  # "human" or "computer"
    name: str = ""
    level: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    open: bool = False  # anyone may sit here from the lobby

    def public(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "claimed": self.claimed, "open": self.open}


class Table:
    """One game at the server: the engine state plus its seats."""

    def __init__(self, table_id: str, game: Game, seed: int | None, seats: list[Seat],
                 created: float | None = None, imported: bool = False) -> None:
        self.id = table_id
        self.game = game
        self.seed = seed
        self.seats = seats
        self.state: State = game.new_initial_state(seed=seed)
        self.created = created or time.time()
        self.updated = self.created
        self.imported = imported
        self.thinking: int | None = None

    # -- construction -------------------------------------------------------------
    @classmethod
    def create(cls, game_name: str, options: dict[str, Any], seat_specs: list[dict[str, Any]],
               seed: int | None = None, name: str = "") -> tuple[Table, dict[int, str]]:
        """A new table and the secret token of every human seat (seat -> token)."""
        try:
            game = load_game(game_name, **(options or {}))
        except ValueError as exc:
            raise ProtocolError("bad-options", str(exc)) from None
        n = game.num_players
        specs = list(seat_specs or [{"kind": "me"}] + [{"kind": "computer"}] * (n - 1))
        if len(specs) != n:
            raise ProtocolError("bad-seats", f"{game_name} with these options has {n} seats; "
                                f"got {len(specs)} seat choices")
        seats, tokens = [], {}
        for i, spec in enumerate(specs):
            if not isinstance(spec, dict):
                raise ProtocolError("bad-seats", "each seat is an object with a 'kind'")
            kind = spec.get("kind")
            if kind not in SEAT_KINDS:
                raise ProtocolError("bad-seats", f"seat {i}: kind must be one of "
                                    f"{', '.join(SEAT_KINDS)}, got {kind!r}")
            if kind == "computer":
                level = spec.get("level") or "medium"
                if level not in LEVELS:
                    raise ProtocolError("bad-seats", f"seat {i}: unknown computer level "
                                        f"{level!r}; levels: {', '.join(LEVELS)}")
                seats.append(Seat("computer", f"Computer ({level})", level, None, True))
            elif kind == "open":
                seats.append(Seat("human", "", None, None, False, open=True))
            else:
                token = new_token()
                tokens[i] = token
                label = str(spec.get("name") or (name if kind == "me" else "") or "")[:40]
                seats.append(Seat("human", label, None, hash_token(token), kind == "me"))
        if seed is None:
            seed = secrets.randbelow(2**31)
        table = cls(secrets.token_urlsafe(9), game, seed, seats)
        return table, tokens

    @classmethod
    def from_stored(cls, t: StoredTable) -> Table:
        game = load_game(t.game, **t.options)
        table = cls(t.id, game, t.seed, [Seat(**s) for s in t.seats], t.created, t.imported)
        for text in t.moves:
            table.state.apply(text)
        table.updated = t.updated
        return table

    @classmethod
    def from_record(cls, record: GameRecord) -> Table:
        state = record.final_state()
        seats = [Seat("human", f"Player {i + 1}", claimed=True)
                 for i in range(state.game.num_players)]
        table = cls(secrets.token_urlsafe(9), state.game, record.seed, seats, imported=True)
        table.state = state
        return table

    def stored(self) -> StoredTable:
        return StoredTable(self.id, self.game.name, dict(self.game.options), self.seed,
                           [asdict(s) for s in self.seats], self.status, self.created,
                           self.updated, self.imported, self.state.history())

    # -- queries --------------------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.history())

    @property
    def status(self) -> str:
        if self.state.is_terminal():
            return "finished"
        if self.imported:
            return "replay"
        return "playing"

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret ``token`` this is, or None (a spectator)."""
        if not token:
            return None
        h = hash_token(token)
        for i, seat in enumerate(self.seats):
            if seat.token_hash and hmac.compare_digest(seat.token_hash, h):
                return i
        return None

    def open_seats(self) -> list[int]:
        """Human seats nobody has taken yet (invite or open)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human" and not s.claimed]

    def open_public_seats(self) -> list[int]:
        """Seats anyone may take from the lobby."""
        return [i for i in self.open_seats() if self.seats[i].open and self.status == "playing"]

    @property
    def solo(self) -> bool:
        return game_info(self.game.name).solo

    def computer_to_move(self) -> int | None:
        seat = self.state.current_player
        if seat is not None and self.seats[seat].kind == "computer" and not self.imported:
            return seat
        return None

    def summary(self) -> dict[str, Any]:
        info = game_info(self.game.name)
        return {
            "id": self.id, "game": self.game.name, "title": info.title,
            "options": dict(self.game.options), "status": self.status,
            "seats": [s.public() for s in self.seats], "open_seats": self.open_seats(),
            "open_public_seats": self.open_public_seats(),
            "moves": self.version, "to_move": self.state.current_player,
            "winners": sorted(self.state.winners()), "created": self.created,
            "updated": self.updated, "imported": self.imported,
        }

    def payload(self, seat: int | None, connected: set[int] | None = None,
                state: State | None = None) -> dict[str, Any]:
        """The ``state`` event for a connection sitting at ``seat`` (None: spectator)."""
        state = state or self.state
        view = state.view(seat)
        mine = seat is not None and seat == state.current_player and state is self.state
        summary = self.summary()
        if connected is not None:
            for i, s in enumerate(summary["seats"]):
                s["connected"] = s["kind"] == "computer" or i in connected
        return {
            "type": "state",
            "table": summary,
            "version": len(state.history()),
            "you": seat,
            "state": view.to_json(),
            "current_player": state.current_player,
            "history": state.history(),
            "winners": sorted(state.winners()),
            "scores": state.scores(),
            "details": state.result_details(),
            "legal_moves": [str(m) for m in state.legal_moves()] if mine else [],
            "previews": view.move_previews() if mine else None,
            "thinking": self.thinking if state is self.state else None,
        }

    def state_at(self, ply: int) -> State:
        """The state after ``ply`` moves (for replays)."""
        history = self.state.history()
        if not 0 <= ply <= len(history):
            raise ProtocolError("bad-ply", f"ply must be between 0 and {len(history)}")
        state = self.game.new_initial_state(seed=self.seed)
        for text in history[:ply]:
            state.apply(text)
        return state

    # -- actions --------------------------------------------------------------------
    def claim(self, token: str, name: str = "") -> int:
        seat = self.seat_of(token)
        if seat is None:
            raise ProtocolError("bad-token", "this invite link is not valid for this table")
        self.seats[seat].claimed = True
        if name:
            self.seats[seat].name = str(name)[:40]
        return seat

    def sit(self, seat: int, name: str = "") -> str:
        """Take an open seat from the lobby; returns its new secret token."""
        if seat not in self.open_public_seats():
            raise ProtocolError("seat-taken", f"seat {seat} is not free to take")
        token = new_token()
        s = self.seats[seat]
        s.token_hash, s.claimed = hash_token(token), True
        s.name = str(name)[:40] or s.name
        return token

    def leave(self, token: str) -> int:
        seat = self.seat_of(token)
        if seat is None:
            raise ProtocolError("bad-token", "you do not hold a seat at this table")
        self.seats[seat].claimed = False
        return seat

    def check_move(self, seat: int | None, text: str, version: int | None) -> str:
        """Validate a move from ``seat``; returns its canonical text.  Nothing changes."""
        if self.imported:
            raise ProtocolError("replay-only", "this is an imported record: it can only be replayed")
        if self.state.is_terminal():
            raise ProtocolError("game-over", "the game is over")
        if seat is None:
            raise ProtocolError("not-seated", "spectators cannot move: open your seat's link")
        if seat != self.state.current_player:
            raise ProtocolError("not-your-turn",
                                f"it is seat {self.state.current_player}'s turn, not yours")
        if version is not None and version != self.version:
            raise ProtocolError("stale", f"the game has moved on (version {self.version}, "
                                f"you sent {version}); your view has been refreshed")
        try:
            move = self.state.parse_move(text)
            self.state.check_move(move)
        except InvalidMoveError as exc:
            raise ProtocolError("invalid-move", str(exc)) from None
        except IllegalMoveError as exc:
            raise ProtocolError("illegal-move", str(exc)) from None
        return str(move)

    def apply_checked(self, text: str) -> None:
        self.state.apply(text)
        self.updated = time.time()
