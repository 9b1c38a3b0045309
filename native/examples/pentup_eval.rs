//! Could a Pent-Up playout stop early and be scored by an evaluation?  Plays whole games
//! of the playout policy (2 players, standard scoring) and asks, ply by ply, how well
//! the position then predicts the end: the mean squared error (Brier score) of three
//! forecasts of seat 0's reward, on games the fit did not see.
//!
//! * `coin`: seat 0's mean reward (the error of knowing nothing, about 0.245);
//! * `leader`: 0.75 for the side ahead on the record as it stands (the standard record
//!   read from the current top level down), 0.25 behind, 0.5 level;
//! * `fitted`: a logistic regression, fitted per ply, over the differences of the two
//!   sides' tiles on the top four levels and the side to move.
//!
//! `cargo run --release --example pentup_eval -- [GAMES]`
use pentarena_native::pentup::search::Policy;
use pentarena_native::pentup::{Gen, Position, Rules, Scoring};
use pentarena_native::rng::Rng;

const F: usize = 6;
const PLIES: usize = 24;

/// The fitted forecast's inputs for seat 0.
fn features(p: &Position) -> [f64; F] {
    let c = p.level_counts();
    let t = p.top();
    let d = |l: usize| if l >= 1 { c[0][l - 1] as f64 - c[1][l - 1] as f64 } else { 0.0 };
    let mover = if p.current_player() == Some(0) { 1.0 } else { -1.0 };
    [d(t), d(t.saturating_sub(1)), d(t.saturating_sub(2)), d(t.saturating_sub(3)), mover, 1.0]
}

/// 1 if seat 0 leads on the record as it stands, 0 if seat 1 does, 0.5 if level.
fn leader(p: &Position) -> f64 {
    let c = p.level_counts();
    for l in (0..p.top()).rev() {
        if c[0][l] != c[1][l] {
            return if c[0][l] > c[1][l] { 1.0 } else { 0.0 };
        }
    }
    0.5
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn dot(w: &[f64; F], f: &[f64; F]) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// Logistic regression by gradient descent.
fn fit(rows: &[([f64; F], f64, f64)]) -> [f64; F] {
    let mut w = [0.0f64; F];
    for _ in 0..300 {
        let mut g = [0.0f64; F];
        for (f, _, r) in rows {
            let e = sigmoid(dot(&w, f)) - r;
            for (gi, fi) in g.iter_mut().zip(f) {
                *gi += e * fi;
            }
        }
        for (wi, gi) in w.iter_mut().zip(g) {
            *wi -= 2.0 * gi / rows.len() as f64;
        }
    }
    w
}

fn main() {
    let games: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let rules = Rules::new(2, false, Scoring::Standard).expect("2 players");
    let policy = Policy::default();
    let mut gen = Gen::new();
    let mut rng = Rng::new(7);
    // per ply: (features, leader, seat 0's final reward)
    let mut rows: Vec<Vec<([f64; F], f64, f64)>> = vec![Vec::new(); PLIES];
    for _ in 0..games {
        let mut p = Position::new(rules);
        let mut seen = Vec::with_capacity(PLIES);
        for _ in 0..PLIES {
            seen.push((features(&p), leader(&p)));
            p.policy_plies(None, 1, &policy, &mut gen, &mut rng);
        }
        let r = p.rewards()[0] as f64;
        for (ply, (f, l)) in seen.into_iter().enumerate() {
            rows[ply].push((f, l, r));
        }
    }
    println!("ply  left   coin  leader  fitted");
    for (ply, data) in rows.iter().enumerate() {
        let (train, test) = data.split_at(data.len() / 2);
        let w = fit(train);
        let mean = train.iter().map(|x| x.2).sum::<f64>() / train.len() as f64;
        let brier = |forecast: &dyn Fn(&[f64; F], f64) -> f64| {
            test.iter().map(|(f, l, r)| (forecast(f, *l) - r).powi(2)).sum::<f64>() / test.len() as f64
        };
        println!(
            "{ply:3} {:5} {:6.3} {:7.3} {:7.3}",
            PLIES - ply,
            brier(&|_, _| mean),
            brier(&|_, l| 0.25 + 0.5 * l),
            brier(&|f, _| sigmoid(dot(&w, f)))
        );
    }
}
