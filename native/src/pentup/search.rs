//! What the search knows of Pent-Up: the [`MctsGame`] implementation (rewards per seat with
//! teams, the ordering of moves in the tree, the playout policy) and [`best_move`].
//!
//! Two ideas about height drive both the ordering and the playouts:
//!
//! * **Claim the levels the scoring counts.**  Standard and advanced scoring reward tiles
//!   high up, so the tiles that must go highest are played first; misère rewards tiles on
//!   the table, so the tiles that may stay lowest are.
//! * **Deny stacking spots.**  A tile at level `L` can only become part of a spot at level
//!   `L + 1` if some cell next to it also has height `L` (a spot must rest on two tiles at
//!   least, and a flat patch of five cells that holds only this tile's cells is the tile
//!   itself).  Such an *exposed* tile hands the next player — an opponent — a way up:
//!   standard and advanced play avoid it; misère seeks it (the opponent's tiles are forced
//!   up, off the table).
//!
//! The tree plays a move in two steps ([`Step`]): the tile, ordered by its level, then its
//! place, ordered by exposure (or, without [`Budget::split`], whole moves ordered by level
//! first, then exposure).  A playout move is, with probability [`Policy::greed`], a tile
//! among those going to the preferred level, placed at the first of a few random places of
//! it that has the preferred exposure, and otherwise a uniformly random legal move.

use std::time::{Duration, Instant};

use super::tables::ORIENTS;
use super::{Gen, Move, Position, Scoring, Table};
use crate::rng::Rng;
use crate::search::mcts::{self, MctsGame, MctsLimits, MctsResult, MoveStats, Rewards, MAX_SEATS};

/// The playout policy's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Probability that a playout move places a tile going to the preferred level (the
    /// highest available; misère: the lowest) rather than a uniformly random move.
    pub greed: f32,
    /// Random places of the chosen tile tried, for one with the preferred exposure.
    pub tries: u32,
    /// Whether a move that is not greedy is uniform over the legal moves (as the Python
    /// MCTS's policy) rather than over the tiles: slower (every tile's places generated).
    pub uniform: bool,
}

impl Policy {
    /// Whether a playout move is greedy: true with probability [`Policy::greed`] (one draw).
    fn draw_greedy(&self, rng: &mut Rng) -> bool {
        (rng.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32) < self.greed
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy { greed: 0.75, tries: 4, uniform: false }
    }
}

/// The search's working space: the move generator and the playout policy.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub gen: Gen,
    pub policy: Policy,
    /// Rows of cells next to a height, see [`Position::next_to_height`].
    rows: Vec<u64>,
}

impl Position {
    /// Whether the placement `mv` at `level` would lie next to a cell of height `level`
    /// (so that it may form a spot one level up; see the module doc).
    pub fn exposed(&self, mv: Move, level: u8) -> bool {
        match &self.table {
            Table::Small(g) => g.halo_at_height(mv.orient, mv.x, mv.y, level),
            Table::Large(g) => g.halo_at_height(mv.orient, mv.x, mv.y, level),
        }
    }

    /// The rows of the small frame (with its origin) whose cells lie next to a cell of
    /// height `level` (the exposed tiles' cells); None on the large frame.
    fn next_to_height(&self, level: u8, rows: &mut Vec<u64>) -> Option<(i32, i32)> {
        match &self.table {
            Table::Small(g) => {
                g.next_to_height(level, rows);
                Some((g.ox, g.oy))
            }
            Table::Large(_) => None,
        }
    }

    /// Whether the scoring rewards tiles low down (misère).
    fn prefers_low(&self) -> bool {
        self.rules.scoring == Scoring::Misere
    }

    /// The ordering score of placing `mv` at `level` (higher: tried first), `exposed` as
    /// [`Position::exposed`] says.
    pub fn move_score(&self, level: u8, exposed: bool) -> i32 {
        if self.prefers_low() {
            -64 * level as i32 + exposed as i32
        } else {
            64 * level as i32 - exposed as i32
        }
    }

    /// Per seat: 1/k if its side is one of the k sides sharing the best record, else 0
    /// (partners share their side's reward); all 0 before the end.
    pub fn rewards(&self) -> Rewards {
        let mut out = [0.0; MAX_SEATS];
        let won = self.winners();
        if won == 0 {
            return out;
        }
        let sides = self.rules.sides();
        let k = sides.iter().filter(|&&s| s & won != 0).count() as f32;
        for (seat, r) in out.iter_mut().enumerate().take(self.rules.players as usize) {
            if won >> seat & 1 == 1 {
                *r = 1.0 / k;
            }
        }
        out
    }

    /// One move of the playout policy (`keep`: `gen`'s tables are those of the position
    /// before, but for the rows its last tile changed).  The tile first: with probability
    /// `greed` one of those going to the preferred level, else any; then a random place
    /// of it, the first of `tries` with the preferred exposure.  The placements are only
    /// counted where the frame allows (see [`Position::may_count`]): the rows of the
    /// place picked are computed again, from the tables the count left fresh.
    fn policy_move(&self, gen: &mut Gen, policy: &Policy, rng: &mut Rng, keep: bool) -> Move {
        let low = self.prefers_low();
        let hand = self.hands[self.to_move as usize];
        let counting = self.may_count();
        gen.out.counting = counting;
        let greedy = policy.draw_greedy(rng);
        let mv = if low || policy.uniform {
            self.every_level_move(hand, greedy, gen, policy, rng, keep)
        } else {
            // the highest tiles only, or one tile: no other tile's level is needed
            let pieces = if greedy {
                gen.top_only = true;
                self.generate_pieces(hand, 1, gen, keep); // the highest stacking places
                gen.top_only = false;
                let hit = (0..12).filter(|&p| gen.levels[p] != 0).fold(0u16, |m, p| m | 1 << p);
                if hit != 0 { hit } else { hand }
            } else {
                hand
            };
            let p = nth_tile(pieces, rng.below(pieces.count_ones()));
            if !greedy || gen.levels[p] == 0 {
                self.generate_pieces(1 << p, 0, gen, keep || greedy); // its places, at its level
            }
            self.policy_place(p, gen, policy, rng, counting)
        };
        gen.out.counting = false;
        mv
    }

    /// [`Position::policy_move`] from every tile's level: misère (the lowest level wanted)
    /// and the uniform policy.
    fn every_level_move(&self, hand: u16, greedy: bool, gen: &mut Gen, policy: &Policy, rng: &mut Rng, keep: bool) -> Move {
        let low = self.prefers_low();
        let counting = gen.out.counting;
        self.generate_pieces(hand, 1, gen, keep); // the stacking places only
        let level_of = |gen: &Gen, p: usize| gen.levels[p].max(1);
        let in_hand = (0..12).filter(|&p| hand >> p & 1 == 1);
        let target = if greedy {
            let levels = in_hand.clone().map(|p| level_of(gen, p));
            if low { levels.min() } else { levels.max() }.unwrap_or(1)
        } else {
            0
        };
        if policy.uniform && (target == 0 || (target == 1 && !low)) {
            self.generate_pieces(hand, 0, gen, true);
            let n = rng.below(gen.total);
            if counting { self.nth_counted(gen, n) } else { gen.nth(n) }
        } else {
            let chosen = |p: &usize| target == 0 || level_of(gen, *p) == target;
            let n = in_hand.clone().filter(chosen).count() as u32;
            let p = in_hand.clone().filter(chosen).nth(rng.below(n) as usize).expect("a tile in hand");
            if gen.levels[p] == 0 {
                self.generate_pieces(1 << p, 0, gen, true); // its places on the table
            }
            self.policy_place(p, gen, policy, rng, counting)
        }
    }

    /// Where the playout policy puts tile `p` (generated in `gen`, `counting` as it was):
    /// the first of `tries` random places with the preferred exposure.
    fn policy_place(&self, p: usize, gen: &mut Gen, policy: &Policy, rng: &mut Rng, counting: bool) -> Move {
        let tries = if self.ntiles > 0 { policy.tries.max(1) } else { 1 };
        let mut mv = Move::default();
        for i in 1..=tries {
            let n = rng.below(gen.counts[p]);
            mv = if counting { self.nth_counted_of_piece(gen, p, n) } else { gen.nth_of_piece(p, n) };
            if i == tries || self.exposed(mv, gen.levels[p]) == self.prefers_low() {
                break;
            }
        }
        mv
    }

    /// Play the policy to the end, the tile `first` first if given (a tile in the hand of
    /// the player to move): the rewards (`gen`: scratch space).
    pub fn policy_playout(mut self, first: Option<usize>, policy: &Policy, gen: &mut Gen, rng: &mut Rng) -> Rewards {
        self.policy_plies(first, u32::MAX, policy, gen, rng);
        self.rewards()
    }

    /// Play `plies` moves of the policy (fewer if the game ends first), the tile `first`
    /// first if given (see [`Position::policy_playout`]).
    pub fn policy_plies(&mut self, first: Option<usize>, plies: u32, policy: &Policy, gen: &mut Gen, rng: &mut Rng) {
        let mut keep = false;
        for _ in 0..plies {
            if self.is_over() {
                break;
            }
            let mv = match first.filter(|_| !keep) {
                Some(p) => {
                    self.generate_pieces(1 << p, 0, gen, false);
                    self.policy_place(p, gen, policy, rng, false)
                }
                None => self.policy_move(gen, policy, rng, keep),
            };
            let level = self.play_unchecked(mv);
            let shape = &ORIENTS[mv.orient as usize];
            gen.scratch.placed(level, mv.y, mv.y + shape.height as i32 - 1);
            keep = true;
        }
    }
}

/// The `n`-th tile (from 0) of `pieces` (bit p), in order.
fn nth_tile(mut pieces: u16, n: u32) -> usize {
    for _ in 0..n {
        pieces &= pieces - 1;
    }
    pieces.trailing_zeros() as usize
}

/// How long and how to search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub time: Option<Duration>,
    pub iterations: Option<u64>,
    pub seed: u64,
    pub policy: Policy,
    pub exploration: f32,
    pub widen: f32,
    /// Searches run at once, each with its own tree, their roots pooled (see
    /// [`mcts::search_parallel`]); each gets the whole budget.
    pub threads: usize,
    /// Whether the tree plays a move in two steps, the tile then its place (see
    /// [`Step`]).
    pub split: bool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            time: None,
            iterations: None,
            seed: 0,
            policy: Policy::default(),
            exploration: 0.4,
            widen: 2.0,
            threads: 1,
            split: true,
        }
    }
}

/// The MCTS from `position` for the player to move.
pub fn best_move(position: &Position, budget: &Budget) -> MctsResult<Move> {
    best_move_stoppable(position, budget, &mut || false)
}

/// [`best_move`], also ended when `stop` says so (see
/// [`mcts::search_parallel_stoppable`]): the result of the iterations done until then.
pub fn best_move_stoppable(position: &Position, budget: &Budget, stop: &mut dyn FnMut() -> bool) -> MctsResult<Move> {
    let limits = MctsLimits {
        deadline: budget.time.map(|t| Instant::now() + t),
        max_iterations: budget.iterations,
        exploration: budget.exploration,
        widen: budget.widen,
        seed: budget.seed,
        ..MctsLimits::default()
    };
    let root = Searchable { position: position.clone(), policy: budget.policy, split: budget.split, tile: None };
    let found = mcts::search_parallel_stoppable(&root, &limits, budget.threads, stop);
    let place = |s: &MoveStats<Step>| match s.mv {
        Step::Place(mv) => MoveStats { mv, visits: s.visits, mean: s.mean },
        step => unreachable!("a place, not {step:?}"),
    };
    let (best, moves, depth) = if budget.split {
        // the most visited tile, then its most visited place; the moves: every tile's
        // places; the depth in moves (a tile and its place are one)
        let mut moves: Vec<MoveStats<Move>> = found.then.iter().flatten().map(place).collect();
        moves.sort_by(mcts::by_visits);
        let best = found.best.map(|tile| match found.then[0].first() {
            Some(first) => place(first),
            None => {
                // the tile has no place in the tree yet: the first in the tree's order
                let Step::Tile(p) = tile.mv else { unreachable!("a tile first") };
                let after = Searchable { tile: Some(p), ..root.clone() };
                let mut scored = Vec::new();
                after.scored_moves(&mut after.scratch(), &mut scored);
                let top = scored.iter().map(|m| m.1).max().expect("a place of a tile in hand");
                let first = scored.iter().find(|m| m.1 == top).expect("the top score").0;
                place(&MoveStats { mv: first, visits: tile.visits, mean: tile.mean })
            }
        });
        (best, moves, found.depth.div_ceil(2))
    } else {
        (found.best.as_ref().map(place), found.moves.iter().map(place).collect(), found.depth)
    };
    MctsResult { best, iterations: found.iterations, nodes: found.nodes, depth, root: found.root, moves, then: Vec::new() }
}

/// A step of the search tree: a whole move, or (with [`Budget::split`]) the tile to
/// place, then — the same seat moving again — its place.  Choosing the tile first pools
/// the statistics of its places, so the search weighs which tile to play (the strategic
/// choice) apart from where.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Step {
    #[default]
    Start,
    Tile(u8),
    Place(Move),
}

/// A position with the playout policy to use (the search's scratch carries it), and the
/// tile chosen when the tree plays in two steps.
#[derive(Clone, Debug)]
struct Searchable {
    position: Position,
    policy: Policy,
    split: bool,
    tile: Option<u8>,
}

impl MctsGame for Searchable {
    type Move = Step;
    type Scratch = Scratch;

    fn scratch(&self) -> Scratch {
        Scratch { gen: Gen::new(), policy: self.policy, rows: Vec::new() }
    }

    fn to_move(&self) -> Option<usize> {
        self.position.current_player()
    }

    fn scored_moves(&self, scratch: &mut Scratch, out: &mut Vec<(Step, i32)>) {
        out.clear();
        let Scratch { gen, rows, .. } = scratch;
        let position = &self.position;
        let hand = position.hands[position.to_move as usize];
        match self.tile {
            None if self.split => {
                // each tile's level, as a playout finds it: its stacking places counted
                // (not listed); a tile with none goes on the table
                gen.out.counting = position.may_count();
                position.generate_pieces(hand, 1, gen, false);
                gen.out.counting = false;
                let tiles = (0..12).filter(|&p| hand >> p & 1 == 1);
                out.extend(tiles.map(|p| (Step::Tile(p as u8), position.move_score(gen.levels[p].max(1), false))));
                return;
            }
            None => position.generate_pieces(hand, 0, gen, false),
            Some(p) => position.generate_pieces(1 << p, 0, gen, false),
        }
        let first = position.ntiles == 0;
        for level in 1..=position.max_level + 1 {
            if !(0..12).any(|p| gen.levels[p] == level) {
                continue;
            }
            let origin = if first { None } else { position.next_to_height(level, rows) };
            for p in (0..12).filter(|&p| gen.levels[p] == level) {
                for seg in gen.piece_segments(p) {
                    let Some(origin) = origin else {
                        out.extend(gen.segment_moves(seg).map(|mv| {
                            let exposed = !first && position.exposed(mv, level);
                            (Step::Place(mv), position.move_score(level, exposed))
                        }));
                        continue;
                    };
                    // the small frame, a word a row: the row's exposed anchors at once
                    let cells = &ORIENTS[seg.orient as usize].cells;
                    for ((x, y), words) in gen.segment_rows(seg) {
                        let r = (y - origin.1) as usize;
                        let exposed = cells.iter().fold(0, |e, &(dx, dy)| e | rows.get(r + dy as usize).map_or(0, |row| row >> dx));
                        let mut bits = words[0];
                        while bits != 0 {
                            let j = bits.trailing_zeros();
                            bits &= bits - 1;
                            let mv = Move { orient: seg.orient, x: x + j as i32, y };
                            out.push((Step::Place(mv), position.move_score(level, exposed >> j & 1 == 1)));
                        }
                    }
                }
            }
        }
    }

    fn play(&mut self, step: Step, _scratch: &mut Scratch) {
        match step {
            Step::Tile(p) => self.tile = Some(p),
            Step::Place(mv) => {
                self.position.play_unchecked(mv);
                self.tile = None;
            }
            Step::Start => unreachable!("the root's step is not played"),
        }
    }

    fn playout(self, scratch: &mut Scratch, rng: &mut Rng) -> Rewards {
        let policy = scratch.policy;
        self.position.policy_playout(self.tile.map(usize::from), &policy, &mut scratch.gen, rng)
    }

    fn rewards(&self) -> Rewards {
        self.position.rewards()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pentup::Rules;

    /// A random game of these rules played until `left` tiles remain.
    fn late(rules: Rules, left: usize, seed: u64) -> Position {
        let mut position = Position::new(rules);
        let mut rng = Rng::new(seed);
        let total = 12 * rules.players as usize;
        for _ in 0..total - left {
            let moves = position.legal_moves();
            position.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
        position
    }

    fn place_of(step: Step) -> Move {
        match step {
            Step::Place(mv) => mv,
            step => panic!("a place, not {step:?}"),
        }
    }

    fn iterations(n: u64, seed: u64, split: bool) -> Budget {
        Budget { iterations: Some(n), seed, split, ..Budget::default() }
    }

    /// The rewards once the last tile is placed (where: it makes no difference, as that
    /// tile's level is fixed).
    fn finish(mut position: Position) -> Rewards {
        let moves = position.legal_moves();
        let mut first = position.clone();
        first.play_unchecked(moves[0]);
        position.play_unchecked(*moves.last().unwrap());
        assert_eq!(first.rewards(), position.rewards());
        position.rewards()
    }

    /// Per legal move, the mover's reward when only one tile follows it.
    fn second_to_last_values(position: &Position) -> Vec<(Move, f32)> {
        let seat = position.current_player().expect("a move left");
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut after = position.clone();
                after.play_unchecked(mv);
                (mv, finish(after)[seat])
            })
            .collect()
    }

    /// With two tiles left, the search plays a move as good as any (a win whenever one
    /// exists) — for every scoring, 2 to 4 players, and teams (seat 2 plays for seat 0 too),
    /// whether the tree plays the tile and its place in one step or two.
    #[test]
    fn the_second_to_last_tile_goes_where_it_wins() {
        for split in [false, true] {
            second_to_last_tile(split);
        }
    }

    fn second_to_last_tile(split: bool) {
        let mut mattered = 0;
        for (players, teams) in [(2, false), (3, false), (4, true), (4, false)] {
            for scoring in [Scoring::Standard, Scoring::Misere, Scoring::Advanced] {
                for seed in 0..8 {
                    let rules = Rules::new(players, teams, scoring).unwrap();
                    let position = late(rules, 2, seed);
                    let values = second_to_last_values(&position);
                    let best = values.iter().map(|v| v.1).fold(0.0, f32::max);
                    if values.iter().all(|v| v.1 == best) {
                        continue; // every move is as good
                    }
                    mattered += 1;
                    let found = best_move(&position, &iterations(20_000, seed, split)).best.unwrap();
                    let value = values.iter().find(|v| v.0 == found.mv).unwrap().1;
                    assert_eq!(value, best, "{players} players {scoring:?} seed {seed} split {split}: {found:?}");
                    assert!((found.mean - best).abs() < 1e-6);
                }
            }
        }
        assert!(mattered >= 4, "only {mattered} positions where the choice matters");
    }

    /// Three tiles left in a 2-player game: the search's move keeps the best result the
    /// mover can force (checked by trying every move and every reply).
    #[test]
    fn three_plies_from_the_end_it_plays_perfectly() {
        let mut mattered = 0;
        for seed in 0..12 {
            let position = late(Rules::default(), 3, 100 + seed);
            let value = |mv: Move| {
                let mut after = position.clone();
                after.play_unchecked(mv);
                let replies = second_to_last_values(&after);
                1.0 - replies.iter().map(|v| v.1).fold(0.0, f32::max) // zero-sum, two seats
            };
            let values: Vec<f32> = position.legal_moves().into_iter().map(value).collect();
            let best = values.iter().copied().fold(0.0, f32::max);
            if values.iter().all(|&v| v == best) {
                continue;
            }
            mattered += 1;
            for split in [false, true] {
                let found = best_move(&position, &iterations(50_000, seed, split)).best.unwrap();
                assert_eq!(value(found.mv), best, "seed {seed} split {split}");
            }
        }
        assert!(mattered >= 3, "only {mattered} positions where the choice matters");
    }

    /// The playout policy's short way (standard and advanced scoring: the highest tiles'
    /// level only, or one tile's) plays exactly the moves of the long way (every tile's
    /// level first) from the same random stream, through whole playouts with the tables
    /// kept from move to move, 2 to 4 players.
    #[test]
    fn the_policy_needs_only_the_highest_level() {
        let mut moves = 0;
        for (players, scoring) in [(2, Scoring::Standard), (3, Scoring::Advanced), (4, Scoring::Standard)] {
            let rules = Rules::new(players, players == 4, scoring).unwrap();
            for seed in 0..12u64 {
                let mut position = late(rules, 12 * players as usize - (seed as usize % 5), seed);
                let (mut short, mut long) = (Gen::new(), Gen::new());
                let (mut rng_short, mut rng_long) = (Rng::new(seed), Rng::new(seed));
                let mut keep = false;
                while !position.is_over() {
                    let policy = Policy::default();
                    let fast = position.policy_move(&mut short, &policy, &mut rng_short, keep);
                    let hand = position.hands[position.to_move as usize];
                    long.out.counting = position.may_count();
                    let greedy = policy.draw_greedy(&mut rng_long);
                    let slow = position.every_level_move(hand, greedy, &mut long, &policy, &mut rng_long, keep);
                    long.out.counting = false;
                    assert_eq!(fast, slow, "{players} players, seed {seed}, tile {}", position.ntiles + 1);
                    let level = position.play_unchecked(fast);
                    let shape = &ORIENTS[fast.orient as usize];
                    for gen in [&mut short, &mut long] {
                        gen.scratch.placed(level, fast.y, fast.y + shape.height as i32 - 1);
                    }
                    keep = true;
                    moves += 1;
                }
            }
        }
        assert!(moves > 500, "{moves} moves compared");
    }

    #[test]
    fn moves_are_legal_and_searches_repeat() {
        for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
            let rules = Rules::new(players, players == 4, Scoring::Standard).unwrap();
            for left in [12 * players as usize, 20, 7] {
                let position = late(rules, left, seed);
                let legal = position.legal_moves();
                for (split, threads) in [(false, 1), (true, 1), (true, 2)] {
                    let budget = Budget { threads, ..iterations(300, seed, split) };
                    let a = best_move(&position, &budget);
                    let b = best_move(&position, &budget);
                    let best = a.best.unwrap();
                    assert!(legal.contains(&best.mv));
                    assert_eq!(best.mv, b.best.unwrap().mv);
                    assert_eq!(a.nodes, b.nodes);
                    assert_eq!(a.iterations, 300 * threads as u64);
                    let total: f32 = a.root[..players as usize].iter().sum();
                    assert!((total - 1.0).abs() < 1e-3 || players == 4, "rewards share one win: {total}");
                    // the moves tried are legal, the best among the most visited
                    assert!(a.moves.iter().all(|m| legal.contains(&m.mv)));
                    assert!(best.visits > 0 && a.moves.contains(&best));
                    if !split {
                        assert_eq!(a.moves[0], best);
                    }
                }
            }
        }
    }

    /// A tile that can go up two levels is preferred by the ordering, and the playout
    /// policy only ever plays legal moves.
    #[test]
    fn ordering_and_policy() {
        // the scores of every move (level by level), in games of 2-4 players and every
        // scoring, from the first tile on
        for (players, scoring) in [(2, Scoring::Standard), (3, Scoring::Misere), (4, Scoring::Advanced)] {
            let rules = Rules::new(players, false, scoring).unwrap();
            for left in (1..=12 * players as usize).step_by(5) {
                let position = late(rules, left, left as u64);
                let searchable = Searchable { position: position.clone(), policy: Policy::default(), split: false, tile: None };
                let mut scratch = searchable.scratch();
                let mut scored = Vec::new();
                searchable.scored_moves(&mut scratch, &mut scored);
                let key = |m: &Move| (m.orient, m.y, m.x);
                let mut moves: Vec<Move> = scored.iter().map(|&(step, _)| place_of(step)).collect();
                let mut legal = position.legal_moves();
                moves.sort_by_key(key);
                legal.sort_by_key(key);
                assert_eq!(moves, legal);
                let mut gen = Gen::new();
                position.generate(&mut gen);
                for &(step, score) in &scored {
                    let mv = place_of(step);
                    let level = gen.levels[mv.piece()];
                    let exposed = position.ntiles > 0 && exposed_cells(&position, mv, level);
                    assert_eq!(score, position.move_score(level, exposed), "{mv}");
                }
            }
        }
        let position = late(Rules::default(), 8, 7);
        // policy playouts: every move legal
        let mut rng = Rng::new(3);
        for _ in 0..20 {
            let mut p = position.clone();
            let mut gen = Gen::new();
            let mut keep = false;
            while !p.is_over() {
                let mv = p.policy_move(&mut gen, &Policy::default(), &mut rng, keep);
                assert!(p.legal_moves().contains(&mv), "{mv:?}");
                let level = p.play_unchecked(mv);
                gen.scratch.placed(level, mv.y, mv.y + ORIENTS[mv.orient as usize].height as i32 - 1);
                keep = true;
            }
        }
    }

    /// Exposure cell by cell, as the module doc defines it.
    fn exposed_cells(position: &Position, mv: Move, level: u8) -> bool {
        let cells = mv.cells();
        cells.iter().any(|&(x, y)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
                let c = (x + dx, y + dy);
                !cells.contains(&c) && position.height(c.0, c.1) == level
            })
        })
    }

    #[test]
    fn exposure_from_the_halo_is_exposure_cell_by_cell() {
        // random games of 2-4 players, and one grown onto the large frame (every tile as
        // far right as it goes): every legal move at its level, and at the levels around
        let right = |m: &Move| m.x + ORIENTS[m.orient as usize].width as i32;
        for (players, seed) in [(2, 1), (3, 2), (4, 3), (4, 0)] {
            let mut position = Position::new(Rules::new(players, false, Scoring::Standard).unwrap());
            let mut rng = Rng::new(seed);
            let mut gen = Gen::new();
            let mut large = false;
            while !position.is_over() {
                position.generate(&mut gen);
                for mv in gen.moves() {
                    let level = gen.levels[mv.piece()];
                    for l in [level, level + 1, level.saturating_sub(1).max(1)] {
                        assert_eq!(position.exposed(mv, l), exposed_cells(&position, mv, l), "{mv} at {l}");
                    }
                }
                let mv = if seed == 0 {
                    gen.moves().max_by_key(|m| (right(m), -m.y)).unwrap()
                } else {
                    gen.nth(rng.below(gen.total))
                };
                position.play_unchecked(mv);
                large |= position.is_large();
            }
            assert_eq!(large, seed == 0);
        }
    }

    #[test]
    fn exposure_is_contact_at_the_same_height() {
        // I on the table, then L next to it: the L touches a level-1 cell
        let mut p = Position::new(Rules::default());
        let i = Move::parse("I:0,0;1,0;2,0;3,0;4,0").unwrap();
        p.play_unchecked(i);
        let l = Move::parse("L:0,1;1,1;2,1;3,1;3,2").unwrap();
        assert!(p.exposed(l, 1));
        let far = Move::parse("L:5,0;6,0;7,0;8,0;8,1").unwrap();
        assert!(p.exposed(far, 1));
        p.play_unchecked(l);
        // a tile on top of both (level 2) is exposed to nothing at height 2
        let on_top = Move::parse("I:0,1;1,1;2,1;3,1;3,0").unwrap_or(Move::parse("L:0,0;1,0;2,0;3,0;3,1").unwrap());
        assert!(!p.exposed(on_top, 2));
    }
}
