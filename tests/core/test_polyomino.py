from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pentarena.core import polyomino as P


def test_twelve_free_pentominoes_of_five_cells():
    assert P.PIECE_NAMES == "FILNPTUVWXYZ"
    assert all(len(s) == 5 and P.is_connected(s) for s in P.PIECES.values())
    assert len({P.canonical(s) for s in P.PIECES.values()}) == 12


def test_sixty_three_fixed_orientations_all_distinct():
    all_shapes = [s for shapes in P.ORIENTATIONS.values() for s in shapes]
    assert len(all_shapes) == 63 == len(set(all_shapes))


def test_identify_every_orientation():
    for name, shapes in P.ORIENTATIONS.items():
        for i, shape in enumerate(shapes):
            moved = [(x + 7, y - 3) for x, y in shape]
            assert P.identify(moved) == (name, i)
            assert P.identify_free(moved) == name
    assert P.identify([(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]) is None
    assert P.identify_free([(0, 0), (0, 0), (1, 0), (2, 0), (3, 0)]) is None


@given(st.sampled_from(list(P.PIECES)), st.integers(0, 7))
def test_transforms_are_a_group_action(name, k):
    shape = P.PIECES[name]
    t = P.transforms(shape)
    assert len(t) == 8
    assert P.rotate(P.rotate(P.rotate(P.rotate(shape)))) == shape
    assert P.flip(P.flip(shape)) == shape
    assert set(P.transforms(t[k])) == set(t)
    assert P.canonical(t[k]) == P.canonical(shape)


def test_piece_index():
    assert P.piece_index("f") == 0 and P.piece_index("Z") == 11
