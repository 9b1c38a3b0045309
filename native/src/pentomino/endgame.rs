//! The exact solver for the 2-player placement game (normal play: whoever cannot place a
//! piece on their turn loses — the last placer wins).
//!
//! Negamax over (covered squares, the mover's pieces, the other side's pieces) with a
//! transposition table (2^20 entries, always replaced: exact values only, so a lost entry
//! costs time, never correctness).  Each node carries the placements that still fit (of
//! either side's pieces), so a child only filters its parent's list.  The moves are tried
//! in the legal-move order and the root returns the first that wins, so the move is the
//! one the Python reference (`pentomino/reference_endgame.py`) names.

use std::time::Instant;

use super::tables::{MASKS, NUM_PLACEMENTS, PIECES, PIECE_OF};

/// The result of a search that finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Whether the player to move wins.
    pub wins: bool,
    /// A winning placement (None when the mover loses).
    pub placement: Option<u16>,
    /// Positions searched.
    pub nodes: u64,
}

/// Nodes between two looks at the clock.
const CHECK_EVERY: u64 = 1024;
/// Transposition table entries (16 bytes each).
const TT_BITS: u32 = 20;

struct Search {
    /// Per entry: the covered squares, then (mine | theirs << 12 | 1 << 24 | value << 25).
    table: Vec<u64>,
    shared: bool,
    nodes: u64,
    deadline: Option<Instant>,
    out_of_time: bool,
    /// The candidate lists of the nodes on the current path, one after the other.
    stack: Vec<u16>,
}

#[inline]
fn slot(occ: u64, pieces: u64) -> usize {
    let h = (occ ^ pieces.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (h >> (64 - TT_BITS)) as usize
}

impl Search {
    fn lookup(&self, occ: u64, pieces: u64) -> Option<bool> {
        let i = 2 * slot(occ, pieces);
        let tag = self.table[i + 1];
        (tag != 0 && self.table[i] == occ && tag & ((1 << 25) - 1) == pieces | 1 << 24).then_some(tag >> 25 == 1)
    }

    fn store(&mut self, occ: u64, pieces: u64, wins: bool) {
        let i = 2 * slot(occ, pieces);
        self.table[i] = occ;
        self.table[i + 1] = pieces | 1 << 24 | (wins as u64) << 25;
    }

    /// Does the player to move win?  `stack[lo..hi]` are the placements that fit, of
    /// either side's pieces.
    fn wins(&mut self, occ: u64, mine: u16, theirs: u16, lo: usize, hi: usize) -> bool {
        let key = mine as u64 | (theirs as u64) << PIECES;
        if let Some(known) = self.lookup(occ, key) {
            return known;
        }
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() > deadline {
                    self.out_of_time = true;
                }
            }
        }
        if self.out_of_time {
            return false;
        }
        let mut result = false;
        for idx in lo..hi {
            let i = self.stack[idx];
            if mine >> PIECE_OF[i as usize] & 1 == 1 && self.loses_after(occ, mine, theirs, lo, hi, i) {
                result = true;
                break;
            }
            if self.out_of_time {
                return false;
            }
        }
        self.store(occ, key, result);
        result
    }

    /// Whether the opponent, to move after placement `i`, loses.
    fn loses_after(&mut self, occ: u64, mine: u16, theirs: u16, lo: usize, hi: usize, i: u16) -> bool {
        let m = MASKS[i as usize];
        let left = mine & !(1 << PIECE_OF[i as usize]);
        let (their_pieces, my_pieces) = if self.shared { (left, left) } else { (theirs, left) };
        let both = their_pieces | my_pieces;
        let start = self.stack.len();
        for idx in lo..hi {
            let j = self.stack[idx];
            if MASKS[j as usize] & m == 0 && both >> PIECE_OF[j as usize] & 1 == 1 {
                self.stack.push(j);
            }
        }
        let end = self.stack.len();
        let result = !self.wins(occ | m, their_pieces, my_pieces, start, end);
        self.stack.truncate(start);
        result
    }
}

/// Solve a 2-player placement position for the player to move: covered squares `occ`,
/// the mover's pieces `mine`, the other's `theirs` (both the pool in the standard game,
/// `shared`); `only` restricts the first placement to one piece (touch-move).  None when
/// the `deadline` passes first.
pub fn solve(
    occ: u64,
    mine: u16,
    theirs: u16,
    shared: bool,
    only: Option<u8>,
    deadline: Option<Instant>,
) -> Option<Solved> {
    let mut s = Search {
        table: vec![0u64; 2 << TT_BITS],
        shared,
        nodes: 0,
        deadline,
        out_of_time: false,
        stack: Vec::with_capacity(NUM_PLACEMENTS * 4),
    };
    let pieces = mine | theirs;
    s.stack.extend((0..NUM_PLACEMENTS as u16).filter(|&i| {
        MASKS[i as usize] & occ == 0 && pieces >> PIECE_OF[i as usize] & 1 == 1
    }));
    let hi = s.stack.len();
    for idx in 0..hi {
        let i = s.stack[idx];
        let p = PIECE_OF[i as usize];
        if mine >> p & 1 == 0 || only.is_some_and(|o| o != p) {
            continue;
        }
        let wins = s.loses_after(occ, mine, theirs, 0, hi, i);
        if s.out_of_time {
            return None;
        }
        if wins {
            return Some(Solved { wins: true, placement: Some(i), nodes: s.nodes });
        }
    }
    Some(Solved { wins: false, placement: None, nodes: s.nodes })
}
