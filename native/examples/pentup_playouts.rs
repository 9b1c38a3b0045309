//! Pent-Up random playouts per second on one core:
//! `cargo run --release --example pentup_playouts [games] [players]`.

use std::time::Instant;

use pentarena_native::pentup::{Position, Rules, Scoring};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let players: u8 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2);
    let rules = Rules::new(players, players == 4, Scoring::Standard).expect("2 to 4 players");
    for seed in 0..3 {
        let start = Instant::now();
        let stats = Position::new(rules).random_playouts(n, seed);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{players} players: {:>8.0} games/s  {:>10.0} moves/s  {:.0} ns/move  {:?}",
            n as f64 / secs,
            stats.plies as f64 / secs,
            secs * 1e9 / stats.plies as f64,
            stats
        );
    }
}
