"""RULES.md §4 (Pentic), rule by rule, with the worked examples."""

from __future__ import annotations

import json
import random
import re

import pytest

import pentarena
from pentarena import IllegalMoveError, InvalidMoveError
from pentarena.games.pentic import NAMES, NEIGHBOURS, parse
from pentarena.games.pentic.cards import COMMON, NUM_CARDS
from pentarena.games.pentic.notation import MOVES
from pentarena.games.pentic.reference import ReferencePenticGame
from pentarena.games.pentic.rules import PenticGame
from pentarena.games.pentic.scoring import score_play


ENGINES = {"native": PenticGame, "reference": ReferencePenticGame}


@pytest.fixture(params=sorted(ENGINES))
def pentic(request):
    """The game class of one engine (each test runs on both)."""
    return ENGINES[request.param]


def deck_with(grid: dict[int, str], hands: list[list[str]]) -> list[str]:
    """A full deck: grid positions as given (others filled), then the hands, then the rest."""
    used = set(grid.values()) | {c for h in hands for c in h}
    rest = [n for n in NAMES if n not in used]
    order = []
    for p in range(1, 10):
        order.append(grid[p] if p in grid else rest.pop(0))
    for h in hands:
        order += h + [rest.pop(0) for _ in range(5 - len(h))]
    return order + rest


def play_one(pentic, grid, card, position, players=2, target=250):
    """``card`` (in seat 0's hand) played on ``position`` of ``grid`` on an engine."""
    state = pentic(players=players, target=target).new_initial_state(deck=deck_with(grid, [[card]]))
    state.apply(f"{card}@{position}")
    return state, state.plays[-1]


def test_125_cards_and_commonness():
    assert len(NAMES) == NUM_CARDS == 125 == len(set(NAMES))
    assert NAMES[0] == "1-circle-violet" and NAMES[-1] == "5-star-red"
    assert COMMON[parse("3-star-orange")][parse("3-star-red")] == 2  # Tic
    assert COMMON[parse("3-star-orange")][parse("3-circle-violet")] == 1  # Single
    assert COMMON[parse("3-star-orange")][parse("1-circle-violet")] == 0  # Nic
    assert max(COMMON[a][b] for a in range(125) for b in range(125) if a != b) == 2


SHAPES_IN_ORDER = ("circle", "crescent", "triangle", "square", "star")
COLOURS_IN_ORDER = ("violet", "cyan", "yellow", "orange", "red")


def common(a: str, b: str) -> int:
    """The properties two card texts share, read from the texts."""
    return sum(x == y for x, y in zip(a.split("-"), b.split("-")))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_card_numbers_follow_the_shape_and_colour_order(pentic, seed):
    """Card i is number i // 25 + 1, shape i // 5 % 5 and colour i % 5 in RULES.md's
    orders; each engine deals card i as that card and scores it by those properties."""
    expected = [f"{n}-{shape}-{colour}" for n in range(1, 6) for shape in SHAPES_IN_ORDER
                for colour in COLOURS_IN_ORDER]
    assert list(NAMES) == expected
    deck = list(range(NUM_CARDS))
    random.Random(seed).shuffle(deck)
    state = pentic().new_initial_state(deck=deck)
    tops = [expected[c] for c in deck[:9]]
    assert state.to_json()["grid"] == [[t] for t in tops]
    assert state.to_json()["hands"][0] == [expected[c] for c in deck[9:14]]
    for card in deck[9:]:  # every card not on the grid
        for position in range(1, 10):
            r, c = divmod(position - 1, 3)
            around = [common(expected[card], tops[3 * rr + cc]) for rr, cc in
                      ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < 3 and 0 <= cc < 3]
            score = state.score_of(MOVES[card][position - 1])
            assert (score["nics"], score["singles"], score["tics"]) == tuple(
                around.count(k) for k in (0, 1, 2)), (expected[card], position)
            under = common(expected[card], tops[position - 1])
            assert score["underneath"] == ("nic", "single", "tic")[under]


def test_neighbour_counts_corner_side_centre():
    assert [len(NEIGHBOURS[p]) for p in range(1, 10)] == [2, 3, 2, 3, 4, 3, 2, 3, 2]
    assert set(NEIGHBOURS[5]) == {2, 4, 6, 8} and set(NEIGHBOURS[1]) == {2, 4}


def test_example_one_centre_three_tics_one_single_single_underneath(pentic):
    grid = {2: "3-star-red", 4: "3-circle-orange", 6: "1-star-orange", 8: "3-circle-violet",
            5: "1-square-orange"}
    _, play = play_one(pentic, grid, "3-star-orange", 5)
    assert (play["tics"], play["singles"], play["underneath"]) == (3, 1, "single")
    assert play["edge"] == 16 and play["points"] == 16


def test_example_two_two_tics_two_singles_tic_underneath(pentic):
    grid = {2: "3-star-red", 4: "3-circle-orange", 6: "3-circle-violet", 8: "1-square-orange",
            5: "3-star-cyan"}
    _, play = play_one(pentic, grid, "3-star-orange", 5)
    assert (play["tics"], play["singles"], play["underneath"]) == (2, 2, "tic")
    assert play["multiplier"] == 2 and play["points"] == 20


@pytest.mark.parametrize("grid,position,counts,points", [
    # side 2 (neighbours 1, 3, 5): one Tic, two Nics, a Nic underneath
    ({1: "3-star-red", 3: "1-circle-violet", 5: "2-square-cyan", 2: "4-crescent-yellow"},
     2, (0, 1, 2), 2),
    # centre: three Singles (number, shape, colour) and a Nic
    ({2: "3-circle-violet", 4: "1-star-cyan", 6: "2-square-orange", 8: "1-circle-violet",
      5: "4-crescent-yellow"}, 5, (3, 0, 1), 5),
    # centre: four Singles
    ({2: "3-circle-violet", 4: "1-star-cyan", 6: "2-square-orange", 8: "3-crescent-yellow",
      5: "4-crescent-yellow"}, 5, (4, 0, 0), 8),
    # centre: four Tics
    ({2: "3-star-red", 4: "3-star-cyan", 6: "3-circle-orange", 8: "1-star-orange",
      5: "4-crescent-yellow"}, 5, (0, 4, 0), 25),
    # corner 1 (neighbours 2, 4): the Tic on the diagonal (5) does not count
    ({5: "3-star-red", 2: "1-circle-violet", 4: "2-square-cyan", 1: "4-crescent-yellow"},
     1, (0, 0, 2), 0),
])
def test_edge_scores(pentic, grid, position, counts, points):
    _, play = play_one(pentic, grid, "3-star-orange", position)
    assert (play["singles"], play["tics"], play["nics"]) == counts
    assert play["underneath"] == "nic" and play["multiplier"] == 1 and play["bonus"] == 0
    assert play["edge"] == play["points"] == points and not play["pentic"]


def nic_grid(under: str) -> dict[int, str]:
    # neighbours of the centre that share nothing with 3-star-orange
    return {2: "1-circle-violet", 4: "2-square-cyan", 6: "4-triangle-yellow",
            8: "5-crescent-red", 5: under}


@pytest.mark.parametrize("under,points,kind", [
    ("1-square-orange", 25, "single"),   # Single underneath: the Pentic play alone
    ("3-star-cyan", 50, "tic"),          # Tic underneath: doubled
    ("1-circle-cyan", 75, "nic"),        # All-Nic: 25 x 3
])
def test_centre_pentic_plays(pentic, under, points, kind):
    _, play = play_one(pentic, nic_grid(under), "3-star-orange", 5)
    assert play["nics"] == 4 and play["pentic"] and play["underneath"] == kind
    assert play["points"] == points
    assert play["all_nic"] == (kind == "nic")


def test_four_nics_off_centre_score_nothing(pentic):
    grid = {1: "1-circle-violet", 3: "2-square-cyan", 2: "4-triangle-yellow",
            5: "5-crescent-red"}
    _, play = play_one(pentic, grid, "3-star-orange", 2)
    assert play["nics"] == 3 and play["points"] == 0


def test_extreme_bonuses_added_after_the_multiplier(pentic):
    # 1-circle-violet on corner 1 with two Tics around and a Tic underneath: 8 x 2 + 5 = 21
    grid = {2: "1-circle-red", 4: "1-star-violet", 1: "1-square-violet"}
    _, play = play_one(pentic, grid, "1-circle-violet", 1)
    assert (play["tics"], play["multiplier"], play["bonus"], play["points"]) == (2, 2, 5, 21)
    # 5-star-red: two Singles on a corner, Nic underneath: 2 x 1 + 10 = 12
    grid = {2: "5-circle-violet", 4: "1-star-cyan", 1: "2-square-yellow"}
    _, play = play_one(pentic, grid, "5-star-red", 1)
    assert (play["singles"], play["multiplier"], play["bonus"], play["points"]) == (2, 1, 10, 12)
    # an Extreme card in an All-Nic centre play: 75 + 10
    grid = {2: "1-circle-violet", 4: "2-square-cyan", 6: "4-triangle-yellow",
            8: "3-crescent-orange", 5: "1-triangle-cyan"}
    _, play = play_one(pentic, grid, "5-star-red", 5)
    assert (play["all_nic"], play["edge"], play["multiplier"], play["bonus"]) == (True, 25, 3, 10)
    assert play["points"] == 85


def test_edge_tables():
    from pentarena.games.pentic.scoring import SINGLE_POINTS, TIC_POINTS

    assert SINGLE_POINTS == (0, 1, 2, 5, 8) and TIC_POINTS == (0, 2, 8, 15, 25)


def test_default_target_is_250(pentic):
    game = pentic(players=3)
    assert game.target == 250 and game.options == {"players": 3, "target": 250}
    assert game.new_initial_state(seed=1).to_json()["options"]["target"] == 250
    listed = next(g for g in pentarena.list_games() if g["name"] == "pentic")
    assert listed["options"]["target"]["default"] == 250


@pytest.mark.parametrize("players", [1, 5])
def test_pentic_is_for_2_to_4_players(pentic, players):
    with pytest.raises(pentarena.GameOptionError,
                       match=f"^option 'players' must be one of 2, 3, 4; got {players}$"):
        pentic(players=players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealing_order_and_drawing(pentic, players):
    """The first 9 cards to positions 1-9, then 5 to each seat in seat order, the rest is
    the pile, drawn from its front."""
    state = pentic(players=players).new_initial_state(deck=list(NAMES))
    assert state.to_json()["grid"] == [[n] for n in NAMES[:9]]
    dealt = 9 + 5 * players
    assert state.to_json()["hands"] == [list(NAMES[9 + 5 * s:14 + 5 * s]) for s in range(players)]
    assert state.pile_size == 125 - dealt and state.pile == list(range(dealt, 125))
    for seat in range(players):  # each seat plays its first card and draws the front card
        assert state.current_player == seat
        state.apply(f"{NAMES[9 + 5 * seat]}@5")
        assert state.to_json()["hands"][seat] == [*NAMES[10 + 5 * seat:14 + 5 * seat],
                                                  NAMES[dealt + seat]]
    assert state.current_player == 0
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.apply(f"{NAMES[9]}@5")


def test_seed_shuffles_reproducibly():
    game = pentarena.load_game("pentic")
    a, b = game.new_initial_state(seed=5), game.new_initial_state(seed=5)
    assert a.to_json() == b.to_json()
    assert a.to_json() != game.new_initial_state(seed=6).to_json()


@pytest.mark.parametrize("text,why", [
    ("3-star-orange", "has no grid position"), ("zz", "could not read"),
    ("3-star-pink@5", "not a card"), ("6-star-red@5", "not a card"),
    ("3-star-red@0", "not a grid position"), ("3-star-red@10", "not a grid position"),
    ("@5", "'@5' has no card before @"),
    ("3-star-red@", "'3-star-red@' has no grid position after @: add 1-9 .*e.g. 3-star-red@5")])
def test_malformed_move_text(text, why):
    with pytest.raises(InvalidMoveError, match=why):
        pentarena.load_game("pentic").new_initial_state(seed=1).apply(text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_target_finishes_the_round_with_equal_turns(pentic, players):
    game = pentic(players=players, target=30)
    for seed in range(10):
        state = game.new_initial_state(seed=seed)
        reached_at = None
        while not state.is_terminal():
            state.apply(state.best_move())
            if reached_at is None and max(state.totals) >= 30:
                reached_at = len(state.history())
        assert len(set(state.turns)) == 1, state.turns  # everyone had the same number
        assert reached_at is not None and len(state.history()) - reached_at < players
        best = max(state.totals)
        assert state.winners() == {s for s, t in enumerate(state.totals) if t == best}


def test_empty_pile_ends_at_the_end_of_that_round(pentic):
    game = pentic(players=3, target=10_000)
    rng = random.Random(3)
    state = game.new_initial_state(seed=3)
    empty_handed_round = None
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_moves()))
        if empty_handed_round is None and not state.is_terminal() and 0 in state.hand_sizes():
            empty_handed_round = sum(state.turns)
    sizes = state.hand_sizes()
    assert state.pile_size == 0 and 0 in sizes
    # the last round was completed: nobody who still had a card missed a turn in it
    assert max(state.turns) - min(state.turns) <= 1
    assert state.winners()


def test_a_seat_without_a_card_makes_that_round_the_last(pentic):
    """RULES.md's Decision: if the player to move holds no card, the game ends at the end
    of that round, and players who still hold a card take their turn in that round.  Only
    a loaded position has a seat without a card before later seats: 3 players, the pile
    empty, seat 0 without a card, seat 1 with one and seat 2 with three, seat 1 to move (the
    view of seat 2, dealt out at random)."""
    game = pentic(players=3, target=10_000)
    stacks, plays = [[c] for c in range(9)], []
    for i, card in enumerate(range(9, 121)):  # 112 plays, seats in turn
        position = i % 9 + 1
        plays.append({"seat": i % 3, "card": NAMES[card], "position": position,
                      **score_play(card, position, [s[-1] for s in stacks]).as_dict()})
        stacks[position - 1].append(card)
    data = {"game": "pentic", "options": game.options, "view_of": 2, "hand": list(NAMES[122:]),
            "grid": [[NAMES[c] for c in s] for s in stacks], "hand_sizes": [0, 1, 3],
            "pile_size": 0, "turns": [38, 37, 37], "to_move": 1, "ending": False,
            "scores": [sum(p["points"] for p in plays if p["seat"] == s) for s in range(3)],
            "plays": plays, "moves": [f"{p['card']}@{p['position']}" for p in plays]}
    state = game.state_from_json(data).determinize(random.Random(1))
    turns = []
    while not state.is_terminal():
        turns.append((state.current_player, state.ending))
        state.apply(state.legal_moves()[0])
    # seat 1 plays its last card, seat 2 ends the round; the next round seat 0 holds no card:
    # it is the last; seat 1 has none either, seat 2 takes its turn, and the game ends there
    # (seat 2 still holding a card)
    assert turns == [(1, False), (2, False), (2, True)]
    assert state.turns == [38, 38, 39] and state.hand_sizes() == [0, 0, 1]
    assert state.winners()


def test_views_hide_other_hands_and_the_pile():
    state = pentarena.load_game("pentic", players=3).new_initial_state(seed=2)
    for seat in (None, 0, 1, 2):
        data = json.dumps(state.view(seat).to_json())
        for secret in state.secrets(seat):
            assert secret not in data
        assert "deck" not in data and '"seed"' not in data
    view = state.view(1)
    assert view.to_json()["hand"] == state.to_json()["hands"][1]
    assert view.to_json()["hand_sizes"] == [5, 5, 5]
    assert state.view(None).to_json()["hand"] is None


def test_a_view_plays_its_own_seats_move_and_draws_an_unknown_card(pentic):
    state = pentic().new_initial_state(seed=3)
    view = state.view(0)
    move = view.legal_moves()[0]
    view.apply(move)
    state.apply(move)
    hand = view.to_json()["hand"]
    assert hand[:4] == state.to_json()["hands"][0][:4] and hand[4] is None
    assert view.to_json()["grid"] == state.to_json()["grid"]
    assert view.current_player == state.current_player == 1
    with pytest.raises(pentarena.HiddenInformationError, match="does not know the hand"):
        view.legal_moves()
    for move in (state.legal_moves()[0], "1-square-violet@1"):  # an unseen hand's card
        with pytest.raises(pentarena.HiddenInformationError, match="does not know the hand"):
            view.apply(move)
    assert view.to_json()["moves"] == state.to_json()["moves"]


def test_determinizations_are_consistent_with_the_view():
    state = pentarena.load_game("pentic").new_initial_state(seed=9)
    for _ in range(6):
        state.apply(state.best_move())
    view = state.view(state.current_player)
    rng = random.Random(1)
    samples = [view.determinize(rng) for _ in range(5)]
    for full in samples:
        assert not full.is_view
        assert full.hands[view.viewer] == view.hands[view.viewer]
        assert full.hand_sizes() == state.hand_sizes() and full.pile_size == state.pile_size
        cards = [c for s in full.stacks for c in s] + [c for h in full.hands for c in h] + full.pile
        assert sorted(cards) == list(range(125))
    assert len({tuple(f.pile) for f in samples}) > 1  # really random


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinization_is_saved_as_a_deal_that_comes_to_it(players):
    # a determinization has no seed or deck of its own: it is saved as the deck whose deal,
    # with the moves played, comes to it — so it reloads (and makes a record) exactly
    game = pentarena.load_game("pentic", players=players)
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_moves()))
        full = state.view(state.current_player).determinize(random.Random(seed))
        saved = full.to_json()
        back = game.state_from_json(saved)
        assert back.to_json() == saved and pentarena.GameRecord.of(full).final_state().to_json() == saved
        assert back.pile == full.pile and back.stacks == full.stacks and back.totals == full.totals
        assert [sorted(h) for h in back.hands] == [sorted(h) for h in full.hands]
        assert back.legal_moves() == full.legal_moves()


def play_randomly(state, plies, seed=0):
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(state.random_move(rng))
    return state


def test_an_unseeded_deal_is_secret_yet_its_json_replays():
    """No seed: the OS's secure source shuffles; the dealt order travels in the JSON."""
    game = pentarena.load_game("pentic")
    decks = set()
    for _ in range(20):
        state = play_randomly(game.new_initial_state(), 3)
        again = game.state_from_json(state.to_json())
        assert again.to_json() == state.to_json()
        assert len(again.legal_moves()) == 45
        decks.add(tuple(state.to_json()["deck"]))
    assert len(decks) == 20
    view = state.view(0).to_json()
    assert "deck" not in view and "seed" not in view


def test_an_unseeded_game_record_replays():
    from pentarena.record import GameRecord

    state = play_randomly(pentarena.load_game("pentic", players=3).new_initial_state(), 7)
    record = GameRecord.from_json(GameRecord.of(state).dumps())
    assert record.deck is not None and record.seed is None
    assert record.final_state().to_json() == state.to_json()
    assert len(record.states()) == 8


def moved(d, play, **changes):
    """Change a play, and 'moves' alike."""
    d["plays"][play].update(changes)
    d["moves"][play] = f"{d['plays'][play]['card']}@{d['plays'][play]['position']}"


@pytest.mark.parametrize("forge,words", [
    (lambda d: d.update(ending="no"), "'ending' is true or false"),
    (lambda d: d.update(view_of=True), "'view_of'"),
    (lambda d: d.update(hand_sizes=[5.0, 5]), "'hand_sizes'"),
    (lambda d: d.update(hand_sizes=[10**12, 5]), "'hand_sizes'"),
    (lambda d: d.update(turns=[50, 0]), "'turns' counts each seat's plays"),
    (lambda d: d.update(scores=[d["scores"][0] + 1, d["scores"][1]]), "'scores' adds up"),
    (lambda d: d.update(scores=[-1, 0]), "'scores'"),
    (lambda d: d.update(pile_size=d["pile_size"] + 1), "the 125 cards"),
    (lambda d: d.update(to_move="0"), "'to_move'"),
    (lambda d: d.update(hand_sizes=[0, 5], pile_size=d["pile_size"] + 5),
     "the seat to move holds a card"),
    # each card in one place: not on the grid and in the hand, not twice on the grid
    (lambda d: d["hand"].__setitem__(0, d["grid"][0][0]), "^broken Pentic view: each card is in one place only$"),
    (lambda d: d["grid"][1].__setitem__(-1, d["grid"][0][-1]), "each card is in one place only"),
    # a card is its text (a hand's unseen card is null): not its number, not null on the grid
    (lambda d: d["grid"][0].__setitem__(0, 7),
     "^broken Pentic view: a card is text such as 3-star-orange, not 7$"),
    (lambda d: d["grid"][0].__setitem__(0, None), "a card is text .*, not None$"),
    (lambda d: d["hand"].__setitem__(0, 7), "a card is text such as 3-star-orange, not 7$"),
    (lambda d: d["hand"].__setitem__(0, [d["hand"][0]]), "a card is text .*, not \\['"),
    # 'moves' names the plays
    (lambda d: d["moves"].reverse(), "^broken Pentic view: 'moves' and 'plays' disagree$"),
    (lambda d: d.update(moves="all of them"), "'moves' and 'plays' disagree"),
    # the plays lay the grid's cards above the dealt ones, in order
    (lambda d: moved(d, 0, card=d["hand"][0]), r"play 1 \(.*\) is not the next card laid on position"),
    (lambda d: moved(d, 0, position=d["plays"][0]["position"] % 9 + 1), "is not the next card laid"),
    (lambda d: (d["plays"].pop(), d["moves"].pop()), "the plays lay every card of the grid above"),
    (lambda d: d["plays"][0].update(card=7), "play 1 names its card as text"),
    # and score what they record: the breakdown is recomputed
    (lambda d: d["plays"][0].update(edge=99), r"play 1 \(.*\) does not score what it records: its 'edge' is \d+, not 99$"),
    (lambda d: d["plays"][1].update(points=500), "play 2 .* its 'points' is \\d+, not 500$"),
    (lambda d: d["plays"][0].update(underneath="single" if d["plays"][0]["underneath"] == "tic" else "tic"),
     "its 'underneath' is"),
    (lambda d: d["plays"][0].pop("all_nic"), "its 'all_nic' is False, not missing$"),
    (lambda d: d["plays"][0].update(comment="nice"), "holds only seat, card, position and its score"),
])
def test_a_forged_view_is_refused_with_what_is_wrong(pentic, forge, words):
    state = play_randomly(pentic().new_initial_state(seed=3), 4)
    data = state.view(1).to_json()
    assert pentic().state_from_json(data).to_json() == data
    forge(data)
    with pytest.raises(pentarena.StateFormatError, match=words):
        pentic().state_from_json(data)


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 5}, {"players": 0}, {"players": 2.0}, {"target": 0},
    {"target": 10_001}, {"target": 250.5}, {"target": True}, {"target": "many"},
    {"players": 3, "target": -1}])
def test_the_game_classes_refuse_what_load_game_refuses(options):
    with pytest.raises(pentarena.GameOptionError) as refused:
        pentarena.load_game("pentic", **options)
    for cls in (PenticGame, ReferencePenticGame):
        with pytest.raises(pentarena.GameOptionError, match=f"^{re.escape(str(refused.value))}$"):
            cls(**options)


def test_the_game_classes_take_the_options_as_load_game_does():
    for cls in (PenticGame, ReferencePenticGame):
        game = cls(players="3", target="40")  # (text, as a form or the command line sends)
        assert game.options == pentarena.load_game("pentic", players=3, target=40).options
        assert (game.num_players, game.target) == (3, 40)
        assert cls().options == {"players": 2, "target": 250}


@pytest.mark.parametrize("deck,words", [
    ([float(c) for c in range(125)], "numbers 0-124, not 0.0"),
    ([0, True, *range(2, 125)], "numbers 0-124, not True"),  # True == 1, yet not a card
    ([-1, *range(1, 125)], "numbers 0-124, not -1"),
    ([None] * 125, "numbers 0-124, not None"),
    (["1-circle-violet", *range(1, 124), "5-star-purple"], "'5-star-purple' is not a card"),
    ([*range(124)], "each of the 125 cards exactly once"),
    ([0, *range(124)], "each of the 125 cards exactly once"),
    ("1-circle-violet", "a deck is a list of the 125 cards, not '1-circle-violet'"),
    (125, "a deck is a list of the 125 cards, not 125"),
])
def test_a_deck_of_anything_but_the_125_cards_is_refused(pentic, deck, words):
    # a dealt deck is a setup argument, as a seed is, not a move: GameOptionError
    with pytest.raises(pentarena.GameOptionError, match=re.escape(words)) as refused:
        pentic().new_initial_state(deck=deck)
    assert not isinstance(refused.value, InvalidMoveError)
    assert isinstance(refused.value, ValueError)


def test_a_deck_takes_card_texts_and_numbers_mixed(pentic):
    state = pentic().new_initial_state(deck=["1-circle-violet", *range(1, 125)])
    assert state.tops() == list(range(9)) and all(type(c) is int for c in state.tops())
    assert state.to_json()["deck"] == list(NAMES)


@pytest.mark.parametrize("text,says", [
    ("3-star-orange", "'3-star-orange' has no grid position: add @ and a position 1-9"),
    ("★3-star-orange", "e.g. '3-star-orange@5'"),
    ("3-star-orange 5", "write the card and its position joined by @: '3-star-orange@5'"),
    ("3 star orange 7", "joined by @: '3-star-orange@7'"),
    ("x" * 61, "move text is too long; write <card>@<position>"),
    (5, "move text must be a string; write <card>@<position>"),
    (None, "move text must be a string"),
])
def test_unreadable_play_text_says_what_is_wrong_and_what_is_expected(pentic, text, says):
    """As the other games' parsers: a card without its position (or its @) is named as
    such, text too long says so, and so does what is not text at all."""
    state = pentic(players=2).new_initial_state(seed=1)
    with pytest.raises(InvalidMoveError) as err:
        state.parse_move(text)
    assert says in str(err.value)
    with pytest.raises(InvalidMoveError):
        state.apply(text)
    assert state.history() == []
