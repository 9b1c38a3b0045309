//! The bitboards over a square frame of Pent-Up's unbounded table, and the placement
//! generator that runs on them.
//!
//! A frame is `N × N` cells: row `r` (table `y = oy + r`) is one [`Row`] whose bit `c` is
//! the cell at table `x = ox + c`.  Translating a set of cells by `dx` columns is a shift
//! of each row, by `dy` rows an index offset, so nothing ever wraps from one row into the
//! next.  The frame keeps [`MARGIN`] empty cells between the structure and each edge:
//! every placement that touches or stacks on the structure lies inside the frame.
//!
//! Two frame sizes share this code: 64 × 64 (`u64` rows), which holds every position of
//! ordinary play, and 256 × 256 (four-word rows, [`W4`]), which holds any position the
//! rules allow (a structure's level-1 cells are edge-connected, so it spans at most the sum
//! of its tiles' lengths: 41 per set of 12, 164 for 4 players).
//!
//! Heights are kept as five bit-planes (bit `j` of each cell's height): the tallest
//! possible stack is 24 tiles (each level below the top holds at least two tiles), so five
//! planes are enough, and "the cells of height exactly `k`" is five ANDs a row.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::tables::{Orient, NEEDING, NUM_PATTERNS, ORIENTS, PAD, PATTERNS, PIECE_FIRST, PIECE_ORIENTS, STRIDE};

/// Empty cells kept between the structure and each edge of a frame: a level-1 placement
/// reaches at most 5 cells beyond the structure (one to touch it, four more for its length).
pub const MARGIN: i32 = 5;
/// Bit-planes of the height.
pub const PLANES: usize = 5;

/// One row of a frame: a set of columns.
pub trait Row:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    const ONES: Self;
    /// Columns (bits) in a row; the frame has as many rows.
    const BITS: usize;
    /// 64-bit words in a row.
    const WORDS: usize;
    /// Bit `c` of the result is bit `c + n` of `self` (`n < 64`): the anchors from which a
    /// cell `n` columns further is in the set.
    fn shr(self, n: u32) -> Self;
    /// Bit `c + n` of the result is bit `c` of `self` (`n < 64`).
    fn shl(self, n: u32) -> Self;
    fn bit(c: usize) -> Self;
    fn has(self, c: usize) -> bool;
    fn count(self) -> u32;
    fn is_zero(self) -> bool;
    /// The `k`-th 64-bit word (columns `64k..64k+64`).
    fn word(self, k: usize) -> u64;
    /// The lowest and the highest bit set (the row must not be empty).
    fn first_last(self) -> (usize, usize) {
        let mut first = None;
        let mut last = 0;
        for k in 0..Self::WORDS {
            let w = self.word(k);
            if w != 0 {
                first.get_or_insert(64 * k + w.trailing_zeros() as usize);
                last = 64 * k + 63 - w.leading_zeros() as usize;
            }
        }
        (first.unwrap_or(0), last)
    }
    /// The bits set in all the rows.
    fn count_all(rows: &[Self]) -> u32 {
        rows.iter().map(|r| r.count()).sum()
    }
    /// Append the rows' words, row by row.
    fn extend_words(rows: &[Self], out: &mut Vec<u64>) {
        for r in rows {
            for k in 0..Self::WORDS {
                out.push(r.word(k));
            }
        }
    }
}

impl Row for u64 {
    const ZERO: u64 = 0;
    const ONES: u64 = !0;
    const BITS: usize = 64;
    const WORDS: usize = 1;
    #[inline]
    fn shr(self, n: u32) -> u64 {
        self >> n
    }
    #[inline]
    fn shl(self, n: u32) -> u64 {
        self << n
    }
    #[inline]
    fn bit(c: usize) -> u64 {
        1 << c
    }
    #[inline]
    fn has(self, c: usize) -> bool {
        self >> c & 1 == 1
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline]
    fn word(self, _k: usize) -> u64 {
        self
    }
    #[inline]
    fn extend_words(rows: &[u64], out: &mut Vec<u64>) {
        out.extend_from_slice(rows);
    }
}

/// A 256-column row (four words, word 0 = columns 0..64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct W4(pub [u64; 4]);

impl BitAnd for W4 {
    type Output = W4;
    #[inline]
    fn bitand(self, o: W4) -> W4 {
        W4([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}

impl BitOr for W4 {
    type Output = W4;
    #[inline]
    fn bitor(self, o: W4) -> W4 {
        W4([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}

impl Not for W4 {
    type Output = W4;
    #[inline]
    fn not(self) -> W4 {
        W4(self.0.map(|w| !w))
    }
}

impl BitAndAssign for W4 {
    #[inline]
    fn bitand_assign(&mut self, o: W4) {
        *self = *self & o;
    }
}

impl BitOrAssign for W4 {
    #[inline]
    fn bitor_assign(&mut self, o: W4) {
        *self = *self | o;
    }
}

impl Row for W4 {
    const ZERO: W4 = W4([0; 4]);
    const ONES: W4 = W4([!0; 4]);
    const BITS: usize = 256;
    const WORDS: usize = 4;
    #[inline]
    fn shr(self, n: u32) -> W4 {
        if n == 0 {
            return self;
        }
        let w = self.0;
        W4([
            w[0] >> n | w[1] << (64 - n),
            w[1] >> n | w[2] << (64 - n),
            w[2] >> n | w[3] << (64 - n),
            w[3] >> n,
        ])
    }
    #[inline]
    fn shl(self, n: u32) -> W4 {
        if n == 0 {
            return self;
        }
        let w = self.0;
        W4([
            w[0] << n,
            w[1] << n | w[0] >> (64 - n),
            w[2] << n | w[1] >> (64 - n),
            w[3] << n | w[2] >> (64 - n),
        ])
    }
    #[inline]
    fn bit(c: usize) -> W4 {
        let mut w = [0; 4];
        w[c / 64] = 1 << (c % 64);
        W4(w)
    }
    #[inline]
    fn has(self, c: usize) -> bool {
        self.0[c / 64] >> (c % 64) & 1 == 1
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn word(self, k: usize) -> u64 {
        self.0[k]
    }
}

/// Bits `c..c + 8` of `row` (bit `i`: column `c + i`; columns outside the row: 0).
#[inline]
fn window8<R: Row>(row: R, c: i64) -> u8 {
    let (k, shift) = (c.div_euclid(64), c.rem_euclid(64) as u32);
    let word = |k: i64| if (0..R::WORDS as i64).contains(&k) { row.word(k as usize) } else { 0 };
    let high = if shift > 0 { word(k + 1) << (64 - shift) } else { 0 };
    (word(k) >> shift | high) as u8
}

/// Per pattern of [`PATTERNS`]: the anchors `c` such that every cell `c + dx` of the
/// pattern is in `row` (`all`), and such that some is (`any`).  Unrolled by hand: the
/// patterns share their prefixes.
#[inline(always)]
fn pattern_rows<R: Row>(row: R) -> [R; NUM_PATTERNS] {
    let (s0, s1, s2, s3, s4) = (row, row.shr(1), row.shr(2), row.shr(3), row.shr(4));
    let (p3, p6, p12) = (s0 & s1, s1 & s2, s2 & s3);
    let p7 = p3 & s2;
    let p15 = p7 & s3;
    // 1, 2, 3, 4, 5, 6, 7, 8, 12, 14, 15, 31
    [s0, s1, p3, s2, s0 & s2, p6, p7, s3, p12, p6 & s3, p15, p15 & s4]
}

#[inline(always)]
fn pattern_rows_any<R: Row>(row: R) -> [R; NUM_PATTERNS] {
    let (s0, s1, s2, s3, s4) = (row, row.shr(1), row.shr(2), row.shr(3), row.shr(4));
    let (p3, p6, p12) = (s0 | s1, s1 | s2, s2 | s3);
    let p7 = p3 | s2;
    let p15 = p7 | s3;
    [s0, s1, p3, s2, s0 | s2, p6, p7, s3, p12, p6 | s3, p15, p15 | s4]
}

/// The anchors of one orientation over consecutive frame rows, as stored in
/// [`Segments`]: row `row + i`, word `k` is `words[start + i * width + k]`, whose bit `j`
/// is the placement anchored (min x, min y corner) at frame column `64 * k + j`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Segment {
    pub orient: u8,
    /// 64-bit words a row.
    pub width: u8,
    pub row: u16,
    pub rows: u16,
    pub start: u32,
    /// Its placements.
    pub count: u32,
    /// The placements in the segments before it (of the same generation, in order).
    pub before: u32,
}

/// The generator's output: segments of anchors and their words.
#[derive(Clone, Debug, Default)]
pub struct Segments {
    pub segs: Vec<Segment>,
    pub words: Vec<u64>,
    /// Count only: segments get their counts but no rows (a random playout needs only the
    /// one it picks, see `Position::random_playout`).
    pub counting: bool,
}

impl Segments {
    pub fn clear(&mut self) {
        self.segs.clear();
        self.words.clear();
    }

    /// The words of a segment, row by row.
    pub fn words_of(&self, seg: &Segment) -> &[u64] {
        &self.words[seg.start as usize..seg.start as usize + seg.rows as usize * seg.width as usize]
    }

    /// Store the `count` anchors of `orient` on the rows from `row` (less the empty rows at
    /// both ends), if there are any.
    #[inline]
    pub fn add<R: Row>(&mut self, orient: u8, row: usize, acc: &[R], count: u32) {
        if count == 0 {
            return;
        }
        if self.counting {
            let width = R::WORDS as u8;
            self.segs.push(Segment { orient, width, row: row as u16, rows: 0, start: 0, count, before: 0 });
            return;
        }
        let first = acc.iter().position(|a| !a.is_zero()).unwrap_or(0);
        let last = acc.iter().rposition(|a| !a.is_zero()).unwrap_or(first);
        let acc = &acc[first..=last];
        let start = self.words.len() as u32;
        R::extend_words(acc, &mut self.words);
        self.segs.push(Segment {
            orient,
            width: R::WORDS as u8,
            row: (row + first) as u16,
            rows: acc.len() as u16,
            start,
            count,
            before: 0,
        });
    }
}

/// A placed tile, as far as the generator needs it: orientation, anchor, level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    pub orient: u8,
    pub level: u8,
    pub x: i32,
    pub y: i32,
}

/// The pattern tables of one stacking level (see [`Grid::refresh_stack`]); kept from one
/// position to the next of a playout, rows recomputed where a tile changed them.
#[derive(Clone, Debug)]
pub struct StackTables<R> {
    /// Valid for the position, but for the `dirty` rows.
    pub fresh: bool,
    dirty: Option<(usize, usize)>,
    /// Whether the level has five cells at least (else nothing fits on it).
    some: bool,
    /// The rows computed (they hold every cell of the level).
    lo: usize,
    hi: usize,
    rows_with: [R; STRIDE],
    /// The patterns with any fit (bit p).
    present: u16,
    /// The tiles of height k, whose exact copies one level up are excluded: per
    /// orientation a list (`head`, `next`) of their anchors (`at`: row, column).
    head: [u8; 64],
    next: [u8; 48],
    at: [(u8, u8); 48],
    fits: Vec<R>,
    /// Anchors per orientation, for those `counted` (bit o): what a counting generation
    /// (see [`Segments::counting`]) needs, kept while the tables stay unchanged.
    counts: [u32; 64],
    counted: u64,
}

impl<R: Row> Default for StackTables<R> {
    fn default() -> Self {
        StackTables {
            fresh: false,
            dirty: None,
            some: false,
            lo: 0,
            hi: 0,
            rows_with: [R::ZERO; STRIDE],
            present: 0,
            head: [u8::MAX; 64],
            next: [u8::MAX; 48],
            at: [(0, 0); 48],
            fits: Vec::new(),
            counts: [0; 64],
            counted: 0,
        }
    }
}

/// The pattern tables of the table, level 1 (see [`Grid::refresh_table`]).
#[derive(Clone, Debug)]
pub struct TableTables<R> {
    pub fresh: bool,
    dirty: Option<(usize, usize)>,
    lo: usize,
    hi: usize,
    free: Vec<R>,
    touch: Vec<R>,
    /// As in [`StackTables`].
    counts: [u32; 64],
    counted: u64,
}

impl<R> Default for TableTables<R> {
    fn default() -> Self {
        TableTables {
            fresh: false,
            dirty: None,
            lo: 0,
            hi: 0,
            free: Vec::new(),
            touch: Vec::new(),
            counts: [0; 64],
            counted: 0,
        }
    }
}

impl<R> StackTables<R> {
    pub fn is_dirty(&self) -> bool {
        self.dirty.is_some()
    }
}

impl<R> TableTables<R> {
    pub fn is_dirty(&self) -> bool {
        self.dirty.is_some()
    }
}

/// The orientations of the pieces in `pieces` (bit p), as bits o.
fn pieces_orients(pieces: u16) -> u64 {
    (0..12).filter(|p| pieces >> p & 1 == 1).fold(0, |m, p| m | PIECE_ORIENTS[p])
}

fn widen(range: Option<(usize, usize)>, a: usize, b: usize) -> Option<(usize, usize)> {
    Some(range.map_or((a, b), |(x, y)| (x.min(a), y.max(b))))
}

/// The generator's working space for one frame size: the tables per level, which a
/// sequence of positions (a playout) keeps while they stay valid, and a row buffer.
#[derive(Clone, Debug)]
pub struct Scratch<R> {
    /// Indexed by the height of the cells (`k`): tables for tiles at level `k + 1`.
    pub stack: Vec<StackTables<R>>,
    pub table: TableTables<R>,
    pub acc: Vec<R>,
    /// The frame origin the tables are for.
    pub frame: (i32, i32),
}

impl<R: Row> Default for Scratch<R> {
    fn default() -> Self {
        Scratch { stack: Vec::new(), table: TableTables::default(), acc: Vec::new(), frame: (i32::MIN, 0) }
    }
}

impl<R: Row> Scratch<R> {
    /// Forget every table (another position).
    pub fn forget(&mut self) {
        self.stack.iter_mut().for_each(|t| {
            t.fresh = false;
            t.counted = 0;
        });
        self.table.fresh = false;
        self.table.counted = 0;
    }

    /// The position moved on by a tile at `level` on table rows `y0..=y1` (if the frame
    /// changed too, the next generation forgets every table): the rows of the tables of
    /// its cells' old and new heights are stale, and those of the table (level 1) around
    /// a tile placed on it.
    pub fn placed(&mut self, level: u8, y0: i32, y1: i32) {
        let (r0, r1) = ((y0 - self.frame.1).max(1) as usize, (y1 - self.frame.1).max(1) as usize);
        for k in [level - 1, level] {
            if let Some(t) = self.stack.get_mut(k as usize) {
                t.dirty = widen(t.dirty, r0, r1);
            }
        }
        if level == 1 {
            self.table.dirty = widen(self.table.dirty, r0 - 1, r1 + 1);
        }
    }
}

/// The bitboards of one frame.
#[derive(Clone, Debug)]
pub struct Grid<R: Row, const N: usize> {
    /// Table coordinates of frame cell (0, 0).
    pub ox: i32,
    pub oy: i32,
    occ: [R; N],
    planes: [[R; N]; PLANES],
    /// The occupied cells' bounding box, in frame coordinates (when `any`).
    pub x0: i32,
    pub x1: i32,
    pub y0: i32,
    pub y1: i32,
    pub any: bool,
}

impl<R: Row, const N: usize> Grid<R, N> {
    /// An empty frame whose cell (0, 0) is table cell `(ox, oy)`.
    pub fn new(ox: i32, oy: i32) -> Self {
        Grid {
            ox,
            oy,
            occ: [R::ZERO; N],
            planes: [[R::ZERO; N]; PLANES],
            x0: 0,
            x1: 0,
            y0: 0,
            y1: 0,
            any: false,
        }
    }

    /// The largest structure (columns or rows) this frame holds with its margins.
    pub const SPAN: i32 = N as i32 - 2 * MARGIN;

    /// A frame for the given bounding box (table coordinates) centred on it, if it fits.
    pub fn around(x0: i32, x1: i32, y0: i32, y1: i32) -> Option<Self> {
        let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
        if w > Self::SPAN || h > Self::SPAN {
            return None;
        }
        Some(Self::new(x0 - (N as i32 - w) / 2, y0 - (N as i32 - h) / 2))
    }

    /// Whether the table box keeps the margins inside this frame.
    pub fn holds(&self, x0: i32, x1: i32, y0: i32, y1: i32) -> bool {
        let lo = MARGIN;
        let hi = N as i32 - 1 - MARGIN;
        x0 - self.ox >= lo && x1 - self.ox <= hi && y0 - self.oy >= lo && y1 - self.oy <= hi
    }

    /// The frame cell of a table cell, if it is in the frame.
    #[inline]
    pub fn at(&self, x: i32, y: i32) -> Option<(usize, usize)> {
        let (c, r) = (x as i64 - self.ox as i64, y as i64 - self.oy as i64);
        ((0..N as i64).contains(&c) && (0..N as i64).contains(&r)).then_some((c as usize, r as usize))
    }

    /// Per frame row (into `out`, N rows): the cells next to (sharing an edge with) a
    /// cell of height exactly `k` (`k >= 1`).
    pub fn next_to_height(&self, k: u8, out: &mut Vec<R>) {
        let exact = |r: usize| {
            let mut m = self.occ[r];
            for (j, plane) in self.planes.iter().enumerate() {
                m &= if k >> j & 1 == 1 { plane[r] } else { !plane[r] };
            }
            m
        };
        out.clear();
        out.resize(N, R::ZERO);
        if !self.any {
            return;
        }
        for r in self.y0.max(0) as usize..=(self.y1 as usize).min(N - 1) {
            let here = exact(r);
            if here.is_zero() {
                continue;
            }
            out[r] |= here.shl(1) | here.shr(1);
            if r > 0 {
                out[r - 1] |= here;
            }
            if r + 1 < N {
                out[r + 1] |= here;
            }
        }
    }

    /// The number of tiles stacked on table cell `(x, y)`.
    #[inline]
    pub fn height(&self, x: i32, y: i32) -> u8 {
        let Some((c, r)) = self.at(x, y) else { return 0 };
        let mut h = 0;
        for (j, plane) in self.planes.iter().enumerate() {
            h |= (plane[r].has(c) as u8) << j;
        }
        h
    }

    /// Put a tile of orientation `orient` anchored (min x, min y corner) at table cell
    /// `(x, y)` at `level`: each of its cells has height `level - 1` and lies inside the
    /// frame.  Row by row: the heights' bit-planes flip where `level - 1` and `level`
    /// differ.
    pub fn place(&mut self, orient: u8, x: i32, y: i32, level: u8) {
        let shape = &ORIENTS[orient as usize];
        let (c, r0) = self.at(x, y).expect("a placed tile lies inside the frame");
        let flip = (level - 1) ^ level;
        for dy in 0..shape.height as usize {
            let pattern = PATTERNS[shape.rows[dy] as usize];
            let mut row = R::ZERO;
            for dx in 0..5 {
                if pattern >> dx & 1 == 1 {
                    row |= R::bit(c + dx);
                }
            }
            let r = r0 + dy;
            self.occ[r] |= row;
            for (j, plane) in self.planes.iter_mut().enumerate() {
                if flip >> j & 1 == 1 {
                    plane[r] = (plane[r] & !row) | (!plane[r] & row);
                }
            }
        }
        let (c, r0) = (c as i32, r0 as i32);
        let (c1, r1) = (c + shape.width as i32 - 1, r0 + shape.height as i32 - 1);
        if self.any {
            self.x0 = self.x0.min(c);
            self.x1 = self.x1.max(c1);
            self.y0 = self.y0.min(r0);
            self.y1 = self.y1.max(r1);
        } else {
            (self.x0, self.x1, self.y0, self.y1, self.any) = (c, c1, r0, r1, true);
        }
    }

    /// Whether a cell next to the tile of orientation `orient` anchored at table cell
    /// `(x, y)` (sharing an edge with it, not one of its cells) has height exactly `k >= 1`;
    /// cells outside the frame are bare.
    pub fn halo_at_height(&self, orient: u8, x: i32, y: i32, k: u8) -> bool {
        let shape = &ORIENTS[orient as usize];
        // frame cell of the halo's (0, 0): one row up, one column left of the anchor
        let (c, r) = (x as i64 - self.ox as i64 - 1, y as i64 - self.oy as i64 - 1);
        (0..shape.height as i64 + 2).any(|dy| {
            let row = r + dy;
            (0..N as i64).contains(&row) && window8(self.level_row(k, row as usize), c) & shape.halo[dy as usize] != 0
        })
    }

    /// The cells of height exactly `k >= 1` in row `r`.
    #[inline]
    fn level_row(&self, k: u8, r: usize) -> R {
        let mut row = self.occ[r];
        for (j, plane) in self.planes.iter().enumerate() {
            row &= if k >> j & 1 == 1 { plane[r] } else { !plane[r] };
        }
        row
    }

    /// Rows of one pattern's column in the generators' tables (the frame's rows, and
    /// room for the shapes' padding rows past the last).
    const COL: usize = N + 8;

    /// Bring the pattern tables of the cells of height exactly `k >= 1` up to date:
    /// all rows when they are not `fresh`, else the dirty ones (and the rows the structure
    /// grew by).  `cells`: the number of such cells; `tiles`, `exact`: the tiles placed,
    /// and the orientations of those on level k (bit o).
    pub fn refresh_stack(&self, k: u8, t: &mut StackTables<R>, cells: u32, tiles: &[Placed], exact: u64) {
        t.counted = 0;
        t.some = cells >= 5;
        t.head = [u8::MAX; 64];
        if exact != 0 {
            for (i, tile) in tiles.iter().enumerate() {
                if tile.level == k {
                    t.at[i] = ((tile.y - self.oy) as u8, (tile.x - self.ox) as u8);
                    t.next[i] = t.head[tile.orient as usize];
                    t.head[tile.orient as usize] = i as u8;
                }
            }
        }
        if !self.any {
            t.fresh = false;
            return;
        }
        if t.fits.len() < STRIDE * Self::COL {
            t.fits.resize(STRIDE * Self::COL, R::ZERO);
        }
        let (y0, y1) = (self.y0 as usize, self.y1 as usize);
        if !t.fresh {
            t.rows_with = [R::ZERO; STRIDE];
            (t.lo, t.hi) = (y0, y1);
            self.stack_rows(k, t, y0, y1);
        } else {
            let (lo, hi) = (t.lo, t.hi);
            if y0 < lo {
                self.stack_rows(k, t, y0, lo - 1);
            }
            if y1 > hi {
                self.stack_rows(k, t, hi + 1, y1);
            }
            (t.lo, t.hi) = (lo.min(y0), hi.max(y1));
            if let Some((a, b)) = t.dirty {
                self.stack_rows(k, t, a.max(t.lo), b.min(t.hi));
            }
        }
        t.fresh = true;
        t.dirty = None;
        t.rows_with[PAD] = R::ONES;
        t.present = (0..NUM_PATTERNS).fold(1u16 << PAD, |m, p| m | (!t.rows_with[p].is_zero() as u16) << p);
    }

    /// Compute rows `a..=b` of the tables of height `k` (and their PAD rows).
    fn stack_rows(&self, k: u8, t: &mut StackTables<R>, a: usize, b: usize) {
        for r in a..=b {
            let pats = pattern_rows(self.level_row(k, r));
            let bit = R::bit(r);
            for (p, &row) in pats.iter().enumerate() {
                t.fits[p * Self::COL + r] = row;
                let with = t.rows_with[p] & !bit;
                t.rows_with[p] = if row.is_zero() { with } else { with | bit };
            }
        }
        if a <= b {
            t.fits[PAD * Self::COL + a..PAD * Self::COL + b + 5].fill(R::ONES);
        }
    }

    /// The rows of the anchors of orientation `o` on the level of tables `t` that may
    /// hold any (those where each row of the shape has some fit), as `(lo, n)`, and the
    /// shape's column patterns; `None` when there are none.
    #[inline(always)]
    fn stack_window(t: &StackTables<R>, o: u8) -> Option<(usize, usize, [usize; 5])> {
        let c = ORIENTS[o as usize].columns.map(|c| c as usize % STRIDE);
        let rows_with = &t.rows_with;
        let rows = rows_with[c[0]]
            & rows_with[c[1]].shr(1)
            & rows_with[c[2]].shr(2)
            & rows_with[c[3]].shr(3)
            & rows_with[c[4]].shr(4);
        if rows.is_zero() {
            return None;
        }
        // the rows in between need no test: a pattern's row without a fit is all zeros
        let (lo, last) = rows.first_last();
        Some((lo, last + 1 - lo, c))
    }

    /// The anchors of orientation `o` on cells of height exactly `k >= 1` (a tile at level
    /// `k + 1`), less those exactly on one tile of level `k`, from the level's refreshed
    /// tables `t`: rows `lo..lo + n` into `acc[..n]`, as `(lo, n, count)`; `None` when
    /// there are none.  `acc` holds at least `N` rows.
    #[inline(always)]
    pub fn stack_orient(&self, t: &StackTables<R>, o: u8, acc: &mut [R]) -> Option<(usize, usize, u32)> {
        let (lo, n, c) = Self::stack_window(t, o)?;
        let acc = &mut acc[..n];
        let mut count = 0;
        let f = |dy: usize| &t.fits[c[dy] * Self::COL + lo + dy..][..n];
        let (f0, f1, f2, f3, f4) = (f(0), f(1), f(2), f(3), f(4));
        for (i, a) in acc.iter_mut().enumerate() {
            *a = f0[i] & f1[i] & f2[i] & f3[i] & f4[i];
            count += a.count();
        }
        // at most four copies (one piece per seat) lie on level k
        let mut i = t.head[o as usize];
        while i != u8::MAX && count != 0 {
            let (row, col) = t.at[i as usize];
            if let Some(a) = (row as usize).checked_sub(lo).and_then(|j| acc.get_mut(j)) {
                count -= a.has(col as usize) as u32;
                *a &= !R::bit(col as usize);
            }
            i = t.next[i as usize];
        }
        (count != 0).then_some((lo, n, count))
    }

    /// The number of anchors [`Grid::stack_orient`] finds, without storing them.
    #[inline(always)]
    fn stack_count(&self, t: &StackTables<R>, o: u8) -> u32 {
        let Some((lo, n, c)) = Self::stack_window(t, o) else { return 0 };
        let f = |dy: usize| &t.fits[c[dy] * Self::COL + lo + dy..][..n];
        let (f0, f1, f2, f3, f4) = (f(0), f(1), f(2), f(3), f(4));
        let mut count = 0;
        for i in 0..n {
            count += (f0[i] & f1[i] & f2[i] & f3[i] & f4[i]).count();
        }
        let mut i = t.head[o as usize];
        while i != u8::MAX && count != 0 {
            let (row, col) = t.at[i as usize];
            if let Some(j) = (row as usize).checked_sub(lo).filter(|&j| j < n) {
                count -= (f0[j] & f1[j] & f2[j] & f3[j] & f4[j]).has(col as usize) as u32;
            }
            i = t.next[i as usize];
        }
        count
    }

    /// The orientations of the pieces in `pieces` (bit o) that may fit on the level of
    /// tables `t`: those whose every row pattern fits somewhere on it.
    #[inline]
    fn stack_candidates(t: &StackTables<R>, pieces: u16) -> u64 {
        let mut possible = pieces_orients(pieces);
        let mut absent = !t.present & ((1 << NUM_PATTERNS) - 1);
        while absent != 0 {
            possible &= !NEEDING[absent.trailing_zeros() as usize];
            absent &= absent - 1;
        }
        possible
    }

    /// The placements on cells of height exactly `k >= 1` (a tile at level `k + 1`) of the
    /// pieces in `pieces` (bit p), from the level's refreshed tables `t` (see
    /// [`Grid::stack_orient`]).  Segments are stored piece by piece, orientation by
    /// orientation; `found[p]` gets the segments' range of each piece that has any, and
    /// the pieces found are returned.  `acc` holds at least `N` rows.
    pub fn stack_segments(
        &self,
        t: &mut StackTables<R>,
        pieces: u16,
        acc: &mut [R],
        out: &mut Segments,
        found: &mut [(u32, u32); 12],
    ) -> u16 {
        if !t.some || pieces == 0 {
            return 0;
        }
        let possible = Self::stack_candidates(t, pieces);
        if out.counting {
            let mut todo = possible & !t.counted;
            t.counted |= todo;
            while todo != 0 {
                let o = todo.trailing_zeros() as u8;
                todo &= todo - 1;
                t.counts[o as usize] = self.stack_count(t, o);
            }
        }
        let mut hit = 0u16;
        for (p, &mask) in PIECE_ORIENTS.iter().enumerate() {
            let mut orients = possible & mask;
            if orients == 0 {
                continue;
            }
            let start = out.segs.len();
            while orients != 0 {
                let o = orients.trailing_zeros() as u8;
                orients &= orients - 1;
                if out.counting {
                    out.add(o, 0, &acc[..0], t.counts[o as usize]);
                } else if let Some((lo, n, count)) = self.stack_orient(t, o, acc) {
                    out.add(o, lo, &acc[..n], count);
                }
            }
            if out.segs.len() > start {
                found[p] = (start as u32, out.segs.len() as u32);
                hit |= 1 << p;
            }
        }
        hit
    }

    /// Bring the pattern tables of the table (level 1) up to date: rows `y0-5..=y1+5`
    /// of the structure, all when not `fresh`, else the dirty ones and the new ones.
    pub fn refresh_table(&self, t: &mut TableTables<R>) {
        t.counted = 0;
        if !self.any {
            t.fresh = false;
            return;
        }
        if t.free.len() < STRIDE * Self::COL {
            t.free.resize(STRIDE * Self::COL, R::ZERO);
            t.touch.resize(STRIDE * Self::COL, R::ZERO);
        }
        let m = MARGIN as usize;
        // rows y0-5 ..= y1+5 hold every cell of a touching placement (the margins keep
        // them inside the frame)
        let (lo, hi) = (self.y0 as usize - m, self.y1 as usize + m);
        if !t.fresh {
            self.table_rows(t, lo, hi);
            (t.lo, t.hi) = (lo, hi);
        } else {
            if lo < t.lo {
                self.table_rows(t, lo, t.lo - 1);
            }
            if hi > t.hi {
                self.table_rows(t, t.hi + 1, hi);
            }
            (t.lo, t.hi) = (t.lo.min(lo), t.hi.max(hi));
            if let Some((a, b)) = t.dirty {
                self.table_rows(t, a.max(t.lo), b.min(t.hi));
            }
        }
        t.fresh = true;
        t.dirty = None;
    }

    /// Compute rows `a..=b` of the table's tables: per pattern, `free`, the anchors where
    /// every cell of the pattern is bare (PAD: all ones), and `touch`, those where some
    /// cell of it is next to the structure (PAD: none).
    fn table_rows(&self, t: &mut TableTables<R>, a: usize, b: usize) {
        for r in a..=b {
            let occ = self.occ[r];
            let empty = !occ;
            let mut near = occ.shl(1) | occ.shr(1);
            if r > 0 {
                near |= self.occ[r - 1];
            }
            if r + 1 < N {
                near |= self.occ[r + 1];
            }
            near &= empty;
            for (p, (f, g)) in pattern_rows(empty).into_iter().zip(pattern_rows_any(near)).enumerate() {
                t.free[p * Self::COL + r] = f;
                t.touch[p * Self::COL + r] = g;
            }
            t.free[PAD * Self::COL + r] = R::ONES;
            t.touch[PAD * Self::COL + r] = R::ZERO;
        }
    }

    /// The level-1 anchors of orientation `o`: on bare cells, sharing an edge with the
    /// structure, from the refreshed tables `t`: rows `lo..lo + n` into `acc[..n]`, as
    /// `(lo, n, count)`; with no `acc`, only the count.
    #[inline(always)]
    pub fn table_orient(&self, t: &TableTables<R>, o: u8, acc: Option<&mut [R]>) -> (usize, usize, u32) {
        let shape: &Orient = &ORIENTS[o as usize];
        let (free, touch) = (&t.free, &t.touch);
        // anchors from the row where the shape's last row is just above the structure, to
        // the row just below it
        let first = self.y0 as usize - shape.height as usize;
        let n = self.y1 as usize + 2 - first;
        let c = shape.columns.map(|c| c as usize % STRIDE);
        let f = |dy: usize| &free[c[dy] * Self::COL + first + dy..][..n];
        let g = |dy: usize| &touch[c[dy] * Self::COL + first + dy..][..n];
        let (f0, f1, f2, f3, f4) = (f(0), f(1), f(2), f(3), f(4));
        let (t0, t1, t2, t3, t4) = (g(0), g(1), g(2), g(3), g(4));
        let mut count = 0;
        if let Some(acc) = acc {
            for (i, a) in acc[..n].iter_mut().enumerate() {
                *a = f0[i] & f1[i] & f2[i] & f3[i] & f4[i] & (t0[i] | t1[i] | t2[i] | t3[i] | t4[i]);
                count += a.count();
            }
        } else {
            for i in 0..n {
                count += (f0[i] & f1[i] & f2[i] & f3[i] & f4[i] & (t0[i] | t1[i] | t2[i] | t3[i] | t4[i])).count();
            }
        }
        (first, n, count)
    }

    /// The level-1 placements of the pieces in `pieces` (see [`Grid::table_orient`]).
    /// Stored and recorded like [`Grid::stack_segments`].
    pub fn table_segments(
        &self,
        t: &mut TableTables<R>,
        pieces: u16,
        acc: &mut [R],
        out: &mut Segments,
        found: &mut [(u32, u32); 12],
    ) -> u16 {
        if !self.any || pieces == 0 {
            return 0;
        }
        if out.counting {
            let mut todo = pieces_orients(pieces) & !t.counted;
            t.counted |= todo;
            while todo != 0 {
                let o = todo.trailing_zeros() as u8;
                todo &= todo - 1;
                t.counts[o as usize] = self.table_orient(t, o, None).2;
            }
        }
        let mut hit = 0u16;
        for p in 0..12 {
            if pieces >> p & 1 == 0 {
                continue;
            }
            let start = out.segs.len();
            for o in PIECE_FIRST[p]..PIECE_FIRST[p + 1] {
                if out.counting {
                    out.add(o, 0, &acc[..0], t.counts[o as usize]);
                } else {
                    let (lo, n, count) = self.table_orient(t, o, Some(acc));
                    out.add(o, lo, &acc[..n], count);
                }
            }
            if out.segs.len() > start {
                found[p] = (start as u32, out.segs.len() as u32);
                hit |= 1 << p;
            }
        }
        hit
    }

    /// Whether a cell of the five is next to an occupied cell (for move checks).
    pub fn touches(&self, cells: &[(i32, i32); 5]) -> bool {
        cells.iter().any(|&(x, y)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .any(|&(dx, dy)| self.height(x.saturating_add(dx), y.saturating_add(dy)) > 0)
        })
    }
}
