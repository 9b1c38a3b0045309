//! Game-generic Monte Carlo tree search for 2–4 seats (teams are the game's business: it
//! gives partners equal rewards).
//!
//! UCT over a tree of nodes kept in one vector.  Each iteration walks down from the root,
//! choosing children by UCB1 for the seat to move, adds one child, finishes the game with
//! the game's playout policy ([`MctsGame::playout`]) and adds the rewards, one per seat, to
//! every node on the path.  Wide nodes grow by *progressive widening*: a node visited `n`
//! times has at most `widen * sqrt(n + 1)` children, taken in the order of the game's
//! move scores ([`MctsGame::scored_moves`]; ties in an order fixed by the seed), so the
//! search goes deep enough to matter with hundreds of legal moves.  When a node takes its
//! first child, its first [`ORDERED`] moves in order are kept in a side table (while the
//! table holds fewer than a quarter of `max_nodes` nodes' worth), so its next children
//! need no new generation; beyond those, its moves are generated again.
//!
//! A game may play a move in steps: the same seat moving twice in a row is fine (UCB1 is
//! always for the seat to move), and the result gives, per root move, the moves that seat
//! tried after it ([`MctsResult::then`]).
//!
//! The search is deterministic for a given seed and iteration budget; a deadline stops it
//! earlier (then the result depends on the machine's speed), and so does the caller's
//! `stop` ([`search_stoppable`]: Ctrl-C in Python).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::rng::Rng;

/// Seats a game may have.
pub const MAX_SEATS: usize = 4;
/// A reward per seat, each in 0..=1.
pub type Rewards = [f32; MAX_SEATS];

/// A game as the MCTS sees it: perfect information, any number of seats up to
/// [`MAX_SEATS`], a reward per seat at the end.
pub trait MctsGame: Clone {
    type Move: Copy + std::fmt::Debug;
    /// Working space kept for a whole search (move generators...).
    type Scratch;

    fn scratch(&self) -> Self::Scratch;

    /// The seat to move, None when the game is over.
    fn to_move(&self) -> Option<usize>;

    /// Every legal move with its ordering score (higher is tried first), into `out`
    /// (cleared first), in an order that depends on the position only.
    fn scored_moves(&self, scratch: &mut Self::Scratch, out: &mut Vec<(Self::Move, i32)>);

    /// Play a legal move.
    fn play(&mut self, mv: Self::Move, scratch: &mut Self::Scratch);

    /// Play on to the end with the game's playout policy; the rewards.
    fn playout(self, scratch: &mut Self::Scratch, rng: &mut Rng) -> Rewards;

    /// The rewards of a finished game.
    fn rewards(&self) -> Rewards;
}

/// How to search and when to stop.
#[derive(Clone, Copy, Debug)]
pub struct MctsLimits {
    pub deadline: Option<Instant>,
    /// Stop after this many iterations, if set.
    pub max_iterations: Option<u64>,
    /// The tree stops growing at this many nodes (iterations go on, playing out from the
    /// leaves).
    pub max_nodes: usize,
    /// UCB1's exploration constant (rewards are 0..1).
    pub exploration: f32,
    /// Progressive widening: at most `widen * sqrt(visits + 1)` children.
    pub widen: f32,
    pub seed: u64,
}

impl Default for MctsLimits {
    fn default() -> Self {
        MctsLimits {
            deadline: None,
            max_iterations: None,
            max_nodes: 1 << 21,
            exploration: 0.8,
            widen: 2.0,
            seed: 0,
        }
    }
}

/// A root move's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStats<M> {
    pub mv: M,
    pub visits: u32,
    /// Mean reward of the seat to move at the root, 0..1.
    pub mean: f32,
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct MctsResult<M> {
    /// The most visited root move (None when no iteration finished or the game is over).
    pub best: Option<MoveStats<M>>,
    pub iterations: u64,
    /// Nodes in the tree, the root included.
    pub nodes: usize,
    /// The deepest node's distance from the root, in plies.
    pub depth: u32,
    /// Per seat, the mean reward over all iterations (the root's value).
    pub root: Rewards,
    /// The root's moves that were tried, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// Per root move (as in `moves`), the moves tried after it when the same seat moves
    /// again (a game that plays a move in steps), most visited first; else empty.
    pub then: Vec<Vec<MoveStats<M>>>,
}

const NONE: u32 = u32::MAX;
const OVER: u8 = u8::MAX;
/// Moves kept in order for a node from its first child on.
const ORDERED: usize = 16;
/// Iterations between two looks at the clock (and at the caller's `stop`).
const CLOCK_EVERY: u64 = 8;

#[derive(Clone, Debug)]
struct Node<M> {
    mv: M,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    children: u16,
    /// Legal moves, once counted (`u16::MAX` before).
    moves: u16,
    /// Where its first [`ORDERED`] moves in order are kept, [`NONE`] until its first
    /// child.
    ordered: u32,
    /// Seat to move here, [`OVER`] for a finished game.
    to_move: u8,
    visits: u32,
    totals: Rewards,
}

/// A hash of `i` under `salt` (SplitMix64's finalizer), for tie-breaking.
fn mix(salt: u64, i: u64) -> u64 {
    let mut z = salt ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Tree<G: MctsGame> {
    nodes: Vec<Node<G::Move>>,
    scratch: G::Scratch,
    scored: Vec<(G::Move, i32)>,
    keys: Vec<(u64, u32)>,
    /// Nodes' first [`ORDERED`] moves in order, [`ORDERED`] a node.
    ordered: Vec<G::Move>,
    limits: MctsLimits,
    depth: u32,
}

impl<G: MctsGame> Tree<G> {
    fn new_node(&mut self, mv: G::Move, parent: u32, position: &G) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            mv,
            parent,
            first_child: NONE,
            next_sibling: NONE,
            children: 0,
            moves: u16::MAX,
            ordered: NONE,
            to_move: position.to_move().map_or(OVER, |s| s as u8),
            visits: 0,
            totals: [0.0; MAX_SEATS],
        });
        id
    }

    /// The `k`-th move of `node` in ordering order (its scores, ties by a hash fixed by the
    /// seed and the node; `k` is below its number of moves, once counted), and the number
    /// of legal moves.
    fn kth_move(&mut self, node: u32, position: &G, k: usize) -> (G::Move, usize) {
        let n = &self.nodes[node as usize];
        if n.ordered != NONE && k < ORDERED {
            return (self.ordered[n.ordered as usize * ORDERED + k], n.moves as usize);
        }
        position.scored_moves(&mut self.scratch, &mut self.scored);
        let salt = mix(self.limits.seed, node as u64);
        self.keys.clear();
        self.keys.extend(self.scored.iter().enumerate().map(|(i, &(_, score))| {
            // high scores first: the key sorts ascending
            let s = (i32::MAX as i64 - score as i64) as u64;
            ((s << 32) | (mix(salt, i as u64) >> 32), i as u32)
        }));
        let count = self.keys.len();
        if k < ORDERED && self.ordered.len() < ORDERED * (self.limits.max_nodes / 4) {
            // keep the first moves in order for the node's next children (a node with
            // fewer moves repeats its last); keys are distinct, so the order is the same
            // as a fresh generation's
            let kept = count.min(ORDERED);
            if kept < count {
                self.keys.select_nth_unstable(kept);
            }
            self.keys[..kept].sort_unstable();
            self.nodes[node as usize].ordered = (self.ordered.len() / ORDERED) as u32;
            let (keys, scored) = (&self.keys, &self.scored);
            self.ordered.extend((0..ORDERED).map(|j| scored[keys[j.min(kept - 1)].1 as usize].0));
            return (self.scored[self.keys[k].1 as usize].0, count);
        }
        let (_, &mut (_, i), _) = self.keys.select_nth_unstable(k);
        (self.scored[i as usize].0, count)
    }

    /// The statistics of `node`'s children for `seat` with their ids, in the order they
    /// were added (ordering order).
    fn children_stats(&self, node: u32, seat: usize) -> Vec<(MoveStats<G::Move>, u32)> {
        let mut out = Vec::new();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            let mean = if ch.visits > 0 { ch.totals[seat] / ch.visits as f32 } else { 0.0 };
            out.push((MoveStats { mv: ch.mv, visits: ch.visits, mean }, child));
            child = ch.next_sibling;
        }
        out.reverse(); // siblings are linked newest first
        out
    }

    fn select(&self, node: u32) -> u32 {
        let parent = &self.nodes[node as usize];
        let seat = parent.to_move as usize;
        let log_n = (parent.visits.max(1) as f32).ln();
        let c = self.limits.exploration;
        let mut best = NONE;
        let mut best_value = f32::NEG_INFINITY;
        let mut child = parent.first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            let value = if ch.visits == 0 {
                f32::INFINITY
            } else {
                let n = ch.visits as f32;
                ch.totals[seat] / n + c * (log_n / n).sqrt()
            };
            if value > best_value {
                best_value = value;
                best = child;
            }
            child = ch.next_sibling;
        }
        best
    }

    fn iterate(&mut self, root: &G, rng: &mut Rng) {
        let mut position = root.clone();
        let mut node = 0u32;
        let mut depth = 0;
        loop {
            let n = &self.nodes[node as usize];
            if n.to_move == OVER {
                break;
            }
            let allowed = ((self.limits.widen * ((n.visits + 1) as f32).sqrt()) as usize).max(1);
            let children = n.children as usize;
            if children < allowed && (n.moves == u16::MAX || children < n.moves as usize) {
                if self.nodes.len() >= self.limits.max_nodes {
                    break; // the tree is full: play out from here
                }
                let (mv, count) = self.kth_move(node, &position, children);
                position.play(mv, &mut self.scratch);
                let child = self.new_node(mv, node, &position);
                let n = &mut self.nodes[node as usize];
                n.moves = count.min(u16::MAX as usize - 1) as u16;
                self.nodes[child as usize].next_sibling = n.first_child;
                let n = &mut self.nodes[node as usize];
                n.first_child = child;
                n.children += 1;
                node = child;
                self.depth = self.depth.max(depth + 1);
                break;
            }
            node = self.select(node);
            depth += 1;
            position.play(self.nodes[node as usize].mv, &mut self.scratch);
        }
        let rewards =
            if position.to_move().is_none() { position.rewards() } else { position.playout(&mut self.scratch, rng) };
        let mut at = node;
        while at != NONE {
            let n = &mut self.nodes[at as usize];
            n.visits += 1;
            for (t, r) in n.totals.iter_mut().zip(rewards) {
                *t += r;
            }
            at = n.parent;
        }
    }
}

/// Search from `root` until a limit is reached (at least one iteration, unless the game is
/// over).
pub fn search<G: MctsGame>(root: &G, limits: &MctsLimits) -> MctsResult<G::Move>
where
    G::Move: Default,
{
    search_stoppable(root, limits, &mut || false)
}

/// [`search`], also ended when `stop` (asked with the clock, every [`CLOCK_EVERY`]
/// iterations) says so: the result of the iterations done until then.
pub fn search_stoppable<G: MctsGame>(
    root: &G,
    limits: &MctsLimits,
    stop: &mut dyn FnMut() -> bool,
) -> MctsResult<G::Move>
where
    G::Move: Default,
{
    let mut tree = Tree::<G> {
        nodes: Vec::with_capacity(1024),
        scratch: root.scratch(),
        scored: Vec::new(),
        keys: Vec::new(),
        ordered: Vec::new(),
        limits: *limits,
        depth: 0,
    };
    tree.new_node(G::Move::default(), NONE, root);
    let mut rng = Rng::new(limits.seed);
    let mut iterations = 0u64;
    if root.to_move().is_some() {
        loop {
            tree.iterate(root, &mut rng);
            iterations += 1;
            if limits.max_iterations.is_some_and(|m| iterations >= m) {
                break;
            }
            if iterations % CLOCK_EVERY == 0 && (limits.deadline.is_some_and(|d| Instant::now() >= d) || stop()) {
                break;
            }
            // a single legal move needs no search (unless it is a step the seat follows)
            let root_node = &tree.nodes[0];
            if iterations >= 2
                && root_node.moves == 1
                && tree.nodes[root_node.first_child as usize].to_move != root_node.to_move
            {
                break;
            }
        }
    }
    let root_node = &tree.nodes[0];
    let seat = root.to_move().unwrap_or(0);
    let visits = root_node.visits.max(1) as f32;
    let moves: Vec<_> = tree
        .children_stats(0, seat)
        .into_iter()
        .map(|(m, id)| {
            let again = tree.nodes[id as usize].to_move as usize == seat;
            (m, if again { tree.children_stats(id, seat).into_iter().map(|c| c.0).collect() } else { Vec::new() })
        })
        .collect();
    let (moves, then) = ranked(moves);
    MctsResult {
        best: moves.first().copied(),
        iterations,
        nodes: tree.nodes.len(),
        depth: tree.depth,
        root: root_node.totals.map(|t| t / visits),
        moves,
        then,
    }
}

/// Most visited first; equal visits: the better mean (a stable sort keeps the earlier
/// added first after that).
pub fn by_visits<M>(a: &MoveStats<M>, b: &MoveStats<M>) -> std::cmp::Ordering {
    b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean))
}

/// Root moves with the moves after each, every list most visited first (see [`by_visits`]),
/// split into [`MctsResult::moves`] and [`MctsResult::then`].
#[allow(clippy::type_complexity)]
fn ranked<M>(mut moves: Vec<(MoveStats<M>, Vec<MoveStats<M>>)>) -> (Vec<MoveStats<M>>, Vec<Vec<MoveStats<M>>>) {
    moves.sort_by(|a, b| by_visits(&a.0, &b.0));
    for m in &mut moves {
        m.1.sort_by(by_visits);
    }
    moves.into_iter().unzip()
}

/// Pool `m` into `into`: per move the visits summed and the means weighted by them.
fn pool<M: PartialEq + Copy>(into: &mut Vec<MoveStats<M>>, m: &MoveStats<M>) -> usize {
    match into.iter().position(|x| x.mv == m.mv) {
        Some(i) => {
            let x = &mut into[i];
            let total = x.visits + m.visits;
            if total > 0 {
                x.mean = (x.mean * x.visits as f32 + m.mean * m.visits as f32) / total as f32;
            }
            x.visits = total;
            i
        }
        None => {
            into.push(*m);
            into.len() - 1
        }
    }
}

/// [`search`] on `threads` threads at once (root parallelism): each grows its own tree
/// from its own seed (the first: `limits.seed`) under the same limits, and the root's
/// statistics are pooled — per move the visits summed and the means weighted by them.
/// Deterministic for a seed when only the iterations stop it, as [`search`].
pub fn search_parallel<G>(root: &G, limits: &MctsLimits, threads: usize) -> MctsResult<G::Move>
where
    G: MctsGame + Sync,
    G::Move: Default + PartialEq + Send,
{
    search_parallel_stoppable(root, limits, threads, &mut || false)
}

/// [`search_parallel`], also ended when `stop` says so: asked on the calling thread (one
/// search thread: by the search, see [`search_stoppable`]; more: while they run, see
/// [`crate::stop::on_threads`]).
pub fn search_parallel_stoppable<G>(
    root: &G,
    limits: &MctsLimits,
    threads: usize,
    stop: &mut dyn FnMut() -> bool,
) -> MctsResult<G::Move>
where
    G: MctsGame + Sync,
    G::Move: Default + PartialEq + Send,
{
    if threads <= 1 {
        return search_stoppable(root, limits, stop);
    }
    let stopped = AtomicBool::new(false);
    let flag = &stopped;
    let jobs = (0..threads).map(|i| {
        let limits = MctsLimits { seed: if i == 0 { limits.seed } else { mix(limits.seed, i as u64) }, ..*limits };
        move || search_stoppable(root, &limits, &mut || flag.load(Ordering::Relaxed))
    });
    let results: Vec<MctsResult<G::Move>> = crate::stop::on_threads(jobs, &stopped, stop);
    let mut moves: Vec<MoveStats<G::Move>> = Vec::new();
    let mut then: Vec<Vec<MoveStats<G::Move>>> = Vec::new();
    let mut root_totals = [0.0f32; MAX_SEATS];
    let (mut iterations, mut nodes, mut depth) = (0, 0, 0);
    for r in &results {
        for (m, after) in r.moves.iter().zip(&r.then) {
            let i = pool(&mut moves, m);
            if i == then.len() {
                then.push(Vec::new());
            }
            for a in after {
                pool(&mut then[i], a);
            }
        }
        for (t, v) in root_totals.iter_mut().zip(r.root) {
            *t += v * r.iterations as f32;
        }
        iterations += r.iterations;
        nodes += r.nodes;
        depth = depth.max(r.depth);
    }
    let (moves, then) = ranked(moves.into_iter().zip(then).collect());
    MctsResult {
        best: moves.first().copied(),
        iterations,
        nodes,
        depth,
        root: root_totals.map(|t| t / iterations.max(1) as f32),
        moves,
        then,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim for `seats` players in turn: take 1–3 from a heap; whoever takes the last wins.
    #[derive(Clone, Debug)]
    struct Nim {
        heap: u32,
        seats: usize,
        to_move: usize,
        last: usize,
    }

    impl MctsGame for Nim {
        type Move = u32;
        type Scratch = ();

        fn scratch(&self) {}

        fn to_move(&self) -> Option<usize> {
            (self.heap > 0).then_some(self.to_move)
        }

        fn scored_moves(&self, _: &mut (), out: &mut Vec<(u32, i32)>) {
            out.clear();
            out.extend((1..=3.min(self.heap)).map(|k| (k, 0)));
        }

        fn play(&mut self, mv: u32, _: &mut ()) {
            self.heap -= mv;
            self.last = self.to_move;
            self.to_move = (self.to_move + 1) % self.seats;
        }

        fn playout(mut self, _: &mut (), rng: &mut Rng) -> Rewards {
            while self.heap > 0 {
                let k = 1 + rng.below(3.min(self.heap));
                self.play(k, &mut ());
            }
            self.rewards()
        }

        fn rewards(&self) -> Rewards {
            let mut r = [0.0; MAX_SEATS];
            r[self.last] = 1.0;
            r
        }
    }

    fn nim(heap: u32, seats: usize) -> Nim {
        Nim { heap, seats, to_move: 0, last: 0 }
    }

    #[test]
    fn takes_the_last_stones() {
        for heap in 1..=3 {
            let result = search(&nim(heap, 2), &MctsLimits { max_iterations: Some(200), ..Default::default() });
            assert_eq!(result.best.unwrap().mv, heap);
            assert!(result.best.unwrap().mean > 0.99);
        }
    }

    #[test]
    fn leaves_a_multiple_of_four() {
        for heap in [5, 6, 7, 9, 10, 11] {
            let limits = MctsLimits { max_iterations: Some(20_000), ..Default::default() };
            let result = search(&nim(heap, 2), &limits);
            assert_eq!(result.best.unwrap().mv, heap % 4, "heap {heap}");
        }
    }

    #[test]
    fn threads_pool_their_roots() {
        let limits = MctsLimits { max_iterations: Some(20_000), seed: 4, ..Default::default() };
        for heap in [5, 6, 7, 9] {
            let pooled = search_parallel(&nim(heap, 2), &limits, 2);
            assert_eq!(pooled.best.unwrap().mv, heap % 4, "heap {heap}");
            // the first thread is the single-threaded search; the second adds its own tree
            let one = search(&nim(heap, 2), &limits);
            assert_eq!(pooled.iterations, 2 * one.iterations);
            let visits: u32 = pooled.moves.iter().map(|m| m.visits).sum();
            assert_eq!(visits as u64, pooled.iterations, "every iteration visits one root move");
            for m in &one.moves {
                let p = pooled.moves.iter().find(|x| x.mv == m.mv).unwrap();
                assert!(p.visits >= m.visits);
            }
            let again = search_parallel(&nim(heap, 2), &limits, 2);
            let view = |r: &MctsResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>();
            assert_eq!(view(&pooled), view(&again), "deterministic for a seed");
        }
    }

    #[test]
    fn a_stop_ends_a_search_without_limits() {
        let limits = MctsLimits { seed: 4, ..Default::default() };
        // asked every CLOCK_EVERY iterations: yes the third time
        let mut asked = 0;
        let r = search_stoppable(&nim(21, 2), &limits, &mut || {
            asked += 1;
            asked == 3
        });
        assert_eq!(r.iterations, 3 * CLOCK_EVERY);
        assert!(r.best.is_some());
        // on threads: asked by the calling thread while they run, each stopped by the flag
        let r = search_parallel_stoppable(&nim(21, 2), &limits, 2, &mut || true);
        assert!(r.iterations >= 2 * CLOCK_EVERY && r.best.is_some());
        // a stop that never says yes changes nothing
        let limits = MctsLimits { max_iterations: Some(2_000), ..limits };
        let view = |r: &MctsResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>();
        let plain = search_parallel(&nim(21, 2), &limits, 2);
        assert_eq!(view(&plain), view(&search_parallel_stoppable(&nim(21, 2), &limits, 2, &mut || false)));
    }

    #[test]
    fn is_deterministic_for_a_seed() {
        let limits = MctsLimits { max_iterations: Some(3_000), seed: 9, ..Default::default() };
        let a = search(&nim(21, 3), &limits);
        let b = search(&nim(21, 3), &limits);
        assert_eq!(a.iterations, b.iterations);
        assert_eq!(a.nodes, b.nodes);
        let view = |r: &MctsResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits)).collect::<Vec<_>>();
        assert_eq!(view(&a), view(&b));
    }

    #[test]
    fn three_seats_reward_the_mover() {
        // three players, heap 2: seat 0 takes both and wins
        let result = search(&nim(2, 3), &MctsLimits { max_iterations: Some(500), ..Default::default() });
        assert_eq!(result.best.unwrap().mv, 2);
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let result = search(&nim(0, 2), &MctsLimits { max_iterations: Some(10), ..Default::default() });
        assert!(result.best.is_none());
        assert_eq!(result.iterations, 0);
    }

    /// Four plies of 40 moves each, scored with many ties; seat 0 wins when a hash of the
    /// moves played is even.
    #[derive(Clone, Debug)]
    struct Wide {
        played: u64,
        plies: u32,
    }

    impl MctsGame for Wide {
        type Move = u32;
        type Scratch = ();

        fn scratch(&self) {}

        fn to_move(&self) -> Option<usize> {
            (self.plies < 4).then_some(self.plies as usize % 2)
        }

        fn scored_moves(&self, _: &mut (), out: &mut Vec<(u32, i32)>) {
            out.clear();
            out.extend((0..40).map(|mv| (mv, (mv % 3) as i32)));
        }

        fn play(&mut self, mv: u32, _: &mut ()) {
            self.played = mix(self.played, mv as u64);
            self.plies += 1;
        }

        fn playout(mut self, _: &mut (), rng: &mut Rng) -> Rewards {
            while self.plies < 4 {
                self.play(rng.below(40), &mut ());
            }
            self.rewards()
        }

        fn rewards(&self) -> Rewards {
            let mut r = [0.0; MAX_SEATS];
            r[(self.played & 1) as usize] = 1.0;
            r
        }
    }

    #[test]
    fn nodes_take_their_moves_in_the_same_order_with_or_without_the_side_table() {
        let wide = Wide { played: 0, plies: 0 };
        let iterations = 20_000;
        let full = MctsLimits { max_iterations: Some(iterations), seed: 3, ..Default::default() };
        // the tree never fills (it has at most one node an iteration more than the root)
        // but the side table does, after a quarter of the nodes: the others generate again
        let short = MctsLimits { max_nodes: iterations as usize + 2, ..full };
        let (a, b) = (search(&wide, &full), search(&wide, &short));
        assert_eq!((a.nodes, a.depth), (b.nodes, b.depth));
        let view = |r: &MctsResult<u32>| r.moves.iter().map(|m| (m.mv, m.visits, m.mean.to_bits())).collect::<Vec<_>>();
        assert_eq!(view(&a), view(&b));
        assert!(a.moves.len() > ORDERED, "the root took more children than the table keeps");
    }

    #[test]
    fn a_full_tree_still_searches() {
        let limits = MctsLimits { max_iterations: Some(2_000), max_nodes: 20, ..Default::default() };
        let result = search(&nim(30, 2), &limits);
        assert_eq!(result.nodes, 20);
        assert_eq!(result.iterations, 2_000);
    }
}
