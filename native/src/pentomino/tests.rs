//! The engines against naive ones written from RULES.md §3 (shapes turned and flipped cell
//! by cell, placements tested square by square), the facts of the rules, the solvers'
//! counts and the endgame solver against plain minimax.

use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;

use super::endgame;
use super::game::*;
use super::puzzle::{self, PuzzleMove, Tables};
use super::region::{permute, Region};
use super::solver::{Quiet, Solver};
use super::tables::{MASKS, NUM_PLACEMENTS, PIECE_OF};
use crate::rng::Rng;

// ------------------------------------------------------------------ the naive engine

/// The twelve pieces as RULES.md draws them (any orientation will do).
const SHAPES: [[(i32, i32); 5]; 12] = [
    [(1, 0), (2, 0), (0, 1), (1, 1), (1, 2)],
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)],
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)],
    [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)],
    [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    [(0, 0), (1, 0), (2, 0), (1, 1), (1, 2)],
    [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    [(1, 0), (0, 1), (1, 1), (1, 2), (1, 3)],
    [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
];

/// Every (piece, mask) placement on a `w × h` rectangle, by brute force: each of the
/// 8 turns and flips of each shape at every offset.
fn naive_placements(w: i32, h: i32) -> BTreeSet<(u8, u64)> {
    let mut out = BTreeSet::new();
    for (p, shape) in SHAPES.iter().enumerate() {
        for t in 0..8 {
            let cells: Vec<(i32, i32)> = shape
                .iter()
                .map(|&(x, y)| {
                    let (x, y) = if t & 4 != 0 { (-x, y) } else { (x, y) };
                    match t & 3 {
                        0 => (x, y),
                        1 => (-y, x),
                        2 => (-x, -y),
                        _ => (y, -x),
                    }
                })
                .collect();
            for dx in -10..20 {
                for dy in -10..20 {
                    let moved: Vec<(i32, i32)> = cells.iter().map(|&(x, y)| (x + dx, y + dy)).collect();
                    if moved.iter().all(|&(x, y)| (0..w).contains(&x) && (0..h).contains(&y)) {
                        out.insert((p as u8, moved.iter().fold(0u64, |m, &(x, y)| m | 1 << (y * w + x))));
                    }
                }
            }
        }
    }
    out
}

/// RULES.md §3 played naively.
#[derive(Clone, Debug)]
struct Naive {
    rules: Rules,
    occ: u64,
    pool: u16,
    sets: Vec<u16>,
    phase: Phase,
    to_move: usize,
    touched: Option<u8>,
    totals: Vec<u16>,
    round_start: usize,
    placers: Vec<usize>,
    winners: u8,
}

impl Naive {
    fn new(rules: Rules) -> Naive {
        let n = rules.players as usize;
        Naive {
            rules,
            occ: 0,
            pool: 0xFFF,
            sets: vec![0; n],
            phase: if rules.draft { Phase::Pick } else { Phase::Place },
            to_move: 0,
            touched: None,
            totals: vec![0; n],
            round_start: 0,
            placers: vec![],
            winners: 0,
        }
    }

    fn mine(&self) -> u16 {
        if self.rules.draft {
            self.sets[self.to_move]
        } else {
            self.pool
        }
    }

    fn fitting(&self, pieces: u16, table: &BTreeSet<(u8, u64)>) -> BTreeSet<(u8, u64)> {
        table.iter().filter(|&&(p, m)| pieces >> p & 1 == 1 && m & self.occ == 0).copied().collect()
    }

    /// The legal moves as a set of actions.
    fn moves(&self, table: &BTreeSet<(u8, u64)>) -> BTreeSet<Action> {
        let place = |set: BTreeSet<(u8, u64)>| -> BTreeSet<Action> {
            set.iter().map(|&(_, m)| MASKS.iter().position(|&x| x == m).unwrap() as Action).collect()
        };
        match self.phase {
            Phase::Over => BTreeSet::new(),
            Phase::Pick => (0..12u16).filter(|p| self.pool >> p & 1 == 1).map(|p| 2308 + p).collect(),
            Phase::Place => match self.touched {
                Some(t) => place(self.fitting(1 << t, table)),
                None if self.rules.touch_move => {
                    let fit = self.fitting(self.mine(), table);
                    fit.iter().map(|&(p, _)| 2320 + p as Action).collect()
                }
                None => place(self.fitting(self.mine(), table)),
            },
        }
    }

    fn play(&mut self, a: Action, table: &BTreeSet<(u8, u64)>) {
        let n = self.rules.players as usize;
        let a = a as usize;
        if a >= 2320 {
            self.touched = Some((a - 2320) as u8);
            return;
        }
        if a >= 2308 {
            let p = a - 2308;
            self.pool &= !(1 << p);
            self.sets[self.to_move] |= 1 << p;
            if self.pool == 0 {
                self.phase = Phase::Place;
                self.to_move = 1 % n;
            } else {
                self.to_move = (self.to_move + 1) % n;
            }
            return;
        }
        let p = PIECE_OF[a];
        self.occ |= MASKS[a];
        self.touched = None;
        if self.rules.draft {
            self.sets[self.to_move] &= !(1 << p);
        } else {
            self.pool &= !(1 << p);
        }
        self.placers.push(self.to_move);
        self.to_move = (self.to_move + 1) % n;
        if !self.fitting(self.mine(), table).is_empty() {
            return;
        }
        // the player to move cannot place: the round (or the game) is over
        if !self.rules.rounds() {
            self.phase = Phase::Over;
            self.winners = 1 << self.placers.last().unwrap();
            return;
        }
        for (k, &pts) in self.rules.points.iter().enumerate() {
            if self.placers.len() > k {
                self.totals[self.placers[self.placers.len() - 1 - k]] += pts;
            }
        }
        let best = *self.totals.iter().max().unwrap();
        if best >= self.rules.target {
            self.phase = Phase::Over;
            self.winners = (0..n).filter(|&s| self.totals[s] == best).fold(0, |w, s| w | 1 << s);
        } else {
            self.occ = 0;
            self.pool = 0xFFF;
            self.placers.clear();
            self.round_start = (self.round_start + 1) % n;
            self.to_move = self.round_start;
        }
    }
}

fn option_sets() -> Vec<Rules> {
    let base = Rules::default();
    vec![
        base,
        Rules { touch_move: true, ..base },
        Rules { draft: true, ..base },
        Rules { draft: true, touch_move: true, players: 3, ..base },
        Rules { draft: true, players: 4, ..base },
        Rules { players: 3, ..base },
        Rules { players: 4, points: [15, 10, 5], target: 100, ..base },
        Rules { players: 3, touch_move: true, target: 100, ..base },
    ]
}

// ------------------------------------------------------------------ facts of the rules

#[test]
fn the_board_has_2308_first_moves_296_up_to_symmetry() {
    let naive = naive_placements(8, 8);
    assert_eq!(naive.len(), 2308);
    let fast: BTreeSet<(u8, u64)> = (0..NUM_PLACEMENTS).map(|i| (PIECE_OF[i], MASKS[i])).collect();
    assert_eq!(fast, naive);
    let start = Position::new(Rules::default(), None).unwrap();
    assert_eq!(start.legal_actions().len(), 2308);
    assert_eq!(start.num_legal(), 2308);
    let board = Region::rectangle(8, 8).unwrap();
    let syms = board.symmetries();
    assert_eq!(syms.len(), 8);
    let orbits: HashSet<(u8, u64)> = fast
        .iter()
        .map(|&(p, m)| syms.iter().map(|s| (p, permute(m, s))).min().unwrap())
        .collect();
    assert_eq!(orbits.len(), 296);
    // the region tables make the same list in the same order
    let table = board.placements();
    assert_eq!(table.masks, MASKS.to_vec());
}

#[test]
fn move_text_and_actions() {
    let l = (0..NUM_PLACEMENTS as u16)
        .map(Move::Place)
        .find(|m| m.to_string() == "L:a1,b1,c1,d1,d2")
        .expect("the L along rank 1");
    assert_eq!(Move::from_action(l.action().unwrap()), Some(l));
    assert_eq!(Move::from_action(2308).unwrap().to_string(), "pick F");
    assert_eq!(Move::from_action(2331).unwrap().to_string(), "touch Z");
    assert_eq!(Move::from_action(NUM_ACTIONS as u16), None);
}

fn place(text: &str) -> Move {
    (0..NUM_PLACEMENTS as u16).map(Move::Place).find(|m| m.to_string() == text).unwrap()
}

#[test]
fn errors_speak_like_the_python_engine() {
    let mut pos = Position::new(Rules::default(), None).unwrap();
    pos.play(place("L:a1,b1,c1,d1,d2")).unwrap();
    let again = pos.check(place("L:d7,a8,b8,c8,d8")).unwrap_err();
    assert_eq!(again.to_string(), "the L is not in the pool; you can use F I N P T U V W X Y Z");
    let covered = pos.check(place("I:a1,a2,a3,a4,a5")).unwrap_err();
    assert_eq!(covered.to_string(), "a1 is already covered: a piece goes on five empty squares");
    let two = pos.check(place("I:a1,b1,c1,d1,e1")).unwrap_err();
    assert_eq!(two.to_string(), "a1, b1, c1, d1 are already covered: a piece goes on five empty squares");
    assert_eq!(pos.check(Move::Pick(0)).unwrap_err().to_string(), "picks are for the draft variant: in this game, place one of the pieces");
    assert_eq!(pos.check(Move::Touch(0)).unwrap_err().to_string(), "touch-move is off at this table: just place a piece");
    let draft = Position::new(Rules { draft: true, ..Rules::default() }, None).unwrap();
    assert_eq!(
        draft.check(place("L:a1,b1,c1,d1,d2")).unwrap_err().to_string(),
        "the draft comes first: pick a piece, e.g. 'pick F'"
    );
    let mut touch = Position::new(Rules { touch_move: true, ..Rules::default() }, None).unwrap();
    assert_eq!(
        touch.check(place("L:a1,b1,c1,d1,d2")).unwrap_err().to_string(),
        "touch-move is on: first touch the piece ('touch L')"
    );
    touch.play(Move::Touch(2)).unwrap();
    assert_eq!(touch.check(Move::Touch(1)).unwrap_err().to_string(), "you have touched the L: place it");
    assert_eq!(
        touch.check(place("I:a1,a2,a3,a4,a5")).unwrap_err().to_string(),
        "touch-move: you touched the L, so you must place it"
    );
}

// ------------------------------------------------------------------ fast against naive

#[test]
fn a_whole_placement_touches_its_piece_first_or_does_nothing() {
    let mut state = State::new(Position::new(Rules { touch_move: true, ..Rules::default() }, None).unwrap());
    state.play_whole(place("L:a1,b1,c1,d1,d2")).unwrap();
    let texts: Vec<String> = state.history().iter().map(|&a| Move::from_action(a).unwrap().to_string()).collect();
    assert_eq!(texts, ["touch L", "L:a1,b1,c1,d1,d2"]);
    let before = state.clone();
    let covered = state.play_whole(place("I:a1,a2,a3,a4,a5")).unwrap_err();
    assert_eq!(covered.to_string(), "a1 is already covered: a piece goes on five empty squares");
    assert_eq!(state, before);
    // one action is one half: the placement alone still needs its touch
    assert_eq!(state.play(place("I:h1,h2,h3,h4,h5")).unwrap_err().to_string(), "touch-move is on: first touch the piece ('touch I')");
    state.play(Move::Touch(1)).unwrap();
    let an_f = (0..NUM_PLACEMENTS as u16).map(Move::Place).find(|m| m.piece() == 0).unwrap();
    assert_eq!(state.play_whole(an_f).unwrap_err().to_string(), "touch-move: you touched the I, so you must place it");
    state.play_whole(place("I:h1,h2,h3,h4,h5")).unwrap();
    assert_eq!(state.history().len(), 4);
}

#[test]
fn thousands_of_random_games_agree_with_the_naive_engine() {
    let table = naive_placements(8, 8);
    let mut rng = Rng::new(2024);
    let mut games = 0;
    for rules in option_sets() {
        for _ in 0..150 {
            let mut fast = State::new(Position::new(rules, None).unwrap());
            let mut naive = Naive::new(rules);
            loop {
                let pos = &fast.position;
                let legal = pos.legal_actions();
                assert!(legal.windows(2).all(|w| w[0] < w[1]), "in action order");
                assert_eq!(legal.iter().copied().collect::<BTreeSet<_>>(), naive.moves(&table));
                assert_eq!(pos.num_legal() as usize, legal.len());
                assert_eq!(pos.phase(), naive.phase);
                assert_eq!(pos.totals(), &naive.totals[..]);
                if pos.is_over() {
                    assert_eq!(pos.winners(), naive.winners);
                    break;
                }
                assert_eq!(pos.current_player(), Some(naive.to_move));
                let mv = pos.random_move(&mut rng);
                assert!(legal.contains(&mv.action().unwrap()), "random moves are legal");
                let a = legal[rng.below(legal.len() as u32) as usize];
                fast.play(Move::from_action(a).unwrap()).unwrap();
                naive.play(a, &table);
            }
            games += 1;
        }
    }
    assert_eq!(games, 150 * option_sets().len());
}

#[test]
fn rounds_are_recorded_with_their_points() {
    let mut rng = Rng::new(5);
    let rules = Rules { players: 3, ..Rules::default() };
    let mut state = State::new(Position::new(rules, None).unwrap());
    while !state.position.is_over() {
        let a = state.position.random_move(&mut rng);
        state.play(a).unwrap();
    }
    let rounds = state.rounds();
    assert!(!rounds.is_empty());
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(r.start as usize, i % 3, "the starting seat rotates");
        let last = r.placed.last().unwrap().0 as usize;
        let second = r.placed[r.placed.len() - 2].0 as usize;
        let mut expected = [0; 4];
        expected[last] += 10;
        expected[second] += 5;
        assert_eq!(r.points, expected);
    }
    assert_eq!(state.placed(), &rounds.last().unwrap().placed[..]);
    let totals: Vec<u16> = (0..3).map(|s| rounds.iter().map(|r| r.points[s]).sum()).collect();
    assert_eq!(state.position.totals(), &totals[..]);
    assert!(*totals.iter().max().unwrap() >= 50);
}

#[test]
fn playouts_are_reproducible_and_count_every_game() {
    for rules in option_sets() {
        let start = Position::new(rules, None).unwrap();
        let a = start.random_playouts(300, 9);
        assert_eq!(a, start.random_playouts(300, 9));
        assert_ne!(a, start.random_playouts(300, 10));
        assert_eq!(a.wins.iter().sum::<u64>() + a.draws, 300);
        if !rules.rounds() {
            assert_eq!(a.draws, 0);
            assert_eq!(a.rounds, 0);
        } else {
            assert!(a.rounds >= 300 * 3);
        }
    }
    // a signature: the first seat's share of 10,000 standard games from seed 1
    let s = Position::new(Rules::default(), None).unwrap().random_playouts(10_000, 1);
    assert_eq!(s.wins[0] + s.wins[1], 10_000);
    assert!((4_000..6_000).contains(&s.wins[0]), "{s:?}");
}

// ------------------------------------------------------------------ the solvers

fn named(name: &str) -> Region {
    match name {
        "8x8-centre" => {
            let cells: Vec<usize> = (0..64).filter(|&c| !matches!(c, 27 | 28 | 35 | 36)).collect();
            Region::new(8, 8, &cells).unwrap()
        }
        _ => {
            let (h, w) = name.split_once('x').unwrap();
            Region::rectangle(w.parse().unwrap(), h.parse().unwrap()).unwrap()
        }
    }
}

#[test]
fn puzzle_solution_counts() {
    let all: Vec<u8> = (0..12).collect();
    for (name, count) in [("3x20", 2), ("4x15", 368), ("8x8-centre", 65), ("5x12", 1010), ("6x10", 2339)] {
        let solver = Solver::new(&named(name), &all, 0);
        let c = solver.count(true, 0, &mut Quiet);
        assert_eq!(c.count, count, "{name}");
        assert!(c.complete);
    }
    // 3×20: 2 up to symmetry, 8 in all (the rectangle's 4 symmetries)
    let solver = Solver::new(&named("3x20"), &all, 0);
    assert_eq!(solver.count(false, 0, &mut Quiet).count, 8);
    let sols = solver.solutions(None, &mut Quiet);
    assert_eq!(sols.len(), 8);
    let table = named("3x20").placements();
    for sol in &sols {
        assert_eq!(sol.iter().fold(0, |m, &(_, i)| m | table.masks[i as usize]), (1u64 << 60) - 1);
        let pieces: BTreeSet<u8> = sol.iter().map(|&(p, _)| p).collect();
        assert_eq!(pieces.len(), 12);
    }
    assert_eq!(solver.first(&mut Quiet), Some(sols[0].clone()));
}

#[test]
fn a_region_wider_than_64_squares_is_solved_through_its_own_cells() {
    // 3×20 drawn with a row of holes above it: 4 × 20 = 80 squares, 60 cells
    let cells: Vec<usize> = (0..60).collect();
    let region = Region::new(20, 4, &cells).unwrap();
    let all: Vec<u8> = (0..12).collect();
    let c = Solver::new(&region, &all, 0).count(false, 0, &mut Quiet);
    assert_eq!(c.count, 8);
    // and upright, 3 wide, 20 high, inside a 4 × 20 grid (a column of holes): only the
    // grid's up-down mirror maps the region onto itself, so 8 / 2 up to symmetry
    let cells: Vec<usize> = (0..20).flat_map(|r| (0..3).map(move |c| r * 4 + c)).collect();
    let region = Region::new(4, 20, &cells).unwrap();
    assert_eq!(region.symmetries().len(), 2);
    let c = Solver::new(&region, &all, 0).count(true, 0, &mut Quiet);
    assert_eq!(c.count, 4);
}

#[test]
fn filled_cells_and_piece_subsets() {
    // 5×3 with L, P, V
    let region = Region::rectangle(5, 3).unwrap();
    let solver = Solver::new(&region, &[2, 4, 7], 0);
    let n = solver.count(false, 0, &mut Quiet).count;
    assert!(n > 0);
    assert_eq!(solver.solutions(None, &mut Quiet).len() as u64, n);
    // the wrong number of cells: nothing
    assert_eq!(Solver::new(&region, &[2, 4], 0).count(false, 0, &mut Quiet).count, 0);
    // finishing from a filled position: every completion contains no filled cell
    let six = named("6x10");
    let table = six.placements();
    let all: Vec<u8> = (0..12).collect();
    let first = Solver::new(&six, &all, 0).first(&mut Quiet).unwrap();
    let (p, i) = first[0];
    let rest: Vec<u8> = all.iter().copied().filter(|&q| q != p).collect();
    let sub = Solver::new(&six, &rest, table.masks[i as usize]);
    let done = sub.first(&mut Quiet).unwrap();
    assert_eq!(done.len(), 11);
    assert_eq!(done, first[1..].to_vec(), "the same search order");
}

/// Plain minimax: does the player to move win?
fn minimax(pos: &Position) -> bool {
    let me = pos.to_move();
    pos.legal_actions().into_iter().any(|a| {
        let mut child = *pos;
        child.play(Move::from_action(a).unwrap()).unwrap();
        if child.is_over() {
            child.winners() >> me & 1 == 1
        } else if child.to_move() == me {
            minimax(&child)
        } else {
            !minimax(&child)
        }
    })
}

#[test]
fn the_endgame_solver_agrees_with_minimax() {
    let mut rng = Rng::new(77);
    let mut values = HashSet::new();
    for rules in [Rules::default(), Rules { draft: true, ..Rules::default() }] {
        let mut found = 0;
        while found < 25 {
            let mut pos = Position::new(rules, None).unwrap();
            while !pos.is_over() && (pos.phase() == Phase::Pick || pos.num_legal() > 60) {
                let mv = pos.random_move(&mut rng);
                pos.play(mv).unwrap();
            }
            if pos.is_over() {
                continue;
            }
            found += 1;
            let (occ, mine, theirs, shared, only) = pos.endgame().unwrap();
            let solved = endgame::solve(occ, mine, theirs, shared, only, None, &mut || false).unwrap();
            assert_eq!(solved.wins, minimax(&pos));
            values.insert(solved.wins);
            if let Some(i) = solved.placement {
                let mut child = pos;
                child.play(Move::Place(i)).unwrap();
                assert!(child.is_over() || !minimax(&child), "the named move wins");
            }
        }
    }
    assert_eq!(values.len(), 2, "won and lost positions");
}

#[test]
fn the_endgame_solver_gives_up_at_its_deadline() {
    let pos = Position::new(Rules::default(), None).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(50);
    let (occ, mine, theirs, shared, only) = pos.endgame().unwrap();
    assert_eq!(endgame::solve(occ, mine, theirs, shared, only, Some(deadline), &mut || false), None);
}

// ------------------------------------------------------------------ the puzzle engine

#[test]
fn puzzles_place_and_remove() {
    let tables = Arc::new(Tables::new(named("6x10"), 0xFFF));
    let mut p = puzzle::Puzzle::new(tables.clone());
    let x = (0..tables.num_placements()).find(|&i| tables.piece_of(i) == 9).unwrap() as u16;
    p.play_action(x).unwrap();
    assert_eq!(
        p.check(PuzzleMove::Place { piece: 9, placement: Some(x) }).unwrap_err().to_string(),
        "the X is already placed: remove it first ('remove X')"
    );
    assert_eq!(p.check(PuzzleMove::Remove(1)).unwrap_err().to_string(), "the I is not on the board");
    let i_over = (0..tables.num_placements())
        .find(|&i| tables.piece_of(i) == 1 && tables.mask(i) & tables.mask(x as usize) != 0)
        .unwrap() as u16;
    assert!(p.check(PuzzleMove::Place { piece: 1, placement: Some(i_over) }).unwrap_err().to_string().ends_with("already covered"));
    let legal = p.legal_actions();
    assert_eq!(*legal.last().unwrap() as usize, tables.num_placements() + 9, "remove X last");
    p.play(PuzzleMove::Remove(9)).unwrap();
    assert_eq!(p.occupied(), 0);
    assert_eq!(p.history().len(), 2);
    let small = Arc::new(Tables::new(Region::rectangle(5, 3).unwrap(), 0b10010100));
    let fill = puzzle::Puzzle::new(small).random_fillings(200, 3);
    assert!(fill.solved > 0 && fill.solved < 200, "{fill:?}");
}
