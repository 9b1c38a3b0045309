"""RULES.md audit, §4 (Pentic): the rule statements test_rules.py does not yet pin down,
checked on BOTH engines — the native one (``PenticGame``, what ``pentarena.load_game``
gives) and the pure-Python reference (``pentic.reference``) — through the public API.
Every score here is computed by :func:`expected_points`, a plain reading of the scoring
rules from the card texts, not by the package's scoring code."""

from __future__ import annotations

import json
import random

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.games.pentic import NAMES
from pentarena.games.pentic.reference import ReferencePenticGame
from pentarena.games.pentic.rules import PenticGame

from .test_rules import deck_with

ENGINES = {"native": PenticGame, "reference": ReferencePenticGame}


@pytest.fixture(params=sorted(ENGINES))
def pentic(request):
    """The game class of one engine (each test runs on both)."""
    return ENGINES[request.param]


def common(a: str, b: str) -> int:
    return sum(x == y for x, y in zip(a.split("-"), b.split("-")))


def neighbours(position: int) -> list[int]:
    """Orthogonal neighbours of a grid position (1 top-left, 5 centre, 9 bottom-right)."""
    r, c = divmod(position - 1, 3)
    return [3 * rr + cc + 1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 3 and 0 <= cc < 3]


def expected_points(card: str, position: int, tops: list[str]) -> int:
    """RULES.md §4 Scoring one play, written out plainly."""
    around = [common(card, tops[n - 1]) for n in neighbours(position)]
    singles, tics, nics = around.count(1), around.count(2), around.count(0)
    under = common(card, tops[position - 1])
    if position == 5 and nics == 4:
        edge = 25
        multiplier = 3 if under == 0 else 2 if under == 2 else 1
    else:
        edge = [0, 1, 2, 5, 8][singles] + [0, 2, 8, 15, 25][tics]
        multiplier = 2 if under == 2 else 1
    bonus = {"1-circle-violet": 5, "5-star-red": 10}.get(card, 0)
    return edge * multiplier + bonus


def tops_of(state) -> list[str]:
    return [stack[-1] for stack in state.to_json()["grid"]]


@pytest.mark.parametrize("players", [2, 4])
def test_every_play_of_whole_games_scores_by_the_rules(pentic, players):
    """§4 A turn and Scoring one play, at every ply of seeded games: the moves are each
    card of the hand on each of the 9 positions (the grid never grows); every one is
    previewed with the points the rules give (edge score with the Singles and Tics tables,
    the Pentic centre, the underneath multiplier, the All-Nic 75, the Extreme bonus after
    the multiplier); a play lands on top of its stack, scores those points to its player
    and draws the pile's front card while the pile lasts."""
    seen = set()  # the special cases previewed: Pentic plays by what lies underneath, Extremes
    for seed in range(2):
        state = pentic(players=players, target=10_000).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            data = state.to_json()
            seat, hand, tops = state.current_player, data["hands"][state.current_player], tops_of(state)
            assert len(data["grid"]) == 9
            moves = state.legal_moves()
            assert sorted(map(str, moves)) == sorted(f"{c}@{p}" for c in hand for p in range(1, 10))
            for move in moves:
                card, position = str(move).split("@")
                assert state.score_of(move)["points"] == expected_points(card, int(position), tops), move
                if position == "5" and all(common(card, tops[n - 1]) == 0 for n in (2, 4, 6, 8)):
                    seen.add(("pentic", common(card, tops[4])))
                if card in ("1-circle-violet", "5-star-red"):
                    seen.add(card)
            move = rng.choice(moves)
            card, position = str(move).split("@")
            points = expected_points(card, int(position), tops)
            totals, pile = list(state.totals), [NAMES[c] for c in state.pile]
            state.apply(move)
            after = state.to_json()
            assert after["grid"][int(position) - 1][-1] == card
            assert state.plays[-1]["points"] == points and state.plays[-1]["seat"] == seat
            totals[seat] += points
            assert state.totals == totals
            if pile:
                assert after["pile_size"] == len(pile) - 1 and pile[0] in after["hands"][seat]
                assert len(after["hands"][seat]) == 5
            else:
                assert len(after["hands"][seat]) == len(hand) - 1
    assert seen == {("pentic", 0), ("pentic", 1), ("pentic", 2), "1-circle-violet", "5-star-red"}


EXAMPLE_ONE = {2: "3-star-red", 4: "3-circle-orange", 6: "1-star-orange", 8: "3-circle-violet",
               5: "1-square-orange"}
"""RULES.md's first example: 3-star-orange on the centre makes 3 Tics and 1 Single, with a
Single underneath: (15 + 1) x 1 = 16."""


@pytest.mark.parametrize("target,ends", [(16, True), (17, False)])
def test_reaching_the_target_exactly_finishes_the_round(pentic, target, ends):
    """§4 End: once a player's total reaches *or exceeds* the target, the current round is
    finished so that every player has had the same number of turns; then the highest
    total wins.  Seat 0 scores RULES.md's 16-point example: with target 16 seat 1 takes the
    round's last turn and the game is over; with 17 it goes on."""
    deck = deck_with(EXAMPLE_ONE, [["3-star-orange"], ["2-triangle-yellow"]])
    state = pentic(target=target).new_initial_state(deck=deck)
    state.apply("3-star-orange@5")
    assert state.totals == [16, 0]
    assert not state.is_terminal() and state.current_player == 1
    state.apply("2-triangle-yellow@9")
    assert state.is_terminal() == ends
    if ends:
        assert state.turns == [1, 1] and state.winners() == {0}
        with pytest.raises(IllegalMoveError, match="over"):
            state.apply(state.to_json()["hands"][0][0] + "@1")


def test_the_last_seat_reaching_the_target_ends_the_game_at_once(pentic):
    """§4 End: the round is finished with the last seat's turn — when that seat reaches
    the target, every player has had the same number of turns and the game is over."""
    deck = deck_with(EXAMPLE_ONE, [["2-triangle-yellow"], ["3-star-orange"]])
    state = pentic(target=16).new_initial_state(deck=deck)
    state.apply("2-triangle-yellow@9")
    state.apply("3-star-orange@5")
    assert state.is_terminal() and state.turns == [1, 1]
    assert state.totals[1] == 16 and state.winners() == {1}


def test_equal_totals_share_the_win(pentic):
    """§4 End: equal totals share the win (seeded games include a tie; every tied seat
    wins it)."""
    for seed in range(300):
        state = pentic(target=1).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_moves()))
        best = max(state.totals)
        assert state.winners() == {s for s, t in enumerate(state.totals) if t == best}
        if len(state.winners()) == 2:
            return
    pytest.fail("no tied game among the seeds")


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_what_each_seat_sees(pentic, seat):
    """§4 Hidden information: a player sees only their own hand; nobody sees the order of
    the draw pile; everyone sees the grid, every played card, the scores and each hand's
    size."""
    state = pentic(players=3).new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(7):
        state.apply(rng.choice(state.legal_moves()))
    full = state.to_json()
    view = state.view(seat).to_json()
    text = json.dumps(view)
    assert view["grid"] == full["grid"] and view["plays"] == full["plays"]
    assert view["scores"] == full["scores"] and view["hand_sizes"] == [5, 5, 5]
    assert view["hand"] == (None if seat is None else full["hands"][seat])
    unseen = [c for s, hand in enumerate(full["hands"]) if s != seat for c in hand]
    pile = [NAMES[c] for c in state.pile]
    assert len(pile) == full["pile_size"]
    for card in unseen + pile:
        assert f'"{card}"' not in text, card
    assert "deck" not in view and "hands" not in view and view["pile_size"] == full["pile_size"]


@pytest.mark.parametrize("text", ["3-star-orange", "3-star-pink@5", "6-star-red@5",
                                  "3-star-red@0", "3-star-red@10", "@5", "3-star-red@5@5"])
def test_malformed_move_text(pentic, text):
    """§4 Move text: `<card>@<position>` with a card `<number>-<shape>-<colour>` and a
    position 1-9; anything else is not a move."""
    state = pentic().new_initial_state(seed=1)
    with pytest.raises(InvalidMoveError):
        state.apply(text)
    assert state.history() == []


def test_move_text_example(pentic):
    """§4 Move text: e.g. `3-star-orange@5`; a card not in the hand is refused."""
    deck = deck_with({}, [["3-star-orange"]])
    state = pentic().new_initial_state(deck=deck)
    assert str(state.parse_move("3-star-orange@5")) == "3-star-orange@5"
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.clone().apply(f"{next(n for n in NAMES if n not in deck[9:14])}@5")
    state.apply("3-star-orange@5")
    assert state.history() == ["3-star-orange@5"]
    assert state.to_json()["grid"][4][-1] == "3-star-orange"


def test_grid_positions_in_reading_order(pentic):
    """§4 Setup, Decision: the first 9 cards go face up to grid positions 1-9 in reading
    order — 1 top-left, 5 centre, 9 bottom-right — so the printed grid's rows are 1-3,
    4-6, 7-9.  (Scoring alone cannot tell reading order from its transpose: the
    neighbours are the same.)"""
    state = pentic().new_initial_state(deck=list(NAMES))
    rows = str(state).splitlines()[:3]
    for r, row in enumerate(rows):
        shown = [part.split(":")[0] for part in row.split() if part.endswith(":")]
        assert shown == [str(3 * r + c + 1) for c in range(3)], row
        for c in range(3):
            assert NAMES[3 * r + c] in row


def test_load_game_gives_the_native_engine():
    """The engine ``pentarena.load_game`` plays is the native one tested here."""
    assert type(pentarena.load_game("pentic")) is PenticGame
