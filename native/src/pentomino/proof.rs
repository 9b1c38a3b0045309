//! The proof search for Golomb's game from the empty board (Orman 1996: the first player
//! wins) and the solver behind the `perfect` level.
//!
//! A boolean negamax (normal play: whoever cannot place a piece on their turn loses): the
//! nodes carry the bitset of the placements that still fit (of either side's pieces: a
//! child clears its parent's placements that share a square with the new piece,
//! `OVERLAP`, and the piece's own); the last move that won at the same depth goes first
//! (a killer), then the moves that leave the opponent fewest replies (counted without
//! building the children), and a move that leaves none wins at once; with what a proof
//! of the whole game needs:
//!
//! * the game state is only (covered squares, pieces left to each side): who placed what
//!   does not matter, so move orders that reach the same squares transpose, and so do the
//!   board's 8 symmetries (pieces are free: a reflected position has the same pieces).  The
//!   transposition table is keyed by the least of the 8 images of the covered squares;
//! * the table is kept from one search to the next (a [`Prover`] solves position after
//!   position: the replies to a first move share most of their subtrees), holds the
//!   positions up to five pieces in (deeper ones are searched again sooner than looked
//!   up), and two entries a bucket, the one that cost more work kept when a third comes;
//! * the root's moves go in the same order (fewest replies first), and a lost root names
//!   the move whose refutation took the most nodes (the `perfect` level's choice when it
//!   cannot win: the line hardest for the opponent to find).

use std::time::Instant;

use super::game::pieces_of;
use super::tables::{MASKS, NUM_PLACEMENTS, OVERLAP, PIECES, PIECE_BITS, PIECE_OF, PIECE_WORDS, WORDS};

type Bits = [u64; WORDS];

/// More than the number of placements (a move's sort key: see [`Prover::order`]).
const PLACEMENT_RANGE: u32 = 4096;
const _: () = assert!(NUM_PLACEMENTS < PLACEMENT_RANGE as usize);

/// Positions with at most this many squares covered (5 pieces) go into the table; deeper
/// ones are cheaper to search again than to look up (docs/native.md, "Pentomino on the
/// core").
const TABLED_UP_TO: u32 = 25;

/// Nodes between two looks at the clock (and at the caller's `stop`).
const CHECK_EVERY: u64 = 4096;

/// The caller's `stop` (see [`Prover::solve`]).
type Stop<'a> = &'a mut dyn FnMut() -> bool;

/// The board reflected top to bottom (rank 1 ↔ rank 8).
#[inline]
pub fn flip_ranks(b: u64) -> u64 {
    b.swap_bytes()
}

/// The board reflected left to right (file a ↔ file h).
#[inline]
pub fn flip_files(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    let b = (b >> 1 & K1) | (b & K1) << 1;
    let b = (b >> 2 & K2) | (b & K2) << 2;
    (b >> 4 & K4) | (b & K4) << 4
}

/// The board reflected in the a1–h8 diagonal (file ↔ rank).
#[inline]
pub fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (b ^ b << 28);
    b ^= t ^ t >> 28;
    let t = K2 & (b ^ b << 14);
    b ^= t ^ t >> 14;
    let t = K1 & (b ^ b << 7);
    b ^= t ^ t >> 7;
    b
}

/// The 8 images of a board under the square's symmetries (the identity first).
#[inline]
pub fn symmetries(b: u64) -> [u64; 8] {
    let r = flip_ranks(b);
    let f = flip_files(b);
    let rf = flip_files(r);
    [b, r, f, rf, transpose(b), transpose(r), transpose(f), transpose(rf)]
}

/// The least of a board's 8 images: equal for boards that are symmetric to each other.
#[inline]
pub fn canonical(b: u64) -> u64 {
    let r = flip_ranks(b);
    let f = flip_files(b);
    let rf = flip_files(r);
    let m = b.min(r).min(f).min(rf);
    m.min(transpose(b)).min(transpose(r)).min(transpose(f)).min(transpose(rf))
}

/// What a finished search found for the position it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proved {
    /// Whether the player to move wins.
    pub wins: bool,
    /// A winning placement; when the mover loses, the move whose refutation took the most
    /// nodes (None when the mover has no move at all).
    pub placement: Option<u16>,
    /// Positions searched (table hits not counted).
    pub nodes: u64,
}

/// The searcher with its transposition table (kept between searches).
pub struct Prover {
    /// Buckets of two entries, an entry two words: the canonical covered squares, then
    /// `pieces (24 bits) | 1 << 24 (used) | value << 25 | work << 26` (work: log2 of the
    /// nodes below the entry).
    table: Vec<u64>,
    buckets: usize,
    shared: bool,
    /// Positions searched since the prover was made.
    pub nodes: u64,
    deadline: Option<Instant>,
    /// The deadline passed, or the caller's `stop` said so: the search unwinds.
    out_of_time: bool,
    /// The moves of the nodes being searched, a node's after its parent's: the
    /// opponent's replies after the move, times [`PLACEMENT_RANGE`], plus the placement
    /// (so that they sort by replies, then placement).
    order: Vec<u32>,
    /// Per depth (pieces on the board), the last move that won there.
    killers: [u16; 13],
}


#[inline]
fn slot(canon: u64, key: u64, buckets: usize) -> usize {
    let h = (canon ^ key.wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let h = h ^ h >> 31;
    (h as usize) & (buckets - 1)
}

/// The placements that still fit after placement `i`: those that share no square with it
/// (`OVERLAP`), of the pieces other than its own.
#[inline]
fn after(fits: &Bits, i: usize) -> Bits {
    let mut out = *fits;
    for (o, c) in out.iter_mut().zip(&OVERLAP[i]) {
        *o &= !c;
    }
    let p = PIECE_OF[i] as usize;
    let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
    for (o, bits) in out[a..b].iter_mut().zip(&PIECE_BITS[p][a..b]) {
        *o &= !bits;
    }
    out
}

/// The indices of `bits`' nonzero words, into `out`; their number.
#[inline]
fn nonzero(bits: &Bits, out: &mut [u8; WORDS]) -> usize {
    let mut n = 0;
    for (w, &b) in bits.iter().enumerate() {
        out[n] = w as u8;
        n += (b != 0) as usize;
    }
    n
}

/// The number of placements in `bits` of the pieces in `pieces` (`all`: every piece in
/// `bits` counts).
#[inline]
fn count_of(bits: &Bits, pieces: u16, all: bool) -> u32 {
    if all {
        return bits.iter().map(|w| w.count_ones()).sum();
    }
    pieces_of(pieces)
        .map(|p| {
            let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
            (a..b).map(|w| (bits[w] & PIECE_BITS[p][w]).count_ones()).sum::<u32>()
        })
        .sum()
}

/// The placements of `pieces` that fit on a board with `occ` covered.
pub fn fits_of(occ: u64, pieces: u16) -> Bits {
    let mut fits = [0u64; WORDS];
    for i in 0..NUM_PLACEMENTS {
        if MASKS[i] & occ == 0 && pieces >> PIECE_OF[i] & 1 == 1 {
            fits[i / 64] |= 1 << (i % 64);
        }
    }
    fits
}

impl Prover {
    /// A prover with a table of `2^bits` entries (16 bytes each); `shared`: both sides
    /// place from one pool (the standard game), else each from their own set (the draft).
    pub fn new(bits: u32, shared: bool) -> Prover {
        let buckets = 1usize << bits.clamp(2, 34) >> 1;
        Prover {
            table: vec![0u64; 4 * buckets],
            buckets,
            shared,
            nodes: 0,
            deadline: None,
            out_of_time: false,
            order: Vec::with_capacity(1 << 12),
            killers: [u16::MAX; 13],
        }
    }

    /// [`Prover::new`], or None when the table cannot be allocated (instead of aborting
    /// the process, as a failed allocation does): the memory is asked for once, given
    /// back, then taken zeroed (pages the table never touches cost nothing).
    pub fn try_new(bits: u32, shared: bool) -> Option<Prover> {
        let len = 4 * (1usize << bits.clamp(2, 34) >> 1);
        let mut probe: Vec<u64> = Vec::new();
        probe.try_reserve_exact(len).ok()?;
        drop(probe);
        Some(Prover::new(bits, shared))
    }

    /// Bytes the table takes.
    pub fn table_bytes(&self) -> usize {
        self.table.len() * 8
    }

    /// Entries in use (a scan of the table).
    pub fn table_used(&self) -> usize {
        self.table.chunks_exact(2).filter(|e| e[1] != 0).count()
    }

    fn lookup(&self, canon: u64, key: u64) -> Option<bool> {
        let b = 4 * slot(canon, key, self.buckets);
        for e in [b, b + 2] {
            let tag = self.table[e + 1];
            if self.table[e] == canon && tag & ((1 << 25) - 1) == key | 1 << 24 {
                return Some(tag >> 25 & 1 == 1);
            }
        }
        None
    }

    fn store(&mut self, canon: u64, key: u64, wins: bool, work: u64) {
        let b = 4 * slot(canon, key, self.buckets);
        let work = (64 - work.leading_zeros() as u64).min(63);
        let tag = key | 1 << 24 | (wins as u64) << 25 | work << 26;
        let same = |e: usize, t: &[u64]| t[e] == canon && t[e + 1] & ((1 << 25) - 1) == key | 1 << 24;
        let e = if same(b, &self.table) || self.table[b + 1] == 0 {
            b
        } else if same(b + 2, &self.table) || self.table[b + 3] == 0 {
            b + 2
        } else if self.table[b + 1] >> 26 <= self.table[b + 3] >> 26 {
            // the cheaper entry goes; the dearer one moves to the second place
            b
        } else {
            b + 2
        };
        self.table[e] = canon;
        self.table[e + 1] = tag;
    }

    /// (the opponent's pieces, mine) after the mover places piece `p`.
    #[inline]
    fn sides(&self, mine: u16, theirs: u16, p: usize) -> (u16, u16) {
        let left = mine & !(1 << p);
        if self.shared {
            (left, left)
        } else {
            (theirs, left)
        }
    }

    /// Does the player to move win?  `fits`: the placements that fit, of either side's
    /// pieces.
    fn wins(&mut self, occ: u64, mine: u16, theirs: u16, fits: &Bits, stop: Stop) -> bool {
        let tabled = occ.count_ones() <= TABLED_UP_TO;
        let canon = if tabled { canonical(occ) } else { 0 };
        let key = mine as u64 | (theirs as u64) << PIECES;
        if tabled {
            if let Some(known) = self.lookup(canon, key) {
                return known;
            }
        }
        let start = self.nodes;
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 && (self.deadline.is_some_and(|d| Instant::now() > d) || stop()) {
            self.out_of_time = true;
        }
        if self.out_of_time {
            return false;
        }
        let base = self.order.len();
        // per piece of the mover, the opponent's placements that fit (`opp`: in the
        // draft, their own pieces'; in the standard game, every piece's but the one
        // placed) and the words where there are any, so that a move's replies are those
        // it does not overlap
        let mut opp = [0u64; WORDS];
        let mut words = [0u8; WORDS];
        let mut n = 0;
        if !self.shared {
            for q in pieces_of(theirs) {
                for w in PIECE_WORDS[q].0 as usize..PIECE_WORDS[q].1 as usize {
                    opp[w] |= fits[w] & PIECE_BITS[q][w];
                }
            }
            n = nonzero(&opp, &mut words);
        }
        for p in pieces_of(mine) {
            let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
            if self.shared {
                for (w, o) in opp.iter_mut().enumerate() {
                    *o = fits[w] & !PIECE_BITS[p][w];
                }
                n = nonzero(&opp, &mut words);
            }
            for w in a..b {
                let mut word = fits[w] & PIECE_BITS[p][w];
                while word != 0 {
                    let i = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let overlap = &OVERLAP[i];
                    let replies: u32 =
                        words[..n].iter().map(|&v| (opp[v as usize] & !overlap[v as usize]).count_ones()).sum();
                    if replies == 0 {
                        self.order.truncate(base);
                        if tabled {
                            self.store(canon, key, true, 1);
                        }
                        return true;
                    }
                    self.order.push(replies * PLACEMENT_RANGE + i as u32);
                }
            }
        }
        // the last move that won at this depth first (a killer), then the move with fewest
        // replies, found by a scan: often the only one searched (a win); the others are
        // sorted only when it was not
        let mut result = false;
        let end = self.order.len();
        let depth = (occ.count_ones() / 5) as usize;
        let killer = self.killers[depth] as usize;
        let killer = (killer < NUM_PLACEMENTS
            && fits[killer / 64] >> (killer % 64) & 1 == 1
            && mine >> PIECE_OF[killer] & 1 == 1)
            .then_some(killer);
        if let Some(least) = (base..end).min_by_key(|&at| self.order[at]) {
            self.order.swap(base, least);
        }
        let mut next = base;
        let mut killer_next = killer.is_some();
        loop {
            let i = if killer_next {
                killer_next = false;
                killer.expect("a killer")
            } else {
                if next == end {
                    break;
                }
                if next == base + 1 {
                    self.order[base + 1..].sort_unstable();
                }
                next += 1;
                let i = (self.order[next - 1] % PLACEMENT_RANGE) as usize;
                if killer == Some(i) {
                    continue;
                }
                i
            };
            let (their, my) = self.sides(mine, theirs, PIECE_OF[i] as usize);
            let child = after(fits, i);
            let child_wins = self.wins(occ | MASKS[i], their, my, &child, stop);
            if self.out_of_time {
                // an unfinished search says nothing: nothing is stored
                self.order.truncate(base);
                return false;
            }
            if !child_wins {
                self.killers[depth] = i as u16;
                result = true;
                break;
            }
        }
        self.order.truncate(base);
        if tabled {
            self.store(canon, key, result, self.nodes - start);
        }
        result
    }

    /// Solve the position for the player to move: covered squares `occ`, the mover's
    /// pieces `mine`, the other's `theirs` (both the pool in the standard game); `only`
    /// restricts the first placement to one piece (touch-move).  The root tries the moves
    /// that leave the opponent fewest replies first.  None when the `deadline` passes
    /// first, or `stop` (asked with the clock, every [`CHECK_EVERY`] nodes; `&mut || false`:
    /// never) says so; the table keeps what was proved until then.
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &mut self,
        occ: u64,
        mine: u16,
        theirs: u16,
        only: Option<u8>,
        deadline: Option<Instant>,
        stop: Stop,
    ) -> Option<Proved> {
        self.root(occ, mine, theirs, only, deadline, true, stop)
    }

    /// [`Prover::solve`] with the root's moves in legal-move order: the winning move named
    /// is the first one in that order (the one the Python reference names).
    #[allow(clippy::too_many_arguments)]
    pub fn solve_first(
        &mut self,
        occ: u64,
        mine: u16,
        theirs: u16,
        only: Option<u8>,
        deadline: Option<Instant>,
        stop: Stop,
    ) -> Option<Proved> {
        self.root(occ, mine, theirs, only, deadline, false, stop)
    }

    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        occ: u64,
        mine: u16,
        theirs: u16,
        only: Option<u8>,
        deadline: Option<Instant>,
        fewest_first: bool,
        stop: Stop,
    ) -> Option<Proved> {
        self.deadline = deadline;
        self.out_of_time = false;
        let start = self.nodes;
        let fits = fits_of(occ, mine | theirs);
        let mut order: Vec<(u32, u16)> = Vec::new();
        for i in 0..NUM_PLACEMENTS {
            let p = PIECE_OF[i];
            if fits[i / 64] >> (i % 64) & 1 == 0 || mine >> p & 1 == 0 || only.is_some_and(|o| o != p) {
                continue;
            }
            let (their, _) = self.sides(mine, theirs, p as usize);
            let replies = if fewest_first { count_of(&after(&fits, i), their, self.shared) } else { 0 };
            order.push((replies, i as u16));
        }
        order.sort_unstable();
        let mut hardest: Option<(u64, u16)> = None;
        for &(_, i) in &order {
            let before = self.nodes;
            let (their, my) = self.sides(mine, theirs, PIECE_OF[i as usize] as usize);
            let child = after(&fits, i as usize);
            let lost = !self.wins(occ | MASKS[i as usize], their, my, &child, stop);
            if self.out_of_time {
                return None;
            }
            if lost {
                return Some(Proved { wins: true, placement: Some(i), nodes: self.nodes - start });
            }
            let work = self.nodes - before;
            if hardest.is_none_or(|(w, _)| work > w) {
                hardest = Some((work, i));
            }
        }
        Some(Proved { wins: false, placement: hardest.map(|(_, i)| i), nodes: self.nodes - start })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentomino::{Position, Rules};
    use crate::rng::Rng;
    use std::collections::HashSet;

    #[test]
    fn the_symmetries_map_placements_to_placements_of_the_same_piece() {
        let by_mask: std::collections::HashMap<u64, u8> =
            MASKS.iter().zip(PIECE_OF.iter()).map(|(&m, &p)| (m, p)).collect();
        for (i, &m) in MASKS.iter().enumerate() {
            let images = symmetries(m);
            let distinct: HashSet<u64> = images.iter().copied().collect();
            for s in images {
                assert_eq!(s.count_ones(), 5);
                assert_eq!(by_mask.get(&s), Some(&PIECE_OF[i]), "placement {i}");
            }
            assert!([1, 2, 4, 8].contains(&distinct.len()));
            assert_eq!(canonical(m), *images.iter().min().unwrap());
        }
        // the 296 first moves up to symmetry (RULES.md)
        let firsts: HashSet<u64> = MASKS.iter().map(|&m| canonical(m)).collect();
        assert_eq!(firsts.len(), 296);
        assert_eq!(transpose(1 << 1), 1 << 8); // b1 -> a2
        assert_eq!(flip_files(1), 1 << 7);
        assert_eq!(flip_ranks(1), 1 << 56);
    }

    #[test]
    fn both_root_orders_agree() {
        let mut rng = Rng::new(11);
        let mut prover = Prover::new(16, true);
        let mut draft = Prover::new(16, false);
        for game in 0..60 {
            let rules = Rules { draft: game % 3 == 2, ..Rules::default() };
            let mut pos = Position::new(rules, None).unwrap();
            let pieces = if rules.draft { 12 + 4 } else { 4 };
            for _ in 0..pieces {
                if !pos.is_over() {
                    let mv = pos.random_move(&mut rng);
                    pos.play(mv).unwrap();
                }
            }
            let Some((occ, mine, theirs, shared, only)) = pos.endgame() else { continue };
            let p = if shared { &mut prover } else { &mut draft };
            let exact = p.solve_first(occ, mine, theirs, only, None, &mut || false).unwrap();
            let found = p.solve(occ, mine, theirs, only, None, &mut || false).unwrap();
            assert_eq!(found.wins, exact.wins, "game {game}");
            if let Some(i) = found.placement.filter(|_| found.wins) {
                let i = i as usize;
                assert_eq!(MASKS[i] & occ, 0);
                let (their, my) = if shared {
                    (mine & !(1 << PIECE_OF[i]), mine & !(1 << PIECE_OF[i]))
                } else {
                    (theirs, mine & !(1 << PIECE_OF[i]))
                };
                let reply = p.solve_first(occ | MASKS[i], their, my, None, None, &mut || false).unwrap();
                assert!(!reply.wins, "the named move wins");
            }
        }
        assert!(prover.table_used() > 0 && prover.table_bytes() == 16 << 16);
    }

    #[test]
    fn a_stop_gives_up_and_leaves_a_sound_table() {
        // the empty board (the whole game): asked every CHECK_EVERY nodes, yes the second time
        let mut prover = Prover::new(16, true);
        let mut asked = 0;
        let stop = &mut || {
            asked += 1;
            asked == 2
        };
        assert_eq!(prover.solve(0, 0xFFF, 0xFFF, None, None, stop), None);
        assert_eq!((asked, prover.nodes), (2, 2 * CHECK_EVERY));
        // what it stored until then is exact: later answers are a fresh prover's
        let mut fresh = Prover::new(16, true);
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let mut pos = Position::new(Rules::default(), None).unwrap();
            for _ in 0..4 {
                let mv = pos.random_move(&mut rng);
                pos.play(mv).unwrap();
            }
            let Some((occ, mine, theirs, _, only)) = pos.endgame() else { continue };
            let found = prover.solve_first(occ, mine, theirs, only, None, &mut || false).unwrap();
            assert_eq!(found.wins, fresh.solve_first(occ, mine, theirs, only, None, &mut || false).unwrap().wins);
            let never = prover.solve_first(occ, mine, theirs, only, None, &mut || false).unwrap();
            assert_eq!((never.wins, never.placement), (found.wins, found.placement));
        }
    }
}
