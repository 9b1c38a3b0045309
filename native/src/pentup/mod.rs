//! Pent-Up (RULES.md §1): 2–4 players stack pentominoes; each tile goes on the highest
//! level where it fits.
//!
//! The table is unbounded; the position keeps its cells in a frame of bitboards around the
//! structure ([`grid`]), re-based (rebuilt from the tiles, centred) whenever a tile comes
//! within the margin of an edge: a 64 × 64 frame while the structure spans at most 54
//! cells each way — every game seen in random play — and a 256 × 256 one beyond (any game
//! the rules allow fits).  Coordinates in the API are the table's own (`i32`; the Python
//! package keeps them within ±10⁹).
//!
//! Legal moves come out in the order of the Python engine: piece (F I L N P T U V W X Y Z),
//! orientation, then anchor (the placement's min-x, min-y corner) by y, then x.  A move is
//! an orientation id (0..63, [`tables`]) and an anchor.  The first tile may go anywhere;
//! it is listed once per orientation, at anchor (0, 0).
//!
//! Dense actions ([`Position::action_origin`]): `orient * W * W + (y - oy) * W + (x - ox)`
//! for the anchor `(x, y)` in a `W × W` window ([`WINDOW`] = 48) whose origin `(ox, oy)` is
//! five cells left of and above the structure's bounding box (`(-5, -5)` on the empty
//! table).  Every legal placement lies in that window while the structure spans at most
//! `W - 6` = 42 cells each way (always, in random play); beyond, the placements outside it
//! have no action id ([`Position::actions_complete`] says so) and, should none of the legal
//! placements be inside, the window is centred on the first legal move instead, so a game
//! that is not over always has a legal action.

pub mod grid;
pub mod search;
pub mod observation;
pub mod tables;

use std::fmt;

use crate::rng::Rng;
use grid::{Grid, Placed, Row, Scratch, Segment, Segments, W4};
use tables::{ORIENTS, PIECE_FIRST, PIECE_NAMES};

/// Seats' colours, in seat order.
pub const COLOURS: [&str; 4] = ["White", "Black", "Red", "Blue"];
pub const MAX_PLAYERS: usize = 4;
pub const MAX_TILES: usize = 12 * MAX_PLAYERS;
/// Levels go up to 24: each level below the top holds at least two of the 48 tiles.
pub const MAX_LEVEL: usize = 24;
/// Side of the dense actions' window.
pub const WINDOW: i32 = 48;
/// Number of dense action ids: 63 orientations × the anchors of the window.
/// The first tile's cells lie within ±`FIRST_REACH` in x and y: a tile on the table
/// reaches at most 5 cells past the structure, so the 47 after it stay within ±10⁹, the
/// coordinates move text names (the table is unbounded; rules are translation invariant).
pub const FIRST_REACH: i32 = 999_999_744;
pub const NUM_ACTIONS: usize = tables::NUM_ORIENTS * (WINDOW * WINDOW) as usize;
const FULL_HAND: u16 = (1 << 12) - 1;

/// How records are compared at the end (RULES.md §1, "Scoring").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    Standard,
    Misere,
    Advanced,
}

impl Scoring {
    pub fn from_name(name: &str) -> Option<Scoring> {
        match name {
            "standard" => Some(Scoring::Standard),
            "misere" => Some(Scoring::Misere),
            "advanced" => Some(Scoring::Advanced),
            _ => None,
        }
    }
}

/// A table's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub players: u8,
    /// Four players in two teams, seats 0+2 against 1+3.
    pub teams: bool,
    pub scoring: Scoring,
}

impl Rules {
    pub fn new(players: u8, teams: bool, scoring: Scoring) -> Result<Rules, &'static str> {
        if !(2..=4).contains(&players) {
            return Err("Pent-Up is played by 2 to 4 players");
        }
        if teams && players != 4 {
            return Err("teams are played with exactly 4 players (0+2 against 1+3)");
        }
        Ok(Rules { players, teams, scoring })
    }

    /// The sides that win or lose together, as seat masks.
    pub fn sides(&self) -> &'static [u8] {
        if self.teams {
            &[0b0101, 0b1010]
        } else {
            &[0b0001, 0b0010, 0b0100, 0b1000][..self.players as usize]
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules { players: 2, teams: false, scoring: Scoring::Standard }
    }
}

/// A placement: an orientation id and its anchor, the (min x, min y) corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move {
    pub orient: u8,
    pub x: i32,
    pub y: i32,
}

impl Move {
    /// The piece index.
    pub fn piece(&self) -> usize {
        ORIENTS[self.orient as usize].piece as usize
    }

    /// The five cells, in the order of the move text.
    pub fn cells(&self) -> [(i32, i32); 5] {
        ORIENTS[self.orient as usize].cells.map(|(dx, dy)| (self.x + dx as i32, self.y + dy as i32))
    }
}

impl Move {
    /// The move placing piece `p` on these five cells, if they form it.
    pub fn from_cells(piece: usize, cells: &[(i32, i32)]) -> Option<Move> {
        if piece >= 12 || cells.len() != 5 {
            return None;
        }
        let x = cells.iter().map(|c| c.0).min()?;
        let y = cells.iter().map(|c| c.1).min()?;
        let mut shape: Vec<(i64, i64)> = cells.iter().map(|&(a, b)| (a as i64 - x as i64, b as i64 - y as i64)).collect();
        shape.sort();
        (PIECE_FIRST[piece]..PIECE_FIRST[piece + 1])
            .find(|&o| {
                ORIENTS[o as usize].cells.iter().map(|&(a, b)| (a as i64, b as i64)).eq(shape.iter().copied())
            })
            .map(|orient| Move { orient, x, y })
    }

    /// Read move text (`I:0,0;1,0;2,0;3,0;4,0`, cells in any order).  For tests and
    /// tools: the Python package reads move text itself, with its own messages.
    pub fn parse(text: &str) -> Option<Move> {
        let (letter, body) = text.trim().split_once(':')?;
        let letter = letter.trim().to_ascii_uppercase();
        let piece = tables::piece_index(*letter.as_bytes().first()?)?;
        let cells: Option<Vec<(i32, i32)>> = body
            .split(';')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                let (a, b) = p.split_once(',')?;
                Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
            })
            .collect();
        let cells = cells?;
        let mut distinct = cells.clone();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != 5 {
            return None;
        }
        Move::from_cells(piece, &cells)
    }
}

impl fmt::Display for Move {
    /// The canonical move text, e.g. `I:0,0;1,0;2,0;3,0;4,0` (cells sorted by x, then y).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", PIECE_NAMES[self.piece()] as char)?;
        for (i, (x, y)) in self.cells().iter().enumerate() {
            write!(f, "{}{x},{y}", if i > 0 { ";" } else { "" })?;
        }
        Ok(())
    }
}

/// Why a move cannot be played; `Display` gives the sentence shown to a person (the same
/// words as the Python engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    AlreadyPlaced { seat: u8, piece: u8, hand: u16 },
    /// The five cells and their heights.
    NotFlat { cells: [(i32, i32, u8); 5] },
    NoContact,
    /// The first tile lies beyond `FIRST_REACH`.
    FarFirst,
    /// The tile would lie exactly on this tile (piece, seat, level).
    OnOneTile { piece: u8, seat: u8, level: u8 },
    NotHighest { piece: u8, mandatory: u8, level: u8, spots: u32, example: Move },
}

fn hand_letters(hand: u16) -> String {
    let letters: Vec<String> =
        (0..12).filter(|p| hand >> p & 1 == 1).map(|p| (PIECE_NAMES[p] as char).to_string()).collect();
    letters.join(" ")
}

impl IllegalMove {
    /// The level a flat tile refused for where it lies would have been on.
    fn flat_level(&self) -> Option<u8> {
        match *self {
            IllegalMove::NoContact => Some(1),
            IllegalMove::OnOneTile { level, .. } => Some(level + 1),
            _ => None,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => write!(f, "the game is over: no more moves can be played"),
            IllegalMove::AlreadyPlaced { seat, piece, hand } => write!(
                f,
                "{} has already placed the {} tile; tiles left: {}",
                COLOURS[seat as usize],
                PIECE_NAMES[piece as usize] as char,
                hand_letters(hand)
            ),
            IllegalMove::NotFlat { cells } => {
                let shown: Vec<String> = cells.iter().map(|(x, y, h)| format!("{x},{y}={h}")).collect();
                write!(
                    f,
                    "a tile must lie flat: all five cells need the same height, but these are at \
                     different heights ({}); no overhangs or gaps",
                    shown.join(", ")
                )
            }
            IllegalMove::NoContact => write!(
                f,
                "a tile on the table must share an edge with a tile already placed \
                 (touching only at a corner is not enough)"
            ),
            IllegalMove::OnOneTile { piece, seat, level } => write!(
                f,
                "a tile cannot sit exactly on top of one tile (here the {} tile of {} on level \
                 {level}): it must rest on at least two tiles",
                PIECE_NAMES[piece as usize] as char,
                COLOURS[seat as usize]
            ),
            IllegalMove::FarFirst => write!(
                f,
                "the first tile's cells must have x and y between -{FIRST_REACH} and \
                 {FIRST_REACH}, so that every tile of the game stays within ±1000000000"
            ),
            IllegalMove::NotHighest { piece, mandatory, level, spots, example } => write!(
                f,
                "the {p} tile fits on level {mandatory}, so it must be placed there (a tile \
                 always goes on the highest level where it fits); you tried level {level}. \
                 It has {spots} spot{s} on level {mandatory}, for example {example}",
                p = PIECE_NAMES[piece as usize] as char,
                s = if spots != 1 { "s" } else { "" },
            ),
        }
    }
}

/// The legal placements of the player to move, as generated: per piece its mandatory level
/// and its segments of anchors (see [`Segment`]), plus the generator's scratch space.
/// Reused from one position to the next, so generating allocates nothing once it has grown.
#[derive(Clone, Debug)]
pub struct Gen {
    /// Per piece: the level it must be placed on, 0 when it has no placement (not in hand).
    pub levels: [u8; 12],
    /// Per piece: its placements.
    pub counts: [u32; 12],
    /// Per piece: the range of its segments.
    spans: [(u32, u32); 12],
    pub total: u32,
    out: Segments,
    /// Table coordinates of the frame cell (0, 0) the segments count from.
    origin: (i32, i32),
    /// Working space of the small frame (its tables may be kept from one position to the
    /// next, see [`Position::random_playout`]).
    scratch: Scratch<u64>,
    /// Whether a generation stops at the highest level where any of its pieces fits (the
    /// playout policy's greedy tile; the other pieces are then left unplaced).
    pub(crate) top_only: bool,
}

impl Default for Gen {
    fn default() -> Self {
        Gen::new()
    }
}

impl Gen {
    pub fn new() -> Gen {
        Gen {
            levels: [0; 12],
            counts: [0; 12],
            spans: [(0, 0); 12],
            total: 0,
            out: Segments::default(),
            origin: (0, 0),
            scratch: Scratch::default(), // grown on first use: a new Gen costs nothing
            top_only: false,
        }
    }

    fn clear(&mut self) {
        self.levels = [0; 12];
        self.counts = [0; 12];
        self.spans = [(0, 0); 12];
        self.total = 0;
        self.out.clear();
    }

    /// The segments of piece `p`, in order.
    pub fn piece_segments(&self, p: usize) -> &[Segment] {
        let (a, b) = self.spans[p];
        &self.out.segs[a as usize..b as usize]
    }

    /// Every segment, in the order of the legal moves.
    pub fn segments(&self) -> impl Iterator<Item = &Segment> + '_ {
        (0..12).flat_map(move |p| self.piece_segments(p).iter())
    }

    /// Every legal move, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.segments().flat_map(move |seg| self.segment_moves(seg))
    }

    /// The rows of a segment: per row, the anchor of bit 0 of its first word (table
    /// coordinates) and its words.
    pub fn segment_rows<'a>(&'a self, seg: &Segment) -> impl Iterator<Item = ((i32, i32), &'a [u64])> + 'a {
        let (x, y0) = self.origin;
        let row = seg.row as i32;
        self.out
            .words_of(seg)
            .chunks_exact(seg.width as usize)
            .enumerate()
            .map(move |(i, words)| ((x, y0 + row + i as i32), words))
    }

    /// The moves of one segment, in order.
    pub fn segment_moves<'a>(&'a self, seg: &Segment) -> impl Iterator<Item = Move> + 'a {
        let orient = seg.orient;
        self.segment_rows(seg).flat_map(move |((x, y), words)| {
            words.iter().enumerate().flat_map(move |(k, &w)| {
                let mut bits = w;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let i = bits.trailing_zeros() as i32;
                        bits &= bits - 1;
                        Move { orient, x: x + 64 * k as i32 + i, y }
                    })
                })
            })
        })
    }

    /// The `n`-th placement (from 0, in order) of piece `p`; `n < counts[p]`.
    pub fn nth_of_piece(&self, p: usize, n: u32) -> Move {
        let (seg, k) = self.segment_of(p, n);
        let (i, bit) = nth_bit(self.out.words_of(&seg), k).expect("n is below the segment's count");
        let (x, y) = self.origin;
        let (row, word) = (i / seg.width as usize, i % seg.width as usize);
        Move { orient: seg.orient, x: x + 64 * word as i32 + bit as i32, y: y + (seg.row as usize + row) as i32 }
    }

    /// The `n`-th legal move (from 0, in order); `n < total`.
    pub fn nth(&self, n: u32) -> Move {
        let (p, n) = self.piece_of(n);
        self.nth_of_piece(p, n)
    }

    /// The piece of the `n`-th legal move, and the move's number among the piece's.
    fn piece_of(&self, mut n: u32) -> (usize, u32) {
        for p in 0..12 {
            if n < self.counts[p] {
                return (p, n);
            }
            n -= self.counts[p];
        }
        panic!("nth: n is not below the number of legal moves")
    }

    /// The segment of piece `p`'s `n`-th placement, and the placement's number in it.
    fn segment_of(&self, p: usize, n: u32) -> (Segment, u32) {
        let segs = self.piece_segments(p);
        let n = n + segs[0].before;
        let seg = segs[segs.partition_point(|s| s.before <= n) - 1];
        (seg, n - seg.before)
    }

    /// Count the placements: per piece, in all, and before each segment.
    fn finish(&mut self) {
        let mut total = 0;
        for p in 0..12 {
            let (a, b) = self.spans[p];
            let start = total;
            for seg in &mut self.out.segs[a as usize..b as usize] {
                seg.before = total;
                total += seg.count;
            }
            self.counts[p] = total - start;
        }
        self.total = total;
    }
}

/// The `k`-th set bit (from 0) of `words` read in order, as (word index, bit), if any.
fn nth_bit(words: &[u64], mut k: u32) -> Option<(usize, u32)> {
    for (i, &w) in words.iter().enumerate() {
        let c = w.count_ones();
        if k < c {
            let mut bits = w;
            for _ in 0..k {
                bits &= bits - 1;
            }
            return Some((i, bits.trailing_zeros()));
        }
        k -= c;
    }
    None
}

/// The small frame is kept inline (a position is copied without allocating); the large one,
/// 40 KB and rare, is boxed.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Table {
    Small(Grid<u64, 64>),
    Large(Box<Grid<W4, 256>>),
}

/// A Pent-Up position: the tiles placed (in order: tile `i` is seat `i % players`'s), the
/// hands and the frame of bitboards.
#[derive(Clone, Debug)]
pub struct Position {
    rules: Rules,
    to_move: u8,
    hands: [u16; MAX_PLAYERS],
    tiles: [Placed; MAX_TILES],
    ntiles: u8,
    max_level: u8,
    /// Per level: bit o set when a tile of orientation o lies on that level.
    exact: [u64; MAX_LEVEL + 1],
    /// Per height k >= 1: the number of cells of height exactly k.
    cells: [u16; MAX_LEVEL + 1],
    table: Table,
}

impl Default for Position {
    fn default() -> Self {
        Position::new(Rules::default())
    }
}

impl Position {
    /// The empty table.
    pub fn new(rules: Rules) -> Position {
        Position {
            rules,
            to_move: 0,
            hands: [FULL_HAND; MAX_PLAYERS],
            tiles: [Placed::default(); MAX_TILES],
            ntiles: 0,
            max_level: 0,
            exact: [0; MAX_LEVEL + 1],
            cells: [0; MAX_LEVEL + 1],
            table: Table::Small(Grid::new(-32, -32)),
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn is_over(&self) -> bool {
        self.ntiles as usize == 12 * self.rules.players as usize
    }

    /// The seat to move, or None when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.to_move as usize)
    }

    /// The unplayed tiles of `seat` (bit p: piece p).
    pub fn hand(&self, seat: usize) -> u16 {
        self.hands[seat]
    }

    /// The tiles placed, in order (tile `i` belongs to seat `i % players`).
    pub fn tiles(&self) -> &[Placed] {
        &self.tiles[..self.ntiles as usize]
    }

    /// The highest level reached (0 on the empty table).
    pub fn max_level(&self) -> u8 {
        self.max_level
    }

    /// Whether the frame in use is the large one (for tests).
    pub fn is_large(&self) -> bool {
        matches!(self.table, Table::Large(_))
    }

    /// The number of tiles stacked on table cell `(x, y)`.
    pub fn height(&self, x: i32, y: i32) -> u8 {
        match &self.table {
            Table::Small(g) => g.height(x, y),
            Table::Large(g) => g.height(x, y),
        }
    }

    /// The index of the tile on top of table cell `(x, y)`, if any.
    pub fn top_tile(&self, x: i32, y: i32) -> Option<usize> {
        self.tiles().iter().rposition(|t| Move { orient: t.orient, x: t.x, y: t.y }.cells().contains(&(x, y)))
    }

    /// The bounding box of the structure, `(x0, x1, y0, y1)` in table coordinates.
    pub fn bounds(&self) -> Option<(i32, i32, i32, i32)> {
        fn of<R: Row, const N: usize>(g: &Grid<R, N>) -> Option<(i32, i32, i32, i32)> {
            g.any.then(|| (g.ox + g.x0, g.ox + g.x1, g.oy + g.y0, g.oy + g.y1))
        }
        match &self.table {
            Table::Small(g) => of(g),
            Table::Large(g) => of(g),
        }
    }

    // ------------------------------------------------------------------ generation

    /// Generate into `gen` the placements of the pieces in `pieces` (bit p) for the player
    /// to move, on levels above `floor` only (0: every level); each piece at its highest.
    /// `keep`: `gen`'s tables are this position's where still fresh (a playout's next
    /// position, see [`Scratch::placed`]); otherwise they are all rebuilt.
    fn generate_pieces(&self, pieces: u16, floor: u8, gen: &mut Gen, keep: bool) {
        gen.clear();
        if !keep {
            gen.scratch.forget();
        }
        if self.is_over() || pieces == 0 {
            return;
        }
        if self.ntiles == 0 {
            gen.origin = (0, 0);
            if floor == 0 {
                for p in 0..12 {
                    if pieces >> p & 1 == 1 {
                        let start = gen.out.segs.len() as u32;
                        for o in PIECE_FIRST[p]..PIECE_FIRST[p + 1] {
                            gen.out.add::<u64>(o, 0, &[1], 1);
                        }
                        gen.spans[p] = (start, gen.out.segs.len() as u32);
                        gen.levels[p] = 1;
                    }
                }
            }
            gen.finish();
            return;
        }
        match &self.table {
            Table::Small(g) => {
                gen.origin = (g.ox, g.oy);
                let mut scratch = std::mem::take(&mut gen.scratch);
                self.generate_on(g, pieces, floor, &mut scratch, gen);
                gen.scratch = scratch;
            }
            Table::Large(g) => {
                gen.origin = (g.ox, g.oy);
                let mut scratch = Scratch::<W4>::default();
                self.generate_on(g, pieces, floor, &mut scratch, gen);
            }
        }
        gen.finish();
    }

    fn generate_on<R: Row, const N: usize>(
        &self,
        g: &Grid<R, N>,
        pieces: u16,
        floor: u8,
        scratch: &mut Scratch<R>,
        gen: &mut Gen,
    ) {
        if scratch.frame != (g.ox, g.oy) {
            scratch.forget();
            scratch.frame = (g.ox, g.oy);
        }
        if scratch.acc.len() < N {
            scratch.acc.resize(N, R::ZERO);
        }
        if scratch.stack.len() <= self.max_level as usize {
            scratch.stack.resize_with(self.max_level as usize + 1, Default::default);
        }
        let mut remaining = pieces;
        let tiles = self.tiles();
        for level in (2..=self.max_level + 1).rev() {
            if level <= floor || remaining == 0 {
                break;
            }
            let k = level - 1;
            let tables = &mut scratch.stack[k as usize];
            if !tables.fresh || tables.is_dirty() {
                g.refresh_stack(k, tables, self.cells[k as usize] as u32, tiles, self.exact[k as usize]);
            }
            let hit = g.stack_segments(tables, remaining, &mut scratch.acc, &mut gen.out, &mut gen.spans);
            for p in 0..12 {
                if hit >> p & 1 == 1 {
                    gen.levels[p] = level;
                }
            }
            remaining &= !hit;
            if gen.top_only && hit != 0 {
                return;
            }
        }
        if floor == 0 && remaining != 0 {
            if !scratch.table.fresh || scratch.table.is_dirty() {
                g.refresh_table(&mut scratch.table);
            }
            let hit = g.table_segments(&mut scratch.table, remaining, &mut scratch.acc, &mut gen.out, &mut gen.spans);
            for p in 0..12 {
                if hit >> p & 1 == 1 {
                    gen.levels[p] = 1;
                }
            }
        }
    }

    /// Every legal placement of the player to move, into `gen`.
    pub fn generate(&self, gen: &mut Gen) {
        let hand = if self.is_over() { 0 } else { self.hands[self.to_move as usize] };
        self.generate_pieces(hand, 0, gen, false);
    }

    /// The legal moves, in order (allocates; see [`Position::generate`] for the fast way).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut gen = Gen::new();
        self.generate(&mut gen);
        gen.moves().collect()
    }

    // ------------------------------------------------------------------ moves

    /// Whether `mv` may be played here, and if not why; `Ok(level)` when it may.  `gen`
    /// is scratch space, or — when `generated` — already holds this position's
    /// [`Position::generate`] (then it is only read).
    pub fn check(&self, mv: Move, gen: &mut Gen, generated: bool) -> Result<u8, IllegalMove> {
        let Some((piece, level, refused)) = self.check_flat(mv)? else { return Ok(1) };
        if !generated {
            self.generate_pieces(1 << piece, level, gen, false);
        }
        Self::check_level(gen, piece, level, refused)
    }

    /// [`Position::check`] with this position's [`Position::generate`] in `gen`.
    pub fn check_generated(&self, mv: Move, gen: &Gen) -> Result<u8, IllegalMove> {
        let Some((piece, level, refused)) = self.check_flat(mv)? else { return Ok(1) };
        Self::check_level(gen, piece, level, refused)
    }

    /// [`Position::check_spot`], with a flat tile refused for where it lies (no contact,
    /// on one tile) kept for [`Position::check_level`]: the piece, the level it lies on
    /// and that refusal.
    fn check_flat(&self, mv: Move) -> Result<Option<(usize, u8, Option<IllegalMove>)>, IllegalMove> {
        match self.check_spot(mv) {
            Ok(spot) => Ok(spot.map(|(piece, level)| (piece, level, None))),
            Err(refused) => match refused.flat_level() {
                Some(level) => Ok(Some((mv.piece(), level, Some(refused)))),
                None => Err(refused),
            },
        }
    }

    /// The highest-level rule for a tile on `level`; a tile refused for where it lies
    /// hears that rule instead when it must go higher anyway (the reason that tells the
    /// player where it can go), else that refusal.
    fn check_level(gen: &Gen, piece: usize, level: u8, refused: Option<IllegalMove>) -> Result<u8, IllegalMove> {
        let highest = Self::check_highest(gen, piece, level);
        match refused {
            Some(refused) => Err(highest.err().unwrap_or(refused)),
            None => highest,
        }
    }

    /// Every rule but the highest level's: `Ok(None)` for the first tile (it may go
    /// anywhere), else the piece and the level the tile would lie on.
    fn check_spot(&self, mv: Move) -> Result<Option<(usize, u8)>, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let seat = self.to_move;
        let piece = mv.piece();
        if self.hands[seat as usize] >> piece & 1 == 0 {
            return Err(IllegalMove::AlreadyPlaced { seat, piece: piece as u8, hand: self.hands[seat as usize] });
        }
        let cells = mv.cells();
        if self.ntiles == 0 {
            let near = |c: i32| (-FIRST_REACH..=FIRST_REACH).contains(&c);
            return if cells.iter().all(|&(x, y)| near(x) && near(y)) { Ok(None) } else { Err(IllegalMove::FarFirst) };
        }
        let heights = cells.map(|(x, y)| self.height(x, y));
        if heights.iter().any(|&h| h != heights[0]) {
            let mut shown = [(0, 0, 0); 5];
            for i in 0..5 {
                shown[i] = (cells[i].0, cells[i].1, heights[i]);
            }
            return Err(IllegalMove::NotFlat { cells: shown });
        }
        let level = heights[0] + 1;
        if level == 1 {
            let touches = match &self.table {
                Table::Small(g) => g.touches(&cells),
                Table::Large(g) => g.touches(&cells),
            };
            if !touches {
                return Err(IllegalMove::NoContact);
            }
        } else if self.exact[level as usize - 1] >> mv.orient & 1 == 1 {
            let under = self.tiles().iter().position(|t| {
                t.level == level - 1 && t.orient == mv.orient && t.x == mv.x && t.y == mv.y
            });
            if let Some(i) = under {
                let seat = (i % self.rules.players as usize) as u8;
                return Err(IllegalMove::OnOneTile { piece: piece as u8, seat, level: level - 1 });
            }
        }
        Ok(Some((piece, level)))
    }

    /// The highest-level rule, from `gen` (the piece's placements above `level`, or all).
    fn check_highest(gen: &Gen, piece: usize, level: u8) -> Result<u8, IllegalMove> {
        let mandatory = gen.levels[piece];
        if mandatory > level {
            return Err(IllegalMove::NotHighest {
                piece: piece as u8,
                mandatory,
                level,
                spots: gen.counts[piece],
                example: gen.nth_of_piece(piece, 0),
            });
        }
        Ok(level)
    }

    /// Play `mv` after checking it (`gen`: scratch space).
    pub fn play(&mut self, mv: Move, gen: &mut Gen) -> Result<(), IllegalMove> {
        self.play_with(mv, gen, false)
    }

    /// Play `mv` after checking it, with `gen` as in [`Position::check`].
    pub fn play_with(&mut self, mv: Move, gen: &mut Gen, generated: bool) -> Result<(), IllegalMove> {
        let level = self.check(mv, gen, generated)?;
        self.place(mv, level);
        Ok(())
    }

    /// Play `mv` after checking it against this position's generated moves in `gen`.
    pub fn play_generated(&mut self, mv: Move, gen: &Gen) -> Result<(), IllegalMove> {
        let level = self.check_generated(mv, gen)?;
        self.place(mv, level);
        Ok(())
    }

    /// Play a legal move at its level (the height of its cells + 1), which is returned.
    pub fn play_unchecked(&mut self, mv: Move) -> u8 {
        let (dx, dy) = ORIENTS[mv.orient as usize].cells[0];
        let level = if self.ntiles == 0 { 1 } else { self.height(mv.x + dx as i32, mv.y + dy as i32) + 1 };
        self.place(mv, level);
        level
    }

    fn place(&mut self, mv: Move, level: u8) {
        let seat = self.to_move as usize;
        let tile = Placed { orient: mv.orient, level, x: mv.x, y: mv.y };
        self.tiles[self.ntiles as usize] = tile;
        self.ntiles += 1;
        self.hands[seat] &= !(1 << mv.piece());
        self.exact[level as usize] |= 1 << mv.orient;
        self.cells[level as usize] += 5;
        self.cells[level as usize - 1] = self.cells[level as usize - 1].saturating_sub(5);
        self.max_level = self.max_level.max(level);
        self.to_move = ((seat + 1) % self.rules.players as usize) as u8;
        let shape = &ORIENTS[mv.orient as usize];
        let (mut x0, mut x1, mut y0, mut y1) =
            (mv.x, mv.x + shape.width as i32 - 1, mv.y, mv.y + shape.height as i32 - 1);
        if self.ntiles > 1 {
            let (a, b, c, d) = self.bounds().expect("tiles are placed");
            (x0, x1, y0, y1) = (x0.min(a), x1.max(b), y0.min(c), y1.max(d));
        }
        let holds = match &self.table {
            Table::Small(g) => self.ntiles > 1 && g.holds(x0, x1, y0, y1),
            Table::Large(g) => g.holds(x0, x1, y0, y1),
        };
        if holds {
            match &mut self.table {
                Table::Small(g) => g.place(mv.orient, mv.x, mv.y, level),
                Table::Large(g) => g.place(mv.orient, mv.x, mv.y, level),
            }
        } else {
            self.table = self.rebuilt(x0, x1, y0, y1);
        }
    }

    /// A frame centred on the box (the small one if the box fits it), with every tile.
    fn rebuilt(&self, x0: i32, x1: i32, y0: i32, y1: i32) -> Table {
        fn fill<R: Row, const N: usize>(mut g: Grid<R, N>, tiles: &[Placed]) -> Grid<R, N> {
            for t in tiles {
                g.place(t.orient, t.x, t.y, t.level);
            }
            g
        }
        match Grid::<u64, 64>::around(x0, x1, y0, y1) {
            Some(g) => Table::Small(fill(g, self.tiles())),
            None => {
                let g = Grid::<W4, 256>::around(x0, x1, y0, y1).expect("a structure spans at most 164 cells");
                Table::Large(Box::new(fill(g, self.tiles())))
            }
        }
    }

    // ------------------------------------------------------------------ outcome

    /// The highest level counted in records: the highest reached, at least 1.
    pub fn top(&self) -> usize {
        self.max_level.max(1) as usize
    }

    /// Per seat, the tiles placed at level 1, 2, … (index 0 = level 1; up to [`Self::top`]).
    pub fn level_counts(&self) -> [[u8; MAX_LEVEL]; MAX_PLAYERS] {
        let mut out = [[0; MAX_LEVEL]; MAX_PLAYERS];
        let players = self.rules.players as usize;
        for (i, t) in self.tiles().iter().enumerate() {
            out[i % players][t.level as usize - 1] += 1;
        }
        out
    }

    /// A side's record (its comparable vector; see RULES.md §1) and its length.
    fn record(&self, counts: &[[u8; MAX_LEVEL]; MAX_PLAYERS], side: u8) -> ([u16; MAX_LEVEL + 1], usize) {
        let top = self.top();
        let mut c = [0u16; MAX_LEVEL];
        for (s, seat) in counts.iter().enumerate() {
            if side >> s & 1 == 1 {
                for (total, &n) in c.iter_mut().zip(&seat[..top]) {
                    *total += n as u16;
                }
            }
        }
        let mut out = [0u16; MAX_LEVEL + 1];
        match self.rules.scoring {
            Scoring::Standard => {
                for l in 0..top {
                    out[l] = c[top - 1 - l];
                }
                (out, top)
            }
            Scoring::Misere => {
                out[..top].copy_from_slice(&c[..top]);
                (out, top)
            }
            Scoring::Advanced => {
                out[0] = (0..top).map(|l| (l as u16 + 1) * c[l]).sum();
                for l in 0..top {
                    out[l + 1] = c[top - 1 - l];
                }
                (out, top + 1)
            }
        }
    }

    /// The seats of every side with the best record (bit s: seat s); 0 until the game is
    /// over.
    pub fn winners(&self) -> u8 {
        if !self.is_over() {
            return 0;
        }
        let counts = self.level_counts();
        let sides = self.rules.sides();
        let mut records = [([0u16; MAX_LEVEL + 1], 0usize); MAX_PLAYERS];
        for (i, &side) in sides.iter().enumerate() {
            records[i] = self.record(&counts, side);
        }
        let records = &records[..sides.len()];
        let best = records.iter().map(|(r, n)| &r[..*n]).max().expect("two sides at least");
        let mut won = 0;
        for (&side, (r, n)) in sides.iter().zip(records) {
            if &r[..*n] == best {
                won |= side;
            }
        }
        won
    }

    // ------------------------------------------------------------------ dense actions

    /// The anchor of window cell (0, 0) for the dense actions (see the module doc);
    /// `gen` holds this position's [`Position::generate`].
    pub fn action_origin(&self, gen: &Gen) -> (i32, i32) {
        let Some((x0, _, y0, _)) = self.bounds() else { return (-5, -5) };
        let origin = (x0 - 5, y0 - 5);
        if gen.total == 0 || gen.moves().any(|m| in_window(origin, m).is_some()) {
            origin
        } else {
            let first = gen.nth(0);
            (first.x - WINDOW / 2, first.y - WINDOW / 2)
        }
    }

    /// Whether every legal move has an action id (`gen` holds this position's moves).
    pub fn actions_complete(&self, gen: &Gen) -> bool {
        let origin = self.action_origin(gen);
        gen.moves().all(|m| in_window(origin, m).is_some())
    }

    /// The legal actions, in the order of the legal moves.
    pub fn legal_actions(&self, gen: &Gen) -> Vec<u32> {
        let origin = self.action_origin(gen);
        gen.moves().filter_map(|m| in_window(origin, m)).collect()
    }

    // ------------------------------------------------------------------ playouts

    /// Play uniformly random legal moves to the end; the winners and the moves played.
    pub fn random_playout(mut self, rng: &mut Rng, gen: &mut Gen) -> (u8, u32) {
        let mut plies = 0;
        let mut keep = false;
        while !self.is_over() {
            let hand = self.hands[self.to_move as usize];
            // only the move picked needs its rows: the others are counted
            let counting = self.may_count();
            gen.out.counting = counting;
            self.generate_pieces(hand, 0, gen, keep);
            let n = rng.below(gen.total);
            let mv = if counting { self.nth_counted(gen, n) } else { gen.nth(n) };
            let level = self.play_unchecked(mv);
            // the next position keeps the tables, but for the rows this tile changed
            let shape = &ORIENTS[mv.orient as usize];
            gen.scratch.placed(level, mv.y, mv.y + shape.height as i32 - 1);
            keep = true;
            plies += 1;
        }
        gen.out.counting = false;
        (self.winners(), plies)
    }

    /// Whether a playout's generation may count the placements only (see
    /// [`Segments::counting`]): on the small frame, once a tile is down.
    pub(crate) fn may_count(&self) -> bool {
        self.ntiles > 0 && matches!(self.table, Table::Small(_))
    }

    /// The `n`-th legal move of a counting generation on the small frame (see
    /// [`Segments::counting`]): the rows of its segment are computed again from the
    /// tables the generation left fresh.
    fn nth_counted(&self, gen: &mut Gen, n: u32) -> Move {
        let (p, n) = gen.piece_of(n);
        self.nth_counted_of_piece(gen, p, n)
    }

    /// The `n`-th placement of piece `p` of a counting generation (see
    /// [`Position::nth_counted`]); `n < counts[p]`.
    pub(crate) fn nth_counted_of_piece(&self, gen: &mut Gen, p: usize, n: u32) -> Move {
        let Table::Small(g) = &self.table else { unreachable!("counting runs on the small frame") };
        let (seg, k) = gen.segment_of(p, n);
        let level = gen.levels[p] as usize;
        let scratch = &mut gen.scratch;
        let (lo, rows) = if level >= 2 {
            let found = g.stack_orient(&scratch.stack[level - 1], seg.orient, &mut scratch.acc);
            let (lo, rows, _) = found.expect("a counted segment has anchors");
            (lo, rows)
        } else {
            let (lo, rows, _) = g.table_orient(&scratch.table, seg.orient, Some(&mut scratch.acc));
            (lo, rows)
        };
        let (i, bit) = nth_bit(&scratch.acc[..rows], k).expect("a segment holds the anchors it counted");
        Move { orient: seg.orient, x: g.ox + bit as i32, y: g.oy + (lo + i) as i32 }
    }

    /// `n` random playouts from here, all from one stream seeded by `seed`.
    pub fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats {
        self.random_playouts_stoppable(n, seed, &mut || false)
    }

    /// [`Position::random_playouts`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] playouts) says so: the playouts played until then.
    pub fn random_playouts_stoppable(&self, n: u64, seed: u64, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        let mut rng = Rng::new(seed);
        let mut gen = Gen::new();
        let mut stats = PlayoutStats::default();
        let sides = self.rules.sides();
        for i in 0..n {
            if crate::rng::stop_before(i, stop) {
                break;
            }
            let (winners, plies) = self.clone().random_playout(&mut rng, &mut gen);
            let winning_sides = sides.iter().filter(|&&s| winners & s != 0).count();
            for s in 0..self.rules.players as usize {
                if winners >> s & 1 == 1 {
                    if winning_sides == 1 {
                        stats.wins[s] += 1;
                    } else {
                        stats.shared[s] += 1;
                    }
                }
            }
            if winning_sides > 1 {
                stats.draws += 1;
            }
            let side_of = |s: usize| sides.iter().find(|&&side| side >> s & 1 == 1).map_or(1 << s, |&side| u16::from(side));
            crate::playouts::add_returns(&mut stats.returns[..self.rules.players as usize], u16::from(winners), side_of);
            stats.plies += plies as u64;
        }
        stats
    }
}

/// The action id of `mv` in the window at `origin`, if it is inside.
pub fn in_window(origin: (i32, i32), mv: Move) -> Option<u32> {
    let (dx, dy) = (mv.x as i64 - origin.0 as i64, mv.y as i64 - origin.1 as i64);
    let w = WINDOW as i64;
    ((0..w).contains(&dx) && (0..w).contains(&dy))
        .then(|| (mv.orient as i64 * w * w + dy * w + dx) as u32)
}

/// The move of an action id in the window at `origin`, if the id is in range.
pub fn action_move(origin: (i32, i32), action: u32) -> Option<Move> {
    let a = action as usize;
    if a >= NUM_ACTIONS {
        return None;
    }
    let w = WINDOW as usize;
    let (orient, rest) = (a / (w * w), a % (w * w));
    Some(Move { orient: orient as u8, x: origin.0 + (rest % w) as i32, y: origin.1 + (rest / w) as i32 })
}

/// What a batch of random playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Per seat: games its side won alone (a team's win counts for both partners).
    pub wins: [u64; MAX_PLAYERS],
    /// Per seat: games its side shared the best record with another side.
    pub shared: [u64; MAX_PLAYERS],
    /// Games in which several sides shared the best record.
    pub draws: u64,
    /// Per seat, all games together: 1 a win of its side, 1/k a best record shared by k
    /// sides (as `State.returns()`).
    pub returns: [f64; MAX_PLAYERS],
    /// Moves played, all games together.
    pub plies: u64,
}

#[cfg(test)]
mod tests;
