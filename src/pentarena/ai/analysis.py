"""Post-game analysis: a verdict on every move of a finished game.

Each move is judged from the position before it by :func:`assess_move` — exact where the
game's solver answers, else a search's estimate; in a game with hidden cards, from what the
mover could see then — and marked ✓ good, ?! mistake or ? blunder by how much
it lowered the mover's value (:func:`verdict`).  :class:`JudgedMoves` takes a game's judged
moves in order (correcting each by the next: :func:`carry_back`) and sums them up per
player; :func:`analyse_game` runs the whole game in this process (the terminal), while the
server runs :func:`assess_move` on its worker pool, one job per move, into the same
:class:`JudgedMoves`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..core.game import Game, State, load_game

log = logging.getLogger("pentarena.analysis")

MISTAKE, BLUNDER = Game.analysis_thresholds
"""A move that lowers the mover's value (−1 lost … +1 won) by MISTAKE is a mistake (?!), by
BLUNDER a blunder (?): the defaults; a game may set its own (``Game.analysis_thresholds``)."""
MARKS = {"good": "✓", "mistake": "?!", "blunder": "?", "unknown": ""}
EXACT_SHARE = 0.6
"""The share of a move's time that the analysis (for each position it solves: mostly the
one after the move, the one before being the previous move's) and a hint give the game's
solver first: at the default second, Pentago with 16 empty cells (the solver's estimate
0.53 s) is exact, as the levels that think two seconds have it."""


def verdict(before: float | None, after: float | None, exact: bool,
            proven: bool = False, thresholds: tuple[float, float] = (MISTAKE, BLUNDER)) -> str:
    """good | mistake | blunder | unknown, for a move taking the mover's value from
    ``before`` to ``after``.  Exact values (1 won, 0 drawn, -1 lost): a won or drawn game
    turned into a lost one is a blunder, a won game turned into a draw a mistake.  Search
    estimates: a drop of ``thresholds[1]`` (:data:`BLUNDER`) or more is a blunder, of
    ``thresholds[0]`` (:data:`MISTAKE`) a mistake;
    and a move into a loss the search saw through to the end (``proven``, ``after`` -1)
    from a position it had not seen lost is a blunder whatever the drop."""
    if before is None or after is None:
        return "unknown"
    if exact:
        if after < 0 <= before:
            return "blunder"
        return "mistake" if after < before else "good"
    if proven and after <= -1 < before:
        return "blunder"
    drop = before - after
    mistake, blunder = thresholds
    return "blunder" if drop >= blunder else "mistake" if drop >= mistake else "good"


def carry_back(game, previous: dict[str, Any], judged: dict[str, Any]) -> bool:
    """Correct ``previous`` (a judged move) by the move after it, ``judged``: when the
    position it led to is a proven result for the next mover (``before_proven``: a
    deeper search than the one-ply-shallower look at it saw the end, or the solver) and
    ``previous`` had only an estimate of it, that result is its ``after`` — a move into a
    forced loss is a blunder even where its own search stopped short.  Two-sided games
    of perfect information only: with hidden cards the next mover knew what ``previous``'s
    player could not (their own hand).  Returns whether it changed."""
    if len(game.sides) != 2 or game.hidden_information or not judged.get("before_proven"):
        return False
    if previous["exact"] or previous["proven"] or None in (judged["before"], previous["before"]):
        return False
    same = side_of(game, previous["seat"]) == side_of(game, judged["seat"])
    previous["after"] = judged["before"] if same else -judged["before"]
    previous["proven"] = True
    return True


def _clamp(v: float) -> float:
    return max(-1.0, min(1.0, float(v)))


def side_of(game, seat: int) -> int:
    """The index of the side (team) ``seat`` plays for."""
    return next(i for i, side in enumerate(game.sides) if seat in side)


def _for_seat(state, value: float, seat: int) -> float | None:
    """``value`` for the player to move in ``state``, as seen by ``seat`` (None when the
    game has more than two sides: it does not say)."""
    game = state.game
    if side_of(game, state.current_player) == side_of(game, seat):
        return value
    return -value if len(game.sides) == 2 else None


def _result_for(state, seat: int) -> float:
    """A finished game's result for ``seat``: 1 won, 0 a draw (shared), -1 lost."""
    return _clamp(state.returns()[seat] * 2.0 - 1.0)


def _seat_values_mcts():
    """An MCTS bot that also reports the root's average reward per seat (``seat_values``),
    so a position after a move can be valued for the player who made it (games of perfect
    information only: see :func:`_own_ismcts`)."""
    from .mcts import MCTSBot

    class RootMCTS(MCTSBot):
        seat_values: list[float] | None = None

        def _info(self, root, done, start):  # noqa: ANN001 - MCTSBot's hook
            totals, visits = getattr(root, "totals", None), getattr(root, "visits", 0)
            if totals and visits:
                self.seat_values = [t / visits for t in totals]
            return MCTSBot._info(root, done, start)

    return RootMCTS


def solution_answer(sol) -> dict[str, Any]:
    """A position's solution as :func:`assess_move` passes it on (its ``child``, the next
    move's ``prior``): ``value`` and ``move`` text, both None when it was not solved."""
    return {"value": sol.value, "move": str(sol.move)} if sol else {"value": None, "move": None}


def _exact(state, time_limit: float):
    """The position's exact value and a best move, if known within ``time_limit``: the
    shipped proofs, else the game's best solver, ``State.perfect_move`` (as the hints ask:
    a game's own prover where it has one, ``solve_position`` by default)."""
    return state.proved_value() or state.perfect_move(time_limit, book=True)


def assess_move(game_name: str, options: dict[str, Any], state_json: dict[str, Any],
                move_text: str, budget: float, prior: dict[str, Any] | None = None,
                ) -> dict[str, Any]:
    """Judge one move of a finished game from the position before it (``state_json``:
    the full state, hidden cards included; a game with hidden cards is searched from the
    mover's view of it only, :func:`_own_ismcts`).

    Exact where the game's solver answers for both the position before and the one after
    (``State.proved_value``, a shipped table of proofs, else the game's best solver,
    ``State.perfect_move`` where the game has its own, as hints use, else
    ``State.solve_position``, a share of ``budget`` each); otherwise a search of about
    ``budget`` seconds values both for the mover (alpha-beta for games that ask for it —
    the game's own where it has one, :func:`_own_alphabeta` —, the position after searched
    one ply shallower so both share a horizon; else the game's own tree search,
    :func:`_own_mcts`; else MCTS, both values averages at a search's root; with hidden
    cards the game's own information-set search, :func:`_own_ismcts`, or no values).
    ``proven``: ``after`` is a result the search saw
    through to the end (a finished game, or a forced win or loss); ``ended``: the move
    ended the game (``after`` is its result for the mover, whatever ``before`` is).
    ``prior``: the previous move's ``child`` answer (this position's solution, or that it
    could not be solved), so that no position is solved twice.  Returns ``before``,
    ``after`` (the mover's value, −1 … 1), ``exact``, ``before_proven`` (``before`` is a
    result: exact, or a win or loss the search saw to the end), ``best`` (a best move
    found), ``source`` (solver | search | end) and ``child`` (the next position's
    solution)."""
    import time

    start = time.perf_counter()
    state = load_game(game_name, **options).state_from_json(state_json)
    game = state.game
    seat = state.current_player
    move = state.parse_move(move_text)
    text = str(move)
    child = state.clone()
    child.apply(move)
    solve_share = budget * EXACT_SHARE
    out: dict[str, Any] = {"seat": seat, "move": text, "best": None, "before": None,
                           "after": None, "exact": False, "proven": False,
                           "before_proven": False, "ended": child.is_terminal(),
                           "source": "search", "child": solution_answer(None)}

    # the position before: solved already (the previous move's child), or now
    if prior is not None and "value" in prior:
        before_exact = prior if prior["value"] is not None else None
    else:
        sol = _exact(state, solve_share)
        before_exact = solution_answer(sol) if sol else None
    # the position after
    after_exact = None
    if child.is_terminal():
        after_exact = _result_for(child, seat)
    else:
        sol = _exact(child, solve_share) if len(game.sides) == 2 else None
        if sol is not None:
            out["child"] = solution_answer(sol)
            after_exact = _for_seat(child, float(sol.value), seat)

    if after_exact is None and before_exact is not None and before_exact["move"] == text:
        after_exact = float(before_exact["value"])  # a best move keeps the position's value
    if (after_exact is None and before_exact is not None and before_exact["value"] == -1
            and len(game.sides) == 2):
        after_exact = -1.0  # a lost position stays lost whatever the move
    if child.is_terminal() and after_exact == 1.0:  # a win at once: the position was won
        out.update(before=1.0, after=1.0, exact=True, before_proven=True, best=text,
                   source="end")
        return out
    if before_exact is not None and after_exact is not None:
        out.update(before=float(before_exact["value"]), after=after_exact, exact=True,
                   before_proven=True, best=before_exact["move"], source="solver")
        return out

    left = max(budget - (time.perf_counter() - start), budget * 0.2)
    _by_search(state, child, text, budget, left, after_exact, out)
    if before_exact is not None:  # the position was solved, the one after it not: the
        out["best"] = before_exact["move"]  # solver's move, not the search's guess
    return out


def _by_search(state, child, text: str, budget: float, left: float,
               after_exact: float | None, out: dict[str, Any]) -> None:
    """:func:`assess_move`'s values of a move from a search, into ``out``."""
    from .alphabeta import AlphaBetaBot

    game = state.game
    seat = state.current_player
    # a search values both positions for the mover: the game's own searches with work
    # counted from ``budget`` (not from the time left, which the clock decides), so that
    # a position gets the same verdict every time, as a hint checked by it (jobs.advise)
    if len(state.legal_moves()) == 1:
        out.update(best=text, source="forced")
    if game.search == "alphabeta" and len(game.sides) == 2 and not game.hidden_information:
        if _own_alphabeta(state, child, text, budget, out):
            return
        bot = AlphaBetaBot(seed=0, time_limit=left / 2)
        best = bot.choose(state)
        info = bot.last
        out["best"] = str(best)
        out["before"] = _clamp(info.value) if info.visits else _clamp(state.evaluate(seat))
        out["before_proven"] = bool(info.visits) and abs(info.value) >= 1
        if str(best) == text:
            out["after"] = out["before"]
            out["proven"] = abs(info.value) >= 1
        elif child.is_terminal():
            out["after"], out["proven"] = after_exact, True
        elif info.visits <= 1:
            out["after"] = _clamp(child.evaluate(seat))
        else:
            deeper = AlphaBetaBot(seed=0, time_limit=left / 2, max_depth=info.visits - 1)
            deeper.choose(child)
            value = (_clamp(deeper.last.value) if deeper.last.visits
                     else _clamp(child.evaluate(child.current_player)))
            out["after"] = _for_seat(child, value, seat)
            out["proven"] = bool(deeper.last.visits) and abs(deeper.last.value) >= 1
        return
    if game.hidden_information:
        # from what the mover could see, or not at all: a search of the full position
        # would judge a move by cards its player could not know
        _own_ismcts(state, child, text, budget, out)
        return
    if _own_mcts(state, child, text, budget, out):
        return
    bot = _seat_values_mcts()(seed=0, time_limit=left / 2)
    best = bot.choose(state)
    out["best"] = str(best)
    # both values are averages at a search's root (the position before, the position after),
    # so that they compare like with like
    if bot.seat_values is not None:
        out["before"] = _clamp(bot.seat_values[seat] * 2 - 1)
    elif bot.last.visits:
        out["before"] = _clamp(bot.last.value * 2 - 1)
    if str(best) == text:
        out["after"] = out["before"]
    elif child.is_terminal():
        out["after"], out["proven"] = after_exact, True
    else:
        reply = _seat_values_mcts()(seed=0, time_limit=left / 2)
        reply.choose(child)
        if reply.seat_values is not None:
            out["after"] = _clamp(reply.seat_values[seat] * 2 - 1)
        elif reply.last.visits:
            out["after"] = _for_seat(child, _clamp(reply.last.value * 2 - 1), seat)


GUARD_SCALE = 1.0
"""Scales the clocks that only guard the analysis's counted searches (``math.inf``: no
clock at all, so that a test of the verdicts does not depend on how busy the machine is)."""


ANALYSIS_DEPTH = 6
"""The most plies the game's own alpha-beta looks ahead from the position before a move:
the deepest even depth its budget allows, 2 at least.  Even, so that every move's
``before`` is read with the mover to move at the horizon and the values of successive
moves compare (an odd horizon flatters the side that moved last)."""


ANALYSIS_NODES_PER_SECOND = 6_000_000
"""The positions a second of analysis may visit with the game's own alpha-beta (Pentago's
visits 10–14 million a second on this machine: a share that leaves room for a busy one)."""

DEEPER = 60
"""About how many times the positions of a search two plies deeper visits (Pentago from
2 to 4 plies and from 4 to 6: 44–116 times, measured on random games)."""


def _own_alphabeta(state, child, text: str, seconds: float, out: dict[str, Any]) -> bool:
    """Value a move with the game's own alpha-beta (``State.search_position``, the
    levels' search, with the evaluation of the strongest level but no threat extensions,
    which would give the two searches different horizons): the position before searched
    2 plies deep, then 2 more at a time up to :data:`ANALYSIS_DEPTH` while the next
    depth's positions (:data:`DEEPER` times the last's) fit in half of ``seconds`` at
    :data:`ANALYSIS_NODES_PER_SECOND`; the one after one ply less, so both end at the same
    plies.  Counted in positions, not read from a clock, so that a record gets the same
    verdicts however busy the machine is (a clock of 3 times ``seconds`` only guards
    against a depth far costlier than its estimate).  Fills ``out``; False when the game
    has no search of its own."""
    options = {**state.game.level_tuning.get("expert", {}).get("search", {}),
               "extensions": 0}
    guard = max(1.0, 3 * seconds) * GUARD_SCALE

    def search(position, depth: int):
        return position.search_position(guard, **{**options, "max_depth": depth})

    found = search(state, 2)
    if found is None:
        return False
    nodes = seconds * 0.5 * ANALYSIS_NODES_PER_SECOND
    while (not found.proven and found.depth + 2 <= ANALYSIS_DEPTH
           and found.nodes * DEEPER <= nodes):
        deeper = search(state, found.depth + 2)
        if deeper.depth < found.depth + 2 and not deeper.proven:
            break  # stopped by the guard: the depth before stands
        found = deeper
    out["best"] = str(found.move)
    out["before"] = _clamp(found.value)
    out["before_proven"] = bool(found.proven)

    def reply() -> tuple[float, bool]:
        found_after = child.search_position(None, **{**options, "max_depth": found.depth - 1})
        return -_clamp(found_after.value), bool(found_after.proven)

    _value_after(out, text, child, state.current_player, reply)
    return True


def _iterations(state, seconds: float) -> int:
    """The iterations a search of ``seconds`` runs from ``state`` in the analysis
    (``Game.analysis_iterations_per_second``: counted, so that a record gets the same
    verdicts however busy the machine is; the search's clock, 1.5 times the move's
    budget, only guards against one far slower than that)."""
    return max(1, round(seconds * state.game.analysis_iterations_per_second))


def _own_mcts(state, child, text: str, seconds: float, out: dict[str, Any]) -> bool:
    """Value a move with the game's own tree search (``State.search_position``, e.g.
    Pent-Up's native MCTS: several times the iterations of this package's in the same
    time), about half of ``seconds`` for each position.  Two sides: ``before`` the mover's
    mean reward of the move the search finds best, ``after`` the next mover's of its best
    reply, for the mover.  More sides: the mover's mean reward at each search's root
    (``SearchResult.seat_values``; as :func:`_seat_values_mcts` reads this package's).
    Fills ``out``; False when the game has no search of its own (or, with more than two
    sides, one that does not report every seat's value)."""
    two_sides = len(state.game.sides) == 2
    found = state.search_position(1.5 * seconds * GUARD_SCALE,
                                  iterations=_iterations(state, seconds / 2))
    if found is None or not (two_sides or found.seat_values):
        return False
    seat = state.current_player

    def value(result) -> float:
        return _clamp(result.seat_values[seat] * 2 - 1)

    out["best"] = str(found.move)
    out["before"] = _clamp(found.value) if two_sides else value(found)

    def reply() -> tuple[float, bool]:
        found_after = child.search_position(1.5 * seconds * GUARD_SCALE,
                                            iterations=_iterations(child, seconds / 2))
        return (_for_seat(child, _clamp(found_after.value), seat) if two_sides
                else value(found_after)), False

    _value_after(out, text, child, seat, reply)
    return True


def _own_ismcts(state, child, text: str, seconds: float, out: dict[str, Any]) -> bool:
    """Value a move of a game with hidden cards from what its player could see when
    making it (that seat's view: the search deals the cards it could not see at random,
    again and again), with the game's own information-set search
    (``State.search_position``; Pentic's native ISMCTS): ``before`` the mover's mean
    reward of the move the search chooses, ``after`` that of the move played, searched
    with every iteration starting with it (``root_move``).  Half of ``seconds`` each, from
    the same seed: the same deals, the same horizon.  Fills ``out``; False (``out`` left
    without values: the verdict is unknown) when the game has no such search."""
    iterations = _iterations(state, seconds / 2)
    found = state.search_position(1.5 * seconds * GUARD_SCALE, seed=0, level="analysis",
                                  iterations=iterations)
    if found is None:
        return False
    out["best"] = str(found.move)
    out["before"] = _clamp(found.value)

    def reply() -> tuple[float, bool]:
        played = state.search_position(1.5 * seconds * GUARD_SCALE, seed=0, level="analysis",
                                       iterations=iterations, root_move=text)
        return _clamp(played.value), False

    _value_after(out, text, child, state.current_player, reply)
    return True


def _value_after(out: dict[str, Any], text: str, child, seat: int,
                 reply: Callable[[], tuple[float, bool]]) -> None:
    """Set ``out``'s ``after`` and ``proven`` for the move ``text`` (``out["best"]``: the
    move the search found best): its own value where the move played is that one, the
    result where the game ended, else ``reply()`` (a search of the position after)."""
    if out["best"] == text:
        out["after"], out["proven"] = out["before"], out["before_proven"]
    elif child.is_terminal():
        out["after"], out["proven"] = _result_for(child, seat), True
    else:
        out["after"], out["proven"] = reply()


def unjudged(seat: int, move_text: str, source: str = "failed") -> dict[str, Any]:
    """What stands for a move that could not be judged (its job failed): no values, so
    its verdict is unknown."""
    return {"seat": seat, "move": move_text, "best": None, "before": None, "after": None,
            "exact": False, "proven": False, "ended": False, "source": source}


def verdict_of(move: dict[str, Any], thresholds: tuple[float, float] = (MISTAKE, BLUNDER)) -> str:
    """:func:`verdict` of a judged move (:func:`assess_move`'s answer)."""
    return verdict(move["before"], move["after"], move["exact"], move["proven"], thresholds)


def judge(move: dict[str, Any], thresholds: tuple[float, float] = (MISTAKE, BLUNDER)) -> None:
    """Set a judged move's ``verdict`` and ``mark`` from its values (``thresholds``: the
    game's, :func:`verdict`), and round the values (to 3 decimals, as the page shows them)."""
    move["verdict"] = verdict_of(move, thresholds)
    move["mark"] = MARKS[move["verdict"]]
    for key in ("before", "after"):
        if move[key] is not None:
            move[key] = round(move[key], 3)


class JudgedMoves:
    """A game's judged moves, taken one at a time in the order they were played.

    :meth:`add` takes :func:`assess_move`'s answer for the next move: it keeps that
    answer's ``child`` as :attr:`prior` (pass it to the next move's :func:`assess_move`,
    so no position is solved twice), corrects the move before by this one
    (:func:`carry_back`), and gives the move its verdict and mark (:func:`judge`).
    :meth:`players` sums the verdicts up per seat."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.moves: list[dict[str, Any]] = []
        """The judged moves: ``ply`` (from 1), then :func:`assess_move`'s fields, then
        ``verdict`` and ``mark``."""
        self.prior: dict[str, Any] | None = None
        """The last move's ``child`` answer: the next move's ``prior``."""

    def add(self, judged: dict[str, Any]) -> dict[str, Any]:
        """Add the next move's judgement (:func:`assess_move`'s answer, or
        :func:`unjudged`); returns it as kept, with its ply, verdict and mark."""
        self.prior = judged.pop("child", None)
        thresholds = self.game.analysis_thresholds
        if self.moves and carry_back(self.game, self.moves[-1], judged):
            # the move before led into a result this one's search saw
            judge(self.moves[-1], thresholds)
        judge(judged, thresholds)
        move = {"ply": len(self.moves) + 1, **judged}
        self.moves.append(move)
        return move

    def players(self) -> list[dict[str, Any]]:
        """Per seat: ``seat``, ``moves`` judged, ``mistakes`` and ``blunders``."""
        out = []
        for seat in range(self.game.num_players):
            mine = [m for m in self.moves if m["seat"] == seat]
            out.append({"seat": seat, "moves": len(mine),
                        "mistakes": sum(m["verdict"] == "mistake" for m in mine),
                        "blunders": sum(m["verdict"] == "blunder" for m in mine)})
        return out


HIDDEN_NOTE = ("Each move is judged from what its player could see then — their own "
               "hand, the grid, the scores — with the other hands and the draw pile "
               "dealt at random, again and again, as the computer players search. ")
"""What the analysis of a game with hidden cards says of how it judged (the browser and
the terminal show it)."""


def analysis_note(game: Game) -> str:
    """What the values mean (and, for a hidden-card game, from whose knowledge each move
    was judged), in the words the browser shows under the analysis."""
    hidden = HIDDEN_NOTE if game.hidden_information else ""
    mistake, blunder = game.analysis_thresholds
    # (a value v from −1 to +1 is shown as the chance of winning it stands for, (v+1)/2)
    return hidden + ("Values are the chances of the player who moved: won, drawn or lost "
                     "where the game's solver answered, else a search's estimate of their "
                     f"chance of winning. A move that lowers its player's chances by "
                     f"{mistake * 50:g} points (of 100) is a mistake, by {blunder * 50:g} a "
                     "blunder" + ("." if game.hidden_information else
                                  "; where the solver answered, a won game turned into a "
                                  "draw is a mistake, a won or drawn game turned into a "
                                  "loss a blunder."))


def analyse_game(initial: State, moves: Sequence[str], seconds_per_move: float = 1.0,
                 on_move: Callable[[int, int], None] | None = None) -> JudgedMoves:
    """Judge every move of a game in this process, about ``seconds_per_move`` each:
    ``initial`` is the full state before the first move (deals included), ``moves`` the
    move texts played from it.  ``on_move(done, total)`` is called after each move.  A
    move whose judging raises an error (not an interrupt) is kept unjudged."""
    game = initial.game
    state = initial.clone()
    judged = JudgedMoves(game)
    for i, text in enumerate(moves):
        seat = state.current_player
        try:
            answer = assess_move(game.name, dict(game.options), state.to_json(), text,
                                 seconds_per_move, judged.prior)
        except Exception as exc:  # noqa: BLE001 - kept unjudged, as the server does
            log.warning("analysing move %d failed: %s", i + 1, exc)
            answer = unjudged(seat, text)
        judged.add(answer)
        state.apply(text)
        if on_move is not None:
            on_move(i + 1, len(moves))
    return judged
