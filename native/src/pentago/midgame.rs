//! The exact value of a Pentago position near the end of the game: retrograde analysis
//! over the empty cells, every quadrant-rotation state at once.
//!
//! The idea is Geoffrey Irving's ("Pentago is a First Player Win", 2014, the midgame
//! solver); this is our own implementation of it, for our rules (a placement that makes
//! five wins at once, without a twist).
//!
//! **Rotation states.** Quarter turns of different quadrants commute, so a position
//! reached from the root is the root's marbles plus the marbles placed since, written in
//! the *root's frame*, turned by a rotation state `R = (r0, r1, r2, r3)` (quadrant `q`
//! turned `r_q` quarter turns clockwise, net, since the root).  A marble placed on a cell
//! of the current board lands on one root-frame empty cell, and every empty cell can be
//! chosen in every state.  So a position is (which root-frame empty cells hold which
//! colour, `R`), and its children are (one more marble of the mover's colour, `R` plus one
//! quarter turn).  Every move turns exactly once, so after `k` placements the parity of
//! `r0 + r1 + r2 + r3` is the parity of `k`: a *half set* — 128 bits, one per state of
//! that parity ([`Half`]) — holds a property of one colouring in all its reachable
//! rotation states.
//!
//! **Layers.** Layer `k` holds every colouring with `k` marbles placed (the mover of layer
//! `k` has placed `k / 2`, the other `(k + 1) / 2`).  Layer `k` follows from layer
//! `k + 1`, so only two layers are in memory at once.  A colouring's own result is two
//! half sets — where its mover wins, and where they do not lose:
//!
//! * `win = ⋃_e up_win(X ∪ e, Y)` and `notlose = win ∪ ⋃_e up_notlose(X ∪ e, Y)` over the
//!   empty cells `e`, for mover's cells `X` and the other's `Y`; on the full board (layer
//!   `n`) nobody wins and nobody loses;
//!
//! and what a layer stores for each colouring is what its *parent* needs ([`Entry`]), in
//! the parent's states, from its own result, the fives of the colour that just moved (`M`,
//! in both parities) and of its mover (`O`):
//!
//! * `imm = M` in the parent's states: the placement alone made five (a win, no turn);
//! * after the quarter turn, in this layer's states: `won = ¬O ∧ (M ∨ ¬notlose)` (only
//!   the parent's mover has five, or this colouring's mover cannot even draw) and
//!   `held = M ∨ (¬O ∧ ¬win)`;
//! * `up_win = imm ∪ turn(won)`, `up_notlose = imm ∪ turn(held)`, where `turn(S)` holds
//!   the states one quarter turn (any quadrant, either way) from a state of `S` — the
//!   same for every child, so it is applied once per colouring.
//!
//! Layer 1 keeps its own results instead: the root's moves are read from them.

//! `five(S)` (a colour's five in every rotation state) depends only on that colour's
//! cells, so it is computed once per subset (thousands) rather than per colouring
//! (millions), from per-quadrant tables of which lines a turned quadrant completes.
//!
//! **Layout.** Colourings are numbered by the colex ranks of the two subsets: one colour's
//! subset of the `n` empty cells (the *major* rank), then the other's within the cells
//! left (the *minor*).  Layers alternate which colour is major, so that computing a layer
//! in its own order (writing sequentially) reads its children from one block (odd
//! layers) or from a handful (even layers: one per empty cell), each first read through
//! in order so that the hardware prefetcher brings it into the cache.  The work is split
//! across threads by ranges of major ranks.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

use super::tables::{BIT_CELL, CELLS, LINES, NUM_LINES};
use super::{Action, Position};

/// A set of rotation states of one parity: bit `h + 16 c`, where `h = Σ (r_q >> 1) << q`
/// and `c = (r1 & 1) | (r2 & 1) << 1 | (r3 & 1) << 2` (`r0`'s low bit follows from the
/// parity).
pub type Half = u128;

/// The most empty cells the solver takes (the rank tables' width); memory is the real
/// limit (about 8 GB for 20 empty cells, 22 GB for 21).
pub const MAX_EMPTY: usize = 24;

/// A rotation state `r0 + 4 r1 + 16 r2 + 64 r3` -> (parity, bit in the half set).
const fn state_bit(state: usize) -> (usize, u32) {
    let r = [state & 3, state >> 2 & 3, state >> 4 & 3, state >> 6 & 3];
    let parity = (r[0] + r[1] + r[2] + r[3]) & 1;
    let h = (r[0] >> 1) | (r[1] >> 1) << 1 | (r[2] >> 1) << 2 | (r[3] >> 1) << 3;
    let c = (r[1] & 1) | (r[2] & 1) << 1 | (r[3] & 1) << 2;
    (parity, (h + 16 * c) as u32)
}

/// The rotation state after one quarter turn of quadrant `q` from the root
/// (`direction` 0 = clockwise: r_q = 1, 1 = counter-clockwise: r_q = 3).
pub fn twist_state(quadrant: usize, direction: usize) -> usize {
    (if direction == 0 { 1 } else { 3 }) << (2 * quadrant)
}

/// Whether rotation state `state` (see [`twist_state`]) is in `set` (of its parity).
pub fn contains(set: Half, state: usize) -> bool {
    set >> state_bit(state).1 & 1 == 1
}

const fn low_mask(bits: u32) -> u64 {
    // within every 16-bit chunk, the positions whose h bit `bits` is 0
    let mut m = 0u64;
    let mut p = 0;
    while p < 64 {
        if (p & 15) & (1 << bits) == 0 {
            m |= 1 << p;
        }
        p += 1;
    }
    m
}

const H_LOW: [u64; 4] = [low_mask(0), low_mask(1), low_mask(2), low_mask(3)];

/// Every state whose quadrant-`q` turn differs by a half turn or not at all: OR over the
/// high bit of `r_q` (which never leaves its 16-bit chunk, so one 64-bit lane at a time).
#[inline(always)]
fn collapse(x: u64, q: usize) -> u64 {
    let s = 1 << q;
    let y = (x | (x >> s)) & H_LOW[q];
    y | (y << s)
}

/// The low bit of `r1` (`w` = 16) or `r2` (`w` = 32) flipped: swap the chunks.  (The
/// low bit of `r3` swaps the two 64-bit lanes.)
#[inline(always)]
fn flip(x: u64, w: u32, low: u64) -> u64 {
    ((x >> w) & low) | ((x & low) << w)
}

/// `turn(S)`: the states (of the other parity) one quarter turn from a state of `S`.  A
/// quarter turn either way of quadrant `q` reaches exactly the two values of `r_q` of the
/// other parity: flip `r_q`'s low bit, either high bit.
#[inline(always)]
pub fn turn(x: Half) -> Half {
    let lane = |v: u64| {
        collapse(v, 0)
            | flip(collapse(v, 1), 16, 0x0000_FFFF_0000_FFFF)
            | flip(collapse(v, 2), 32, 0x0000_0000_FFFF_FFFF)
    };
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let new_lo = lane(lo) | collapse(hi, 3);
    let new_hi = lane(hi) | collapse(lo, 3);
    new_lo as u128 | (new_hi as u128) << 64
}

/// A 9-bit quadrant pattern turned `r` quarter turns clockwise.
const fn turned(pattern: usize, r: usize) -> usize {
    let mut p = pattern;
    let mut t = 0;
    while t < r {
        let mut out = 0;
        let mut k = 0;
        while k < 9 {
            if p >> k & 1 == 1 {
                let (row, col) = (k / 3, k % 3);
                out |= 1 << (col * 3 + 2 - row);
            }
            k += 1;
        }
        p = out;
        t += 1;
    }
    p
}

/// `LINE_PARTS[q][pattern][r]`: the lines (bit i = line i) whose cells in quadrant `q`
/// all hold a marble when the quadrant holds `pattern` turned `r` quarter turns clockwise
/// (lines missing quadrant `q` count as complete).  A colour has five in rotation state R
/// iff the four quadrants' entries have a line in common.
static LINE_PARTS: [[[u32; 4]; 512]; 4] = {
    let mut t = [[[0u32; 4]; 512]; 4];
    let mut q = 0;
    while q < 4 {
        let mut p = 0;
        while p < 512 {
            let mut r = 0;
            while r < 4 {
                let cells = turned(p, r) as u64;
                let mut m = 0u32;
                let mut i = 0;
                while i < NUM_LINES {
                    let part = LINES[i] >> (16 * q) & 0x1FF;
                    if part & !cells == 0 {
                        m |= 1 << i;
                    }
                    i += 1;
                }
                t[q][p][r] = m;
                r += 1;
            }
            p += 1;
        }
        q += 1;
    }
    t
};

/// The rotation states (both parities: `[even, odd]`) in which a colour whose marbles are
/// `side` (packed layout, root frame) has five in a row.
pub fn fives(side: u64) -> [Half; 2] {
    let parts: [&[u32; 4]; 4] = [0, 1, 2, 3].map(|q| &LINE_PARTS[q][(side >> (16 * q) & 0x1FF) as usize]);
    let any = |q: usize| parts[q][0] | parts[q][1] | parts[q][2] | parts[q][3];
    if any(0) & any(1) & any(2) & any(3) == 0 {
        return [0, 0];
    }
    let mut out = [0u128; 2];
    for r3 in 0..4 {
        for r2 in 0..4 {
            let m23 = parts[3][r3] & parts[2][r2];
            if m23 == 0 {
                continue;
            }
            for r1 in 0..4 {
                let m123 = m23 & parts[1][r1];
                if m123 == 0 {
                    continue;
                }
                for r0 in 0..4 {
                    if m123 & parts[0][r0] != 0 {
                        let (parity, bit) = STATE_BITS[r0 + 4 * r1 + 16 * r2 + 64 * r3];
                        out[parity as usize] |= 1 << bit;
                    }
                }
            }
        }
    }
    out
}

static STATE_BITS: [(u8, u8); 256] = {
    let mut t = [(0u8, 0u8); 256];
    let mut s = 0;
    while s < 256 {
        let (p, b) = state_bit(s);
        t[s] = (p as u8, b as u8);
        s += 1;
    }
    t
};

/// Binomial coefficients `C(n, k)`, n, k ≤ 36.
struct Binomials([[u64; 37]; 37]);

impl Binomials {
    const fn new() -> Binomials {
        let mut t = [[0u64; 37]; 37];
        let mut n = 0;
        while n < 37 {
            t[n][0] = 1;
            let mut k = 1;
            while k <= n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        Binomials(t)
    }

    #[inline(always)]
    fn get(&self, n: usize, k: usize) -> u64 {
        if k > n {
            0
        } else {
            self.0[n][k]
        }
    }
}

static BINOMIALS: Binomials = Binomials::new();

fn choose(n: usize, k: usize) -> usize {
    BINOMIALS.get(n, k) as usize
}

const SPLIT: u32 = 12;

/// Colex ranks of subsets of up to [`MAX_EMPTY`] elements among the subsets of the same
/// size: `rank(S) = Σ_i C(s_i, i + 1)` over its elements `s_0 < s_1 < ...`, from two
/// 12-bit table look-ups.
struct Ranks {
    low: Vec<u32>,
    /// `high[h * 13 + j]`: the high part's share when the low part holds `j` elements.
    high: Vec<u32>,
    pop: Vec<u8>,
}

impl Ranks {
    fn new() -> Ranks {
        let size = 1usize << SPLIT;
        let mut low = vec![0u32; size];
        let mut high = vec![0u32; size * 13];
        let mut pop = vec![0u8; size];
        for m in 0..size {
            pop[m] = (m as u32).count_ones() as u8;
            let bits: Vec<usize> = (0..SPLIT as usize).filter(|b| m >> b & 1 == 1).collect();
            low[m] = bits.iter().enumerate().map(|(i, &p)| choose(p, i + 1) as u32).sum();
            for j in 0..13 {
                high[m * 13 + j] =
                    bits.iter().enumerate().map(|(i, &p)| choose(p + SPLIT as usize, j + i + 1) as u32).sum();
            }
        }
        Ranks { low, high, pop }
    }

    #[inline(always)]
    fn rank(&self, mask: u32) -> usize {
        let lo = (mask & ((1 << SPLIT) - 1)) as usize;
        let hi = (mask >> SPLIT) as usize;
        (self.low[lo] + self.high[hi * 13 + self.pop[lo] as usize]) as usize
    }
}

fn ranks() -> &'static Ranks {
    static RANKS: OnceLock<Ranks> = OnceLock::new();
    RANKS.get_or_init(Ranks::new)
}

/// The next subset of the same size in colex order (Gosper's hack).
#[inline(always)]
fn next_subset(v: u32) -> u32 {
    let t = v | (v - 1);
    (t + 1) | (((!t & t.wrapping_add(1)) - 1) >> (v.trailing_zeros() + 1))
}

/// A colouring's result as its parent needs it, in the parent's rotation states:
/// `[win, notlose]`: where the parent's mover wins by a move into this colouring (placing
/// the marble that makes it, then any quarter turn — or no turn, when the placement makes
/// five), and where such a move at least draws.  The parent's own result is the union
/// over its children.  (Layer 1 keeps its colourings' own results instead.)  A plain
/// array, so that a layer's buffer is allocated zeroed by the system, page by page.
pub type Entry = [Half; 2];

/// From a colouring's own result (`win`, `notlose` for its mover), the fives of the
/// colour that just moved (`moved`: [its parity, the parent's]) and of the mover
/// (`mover`, its parity): what its parent needs (see [`Entry`]).
#[inline(always)]
fn up(win: Half, notlose: Half, moved: [Half; 2], mover: Half) -> Entry {
    let free = !mover;
    // after the quarter turn: only the parent's mover has five, or the child's mover
    // cannot even draw
    let won = free & (moved[0] | !notlose);
    let held = moved[0] | (free & !win);
    let imm = moved[1]; // the placement alone made five
    [imm | turn(won), imm | turn(held)]
}

/// Why the solver did not answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over at the root.
    GameOver,
    /// More empty cells than the solver takes, or more memory than allowed.
    TooBig,
    /// The estimated time is beyond the deadline.
    TooSlow,
    /// The deadline passed during the computation.
    OutOfTime,
    /// The caller's `stop` said so (see [`solve`]).
    Stopped,
}

/// How much the solver may use.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    /// Bytes of layer storage allowed (two layers at once).
    pub max_bytes: usize,
    pub threads: usize,
    /// Refuse at once when the estimated time is this many times the time left.
    pub give_up_factor: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { deadline: None, max_bytes: 12 << 30, threads: 1, give_up_factor: 3.0 }
    }
}

/// The exact result: the root's value for the player to move (1 win, 0 draw, -1 loss)
/// and every legal move's value, in legal-action order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub value: i8,
    pub moves: Vec<(Action, i8)>,
    /// Colourings computed (each in 128 rotation states).
    pub colourings: u64,
}

/// Colourings in layer `k` of a root with `n` empty cells.
pub fn layer_size(n: usize, k: usize) -> u64 {
    let (a, b) = (k / 2, k.div_ceil(2));
    (choose(n, a) * choose(n - a, b)) as u64
}

/// Bytes of layer storage (the largest even layer and the largest odd one).
pub fn peak_bytes(n: usize) -> usize {
    let largest = |parity: usize| (0..=n).filter(|k| k % 2 == parity).map(|k| layer_size(n, k)).max().unwrap_or(0);
    (largest(0) + largest(1)) as usize * std::mem::size_of::<Entry>()
}

/// Seconds the solver is expected to take on one thread of the development machine
/// (calibrated on it; other machines differ), for the give-up test.
pub fn estimated_seconds(n: usize) -> f64 {
    let (mut entries, mut children) = (0u64, 0u64);
    for k in 0..=n {
        let s = layer_size(n, k);
        entries += s;
        children += s * (n - k) as u64;
    }
    entries as f64 * 25e-9 + children as f64 * 5e-9
}

/// The caller's `stop` (see [`solve`]).
type Stop<'a> = &'a mut dyn FnMut() -> bool;

/// Which colour of a layer is the major index.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Major {
    Mover,
    Other,
}

fn major(k: usize) -> Major {
    if k % 2 == 0 {
        Major::Mover
    } else {
        Major::Other
    }
}

struct Solver {
    n: usize,
    /// Packed-layout bit of each empty cell, in increasing order.
    empty: Vec<u32>,
    /// The root's marbles: `[mover's, other's]`.
    root: [u64; 2],
    /// `fives` of every subset of each size, per colour (0 = the root's mover), by colex
    /// rank: computed when first needed.
    fives: [Vec<Option<[Vec<Half>; 2]>>; 2],
}

/// The subset of `size` elements with colex rank `rank`.
fn unrank(mut rank: usize, size: usize) -> u32 {
    let mut mask = 0u32;
    let mut k = size;
    while k > 0 {
        // the largest p with C(p, k) <= rank
        let mut p = k - 1;
        while choose(p + 1, k) <= rank {
            p += 1;
        }
        mask |= 1 << p;
        rank -= choose(p, k);
        k -= 1;
    }
    mask
}

/// The cells of `mask` (bits of a compressed universe) in the full universe: `pos[i]` is
/// the full-universe index of compressed bit `i`.
#[inline(always)]
fn expand(mask: u32, pos: &[u32; MAX_EMPTY]) -> u32 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        out |= 1 << pos[m.trailing_zeros() as usize];
        m &= m - 1;
    }
    out
}

/// The full-universe positions of the cells outside `mask`, in order.
fn complement_positions(mask: u32, n: usize) -> [u32; MAX_EMPTY] {
    let mut pos = [0u32; MAX_EMPTY];
    let mut f = ((1u64 << n) - 1) as u32 & !mask;
    let mut i = 0;
    while f != 0 {
        pos[i] = f.trailing_zeros();
        f &= f - 1;
        i += 1;
    }
    pos
}

/// Read `layer[start..start + len]` in order once, so that the hardware prefetcher
/// streams it into the cache before a block's out-of-order reads.
#[inline(always)]
fn touch(layer: &[Entry], start: usize, len: usize) {
    let end = (start + len).min(layer.len());
    let mut sum = 0u128;
    for e in layer[start.min(end)..end].iter().step_by(2) {
        sum ^= e[0];
    }
    std::hint::black_box(sum);
}

/// What one layer's computation reads.
struct LayerInputs<'a> {
    k: usize,
    /// Layer `k + 1` (empty for the full board).
    children: &'a [Entry],
    /// Fives of the colour that moved last (the other colour), by rank of its subset:
    /// in this layer's rotation states, and in the parent layer's.
    moved: [&'a [Half]; 2],
    /// Fives of the mover in this layer's rotation states, by rank of its subset.
    mover: &'a [Half],
    ranks: &'a Ranks,
}

impl Solver {
    fn stones(&self, colour: usize, mask: u32) -> u64 {
        let mut s = self.root[colour];
        let mut m = mask;
        while m != 0 {
            s |= 1 << self.empty[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        s
    }

    /// `fives` of every subset of `size` empty cells for `colour`, by colex rank.
    /// (Not stoppable itself — a table takes a fraction of its layer's time —, but the
    /// calling thread asks `stop` while it runs, raising `flag` for the layer to read.)
    fn ensure_fives(&mut self, colour: usize, size: usize, threads: usize, flag: &AtomicBool, stop: Stop) {
        if size > self.n || self.fives[colour][size].is_some() {
            return;
        }
        let count = choose(self.n, size);
        let mut table = vec![[0u128; 2]; count];
        let this = &*self;
        let per = count.div_ceil(threads.max(1)).max(1);
        let jobs = table.chunks_mut(per).enumerate().map(|(t, chunk)| {
            move || {
                let mut mask = unrank(t * per, size);
                for slot in chunk.iter_mut() {
                    *slot = fives(this.stones(colour, mask));
                    if size > 0 {
                        mask = next_subset(mask);
                    }
                }
            }
        });
        crate::stop::on_threads(jobs, flag, stop);
        self.fives[colour][size] = Some([table.iter().map(|f| f[0]).collect(), table.iter().map(|f| f[1]).collect()]);
    }

    /// The fives tables layer `k` needs: the mover's subsets of `k / 2` cells, the
    /// other colour's of `(k + 1) / 2` (each table serves two adjacent layers).
    fn prepare(&mut self, k: usize, threads: usize, flag: &AtomicBool, stop: Stop) {
        let (mover, other) = (k % 2, 1 - k % 2);
        let (a, b) = (k / 2, k.div_ceil(2));
        for colour in 0..2 {
            let keep = if colour == mover { a } else { b };
            for s in keep + 1..self.fives[colour].len() {
                self.fives[colour][s] = None;
            }
        }
        self.ensure_fives(mover, a, threads, flag, stop);
        self.ensure_fives(other, b, threads, flag, stop);
    }

    /// Compute layer `k` into `out` (`own`: the colourings' own results instead of what
    /// their parents need), on `limits.threads` threads that give up once `flag` is
    /// raised — by one of them at the deadline, or by the calling thread when `stop` says
    /// so (asked while they run).
    fn layer(&self, input: &LayerInputs, out: &mut [Entry], own: bool, limits: &Limits, flag: &AtomicBool, stop: Stop) {
        let (n, k) = (self.n, input.k);
        let (a, b) = (k / 2, k.div_ceil(2));
        let (outer_size, inner_size) = match major(k) {
            Major::Mover => (a, b),
            Major::Other => (b, a),
        };
        let inner_count = choose(n - outer_size, inner_size);
        let outer_count = choose(n, outer_size);
        let per = outer_count.div_ceil(limits.threads.max(1)).max(1);
        let jobs = out.chunks_mut(per * inner_count).enumerate().map(|(t, chunk)| {
            move || {
                let first = t * per;
                let mut outer = unrank(first, outer_size);
                for (i, block) in chunk.chunks_mut(inner_count).enumerate() {
                    if i % 16 == 0 {
                        if flag.load(Ordering::Relaxed) {
                            return;
                        }
                        if limits.deadline.is_some_and(|d| Instant::now() > d) {
                            flag.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                    match major(k) {
                        Major::Mover => self.mover_block(input, outer, first + i, block, own),
                        Major::Other => self.other_block(input, outer, first + i, block, own),
                    }
                    if outer_size > 0 {
                        outer = next_subset(outer);
                    }
                }
            }
        });
        crate::stop::on_threads(jobs, flag, stop);
    }

    /// The colourings of one mover subset `x` (rank `x_rank`), the other colour's subsets
    /// in colex order within the cells left; the children lie in the blocks of `x ∪ e`.
    #[inline(never)]
    fn mover_block(&self, input: &LayerInputs, x: u32, x_rank: usize, out: &mut [Entry], own: bool) {
        let (n, k) = (self.n, input.k);
        let (a, b) = (k / 2, k.div_ceil(2));
        let m = n - a;
        let ranks = input.ranks;
        let pos = complement_positions(x, n);
        let mover = input.mover[x_rank];
        let mut base = [0usize; MAX_EMPTY];
        if k < n {
            let child_minor = choose(m - 1, b);
            for c in 0..m {
                base[c] = ranks.rank(x | 1 << pos[c]) * child_minor;
                touch(input.children, base[c], child_minor);
            }
        }
        let full = ((1u64 << m) - 1) as u32;
        let mut y = (1u32 << b) - 1;
        for slot in out.iter_mut() {
            let (mut win, mut up_notlose) = (0u128, 0u128);
            let mut empties = full & !y;
            while empties != 0 {
                let c = empties.trailing_zeros();
                empties &= empties - 1;
                let below = (1u32 << c) - 1;
                let y2 = (y & below) | ((y >> 1) & !below);
                let child = input.children[base[c as usize] + ranks.rank(y2)];
                win |= child[0];
                up_notlose |= child[1];
            }
            let notlose = if k == n { !0 } else { win | up_notlose };
            *slot = if own {
                [win, notlose]
            } else {
                let r = ranks.rank(expand(y, &pos));
                up(win, notlose, [input.moved[0][r], input.moved[1][r]], mover)
            };
            if b > 0 {
                y = next_subset(y);
            }
        }
    }

    /// The colourings of one other-colour subset `y` (rank `y_rank`), the mover's subsets
    /// in colex order within the cells left; the children lie in the block of `y`.
    #[inline(never)]
    fn other_block(&self, input: &LayerInputs, y: u32, y_rank: usize, out: &mut [Entry], own: bool) {
        let (n, k) = (self.n, input.k);
        let (a, b) = (k / 2, k.div_ceil(2));
        let m = n - b;
        let ranks = input.ranks;
        let pos = complement_positions(y, n);
        let moved = [input.moved[0][y_rank], input.moved[1][y_rank]];
        let base = y_rank * choose(m, a + 1);
        if k < n {
            touch(input.children, base, choose(m, a + 1));
        }
        let full = ((1u64 << m) - 1) as u32;
        let mut x = (1u32 << a) - 1;
        for slot in out.iter_mut() {
            let (mut win, mut up_notlose) = (0u128, 0u128);
            let mut empties = full & !x;
            while empties != 0 {
                let c = empties.trailing_zeros();
                empties &= empties - 1;
                let child = input.children[base + ranks.rank(x | 1 << c)];
                win |= child[0];
                up_notlose |= child[1];
            }
            let notlose = if k == n { !0 } else { win | up_notlose };
            *slot = if own {
                [win, notlose]
            } else {
                let mover = input.mover[ranks.rank(expand(x, &pos))];
                up(win, notlose, moved, mover)
            };
            if a > 0 {
                x = next_subset(x);
            }
        }
    }
}

/// Solve `pos` exactly, or refuse (see [`Refusal`]); given up ([`Refusal::Stopped`]) when
/// `stop` says so (`&mut || false`: never): it is asked on the calling thread every
/// [`crate::stop::POLL`] while the worker threads compute a layer (see
/// [`crate::stop::on_threads`]); they look at the flag it raises every 16 blocks, as at
/// the clock.
pub fn solve(pos: &Position, limits: &Limits, stop: Stop) -> Result<Solved, Refusal> {
    if pos.is_over() {
        return Err(Refusal::GameOver);
    }
    let me = pos.to_move as usize;
    let empty_packed = pos.empty();
    let empty: Vec<u32> = (0..64).filter(|b| empty_packed >> b & 1 == 1).collect();
    let n = empty.len();
    if n > MAX_EMPTY || peak_bytes(n) > limits.max_bytes {
        return Err(Refusal::TooBig);
    }
    if let Some(deadline) = limits.deadline {
        let left = deadline.saturating_duration_since(Instant::now()).as_secs_f64();
        if estimated_seconds(n) / limits.threads.max(1) as f64 > left * limits.give_up_factor {
            return Err(Refusal::TooSlow);
        }
    }
    let mut solver = Solver {
        n,
        empty,
        root: [pos.sides[me], pos.sides[1 - me]],
        fives: [vec![None; n + 2], vec![None; n + 2]],
    };
    // raised at the deadline (by a worker) or when `stop` says so (by the calling thread)
    let flag = AtomicBool::new(false);
    let mut stopped = false;
    let mut stop = || {
        stopped = stop();
        stopped
    };
    let threads = limits.threads.max(1);
    // one buffer for the even layers, one for the odd ones
    let largest = |parity: usize| (1..=n).filter(|k| k % 2 == parity).map(|k| layer_size(n, k)).max().unwrap_or(0);
    let mut buffers = [vec![[0u128; 2]; largest(0) as usize], vec![[0u128; 2]; largest(1) as usize]];
    let mut colourings = 0u64;
    let ranks = ranks();
    let late = || limits.deadline.is_some_and(|d| Instant::now() > d);
    for k in (1..=n).rev() {
        solver.prepare(k, threads, &flag, &mut stop);
        if flag.load(Ordering::Relaxed) || late() {
            return Err(if stopped { Refusal::Stopped } else { Refusal::OutOfTime });
        }
        let size = layer_size(n, k) as usize;
        let (even, odd) = buffers.split_at_mut(1);
        let (out, child) = if k % 2 == 0 { (&mut even[0], &odd[0]) } else { (&mut odd[0], &even[0]) };
        let input = LayerInputs {
            k,
            children: if k < n { &child[..layer_size(n, k + 1) as usize] } else { &[] },
            moved: {
                let t = solver.fives[1 - k % 2][k.div_ceil(2)].as_ref().expect("fives");
                [&t[k % 2], &t[1 - k % 2]]
            },
            mover: &solver.fives[k % 2][k / 2].as_ref().expect("fives")[k % 2],
            ranks,
        };
        solver.layer(&input, &mut out[..size], k == 1, limits, &flag, &mut stop);
        if flag.load(Ordering::Relaxed) {
            return Err(if stopped { Refusal::Stopped } else { Refusal::OutOfTime });
        }
        colourings += size as u64;
    }
    // The root's moves, from layer 1's own results (the other colour major: entry e is the
    // root's mover on empty cell e).
    solver.prepare(1, 1, &flag, &mut || false);
    let mine = solver.fives[0][1].as_ref().expect("fives");
    let theirs = solver.fives[1][0].as_ref().expect("fives")[1][0];
    let layer1 = &buffers[1];
    let mut values = [[0i8; 8]; CELLS];
    for (e, &bit) in solver.empty.iter().enumerate() {
        let cell = BIT_CELL[bit as usize] as usize;
        let (five_now, five_after) = (mine[0][e], mine[1][e]);
        if five_now & 1 == 1 {
            continue; // a lone placement: it wins
        }
        for (t, value) in values[cell].iter_mut().enumerate() {
            let state = twist_state(t / 2, t % 2);
            *value = match (contains(five_after, state), contains(theirs, state)) {
                (true, true) => 0,
                (true, false) => 1,
                (false, true) => -1,
                (false, false) => {
                    let own = layer1[e];
                    if contains(own[0], state) {
                        -1
                    } else if contains(own[1], state) {
                        0
                    } else {
                        1
                    }
                }
            };
        }
    }
    let moves: Vec<(Action, i8)> = pos
        .legal_actions()
        .iter()
        .map(|&a| (a, if a >= 288 { 1 } else { values[(a / 8) as usize][(a % 8) as usize] }))
        .collect();
    let value = moves.iter().map(|m| m.1).max().unwrap_or(0);
    Ok(Solved { value, moves, colourings })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) mod tests_support {
    use super::Position;
    use crate::rng::Rng;

    /// A random position with `empty` empty cells, no five, and the counts of a real game.
    pub(crate) fn random_position(rng: &mut Rng, empty: usize) -> Position {
        loop {
            let filled = 36 - empty;
            let mut cells: Vec<usize> = (0..36).collect();
            for i in (1..36).rev() {
                cells.swap(i, rng.below(i as u32 + 1) as usize);
            }
            let (w, b) = (filled.div_ceil(2), filled / 2);
            let white: u64 = cells[..w].iter().map(|&c| 1u64 << c).sum();
            let black: u64 = cells[w..w + b].iter().map(|&c| 1u64 << c).sum();
            if let Ok(pos) = Position::from_boards(white, black, filled % 2) {
                return pos;
            }
        }
    }
}
