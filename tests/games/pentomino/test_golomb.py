"""Golomb's game from the empty board: symmetries, the proof's checkpoint, the opening
book and the ``perfect`` level that plays from it (``games/pentomino/golomb.py``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pentarena
from pentarena._native import PentominoProver
from pentarena.ai import make_bot
from pentarena.ai.bots import SearchBot
from pentarena.games.pentomino import golomb
from pentarena.games.pentomino.notation import board_tables

MOVES = board_tables()[0]
BOOK = golomb.load_book()


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**64 - 1))
def test_the_symmetries_agree_with_the_native_prover(board):
    canon, sym = golomb.canonical(board)
    assert canon == PentominoProver.canonical(board)
    assert golomb.image(board, sym) == canon
    assert golomb.image(canon, golomb.INVERSE[sym]) == board
    assert sorted(golomb.image(board, s).bit_count() for s in range(8)) == [board.bit_count()] * 8


def test_first_moves_and_replies_up_to_symmetry():
    firsts = golomb.first_move_candidates()
    assert len(firsts) == 296  # RULES.md
    replies = golomb.distinct_replies(firsts[0])
    assert len(set(replies)) == len(replies) > 1000
    occ = MOVES[firsts[0]][2]
    assert all(not MOVES[r][2] & occ for r in replies)


@pytest.mark.parametrize("variant", ["standard", "draft"])
def test_the_prover_agrees_with_the_endgame_solver(variant):
    # four pieces in: the prover's table holds the positions up to five pieces in, so
    # these searches go through it
    game = pentarena.load_game("pentomino", variant=variant)
    rng = random.Random(5)
    for _ in range(12):
        state = game.new_initial_state()
        for _ in range(4 + (12 if variant == "draft" else 0)):
            if not state.is_terminal():
                state.apply(state.random_move(rng))
        if state.is_terminal():
            continue
        exact = state.solve_position(60)
        proved = state.perfect_move(60, book=False)
        assert exact is not None and proved is not None
        assert proved.value == exact.value
        assert proved.move in state.legal_moves()
        if proved.value == 1:
            after = state.clone()
            after.apply(proved.move)
            assert after.is_terminal() or after.solve_position(60).value == -1


def test_a_lost_position_names_a_legal_stubborn_move():
    game = pentarena.load_game("pentomino")
    rng = random.Random(9)
    found = 0
    while found < 2:
        state = game.new_initial_state()
        for _ in range(6):
            if not state.is_terminal():
                state.apply(state.random_move(rng))
        if state.is_terminal():
            continue
        solution = state.perfect_move(60, book=False)
        if solution.value == -1:
            found += 1
            assert solution.move in state.legal_moves()
            bot = make_bot("perfect", seed=1, time_limit=5)
            assert bot.choose(state) in state.legal_moves()  # plays on: the hardest line
            assert bot.solved is not None and bot.solved.value == -1


def test_the_checkpoint_resumes_and_makes_a_book(tmp_path):
    path = tmp_path / "proof.jsonl"
    first = golomb.first_move_candidates()[0]
    replies = golomb.distinct_replies(first)

    class Scripted:  # the prover's interface, answering from a script
        def __init__(self):
            self.calls = 0

        def solve(self, occ, mine, theirs):
            self.calls += 1
            for a in range(2308):
                if not MOVES[a][2] & occ:
                    return True, a, 7
            raise AssertionError("no move")

    prover = Scripted()
    golomb.run_proof(path, prover, [first], stop_after=0.0)
    assert prover.calls == 0  # stopped before the first reply
    progress = golomb.run_proof(path, prover, [first], stop_after=None)
    assert progress.done and len(progress.answers) == len(replies) == prover.calls
    again = golomb.read_checkpoint(path)
    assert again.done and again.answers == progress.answers and again.nodes == 7 * len(replies)
    path.write_text(path.read_text() + '{"kind": "reply", "fi')  # a line cut short is skipped
    assert golomb.read_checkpoint(path).answers == progress.answers
    book = golomb.write_book(progress, tmp_path / "book.json")
    assert book["proved"] and len(book["answers"]) <= len(replies)
    assert json.loads((tmp_path / "book.json").read_text())["first"] == first


def test_a_refuted_first_move_moves_on(tmp_path):
    path = tmp_path / "proof.jsonl"
    firsts = golomb.first_move_candidates()[:2]

    class Refuting:
        def solve(self, occ, mine, theirs):
            return False, None, 1

    progress = golomb.run_proof(path, Refuting(), firsts)
    assert not progress.done and set(progress.refuted_firsts) == set(firsts)


needs_book = pytest.mark.skipif(BOOK is None, reason="no opening book shipped")


@needs_book
def test_book_answers_are_legal_under_every_symmetry():
    first = BOOK["first"]
    occ1, piece1 = MOVES[first][2], MOVES[first][1]
    pool1 = golomb.ALL & ~(1 << "FILNPTUVWXYZ".index(piece1))
    covered = 0
    for reply in golomb.distinct_replies(first):
        occ = occ1 | MOVES[reply][2]
        pool = pool1 & ~(1 << "FILNPTUVWXYZ".index(MOVES[reply][1]))
        answer = golomb.book_move(occ, pool, 2)
        if answer is None:
            continue
        covered += 1
        for sym in range(8):  # the same position turned: an answer to the same effect
            turned = golomb.book_move(golomb.image(occ, sym), pool, 2)
            assert turned is not None and not MOVES[turned][2] & golomb.image(occ, sym)
            assert MOVES[turned][1] == MOVES[answer][1]
            assert pool >> "FILNPTUVWXYZ".index(MOVES[turned][1]) & 1
            assert (golomb.canonical(golomb.image(occ, sym) | MOVES[turned][2])[0]
                    == golomb.canonical(occ | MOVES[answer][2])[0])
    assert covered == len(BOOK["answers"])


@needs_book
@pytest.mark.parametrize("touch_move", [False, True])
def test_perfect_wins_as_first_player_from_the_book(touch_move):
    """A few games against random play whose reply is one the book answers: the book's
    first two moves, then the proof search."""
    game = pentarena.load_game("pentomino", touch_move=touch_move)
    rng = random.Random(3 + touch_move)
    first = BOOK["first"]
    occ1 = MOVES[first][2]
    booked = [r for r in golomb.distinct_replies(first)
              if golomb.book_move(occ1 | MOVES[r][2], golomb.ALL & ~(1 << "FILNPTUVWXYZ".index(MOVES[first][1]))
                                  & ~(1 << "FILNPTUVWXYZ".index(MOVES[r][1])), 2) is not None]
    for g in range(2):
        state = game.new_initial_state()
        perfect = make_bot("perfect", seed=g, time_limit=30)
        assert isinstance(perfect, SearchBot)
        while not state.is_terminal():
            if state.current_player == 0:
                state.apply(perfect.choose(state))
            elif len(state.placed) == 1 and state.touched is None:
                reply = MOVES[rng.choice(booked)]
                if touch_move:
                    state.apply(f"touch {reply.piece}")
                state.apply(reply)
            else:
                state.apply(state.random_move(rng))
        assert state.winners() == {0}


def test_each_level_solves_from_its_own_piece():
    """Pentomino's level tuning: medium solves from the 5th piece on the board, not before."""
    game = pentarena.load_game("pentomino")
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply(state.random_move(rng))
    medium = make_bot("medium", seed=1)
    assert medium.choose(state) in state.legal_moves() and medium.solved is None
    for _ in range(2):
        state.apply(state.random_move(rng))
    if not state.is_terminal():
        medium.choose(state)
        assert medium.solved is not None  # five pieces in: solved at once


def test_expert_solves_from_the_third_piece():
    """expert searches (MCTS) while fewer than three pieces are on the board and solves
    from the third on; perfect, with the books, from the start."""
    game = pentarena.load_game("pentomino")
    tuning = game.level_tuning
    rng = random.Random(5)
    state = game.new_initial_state()
    for placed in range(6):
        assert tuning["expert"]["solve_when"](state) == (placed >= 3)
        assert tuning["hard"]["solve_when"](state) == (placed >= 4)
        assert "solve_when" not in tuning.get("perfect", {})
        if placed == 2:
            expert = make_bot("expert", seed=3, time_limit=0.2)
            assert expert.choose(state) in state.legal_moves() and expert.solved is None
        state.apply(state.random_move(rng))


def test_a_refuted_first_move_is_answered_from_the_book(tmp_path, monkeypatch):
    """A first move the proof found lost goes into the book with the second player's
    winning reply (under every symmetry); the next candidate becomes the first move, and
    until its proof is done the perfect level's first move has value 0 (not known)."""
    path = tmp_path / "proof.jsonl"
    lost, first = golomb.first_move_candidates()[:2]
    piece = "FILNPTUVWXYZ".index

    class Scripted:  # the first candidate loses to every reply; the second wins
        def solve(self, occ, mine, theirs):
            if occ & MOVES[first][2] != MOVES[first][2]:
                return False, None, 1
            return True, next(a for a in range(2308) if not MOVES[a][2] & occ), 1

    progress = golomb.run_proof(path, Scripted(), [lost, first], stop_after=None)
    assert progress.first == first and progress.done and lost in progress.refuted_firsts
    reply = progress.refuted_firsts[lost]
    monkeypatch.setattr(golomb, "BOOK_PATH", tmp_path / "book.json")
    book = golomb.write_book(progress, golomb.BOOK_PATH)
    assert len(book["refuted"]) == 1
    golomb.load_book.cache_clear()
    try:
        pool = golomb.ALL & ~(1 << piece(MOVES[lost][1]))
        assert golomb.book_move(0, golomb.ALL, 0) == first
        for sym in range(8):
            occ = golomb.image(MOVES[lost][2], sym)
            answer = golomb.book_move(occ, pool, 1)
            assert answer is not None and not MOVES[answer][2] & occ
            assert MOVES[answer][1] == MOVES[reply][1]
            assert (golomb.canonical(occ | MOVES[answer][2])[0]
                    == golomb.canonical(MOVES[lost][2] | MOVES[reply][2])[0])
        state = pentarena.load_game("pentomino").new_initial_state()
        assert state.perfect_move(1.0).value == 1  # the scripted proof is finished
        golomb.write_book(golomb.ProofProgress(**{**progress.__dict__, "done": False}),
                          golomb.BOOK_PATH)
        golomb.load_book.cache_clear()
        assert state.perfect_move(1.0).value == 0
        state.apply(MOVES[lost])
        found = state.perfect_move(1.0)
        assert (found.value, found.move) == (1, MOVES[golomb.book_move(MOVES[lost][2], pool, 1)])
    finally:
        golomb.load_book.cache_clear()
