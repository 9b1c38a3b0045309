"""The post-game analysis's sequence: judged moves taken one at a time (the server's and
the terminal's analysis both go through :class:`JudgedMoves`)."""

from __future__ import annotations

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


def test_the_note_says_when_all_cards_were_known():
    assert "all cards known" in analysis_note(pentarena.load_game("pentic"))
    note = analysis_note(pentarena.load_game("pentago"))
    assert "all cards" not in note and note.startswith("Values are for the player who moved")


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


def test_a_pentic_move_is_judged_with_all_cards_known(monkeypatch):
    """The analysis's MCTS searches the full Pentic position on purpose (see_all): the
    bots refuse hidden cards otherwise."""
    monkeypatch.setattr(analysis, "_exact", lambda state, time_limit: None)
    state = pentarena.load_game("pentic").new_initial_state(seed=5)
    move = str(state.legal_moves()[0])
    answer = analysis.assess_move("pentic", {}, state.to_json(), move, 0.05)
    assert answer["source"] == "search" and answer["best"] is not None
    assert answer["before"] is not None and answer["after"] is not None
