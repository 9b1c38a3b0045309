//! Observation tensors of Golomb's game (the 8×8 board) for learning programs
//! (`pentarena.integrations`), filled by [`observation`] into a caller-owned `f32` buffer.
//!
//! Seats are counted from the observer: "seat k" below is seat `(observer + k) % players`.
//! Layout, in this order ([`SIZE`] = 407 floats):
//! * board, 5 × 8 × 8 (plane, row, column; row 0 = rank 1, column 0 = file a): planes
//!   0–3 the squares covered in this round by seat k's pieces (zero for k ≥ players),
//!   plane 4 the empty squares;
//! * pieces, 6 × 12 (F I L N P T U V W X Y Z): row 0 the shared pool (in the draft's pick
//!   phase, the pieces still to pick); rows 1–4 the draft set of seat k (the pieces it
//!   still holds; zero without the draft); row 5 the touched piece (touch-move);
//! * status, 15: 0–3 seat k is to move; 4–6 the phase (pick, place, over); 7–10 seat k's
//!   match total divided by the target (3–4 players; zero otherwise); 11–14 seat k is
//!   at the table (k < players).
//!
//! The game hides nothing: every seat's tensor holds the whole position.

use super::game::{Phase, State, MAX_PLAYERS};
use super::tables::{MASKS, PIECES};

/// Number of `f32`s in an observation.
pub const SIZE: usize = BOARD + PIECE_ROWS + STATUS;
const BOARD: usize = 5 * 64;
const PIECE_ROWS: usize = 6 * PIECES;
const STATUS: usize = 15;

/// Fill `out` (length [`SIZE`]) with `state` as seen by `seat`.
pub fn observation(state: &State, seat: usize, out: &mut [f32]) {
    assert_eq!(out.len(), SIZE, "an observation buffer of {SIZE} floats");
    out.fill(0.0);
    let pos = &state.position;
    let rules = pos.rules();
    let players = rules.players as usize;
    let rel = |s: usize| (s + players - seat % players) % players;
    let (board, rest) = out.split_at_mut(BOARD);
    let (pieces, status) = rest.split_at_mut(PIECE_ROWS);

    for &(s, placement) in state.placed() {
        set_bits(&mut board[rel(s as usize) * 64..][..64], MASKS[placement as usize]);
    }
    set_bits(&mut board[4 * 64..], !pos.occupied());

    set_bits(&mut pieces[..PIECES], u64::from(pos.pool()));
    if let Some(sets) = pos.sets() {
        for (s, &set) in sets.iter().enumerate().take(players) {
            set_bits(&mut pieces[(1 + rel(s)) * PIECES..][..PIECES], u64::from(set));
        }
    }
    if let Some(p) = pos.touched() {
        pieces[5 * PIECES + p as usize] = 1.0;
    }

    if let Some(s) = pos.current_player() {
        status[rel(s)] = 1.0;
    }
    status[4 + match pos.phase() {
        Phase::Pick => 0,
        Phase::Place => 1,
        Phase::Over => 2,
    }] = 1.0;
    if rules.rounds() {
        for (s, &total) in pos.totals().iter().enumerate().take(players) {
            status[7 + rel(s)] = f32::from(total) / f32::from(rules.target);
        }
    }
    for k in 0..players.min(MAX_PLAYERS) {
        status[11 + k] = 1.0;
    }
}

/// Set `out[i]` to 1 for each bit `i` of `bits` below `out.len()`.
fn set_bits(out: &mut [f32], bits: u64) {
    for (i, v) in out.iter_mut().enumerate() {
        if bits >> i & 1 != 0 {
            *v = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentomino::{Move, Position, Rules};

    #[test]
    fn a_placement_shows_for_its_seat() {
        let mut state = State::new(Position::new(Rules::default(), None).unwrap());
        state.play(Move::from_action(0).unwrap()).unwrap();
        let mut me = [0.0; SIZE];
        let mut other = [0.0; SIZE];
        observation(&state, 0, &mut me);
        observation(&state, 1, &mut other);
        let covered = |o: &[f32], plane: usize| o[plane * 64..][..64].iter().sum::<f32>();
        assert_eq!(covered(&me, 0), 5.0);
        assert_eq!(covered(&other, 1), 5.0);
        assert_eq!(covered(&me, 4), 59.0);
        assert_eq!(me[BOARD..BOARD + PIECES].iter().sum::<f32>(), 11.0);
        // seat 1 to move: the observer's seat 1 (seat 0's view), seat 0 (seat 1's view)
        assert_eq!(me[BOARD + PIECE_ROWS + 1], 1.0);
        assert_eq!(other[BOARD + PIECE_ROWS], 1.0);
    }
}
