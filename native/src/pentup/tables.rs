//! The 12 pentominoes and their 63 fixed orientations, computed at compile time exactly as
//! `pentarena.core.polyomino` computes them (same order, same cells), so an orientation
//! index means the same thing on both sides: the Python package checks it
//! (`PentupCore._orientations()` against `ORIENTATIONS`).
//!
//! A shape is normalized (smallest x and y are 0) and its cells sorted by (x, y); the
//! orientations of a piece are its images under the square's symmetries in the order
//! rotations by 0°, 90°, 180°, 270° (`(x, y) -> (-y, x)`), then the mirror image
//! (`(x, y) -> (-x, y)`) and its rotations, repeats dropped.  Orientations are numbered
//! piece by piece in the order F I L N P T U V W X Y Z, so ascending orientation ids are
//! the order of the legal moves (piece, then orientation).

/// The piece letters, in piece-index order.
pub const PIECE_NAMES: [u8; 12] = *b"FILNPTUVWXYZ";
/// Number of fixed orientations of the 12 pieces.
pub const NUM_ORIENTS: usize = 63;

use crate::polyomino::{Shape as Cells, ORIENTATIONS, ORIENTATION_PIECE, ORIENTATION_START};

/// One fixed orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orient {
    /// Piece index (into [`PIECE_NAMES`]).
    pub piece: u8,
    /// Index among the piece's orientations (the `orient` of a Python `PentUpMove`).
    pub index: u8,
    /// The five cells, normalized and sorted by (x, y): the order of the move text.
    pub cells: [(u8, u8); 5],
    pub width: u8,
    pub height: u8,
    /// Per row `dy < height`: the index in [`PATTERNS`] of the row's cells (bit dx set).
    pub rows: [u8; 5],
    /// Per row `dy < 5`: the row's pattern index, or [`PAD`] past the shape: the columns
    /// the generator reads in its per-row pattern tables.
    pub columns: [u8; 5],
    /// The patterns the shape's rows use (bit = pattern index).
    pub needs: u16,
    /// The cells next to the shape (sharing an edge) and not in it, per row `dy + 1` of
    /// `-1..=height` (bit `dx + 1`: a cell at `dx`): what a tile's exposure looks at.
    pub halo: [u8; 7],
}

/// Row stride of the generator's pattern tables: the 12 patterns, then [`PAD`].
pub const STRIDE: usize = 16;
/// The table column that stands for "no row" (all ones for an AND, zero for an OR).
pub const PAD: usize = 12;

/// The distinct row patterns of the 63 orientations (bit dx set: a cell at dx).
pub const PATTERNS: [u8; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 15, 31];
pub const NUM_PATTERNS: usize = PATTERNS.len();

const fn pattern_index(mask: u8) -> u8 {
    let mut i = 0;
    while i < NUM_PATTERNS {
        if PATTERNS[i] == mask {
            return i as u8;
        }
        i += 1;
    }
    panic!("a row pattern missing from PATTERNS")
}

const fn make_orient(piece: u8, index: u8, c: Cells) -> Orient {
    let mut cells = [(0u8, 0u8); 5];
    let (mut width, mut height) = (0u8, 0u8);
    let mut masks = [0u8; 5];
    let mut i = 0;
    while i < 5 {
        let (x, y) = (c[i].0 as u8, c[i].1 as u8);
        cells[i] = (x, y);
        if x + 1 > width {
            width = x + 1;
        }
        if y + 1 > height {
            height = y + 1;
        }
        masks[y as usize] |= 1 << x;
        i += 1;
    }
    let mut rows = [0u8; 5];
    let mut columns = [0u8; 5];
    let mut needs = 0u16;
    let mut dy = 0;
    while dy < 5 {
        if dy < height as usize {
            rows[dy] = pattern_index(masks[dy]);
            columns[dy] = rows[dy];
            needs |= 1 << rows[dy];
        } else {
            columns[dy] = PAD as u8;
        }
        dy += 1;
    }
    // the halo, in rows and columns shifted by one: the shape's rows moved one cell each
    // way, less the shape
    let mut halo = [0u8; 7];
    let mut dy = 0;
    while dy < height as usize {
        let m = masks[dy] << 1;
        halo[dy] |= m;
        halo[dy + 2] |= m;
        halo[dy + 1] |= (m << 1) | (m >> 1);
        dy += 1;
    }
    let mut dy = 0;
    while dy < height as usize {
        halo[dy + 1] &= !(masks[dy] << 1);
        dy += 1;
    }
    Orient { piece, index, cells, width, height, rows, columns, needs, halo }
}

const fn build() -> ([Orient; NUM_ORIENTS], [u8; 13]) {
    let empty = Orient {
        piece: 0,
        index: 0,
        cells: [(0, 0); 5],
        width: 0,
        height: 0,
        rows: [0; 5],
        columns: [0; 5],
        needs: 0,
        halo: [0; 7],
    };
    let mut out = [empty; NUM_ORIENTS];
    let mut first = [0u8; 13];
    let mut n = 0;
    while n < NUM_ORIENTS {
        let piece = ORIENTATION_PIECE[n];
        let index = n as u8 - ORIENTATION_START[piece as usize];
        out[n] = make_orient(piece, index, ORIENTATIONS[n]);
        n += 1;
    }
    let mut p = 0;
    while p < 13 {
        first[p] = ORIENTATION_START[p];
        p += 1;
    }
    (out, first)
}

const BUILT: ([Orient; NUM_ORIENTS], [u8; 13]) = build();
/// The 63 orientations, piece by piece.
pub static ORIENTS: [Orient; NUM_ORIENTS] = BUILT.0;
/// `PIECE_FIRST[p]..PIECE_FIRST[p + 1]`: the orientation ids of piece `p`.
pub const PIECE_FIRST: [u8; 13] = BUILT.1;

const fn orient_masks() -> ([u64; 12], [u64; NUM_PATTERNS]) {
    let mut pieces = [0u64; 12];
    let mut needing = [0u64; NUM_PATTERNS];
    let mut o = 0;
    while o < NUM_ORIENTS {
        let shape = &ORIENTS_BUILT[o];
        pieces[shape.piece as usize] |= 1 << o;
        let mut p = 0;
        while p < NUM_PATTERNS {
            if shape.needs >> p & 1 == 1 {
                needing[p] |= 1 << o;
            }
            p += 1;
        }
        o += 1;
    }
    (pieces, needing)
}

const ORIENTS_BUILT: [Orient; NUM_ORIENTS] = BUILT.0;
const MASKS: ([u64; 12], [u64; NUM_PATTERNS]) = orient_masks();
/// Per piece: its orientation ids (bit o).
pub const PIECE_ORIENTS: [u64; 12] = MASKS.0;
/// Per pattern of [`PATTERNS`]: the orientations with a row of it (bit o).
pub const NEEDING: [u64; NUM_PATTERNS] = MASKS.1;

/// The orientation id of a piece's `index`-th orientation, if it has one.
pub fn orient_id(piece: usize, index: usize) -> Option<u8> {
    let id = PIECE_FIRST[piece] as usize + index;
    (piece < 12 && id < PIECE_FIRST[piece + 1] as usize).then_some(id as u8)
}

/// The piece index of a letter (upper case).
pub fn piece_index(letter: u8) -> Option<usize> {
    PIECE_NAMES.iter().position(|&c| c == letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_three_orientations_per_rules() {
        let counts: Vec<u8> = (0..12).map(|p| PIECE_FIRST[p + 1] - PIECE_FIRST[p]).collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    }

    #[test]
    fn orientations_are_distinct_and_normalized() {
        for (i, a) in ORIENTS.iter().enumerate() {
            assert!(a.cells.iter().any(|c| c.0 == 0) && a.cells.iter().any(|c| c.1 == 0));
            assert!(a.cells.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
            for b in &ORIENTS[..i] {
                assert_ne!(a.cells, b.cells);
            }
            for dy in 0..a.height as usize {
                let mask: u8 = a.cells.iter().filter(|c| c.1 as usize == dy).map(|c| 1 << c.0).sum();
                assert_eq!(PATTERNS[a.rows[dy] as usize], mask);
            }
        }
        // as in polyomino.py: index 0 is the base shape; I's second is horizontal
        assert_eq!(ORIENTS[8].cells, [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(ORIENTS[9].cells, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
        assert_eq!(ORIENTS[0].cells, [(0, 1), (1, 0), (1, 1), (1, 2), (2, 0)]);
    }
}
