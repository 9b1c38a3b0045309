//! Puzzle mode (`pentomino-puzzle`, RULES.md §3): one player tiles a region with a set of
//! pieces, each once, placing and removing pieces freely; solved when the region is
//! covered.
//!
//! Dense action ids, per table (region and pieces): `0..P` the placements of the table's
//! pieces inside the region (piece by piece, orientation by orientation, row by row,
//! column by column), then `P + k` "remove" the k-th of the table's pieces (in piece
//! order).

use std::fmt;
use std::sync::Arc;

use super::region::Region;
use super::tables::{LETTERS, PIECES};
use crate::rng::Rng;

/// A dense move id (see the module doc).
pub type Action = u16;
const NONE: u16 = u16::MAX;

/// A table's fixed facts: the region, the pieces, every placement (shared by the states
/// of one table).
#[derive(Clone, Debug)]
pub struct Tables {
    pub region: Region,
    /// The table's pieces, as a mask and in order.
    pub pieces: u16,
    piece_list: Vec<u8>,
    /// The placements of the table's pieces: masks over the region's cells, in action order.
    masks: Vec<u64>,
    piece: Vec<u8>,
    /// Piece p's placements are `start[p]..start[p + 1]` (empty for other pieces).
    start: [usize; PIECES + 1],
    /// Each placement's index in `region.placements()` (every piece).
    region_index: Vec<u32>,
}

impl Tables {
    /// `pieces`: a mask of piece indices.
    pub fn new(region: Region, pieces: u16) -> Tables {
        let all = region.placements();
        let mut masks = Vec::new();
        let mut piece = Vec::new();
        let mut region_index = Vec::new();
        let mut start = [0; PIECES + 1];
        for (p, first) in start.iter_mut().enumerate().take(PIECES) {
            *first = masks.len();
            if pieces >> p & 1 == 1 {
                for i in all.of(p) {
                    masks.push(all.masks[i]);
                    piece.push(p as u8);
                    region_index.push(i as u32);
                }
            }
        }
        start[PIECES] = masks.len();
        let piece_list = (0..PIECES as u8).filter(|&p| pieces >> p & 1 == 1).collect();
        Tables { region, pieces: pieces & ((1 << PIECES) - 1), piece_list, masks, piece, start, region_index }
    }

    /// Number of placements (the first remove action).
    pub fn num_placements(&self) -> usize {
        self.masks.len()
    }

    /// Number of distinct action ids.
    pub fn num_actions(&self) -> usize {
        self.masks.len() + self.piece_list.len()
    }

    /// The table's pieces in order.
    pub fn piece_list(&self) -> &[u8] {
        &self.piece_list
    }

    pub fn mask(&self, placement: usize) -> u64 {
        self.masks[placement]
    }

    pub fn piece_of(&self, placement: usize) -> u8 {
        self.piece[placement]
    }

    /// The placement's index among all the region's placements (`Region::placements`).
    pub fn region_index(&self, placement: usize) -> u32 {
        self.region_index[placement]
    }

    /// The remove action of piece `p` (one of the table's pieces).
    pub fn remove_action(&self, p: u8) -> Option<Action> {
        let k = self.piece_list.iter().position(|&q| q == p)?;
        Some((self.masks.len() + k) as Action)
    }

    /// The move of an action id.
    pub fn move_of(&self, action: Action) -> Option<PuzzleMove> {
        let a = action as usize;
        if a < self.masks.len() {
            Some(PuzzleMove::Place { piece: self.piece[a], placement: Some(action) })
        } else {
            self.piece_list.get(a - self.masks.len()).map(|&p| PuzzleMove::Remove(p))
        }
    }
}

/// A word move that puzzles do not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Word {
    Pick,
    Touch,
}

/// A puzzle move.  `placement` is None for a placement that leaves the region (it has no
/// action id and is refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleMove {
    Place { piece: u8, placement: Option<Action> },
    Remove(u8),
    Other(Word, u8),
}

impl PuzzleMove {
    pub fn piece(self) -> u8 {
        match self {
            PuzzleMove::Place { piece, .. } | PuzzleMove::Remove(piece) | PuzzleMove::Other(_, piece) => piece,
        }
    }
}

/// Why a puzzle move cannot be played (the Python engine's words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    Solved,
    NotUsed(u8),
    NotOnBoard(u8),
    Unsupported(Word),
    AlreadyPlaced(u8),
    LeavesRegion,
    /// The squares already covered, named.
    Covered(String),
}

fn letter(p: u8) -> char {
    LETTERS[p as usize] as char
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::Solved => write!(f, "the puzzle is solved"),
            IllegalMove::NotUsed(p) => write!(f, "this puzzle does not use the {}", letter(*p)),
            IllegalMove::NotOnBoard(p) => write!(f, "the {} is not on the board", letter(*p)),
            IllegalMove::Unsupported(w) => write!(
                f,
                "puzzles have placements and removals, not '{}'",
                if *w == Word::Pick { "pick" } else { "touch" }
            ),
            IllegalMove::AlreadyPlaced(p) => {
                let p = letter(*p);
                write!(f, "the {p} is already placed: remove it first ('remove {p}')")
            }
            IllegalMove::LeavesRegion => write!(f, "that placement leaves the region"),
            IllegalMove::Covered(names) => write!(f, "{names} already covered"),
        }
    }
}

/// A puzzle position: the pieces on the board, in the order they were placed.
#[derive(Clone, Debug)]
pub struct Puzzle {
    tables: Arc<Tables>,
    occ: u64,
    /// Per piece, its placement (or NONE).
    at: [u16; PIECES],
    /// The placed pieces, in placing order.
    order: [u8; PIECES],
    len: u8,
    history: Vec<Action>,
}

impl Puzzle {
    /// The empty region.
    pub fn new(tables: Arc<Tables>) -> Puzzle {
        Puzzle { tables, occ: 0, at: [NONE; PIECES], order: [0; PIECES], len: 0, history: Vec::new() }
    }

    pub fn tables(&self) -> &Arc<Tables> {
        &self.tables
    }

    /// Covered cells (a mask over the region's cells).
    pub fn occupied(&self) -> u64 {
        self.occ
    }

    pub fn is_solved(&self) -> bool {
        self.occ == self.tables.region.full()
    }

    /// The actions played.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The placed pieces in placing order, with their placements.
    pub fn placed(&self) -> impl Iterator<Item = (u8, Action)> + '_ {
        self.order[..self.len as usize].iter().map(|&p| (p, self.at[p as usize]))
    }

    /// The table's pieces not on the board, as a mask.
    pub fn unplaced(&self) -> u16 {
        self.tables.pieces & !self.order[..self.len as usize].iter().fold(0u16, |m, &p| m | 1 << p)
    }

    /// The legal moves: the placements of the pieces not on the board (piece order),
    /// then the removals in placing order.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.is_solved() {
            return out;
        }
        self.for_each_placement(|a| out.push(a));
        for (p, _) in self.placed() {
            out.push(self.tables.remove_action(p).expect("a table piece"));
        }
        out
    }

    /// Calls `f` with each placement that fits, in order.
    pub fn for_each_placement(&self, mut f: impl FnMut(Action)) {
        let t = &*self.tables;
        let unplaced = self.unplaced();
        for &p in &t.piece_list {
            if unplaced >> p & 1 == 1 {
                for i in t.start[p as usize]..t.start[p as usize + 1] {
                    if t.masks[i] & self.occ == 0 {
                        f(i as Action);
                    }
                }
            }
        }
    }

    /// Whether `mv` may be played here, and if not why.
    pub fn check(&self, mv: PuzzleMove) -> Result<(), IllegalMove> {
        if self.is_solved() {
            return Err(IllegalMove::Solved);
        }
        let p = mv.piece();
        if self.tables.pieces >> p & 1 == 0 {
            return Err(IllegalMove::NotUsed(p));
        }
        let on_board = self.at[p as usize] != NONE;
        match mv {
            PuzzleMove::Remove(_) if !on_board => Err(IllegalMove::NotOnBoard(p)),
            PuzzleMove::Remove(_) => Ok(()),
            PuzzleMove::Other(word, _) => Err(IllegalMove::Unsupported(word)),
            PuzzleMove::Place { .. } if on_board => Err(IllegalMove::AlreadyPlaced(p)),
            PuzzleMove::Place { placement: None, .. } => Err(IllegalMove::LeavesRegion),
            PuzzleMove::Place { placement: Some(i), .. } => {
                let covered = self.tables.masks[i as usize] & self.occ;
                if covered != 0 {
                    Err(IllegalMove::Covered(self.tables.region.names(covered, ", ")))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Play `mv` after checking it.
    pub fn play(&mut self, mv: PuzzleMove) -> Result<(), IllegalMove> {
        self.check(mv)?;
        let action = match mv {
            PuzzleMove::Place { piece, placement: Some(i) } => {
                self.place(piece, i);
                i
            }
            PuzzleMove::Remove(p) => {
                self.remove(p);
                self.tables.remove_action(p).expect("a table piece")
            }
            _ => unreachable!("checked"),
        };
        self.history.push(action);
        Ok(())
    }

    /// Play an action id.
    pub fn play_action(&mut self, action: Action) -> Result<(), IllegalMove> {
        let mv = self.tables.move_of(action).expect("an action id of this table");
        self.play(mv)
    }

    fn place(&mut self, piece: u8, placement: Action) {
        self.occ |= self.tables.masks[placement as usize];
        self.at[piece as usize] = placement;
        self.order[self.len as usize] = piece;
        self.len += 1;
    }

    fn remove(&mut self, piece: u8) {
        let i = self.at[piece as usize];
        self.occ &= !self.tables.masks[i as usize];
        self.at[piece as usize] = NONE;
        let k = self.order[..self.len as usize].iter().position(|&q| q == piece).expect("placed");
        self.order.copy_within(k + 1..self.len as usize, k);
        self.len -= 1;
    }

    /// Random fillings: from here, place uniformly random placements (never removing)
    /// until the region is covered or no piece left fits; `n` times.
    pub fn random_fillings(&self, n: u64, seed: u64) -> FillingStats {
        self.random_fillings_stoppable(n, seed, &mut || false)
    }

    /// [`Puzzle::random_fillings`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] fillings) says so: the fillings made until then.
    pub fn random_fillings_stoppable(&self, n: u64, seed: u64, stop: &mut dyn FnMut() -> bool) -> FillingStats {
        let mut rng = Rng::new(seed);
        let mut stats = FillingStats::default();
        let mut fits: Vec<Action> = Vec::new();
        for i in 0..n {
            if crate::rng::stop_before(i, stop) {
                break;
            }
            let mut p = Puzzle { history: Vec::new(), ..self.clone() };
            loop {
                fits.clear();
                if !p.is_solved() {
                    p.for_each_placement(|a| fits.push(a));
                }
                if fits.is_empty() {
                    break;
                }
                let i = fits[rng.below(fits.len() as u32) as usize];
                p.place(p.tables.piece[i as usize], i);
                stats.plies += 1;
            }
            stats.solved += p.is_solved() as u64;
            stats.cells += p.occ.count_ones() as u64;
        }
        stats
    }
}

/// What a batch of random fillings came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FillingStats {
    /// Fillings that covered the region.
    pub solved: u64,
    /// Cells covered at the end, all fillings together.
    pub cells: u64,
    /// Pieces placed, all fillings together.
    pub plies: u64,
}
