//! `cargo run --release --example midgame -- EMPTY [COUNT] [THREADS]`: time the exact
//! midgame solver on random positions (seeded) with EMPTY empty cells.
use std::time::Instant;

use pentarena_native::pentago::midgame::{estimated_seconds, peak_bytes, solve, Limits};
use pentarena_native::pentago::Position;
use pentarena_native::rng::Rng;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let empty = *args.first().unwrap_or(&16);
    let count = *args.get(1).unwrap_or(&3);
    let threads = *args.get(2).unwrap_or(&1);
    let mut rng = Rng::new(empty as u64);
    println!(
        "{empty} empty cells: {:.2} GB peak, estimated {:.1} s",
        peak_bytes(empty) as f64 / 1e9,
        estimated_seconds(empty)
    );
    let mut done = 0;
    while done < count {
        let mut pos = Position::new();
        while !pos.is_over() && pos.empty_count() as usize > empty {
            let mv = pos.random_move(&mut rng);
            pos.play(mv).unwrap();
        }
        if pos.is_over() {
            continue;
        }
        let start = Instant::now();
        let cpu = cpu_seconds();
        let solved = solve(&pos, &Limits { threads, max_bytes: 20 << 30, ..Limits::default() }, &mut || false).unwrap();
        println!(
            "value {:+} in {:.2} s wall, {:.2} s cpu ({} colourings)",
            solved.value,
            start.elapsed().as_secs_f64(),
            cpu_seconds() - cpu,
            solved.colourings
        );
        done += 1;
    }
}

fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields.get(11).and_then(|u| u.parse().ok()).unwrap_or(0.0)
        + fields.get(12).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}
