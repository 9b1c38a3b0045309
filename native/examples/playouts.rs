//! Random playouts per second on one core: `cargo run --release --example playouts`.

use std::time::Instant;

use pentarena_native::pentago::Position;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    for seed in 0..3 {
        let start = Instant::now();
        let stats = Position::new().random_playouts(n, seed);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:>10.0} games/s  {:>12.0} moves/s  {:.1} ns/move  {:?}",
            n as f64 / secs,
            stats.plies as f64 / secs,
            secs * 1e9 / stats.plies as f64,
            stats
        );
    }
}
