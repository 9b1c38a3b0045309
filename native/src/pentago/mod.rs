//! Pentago (RULES.md §2): 6×6, place a marble then turn a quadrant; five in a row wins.
//!
//! The board is two quadrant-packed bitboards ([`tables`]): every quarter turn is one
//! table look-up, and the 32 lines' counts are four look-ups a side, summed.  After each
//! move the position also keeps the cells where the player to move would make five by
//! placing alone (the lone winning placements), so move generation, move checks and
//! random playouts never scan lines.
//!
//! Moves are dense action ids, the same as in the Python package:
//! `cell * 8 + quadrant * 2 + direction` (0..288) for a placement with a turn — cell
//! `row * 6 + col` with row 0 = rank 1, quadrant TL, TR, BL, BR = 0..3, direction cw = 0,
//! ccw = 1 — and `288 + cell` (288..324) for a placement that wins at once.

pub mod observation;
pub mod tables;
pub mod midgame;
pub mod search;

use std::fmt;

use crate::rng::Rng;
use tables::{
    BASE3, BIT_CELL, CELLS, CELL_BIT, COUNTS, FIELD_FOUR, FIELD_LOW, FULL, LINES, LINE_FIELDS,
    NUM_LINES, POP9, ROTATE, SELECT9,
};

/// A dense move id (see the module doc).
pub type Action = u16;
/// Number of distinct action ids.
pub const NUM_ACTIONS: usize = 288 + CELLS;
/// The most legal moves a position can have (the empty board: 36 cells × 8 turns).
pub const MAX_MOVES: usize = 288;
/// Seat numbers: White moves first.
pub const WHITE: usize = 0;
pub const BLACK: usize = 1;

const QUADRANT_NAMES: [&str; 4] = ["TL", "TR", "BL", "BR"];
const DIRECTION_NAMES: [&str; 2] = ["cw", "ccw"];

/// A quarter turn: quadrant 0..4 (TL, TR, BL, BR), direction 0 = cw, 1 = ccw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Twist {
    pub quadrant: u8,
    pub direction: u8,
}

/// A move: a cell (row-major) and the quarter turn, or no turn for a placement that wins
/// at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cell: u8,
    pub twist: Option<Twist>,
}

impl Move {
    /// The move of an action id, or None when `action >= NUM_ACTIONS`.
    pub fn from_action(action: Action) -> Option<Move> {
        let a = action as usize;
        if a >= NUM_ACTIONS {
            None
        } else if a >= 288 {
            Some(Move { cell: (a - 288) as u8, twist: None })
        } else {
            let r = (a % 8) as u8;
            Some(Move { cell: (a / 8) as u8, twist: Some(Twist { quadrant: r >> 1, direction: r & 1 }) })
        }
    }

    pub fn action(self) -> Action {
        match self.twist {
            None => 288 + self.cell as Action,
            Some(t) => self.cell as Action * 8 + t.quadrant as Action * 2 + t.direction as Action,
        }
    }
}

/// A cell's name: file a–f, rank 1–6 (rank 1 is the top row).
pub fn cell_name(cell: u8) -> String {
    format!("{}{}", (b'a' + cell % 6) as char, cell / 6 + 1)
}

impl fmt::Display for Move {
    /// The canonical move text, e.g. `d4 TR cw`, or `d4` for a lone winning placement.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.twist {
            None => write!(f, "{}", cell_name(self.cell)),
            Some(t) => write!(
                f,
                "{} {} {}",
                cell_name(self.cell),
                QUADRANT_NAMES[t.quadrant as usize],
                DIRECTION_NAMES[t.direction as usize]
            ),
        }
    }
}

/// Why a move cannot be played; `Display` gives the sentence shown to a person (the same
/// words as the Python engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    Taken(u8),
    /// The placement makes five: the move must be the lone placement.
    MustNotTurn(u8),
    /// The placement does not make five: the move must turn a quadrant.
    MustTurn(u8),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => write!(f, "the game is over: no more moves can be played"),
            IllegalMove::Taken(c) => {
                write!(f, "{} is already taken: place on an empty cell", cell_name(c))
            }
            IllegalMove::MustNotTurn(c) => {
                let n = cell_name(c);
                write!(
                    f,
                    "placing on {n} makes five in a row: you win at once and do not rotate — play just '{n}'"
                )
            }
            IllegalMove::MustTurn(c) => {
                let n = cell_name(c);
                write!(f, "after placing on {n} you must rotate a quadrant, e.g. '{n} TL cw'")
            }
        }
    }
}

/// Why a set-up position is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    Overlap,
    OffBoard,
    Five,
    BadSeat,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupError::Overlap => "a cell cannot hold both colours",
            SetupError::OffBoard => "the board has 36 cells (bits 0 to 35)",
            SetupError::Five => "the position already has five in a row: the game would be over",
            SetupError::BadSeat => "the side to move is 0 (White) or 1 (Black)",
        })
    }
}

/// A side's line counts (see [`tables`]).
#[inline]
fn counts(side: u64) -> u128 {
    COUNTS[0][(side & 0x1FF) as usize]
        + COUNTS[1][(side >> 16 & 0x1FF) as usize]
        + COUNTS[2][(side >> 32 & 0x1FF) as usize]
        + COUNTS[3][(side >> 48 & 0x1FF) as usize]
}

#[inline]
fn has_five(counts: u128) -> bool {
    counts & (counts >> 2) & FIELD_LOW != 0
}

/// The empty cells on lines that hold four of a side's marbles: where its lone placement
/// makes five.
#[inline]
fn win_cells(counts: u128, empty: u64) -> u64 {
    let mut fours = counts & FIELD_FOUR;
    let mut cells = 0;
    while fours != 0 {
        cells |= LINES[(fours.trailing_zeros() / 3) as usize];
        fours &= fours - 1;
    }
    cells & empty
}

/// The number of cells (set bits) of a packed-layout mask.
#[inline]
fn cell_count(mask: u64) -> u32 {
    (POP9[(mask & 0x1FF) as usize]
        + POP9[(mask >> 16 & 0x1FF) as usize]
        + POP9[(mask >> 32 & 0x1FF) as usize]
        + POP9[(mask >> 48 & 0x1FF) as usize]) as u32
}

/// The `n`-th cell (set bit, from 0, lowest first) of a packed-layout mask;
/// `n < cell_count(mask)`.  Branch-free: the quadrant from the running counts, then the
/// cell from a table.
#[inline]
fn nth_bit(mask: u64, n: u32) -> u32 {
    let c0 = POP9[(mask & 0x1FF) as usize] as u32;
    let c1 = c0 + POP9[(mask >> 16 & 0x1FF) as usize] as u32;
    let c2 = c1 + POP9[(mask >> 32 & 0x1FF) as usize] as u32;
    let q = (n >= c0) as u32 + (n >= c1) as u32 + (n >= c2) as u32;
    let before = [0, c0, c1, c2][q as usize];
    let pattern = (mask >> (16 * q) & 0x1FF) as usize;
    16 * q + SELECT9[pattern][(n - before) as usize] as u32
}

/// The turning moves on the free cells of quadrant `q` whose cells in the 9-bit `blocked`
/// take none: cell by cell, eight turns each (TL cw, TL ccw, TR cw, ... BR ccw).
pub fn block_actions(q: usize, blocked: usize) -> impl Iterator<Item = Action> {
    let mut free = !blocked & 0x1FF;
    let origin = (q / 2) * 18 + (q % 2) * 3;
    std::iter::from_fn(move || {
        (free != 0).then(|| {
            let k = free.trailing_zeros() as usize;
            free &= free - 1;
            ((origin + (k / 3) * 6 + k % 3) * 8) as Action
        })
    })
    .flat_map(|base| base..base + 8)
}

/// The eight turning moves of placing on `cell` (row-major), in order.
#[inline]
pub fn turning_actions(cell: u8) -> [Action; 8] {
    let base = cell as Action * 8;
    std::array::from_fn(|t| base + t as Action)
}

fn to_row_major(side: u64) -> u64 {
    let mut out = 0;
    let mut s = side;
    while s != 0 {
        out |= 1 << BIT_CELL[s.trailing_zeros() as usize];
        s &= s - 1;
    }
    out
}

fn from_row_major(board: u64) -> u64 {
    let mut out = 0;
    let mut b = board;
    while b != 0 {
        out |= 1 << CELL_BIT[b.trailing_zeros() as usize];
        b &= b - 1;
    }
    out
}

/// The legal moves of a position, in order, without allocating.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    actions: [Action; MAX_MOVES],
}

impl MoveList {
    fn new() -> MoveList {
        MoveList { len: 0, actions: [0; MAX_MOVES] }
    }

    #[inline]
    fn push(&mut self, a: Action) {
        self.actions[self.len] = a;
        self.len += 1;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        &self.actions[..self.len]
    }
}

/// A Pentago position: the marbles, the side to move and, once the game is over, who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    sides: [u64; 2],
    /// Each side's line counts (see [`tables`]), kept up to date move by move.
    counts: [u128; 2],
    /// Empty cells where the player to move makes five by placing alone.
    wins: u64,
    to_move: u8,
    /// Bit s set: seat s won (both: a draw); 0 while the game goes on.
    winners: u8,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board, White to move.
    pub const fn new() -> Position {
        Position { sides: [0, 0], counts: [0, 0], wins: 0, to_move: 0, winners: 0 }
    }

    /// A set-up position from row-major bitboards (bit `row * 6 + col`).  A full board is
    /// a finished draw.
    pub fn from_boards(white: u64, black: u64, to_move: usize) -> Result<Position, SetupError> {
        if (white | black) >> CELLS != 0 {
            return Err(SetupError::OffBoard);
        }
        if white & black != 0 {
            return Err(SetupError::Overlap);
        }
        if to_move > 1 {
            return Err(SetupError::BadSeat);
        }
        let sides = [from_row_major(white), from_row_major(black)];
        let counts = [counts(sides[0]), counts(sides[1])];
        if has_five(counts[0]) || has_five(counts[1]) {
            return Err(SetupError::Five);
        }
        let mut pos = Position { sides, counts, wins: 0, to_move: to_move as u8, winners: 0 };
        if pos.occupied() == FULL {
            pos.winners = 0b11;
        } else {
            pos.wins = win_cells(counts[to_move], pos.empty());
        }
        Ok(pos)
    }

    /// Six rows of `W`, `B` and `.` (rank 1 first) separated by `/`, then optionally `/w`
    /// or `/b` (default: White when the counts are equal).  For tests and tools; the
    /// Python package parses positions itself, with its own messages.
    pub fn from_text(text: &str) -> Option<Position> {
        let mut parts: Vec<&str> = text.split('/').map(str::trim).filter(|p| !p.is_empty()).collect();
        let mut to_move = None;
        if parts.len() == 7 {
            to_move = match parts.pop()? {
                "w" | "W" => Some(0),
                "b" | "B" => Some(1),
                _ => return None,
            };
        }
        if parts.len() != 6 {
            return None;
        }
        let (mut w, mut b) = (0u64, 0u64);
        for (r, row) in parts.iter().enumerate() {
            if row.len() != 6 {
                return None;
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    'W' | 'w' => w |= 1 << (r * 6 + c),
                    'B' | 'b' => b |= 1 << (r * 6 + c),
                    '.' => {}
                    _ => return None,
                }
            }
        }
        let to_move = to_move.unwrap_or(if w.count_ones() == b.count_ones() { 0 } else { 1 });
        Position::from_boards(w, b, to_move).ok()
    }

    #[inline]
    fn occupied(&self) -> u64 {
        self.sides[0] | self.sides[1]
    }

    /// Empty cells (packed layout).
    #[inline]
    fn empty(&self) -> u64 {
        FULL & !self.occupied()
    }

    /// Number of empty cells.
    pub fn empty_count(&self) -> u32 {
        cell_count(self.empty())
    }

    pub fn is_over(&self) -> bool {
        self.winners != 0
    }

    /// The seat to move, or None when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        if self.is_over() {
            None
        } else {
            Some(self.to_move as usize)
        }
    }

    /// Bit s set when seat s won; both for a draw; 0 while the game goes on.
    pub fn winners(&self) -> u8 {
        self.winners
    }

    /// Row-major bitboards (bit `row * 6 + col`): `[white, black]`.
    pub fn boards(&self) -> [u64; 2] {
        [to_row_major(self.sides[0]), to_row_major(self.sides[1])]
    }

    /// The seat whose marble is on `cell` (row-major), if any.
    pub fn cell(&self, cell: usize) -> Option<usize> {
        let bit = 1u64 << CELL_BIT[cell];
        if self.sides[0] & bit != 0 {
            Some(0)
        } else if self.sides[1] & bit != 0 {
            Some(1)
        } else {
            None
        }
    }

    /// The empty cells (row-major) where the player to move wins by placing alone.
    pub fn win_cells(&self) -> u64 {
        to_row_major(self.wins)
    }

    /// The `n`-th empty cell (row-major), counting quadrant by quadrant (TL, TR, BL, BR)
    /// and cell by cell, and whether placing there wins at once.  `n < empty_count()`.
    pub fn nth_empty(&self, n: u32) -> (u8, bool) {
        let b = nth_bit(self.empty(), n);
        (BIT_CELL[b as usize], self.wins >> b & 1 == 1)
    }

    /// The legal moves: the lone winning placements first (by cell), then the placements
    /// with their eight turns, quadrant by quadrant (TL, TR, BL, BR), cell by cell — that
    /// is, [`Position::win_actions`] then [`block_actions`] of each of
    /// [`Position::quadrant_blocks`].
    pub fn legal_actions(&self) -> MoveList {
        let mut out = MoveList::new();
        if self.is_over() {
            return out;
        }
        for a in self.win_actions() {
            out.push(a);
        }
        for cell in self.turning_cells() {
            for a in turning_actions(cell) {
                out.push(a);
            }
        }
        out
    }

    /// The cells (row-major) that take turning moves, in the order of
    /// [`Position::legal_actions`] (the packed layout's bits run quadrant by quadrant,
    /// cell by cell); none once the game is over.
    pub fn turning_cells(&self) -> impl Iterator<Item = u8> {
        let mut free = if self.is_over() { 0 } else { self.empty() & !self.wins };
        std::iter::from_fn(move || {
            (free != 0).then(|| {
                let bit = free.trailing_zeros();
                free &= free - 1;
                BIT_CELL[bit as usize]
            })
        })
    }

    /// Whether the player to move can win by a lone placement.
    pub fn has_win_actions(&self) -> bool {
        self.wins != 0
    }

    /// The lone winning placements (action ids), by cell.
    pub fn win_actions(&self) -> impl Iterator<Item = Action> {
        let mut rm = if self.wins == 0 { 0 } else { to_row_major(self.wins) };
        std::iter::from_fn(move || {
            (rm != 0).then(|| {
                let cell = rm.trailing_zeros();
                rm &= rm - 1;
                288 + cell as Action
            })
        })
    }

    /// Per quadrant: the 9-bit pattern of its cells that take no turning move (taken, or a
    /// lone winning placement).
    pub fn quadrant_blocks(&self) -> [usize; 4] {
        let blocked = self.occupied() | self.wins;
        [0, 16, 32, 48].map(|shift| (blocked >> shift & 0x1FF) as usize)
    }

    /// Number of legal moves.
    pub fn num_legal(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let w = if self.wins == 0 { 0 } else { cell_count(self.wins) };
        w + 8 * (self.empty_count() - w)
    }

    /// Whether `action` may be played here, and if not why.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let bit = 1u64 << CELL_BIT[mv.cell as usize];
        if self.occupied() & bit != 0 {
            return Err(IllegalMove::Taken(mv.cell));
        }
        match (self.wins & bit != 0, mv.twist) {
            (true, Some(_)) => Err(IllegalMove::MustNotTurn(mv.cell)),
            (false, None) => Err(IllegalMove::MustTurn(mv.cell)),
            _ => Ok(()),
        }
    }

    /// Play `mv` after checking it.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        self.play_unchecked(1 << CELL_BIT[mv.cell as usize], mv.twist);
        Ok(())
    }

    /// Play a legal move: place on the empty packed-layout `bit`, then turn (None only for
    /// a lone winning placement).
    #[inline]
    fn play_unchecked(&mut self, bit: u64, twist: Option<Twist>) {
        let me = self.to_move as usize;
        self.sides[me] |= bit;
        let Some(twist) = twist else {
            self.winners = 1 << me;
            self.wins = 0;
            return;
        };
        self.counts[me] += LINE_FIELDS[bit.trailing_zeros() as usize];
        let (q, shift) = (twist.quadrant as usize, 16 * twist.quadrant as u32);
        let rotate = &ROTATE[twist.direction as usize];
        for s in 0..2 {
            let old = (self.sides[s] >> shift & 0x1FF) as usize;
            let new = rotate[old] as usize;
            self.sides[s] ^= ((old ^ new) as u64) << shift;
            self.counts[s] = self.counts[s] - COUNTS[q][old] + COUNTS[q][new];
        }
        let [white, black] = self.counts;
        let fives = has_five(white) as u8 | (has_five(black) as u8) << 1;
        if fives != 0 {
            self.winners = fives;
            self.wins = 0;
        } else if self.occupied() == FULL {
            self.winners = 0b11;
            self.wins = 0;
        } else {
            self.to_move ^= 1;
            self.wins = win_cells(self.counts[me ^ 1], self.empty());
        }
    }

    /// A move drawn uniformly from the legal moves (the game must not be over).
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Move {
        let (bit, twist) = self.random_bit_twist(rng);
        Move { cell: BIT_CELL[bit.trailing_zeros() as usize], twist }
    }

    #[inline]
    fn random_bit_twist(&self, rng: &mut Rng) -> (u64, Option<Twist>) {
        let w = if self.wins == 0 { 0 } else { cell_count(self.wins) };
        let r = rng.below(w + 8 * (self.empty_count() - w));
        if r < w {
            return (1 << nth_bit(self.wins, r), None);
        }
        let r = r - w;
        let bit = 1 << nth_bit(self.empty() & !self.wins, r >> 3);
        let t = r & 7;
        (bit, Some(Twist { quadrant: (t >> 1) as u8, direction: (t & 1) as u8 }))
    }

    /// Play uniformly random legal moves to the end of the game; the winners (see
    /// [`Position::winners`]) and the number of moves played.
    pub fn random_playout(mut self, rng: &mut Rng) -> (u8, u32) {
        let mut plies = 0;
        while self.winners == 0 {
            let (bit, twist) = self.random_bit_twist(rng);
            self.play_unchecked(bit, twist);
            plies += 1;
        }
        (self.winners, plies)
    }

    /// `n` random playouts from here, all from one stream seeded by `seed`.
    pub fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats {
        self.random_playouts_stoppable(n, seed, &mut || false)
    }

    /// [`Position::random_playouts`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] playouts) says so: the playouts played until then.
    pub fn random_playouts_stoppable(&self, n: u64, seed: u64, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        let mut rng = Rng::new(seed);
        let mut stats = PlayoutStats::default();
        for i in 0..n {
            if crate::rng::stop_before(i, stop) {
                break;
            }
            let (winners, plies) = self.random_playout(&mut rng);
            match winners {
                0b01 => stats.wins[0] += 1,
                0b10 => stats.wins[1] += 1,
                _ => stats.draws += 1,
            }
            crate::playouts::add_returns(&mut stats.returns, winners as u16, |s| 1 << s);
            stats.plies += plies as u64;
        }
        stats
    }

    /// The open-line scores (White's, Black's): every line of five free of the other
    /// colour is worth `4**k - 1` to the colour with `k` marbles on it.
    pub fn open_lines(&self) -> (u32, u32) {
        let [w, b] = self.counts;
        let (mut white, mut black) = (0, 0);
        for i in 0..NUM_LINES {
            let (x, y) = ((w >> (3 * i) & 7) as u32, (b >> (3 * i) & 7) as u32);
            if y == 0 {
                white += (1 << (2 * x)) - 1;
            }
            if x == 0 {
                black += (1 << (2 * y)) - 1;
            }
        }
        (white, black)
    }

    /// The heuristic value for `seat` (-1..1): a finished game's result (1 win, 0 draw,
    /// -1 loss); ±0.99 when the player to move can win by a lone placement; otherwise the
    /// open lines, `(mine - theirs) / (mine + theirs + 1)`.
    pub fn evaluate(&self, seat: usize) -> f64 {
        if self.is_over() {
            return match self.winners {
                0b11 => 0.0,
                w if w >> seat & 1 == 1 => 1.0,
                _ => -1.0,
            };
        }
        if self.wins != 0 {
            return if seat == self.to_move as usize { 0.99 } else { -0.99 };
        }
        let (white, black) = self.open_lines();
        let (a, b) = if seat == 0 { (white, black) } else { (black, white) };
        (a as f64 - b as f64) / (a as f64 + b as f64 + 1.0)
    }

    /// A key equal for equal positions: the four base-3 quadrant codes (15 bits each),
    /// the side to move (bit 60) and whether the game is over (bit 61).
    pub fn key(&self) -> u64 {
        let mut key = 0u64;
        for q in 0..4 {
            let (w, b) = ((self.sides[0] >> (16 * q) & 0x1FF) as usize, (self.sides[1] >> (16 * q) & 0x1FF) as usize);
            key |= (BASE3[w] as u64 + 2 * BASE3[b] as u64) << (15 * q);
        }
        key | (self.to_move as u64) << 60 | (self.is_over() as u64) << 61
    }
}

/// What a batch of random playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Games won by seat 0 and by seat 1.
    pub wins: [u64; 2],
    pub draws: u64,
    /// Per seat, all games together: 1 a win, 1/2 a draw (fives for both at once, or a
    /// full board without one: both seats are the "winners" of a draw), 0 a loss (as
    /// `State.returns()`).
    pub returns: [f64; 2],
    /// Moves played, all games together.
    pub plies: u64,
}

/// A game in progress: the position and the moves that led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub position: Position,
    history: [Action; CELLS],
    len: u8,
}

impl Default for State {
    fn default() -> Self {
        State::new(Position::new())
    }
}

impl State {
    pub fn new(position: Position) -> State {
        State { position, history: [0; CELLS], len: 0 }
    }

    /// The actions played, in order.
    pub fn history(&self) -> &[Action] {
        &self.history[..self.len as usize]
    }

    /// Play `action` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position.play(mv)?;
        self.history[self.len as usize] = mv.action();
        self.len += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
