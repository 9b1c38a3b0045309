//! Observation tensors for learning programs (`pentarena.integrations`): a position as
//! flat `f32` planes, filled by [`observation`] into a caller-owned buffer.
//!
//! Layout ([`SHAPE`] = 3 × 6 × 6, plane-major, then row, then column): plane 0 the
//! observing seat's marbles, plane 1 the other seat's, plane 2 the empty cells.  Row `r`
//! is rank `r + 1` (rank 1 is the top row, as printed), column `c` is file `a + c`.  Pentago
//! hides nothing, so every seat's tensor holds the whole board (seen from that seat).

use super::tables::CELLS;
use super::Position;

/// Planes, rows, columns.
pub const SHAPE: [usize; 3] = [3, 6, 6];
/// Number of `f32`s in an observation.
pub const SIZE: usize = 3 * CELLS;

/// Fill `out` (length [`SIZE`]) with `position` as seen by `seat` (0 or 1).
pub fn observation(position: &Position, seat: usize, out: &mut [f32]) {
    assert_eq!(out.len(), SIZE, "an observation buffer of {SIZE} floats");
    let boards = position.boards();
    let (mine, theirs) = (boards[seat & 1], boards[1 - (seat & 1)]);
    for cell in 0..CELLS {
        let bit = 1u64 << cell;
        out[cell] = f32::from(u8::from(mine & bit != 0));
        out[CELLS + cell] = f32::from(u8::from(theirs & bit != 0));
        out[2 * CELLS + cell] = f32::from(u8::from((mine | theirs) & bit == 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentago::Move;

    #[test]
    fn planes_follow_the_seat() {
        let mut p = Position::new();
        // White a1 (cell 0) with a turn of BR, which leaves a1 in place.
        p.play(Move::from_action(3 * 2).unwrap()).unwrap();
        let mut white = [0.0; SIZE];
        let mut black = [0.0; SIZE];
        observation(&p, 0, &mut white);
        observation(&p, 1, &mut black);
        assert_eq!(white[0], 1.0);
        assert_eq!(black[CELLS], 1.0);
        assert_eq!(white.iter().sum::<f32>(), 36.0);
        assert_eq!(white[2 * CELLS], 0.0);
        assert_eq!(white[2 * CELLS + 1], 1.0);
    }
}
