//! Pentomino's core on one core: `cargo run --release --example pentomino`.
//! Random playouts per second for each option set, the puzzle solver's counts, and the
//! endgame solver on positions a few pieces in.

use std::time::{Duration, Instant};

use pentarena_native::pentomino::endgame;
use pentarena_native::pentomino::region::Region;
use pentarena_native::pentomino::solver::{Quiet, Solver};
use pentarena_native::pentomino::{Position, Rules};
use pentarena_native::rng::Rng;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let base = Rules::default();
    for (label, rules, games) in [
        ("2 players", base, n),
        ("touch-move", Rules { touch_move: true, ..base }, n),
        ("draft", Rules { draft: true, ..base }, n),
        ("3-player match to 50", Rules { players: 3, ..base }, n / 20),
    ] {
        let start = Instant::now();
        let stats = Position::new(rules, None).unwrap().random_playouts(games, 1);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label:>22}: {:>10.0} games/s  {:.1} ns/move  {:?}",
            games as f64 / secs,
            secs * 1e9 / stats.plies as f64,
            stats
        );
    }
    let all: Vec<u8> = (0..12).collect();
    for (name, w, h) in [("3x20", 20, 3), ("4x15", 15, 4), ("5x12", 12, 5), ("6x10", 10, 6)] {
        let start = Instant::now();
        let c = Solver::new(&Region::rectangle(w, h).unwrap(), &all, 0).count(true, 0, &mut Quiet);
        println!("{name:>10}: {} solutions in {:.3} s ({} nodes)", c.count, start.elapsed().as_secs_f64(), c.nodes);
    }
    let centre: Vec<usize> = (0..64).filter(|&c| !matches!(c, 27 | 28 | 35 | 36)).collect();
    let start = Instant::now();
    let c = Solver::new(&Region::new(8, 8, &centre).unwrap(), &all, 0).count(true, 0, &mut Quiet);
    println!("8x8-centre: {} solutions in {:.3} s ({} nodes)", c.count, start.elapsed().as_secs_f64(), c.nodes);
    // the endgame: positions after k random placements, solved in at most 5 s each
    let mut rng = Rng::new(3);
    for k in [2, 3, 4, 5] {
        let mut times = vec![];
        for _ in 0..5 {
            let mut pos = Position::new(base, None).unwrap();
            for _ in 0..k {
                if !pos.is_over() {
                    let mv = pos.random_move(&mut rng);
                    pos.play(mv).unwrap();
                }
            }
            let Some((occ, mine, theirs, shared, only)) = pos.endgame() else { continue };
            let start = Instant::now();
            let r = endgame::solve(occ, mine, theirs, shared, only, Some(start + Duration::from_secs(5)), &mut || false);
            times.push(format!(
                "{:.3}s/{}",
                start.elapsed().as_secs_f64(),
                r.map_or("-".to_string(), |s| format!("{}:{}", if s.wins { "W" } else { "L" }, s.nodes))
            ));
        }
        println!("endgame after {k} pieces: {}", times.join("  "));
    }
}
