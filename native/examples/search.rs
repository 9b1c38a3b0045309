//! `cargo run --release --example search -- SECONDS [PLIES...]`: the Pentago alpha-beta
//! from random positions after PLIES random moves: depth reached, nodes, score.
//! `dN` instead of SECONDS searches to N plies with no clock (to compare node counts);
//! either may end in `xE`: E threat extensions a line (`SearchLimits::extensions`), and
//! then in `f`: the fitted evaluation (`FITTED_WEIGHTS`).
use std::time::{Duration, Instant};

use pentarena_native::pentago::search::{best_move, best_move_fitted};
use pentarena_native::pentago::{Move, Position};
use pentarena_native::rng::Rng;
use pentarena_native::search::SearchLimits;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first().cloned().unwrap_or_else(|| "2".into());
    let (first, fitted) = match first.strip_suffix('f') {
        Some(head) => (head.to_string(), true),
        None => (first, false),
    };
    let (first, extensions) = match first.split_once('x') {
        Some((head, e)) => (head.to_string(), e.parse().expect("extensions")),
        None => (first, 0),
    };
    let depth: Option<u32> = first.strip_prefix('d').map(|d| d.parse().unwrap());
    let seconds: f64 = if depth.is_some() { 0.0 } else { first.parse().unwrap() };
    let plies: Vec<u32> = args.iter().skip(1).map(|s| s.parse().unwrap()).collect();
    let plies = if plies.is_empty() { vec![0, 4, 8, 12, 16, 20] } else { plies };
    for (i, &n) in plies.iter().enumerate() {
        let mut rng = Rng::new(i as u64 + 1);
        let mut pos = Position::new();
        for _ in 0..n {
            if pos.is_over() {
                break;
            }
            pos.play(pos.random_move(&mut rng)).unwrap();
        }
        if pos.is_over() {
            continue;
        }
        let start = Instant::now();
        let limits = match depth {
            Some(d) => SearchLimits { max_depth: d, extensions, ..SearchLimits::default() },
            None => SearchLimits { deadline: Some(start + Duration::from_secs_f64(seconds)), extensions, ..SearchLimits::default() },
        };
        let r = if fitted { best_move_fitted(&pos, &limits) } else { best_move(&pos, &limits) }.unwrap();
        println!(
            "after {n:2} plies: {} (score {}) depth {} nodes {} in {:.2} s",
            Move::from_action(r.best).unwrap(),
            r.score,
            r.depth,
            r.nodes,
            start.elapsed().as_secs_f64()
        );
    }
}
