//! Game-generic search, written once over the [`Game`] trait that each engine implements:
//! iterative-deepening alpha-beta ([`alphabeta`]) with a transposition table ([`tt`]).
//! Game-specific knowledge (evaluation, move ordering, tactics, symmetry) stays next to
//! its engine (e.g. `pentago/search.rs`), and exact solvers live there too
//! (`pentago/midgame.rs`).

pub mod alphabeta;
pub mod mcts;
pub mod tt;

pub use alphabeta::{search, search_stoppable, SearchLimits, SearchResult};

/// Scores at and above this (in absolute value) are proven results: `WIN - plies` for a
/// win `plies` moves from the root (quicker wins score higher).
pub const WIN: i32 = 1_000_000;
pub const PROVEN: i32 = WIN - 1_000;

/// What a move comes to without a search (see [`Game::horizon`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// The game is over: the result for the player who moved (1 win, 0 draw, -1 loss).
    Over(i32),
    /// The game goes on: minus the evaluation of the position reached.
    Eval(i32),
}

/// A two-player, zero-sum game with perfect information, as the search sees it.  Scores
/// are for the player to move ("negamax"); heuristic ones stay strictly inside
/// `±PROVEN`.
pub trait Game: Copy + Send + Sync {
    type Move: Copy + PartialEq + Default + std::fmt::Debug + Send;

    /// The player to move (for a finished game: whoever would have been next).
    fn side(&self) -> usize;

    /// The result for `seat` once the game is over (1 win, 0 draw, -1 loss), else None.
    fn result(&self, seat: usize) -> Option<i32>;

    /// The legal moves, appended to `out` (none when the game is over).  A game may leave
    /// out moves whose results repeat another's (the search loses nothing).
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Whether `mv` is legal here (moves from the table or a sibling are checked).
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// The position after `mv`.
    fn child(&self, mv: Self::Move) -> Self;

    /// A hash equal for positions that play on alike (the side to move included); a game
    /// with symmetries may return the same for symmetric positions, with the symmetry
    /// that maps this position to its canonical one (see [`Game::map_move`]).
    fn key(&self) -> (u64, u8);

    /// A cheap hash equal for equal positions (symmetric ones differ): merges the moves of
    /// one node that reach the same position.
    fn sibling_key(&self) -> u64;

    /// `mv` seen through symmetry `sym` (or back, with `inverse`); the identity for a
    /// game whose `key` ignores symmetry.
    fn map_move(mv: Self::Move, _sym: u8, _inverse: bool) -> Self::Move {
        mv
    }

    /// A move that wins at once for the player to move, if there is one (games may use
    /// tactics the static evaluation would miss).
    fn winning_move(&self) -> Option<Self::Move>;

    /// Whether there is a [`Game::winning_move`] (for games that can tell more cheaply).
    fn has_winning_move(&self) -> bool {
        self.winning_move().is_some()
    }

    /// Whether the player who made the last move would win at once if they moved again
    /// (a threat the player to move must answer); the search extends such moves (see
    /// [`SearchLimits::extensions`]).
    fn threatens(&self) -> bool {
        false
    }

    /// The heuristic value for the player to move, strictly inside `±PROVEN`.
    fn evaluate(&self) -> i32;

    /// At most how many plies the game can last from here, if the game knows (Pentago:
    /// its empty cells): a search that deep reaches only finished games, so it stops
    /// there with the exact value (a draw's 0 included).
    fn plies_left(&self) -> Option<u32> {
        None
    }

    /// `mv` valued without a search, as at the horizon.  The default makes the child; a
    /// game may compute the same without it.
    fn horizon(&self, mv: Self::Move) -> Horizon {
        let child = self.child(mv);
        match child.result(self.side()) {
            Some(r) => Horizon::Over(r),
            None => Horizon::Eval(-child.evaluate()),
        }
    }

    /// The ordering score of playing `mv` here, reaching `child` (higher is tried first).
    fn order_score(&self, mv: Self::Move, child: &Self) -> i32;
}
