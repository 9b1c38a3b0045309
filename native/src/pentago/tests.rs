//! The engine against a naive one written from RULES.md §2 (row-major bitboards, lines
//! checked one by one, rotations cell by cell), plus the facts of the rules.

use super::tables::LINES_ROW_MAJOR;
use super::*;

/// Row-major: a quarter turn of quadrant q, cell by cell.
fn naive_turn(board: u64, q: usize, clockwise: bool) -> u64 {
    let (r0, c0) = ((q / 2) * 3, (q % 2) * 3);
    let mut out = board;
    for r in 0..3 {
        for c in 0..3 {
            out &= !(1 << ((r0 + r) * 6 + c0 + c));
        }
    }
    for r in 0..3 {
        for c in 0..3 {
            if board >> ((r0 + r) * 6 + c0 + c) & 1 == 1 {
                let (nr, nc) = if clockwise { (c, 2 - r) } else { (2 - c, r) };
                out |= 1 << ((r0 + nr) * 6 + c0 + nc);
            }
        }
    }
    out
}

fn naive_five(board: u64) -> bool {
    for r in 0..6i32 {
        for c in 0..6i32 {
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                if (0..5).all(|i| {
                    let (rr, cc) = (r + i * dr, c + i * dc);
                    (0..6).contains(&rr) && (0..6).contains(&cc) && board >> (rr * 6 + cc) & 1 == 1
                }) {
                    return true;
                }
            }
        }
    }
    false
}

/// The naive legal moves as a sorted list of actions.
fn naive_moves(pos: &Position) -> Vec<Action> {
    if pos.is_over() {
        return vec![];
    }
    let [w, b] = pos.boards();
    let me = pos.current_player().unwrap();
    let mine = if me == 0 { w } else { b };
    let mut out = vec![];
    for cell in 0..36u16 {
        if (w | b) >> cell & 1 == 1 {
            continue;
        }
        if naive_five(mine | 1 << cell) {
            out.push(288 + cell);
        } else {
            out.extend((0..8).map(|r| cell * 8 + r));
        }
    }
    out.sort();
    out
}

/// The naive result of playing `action`: (white, black, winners or 0).
fn naive_play(pos: &Position, action: Action) -> (u64, u64, u8) {
    let [mut w, mut b] = pos.boards();
    let me = pos.current_player().unwrap();
    let mv = Move::from_action(action).unwrap();
    if me == 0 {
        w |= 1 << mv.cell;
    } else {
        b |= 1 << mv.cell;
    }
    let Some(t) = mv.twist else { return (w, b, 1 << me) };
    w = naive_turn(w, t.quadrant as usize, t.direction == 0);
    b = naive_turn(b, t.quadrant as usize, t.direction == 0);
    let winners = naive_five(w) as u8 | (naive_five(b) as u8) << 1;
    let full = (w | b) == (1 << 36) - 1;
    (w, b, if winners == 0 && full { 3 } else { winners })
}

#[test]
fn the_empty_board_has_288_moves_in_action_order() {
    let pos = Position::new();
    let moves = pos.legal_actions();
    assert_eq!(moves.len(), 288);
    assert_eq!(pos.num_legal(), 288);
    let mut sorted = moves.to_vec();
    sorted.sort();
    assert_eq!(sorted, (0..288).collect::<Vec<_>>());
    // quadrant by quadrant: TL's nine cells first (a1 b1 c1 a2 ...), each with 8 turns
    let cells: Vec<u16> = moves.iter().step_by(8).map(|a| a / 8).collect();
    assert_eq!(&cells[..10], &[0, 1, 2, 6, 7, 8, 12, 13, 14, 3]);
}

#[test]
fn perft_two_and_three() {
    fn perft(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        pos.legal_actions()
            .iter()
            .map(|&a| {
                let mut child = *pos;
                child.play(Move::from_action(a).unwrap()).unwrap();
                perft(&child, depth - 1)
            })
            .sum()
    }
    assert_eq!(perft(&Position::new(), 1), 288);
    assert_eq!(perft(&Position::new(), 2), 288 * 280);
    assert_eq!(perft(&Position::new(), 3), 288 * 280 * 272);
}

#[test]
fn rotations_as_seen_on_the_printed_board() {
    let mut pos = Position::new();
    pos.play(Move::from_action(0).unwrap()).unwrap(); // a1 TL cw: a1 goes to c1
    assert_eq!(pos.cell(2), Some(WHITE));
    assert_eq!(pos.cell(0), None);
    let d1_tr_ccw = Move { cell: 3, twist: Some(Twist { quadrant: 1, direction: 1 }) };
    assert_eq!(d1_tr_ccw.to_string(), "d1 TR ccw");
    pos.play(d1_tr_ccw).unwrap(); // d1 goes to d3
    assert_eq!(pos.cell(15), Some(BLACK));
}

#[test]
fn every_line_of_five_wins_and_four_marbles_do_not() {
    for line in LINES_ROW_MAJOR {
        assert!(naive_five(line));
        // White has four of the line, Black plays elsewhere; White places the fifth
        let cells: Vec<u32> = (0..36).filter(|c| line >> c & 1 == 1).collect();
        let four = line & !(1 << cells[2]);
        let black = 0;
        let pos = Position::from_boards(four, black, 0).unwrap();
        assert_eq!(pos.win_cells(), 1 << cells[2]);
        let moves = pos.legal_actions();
        assert_eq!(moves[0], 288 + cells[2] as Action, "the lone placement comes first");
        assert_eq!(moves.len(), 1 + 8 * 31);
        let mut won = pos;
        won.play(Move { cell: cells[2] as u8, twist: None }).unwrap();
        assert_eq!(won.winners(), 0b01);
        assert_eq!(Position::from_boards(line, 0, 1), Err(SetupError::Five));
    }
}

#[test]
fn illegal_moves_are_explained() {
    let mut pos = Position::from_text("WWWW../BBB.../B...../....../....../....../w").unwrap();
    let e1 = Move { cell: 4, twist: None };
    let e1_br_cw = Move { cell: 4, twist: Some(Twist { quadrant: 3, direction: 0 }) };
    let f6 = Move { cell: 35, twist: None };
    assert_eq!(
        pos.check(e1_br_cw).unwrap_err().to_string(),
        "placing on e1 makes five in a row: you win at once and do not rotate — play just 'e1'"
    );
    assert_eq!(pos.check(f6).unwrap_err().to_string(), "after placing on f6 you must rotate a quadrant, e.g. 'f6 TL cw'");
    assert_eq!(
        pos.check(Move { cell: 0, twist: e1_br_cw.twist }).unwrap_err().to_string(),
        "a1 is already taken: place on an empty cell"
    );
    pos.play(e1).unwrap();
    assert_eq!(pos.winners(), 0b01);
    assert_eq!(pos.check(f6), Err(IllegalMove::GameOver));
    assert!(pos.legal_actions().is_empty());
}

#[test]
fn a_turn_can_make_a_draw_or_hand_the_win_over() {
    let mut pos = Position::from_text("BBB.../...B.W/WWWB.W/....../....../....../w").unwrap();
    let a6_tr_cw = Move { cell: 30, twist: Some(Twist { quadrant: 1, direction: 0 }) };
    pos.play(a6_tr_cw).unwrap();
    assert_eq!(pos.winners(), 0b11, "both fives: a draw");
    let mut pos = Position::from_text("BBB.../...B../W..B../.W...W/..W.../....W./w").unwrap();
    pos.play(a6_tr_cw).unwrap();
    assert_eq!(pos.winners(), 0b10, "only the opponent's five: the opponent wins");
}

#[test]
fn a_full_board_without_five_is_a_draw() {
    let pos = Position::from_text("WWBBWW/BBWWBB/WWBBWW/BBWWBB/WWBBWW/BBWWB./b").unwrap();
    let moves = pos.legal_actions();
    assert!(moves.iter().all(|a| a % 8 == a % 8 && (a / 8 == 35 || *a == 288 + 35)));
    assert!(moves.iter().any(|&a| {
        let mut p = pos;
        p.play(Move::from_action(a).unwrap()).unwrap();
        p.winners() == 0b11
    }));
    let full = Position::from_text("WWBBWW/BBWWBB/WWBBWW/BBWWBB/WWBBWW/BBWWBB").unwrap();
    assert!(full.is_over() && full.winners() == 0b11);
}

#[test]
fn random_games_agree_with_the_naive_engine() {
    let mut rng = Rng::new(2024);
    let mut finished = [0u32; 4];
    for _ in 0..2000 {
        let mut pos = Position::new();
        while !pos.is_over() {
            let mut moves = pos.legal_actions().to_vec();
            assert_eq!(moves.len() as u32, pos.num_legal());
            let blocks = pos.quadrant_blocks().into_iter().enumerate().flat_map(|(q, b)| block_actions(q, b));
            assert_eq!(moves, pos.win_actions().chain(blocks).collect::<Vec<_>>(), "in order");
            moves.sort();
            assert_eq!(moves, naive_moves(&pos));
            let a = moves[rng.below(moves.len() as u32) as usize];
            let (w, b, winners) = naive_play(&pos, a);
            pos.play(Move::from_action(a).unwrap()).unwrap();
            assert_eq!(pos.boards(), [w, b]);
            assert_eq!(pos.winners(), winners);
        }
        finished[pos.winners() as usize] += 1;
    }
    assert!(finished[1] > 300 && finished[2] > 300 && finished[3] > 0, "{finished:?}");
}

#[test]
fn random_moves_are_legal_and_uniform() {
    let pos = Position::from_text("WWWW../BBB.../B...../....../....../....../w").unwrap();
    let legal = pos.legal_actions();
    let mut rng = Rng::new(5);
    let mut seen = vec![0u32; NUM_ACTIONS];
    for _ in 0..200_000 {
        let a = pos.random_move(&mut rng).action();
        seen[a as usize] += 1;
    }
    let expected = 200_000 / legal.len() as u32;
    for &a in legal.iter() {
        assert!(seen[a as usize] > expected * 3 / 4 && seen[a as usize] < expected * 5 / 4);
    }
    assert_eq!(seen.iter().filter(|&&n| n > 0).count(), legal.len());
}

#[test]
fn playouts_are_reproducible() {
    let a = Position::new().random_playouts(500, 7);
    assert_eq!(a, Position::new().random_playouts(500, 7));
    assert_eq!(a.wins[0] + a.wins[1] + a.draws, 500);
    assert!(a.plies >= 500 * 9);
    assert_ne!(a, Position::new().random_playouts(500, 8));
}

#[test]
fn nth_empty_goes_quadrant_by_quadrant() {
    let pos = Position::new();
    let order: Vec<u8> = (0..36).map(|n| pos.nth_empty(n).0).collect();
    assert_eq!(&order[..12], &[0, 1, 2, 6, 7, 8, 12, 13, 14, 3, 4, 5]);
}

#[test]
fn evaluation_and_keys() {
    let pos = Position::new();
    assert_eq!(pos.evaluate(0), 0.0);
    assert_eq!(pos.key(), 0);
    let pos = Position::from_text("W...../....../....../....../....../....../b").unwrap();
    // a1 lies on 3 lines: each worth 4 - 1 to White; none free for Black... all others 0
    assert_eq!(pos.open_lines(), (9, 0));
    assert_eq!(pos.evaluate(0), 9.0 / 10.0);
    assert_eq!(pos.key(), 1 | 1 << 60);
    let won = Position::from_text("WWWW../BBB.../B...../....../....../....../w").unwrap();
    assert_eq!(won.evaluate(0), 0.99);
    assert_eq!(won.evaluate(1), -0.99);
}

#[test]
fn actions_round_trip() {
    for a in 0..NUM_ACTIONS as Action {
        assert_eq!(Move::from_action(a).unwrap().action(), a);
    }
    assert_eq!(Move::from_action(NUM_ACTIONS as Action), None);
    assert_eq!(Move::from_action(3 * 8 + 3 * 2).unwrap().to_string(), "d1 BR cw");
}
