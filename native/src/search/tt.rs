//! The transposition table: a fixed array of entries, one per hash slot, replaced when
//! the new result was searched at least as deep or the old one is from an earlier search.
//!
//! The table may be shared by the threads of one search ([`super::SearchLimits::threads`]):
//! an entry is two atomic words, the key folded with the data and the data, so a reader
//! that meets a half-written entry sees a key that does not match and ignores it — no
//! locks, no `unsafe`.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What an entry's score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct TtEntry<M> {
    pub key: u64,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
    pub generation: u8,
    /// The best move found, in the key's canonical orientation.
    pub best: M,
}

/// Generations are kept modulo this (6 bits of an entry).
const GENERATIONS: u8 = 64;

impl<M: Copy + Into<u16> + From<u16>> TtEntry<M> {
    /// The entry as one word: score (32 bits), depth (8), bound (2, never 0, so that a
    /// word of an entry is never 0), generation (6), move (16).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        (self.score as u32 as u64) << 32
            | (self.depth as u8 as u64) << 24
            | bound << 22
            | ((self.generation % GENERATIONS) as u64) << 16
            | self.best.into() as u64
    }

    fn unpack(key: u64, data: u64) -> TtEntry<M> {
        let bound = match data >> 22 & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        TtEntry {
            key,
            score: (data >> 32) as u32 as i32,
            depth: (data >> 24) as u8 as i8,
            bound,
            generation: (data >> 16 & 63) as u8,
            best: M::from(data as u16),
        }
    }
}

pub struct Table<M> {
    /// Per slot: the key XOR the data, and the data (0, 0: empty).
    entries: Vec<[AtomicU64; 2]>,
    mask: usize,
    generation: u8,
    _move: std::marker::PhantomData<fn() -> M>,
}

impl<M: Copy + Into<u16> + From<u16>> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        Table {
            entries: (0..1usize << bits).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect(),
            mask: (1 << bits) - 1,
            generation: 0,
            _move: std::marker::PhantomData,
        }
    }

    /// Start a new search (older entries become replaceable).
    pub fn next_generation(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        let [check, data] = &self.entries[key as usize & self.mask];
        let data = data.load(Relaxed);
        (data != 0 && check.load(Relaxed) ^ data == key).then(|| TtEntry::unpack(key, data))
    }

    #[inline]
    pub fn store(&self, key: u64, score: i32, depth: i8, bound: Bound, best: M) {
        let [check, old] = &self.entries[key as usize & self.mask];
        let old_data = old.load(Relaxed);
        let replace = old_data == 0 || {
            let e = TtEntry::<M>::unpack(check.load(Relaxed) ^ old_data, old_data);
            e.key == key || e.generation != self.generation || e.depth <= depth
        };
        if replace {
            let data = TtEntry { key, score, depth, bound, generation: self.generation, best }.pack();
            check.store(key ^ data, Relaxed);
            old.store(data, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_come_back_as_stored_and_only_for_their_key() {
        let table = Table::<u16>::new(4);
        for (i, &(score, depth, bound)) in
            [(0, 1, Bound::Exact), (-999_990, 7, Bound::Upper), (123, -1, Bound::Lower), (i32::MIN + 1, 127, Bound::Exact)]
                .iter()
                .enumerate()
        {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            table.store(key, score, depth, bound, 291 + i as u16);
            let e = table.probe(key).expect("stored");
            assert_eq!((e.score, e.depth, e.bound, e.best, e.key), (score, depth, bound, 291 + i as u16, key));
            assert!(table.probe(key ^ 1 << 40).is_none(), "another key in the same slot");
        }
        assert!(Table::<u16>::new(4).probe(0).is_none(), "an empty table holds nothing, key 0 included");
    }
}
