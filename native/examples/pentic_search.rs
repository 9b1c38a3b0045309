//! Pentic's information-set search against another player, all in Rust (for calibrating
//! the levels): `cargo run --release --example pentic_search -- A B [GAMES] [FIRST_SEED]`.
//!
//! A player is `random`, `greedy` (the best immediate score) or a search written as
//! comma-separated settings, e.g. `it=20000,det=0,c=0.7,depth=4,policy=greedy,ms=2000`
//! (iterations, determinizations, exploration, playout depth or `end`, playout policy,
//! milliseconds a move, `prior=τ` for PUCT with that temperature).  Two players, target 250, seats alternating, deals from the core's
//! generator.  Prints A's score (a win 1, a shared win ½) with a 95% interval, and each
//! side's mean and slowest time a move.

use std::time::{Duration, Instant};

use pentarena_native::pentic::ismcts::{search, Settings};
use pentarena_native::pentic::{Card, Move, Policy, Position, NUM_CARDS};
use pentarena_native::rng::Rng;

enum Player {
    Random,
    Greedy,
    Search(Settings, Option<Duration>),
}

fn parse(spec: &str) -> Player {
    match spec {
        "random" => return Player::Random,
        "greedy" => return Player::Greedy,
        _ => {}
    }
    let mut s = Settings::default();
    let mut limit = None;
    for part in spec.split(',') {
        let (key, value) = part.split_once('=').unwrap_or_else(|| panic!("bad setting {part:?}"));
        match key {
            "it" => s.iterations = value.parse().expect("iterations"),
            "det" => s.determinizations = value.parse().expect("determinizations"),
            "c" => s.exploration = value.parse().expect("exploration"),
            "depth" => s.playout_depth = if value == "end" { None } else { Some(value.parse().expect("depth")) },
            "policy" => s.policy = if value == "random" { Policy::Random } else { Policy::Greedy },
            "prior" => s.prior = if value == "none" { None } else { Some(value.parse().expect("temperature")) },
            "ms" => limit = Some(Duration::from_millis(value.parse().expect("milliseconds"))),
            _ => panic!("unknown setting {key:?}"),
        }
    }
    Player::Search(s, limit)
}

fn choose(player: &Player, pos: &Position, rng: &mut Rng) -> Move {
    let action = match player {
        Player::Random => {
            let legal = pos.legal_actions().expect("a move");
            legal[rng.below(legal.len() as u32) as usize]
        }
        Player::Greedy => pos.best_action().expect("a move"),
        Player::Search(settings, limit) => {
            let deadline = limit.map(|l| Instant::now() + l);
            search(pos, settings, rng.next_u64(), deadline).expect("a move").action
        }
    };
    Move::from_action(action).expect("an action")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (a, b) = (parse(&args[1]), parse(&args[2]));
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
    let (mut points, mut time, mut slowest, mut moves) = (0.0, [0.0f64; 2], [0.0f64; 2], [0u64; 2]);
    for g in first..first + games {
        let mut deal_rng = Rng::new(g);
        let mut order: Vec<Card> = (0..NUM_CARDS as Card).collect();
        for i in (1..NUM_CARDS).rev() {
            order.swap(i, deal_rng.below(i as u32 + 1) as usize);
        }
        let mut pos = Position::deal(2, 250, &order).expect("a deck");
        let seat_a = (g % 2) as usize;
        let mut rng = Rng::new(g.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 17);
        while let Some(seat) = pos.current_player() {
            let who = usize::from(seat != seat_a);
            let view = pos.view(Some(seat)).expect("a seat");
            let start = Instant::now();
            let mv = choose(if who == 0 { &a } else { &b }, &view, &mut rng);
            let t = start.elapsed().as_secs_f64();
            time[who] += t;
            slowest[who] = slowest[who].max(t);
            moves[who] += 1;
            pos.play(mv).expect("a legal move");
        }
        let w = pos.winners();
        if w >> seat_a & 1 == 1 {
            points += 1.0 / w.count_ones() as f64;
        }
        let n = (g - first + 1) as f64;
        if (g - first + 1) % 20 == 0 {
            eprintln!("  {} games: {:.1}%", g - first + 1, 100.0 * points / n);
        }
    }
    let n = games as f64;
    let p = points / n;
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    println!(
        "{} v {}: {:.1}% ({:.1}–{:.1}%) over {games} games; a move: {:.3}/{:.3} s mean, {:.3}/{:.3} s slowest",
        args[1],
        args[2],
        100.0 * p,
        100.0 * (centre - half).max(0.0),
        100.0 * (centre + half).min(1.0),
        time[0] / moves[0].max(1) as f64,
        time[1] / moves[1].max(1) as f64,
        slowest[0],
        slowest[1],
    );
}
