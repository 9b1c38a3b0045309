"""Game records: the game, its options, the seed and the moves, as JSON.

A record is all it takes to rebuild any moment of a game exactly, because every shuffle
comes from the seed and every move is replayed through the engine.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.errors import StateFormatError, json_object
from .core.game import State, load_game

MAX_RECORD_BYTES = 1_000_000


@dataclass
class GameRecord:
    """``game`` + ``options`` + ``seed`` + ``moves`` (canonical move text)."""

    game: str
    options: dict[str, Any]
    seed: int | None
    moves: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> GameRecord:
        return cls(state.game.name, dict(state.game.options), getattr(state, "seed", None),
                   state.history(), dict(meta))

    def to_json(self) -> dict[str, Any]:
        out = {"format": "pentarena-record/1", "game": self.game, "options": self.options,
               "seed": self.seed, "moves": list(self.moves)}
        if self.meta:
            out["meta"] = self.meta
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str | bytes) -> GameRecord:
        data = json_object(data, "the record", MAX_RECORD_BYTES)
        game = data.get("game")
        options = data.get("options", {})
        seed = data.get("seed")
        moves = data.get("moves", [])
        meta = data.get("meta", {})
        if not isinstance(game, str):
            raise StateFormatError("the record needs a 'game' name")
        if not isinstance(options, Mapping):
            raise StateFormatError("'options' must be an object")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise StateFormatError("'seed' must be a whole number or null")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise StateFormatError("'moves' must be a list of move texts")
        if not isinstance(meta, Mapping):
            raise StateFormatError("'meta' must be an object")
        return cls(game, dict(options), seed, list(moves), dict(meta))

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))

    def states(self) -> list[State]:
        """The state before the first move, after each move (len(moves) + 1 states)."""
        try:
            game = load_game(self.game, **self.options)
        except ValueError as exc:
            raise StateFormatError(f"the record's game cannot be loaded: {exc}") from None
        state = game.new_initial_state(seed=self.seed)
        out = [state.clone()]
        for i, text in enumerate(self.moves):
            try:
                state.apply(text)
            except ValueError as exc:
                raise StateFormatError(f"move {i + 1} ({text!r}) cannot be replayed: {exc}") from None
            out.append(state.clone())
        return out

    def final_state(self) -> State:
        return self.states()[-1]
