"""Game records: the game, its options, how it was set up and the moves, as JSON.

A record is all it takes to rebuild any moment of a game exactly: every shuffle comes from
the seed (or, for a deal from the secure random source, the dealt ``deck`` is kept), and
every move is replayed through the engine.  The format is documented in
``docs/records.md``; ``pentarena play --save FILE`` writes one, ``pentarena replay FILE``
reads one, and the browser exports and imports the same JSON.

>>> import pentarena
>>> state = pentarena.load_game("pentago").new_initial_state(seed=1)
>>> state.apply("d4 TR cw")
>>> record = pentarena.GameRecord.of(state, event="example")
>>> record.to_json()["moves"]
['d4 TR cw']
>>> pentarena.GameRecord.from_json(record.dumps()).final_state().history()
['d4 TR cw']
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.errors import GameOptionError, StateFormatError, json_object, shown
from .core.game import SEED_RANGE, State, game_info, resolve_options

FORMAT = "pentarena-record/1"
"""The version of the record format that :meth:`GameRecord.to_json` writes."""
FORMATS_READ = (FORMAT,)
"""The versions :meth:`GameRecord.from_json` reads (a record without ``format`` is read
as the first)."""
RECORD_FIELDS = frozenset({"format", "game", "options", "seed", "moves", "meta", "deck",
                           "sets", "position"})
"""The fields of a record (``docs/records.md``); any other is refused, named."""

MAX_RECORD_BYTES = 1_000_000
MAX_RECORD_MOVES = 2_000
"""The longest record read: real games take at most a few hundred moves (Pentic's deck
lasts 116 plays; a puzzle's places and removes are the longest), and every reader of a
record replays it move by move."""


def check_seed(seed: Any, what: str = "'seed'") -> int | None:
    """``seed`` if it is None or a whole number in :data:`SEED_RANGE`; else StateFormatError."""
    if seed is None:
        return None
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateFormatError(f"{what} must be a whole number or null")
    if seed not in SEED_RANGE:
        raise StateFormatError(f"{what} must fit in 64 bits (between -2**63 and 2**63 - 1)")
    return seed


SETUP_FIELDS = ("deck", "sets", "position")
"""A record's set-up besides the seed, named as ``new_initial_state`` takes it."""


def computer_named(who: Any) -> str | None:
    """The level of a record's player named as the computer (``meta.players``: 'computer
    (hard)', as the server writes it, or 'computer: hard', as the terminal does), else
    None."""
    found = re.fullmatch(r"computer(?:: | \()([a-z-]+)\)?", who) if isinstance(who, str) else None
    return found.group(1) if found else None


@dataclass
class GameRecord:
    """One game: ``game`` + ``options`` + ``seed`` (or ``deck``) + ``moves`` + ``meta``.

    ``game``: the registered name (``pentarena.list_games()``).  ``options``: the options
    it was loaded with.  ``seed``: the seed of every shuffle (None when nothing was
    shuffled, or when ``deck`` holds the deal).  ``moves``: canonical move texts, in
    order.  ``meta``: free-form facts about the game (who sat where, an event name);
    never needed to replay.  ``deck``: Pentic only, the dealt card order when it came
    from the secure random source instead of a seed; ``sets``: a Pentomino rematch's
    sets; ``position``: a Pentago game's starting position (:meth:`setup`).

    :meth:`of` takes a state's record, :meth:`to_json`/:meth:`dumps` write it,
    :meth:`from_json`/:meth:`load` read it back (StateFormatError says what is wrong),
    and :meth:`initial_state`, :meth:`states` and :meth:`final_state` replay it.
    """

    game: str
    options: dict[str, Any]
    seed: int | None
    moves: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    deck: list[str] | None = None
    """Games with a deck (Pentic): the dealt order when it did not come from the seed."""
    sets: list[list[str]] | None = None
    """Pentomino's draft: each seat's pieces when the game started without picks (a rematch)."""
    position: str | None = None
    """Pentago: the position the game started from when it was not the empty board."""

    @classmethod
    def of(cls, state: State, **meta: Any) -> GameRecord:
        """The record of ``state``'s game so far (finished or not); ``meta`` is kept as
        given.  ``state`` must be the full state: a seat's ``view()`` of a game with
        hidden cards (Pentic) knows neither the seed nor the deal, so its moves could not
        be replayed, and StateFormatError says so."""
        saved = state.to_json()
        if state.game.hidden_information:
            if getattr(state, "is_view", False) or "view_of" in saved:
                raise StateFormatError(
                    f"a record cannot be made from a seat's view of {state.game.name}: "
                    "the view hides the other hands and the pile, so its moves cannot be "
                    "replayed; pass the full state (the one you called view() on)")
            if saved.get("seed") is None and saved.get("deck") is None:
                raise StateFormatError(
                    f"this {state.game.name} state knows neither its seed nor its dealt "
                    "deck, so its moves cannot be replayed; pass the full state the game "
                    "was played on (new_initial_state(seed=...) or (deck=...))")
        return cls(state.game.name, dict(state.game.options), saved.get("seed"),
                   state.history(), dict(meta), saved.get("deck"),
                   saved.get("preset_sets"), saved.get("position"))

    def check_deal(self) -> None:
        """StateFormatError unless the record fixes its deal: a game with hidden cards
        (Pentic) needs a ``seed`` or a ``deck``, or every replay would deal anew."""
        if self.seed is not None or self.deck is not None:
            return
        try:
            hidden = getattr(game_info(self.game).factory, "hidden_information", False)
        except GameOptionError:
            return  # an unknown game: replaying it says so
        if hidden:
            raise StateFormatError(
                f"a {self.game} record needs a 'seed' or a 'deck': without either the deal "
                "is unknown and the moves cannot be replayed (a record written by "
                "Pentarena has one of them)")

    def setup(self) -> dict[str, Any]:
        """How the game was set up besides its seed: ``new_initial_state``'s arguments
        (``deck``, ``sets``, ``position``) where the record has them."""
        return {key: value for key in SETUP_FIELDS
                if (value := getattr(self, key)) is not None}

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``docs/records.md`` (``meta`` and the set-up fields only
        when set)."""
        out = {"format": FORMAT, "game": self.game, "options": self.options,
               "seed": self.seed, "moves": list(self.moves), **self.setup()}
        if self.meta:
            out["meta"] = self.meta
        return out

    def dumps(self) -> str:
        """:meth:`to_json` as indented JSON text (what ``play --save`` writes)."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str | bytes) -> GameRecord:
        """Read a record (a dict, or JSON text of at most 1 MB); StateFormatError says what
        is wrong: its shape, a ``format`` other than :data:`FORMATS_READ`, or a game with
        hidden cards with neither ``seed`` nor ``deck``.  The moves are checked only when
        the record is replayed."""
        data = json_object(data, "the record", MAX_RECORD_BYTES)
        unknown = sorted(set(data) - RECORD_FIELDS)
        if unknown:  # a misspelt 'moves' would replay an empty game without a word
            shown_names = ", ".join(repr(k if len(k) <= 30 else k[:30] + "…")
                                    for k in unknown[:5])
            raise StateFormatError(
                f"the record has {'an unknown field' if len(unknown) == 1 else 'unknown fields'}"
                f" {shown_names}; a record's fields are {', '.join(sorted(RECORD_FIELDS))} "
                "(docs/records.md): anything else goes in 'meta'")
        version = data.get("format", FORMAT)
        if version not in FORMATS_READ:
            raise StateFormatError(
                f"the record's format is {shown(version)}; this version of Pentarena "
                f"reads {', '.join(FORMATS_READ)} (a newer Pentarena may read it)")
        game = data.get("game")
        options = data.get("options", {})
        seed = data.get("seed")
        moves = data.get("moves", [])
        meta = data.get("meta", {})
        deck = data.get("deck")
        if not isinstance(game, str):
            raise StateFormatError("the record needs a 'game' name")
        if not isinstance(options, Mapping):
            raise StateFormatError("'options' must be an object")
        check_seed(seed)
        if deck is not None and not (isinstance(deck, list) and all(isinstance(c, str) for c in deck)):
            raise StateFormatError("'deck' must be a list of card names or null")
        sets, position = data.get("sets"), data.get("position")
        if sets is not None and not (isinstance(sets, list) and all(
                isinstance(s, list) and all(isinstance(p, str) for p in s) for s in sets)):
            raise StateFormatError("'sets' must be a list of piece lists (one a seat) or null")
        if position is not None and not isinstance(position, str):
            raise StateFormatError("'position' must be position text or null")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise StateFormatError("'moves' must be a list of move texts")
        if len(moves) > MAX_RECORD_MOVES:
            raise StateFormatError(f"a record holds at most {MAX_RECORD_MOVES} moves; "
                                   f"this one has {len(moves)}")
        if not isinstance(meta, Mapping):
            raise StateFormatError("'meta' must be an object")
        record = cls(game, dict(options), seed, list(moves), dict(meta), deck, sets, position)
        record.check_deal()
        return record

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record from a file (JSON: UTF-8, with or without the byte-order mark an
        editor may put first; also UTF-16 or -32)."""
        return cls.from_json(Path(path).read_bytes())

    def initial_state(self) -> State:
        """The state before the first move (the same deal every time)."""
        self.check_deal()
        try:  # a JSON format: each option of its own type and spelling ("250" is no number)
            game = game_info(self.game).factory(**resolve_options(self.game, self.options,
                                                                  text=False))
        except ValueError as exc:
            raise StateFormatError(f"the record's game cannot be loaded: {exc}") from None
        try:
            return game.new_initial_state(seed=self.seed, **self.setup())
        except (ValueError, TypeError) as exc:
            raise StateFormatError(f"the record's game cannot be set up: {exc}") from None

    def states(self) -> list[State]:
        """The state before the first move, after each move (len(moves) + 1 states)."""
        out = [self.initial_state()]
        self._replay(out[0].clone(), lambda state: out.append(state.clone()))
        return out

    def final_state(self) -> State:
        """The state after the last move (replayed without keeping the ones between)."""
        return self._replay(self.initial_state(), lambda state: None)

    def solved_from(self) -> int | None:
        """A puzzle the computer finished (Solve): the moves its player had made by then
        (``meta["solved_from"]``); None without it; a number the record's moves do not
        have is refused (StateFormatError, saying why)."""
        if "solved_from" not in self.meta:
            return None
        mine = self.meta["solved_from"]
        if type(mine) is not int or not 0 <= mine <= len(self.moves):
            said = json.dumps(mine) if mine is None or isinstance(mine, bool) else shown(mine)
            raise StateFormatError(f"meta.solved_from is how many of the record's "
                                   f"{len(self.moves)} moves its player made before the "
                                   f"computer finished the puzzle: not {said}")
        return mine

    def earlier_players(self, seats: int) -> list[list[dict[str, Any]]]:
        """Who held each of the ``seats`` seats before its last player, oldest first
        (``meta["earlier_players"]``, as the server's records say it: ``{"name", "until"}``,
        that seat's moves before move ``until``, counted from 0, were theirs); a list of
        empty lists without it; any other shape is refused (StateFormatError, saying what
        it takes)."""
        if "earlier_players" not in self.meta:
            return [[] for _ in range(seats)]
        earlier = self.meta["earlier_players"]
        if not (isinstance(earlier, list) and len(earlier) == seats):
            raise StateFormatError(f"meta.earlier_players is a list a seat (the game has "
                                   f"{seats}) of who held it before")
        moves = len(self.moves)
        for seat, held in enumerate(earlier):
            last = 0
            for h in held if isinstance(held, list) else [None]:
                if not (isinstance(h, dict) and set(h) == {"name", "until"}
                        and isinstance(h["name"], str) and type(h["until"]) is int
                        and last < h["until"] <= moves):
                    raise StateFormatError(
                        f"meta.earlier_players[{seat}] lists who held seat {seat} before, "
                        f'oldest first: {{"name": "…", "until": a move number}}, each "until" '
                        f"higher, from 1 to the record's {moves} moves")
                last = h["until"]
        return [list(held) for held in earlier]

    def resigned(self, final: State | None = None) -> int | None:
        """The seat whose player resigned the game (``meta["resigned"]``, as the server's
        records say it), where the game could end so: a seat of a game of two sides whose
        moves do not end it by the rules; any other ``meta["resigned"]`` is refused
        (StateFormatError, saying why).  ``final``: :meth:`final_state`, if at hand."""
        if "resigned" not in self.meta:
            return None
        seat = self.meta["resigned"]
        if type(seat) is not int:
            said = json.dumps(seat) if seat is None or isinstance(seat, bool) else shown(seat)
            raise StateFormatError(f"meta.resigned is the seat whose player resigned, a "
                                   f"whole number: not {said}")
        final = final if final is not None else self.final_state()
        n, sides = final.game.num_players, len(final.game.sides)
        if not 0 <= seat < n:
            raise StateFormatError(f"meta.resigned is seat {seat}, but the game's seats are "
                                   f"0 to {n - 1}")
        if sides != 2:
            raise StateFormatError(f"meta.resigned: a game of {sides} "
                                   f"{'side' if sides == 1 else 'sides'} has nobody to "
                                   "resign to: it ends by its rules only")
        if final.is_terminal():
            raise StateFormatError("meta.resigned: the record's moves end the game by its "
                                   "rules, so nobody resigned it")
        return seat

    def _replay(self, state: State, each) -> State:
        """Apply the moves to ``state``, calling ``each`` after every one; the last state."""
        for i, text in enumerate(self.moves):
            try:
                state.apply(text)
            except ValueError as exc:
                raise StateFormatError(f"move {i + 1} ({text!r}) cannot be replayed: {exc}") from None
            each(state)
        return state
