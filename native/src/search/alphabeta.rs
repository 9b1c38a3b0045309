//! Iterative-deepening alpha-beta (negamax, principal variation search) with a
//! transposition table, killer moves and the game's own move ordering, tactics and
//! evaluation (see [`Game`]).
//!
//! Each iteration searches every root move one ply deeper than the last, the root moves
//! re-ordered by the previous iteration's scores.  At every node the game is first asked
//! for a move that wins at once ([`Game::winning_move`]), so threats are seen one ply
//! beyond the horizon; children that repeat a sibling's position (by [`Game::key`],
//! which may merge symmetric positions) are searched once.  The search stops at the time
//! or depth limit, or as soon as the root is proven (a forced win, or every move losing).

use std::time::Instant;

use super::tt::{Bound, Table};
use super::{Game, PROVEN, WIN};

/// When to stop.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub deadline: Option<Instant>,
    pub max_depth: u32,
    /// Stop after about this many nodes (for reproducible tests), if set.
    pub max_nodes: Option<u64>,
    /// log2 of the transposition table's entries.
    pub tt_bits: u32,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits { deadline: None, max_depth: 64, max_nodes: None, tt_bits: 20 }
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

struct Searcher<G: Game> {
    tt: Table<G::Move>,
    killers: Vec<[G::Move; 2]>,
    /// Per ply, the children being searched (move, ordering score, position).
    buffers: Vec<Vec<(G::Move, i32, G)>>,
    moves: Vec<G::Move>,
    seen: Vec<u64>,
    nodes: u64,
    /// The node count at which the clock is read next.
    next_check: u64,
    limits: SearchLimits,
    stop: bool,
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

impl<G: Game> Searcher<G> {
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 256;
            if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stop = true;
            }
            if self.limits.max_nodes.is_some_and(|n| self.nodes >= n) {
                self.stop = true;
            }
        }
        self.stop
    }

    /// The children of `pos`: one per distinct resulting position, in search order (the
    /// table's move, the killers, then by the game's ordering score).
    fn children(&mut self, pos: &G, ply: usize, first: Option<G::Move>) -> Vec<(G::Move, i32, G)> {
        // at the root, symmetric children are merged too (the opening is symmetric)
        let canonical = ply == 0;
        let mut out = std::mem::take(&mut self.buffers[ply]);
        out.clear();
        self.moves.clear();
        pos.moves(&mut self.moves);
        self.seen.clear();
        let killers = self.killers[ply];
        for &mv in &self.moves {
            let child = pos.child(mv);
            let key = if canonical { child.key().0 } else { child.sibling_key() };
            if self.seen.contains(&key) {
                continue;
            }
            self.seen.push(key);
            let mut score = pos.order_score(mv, &child);
            if Some(mv) == first {
                score = i32::MAX;
            } else if mv == killers[0] {
                score = i32::MAX - 1;
            } else if mv == killers[1] {
                score = i32::MAX - 2;
            }
            out.push((mv, score, child));
        }
        out.sort_unstable_by_key(|c| std::cmp::Reverse(c.1));
        out
    }

    fn negamax(&mut self, pos: &G, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        if pos.winning_move().is_some() {
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
        if depth == 1 {
            return self.frontier(pos, alpha, beta, ply, key, sym, first);
        }
        if self.buffers.len() <= ply + 1 {
            self.buffers.push(Vec::new());
            self.killers.push([G::Move::default(); 2]);
        }
        let children = self.children(pos, ply, first);
        let me = pos.side();
        let alpha0 = alpha;
        let mut best = -WIN;
        let mut best_move = G::Move::default();
        for (i, &(mv, _, ref child)) in children.iter().enumerate() {
            let v = if let Some(r) = child.result(me) {
                r * (WIN - ply as i32 - 1)
            } else if i == 0 {
                -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let v = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1);
                if v > alpha && v < beta && !self.stop {
                    -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    v
                }
            };
            if self.stop {
                self.buffers[ply] = children;
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply];
                if k[0] != mv {
                    k[1] = k[0];
                    k[0] = mv;
                }
                break;
            }
        }
        self.buffers[ply] = children;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, to_tt(best, ply), depth.min(127) as i8, bound, G::map_move(best_move, sym, false));
        best
    }
}

impl<G: Game> Searcher<G> {
    /// A node one ply above the horizon: its children are valued in place (a finished
    /// game, a win at once for the opponent, or the evaluation), the table's move and the
    /// killers first, the others in the game's order — no ordering pass, since valuing a
    /// child costs what scoring it for the order would.
    #[allow(clippy::too_many_arguments)]
    fn frontier(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, key: u64, sym: u8, first: Option<G::Move>) -> i32 {
        self.moves.clear();
        pos.moves(&mut self.moves);
        let mut moves = std::mem::take(&mut self.moves);
        if self.killers.len() <= ply {
            self.killers.push([G::Move::default(); 2]);
        }
        let killers = self.killers[ply];
        let mut front = 0;
        for m in [first, Some(killers[1]), Some(killers[0])].into_iter().flatten() {
            if let Some(i) = moves[front..].iter().position(|&x| x == m) {
                moves.swap(front, front + i);
                // keep the order: table move, killer 0, killer 1
                moves[..=front].rotate_right(1);
                front += 1;
            }
        }
        let me = pos.side();
        let alpha0 = alpha;
        let mut best = -WIN;
        let mut best_move = G::Move::default();
        for &mv in &moves {
            self.nodes += 1;
            let child = pos.child(mv);
            let v = match child.result(me) {
                Some(r) => r * (WIN - ply as i32 - 1),
                None if child.winning_move().is_some() => -(WIN - ply as i32 - 2),
                None => -child.evaluate(),
            };
            if v > best {
                best = v;
                best_move = mv;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply];
                if k[0] != mv {
                    k[1] = k[0];
                    k[0] = mv;
                }
                break;
            }
        }
        self.moves = moves;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, to_tt(best, ply), 1, bound, G::map_move(best_move, sym, false));
        best
    }
}

/// Search `root` (not finished) within `limits`; None when the game is over.
pub fn search<G: Game>(root: &G, limits: &SearchLimits) -> Option<SearchResult<G::Move>> {
    if root.result(root.side()).is_some() {
        return None;
    }
    let mut s = Searcher::<G> {
        tt: Table::new(limits.tt_bits),
        killers: vec![[G::Move::default(); 2]; 2],
        buffers: vec![Vec::new(), Vec::new()],
        moves: Vec::new(),
        seen: Vec::new(),
        nodes: 0,
        next_check: 0,
        limits: *limits,
        stop: false,
    };
    if let Some(mv) = root.winning_move() {
        return Some(SearchResult { best: mv, score: WIN - 1, depth: 1, nodes: 1, scores: vec![(mv, WIN - 1)] });
    }
    let mut root_moves: Vec<(G::Move, i32, G)> = s.children(root, 0, None);
    if root_moves.is_empty() {
        return None;
    }
    let me = root.side();
    let mut scores: Vec<i32> = vec![0; root_moves.len()];
    let mut result = SearchResult { best: root_moves[0].0, score: 0, depth: 0, nodes: 0, scores: Vec::new() };
    for depth in 1..=limits.max_depth.max(1) as i32 {
        let mut alpha = -WIN;
        let mut best: Option<usize> = None;
        let mut done = 0;
        for i in 0..root_moves.len() {
            let (_, _, child) = root_moves[i];
            let v = if let Some(r) = child.result(me) {
                r * (WIN - 1)
            } else if i == 0 {
                -s.negamax(&child, depth - 1, -WIN, -alpha, 1)
            } else {
                let v = -s.negamax(&child, depth - 1, -alpha - 1, -alpha, 1);
                if v > alpha && !s.stop {
                    -s.negamax(&child, depth - 1, -WIN, -alpha, 1)
                } else {
                    v
                }
            };
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
            result.best = root_moves[b].0;
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
        result.scores = root_moves.iter().zip(&scores).map(|(m, &v)| (m.0, v)).collect();
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
