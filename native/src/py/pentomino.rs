//! Pentomino's core classes: `PentominoCore` (Golomb's game), `PuzzleTables` and
//! `PuzzleCore` (the puzzles), `PentominoSolver` (the exact-cover solver); and their cached
//! move objects.
use std::sync::Arc;
use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySet, PyTuple};

use crate::pentomino::game::{self, Move, Rules, MAX_PLAYERS, NUM_ACTIONS};
use crate::pentomino::puzzle::{self, PuzzleMove, Word};
use crate::pentomino::region::{bits, Region};
use crate::pentomino::solver::{self, Watch};
use crate::pentomino::tables::{LETTERS, MASKS, NUM_PLACEMENTS, PIECES, PIECE_START};
use crate::pentomino::endgame;
use crate::pentomino::proof::{canonical, Prover};
use std::sync::Mutex;

use super::address::AddressTable;
use super::{IllegalMoveError, InvalidMoveError};

/// The message of `State.apply` for a finished game (checked before anything else).
const GAME_OVER: &str = "the game is over: no more moves can be played";

fn ints(py: Python<'_>, n: usize) -> PyResult<Vec<Py<PyAny>>> {
    (0..n).map(|a| Ok(a.into_pyobject(py)?.into_any().unbind())).collect()
}

/// An action id from a Python object, or InvalidMoveError naming the range.
fn action_id(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<u16> {
    Ok(super::action_arg(obj, n)? as u16)
}

fn letter(p: u8) -> String {
    (LETTERS[p as usize] as char).to_string()
}

// ====================================================================================
// Golomb's game
// ====================================================================================

/// The package's move objects of the 8×8 game, indexed by action id
/// (`notation.BOARD_MOVES`): 2,308 placements, 12 picks, 12 touches.
static BOARD_MOVES: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static BOARD_INTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
static BOARD_ADDRESSES: PyOnceLock<AddressTable> = PyOnceLock::new();

fn board_moves(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    super::cached(&BOARD_MOVES, py, || {
        let notation = py.import("pentarena.games.pentomino.notation")?;
        let moves: Vec<Py<PyAny>> = notation.getattr("BOARD_MOVES")?.extract()?;
        if moves.len() != NUM_ACTIONS {
            return Err(PyValueError::new_err("BOARD_MOVES must list every action id"));
        }
        // the Python tables and the engine's agree, placement by placement
        for (a, obj) in moves.iter().enumerate() {
            let (_, piece, mask, _): (String, String, u64, String) = obj.bind(py).extract()?;
            let expected = Move::from_action(a as u16).expect("an action");
            if piece != letter(expected.piece()) || (a < NUM_PLACEMENTS && mask != MASKS[a]) {
                return Err(PyValueError::new_err(format!("BOARD_MOVES[{a}] is not the engine's move")));
            }
        }
        Ok(moves)
    })
}

fn board_ints(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    super::cached(&BOARD_INTS, py, || ints(py, NUM_ACTIONS))
}

fn illegal(err: game::IllegalMove) -> PyErr {
    IllegalMoveError::new_err(err.to_string())
}

/// The engine move for `(kind, piece, action)` as the Python side describes a move.
fn game_move(kind: &str, piece: u8, action: Option<u16>) -> PyResult<Move> {
    match (kind, action) {
        ("place", Some(a)) if (a as usize) < NUM_PLACEMENTS => Ok(Move::Place(a)),
        ("pick", _) => Ok(Move::Pick(piece)),
        ("touch", _) => Ok(Move::Touch(piece)),
        ("remove", _) => Ok(Move::Remove(piece)),
        _ => Err(InvalidMoveError::new_err(format!("not a pentomino move: {kind} {}", letter(piece)))),
    }
}

/// A finished round for Python: (starting seat, [(seat, action)], points per seat).
type RoundRow = (u8, Vec<(u8, u16)>, Vec<u16>);

/// The native engine of Golomb's game under `pentarena.games.pentomino.PentominoState`
/// (which subclasses it): the position, the moves played, the rounds of a match.
#[pyclass(subclass, module = "pentarena._native")]
pub struct PentominoCore {
    pub(super) state: game::State,
}

impl PentominoCore {
    fn pos(&self) -> &game::Position {
        &self.state.position
    }

    /// Play one action's move (`apply_action`: a touch-move placement needs its touch).
    fn play(&mut self, mv: Move) -> PyResult<()> {
        if self.pos().is_over() {
            return Err(IllegalMoveError::new_err(GAME_OVER));
        }
        self.state.play(mv).map_err(illegal)
    }

    /// Play a move object's or move text's move: with touch-move, a placement of an
    /// untouched piece touches it first (`game::State::play_whole`).
    fn play_whole(&mut self, mv: Move) -> PyResult<()> {
        if self.pos().is_over() {
            return Err(IllegalMoveError::new_err(GAME_OVER));
        }
        self.state.play_whole(mv).map_err(illegal)
    }

    fn move_list<'py>(&self, py: Python<'py>, objects: &[Py<PyAny>], actions: impl Iterator<Item = u16>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, actions.map(|a| objects[a as usize].bind(py)))
    }
}

#[pymethods]
impl PentominoCore {
    /// The 2-player standard game.  Arguments are left to the subclass's `__init__`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        PentominoCore { state: game::State::default() }
    }

    /// Start a game with these options; `sets`: the draft's preset sets (piece masks).
    #[pyo3(signature = (players, draft, touch_move, points, target, sets=None))]
    fn _setup(&mut self, players: u8, draft: bool, touch_move: bool, points: Vec<u16>, target: u16, sets: Option<Vec<u16>>) -> PyResult<()> {
        let mut pts = [0u16; 3];
        if points.len() > 3 {
            return Err(PyValueError::new_err("at most three round points"));
        }
        pts[..points.len()].copy_from_slice(&points);
        let rules = Rules { players, draft, touch_move, points: pts, target };
        let preset = match sets {
            None => None,
            Some(s) if s.len() <= MAX_PLAYERS => {
                let mut out = [0u16; MAX_PLAYERS];
                out[..s.len()].copy_from_slice(&s);
                Some(out)
            }
            Some(_) => return Err(PyValueError::new_err("one set per seat")),
        };
        let position = game::Position::new(rules, preset).map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.state = game::State::new(position);
        Ok(())
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.pos().current_player()
    }

    /// Whether the game is over (no seat is to move).
    fn is_terminal(&self) -> bool {
        self.pos().is_over()
    }

    /// Every legal move (the package's move objects), in a deterministic order; [] when
    /// the game is over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let objects = board_moves(py)?;
        let mut actions = Vec::with_capacity(NUM_PLACEMENTS);
        self.pos().for_each_legal(|a| actions.push(a));
        self.move_list(py, objects, actions.into_iter())
    }

    /// The legal moves' dense action ids (0 to `game.num_distinct_actions - 1`), in a
    /// deterministic order; [] when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let objects = board_ints(py)?;
        let mut actions = Vec::with_capacity(NUM_PLACEMENTS);
        self.pos().for_each_legal(|a| actions.push(a));
        self.move_list(py, objects, actions.into_iter())
    }

    /// Play a move object or move text.  The package's own move objects are checked and
    /// played here; anything else goes to the subclass's `_apply_slow`.
    fn apply(slf: &Bound<'_, Self>, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let table = super::cached(&BOARD_ADDRESSES, py, || board_moves(py).map(|m| AddressTable::new(m)))?;
        if let Some(action) = table.get(a_move.as_ptr() as usize) {
            return super::exclusive(slf)?.play_whole(Move::from_action(action).expect("an action"));
        }
        slf.call_method1(intern!(py, "_apply_slow"), (a_move,))?;
        Ok(())
    }

    /// Play the move of a dense action id: the same as `apply(action_to_move(action))`.
    /// InvalidMoveError for an id out of range, IllegalMoveError for a move the rules
    /// do not allow here; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_id(action, NUM_ACTIONS)?;
        self.play(Move::from_action(a).expect("an action"))
    }

    /// The move object of an action id.
    fn action_to_move(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let a = action_id(action, NUM_ACTIONS)?;
        Ok(board_moves(py)?[a as usize].clone_ref(py))
    }

    /// Raise IllegalMoveError (with the reason) unless the move is legal here.  `kind`:
    /// place, pick, touch or remove; `action`: the placement's action id.
    #[pyo3(signature = (kind, piece, action=None))]
    fn _check(&self, kind: &str, piece: u8, action: Option<u16>) -> PyResult<()> {
        self.state.check_whole(game_move(kind, piece, action)?).map_err(illegal)
    }

    /// Check and play a move described as for `_check` (a whole move: see `play_whole`).
    #[pyo3(signature = (kind, piece, action=None))]
    fn _play(&mut self, kind: &str, piece: u8, action: Option<u16>) -> PyResult<()> {
        self.play_whole(game_move(kind, piece, action)?)
    }

    /// The winning seats: every seat of each side that shares the best result (a draw
    /// names every tied seat); empty until the game is over.
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let w = self.pos().winners();
        PySet::new(py, (0..MAX_PLAYERS).filter(|s| w >> s & 1 == 1))
    }

    /// Match totals with 3–4 players (rounds); otherwise 1 for the winner, 0 for the others.
    fn scores(&self) -> Vec<u16> {
        let pos = self.pos();
        let rules = pos.rules();
        if rules.rounds() {
            return pos.totals().to_vec();
        }
        (0..rules.players as usize).map(|s| (pos.winners() >> s & 1) as u16).collect()
    }

    /// A heuristic value of this position for `seat` (higher is better).
    fn evaluate(&self, seat: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.pos().evaluate(super::seat_arg(seat, self.pos().rules().players as usize)?))
    }

    /// `n` uniformly random playouts from here (whole matches with 3–4 players), run in
    /// Rust without the GIL.
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        let players = position.rules().players as usize;
        let rounds = position.rules().rounds();
        let stats = super::interruptible(py, move |stop| position.random_playouts_stoppable(n, seed, stop))?;
        let out = PyDict::new(py);
        out.set_item("wins", stats.wins[..players].to_vec())?;
        out.set_item("draws", stats.draws)?;
        out.set_item("plies", stats.plies)?;
        out.set_item("returns", stats.returns[..players].to_vec())?;
        if rounds {
            out.set_item("points", stats.points[..players].to_vec())?;
            out.set_item("rounds", stats.rounds)?;
        }
        Ok(out)
    }

    /// pick, place or over.
    #[getter]
    fn phase(&self) -> &'static str {
        self.pos().phase().name()
    }

    /// The standard game's pool of pieces (bit i = piece i); the draft's pieces not picked.
    #[getter]
    fn pool(&self) -> u16 {
        self.pos().pool()
    }

    /// The draft's sets (piece masks), None in the standard game.
    #[getter]
    fn sets(&self) -> Option<Vec<u16>> {
        self.pos().sets().map(|s| s.to_vec())
    }

    /// The letter of the piece touched (touch-move), or None.
    #[getter]
    fn touched(&self) -> Option<String> {
        self.pos().touched().map(letter)
    }

    #[getter]
    fn totals(&self) -> Vec<u16> {
        self.pos().totals().to_vec()
    }

    #[getter]
    fn round_start(&self) -> usize {
        self.pos().round_start()
    }

    /// Covered squares (bit row * 8 + col).
    #[getter]
    fn occ(&self) -> u64 {
        self.pos().occupied()
    }

    /// The pieces `seat` may place (a piece mask).
    fn available(&self, seat: &Bound<'_, PyAny>) -> PyResult<u16> {
        Ok(self.pos().available(super::seat_arg(seat, self.pos().rules().players as usize)?))
    }

    /// Whether piece `piece` (an index) fits somewhere on the empty squares.
    fn _can_place(&self, piece: usize) -> bool {
        let occ = self.pos().occupied();
        piece < PIECES && board_range(piece).any(|i| MASKS[i] & occ == 0)
    }

    /// The placements of the pieces in the mask `pieces` that fit on the empty squares
    /// (move objects, in action order).
    fn _placements<'py>(&self, py: Python<'py>, pieces: u16) -> PyResult<Bound<'py, PyList>> {
        let objects = board_moves(py)?;
        let occ = self.pos().occupied();
        let actions = (0..PIECES)
            .filter(|p| pieces >> p & 1 == 1)
            .flat_map(board_range)
            .filter(|&i| MASKS[i] & occ == 0)
            .map(|i| i as u16);
        self.move_list(py, objects, actions)
    }

    /// Rounds finished (matches of rounds).
    fn _rounds_finished(&self) -> usize {
        self.state.rounds().len()
    }

    fn _history_actions(&self) -> Vec<u16> {
        self.state.history().to_vec()
    }

    /// This round's placements: (seat, action).
    fn _placed(&self) -> Vec<(u8, u16)> {
        self.state.placed().to_vec()
    }

    /// The finished rounds: (starting seat, [(seat, action)], points per seat).
    fn _rounds(&self) -> Vec<RoundRow> {
        let n = self.pos().rules().players as usize;
        self.state.rounds().iter().map(|r| (r.start, r.placed.clone(), r.points[..n].to_vec())).collect()
    }

    /// The 2-player placement phase solved exactly, within `time_limit` seconds (None: no
    /// limit), without the GIL: (the mover wins, a winning placement's action id or None,
    /// nodes), or None when it does not apply or time runs out.
    fn _solve(slf: &Bound<'_, Self>, time_limit: Option<f64>) -> PyResult<Option<(bool, Option<u16>, u64)>> {
        let py = slf.py();
        let deadline = super::deadline(time_limit)?;
        // (copies: the state is free meanwhile)
        let Some((occ, mine, theirs, shared, only)) = super::shared(slf)?.pos().endgame() else { return Ok(None) };
        let solve = move |stop: &mut dyn FnMut() -> bool| endgame::solve(occ, mine, theirs, shared, only, deadline, stop);
        let found = super::interruptible(py, solve)?;
        Ok(found.map(|found| (found.wins, found.placement, found.nodes)))
    }

    /// The same position solved by the proof search (`pentomino::proof`), whose tables
    /// last from one call to the next: (the mover wins, a winning placement — or, when the
    /// mover loses, the move whose refutation took the most work — and nodes), or None.
    /// `time_limit`: seconds, None for no limit.
    fn _prove(slf: &Bound<'_, Self>, time_limit: Option<f64>) -> PyResult<Option<(bool, Option<u16>, u64)>> {
        let py = slf.py();
        let deadline = super::deadline(time_limit)?;
        // (copies: the state is free meanwhile)
        let Some((occ, mine, theirs, shared, only)) = super::shared(slf)?.pos().endgame() else { return Ok(None) };
        let found = super::interruptible(py, move |stop| {
            let lock = if shared { &GAME_PROVER } else { &DRAFT_PROVER };
            match lock.try_lock() {
                Ok(mut held) => held
                    .get_or_insert_with(|| Prover::new(BOT_TABLE_BITS, shared))
                    .solve(occ, mine, theirs, only, deadline, stop),
                // another thread is proving: a prover of its own, with a small table
                Err(_) => Prover::new(16, shared).solve(occ, mine, theirs, only, deadline, stop),
            }
        })?;
        Ok(found.map(|found| (found.wins, found.placement, found.nodes)))
    }

    /// An instance of the same (sub)class with the same engine state; the subclass copies
    /// its own attributes.
    fn _copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let ty = slf.get_type();
        let new = ty.call_method1(intern!(slf.py(), "__new__"), (&ty,))?;
        new.cast::<PentominoCore>()?.borrow_mut().state = super::shared(slf)?.state.clone();
        Ok(new)
    }
}

/// Piece p's placements on the 8×8 board (action ids).
fn board_range(p: usize) -> std::ops::Range<usize> {
    PIECE_START[p] as usize..PIECE_START[p + 1] as usize
}

// ====================================================================================
// Puzzles
// ====================================================================================

/// A puzzle table's fixed facts, shared by its states: the region, the pieces, every
/// placement, and the package's move objects in action order.
#[pyclass(frozen, module = "pentarena._native")]
pub struct PuzzleTables {
    tables: Arc<puzzle::Tables>,
    moves: Vec<Py<PyAny>>,
    ints: Vec<Py<PyAny>>,
    addresses: AddressTable,
}

#[pymethods]
impl PuzzleTables {
    /// `cells`: the region's grid squares (`row * width + col`); `pieces`: a piece mask;
    /// `moves`: the move objects of every action id (the placements of the pieces inside
    /// the region in `board.placements` order, then a removal per piece).
    #[new]
    fn new(py: Python<'_>, width: usize, height: usize, cells: Vec<usize>, pieces: u16, moves: Vec<Py<PyAny>>) -> PyResult<Self> {
        let region = Region::new(width, height, &cells).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let tables = puzzle::Tables::new(region, pieces);
        if moves.len() != tables.num_actions() {
            return Err(PyValueError::new_err(format!(
                "{} move objects for {} action ids",
                moves.len(),
                tables.num_actions()
            )));
        }
        for (a, obj) in moves.iter().enumerate().take(tables.num_placements()) {
            let (_, piece, _, _): (String, String, Py<PyAny>, String) = obj.bind(py).extract()?;
            if piece != letter(tables.piece_of(a)) {
                return Err(PyValueError::new_err(format!("move {a} is not the engine's placement")));
            }
        }
        let addresses = AddressTable::new(&moves);
        let ints = ints(py, moves.len())?;
        Ok(PuzzleTables { tables: Arc::new(tables), moves, ints, addresses })
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.tables.num_actions()
    }

    #[getter]
    fn num_placements(&self) -> usize {
        self.tables.num_placements()
    }

    /// The grid squares of placement `action`.
    fn squares(&self, action: usize) -> PyResult<Vec<usize>> {
        if action >= self.tables.num_placements() {
            return Err(PyValueError::new_err("not a placement"));
        }
        Ok(bits(self.tables.mask(action)).map(|i| self.tables.region.square(i)).collect())
    }
}

fn puzzle_illegal(err: puzzle::IllegalMove) -> PyErr {
    IllegalMoveError::new_err(err.to_string())
}

fn puzzle_move(kind: &str, piece: u8, action: Option<u16>) -> PyResult<PuzzleMove> {
    match kind {
        "place" => Ok(PuzzleMove::Place { piece, placement: action }),
        "remove" => Ok(PuzzleMove::Remove(piece)),
        "pick" => Ok(PuzzleMove::Other(Word::Pick, piece)),
        "touch" => Ok(PuzzleMove::Other(Word::Touch, piece)),
        _ => Err(InvalidMoveError::new_err(format!("not a puzzle move: {kind} {}", letter(piece)))),
    }
}

/// The native puzzle engine under `pentarena.games.pentomino.PuzzleState`.
#[pyclass(subclass, module = "pentarena._native")]
pub struct PuzzleCore {
    tables: Option<Py<PuzzleTables>>,
    puzzle: Option<puzzle::Puzzle>,
}

impl PuzzleCore {
    fn puzzle(&self) -> PyResult<&puzzle::Puzzle> {
        self.puzzle.as_ref().ok_or_else(|| PyValueError::new_err("the puzzle has no region yet (_setup)"))
    }

    fn parts(&self) -> PyResult<(&puzzle::Puzzle, &PuzzleTables)> {
        let t = self.tables.as_ref().ok_or_else(|| PyValueError::new_err("the puzzle has no region yet (_setup)"))?;
        Ok((self.puzzle()?, t.get()))
    }

    fn play(&mut self, mv: PuzzleMove) -> PyResult<()> {
        let p = self.puzzle.as_mut().ok_or_else(|| PyValueError::new_err("the puzzle has no region yet (_setup)"))?;
        if p.is_solved() {
            return Err(IllegalMoveError::new_err(GAME_OVER));
        }
        p.play(mv).map_err(puzzle_illegal)
    }

    fn list<'py>(&self, py: Python<'py>, ints: bool) -> PyResult<Bound<'py, PyList>> {
        let (p, t) = self.parts()?;
        let objects = if ints { &t.ints } else { &t.moves };
        PyList::new(py, p.legal_actions().into_iter().map(|a| objects[a as usize].bind(py)))
    }
}

#[pymethods]
impl PuzzleCore {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        PuzzleCore { tables: None, puzzle: None }
    }

    /// Start on the empty region of `tables`.
    fn _setup(&mut self, tables: Py<PuzzleTables>) {
        self.puzzle = Some(puzzle::Puzzle::new(tables.get().tables.clone()));
        self.tables = Some(tables);
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn current_player(&self) -> PyResult<Option<usize>> {
        Ok((!self.puzzle()?.is_solved()).then_some(0))
    }

    /// Whether the game is over (no seat is to move).
    fn is_terminal(&self) -> PyResult<bool> {
        Ok(self.puzzle()?.is_solved())
    }

    /// Every legal move (the package's move objects), in a deterministic order; [] when
    /// the game is over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py, false)
    }

    /// The legal moves' dense action ids (0 to `game.num_distinct_actions - 1`), in a
    /// deterministic order; [] when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py, true)
    }

    /// Play a move object or move text (see `PentominoCore.apply`).
    fn apply(slf: &Bound<'_, Self>, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        let found = {
            let core = super::shared(slf)?;
            let (_, t) = core.parts()?;
            t.addresses.get(a_move.as_ptr() as usize).map(|a| t.tables.move_of(a).expect("an action"))
        };
        if let Some(mv) = found {
            return super::exclusive(slf)?.play(mv);
        }
        slf.call_method1(intern!(slf.py(), "_apply_slow"), (a_move,))?;
        Ok(())
    }

    /// Play the move of a dense action id: the same as `apply(action_to_move(action))`.
    /// InvalidMoveError for an id out of range, IllegalMoveError for a move the rules
    /// do not allow here; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = {
            let (_, t) = self.parts()?;
            let a = action_id(action, t.tables.num_actions())?;
            t.tables.move_of(a).expect("an action")
        };
        self.play(mv)
    }

    /// The move object of a dense action id (InvalidMoveError if there is none).
    fn action_to_move(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let (_, t) = self.parts()?;
        let a = action_id(action, t.tables.num_actions())?;
        Ok(t.moves[a as usize].clone_ref(py))
    }

    /// Raise IllegalMoveError unless the move is legal here; `action`: the placement's
    /// action id, None for a placement that leaves the region.
    #[pyo3(signature = (kind, piece, action=None))]
    fn _check(&self, kind: &str, piece: u8, action: Option<u16>) -> PyResult<()> {
        self.puzzle()?.check(puzzle_move(kind, piece, action)?).map_err(puzzle_illegal)
    }

    #[pyo3(signature = (kind, piece, action=None))]
    fn _play(&mut self, kind: &str, piece: u8, action: Option<u16>) -> PyResult<()> {
        self.play(puzzle_move(kind, piece, action)?)
    }

    /// The winning seats: every seat of each side that shares the best result (a draw
    /// names every tied seat); empty until the game is over.
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let solved = self.puzzle()?.is_solved();
        PySet::new(py, solved.then_some(0usize))
    }

    /// Cells covered.
    fn scores(&self) -> PyResult<Vec<u32>> {
        Ok(vec![self.puzzle()?.occupied().count_ones()])
    }

    /// `n` random fillings from here: uniformly random placements, never a removal,
    /// until the region is covered or no piece left fits (GIL released).
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let py = slf.py();
        let p = super::shared(slf)?.puzzle()?.clone(); // a copy: the puzzle is free meanwhile
        let stats = super::interruptible(py, move |stop| p.random_fillings_stoppable(n, seed, stop))?;
        let out = PyDict::new(py);
        out.set_item("solved", stats.solved)?;
        out.set_item("stuck", n - stats.solved)?;
        out.set_item("cells", stats.cells)?;
        out.set_item("plies", stats.plies)?;
        Ok(out)
    }

    fn _history_actions(&self) -> PyResult<Vec<u16>> {
        Ok(self.puzzle()?.history().to_vec())
    }

    /// The placed pieces in placing order: (piece index, action).
    fn _placed(&self) -> PyResult<Vec<(u8, u16)>> {
        Ok(self.puzzle()?.placed().collect())
    }

    /// The table's pieces not on the board (a piece mask).
    fn _unplaced(&self) -> PyResult<u16> {
        Ok(self.puzzle()?.unplaced())
    }

    fn _copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let ty = slf.get_type();
        let new = ty.call_method1(intern!(py, "__new__"), (&ty,))?;
        {
            let me = super::shared(slf)?;
            let cast = new.cast::<PuzzleCore>()?;
            let mut other = cast.borrow_mut();
            other.tables = me.tables.as_ref().map(|t| t.clone_ref(py));
            other.puzzle = me.puzzle.clone();
        }
        Ok(new)
    }
}

// ====================================================================================
// The puzzle solver
// ====================================================================================

/// A watcher that reports to Python: `progress(found, percent)` when given, Ctrl-C
/// (signals) checked now and then, an optional deadline.
struct PyWatch<'a> {
    progress: Option<&'a Py<PyAny>>,
    deadline: Option<Instant>,
    error: Option<PyErr>,
}

impl PyWatch<'_> {
    fn call(&mut self, f: impl FnOnce(Python<'_>) -> PyResult<()>) -> bool {
        match Python::attach(f) {
            Ok(()) => true,
            Err(e) => {
                self.error = Some(e);
                false
            }
        }
    }
}

impl Watch for PyWatch<'_> {
    fn progress(&mut self, found: u64, percent: u32) -> bool {
        match self.progress {
            Some(cb) => self.call(|py| {
                cb.call1(py, (found, percent))?;
                py.check_signals()
            }),
            None => true,
        }
    }

    fn tick(&mut self, _nodes: u64) -> bool {
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return false;
        }
        self.call(|py| py.check_signals())
    }
}

/// A solution as (piece index, the placement's grid squares) pairs.
type PySolution = Vec<(u8, Vec<usize>)>;

/// The exact-cover solver (`pentomino.solver.Solver` wraps it).
#[pyclass(frozen, module = "pentarena._native")]
pub struct PentominoSolver {
    solver: solver::Solver,
    region: Region,
    masks: Vec<u64>,
}

impl PentominoSolver {
    fn squares(&self, sol: &[solver::Placed]) -> PySolution {
        sol.iter()
            .map(|&(p, i)| (p, bits(self.masks[i as usize]).map(|c| self.region.square(c)).collect()))
            .collect()
    }

    fn run<T: Send>(
        &self,
        py: Python<'_>,
        progress: Option<Py<PyAny>>,
        time_limit: Option<f64>,
        f: impl FnOnce(&solver::Solver, &mut dyn Watch) -> T + Send,
    ) -> PyResult<T> {
        let deadline = super::deadline(time_limit)?;
        let (out, error) = py.detach(|| {
            let mut watch = PyWatch { progress: progress.as_ref(), deadline, error: None };
            let out = f(&self.solver, &mut watch);
            (out, watch.error)
        });
        match error {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

#[pymethods]
impl PentominoSolver {
    /// Tile the region (`cells`: grid squares of a `width × height` grid) minus the
    /// `filled` squares with `pieces` (piece indices, each used once, in this order).
    #[new]
    fn new(width: usize, height: usize, cells: Vec<usize>, pieces: Vec<u8>, filled: Vec<usize>) -> PyResult<Self> {
        let region = Region::new(width, height, &cells).map_err(|e| PyValueError::new_err(e.to_string()))?;
        if pieces.iter().any(|&p| p as usize >= PIECES) {
            return Err(PyValueError::new_err("pieces are numbered 0 to 11"));
        }
        let filled_mask = filled
            .iter()
            .filter_map(|&sq| region.cell_at(sq % width, sq / width))
            .fold(0u64, |m, i| m | 1 << i);
        let solver = solver::Solver::new(&region, &pieces, filled_mask);
        let masks = region.placements().masks;
        Ok(PentominoSolver { solver, region, masks })
    }

    /// The first tiling found, or None (GIL released).
    fn first(&self, py: Python<'_>) -> PyResult<Option<PySolution>> {
        let found = self.run(py, None, None, |s, w| s.first(w))?;
        Ok(found.map(|sol| self.squares(&sol)))
    }

    /// Every tiling (at most `limit`), in search order (GIL released).
    #[pyo3(signature = (limit=None))]
    fn solutions(&self, py: Python<'_>, limit: Option<usize>) -> PyResult<Vec<PySolution>> {
        let found = self.run(py, None, None, |s, w| s.solutions(limit, w))?;
        Ok(found.iter().map(|sol| self.squares(sol)).collect())
    }

    /// Count the tilings (GIL released): (count, raw, nodes, the first `keep` solutions,
    /// complete).  `progress(found, percent)` is called after each class of X placements
    /// (or every 200 solutions); `time_limit` stops the count early (complete = False).
    #[pyo3(signature = (up_to_symmetry=true, keep=0, progress=None, time_limit=None))]
    fn count(
        &self,
        py: Python<'_>,
        up_to_symmetry: bool,
        keep: usize,
        progress: Option<Py<PyAny>>,
        time_limit: Option<f64>,
    ) -> PyResult<(u64, u64, u64, Vec<PySolution>, bool)> {
        let c = self.run(py, progress, time_limit, |s, w| s.count(up_to_symmetry, keep, w))?;
        let kept = c.kept.iter().map(|sol| self.squares(sol)).collect();
        Ok((c.count, c.raw, c.nodes, kept, c.complete))
    }
}

/// Add Pentomino's classes and constants to the module.
/// The table of the provers behind `PentominoCore._prove` (2^22 entries: 64 MB).
const BOT_TABLE_BITS: u32 = 22;
static GAME_PROVER: Mutex<Option<Prover>> = Mutex::new(None);
static DRAFT_PROVER: Mutex<Option<Prover>> = Mutex::new(None);

/// The proof search of Golomb's game with a table of its own (`pentomino::proof`), for the
/// long proof from the empty board: position after position, the table kept between them.
#[pyclass(module = "pentarena._native")]
pub struct PentominoProver {
    inner: Arc<Mutex<Prover>>,
}

#[pymethods]
impl PentominoProver {
    #[new]
    #[pyo3(signature = (table_bits = None, shared = true))]
    fn new(table_bits: Option<&Bound<'_, PyAny>>, shared: bool) -> PyResult<Self> {
        let bits = super::optional_whole_arg(table_bits, "table_bits must be between 10 and 32", 10, 32)?.unwrap_or(24) as u32;
        // (a table the machine cannot give is refused here, not left to abort the process)
        let prover = Prover::try_new(bits, shared).ok_or_else(|| {
            pyo3::exceptions::PyMemoryError::new_err(format!(
                "table_bits {bits}: a table of 2**{bits} entries needs {} GB, more than can be allocated; \
                 give fewer bits (each one less halves it)",
                (16u64 << bits) as f64 / 1e9
            ))
        })?;
        Ok(PentominoProver { inner: Arc::new(Mutex::new(prover)) })
    }

    /// Solve (covered squares, the mover's pieces, the other's) without the GIL: (the
    /// mover wins, the winning placement or the most stubborn losing one, nodes), or None
    /// when `time_limit` seconds pass first.
    #[pyo3(signature = (occ, mine, theirs, only = None, time_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        occ: u64,
        mine: u16,
        theirs: u16,
        only: Option<u8>,
        time_limit: Option<f64>,
    ) -> PyResult<Option<(bool, Option<u16>, u64)>> {
        let deadline = super::deadline(time_limit)?;
        let inner = Arc::clone(&self.inner);
        let found = super::interruptible(py, move |stop| {
            let mut prover = inner.lock().unwrap_or_else(|e| e.into_inner());
            prover.solve(occ, mine, theirs, only, deadline, stop)
        })?;
        Ok(found.map(|found| (found.wins, found.placement, found.nodes)))
    }

    /// Positions searched since the prover was made.
    #[getter]
    fn nodes(&self) -> u64 {
        self.inner.lock().unwrap_or_else(|e| e.into_inner()).nodes
    }

    /// (bytes of the table, entries in use).
    fn table_usage(&self) -> (usize, usize) {
        let prover = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (prover.table_bytes(), prover.table_used())
    }

    /// The least of a board's 8 symmetric images.
    #[staticmethod]
    fn canonical(occ: u64) -> u64 {
        canonical(occ)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PentominoProver>()?;
    m.add("PENTOMINO_NUM_ACTIONS", NUM_ACTIONS)?;
    m.add_class::<PentominoCore>()?;
    m.add_class::<PuzzleTables>()?;
    m.add_class::<PuzzleCore>()?;
    m.add_class::<PentominoSolver>()?;
    Ok(())
}
