"""Round robins: every pair, seats alternated, the same results in one process or many,
95% intervals and Elo differences; OpenSpiel's MCTS as an opponent for Pentago."""

from __future__ import annotations

import math

import pytest

import pentarena
from pentarena.ai.arena import (Match, OnReference, Record, check_player, elo, labels,
                                make_player, round_robin, schedule, wilson)
from pentarena.ai.bots import GreedyBot, SearchBot, choose_for
from pentarena.cli import main


def test_every_pair_plays_with_seats_alternated_and_results_add_up():
    records = round_robin("pentago", {}, ["random", "easy", "random@0.1"], 4, jobs=1)
    assert [(r.first, r.second) for r in records] == [
        ("random", "easy"), ("random", "random@0.1"), ("easy", "random@0.1")]
    for r in records:
        assert r.wins + r.draws + r.losses == r.games == 4
    easy_v_random = records[0]
    assert easy_v_random.losses >= 3  # greedy sees fives; random does not


def test_parallel_processes_give_the_same_results_as_one():
    one = round_robin("pentomino", {}, ["random", "easy"], 6, jobs=1)
    two = round_robin("pentomino", {}, ["random", "easy"], 6, jobs=2)
    assert [(r.wins, r.draws, r.losses) for r in one] == [(r.wins, r.draws, r.losses) for r in two]


@pytest.mark.parametrize("game,options,players", [
    ("pentago", {}, ["random", "easy"]), ("pentup", {"players": 3}, ["random"] * 3)])
def test_seeds_next_to_each_other_play_other_games(game, options, players):
    # --seed 1 and --seed 2 are two samples: no game of one is a game of the other (they
    # shared all but one when game g played seed + g), and a run repeats with its seed
    seeds = [[job[3] for _, job in schedule(game, options, players, 50, s)] for s in (1, 2)]
    assert len(set(seeds[0])) == 50 and not set(seeds[0]) & set(seeds[1])
    assert seeds[0] == [job[3] for _, job in schedule(game, options, players, 50, 1)]
    assert all(0 <= s < 2**63 for s in seeds[0] + seeds[1])


def test_games_of_more_seats_play_one_rotating_match():
    match = round_robin("pentup", {"players": 3}, ["random", "random", "easy"], 3, jobs=1)
    assert match.games == 3 and math.isclose(sum(match.points), 3)
    with pytest.raises(pentarena.GameOptionError, match="3 seats"):
        round_robin("pentup", {"players": 3}, ["random", "easy"], 1, jobs=1)


def test_elo_and_intervals():
    assert elo(0.5) == 0 and round(elo(0.75)) == 191 and elo(1.0) == math.inf
    r = Record("a", "b", wins=75, draws=10, losses=15)
    d, lo, hi = r.elo
    assert lo < d < hi and d > 0
    lo, hi = wilson(80, 100)
    assert lo < 0.8 < hi


@pytest.mark.parametrize("spec,why", [
    ("grandmaster", "unknown AI level"), ("hard@-1", "seconds a move"),
    ("openspiel-mcts:x", "openspiel-mcts:SIMS"), ("openspiel-mcts:10", "Pentago only"),
    ("openspiel-mcts:0", "from 1 to"), ("openspiel-mcts:3000000000", "from 1 to"),
    ("reference-hard", "pentomino-puzzle has none"), ("reference-best", "unknown AI level")])
def test_players_are_checked_with_a_reason(spec, why):
    game = {"openspiel-mcts:10": "pentup",
            "reference-hard": "pentomino-puzzle"}.get(spec, "pentago")
    with pytest.raises(pentarena.GameOptionError, match=why):
        check_player(spec, game)


@pytest.mark.parametrize("game,options,engine", [
    ("pentup", {"players": 3}, "ReferencePentUpState"),
    ("pentago", {}, "ReferencePentagoState"),
    ("pentomino", {"variant": "draft"}, "ReferencePentominoState"),
    ("pentic", {}, "ReferencePenticState")])
def test_reference_players_think_on_the_pure_python_engine(game, options, engine):
    bot = make_player("reference-easy@0.5", 1, None)
    assert isinstance(bot, OnReference) and isinstance(bot.bot, SearchBot | GreedyBot)
    seen = []
    choose = bot.bot.choose
    bot.bot.choose = lambda state, limit=None: seen.append(state) or choose(state, limit)
    state = pentarena.load_game(game, **options).new_initial_state(seed=3)
    for _ in range(4):
        move = choose_for(bot, state)  # Pentic: the seat's view goes over
        assert move in state.legal_moves()
        state.apply(move)
    # every decision was made on a reference copy of the position it was asked about
    assert [type(s).__name__ for s in seen] == [engine] * 4
    assert [len(s.history()) for s in seen] == [0, 1, 2, 3]
    if state.game.hidden_information:  # what the seat sees, no more
        assert all(s.is_view and s.viewer == i % 2 for i, s in enumerate(seen))
    players = ["reference-random", "random", "random"][:state.game.num_players]
    played = round_robin(game, options, players, 1, jobs=1)  # whole games, too
    assert (played.games if isinstance(played, Match) else played[0].games) == 1


def test_openspiel_mcts_plays_whole_pentago_games():
    records = round_robin("pentago", {}, ["random", "openspiel-mcts:100"], 2, jobs=1)
    assert records[0].games == 2
    assert repr(make_player("openspiel-mcts:100", 1, None)) == \
        "OpenSpielMCTSBot(simulations=100)"  # its budget (a time limit it never uses)


@pytest.mark.parametrize("spec,why", [
    ("openspiel-mcts:abc", "write openspiel-mcts:SIMS"), ("openspiel-mcts:0", "from 1 to"),
    ("hard@abc", "the time after @ is seconds a move"), ("easy@-1", "seconds a move"),
    ("medium@nan", "seconds a move")])
def test_players_made_from_python_are_refused_as_the_arena_refuses_them(spec, why):
    with pytest.raises(pentarena.GameOptionError, match=why):  # not int()'s or float()'s
        make_player(spec, 1, None)
    assert make_player("easy@0.5", 1, 3.0).time_limit == 0.5


def test_a_player_named_twice_is_two_players():
    assert labels(["easy", "easy", "greedy", "easy"]) == ["easy#1", "easy#2", "greedy", "easy#3"]
    records = round_robin("pentago", {}, ["random", "easy", "random"], 2, jobs=1)
    assert [(r.first, r.second) for r in records] == [
        ("random#1", "easy"), ("random#1", "random#2"), ("easy", "random#2")]
    match = round_robin("pentup", {"players": 3}, ["random", "random", "easy"], 1, jobs=1)
    assert match.players == ["random#1", "random#2", "easy"]


def test_the_arena_command_prints_pairs_and_standings(capsys):
    assert main(["arena", "pentago", "--bots", "random,easy,random", "--games", "2",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Pentago: every pair" in out and "standings" in out and "Elo" in out
    standings = out[out.index("standings"):]
    # each player played 2 games against each of the other two: 4 games, not 8
    for name in ("random#1", "random#2", "easy"):
        row = next(line for line in standings.splitlines() if f" {name} " in line)
        assert [cell.strip() for cell in row.split("│")][3] == "4"


def test_python_search_is_a_player_of_its_own():
    """``python-search`` (a level of its own, listed with the others) is not read as the
    prefix ``python-`` and an unknown level ``search``."""
    assert check_player("python-search@0.2", "pentic") == "python-search@0.2"
    bot = make_player("python-search@0.2", 1, None)
    assert isinstance(bot, SearchBot) and not bot.native and bot.time_limit == 0.2
    assert isinstance(make_player("python-hard", 1, None), SearchBot)
