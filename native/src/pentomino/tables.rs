//! Compile-time tables: the 12 pentominoes, their 63 fixed orientations (in the Python
//! package's order, `core/polyomino.py`), and every placement on the 8×8 board with, per
//! square, the set of placements that cover it.
//!
//! Everything here is computed by `const fn`s from the twelve base shapes, so the numbers
//! the rules state (63 orientations, 2,308 placements) are checked by the tests, not typed in.

pub use crate::polyomino::{
    Shape, ALL_PIECES, LETTERS, ORIENTATIONS, ORIENTATION_PIECE, ORIENTATION_START, PIECES,
};

/// Width and height of a shape.
pub const fn extent(s: &Shape) -> (usize, usize) {
    let (mut w, mut h) = (0, 0);
    let mut i = 0;
    while i < 5 {
        if s[i].0 as usize + 1 > w {
            w = s[i].0 as usize + 1;
        }
        if s[i].1 as usize + 1 > h {
            h = s[i].1 as usize + 1;
        }
        i += 1;
    }
    (w, h)
}

// ------------------------------------------------------------------------------------
// The 8×8 board: square (col, row) is bit row * 8 + col, row 0 = rank 1, col 0 = file a.

const SIDE: usize = 8;

const fn count_board_placements() -> usize {
    let mut n = 0;
    let mut o = 0;
    while o < 63 {
        let (w, h) = extent(&ORIENTATIONS[o]);
        n += (SIDE - w + 1) * (SIDE - h + 1);
        o += 1;
    }
    n
}

/// Every placement of every piece on the empty 8×8 board: RULES.md's 2,308 first moves.
pub const NUM_PLACEMENTS: usize = count_board_placements();
/// 64-bit words of a bitset over the placements.
pub const WORDS: usize = NUM_PLACEMENTS.div_ceil(64);

/// The placements in the Python package's order (`board.placements`): piece by piece,
/// orientation by orientation, then row by row and column by column of the shape's
/// bottom-left corner.  Returns the masks, each one's piece, and where each piece starts.
const fn board_placements() -> ([u64; NUM_PLACEMENTS], [u8; NUM_PLACEMENTS], [u16; PIECES + 1]) {
    let mut masks = [0u64; NUM_PLACEMENTS];
    let mut piece = [0u8; NUM_PLACEMENTS];
    let mut start = [0u16; PIECES + 1];
    let mut n = 0;
    let mut o = 0;
    while o < 63 {
        let p = ORIENTATION_PIECE[o] as usize;
        if o == ORIENTATION_START[p] as usize {
            start[p] = n as u16;
        }
        let s = &ORIENTATIONS[o];
        let (w, h) = extent(s);
        let mut row = 0;
        while row + h <= SIDE {
            let mut col = 0;
            while col + w <= SIDE {
                let mut mask = 0u64;
                let mut i = 0;
                while i < 5 {
                    mask |= 1 << ((row + s[i].1 as usize) * SIDE + col + s[i].0 as usize);
                    i += 1;
                }
                masks[n] = mask;
                piece[n] = p as u8;
                n += 1;
                col += 1;
            }
            row += 1;
        }
        o += 1;
    }
    start[PIECES] = n as u16;
    (masks, piece, start)
}

const BOARD_TABLES: ([u64; NUM_PLACEMENTS], [u8; NUM_PLACEMENTS], [u16; PIECES + 1]) =
    board_placements();
/// The square mask of each placement.
pub static MASKS: [u64; NUM_PLACEMENTS] = BOARD_TABLES.0;
/// The piece of each placement.
pub static PIECE_OF: [u8; NUM_PLACEMENTS] = BOARD_TABLES.1;
/// Piece p's placements are `PIECE_START[p]..PIECE_START[p + 1]`.
pub const PIECE_START: [u16; PIECES + 1] = BOARD_TABLES.2;

/// Per square, the bitset of the placements that cover it.
const fn cover() -> [[u64; WORDS]; 64] {
    let mut out = [[0u64; WORDS]; 64];
    let mut i = 0;
    while i < NUM_PLACEMENTS {
        let mut m = BOARD_TABLES.0[i];
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            out[sq][i / 64] |= 1 << (i % 64);
            m &= m - 1;
        }
        i += 1;
    }
    out
}

/// `COVER[sq]`: the placements that cover square `sq`, as a bitset.
pub static COVER: [[u64; WORDS]; 64] = cover();

/// Per placement, the bitset of the placements that overlap it (share a square with it,
/// itself included): the union of `COVER` over its five squares.
const fn overlap() -> [[u64; WORDS]; NUM_PLACEMENTS] {
    let cover = cover();
    let mut out = [[0u64; WORDS]; NUM_PLACEMENTS];
    let mut i = 0;
    while i < NUM_PLACEMENTS {
        let mut m = BOARD_TABLES.0[i];
        while m != 0 {
            let sq = m.trailing_zeros() as usize;
            let mut w = 0;
            while w < WORDS {
                out[i][w] |= cover[sq][w];
                w += 1;
            }
            m &= m - 1;
        }
        i += 1;
    }
    out
}

/// `OVERLAP[i]`: the placements that share a square with placement `i` (itself included).
pub static OVERLAP: [[u64; WORDS]; NUM_PLACEMENTS] = overlap();

/// Per piece, its placements' bitset words: `(first word, last word + 1)` and the word masks.
const fn piece_words() -> ([(u8, u8); PIECES], [[u64; WORDS]; PIECES]) {
    let mut range = [(0u8, 0u8); PIECES];
    let mut masks = [[0u64; WORDS]; PIECES];
    let mut p = 0;
    while p < PIECES {
        let (a, b) = (PIECE_START[p] as usize, PIECE_START[p + 1] as usize);
        range[p] = ((a / 64) as u8, ((b - 1) / 64 + 1) as u8);
        let mut i = a;
        while i < b {
            masks[p][i / 64] |= 1 << (i % 64);
            i += 1;
        }
        p += 1;
    }
    (range, masks)
}

const PIECE_WORD_TABLES: ([(u8, u8); PIECES], [[u64; WORDS]; PIECES]) = piece_words();
/// The bitset words that hold piece p's placements: `PIECE_WORDS[p].0..PIECE_WORDS[p].1`.
pub const PIECE_WORDS: [(u8, u8); PIECES] = PIECE_WORD_TABLES.0;
/// Piece p's placements as a bitset.
pub static PIECE_BITS: [[u64; WORDS]; PIECES] = PIECE_WORD_TABLES.1;

/// Every placement, as a bitset (all of them fit on the empty board).
pub const fn all_fit() -> [u64; WORDS] {
    let mut out = [u64::MAX; WORDS];
    if NUM_PLACEMENTS % 64 != 0 {
        out[WORDS - 1] = (1 << (NUM_PLACEMENTS % 64)) - 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::polyomino::normalize;

    #[test]
    fn sixty_three_orientations_by_piece() {
        let counts: Vec<usize> = (0..PIECES)
            .map(|p| (ORIENTATION_START[p + 1] - ORIENTATION_START[p]) as usize)
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
        for s in ORIENTATIONS {
            assert_eq!(normalize(s), s);
        }
    }

    #[test]
    fn placements_cover_five_squares_and_are_distinct() {
        assert_eq!(NUM_PLACEMENTS, 2308);
        let mut seen = std::collections::HashSet::new();
        for (i, &m) in MASKS.iter().enumerate() {
            assert_eq!(m.count_ones(), 5);
            assert!(seen.insert(m), "placement {i} repeats");
            let p = PIECE_OF[i] as usize;
            assert!((PIECE_START[p] as usize..PIECE_START[p + 1] as usize).contains(&i));
        }
        for (sq, cover) in COVER.iter().enumerate() {
            let n: u32 = cover.iter().map(|w| w.count_ones()).sum();
            let direct = MASKS.iter().filter(|&&m| m >> sq & 1 == 1).count() as u32;
            assert_eq!(n, direct);
        }
        let total: u32 = all_fit().iter().map(|w| w.count_ones()).sum();
        assert_eq!(total as usize, NUM_PLACEMENTS);
        for p in 0..PIECES {
            let bits: u32 = PIECE_BITS[p].iter().map(|w| w.count_ones()).sum();
            assert_eq!(bits, (PIECE_START[p + 1] - PIECE_START[p]) as u32);
            let (a, b) = PIECE_WORDS[p];
            for (w, word) in PIECE_BITS[p].iter().enumerate() {
                assert_eq!(*word != 0, (a as usize..b as usize).contains(&w));
            }
        }
    }
}
