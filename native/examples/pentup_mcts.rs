//! Pent-Up's native MCTS: iterations per second, and matches between settings at fixed
//! iteration budgets (for tuning; the strength figures of the README come from
//! `pentarena arena`).
//!
//! `cargo run --release --example pentup_mcts -- rate [players] [seconds] [tiles placed] [whole]`
//! `cargo run --release --example pentup_mcts -- match GAMES ITERS_A ITERS_B [players] [key=value ...]`
//! with keys `a.greed b.greed a.tries b.tries a.c b.c a.widen b.widen a.threads b.threads a.split b.split scoring`.

use std::time::{Duration, Instant};

use pentarena_native::pentup::search::{best_move, Budget};
use pentarena_native::pentup::{Position, Rules, Scoring};
use pentarena_native::rng::Rng;

/// An early middle game: 4 random tiles per player.
fn early(players: u8, scoring: Scoring) -> Position {
    after(players, scoring, 4 * players as usize)
}

/// A random game after `placed` tiles.
fn after(players: u8, scoring: Scoring, placed: usize) -> Position {
    let mut position = Position::new(Rules::new(players, players == 4, scoring).expect("2 to 4 players"));
    let mut rng = Rng::new(1);
    for _ in 0..placed {
        let moves = position.legal_moves();
        let mv = moves[rng.below(moves.len() as u32) as usize];
        position.play_unchecked(mv);
    }
    position
}

fn rate(players: u8, seconds: f64, placed: Option<usize>, split: bool) {
    let position = after(players, Scoring::Standard, placed.unwrap_or(4 * players as usize));
    for _ in 0..3 {
        let start = Instant::now();
        let budget = Budget { time: Some(Duration::from_secs_f64(seconds)), seed: 1, split, ..Budget::default() };
        let result = best_move(&position, &budget);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{players} players: {:>8.0} iterations/s ({} in {secs:.2} s, {} nodes)",
            result.iterations as f64 / secs,
            result.iterations,
            result.nodes
        );
    }
}

fn play_match(games: u32, iters: [u64; 2], players: u8, opts: &[String]) {
    let mut budgets = [Budget::default(); 2];
    let mut scoring = Scoring::Standard;
    for opt in opts {
        let (key, value) = opt.split_once('=').expect("key=value");
        if key == "scoring" {
            scoring = Scoring::from_name(value).expect("a scoring");
            continue;
        }
        let (who, what) = key.split_once('.').expect("a.key or b.key");
        let b = &mut budgets[(who == "b") as usize];
        let v: f64 = value.parse().expect("a number");
        match what {
            "greed" => b.policy.greed = v as f32,
            "tries" => b.policy.tries = v as u32,
            "uniform" => b.policy.uniform = v != 0.0,
            "c" => b.exploration = v as f32,
            "widen" => b.widen = v as f32,
            "threads" => b.threads = v as usize,
            "split" => b.split = v != 0.0,
            _ => panic!("unknown key {what}"),
        }
    }
    let rules = Rules::new(players, players == 4, scoring).expect("rules");
    let mut points = [0.0f64; 2];
    let start = Instant::now();
    for g in 0..games {
        // player A sits at the seats of parity g % 2 (every other seat)
        let mut position = Position::new(rules);
        let mut seed = g as u64 * 1000;
        while let Some(seat) = position.current_player() {
            let who = (seat + g as usize) % 2;
            seed += 1;
            let budget = Budget { iterations: Some(iters[who]), seed, ..budgets[who] };
            let mv = best_move(&position, &budget).best.expect("a move").mv;
            position.play_unchecked(mv);
        }
        let rewards = position.rewards();
        for (seat, r) in rewards.iter().enumerate().take(players as usize) {
            points[(seat + g as usize) % 2] += *r as f64;
        }
        let total = points[0] + points[1];
        println!(
            "game {}: A {:.1} B {:.1}  (A {:.1}%, {:.0} s)",
            g + 1,
            points[0],
            points[1],
            100.0 * points[0] / total.max(1e-9),
            start.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("playouts") => {
            let position = early(2, Scoring::Standard);
            let mut rng = Rng::new(1);
            let mut gen = pentarena_native::pentup::Gen::new();
            let policy = pentarena_native::pentup::search::Policy::default();
            for _ in 0..3 {
                let start = Instant::now();
                let mut total = 0.0;
                for _ in 0..10_000 {
                    total += position.clone().policy_playout(None, &policy, &mut gen, &mut rng)[0];
                }
                let secs = start.elapsed().as_secs_f64();
                println!("policy playouts: {:.0}/s (seat 0 {:.3})", 10_000.0 / secs, total / 10_000.0);
                let start = Instant::now();
                let mut n = 0;
                for _ in 0..10_000 {
                    n += best_move(&position, &Budget { iterations: Some(1), ..Budget::default() }).nodes;
                }
                println!("one-iteration searches: {:.0}/s ({n})", 10_000.0 / start.elapsed().as_secs_f64());
                let start = Instant::now();
                let stats = position.random_playouts(10_000, 1);
                println!("random playouts: {:.0}/s {:?}", 10_000.0 / start.elapsed().as_secs_f64(), stats.wins);
            }
        }
        Some("match") => {
            let n = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
            let players = n(4, 2) as u8;
            play_match(n(1, 20) as u32, [n(2, 1000), n(3, 1000)], players, args.get(5..).unwrap_or(&[]));
        }
        _ => {
            let players = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
            let seconds = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2.0);
            let split = args.get(4).is_none_or(|s| s != "whole");
            rate(players, seconds, args.get(3).and_then(|s| s.parse().ok()), split);
        }
    }
}
