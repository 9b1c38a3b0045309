"""RULES.md §3 (Pentomino) edge cases the rules imply, played through the public API on
BOTH engines — the native one (``pentarena.load_game``) and the pure-Python reference:
a round, a match and a draft in which every one of the 12 pieces gets placed (the "or all
12 are placed" end, the pieces running out), and touch-move inside the draft.

Every expectation is computed here from the rules' own words (seat order, who placed
last, the round points), not by the package."""

from __future__ import annotations

import pytest

import pentarena
from pentarena import IllegalMoveError
from pentarena.core.polyomino import PIECE_NAMES
from pentarena.games.pentomino.reference import ReferencePentominoGame


def native(**options):
    return pentarena.load_game("pentomino", **options)


def reference(**options):
    return ReferencePentominoGame(**native(**options).options)


ENGINES = {"native": native, "reference": reference}

# A tiling of the 8x8 board minus its centre 2x2 by all 12 pieces (one of the 65
# solutions RULES.md counts), written out so the tests need no solver: playing these 12
# placements in this order is legal in any game on the common pool.
TILING = ["F:a1,a2,b2,c2,b3", "I:b1,c1,d1,e1,f1", "P:g1,h1,f2,g2,h2", "W:d2,e2,c3,d3,c4",
          "Y:a3,a4,b4,a5,a6", "T:e3,f3,g3,f4,f5", "N:h3,g4,h4,g5,g6", "Z:b5,c5,b6,a7,b7",
          "L:h5,h6,h7,g8,h8", "V:c6,c7,a8,b8,c8", "U:d6,e6,d7,d8,e8", "X:f6,e7,f7,g7,f8"]


@pytest.fixture(params=sorted(ENGINES))
def pentomino(request):
    """A function making a game with the given options on one engine."""
    return ENGINES[request.param]


def test_the_tiling_covers_the_board_but_its_centre():
    squares = [sq for text in TILING for sq in text[2:].split(",")]
    assert len(squares) == len(set(squares)) == 60
    assert {text[0] for text in TILING} == set(PIECE_NAMES)
    assert set(squares).isdisjoint({"d4", "e4", "d5", "e5"})


def round_points(placers: list[int], points: tuple[int, ...], players: int) -> list[int]:
    """RULES.md §3: the last placer scores points[0], the one before points[1], ..."""
    out = [0] * players
    for seat, pts in zip(reversed(placers), points):
        out[seat] += pts
    return out


@pytest.mark.parametrize("options,expected", [
    ({"players": 3}, [0, 5, 10]),                           # seats 0 1 2 0 ... 2 last
    ({"players": 4}, [0, 0, 5, 10]),                        # seat 3 last, seat 2 before
    ({"players": 4, "scoring": "15-10-5"}, [0, 5, 10, 15]),  # the last three placers
], ids=["3p", "4p", "4p-15-10-5"])
def test_a_round_in_which_all_twelve_pieces_are_placed(pentomino, options, expected):
    """§3 3-4 players: a round also ends when all 12 are placed; the last placer scores 10
    and the second-to-last 5 (15, 10, 5 to the last three with `scoring=15-10-5`).  The
    next round starts on an empty board with the whole pool, one seat later."""
    players = options["players"]
    state = pentomino(**options).new_initial_state()
    for i, text in enumerate(TILING):
        assert state.current_player == i % players and not state.is_terminal()
        assert len(state.rounds) == 0
        state.apply(text)
    assert len(state.rounds) == 1
    placers = [p["seat"] for p in state.rounds[0]["placed"]]
    assert placers == [i % players for i in range(12)]
    points = (15, 10, 5) if options.get("scoring") == "15-10-5" else (10, 5)
    assert round_points(placers, points, players) == expected
    assert state.rounds[0]["points"] == expected and state.scores() == expected
    assert not state.is_terminal() and state.winners() == set()
    # round 2: the whole pool again, on an empty board, starting one seat later
    assert state.current_player == 1
    assert state.to_json()["pool"] == list(PIECE_NAMES)
    assert all(sq is None for row in state.to_json()["board"] for sq in row)
    state.apply(TILING[0])  # the squares of round 1 are free again


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "target": 100},
                                     {"players": 4}, {"players": 4, "scoring": "15-10-5"},
                                     {"players": 4, "scoring": "15-10-5", "target": 100}],
                         ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_a_match_of_full_rounds_ends_after_the_round_reaching_the_target(pentomino, options):
    """§3: the match ends after the round in which any player reaches the target (50 or
    100; reaching it exactly counts); the starting seat rotates by one each round
    (Decision); highest total wins, equal totals share.  Every round places all 12
    pieces, so who scores what is fixed by the rotation alone."""
    players, target = options["players"], options.get("target", 50)
    points = (15, 10, 5) if options.get("scoring") == "15-10-5" else (10, 5)
    # the rules, by hand
    totals, rounds = [0] * players, 0
    while max(totals) < target:
        start = rounds % players
        placers = [(start + i) % players for i in range(12)]
        totals = [t + p for t, p in zip(totals, round_points(placers, points, players))]
        rounds += 1
    # the engine
    state = pentomino(**options).new_initial_state()
    for r in range(rounds):
        assert not state.is_terminal()
        assert state.current_player == r % players
        for text in TILING:
            state.apply(text)
    assert state.is_terminal() and state.current_player is None
    assert len(state.rounds) == rounds and state.scores() == totals
    assert state.winners() == {s for s in range(players) if totals[s] == max(totals)}
    with pytest.raises(IllegalMoveError):
        state.apply(TILING[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_draft_game_in_which_every_piece_is_placed(pentomino, players):
    """§3 Draft, the pieces running out: the sets are picked so that the 12 placements of
    a tiling can be played in turn (placement starts with the seat after the first picker:
    seat 1); after the twelfth, the player to move has no piece left, so the game ends and
    the last placer wins."""
    placer_of = [(1 + i) % players for i in range(12)]  # placement order from seat 1
    wanted = [[t[0] for t, s in zip(TILING, placer_of) if s == seat] for seat in range(players)]
    state = pentomino(players=players, variant="draft").new_initial_state()
    for i in range(12):  # picks in seat order, each seat taking its next wanted piece
        seat = i % players
        assert state.current_player == seat
        state.apply(f"pick {wanted[seat][i // players]}")
    assert [sorted(s) for s in state.to_json()["sets"]] == [sorted(w) for w in wanted]
    for text, seat in zip(TILING, placer_of):
        assert state.current_player == seat and not state.is_terminal()
        state.apply(text)
    last = placer_of[-1]
    assert state.is_terminal() and state.current_player is None
    assert state.to_json()["sets"] == [[] for _ in range(players)]
    assert state.winners() == {last} and state.scores()[last] == 1
    assert state.legal_moves() == []


def test_touch_move_in_the_draft_touches_only_your_own_pieces(pentomino):
    """§3 Touch-move with the draft: the player may touch (and so must place) only one of
    their own pieces that can be placed somewhere."""
    state = pentomino(variant="draft", touch_move=True).new_initial_state()
    for piece in PIECE_NAMES:  # seat 0 picks F L P U W Y, seat 1 I N T V X Z
        state.apply(f"pick {piece}")
    mine = state.to_json()["sets"][1]
    assert state.current_player == 1 and mine == list("INTVXZ")
    assert {str(m) for m in state.legal_moves()} == {f"touch {p}" for p in mine}
    with pytest.raises(IllegalMoveError, match="not in your set"):
        state.apply("touch F")
    state.apply("touch I")
    with pytest.raises(IllegalMoveError, match="touched the I"):
        state.apply("X:b2,a3,b3,c3,b4")
    state.apply("I:b1,c1,d1,e1,f1")
    assert state.current_player == 0
