//! Information-set Monte Carlo tree search for Pentic (single observer, Cowling, Powley &
//! Whitehouse 2012), the search behind the computer levels.
//!
//! The searching seat knows only its view: its own hand, the grid, the totals and each
//! hand's size.  [`search`] first narrows whatever it is given to that view
//! ([`Position::view`]), and from then on every iteration
//!
//! 1. deals the unseen cards at random into the other hands and the pile (a
//!    *determinization*: a fresh one each iteration, or one of a fixed pool of them);
//! 2. walks one shared tree of moves from the root, at each node considering only the
//!    children legal in this deal (the mover holds that card) and choosing by UCB with
//!    *availability* counts (how often the child was legal when its parent was visited);
//! 3. adds one untried legal move as a new node (the tree grows one node an iteration);
//! 4. plays on under the playout policy, to the end or for a set number of moves, and
//!    scores the result ([`Position::rewards`]: 1/k for each of k winners, else
//!    `0.5 + 0.5·tanh(2·lead/target)`);
//! 5. backs every seat's reward up the path (each node keeps the reward of the seat that
//!    made its move).
//!
//! The answer is the root's most visited move.  Given a seed and an iteration budget the
//! search is deterministic; a deadline, or the caller's `stop` ([`search_stoppable`]), stops
//! it early (checked every few iterations).

use std::time::Instant;

use super::{Action, IllegalMove, Policy, Position, HAND, MAX_MOVES, POSITIONS, UNKNOWN};
use crate::rng::Rng;

/// How a search plays (the computer levels differ in these).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Iterations at most (the deadline may stop the search before).
    pub iterations: u64,
    /// 0: a fresh determinization every iteration; n: iteration i uses deal `i % n` of a
    /// pool of n deals made at the start (fewer deals: a weaker, more confident search).
    pub determinizations: u32,
    /// The UCB exploration constant (rewards are in 0..1).
    pub exploration: f64,
    /// Moves a playout plays before the position is scored; None: to the end.
    pub playout_depth: Option<u32>,
    pub policy: Policy,
    /// The tree stops growing at this many nodes (iterations then only walk and play out).
    pub max_nodes: usize,
    /// None: UCB1 with availability counts, every legal move tried once (at random) before
    /// any is tried again.  Some(τ): PUCT, each legal move's prior ∝ `exp(points / τ)`
    /// (its immediate score), an untried move valued as its tried siblings on average —
    /// so the tree looks first at the moves that score, the opponents' included.
    pub prior: Option<f64>,
    /// Some(action): every iteration starts with that move of the searching seat (it must
    /// be in its hand), so the report values that move rather than choosing one — the
    /// post-game analysis's "how good was the move played", read with the same deals and
    /// horizon as the search that chose.
    pub root_move: Option<Action>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            iterations: 100_000,
            determinizations: 0,
            exploration: 0.7,
            playout_depth: Some(4),
            policy: Policy::Greedy,
            max_nodes: 1 << 22,
            prior: None,
            root_move: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// The move chosen: the root's most visited (ties: the lower action id).
    pub action: Action,
    /// Its mean reward for the searching seat, 0..1.
    pub value: f64,
    /// Its visits.
    pub visits: u32,
    pub iterations: u64,
    pub nodes: usize,
    /// The longest path walked in the tree (moves from the root).
    pub depth: u32,
}

/// No child: node 0 is the root, never anyone's child.
const NONE: u32 = 0;
/// Iterations between two looks at the clock (and at the caller's `stop`).
const CLOCK_EVERY: u64 = 64;

#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    /// The seat that made the move into this node.
    player: u8,
    visits: u32,
    avail: u32,
    /// The summed rewards of `player`.
    total: f64,
}

impl Node {
    fn new(action: Action, player: u8) -> Node {
        Node { action, player, visits: 0, avail: 1, total: 0.0 }
    }
}

/// The tree: its nodes, and (parent, action) -> child in an open-addressing table, so a
/// visit looks up the moves legal in this deal (at most 45) however many children the
/// node has (an opponent's node gathers every card the deals gave it: hundreds).
struct Tree {
    nodes: Vec<Node>,
    /// `parent << 11 | action`, plus 1 (0: an empty slot).
    keys: Vec<u64>,
    children: Vec<u32>,
}

impl Tree {
    fn new(root: Node) -> Tree {
        Tree { nodes: vec![root], keys: vec![0; 1 << 12], children: vec![NONE; 1 << 12] }
    }

    #[inline]
    fn key(node: usize, action: Action) -> u64 {
        ((node as u64) << 11 | action as u64) + 1
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let bits = self.keys.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The child of `node` by `action`, or NONE.
    #[inline]
    fn child(&self, node: usize, action: Action) -> u32 {
        let key = Tree::key(node, action);
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        loop {
            match self.keys[i] {
                0 => return NONE,
                k if k == key => return self.children[i],
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn place(&mut self, key: u64, child: u32) {
        let mask = self.keys.len() - 1;
        let mut i = self.slot(key);
        while self.keys[i] != 0 {
            i = (i + 1) & mask;
        }
        self.keys[i] = key;
        self.children[i] = child;
    }

    /// Add `action` (made by `player`) as a child of `node`; its id.
    fn add(&mut self, node: usize, action: Action, player: usize) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node::new(action, player as u8));
        if 2 * id >= self.keys.len() {
            // at most half full: double, and place every key again
            let size = 2 * self.keys.len();
            let keys = std::mem::replace(&mut self.keys, vec![0; size]);
            let children = std::mem::replace(&mut self.children, vec![NONE; size]);
            for (k, c) in keys.into_iter().zip(children) {
                if k != 0 {
                    self.place(k, c);
                }
            }
        }
        self.place(Tree::key(node, action), id as u32);
        id
    }
}

/// The `k`-th (from 0) set bit of `mask`.
fn nth_bit(mut mask: u64, k: u32) -> u32 {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// The action of the card in `slot` of `hand` on grid index `index`.
#[inline]
fn action_of(hand: &[u8], slot: usize, index: usize) -> Action {
    hand[slot] as Action * POSITIONS as Action + index as Action
}

/// UCB1 with availability: an untried legal move at random if there is one (and room),
/// else the best of the tried ones.  (slot, grid index, child), or None when the tree is
/// full and no legal move here has a node.
fn select_ucb(tree: &mut Tree, node: usize, pos: &Position, c: f64, max_nodes: usize, rng: &mut Rng) -> Option<(usize, usize, usize)> {
    let seat = pos.to_move as usize;
    let hand = pos.hand(seat);
    let count = hand.len() * POSITIONS;
    let mut child_at = [NONE; MAX_MOVES];
    let mut untried = 0u64; // bit slot * 9 + index
    for (m, at) in child_at[..count].iter_mut().enumerate() {
        *at = tree.child(node, action_of(hand, m / POSITIONS, m % POSITIONS));
        untried |= ((*at == NONE) as u64) << m;
    }
    if untried != 0 && tree.nodes.len() < max_nodes {
        let m = nth_bit(untried, rng.below(untried.count_ones())) as usize;
        let (slot, index) = (m / POSITIONS, m % POSITIONS);
        return Some((slot, index, tree.add(node, action_of(hand, slot, index), seat)));
    }
    let mut best = (f64::NEG_INFINITY, usize::MAX);
    for (m, &id) in child_at[..count].iter().enumerate() {
        if id == NONE {
            continue;
        }
        let n = &mut tree.nodes[id as usize];
        n.avail += 1;
        let visits = n.visits.max(1) as f64;
        let ucb = n.total / visits + c * ((n.avail as f64).ln() / visits).sqrt();
        if ucb > best.0 {
            best = (ucb, m);
        }
    }
    (best.1 != usize::MAX).then(|| (best.1 / POSITIONS, best.1 % POSITIONS, child_at[best.1] as usize))
}

/// PUCT over the moves legal in this deal, the prior from their immediate scores (see
/// [`Settings::prior`]); an untried move chosen becomes a node (if there is room).
fn select_puct(tree: &mut Tree, node: usize, pos: &Position, weights: &[f64], c: f64, max_nodes: usize) -> Option<(usize, usize, usize)> {
    let seat = pos.to_move as usize;
    let hand = pos.hand(seat);
    let mut points = [0u8; MAX_MOVES];
    let count = pos.move_points(&mut points);
    let mut child_at = [NONE; MAX_MOVES];
    let (mut tried_total, mut tried_visits) = (0.0, 0u64);
    for (m, at) in child_at[..count].iter_mut().enumerate() {
        *at = tree.child(node, action_of(hand, m / POSITIONS, m % POSITIONS));
        if *at != NONE {
            let n = &mut tree.nodes[*at as usize];
            n.avail += 1;
            tried_total += n.total;
            tried_visits += n.visits as u64;
        }
    }
    let untried_value = if tried_visits > 0 { tried_total / tried_visits as f64 } else { 0.5 };
    let top = points[..count].iter().copied().max().unwrap_or(0);
    for p in points[..count].iter_mut() {
        *p = top - *p; // below the best
    }
    let sum: f64 = points[..count].iter().map(|&d| weights[d as usize]).sum();
    let scale = c * (tree.nodes[node].visits as f64).max(1.0).sqrt() / sum;
    let room = tree.nodes.len() < max_nodes;
    let mut best = (f64::NEG_INFINITY, usize::MAX);
    for m in 0..count {
        let id = child_at[m];
        let (value, visits) = if id == NONE {
            if !room {
                continue;
            }
            (untried_value, 0)
        } else {
            let n = &tree.nodes[id as usize];
            (n.total / n.visits.max(1) as f64, n.visits)
        };
        let score = value + scale * weights[points[m] as usize] / (1 + visits) as f64;
        if score > best.0 {
            best = (score, m);
        }
    }
    if best.1 == usize::MAX {
        return None;
    }
    let (slot, index) = (best.1 / POSITIONS, best.1 % POSITIONS);
    let id = match child_at[best.1] {
        NONE => tree.add(node, action_of(hand, slot, index), seat),
        id => id as usize,
    };
    Some((slot, index, id))
}

/// Search the move of the player to move in `position`, seeing only that seat's view (a
/// full position is narrowed to it first; a view must be that seat's).
///
/// Errors: the game is over, `position` does not know the mover's hand, or
/// [`Settings::root_move`] plays a card the mover does not hold.
pub fn search(
    position: &Position,
    settings: &Settings,
    seed: u64,
    deadline: Option<Instant>,
) -> Result<Report, IllegalMove> {
    search_stoppable(position, settings, seed, deadline, &mut || false)
}

/// [`search`], also ended when `stop` (asked with the clock, every [`CLOCK_EVERY`]
/// iterations) says so: the report of the iterations done until then.
pub fn search_stoppable(
    position: &Position,
    settings: &Settings,
    seed: u64,
    deadline: Option<Instant>,
    stop: &mut dyn FnMut() -> bool,
) -> Result<Report, IllegalMove> {
    let mover = position.current_player().ok_or(IllegalMove::GameOver)?;
    // from here on only what the mover may see
    let info = position.view(Some(mover)).map_err(|_| IllegalMove::UnknownHand)?;
    if info.hand(mover).contains(&UNKNOWN) {
        return Err(IllegalMove::UnknownHand);
    }
    // the forced first move: (card, grid index), its card in the mover's hand
    let first = match settings.root_move {
        Some(a) => {
            // an action id out of range is no card of the hand either
            let play = super::Move::from_action(a).ok_or(IllegalMove::NotInHand(UNKNOWN))?;
            if !info.hand(mover).contains(&play.card) {
                return Err(IllegalMove::NotInHand(play.card));
            }
            Some((play.card, play.position as usize - 1))
        }
        None => None,
    };
    let mut deal_rng = Rng::new(seed);
    let mut rng = Rng::new(seed ^ 0x5EA2_C4E5_1A5D_0001);
    let pool: Vec<Position> = (0..settings.determinizations).map(|_| info.determinize(&mut deal_rng)).collect();
    let mut tree = Tree::new(Node::new(0, mover as u8));
    let mut path: Vec<u32> = Vec::with_capacity(128);
    let mut done = 0u64;
    let mut deepest = 0u32;
    let c = settings.exploration;
    // the prior's weight of a move scoring d points less than the best one: exp(-d / τ)
    let weights: Option<Vec<f64>> = settings.prior.map(|t| (0..=255).map(|d| (-(d as f64) / t.max(1e-3)).exp()).collect());
    while done < settings.iterations.max(1) {
        if done > 0 && done % CLOCK_EVERY == 0 && (deadline.is_some_and(|d| Instant::now() >= d) || stop()) {
            break;
        }
        let mut pos = if pool.is_empty() { info.determinize(&mut deal_rng) } else { pool[(done % pool.len() as u64) as usize] };
        path.clear();
        path.push(0);
        let mut node = 0usize;
        // selection and expansion
        while !pos.over {
            let (slot, index, next) = if let (0, Some((card, index))) = (node, first) {
                let slot = pos.hand(mover).iter().position(|&c| c == card).expect("the searching seat keeps its own hand");
                let action = action_of(pos.hand(mover), slot, index);
                match tree.child(0, action) {
                    NONE => (slot, index, tree.add(0, action, mover)),
                    id => (slot, index, id as usize),
                }
            } else if let Some(weights) = &weights {
                match select_puct(&mut tree, node, &pos, weights, c, settings.max_nodes) {
                    Some(found) => found,
                    None => break,
                }
            } else {
                match select_ucb(&mut tree, node, &pos, c, settings.max_nodes, &mut rng) {
                    Some(found) => found,
                    None => break,
                }
            };
            let card = pos.hands[pos.to_move as usize][slot];
            let (single, tic) = pos.matches(card);
            let points = pos.points_at(card, index, single, tic);
            pos.lay(slot, index, points as i32);
            path.push(next as u32);
            let fresh = tree.nodes[next].visits == 0;
            node = next;
            if fresh {
                break;
            }
        }
        deepest = deepest.max(path.len() as u32 - 1);
        // playout
        let limit = settings.playout_depth.unwrap_or(u32::MAX);
        let mut plies = 0;
        while !pos.over && plies < limit {
            let (slot, index, points) = pos.policy_move(settings.policy, &mut rng);
            pos.lay(slot, index, points as i32);
            plies += 1;
        }
        let rewards = pos.rewards();
        for &id in &path {
            let n = &mut tree.nodes[id as usize];
            n.visits += 1;
            n.total += rewards[n.player as usize];
        }
        done += 1;
    }
    let hand = info.hand(mover);
    let mut best: Option<&Node> = None;
    for m in 0..hand.len() * POSITIONS {
        let id = tree.child(0, action_of(hand, m / POSITIONS, m % POSITIONS));
        if id == NONE {
            continue;
        }
        let n = &tree.nodes[id as usize];
        if best.is_none_or(|b| (n.visits, std::cmp::Reverse(n.action)) > (b.visits, std::cmp::Reverse(b.action))) {
            best = Some(n);
        }
    }
    let best = best.expect("a root with a legal move has a child after one iteration");
    Ok(Report {
        action: best.action,
        value: best.total / best.visits.max(1) as f64,
        visits: best.visits,
        iterations: done,
        nodes: tree.nodes.len(),
        depth: deepest,
    })
}

/// The most legal moves of one node (a full hand on every position), for the bit masks.
const _: () = assert!(HAND * POSITIONS <= 64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentic::{Card, Move, NUM_CARDS};

    fn shuffled(seed: u64) -> Vec<Card> {
        let mut order: Vec<Card> = (0..NUM_CARDS as Card).collect();
        let mut rng = Rng::new(seed);
        for i in (1..NUM_CARDS).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        order
    }

    fn quick() -> Settings {
        Settings { iterations: 3_000, ..Settings::default() }
    }

    #[test]
    fn same_seed_same_answer_and_the_move_is_legal() {
        let pos = Position::deal(2, 250, &shuffled(1)).unwrap();
        let a = search(&pos, &quick(), 9, None).unwrap();
        let b = search(&pos, &quick(), 9, None).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.iterations, 3_000);
        assert!(pos.legal_actions().unwrap().contains(&a.action));
        assert!((0.0..=1.0).contains(&a.value));
        assert!(a.nodes > 1 && a.depth >= 1 && a.visits > 0);
    }

    /// `pos` with the cards `seat` cannot see (the other hands, the pile) dealt otherwise.
    fn other_hidden_cards(pos: &Position, seat: usize) -> Position {
        let mut out = *pos;
        let mut hidden: Vec<Card> = vec![];
        for s in (0..pos.players()).filter(|&s| s != seat) {
            hidden.extend(pos.hand(s));
        }
        hidden.extend(pos.pile().unwrap());
        hidden.rotate_left(1);
        hidden.reverse();
        let mut k = 0;
        for s in (0..pos.players()).filter(|&s| s != seat) {
            for c in out.hands[s][..out.hand_len[s] as usize].iter_mut() {
                *c = hidden[k];
                k += 1;
            }
        }
        let start = out.pile_next as usize;
        out.pile[start..start + out.pile_size as usize].copy_from_slice(&hidden[k..]);
        out
    }

    #[test]
    fn hidden_cards_never_change_the_answer() {
        let a = Position::deal(2, 250, &shuffled(2)).unwrap();
        let b = other_hidden_cards(&a, 0);
        assert_ne!(a.hand(1), b.hand(1));
        assert_eq!(a.view(Some(0)).unwrap(), b.view(Some(0)).unwrap());
        for settings in [quick(), Settings { determinizations: 8, playout_depth: None, ..quick() }] {
            let found = search(&a, &settings, 5, None).unwrap();
            assert_eq!(found, search(&b, &settings, 5, None).unwrap());
            assert_eq!(found, search(&a.view(Some(0)).unwrap(), &settings, 5, None).unwrap());
        }
        // later in a 3-player game, cards drawn, for each seat to move
        let mut a = Position::deal(3, 250, &shuffled(3)).unwrap();
        for _ in 0..9 {
            let seat = a.current_player().unwrap();
            let b = other_hidden_cards(&a, seat);
            assert_ne!(a, b);
            assert_eq!(a.view(Some(seat)).unwrap(), b.view(Some(seat)).unwrap());
            let found = search(&a, &quick(), 3, None).unwrap();
            assert_eq!(found, search(&b, &quick(), 3, None).unwrap());
            a.play(Move::from_action(found.action).unwrap()).unwrap();
        }
    }

    #[test]
    fn a_forced_first_move_is_valued_not_chosen() {
        let points = |pos: &Position, a: Action| super::super::points((a / POSITIONS as Action) as Card, a as usize % POSITIONS, &pos.tops);
        let worst_of = |pos: &Position| *pos.legal_actions().unwrap().iter().min_by_key(|&&a| points(pos, a)).unwrap();
        // the first deal with a clear choice: one play scoring 10 points more than another
        let pos = (1..100)
            .map(|seed| Position::deal(2, 250, &shuffled(seed)).unwrap())
            .find(|pos| points(pos, pos.best_action().unwrap()) >= points(pos, worst_of(pos)) + 10)
            .expect("a deal with a clear choice");
        let (best, worst) = (pos.best_action().unwrap(), worst_of(&pos));
        let forced = |a: Action| search(&pos, &Settings { root_move: Some(a), ..quick() }, 7, None).unwrap();
        let (b, w) = (forced(best), forced(worst));
        // every iteration went through the move given, whatever the search would choose
        assert_eq!((b.action, w.action), (best, worst));
        assert_eq!((b.visits, w.visits), (3_000, 3_000));
        assert!(b.value > w.value + 0.02, "{} v {}", b.value, w.value);
        // the seat's own view gives the same values as the full position
        assert_eq!(forced(worst), search(&pos.view(Some(0)).unwrap(), &Settings { root_move: Some(worst), ..quick() }, 7, None).unwrap());
        // a card the mover does not hold, or no card at all
        let foreign = pos.hand(1)[0];
        let settings = |a: Action| Settings { root_move: Some(a), ..quick() };
        assert_eq!(search(&pos, &settings(foreign as Action * POSITIONS as Action), 1, None), Err(IllegalMove::NotInHand(foreign)));
        assert_eq!(search(&pos, &settings(super::super::NUM_ACTIONS as Action), 1, None), Err(IllegalMove::NotInHand(UNKNOWN)));
    }

    #[test]
    fn refusals_and_limits() {
        let mut pos = Position::deal(2, 250, &shuffled(3)).unwrap();
        assert_eq!(search(&pos.view(Some(1)).unwrap(), &quick(), 1, None), Err(IllegalMove::UnknownHand));
        assert_eq!(search(&pos.view(None).unwrap(), &quick(), 1, None), Err(IllegalMove::UnknownHand));
        // a deadline already passed: the first batch of iterations only
        let r = search(&pos, &Settings { iterations: u64::MAX, ..quick() }, 1, Some(Instant::now())).unwrap();
        assert!(r.iterations <= CLOCK_EVERY);
        // a stop that says yes at once: the first batch of iterations only
        let r = search_stoppable(&pos, &Settings { iterations: u64::MAX, ..quick() }, 1, None, &mut || true).unwrap();
        assert_eq!(r.iterations, CLOCK_EVERY);
        // and one that never does changes nothing
        let settings = Settings { iterations: 300, ..quick() };
        assert_eq!(search(&pos, &settings, 1, None), search_stoppable(&pos, &settings, 1, None, &mut || false));
        // a tree limited to a few nodes still answers
        let r = search(&pos, &Settings { max_nodes: 5, ..quick() }, 1, None).unwrap();
        assert_eq!(r.nodes, 5);
        assert!(pos.legal_actions().unwrap().contains(&r.action));
        while !pos.is_over() {
            let mv = Move::from_action(search(&pos, &Settings { iterations: 200, ..quick() }, 2, None).unwrap().action);
            pos.play(mv.unwrap()).unwrap();
        }
        assert_eq!(search(&pos, &quick(), 1, None), Err(IllegalMove::GameOver));
    }
}
