//! EXPERIMENT: how much of the opponent's hand the inference recovers.
use pentarena_native::pentic::inference::Model;
use pentarena_native::pentic::ismcts::{search, Settings};
use pentarena_native::pentic::{Card, Move, State, NUM_CARDS};
use pentarena_native::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let configs: Vec<(f64, usize, u32)> = vec![(1.0, 0, 1), (2.0, 1, 64), (2.0, 3, 64), (5.0, 1, 64), (5.0, 3, 64), (5.0, 6, 64), (10.0, 3, 64), (2.0, 6, 256)];
    let mut sums = vec![0.0; configs.len()];
    let mut n = 0u64;
    let player = Settings { iterations: 11000, exploration: 0.7, prior: None, ..Settings::default() };
    for g in 0..games {
        let mut deal_rng = Rng::new(g);
        let mut order: Vec<Card> = (0..NUM_CARDS as Card).collect();
        for i in (1..NUM_CARDS).rev() {
            order.swap(i, deal_rng.below(i as u32 + 1) as usize);
        }
        let mut state = State::deal(2, 250, &order).unwrap();
        let mut rng = Rng::new(g ^ 77);
        while let Some(seat) = state.position.current_player() {
            if state.plays().len() >= 4 {
                let info = state.position.view(Some(seat)).unwrap();
                let truth = state.position.hand(1 - seat).to_vec();
                let seen = state.observed();
                for (k, &(tau, depth, cand)) in configs.iter().enumerate() {
                    let model = Model::new(&seen, seat, 2, tau, depth);
                    let mut overlap = 0.0;
                    for _ in 0..200 {
                        let d = model.sample(&info, cand, &mut rng);
                        overlap += d.hand(1 - seat).iter().filter(|c| truth.contains(c)).count() as f64;
                    }
                    sums[k] += overlap / 200.0;
                }
                n += 1;
            }
            let a = search(&state.position, &player, rng.next_u64(), None).unwrap().action;
            state.play(Move::from_action(a).unwrap()).unwrap();
        }
    }
    for (k, c) in configs.iter().enumerate() {
        println!("tau {} depth {} cand {}: mean overlap {:.3}", c.0, c.1, c.2, sums[k] / n as f64);
    }
}
