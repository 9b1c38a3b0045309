//! Paired rollouts for Pentic: flat Monte Carlo over the mover's moves with common random
//! numbers and sequential halving.
//!
//! Most of what separates two moves in a Pentic position is luck that both share: which
//! cards the opponents hold and which ones come off the pile.  So every deal of the unseen
//! cards (a determinization) is used for *every* candidate move: each candidate is played
//! in the same deal and the game is played on from there by the same policy, and the
//! candidates are compared on the same deals.  The difference between two candidates'
//! means then carries little of the deal's luck, and a few hundred deals separate moves
//! that an independent sample per move would need many thousands for.
//!
//! The budget goes by sequential halving (Karnin, Koren & Somekh 2013): all legal moves
//! get the first share of deals, the better half the next share, and so on until one is
//! left; the candidates still in play have always seen exactly the same deals.
//!
//! A rollout plays the policy's moves (the best immediate score, ties the first in legal
//! order; the opponents play theirs with the hands of the deal) for a set number of moves
//! or to the end, and scores the result by [`Position::rewards`].

use std::time::Instant;

use super::ismcts::Report;
use super::{IllegalMove, Position, POSITIONS, UNKNOWN};
use crate::rng::Rng;

/// How a rollout search plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Rollouts at most, all candidates together (the deadline may stop the search before).
    pub rollouts: u64,
    /// Moves a rollout plays after the candidate; None: to the end of the game.
    pub depth: Option<u32>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings { rollouts: 20_000, depth: None }
    }
}

/// Deals between two looks at the clock.
const CLOCK_EVERY: u64 = 4;

/// Play on from `pos` under the greedy policy for `depth` moves (or to the end); the
/// reward of `seat`.
fn roll(mut pos: Position, seat: usize, depth: Option<u32>) -> f64 {
    let limit = depth.unwrap_or(u32::MAX);
    let mut plies = 0;
    while !pos.over && plies < limit {
        let mover = pos.to_move as usize;
        let (points, slot, index) = pos.best_slot(&pos.hands[mover][..pos.hand_len[mover] as usize]);
        pos.lay(slot, index, points as i32);
        plies += 1;
    }
    pos.rewards()[seat]
}

/// Search the move of the player to move in `position` by paired rollouts, seeing only
/// that seat's view (a full position is narrowed to it first).
///
/// `Report::iterations` counts rollouts, `nodes` the deals, `depth` the rounds of halving,
/// `visits` the deals the chosen move was played in.
pub fn search(position: &Position, settings: &Settings, seed: u64, deadline: Option<Instant>) -> Result<Report, IllegalMove> {
    let mover = position.current_player().ok_or(IllegalMove::GameOver)?;
    let info = position.view(Some(mover)).map_err(|_| IllegalMove::UnknownHand)?;
    let hand = info.hand(mover);
    if hand.contains(&UNKNOWN) {
        return Err(IllegalMove::UnknownHand);
    }
    // every move, in legal (increasing action) order: (action, slot, index)
    let mut moves: Vec<(u16, usize, usize)> = (0..hand.len())
        .flat_map(|slot| (0..POSITIONS).map(move |index| (hand[slot] as u16 * POSITIONS as u16 + index as u16, slot, index)))
        .collect();
    moves.sort_unstable();
    let mut alive: Vec<usize> = (0..moves.len()).collect();
    let mut total = vec![0.0f64; moves.len()];
    let mut rng = Rng::new(seed);
    let rounds = (usize::BITS - (moves.len() - 1).leading_zeros()).max(1) as u64;
    let per_round = (settings.rollouts.max(1) / rounds).max(1);
    let (mut done, mut deals, mut round) = (0u64, 0u64, 0u32);
    'search: while alive.len() > 1 {
        // this round's deals: its share of the budget over the candidates still in play
        let round_deals = (per_round / alive.len() as u64).max(1);
        for _ in 0..round_deals {
            if deals > 0 && deals % CLOCK_EVERY == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break 'search;
            }
            if done >= settings.rollouts.max(1) && deals > 0 {
                break 'search;
            }
            let deal = info.determinize(&mut rng);
            for &m in &alive {
                let (_, slot, index) = moves[m];
                let mut pos = deal;
                let card = pos.hands[mover][slot];
                let (single, tic) = pos.matches(card);
                let points = pos.points_at(card, index, single, tic);
                pos.lay(slot, index, points as i32);
                total[m] += roll(pos, mover, settings.depth);
            }
            done += alive.len() as u64;
            deals += 1;
        }
        // the better half goes on (ties: the lower action)
        alive.sort_by(|&a, &b| total[b].total_cmp(&total[a]).then(a.cmp(&b)));
        alive.truncate(alive.len().div_ceil(2));
        round += 1;
    }
    let best = *alive
        .iter()
        .max_by(|&&a, &&b| total[a].total_cmp(&total[b]).then(b.cmp(&a)))
        .expect("a position with a known hand has a move");
    let mean = if deals > 0 { total[best] / deals as f64 } else { 0.5 };
    Ok(Report {
        action: moves[best].0,
        value: mean,
        visits: deals.min(u32::MAX as u64) as u32,
        iterations: done,
        nodes: deals as usize,
        depth: round,
    })
}
