//! The tables Pentago plays with, computed at compile time.
//!
//! Layout.  One side's marbles are a `u64` with quadrant `q` (TL, TR, BL, BR = 0..3) in
//! bits `16q .. 16q + 9`: local cell `k = row * 3 + col` (top row first) at bit `16q + k`.
//! A quadrant is then a 9-bit pattern one shift and mask away, a quarter turn is one
//! look-up in [`ROTATE`] (the same table for all four quadrants), and the empty cells
//! come out quadrant by quadrant, cell by cell, when the bits are read from the bottom.
//!
//! Line counts.  For each of the 32 lines of five, 3 bits (bits `3i .. 3i + 3` of a
//! `u128`) count one side's marbles on line `i`.  A side's counts are the sum of its four
//! quadrants' entries in [`COUNTS`]; a field of 5 (`0b101`, the only value with bits 0
//! and 2 set, since a line has five cells) is a five, a field with bit 2 set holds four or
//! five.

/// Row-major cells on the 6×6 board: `cell = row * 6 + col`, row 0 is rank 1 (the top).
pub const CELLS: usize = 36;
/// Every cell's bit in the quadrant-packed layout.
pub const FULL: u64 = 0x01FF_01FF_01FF_01FF;
/// The 32 lines of five.
pub const NUM_LINES: usize = 32;

const fn cell_bit(cell: usize) -> u32 {
    let (r, c) = (cell / 6, cell % 6);
    let q = (r / 3) * 2 + c / 3;
    let k = (r % 3) * 3 + c % 3;
    (16 * q + k) as u32
}

/// Per row-major cell: its bit in the quadrant-packed layout.
pub const CELL_BIT: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        t[cell] = cell_bit(cell) as u8;
        cell += 1;
    }
    t
};

/// Per bit of the quadrant-packed layout: its row-major cell (255 for the unused bits).
pub const BIT_CELL: [u8; 64] = {
    let mut t = [255u8; 64];
    let mut cell = 0;
    while cell < CELLS {
        t[cell_bit(cell) as usize] = cell as u8;
        cell += 1;
    }
    t
};

/// Where local cell `k` of a quadrant goes on a quarter turn, as seen on the printed board
/// (clockwise: (r, c) -> (c, 2 - r); counter-clockwise: (r, c) -> (2 - c, r)).
const fn turned(k: usize, clockwise: bool) -> usize {
    let (r, c) = (k / 3, k % 3);
    let (nr, nc) = if clockwise { (c, 2 - r) } else { (2 - c, r) };
    nr * 3 + nc
}

/// `ROTATE[d][pattern]`: a quadrant's 9-bit pattern after a quarter turn (d = 0 clockwise,
/// 1 counter-clockwise).
pub static ROTATE: [[u16; 512]; 2] = {
    let mut t = [[0u16; 512]; 2];
    let mut d = 0;
    while d < 2 {
        let mut pattern = 0;
        while pattern < 512 {
            let mut out = 0u16;
            let mut k = 0;
            while k < 9 {
                if pattern >> k & 1 == 1 {
                    out |= 1 << turned(k, d == 0);
                }
                k += 1;
            }
            t[d][pattern] = out;
            pattern += 1;
        }
        d += 1;
    }
    t
};

/// The 32 lines of five as row-major 36-bit masks, in the order the Python engine lists
/// them: by starting cell (row-major), then direction (→, ↓, ↘, ↙).
pub const LINES_ROW_MAJOR: [u64; NUM_LINES] = {
    let dirs: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut t = [0u64; NUM_LINES];
    let mut n = 0;
    let mut start = 0;
    while start < CELLS {
        let (r, c) = ((start / 6) as i32, (start % 6) as i32);
        let mut d = 0;
        while d < 4 {
            let (dr, dc) = dirs[d];
            let (er, ec) = (r + 4 * dr, c + 4 * dc);
            if er >= 0 && er < 6 && ec >= 0 && ec < 6 {
                let mut mask = 0u64;
                let mut i = 0;
                while i < 5 {
                    mask |= 1 << ((r + i * dr) * 6 + c + i * dc);
                    i += 1;
                }
                t[n] = mask;
                n += 1;
            }
            d += 1;
        }
        start += 1;
    }
    assert!(n == NUM_LINES);
    t
};

/// The 32 lines of five in the quadrant-packed layout (same order).
pub const LINES: [u64; NUM_LINES] = {
    let mut t = [0u64; NUM_LINES];
    let mut i = 0;
    while i < NUM_LINES {
        let mut cell = 0;
        while cell < CELLS {
            if LINES_ROW_MAJOR[i] >> cell & 1 == 1 {
                t[i] |= 1 << cell_bit(cell);
            }
            cell += 1;
        }
        i += 1;
    }
    t
};

/// Bit 0 of every line's count field.
pub const FIELD_LOW: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < NUM_LINES {
        m |= 1 << (3 * i);
        i += 1;
    }
    m
};
/// Bit 2 of every line's count field: set when the line holds four or five.
pub const FIELD_FOUR: u128 = FIELD_LOW << 2;

/// Per bit of the packed layout: bit 0 of the count field of every line through it (what
/// a marble there adds to its side's counts).
pub static LINE_FIELDS: [u128; 64] = {
    let mut t = [0u128; 64];
    let mut b = 0;
    while b < 64 {
        t[b] = line_fields(b);
        b += 1;
    }
    t
};

const fn line_fields(bit: usize) -> u128 {
    let mut f = 0u128;
    let mut i = 0;
    while i < NUM_LINES {
        if LINES[i] >> bit & 1 == 1 {
            f |= 1 << (3 * i);
        }
        i += 1;
    }
    f
}

/// `COUNTS[q][pattern]`: the line counts of a side whose marbles in quadrant `q` are the
/// 9-bit `pattern` (and none elsewhere).
pub static COUNTS: [[u128; 512]; 4] = {
    let mut t = [[0u128; 512]; 4];
    let mut q = 0;
    while q < 4 {
        let mut pattern = 1;
        while pattern < 512 {
            let low = (pattern as u32).trailing_zeros();
            t[q][pattern] = t[q][pattern & (pattern - 1)] + line_fields(16 * q + low as usize);
            pattern += 1;
        }
        q += 1;
    }
    t
};

/// `BASE3[pattern]`: the base-3 quadrant code of a 9-bit pattern of digit 1
/// (`sum(3**k for each set bit k)`); a quadrant's code is `BASE3[white] + 2 * BASE3[black]`.
pub const BASE3: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut pattern = 1;
    while pattern < 512 {
        let low = (pattern as u32).trailing_zeros();
        t[pattern] = t[pattern & (pattern - 1)] + 3u16.pow(low);
        pattern += 1;
    }
    t
};

/// `POP9[pattern]`: the number of set bits of a 9-bit pattern (a table: the baseline
/// x86-64 target has no popcount instruction).
pub static POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut p = 1;
    while p < 512 {
        t[p] = t[p & (p - 1)] + 1;
        p += 1;
    }
    t
};

/// `SELECT9[pattern][n]`: the index of the `n`-th set bit (lowest first) of a 9-bit
/// pattern.
pub static SELECT9: [[u8; 9]; 512] = {
    let mut t = [[0u8; 9]; 512];
    let mut p = 0;
    while p < 512 {
        let mut n = 0;
        let mut k = 0;
        while k < 9 {
            if p >> k & 1 == 1 {
                t[p][n] = k as u8;
                n += 1;
            }
            k += 1;
        }
        p += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_bits_are_a_bijection_onto_full() {
        let mut all = 0u64;
        for (cell, &b) in CELL_BIT.iter().enumerate() {
            assert_eq!(BIT_CELL[b as usize] as usize, cell);
            all |= 1 << b;
        }
        assert_eq!(all, FULL);
    }

    #[test]
    fn rotations_are_quarter_turns() {
        for d in 0..2 {
            for (p, &once) in ROTATE[d].iter().enumerate() {
                let once = once as usize;
                assert_eq!(ROTATE[1 - d][once] as usize, p, "cw then ccw is the identity");
                let mut x = p;
                for _ in 0..4 {
                    x = ROTATE[d][x] as usize;
                }
                assert_eq!(x, p, "four quarter turns are the identity");
                assert_eq!(once.count_ones(), p.count_ones());
            }
        }
        // corners go round clockwise: top-left -> top-right -> bottom-right -> bottom-left
        assert_eq!(ROTATE[0][1 << 0], 1 << 2);
        assert_eq!(ROTATE[0][1 << 2], 1 << 8);
        assert_eq!(ROTATE[0][1 << 8], 1 << 6);
        assert_eq!(ROTATE[1][1 << 0], 1 << 6);
        assert_eq!(ROTATE[0][1 << 4], 1 << 4, "the centre stays");
    }

    #[test]
    fn thirty_two_lines_of_five() {
        assert_eq!(LINES.len(), 32);
        for (rm, packed) in LINES_ROW_MAJOR.iter().zip(LINES) {
            assert_eq!(rm.count_ones(), 5);
            assert_eq!(packed.count_ones(), 5);
            assert_eq!(packed & !FULL, 0);
        }
        // 12 horizontal, 12 vertical, 4 + 4 diagonal
        let horizontal = LINES_ROW_MAJOR.iter().filter(|&&l| l == 0b11111 << (l.trailing_zeros())).count();
        assert_eq!(horizontal, 12);
    }

    #[test]
    fn counts_add_up_per_line() {
        for (q, table) in COUNTS.iter().enumerate() {
            for (p, &n) in table.iter().enumerate() {
                let side = (p as u64) << (16 * q);
                for (i, line) in LINES.iter().enumerate() {
                    assert_eq!((n >> (3 * i) & 7) as u32, (side & line).count_ones());
                }
            }
        }
    }

    #[test]
    fn popcount_and_select() {
        for (p, row) in SELECT9.iter().enumerate() {
            assert_eq!(POP9[p] as u32, (p as u32).count_ones());
            let bits: Vec<u8> = (0..9).filter(|k| p >> k & 1 == 1).collect();
            assert_eq!(&row[..bits.len()], &bits[..]);
        }
    }

    #[test]
    fn base3_codes() {
        assert_eq!(BASE3[0], 0);
        assert_eq!(BASE3[511], (3u16.pow(9) - 1) / 2);
        assert_eq!(BASE3[1 << 8], 6561);
    }
}
