//! The exact solver for the 2-player placement game (normal play: whoever cannot place a
//! piece on their turn loses — the last placer wins).
//!
//! Negamax over (covered squares, the mover's pieces, the other side's pieces) with a
//! transposition table (2^20 entries, always replaced: exact values only, so a lost entry
//! costs time, never correctness).  Each node carries the bitset of the placements that
//! still fit (of either side's pieces), as the game engine does: a child clears its
//! parent's placements that cover the new piece's squares (`COVER`) and the piece's own.
//! Below the root the moves that leave the opponent fewest replies are tried first (a move
//! that leaves none wins at once); the root tries its moves in the legal-move order and
//! returns the first that wins, so the move is the one the Python reference
//! (`pentomino/reference_endgame.py`) names.  Ordering changes how fast, never what.

use std::time::Instant;

use super::game::pieces_of;
use super::tables::{COVER, MASKS, NUM_PLACEMENTS, PIECES, PIECE_BITS, PIECE_OF, PIECE_WORDS, WORDS};

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
    /// The positions after each move of the nodes on the current path.
    children: Vec<Bits>,
}

#[inline]
fn slot(occ: u64, pieces: u64) -> usize {
    let h = (occ ^ pieces.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (h >> (64 - TT_BITS)) as usize
}

/// The number of placements in `bits` of the pieces in `pieces`.
#[inline]
fn count_of(bits: &Bits, pieces: u16) -> u32 {
    pieces_of(pieces)
        .map(|p| {
            let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
            (a..b).map(|w| (bits[w] & PIECE_BITS[p][w]).count_ones()).sum::<u32>()
        })
        .sum()
}

/// The placements that still fit after placement `i`: those that cover none of its
/// squares, of the pieces other than its own.
#[inline]
fn after(fits: &Bits, i: usize) -> Bits {
    let mut out = *fits;
    let mut m = MASKS[i];
    while m != 0 {
        for (o, c) in out.iter_mut().zip(&COVER[m.trailing_zeros() as usize]) {
            *o &= !c;
        }
        m &= m - 1;
    }
    let p = PIECE_OF[i] as usize;
    let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
    for (o, bits) in out[a..b].iter_mut().zip(&PIECE_BITS[p][a..b]) {
        *o &= !bits;
    }
    out
}

type Bits = [u64; WORDS];

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

    /// Does the player to move win?  `fits`: the placements that fit, of either side's
    /// pieces.
    fn wins(&mut self, occ: u64, mine: u16, theirs: u16, fits: &Bits) -> bool {
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
        // the moves, the ones that leave the opponent fewest replies first (their
        // positions kept on the stack for the search below)
        let base = self.children.len();
        let mut order: Vec<(u32, u16, u32)> = Vec::new();
        for p in pieces_of(mine) {
            let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
            let (their, _) = self.sides(mine, theirs, p);
            for w in a..b {
                let mut word = fits[w] & PIECE_BITS[p][w];
                while word != 0 {
                    let i = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let child = after(fits, i);
                    let replies = count_of(&child, their);
                    if replies == 0 {
                        self.children.truncate(base);
                        self.store(occ, key, true);
                        return true;
                    }
                    order.push((replies, i as u16, self.children.len() as u32));
                    self.children.push(child);
                }
            }
        }
        order.sort_unstable();
        let mut result = false;
        for &(_, i, at) in &order {
            let i = i as usize;
            let (their, my) = self.sides(mine, theirs, PIECE_OF[i] as usize);
            let child = self.children[at as usize];
            if !self.wins(occ | MASKS[i], their, my, &child) {
                result = true;
                break;
            }
            if self.out_of_time {
                self.children.truncate(base);
                return false;
            }
        }
        self.children.truncate(base);
        self.store(occ, key, result);
        result
    }

    /// (the opponent's pieces, mine) after the mover places piece `p`'s placement.
    fn sides(&self, mine: u16, theirs: u16, p: usize) -> (u16, u16) {
        let left = mine & !(1 << p);
        if self.shared {
            (left, left)
        } else {
            (theirs, left)
        }
    }

    /// Whether the opponent, to move after placement `i`, loses.
    fn loses_after(&mut self, occ: u64, mine: u16, theirs: u16, fits: &Bits, i: usize) -> bool {
        let left = mine & !(1 << PIECE_OF[i]);
        let (their_pieces, my_pieces) = if self.shared { (left, left) } else { (theirs, left) };
        let child = after(fits, i);
        !self.wins(occ | MASKS[i], their_pieces, my_pieces, &child)
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
        children: Vec::with_capacity(4096),
    };
    let pieces = mine | theirs;
    let mut fits = [0u64; WORDS];
    for i in 0..NUM_PLACEMENTS {
        if MASKS[i] & occ == 0 && pieces >> PIECE_OF[i] & 1 == 1 {
            fits[i / 64] |= 1 << (i % 64);
        }
    }
    for i in 0..NUM_PLACEMENTS {
        let p = PIECE_OF[i];
        if fits[i / 64] >> (i % 64) & 1 == 0 || mine >> p & 1 == 0 || only.is_some_and(|o| o != p) {
            continue;
        }
        let wins = s.loses_after(occ, mine, theirs, &fits, i);
        if s.out_of_time {
            return None;
        }
        if wins {
            return Some(Solved { wins: true, placement: Some(i as u16), nodes: s.nodes });
        }
    }
    Some(Solved { wins: false, placement: None, nodes: s.nodes })
}
