"""The post-game analysis's sequence: judged moves taken one at a time (the server's and
the terminal's analysis both go through :class:`JudgedMoves`)."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.ai import analysis
from pentarena.ai.analysis import JudgedMoves, analysis_note, unjudged


def judged(seat, before, after, *, exact=False, proven=False, before_proven=False,
           child=None):
    return {"seat": seat, "move": f"m{seat}", "best": None, "before": before, "after": after,
            "exact": exact, "proven": proven, "before_proven": before_proven,
            "source": "search", "child": child or {"value": None, "move": None}}


def test_moves_are_numbered_judged_rounded_and_corrected_by_the_next():
    moves = JudgedMoves(pentarena.load_game("pentago"))
    first = moves.add(judged(0, 0.123456, 0.1, child={"value": 1, "move": "e1"}))
    assert first["ply"] == 1 and first["verdict"] == "good" and first["mark"] == "✓"
    assert first["before"] == 0.123 and "child" not in first
    assert moves.prior == {"value": 1, "move": "e1"}  # for the next move's assess_move
    # a drop of 0.4: a mistake
    assert moves.add(judged(1, 0.5, 0.1))["verdict"] == "mistake"
    # the search before move 3 proves its mover wins: move 2 led into a loss (carried back)
    third = moves.add(judged(0, 1.0, 1.0, before_proven=True))
    second = moves.moves[1]
    assert second["after"] == -1.0 and second["proven"]
    assert second["verdict"] == "blunder" and second["mark"] == "?"
    assert third["ply"] == 3 and moves.prior == {"value": None, "move": None}
    # a move that could not be judged is kept, unknown (and the next solves its own start)
    fourth = moves.add(unjudged(1, "f5 BL cw"))
    assert fourth["verdict"] == "unknown" and fourth["mark"] == "" and fourth["ply"] == 4
    assert moves.prior is None
    assert moves.add(judged(0, 0.9, 0.2))["verdict"] == "blunder"
    assert moves.players() == [
        {"seat": 0, "moves": 3, "mistakes": 0, "blunders": 1},
        {"seat": 1, "moves": 2, "mistakes": 0, "blunders": 1}]
    assert [m["ply"] for m in moves.moves] == [1, 2, 3, 4, 5]


def test_the_note_says_how_a_hidden_card_game_was_judged():
    assert "what its player could see" in analysis_note(pentarena.load_game("pentic"))
    note = analysis_note(pentarena.load_game("pentago"))
    assert "could see" not in note and note.startswith("Values are the chances of the player "
                                                       "who moved: won, drawn or lost")
    assert note.endswith("chances by 15 points (of 100) is a mistake, by 30 a blunder; "
                         "where the solver answered, a won game turned into a draw is a "
                         "mistake, a won or drawn game turned into a loss a blunder.")
    assert "by 7.5 points (of 100) is a mistake, by 15 a blunder" in analysis_note(
        pentarena.load_game("pentic"))


def test_a_pentic_move_is_marked_by_pentics_thresholds():
    """A play that gives away 0.2 of its player's value (10 points of the chance of
    winning) is a mistake in Pentic, where plays move the chance little; elsewhere not."""
    for name, verdict in (("pentic", "mistake"), ("pentup", "good")):
        moves = JudgedMoves(pentarena.load_game(name))
        assert moves.add(judged(0, 0.1, -0.1))["verdict"] == verdict
        assert moves.add(judged(1, 0.1, 0.0))["verdict"] == "good"
    assert moves.players()[0]["mistakes"] == 0


def test_a_lost_position_stays_lost_whatever_the_move(monkeypatch):
    # the position before is known lost for the mover (the previous move's solution); the
    # one after cannot be solved in time: it is lost all the same, exactly
    monkeypatch.setattr(analysis, "_exact", lambda state, time_limit: None)
    state = pentarena.load_game("pentago").new_initial_state()
    answer = analysis.assess_move("pentago", {}, state.to_json(), "a1 TL cw", 0.05,
                                  prior={"value": -1, "move": "b2 TL cw"})
    assert (answer["before"], answer["after"], answer["exact"]) == (-1.0, -1.0, True)
    assert analysis.verdict(answer["before"], answer["after"], answer["exact"]) == "good"
    # not so from a drawn one: the move may lose it, and a search says what it can
    drawn = analysis.assess_move("pentago", {}, state.to_json(), "a1 TL cw", 0.05,
                                 prior={"value": 0, "move": "b2 TL cw"})
    assert not drawn["exact"]


def _pentic_deals(hidden_seed: int) -> tuple:
    """Two deals alike in what seat 0 sees first (the grid and its hand: the deck's first
    14 cards) and unlike in what it does not (seat 1's hand, the pile)."""
    deck = list(range(125))
    random.Random(7).shuffle(deck)
    rest = deck[14:]
    random.Random(hidden_seed).shuffle(rest)
    game = pentarena.load_game("pentic")
    return game.new_initial_state(deck=deck), game.new_initial_state(deck=deck[:14] + rest)


def test_a_pentic_move_is_judged_from_what_its_player_could_see(monkeypatch):
    """Pentic's moves are valued by its native information-set search from the mover's
    view (a fixed number of iterations here, so nothing depends on the machine's speed):
    what the mover could not see changes nothing, the play the search prefers is the one
    valued first, and a play scoring nothing where 20 points were on offer is valued
    below it, from the same deals."""
    monkeypatch.setattr(analysis, "_iterations", lambda state, seconds: 4000)
    state, other = _pentic_deals(1)
    assert state.to_json()["hands"] != other.to_json()["hands"] and state.view(0).to_json() == other.view(0).to_json()
    points = {str(m): state.score_of(m)["points"] for m in state.legal_moves()}
    worst = min(points, key=points.get)
    assert max(points.values()) >= points[worst] + 20
    answers = [analysis.assess_move("pentic", {}, s.to_json(), worst, 600.0)
               for s in (state, other)]
    assert answers[0] == answers[1]
    answer = answers[0]
    assert answer["source"] == "search" and not answer["exact"] and not answer["proven"]
    assert answer["best"] != worst and points[answer["best"]] > points[worst]
    assert -1 < answer["after"] < answer["before"] - 0.1 < 1
    best = analysis.assess_move("pentic", {}, state.to_json(), answer["best"], 600.0)
    assert (best["before"], best["after"]) == (answer["before"], answer["before"])


def test_a_hidden_card_game_carries_no_result_back():
    """A next mover's proven result is not the previous mover's: the next one knew their
    own hand (with full information it is: a move into a forced loss is a blunder)."""
    move = judged(0, -0.2, -0.3)
    proven_win = judged(1, 1.0, 1.0, before_proven=True)
    assert not analysis.carry_back(pentarena.load_game("pentic"), move, proven_win)
    assert move["after"] == -0.3 and not move["proven"]
    assert analysis.carry_back(pentarena.load_game("pentago"), move, proven_win)
    assert move["after"] == -1.0 and move["proven"]


# `hard` (White) against `easy`: Black's 8th move lets White force a win
PENTAGO_GAME = ["b2 TL cw", "d4 BL cw", "d2 BR cw", "e2 BR ccw", "b5 TR ccw", "b4 TR cw",
                "c5 BR ccw", "e5 BR cw", "b3 BL ccw", "c2 TL cw", "c2 TL cw"]


@pytest.mark.parametrize("depth", [2, 4, 6])
def test_pentago_moves_are_judged_by_its_own_search(monkeypatch, depth):
    """Pentago's moves are valued by its own alpha-beta (the levels' search) at an even
    depth, whatever the depth its time allows: the one move into a forced loss is the one
    blunder, the stronger side's moves are good and valued above the weaker side's (the
    generic search the analysis ran before, two plies deep, valued `hard`'s moves below
    -0.5 and called the blunder good)."""
    monkeypatch.setattr(analysis, "ANALYSIS_DEPTH", depth)
    game = pentarena.load_game("pentago")
    moves = analysis.analyse_game(game.new_initial_state(), PENTAGO_GAME, 60.0).moves
    assert [m["verdict"] for m in moves] == ["good"] * 7 + ["blunder"] + ["good"] * 3
    assert moves[7]["after"] == -1.0 and moves[7]["proven"]
    estimates = [[m["before"] for m in moves[:8] if m["seat"] == seat] for seat in (0, 1)]
    mean = [sum(values) / len(values) for values in estimates]
    assert mean[0] > mean[1] + 0.2
    assert all(-0.5 < v < 0.5 for v in estimates[0] + estimates[1][:3])


def _asked_depths(monkeypatch, stop_at=None):
    """Pentago's search_position spied on: the depths asked, in order (``stop_at``: a
    search asked for more plies stops there, as the guard's clock would stop it)."""
    from pentarena.core.game import SearchResult
    from pentarena.games.pentago.rules import PentagoState

    asked = []
    original = PentagoState.search_position

    def search(self, time_limit=1.0, max_depth=None, **options):
        asked.append(max_depth)
        if stop_at is not None and max_depth > stop_at:
            found = original(self, None, max_depth=stop_at, **options)
            return SearchResult(found.move, found.value, stop_at, found.nodes, found.proven)
        return original(self, None, max_depth=max_depth, **options)

    monkeypatch.setattr(analysis, "_exact", lambda state, time_limit: None)
    monkeypatch.setattr(PentagoState, "search_position", search)
    return asked, original


def test_the_depth_is_chosen_by_the_positions_a_search_visits_not_by_a_clock(monkeypatch):
    """2 plies, then 2 more while the next depth's estimated positions fit the budget: the
    same record gets the same verdicts however busy the machine (a time-bound depth gave
    a move "good" in one run and "?!" in the next); the position after one ply less."""
    asked, _ = _asked_depths(monkeypatch)
    state = pentarena.load_game("pentago").new_initial_state()
    answers = [analysis.assess_move("pentago", {}, state.to_json(), "a1 TL cw", seconds)
               for seconds in (0.02, 1.0, 1.0)]
    # from the empty board: 874 positions at 2 plies, 38,281 at 4
    assert asked == [2, 4, 3] + [2, 4, 6, 5] * 2
    assert answers[1] == answers[2] and answers[0]["best"] == "c1 TL cw"


def test_a_deeper_search_stopped_by_the_guard_leaves_the_depth_before(monkeypatch):
    asked, original = _asked_depths(monkeypatch, stop_at=3)
    state = pentarena.load_game("pentago").new_initial_state()
    answer = analysis.assess_move("pentago", {}, state.to_json(), "a1 TL cw", 1.0)
    assert asked == [2, 4, 1]  # 4 stopped after 3 plies: valued at 2, the move after at 1
    best = original(state, None, max_depth=2, fitted=True)
    assert answer["best"] == str(best.move) != "a1 TL cw"
    assert answer["before"] == best.value > answer["after"]  # (judge() rounds them later)


# Pent-Up, `medium` (seat 0) against `random`, seed 3
PENTUP_GAME = [
    "W:0,2;1,1;1,2;2,0;2,1", "Z:-3,0;-2,0;-2,1;-2,2;-1,2", "L:-2,1;-2,2;-1,2;0,2;1,2",
    "F:-1,0;0,0;0,1;1,-1;1,0", "F:0,0;1,-1;1,0;2,0;2,1", "L:-3,-4;-3,-3;-3,-2;-3,-1;-2,-4",
    "Y:3,-3;3,-2;3,-1;3,0;4,-1", "N:-5,-6;-5,-5;-5,-4;-4,-4;-4,-3",
    "V:-5,-6;-5,-5;-5,-4;-4,-4;-3,-4", "W:2,2;2,3;3,3;3,4;4,4", "P:-4,-7;-4,-6;-4,-5;-3,-7;-3,-6",
    "P:4,0;5,-1;5,0;6,-1;6,0", "N:3,-1;4,-1;5,-1;5,0;6,0", "Y:-2,-8;-2,-7;-2,-6;-2,-5;-1,-7",
    "T:-3,-7;-2,-7;-2,-6;-2,-5;-1,-7", "U:-5,-9;-5,-8;-4,-8;-3,-9;-3,-8",
    "X:-8,-9;-7,-10;-7,-9;-7,-8;-6,-9", "I:-8,-11;-7,-11;-6,-11;-5,-11;-4,-11",
    "I:-4,-2;-4,-1;-4,0;-4,1;-4,2", "X:-9,-7;-8,-8;-8,-7;-8,-6;-7,-7",
    "U:-8,-11;-8,-9;-7,-11;-7,-10;-7,-9", "V:-3,-2;-3,-1;-3,0;-2,0;-1,0",
    "Z:-3,0;-2,0;-2,1;-2,2;-1,2", "T:-5,-8;-4,-8;-4,-7;-4,-6;-3,-8"]


def test_pentup_moves_are_judged_by_its_own_search(monkeypatch):
    """Pent-Up's moves are valued by its native MCTS (the levels' search; a fixed number
    of iterations here, so the verdicts do not depend on the machine's speed): the random
    player's moves are marked far more often than `medium`'s (the package's Python MCTS
    the analysis ran before called nearly every random move good)."""
    monkeypatch.setattr(analysis, "_iterations", lambda state, seconds: 5000)
    from pentarena.games.pentup.rules import PentUpState

    searched = []
    original = PentUpState.search_position

    def spy(self, time_limit=1.0, **options):
        searched.append(options.get("iterations"))
        return original(self, time_limit, **options)

    monkeypatch.setattr(PentUpState, "search_position", spy)
    game = pentarena.load_game("pentup")
    judged = analysis.analyse_game(game.new_initial_state(seed=3), PENTUP_GAME, 60.0)
    assert searched and set(searched) == {5000}
    marked = [p["mistakes"] + p["blunders"] for p in judged.players()]
    assert marked[0] <= 2 and marked[1] >= 5, marked
    assert [m["verdict"] for m in judged.moves[-4:]] == ["good"] * 4  # forced or decided


def test_a_three_player_pentup_move_is_judged_by_every_seats_value_at_the_root(monkeypatch):
    """With three sides a value for the mover alone says little: the native search's
    per-seat means at its root (``SearchResult.seat_values``) are read, as the Python
    search's are; at the start each seat's chance is about a third (a value near -1/3)."""
    monkeypatch.setattr(analysis, "_iterations", lambda state, seconds: 3000)
    game = pentarena.load_game("pentup", players=3)
    state = game.new_initial_state(seed=4)
    found = state.search_position(None, iterations=3000)
    assert len(found.seat_values) == 3 and abs(sum(found.seat_values) - 1) < 1e-6
    move = str(state.legal_moves()[7])
    answer = analysis.assess_move("pentup", dict(game.options), state.to_json(), move, 60.0)
    assert answer["before"] == found.seat_values[0] * 2 - 1
    assert -0.7 < answer["before"] < 0.1 and -0.7 < answer["after"] < 0.1
