//! Iterative-deepening alpha-beta (negamax, principal variation search) with a
//! transposition table, killer moves and the game's own move ordering, tactics and
//! evaluation (see [`Game`]).
//!
//! Each iteration searches every root move one ply deeper than the last, the root moves
//! re-ordered by the previous iteration's scores.  At every node the game is first asked
//! whether the player to move wins at once ([`Game::has_winning_move`]), so threats are
//! seen one ply beyond the horizon.  The table's move and the killers are searched before
//! the other moves are generated (a cutoff spares generating them); those are then
//! ordered by the game's scores, and children that repeat a sibling's position (by
//! [`Game::key`], which may merge symmetric positions) are searched once.  One ply above
//! the horizon, children are valued in place ([`Game::horizon`]).  A move that threatens
//! to win at once ([`Game::threatens`]) may be searched a ply deeper
//! ([`SearchLimits::extensions`]), so forcing lines are followed past the fixed depth.
//! The search stops at the time or depth limit, at the plies the game can still last
//! ([`Game::plies_left`]: the value is exact then), when the caller's `stop` says so
//! ([`search_stoppable`]: Ctrl-C in Python), or as soon as the root is proven (a forced
//! win, or every move losing).

use std::time::Instant;

use super::tt::{Bound, Table};
use super::{Game, Horizon, PROVEN, WIN};

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub deadline: Option<Instant>,
    pub max_depth: u32,
    /// Stop after about this many nodes (for reproducible tests), if set.
    pub max_nodes: Option<u64>,
    /// log2 of the transposition table's entries.
    pub tt_bits: u32,
    /// Threat extensions allowed on a path: a move that threatens to win at once
    /// ([`Game::threatens`]) is searched a ply deeper, at most this many times a line.
    pub extensions: u32,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits { deadline: None, max_depth: 64, max_nodes: None, tt_bits: 20, extensions: 0 }
    }
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub best: M,
    /// For the player to move: `WIN - n` a forced win in `n` plies, `-(WIN - n)` a forced
    /// loss, otherwise a heuristic score.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The root's moves with their scores from the deepest iteration that scored them,
    /// best first.
    pub scores: Vec<(M, i32)>,
}

impl<M> SearchResult<M> {
    /// 1 a proven win, -1 a proven loss, None when the score is heuristic.
    pub fn proven(&self) -> Option<i32> {
        if self.score >= PROVEN {
            Some(1)
        } else if self.score <= -PROVEN {
            Some(-1)
        } else {
            None
        }
    }
}

/// A child of a node, as searched.
#[derive(Clone, Copy)]
struct Child<G: Game> {
    mv: G::Move,
    /// The ordering score (higher first).
    order: i32,
    pos: G,
}

/// A node's window and the best of its children so far.
struct Window<M> {
    alpha0: i32,
    alpha: i32,
    beta: i32,
    best: i32,
    best_move: M,
}

impl<M: Copy + Default> Window<M> {
    fn new(alpha: i32, beta: i32) -> Window<M> {
        Window { alpha0: alpha, alpha, beta, best: -WIN, best_move: M::default() }
    }

    /// Take the value `v` of playing `mv`; true on a cutoff.
    fn update(&mut self, v: i32, mv: M) -> bool {
        if v > self.best {
            self.best = v;
            self.best_move = mv;
        }
        self.alpha = self.alpha.max(v);
        self.alpha >= self.beta
    }

    /// What the best value is, as the table keeps it.
    fn bound(&self) -> Bound {
        if self.best <= self.alpha0 {
            Bound::Upper
        } else if self.best >= self.beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }
}

/// A set of one node's children's keys: open addressing, emptied by a new stamp.
struct Seen {
    slots: Vec<(u32, u64)>,
    stamp: u32,
}

impl Seen {
    fn new() -> Seen {
        Seen { slots: vec![(0, 0); 1024], stamp: 0 }
    }

    /// Empty the set, with room for `n` keys (at most half full, so probing ends).
    fn clear(&mut self, n: usize) {
        let size = (2 * n).next_power_of_two();
        if size > self.slots.len() {
            self.slots = vec![(0, 0); size];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
    }

    /// Add `key`; false if it was there already.
    fn insert(&mut self, key: u64) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let (stamp, k) = self.slots[i];
            if stamp != self.stamp {
                self.slots[i] = (self.stamp, key);
                return true;
            }
            if k == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }
}

/// Killer moves kept per ply.
const KILLERS: usize = 4;

struct Searcher<'a, G: Game> {
    tt: Table<G::Move>,
    killers: Vec<[Option<G::Move>; KILLERS]>,
    /// Per ply, the children being searched.
    buffers: Vec<Vec<Child<G>>>,
    moves: Vec<G::Move>,
    seen: Seen,
    nodes: u64,
    /// The node count at which the clock is read next.
    next_check: u64,
    limits: SearchLimits,
    /// The caller's `stop`, asked with the clock.
    asked: &'a mut dyn FnMut() -> bool,
    stop: bool,
    /// Threat extensions on the path being searched.
    extended: u32,
}

/// A score as stored in the table: proven results counted from the node, not the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

impl<G: Game> Searcher<'_, G> {
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 256;
            if self.limits.deadline.is_some_and(|d| Instant::now() >= d) || (self.asked)() {
                self.stop = true;
            }
            if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
                self.stop = true;
            }
        }
        self.stop
    }

    /// Make room for the killers and the children at `ply`.
    fn reach(&mut self, ply: usize) {
        while self.killers.len() <= ply {
            self.killers.push([None; KILLERS]);
            self.buffers.push(Vec::new());
        }
    }

    /// `mv` made a cutoff at `ply`: the first killer there (the others kept, most recent
    /// first).
    fn record_killer(&mut self, ply: usize, mv: G::Move) {
        let k = &mut self.killers[ply];
        let at = k.iter().position(|&m| m == Some(mv)).unwrap_or(KILLERS - 1);
        k[..=at].rotate_right(1);
        k[0] = Some(mv);
    }

    /// The children of `pos` but the moves `tried` (searched already): one per distinct
    /// resulting position (none repeating a tried one), best ordering score first, ties in
    /// the game's order.
    fn children(&mut self, pos: &G, ply: usize, tried: &[G::Move]) -> Vec<Child<G>> {
        // at the root, symmetric children are merged too (the opening is symmetric)
        let key = |child: &G| if ply == 0 { child.key().0 } else { child.sibling_key() };
        let mut out = std::mem::take(&mut self.buffers[ply]);
        out.clear();
        self.moves.clear();
        pos.moves(&mut self.moves);
        self.seen.clear(self.moves.len());
        for &mv in tried {
            self.seen.insert(key(&pos.child(mv)));
        }
        for &mv in &self.moves {
            if tried.contains(&mv) {
                continue;
            }
            let child = pos.child(mv);
            if self.seen.insert(key(&child)) {
                out.push(Child { mv, order: pos.order_score(mv, &child), pos: child });
            }
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.order));
        out
    }

    /// The value for the player to move at `ply` of playing to `child`, the `i`-th move
    /// searched there (principal variation search: the first with the full window, the
    /// others with a null window, searched again if they beat alpha).
    #[allow(clippy::too_many_arguments)]
    fn child_value(&mut self, child: &G, me: usize, i: usize, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(r) = child.result(me) {
            return r * (WIN - ply as i32 - 1);
        }
        // a threat to win at once is answered: searched a ply deeper, as few replies
        // hold it off
        let extend = self.extended < self.limits.extensions && child.threatens();
        let depth = depth + extend as i32;
        self.extended += extend as u32;
        let v = if i == 0 {
            -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
        } else {
            let v = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
            if v > alpha && v < beta && !self.stop {
                -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                v
            }
        };
        self.extended -= extend as u32;
        v
    }

    fn negamax(&mut self, pos: &G, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if pos.has_winning_move() {
            return WIN - ply as i32 - 1; // the next ply wins
        }
        if depth <= 0 {
            return pos.evaluate();
        }
        let (key, sym) = pos.key();
        let mut first = None;
        if let Some(e) = self.tt.probe(key) {
            first = Some(G::map_move(e.best, sym, true));
            if e.depth as i32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        self.reach(ply);
        let me = pos.side();
        let mut w = Window::new(alpha, beta);
        // the table's move and the killers first, before the others are generated: a
        // cutoff spares generating them
        let mut tried = [G::Move::default(); KILLERS + 1];
        let mut n = 0;
        let mut cut = false;
        for mv in std::iter::once(first).chain(self.killers[ply]).flatten() {
            if tried[..n].contains(&mv) || !pos.is_legal(mv) {
                continue;
            }
            tried[n] = mv;
            n += 1;
            let v = if depth == 1 {
                self.leaf_value(pos, mv, ply, w.best)
            } else {
                self.child_value(&pos.child(mv), me, n - 1, depth, w.alpha, w.beta, ply)
            };
            if self.stop {
                return 0;
            }
            if w.update(v, mv) {
                cut = true;
                break;
            }
        }
        if !cut {
            cut = if depth == 1 {
                self.frontier(pos, &mut w, ply, &tried[..n])
            } else {
                self.interior(pos, &mut w, depth, ply, &tried[..n])
            };
            if self.stop {
                return 0;
            }
        }
        if cut {
            self.record_killer(ply, w.best_move);
        }
        self.tt.store(key, to_tt(w.best, ply), depth.min(127) as i8, w.bound(), G::map_move(w.best_move, sym, false));
        w.best
    }

    /// The moves of `pos` but those `tried`, searched into `w` after ordering them; true on
    /// a cutoff.
    fn interior(&mut self, pos: &G, w: &mut Window<G::Move>, depth: i32, ply: usize, tried: &[G::Move]) -> bool {
        let me = pos.side();
        let children = self.children(pos, ply, tried);
        let mut cut = false;
        for (i, c) in children.iter().enumerate() {
            let v = self.child_value(&c.pos, me, tried.len() + i, depth, w.alpha, w.beta, ply);
            if self.stop {
                break;
            }
            if w.update(v, c.mv) {
                cut = true;
                break;
            }
        }
        self.buffers[ply] = children;
        cut
    }

    /// [`Searcher::interior`] one ply above the horizon: the children are valued in place,
    /// in the game's order — no ordering pass, since valuing a child costs what scoring it
    /// for the order would.
    fn frontier(&mut self, pos: &G, w: &mut Window<G::Move>, ply: usize, tried: &[G::Move]) -> bool {
        self.moves.clear();
        pos.moves(&mut self.moves);
        let moves = std::mem::take(&mut self.moves);
        let mut cut = false;
        for &mv in moves.iter().filter(|mv| !tried.contains(mv)) {
            let v = self.leaf_value(pos, mv, ply, w.best);
            if w.update(v, mv) {
                cut = true;
                break;
            }
        }
        self.moves = moves;
        cut
    }

    /// The value of `mv` at `ply`, one ply above the horizon: a finished game, a win at
    /// once for the opponent, or the evaluation — exact when above `best`, otherwise at
    /// most `best`.
    fn leaf_value(&mut self, pos: &G, mv: G::Move, ply: usize, best: i32) -> i32 {
        self.nodes += 1;
        match pos.horizon(mv) {
            Horizon::Over(r) => r * (WIN - ply as i32 - 1),
            // a win at once for the opponent only lowers the value: look for one only when
            // the evaluation would raise the best
            Horizon::Eval(v) if v > best && pos.child(mv).has_winning_move() => -(WIN - ply as i32 - 2),
            Horizon::Eval(v) => v,
        }
    }
}

/// Search `root` (not finished) within `limits`; None when the game is over.
pub fn search<G: Game>(root: &G, limits: &SearchLimits) -> Option<SearchResult<G::Move>> {
    search_stoppable(root, limits, &mut || false)
}

/// [`search`], also ended when `stop` (asked with the clock, every 256 nodes) says so, as
/// at the deadline: the deepest iteration completed until then.
pub fn search_stoppable<G: Game>(
    root: &G,
    limits: &SearchLimits,
    stop: &mut dyn FnMut() -> bool,
) -> Option<SearchResult<G::Move>> {
    if root.result(root.side()).is_some() {
        return None;
    }
    let mut s = Searcher::<G> {
        tt: Table::new(limits.tt_bits),
        killers: vec![[None; KILLERS]; 2],
        buffers: vec![Vec::new(), Vec::new()],
        moves: Vec::new(),
        seen: Seen::new(),
        nodes: 0,
        next_check: 0,
        limits: *limits,
        asked: stop,
        stop: false,
        extended: 0,
    };
    if let Some(mv) = root.winning_move() {
        return Some(SearchResult { best: mv, score: WIN - 1, depth: 1, nodes: 1, scores: vec![(mv, WIN - 1)] });
    }
    let mut root_moves = s.children(root, 0, &[]);
    if root_moves.is_empty() {
        return None;
    }
    let me = root.side();
    let mut scores: Vec<i32> = vec![0; root_moves.len()];
    let mut result = SearchResult { best: root_moves[0].mv, score: 0, depth: 0, nodes: 0, scores: Vec::new() };
    // deeper than the game can last, an iteration would only repeat the last one
    let last = limits.max_depth.max(1).min(root.plies_left().unwrap_or(u32::MAX).max(1));
    for depth in 1..=last as i32 {
        let mut alpha = -WIN;
        let mut best: Option<usize> = None;
        let mut done = 0;
        for i in 0..root_moves.len() {
            let v = s.child_value(&root_moves[i].pos, me, i, depth, alpha, WIN, 0);
            if s.stop {
                break;
            }
            // a move that fails low has only a bound: keep it below every exact score
            scores[i] = if v > alpha || i == 0 { v } else { v.min(alpha) - 1 };
            done = i + 1;
            if v > alpha {
                alpha = v;
                best = Some(i);
            }
        }
        if let Some(b) = best {
            // completed or not, a move that beat the others' searched scores at this depth
            result.best = root_moves[b].mv;
            result.score = scores[b];
        }
        if s.stop && done < root_moves.len() {
            break;
        }
        result.depth = depth as u32;
        // re-order by this iteration's scores (stable: ties keep the previous order)
        let mut order: Vec<usize> = (0..root_moves.len()).collect();
        order.sort_by(|&a, &b| scores[b].cmp(&scores[a]));
        root_moves = order.iter().map(|&i| root_moves[i]).collect();
        scores = order.iter().map(|&i| scores[i]).collect();
        result.scores = root_moves.iter().zip(&scores).map(|(c, &v)| (c.mv, v)).collect();
        let top = scores[0];
        if top >= PROVEN || top <= -PROVEN {
            break; // a forced win, or every move loses
        }
        if s.stop {
            break;
        }
    }
    result.nodes = s.nodes;
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::Seen;

    #[test]
    fn seen_keeps_any_number_of_keys_and_forgets_them_when_cleared() {
        let mut seen = Seen::new();
        for round in 0..3u64 {
            let n = 700 + 1500 * round as usize; // more keys than the first table holds
            seen.clear(n);
            for k in 0..n as u64 {
                assert!(seen.insert(k * 1024 + round), "key {k} is new");
            }
            for k in 0..n as u64 {
                assert!(!seen.insert(k * 1024 + round), "key {k} was added");
            }
        }
    }
}
