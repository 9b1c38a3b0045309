//! Time move generation alone over the positions of random games (diagnostics).
use std::time::Instant;

use pentarena_native::pentup::{Gen, Position, Rules};
use pentarena_native::rng::Rng;

fn main() {
    let mut positions = vec![];
    let mut rng = Rng::new(1);
    let mut gen = Gen::new();
    for _ in 0..200 {
        let mut pos = Position::new(Rules::default());
        while !pos.is_over() {
            positions.push(pos.clone());
            pos.generate(&mut gen);
            pos.play_unchecked(gen.nth(rng.below(gen.total)));
        }
    }
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    for _ in 0..rounds {
        let start = Instant::now();
        let mut total = 0u64;
        let mut runs = 0u64;
        for p in &positions {
            for _ in 0..20 {
                p.generate(&mut gen);
                total += gen.total as u64;
                runs += gen.segments().count() as u64;
            }
        }
        let n = 20 * positions.len();
        println!("generate: {:.0} ns/position ({} moves, {} runs avg)", start.elapsed().as_secs_f64() * 1e9 / n as f64, total / n as u64, runs / n as u64);
        let start = Instant::now();
        let mut x = 0;
        for _ in 0..20 {
            for p in &positions {
                let mut q = p.clone();
                q.generate(&mut gen);
                q.play_unchecked(gen.nth(0));
                x += q.max_level();
            }
        }
        println!("clone+generate+play: {:.0} ns/position {x}", start.elapsed().as_secs_f64() * 1e9 / n as f64);
    }
}
