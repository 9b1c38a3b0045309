//! `cargo run --release --example pentago_labels -- ROOTS FIRST EMPTY`: exact labels for
//! fitting Pentago's evaluation.  Each root is reached from a seeded opening of 4 random
//! moves by 3-ply searches (a random move instead one time in twenty) down to EMPTY empty
//! cells; the exact solver then gives every move's value, and each child after a move is
//! printed as `white black to_move value wins score` (row-major bitboards in hex; the
//! value for the player to move in the child: 1 win, 0 draw, -1 loss; whether that player
//! has a win in one; the evaluation's score for them), one root's children together after
//! a `root N` line.
use pentarena_native::pentago::midgame::{self, Limits};
use pentarena_native::pentago::search::best_move;
use pentarena_native::pentago::{Move, Position};
use pentarena_native::rng::Rng;
use pentarena_native::search::SearchLimits;

fn root(n: u64, empty: u32) -> Option<Position> {
    let mut rng = Rng::new(5000 + n);
    let mut pos = Position::new();
    while pos.empty_count() > empty {
        if pos.is_over() {
            return None;
        }
        let mv = if pos.empty_count() > 32 || rng.below(20) == 0 {
            pos.random_move(&mut rng)
        } else {
            let limits = SearchLimits { max_depth: 3, ..SearchLimits::default() };
            Move::from_action(best_move(&pos, &limits)?.best)?
        };
        pos.play(mv).ok()?;
    }
    (!pos.is_over()).then_some(pos)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let roots: u64 = args[0].parse().expect("a number of roots");
    let first: u64 = args[1].parse().expect("a first root");
    let empty: u32 = args[2].parse().expect("empty cells");
    for n in first..first + roots {
        let Some(pos) = root(n, empty) else {
            eprintln!("root {n}: the game ended first");
            continue;
        };
        let solved = match midgame::solve(&pos, &Limits::default(), &mut || false) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("root {n}: {e:?}");
                continue;
            }
        };
        println!("root {n} {}", solved.value);
        for (a, v) in solved.moves {
            let mut child = pos;
            child.play(Move::from_action(a).expect("an action")).expect("a legal move");
            let [w, b] = child.boards();
            let to_move = child.current_player().map_or(2, |s| s as i32);
            let wins = child.has_winning_move() as u8;
            println!("{w:x} {b:x} {to_move} {} {wins} {}", -v, child.score());
        }
    }
}
