"""The jobs the worker pool runs (in a worker process, away from the event loop).

Each gets plain JSON-ready arguments — for a computer seat only what that seat may see
(``state.view(seat)`` as JSON) — rebuilds the position and answers with plain data.
"""

from __future__ import annotations

from typing import Any


def _state(game_name: str, options: dict[str, Any], state_json: dict[str, Any]):
    from .. import load_game

    return load_game(game_name, **options).state_from_json(state_json)


def think(game_name: str, options: dict[str, Any], view_json: dict[str, Any], level: str,
          seed: int | None, time_limit: float | None) -> str:
    """Pick a move for the player to move in ``view_json``; returns its text."""
    from ..ai.bots import make_bot

    state = _state(game_name, options, view_json)
    bot = make_bot(level, seed=seed, time_limit=time_limit)
    return str(bot.choose(state))


def hint(game_name: str, options: dict[str, Any], state_json: dict[str, Any]) -> str:
    """Puzzles: a move that leads to a solution from this position."""
    return str(_state(game_name, options, state_json).hint())


def count(game_name: str, options: dict[str, Any], state_json: dict[str, Any]) -> dict[str, Any]:
    """Puzzles: how many solutions there are from this position (see
    ``PuzzleState.count_solutions``)."""
    state = _state(game_name, options, state_json)
    report = state.count_solutions()
    return {"count": report.count, "seconds": round(report.seconds, 3), "nodes": report.nodes,
            "from_start": not state.placed}


def warm() -> bool:
    """Run in each worker at start: load what the first hint or count would otherwise wait
    for (the engines, the move tables, the native solver)."""
    from .. import load_game

    state = load_game("pentomino-puzzle", region="3x20").new_initial_state()
    state.hint()
    return True


# -- hints in games (not puzzles) --------------------------------------------------------

def advise(game_name: str, options: dict[str, Any], view_json: dict[str, Any], level: str,
           seed: int | None, time_limit: float) -> dict[str, str]:
    """A suggested move for the player to move in ``view_json`` (only what that seat may
    see) and a short sentence saying why: ``{"move": text, "why": text}``.  Where the game
    knows more than its solver (an opening book, proofs: ``State.perfect_move`` of its
    own), that first, with half the time: a solved game's hint is then exact, as its
    post-game analysis is."""
    import time

    from ..ai.bots import make_bot
    from ..core.game import State

    state = _state(game_name, options, view_json)
    start = time.perf_counter()
    if type(state).perfect_move is not State.perfect_move:
        solved = state.perfect_move(time_limit / 2, book=True)
        if solved is not None:
            return {"move": str(solved.move),
                    "why": _why(state, solved.move, solved=solved)}
    left = max(time_limit - (time.perf_counter() - start), time_limit / 2)
    bot = make_bot(level, seed=seed, time_limit=left)
    move = bot.choose(state)
    return {"move": str(move), "why": _why(state, move, bot)}


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _why(state, move, bot=None, solved=None) -> str:
    """Why ``move``, in a sentence: from ``solved`` (an exact solution) or ``bot``'s last
    search."""
    seat = state.current_player
    after = state.clone()
    after.apply(move)
    if after.is_terminal():
        won = after.winners()
        if seat in won and len(won) < state.game.num_players:
            return "It wins the game at once."
        if seat in won:
            return "It ends the game in a draw."
    solved = solved or getattr(bot, "solved", None)
    if solved is not None:
        if solved.value < 0:
            return ("The position is lost against perfect play whatever you do; this move "
                    "makes your opponent's win the hardest to find.")
        return ("Perfect play: the position is solved, and with this move you win whatever "
                "the others do." if solved.value > 0 else
                "Perfect play: the position is solved, and this move keeps the draw.")
    hidden = state.game.hidden_information
    unseen = ", the cards you cannot see dealt at random each time" if hidden else ""
    native = getattr(bot, "searched", None)
    ab = getattr(getattr(bot, "alphabeta", None), "last", None)
    if native is not None and state.game.search != "mcts" and not hidden:
        return _lookahead(len(state.legal_moves()), native.depth, native.nodes, native.proven)
    if ab is not None and ab.visits and not hidden:
        proven = 1 if ab.value >= 1 else -1 if ab.value <= -1 else 0
        return _lookahead(len(state.legal_moves()), ab.visits, ab.iterations, proven)
    if native is not None and native.nodes:
        return _played_out(native.nodes, (native.value + 1) / 2, unseen)
    info = getattr(bot, "last", None)
    if info is not None and info.visits:
        return _played_out(info.iterations, info.value, unseen)
    return "The computer's choice after a short search."


def _lookahead(moves: int, depth: int, positions: int, proven: int) -> str:
    """Why an alpha-beta search's move, in plain words."""
    if proven > 0:
        return (f"It forces a win: looking {_plural(depth, 'move')} ahead, every answer "
                f"your opponent has loses.")
    if proven < 0:
        return "Every move loses against perfect replies; this one holds out the longest."
    return (f"The best of your {_plural(moves, 'move')} when the computer looks "
            f"{_plural(depth, 'move')} ahead, yours and your opponent's "
            f"({_plural(positions, 'position')} weighed).")


def _played_out(games: int, won: float, unseen: str) -> str:
    """Why a tree search's (MCTS) move, in plain words."""
    return (f"The computer played {_plural(games, 'quick game')} on from here{unseen}, "
            f"trying the promising moves most: this one came out best, winning about "
            f"{won:.0%} of its games.")


# -- post-game analysis ----------------------------------------------------------------

MISTAKE = 0.3
"""A move that lowers the mover's value (−1 lost … +1 won) by this much is a mistake (?!)."""
BLUNDER = 0.6
"""… and by this much a blunder (?)."""
MARKS = {"good": "✓", "mistake": "?!", "blunder": "?", "unknown": ""}


def verdict(before: float | None, after: float | None, exact: bool,
            proven: bool = False) -> str:
    """good | mistake | blunder | unknown, for a move taking the mover's value from
    ``before`` to ``after``.  Exact values (1 won, 0 drawn, -1 lost): a won or drawn game
    turned into a lost one is a blunder, a won game turned into a draw a mistake.  Search
    estimates: a drop of :data:`BLUNDER` or more is a blunder, of :data:`MISTAKE` a mistake;
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
    return "blunder" if drop >= BLUNDER else "mistake" if drop >= MISTAKE else "good"


def carry_back(game, previous: dict[str, Any], judged: dict[str, Any]) -> bool:
    """Correct ``previous`` (a judged move) by the move after it, ``judged``: when the
    position it led to is a proven result for the next mover (``before_proven``: a
    deeper search than the one-ply-shallower look at it saw the end, or the solver) and
    ``previous`` had only an estimate of it, that result is its ``after`` — a move into a
    forced loss is a blunder even where its own search stopped short.  Two-sided games
    only.  Returns whether it changed."""
    if len(game.sides) != 2 or not judged.get("before_proven"):
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
    so a position after a move can be valued for the player who made it."""
    from ..ai.mcts import MCTSBot

    class RootMCTS(MCTSBot):
        seat_values: list[float] | None = None

        def _info(self, root, done, start):  # noqa: ANN001 - MCTSBot's hook
            totals, visits = getattr(root, "totals", None), getattr(root, "visits", 0)
            if totals and visits:
                self.seat_values = [t / visits for t in totals]
            return MCTSBot._info(root, done, start)

    return RootMCTS


def _exact(state, time_limit: float):
    """The position's exact value and a best move, if known within ``time_limit``: the
    shipped proofs, else the game's best solver, ``State.perfect_move`` (as the hints ask:
    a game's own prover where it has one, ``solve_position`` by default)."""
    return state.proved_value() or state.perfect_move(time_limit, book=True)


def assess_move(game_name: str, options: dict[str, Any], state_json: dict[str, Any],
                move_text: str, budget: float, prior: dict[str, Any] | None = None,
                ) -> dict[str, Any]:
    """Judge one move of a finished game from the full position before it (hidden cards
    included: the record is public once the game is over).

    Exact where the game's solver answers for both the position before and the one after
    (``State.proved_value``, a shipped table of proofs, else the game's best solver,
    ``State.perfect_move`` where the game has its own, as hints use, else
    ``State.solve_position``, a share of ``budget`` each); otherwise a search of about
    ``budget`` seconds values both for the mover (alpha-beta for games that ask for it, the
    position after searched one ply shallower so both share a horizon; else MCTS, both
    values averages at a search's root).  ``proven``: ``after`` is a result the search saw
    through to the end (a finished game, or a forced win or loss).
    ``prior``: the previous move's ``child`` answer (this position's solution, or that it
    could not be solved), so that no position is solved twice.  Returns ``before``,
    ``after`` (the mover's value, −1 … 1), ``exact``, ``before_proven`` (``before`` is a
    result: exact, or a win or loss the search saw to the end), ``best`` (a best move
    found), ``source`` (solver | search | end) and ``child`` (the next position's
    solution)."""
    import time

    from ..ai.alphabeta import AlphaBetaBot

    start = time.perf_counter()
    state = _state(game_name, options, state_json)
    game = state.game
    seat = state.current_player
    move = state.parse_move(move_text)
    text = str(move)
    child = state.clone()
    child.apply(move)
    solve_share = budget * 0.25
    out: dict[str, Any] = {"seat": seat, "move": text, "best": None, "before": None,
                           "after": None, "exact": False, "proven": False,
                           "before_proven": False, "source": "search",
                           "child": {"value": None, "move": None}}

    # the position before: solved already (the previous move's child), or now
    if prior is not None and "value" in prior:
        before_exact = prior if prior["value"] is not None else None
    else:
        sol = _exact(state, solve_share)
        before_exact = {"value": sol.value, "move": str(sol.move)} if sol else None
    # the position after
    after_exact = None
    if child.is_terminal():
        after_exact = _result_for(child, seat)
    else:
        sol = _exact(child, solve_share) if len(game.sides) == 2 else None
        if sol is not None:
            out["child"] = {"value": sol.value, "move": str(sol.move)}
            after_exact = _for_seat(child, float(sol.value), seat)

    if after_exact is None and before_exact is not None and before_exact["move"] == text:
        after_exact = float(before_exact["value"])  # a best move keeps the position's value
    if child.is_terminal() and after_exact == 1.0:  # a win at once: the position was won
        out.update(before=1.0, after=1.0, exact=True, before_proven=True, best=text,
                   source="end")
        return out
    if before_exact is not None and after_exact is not None:
        out.update(before=float(before_exact["value"]), after=after_exact, exact=True,
                   before_proven=True, best=before_exact["move"], source="solver")
        return out

    # a search values both positions for the mover
    left = max(budget - (time.perf_counter() - start), budget * 0.2)
    if len(state.legal_moves()) == 1:
        out.update(best=text, source="forced")
    if game.search == "alphabeta" and len(game.sides) == 2 and not game.hidden_information:
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
        return out
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
    return out
