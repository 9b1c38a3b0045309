"""The draft variant's proof (``draft_proof.py``): the pick phase's proof-number search
over proved drafts against plain minimax, a resumable checkpoint, and the ``perfect``
level's use of the table of proved drafts."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

import pentarena
from pentarena.ai import make_bot
from pentarena.games.pentomino import draft_proof
from pentarena.games.pentomino.draft_proof import ALL, Picks, picker, read_checkpoint, run_proof


def truth(seed: int, share: float):
    """A made-up value of every draft for the first placer (seat 1)."""
    rng = random.Random(seed)
    values: dict[int, bool] = {}

    def value(mask0: int) -> bool:
        if mask0 not in values:
            values[mask0] = rng.random() < share
        return values[mask0]
    return value


def minimax(value):
    """Plain minimax over every pick: whether seat 1 wins after picks (m0, m1)."""
    @cache
    def wins(m0: int, m1: int) -> bool:
        if m0 | m1 == ALL:
            return value(m0)
        left = [1 << i for i in range(12) if not (m0 | m1) >> i & 1]
        if picker(m0, m1) == 0:
            return all(wins(m0 | b, m1) for b in left)
        return any(wins(m0, m1 | b) for b in left)
    return wins


def fake_prove(value, calls: list[int]):
    def prove(prover, mask0: int):
        calls.append(mask0)
        return value(mask0), 0 if value(mask0) else None, 10
    return prove


@pytest.mark.parametrize("seed,share", [(1, 0.5), (2, 0.8), (3, 0.25)])
def test_the_proof_finds_the_minimax_value_proving_few_drafts(tmp_path, seed, share):
    value = truth(seed, share)
    wins = minimax(value)
    calls: list[int] = []
    progress = run_proof(tmp_path / "proof.jsonl", [None], prove=fake_prove(value, calls))
    assert progress.result() == wins(0, 0)
    assert len(calls) == len(set(calls)) < 924  # each draft at most once, not all of them
    assert all(progress.value(m) == value(m) for m in calls)
    # down random picks: where the proved drafts settle a position for the seat to pick,
    # best_pick names a piece, and that piece keeps the win
    picks, rng = Picks(progress.value), random.Random(seed)
    m0 = m1 = 0
    while m0 | m1 != ALL:
        seat = picker(m0, m1)
        pn, dn = picks.numbers(m0, m1)
        settled = pn == 0 if seat == 1 else dn == 0
        if m0 == m1 == 0:  # the proof is finished: seat 0 (to pick) has it iff it wins
            assert settled == (not wins(0, 0))
        piece = picks.best_pick(m0, m1)
        assert (piece is not None) == settled
        if piece is None:
            piece = rng.choice([i for i in range(12) if not (m0 | m1) >> i & 1])
        m0, m1 = (m0 | 1 << piece, m1) if seat == 0 else (m0, m1 | 1 << piece)
        if settled:
            assert wins(m0, m1) == (seat == 1)


def test_the_proof_resumes_from_its_checkpoint(tmp_path):
    value = truth(4, 0.6)
    path = tmp_path / "proof.jsonl"
    calls: list[int] = []

    def stopping(prover, mask0):
        if len(calls) == 5:
            raise KeyboardInterrupt
        return fake_prove(value, calls)(prover, mask0)

    with pytest.raises(KeyboardInterrupt):
        run_proof(path, [None], prove=stopping)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 5 and all(r["kind"] == "split" for r in lines)
    assert lines[0]["sets"] == [draft_proof.letters(lines[0]["mask0"]),
                                draft_proof.letters(ALL & ~lines[0]["mask0"])]
    with path.open("a") as out:
        out.write('{"kind": "split", "mask0"')  # a line cut short by a stop mid-write
    assert len(read_checkpoint(path).splits) == 5
    more: list[int] = []
    progress = run_proof(path, [None], prove=fake_prove(value, more))
    assert not set(more) & set(calls)  # what the checkpoint holds is not proved again
    # every split proved is in the file, the first one after the cut line too
    assert set(read_checkpoint(path).splits) == set(calls) | set(more)
    assert progress.result() == minimax(value)(0, 0)
    assert run_proof(path, [None], prove=fake_prove(value, again := [])).result() == progress.result()
    assert again == []
    assert run_proof(tmp_path / "late.jsonl", [None], stop_after=0,
                     prove=fake_prove(value, late := [])).result() is None and late == []


def test_a_checkpoint_replaced_while_the_proof_runs_gets_every_line(tmp_path):
    # as a git checkout does: the file is written anew while the proof has it in use
    value = truth(6, 0.5)
    path = tmp_path / "proof.jsonl"
    calls: list[int] = []

    def replacing(prover, mask0):
        if len(calls) == 3:
            copy = tmp_path / "copy.jsonl"
            copy.write_bytes(path.read_bytes())
            copy.replace(path)
        return fake_prove(value, calls)(prover, mask0)

    run_proof(path, [None], prove=replacing)
    assert len(calls) > 3
    assert set(read_checkpoint(path).splits) == set(calls)


def test_perfect_plays_the_table_of_proved_drafts(tmp_path, monkeypatch):
    value = truth(5, 0.5)
    progress = run_proof(tmp_path / "proof.jsonl", [None], prove=fake_prove(value, []))
    # the first placer's placement in each proved draft: any legal one (made up)
    game = pentarena.load_game("pentomino", variant="draft")
    for mask0 in progress.splits:
        state = game.new_initial_state(sets=[list(draft_proof.letters(mask0)),
                                             list(draft_proof.letters(ALL & ~mask0))])
        progress.splits[mask0] = (value(mask0), state.legal_actions()[mask0 % 7])
    book = tmp_path / "draft_book.json"
    draft_proof.write_book(progress, book)
    monkeypatch.setattr(draft_proof, "BOOK_PATH", book)
    draft_proof.load_book.cache_clear()
    draft_proof.book_picks.cache_clear()
    try:
        winner = 1 if progress.result() else 0
        bots = {winner: make_bot("perfect", seed=1), 1 - winner: make_bot("random", seed=2)}
        state = game.new_initial_state()
        while state.phase == "pick":
            move = bots[state.current_player].choose(state, 5.0)
            if state.current_player == winner:
                solution = state.perfect_move(1.0)
                assert solution is not None and solution.value == 1 and move == solution.move
            state.apply(move)
        mask0 = state.sets[0]
        assert value(mask0) == (winner == 1)  # the proved draft the winner steered to
        first = state.perfect_move(1.0)
        wins, action = progress.splits[mask0]
        assert first.value == (1 if wins else -1) and first.move == state.action_to_move(action)
    finally:
        draft_proof.load_book.cache_clear()
        draft_proof.book_picks.cache_clear()


def test_two_drafts_at_once_reach_the_same_value(tmp_path):
    value = truth(6, 0.6)
    calls: list[int] = []
    progress = run_proof(tmp_path / "proof.jsonl", [None, None], prove=fake_prove(value, calls))
    assert progress.result() == minimax(value)(0, 0)
    assert len(calls) == len(set(calls)) < 924
    rows = [json.loads(line) for line in (tmp_path / "proof.jsonl").read_text().splitlines()]
    assert sorted(r["mask0"] for r in rows) == sorted(calls)


L_TILE = 1 << 2  # FILNPTUVWXYZ: L is the third


def led_by_l(seed: int):
    """Made-up values that mostly follow one piece: the first placer wins where seat 0
    does not hold L, but for one draft in ten."""
    rng = random.Random(seed)
    flips = {m for m in range(1 << 12) if m.bit_count() == 6 and rng.random() < 0.1}
    return lambda mask0: (not mask0 & L_TILE) != (mask0 in flips)


def test_the_prior_learns_which_pieces_decide():
    value = led_by_l(7)
    proved = {m: value(m) for m in random.Random(8).sample(
        [m for m in range(1 << 12) if m.bit_count() == 6], 120)}
    prior = draft_proof.fit_prior(proved)
    with_l = [prior(m) for m in proved if m & L_TILE]
    without_l = [prior(m) for m in proved if not m & L_TILE]
    assert max(with_l) < 0.5 < min(without_l)
    assert draft_proof.fit_prior({m: True for m in proved}) is None  # one value seen: no model


def test_a_prior_orders_the_work_but_never_decides_a_value():
    value = truth(9, 0.5)
    rng = random.Random(9)
    proved = {m: value(m) for m in rng.sample([m for m in range(1 << 12) if m.bit_count() == 6], 400)}
    plain = Picks(proved.get)
    guided = Picks(proved.get, lambda m: (m * 2654435761 % 1000) / 1000)
    assert guided.leaf(0b111111) != (1, 1) and plain.leaf(0b111111) == (1, 1)
    for _ in range(300):
        m0 = m1 = 0
        for _ in range(rng.randrange(12)):
            bit = rng.choice(draft_proof._LEFTS[m0 | m1])
            m0, m1 = (m0 | bit, m1) if picker(m0, m1) == 0 else (m0, m1 | bit)
        (p, d), (gp, gd) = plain.numbers(m0, m1), guided.numbers(m0, m1)
        assert (p == 0, d == 0) == (gp == 0, gd == 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_guided_proof_needs_fewer_drafts_when_pieces_decide(tmp_path, seed):
    value = led_by_l(seed)
    found = {}
    for guided in (False, True):
        calls: list[int] = []
        progress = run_proof(tmp_path / f"{guided}.jsonl", [None], prove=fake_prove(value, calls),
                             guided=guided)
        assert progress.result() == minimax(value)(0, 0)
        found[guided] = len(calls)
    assert found[True] < found[False]


def test_the_shipped_table_proves_that_the_first_picker_wins():
    """The proof finished: the table of proved drafts the package ships shows, by plain
    minimax over the picks as by the proof numbers, a winning strategy for the first
    picker, and the ``perfect`` level knows its first pick."""
    book = draft_proof.load_book()
    found = draft_proof.strategy(draft_proof.book_value)
    assert found is not None
    first_placer_wins, drafts = found
    assert first_placer_wins is False and drafts <= set(book)
    assert all(book[m][0] is False for m in drafts)
    assert json.loads(draft_proof.BOOK_PATH.read_text())["result"] is False
    picks = draft_proof.book_picks()
    assert picks.numbers(0, 0)[1] == 0
    first = picks.best_pick(0, 0)
    assert first is not None and picks.numbers(1 << first, 0)[1] == 0


@pytest.mark.parametrize("seed,placer", [(1, "random"), (2, "hard")])
def test_perfect_wins_the_draft_game_as_first_picker(seed, placer):
    """Real games from the first pick: ``perfect`` picks by the shipped table into a draft
    proved lost for the first placer, then places second and wins, whatever the other
    seat picks (at random) and however it places (at random, or as ``hard``)."""
    game = pentarena.load_game("pentomino", variant="draft")
    state = game.new_initial_state()
    perfect = make_bot("perfect", seed=seed, time_limit=120)
    other = make_bot(placer, seed=seed)
    rng = random.Random(seed)
    while state.phase == "pick":
        state.apply(perfect.choose(state) if state.current_player == 0 else state.random_move(rng))
    assert draft_proof.book_value(state.sets[0]) is False  # a draft proved lost for seat 1
    while not state.is_terminal():
        state.apply((perfect if state.current_player == 0 else other).choose(state))
    assert state.winners() == {0}


def test_the_answers_cover_every_draft_the_strategy_reaches():
    assert set(draft_proof.load_answers()) == draft_proof.steered(draft_proof.book_picks())
    for mask0, table in draft_proof.load_answers().items():
        assert sorted(table) == draft_proof.first_placements(mask0)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_perfect_answers_any_first_placement_with_a_proved_win(seed):
    """In a draft the strategy reaches, any first placement (symmetric ones included) gets
    its answer at once from the shipped table, and the answer wins: after it, the first
    placer is lost (the proof search, from two pieces in)."""
    from pentarena._native import PentominoProver

    rng = random.Random(seed)
    mask0 = rng.choice(sorted(draft_proof.load_answers()))
    game = pentarena.load_game("pentomino", variant="draft")
    start = game.new_initial_state(sets=[list(draft_proof.letters(mask0)),
                                         list(draft_proof.letters(ALL & ~mask0))])
    prover = PentominoProver(18, False)
    for first in rng.sample(start.legal_moves(), 6):
        state = start.clone()
        state.apply(first)
        found = state.proved_value()
        assert found is not None and found.value == 1 and found.nodes == 0
        assert state.perfect_move(0.001) == found  # no time to search: from the table
        state.apply(found.move)
        wins, _, _ = prover.solve(state.occ, state.available(1), state.available(0), None, None)
        assert not wins
