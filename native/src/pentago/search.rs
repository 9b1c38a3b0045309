//! What the generic alpha-beta ([`crate::search`]) needs to know about Pentago: the
//! board's eight symmetries (for the transposition table and for merging symmetric
//! moves), the wins in one move (a lone placement, or a placement and a quarter turn —
//! eight table look-ups, no move generation), the evaluation and the move ordering.

use super::tables::{BIT_CELL, CELL_BIT, COUNTS, FIELD_LOW, ROTATE};
use super::{has_five, win_cells, Action, Move, Position, Twist};
use crate::search::{self, Game, SearchLimits, SearchResult, PROVEN};

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

/// Evaluation weights: a line of five holding `k` of a colour's marbles and none of the
/// other's is worth `LINE_WEIGHT[k]` to that colour.
const LINE_WEIGHT: [i32; 6] = [0, 1, 6, 36, 200, 0];
/// The weight of a line of four of the player *not* to move (a threat to be answered).
const THREAT_WEIGHT: i32 = 400;

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
        let me = self.to_move as usize;
        let empty = self.empty();
        for (q, table) in COUNTS.iter().enumerate() {
            let shift = 16 * q;
            let mine = (self.sides[me] >> shift & 0x1FF) as usize;
            let theirs = (self.sides[1 - me] >> shift & 0x1FF) as usize;
            let hole = (empty >> shift & 0x1FF) as usize;
            for d in 0..2 {
                let (m2, t2) = (ROTATE[d][mine] as usize, ROTATE[d][theirs] as usize);
                let ct = self.counts[1 - me] - table[theirs] + table[t2];
                if has_five(ct) {
                    continue; // the opponent would have five too
                }
                let cm = self.counts[me] - table[mine] + table[m2];
                let twist = Some(Twist { quadrant: q as u8, direction: d as u8 });
                if has_five(cm) {
                    // any placement, then this turn
                    let bit = empty.trailing_zeros();
                    return Some(Move { cell: BIT_CELL[bit as usize], twist });
                }
                let turned_empty = (empty & !(0x1FF << shift)) | (ROTATE[d][hole] as u64) << shift;
                let cells = win_cells(cm, turned_empty);
                if cells != 0 {
                    // the cell after the turn; before it, where the turn brings it from
                    let mut bit = cells.trailing_zeros() as u64;
                    if bit >> 4 == q as u64 {
                        let local = ROTATE[1 - d][1 << (bit & 15)] as u64;
                        bit = 16 * q as u64 + local.trailing_zeros() as u64;
                    }
                    return Some(Move { cell: BIT_CELL[bit as usize], twist });
                }
            }
        }
        None
    }

    /// The heuristic score for the player to move: each line of five free of one colour
    /// is worth a weight by its marbles to that colour (`LINE_WEIGHT`; the opponent's
    /// fours, threats to be answered, more).
    pub fn score(&self) -> i32 {
        let me = self.to_move as usize;
        let (mine, theirs) = (self.counts[me], self.counts[1 - me]);
        // fields where one colour has no marble: spread each field's bits to its low bit
        let spread = |c: u128| (c | c >> 1 | c >> 2) & FIELD_LOW;
        let (has_mine, has_theirs) = (spread(mine), spread(theirs));
        let mut score = 0;
        let mut only_mine = has_mine & !has_theirs;
        while only_mine != 0 {
            let i = only_mine.trailing_zeros();
            score += LINE_WEIGHT[(mine >> i & 7) as usize];
            only_mine &= only_mine - 1;
        }
        let mut only_theirs = has_theirs & !has_mine;
        while only_theirs != 0 {
            let i = only_theirs.trailing_zeros();
            let k = (theirs >> i & 7) as usize;
            score -= if k == 4 { THREAT_WEIGHT } else { LINE_WEIGHT[k] };
            only_theirs &= only_theirs - 1;
        }
        score
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
        out.extend_from_slice(&self.legal_actions());
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

    fn evaluate(&self) -> i32 {
        self.score()
    }

    fn order_score(&self, _a: Action, child: &Position) -> i32 {
        if child.is_over() {
            return PROVEN; // a finished game first: it is a win or a draw
        }
        if child.winning_move().is_some() {
            return -PROVEN; // the opponent wins at once: last
        }
        -child.score()
    }
}

/// Search `pos` with the generic alpha-beta.
pub fn best_move(pos: &Position, limits: &SearchLimits) -> Option<SearchResult<Action>> {
    search::search(pos, limits)
}

#[cfg(test)]
mod tests;
