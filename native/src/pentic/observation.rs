//! Observation tensors of Pentic for learning programs (`pentarena.integrations`), filled
//! by [`observation`] into a caller-owned `f32` buffer.
//!
//! A seat's tensor holds only what that seat may see (RULES.md §4): its own hand, the
//! grid, every card laid, the totals and the sizes of the hands and of the pile — never
//! another hand or the order of the pile.  Seats are counted from the observer: "seat k"
//! is seat `(observer + k) % players`.  Layout, in this order ([`SIZE`] = 403 floats):
//! * hand, 125: the cards in the observer's hand (card `(number-1)*25 + shape*5 + colour`);
//! * tops, 9 × 15: per grid position 1–9, the top card's number (5), shape (5) and colour
//!   (5), one-hot each;
//! * laid, 125: every card laid on the grid, covered or not (out of play for good);
//! * status, 18: 0–3 seat k's total divided by the target; 4–7 seat k's hand size / 5;
//!   8–11 seat k is to move; 12–15 seat k is at the table (k < players); 16 the pile's
//!   size / 116; 17 the current round is the last.
//!
//! The information-state tensor ([`information_state`], [`INFO_SIZE`] = 903 floats) adds
//! who laid which card: 4 × 125, seat k's plays so far (public, in every seat's record).
//!
//! Given the tensor, the cards the observer has not seen (neither laid nor in its hand)
//! are equally likely to be anywhere among the other hands and the pile.

use super::{Card, State, MAX_PLAYERS, NUM_CARDS, POSITIONS, UNKNOWN};

const TOPS: usize = POSITIONS * 15;
const STATUS: usize = 18;
/// Number of `f32`s in an observation.
pub const SIZE: usize = NUM_CARDS + TOPS + NUM_CARDS + STATUS;

/// Fill `out` (length [`SIZE`]) with what `seat` may see of `state` (a full state or a
/// view that knows `seat`'s hand).
pub fn observation(state: &State, seat: usize, out: &mut [f32]) {
    assert_eq!(out.len(), SIZE, "an observation buffer of {SIZE} floats");
    out.fill(0.0);
    let pos = &state.position;
    let players = pos.players();
    let seat = seat % players;
    let rel = |s: usize| (s + players - seat) % players;
    let (hand, rest) = out.split_at_mut(NUM_CARDS);
    let (tops, rest) = rest.split_at_mut(TOPS);
    let (laid, status) = rest.split_at_mut(NUM_CARDS);
    for &c in pos.hand(seat) {
        if c != UNKNOWN {
            hand[c as usize] = 1.0;
        }
    }
    for (i, &c) in pos.tops().iter().enumerate() {
        if c != UNKNOWN {
            let (number, shape, colour) = properties(c);
            tops[i * 15 + number] = 1.0;
            tops[i * 15 + 5 + shape] = 1.0;
            tops[i * 15 + 10 + colour] = 1.0;
        }
    }
    for stack in state.stacks() {
        for c in stack {
            laid[c as usize] = 1.0;
        }
    }
    let target = pos.target().max(1) as f32;
    for s in 0..players {
        let k = rel(s);
        status[k] = pos.totals()[s] as f32 / target;
        status[4 + k] = pos.hand(s).len() as f32 / 5.0;
        status[12 + k] = 1.0;
    }
    if let Some(s) = pos.current_player() {
        status[8 + rel(s)] = 1.0;
    }
    status[16] = pos.pile_size() as f32 / (NUM_CARDS - POSITIONS) as f32;
    status[17] = f32::from(u8::from(pos.ending()));
}

/// Number of `f32`s in an information-state tensor.
pub const INFO_SIZE: usize = SIZE + MAX_PLAYERS * NUM_CARDS;

/// Fill `out` (length [`INFO_SIZE`]) with [`observation`] followed by the cards each
/// seat (counted from `seat`) has played.
pub fn information_state(state: &State, seat: usize, out: &mut [f32]) {
    assert_eq!(out.len(), INFO_SIZE, "an information-state buffer of {INFO_SIZE} floats");
    let (obs, played) = out.split_at_mut(SIZE);
    observation(state, seat, obs);
    played.fill(0.0);
    let players = state.position.players();
    for play in state.plays() {
        let k = (play.seat as usize + players - seat % players) % players;
        played[k * NUM_CARDS + play.card as usize] = 1.0;
    }
}

/// A card's number (0..5), shape (0..5) and colour (0..5).
fn properties(card: Card) -> (usize, usize, usize) {
    let c = card as usize;
    (c / 25, c / 5 % 5, c % 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_sees_its_hand_and_no_other() {
        let order: Vec<Card> = (0..NUM_CARDS as Card).collect();
        let state = State::deal(2, 250, &order).unwrap();
        let mut me = vec![0.0; SIZE];
        observation(&state, 0, &mut me);
        // the grid is cards 0..9, seat 0 holds 9..14, seat 1 14..19
        assert_eq!(&me[9..14], &[1.0; 5]);
        assert_eq!(me[..NUM_CARDS].iter().sum::<f32>(), 5.0);
        assert_eq!(me[NUM_CARDS + TOPS..][..NUM_CARDS].iter().sum::<f32>(), 9.0);
        let view = state.view(Some(0)).unwrap();
        let mut seen = vec![0.0; SIZE];
        observation(&view, 0, &mut seen);
        assert_eq!(me, seen);
        let mut other = vec![0.0; SIZE];
        observation(&state, 1, &mut other);
        assert_eq!(&other[14..19], &[1.0; 5]);
        let mut state = state;
        state.play(crate::pentic::Move::new(9, 5).unwrap()).unwrap();
        let mut info = vec![0.0; INFO_SIZE];
        information_state(&state, 1, &mut info);
        assert_eq!(info[SIZE + NUM_CARDS + 9], 1.0);
        assert_eq!(info[SIZE..].iter().sum::<f32>(), 1.0);
    }
}
