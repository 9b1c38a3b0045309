//! The engine against a naive one written from RULES.md §1 (a map of heights and top tiles,
//! every placement near the structure tried cell by cell), plus the rules' examples.

use std::collections::HashMap;

use super::tables::{NUM_ORIENTS, ORIENTS};
use super::*;

/// A naive Pent-Up: heights and top tiles in a map.
#[derive(Clone)]
struct Naive {
    players: usize,
    hands: [u16; 4],
    /// (orient, x, y, level), in order.
    tiles: Vec<(u8, i32, i32, u8)>,
    /// cell -> (height, index of the top tile)
    cells: HashMap<(i32, i32), (u8, usize)>,
}

impl Naive {
    fn new(players: usize) -> Naive {
        Naive { players, hands: [FULL_HAND; 4], tiles: vec![], cells: HashMap::new() }
    }

    fn over(&self) -> bool {
        self.tiles.len() == 12 * self.players
    }

    fn seat(&self) -> usize {
        self.tiles.len() % self.players
    }

    /// The level a placement would take, if it is a legal spot for its tile (ignoring the
    /// highest-level rule).
    fn spot(&self, mv: Move) -> Option<u8> {
        let cells = mv.cells();
        let info: Vec<(u8, Option<usize>)> = cells
            .iter()
            .map(|c| self.cells.get(c).map_or((0, None), |&(h, t)| (h, Some(t))))
            .collect();
        if info.iter().any(|i| i.0 != info[0].0) {
            return None;
        }
        let level = info[0].0 + 1;
        if level == 1 {
            let touch = cells.iter().any(|&(x, y)| {
                [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|(dx, dy)| self.cells.contains_key(&(x + dx, y + dy)))
            });
            touch.then_some(1)
        } else {
            let mut under: Vec<usize> = info.iter().map(|i| i.1.unwrap()).collect();
            under.sort();
            under.dedup();
            (under.len() >= 2).then_some(level)
        }
    }

    /// The legal moves, sorted by (orientation, y, x): the engine's order.
    fn moves(&self) -> Vec<Move> {
        if self.over() {
            return vec![];
        }
        let hand = self.hands[self.seat()];
        let mut out = vec![];
        if self.tiles.is_empty() {
            for o in 0..NUM_ORIENTS as u8 {
                if hand >> ORIENTS[o as usize].piece & 1 == 1 {
                    out.push(Move { orient: o, x: 0, y: 0 });
                }
            }
            return out;
        }
        let x0 = self.cells.keys().map(|c| c.0).min().unwrap();
        let x1 = self.cells.keys().map(|c| c.0).max().unwrap();
        let y0 = self.cells.keys().map(|c| c.1).min().unwrap();
        let y1 = self.cells.keys().map(|c| c.1).max().unwrap();
        for p in 0..12 {
            if hand >> p & 1 == 0 {
                continue;
            }
            let mut by_level: Vec<(u8, Move)> = vec![];
            for o in PIECE_FIRST[p]..PIECE_FIRST[p + 1] {
                for y in y0 - 5..=y1 + 1 {
                    for x in x0 - 5..=x1 + 1 {
                        let mv = Move { orient: o, x, y };
                        if let Some(level) = self.spot(mv) {
                            by_level.push((level, mv));
                        }
                    }
                }
            }
            let top = by_level.iter().map(|m| m.0).max().expect("a level-1 spot always exists");
            out.extend(by_level.iter().filter(|m| m.0 == top).map(|m| m.1));
        }
        out.sort_by_key(|m| (m.orient, m.y, m.x));
        out
    }

    fn play(&mut self, mv: Move) {
        let level = if self.tiles.is_empty() { 1 } else { self.spot(mv).unwrap() };
        let seat = self.seat();
        self.hands[seat] &= !(1 << mv.piece());
        for c in mv.cells() {
            self.cells.insert(c, (level, self.tiles.len()));
        }
        self.tiles.push((mv.orient, mv.x, mv.y, level));
    }

    /// Per side (a seat mask) its record, and the winners' mask.
    fn winners(&self, rules: Rules) -> u8 {
        let top = self.tiles.iter().map(|t| t.3).max().unwrap_or(1).max(1) as usize;
        let records: Vec<(u8, Vec<i64>)> = rules
            .sides()
            .iter()
            .map(|&side| {
                let mut c = vec![0i64; top];
                for (i, t) in self.tiles.iter().enumerate() {
                    if side >> (i % self.players) & 1 == 1 {
                        c[t.3 as usize - 1] += 1;
                    }
                }
                let rec = match rules.scoring {
                    Scoring::Standard => c.iter().rev().copied().collect(),
                    Scoring::Misere => c.clone(),
                    Scoring::Advanced => {
                        let points = c.iter().enumerate().map(|(l, n)| (l as i64 + 1) * n).sum();
                        std::iter::once(points).chain(c.iter().rev().copied()).collect()
                    }
                };
                (side, rec)
            })
            .collect();
        let best = records.iter().map(|r| &r.1).max().unwrap();
        records.iter().filter(|r| &r.1 == best).fold(0, |w, r| w | r.0)
    }
}

fn mv(text: &str) -> Move {
    Move::parse(text).unwrap_or_else(|| panic!("bad move text {text}"))
}

fn play(rules: Rules, moves: &[&str]) -> Position {
    let mut pos = Position::new(rules);
    let mut gen = Gen::new();
    for m in moves {
        pos.play(mv(m), &mut gen).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

fn two() -> Rules {
    Rules::default()
}

fn players(n: u8) -> Rules {
    Rules::new(n, false, Scoring::Standard).unwrap()
}

fn mandatory(pos: &Position, letter: u8) -> u8 {
    let mut gen = Gen::new();
    pos.generate(&mut gen);
    gen.levels[tables::piece_index(letter).unwrap()]
}

// Two I tiles side by side form a 5x2 area on level 1 made of two tiles.
const I_ROW0: &str = "I:0,0;1,0;2,0;3,0;4,0";
const I_ROW1: &str = "I:0,1;1,1;2,1;3,1;4,1";
// Two L tiles that exactly cover that 5x2 area on level 2.
const L_LEFT: &str = "L:0,0;1,0;2,0;3,0;0,1";
const L_RIGHT: &str = "L:1,1;2,1;3,1;4,1;4,0";

#[test]
fn components() {
    for (n, tiles) in [(2u8, 24u32), (3, 36), (4, 48)] {
        let pos = Position::new(players(n));
        let total: u32 = (0..n as usize).map(|s| pos.hand(s).count_ones()).sum();
        assert_eq!(total, tiles);
    }
    assert!(Rules::new(3, true, Scoring::Standard).is_err());
    assert!(Rules::new(5, false, Scoring::Standard).is_err());
}

#[test]
fn first_tile_anywhere_and_listed_once_per_orientation() {
    let pos = Position::default();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 63);
    assert!(moves.iter().all(|m| m.x == 0 && m.y == 0));
    let far = play(two(), &["X:100,101;99,101;101,101;100,100;100,102"]);
    assert_eq!(far.height(100, 101), 1);
    let negative = play(two(), &["I:-7,-3;-7,-2;-7,-1;-7,0;-7,1"]);
    assert_eq!(negative.height(-7, -3), 1);
    assert_eq!(negative.height(-7, 2), 0);
}

#[test]
fn edge_contact_on_level_one() {
    let pos = play(two(), &[I_ROW0]);
    let mut gen = Gen::new();
    let err = pos.check(mv("L:5,1;5,2;5,3;5,4;6,4"), &mut gen, false).unwrap_err();
    assert_eq!(err, IllegalMove::NoContact);
    assert!(err.to_string().contains("touching only at a corner is not enough"));
    assert_eq!(pos.check(mv("L:5,0;5,1;5,2;5,3;6,3"), &mut gen, false), Ok(1));
    assert_eq!(pos.check(mv("X:10,11;9,11;11,11;10,10;10,12"), &mut gen, false), Err(IllegalMove::NoContact));
}

#[test]
fn mixed_heights_refused_with_the_cells() {
    let pos = play(two(), &[I_ROW0]);
    let err = pos.check(mv("L:4,0;5,0;6,0;7,0;7,1"), &mut Gen::new(), false).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a tile must lie flat: all five cells need the same height, but these are at different \
         heights (4,0=1, 5,0=0, 6,0=0, 7,0=0, 7,1=0); no overhangs or gaps"
    );
}

#[test]
fn not_exactly_on_one_tile() {
    let pos = play(players(3), &[I_ROW0, I_ROW1]);
    let mut gen = Gen::new();
    let err = pos.check(mv(I_ROW0), &mut gen, false).unwrap_err();
    assert_eq!(err, IllegalMove::OnOneTile { piece: 1, seat: 0, level: 1 });
    assert_eq!(
        err.to_string(),
        "a tile cannot sit exactly on top of one tile (here the I tile of White on level 1): it \
         must rest on at least two tiles"
    );
    assert!(pos.check(mv(I_ROW1), &mut gen, false).unwrap_err().to_string().contains("of Black"));
    // and the I, fitting nowhere on level 2, goes to the table
    assert_eq!(mandatory(&pos, b'I'), 1);
}

#[test]
fn across_two_tiles_of_any_colours() {
    let pos = play(two(), &[I_ROW0, I_ROW1, L_LEFT]);
    assert_eq!(pos.tiles()[2].level, 2);
    // White I, Black X apart, White V beside its I, Black P across the two white tiles
    let pos = play(two(), &[I_ROW0, "X:6,-1;5,0;6,0;7,0;6,1"]);
    assert_eq!(mandatory(&pos, b'V'), 1);
    let pos = play(two(), &[I_ROW0, "X:6,-1;5,0;6,0;7,0;6,1", "V:0,1;1,1;2,1;0,2;0,3"]);
    assert_eq!(pos.tiles()[2].level, 1);
    let pos = play(two(), &[I_ROW0, "X:6,-1;5,0;6,0;7,0;6,1", "V:0,1;1,1;2,1;0,2;0,3", "P:1,0;2,0;3,0;1,1;2,1"]);
    assert_eq!(pos.tiles()[3].level, 2);
}

#[test]
fn mandatory_highest_level_for_the_chosen_tile() {
    let pos = play(two(), &[I_ROW0, I_ROW1]);
    assert_eq!(mandatory(&pos, b'L'), 2);
    assert_eq!(mandatory(&pos, b'X'), 1);
    let err = pos.check(mv("L:0,2;1,2;2,2;3,2;3,3"), &mut Gen::new(), false).unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("the L tile fits on level 2, so it must be placed there"), "{text}");
    assert!(text.contains("you tried level 1. It has ") && text.contains("spots on level 2, for example L:"));
    // the same answer from a full generation
    let mut gen = Gen::new();
    pos.generate(&mut gen);
    assert_eq!(pos.check(mv("L:0,2;1,2;2,2;3,2;3,3"), &mut gen, true).unwrap_err(), err);
    // a tile that fits only on level 1 may go on the table
    let pos = play(two(), &[I_ROW0, I_ROW1, "X:1,2;0,3;1,3;2,3;1,4"]);
    assert_eq!(pos.tiles()[2].level, 1);
}

#[test]
fn a_tile_that_must_go_higher_hears_that_before_where_it_lies() {
    // the L, refused far from the tiles (no contact) or on one tile, hears where it can
    // go: level 2; the X, which fits only on the table, hears about the contact
    let pos = play(two(), &[I_ROW0, I_ROW1]);
    let mut full = Gen::new();
    pos.generate(&mut full);
    for far in ["L:20,0;21,0;22,0;23,0;23,1", "X:21,0;20,1;21,1;22,1;21,2"] {
        for (gen, generated) in [(&mut Gen::new(), false), (&mut full.clone(), true)] {
            let text = pos.check(mv(far), gen, generated).unwrap_err().to_string();
            if far.starts_with('L') {
                assert!(text.starts_with("the L tile fits on level 2, so it must be placed there"), "{text}");
            } else {
                assert_eq!(text, IllegalMove::NoContact.to_string());
            }
        }
    }
}

#[test]
fn level_three_only_on_level_two_cells() {
    let pos = play(two(), &[I_ROW0, I_ROW1, L_LEFT, L_RIGHT]);
    assert_eq!(pos.max_level(), 2);
    assert_eq!(mandatory(&pos, b'P'), 3);
    let mut gen = Gen::new();
    pos.generate(&mut gen);
    let p = tables::piece_index(b'P').unwrap();
    for i in 0..gen.counts[p] {
        let m = gen.nth_of_piece(p, i);
        assert!(m.cells().iter().all(|&(x, y)| pos.height(x, y) == 2));
    }
    assert!(matches!(pos.check(mv("P:3,1;4,1;4,0;5,0;5,1"), &mut gen, true), Err(IllegalMove::NotFlat { .. })));
    let pos = play(two(), &[I_ROW0, I_ROW1, L_LEFT, L_RIGHT, "P:0,0;1,0;0,1;1,1;2,1"]);
    assert_eq!((pos.tiles()[4].level, pos.max_level()), (3, 3));
}

#[test]
fn already_placed_and_game_over() {
    let pos = play(two(), &[I_ROW0, I_ROW1]);
    let err = pos.check(mv("I:0,2;1,2;2,2;3,2;4,2"), &mut Gen::new(), false).unwrap_err();
    assert_eq!(err.to_string(), "White has already placed the I tile; tiles left: F L N P T U V W X Y Z");
    let mut pos = Position::default();
    let mut rng = Rng::new(3);
    let mut gen = Gen::new();
    while !pos.is_over() {
        pos.generate(&mut gen);
        pos.play_unchecked(gen.nth(rng.below(gen.total)));
    }
    assert_eq!(pos.current_player(), None);
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.check(mv(I_ROW0), &mut gen, false), Err(IllegalMove::GameOver));
}

#[test]
fn scoring_examples() {
    // standard: the record is read from the top level down
    let rules = |scoring| Rules::new(2, false, scoring).unwrap();
    let pos = play(rules(Scoring::Standard), &[I_ROW0, I_ROW1, L_LEFT]);
    let counts = pos.level_counts();
    assert_eq!((counts[0][0], counts[0][1], counts[1][0]), (1, 1, 1));
    // a finished game: every rule agrees with the naive scorer
    for scoring in [Scoring::Standard, Scoring::Misere, Scoring::Advanced] {
        for n in [2u8, 3, 4] {
            for teams in [false, true] {
                let Ok(r) = Rules::new(n, teams, scoring) else { continue };
                for seed in 0..30 {
                    let (pos, naive) = random_game(r, seed, &mut |_, _| {});
                    assert_eq!(pos.winners(), naive.winners(r), "{r:?} seed {seed}");
                    assert_ne!(pos.winners(), 0);
                }
            }
        }
    }
}

#[test]
fn records_by_hand() {
    // Two players: White has two tiles on level 2 and one on level 1, Black one on level 2
    // and two on level 1.  Standard (2,1) > (1,2): White; misère (1,2) < (2,1): Black;
    // advanced 5 points = 5 points, then the standard record: White.
    let rules = Rules::new(2, false, Scoring::Standard).unwrap();
    let mut pos = Position::new(rules);
    pos.tiles[0] = Placed { orient: 0, level: 2, x: 0, y: 0 };
    pos.tiles[1] = Placed { orient: 0, level: 2, x: 0, y: 0 };
    pos.tiles[2] = Placed { orient: 0, level: 2, x: 0, y: 0 };
    pos.tiles[3] = Placed { orient: 0, level: 1, x: 0, y: 0 };
    pos.tiles[4] = Placed { orient: 0, level: 1, x: 0, y: 0 };
    pos.tiles[5] = Placed { orient: 0, level: 1, x: 0, y: 0 };
    for i in 6..24 {
        // the rest on level 1, evenly
        pos.tiles[i] = Placed { orient: 0, level: 1, x: 0, y: 0 };
    }
    pos.ntiles = 24;
    pos.max_level = 2;
    // seat 0: tiles 0, 2, 4, ... -> level 2 twice (0, 2), level 1 ten times
    // seat 1: tiles 1, 3, 5, ... -> level 2 once (1), level 1 eleven times
    assert_eq!(pos.winners(), 0b01);
    pos.rules.scoring = Scoring::Misere;
    assert_eq!(pos.winners(), 0b10);
    pos.rules.scoring = Scoring::Advanced; // 14 points against 13
    assert_eq!(pos.winners(), 0b01);
    // equal records share the win
    pos.tiles[2].level = 1;
    pos.tiles[3].level = 1;
    pos.rules.scoring = Scoring::Standard;
    assert_eq!(pos.winners(), 0b11);
    // teams: partners' records add up
    let mut four = Position::new(Rules::new(4, true, Scoring::Standard).unwrap());
    for i in 0..48 {
        four.tiles[i] = Placed { orient: 0, level: 1, x: 0, y: 0 };
    }
    four.ntiles = 48;
    four.max_level = 2;
    four.tiles[1].level = 2; // seat 1
    assert_eq!(four.winners(), 0b1010);
    four.tiles[2].level = 2; // seat 2: one each
    assert_eq!(four.winners(), 0b1111);
    four.rules.teams = false;
    assert_eq!(four.winners(), 0b0110);
}

/// A random game on the engine and on the naive one, compared after every move (when
/// `full` is true for the ply: the whole move list).
fn random_game(rules: Rules, seed: u64, each: &mut dyn FnMut(&Position, &Naive)) -> (Position, Naive) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(rules);
    let mut naive = Naive::new(rules.players as usize);
    let mut gen = Gen::new();
    while !pos.is_over() {
        each(&pos, &naive);
        pos.generate(&mut gen);
        let mv = gen.nth(rng.below(gen.total));
        assert_eq!(pos.check(mv, &mut Gen::new(), false).map(|_| ()), Ok(()));
        pos.play(mv, &mut Gen::new()).unwrap();
        naive.play(mv);
    }
    (pos, naive)
}

#[test]
fn random_games_agree_with_the_naive_engine() {
    for n in [2u8, 3, 4] {
        for seed in 0..12 {
            random_game(players(n), seed, &mut |pos, naive| {
                let moves = pos.legal_moves();
                assert_eq!(moves, naive.moves(), "{n} players, seed {seed}, ply {}", naive.tiles.len());
                let mut gen = Gen::new();
                pos.generate(&mut gen);
                assert_eq!(gen.total as usize, moves.len());
                for (i, m) in moves.iter().enumerate().step_by(7) {
                    assert_eq!(gen.nth(i as u32), *m);
                }
                for (c, &(h, _)) in &naive.cells {
                    assert_eq!(pos.height(c.0, c.1), h);
                }
            });
        }
    }
}

#[test]
fn illegal_moves_agree_with_the_naive_engine() {
    let mut rng = Rng::new(99);
    for seed in 0..20 {
        random_game(players(2 + (seed % 3) as u8), seed, &mut |pos, naive| {
            if naive.tiles.is_empty() {
                return;
            }
            let legal = naive.moves();
            let (x0, y0) = (naive.tiles[0].1, naive.tiles[0].2);
            let mut gen = Gen::new();
            pos.generate(&mut gen);
            for _ in 0..40 {
                let m = Move {
                    orient: rng.below(NUM_ORIENTS as u32) as u8,
                    x: x0 - 8 + rng.below(17) as i32,
                    y: y0 - 8 + rng.below(17) as i32,
                };
                let ok = pos.check(m, &mut Gen::new(), false).is_ok();
                assert_eq!(ok, legal.contains(&m), "{m}");
                assert_eq!(pos.check(m, &mut gen, true), pos.check(m, &mut Gen::new(), false));
            }
        });
    }
}

#[test]
fn a_long_structure_moves_to_the_large_frame() {
    // Every tile placed as far right as it can go: past 54 cells the small frame gives way
    // to the large one (it holds the 164 cells four sets can span).
    let rules = Rules::new(4, false, Scoring::Standard).unwrap();
    let mut pos = Position::new(rules);
    let mut naive = Naive::new(4);
    let mut gen = Gen::new();
    let mut went_large = false;
    while !pos.is_over() {
        assert_eq!(pos.legal_moves(), naive.moves(), "ply {}", naive.tiles.len());
        pos.generate(&mut gen);
        let right = |m: &Move| m.x + ORIENTS[m.orient as usize].width as i32;
        let best = gen.moves().max_by_key(|m| (right(m), -m.y)).unwrap();
        pos.play(best, &mut gen).unwrap();
        naive.play(best);
        went_large |= pos.is_large();
        let (x0, x1, _, _) = pos.bounds().unwrap();
        assert_eq!(pos.is_large(), x1 - x0 + 1 > 54);
    }
    let (x0, x1, y0, y1) = pos.bounds().unwrap();
    assert!(went_large && x1 - x0 > 80, "{x0}..{x1} x {y0}..{y1}");
    for (c, &(h, _)) in &naive.cells {
        assert_eq!(pos.height(c.0, c.1), h);
    }
    assert_eq!(pos.winners(), naive.winners(rules));
}

#[test]
fn dense_actions_round_trip() {
    let mut pos = Position::new(players(3));
    let mut gen = Gen::new();
    let mut rng = Rng::new(4);
    while !pos.is_over() {
        pos.generate(&mut gen);
        let origin = pos.action_origin(&gen);
        let actions = pos.legal_actions(&gen);
        assert!(pos.actions_complete(&gen));
        assert_eq!(actions.len() as u32, gen.total);
        assert!(actions.windows(2).all(|w| w[0] < w[1]), "ascending = the moves' order");
        for (a, m) in actions.iter().zip(gen.moves()) {
            assert_eq!(action_move(origin, *a), Some(m));
            assert_eq!(in_window(origin, m), Some(*a));
        }
        let a = actions[rng.below(actions.len() as u32) as usize];
        pos.play(action_move(origin, a).unwrap(), &mut gen).unwrap();
    }
    assert_eq!(action_move((0, 0), NUM_ACTIONS as u32), None);
}

#[test]
fn playouts_are_reproducible() {
    let pos = Position::default();
    let a = pos.random_playouts(200, 7);
    assert_eq!(a, pos.random_playouts(200, 7));
    assert_ne!(a, pos.random_playouts(200, 8));
    assert_eq!(a.wins[0] + a.wins[1] + a.draws, 200);
    assert_eq!(a.plies, 200 * 24);
    let four = Position::new(Rules::new(4, true, Scoring::Advanced).unwrap());
    let b = four.random_playouts(50, 1);
    assert_eq!(b.wins[0], b.wins[2]);
    assert_eq!(b.wins[0] + b.wins[1] + b.draws, 50);
    assert_eq!(b.plies, 50 * 48);
}

#[test]
fn move_text() {
    let m = mv(" i : 4,0 ; 2,0;0,0;3,0;1,0 ");
    assert_eq!(m.to_string(), I_ROW0);
    assert_eq!(mv("I:-4,-9;-3,-9;-2,-9;-1,-9;0,-9").cells()[0], (-4, -9));
    assert_eq!(Move::parse("L:0,0;1,0;2,0;3,0;4,0"), None);
    assert_eq!(Move::parse("I:0,0;1,0;2,0;3,0;3,0"), None);
}

/// The tables a playout keeps from one position to the next give the same moves as
/// tables built afresh, ply after ply (frame rebuilds and the large frame included).
fn incremental_game(rules: Rules, seed: u64, pick: &mut dyn FnMut(&Gen, &mut Rng) -> Move) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(rules);
    let (mut kept, mut fresh) = (Gen::new(), Gen::new());
    let mut keep = false;
    while !pos.is_over() {
        let hand = pos.hand(pos.current_player().unwrap());
        pos.generate_pieces(hand, 0, &mut kept, keep);
        pos.generate(&mut fresh);
        assert_eq!(kept.total, fresh.total, "seed {seed}, ply {}", pos.tiles().len());
        assert!(kept.moves().eq(fresh.moves()), "seed {seed}, ply {}", pos.tiles().len());
        let mv = pick(&kept, &mut rng);
        let level = pos.play_unchecked(mv);
        let h = ORIENTS[mv.orient as usize].height as i32;
        kept.scratch.placed(level, mv.y, mv.y + h - 1);
        keep = true;
    }
}

#[test]
fn kept_tables_match_fresh_ones() {
    for n in [2u8, 3, 4] {
        for seed in 0..40 {
            incremental_game(players(n), seed, &mut |gen, rng| gen.nth(rng.below(gen.total)));
        }
    }
    // every tile as far right as it can go: the frame is rebuilt, then grows large
    let right = |m: &Move| m.x + ORIENTS[m.orient as usize].width as i32;
    incremental_game(players(4), 1, &mut |gen, _| gen.moves().max_by_key(|m| (right(m), -m.y)).unwrap());
    incremental_game(players(4), 2, &mut |gen, _| gen.moves().min_by_key(|m| (m.y, m.x)).unwrap());
}

/// A playout's counting generation (counts kept per orientation while the tables stay,
/// rows computed only for the move picked) gives every position's full generation's
/// counts per piece and levels, and the same move for every index.
#[test]
fn counting_generation_picks_the_moves_of_the_full_one() {
    for n in [2u8, 3, 4] {
        for seed in 0..30 {
            let mut rng = Rng::new(seed);
            let mut pos = Position::new(players(n));
            let (mut counted, mut fresh) = (Gen::new(), Gen::new());
            let mut keep = false;
            while !pos.is_over() {
                let hand = pos.hand(pos.current_player().unwrap());
                let counting = pos.may_count();
                assert_eq!(counting, !pos.tiles().is_empty() && !pos.is_large());
                counted.out.counting = counting;
                pos.generate_pieces(hand, 0, &mut counted, keep);
                pos.generate(&mut fresh);
                assert_eq!((counted.counts, counted.levels), (fresh.counts, fresh.levels), "seed {seed}");
                if counting {
                    // every index of a few: the first, the last and some between
                    let step = (fresh.total / 7).max(1);
                    for i in (0..fresh.total).step_by(step as usize).chain([fresh.total - 1]) {
                        assert_eq!(pos.nth_counted(&mut counted, i), fresh.nth(i), "seed {seed}, move {i}");
                    }
                }
                let mv = fresh.nth(rng.below(fresh.total));
                let level = pos.play_unchecked(mv);
                let h = ORIENTS[mv.orient as usize].height as i32;
                counted.scratch.placed(level, mv.y, mv.y + h - 1);
                keep = true;
            }
        }
    }
}
