//! What the others' plays say about their hands.
//!
//! A player who laid `3-star-orange` on position 5 most likely held nothing that would
//! have scored much more there or elsewhere: the cards a hand has kept through several
//! turns are, more often than a random deal would say, cards that had nothing good to do.
//! Knowing the opponents' hands is worth a great deal in Pentic (a search shown them wins
//! almost every game against the same search without), so the information-set search
//! weighs its deals by how well they explain what the opponents played.
//!
//! The model of an opponent: it plays a move with probability proportional to
//! `exp(points / τ)` among the moves of the hand it held (the best immediate score most
//! of the time, a move `τ` points worse `e` times less often).  A deal of the unseen
//! cards gives each opponent its current hand; walking back through that opponent's last
//! turns — each time taking out the card it drew after the play (the card the deal put
//! last, then a random one of the hand: every card is as likely a priori to be the last
//! drawn) and putting back the card it played — gives the hand it held at each of those
//! turns, and the deal's weight is the product of the probabilities of the plays seen.
//! The search then keeps one deal of a few by that weight (sampling importance
//! resampling), so its deals follow what the table has shown.

use super::{points, Card, Position, State, NUM_CARDS, POSITIONS};
use crate::rng::Rng;

/// One play as the other seats saw it: the grid before it, the card and where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observed {
    pub seat: u8,
    /// The top card of each stack before the play.
    pub tops: [Card; POSITIONS],
    pub card: Card,
    /// Grid index 0..9.
    pub index: u8,
    /// The player drew a card after it (the pile was not empty).
    pub drew: bool,
}

impl State {
    /// Every play so far, as the table saw it, oldest first.
    pub fn observed(&self) -> Vec<Observed> {
        let laid = &self.laid[..self.laid_len as usize];
        let mut tops = [0 as Card; POSITIONS];
        for &(i, c) in &laid[..POSITIONS] {
            tops[i as usize] = c;
        }
        let players = self.position.players();
        let first_pile = NUM_CARDS - POSITIONS - 5 * players;
        let mut out = Vec::with_capacity(self.plays().len());
        for (k, (play, &(index, card))) in self.plays().iter().zip(&laid[POSITIONS..]).enumerate() {
            out.push(Observed { seat: play.seat, tops, card, index, drew: k < first_pile });
            tops[index as usize] = card;
        }
        out
    }
}

/// One opponent turn, ready for weighing hands: the played move's weight and, per card,
/// its weight summed over the nine positions (both on the grid of that turn).
struct Turn {
    played: f64,
    drew: bool,
    card: Card,
    sums: Vec<f64>,
}

/// The opponents' turns that the search weighs its deals by.
pub struct Model {
    /// Per seat, its last turns, the most recent first (empty for the searching seat).
    turns: Vec<Vec<Turn>>,
}

impl Model {
    /// The model of the others for `viewer`, from the plays seen (oldest first): each
    /// other seat's last `depth` turns, under the temperature `tau` (points).
    pub fn new(observed: &[Observed], viewer: usize, players: usize, tau: f64, depth: usize) -> Model {
        let mut turns: Vec<Vec<Turn>> = (0..players).map(|_| Vec::new()).collect();
        let tau = tau.max(1e-3);
        for o in observed.iter().rev() {
            let seat = o.seat as usize;
            if seat == viewer || seat >= players || turns[seat].len() >= depth {
                continue;
            }
            let weight = |card: Card, index: usize| (points(card, index, &o.tops) as f64 / tau).exp();
            let sums = (0..NUM_CARDS as Card).map(|c| (0..POSITIONS).map(|i| weight(c, i)).sum()).collect();
            turns[seat].push(Turn { played: weight(o.card, o.index as usize), drew: o.drew, card: o.card, sums });
        }
        Model { turns }
    }

    /// Whether any turn is weighed (else every deal weighs the same).
    pub fn is_empty(&self) -> bool {
        self.turns.iter().all(Vec::is_empty)
    }

    /// How well `deal` (a full position) explains the plays seen, up to a constant.
    pub fn weight(&self, deal: &Position, rng: &mut Rng) -> f64 {
        let mut w = 1.0;
        for (seat, turns) in self.turns.iter().enumerate() {
            if turns.is_empty() {
                continue;
            }
            let mut hand = [0 as Card; 6];
            let now = deal.hand(seat);
            hand[..now.len()].copy_from_slice(now);
            let mut len = now.len();
            for (k, turn) in turns.iter().enumerate() {
                if turn.drew && len > 0 {
                    // the card drawn after this play: the deal's last one, then any
                    let out = if k == 0 { len - 1 } else { rng.below(len as u32) as usize };
                    hand[out] = hand[len - 1];
                    len -= 1;
                }
                hand[len] = turn.card;
                len += 1;
                let total: f64 = hand[..len].iter().map(|&c| turn.sums[c as usize]).sum();
                w *= turn.played / total;
            }
        }
        w
    }

    /// A deal of `info`'s unseen cards: the one of `candidates` random deals chosen with
    /// probability proportional to its weight.
    pub fn sample(&self, info: &Position, candidates: u32, rng: &mut Rng) -> Position {
        let mut chosen = info.determinize(rng);
        if self.is_empty() || candidates <= 1 {
            return chosen;
        }
        let mut total = self.weight(&chosen, rng);
        for _ in 1..candidates {
            let deal = info.determinize(rng);
            let w = self.weight(&deal, rng);
            total += w;
            // keep the newcomer with probability w / total (a weighted reservoir of one)
            if total > 0.0 && (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64) * total < w {
                chosen = deal;
            }
        }
        chosen
    }
}
