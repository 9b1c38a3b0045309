"""The exact-cover search loop compiled with numba (regions of up to 64 cells).

The pure-Python search in solver.py counts the 6×10 rectangle in about 3 s; this kernel
does it in about 0.1 s (see benchmarks/pentomino_speed.py), which is why numba is a
dependency: the browser's solution counter answers at once.  Same algorithm: fill the
first empty cell, trying the placements whose first cell it is, pieces used at most once.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

_DB = 0x03F79D71B4CB0A89
_DEBRUIJN = np.uint64(_DB)
_DEBRUIJN_INDEX = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[(((1 << _i) * _DB) & 0xFFFFFFFFFFFFFFFF) >> 58] = _i


@njit(cache=True)
def _popcount(x):
    x = x - ((x >> uint64(1)) & uint64(0x5555555555555555))
    x = (x & uint64(0x3333333333333333)) + ((x >> uint64(2)) & uint64(0x3333333333333333))
    x = (x + (x >> uint64(4))) & uint64(0x0F0F0F0F0F0F0F0F)
    return (x * uint64(0x0101010101010101)) >> uint64(56)


@njit(cache=True)
def _pockets_ok(empty, inner, not_first, not_last):
    """Whether every edge-connected pocket of ``empty`` has a multiple of 5 cells."""
    one = uint64(1)
    rem = empty
    while rem != 0:
        comp = rem & (~rem + one)
        while True:
            grow = (comp | ((comp >> one) & not_last) | ((comp << one) & not_first)
                    | (comp >> inner) | (comp << inner)) & rem
            if grow == comp:
                break
            comp = grow
        if _popcount(comp) % uint64(5) != 0:
            return False
        rem &= ~comp
    return True


@njit(cache=True)
def search(start, full, offsets, pieces, masks, skip, index, record, out_pieces, out_masks,
           inner, not_first, not_last, limit):
    """Count tilings from occupancy ``start`` to ``full``.  ``offsets[c]:offsets[c+1]``
    are the candidates (piece, mask) whose first cell is c, grouped by piece; ``skip[i]``
    is the first candidate after candidate i's piece group.  When ``record``, solutions are
    written to ``out_*`` (rows) while there is room; the search stops after ``limit``
    solutions (0: no limit); returns (count, nodes).

    Pruning: a placement that leaves an empty cell with no empty neighbour is dropped
    (cells are laid out ``inner`` to a line; ``not_first``/``not_last`` mask the cells
    that have a neighbour before/after them on their line)."""
    depth_max = 64
    occ_stack = np.zeros(depth_max, dtype=np.uint64)
    used_stack = np.zeros(depth_max, dtype=np.int64)
    idx = np.zeros(depth_max, dtype=np.int64)
    end = np.zeros(depth_max, dtype=np.int64)
    chosen_k = np.zeros(depth_max, dtype=np.int64)
    chosen_m = np.zeros(depth_max, dtype=np.uint64)
    one = uint64(1)
    count = 0
    nodes = 0
    if start == full:
        return 1, 0
    low = ~start & (start + one)
    cell = index[(low * _DEBRUIJN) >> uint64(58)]
    occ_stack[0] = start
    used_stack[0] = 0
    idx[0] = offsets[cell]
    end[0] = offsets[cell + 1]
    depth = 0
    while depth >= 0:
        if idx[depth] >= end[depth]:
            depth -= 1
            continue
        i = idx[depth]
        idx[depth] += 1
        k = pieces[i]
        used = used_stack[depth]
        if (used >> k) & 1:
            idx[depth] = skip[i]  # this piece is placed already: skip its whole group
            continue
        m = masks[i]
        occ = occ_stack[depth]
        if (m & occ) != 0:
            continue
        nodes += 1
        chosen_k[depth] = k
        chosen_m[depth] = m
        nocc = occ | m
        empty = full & ~nocc
        reach = ((empty >> one) & not_last) | ((empty << one) & not_first) | \
            (empty >> inner) | (empty << inner)
        if empty & ~reach:
            continue
        if not _pockets_ok(empty, inner, not_first, not_last):
            continue
        if nocc == full:
            if record and count < out_pieces.shape[0]:
                for d in range(depth + 1):
                    out_pieces[count, d] = chosen_k[d]
                    out_masks[count, d] = chosen_m[d]
            count += 1
            if limit > 0 and count >= limit:
                return count, nodes
            continue
        depth += 1
        occ_stack[depth] = nocc
        used_stack[depth] = used | (1 << k)
        low = ~nocc & (nocc + one)
        cell = index[(low * _DEBRUIJN) >> uint64(58)]
        idx[depth] = offsets[cell]
        end[depth] = offsets[cell + 1]
    return count, nodes


DEBRUIJN_INDEX = _DEBRUIJN_INDEX
