//! The midgame solver against brute force, and its parts against naive versions.

use std::collections::HashMap;

use super::*;
use crate::pentago::tables::{COUNTS, ROTATE};
use crate::pentago::Move;
use crate::rng::Rng;

/// The naive `turn`: every state of the other parity one quarter turn away.
fn naive_turn(x: Half) -> Half {
    let mut out = 0;
    for s in 0..256usize {
        let (_, bit) = state_bit(s);
        if x >> bit & 1 == 0 {
            continue;
        }
        // is s of the parity x holds? callers only pass sets of one parity
        for q in 0..4 {
            for d in [1, 3] {
                let r = (s >> (2 * q) & 3) + d;
                let t = (s & !(3 << (2 * q))) | (r & 3) << (2 * q);
                out |= 1 << state_bit(t).1;
            }
        }
    }
    out
}

#[test]
fn state_bits_are_a_bijection_per_parity() {
    let mut seen = [0u128; 2];
    for s in 0..256 {
        let (p, b) = state_bit(s);
        assert_eq!(seen[p] >> b & 1, 0);
        seen[p] |= 1 << b;
    }
    assert_eq!(seen, [!0, !0]);
}

#[test]
fn turn_reaches_the_states_one_quarter_turn_away() {
    let mut rng = Rng::new(7);
    for parity in 0..2 {
        for trial in 0..300 {
            // a random set of states of one parity (sparse sets too)
            let mut x = 0u128;
            let count = if trial < 100 { 1 + trial % 3 } else { 64 };
            for _ in 0..count {
                let s = loop {
                    let s = rng.below(256) as usize;
                    if state_bit(s).0 == parity {
                        break s;
                    }
                };
                x |= 1 << state_bit(s).1;
            }
            // naive: from each state of x, the neighbours (of the other parity)
            let mut expected = 0u128;
            for s in 0..256usize {
                let (p, bit) = state_bit(s);
                if p != parity || x >> bit & 1 == 0 {
                    continue;
                }
                for q in 0..4 {
                    for d in [1, 3] {
                        let r = (s >> (2 * q) & 3) + d;
                        let t = (s & !(3 << (2 * q))) | (r & 3) << (2 * q);
                        expected |= 1 << state_bit(t).1;
                    }
                }
            }
            assert_eq!(turn(x), expected);
            let _ = naive_turn;
        }
    }
}

/// A colour's marbles in rotation state `s`, by the engine's rotation table.
fn rotated(side: u64, s: usize) -> u64 {
    let mut out = side;
    for q in 0..4 {
        let shift = 16 * q;
        let mut p = (side >> shift & 0x1FF) as usize;
        for _ in 0..(s >> (2 * q) & 3) {
            p = ROTATE[0][p] as usize;
        }
        out = (out & !(0x1FF << shift)) | (p as u64) << shift;
    }
    out
}

fn has_five_packed(side: u64) -> bool {
    let c = COUNTS[0][(side & 0x1FF) as usize]
        + COUNTS[1][(side >> 16 & 0x1FF) as usize]
        + COUNTS[2][(side >> 32 & 0x1FF) as usize]
        + COUNTS[3][(side >> 48 & 0x1FF) as usize];
    (0..32).any(|i| c >> (3 * i) & 7 == 5)
}

#[test]
fn fives_in_every_rotation_state() {
    let mut rng = Rng::new(11);
    let mut some = 0;
    for trial in 0..2000 {
        let mut side = 0u64;
        let marbles = 8 + trial % 12;
        for _ in 0..marbles {
            side |= 1 << crate::pentago::tables::CELL_BIT[rng.below(36) as usize];
        }
        let got = fives(side);
        for s in 0..256 {
            let (p, bit) = state_bit(s);
            let expected = has_five_packed(rotated(side, s));
            assert_eq!(got[p] >> bit & 1 == 1, expected, "side {side:x} state {s}");
            some += expected as u32;
        }
    }
    assert!(some > 1000);
}

#[test]
fn colex_ranks() {
    let r = ranks();
    for size in 0..6 {
        let mut mask = (1u32 << size) - 1;
        for rank in 0..choose(16, size) {
            assert_eq!(r.rank(mask), rank);
            assert_eq!(unrank(rank, size), mask);
            if size > 0 {
                mask = next_subset(mask);
            }
        }
    }
    // high bits
    assert_eq!(r.rank(1 << 23), 23);
    assert_eq!(r.rank(1 << 23 | 1 << 13 | 1), choose(13, 2) + choose(23, 3));
}

/// Plain negamax with a memo: the value for the player to move.
fn negamax(pos: &Position, memo: &mut HashMap<u64, i8>) -> i8 {
    if let Some(&v) = memo.get(&pos.key()) {
        return v;
    }
    let mut best = -1;
    for &a in pos.legal_actions().iter() {
        let mut child = *pos;
        child.play(Move::from_action(a).unwrap()).unwrap();
        let v = move_value(pos, &child, memo);
        best = best.max(v);
        if best == 1 {
            break;
        }
    }
    memo.insert(pos.key(), best);
    best
}

/// The value of the move that led from `pos` to `child`, for `pos`'s mover.
fn move_value(pos: &Position, child: &Position, memo: &mut HashMap<u64, i8>) -> i8 {
    let me = pos.current_player().unwrap();
    match child.winners() {
        0 => -negamax(child, memo),
        0b11 => 0,
        w if w >> me & 1 == 1 => 1,
        _ => -1,
    }
}

use super::tests_support::random_position;

fn check_against_brute_force(pos: &Position) {
    let solved = solve(pos, &Limits::default(), &mut || false).expect("solved");
    let mut memo = HashMap::new();
    assert_eq!(solved.value, negamax(pos, &mut memo), "{:?}", pos.boards());
    let legal: Vec<Action> = pos.legal_actions().to_vec();
    assert_eq!(solved.moves.iter().map(|m| m.0).collect::<Vec<_>>(), legal);
    for &(a, v) in &solved.moves {
        let mut child = *pos;
        child.play(Move::from_action(a).unwrap()).unwrap();
        assert_eq!(v, move_value(pos, &child, &mut memo), "move {a} of {:?}", pos.boards());
    }
}

#[test]
fn agrees_with_brute_force_on_random_positions() {
    let mut rng = Rng::new(2024);
    let mut values = [0usize; 3];
    for empty in 1..=8 {
        let trials = if empty <= 6 { 60 } else { 12 };
        for _ in 0..trials {
            let pos = random_position(&mut rng, empty);
            check_against_brute_force(&pos);
            values[(solve(&pos, &Limits::default(), &mut || false).unwrap().value + 1) as usize] += 1;
        }
    }
    assert!(values.iter().all(|&v| v > 5), "wins, draws and losses all checked: {values:?}");
}

#[test]
fn agrees_with_brute_force_after_random_play() {
    let mut rng = Rng::new(99);
    let mut checked = 0;
    while checked < 40 {
        let mut pos = Position::new();
        let empty = 4 + checked % 5;
        while !pos.is_over() && pos.empty_count() as usize > empty {
            let mv = pos.random_move(&mut rng);
            pos.play(mv).unwrap();
        }
        if pos.is_over() {
            continue;
        }
        check_against_brute_force(&pos);
        checked += 1;
    }
}

#[test]
fn threads_give_the_same_result() {
    let mut rng = Rng::new(5);
    for _ in 0..3 {
        let pos = random_position(&mut rng, 11);
        let one = solve(&pos, &Limits::default(), &mut || false).unwrap();
        let two = solve(&pos, &Limits { threads: 2, ..Limits::default() }, &mut || false).unwrap();
        assert_eq!(one, two);
    }
}

#[test]
fn an_immediate_five_is_a_win() {
    // White to move with four on rank 1: e1 wins at once
    let pos = Position::from_text("WWWW../BBB.../B...../....../BW..../....../w").unwrap();
    let solved = solve(&pos, &Limits { max_bytes: 1 << 40, ..Limits::default() }, &mut || false);
    // 36 - 10 = 26 empty cells: too big, refused
    assert_eq!(solved, Err(Refusal::TooBig));
    let pos = Position::from_text("WWWW.W/BBBBWB/WBWBWB/BWBWBW/......./....../w");
    assert!(pos.is_none());
    let pos = Position::from_text("WWWW.B/BBWBWB/WBWBWB/BWBWBW/WB..../....../w").unwrap();
    let solved = solve(&pos, &Limits::default(), &mut || false).unwrap();
    assert_eq!(solved.value, 1);
    assert!(solved.moves.contains(&(288 + 4, 1)), "e1 wins at once");
}

#[test]
fn refuses_finished_games_and_gives_up_in_time() {
    let mut rng = Rng::new(3);
    let pos = random_position(&mut rng, 17);
    let limits = Limits { deadline: Some(Instant::now()), ..Limits::default() };
    assert_eq!(solve(&pos, &limits, &mut || false), Err(Refusal::TooSlow));
    let limits = Limits {
        deadline: Some(Instant::now() + std::time::Duration::from_millis(20)),
        give_up_factor: 1e9,
        ..Limits::default()
    };
    assert_eq!(solve(&pos, &limits, &mut || false), Err(Refusal::OutOfTime));
}

#[test]
fn a_stop_gives_up_while_a_layer_runs() {
    let mut rng = Rng::new(3);
    // 17 empty cells: a few tenths of a second at least, so the calling thread is asked
    let pos = random_position(&mut rng, 17);
    for threads in [1, 2] {
        let limits = Limits { threads, ..Limits::default() };
        let mut asked = 0;
        let found = solve(&pos, &limits, &mut || {
            asked += 1;
            true
        });
        assert_eq!(found, Err(Refusal::Stopped));
        assert_eq!(asked, 1, "asked until it said yes");
    }
}
