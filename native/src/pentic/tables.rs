//! Pentic's compile-time tables: the commonness of every pair of cards, the grid's
//! neighbours, the scoring tables of RULES.md §4.

use super::{Card, NUM_CARDS, POSITIONS};

/// Card `(number - 1) * 25 + shape * 5 + colour`: the properties two cards share
/// (0 Nic, 1 Single, 2 Tic; 3 only for a card with itself).
pub const fn commonness(a: Card, b: Card) -> u8 {
    let (a, b) = (a as usize, b as usize);
    (a / 25 == b / 25) as u8 + (a / 5 % 5 == b / 5 % 5) as u8 + (a % 5 == b % 5) as u8
}

/// `COMMON[a][b]` = [`commonness`]`(a, b)`.
pub static COMMON: [[u8; NUM_CARDS]; NUM_CARDS] = {
    let mut t = [[0u8; NUM_CARDS]; NUM_CARDS];
    let mut a = 0;
    while a < NUM_CARDS {
        let mut b = 0;
        while b < NUM_CARDS {
            t[a][b] = commonness(a as Card, b as Card);
            b += 1;
        }
        a += 1;
    }
    t
};

/// Per grid index (position - 1, reading order), its orthogonal neighbours as a 9-bit mask.
pub const NEIGHBOURS: [u16; POSITIONS] = {
    let mut t = [0u16; POSITIONS];
    let mut p = 0;
    while p < POSITIONS {
        let (r, c) = (p / 3, p % 3);
        if r > 0 {
            t[p] |= 1 << (p - 3);
        }
        if r < 2 {
            t[p] |= 1 << (p + 3);
        }
        if c > 0 {
            t[p] |= 1 << (p - 1);
        }
        if c < 2 {
            t[p] |= 1 << (p + 1);
        }
        p += 1;
    }
    t
};

/// Per grid index, its neighbours' indices as a list (the first `DEGREE[p]` entries) in the
/// order of the Python engine's `NEIGHBOURS` (up, down, left, right).
pub const NEIGHBOUR_LIST: [[u8; 4]; POSITIONS] = {
    let mut t = [[0u8; 4]; POSITIONS];
    let mut p = 0;
    while p < POSITIONS {
        let (r, c) = (p / 3, p % 3);
        let mut k = 0;
        if r > 0 {
            t[p][k] = (p - 3) as u8;
            k += 1;
        }
        if r < 2 {
            t[p][k] = (p + 3) as u8;
            k += 1;
        }
        if c > 0 {
            t[p][k] = (p - 1) as u8;
            k += 1;
        }
        if c < 2 {
            t[p][k] = (p + 1) as u8;
        }
        p += 1;
    }
    t
};

/// Neighbours per grid index: corners 2, sides 3, the centre 4.
pub const DEGREE: [u8; POSITIONS] = {
    let mut t = [0u8; POSITIONS];
    let mut p = 0;
    while p < POSITIONS {
        t[p] = NEIGHBOURS[p].count_ones() as u8;
        p += 1;
    }
    t
};

/// Set bits of a 9-bit mask (the baseline x86-64 target has no `popcnt`).
pub const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// Points for s Singles and for t Tics around a play.
pub const SINGLE_POINTS: [u8; 5] = [0, 1, 2, 5, 8];
pub const TIC_POINTS: [u8; 5] = [0, 2, 8, 15, 25];
/// `EDGE[s][t]` = `SINGLE_POINTS[s] + TIC_POINTS[t]`.
pub const EDGE: [[u8; 5]; 5] = {
    let mut t = [[0u8; 5]; 5];
    let mut s = 0;
    while s < 5 {
        let mut k = 0;
        while k < 5 {
            t[s][k] = SINGLE_POINTS[s] + TIC_POINTS[k];
            k += 1;
        }
        s += 1;
    }
    t
};

/// `POINTS[index][s][t][under]`: the points of a play on grid index `index` with s Singles
/// and t Tics around and the commonness `under` with the covered card, before the Extreme
/// bonus: the edge score (25 for four Nics around the centre) times the multiplier (×2 on a
/// Tic; ×3 for the All-Nic play).
pub const POINTS: [[[[u8; 3]; 5]; 5]; POSITIONS] = {
    let mut t = [[[[0u8; 3]; 5]; 5]; POSITIONS];
    let mut p = 0;
    while p < POSITIONS {
        let mut s = 0;
        while s < 5 {
            let mut k = 0;
            while k < 5 {
                let mut under = 0;
                while under < 3 {
                    t[p][s][k][under] = if p == 4 && s + k == 0 {
                        25 * [3, 1, 2][under]
                    } else {
                        EDGE[s][k] * if under == 2 { 2 } else { 1 }
                    };
                    under += 1;
                }
                k += 1;
            }
            s += 1;
        }
        p += 1;
    }
    t
};

/// `SPREAD7[m]`: the 9-bit mask `m` with bit i moved to bit 7·i — nine 7-bit lanes, one per
/// grid index, so that per-position counts add up lane by lane without carries.
pub const SPREAD7: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < POSITIONS {
            if m >> i & 1 == 1 {
                t[m] |= 1 << (7 * i);
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// The lanes (bit 7·i set) of the grid indices that have a neighbour above, below, to the
/// left and to the right.
pub const HAS_ABOVE: u64 = lanes(0b111_111_000);
pub const HAS_BELOW: u64 = lanes(0b000_111_111);
pub const HAS_LEFT: u64 = lanes(0b110_110_110);
pub const HAS_RIGHT: u64 = lanes(0b011_011_011);

const fn lanes(mask: usize) -> u64 {
    SPREAD7[mask]
}

/// `LANE_POINTS[index][s + 5·t + 25·under]` = `POINTS[index][s][t][under]` (the lane code
/// that [`SPREAD7`] arithmetic yields).
pub const LANE_POINTS: [[u8; 128]; POSITIONS] = {
    let mut t = [[0u8; 128]; POSITIONS];
    let mut p = 0;
    while p < POSITIONS {
        let mut s = 0;
        while s < 5 {
            let mut k = 0;
            while k < 5 {
                let mut under = 0;
                while under < 3 {
                    t[p][s + 5 * k + 25 * under] = POINTS[p][s][k][under];
                    under += 1;
                }
                k += 1;
            }
            s += 1;
        }
        p += 1;
    }
    t
};

/// The Extreme bonus of each card: `1-circle-violet` 5, `5-star-red` 10, others 0.
pub const BONUS: [u8; NUM_CARDS] = {
    let mut t = [0u8; NUM_CARDS];
    t[0] = 5;
    t[NUM_CARDS - 1] = 10;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commonness_by_brute_force() {
        for (a, row) in COMMON.iter().enumerate() {
            for (b, &common) in row.iter().enumerate() {
                let (na, sa, ca) = (a / 25, a / 5 % 5, a % 5);
                let (nb, sb, cb) = (b / 25, b / 5 % 5, b % 5);
                let k = (na == nb) as u8 + (sa == sb) as u8 + (ca == cb) as u8;
                assert_eq!(common, k);
                assert_eq!(k == 3, a == b);
            }
        }
    }

    #[test]
    fn lanes_count_the_neighbours() {
        for m in 0..512usize {
            let sp = SPREAD7[m];
            let counts = ((sp << 21) & HAS_ABOVE) + ((sp >> 21) & HAS_BELOW) + ((sp << 7) & HAS_LEFT)
                + ((sp >> 7) & HAS_RIGHT);
            for p in 0..POSITIONS {
                assert_eq!((counts >> (7 * p) & 127) as u8, POP9[m & NEIGHBOURS[p] as usize]);
            }
        }
    }

    #[test]
    fn neighbours_of_corners_sides_and_centre() {
        assert_eq!(DEGREE, [2, 3, 2, 3, 4, 3, 2, 3, 2]);
        // position 5 (index 4) touches 2, 4, 6, 8 (indices 1, 3, 5, 7); position 1 touches 2, 4
        assert_eq!(NEIGHBOURS[4], 0b0_1010_1010);
        assert_eq!(NEIGHBOURS[0], 0b0_0000_1010);
        for p in 0..POSITIONS {
            let listed = NEIGHBOUR_LIST[p][..DEGREE[p] as usize].iter().fold(0u16, |m, &q| m | 1 << q);
            assert_eq!(listed, NEIGHBOURS[p]);
            for q in 0..POSITIONS {
                let (dr, dc) = ((p / 3) as i32 - (q / 3) as i32, (p % 3) as i32 - (q % 3) as i32);
                assert_eq!(NEIGHBOURS[p] >> q & 1 == 1, dr.abs() + dc.abs() == 1);
            }
        }
    }
}
