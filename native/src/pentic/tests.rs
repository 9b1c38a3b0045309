//! The engine against RULES.md §4: every scoring example, the deal, the endings, views and
//! determinizations, and a naive engine written from the rules text (cards as
//! (number, shape, colour), stacks as vectors, the pile a queue) played against the fast
//! one on thousands of random games.

use std::collections::VecDeque;

use super::*;

/// A card from its text, e.g. `3-star-orange`.
fn card(text: &str) -> Card {
    let parts: Vec<&str> = text.split('-').collect();
    let number: usize = parts[0].parse().unwrap();
    let shape = SHAPES.iter().position(|&s| s == parts[1]).unwrap();
    let colour = COLOURS.iter().position(|&c| c == parts[2]).unwrap();
    ((number - 1) * 25 + shape * 5 + colour) as Card
}

/// A full deck: the given grid positions (1–9; the others filled from the unused cards),
/// then the first hand starting with `first`, then the rest.
fn deck_with(grid: &[(usize, &str)], first: &str) -> Vec<Card> {
    let mut used: Vec<Card> = grid.iter().map(|&(_, c)| card(c)).collect();
    used.push(card(first));
    let mut rest: VecDeque<Card> = (0..NUM_CARDS as Card).filter(|c| !used.contains(c)).collect();
    let mut order = vec![];
    for p in 1..=9 {
        match grid.iter().find(|&&(q, _)| q == p) {
            Some(&(_, c)) => order.push(card(c)),
            None => order.push(rest.pop_front().unwrap()),
        }
    }
    order.push(card(first));
    order.extend(rest);
    order
}

/// The breakdown of `first` played on `position` over `grid` (a 2-player deal).
fn play_one(grid: &[(usize, &str)], first: &str, position: u8) -> Score {
    let mut state = State::deal(2, 250, &deck_with(grid, first)).unwrap();
    let score = state.play(Move { card: card(first), position }).unwrap();
    assert_eq!(state.plays()[0].score, score);
    assert_eq!(state.position.totals()[0], score.points as i32);
    score
}

#[test]
fn card_names_and_actions() {
    assert_eq!(card_name(0), "1-circle-violet");
    assert_eq!(card_name(124), "5-star-red");
    assert_eq!(card("3-star-orange"), 2 * 25 + 4 * 5 + 3);
    for a in 0..NUM_ACTIONS as Action {
        let mv = Move::from_action(a).unwrap();
        assert_eq!(mv.action(), a);
        assert_eq!(Move::new(mv.card as usize, mv.position as usize), Some(mv));
    }
    assert_eq!(Move::from_action(NUM_ACTIONS as Action), None);
    assert_eq!(Move::new(125, 1), None);
    assert_eq!(Move::new(3, 0), None);
    assert_eq!(Move { card: card("3-star-orange"), position: 5 }.to_string(), "3-star-orange@5");
}

#[test]
fn commonness_nic_single_tic() {
    let k = |a: &str, b: &str| tables::commonness(card(a), card(b));
    assert_eq!(k("3-star-orange", "3-star-red"), 2); // Tic
    assert_eq!(k("3-star-orange", "3-circle-violet"), 1); // Single
    assert_eq!(k("3-star-orange", "1-circle-violet"), 0); // Nic
}

#[test]
fn edge_tables() {
    assert_eq!(tables::SINGLE_POINTS, [0, 1, 2, 5, 8]);
    assert_eq!(tables::TIC_POINTS, [0, 2, 8, 15, 25]);
}

#[test]
fn example_one_centre_three_tics_one_single_single_underneath() {
    // RULES.md: centre play with 3 Tics + 1 Single, Single underneath: (15+1)×1 = 16
    let grid = [(2, "3-star-red"), (4, "3-circle-orange"), (6, "1-star-orange"), (8, "3-circle-violet"),
        (5, "1-square-orange")];
    let s = play_one(&grid, "3-star-orange", 5);
    assert_eq!((s.tics, s.singles, s.nics, s.underneath), (3, 1, 0, 1));
    assert_eq!((s.edge, s.multiplier, s.points), (16, 1, 16));
}

#[test]
fn example_two_two_tics_two_singles_tic_underneath() {
    // RULES.md: 2 Tics + 2 Singles with a Tic underneath: (8+2)×2 = 20
    let grid = [(2, "3-star-red"), (4, "3-circle-orange"), (6, "3-circle-violet"), (8, "1-square-orange"),
        (5, "3-star-cyan")];
    let s = play_one(&grid, "3-star-orange", 5);
    assert_eq!((s.tics, s.singles, s.underneath), (2, 2, 2));
    assert_eq!((s.edge, s.multiplier, s.points), (10, 2, 20));
}

#[test]
fn centre_pentic_plays() {
    // four Nics around the centre: 25; ×2 on a Tic; All-Nic (a Nic underneath): 25 × 3
    for (under, points, kind) in [("1-square-orange", 25, 1), ("3-star-cyan", 50, 2), ("1-circle-cyan", 75, 0)] {
        let grid = [(2, "1-circle-violet"), (4, "2-square-cyan"), (6, "4-triangle-yellow"),
            (8, "5-crescent-red"), (5, under)];
        let s = play_one(&grid, "3-star-orange", 5);
        assert!(s.pentic && s.nics == 4 && s.edge == 25);
        assert_eq!((s.underneath, s.points, s.all_nic), (kind, points, kind == 0));
    }
}

#[test]
fn four_nics_off_centre_score_nothing() {
    let grid = [(1, "1-circle-violet"), (3, "2-square-cyan"), (2, "4-triangle-yellow"), (5, "5-crescent-red")];
    let s = play_one(&grid, "3-star-orange", 2);
    assert_eq!((s.nics, s.points, s.pentic), (3, 0, false));
}

#[test]
fn extreme_bonuses_after_the_multiplier() {
    // 1-circle-violet on corner 1, two Tics around, a Tic underneath: 8 × 2 + 5 = 21
    let s = play_one(&[(2, "1-circle-red"), (4, "1-star-violet"), (1, "1-square-violet")], "1-circle-violet", 1);
    assert_eq!((s.tics, s.multiplier, s.bonus, s.points), (2, 2, 5, 21));
    // 5-star-red: two Singles on a corner, a Nic underneath: 2 × 1 + 10 = 12
    let s = play_one(&[(2, "5-circle-violet"), (4, "1-star-cyan"), (1, "2-square-yellow")], "5-star-red", 1);
    assert_eq!((s.singles, s.multiplier, s.bonus, s.points), (2, 1, 10, 12));
    // an Extreme card in an All-Nic centre play: 75 + 10
    let grid = [(2, "1-circle-violet"), (4, "2-square-cyan"), (6, "4-triangle-yellow"), (8, "3-crescent-orange"),
        (5, "1-triangle-cyan")];
    let s = play_one(&grid, "5-star-red", 5);
    assert!(s.all_nic);
    assert_eq!(s.points, 85);
}

#[test]
fn dealing_order_and_drawing() {
    let order: Vec<Card> = (0..NUM_CARDS as Card).collect();
    let mut state = State::deal(3, 250, &order).unwrap();
    let pos = state.position;
    assert_eq!(pos.tops(), &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(pos.hand(0), &[9, 10, 11, 12, 13]);
    assert_eq!(pos.hand(2), &[19, 20, 21, 22, 23]);
    assert_eq!(pos.pile_size(), 125 - 9 - 15);
    assert_eq!(pos.pile().unwrap()[0], 24);
    state.play(Move { card: 11, position: 5 }).unwrap();
    assert_eq!(state.position.hand(0), &[9, 10, 12, 13, 24], "the played card leaves, the draw comes last");
    assert_eq!(state.position.current_player(), Some(1));
    assert_eq!(state.position.tops()[4], 11);
    assert_eq!(state.stacks()[4], vec![4, 11]);
    assert_eq!(state.play(Move { card: 11, position: 5 }), Err(IllegalMove::NotInHand(11)));
    assert_eq!(IllegalMove::NotInHand(11).to_string(), "1-triangle-cyan is not in your hand");
    let actions = state.position.legal_actions().unwrap();
    assert_eq!(actions.len(), 45);
    assert_eq!(actions[0], 14 * 9);
    assert!(actions.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn bad_deals_are_refused() {
    let order: Vec<Card> = (0..NUM_CARDS as Card).collect();
    assert!(State::deal(5, 250, &order).is_err());
    assert!(State::deal(2, 0, &order).is_err());
    assert!(State::deal(2, 10_001, &order).is_err());
    let mut twice = order.clone();
    twice[3] = 4;
    assert_eq!(State::deal(2, 250, &twice).unwrap_err().to_string(), "a deck lists each of the 125 cards exactly once");
    assert!(State::deal(2, 250, &order[1..]).is_err());
}

// ------------------------------------------------------------------------- naive engine

/// A Pentic game written from RULES.md §4 with no tables and no bit tricks.
#[derive(Clone, Debug)]
struct Naive {
    players: usize,
    target: i32,
    stacks: Vec<Vec<Card>>,
    hands: Vec<Vec<Card>>,
    pile: VecDeque<Card>,
    totals: Vec<i32>,
    turns: Vec<u16>,
    to_move: usize,
    ending: bool,
    over: bool,
}

fn properties(c: Card) -> [usize; 3] {
    let c = c as usize;
    [c / 25, c / 5 % 5, c % 5]
}

fn shared(a: Card, b: Card) -> usize {
    let (x, y) = (properties(a), properties(b));
    (0..3).filter(|&i| x[i] == y[i]).count()
}

/// (Singles, Tics, Nics, underneath, points) of `c` played on position 1–9.
fn naive_score(tops: &[Card], c: Card, position: usize) -> (u8, u8, u8, u8, u16) {
    let (r, col) = ((position - 1) / 3, (position - 1) % 3);
    let (mut s, mut t, mut n) = (0, 0, 0);
    for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (rr, cc) = (r as i32 + dr, col as i32 + dc);
        if (0..3).contains(&rr) && (0..3).contains(&cc) {
            match shared(c, tops[(rr * 3 + cc) as usize]) {
                0 => n += 1,
                1 => s += 1,
                _ => t += 1,
            }
        }
    }
    let under = shared(c, tops[position - 1]);
    let pentic = position == 5 && n == 4;
    let edge = if pentic { 25 } else { [0, 1, 2, 5, 8][s] + [0, 2, 8, 15, 25][t] };
    let multiplier = if pentic && under == 0 { 3 } else if under == 2 { 2 } else { 1 };
    let bonus = if card_name(c) == "1-circle-violet" {
        5
    } else if card_name(c) == "5-star-red" {
        10
    } else {
        0
    };
    (s as u8, t as u8, n as u8, under as u8, edge * multiplier + bonus)
}

impl Naive {
    fn deal(players: usize, target: i32, order: &[Card]) -> Naive {
        let mut cards: VecDeque<Card> = order.iter().copied().collect();
        let stacks = (0..9).map(|_| vec![cards.pop_front().unwrap()]).collect();
        let hands = (0..players).map(|_| (0..5).map(|_| cards.pop_front().unwrap()).collect()).collect();
        Naive {
            players,
            target,
            stacks,
            hands,
            pile: cards,
            totals: vec![0; players],
            turns: vec![0; players],
            to_move: 0,
            ending: false,
            over: false,
        }
    }

    fn tops(&self) -> Vec<Card> {
        self.stacks.iter().map(|s| *s.last().unwrap()).collect()
    }

    fn legal(&self) -> Vec<Action> {
        if self.over {
            return vec![];
        }
        let mut hand = self.hands[self.to_move].clone();
        hand.sort();
        hand.iter().flat_map(|&c| (1..=9).map(move |p| Move { card: c, position: p }.action())).collect()
    }

    fn play(&mut self, mv: Move) -> (u8, u8, u8, u8, u16) {
        let seat = self.to_move;
        let score = naive_score(&self.tops(), mv.card, mv.position as usize);
        let i = self.hands[seat].iter().position(|&c| c == mv.card).unwrap();
        self.hands[seat].remove(i);
        self.stacks[mv.position as usize - 1].push(mv.card);
        self.totals[seat] += score.4 as i32;
        self.turns[seat] += 1;
        if let Some(c) = self.pile.pop_front() {
            self.hands[seat].push(c);
        }
        if self.totals[seat] >= self.target {
            self.ending = true;
        }
        // the next seat that holds a card; a seat without one makes this round the last;
        // the game ends when a last round is complete
        let mut next = seat + 1;
        loop {
            if next == self.players {
                if self.ending {
                    self.over = true;
                    return score;
                }
                next = 0;
            }
            if !self.hands[next].is_empty() {
                self.to_move = next;
                return score;
            }
            self.ending = true;
            next += 1;
        }
    }

    fn winners(&self) -> u8 {
        if !self.over {
            return 0;
        }
        let best = *self.totals.iter().max().unwrap();
        (0..self.players).filter(|&s| self.totals[s] == best).fold(0, |w, s| w | 1 << s)
    }
}

fn shuffled(rng: &mut Rng) -> Vec<Card> {
    let mut order: Vec<Card> = (0..NUM_CARDS as Card).collect();
    for i in (1..NUM_CARDS).rev() {
        order.swap(i, rng.below(i as u32 + 1) as usize);
    }
    order
}

fn same(state: &State, naive: &Naive, at: &str) {
    let pos = &state.position;
    assert_eq!(pos.is_over(), naive.over, "{at}");
    assert_eq!(pos.current_player(), (!naive.over).then_some(naive.to_move), "{at}");
    assert_eq!(pos.ending(), naive.ending, "{at}");
    assert_eq!(pos.legal_actions().unwrap().to_vec(), naive.legal(), "{at}");
    assert_eq!(pos.totals(), &naive.totals[..], "{at}");
    assert_eq!(pos.turns(), &naive.turns[..], "{at}");
    assert_eq!(pos.winners(), naive.winners(), "{at}");
    assert_eq!(pos.pile().unwrap(), &naive.pile.iter().copied().collect::<Vec<_>>()[..], "{at}");
    assert_eq!(pos.tops().to_vec(), naive.tops(), "{at}");
    for s in 0..naive.players {
        assert_eq!(pos.hand(s), &naive.hands[s][..], "{at}");
    }
    assert_eq!(state.stacks().to_vec(), naive.stacks, "{at}");
}

#[test]
fn random_games_agree_with_the_naive_engine() {
    let mut rng = Rng::new(2024);
    let mut plies = 0;
    let mut target_endings = 0;
    for game in 0..3000 {
        let players = 2 + game % 3;
        let target = [250, 100, 40, 1, 10_000][game % 5];
        let order = shuffled(&mut rng);
        let mut state = State::deal(players, target, &order).unwrap();
        let mut naive = Naive::deal(players, target as i32, &order);
        loop {
            let at = format!("game {game}, ply {plies}");
            same(&state, &naive, &at);
            if naive.over {
                break;
            }
            let legal = naive.legal();
            // the best play sometimes, a random one otherwise
            let action = if rng.below(4) == 0 {
                let tops = naive.tops();
                let best = legal.iter().copied().max_by_key(|&a| {
                    let mv = Move::from_action(a).unwrap();
                    (naive_score(&tops, mv.card, mv.position as usize).4, std::cmp::Reverse(a))
                });
                assert_eq!(state.position.best_action(), Ok(best.unwrap()), "{at}");
                best.unwrap()
            } else {
                legal[rng.below(legal.len() as u32) as usize]
            };
            let mv = Move::from_action(action).unwrap();
            let (s, t, n, under, points) = naive.play(mv);
            let score = state.play(mv).unwrap();
            assert_eq!((score.singles, score.tics, score.nics, score.underneath, score.points), (s, t, n, under, points), "{at}");
            plies += 1;
        }
        let turns = state.position.turns();
        if state.position.totals().iter().any(|&t| t >= target as i32) && state.position.pile_size() > 0 {
            target_endings += 1;
            // the round was finished: everybody had the same number of turns
            assert!(turns.iter().all(|&t| t == turns[0]), "game {game}: {turns:?}");
        }
        assert!(turns.iter().max().unwrap() - turns.iter().min().unwrap() <= 1);
    }
    assert!(plies > 3000 * 30 && target_endings > 500, "{plies} {target_endings}");
}

#[test]
fn target_finishes_the_round_with_equal_turns() {
    for players in 2..=4 {
        for seed in 0..50 {
            let order = shuffled(&mut Rng::new(seed));
            let mut pos = Position::deal(players, 30, &order).unwrap();
            let mut reached_at = None;
            let mut plies = 0;
            while !pos.is_over() {
                pos.play(Move::from_action(pos.best_action().unwrap()).unwrap()).unwrap();
                plies += 1;
                if reached_at.is_none() && pos.totals().iter().any(|&t| t >= 30) {
                    reached_at = Some(plies);
                }
            }
            assert!(pos.turns().iter().all(|&t| t == pos.turns()[0]));
            assert!(plies - reached_at.unwrap() < players);
        }
    }
}

#[test]
fn empty_pile_ends_at_the_end_of_that_round() {
    let order = shuffled(&mut Rng::new(3));
    let mut pos = Position::deal(3, 10_000, &order).unwrap();
    let mut rng = Rng::new(3);
    while !pos.is_over() {
        let legal = pos.legal_actions().unwrap();
        pos.play(Move::from_action(legal[rng.below(legal.len() as u32) as usize]).unwrap()).unwrap();
    }
    assert_eq!(pos.pile_size(), 0);
    assert!((0..3).any(|s| pos.hand(s).is_empty()));
    let turns = pos.turns();
    assert!(turns.iter().max().unwrap() - turns.iter().min().unwrap() <= 1);
    // the pile's last card is drawn at play 101 by seat 1; then seats 2, 0, 1 play their
    // five cards each, seat 2 empties first and the round ends with seats 0 and 1 playing
    // their last ones: every card is played
    assert_eq!(turns.iter().map(|&t| t as usize).sum::<usize>(), 116);
    assert!((0..3).all(|s| pos.hand(s).is_empty()));
    assert_ne!(pos.winners(), 0);
}

#[test]
fn views_hide_and_determinizations_deal_the_unseen_cards() {
    let order = shuffled(&mut Rng::new(9));
    let mut state = State::deal(3, 250, &order).unwrap();
    for _ in 0..7 {
        let a = state.position.best_action().unwrap();
        state.play(Move::from_action(a).unwrap()).unwrap();
    }
    let me = state.position.current_player().unwrap();
    let view = state.view(Some(me)).unwrap();
    assert!(view.position.is_view() && view.position.pile().is_none());
    assert_eq!(view.position.hand(me), state.position.hand(me));
    for s in (0..3).filter(|&s| s != me) {
        assert!(view.position.hand(s).iter().all(|&c| c == UNKNOWN));
        assert_eq!(view.position.hand(s).len(), state.position.hand(s).len());
    }
    assert_eq!(view.position.legal_actions().unwrap().to_vec(), state.position.legal_actions().unwrap().to_vec());
    assert_eq!(view.view(Some(me)).unwrap(), view);
    assert_eq!(view.view(None).unwrap_err().to_string(), "a view can only be narrowed to its own seat");
    assert_eq!(state.view(Some(3)).unwrap_err().to_string(), "seat must be between 0 and 2");
    let spectator = state.view(None).unwrap();
    assert_eq!(spectator.position.legal_actions().unwrap_err(), IllegalMove::UnknownHand);
    let theirs = Move { card: state.position.hand(me)[0], position: 1 };
    assert_eq!(spectator.clone().play(theirs), Err(IllegalMove::UnknownHand), "maybe the unseen card");
    let mut mine = view.clone();
    mine.play(theirs).unwrap();
    assert!(mine.position.hand(me).ends_with(&[UNKNOWN]), "the draw stays unseen");
    assert_eq!(spectator.position.unseen().count_ones() as usize, 15 + state.position.pile_size());

    let mut rng = Rng::new(1);
    let mut piles = std::collections::HashSet::new();
    for _ in 0..20 {
        let full = view.determinize(&mut rng);
        let pos = &full.position;
        assert!(!pos.is_view());
        assert_eq!(pos.hand(me), state.position.hand(me));
        let mut all: Vec<Card> = full.stacks().iter().flatten().copied().collect();
        for s in 0..3 {
            all.extend(pos.hand(s));
        }
        all.extend(pos.pile().unwrap());
        all.sort();
        assert_eq!(all, (0..NUM_CARDS as Card).collect::<Vec<_>>());
        piles.insert(pos.pile().unwrap().to_vec());
        // the same deal through an explicit order
        let mut order = vec![];
        for s in 0..3 {
            if s != me {
                order.extend(pos.hand(s));
            }
        }
        order.extend(pos.pile().unwrap());
        assert_eq!(view.determinize_with(&order).unwrap(), full);
    }
    assert_eq!(piles.len(), 20);
    assert!(view.determinize_with(&[1, 2, 3]).is_err());
    // playing on a view: the viewer's draw is unknown
    let mut v = view.clone();
    let a = v.position.best_action().unwrap();
    v.play(Move::from_action(a).unwrap()).unwrap();
    assert_eq!(*v.position.hand(me).last().unwrap(), UNKNOWN);
    assert_eq!(v.position.unseen(), view.position.unseen() & !(1u128 << Move::from_action(a).unwrap().card));
}

#[test]
fn views_rebuilt_from_their_parts() {
    let order = shuffled(&mut Rng::new(4));
    let mut state = State::deal(2, 250, &order).unwrap();
    for _ in 0..5 {
        let a = state.position.best_action().unwrap();
        state.play(Move::from_action(a).unwrap()).unwrap();
    }
    let view = state.view(Some(1)).unwrap();
    let pos = &view.position;
    let parts = ViewParts {
        players: 2,
        target: 250,
        viewer: Some(1),
        stacks: view.stacks().to_vec(),
        hands: (0..2).map(|s| pos.hand(s).to_vec()).collect(),
        pile_size: pos.pile_size(),
        totals: pos.totals().iter().map(|&t| t as i64).collect(),
        turns: pos.turns().iter().map(|&t| t as i64).collect(),
        plays: view.plays().to_vec(),
        ending: pos.ending(),
        to_move: pos.current_player(),
    };
    let again = State::from_view(&parts).unwrap();
    assert_eq!(again.position.legal_actions().unwrap().to_vec(), pos.legal_actions().unwrap().to_vec());
    assert_eq!(again.position.unseen(), pos.unseen());
    assert_eq!(again.stacks(), view.stacks());
    assert_eq!(again.plays(), view.plays());
    let mut broken = parts.clone();
    broken.pile_size += 1;
    assert!(State::from_view(&broken).is_err());
    let mut broken = parts.clone();
    broken.hands[0][0] = 3;
    assert!(State::from_view(&broken).is_err());
    let mut broken = parts;
    let dup = broken.stacks[1][0];
    broken.stacks[0].push(dup);
    assert!(State::from_view(&broken).is_err());
}

#[test]
fn playouts_are_reproducible_and_cover_the_seats() {
    let order = shuffled(&mut Rng::new(5));
    for players in 2..=4 {
        let pos = Position::deal(players, 250, &order).unwrap();
        let a = pos.random_playouts(500, 7);
        assert_eq!(a, pos.random_playouts(500, 7));
        assert_ne!(a, pos.random_playouts(500, 8));
        let games: u64 = a.wins.iter().sum::<u64>() + a.draws;
        assert_eq!(games, 500);
        assert!(a.wins[..players].iter().all(|&w| w > 0));
        assert!((a.returns.iter().sum::<f64>() - 500.0).abs() < 1e-9);
        assert!(a.plies >= 500 * 100);
        let g = pos.policy_playouts(500, 7, None);
        assert_eq!(g.wins.iter().sum::<u64>() + g.draws, 500);
        let cut = pos.policy_playouts(100, 7, Some(4));
        assert_eq!((cut.cutoffs, cut.plies), (100, 400));
        // from views: a fresh determinization each game
        let view = pos.view(Some(0)).unwrap();
        let v = view.random_playouts(300, 1);
        assert_eq!(v.wins.iter().sum::<u64>() + v.draws, 300);
        assert_eq!(v, view.random_playouts(300, 1));
    }
}

#[test]
fn greedy_playouts_beat_random_ones() {
    // seat 0 greedy against seat 1 greedy is even; the greedy policy scores more per move
    let order = shuffled(&mut Rng::new(6));
    let pos = Position::deal(2, 10_000, &order).unwrap();
    let mut rng = Rng::new(1);
    let (mut greedy, mut random) = (0i64, 0i64);
    for _ in 0..200 {
        let mut p = pos;
        let mut q = pos;
        while !p.is_over() {
            let (slot, index, pts) = p.policy_move(Policy::Greedy, &mut rng);
            p.lay(slot, index, pts as i32);
        }
        while !q.is_over() {
            let (slot, index, pts) = q.policy_move(Policy::Random, &mut rng);
            q.lay(slot, index, pts as i32);
        }
        greedy += p.totals().iter().map(|&t| t as i64).sum::<i64>();
        random += q.totals().iter().map(|&t| t as i64).sum::<i64>();
    }
    assert!(greedy > 2 * random, "{greedy} {random}");
}

#[test]
fn a_playout_signature() {
    // a regression signature: the same seed plays the same games on every platform
    let order: Vec<Card> = (0..NUM_CARDS as Card).rev().collect();
    let pos = Position::deal(2, 250, &order).unwrap();
    let r = pos.random_playouts(1000, 42);
    let g = pos.policy_playouts(1000, 42, None);
    assert_eq!((r.wins, r.draws, r.plies), ([457, 539, 0, 0], 4, 109_798));
    assert_eq!((g.wins, g.draws, g.plies), ([589, 406, 0, 0], 5, 33_610));
}

#[test]
fn evaluate_and_rewards() {
    let order: Vec<Card> = (0..NUM_CARDS as Card).collect();
    let mut pos = Position::deal(3, 100, &order).unwrap();
    pos.totals = [30, 10, 50, 0];
    assert_eq!(pos.evaluate(0), -0.2);
    assert_eq!(pos.evaluate(2), 0.2);
    pos.over = true;
    pos.totals = [50, 10, 50, 0];
    assert_eq!(pos.winners(), 0b101);
    assert_eq!((pos.evaluate(0), pos.evaluate(1)), (0.0, -1.0));
    assert_eq!(pos.rewards(), [0.5, 0.0, 0.5, 0.0]);
}
