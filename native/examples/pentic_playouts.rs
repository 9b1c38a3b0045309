//! Pentic playouts per second on one core: `cargo run --release --example pentic_playouts`
//! (random moves, then the greedy playout policy, from a 2-player deal and from a view).

use std::time::Instant;

use pentarena_native::pentic::{Card, Position, NUM_CARDS};
use pentarena_native::rng::Rng;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let mut order: Vec<Card> = (0..NUM_CARDS as Card).collect();
    let mut rng = Rng::new(1);
    for i in (1..NUM_CARDS).rev() {
        order.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let full = Position::deal(2, 250, &order).expect("a deck");
    let view = full.view(Some(0)).expect("a seat");
    for (name, pos) in [("full state", full), ("seat 0's view", view)] {
        for greedy in [false, true] {
            let start = Instant::now();
            let stats = if greedy { pos.policy_playouts(n / 4, 7, None) } else { pos.random_playouts(n, 7) };
            let secs = start.elapsed().as_secs_f64();
            let games = if greedy { n / 4 } else { n };
            println!(
                "{name:>14}, {:>6}: {:>10.0} games/s  {:>12.0} moves/s  {:.1} ns/move",
                if greedy { "greedy" } else { "random" },
                games as f64 / secs,
                stats.plies as f64 / secs,
                secs * 1e9 / stats.plies as f64,
            );
        }
    }
}
