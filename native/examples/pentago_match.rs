//! `cargo run --release --example pentago_match -- A B OPENINGS [FIRST]`: two settings of
//! the Pentago alpha-beta against each other, from OPENINGS seeded openings of 2 random
//! moves (numbers FIRST.., so that runs can be split), each played once with either as
//! White.  A setting is `DEPTH`, `DEPTH@SECONDS` or `@SECONDS` (e.g. `6@10`: 6 plies,
//! or the deepest finished within 10 s), then optionally `xN`: N threat extensions a line
//! (`SearchLimits::extensions`), `sN`: from N empty cells on, the exact solver's move when
//! it does not lose (the evaluation's pick among the moves of the best value), as the
//! Python levels play, and last `f`: the fitted evaluation (`FITTED_WEIGHTS`).  With
//! `ONLY=white` or `ONLY=black`, only the games where A has that colour are played.  Prints
//! every game and A's score.  With the environment variable `PROBE=N`, the exact value
//! for White of the first position with N empty cells or fewer is printed with each
//! game, and the games counted by it (where were the games decided?); a side that solves
//! that position plays from the probe's solution (its time then leaves the solving out).
use std::time::{Duration, Instant};

use pentarena_native::pentago::midgame::{self, Limits};
use pentarena_native::pentago::search::{best_move, best_move_fitted, Weights, FITTED_WEIGHTS, LINE_WEIGHTS};
use pentarena_native::pentago::{Move, Position};
use pentarena_native::rng::Rng;
use pentarena_native::search::SearchLimits;

#[derive(Clone, Copy)]
struct Setting {
    depth: u32,
    extensions: u32,
    seconds: Option<f64>,
    solve_from: Option<u32>,
    fitted: bool,
}

fn parse(spec: &str) -> Setting {
    let (spec, fitted) = match spec.strip_suffix('f') {
        Some(head) => (head, true),
        None => (spec, false),
    };
    // `xN` (threat extensions) may sit anywhere after the depth
    let (spec, extensions) = match spec.split_once('x') {
        Some((head, rest)) => {
            let (n, tail) = rest.split_at(rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len()));
            (format!("{head}{tail}"), n.parse().expect("extensions"))
        }
        None => (spec.to_string(), 0),
    };
    let spec = spec.as_str();
    let (spec, solve_from) = match spec.split_once('s') {
        Some((s, n)) => (s, Some(n.parse().expect("empty cells"))),
        None => (spec, None),
    };
    let (depth, seconds) = match spec.split_once('@') {
        Some((d, t)) => (d, Some(t.parse().expect("seconds"))),
        None => (spec, None),
    };
    let depth = if depth.is_empty() { 64 } else { depth.parse().expect("a depth") };
    Setting { depth, extensions, seconds, solve_from, fitted }
}

/// A side's slowest move, its seconds and its moves.
type Time = (f64, f64, u32);
type Times = [Time; 2];

/// `t` added to `total`.
fn add(total: &mut Time, t: Time) {
    *total = (total.0.max(t.0), total.1 + t.1, total.2 + t.2);
}

/// One game from `opening`; returns White's result (1, 0, -1), each side's times and,
/// with `probe`, White's exact value at the first position with that many empty cells
/// or fewer (None if the game ended before).
fn play(opening: Position, white: Setting, black: Setting, probe: Option<u32>) -> (i32, Times, Option<i32>) {
    let mut pos = opening;
    let mut times: Times = [(0.0, 0.0, 0); 2];
    let mut probed = None;
    let mut note = |side: usize, t: f64| add(&mut times[side], (t, t, 1));
    while !pos.is_over() {
        // the probe's solution of this position, if it is probed
        let mut known = None;
        if probed.is_none() && probe.is_some_and(|n| pos.empty_count() <= n) {
            let solved = solve(&pos).expect("solved");
            let v = solved.value as i32;
            probed = Some(if pos.current_player() == Some(0) { v } else { -v });
            known = Some(solved);
        }
        let side = pos.current_player().expect("a game on");
        let s = if side == 0 { white } else { black };
        let start = Instant::now();
        let weights = if s.fitted { &FITTED_WEIGHTS } else { &LINE_WEIGHTS };
        if let Some(mv) = s.solve_from.and_then(|n| solved_move(&pos, n, weights, known)) {
            note(side, start.elapsed().as_secs_f64());
            pos.play(mv).expect("a legal move");
            continue;
        }
        let limits = SearchLimits {
            deadline: s.seconds.map(|t| start + Duration::from_secs_f64(t)),
            max_depth: s.depth,
            extensions: s.extensions,
            ..SearchLimits::default()
        };
        let search = if s.fitted { best_move_fitted } else { best_move };
        let r = search(&pos, &limits).expect("a move");
        note(side, start.elapsed().as_secs_f64());
        pos.play(Move::from_action(r.best).expect("an action")).expect("a legal move");
    }
    let result = match pos.winners() {
        0b11 => 0,
        0b01 => 1,
        _ => -1,
    };
    (result, times, probed)
}

/// `pos` solved exactly on one thread.
fn solve(pos: &Position) -> Option<midgame::Solved> {
    midgame::solve(pos, &Limits { threads: 1, ..Limits::default() }, &mut || false).ok()
}

/// The solver's move from `n` empty cells on (from `known`, the position's solution, if
/// given), unless the position is lost: of the moves of the best value, the one the
/// evaluation (weights `w`) rates best for the mover.
fn solved_move(pos: &Position, n: u32, w: &Weights, known: Option<midgame::Solved>) -> Option<Move> {
    if pos.empty_count() > n {
        return None;
    }
    let solved = match known {
        Some(solved) => solved,
        None => solve(pos)?,
    };
    if solved.value < 0 {
        return None;
    }
    let after = |a: u16| {
        let mut child = *pos;
        child.play(Move::from_action(a).expect("an action")).expect("a legal move");
        if child.is_over() { i32::MAX } else { -child.score_with(w) }
    };
    let best = solved.moves.iter().filter(|m| m.1 == solved.value).map(|m| m.0).max_by_key(|&a| after(a))?;
    Move::from_action(best)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (a, b) = (parse(&args[0]), parse(&args[1]));
    let openings: u64 = args[2].parse().expect("a number of openings");
    let first: u64 = args.get(3).map(|s| s.parse().expect("a first opening")).unwrap_or(0);
    let (mut points, mut games) = (0.0, 0);
    let mut wdl = [0; 3];
    let mut times: Times = [(0.0, 0.0, 0); 2];
    let probe: Option<u32> = std::env::var("PROBE").ok().map(|v| v.parse().expect("PROBE: empty cells"));
    let only = std::env::var("ONLY").unwrap_or_default();
    // per A's colour, the games by White's probed value (won, drawn, lost, not reached) and
    // their result for A
    let mut probes: [[Vec<i32>; 4]; 2] = Default::default();
    for n in first..first + openings {
        let mut rng = Rng::new(1000 + n);
        let mut opening = Position::new();
        for _ in 0..2 {
            opening.play(opening.random_move(&mut rng)).unwrap();
        }
        for a_white in [true, false] {
            if (only == "white" && !a_white) || (only == "black" && a_white) {
                continue;
            }
            let (r, s, probed) = if a_white { play(opening, a, b, probe) } else { play(opening, b, a, probe) };
            let ra = if a_white { r } else { -r };
            let (ta, tb) = if a_white { (s[0], s[1]) } else { (s[1], s[0]) };
            let (sa, sb) = (ta.0, tb.0);
            add(&mut times[0], ta);
            add(&mut times[1], tb);
            wdl[(1 - ra) as usize] += 1;
            points += (ra as f64 + 1.0) / 2.0;
            games += 1;
            let at = probed.map_or(3, |v| (1 - v) as usize);
            probes[!a_white as usize][at].push(ra);
            let value = probed.map_or(String::new(), |v| format!(", White's value at the probe {v:+}"));
            println!("opening {n} A {}: {ra:+} (slowest A {sa:.2} s, B {sb:.2} s{value})", if a_white { "White" } else { "Black" });
        }
    }
    println!(
        "A {} v B {}: {}-{}-{} of {games}, A {:.1}%; slowest A {:.2} s, B {:.2} s; mean A {:.3} s, B {:.3} s",
        args[0],
        args[1],
        wdl[0],
        wdl[1],
        wdl[2],
        100.0 * points / games as f64,
        times[0].0,
        times[1].0,
        times[0].1 / times[0].2.max(1) as f64,
        times[1].1 / times[1].2.max(1) as f64
    );
    if probe.is_some() {
        for (colour, by_value) in ["White", "Black"].iter().zip(&probes) {
            let summary: Vec<String> = ["won", "drawn", "lost", "not reached"]
                .iter()
                .zip(by_value)
                .map(|(what, rs)| {
                    let wdl = |x: i32| rs.iter().filter(|&&r| r == x).count();
                    format!("{what} for White {} (A {}-{}-{})", rs.len(), wdl(1), wdl(0), wdl(-1))
                })
                .collect();
            println!("A as {colour}, at the probe: {}", summary.join(", "));
        }
    }
}
