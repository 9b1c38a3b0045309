"""RULES.md §1 scoring: standard, misère, advanced; draws; teams."""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena.games.pentup.scoring import record, side_counts, winning_sides


def winners_of(counts_by_side, scoring):
    return winning_sides([record(c, scoring) for c in counts_by_side])


# counts are per level, index 0 = level 1
def test_standard_most_tiles_on_top_level_wins():
    assert winners_of([[10, 1, 1], [8, 2, 2]], "standard") == [1]


def test_standard_tie_on_top_broken_one_level_down():
    assert winners_of([[9, 2, 1], [8, 3, 1]], "standard") == [1]
    assert winners_of([[8, 3, 1], [9, 2, 1]], "standard") == [0]


def test_standard_tie_broken_at_the_table():
    assert winners_of([[7, 3, 2], [6, 4, 2], [8, 2, 2]], "standard") == [1]
    assert winners_of([[7, 3, 2], [6, 3, 2], [8, 2, 2]], "standard") == [0]


def test_standard_full_draw_shared():
    assert winners_of([[8, 3, 1], [8, 3, 1]], "standard") == [0, 1]
    assert winners_of([[8, 3, 1], [8, 3, 1], [9, 2, 1]], "standard") == [0, 1]


def test_record_counts_covered_tiles_too():
    # A level-1 tile covered later still counts at level 1: counts are per placement level.
    assert record([12, 0], "standard") == (0, 12)
    game = pentarena.load_game("pentup", players=4)
    state = game.new_initial_state()
    for text in ("I:0,0;1,0;2,0;3,0;4,0", "I:0,1;1,1;2,1;3,1;4,1",
                 "L:0,0;1,0;2,0;3,0;0,1"):  # White's I and Black's I, Red's L covers both
        state.apply(text)
    assert state.level_counts() == [[1, 0], [1, 0], [0, 1], [0, 0]]
    assert state.scores() == [[1, 1], [0, 1], [1, 1], [0, 1]]  # top level first; the I covered


@pytest.mark.parametrize("players", [2, 3, 4])
def test_placement_rules_are_the_same_under_every_scoring(players):
    rng = random.Random(players)
    states = [pentarena.load_game("pentup", players=players, scoring=s).new_initial_state()
              for s in ("standard", "misere", "advanced")]
    while not states[0].is_terminal():
        moves = [sorted(map(str, s.legal_moves())) for s in states]
        assert moves[0] == moves[1] == moves[2]
        move = rng.choice(moves[0])
        for s in states:
            s.apply(move)


def test_misere_most_tiles_on_the_table_wins():
    assert winners_of([[10, 2], [8, 4]], "misere") == [0]


def test_misere_ties_broken_level_by_level_upwards():
    assert winners_of([[8, 3, 1], [8, 4, 0]], "misere") == [1]
    assert winners_of([[8, 3, 1], [8, 3, 1]], "misere") == [0, 1]


def test_advanced_points_are_levels():
    assert record([3, 2, 1], "advanced")[0] == 3 * 1 + 2 * 2 + 1 * 3
    assert winners_of([[6, 4, 2], [9, 2, 1], [4, 6, 2]], "advanced") == [2]


def test_advanced_three_player_tie_broken_by_top_level_count():
    # All three score 20 points; seat 1 has the most tiles on level 3.
    a, b, c = [8, 3, 2], [9, 1, 3], [6, 4, 2]
    assert [record(x, "advanced")[0] for x in (a, b, c)] == [20, 20, 20]
    assert winners_of([a, b, c], "advanced") == [1]


def test_advanced_tie_on_points_and_top_then_next_level():
    a, b = [6, 4, 2], [8, 3, 2]  # 20 vs 20 points... b: 8+6+6=20, a: 6+8+6=20
    assert winners_of([a, b], "advanced") == [0]  # same top, a has more on level 2


def test_four_player_team_sums():
    counts = [[6, 3, 0], [5, 2, 1], [5, 4, 0], [7, 2, 0]]
    teams = side_counts(counts, [(0, 2), (1, 3)])
    assert teams == [[11, 7, 0], [12, 4, 1]]
    assert winners_of(teams, "standard") == [1]
    assert winners_of(teams, "misere") == [1]
    assert winners_of(teams, "advanced") == [0]  # 25 points against 23


def independent_winners(state):
    """Winners recomputed from the tile list, written out plainly."""
    game = state.game
    top = max(t.level for t in state.tiles)
    sides = [(0, 2), (1, 3)] if game.teams else [(s,) for s in range(game.players)]
    recs = []
    for side in sides:
        per_level = {lv: sum(1 for t in state.tiles if t.seat in side and t.level == lv)
                     for lv in range(1, top + 1)}
        down = tuple(per_level[lv] for lv in range(top, 0, -1))
        if game.scoring == "standard":
            recs.append(down)
        elif game.scoring == "misere":
            recs.append(tuple(per_level[lv] for lv in range(1, top + 1)))
        else:
            recs.append((sum(lv * n for lv, n in per_level.items()), *down))
    best = max(recs)
    return {s for side, r in zip(sides, recs) if r == best for s in side}


@pytest.mark.parametrize("scoring", ["standard", "misere", "advanced"])
@pytest.mark.parametrize("players,teams", [(2, False), (3, False), (4, True), (4, False)])
def test_winners_and_scores_of_full_games(players, teams, scoring):
    game = pentarena.load_game("pentup", players=players, scoring=scoring, teams=teams)
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            assert state.winners() == set()
            state.apply(state.random_move(rng))
        assert state.winners() == independent_winners(state)
        scores = state.scores()
        assert len(scores) == players
        if teams:
            assert scores[0] == scores[2] and scores[1] == scores[3]
            assert state.winners() in ({0, 2}, {1, 3}, {0, 1, 2, 3})
        if scoring == "advanced":
            mine = [sum(t.level for t in state.tiles if t.seat == s) for s in range(players)]
            if teams:
                mine = [mine[0] + mine[2], mine[1] + mine[3]] * 2
            assert scores == mine
        total = sum(sum(c) for c in state.level_counts())
        assert total == 12 * players


def test_teams_default_with_four_players_only():
    assert pentarena.load_game("pentup", players=4).teams is True
    assert pentarena.load_game("pentup", players=4, teams=False).teams is False
    assert pentarena.load_game("pentup", players=3).teams is False
    with pytest.raises(pentarena.GameOptionError, match="exactly 4 players"):
        pentarena.load_game("pentup", players=2, teams=True)


def test_four_players_alternate_between_teams():
    state = pentarena.load_game("pentup", players=4).new_initial_state()
    rng = random.Random(0)
    seen = []
    for _ in range(8):
        seen.append(state.current_player)
        state.apply(state.random_move(rng))
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]
    assert state.game.sides == [(0, 2), (1, 3)]
