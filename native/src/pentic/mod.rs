//! Pentic (RULES.md §4): the 125 TIC cards played onto a 3×3 grid of stacks, with hidden
//! hands.
//!
//! A card is `(number - 1) * 25 + shape * 5 + colour` (0..125), the same numbering as the
//! Python package.  Grid positions are 1–9 in reading order; inside the engine a position
//! is its *index* 0..9.  A move is a card and a position; its dense action id is
//! `card * 9 + (position - 1)` (0..1125), so the legal moves — every card of the hand,
//! lowest card first, on positions 1 to 9 — are in increasing action order.
//!
//! [`Position`] is everything play needs (`Copy`, no heap): the top card of each stack, the
//! hands in the order the Python engine keeps them (a played card leaves its place, the
//! drawn card goes last), the pile (its order is known in a full state, only its size in a
//! view), the totals, the turns and the end-of-game flags.  [`State`] adds what the
//! record needs: every card laid on the grid and the breakdown of every play.
//!
//! Hidden information: a [`Viewer`] says whose knowledge a position holds.  A view's unknown
//! cards are [`UNKNOWN`]; [`Position::determinize`] deals the cards the view does not
//! place (neither on the grid nor in a known hand) into the unknown hand slots and the pile.

pub mod ismcts;
pub mod observation;
pub mod tables;

use std::fmt;

use crate::rng::Rng;
use tables::{
    BONUS, COMMON, DEGREE, EDGE, HAS_ABOVE, HAS_BELOW, HAS_LEFT, HAS_RIGHT, LANE_POINTS, NEIGHBOURS,
    NEIGHBOUR_LIST, POINTS, POP9, SPREAD7,
};

/// A card, 0..125 (see the module doc), or [`UNKNOWN`].
pub type Card = u8;
/// A dense move id: `card * 9 + position - 1`.
pub type Action = u16;

pub const NUM_CARDS: usize = 125;
/// Grid positions (stacks).
pub const POSITIONS: usize = 9;
pub const NUM_ACTIONS: usize = NUM_CARDS * POSITIONS;
/// Cards dealt to each hand; a hand never holds more.
pub const HAND: usize = 5;
pub const MAX_PLAYERS: usize = 4;
/// A card this position does not know (another seat's hand, a view's own draw).
pub const UNKNOWN: Card = u8::MAX;
/// The centre's index (position 5).
pub const CENTRE: usize = 4;
/// The edge score of a Pentic play: the centre with four Nics around.
pub const PENTIC: u8 = 25;
/// The longest pile (and the most plays a game can have): every card but the grid's.
pub const MAX_PILE: usize = NUM_CARDS - POSITIONS;
pub const MAX_PLAYS: usize = NUM_CARDS - POSITIONS;
/// The most legal moves: a full hand on every position.
pub const MAX_MOVES: usize = HAND * POSITIONS;
pub const MAX_TARGET: u32 = 10_000;
/// How often a policy playout plays the best-scoring move (else a random one), as the
/// Python AI's `playout_move` does: `random() < 0.85`.
pub const GREEDY_SHARE: f64 = 0.85;
/// `GREEDY_SHARE` against the 53 random bits of a float in 0..1.
const GREEDY_BELOW: u64 = (GREEDY_SHARE * (1u64 << 53) as f64) as u64;

pub const SHAPES: [&str; 5] = ["circle", "crescent", "triangle", "square", "star"];
pub const COLOURS: [&str; 5] = ["violet", "cyan", "yellow", "orange", "red"];
/// The names of a play's underneath commonness.
pub const UNDERNEATH: [&str; 3] = ["nic", "single", "tic"];

/// A card's text, e.g. `3-star-orange`.
pub fn card_name(card: Card) -> String {
    let c = card as usize;
    format!("{}-{}-{}", c / 25 + 1, SHAPES[c / 5 % 5], COLOURS[c % 5])
}

/// A play: a card onto a grid position (1..=9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub card: Card,
    pub position: u8,
}

impl Move {
    /// The move of an action id, or None when `action >= NUM_ACTIONS`.
    pub fn from_action(action: Action) -> Option<Move> {
        let a = action as usize;
        (a < NUM_ACTIONS).then(|| Move { card: (a / POSITIONS) as Card, position: (a % POSITIONS + 1) as u8 })
    }

    /// A move from a card and a position, if both exist.
    pub fn new(card: usize, position: usize) -> Option<Move> {
        (card < NUM_CARDS && (1..=POSITIONS).contains(&position))
            .then_some(Move { card: card as Card, position: position as u8 })
    }

    pub fn action(self) -> Action {
        self.card as Action * POSITIONS as Action + self.position as Action - 1
    }
}

impl fmt::Display for Move {
    /// The move text, e.g. `3-star-orange@5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", card_name(self.card), self.position)
    }
}

/// The breakdown of one play (RULES.md §4 "Scoring one play").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Score {
    pub singles: u8,
    pub tics: u8,
    pub nics: u8,
    /// The edge score: Singles' and Tics' points, or 25 for a Pentic play.
    pub edge: u8,
    /// The commonness with the covered card: 0 Nic, 1 Single, 2 Tic ([`UNDERNEATH`]).
    pub underneath: u8,
    pub multiplier: u8,
    /// The Extreme bonus, added after the multiplier.
    pub bonus: u8,
    pub points: u16,
    /// The centre with four Nics around.
    pub pentic: bool,
    /// A Pentic play on a Nic: 25 × 3.
    pub all_nic: bool,
}

/// The breakdown of `card` played on grid index `index` (position - 1), given the top card
/// of every stack.
pub fn score_play(card: Card, index: usize, tops: &[Card; POSITIONS]) -> Score {
    let row = &COMMON[card as usize];
    let (mut singles, mut tics, mut nics) = (0u8, 0u8, 0u8);
    for &n in &NEIGHBOUR_LIST[index][..DEGREE[index] as usize] {
        match row[tops[n as usize] as usize] {
            2 => tics += 1,
            1 => singles += 1,
            _ => nics += 1,
        }
    }
    let underneath = row[tops[index] as usize].min(2);
    let pentic = index == CENTRE && nics == 4;
    let edge = if pentic { PENTIC } else { EDGE[singles as usize][tics as usize] };
    let all_nic = pentic && underneath == 0;
    let multiplier = if all_nic { 3 } else if underneath == 2 { 2 } else { 1 };
    let bonus = BONUS[card as usize];
    let points = edge as u16 * multiplier as u16 + bonus as u16;
    Score { singles, tics, nics, edge, underneath, multiplier, bonus, points, pentic, all_nic }
}

/// The points of `card` on grid index `index`, without the breakdown (the same number as
/// `score_play(..).points`).
pub fn points(card: Card, index: usize, tops: &[Card; POSITIONS]) -> u32 {
    let row = &COMMON[card as usize];
    let (mut singles, mut tics) = (0usize, 0usize);
    for &n in &NEIGHBOUR_LIST[index][..DEGREE[index] as usize] {
        let k = row[tops[n as usize] as usize];
        singles += (k == 1) as usize;
        tics += (k == 2) as usize;
    }
    let under = row[tops[index] as usize].min(2) as usize;
    POINTS[index][singles][tics][under] as u32 + BONUS[card as usize] as u32
}

/// Whose knowledge a position holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A full state: every card is known.
    All,
    /// A spectator's view: no hand and not the pile's order.
    Spectator,
    /// A seat's view: its own hand, not the others' nor the pile's order.
    Seat(u8),
}

/// Why a move cannot be played; `Display` gives the sentence shown to a person (the same
/// words as the Python engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    NotInHand(Card),
    /// A view that does not know the hand of the player to move cannot list its moves.
    UnknownHand,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => write!(f, "the game is over: no more moves can be played"),
            IllegalMove::NotInHand(c) => write!(f, "{} is not in your hand", card_name(c)),
            IllegalMove::UnknownHand => {
                write!(f, "this view does not know the hand of the player to move")
            }
        }
    }
}

/// Why a deal, a view or a determinization is refused (the sentence says why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn setup_error<T>(text: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(text.into()))
}

/// A set of cards as a 125-bit mask.
pub type CardSet = u128;
const ALL_CARDS: CardSet = (1 << NUM_CARDS) - 1;

/// The legal moves of a position, in order, without allocating.
#[derive(Clone, Debug)]
pub struct MoveList {
    len: usize,
    actions: [Action; MAX_MOVES],
}

impl MoveList {
    fn new() -> MoveList {
        MoveList { len: 0, actions: [0; MAX_MOVES] }
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        &self.actions[..self.len]
    }
}

/// What a batch of playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Games each seat won alone.
    pub wins: [u64; MAX_PLAYERS],
    /// Games that ended with several seats sharing the best total.
    pub draws: u64,
    /// Playouts stopped at the depth limit before the end (policy playouts only).
    pub cutoffs: u64,
    /// Moves played, all games together.
    pub plies: u64,
    /// Each seat's rewards, summed: a finished game gives each winner 1/(number of
    /// winners), a cut-off one `0.5 + 0.5·tanh(2·evaluate(seat))` (what the information-set
    /// search scores a cut-off playout with).
    pub returns: [f64; MAX_PLAYERS],
}

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly among the legal moves (a random card of the hand, a random position).
    Random,
    /// The best immediate score with probability [`GREEDY_SHARE`] (ties: the first in
    /// legal order), else a random move: the Python AI's `playout_move`.
    Greedy,
}

/// A Pentic position: what play needs (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    tops: [Card; POSITIONS],
    /// Per property value (numbers 1–5, then the shapes, then the colours), the 9-bit mask
    /// of the positions whose top card has it: a card's Singles and Tics with every top
    /// at once are three look-ups and a few bit operations ([`Position::matches`]).
    props: [u16; 15],
    /// Every card laid on the grid (tops and covered ones).
    on_grid: CardSet,
    hands: [[Card; HAND]; MAX_PLAYERS],
    hand_len: [u8; MAX_PLAYERS],
    /// The pile, drawn from `pile[pile_next]`; meaningful only when `pile_known`.
    pile: [Card; MAX_PILE],
    pile_next: u8,
    pile_size: u8,
    pile_known: bool,
    totals: [i32; MAX_PLAYERS],
    turns: [u16; MAX_PLAYERS],
    players: u8,
    target: u32,
    to_move: u8,
    /// The current round is the last one.
    ending: bool,
    over: bool,
    viewer: Viewer,
}

impl Position {
    /// Deal `order` (all 125 cards): the first 9 to positions 1–9, then 5 to each seat in
    /// seat order, the rest is the pile, drawn from its front.
    pub fn deal(players: usize, target: u32, order: &[Card]) -> Result<Position, SetupError> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return setup_error(format!("Pentic is for 1 to {MAX_PLAYERS} players"));
        }
        if !(1..=MAX_TARGET).contains(&target) {
            return setup_error("target must be between 1 and 10000 points");
        }
        let mut seen: CardSet = 0;
        for &c in order {
            if (c as usize) < NUM_CARDS {
                seen |= 1 << c;
            }
        }
        if order.len() != NUM_CARDS || seen != ALL_CARDS {
            return setup_error("a deck lists each of the 125 cards exactly once");
        }
        let mut pos = Position {
            tops: [0; POSITIONS],
            props: [0; 15],
            on_grid: 0,
            hands: [[UNKNOWN; HAND]; MAX_PLAYERS],
            hand_len: [0; MAX_PLAYERS],
            pile: [UNKNOWN; MAX_PILE],
            pile_next: 0,
            pile_size: 0,
            pile_known: true,
            totals: [0; MAX_PLAYERS],
            turns: [0; MAX_PLAYERS],
            players: players as u8,
            target,
            to_move: 0,
            ending: false,
            over: false,
            viewer: Viewer::All,
        };
        let mut tops = [0; POSITIONS];
        tops.copy_from_slice(&order[..POSITIONS]);
        pos.set_tops(tops);
        for &c in &tops {
            pos.on_grid |= 1 << c;
        }
        let mut k = POSITIONS;
        for s in 0..players {
            pos.hands[s].copy_from_slice(&order[k..k + HAND]);
            pos.hand_len[s] = HAND as u8;
            k += HAND;
        }
        let rest = &order[k..];
        pos.pile[..rest.len()].copy_from_slice(rest);
        pos.pile_size = rest.len() as u8;
        Ok(pos)
    }

    /// Set the top cards (a deal, a view read back) and their property masks.
    fn set_tops(&mut self, tops: [Card; POSITIONS]) {
        self.tops = tops;
        self.props = [0; 15];
        for (i, &c) in tops.iter().enumerate() {
            let c = c as usize;
            self.props[c / 25] |= 1 << i;
            self.props[5 + c / 5 % 5] |= 1 << i;
            self.props[10 + c % 5] |= 1 << i;
        }
    }

    /// Put `card` on top of the stack at grid index `index`.
    #[inline]
    fn set_top(&mut self, index: usize, card: Card) {
        let old = self.tops[index] as usize;
        let bit = 1u16 << index;
        self.props[old / 25] &= !bit;
        self.props[5 + old / 5 % 5] &= !bit;
        self.props[10 + old % 5] &= !bit;
        let c = card as usize;
        self.props[c / 25] |= bit;
        self.props[5 + c / 5 % 5] |= bit;
        self.props[10 + c % 5] |= bit;
        self.tops[index] = card;
    }

    /// The 9-bit masks of the positions whose top shares exactly one property with `card`
    /// (a Single) and exactly two (a Tic); never three: every card is unique.
    #[inline]
    fn matches(&self, card: Card) -> (usize, usize) {
        let c = card as usize;
        let (n, s, k) = (self.props[c / 25], self.props[5 + c / 5 % 5], self.props[10 + c % 5]);
        ((n ^ s ^ k) as usize, (n & s | n & k | s & k) as usize)
    }

    /// The points `card` would score on grid index `index` (= `score_play(..).points`).
    #[inline]
    fn points_at(&self, card: Card, index: usize, single: usize, tic: usize) -> u32 {
        let nb = NEIGHBOURS[index] as usize;
        let under = (single >> index & 1) | (tic >> index & 1) << 1;
        POINTS[index][POP9[single & nb] as usize][POP9[tic & nb] as usize][under] as u32
            + BONUS[card as usize] as u32
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The current round is the last one (someone reached the target, or a seat ran out
    /// of cards).
    pub fn ending(&self) -> bool {
        self.ending
    }

    /// The seat to move, or None when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        (!self.over).then_some(self.to_move as usize)
    }

    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    pub fn is_view(&self) -> bool {
        self.viewer != Viewer::All
    }

    /// The top card of each stack (positions 1–9).
    pub fn tops(&self) -> &[Card; POSITIONS] {
        &self.tops
    }

    /// `seat`'s hand, in the order it is kept (UNKNOWN where this position does not know).
    pub fn hand(&self, seat: usize) -> &[Card] {
        &self.hands[seat][..self.hand_len[seat] as usize]
    }

    /// The pile in drawing order, or None in a view.
    pub fn pile(&self) -> Option<&[Card]> {
        let start = self.pile_next as usize;
        self.pile_known.then(|| &self.pile[start..start + self.pile_size as usize])
    }

    pub fn pile_size(&self) -> usize {
        self.pile_size as usize
    }

    pub fn totals(&self) -> &[i32] {
        &self.totals[..self.players as usize]
    }

    pub fn turns(&self) -> &[u16] {
        &self.turns[..self.players as usize]
    }

    /// Bit s set when seat s has the best total of a finished game; 0 while it goes on.
    pub fn winners(&self) -> u8 {
        if !self.over {
            return 0;
        }
        let totals = self.totals();
        let best = totals.iter().copied().max().unwrap_or(0);
        totals.iter().enumerate().filter(|&(_, &t)| t == best).fold(0, |w, (s, _)| w | 1 << s)
    }

    /// The heuristic value for `seat`: a finished game's reward (1 for a sole winner,
    /// `2/k - 1` for each of k sharing winners, -1 for the others); otherwise the lead over
    /// the best other total, relative to the target.
    pub fn evaluate(&self, seat: usize) -> f64 {
        if self.over {
            let w = self.winners();
            return if w >> seat & 1 == 1 { 1.0 / w.count_ones() as f64 * 2.0 - 1.0 } else { -1.0 };
        }
        let best_other = (0..self.players as usize)
            .filter(|&s| s != seat)
            .map(|s| self.totals[s])
            .max()
            .unwrap_or(0);
        (self.totals[seat] as f64 - best_other as f64) / self.target as f64
    }

    /// The reward of a playout stopped here, per seat (see [`PlayoutStats::returns`]).
    pub fn rewards(&self) -> [f64; MAX_PLAYERS] {
        let mut out = [0.0; MAX_PLAYERS];
        if self.over {
            let w = self.winners();
            let share = 1.0 / w.count_ones() as f64;
            for (s, r) in out.iter_mut().enumerate().take(self.players as usize) {
                if w >> s & 1 == 1 {
                    *r = share;
                }
            }
        } else {
            for (s, r) in out.iter_mut().enumerate().take(self.players as usize) {
                *r = 0.5 + 0.5 * (2.0 * self.evaluate(s)).tanh();
            }
        }
        out
    }

    /// The hand of the player to move, if this position knows it (and the game goes on).
    fn mover_hand(&self) -> Result<&[Card], IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        let hand = self.hand(self.to_move as usize);
        if hand.contains(&UNKNOWN) {
            return Err(IllegalMove::UnknownHand);
        }
        Ok(hand)
    }

    /// The legal moves: each card of the hand (lowest first) on positions 1 to 9, i.e. in
    /// increasing action order.  None of them when the game is over; an error when this
    /// view does not know the mover's hand.
    pub fn legal_actions(&self) -> Result<MoveList, IllegalMove> {
        let mut out = MoveList::new();
        let hand = match self.mover_hand() {
            Err(IllegalMove::GameOver) => return Ok(out),
            other => other?,
        };
        for c in sorted_hand(hand) {
            let base = c as Action * POSITIONS as Action;
            for p in 0..POSITIONS as Action {
                out.actions[out.len] = base + p;
                out.len += 1;
            }
        }
        Ok(out)
    }

    /// The cards of the mover's hand, lowest first (the order of the legal moves).
    pub fn sorted_hand(&self) -> Result<Vec<Card>, IllegalMove> {
        match self.mover_hand() {
            Err(IllegalMove::GameOver) => Ok(vec![]),
            other => Ok(sorted_hand(other?).collect()),
        }
    }

    /// Whether `mv` may be played here, and if not why.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.slot_of(mv.card).map(|_| ())
    }

    fn slot_of(&self, card: Card) -> Result<usize, IllegalMove> {
        if self.over {
            return Err(IllegalMove::GameOver);
        }
        let hand = self.hand(self.to_move as usize);
        hand.iter().position(|&c| c == card).ok_or(if hand.contains(&UNKNOWN) {
            IllegalMove::UnknownHand // a view: the card may be the one it has not seen
        } else {
            IllegalMove::NotInHand(card)
        })
    }

    /// Play `mv` after checking it; its score breakdown.
    pub fn play(&mut self, mv: Move) -> Result<Score, IllegalMove> {
        let slot = self.slot_of(mv.card)?;
        let index = mv.position as usize - 1;
        let score = score_play(mv.card, index, &self.tops);
        self.lay(slot, index, score.points as i32);
        Ok(score)
    }

    /// Play the card in `slot` of the mover's hand onto grid index `index`, scoring
    /// `points`: the stack's new top, the total and the turn, the draw, then the next seat.
    #[inline]
    fn lay(&mut self, slot: usize, index: usize, points: i32) {
        let seat = self.to_move as usize;
        let mut len = self.hand_len[seat] as usize;
        let hand = &mut self.hands[seat];
        let card = hand[slot];
        for i in slot..len - 1 {
            hand[i] = hand[i + 1]; // the later cards move up: the order the Python engine keeps
        }
        len -= 1;
        self.set_top(index, card);
        self.on_grid |= 1 << card;
        self.totals[seat] += points;
        self.turns[seat] += 1;
        if self.pile_size > 0 {
            self.pile_size -= 1;
            self.hands[seat][len] = if self.pile_known {
                self.pile_next += 1;
                self.pile[self.pile_next as usize - 1]
            } else {
                UNKNOWN
            };
            len += 1;
        }
        self.hand_len[seat] = len as u8;
        if self.totals[seat] >= self.target as i32 {
            self.ending = true;
        }
        self.advance(seat);
    }

    /// The next seat holding a card; the game ends when a last round is complete.
    #[inline]
    fn advance(&mut self, seat: usize) {
        let n = self.players as usize;
        let mut next = seat + 1;
        // the usual case: the next seat in the round, or the first of a new round, holds a card
        if next < n && self.hand_len[next] > 0 {
            self.to_move = next as u8;
            return;
        }
        if next == n && !self.ending && self.hand_len[0] > 0 {
            self.to_move = 0;
            return;
        }
        for _ in 0..2 * n + 1 {
            if next == n {
                if self.ending {
                    self.over = true;
                    return;
                }
                next = 0;
            }
            if self.hand_len[next] > 0 {
                self.to_move = next as u8;
                return;
            }
            self.ending = true; // a seat holds no card: this round is the last
            next += 1;
        }
        self.over = true;
    }

    /// The play with the best immediate score (ties: the first in legal order).
    pub fn best_action(&self) -> Result<Action, IllegalMove> {
        let hand = self.mover_hand()?;
        let (_, slot, index) = self.best_slot(hand);
        Ok(hand[slot] as Action * POSITIONS as Action + index as Action)
    }

    /// (points, slot, grid index) of the best play of `hand`.
    #[inline]
    fn best_slot(&self, hand: &[Card]) -> (u32, usize, usize) {
        let mut best_key = 0u32;
        for (slot, &card) in hand.iter().enumerate() {
            let codes = self.lane_codes(card);
            let bonus = BONUS[card as usize] as u32;
            let base = 2047 - card as u32 * POSITIONS as u32;
            for (index, points) in LANE_POINTS.iter().enumerate() {
                let pts = points[(codes >> (7 * index) & 127) as usize] as u32 + bonus;
                // more points first, then the lower action id; slot and index ride along
                let key = pts << 24 | (base - index as u32) << 8 | (slot as u32) << 4 | index as u32;
                best_key = best_key.max(key);
            }
        }
        (best_key >> 24, (best_key >> 4 & 15) as usize, (best_key & 15) as usize)
    }

    /// Per grid index, the code `s + 5·t + 25·under` of `card` played there, in nine 7-bit
    /// lanes (`LANE_POINTS[index][code]` is its points without the bonus).
    ///
    /// The masks of the tops the card shares one or two properties with, spread into the
    /// lanes and shifted onto each neighbour's lane, count every position's Singles and
    /// Tics at once.
    #[inline]
    fn lane_codes(&self, card: Card) -> u64 {
        let (single, tic) = self.matches(card);
        let (sp, tp) = (SPREAD7[single], SPREAD7[tic]);
        let around = |x: u64| {
            ((x << 21) & HAS_ABOVE) + ((x >> 21) & HAS_BELOW) + ((x << 7) & HAS_LEFT) + ((x >> 7) & HAS_RIGHT)
        };
        around(sp) + 5 * around(tp) + 25 * sp + 50 * tp
    }

    /// The points of every move of the player to move, at `slot * 9 + index` (the hand in
    /// the order it is kept); the number of moves.  The hand must be known.
    #[inline]
    pub(crate) fn move_points(&self, out: &mut [u8; MAX_MOVES]) -> usize {
        let seat = self.to_move as usize;
        let len = self.hand_len[seat] as usize;
        for (slot, &card) in self.hands[seat][..len].iter().enumerate() {
            let codes = self.lane_codes(card);
            let bonus = BONUS[card as usize];
            for (index, points) in LANE_POINTS.iter().enumerate() {
                out[slot * POSITIONS + index] = points[(codes >> (7 * index) & 127) as usize] + bonus;
            }
        }
        len * POSITIONS
    }

    /// A uniformly random legal move (the game goes on and the mover's hand is known).
    #[inline]
    fn random_slot(&self, rng: &mut Rng) -> (usize, usize) {
        let len = self.hand_len[self.to_move as usize] as u32;
        let r = rng.below(len * POSITIONS as u32) as usize;
        (r / POSITIONS, r % POSITIONS)
    }

    /// The move a playout makes here under `policy`, as (slot, index, points).
    #[inline]
    fn policy_move(&self, policy: Policy, rng: &mut Rng) -> (usize, usize, u32) {
        if policy == Policy::Greedy && rng.next_u64() >> 11 < GREEDY_BELOW {
            let seat = self.to_move as usize;
            let (pts, slot, index) = self.best_slot(&self.hands[seat][..self.hand_len[seat] as usize]);
            return (slot, index, pts);
        }
        let (slot, index) = self.random_slot(rng);
        let card = self.hands[self.to_move as usize][slot];
        let (single, tic) = self.matches(card);
        (slot, index, self.points_at(card, index, single, tic))
    }

    /// The cards this position does not place: not on the grid, not in a known hand, not
    /// in a known pile.
    pub fn unseen(&self) -> CardSet {
        let mut seen = self.on_grid;
        for s in 0..self.players as usize {
            for &c in self.hand(s) {
                if c != UNKNOWN {
                    seen |= 1 << c;
                }
            }
        }
        if let Some(pile) = self.pile() {
            for &c in pile {
                seen |= 1 << c;
            }
        }
        ALL_CARDS & !seen
    }

    /// The number of cards a determinization deals: unknown hand slots and the pile.
    fn unknown_count(&self) -> usize {
        let slots: usize = (0..self.players as usize)
            .map(|s| self.hand(s).iter().filter(|&&c| c == UNKNOWN).count())
            .sum();
        slots + if self.pile_known { 0 } else { self.pile_size as usize }
    }

    /// A full position consistent with this view: `order` (the unseen cards, in any
    /// order) dealt into the unknown hand slots, seat by seat, then the pile.  A full
    /// position is returned as it is.
    pub fn determinize_with(&self, order: &[Card]) -> Result<Position, SetupError> {
        if !self.is_view() {
            return Ok(*self);
        }
        let unseen = self.unseen();
        let mut given: CardSet = 0;
        for &c in order {
            if c as usize >= NUM_CARDS || unseen >> c & 1 == 0 || given >> c & 1 == 1 {
                return setup_error("a determinization deals each unseen card once");
            }
            given |= 1 << c;
        }
        if given != unseen || order.len() != self.unknown_count() {
            return setup_error("a determinization deals each unseen card once");
        }
        Ok(self.fill(order))
    }

    fn fill(&self, order: &[Card]) -> Position {
        let mut full = *self;
        let mut k = 0;
        for s in 0..full.players as usize {
            for c in full.hands[s][..full.hand_len[s] as usize].iter_mut() {
                if *c == UNKNOWN {
                    *c = order[k];
                    k += 1;
                }
            }
        }
        if !full.pile_known {
            let n = full.pile_size as usize;
            full.pile = [UNKNOWN; MAX_PILE];
            full.pile[..n].copy_from_slice(&order[k..k + n]);
            full.pile_next = 0;
            full.pile_known = true;
        }
        full.viewer = Viewer::All;
        full
    }

    /// The unseen cards, lowest first.
    pub fn unseen_cards(&self) -> Vec<Card> {
        cards_of(self.unseen()).collect()
    }

    /// A full position consistent with this view, the unseen cards dealt at random
    /// (shuffled by Fisher–Yates from `rng`); a full position is returned as it is.
    pub fn determinize(&self, rng: &mut Rng) -> Position {
        if !self.is_view() {
            return *self;
        }
        let mut order = [0 as Card; NUM_CARDS];
        let mut n = 0;
        for c in cards_of(self.unseen()) {
            order[n] = c;
            n += 1;
        }
        for i in (1..n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }
        self.fill(&order[..n])
    }

    /// What `viewer` may see of this position: no other hand, no pile order.  A view can
    /// only be narrowed to its own viewer.
    pub fn view(&self, viewer: Option<usize>) -> Result<Position, SetupError> {
        if let Some(s) = viewer {
            if s >= self.players as usize {
                return setup_error(format!("seat must be between 0 and {}", self.players - 1));
            }
        }
        let wanted = match viewer {
            None => Viewer::Spectator,
            Some(s) => Viewer::Seat(s as u8),
        };
        if self.is_view() && self.viewer != wanted {
            return setup_error("a view can only be narrowed to its own seat");
        }
        let mut v = *self;
        v.viewer = wanted;
        for s in 0..v.players as usize {
            if viewer != Some(s) {
                v.hands[s] = [UNKNOWN; HAND];
            }
        }
        v.pile = [UNKNOWN; MAX_PILE];
        v.pile_next = 0;
        v.pile_known = false;
        Ok(v)
    }

    /// Play to the end under `policy` (or stop after `depth` moves); the rewards per seat
    /// (see [`PlayoutStats::returns`]), the moves played and whether the game finished.
    /// A view is determinized first.
    pub fn playout(&self, policy: Policy, depth: Option<u32>, rng: &mut Rng) -> ([f64; MAX_PLAYERS], u32, bool) {
        let mut pos = self.determinize(rng);
        let mut plies = 0;
        let limit = depth.unwrap_or(u32::MAX);
        while !pos.over && plies < limit {
            let (slot, index, pts) = pos.policy_move(policy, rng);
            pos.lay(slot, index, pts as i32);
            plies += 1;
        }
        (pos.rewards(), plies, pos.over)
    }

    fn playouts(&self, n: u64, seed: u64, policy: Policy, depth: Option<u32>, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        let mut rng = Rng::new(seed);
        let mut stats = PlayoutStats::default();
        for i in 0..n {
            if crate::rng::stop_before(i, stop) {
                break;
            }
            let (rewards, plies, finished) = self.playout(policy, depth, &mut rng);
            stats.plies += plies as u64;
            if finished {
                let winners = rewards.iter().filter(|&&r| r > 0.0).count();
                if winners == 1 {
                    stats.wins[rewards.iter().position(|&r| r > 0.0).unwrap_or(0)] += 1;
                } else {
                    stats.draws += 1;
                }
            } else {
                stats.cutoffs += 1;
            }
            for (sum, r) in stats.returns.iter_mut().zip(rewards) {
                *sum += r;
            }
        }
        stats
    }

    /// `n` uniformly random games from here (from a view: each from a fresh
    /// determinization), all from one stream seeded by `seed`.
    pub fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats {
        self.random_playouts_stoppable(n, seed, &mut || false)
    }

    /// [`Position::random_playouts`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] playouts) says so: the playouts played until then.
    pub fn random_playouts_stoppable(&self, n: u64, seed: u64, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        self.playouts(n, seed, Policy::Random, None, stop)
    }

    /// `n` games from here under the greedy playout policy ([`Policy::Greedy`]), each
    /// stopped after `depth` moves if given (from a view: each from a fresh
    /// determinization), all from one stream seeded by `seed`.
    pub fn policy_playouts(&self, n: u64, seed: u64, depth: Option<u32>) -> PlayoutStats {
        self.policy_playouts_stoppable(n, seed, depth, &mut || false)
    }

    /// [`Position::policy_playouts`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] playouts) says so: the playouts played until then.
    pub fn policy_playouts_stoppable(&self, n: u64, seed: u64, depth: Option<u32>, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        self.playouts(n, seed, Policy::Greedy, depth, stop)
    }
}

/// The cards of a set, lowest first.
pub fn cards_of(mut set: CardSet) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as Card;
            set &= set - 1;
            c
        })
    })
}

/// A hand's cards, lowest first.
fn sorted_hand(hand: &[Card]) -> impl Iterator<Item = Card> {
    let mut set: CardSet = 0;
    for &c in hand {
        set |= 1 << c;
    }
    cards_of(set)
}

/// One play of the record: who played which card where, and how it scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    pub seat: u8,
    pub card: Card,
    /// 1..=9.
    pub position: u8,
    pub score: Score,
}

/// What a view is made of, for [`State::from_view`] (a view saved as JSON and read back).
#[derive(Clone, Debug)]
pub struct ViewParts {
    pub players: usize,
    pub target: u32,
    pub viewer: Option<usize>,
    /// Each position's stack, bottom card first.
    pub stacks: Vec<Vec<Card>>,
    /// Each seat's hand, UNKNOWN where the view does not know.
    pub hands: Vec<Vec<Card>>,
    pub pile_size: usize,
    pub totals: Vec<i64>,
    pub turns: Vec<i64>,
    pub plays: Vec<Play>,
    pub ending: bool,
    /// None: the game is over.
    pub to_move: Option<usize>,
}

/// A game in progress: the position, every card laid on the grid and every play.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub position: Position,
    /// (grid index, card) of every card laid on the grid, in the order laid.
    laid: [(u8, Card); NUM_CARDS],
    laid_len: u8,
    plays: [Play; MAX_PLAYS],
    plays_len: u8,
}

impl State {
    fn new(position: Position) -> State {
        let mut state = State {
            position,
            laid: [(0, 0); NUM_CARDS],
            laid_len: 0,
            plays: [Play::default(); MAX_PLAYS],
            plays_len: 0,
        };
        for (i, &c) in position.tops.iter().enumerate() {
            state.push_laid(i, c);
        }
        state
    }

    /// A new game dealt from `order` (see [`Position::deal`]).
    pub fn deal(players: usize, target: u32, order: &[Card]) -> Result<State, SetupError> {
        Ok(State::new(Position::deal(players, target, order)?))
    }

    fn push_laid(&mut self, index: usize, card: Card) {
        self.laid[self.laid_len as usize] = (index as u8, card);
        self.laid_len += 1;
    }

    /// Each position's stack, bottom card first.
    pub fn stacks(&self) -> [Vec<Card>; POSITIONS] {
        let mut out: [Vec<Card>; POSITIONS] = Default::default();
        for &(i, c) in &self.laid[..self.laid_len as usize] {
            out[i as usize].push(c);
        }
        out
    }

    /// The plays so far, in order.
    pub fn plays(&self) -> &[Play] {
        &self.plays[..self.plays_len as usize]
    }

    /// The action ids of the plays so far.
    pub fn history(&self) -> impl Iterator<Item = Action> + '_ {
        self.plays().iter().map(|p| Move { card: p.card, position: p.position }.action())
    }

    /// Play `mv` if it is legal here; its breakdown.
    pub fn play(&mut self, mv: Move) -> Result<Score, IllegalMove> {
        let seat = self.position.to_move;
        let score = self.position.play(mv)?;
        self.push_laid(mv.position as usize - 1, mv.card);
        self.plays[self.plays_len as usize] = Play { seat, card: mv.card, position: mv.position, score };
        self.plays_len += 1;
        Ok(score)
    }

    /// What `viewer` (None: a spectator) may see (see [`Position::view`]).
    pub fn view(&self, viewer: Option<usize>) -> Result<State, SetupError> {
        Ok(State { position: self.position.view(viewer)?, ..self.clone() })
    }

    /// This view with `order` dealt into it (see [`Position::determinize_with`]).
    pub fn determinize_with(&self, order: &[Card]) -> Result<State, SetupError> {
        Ok(State { position: self.position.determinize_with(order)?, ..self.clone() })
    }

    /// This view with the unseen cards dealt at random (see [`Position::determinize`]).
    pub fn determinize(&self, rng: &mut Rng) -> State {
        State { position: self.position.determinize(rng), ..self.clone() }
    }

    /// A view rebuilt from its parts, every part checked.
    pub fn from_view(parts: &ViewParts) -> Result<State, SetupError> {
        let players = parts.players;
        if !(1..=MAX_PLAYERS).contains(&players) {
            return setup_error(format!("Pentic is for 1 to {MAX_PLAYERS} players"));
        }
        if !(1..=MAX_TARGET).contains(&parts.target) {
            return setup_error("target must be between 1 and 10000 points");
        }
        let viewer = match parts.viewer {
            None => Viewer::Spectator,
            Some(s) if s < players => Viewer::Seat(s as u8),
            Some(_) => return setup_error("'view_of' must be a seat or null"),
        };
        if parts.stacks.len() != POSITIONS || parts.stacks.iter().any(Vec::is_empty) {
            return setup_error("the grid has 9 non-empty stacks");
        }
        if parts.hands.len() != players || parts.totals.len() != players || parts.turns.len() != players {
            return setup_error("one hand size per seat");
        }
        fn add(seen: &mut CardSet, c: Card) -> Result<(), SetupError> {
            if c as usize >= NUM_CARDS || *seen >> c & 1 == 1 {
                return setup_error("each card is in one place only");
            }
            *seen |= 1 << c;
            Ok(())
        }
        let mut seen: CardSet = 0;
        for stack in &parts.stacks {
            for &c in stack {
                add(&mut seen, c)?;
            }
        }
        let on_grid = seen;
        let mut count = on_grid.count_ones() as usize;
        for (s, hand) in parts.hands.iter().enumerate() {
            if hand.len() > HAND {
                return setup_error("a hand holds at most 5 cards");
            }
            if parts.viewer != Some(s) && hand.iter().any(|&c| c != UNKNOWN) {
                return setup_error("a view knows only its own hand");
            }
            for &c in hand {
                if c != UNKNOWN {
                    add(&mut seen, c)?;
                }
                count += 1;
            }
        }
        if count + parts.pile_size != NUM_CARDS {
            return setup_error("the grid, the hands and the pile hold the 125 cards");
        }
        if parts.plays.len() + POSITIONS > on_grid.count_ones() as usize {
            return setup_error("more plays than cards laid on the grid");
        }
        for p in &parts.plays {
            if p.seat as usize >= players || !(1..=POSITIONS as u8).contains(&p.position) || p.card as usize >= NUM_CARDS {
                return setup_error("a play names a seat, a card and a position 1-9");
            }
        }
        let to_move = match parts.to_move {
            None => 0,
            Some(s) if s < players => s as u8,
            Some(_) => return setup_error("'to_move' must be a seat or null"),
        };
        let mut position = Position {
            tops: [0; POSITIONS],
            props: [0; 15],
            on_grid,
            hands: [[UNKNOWN; HAND]; MAX_PLAYERS],
            hand_len: [0; MAX_PLAYERS],
            pile: [UNKNOWN; MAX_PILE],
            pile_next: 0,
            pile_size: parts.pile_size as u8,
            pile_known: false,
            totals: [0; MAX_PLAYERS],
            turns: [0; MAX_PLAYERS],
            players: players as u8,
            target: parts.target,
            to_move,
            ending: parts.ending,
            over: parts.to_move.is_none(),
            viewer,
        };
        for s in 0..players {
            position.hands[s][..parts.hands[s].len()].copy_from_slice(&parts.hands[s]);
            position.hand_len[s] = parts.hands[s].len() as u8;
            position.totals[s] = i32::try_from(parts.totals[s])
                .ok()
                .filter(|t| t.abs() <= 1 << 24)
                .map_or_else(|| setup_error("scores are whole numbers of points"), Ok)?;
            position.turns[s] = u16::try_from(parts.turns[s])
                .ok()
                .filter(|&t| t as usize <= MAX_PLAYS)
                .map_or_else(|| setup_error("turn counts are between 0 and 116"), Ok)?;
        }
        let mut tops = [0; POSITIONS];
        for (top, stack) in tops.iter_mut().zip(&parts.stacks) {
            *top = *stack.last().expect("non-empty");
        }
        position.set_tops(tops);
        let mut state = State {
            position,
            laid: [(0, 0); NUM_CARDS],
            laid_len: 0,
            plays: [Play::default(); MAX_PLAYS],
            plays_len: parts.plays.len() as u8,
        };
        for (i, stack) in parts.stacks.iter().enumerate() {
            for &c in stack {
                state.push_laid(i, c);
            }
        }
        state.plays[..parts.plays.len()].copy_from_slice(&parts.plays);
        Ok(state)
    }
}

#[cfg(test)]
mod tests;
