//! What the generic alpha-beta ([`crate::search`]) needs to know about Pentago: the
//! board's eight symmetries (for the transposition table and for merging symmetric
//! moves), the wins in one move (a lone placement, or a placement and a quarter turn —
//! eight table look-ups, no move generation), the evaluation and the move ordering.

use super::tables::{BIT_CELL, CELL_BIT, COUNTS, FIELD_FOUR, FIELD_LOW, FULL, LINE_FIELDS, ROTATE};
use super::{has_five, turning_actions, win_cells, Action, Move, Position, Twist};
use crate::search::{self, Game, Horizon, SearchLimits, SearchResult, PROVEN};

/// The eight symmetries of the board as maps of row-major cells: rotations by 0, 90, 180
/// and 270 degrees clockwise, then the same after a left-right mirror.
const fn sym_cell(sym: usize, cell: usize) -> usize {
    let (mut r, mut c) = (cell / 6, cell % 6);
    if sym >= 4 {
        c = 5 - c;
    }
    let mut t = 0;
    while t < sym % 4 {
        let nr = c;
        let nc = 5 - r;
        r = nr;
        c = nc;
        t += 1;
    }
    r * 6 + c
}

/// `SYM_CELL[s][cell]`: where symmetry `s` takes a row-major cell.
pub static SYM_CELL: [[u8; 36]; 8] = {
    let mut t = [[0u8; 36]; 8];
    let mut s = 0;
    while s < 8 {
        let mut c = 0;
        while c < 36 {
            t[s][c] = sym_cell(s, c) as u8;
            c += 1;
        }
        s += 1;
    }
    t
};

/// Per symmetry, the quadrant each quadrant goes to.
static SYM_QUADRANT: [[u8; 4]; 8] = {
    let mut t = [[0u8; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let mut q = 0;
        while q < 4 {
            // the quadrant's centre cell
            let centre = ((q / 2) * 3 + 1) * 6 + (q % 2) * 3 + 1;
            let to = sym_cell(s, centre);
            t[s][q] = (((to / 6) / 3) * 2 + (to % 6) / 3) as u8;
            q += 1;
        }
        s += 1;
    }
    t
};

/// Per symmetry, a quadrant's 9-bit pattern after it (the same for every quadrant).
static SYM_PATTERN: [[u16; 512]; 8] = {
    let mut t = [[0u16; 512]; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < 512 {
            let mut out = 0u16;
            let mut k = 0;
            while k < 9 {
                if p >> k & 1 == 1 {
                    // local cell k of quadrant TL, through the symmetry, then local again
                    let to = sym_cell(s, (k / 3) * 6 + k % 3);
                    let local = ((to / 6) % 3) * 3 + (to % 6) % 3;
                    out |= 1 << local;
                }
                k += 1;
            }
            t[s][p] = out;
            p += 1;
        }
        s += 1;
    }
    t
};

/// The inverse of each symmetry.
static SYM_INVERSE: [u8; 8] = {
    let mut t = [0u8; 8];
    let mut s = 0;
    while s < 8 {
        let mut u = 0;
        while u < 8 {
            if sym_cell(u, sym_cell(s, 7)) == 7 && sym_cell(u, sym_cell(s, 8)) == 8 {
                t[s] = u as u8;
            }
            u += 1;
        }
        s += 1;
    }
    t
};

/// A packed-layout side through symmetry `s`.
#[inline]
fn sym_side(side: u64, s: usize) -> u64 {
    let mut out = 0;
    for (q, &to) in SYM_QUADRANT[s].iter().enumerate() {
        let p = (side >> (16 * q) & 0x1FF) as usize;
        out |= (SYM_PATTERN[s][p] as u64) << (16 * to as u64);
    }
    out
}

#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// A move through symmetry `s` (reflections turn clockwise into counter-clockwise).
pub fn sym_action(a: Action, s: usize) -> Action {
    let mv = Move::from_action(a).expect("an action id");
    let cell = SYM_CELL[s][mv.cell as usize];
    let twist = mv.twist.map(|t| Twist {
        quadrant: SYM_QUADRANT[s][t.quadrant as usize],
        direction: if s >= 4 { 1 - t.direction } else { t.direction },
    });
    Move { cell, twist }.action()
}

/// What the evaluation gives a line of five holding `k` of a colour's marbles and none of
/// the other's: `mine[k]` for the player to move, `theirs[k]` against them (a four of the
/// player *not* to move is a threat to be answered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub mine: [i32; 5],
    pub theirs: [i32; 5],
}

/// The hand-set weights, six times as much a marble more, the opponent's four (a threat)
/// twice the mover's (the levels up to `hard`).
pub const LINE_WEIGHTS: Weights = Weights { mine: [0, 1, 6, 36, 200], theirs: [0, 1, 6, 36, 400] };

/// Weights fitted to exact values: a logistic regression of the solver's results for the
/// player to move on the line counts, over the children (after every move) of 300 solved
/// positions with 18 empty cells from 3-ply play, those where the player to move cannot
/// win at once (14,718 positions; `examples/pentago_labels.rs`,
/// `benchmarks/pentago_fit.py`, which prints these within 1%: its regression is
/// regularised), in the hand-set weights' units, fitted on four fifths of the roots.
/// Flatter than those: a line the player to move merely holds is worth much more, the
/// opponent's lines of one next to nothing.  A four of the mover's own (a win at once, so
/// none in the fit) stays above any other line.  `expert` and `perfect` search with these
/// ([`Fitted`]): at 5 plies they play clearly better, at 4 a little (docs/native.md).
pub const FITTED_WEIGHTS: Weights = Weights { mine: [0, 20, 37, 131, 400], theirs: [0, 1, 35, 77, 324] };

/// A search score (the evaluation's units) as a value for the player to move, -1..1
/// (±1 kept for proven results): `tanh(score / VALUE_SCALE)`, so that the value is about
/// that player's expected result (1 a win, 0 a draw, −1 a loss).  300 is fitted to the
/// exact values of the held-out positions (`data/pentago_labels.txt`): the mean squared
/// error of the forecast is near its least there for the fitted weights (250–325 are
/// within 1%) and less than at the 2,000 of earlier releases for both sets of weights
/// (`value_scale_forecasts_exact_values`), so a drop of 0.3 — a mistake in the post-game
/// analysis — is about a 15-point drop in the mover's chances.
pub const VALUE_SCALE: f64 = 300.0;

/// A heuristic score as a value for the player to move (see [`VALUE_SCALE`]).
pub fn score_value(score: i32) -> f64 {
    (score as f64 / VALUE_SCALE).tanh() * 0.98
}

/// [`Position::score`] from the line counts of the player to move and of the other.
#[inline]
fn lines_score(mine: u128, theirs: u128, w: &Weights) -> i32 {
    // fields where a colour has no marble, at each field's low bit
    let free = |c: u128| !(c | c >> 1 | c >> 2) & FIELD_LOW;
    lines_value(mine, free(theirs), &w.mine) - lines_value(theirs, free(mine), &w.theirs)
}

/// The weights `w` of a colour's lines (`counts`) among the `free` fields:
/// a field's bits b0, b1, b2 count 1 = b0, 2 = b1, 3 = b0 + b1, 4 = b2 (and 5 = b0 + b2,
/// a finished game, nothing), so each weight is a sum over bit masks, counted at once.
#[inline]
fn lines_value(counts: u128, free: u128, w: &[i32; 5]) -> i32 {
    let (b0, b1, b2) = (counts & free, counts >> 1 & free, counts >> 2 & free);
    let n = |mask: u128| mask.count_ones() as i32;
    w[1] * n(b0 & !b2)
        + w[2] * n(b1)
        + (w[3] - w[2] - w[1]) * n(b0 & b1)
        + w[4] * n(b2 & !b0)
}

impl Position {
    /// A move that wins at once for the player to move: a lone placement that makes
    /// five, or a placement and a quarter turn after which only the mover has five.
    pub fn winning_move(&self) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        if self.wins != 0 {
            let bit = self.wins.trailing_zeros();
            return Some(Move { cell: BIT_CELL[bit as usize], twist: None });
        }
        let (q, d, cm) = self.winning_turn()?;
        let twist = Some(Twist { quadrant: q as u8, direction: d as u8 });
        let empty = self.empty();
        if has_five(cm) {
            // any placement, then this turn
            let bit = empty.trailing_zeros();
            return Some(Move { cell: BIT_CELL[bit as usize], twist });
        }
        let shift = 16 * q;
        let hole = (empty >> shift & 0x1FF) as usize;
        let turned_empty = (empty & !(0x1FF << shift)) | (ROTATE[d][hole] as u64) << shift;
        // the cell after the turn; before it, where the turn brings it from
        let mut bit = win_cells(cm, turned_empty).trailing_zeros() as u64;
        if bit >> 4 == q as u64 {
            let local = ROTATE[1 - d][1 << (bit & 15)] as u64;
            bit = 16 * q as u64 + local.trailing_zeros() as u64;
        }
        Some(Move { cell: BIT_CELL[bit as usize], twist })
    }

    /// Whether the player to move has a [`Position::winning_move`].
    pub fn has_winning_move(&self) -> bool {
        !self.is_over() && (self.wins != 0 || self.winning_turn().is_some())
    }

    /// The first quarter turn (quadrant, direction) after which a placement wins (the
    /// game not over, no lone winning placement), with the mover's counts after it.
    fn winning_turn(&self) -> Option<(usize, usize, u128)> {
        let me = self.to_move as usize;
        if self.sides[me].count_ones() < 4 {
            return None; // five needs four marbles before the placement
        }
        for (q, table) in COUNTS.iter().enumerate() {
            let shift = 16 * q;
            let mine = (self.sides[me] >> shift & 0x1FF) as usize;
            let theirs = (self.sides[1 - me] >> shift & 0x1FF) as usize;
            let (rest_m, rest_t) = (self.counts[me] - table[mine], self.counts[1 - me] - table[theirs]);
            for (d, rotate) in ROTATE.iter().enumerate() {
                let cm = rest_m + table[rotate[mine] as usize];
                if cm & FIELD_FOUR == 0 {
                    continue; // no line of four
                }
                let ct = rest_t + table[rotate[theirs] as usize];
                // a line of the mover's four (its fifth cell empty) or five, and no five
                // of the opponent's
                let free = !(ct | ct >> 1 | ct >> 2);
                if cm >> 2 & free & FIELD_LOW != 0 && !has_five(ct) {
                    return Some((q, d, cm));
                }
            }
        }
        None
    }

    /// The heuristic score for the player to move: each line of five free of one colour
    /// is worth a weight by its marbles to that colour ([`LINE_WEIGHTS`]).
    pub fn score(&self) -> i32 {
        self.score_with(&LINE_WEIGHTS)
    }

    /// [`Position::score`] with other weights.
    pub fn score_with(&self, w: &Weights) -> i32 {
        let me = self.to_move as usize;
        lines_score(self.counts[me], self.counts[1 - me], w)
    }

    /// [`Game::horizon`] with the evaluation's weights `w`: a move's result, or the
    /// evaluation after it, from the line counts alone (as `play_unchecked` makes them).
    fn horizon_with(&self, a: Action, w: &Weights) -> Horizon {
        if a >= 288 {
            return Horizon::Over(1); // a lone winning placement
        }
        let me = self.to_move as usize;
        let bit = 1u64 << CELL_BIT[(a / 8) as usize];
        let (q, d) = ((a >> 1 & 3) as usize, (a & 1) as usize);
        let (table, rotate) = (&COUNTS[q], &ROTATE[d]);
        let mine = ((self.sides[me] | bit) >> (16 * q) & 0x1FF) as usize;
        let theirs = (self.sides[1 - me] >> (16 * q) & 0x1FF) as usize;
        let cm = self.counts[me] + LINE_FIELDS[bit.trailing_zeros() as usize] - table[mine] + table[rotate[mine] as usize];
        let ct = self.counts[1 - me] - table[theirs] + table[rotate[theirs] as usize];
        match (has_five(cm), has_five(ct)) {
            (true, true) => Horizon::Over(0),
            (true, false) => Horizon::Over(1),
            (false, true) => Horizon::Over(-1),
            _ if self.occupied() | bit == FULL => Horizon::Over(0),
            _ => Horizon::Eval(-lines_score(ct, cm, w)),
        }
    }

    /// [`Game::order_score`] with the evaluation's weights `w`.
    fn order_with(&self, child: &Position, w: &Weights) -> i32 {
        if child.is_over() {
            return PROVEN; // a finished game first: it is a win or a draw
        }
        // (a win at once for the opponent is found when the child is searched)
        -child.score_with(w)
    }

    /// The canonical hash under the eight symmetries, and the symmetry that reaches it.
    pub fn canonical(&self) -> (u64, u8) {
        let mut best = (u64::MAX, 0u8);
        for s in 0..8 {
            let (w, b) = (sym_side(self.sides[0], s), sym_side(self.sides[1], s));
            let h = mix(w ^ mix(b ^ (self.to_move as u64) << 62) ^ (self.winners as u64) << 60);
            if h < best.0 {
                best = (h, s as u8);
            }
        }
        best
    }
}

impl Game for Position {
    type Move = Action;

    fn plies_left(&self) -> Option<u32> {
        Some(self.empty_count()) // a move fills a cell; a full board ends the game
    }

    fn side(&self) -> usize {
        self.to_move as usize
    }

    fn result(&self, seat: usize) -> Option<i32> {
        match self.winners {
            0 => None,
            0b11 => Some(0),
            w if w >> seat & 1 == 1 => Some(1),
            _ => Some(-1),
        }
    }

    fn moves(&self, out: &mut Vec<Action>) {
        if self.is_over() {
            return;
        }
        out.extend(self.win_actions());
        for cell in self.turning_cells() {
            out.extend_from_slice(&turning_actions(cell));
        }
    }

    fn is_legal(&self, a: Action) -> bool {
        Move::from_action(a).is_some_and(|mv| self.check(mv).is_ok())
    }

    fn child(&self, a: Action) -> Position {
        let mv = Move::from_action(a).expect("an action id");
        let mut child = *self;
        child.play_unchecked(1 << CELL_BIT[mv.cell as usize], mv.twist);
        child
    }

    fn key(&self) -> (u64, u8) {
        self.canonical()
    }

    fn sibling_key(&self) -> u64 {
        mix(self.sides[0] ^ mix(self.sides[1] ^ (self.to_move as u64) << 62) ^ (self.winners as u64) << 60)
    }

    fn map_move(a: Action, sym: u8, inverse: bool) -> Action {
        let s = if inverse { SYM_INVERSE[sym as usize] } else { sym };
        sym_action(a, s as usize)
    }

    fn winning_move(&self) -> Option<Action> {
        self.winning_move().map(Move::action)
    }

    fn has_winning_move(&self) -> bool {
        self.has_winning_move()
    }

    fn threatens(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let mut passed = *self;
        passed.to_move ^= 1;
        passed.wins = win_cells(passed.counts[passed.to_move as usize], passed.empty());
        passed.has_winning_move()
    }

    fn evaluate(&self) -> i32 {
        self.score()
    }

    fn horizon(&self, a: Action) -> Horizon {
        self.horizon_with(a, &LINE_WEIGHTS)
    }

    fn order_score(&self, _a: Action, child: &Position) -> i32 {
        self.order_with(child, &LINE_WEIGHTS)
    }
}

/// A position searched with the [`FITTED_WEIGHTS`] (the levels above `hard`): the same game
/// as [`Position`]'s, another evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fitted(pub Position);

impl Game for Fitted {
    type Move = Action;

    fn plies_left(&self) -> Option<u32> {
        self.0.plies_left()
    }

    fn side(&self) -> usize {
        self.0.side()
    }

    fn result(&self, seat: usize) -> Option<i32> {
        self.0.result(seat)
    }

    fn moves(&self, out: &mut Vec<Action>) {
        Game::moves(&self.0, out)
    }

    fn is_legal(&self, a: Action) -> bool {
        self.0.is_legal(a)
    }

    fn child(&self, a: Action) -> Fitted {
        Fitted(self.0.child(a))
    }

    fn key(&self) -> (u64, u8) {
        self.0.canonical()
    }

    fn sibling_key(&self) -> u64 {
        self.0.sibling_key()
    }

    fn map_move(a: Action, sym: u8, inverse: bool) -> Action {
        Position::map_move(a, sym, inverse)
    }

    fn winning_move(&self) -> Option<Action> {
        Game::winning_move(&self.0)
    }

    fn has_winning_move(&self) -> bool {
        self.0.has_winning_move()
    }

    fn threatens(&self) -> bool {
        self.0.threatens()
    }

    fn evaluate(&self) -> i32 {
        self.0.score_with(&FITTED_WEIGHTS)
    }

    fn horizon(&self, a: Action) -> Horizon {
        self.0.horizon_with(a, &FITTED_WEIGHTS)
    }

    fn order_score(&self, _a: Action, child: &Fitted) -> i32 {
        self.0.order_with(&child.0, &FITTED_WEIGHTS)
    }
}

/// Search `pos` with the generic alpha-beta (the hand-set evaluation).
pub fn best_move(pos: &Position, limits: &SearchLimits) -> Option<SearchResult<Action>> {
    search::search(pos, limits)
}

/// [`best_move`] with the evaluation's [`FITTED_WEIGHTS`].
pub fn best_move_fitted(pos: &Position, limits: &SearchLimits) -> Option<SearchResult<Action>> {
    search::search(&Fitted(*pos), limits)
}

/// [`best_move`] (with `fitted`: [`best_move_fitted`]), also ended when `stop` says so,
/// as at the deadline (see [`search::search_stoppable`]).
pub fn best_move_stoppable(
    pos: &Position,
    limits: &SearchLimits,
    fitted: bool,
    stop: &mut dyn FnMut() -> bool,
) -> Option<SearchResult<Action>> {
    if fitted {
        search::search_stoppable(&Fitted(*pos), limits, stop)
    } else {
        search::search_stoppable(pos, limits, stop)
    }
}

#[cfg(test)]
mod tests;
