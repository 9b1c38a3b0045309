"""The jobs the worker pool runs (in a worker process, away from the event loop).

Each gets plain JSON-ready arguments — for a computer seat only what that seat may see
(``state.view(seat)`` as JSON) — rebuilds the position and answers with plain data.
The post-game analysis's job, ``assess_move``, lives with the rest of the analysis in
:mod:`pentarena.ai.analysis` (the terminal runs it too).
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


def hint(game_name: str, options: dict[str, Any], state_json: dict[str, Any]) -> dict[str, str]:
    """Puzzles: a move that leads to a solution from this position, ``{"move": text}``, or
    the puzzle's own refusal for the player, ``{"refused": sentence}`` (a region its pieces
    cannot tile)."""
    from ..core.errors import IllegalMoveError

    try:
        return {"move": str(_state(game_name, options, state_json).hint())}
    except IllegalMoveError as exc:
        return {"refused": str(exc)}


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

HINT_LEVEL = "hard"
"""The computer level that suggests a move when a player asks for a hint (the browser's
and the terminal's)."""
HINT_SECONDS = 1.0
"""How long one hint searches."""


ANALYSIS_MOVE_SECONDS = 1.0
"""The post-game analysis's time for judging one move (the server's
``Limits.analysis_move_seconds``, the terminal's ``--analyse``): a hint is checked as the
analysis, with this budget, would judge it."""


def advise(game_name: str, options: dict[str, Any], view_json: dict[str, Any], level: str,
           seed: int | None, time_limit: float,
           judged_by: float | None = ANALYSIS_MOVE_SECONDS) -> dict[str, str]:
    """A suggested move for the player to move in ``view_json`` (only what that seat may
    see) and a short sentence saying why: ``{"move": text, "why": text}``.  Where the game
    has a solver (``State.solve_position``, or ``State.perfect_move`` of its own: an
    opening book, proofs), that first, with the analysis's share of the time
    (:data:`~pentarena.ai.analysis.EXACT_SHARE`): a solved game's hint is then exact
    where its post-game analysis is.  Otherwise, in a game without hidden cards, the level's move
    is judged as the post-game analysis would judge it with ``judged_by`` seconds
    (:func:`pentarena.ai.analysis.assess_move`, which counts its searches' work rather
    than reading a clock): a move it would call a mistake gives way to the move the
    analysis finds best, so a hint taken is not called a mistake afterwards (its search
    saw a reply the level's did not).  ``judged_by`` None: the level's move as it is."""
    import time

    from ..ai.bots import make_bot
    from ..core.game import State

    from ..ai.analysis import EXACT_SHARE, solution_answer

    state = _state(game_name, options, view_json)
    start = time.perf_counter()
    known = None   # the position's solution (or that it was not solved), for the check below
    if (type(state).perfect_move is not State.perfect_move
            or type(state).solve_position is not State.solve_position):
        solved = state.perfect_move(time_limit * EXACT_SHARE, book=True)
        known = solution_answer(solved)
        # (lost: the prover's most stubborn move where it has one; else the level's search,
        # which plays on for the opponent's mistakes, as the level does)
        if solved is not None and (solved.value >= 0 or state.stubborn_losses):
            return {"move": str(solved.move),
                    "why": _why(state, solved.move, solved=solved)}
    left = max(time_limit - (time.perf_counter() - start), time_limit / 2)
    hidden = state.game.hidden_information
    bot = make_bot(level, seed=seed, time_limit=left * 0.6 if hidden else left)
    move = bot.choose(state)
    chance = None
    if hidden:  # the levels' playouts stop a few moves on: the chance needs whole games
        rest = max(time_limit - (time.perf_counter() - start), time_limit / 4)
        points = _points(state)
        rival = _scores_more(points, str(move))
        chance = _chance_after(state, move, rest / 2 if rival else rest, seed or 0)
        if rival is not None and chance is not None:  # why not the play that scores more?
            rival_chance = _chance_after(state, rival, rest / 2, seed or 0)
            if rival_chance is not None:
                return _against_the_greedy(points, str(move), chance, rival, rival_chance,
                                           state.game.num_players)
    elif judged_by is not None and getattr(bot, "solved", None) is None:
        judged = _judged(state, view_json, move, judged_by, known)
        if judged is not None:
            return judged
    return {"move": str(move), "why": _why(state, move, bot, chance=chance)}


def _judged(state, state_json: dict[str, Any], move, budget: float,
            known: dict[str, Any] | None = None) -> dict[str, str] | None:
    """The analysis's best move and why, when it would call ``move`` a mistake or a
    blunder (None: ``move`` stands).  ``known``: the position's solution as the hint
    found it (``assess_move``'s ``prior``: not solved a second time)."""
    from ..ai.analysis import assess_move, verdict_of
    from ..core.game import Solution

    game = state.game
    judged = assess_move(game.name, dict(game.options), state_json, str(move), budget, known)
    if (verdict_of(judged, game.analysis_thresholds) == "good" or judged["best"] is None
            or judged["best"] == str(move)):
        return None
    best = state.parse_move(judged["best"])
    if judged["exact"]:  # (a won or drawn position: in a lost one every move is as good)
        why = _why(state, best, solved=Solution(int(judged["before"]), best))
    else:
        why = (f"Checked against your opponent's best replies, the computer's first choice "
               f"fell short; this move came out best, and it reckons your chances after it "
               f"at about {(judged['before'] + 1) / 2:.0%}.")
    return {"move": str(best), "why": why}


HINT_VALUE_ITERATIONS = 200_000
"""At most this many games played to the end to say a hidden-card hint's chance of winning
(its time runs out first on this machine)."""


def _chance_after(state, move, seconds: float, seed: int) -> float | None:
    """The mover's chance of winning after ``move`` (0..1, a shared win counted as its
    share), from that seat's view only: the game's own information-set search valuing the
    move with every deal played to the end (as the post-game analysis does); None where
    the game has no such search."""
    found = state.search_position(seconds, seed=seed, level="analysis",
                                  iterations=HINT_VALUE_ITERATIONS, root_move=str(move))
    return None if found is None else (found.value + 1) / 2


def _points(state) -> dict[str, int] | None:
    """What each legal play scores at once, in a game that previews its plays' scores
    (Pentic: :meth:`State.move_previews`, one native call); else None."""
    previews = state.move_previews()
    if not previews or not all("points" in p for p in previews.values()):
        return None
    return {text: int(p["points"]) for text, p in previews.items()}


def _scores_more(points: dict[str, int] | None, move: str) -> str | None:
    """The play that scores the most at once, if it scores more than ``move`` (a hint
    that gives points away says why), else None."""
    if points is None or move not in points:
        return None
    best = max(points, key=points.__getitem__)
    return best if points[best] > points[move] else None


GREEDY_MARGIN = 0.05
"""How much better a play that scores less must come out, in games played to the end (as
the figures are shown, rounded to a point), to be the hint over the play that scores most:
closer than this is within those games' noise (a player saw 7 points given up for 52%
against 49%)."""


def _against_the_greedy(points: dict[str, int], move: str, chance: float, rival: str,
                        rival_chance: float, players: int) -> dict[str, str]:
    """A hint when another play scores more at once: the play that scores most unless the
    other wins clearly more games played to the end — by :data:`GREEDY_MARGIN` as the
    figures are shown, rounded to a point —, with both figures."""
    def scores(m: str) -> str:
        return "nothing" if points[m] == 0 else _plural(points[m], "point")

    unseen = "the cards you cannot see dealt at random each time"
    mine, theirs = round(chance * 100), round(rival_chance * 100)
    if mine < theirs + round(GREEDY_MARGIN * 100):
        tail = (f"against {mine}% after {move}, the computer's first choice" if theirs > mine
                else f"about as many as after {move} ({mine}%), the computer's first choice, "
                     f"which scores {scores(move)}" if mine - theirs <= 1
                else f"and {mine}% after {move}, the computer's first choice, which scores "
                     f"{scores(move)}: too close to give up the points")
        return {"move": rival, "why": (
            f"It scores {scores(rival)} now, the most of any play, and played to the end "
            f"({unseen}) you win about {theirs}% of the games after it, {tail}.")}
    others = "your opponent" if players == 2 else "your opponents"
    return {"move": move, "why": (
        f"It scores {scores(move)} now, where {rival} would score {scores(rival)}; but "
        f"played to the end ({unseen}) you win about {mine}% of the games after it "
        f"and only {theirs}% after {rival}: what the bigger play leaves {others} "
        f"costs more.")}


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _why(state, move, bot=None, solved=None, chance: float | None = None) -> str:
    """Why ``move``, in a sentence: from ``solved`` (an exact solution) or ``bot``'s last
    search (and ``chance``, a hidden-card game's chance of winning after the move, from
    games played to the end: :func:`_chance_after`)."""
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
        others = "your opponent does" if state.game.num_players == 2 else "the others do"
        return (f"Perfect play: the position is solved, and with this move you win whatever "
                f"{others}." if solved.value > 0 else
                "Perfect play: the position is solved, and this move keeps the draw.")
    hidden = state.game.hidden_information
    unseen = ", the cards you cannot see dealt at random each time" if hidden else ""
    native = getattr(bot, "searched", None)
    ab = getattr(getattr(bot, "alphabeta", None), "last", None)
    if native is not None and state.game.search != "mcts" and not hidden:
        return _lookahead(len(state.legal_moves()), native.depth, native.nodes, native.proven,
                          native.value)
    if ab is not None and ab.visits and not hidden:
        proven = 1 if ab.value >= 1 else -1 if ab.value <= -1 else 0
        return _lookahead(len(state.legal_moves()), ab.visits, ab.iterations, proven)
    if native is not None and native.nodes and chance is not None:
        return _played_out(native.nodes, chance, unseen, whole=False)
    if native is not None and native.nodes:
        return _played_out(native.nodes, (native.value + 1) / 2, unseen)
    info = getattr(bot, "last", None)
    if info is not None and info.visits:
        return _played_out(info.iterations, info.value, unseen)
    return "The computer's choice after a short search."


def _lookahead(moves: int, depth: int, positions: int, proven: int,
               value: float | None = None) -> str:
    """Why an alpha-beta search's move, in plain words; ``value``: the game's own search's
    estimate for the mover, −1 … 1 (Pentago's is calibrated on exact results: an expected
    result), said as a chance."""
    if proven > 0:
        return (f"It forces a win: looking {_plural(depth, 'move')} ahead, every answer "
                f"your opponent has loses.")
    if proven < 0:
        return "Every move loses against perfect replies; this one holds out the longest."
    return (f"The best of your {_plural(moves, 'move')} when the computer looks "
            f"{_plural(depth, 'move')} ahead, yours and your opponent's "
            f"({_plural(positions, 'position')} weighed)"
            + ("." if value is None else
               f"; it reckons your chances after it at about {(value + 1) / 2:.0%} "
               "(a draw counting half)."))


def _played_out(games: int, won: float, unseen: str, whole: bool = True) -> str:
    """Why a tree search's (MCTS) move, in plain words; ``whole``: its games were played
    to the end, so ``won`` is the share they won (else ``won`` is the chance from games
    played to the end after the move: :func:`_chance_after`)."""
    if not whole:
        return (f"The computer played {_plural(games, 'quick game')} a few moves on from "
                f"here{unseen}, trying the promising moves most: this one came out best, "
                f"and played to the end after it you win about {won:.0%} of the games.")
    return (f"The computer played {_plural(games, 'quick game')} on from here{unseen}, "
            f"trying the promising moves most: this one came out best, winning about "
            f"{won:.0%} of its games.")
