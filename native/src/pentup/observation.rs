//! Observation tensors of Pent-Up for learning programs (`pentarena.integrations`), filled
//! by [`observation`] into a caller-owned `f32` buffer.
//!
//! The unbounded table is seen through the dense actions' 48 × 48 window
//! ([`Position::action_origin`]): row `dy`, column `dx` is table cell `(ox + dx, oy + dy)`,
//! so plane cells and action anchors share one frame.  Seats are counted from the
//! observer: "seat k" is seat `(observer + k) % players` (with teams, k = 2 is the partner).
//! Layout, in this order ([`SIZE`] = 18,488 floats):
//! * board, 8 × 48 × 48: planes 0–3 the top tile of the cell is seat k's; plane 4 the
//!   height (tiles stacked on the cell, as a number); plane 5 a bare cell next to the
//!   structure (where a level-1 tile must touch); plane 6 the cell's top tile is not the
//!   top tile of the cell to its right (x + 1), plane 7 nor of the cell below (y + 1) —
//!   the outlines of the top tiles, which the stacking rule (never exactly on one tile)
//!   needs;
//! * hands, 4 × 12 (F I L N P T U V W X Y Z): the pieces seat k has not played;
//! * status, 8: 0–3 seat k is to move; 4–7 seat k is at the table (k < players).
//!
//! Structures wider than the window (beyond 42 cells; random games stay near 26–34) show
//! only their part inside it, as the actions do.  The game hides nothing.

use super::{Move, Position, MAX_PLAYERS, WINDOW};

const W: usize = WINDOW as usize;
/// Planes, rows, columns of the board part.
pub const BOARD_SHAPE: [usize; 3] = [8, W, W];
const BOARD: usize = 8 * W * W;
const HANDS: usize = MAX_PLAYERS * 12;
const STATUS: usize = 8;
/// Number of `f32`s in an observation.
pub const SIZE: usize = BOARD + HANDS + STATUS;

/// The window with a one-cell margin: index of table cell (x, y), if inside.
const P: usize = W + 2;

/// Fill `out` (length [`SIZE`]) with `position` as seen by `seat`, in the window whose
/// origin is `origin` (the position's [`Position::action_origin`]).
pub fn observation(position: &Position, origin: (i32, i32), seat: usize, out: &mut [f32]) {
    assert_eq!(out.len(), SIZE, "an observation buffer of {SIZE} floats");
    out.fill(0.0);
    let players = position.rules().players as usize;
    let rel = |s: usize| (s + players - seat % players) % players;
    let (ox, oy) = (origin.0 - 1, origin.1 - 1);
    let index = |x: i32, y: i32| -> Option<usize> {
        let (dx, dy) = (x - ox, y - oy);
        (0..P as i32).contains(&dx).then_some(())?;
        (0..P as i32).contains(&dy).then_some(())?;
        Some(dy as usize * P + dx as usize)
    };
    // Paint the tiles in order: the last tile on a cell is its top.
    let mut height = [0u8; P * P];
    let mut top = [u8::MAX; P * P];
    for (i, t) in position.tiles().iter().enumerate() {
        for (x, y) in (Move { orient: t.orient, x: t.x, y: t.y }).cells() {
            if let Some(j) = index(x, y) {
                height[j] += 1;
                top[j] = i as u8;
            }
        }
    }
    let (board, rest) = out.split_at_mut(BOARD);
    let plane = W * W;
    for r in 0..W {
        for c in 0..W {
            let j = (r + 1) * P + c + 1;
            let o = r * W + c;
            if height[j] > 0 {
                let seat_k = rel(top[j] as usize % players);
                board[seat_k * plane + o] = 1.0;
                board[4 * plane + o] = f32::from(height[j]);
                board[6 * plane + o] = f32::from(u8::from(top[j + 1] != top[j]));
                board[7 * plane + o] = f32::from(u8::from(top[j + P] != top[j]));
            } else if height[j - 1] | height[j + 1] | height[j - P] | height[j + P] > 0 {
                board[5 * plane + o] = 1.0;
            }
        }
    }
    let (hands, status) = rest.split_at_mut(HANDS);
    for s in 0..players {
        let hand = position.hand(s);
        for p in 0..12 {
            hands[rel(s) * 12 + p] = f32::from(u8::from(hand >> p & 1 != 0));
        }
    }
    if let Some(s) = position.current_player() {
        status[rel(s)] = 1.0;
    }
    for k in 0..players {
        status[4 + k] = 1.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentup::{Gen, Rules};

    #[test]
    fn tiles_heights_and_outlines() {
        let mut p = Position::new(Rules::default());
        let mut gen = Gen::new();
        p.generate(&mut gen);
        let first = gen.nth(0);
        p.play(first, &mut gen).unwrap();
        p.generate(&mut gen);
        let origin = p.action_origin(&gen);
        let mut me = vec![0.0; SIZE];
        let mut other = vec![0.0; SIZE];
        observation(&p, origin, 0, &mut me);
        observation(&p, origin, 1, &mut other);
        let plane = |o: &[f32], k: usize| o[k * W * W..][..W * W].iter().sum::<f32>();
        assert_eq!(plane(&me, 0), 5.0);
        assert_eq!(plane(&other, 1), 5.0);
        assert_eq!(plane(&me, 4), 5.0);
        assert!(plane(&me, 5) >= 8.0);
        assert!(plane(&me, 6) >= 2.0);
        // hands: seat 0 has 11 pieces, seat 1 12; seat 1 to move
        assert_eq!(me[BOARD..BOARD + 12].iter().sum::<f32>(), 11.0);
        assert_eq!(other[BOARD..BOARD + 12].iter().sum::<f32>(), 12.0);
        assert_eq!(other[BOARD + HANDS], 1.0);
    }
}
