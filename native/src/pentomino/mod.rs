//! Pentomino (RULES.md §3): Golomb's game on 8×8 ([`game`]), the puzzle mode
//! ([`puzzle`]), the exact-cover puzzle solver ([`solver`]) and the exact endgame solver
//! of the 2-player game ([`endgame`]).
//!
//! Pieces are indexed 0..12 in the order `FILNPTUVWXYZ`; a set of pieces is a `u16` mask.
//! Boards are bitboards: the 8×8 board's square `(col, row)` is bit `row * 8 + col`, row 0
//! = rank 1; a puzzle region numbers its own cells in grid order ([`region`]).  Every
//! placement of every piece is precomputed — at compile time for the 8×8 board
//! ([`tables`]), when a region is made for the puzzles — in the Python package's order, so
//! placement indices are the dense action ids the Python API hands out.

pub mod endgame;
pub mod proof;
pub mod game;
pub mod observation;
pub mod puzzle;
pub mod region;
pub mod solver;
pub mod tables;

pub use game::{Action, IllegalMove, Move, Phase, PlayoutStats, Position, Round, Rules, State, NUM_ACTIONS};

#[cfg(test)]
mod tests;
