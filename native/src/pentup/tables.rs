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

type Cells = [(i8, i8); 5];

const BASE: [Cells; 12] = [
    [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)], // F
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)], // I
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)], // L
    [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)], // N
    [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], // P
    [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)], // T
    [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)], // U
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], // V
    [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)], // W
    [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)], // X
    [(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)], // Y
    [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)], // Z
];

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
}

/// Row stride of the generator's pattern tables: the 12 patterns, then [`PAD`].
pub const STRIDE: usize = 16;
/// The table column that stands for "no row" (all ones for an AND, zero for an OR).
pub const PAD: usize = 12;

/// The distinct row patterns of the 63 orientations (bit dx set: a cell at dx).
pub const PATTERNS: [u8; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 15, 31];
pub const NUM_PATTERNS: usize = PATTERNS.len();

const fn less(a: (i8, i8), b: (i8, i8)) -> bool {
    a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)
}

const fn normalize(mut c: Cells) -> Cells {
    let (mut mx, mut my) = (c[0].0, c[0].1);
    let mut i = 1;
    while i < 5 {
        if c[i].0 < mx {
            mx = c[i].0;
        }
        if c[i].1 < my {
            my = c[i].1;
        }
        i += 1;
    }
    i = 0;
    while i < 5 {
        c[i] = (c[i].0 - mx, c[i].1 - my);
        i += 1;
    }
    // insertion sort by (x, y)
    i = 1;
    while i < 5 {
        let mut j = i;
        while j > 0 && less(c[j], c[j - 1]) {
            let t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    c
}

const fn rotate(c: Cells) -> Cells {
    let mut out = c;
    let mut i = 0;
    while i < 5 {
        out[i] = (-c[i].1, c[i].0);
        i += 1;
    }
    normalize(out)
}

const fn flip(c: Cells) -> Cells {
    let mut out = c;
    let mut i = 0;
    while i < 5 {
        out[i] = (-c[i].0, c[i].1);
        i += 1;
    }
    normalize(out)
}

const fn same(a: Cells, b: Cells) -> bool {
    let mut i = 0;
    while i < 5 {
        if a[i].0 != b[i].0 || a[i].1 != b[i].1 {
            return false;
        }
        i += 1;
    }
    true
}

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
    Orient { piece, index, cells, width, height, rows, columns, needs }
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
    };
    let mut out = [empty; NUM_ORIENTS];
    let mut first = [0u8; 13];
    let mut n = 0;
    let mut p = 0;
    while p < 12 {
        first[p] = n as u8;
        let shape = normalize(BASE[p]);
        let mut seen = [[(0i8, 0i8); 5]; 8];
        let mut k = 0;
        let mut t = 0;
        while t < 8 {
            let mut s = if t < 4 { shape } else { flip(shape) };
            let mut r = 0;
            while r < t % 4 {
                s = rotate(s);
                r += 1;
            }
            let mut dup = false;
            let mut j = 0;
            while j < k {
                if same(seen[j], s) {
                    dup = true;
                }
                j += 1;
            }
            if !dup {
                seen[k] = s;
                out[n] = make_orient(p as u8, k as u8, s);
                k += 1;
                n += 1;
            }
            t += 1;
        }
        p += 1;
    }
    first[12] = n as u8;
    assert!(n == NUM_ORIENTS);
    (out, first)
}

const BUILT: ([Orient; NUM_ORIENTS], [u8; 13]) = build();
/// The 63 orientations, piece by piece.
pub static ORIENTS: [Orient; NUM_ORIENTS] = BUILT.0;
/// `PIECE_FIRST[p]..PIECE_FIRST[p + 1]`: the orientation ids of piece `p`.
pub const PIECE_FIRST: [u8; 13] = BUILT.1;

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
