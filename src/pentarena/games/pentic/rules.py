"""Pentic rules (RULES.md §4): the TIC card game on a 3×3 grid of stacks, hidden hands.

The rules run in the native engine (``native/src/pentic``, ``pentarena._native``).
:class:`PenticState` inherits the engine's core, so the hot calls of the public API —
``legal_moves()``, ``apply()``, ``legal_actions()``, ``apply_action()``,
``is_terminal()``, ``current_player``, ``winners()``, ``scores()``, ``evaluate()``,
``best_move()`` — are Rust methods called directly; this module adds the readable rest:
dealing, move text, JSON, views, the AI hooks that draw from Python's ``random``.  The
pure-Python engine in ``reference.py`` is the oracle the native one is tested against.

A full state knows every card (the server's and a researcher's view).  ``state.view(seat)``
is a state that holds only what that seat may see: its own hand, the grid, every played
card, the scores and each hand's size — not the other hands and not the pile's order.
``view.determinize(rng)`` deals the unseen cards at random into a full state (for search).

Dealing stays in Python: a seed shuffles with ``random.Random(seed).shuffle`` (so seeded
games and records replay exactly), an unseeded deal comes from the operating system's
secure source (``secrets.SystemRandom``); the engine receives the dealt order.
"""

from __future__ import annotations

import itertools
import operator
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ..._native import PenticCore
from ...core.errors import (
    GameOptionError,
    HiddenInformationError,
    IllegalMoveError,
    InvalidMoveError,
    StateFormatError,
    shown,
)
from ...core.game import (
    RUN_SEED_RANGE,
    Game,
    SearchResult,
    State,
    check_seat,
    check_time_limit,
    json_seed,
    replay_moves,
    resolve_options,
    setup_seed,
)
from .cards import NAMES, NUM_CARDS, Card, parse
from .notation import (
    MOVES,
    NUM_ACTIONS,
    TEXT_BY_ACTION,
    PenticMove,
    canonical_move,
    move_to_action,
    parse_move_text,
)
from .scoring import PlayScore, score_play

UNKNOWN = -1
"""A card a view does not know (another seat's, or its own draw)."""
HAND = 5
SCORE_FIELDS = tuple(f.name for f in fields(PlayScore))
"""The keys of a play's breakdown (``PlayScore``), in the order the engine gives them."""
assert PenticCore.NUM_ACTIONS == NUM_ACTIONS


MAX_TARGET = 10_000


def check_options(options: dict[str, Any]) -> None:
    """What the option table cannot say (``GameInfo.check``): the target's range."""
    if not 1 <= options["target"] <= MAX_TARGET:
        raise GameOptionError(f"target must be between 1 and {MAX_TARGET} points")


def secret_deck() -> list[Card]:
    """The 125 cards in an order nobody can predict (the OS's secure random source)."""
    order = list(range(NUM_CARDS))
    secrets.SystemRandom().shuffle(order)
    return order


def _deck_card(c: Any) -> Card:
    if isinstance(c, str):
        try:
            return parse(c)
        except InvalidMoveError as exc:  # a dealt deck is no move: a setup argument
            raise GameOptionError(f"a deck's card: {exc}") from None
    try:
        card = -1 if isinstance(c, bool) else operator.index(c)  # (a bool is not a card)
    except TypeError:
        card = -1
    if not 0 <= card < NUM_CARDS:
        raise GameOptionError(f"a deck lists cards as texts (3-star-orange) or whole "
                              f"numbers 0-{NUM_CARDS - 1}, not {shown(c)}")
    return card


def deck_order(deck: Any) -> list[Card]:
    """The cards of an explicit deck (card texts or whole numbers 0-124, all 125 once
    each, in a list or any other iterable but text); GameOptionError saying what is wrong
    otherwise (a deck is a setup argument, as a seed is)."""
    if isinstance(deck, (str, bytes, Mapping)) or not isinstance(deck, Iterable):
        raise GameOptionError(f"a deck is a list of the 125 cards, not {shown(deck)}")
    order = [_deck_card(c) for c in itertools.islice(deck, NUM_CARDS + 1)]
    if sorted(order) != list(range(NUM_CARDS)):
        raise GameOptionError("a deck lists each of the 125 cards exactly once")
    return order


class PenticGame(Game):
    name = "pentic"
    hidden_information = True
    analysis_thresholds = (0.15, 0.3)
    """Half the other games': a play moves a player's chance of winning little (over 12
    games of the analysis, `hard`'s plays lost 0.00 on average and 0.03 at most, random
    ones 0.12 and 0.53, the greedy `easy` level's 0.11 and 0.32), so a play that gives
    away 7.5 points of chance is a mistake (35% of random plays, 43% of greedy ones, none
    of `hard`'s) and one that gives away 15 a blunder (5%)."""
    num_distinct_actions = NUM_ACTIONS
    """Dense action ids: ``card * 9 + position - 1`` (see ``pentic.notation``)."""
    state_class: type[State]  # PenticState, set below (the reference engine: its own)

    def __init__(self, players: int = 2, target: int = 250) -> None:
        # the options load_game checks (registered in __init__.py), checked here too: the
        # class (and the reference engine's) refuses what load_game refuses
        options = resolve_options(self.name, {"players": players, "target": target})
        super().__init__(**options)
        self.players: int = options["players"]
        self.target: int = options["target"]

    @property
    def num_players(self) -> int:
        return self.players

    def new_initial_state(self, seed: int | None = None, deck: Sequence[Any] | None = None,
                          **kwargs: Any) -> PenticState:
        """Deal from a seeded shuffle, or from ``deck`` (card texts or ids, all 125 in
        order: the first 9 to grid positions 1–9, then 5 to each seat, then the pile).

        Without either, the cards are shuffled by the operating system's secure random
        source and the order is kept as the state's ``deck`` (so its JSON replays)."""
        if kwargs:
            raise TypeError(f"pentic takes seed and deck only, not {sorted(kwargs)}")
        seed = setup_seed(seed)
        if deck is not None:
            order = deck_order(deck)
            explicit = True
        elif seed is None:
            order = secret_deck()
            explicit = True
        else:
            order = list(range(NUM_CARDS))
            random.Random(seed).shuffle(order)
            explicit = False
        return self.state_class.deal(self, seed, order, explicit)

    def state_from_json(self, data: Mapping[str, Any] | str) -> PenticState:
        data = self._check_json_header(data)
        if "view_of" in data:
            try:
                return self.state_class._from_view_json(self, data)
            except (KeyError, TypeError, ValueError, OverflowError) as exc:
                raise StateFormatError(f"broken Pentic view: {exc}") from None
        seed, deck = json_seed(data), data.get("deck")
        try:
            if deck is not None:
                deck_order(deck)
        except (GameOptionError, TypeError) as exc:
            raise StateFormatError(f"bad 'deck': {exc}") from None
        return replay_moves(self.new_initial_state(seed=seed, deck=deck), data)


def dealing_deck(state: Any) -> list[Card]:
    """A deck whose deal, with ``state``'s moves, comes to ``state`` (a full state of
    either engine).  Each seat needs its cards in the order it played them, then its hand:
    the first five are its deal, the rest its draws, each drawn after its play five turns
    before it is played (so every card is in hand when played); the draws go in the order
    of the plays that drew them."""
    players = state.game.players
    needed: list[list[Card]] = [[] for _ in range(players)]
    for play in state.plays:
        needed[play["seat"]].append(parse(play["card"]))
    for seat, hand in enumerate(state.hands):
        needed[seat].extend(hand)
    draws = [iter(cards[HAND:]) for cards in needed]
    drawn = (NUM_CARDS - 9 - HAND * players) - len(state.pile)  # the plays that drew
    return ([stack[0] for stack in state.stacks]
            + [c for cards in needed for c in cards[:HAND]]
            + [next(draws[play["seat"]]) for play in state.plays[:drawn]]
            + list(state.pile))


def saved_as_dealt(state: Any) -> dict[str, Any]:
    """The JSON of a full state with no seed or deck of its own (a determinization): that of
    the same game dealt from :func:`dealing_deck`, so that it reloads exactly."""
    replayed = state.game.new_initial_state(deck=[NAMES[c] for c in dealing_deck(state)])
    for move in state.history():
        replayed.apply(move)
    return replayed.to_json()


def _whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; else ValueError."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}")
    return value


def _seats_list(value: Any, what: str, players: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"{what} holds one number per seat")
    return [_whole(n, what, 0, high) for n in value]


@dataclass
class ViewFields:
    """A seat's view read from its JSON, every field checked (see :func:`view_fields`)."""

    viewer: int | None
    stacks: list[list[Card]]
    hands: list[list[Card]]
    pile_size: int
    scores: list[int]
    turns: list[int]
    plays: list[dict[str, Any]]
    moves: list[str]
    ending: bool
    to_move: int | None


def view_fields(game: Any, data: Mapping[str, Any]) -> ViewFields:
    """The fields of a seat's view (``view_of``) from its JSON, for either engine: each of
    the right type and range, and agreeing with each other (125 cards in all, each in one
    place; the plays lay the grid's cards above the dealt ones and score what they record;
    'moves' names the plays; a turn per play, each seat's score the sum of its plays); else
    ValueError saying which."""
    players = game.players
    viewer = data["view_of"]
    if viewer is not None:
        viewer = _whole(viewer, "'view_of' (a seat or null)", 0, players - 1)
    grid = data["grid"]
    if not isinstance(grid, list) or len(grid) != 9 or not all(
            isinstance(stack, list) and stack for stack in grid):
        raise ValueError("the grid has 9 non-empty stacks")
    stacks = [[parse(c) for c in stack] for stack in grid]
    sizes = _seats_list(data["hand_sizes"], "'hand_sizes'", players, HAND)
    hands = [[UNKNOWN] * n for n in sizes]
    if viewer is not None:
        own = data["hand"]
        if not isinstance(own, list) or len(own) != sizes[viewer]:
            raise ValueError("'hand' holds the viewer's cards, as many as its hand size")
        hands[viewer] = [parse(c) if c is not None else UNKNOWN for c in own]
    known = [c for stack in stacks for c in stack] + [c for h in hands for c in h if c != UNKNOWN]
    if len(set(known)) != len(known):
        raise ValueError("each card is in one place only")
    pile_size = _whole(data["pile_size"], "'pile_size'", 0, NUM_CARDS)
    if sum(map(len, stacks)) + sum(sizes) + pile_size != NUM_CARDS:
        raise ValueError("the grid, the hands and the pile hold the 125 cards")
    plays = checked_plays(data.get("plays", []), stacks, players)
    moves = data["moves"]
    if not isinstance(moves, list) or moves != [f"{p['card']}@{p['position']}" for p in plays]:
        raise ValueError("'moves' and 'plays' disagree")
    turns = _seats_list(data["turns"], "'turns'", players, NUM_CARDS)
    scores = _seats_list(data["scores"], "'scores'", players, 1000 * NUM_CARDS)
    if turns != [sum(p["seat"] == s for p in plays) for s in range(players)]:
        raise ValueError("'turns' counts each seat's plays")
    if scores != [sum(p["points"] for p in plays if p["seat"] == s) for s in range(players)]:
        raise ValueError("'scores' adds up each seat's plays")
    ending = data["ending"]
    if not isinstance(ending, bool):
        raise ValueError("'ending' is true or false")
    to_move = data["to_move"]
    if to_move is not None:
        to_move = _whole(to_move, "'to_move' (a seat or null)", 0, players - 1)
        if not sizes[to_move]:
            raise ValueError("the seat to move holds a card")
    return ViewFields(viewer, stacks, hands, pile_size, scores, turns, plays, moves, ending,
                      to_move)


def checked_plays(plays: Any, stacks: list[list[Card]], players: int) -> list[dict[str, Any]]:
    """The plays of a saved view, as the engines record them: each a seat, a card and a
    position, laying in order the cards of the grid above the 9 dealt ones, and scoring
    what it records — the breakdown is recomputed from the grid as it was then (a careful
    engine trusts no figure it can check); else ValueError saying which play is wrong."""
    if not isinstance(plays, list):
        raise ValueError("'plays' is a list")
    tops = [stack[0] for stack in stacks]
    laid = [0] * 9  # per position, the cards laid on it so far
    out = []
    for i, play in enumerate(plays, 1):
        if not isinstance(play, dict):
            raise ValueError("each play is an object")
        seat = _whole(play.get("seat"), "a play's 'seat'", 0, players - 1)
        position = _whole(play.get("position"), "a play's 'position'", 1, 9)
        if not isinstance(play.get("card"), str):
            raise ValueError(f"play {i} names its card as text, e.g. 3-star-orange")
        card = parse(play["card"])
        move = f"{NAMES[card]}@{position}"
        stack = stacks[position - 1]
        laid[position - 1] += 1
        if laid[position - 1] >= len(stack) or stack[laid[position - 1]] != card:
            raise ValueError(f"play {i} ({move}) is not the next card laid on position "
                             f"{position} of the grid")
        record = {"seat": seat, "card": NAMES[card], "position": position,
                  **score_play(card, position, tops).as_dict()}
        tops[position - 1] = card
        for key, value in record.items():
            if key not in play or play[key] != value:
                given = shown(play[key]) if key in play else "missing"
                raise ValueError(f"play {i} ({move}) does not score what it records: its "
                                 f"{key!r} is {value!r}, not {given}")
        if len(play) != len(record):
            raise ValueError(f"play {i} ({move}) holds only seat, card, position and its "
                             f"score breakdown ({', '.join(SCORE_FIELDS)})")
        out.append(record)
    if laid != [len(stack) - 1 for stack in stacks]:
        raise ValueError("the plays lay every card of the grid above the 9 dealt ones")
    return out


def determinizing_rng(rng: Any) -> random.Random | int:
    """``rng`` if ``determinize`` takes it: a ``random.Random`` or a seed, a whole number
    from -2**63 to 2**64 - 1 as every run-time seed (``core.game.RUN_SEED_RANGE``; not a
    bool); else GameOptionError saying so."""
    if isinstance(rng, random.Random) or (
            isinstance(rng, int) and not isinstance(rng, bool) and rng in RUN_SEED_RANGE):
        return rng
    raise GameOptionError(f"determinize takes a random.Random or a seed, a whole number "
                          f"from -2**63 to 2**64 - 1; got {shown(rng)}")


# the native core's words (legal_moves, best_move), which the reference engine repeats
UNKNOWN_HAND = "this view does not know the hand of the player to move"
GAME_OVER = "the game is over: no more moves can be played"
NOTHING_TO_CHOOSE = "the game is over: there is no move to choose"
GREEDY_SHARE = 0.85
"""How often a playout plays the best-scoring move (else a random one)."""


class PlayoutHooks:
    """The AI hooks both engines share, on their ``over``, ``current_player``, ``hands``
    and ``best_move()``: like ``legal_moves()`` and ``best_move()``, they refuse a view
    that does not know the mover's hand, and a finished game."""

    def _mover_hand(self) -> list[Card] | None:
        """The hand of the player to move, in the order it is held; None when the game is
        over; HiddenInformationError when this view does not know a card of it."""
        if self.over:
            return None
        hand = self.hands[self.current_player]
        if UNKNOWN in hand:
            raise HiddenInformationError(UNKNOWN_HAND)
        return hand

    def _hand_to_choose_from(self) -> list[Card]:
        hand = self._mover_hand()
        if hand is None:
            raise IllegalMoveError(NOTHING_TO_CHOOSE)
        return hand

    def random_move(self, rng: random.Random) -> PenticMove:
        """A random card of the hand (in the order it is held), on a random position."""
        hand = self._hand_to_choose_from()
        return MOVES[hand[rng.randrange(len(hand))]][rng.randrange(9)]

    def playout_move(self, rng: random.Random) -> PenticMove:
        """Mostly the best-scoring play, sometimes a random one (the policy the native
        core's ``policy_playouts`` plays)."""
        self._hand_to_choose_from()
        if rng.random() < GREEDY_SHARE:
            return self.best_move()
        return self.random_move(rng)

    @property
    def playout_depth(self) -> int:
        """Search looks two rounds ahead, then scores the position."""
        return 2 * self.game.players


def _play_dict(record: tuple) -> dict[str, Any]:
    seat, card, position, breakdown = record
    return {"seat": seat, "card": NAMES[card], "position": position,
            **dict(zip(SCORE_FIELDS, breakdown))}


class PenticState(PlayoutHooks, PenticCore, State):
    """A Pentic state on the native engine: a full state, or a seat's view.

    Inherited from the engine (``pentarena._native.PenticCore``): ``current_player``,
    ``is_terminal``, ``legal_moves``, ``legal_actions``, ``apply`` (the package's move
    objects are checked and played in Rust; text and anything else come back to
    :meth:`check_move` here), ``apply_action``, ``action_to_move``, ``winners``,
    ``scores``, ``evaluate``, ``best_move``, ``random_playouts``, ``policy_playouts``, and
    the read-only figures ``hands``, ``stacks``, ``pile``, ``pile_size``, ``totals``,
    ``turns``, ``ending``, ``over``, ``viewer``, ``is_view``, ``tops()``,
    ``hand_sizes()``, ``unseen_cards()`` (fresh lists; a card a view does not know is -1).
    From :class:`PlayoutHooks` (shared with the reference engine): ``random_move``,
    ``playout_move``, ``playout_depth``.
    """

    def __init__(self, game: PenticGame) -> None:
        self.game = game
        self.seed: int | None = None
        self.deck: list[Card] | None = None   # the dealt order, when explicitly given
        self._play_dicts: list[dict[str, Any]] = []  # the plays as dicts, built on demand

    def _adopt(self, other: PenticState) -> PenticState:
        """Take ``other``'s Python-side attributes (after a copy made by the engine)."""
        self.game = other.game
        self.seed = other.seed
        self.deck = other.deck
        self._play_dicts = other._play_dicts[:]
        return self

    @classmethod
    def deal(cls, game: PenticGame, seed: int | None, order: list[Card],
             explicit: bool) -> PenticState:
        state = cls(game)
        state.seed = seed
        state.deck = list(order) if explicit else None
        state._deal(game.players, game.target, order)
        return state

    # ------------------------------------------------------------------ queries
    def search_position(self, time_limit: float = 1.0, seed: int | None = None,
                        level: str | None = None, **settings: Any) -> SearchResult | None:
        """The native information-set MCTS for the player to move (``search.py``,
        ``native/src/pentic/ismcts.rs``), without the GIL: it sees only that seat's view,
        whatever this state knows.  ``level`` picks a computer level's settings; ``seed``
        fixes its deals and draws (the same seed, the same move, unless the time runs out
        first); ``settings`` override single ones (``iterations``, ``prior``, ...).
        ``SearchResult.nodes`` counts the iterations.  ``root_move=`` a play (text or
        object) of a card in the mover's hand: every iteration starts with it, so the
        result values that play (``move`` is it) rather than choosing — how the post-game
        analysis reads a move played.  None when the game is over.
        ``time_limit``: seconds, 0 or more; ``inf`` or None (no clock) only with
        ``iterations`` given.  ``seed``: a whole number from -2**63 to 2**64 - 1."""
        bounded = "iterations" in settings
        check_time_limit(time_limit, optional=bounded, unbounded=bounded)
        if self.is_terminal():
            return None
        from .search import search

        return search(self, time_limit, 0 if seed is None else seed, level, **settings)

    def score_of(self, move: PenticMove | str) -> dict[str, Any]:
        """The breakdown ``move`` would score now (for previews)."""
        move = canonical_move(move)
        return dict(zip(SCORE_FIELDS, self._score(move[0], move[1])))

    def move_previews(self) -> dict[str, Any] | None:
        """The score breakdown of every play the player to move can make."""
        return {TEXT_BY_ACTION[a]: dict(zip(SCORE_FIELDS, breakdown))
                for a, breakdown in self._previews()}

    @property
    def plays(self) -> list[dict[str, Any]]:
        """Every play so far: seat, card, position and its breakdown (a new list)."""
        # A new list replaces the cache, never extends it: two threads reading at once
        # used to append the same plays twice.  (A clone taken while another thread
        # played may have adopted more than its engine holds: cut to its count.)
        count = self._play_count()
        done = self._play_dicts
        if len(done) != count:
            done = done[:count]  # a new list: the one other readers hold is left as it is
            done += [_play_dict(r) for r in self._plays(len(done))]
            self._play_dicts = done
        return done[:]

    # ------------------------------------------------------------------ moves
    def parse_move(self, text: str) -> PenticMove:
        return parse_move_text(text)

    _apply_slow = State.apply  # what the engine's apply() calls for text and other objects

    def check_move(self, move: Any) -> None:
        move = canonical_move(move)
        if self.over:
            raise IllegalMoveError("the game is over")
        self._check_card(move[0])  # the engine says what is wrong, if anything

    def move_from_action(self, action: int) -> PenticMove:
        return self.action_to_move(action)

    def move_to_action(self, move: PenticMove | str) -> int:
        """The action id of a move object or move text."""
        return move_to_action(move)

    def clone(self) -> PenticState:
        return self._copy()._adopt(self)

    def __reduce__(self):
        return _from_json, (self.game, self.to_json())

    # ------------------------------------------------------------------ hidden information
    def view(self, seat: int | None) -> PenticState:
        """What ``seat`` may see (None: a spectator): no other hand, no pile order.
        GameOptionError for a seat the table does not have; HiddenInformationError for
        another seat's view of a view."""
        check_seat(seat, self.game.players)
        v = self._view(seat)._adopt(self)
        v.seed = None
        v.deck = None
        return v

    def secrets(self, seat: int | None) -> list[str]:
        """The card texts ``seat`` must never see (other hands and the pile)."""
        out = []
        for s, h in enumerate(self.hands):
            if s != seat:
                out.extend(NAMES[c] for c in h if c != UNKNOWN)
        out.extend(NAMES[c] for c in (self.pile or []))
        return out

    def determinize(self, rng: random.Random | int) -> PenticState:
        """A full state consistent with this view: the unseen cards dealt at random.

        ``rng``: a ``random.Random`` shuffles the unseen cards (lowest first) with
        ``rng.shuffle`` — the same deal as the reference engine — and the engine deals them
        into the unknown hand slots, seat by seat, then the pile.  An int instead seeds the
        engine's own generator (0 to 2**64 - 1), and the whole deal happens in Rust
        (faster, for search; the reference engine seeds a ``random.Random`` instead)."""
        rng = determinizing_rng(rng)
        if not self.is_view:
            return self.clone()
        if isinstance(rng, int):
            return self._determinized_seeded(rng)._adopt(self)
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        return self._determinized(unseen)._adopt(self)

    # ------------------------------------------------------------------ outcome
    def result_details(self) -> dict[str, Any]:
        plays = self.plays
        return {"turns": self.turns, "target": self.game.target,
                "ending": self.ending, "last_play": plays[-1] if plays else None}

    # ------------------------------------------------------------------ records
    def history(self) -> list[str]:
        return [TEXT_BY_ACTION[a] for a in self._history_actions()]

    def to_json(self) -> dict[str, Any]:
        if self.viewer == "all" and self.seed is None and self.deck is None:
            return saved_as_dealt(self)  # a determinization
        out: dict[str, Any] = {
            "game": self.game.name,
            "options": dict(self.game.options),
            "moves": self.history(),
            "grid": [[NAMES[c] for c in s] for s in self.stacks],
            "hand_sizes": self.hand_sizes(),
            "pile_size": self.pile_size,
            "scores": self.totals,
            "turns": self.turns,
            "to_move": self.current_player,
            "ending": self.ending,
            "plays": self.plays,
        }
        viewer = self.viewer
        if viewer != "all":
            out["view_of"] = viewer
            own = self.hands[viewer] if viewer is not None else None
            out["hand"] = [NAMES[c] if c != UNKNOWN else None for c in own] if own else (
                [] if own is not None else None)
        else:
            out["seed"] = self.seed
            out["deck"] = [NAMES[c] for c in self.deck] if self.deck else None
            out["hands"] = [[NAMES[c] for c in h] for h in self.hands]
        return out

    @classmethod
    def _from_view_json(cls, game: PenticGame, data: Mapping[str, Any]) -> PenticState:
        """A view loaded from its JSON (``game.state_from_json`` is the public way)."""
        v = view_fields(game, data)
        records = [(p["seat"], parse(p["card"]), p["position"],
                    tuple(p[k] for k in SCORE_FIELDS)) for p in v.plays]
        state = cls(game)
        state._load_view(game.players, game.target, v.viewer, v.stacks, v.hands, v.pile_size,
                         v.scores, v.turns, records, v.ending, v.to_move)
        state._play_dicts = v.plays
        return state

    def __str__(self) -> str:
        from .render import render_text

        return render_text(self)


PenticGame.state_class = PenticState


def _from_json(game: PenticGame, data: dict[str, Any]) -> PenticState:
    return game.state_from_json(data)
