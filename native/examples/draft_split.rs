//! The proof search on finished drafts (the draft variant's placement game from the empty
//! board): `cargo run --release --example draft_split -- MASK0 [MASK0 ...]`, each a split
//! (seat 0's pieces as a bit mask, as in `benchmarks/results/draft_proof.jsonl`), the
//! first placer (seat 1) to move; prints the value, nodes and seconds of each (`BITS`:
//! the table's size, 2^25 entries unless given).

use std::time::Instant;

use pentarena_native::pentomino::proof::Prover;

const ALL: u16 = (1 << 12) - 1;

fn main() {
    let bits: u32 = std::env::var("BITS").map_or(25, |b| b.parse().expect("table bits"));
    let mut total = (0u64, 0f64);
    for arg in std::env::args().skip(1) {
        let mask0: u16 = arg.parse().expect("a mask of seat 0's pieces");
        let mut prover = Prover::new(bits, false);
        let t = Instant::now();
        let r = prover.solve(0, ALL & !mask0, mask0, None, None, &mut || false).expect("no deadline");
        let secs = t.elapsed().as_secs_f64();
        total = (total.0 + r.nodes, total.1 + secs);
        println!("{mask0:>5}: first placer wins {:<5} {:>12} nodes {secs:>8.2} s {:>6.2} M/s",
                 r.wins, r.nodes, r.nodes as f64 / secs / 1e6);
    }
    println!("total {} nodes {:.2} s", total.0, total.1);
}
