"""Replays (``GET /api/tables/{id}/at/{ply}``): a step of a long game's replay plays on from
a kept state nearby instead of from the start, and is the same state as a replay from the
start, however the game went on meanwhile."""

from __future__ import annotations

import random

import pytest

from pentarena.core.game import load_game
from pentarena.server.tables import REPLAY_STRIDE, Table


def played_table(game: str, options: dict, moves: int, seed: int) -> tuple[Table, list[str]]:
    """A table of ``game`` with ``moves`` random moves played through its own checks."""
    seats = [{"kind": "open"}] * load_game(game, **options).num_players
    hidden = load_game(game, **options).hidden_information  # dealt in secret: no seed
    table, _ = Table.create(game, options, seats, seed=None if hidden else seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if table.state.is_terminal():
            break
        table.apply_checked(str(rng.choice(table.state.legal_moves())))
    return table, table.state.history()


def from_start(table: Table, history: list[str], ply: int):
    state = table.initial.clone()
    for text in history[:ply]:
        state.apply(text)
    return state


@pytest.mark.parametrize("game, options", [("pentago", {}), ("pentup", {"players": 3}),
                                           ("pentomino", {"players": 3}), ("pentic", {})])
def test_every_step_of_a_replay_is_the_game_as_played(game, options):
    table, history = played_table(game, options, 120, seed=7)
    plies = list(range(len(history) + 1))
    random.Random(1).shuffle(plies)  # in any order: back, forth, jumps
    for ply in plies:
        assert table.state_at(ply).to_json() == from_start(table, history, ply).to_json()


def test_a_replay_step_plays_at_most_a_stride_of_moves(monkeypatch):
    """Stepping through a 100-move game (a puzzle's imported record can hold thousands)
    applied every move before it at every step: 5,000 moves for the whole replay."""
    table, history = played_table("pentic", {}, 100, seed=3)
    assert len(history) > REPLAY_STRIDE
    applied = []
    real_apply = type(table.state).apply
    monkeypatch.setattr(type(table.state), "apply",
                        lambda self, move: (applied.append(move), real_apply(self, move))[1])
    for ply in range(len(history) + 1):
        applied.clear()
        table.state_at(ply)
        assert len(applied) <= 2 * REPLAY_STRIDE  # the first step past a stride keeps it
    applied.clear()
    for ply in reversed(range(len(history) + 1)):  # backwards: every kept state known
        table.state_at(ply)
    assert len(applied) < (len(history) + 1) * REPLAY_STRIDE


def test_kept_states_follow_the_game():
    """A replay asked for, then more moves played, then another: every step is the game's."""
    # (to 500: no 2-player game reaches it before the cards run out, 116 moves; the deal is
    # secret, and one to 250 ended after 48 moves, too few for the test)
    table, _ = played_table("pentic", {"target": 500}, 50, seed=5)
    table.state_at(40)  # keeps the state after 32 moves
    rng = random.Random(9)
    while not table.state.is_terminal() and len(table.state.history()) < 100:
        table.apply_checked(str(rng.choice(table.state.legal_moves())))
    history = table.state.history()
    assert len(history) > 2 * REPLAY_STRIDE
    for ply in range(len(history) + 1):
        assert table.state_at(ply).to_json() == from_start(table, history, ply).to_json()
