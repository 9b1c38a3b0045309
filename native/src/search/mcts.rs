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
//! earlier (then the result depends on the machine's speed).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
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

/// The tree (shared by the threads of [`search_shared`]).
struct Tree<G: MctsGame> {
    nodes: Vec<Node<G::Move>>,
    /// Nodes' first [`ORDERED`] moves in order, [`ORDERED`] a node.
    ordered: Vec<G::Move>,
    limits: MctsLimits,
    depth: u32,
}

/// One thread's working space.
struct Worker<G: MctsGame> {
    scratch: G::Scratch,
    scored: Vec<(G::Move, i32)>,
    keys: Vec<(u64, u32)>,
}

impl<G: MctsGame> Worker<G> {
    fn new(root: &G) -> Worker<G> {
        Worker { scratch: root.scratch(), scored: Vec::new(), keys: Vec::new() }
    }
}

impl<G: MctsGame> Tree<G>
where
    G::Move: Default,
{
    /// A tree of the root alone.
    fn new(root: &G, limits: &MctsLimits) -> Tree<G> {
        let mut tree = Tree { nodes: Vec::with_capacity(1024), ordered: Vec::new(), limits: *limits, depth: 0 };
        tree.new_node(G::Move::default(), NONE, root);
        tree
    }
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
    fn kth_move(&mut self, work: &mut Worker<G>, node: u32, position: &G, k: usize) -> (G::Move, usize) {
        let n = &self.nodes[node as usize];
        if n.ordered != NONE && k < ORDERED {
            return (self.ordered[n.ordered as usize * ORDERED + k], n.moves as usize);
        }
        position.scored_moves(&mut work.scratch, &mut work.scored);
        let salt = mix(self.limits.seed, node as u64);
        work.keys.clear();
        work.keys.extend(work.scored.iter().enumerate().map(|(i, &(_, score))| {
            // high scores first: the key sorts ascending
            let s = (i32::MAX as i64 - score as i64) as u64;
            ((s << 32) | (mix(salt, i as u64) >> 32), i as u32)
        }));
        let count = work.keys.len();
        if k < ORDERED && self.ordered.len() < ORDERED * (self.limits.max_nodes / 4) {
            // keep the first moves in order for the node's next children (a node with
            // fewer moves repeats its last); keys are distinct, so the order is the same
            // as a fresh generation's
            let kept = count.min(ORDERED);
            if kept < count {
                work.keys.select_nth_unstable(kept);
            }
            work.keys[..kept].sort_unstable();
            self.nodes[node as usize].ordered = (self.ordered.len() / ORDERED) as u32;
            let (keys, scored) = (&work.keys, &work.scored);
            self.ordered.extend((0..ORDERED).map(|j| scored[keys[j.min(kept - 1)].1 as usize].0));
            return (work.scored[work.keys[k].1 as usize].0, count);
        }
        let (_, &mut (_, i), _) = work.keys.select_nth_unstable(k);
        (work.scored[i as usize].0, count)
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

    /// Walk down from the root by UCB1 and add one child (or stop at a finished game, or
    /// at a leaf of a full tree): the position reached and its node.  Each node on the way
    /// counts the visit as it is left, before any reward: a *virtual loss*, which steers
    /// the other threads of a shared tree elsewhere until [`Tree::back_up`] adds the
    /// rewards (alone, a tree grows exactly as if the visits came with them).
    fn descend(&mut self, work: &mut Worker<G>, root: &G) -> (G, u32) {
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
                let (mv, count) = self.kth_move(work, node, &position, children);
                position.play(mv, &mut work.scratch);
                let child = self.new_node(mv, node, &position);
                let n = &mut self.nodes[node as usize];
                n.moves = count.min(u16::MAX as usize - 1) as u16;
                n.visits += 1;
                self.nodes[child as usize].next_sibling = n.first_child;
                let n = &mut self.nodes[node as usize];
                n.first_child = child;
                n.children += 1;
                node = child;
                self.depth = self.depth.max(depth + 1);
                break;
            }
            let next = self.select(node);
            self.nodes[node as usize].visits += 1;
            node = next;
            depth += 1;
            position.play(self.nodes[node as usize].mv, &mut work.scratch);
        }
        self.nodes[node as usize].visits += 1;
        (position, node)
    }

    /// Add the rewards of a playout from `leaf` to it and every node above.
    fn back_up(&mut self, leaf: u32, rewards: Rewards) {
        let mut at = leaf;
        while at != NONE {
            let n = &mut self.nodes[at as usize];
            for (t, r) in n.totals.iter_mut().zip(rewards) {
                *t += r;
            }
            at = n.parent;
        }
    }

    /// Whether the search can stop after `iterations`: the root's single legal move
    /// needs no search (unless it is a step its seat follows with another).
    fn settled(&self, iterations: u64) -> bool {
        let root = &self.nodes[0];
        iterations >= 2 && root.moves == 1 && self.nodes[root.first_child as usize].to_move != root.to_move
    }

    /// What the search found after `iterations`.
    fn result(&self, root: &G, iterations: u64) -> MctsResult<G::Move> {
        let root_node = &self.nodes[0];
        let seat = root.to_move().unwrap_or(0);
        let visits = root_node.visits.max(1) as f32;
        let mut moves: Vec<_> = self
            .children_stats(0, seat)
            .into_iter()
            .map(|(m, id)| {
                let again = self.nodes[id as usize].to_move as usize == seat;
                (m, if again { self.children_stats(id, seat).into_iter().map(|c| c.0).collect() } else { Vec::new() })
            })
            .collect();
        moves.sort_by(|a, b| by_visits(&a.0, &b.0));
        for m in &mut moves {
            m.1.sort_by(by_visits);
        }
        let (moves, then): (Vec<_>, Vec<_>) = moves.into_iter().unzip();
        MctsResult {
            best: moves.first().copied(),
            iterations,
            nodes: self.nodes.len(),
            depth: self.depth,
            root: root_node.totals.map(|t| t / visits),
            moves,
            then,
        }
    }
}

/// Search from `root` until a limit is reached (at least one iteration, unless the game is
/// over).
pub fn search<G: MctsGame>(root: &G, limits: &MctsLimits) -> MctsResult<G::Move>
where
    G::Move: Default,
{
    let mut tree = Tree::<G>::new(root, limits);
    let mut work = Worker::new(root);
    let mut rng = Rng::new(limits.seed);
    let mut iterations = 0u64;
    if root.to_move().is_some() {
        loop {
            let (position, leaf) = tree.descend(&mut work, root);
            let rewards = playout(position, &mut work, &mut rng);
            tree.back_up(leaf, rewards);
            iterations += 1;
            if limits.max_iterations.is_some_and(|m| iterations >= m) || tree.settled(iterations) {
                break;
            }
            if limits.deadline.is_some_and(|d| iterations % 8 == 0 && Instant::now() >= d) {
                break;
            }
        }
    }
    tree.result(root, iterations)
}

/// The rewards of a playout from `position` (those of the game, when it is over).
fn playout<G: MctsGame>(position: G, work: &mut Worker<G>, rng: &mut Rng) -> Rewards {
    if position.to_move().is_none() {
        position.rewards()
    } else {
        position.playout(&mut work.scratch, rng)
    }
}

/// [`search`] on `threads` threads growing one tree (tree parallelism): each walks down
/// and adds its node under a lock, plays out without it (most of an iteration), and adds
/// the rewards under the lock again; a visit counts before its rewards (a virtual loss,
/// see [`Tree::descend`]), so the threads spread over the tree.  The iterations limit is
/// for all threads together.  Not deterministic with more than one thread (the threads'
/// order varies).
pub fn search_shared<G>(root: &G, limits: &MctsLimits, threads: usize) -> MctsResult<G::Move>
where
    G: MctsGame + Sync,
    G::Move: Default + Send,
{
    if threads <= 1 || root.to_move().is_none() {
        return search(root, limits);
    }
    let shared = Mutex::new(Tree::<G>::new(root, limits));
    let (claimed, finished, stop) = (AtomicU64::new(0), AtomicU64::new(0), AtomicBool::new(false));
    std::thread::scope(|scope| {
        for i in 0..threads {
            let (shared, claimed, finished, stop) = (&shared, &claimed, &finished, &stop);
            scope.spawn(move || {
                let mut work = Worker::new(root);
                let mut rng = Rng::new(if i == 0 { limits.seed } else { mix(limits.seed, i as u64) });
                let mut mine = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    // claim an iteration first, so that all threads do `max_iterations` in all
                    let n = claimed.fetch_add(1, Ordering::Relaxed);
                    if limits.max_iterations.is_some_and(|m| n >= m) {
                        break;
                    }
                    let (position, leaf) = lock(shared).descend(&mut work, root);
                    let rewards = playout(position, &mut work, &mut rng);
                    let mut tree = lock(shared);
                    tree.back_up(leaf, rewards);
                    let done = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    if tree.settled(done) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    drop(tree);
                    mine += 1;
                    if limits.deadline.is_some_and(|d| mine % 8 == 0 && Instant::now() >= d) {
                        break;
                    }
                }
            });
        }
    });
    let tree = shared.into_inner().expect("no search thread panicked");
    tree.result(root, finished.load(Ordering::Relaxed))
}

/// The tree, locked (a thread that panicked fails the whole search, at the scope's end).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().expect("no search thread panicked")
}

/// Most visited first; equal visits: the better mean (a stable sort keeps the earlier
/// added first after that).
fn by_visits<M>(a: &MoveStats<M>, b: &MoveStats<M>) -> std::cmp::Ordering {
    b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean))
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
    fn threads_share_one_tree() {
        let limits = MctsLimits { max_iterations: Some(20_000), seed: 4, ..Default::default() };
        for heap in [5, 6, 7, 9] {
            for threads in [2, 3] {
                let shared = search_shared(&nim(heap, 2), &limits, threads);
                assert_eq!(shared.best.unwrap().mv, heap % 4, "heap {heap}, {threads} threads");
                assert_eq!(shared.iterations, 20_000, "the limit is for all threads together");
                // every iteration visited the root and one root move, and added one node
                // (but where the game was over)
                let visits: u32 = shared.moves.iter().map(|m| m.visits).sum();
                assert_eq!(visits as u64, shared.iterations);
                assert!(shared.nodes as u64 <= shared.iterations + 1);
                let total: f32 = shared.root[..2].iter().sum();
                assert!((total - 1.0).abs() < 1e-3, "no virtual loss is left: {total}");
            }
        }
        // by time, and a lone legal move stops the search at once
        let timed = MctsLimits { deadline: Some(Instant::now() + std::time::Duration::from_millis(50)), ..limits };
        let r = search_shared(&nim(9, 3), &MctsLimits { max_iterations: None, ..timed }, 2);
        assert!(r.iterations > 0 && r.best.is_some());
        let lone = search_shared(&nim(1, 2), &MctsLimits { max_iterations: None, ..timed }, 2);
        assert!(lone.iterations < 100, "{}", lone.iterations);
        assert!(search_shared(&nim(0, 2), &limits, 2).best.is_none());
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
