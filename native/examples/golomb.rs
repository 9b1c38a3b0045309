//! The proof search's speed: `cargo run --release --example golomb -- [k] [n]`: positions
//! after k random placements (default 2), solved by the endgame solver and by the prover.

use std::time::Instant;

use pentarena_native::pentomino::proof::Prover;
use pentarena_native::pentomino::{endgame, Position, Rules};
use pentarena_native::rng::Rng;

fn main() {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<usize>().unwrap());
    let k = args.next().unwrap_or(2);
    let n = args.next().unwrap_or(4);
    let old = args.next().unwrap_or(1) == 1;
    let mut rng = Rng::new(3);
    let mut prover = Prover::new(24, true);
    for _ in 0..n {
        let mut pos = Position::new(Rules::default(), None).unwrap();
        for _ in 0..k {
            let mv = pos.random_move(&mut rng);
            pos.play(mv).unwrap();
        }
        let (occ, mine, theirs, shared, only) = pos.endgame().unwrap();
        if old {
            let t = Instant::now();
            let r = endgame::solve(occ, mine, theirs, shared, only, None, &mut || false).unwrap();
            print!("endgame {:>6.2}s {} {:>10}   ", t.elapsed().as_secs_f64(), r.wins, r.nodes);
        }
        let t = Instant::now();
        let r = prover.solve(occ, mine, theirs, only, None, &mut || false).unwrap();
        println!("prover {:>6.2}s {} {:>10}", t.elapsed().as_secs_f64(), r.wins, r.nodes);
    }
}
