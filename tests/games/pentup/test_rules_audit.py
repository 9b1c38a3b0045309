"""RULES.md audit, §Common conventions and §1 (Pent-Up): every rule statement, number and
example checked on BOTH engines — the native one (``pentarena.load_game``) and the
pure-Python reference (``pentup.reference``) — through the public API.  (test_rules.py and
test_scoring.py check most of them on the native engine alone.)"""

from __future__ import annotations

import random

import pytest

import pentarena
from pentarena import GameOptionError, IllegalMoveError, InvalidMoveError
from pentarena.core.polyomino import ORIENTATIONS, PIECE_NAMES, normalize
from pentarena.games.pentup import COLOURS, PentUpMove
from pentarena.games.pentup.reference import ReferencePentUpGame

from .test_movegen import naive_legal_moves
from .test_symmetry import transform


def native(**options):
    return pentarena.load_game("pentup", **options)


def reference(**options):
    return ReferencePentUpGame(**native(**options).options)


ENGINES = {"native": native, "reference": reference}


@pytest.fixture(params=sorted(ENGINES))
def pentup(request):
    """A function making a game with the given options on one engine."""
    return ENGINES[request.param]


def play(pentup, *moves, **options):
    state = pentup(**options).new_initial_state()
    for m in moves:
        state.apply(m)
    return state


# A 5x2 area on level 1 made of two I tiles; two L tiles that exactly cover it on level 2.
I_ROW0 = "I:0,0;1,0;2,0;3,0;4,0"
I_ROW1 = "I:0,1;1,1;2,1;3,1;4,1"
L_LEFT = "L:0,0;1,0;2,0;3,0;0,1"
L_RIGHT = "L:1,1;2,1;3,1;4,1;4,0"


# ------------------------------------------------------------------ common conventions
def _images(shape):
    """The 8 images of a shape under rotations by 90 degrees and flips, normalized."""
    out = set()
    for mirror in (False, True):
        cells = [(-x, y) if mirror else (x, y) for x, y in shape]
        for _ in range(4):
            cells = [(-y, x) for x, y in cells]
            out.add(normalize(cells))
    return out


def _connected(cells):
    cells = set(cells)
    seen, todo = set(), [next(iter(cells))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if c in cells]
    return seen == cells


def test_twelve_free_pentominoes_and_their_63_fixed_orientations():
    """Common conventions: the 12 pieces F I L N P T U V W X Y Z each cover 5 unit squares;
    counting rotations by 90 degrees and flips they have 63 distinct fixed orientations
    (F,L,N,P,Y: 8; T,U,V,W,Z: 4; I: 2; X: 1) — each list is exactly the set of images of
    its piece, and no two pieces are the same free shape."""
    assert PIECE_NAMES == "FILNPTUVWXYZ"
    expected = {**dict.fromkeys("FLNPY", 8), **dict.fromkeys("TUVWZ", 4), "I": 2, "X": 1}
    free_shapes = set()
    for piece, shapes in ORIENTATIONS.items():
        normalized = [normalize(s) for s in shapes]
        assert len(normalized) == len(set(normalized)) == expected[piece], piece
        assert all(len(set(s)) == 5 and _connected(s) for s in normalized), piece
        assert set(normalized) == _images(normalized[0]), piece
        free_shapes.add(frozenset(set(normalized)))
    assert len(free_shapes) == 12
    assert sum(expected.values()) == 63


def test_the_first_moves_are_the_63_orientations(pentup):
    """Common conventions / §1 A turn: any tile in any orientation (rotate, flip); the
    engine lists each of the 63 fixed orientations once for the first tile."""
    moves = pentup().new_initial_state().legal_moves()
    shapes = {(m.piece, normalize(m.cells)) for m in moves}
    assert len(moves) == len(shapes) == 63
    assert shapes == {(p, normalize(s)) for p in PIECE_NAMES for s in ORIENTATIONS[p]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_zero_first_then_seat_order_and_every_tile_placed(pentup, players):
    """Common conventions (seat 0 moves first, play goes on in seat order) and §1
    Components (each player one set of the 12: 24, 36, 48 tiles) and End (when every tile
    has been placed)."""
    state = pentup(players=players).new_initial_state(seed=players)
    assert [state.hand(s) for s in range(players)] == [list(PIECE_NAMES)] * players
    rng = random.Random(players)
    seats = []
    while not state.is_terminal():
        assert state.winners() == set()
        seats.append(state.current_player)
        state.apply(state.random_move(rng))
    assert len(seats) == {2: 24, 3: 36, 4: 48}[players]
    assert seats == [i % players for i in range(len(seats))]
    assert len(state.tiles) == 12 * players
    assert all(state.hand(s) == [] for s in range(players))
    assert [sum(1 for t in state.tiles if t.seat == s) for s in range(players)] == [12] * players
    assert state.current_player is None and state.legal_moves() == []


def test_colours_by_seat():
    """§1 Components: seat 0 White, seat 1 Black, seat 2 Red, seat 3 Blue."""
    assert COLOURS == ("White", "Black", "Red", "Blue")


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_players(players):
    """§1: a game for 2–4 players."""
    with pytest.raises(GameOptionError, match="players"):
        pentarena.load_game("pentup", players=players)


def test_a_player_places_each_of_their_tiles_once(pentup):
    """§1 A turn: the player chooses one of their *unplayed* tiles; another player's tile
    of the same shape is their own."""
    state = play(pentup, I_ROW0, I_ROW1)  # White's I, then Black's I
    before = state.to_json()
    with pytest.raises(IllegalMoveError, match="White has already placed the I tile"):
        state.apply("I:0,2;1,2;2,2;3,2;4,2")
    assert state.to_json() == before
    assert "I" not in {m.piece for m in state.legal_moves()}
    state.apply(L_LEFT)
    with pytest.raises(IllegalMoveError, match="Black has already placed the I tile"):
        state.apply("I:5,0;5,1;5,2;5,3;5,4")


# ------------------------------------------------------------------ placement
@pytest.mark.parametrize("first", ["X:100,101;99,101;101,101;100,100;100,102",
                                   "I:-7,-3;-7,-2;-7,-1;-7,0;-7,1",
                                   "W:-500,-500;-500,-499;-499,-499;-499,-498;-498,-498"])
def test_the_first_tile_may_go_anywhere(pentup, first):
    """§1 Table (unbounded, cells are integer pairs, negative too) and Legal placement:
    the very first tile of the game may go anywhere."""
    state = play(pentup, first)
    move = state.parse_move(first)
    assert state.history() == [str(move)]
    assert state.tiles[0].level == 1 and all(state.height(c) == 1 for c in move.cells)


def test_level_one_needs_edge_contact_corner_contact_is_not_enough(pentup):
    """§1 L = 1: every later level-1 tile must share at least one edge with a cell that
    already holds a tile; corner contact alone is not enough."""
    state = play(pentup, I_ROW0)
    before = state.to_json()
    with pytest.raises(IllegalMoveError):  # touches (4,0) at its corner only
        state.apply("L:5,1;5,2;5,3;5,4;6,4")
    with pytest.raises(IllegalMoveError):  # far away
        state.apply("X:10,11;9,11;11,11;10,10;10,12")
    assert state.to_json() == before
    for m in state.legal_moves():  # none of the listed level-1 moves floats apart
        assert any((x + dx, y + dy) in state.heights()
                   for x, y in m.cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    state.apply("L:5,0;5,1;5,2;5,3;6,3")  # shares the edge between (4,0) and (5,0)
    assert state.tiles[-1].level == 1


def test_all_five_cells_at_the_same_height(pentup):
    """§1 Legal placement at level L: all 5 covered cells have height exactly L-1 (no
    overhangs, no gaps)."""
    state = play(pentup, I_ROW0)
    with pytest.raises(IllegalMoveError, match="same height"):  # (4,0) height 1, others 0
        state.apply("L:4,0;5,0;6,0;7,0;7,1")
    state = play(pentup, I_ROW0, I_ROW1, L_LEFT, L_RIGHT, players=4)
    with pytest.raises(IllegalMoveError, match="same height"):  # height-2 and bare cells
        state.apply("P:3,1;4,1;4,0;5,0;5,1")


def test_stacking_needs_two_tiles_underneath(pentup):
    """§1 L >= 2: the squares underneath must belong to at least two different tiles —
    "you cannot stack the same shape exactly on top of one tile"; refused on every level."""
    state = play(pentup, I_ROW0, I_ROW1, players=3)
    for copy in (I_ROW0, I_ROW1):
        with pytest.raises(IllegalMoveError, match="exactly on top of one tile"):
            state.apply(copy)
    state = play(pentup, I_ROW0, I_ROW1, L_LEFT, L_RIGHT, players=4)
    for copy in (L_LEFT, L_RIGHT):
        with pytest.raises(IllegalMoveError, match="exactly on top of one tile"):
            state.apply(copy)
    state.apply("L:0,1;1,1;2,1;3,1;3,0")  # the same shape across both L tiles
    assert state.tiles[-1].level == 3


def test_the_tiles_underneath_may_have_any_colours(pentup):
    """§1 L >= 2: two different tiles underneath, of any colours — the mover's own two
    tiles, or another player's two tiles, or one of each."""
    mixed = play(pentup, I_ROW0, I_ROW1)  # White's I and Black's I
    mixed.apply(L_LEFT)
    assert mixed.tiles[-1].level == 2
    # White's I and White's V carry Black's P (both tiles underneath White's)
    same = play(pentup, I_ROW0, "X:6,-1;5,0;6,0;7,0;6,1", "V:0,1;1,1;2,1;0,2;0,3")
    same.apply("P:1,0;2,0;3,0;1,1;2,1")
    assert same.tiles[-1].level == 2 and same.tiles[-1].seat == 1
    assert {same.top_tile(c).seat for c in [(1, 0), (1, 1)]} == {1}


def test_the_rule_is_about_the_tile_directly_below_not_a_buried_one(pentup):
    """§1 L >= 2: the new tile's 5 cells must not be exactly the 5 cells of one tile *at
    level L-1*: a level-3 tile may lie on exactly the cells of a buried level-1 tile when
    two level-2 tiles carry it."""
    state = play(pentup, L_LEFT, L_RIGHT, I_ROW0, I_ROW1, "X:6,-1;5,0;6,0;7,0;6,1",
                 players=3)
    assert [t.level for t in state.tiles] == [1, 1, 2, 2, 1]
    assert state.mandatory_levels()["L"] == 3
    state.apply(L_LEFT)  # seat 2's L on the cells of seat 0's buried level-1 L
    assert state.tiles[-1].level == 3 and state.tiles[-1].seat == 2
    assert sorted(state.tiles[-1].cells) == sorted(state.tiles[0].cells)


def test_no_edge_contact_needed_above_the_table(pentup):
    """§1: the edge-contact rule of level 1 does not apply on levels >= 2 — a level-2 tile
    touching no other level-2 tile is legal (two of them, far apart)."""
    state = play(pentup, I_ROW0, I_ROW1, "I:0,2;1,2;2,2;3,2;4,2", players=4)
    state.apply("P:0,0;1,0;0,1;1,1;0,2")  # level 2 at the left end
    state.apply("U:3,0;4,0;4,1;4,2;3,2")  # level 2 at the right end, touching no level-2 cell
    assert [t.level for t in state.tiles[-2:]] == [2, 2]


def test_the_chosen_tile_must_go_to_its_highest_level(pentup):
    """§1 the key rule: the chosen tile must be placed at the highest level Lmax at which
    it (any orientation, anywhere) fits; the player chooses the tile, and tiles may have
    different Lmax."""
    state = play(pentup, I_ROW0, I_ROW1)
    levels = state.mandatory_levels()
    assert levels["L"] == 2 and levels["X"] == 1 and "I" not in levels  # (I played)
    with pytest.raises(IllegalMoveError, match="must be placed there"):
        state.apply("L:0,2;1,2;2,2;3,2;3,3")  # a legal level-1 spot, but the L fits on 2
    for piece, level in levels.items():
        moves = state.moves_for(piece)
        assert moves and all(state.height(m.cells[0]) == level - 1 for m in moves), piece
    state.apply("X:1,2;0,3;1,3;2,3;1,4")  # another tile, whose highest level is the table
    assert state.tiles[-1].level == 1


@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_legal_moves_are_exactly_the_rules_placements(pentup, players, seed):
    """§1 Legal placement and the mandatory highest level, all at once: at every few plies
    of a game the engine's moves are exactly those a plain reading of the rules gives."""
    state = pentup(players=players).new_initial_state()
    rng = random.Random(seed)
    state.apply(state.random_move(rng))
    ply = 1
    while not state.is_terminal():
        if ply % 5 == 0:
            assert set(state.legal_moves()) == naive_legal_moves(state), ply
        state.apply(state.random_move(rng))
        ply += 1


def test_a_level_one_spot_always_exists(pentup):
    """§1: a level-1 spot always exists, so a player is never stuck: every unplayed tile
    of the player to move has a place at every turn."""
    state = pentup(players=4, teams=False).new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        places = state.placements()
        assert sorted(places) == state.hand(state.current_player)
        assert all(p.spots > 0 for p in places.values())
        state.apply(state.random_move(rng))


# ------------------------------------------------------------------ scoring
def records(state, scoring):
    """Per side, the record RULES.md §1 defines, computed from the placed tiles alone."""
    game = state.game
    sides = [(0, 2), (1, 3)] if game.teams else [(s,) for s in range(game.players)]
    top = max(t.level for t in state.tiles)
    out = []
    for side in sides:
        at = {lv: sum(1 for t in state.tiles if t.seat in side and t.level == lv)
              for lv in range(1, top + 1)}
        down = tuple(at[lv] for lv in range(top, 0, -1))
        if scoring == "standard":
            out.append(down)
        elif scoring == "misere":
            out.append(tuple(at[lv] for lv in range(1, top + 1)))
        else:
            out.append((sum(lv * n for lv, n in at.items()), *down))
    return sides, out


def decided_at(recs):
    """The index of the record where the best side is first alone (None: a tie)."""
    contenders = range(len(recs))
    for i in range(len(recs[0])):
        best = max(recs[c][i] for c in contenders)
        contenders = [c for c in contenders if recs[c][i] == best]
        if len(contenders) == 1:
            return i
    return None


@pytest.mark.parametrize("players,teams", [(2, False), (3, False), (4, True), (4, False)])
def test_winners_of_whole_games_under_every_scoring(pentup, players, teams):
    """§1 Scoring (standard: tiles at T, T-1, ... 1, covered tiles too; misere: level 1
    upwards; advanced: points = levels, ties by the standard record), Players and teams
    (4 players: 0+2 v 1+3 summing the partners' records, or each for themselves) and the
    outcome convention (a tie names every tied side).  Seeded random games are scored
    independently; the sample must include games decided below the first figure of the
    record, so the tie-breaks are really exercised."""
    decided = {s: set() for s in ("standard", "misere", "advanced")}
    for seed in range(30):
        base = pentup(players=players, teams=teams).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not base.is_terminal():
            base.apply(base.random_move(rng))
        for scoring in decided:
            state = pentup(players=players, teams=teams, scoring=scoring).new_initial_state()
            for tile in base.tiles:
                state.apply(tile.move)
            sides, recs = records(state, scoring)
            best = max(recs)
            expected = {s for side, r in zip(sides, recs) if r == best for s in side}
            assert state.winners() == expected, (seed, scoring, recs)
            assert state.side_records() == recs
            decided[scoring].add(decided_at(recs))
            if scoring == "advanced":
                side_of = {s: i for i, side in enumerate(sides) for s in side}
                assert state.scores() == [recs[side_of[s]][0] for s in range(players)]
    for scoring, depths in decided.items():
        assert any(d is not None and d > 0 for d in depths), (scoring, depths)


def test_covered_tiles_count_at_the_level_they_were_placed(pentup):
    """§1 standard: counting every tile placed at that level, whether covered or not; the
    record runs from the top level T down; misere from level 1 up; advanced: points."""
    moves = (I_ROW0, I_ROW1, L_LEFT)  # White's I, Black's I, Red's L covering both
    state = play(pentup, *moves, players=4)
    assert state.level_counts() == [[1, 0], [1, 0], [0, 1], [0, 0]]
    assert state.side_records() == [(1, 1), (0, 1)]  # team 0+2: one on level 2, one on 1
    assert state.scores() == [[1, 1], [0, 1], [1, 1], [0, 1]]
    misere = play(pentup, *moves, players=4, scoring="misere")
    assert misere.side_records() == [(1, 1), (1, 0)]
    advanced = play(pentup, *moves, players=4, scoring="advanced")
    assert advanced.side_records() == [(3, 1, 1), (1, 0, 1)]
    assert advanced.scores() == [3, 1, 3, 1]


def test_scoring_options_and_their_default(pentup):
    """§1 table option `scoring`: standard (default), misere, advanced — designed for 3
    players, allowed for any count."""
    assert pentup().scoring == "standard"
    for players in (2, 3, 4):
        assert pentup(players=players, scoring="advanced").scoring == "advanced"
    with pytest.raises(GameOptionError):
        pentarena.load_game("pentup", scoring="highest")


def test_teams_default_with_four_players(pentup):
    """§1 Players and teams: 2 or 3 players each for themselves; 4 players default to two
    teams of partners opposite (0+2 v 1+3), turns alternating between teams; teams=false
    plays four players each for themselves."""
    assert pentup(players=2).sides == [(0,), (1,)]
    assert pentup(players=3).sides == [(0,), (1,), (2,)]
    four = pentup(players=4)
    assert four.teams is True and four.sides == [(0, 2), (1, 3)]
    alone = pentup(players=4, teams=False)
    assert alone.sides == [(0,), (1,), (2,), (3,)]
    state = four.new_initial_state()
    rng = random.Random(2)
    team_of_mover = []
    for _ in range(8):
        team_of_mover.append(state.current_player % 2)
        state.apply(state.random_move(rng))
    assert team_of_mover == [0, 1] * 4


# ------------------------------------------------------------------ move text
def test_move_text_any_cell_order_negative_coordinates(pentup):
    """§1 Move text: `<piece>:<x>,<y>;...` with the five cells in any order, e.g.
    `I:0,0;1,0;2,0;3,0;4,0`; coordinates may be negative; the level is implied by the
    heights; the canonical form reads back."""
    state = pentup().new_initial_state()
    example = state.parse_move("I:0,0;1,0;2,0;3,0;4,0")
    assert example == state.parse_move("I:4,0;2,0;0,0;3,0;1,0") == PentUpMove("I", 1, 0, 0)
    assert str(example) == "I:0,0;1,0;2,0;3,0;4,0"
    negative = state.parse_move("L:-1,-5;-2,-5;-3,-5;-4,-5;-4,-4")
    assert sorted(negative.cells) == [(-4, -5), (-4, -4), (-3, -5), (-2, -5), (-1, -5)]
    assert state.parse_move(str(negative)) == negative
    state.apply("I:0,0;1,0;2,0;3,0;4,0")
    state.apply("I:0,1;1,1;2,1;3,1;4,1")
    state.apply("L:0,1;0,0;3,0;2,0;1,0")  # no level written: the heights make it level 2
    assert state.tiles[-1].level == 2
    for bad in ("I:0,0;1,0;2,0;3,0", "L:0,0;1,0;2,0;3,0;4,0", "I 0,0;1,0;2,0;3,0;4,0"):
        with pytest.raises(InvalidMoveError):
            state.parse_move(bad)


@pytest.mark.parametrize("turns,mirror,dx,dy", [(1, False, 7, -3), (2, True, -40, 11),
                                                (3, True, 0, 0), (0, False, 100, 100)])
def test_rules_invariant_under_symmetries_of_the_table(pentup, turns, mirror, dx, dy):
    """§1: the rules are invariant under translation, rotation and reflection of the whole
    table: the image of a game has the image's legal moves, levels and result."""
    rng = random.Random(turns * 10 + mirror)
    original = pentup(players=2).new_initial_state()
    image = pentup(players=2).new_initial_state()
    while not original.is_terminal():
        moves = original.legal_moves()
        if original.tiles:
            assert {transform(m, turns, mirror, dx, dy) for m in moves} == set(image.legal_moves())
            assert original.mandatory_levels() == image.mandatory_levels()
        move = rng.choice(moves)
        original.apply(move)
        image.apply(transform(move, turns, mirror, dx, dy))
        assert original.tiles[-1].level == image.tiles[-1].level
    assert original.scores() == image.scores() and original.winners() == image.winners()
