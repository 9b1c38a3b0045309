//! The transposition table: a fixed array of entries, one per hash slot, replaced when
//! the new result was searched at least as deep or the old one is from an earlier search.

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

pub struct Table<M> {
    entries: Vec<Option<TtEntry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        Table { entries: vec![None; 1 << bits], mask: (1 << bits) - 1, generation: 0 }
    }

    /// Start a new search (older entries become replaceable).
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, key: u64, score: i32, depth: i8, bound: Bound, best: M) {
        let slot = &mut self.entries[key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(old) => old.key == key || old.generation != self.generation || old.depth <= depth,
        };
        if replace {
            *slot = Some(TtEntry { key, score, depth, bound, generation: self.generation, best });
        }
    }
}
