//! Golomb's game on the 8×8 board (RULES.md §3): 2 players (the last placer wins),
//! touch-move, the draft variant, and 3–4 player matches of rounds.
//!
//! The position keeps, besides the covered squares, the bitset of the placements that
//! still fit (of the pieces not placed yet): placing a piece clears the placements that
//! cover any of its five squares (`COVER`), so listing, counting and drawing legal moves
//! never test placements one by one.
//!
//! Dense action ids (the Python package's, `pentomino.notation`):
//! `0..2308` the placements of [`tables`](super::tables) (piece by piece, orientation by
//! orientation, row by row, column by column), `2308 + p` "pick" piece p (draft),
//! `2320 + p` "touch" piece p (touch-move); 2,332 in all, for every option set.

use std::fmt;

use super::tables::{
    all_fit, ALL_PIECES, COVER, LETTERS, MASKS, NUM_PLACEMENTS, PIECES, PIECE_BITS, PIECE_OF,
    PIECE_WORDS, WORDS,
};
use crate::rng::Rng;

/// A dense move id (see the module doc).
pub type Action = u16;
/// The first "pick" action.
pub const PICK_BASE: usize = NUM_PLACEMENTS;
/// The first "touch" action.
pub const TOUCH_BASE: usize = NUM_PLACEMENTS + PIECES;
/// Number of distinct action ids.
pub const NUM_ACTIONS: usize = NUM_PLACEMENTS + 2 * PIECES;
/// The most seats.
pub const MAX_PLAYERS: usize = 4;
const NO_PIECE: u8 = u8::MAX;

/// The square names of a mask of the 8×8 board, in square order, e.g. `a1, b1`.
pub fn square_names(mask: u64, sep: &str) -> String {
    super::region::bits(mask)
        .map(|sq| format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1))
        .collect::<Vec<_>>()
        .join(sep)
}

/// The letters of a piece mask, in piece order, separated by spaces.
pub fn letters(pieces: u16) -> String {
    (0..PIECES)
        .filter(|&p| pieces >> p & 1 == 1)
        .map(|p| (LETTERS[p] as char).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn letter(p: u8) -> char {
    LETTERS[p as usize] as char
}

/// A move: a placement (index into the tables), or a word move on a piece.  `Remove`
/// exists only to be refused (pieces stay where they are placed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(u16),
    Pick(u8),
    Touch(u8),
    Remove(u8),
}

impl Move {
    /// The move of an action id, or None when `action >= NUM_ACTIONS`.
    pub fn from_action(action: Action) -> Option<Move> {
        let a = action as usize;
        match a {
            _ if a < PICK_BASE => Some(Move::Place(action)),
            _ if a < TOUCH_BASE => Some(Move::Pick((a - PICK_BASE) as u8)),
            _ if a < NUM_ACTIONS => Some(Move::Touch((a - TOUCH_BASE) as u8)),
            _ => None,
        }
    }

    /// The action id (None for a removal, which has none).
    pub fn action(self) -> Option<Action> {
        match self {
            Move::Place(i) => Some(i),
            Move::Pick(p) => Some((PICK_BASE + p as usize) as Action),
            Move::Touch(p) => Some((TOUCH_BASE + p as usize) as Action),
            Move::Remove(_) => None,
        }
    }

    pub fn piece(self) -> u8 {
        match self {
            Move::Place(i) => PIECE_OF[i as usize],
            Move::Pick(p) | Move::Touch(p) | Move::Remove(p) => p,
        }
    }
}

impl fmt::Display for Move {
    /// The canonical move text: `L:a1,b1,c1,d1,d2`, `pick L`, `touch L`, `remove L`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place(i) => {
                write!(f, "{}:{}", letter(PIECE_OF[i as usize]), square_names(MASKS[i as usize], ","))
            }
            Move::Pick(p) => write!(f, "pick {}", letter(p)),
            Move::Touch(p) => write!(f, "touch {}", letter(p)),
            Move::Remove(p) => write!(f, "remove {}", letter(p)),
        }
    }
}

/// A table's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// 2, 3 or 4.
    pub players: u8,
    /// The draft variant: picks first, then each places only their own pieces.
    pub draft: bool,
    /// A touched piece must be placed.
    pub touch_move: bool,
    /// Round points of the last, second-to-last and third-to-last placers (3–4 players).
    pub points: [u16; 3],
    /// The match ends after the round in which a total reaches this.
    pub target: u16,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { players: 2, draft: false, touch_move: false, points: [10, 5, 0], target: 50 }
    }
}

impl Rules {
    /// Whether a game is a match of rounds (3–4 players on the shared pool).
    pub fn rounds(&self) -> bool {
        self.players >= 3 && !self.draft
    }
}

/// Why a set of rules or a preset is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    Players,
    Preset,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupError::Players => "pentomino is for 2, 3 or 4 players",
            SetupError::Preset => "preset sets are for the draft variant: one disjoint set per seat",
        })
    }
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The draft's picks.
    Pick,
    Place,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Pick => "pick",
            Phase::Place => "place",
            Phase::Over => "over",
        }
    }
}

/// Why a move cannot be played; `Display` gives the sentence shown to a person (the same
/// words as the Python engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    /// A placement during the draft; `suggest` is a piece still to pick.
    DraftFirst { suggest: u8 },
    AlreadyPicked { piece: u8, left: u16 },
    DraftOver,
    /// A pick in a game without a draft.
    NoDraft,
    NoRemove,
    NotAvailable { piece: u8, own_set: bool, available: u16 },
    TouchOff,
    AlreadyTouched { touched: u8 },
    FitsNowhere { piece: u8 },
    MustPlaceTouched { touched: u8 },
    TouchFirst { piece: u8 },
    Covered { squares: u64 },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMove::GameOver => write!(f, "the game is over: no more pieces can be placed"),
            IllegalMove::DraftFirst { suggest } => {
                write!(f, "the draft comes first: pick a piece, e.g. 'pick {}'", letter(suggest))
            }
            IllegalMove::AlreadyPicked { piece, left } => {
                write!(f, "the {} has already been picked; left: {}", letter(piece), letters(left))
            }
            IllegalMove::DraftOver => write!(f, "the draft is over: place one of your pieces"),
            IllegalMove::NoDraft => {
                write!(f, "picks are for the draft variant: in this game, place one of the pieces")
            }
            IllegalMove::NoRemove => {
                write!(f, "pieces stay where they are placed once on the board")
            }
            IllegalMove::NotAvailable { piece, own_set, available } => write!(
                f,
                "the {} is not in {}; you can use {}",
                letter(piece),
                if own_set { "your set" } else { "the pool" },
                letters(available)
            ),
            IllegalMove::TouchOff => {
                write!(f, "touch-move is off at this table: just place a piece")
            }
            IllegalMove::AlreadyTouched { touched } => {
                write!(f, "you have touched the {}: place it", letter(touched))
            }
            IllegalMove::FitsNowhere { piece } => {
                write!(f, "the {} fits nowhere on the board: touch another piece", letter(piece))
            }
            IllegalMove::MustPlaceTouched { touched } => write!(
                f,
                "touch-move: you touched the {}, so you must place it",
                letter(touched)
            ),
            IllegalMove::TouchFirst { piece } => write!(
                f,
                "touch-move is on: first touch the piece ('touch {}')",
                letter(piece)
            ),
            IllegalMove::Covered { squares } => write!(
                f,
                "{} {} already covered: a piece goes on five empty squares",
                square_names(squares, ", "),
                if squares.count_ones() == 1 { "is" } else { "are" }
            ),
        }
    }
}

/// The `n`-th set bit (from 0) of a word; `n < word.count_ones()`.
#[inline]
fn select(mut word: u64, n: u32) -> u32 {
    for _ in 0..n {
        word &= word - 1;
    }
    word.trailing_zeros()
}

/// A position: the board, the pieces, whose turn, the match totals.  `Copy`, no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    rules: Rules,
    /// The placements that fit on the empty squares, of the pieces not placed yet.
    fits: [u64; WORDS],
    /// Covered squares (bit `row * 8 + col`).
    occ: u64,
    /// The standard game: the pieces not placed yet this round.  The draft: the pieces not
    /// picked yet (all twelve when the sets were given).
    pool: u16,
    /// The draft: each seat's pieces not placed yet.
    sets: [u16; MAX_PLAYERS],
    /// Match points (3–4 players).
    totals: [u16; MAX_PLAYERS],
    /// The seats of the last three placements this round, most recent first.
    placers: [u8; 3],
    /// Pieces placed this round.
    placed: u8,
    phase: Phase,
    to_move: u8,
    touched: u8,
    round_start: u8,
    /// Bit s set: seat s won (once the game is over).
    winners: u8,
}

impl Position {
    /// The start: the draft's picks, or (with `preset` sets, draft only) placement by the
    /// seat after the one who picks first.
    pub fn new(rules: Rules, preset: Option<[u16; MAX_PLAYERS]>) -> Result<Position, SetupError> {
        if !(2..=4).contains(&rules.players) {
            return Err(SetupError::Players);
        }
        let mut pos = Position {
            rules,
            fits: all_fit(),
            occ: 0,
            pool: ALL_PIECES,
            sets: [0; MAX_PLAYERS],
            totals: [0; MAX_PLAYERS],
            placers: [u8::MAX; 3],
            placed: 0,
            phase: Phase::Place,
            to_move: 0,
            touched: NO_PIECE,
            round_start: 0,
            winners: 0,
        };
        match (rules.draft, preset) {
            (true, Some(sets)) => {
                let n = rules.players as usize;
                let mut seen = 0u16;
                for (seat, &s) in sets.iter().enumerate() {
                    if (seat >= n && s != 0) || s & seen != 0 || s & !ALL_PIECES != 0 {
                        return Err(SetupError::Preset);
                    }
                    seen |= s;
                }
                pos.sets = sets;
                pos.to_move = 1 % rules.players;
            }
            (true, None) => pos.phase = Phase::Pick,
            (false, Some(_)) => return Err(SetupError::Preset),
            (false, None) => {}
        }
        pos.check_end();
        Ok(pos)
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The seat to move, or None when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.to_move as usize)
    }

    /// The seat to move (the last one to have moved once the game is over).
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// Bit s set when seat s won; 0 while the game goes on.
    pub fn winners(&self) -> u8 {
        self.winners
    }

    /// Covered squares (this round).
    pub fn occupied(&self) -> u64 {
        self.occ
    }

    /// See the field: the shared pool, or the draft's pieces still to pick.
    pub fn pool(&self) -> u16 {
        self.pool
    }

    /// The draft's sets (None in the standard game).
    pub fn sets(&self) -> Option<&[u16]> {
        self.rules.draft.then(|| &self.sets[..self.rules.players as usize])
    }

    pub fn totals(&self) -> &[u16] {
        &self.totals[..self.rules.players as usize]
    }

    /// The piece the player to move has touched (touch-move).
    pub fn touched(&self) -> Option<u8> {
        (self.touched != NO_PIECE).then_some(self.touched)
    }

    /// The seat that starts the current round.
    pub fn round_start(&self) -> usize {
        self.round_start as usize
    }

    /// The pieces `seat` may place (its set in the draft, else the pool).
    pub fn available(&self, seat: usize) -> u16 {
        if self.rules.draft {
            self.sets[seat]
        } else {
            self.pool
        }
    }

    /// The pieces not placed yet (this round).
    fn unplaced(&self) -> u16 {
        if self.rules.draft {
            self.sets.iter().fold(0, |a, &s| a | s)
        } else {
            self.pool
        }
    }

    /// Whether piece `p` fits somewhere on the board (p not placed yet).
    pub fn fits(&self, p: usize) -> bool {
        let (a, b) = PIECE_WORDS[p];
        (a..b).any(|w| self.fits[w as usize] & PIECE_BITS[p][w as usize] != 0)
    }

    /// The number of places of piece `p` (p not placed yet).
    pub fn places(&self, p: usize) -> u32 {
        let (a, b) = PIECE_WORDS[p];
        (a..b).map(|w| (self.fits[w as usize] & PIECE_BITS[p][w as usize]).count_ones()).sum()
    }

    /// The number of placements of the pieces in `pieces` that fit.
    pub fn count_places(&self, pieces: u16) -> u32 {
        if pieces == self.unplaced() {
            self.fits.iter().map(|w| w.count_ones()).sum()
        } else {
            pieces_of(pieces).map(|p| self.places(p)).sum()
        }
    }

    /// The placements of the pieces in `pieces` that fit, as a bitset.
    pub fn legal_bits(&self, pieces: u16) -> [u64; WORDS] {
        if pieces == self.unplaced() {
            return self.fits;
        }
        let mut out = [0u64; WORDS];
        for p in pieces_of(pieces) {
            let (a, b) = PIECE_WORDS[p];
            for w in a as usize..b as usize {
                out[w] |= self.fits[w] & PIECE_BITS[p][w];
            }
        }
        out
    }

    /// The placements of the pieces in `pieces` that fit, in action order.
    pub fn placements_of(&self, pieces: u16) -> impl Iterator<Item = Action> {
        bitset_actions(self.legal_bits(pieces))
    }

    /// The legal moves as action ids, in the Python engine's order: the picks (piece
    /// order); the touched piece's placements; the touches of the pieces that fit; or the
    /// placements of the mover's pieces.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.for_each_legal(|a| out.push(a));
        out
    }

    /// Calls `f` with each legal action, in order.
    pub fn for_each_legal(&self, mut f: impl FnMut(Action)) {
        match self.phase {
            Phase::Over => {}
            Phase::Pick => pieces_of(self.pool).for_each(|p| f((PICK_BASE + p) as Action)),
            Phase::Place => {
                if let Some(t) = self.touched() {
                    self.placements_of(1 << t).for_each(f);
                } else if self.rules.touch_move {
                    pieces_of(self.available(self.to_move as usize))
                        .filter(|&p| self.fits(p))
                        .for_each(|p| f((TOUCH_BASE + p) as Action));
                } else {
                    self.placements_of(self.available(self.to_move as usize)).for_each(f);
                }
            }
        }
    }

    /// The number of legal moves.
    pub fn num_legal(&self) -> u32 {
        match self.phase {
            Phase::Over => 0,
            Phase::Pick => self.pool.count_ones(),
            Phase::Place => {
                if let Some(t) = self.touched() {
                    self.places(t as usize)
                } else if self.rules.touch_move {
                    pieces_of(self.available(self.to_move as usize)).filter(|&p| self.fits(p)).count()
                        as u32
                } else {
                    self.count_places(self.available(self.to_move as usize))
                }
            }
        }
    }

    /// Whether `mv` may be played here, and if not why (the Python engine's checks, in
    /// its order).
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let p = mv.piece();
        let bit = 1u16 << p;
        match self.phase {
            Phase::Over => Err(IllegalMove::GameOver),
            Phase::Pick => match mv {
                Move::Pick(_) if self.pool & bit == 0 => {
                    Err(IllegalMove::AlreadyPicked { piece: p, left: self.pool })
                }
                Move::Pick(_) => Ok(()),
                _ => Err(IllegalMove::DraftFirst { suggest: self.pool.trailing_zeros() as u8 }),
            },
            Phase::Place => {
                match mv {
                    Move::Pick(_) if self.rules.draft => return Err(IllegalMove::DraftOver),
                    Move::Pick(_) => return Err(IllegalMove::NoDraft),
                    Move::Remove(_) => return Err(IllegalMove::NoRemove),
                    _ => {}
                }
                let available = self.available(self.to_move as usize);
                if available & bit == 0 {
                    return Err(IllegalMove::NotAvailable { piece: p, own_set: self.rules.draft, available });
                }
                let touched = self.touched();
                match mv {
                    Move::Touch(_) if !self.rules.touch_move => Err(IllegalMove::TouchOff),
                    Move::Touch(_) => match touched {
                        Some(t) => Err(IllegalMove::AlreadyTouched { touched: t }),
                        None if !self.fits(p as usize) => Err(IllegalMove::FitsNowhere { piece: p }),
                        None => Ok(()),
                    },
                    Move::Place(i) => {
                        let covered = MASKS[i as usize] & self.occ;
                        match touched {
                            Some(t) if t != p => Err(IllegalMove::MustPlaceTouched { touched: t }),
                            None if self.rules.touch_move => Err(IllegalMove::TouchFirst { piece: p }),
                            _ if covered != 0 => Err(IllegalMove::Covered { squares: covered }),
                            _ => Ok(()),
                        }
                    }
                    Move::Pick(_) | Move::Remove(_) => unreachable!(),
                }
            }
        }
    }

    /// Play `mv` after checking it; the round's points when it ended a round of a match.
    pub fn play(&mut self, mv: Move) -> Result<Option<[u16; MAX_PLAYERS]>, IllegalMove> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Play a legal move.  Returns the points of the round it ended (matches of rounds).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Option<[u16; MAX_PLAYERS]> {
        let seat = self.to_move as usize;
        let n = self.rules.players;
        match mv {
            Move::Pick(p) => {
                self.pool &= !(1 << p);
                self.sets[seat] |= 1 << p;
                if self.pool != 0 {
                    self.to_move = (self.to_move + 1) % n;
                } else {
                    self.phase = Phase::Place;
                    self.to_move = 1 % n; // the seat after the one who picked first
                }
                self.check_end()
            }
            Move::Touch(p) => {
                self.touched = p;
                None
            }
            Move::Place(i) => {
                let p = PIECE_OF[i as usize] as usize;
                let mask = MASKS[i as usize];
                self.touched = NO_PIECE;
                self.occ |= mask;
                let mut m = mask;
                while m != 0 {
                    let cover = &COVER[m.trailing_zeros() as usize];
                    for (f, c) in self.fits.iter_mut().zip(cover) {
                        *f &= !c;
                    }
                    m &= m - 1;
                }
                let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
                for (f, bits) in self.fits[a..b].iter_mut().zip(&PIECE_BITS[p][a..b]) {
                    *f &= !bits;
                }
                self.placers = [seat as u8, self.placers[0], self.placers[1]];
                self.placed += 1;
                if self.rules.draft {
                    self.sets[seat] &= !(1 << p);
                } else {
                    self.pool &= !(1 << p);
                }
                self.to_move = (self.to_move + 1) % n;
                self.check_end()
            }
            Move::Remove(_) => None,
        }
    }

    /// End the round (or the game) when the player to move cannot place anything.
    fn check_end(&mut self) -> Option<[u16; MAX_PLAYERS]> {
        if self.phase != Phase::Place {
            return None;
        }
        let available = self.available(self.to_move as usize);
        if pieces_of(available).any(|p| self.fits(p)) {
            return None;
        }
        if !self.rules.rounds() {
            self.phase = Phase::Over;
            self.winners = if self.placed > 0 { 1 << self.placers[0] } else { 0 };
            return None;
        }
        let mut awarded = [0u16; MAX_PLAYERS];
        for (k, &points) in self.rules.points.iter().enumerate() {
            if (self.placed as usize) > k {
                awarded[self.placers[k] as usize] += points;
            }
        }
        let n = self.rules.players as usize;
        for (t, a) in self.totals[..n].iter_mut().zip(awarded) {
            *t += a;
        }
        let best = *self.totals[..n].iter().max().expect("players");
        if best >= self.rules.target {
            self.phase = Phase::Over;
            self.winners = (0..n).filter(|&s| self.totals[s] == best).fold(0, |w, s| w | 1 << s);
        } else {
            self.fits = all_fit();
            self.occ = 0;
            self.pool = ALL_PIECES;
            self.placers = [u8::MAX; 3];
            self.placed = 0;
            self.round_start = (self.round_start + 1) % self.rules.players;
            self.to_move = self.round_start;
        }
        Some(awarded)
    }

    /// The heuristic value for `seat`: a finished game's reward (`2 * share - 1`, the
    /// share split between tied winners); 0 during the draft or on `seat`'s own turn;
    /// otherwise `1 / (1 + n) - 0.5`, n the placements the player to move has (mobility).
    pub fn evaluate(&self, seat: usize) -> f64 {
        match self.phase {
            Phase::Over => {
                let k = self.winners.count_ones();
                if self.winners >> seat & 1 == 1 {
                    (1.0 / k as f64) * 2.0 - 1.0
                } else {
                    -1.0
                }
            }
            Phase::Pick => 0.0,
            Phase::Place if self.to_move as usize == seat => 0.0,
            Phase::Place => {
                let count = self.count_places(self.available(self.to_move as usize));
                1.0 / (1.0 + count as f64) - 0.5
            }
        }
    }

    /// A move drawn uniformly from the legal moves (the game must not be over).
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Move {
        match self.phase {
            Phase::Pick => Move::Pick(select(self.pool as u64, rng.below(self.pool.count_ones())) as u8),
            _ => {
                if let Some(t) = self.touched() {
                    return Move::Place(self.nth_place_of(t as usize, rng.below(self.places(t as usize))));
                }
                let available = self.available(self.to_move as usize);
                if self.rules.touch_move {
                    let fitting = pieces_of(available).filter(|&p| self.fits(p)).fold(0u64, |m, p| m | 1 << p);
                    return Move::Touch(select(fitting, rng.below(fitting.count_ones())) as u8);
                }
                if available == self.unplaced() {
                    let total: u32 = self.fits.iter().map(|w| w.count_ones()).sum();
                    let mut r = rng.below(total);
                    for (w, &word) in self.fits.iter().enumerate() {
                        let c = word.count_ones();
                        if r < c {
                            return Move::Place((w as u32 * 64 + select(word, r)) as u16);
                        }
                        r -= c;
                    }
                    unreachable!("fewer placements than counted");
                }
                let mut counts = [0u32; PIECES];
                let mut total = 0;
                for p in pieces_of(available) {
                    counts[p] = self.places(p);
                    total += counts[p];
                }
                let mut r = rng.below(total);
                for p in pieces_of(available) {
                    if r < counts[p] {
                        return Move::Place(self.nth_place_of(p, r));
                    }
                    r -= counts[p];
                }
                unreachable!("fewer placements than counted")
            }
        }
    }

    /// The `n`-th fitting placement of piece `p`.
    fn nth_place_of(&self, p: usize, mut n: u32) -> u16 {
        let (a, b) = (PIECE_WORDS[p].0 as usize, PIECE_WORDS[p].1 as usize);
        for (w, (f, bits)) in self.fits.iter().zip(&PIECE_BITS[p]).enumerate().take(b).skip(a) {
            let word = f & bits;
            let c = word.count_ones();
            if n < c {
                return (w as u32 * 64 + select(word, n)) as u16;
            }
            n -= c;
        }
        unreachable!("piece {p} has fewer places")
    }

    /// Play uniformly random legal moves to the end of the game (the match, with 3–4
    /// players); the number of moves played and of rounds finished.
    pub fn random_playout(mut self, rng: &mut Rng) -> (Position, u32, u32) {
        let (mut plies, mut rounds) = (0, 0);
        while self.phase != Phase::Over {
            let mv = self.random_move(rng);
            rounds += self.play_unchecked(mv).is_some() as u32;
            plies += 1;
        }
        (self, plies, rounds)
    }

    /// `n` random playouts from here, all from one stream seeded by `seed`.
    pub fn random_playouts(&self, n: u64, seed: u64) -> PlayoutStats {
        self.random_playouts_stoppable(n, seed, &mut || false)
    }

    /// [`Position::random_playouts`], cut short when `stop` (asked every
    /// [`crate::rng::CHECK_EVERY`] playouts) says so: the playouts played until then.
    pub fn random_playouts_stoppable(&self, n: u64, seed: u64, stop: &mut dyn FnMut() -> bool) -> PlayoutStats {
        let mut rng = Rng::new(seed);
        let mut stats = PlayoutStats::default();
        for i in 0..n {
            if crate::rng::stop_before(i, stop) {
                break;
            }
            let (end, plies, rounds) = self.random_playout(&mut rng);
            let w = end.winners;
            if w.count_ones() == 1 {
                stats.wins[w.trailing_zeros() as usize] += 1;
            } else {
                stats.draws += 1;
            }
            crate::playouts::add_returns(&mut stats.returns, w as u16, |s| 1 << s);
            for (s, t) in end.totals().iter().enumerate() {
                stats.points[s] += *t as u64;
            }
            stats.plies += plies as u64;
            stats.rounds += rounds as u64;
        }
        stats
    }

    /// What the endgame solver needs (2 players, placement phase): covered squares, the
    /// mover's pieces, the other's, whether they share a pool, the touched piece.
    pub fn endgame(&self) -> Option<(u64, u16, u16, bool, Option<u8>)> {
        if self.phase != Phase::Place || self.rules.players != 2 {
            return None;
        }
        let me = self.to_move as usize;
        Some((self.occ, self.available(me), self.available(1 - me), !self.rules.draft, self.touched()))
    }
}

/// The set bits of a placement bitset, as action ids, in order.
pub fn bitset_actions(bits: [u64; WORDS]) -> impl Iterator<Item = Action> {
    bits.into_iter().enumerate().flat_map(|(w, mut word)| {
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let b = word.trailing_zeros() as usize;
                word &= word - 1;
                (w * 64 + b) as Action
            })
        })
    })
}

/// The pieces of a mask, in piece order.
pub fn pieces_of(pieces: u16) -> impl Iterator<Item = usize> + Clone {
    (0..PIECES).filter(move |&p| pieces >> p & 1 == 1)
}

/// What a batch of random playouts came to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Games (matches) won by each seat alone.
    pub wins: [u64; MAX_PLAYERS],
    /// Matches whose best total was shared (never with 2 players).
    pub draws: u64,
    /// Per seat, all playouts together: 1 a win, 1/k a best total shared by k seats (as
    /// `State.returns()`).
    pub returns: [f64; MAX_PLAYERS],
    /// Match points per seat, all playouts together (0 without rounds).
    pub points: [u64; MAX_PLAYERS],
    /// Moves played, all playouts together.
    pub plies: u64,
    /// Rounds finished (matches of rounds), all playouts together.
    pub rounds: u64,
}

/// A finished round of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The seat that started it.
    pub start: u8,
    /// (seat, placement) in order.
    pub placed: Vec<(u8, u16)>,
    pub points: [u16; MAX_PLAYERS],
}

/// A game in progress: the position, the moves that led to it, this round's placements
/// and the finished rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub position: Position,
    history: Vec<Action>,
    placed: Vec<(u8, u16)>,
    rounds: Vec<Round>,
}

impl Default for State {
    fn default() -> Self {
        State::new(Position::new(Rules::default(), None).expect("the default rules"))
    }
}

impl State {
    pub fn new(position: Position) -> State {
        State { position, history: Vec::new(), placed: Vec::new(), rounds: Vec::new() }
    }

    /// The actions played, in order.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// This round's placements: (seat, placement).
    pub fn placed(&self) -> &[(u8, u16)] {
        &self.placed
    }

    /// The finished rounds (matches of rounds).
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The touch a placement implies: with touch-move on and no piece touched yet, move
    /// text or a move object naming a whole placement stands for its two halves, the touch
    /// and the placement (action ids keep them apart).
    pub fn implied_touch(&self, mv: Move) -> Option<Move> {
        let p = &self.position;
        match mv {
            Move::Place(_) if p.rules.touch_move && p.phase == Phase::Place && p.touched().is_none() => {
                Some(Move::Touch(mv.piece()))
            }
            _ => None,
        }
    }

    /// Whether `mv` may be played here as a whole move (with the touch it implies).
    pub fn check_whole(&self, mv: Move) -> Result<(), IllegalMove> {
        match self.implied_touch(mv) {
            Some(touch) => {
                self.position.check(touch)?;
                let mut touched = self.position;
                touched.play_unchecked(touch);
                touched.check(mv)
            }
            None => self.position.check(mv),
        }
    }

    /// Play `mv` as a whole move: the touch it implies and the placement, both or neither.
    pub fn play_whole(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check_whole(mv)?;
        if let Some(touch) = self.implied_touch(mv) {
            self.play(touch)?;
        }
        self.play(mv)
    }

    /// Play `mv` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.position.check(mv)?;
        let (seat, start) = (self.position.to_move, self.position.round_start);
        let ended = self.position.play_unchecked(mv);
        self.history.push(mv.action().expect("a legal move has an action id"));
        if let Move::Place(i) = mv {
            self.placed.push((seat, i));
        }
        if let Some(points) = ended {
            self.rounds.push(Round { start, placed: self.placed.clone(), points });
            if !self.position.is_over() {
                self.placed.clear();
            }
        }
        Ok(())
    }
}

