//! The exact solver for one 2-player placement position (normal play: whoever cannot
//! place a piece on their turn loses — the last placer wins): the proof search of
//! [`super::proof`] with a table of its own (2^20 entries), its root trying the moves in
//! legal-move order and returning the first that wins, so the move is the one the Python
//! reference (`pentomino/reference_endgame.py`) names.  Ordering below the root changes how
//! fast, never what.

use std::time::Instant;

use super::proof::Prover;

/// The result of a search that finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Whether the player to move wins.
    pub wins: bool,
    /// A winning placement (None when the mover loses).
    pub placement: Option<u16>,
    /// Positions searched.
    pub nodes: u64,
}

/// Transposition table entries (16 bytes each).
const TT_BITS: u32 = 20;

/// Solve a 2-player placement position for the player to move: covered squares `occ`,
/// the mover's pieces `mine`, the other's `theirs` (both the pool in the standard game,
/// `shared`); `only` restricts the first placement to one piece (touch-move).  None when
/// the `deadline` passes first, or `stop` (asked with the clock; `&mut || false`: never)
/// says so.
pub fn solve(
    occ: u64,
    mine: u16,
    theirs: u16,
    shared: bool,
    only: Option<u8>,
    deadline: Option<Instant>,
    stop: &mut dyn FnMut() -> bool,
) -> Option<Solved> {
    let found = Prover::new(TT_BITS, shared).solve_first(occ, mine, theirs, only, deadline, stop)?;
    Some(Solved { wins: found.wins, placement: found.placement.filter(|_| found.wins), nodes: found.nodes })
}
