//! Pentago's core class (`PentagoCore`) and its cached move objects.
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PySet, PyTuple};
use pyo3::intern;


use crate::pentago::midgame::{self, Refusal};
use crate::pentago::{self, Action, Move, Twist};
use crate::search::SearchLimits;

use super::address::AddressTable;
use super::IllegalMoveError;

/// The solver's answer: the value, every move's value, the colourings computed.
type SolvedMoves = (i8, Vec<(Action, i8)>, u64);

/// The package's 324 `PentagoMove` objects, indexed by action id.
static PENTAGO_MOVES: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
/// The ints 0..324 (CPython caches only up to 256).
static ACTION_INTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

/// Per quadrant and 9-bit pattern of blocked cells, the tuple of its turning moves (as
/// move objects, and as ints), built on first use.  A list of legal moves is then made of
/// four tuples, copied by CPython in bulk (one reference count per move, no call per
/// move: that is what makes `legal_moves()` cheap under the stable ABI).
const BLOCKS: usize = 4 * 512;
static MOVE_BLOCKS: [PyOnceLock<Py<PyTuple>>; BLOCKS] = [const { PyOnceLock::new() }; BLOCKS];
static INT_BLOCKS: [PyOnceLock<Py<PyTuple>>; BLOCKS] = [const { PyOnceLock::new() }; BLOCKS];

/// The cached move objects' addresses -> their action ids (open addressing), so that
/// `apply(move)` recognises one of them without reading the tuple.
static MOVE_ADDRESSES: PyOnceLock<AddressTable> = PyOnceLock::new();

fn pentago_moves(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    super::cached(&PENTAGO_MOVES, py, || {
        let notation = py.import("pentarena.games.pentago.notation")?;
        let moves: Vec<Py<PyAny>> = notation.getattr("MOVES_BY_ACTION")?.extract()?;
        if moves.len() != pentago::NUM_ACTIONS {
            return Err(PyValueError::new_err("MOVES_BY_ACTION must list every action id"));
        }
        Ok(moves)
    })
}

fn action_ints(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    super::cached(&ACTION_INTS, py, || {
        (0..pentago::NUM_ACTIONS)
            .map(|a| Ok(a.into_pyobject(py)?.into_any().unbind()))
            .collect()
    })
}

/// The legal moves of `position` as a new list of `objects[action]`, built from the
/// cached per-quadrant tuples in `blocks`.
fn legal_list<'py>(
    py: Python<'py>,
    position: &pentago::Position,
    objects: &[Py<PyAny>],
    blocks: &[PyOnceLock<Py<PyTuple>>; BLOCKS],
) -> PyResult<Bound<'py, PyList>> {
    if position.is_over() {
        return Ok(PyList::empty(py));
    }
    let mut list: Option<Bound<'py, PyList>> = None;
    if position.has_win_actions() {
        list = Some(PyList::new(py, position.win_actions().map(|a| objects[a as usize].bind(py)))?);
    }
    for (q, &blocked) in position.quadrant_blocks().iter().enumerate() {
        let tuple = super::cached(&blocks[q * 512 + blocked], py, || {
            let actions: Vec<Action> = pentago::block_actions(q, blocked).collect();
            PyTuple::new(py, actions.iter().map(|&a| objects[a as usize].bind(py))).map(Bound::unbind)
        })?;
        match &list {
            None => list = Some(tuple.bind(py).to_list()),
            Some(l) => {
                let end = l.len();
                l.set_slice(end, end, tuple.bind(py).as_any())?;
            }
        }
    }
    let list = list.expect("four quadrants");
    Ok(list)
}

fn illegal(err: pentago::IllegalMove) -> PyErr {
    IllegalMoveError::new_err(err.to_string())
}

/// A move given as one of the package's move objects, or as an equal
/// `(cell, quadrant, direction)` tuple of ints, if it names a move; anything else goes the
/// slow way, through Python.
fn tuple_move(obj: &Bound<'_, PyAny>) -> Option<Move> {
    let py = obj.py();
    if let Ok(objects) = pentago_moves(py) {
        let table = super::cached_ok(&MOVE_ADDRESSES, py, || AddressTable::new(objects));
        if let Some(action) = table.get(obj.as_ptr() as usize) {
            return Move::from_action(action);
        }
    }
    let t = obj.cast::<PyTuple>().ok()?;
    if t.len() != 3 {
        return None;
    }
    // a bool is no cell (Python's True == 1): the Python path refuses it with a sentence
    let get = |i: usize| -> Option<i64> {
        let item = t.get_borrowed_item(i).ok()?;
        if item.is_instance_of::<PyBool>() {
            return None;
        }
        item.extract().ok()
    };
    let (cell, q, d) = (get(0)?, get(1)?, get(2)?);
    if !(0..36).contains(&cell) {
        return None;
    }
    let twist = match (q, d) {
        (-1, -1) => None,
        (0..=3, 0..=1) => Some(Twist { quadrant: q as u8, direction: d as u8 }),
        _ => return None,
    };
    Some(Move { cell: cell as u8, twist })
}

fn action_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let a = super::action_arg(obj, pentago::NUM_ACTIONS)?;
    Ok(Move::from_action(a as Action).expect("an action id in range"))
}

/// The native Pentago engine under `pentarena.games.pentago.PentagoState` (which
/// subclasses it).  Holds the position and the moves played.
#[pyclass(subclass, module = "pentarena._native")]
pub struct PentagoCore {
    pub(super) state: pentago::State,
}

#[pymethods]
impl PentagoCore {
    /// The empty board.  Arguments are left to the subclass's `__init__`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        PentagoCore { state: pentago::State::default() }
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.state.position.current_player()
    }

    /// Whether the game is over (no seat is to move).
    fn is_terminal(&self) -> bool {
        self.state.position.is_over()
    }

    /// Every legal move (the package's move objects), in a deterministic order; [] when
    /// the game is over.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_list(py, &self.state.position, pentago_moves(py)?, &MOVE_BLOCKS)
    }

    /// The legal moves' dense action ids (0 to `game.num_distinct_actions - 1`), in a
    /// deterministic order; [] when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_list(py, &self.state.position, action_ints(py)?, &INT_BLOCKS)
    }

    /// Play a move object, a `(cell, quadrant, direction)` tuple or move text.
    fn apply(slf: &Bound<'_, Self>, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(mv) = tuple_move(a_move) {
            return super::exclusive(slf)?.state.play(mv).map_err(illegal);
        }
        // text or anything else: the Python path parses it and explains what is wrong
        slf.call_method1(intern!(slf.py(), "_apply_slow"), (a_move,))?;
        Ok(())
    }

    /// Play the move of a dense action id: the same as `apply(action_to_move(action))`.
    /// InvalidMoveError for an id out of range, IllegalMoveError for a move the rules
    /// do not allow here; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = action_move(action)?;
        self.state.play(mv).map_err(illegal)
    }

    /// The move object of an action id.
    fn action_to_move(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let a = action_move(action)?.action();
        Ok(pentago_moves(py)?[a as usize].clone_ref(py))
    }

    /// Raise IllegalMoveError (with the reason) unless `action` is legal here.
    fn _check_action(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.state.position.check(action_move(action)?).map_err(illegal)
    }

    /// The winning seats: every seat of each side that shares the best result (a draw
    /// names every tied seat); empty until the game is over.
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let w = self.state.position.winners();
        PySet::new(py, (0..2usize).filter(|s| w >> s & 1 == 1))
    }

    /// 1 for a win, 0 otherwise (a draw gives both 1: both are winners).
    fn scores(&self) -> Vec<u32> {
        let w = self.state.position.winners();
        vec![(w & 1) as u32, (w >> 1 & 1) as u32]
    }

    /// A key equal for positions that play on identically (the same position and
    /// player to move), for transposition tables.
    fn position_key(&self) -> u64 {
        self.state.position.key()
    }

    /// A heuristic value of this position for `seat` (higher is better).
    fn evaluate(&self, seat: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.state.position.evaluate(super::seat_arg(seat, 2)?))
    }

    /// `n` uniformly random playouts from here, run in Rust without the GIL.
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        let stats = super::interruptible(py, move |stop| position.random_playouts_stoppable(n, seed, stop))?;
        let out = PyDict::new(py);
        out.set_item("wins", stats.wins.to_vec())?;
        out.set_item("draws", stats.draws)?;
        out.set_item("plies", stats.plies)?;
        out.set_item("returns", stats.returns.to_vec())?;
        Ok(out)
    }

    /// [White's bitboard, Black's bitboard] (bit row * 6 + col, row 0 = rank 1).
    #[getter]
    fn boards(&self) -> Vec<u64> {
        self.state.position.boards().to_vec()
    }

    /// The seat whose marble is on `cell` (row-major), or None.
    fn cell(&self, cell: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let shown = || super::shown(&cell.as_borrowed());
        match super::whole(cell) {
            Some(c) if (0..36).contains(&c) => Ok(self.state.position.cell(c as usize)),
            Some(_) => Err(PyIndexError::new_err(format!("cells run from 0 to 35 (row-major), got {}", shown()))),
            None => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a cell is a whole number from 0 to 35 (row-major), got {}",
                shown()
            ))),
        }
    }

    /// `cell(c)` for every cell, row-major.
    fn _cells(&self) -> Vec<Option<usize>> {
        (0..36).map(|c| self.state.position.cell(c)).collect()
    }

    /// The empty cells (row-major bits) where the player to move wins by placing alone.
    fn _win_cells(&self) -> u64 {
        self.state.position.win_cells()
    }

    fn _empty_count(&self) -> u32 {
        self.state.position.empty_count()
    }

    /// The `n`-th empty cell, quadrant by quadrant, and whether placing there wins.
    fn _nth_empty(&self, n: u32) -> PyResult<(u8, bool)> {
        if n >= self.state.position.empty_count() {
            return Err(PyIndexError::new_err("fewer empty cells"));
        }
        Ok(self.state.position.nth_empty(n))
    }

    fn _history_actions(&self) -> Vec<Action> {
        self.state.history().to_vec()
    }

    /// Replace the position by a set-up one (row-major bitboards), with no moves played.
    fn _set_boards(&mut self, white: u64, black: u64, to_move: usize) -> PyResult<()> {
        let position = pentago::Position::from_boards(white, black, to_move)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.state = pentago::State::new(position);
        Ok(())
    }

    /// The exact midgame solver (``pentago/midgame.rs``), run without the GIL:
    /// ``(value, [(action, value), ...], colourings)`` for the player to move (1 win,
    /// 0 draw, -1 loss; the moves in legal order), or None when it cannot finish within
    /// ``time_limit`` seconds (given up at once when its estimate is over the limit) or
    /// ``max_gb`` of memory.
    #[pyo3(signature = (time_limit=None, threads=None, max_gb=12.0))]
    fn _solve(
        slf: &Bound<'_, Self>,
        time_limit: Option<f64>,
        threads: Option<&Bound<'_, PyAny>>,
        max_gb: f64,
    ) -> PyResult<Option<SolvedMoves>> {
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        let deadline = super::deadline(time_limit)?;
        // (each layer splits its work among as many OS threads: a huge number would spawn
        // tens of thousands of them)
        let threads = super::optional_whole_arg(threads, "threads must be 1 to 256", 1, 256)?.unwrap_or(1);
        if max_gb.is_nan() || max_gb < 0.0 {
            return Err(PyValueError::new_err(format!("max_gb must be a number of gigabytes, 0 or more, got {max_gb}")));
        }
        let limits = midgame::Limits {
            deadline,
            max_bytes: (max_gb * 1e9) as usize,
            threads: threads as usize,
            give_up_factor: 1.0,
        };
        match super::interruptible(py, move |stop| midgame::solve(&position, &limits, stop))? {
            Ok(s) => Ok(Some((s.value, s.moves, s.colourings))),
            Err(Refusal::GameOver) => Err(PyValueError::new_err("the game is over: there is nothing to solve")),
            Err(_) => Ok(None),
        }
    }

    /// The solver's estimate of its time for this position on one thread of the
    /// development machine (seconds), and its memory (bytes).
    fn _solve_estimate(&self) -> (f64, usize) {
        let n = self.state.position.empty_count() as usize;
        (midgame::estimated_seconds(n), midgame::peak_bytes(n))
    }

    /// The native alpha-beta (``search/``, ``pentago/search.rs``), run without the GIL:
    /// ``(action, score, depth, nodes, proven)`` where ``proven`` is 1 (a forced win),
    /// -1 (a forced loss) or 0 (a heuristic score), and ``score`` is in -1..1 (±1 proven).
    /// ``extensions``: threat extensions a line (a move threatening to win at once is
    /// searched a ply deeper, at most that many times a line); ``fitted``: the evaluation's
    /// fitted weights (``FITTED_WEIGHTS``) instead of the hand-set ones.
    #[pyo3(signature = (time_limit=None, max_depth=None, max_nodes=None, extensions=None, fitted=false))]
    fn _search(
        slf: &Bound<'_, Self>,
        time_limit: Option<f64>,
        max_depth: Option<&Bound<'_, PyAny>>,
        max_nodes: Option<&Bound<'_, PyAny>>,
        extensions: Option<&Bound<'_, PyAny>>,
        fitted: bool,
    ) -> PyResult<(Action, f64, u32, u64, i32)> {
        const U32: i128 = u32::MAX as i128;
        let max_depth =
            super::optional_whole_arg(max_depth, "max_depth must be a whole number from 0 to 2**32 - 1", 0, U32)?
                .map(|d| d as u32);
        let max_nodes = super::optional_whole_arg(max_nodes, "max_nodes must be a whole number from 0 to 2**64 - 1", 0, u64::MAX as i128)?
            .map(|n| n as u64);
        let extensions =
            super::optional_whole_arg(extensions, "extensions must be a whole number from 0 to 2**32 - 1", 0, U32)?
                .unwrap_or(0) as u32;
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        if position.is_over() {
            return Err(PyValueError::new_err("the game is over: there is no move to choose"));
        }
        // a table for about the nodes the search can visit (a shallow search: a small one)
        let tt_bits = match (max_depth, time_limit) {
            (Some(d), _) if d <= 3 => 14,
            (_, Some(t)) => (t.max(0.01) * 1e5).log2().clamp(14.0, 21.0) as u32,
            _ => 21,
        };
        let limits = SearchLimits {
            deadline: super::deadline(time_limit)?,
            max_depth: max_depth.unwrap_or(64),
            max_nodes,
            tt_bits,
            extensions,
        };
        let search = move |stop: &mut dyn FnMut() -> bool| pentago::search::best_move_stoppable(&position, &limits, fitted, stop);
        let r = super::interruptible(py, search)?
            .ok_or_else(|| PyValueError::new_err("no legal move"))?;
        let proven = r.proven().unwrap_or(0);
        let score = if proven != 0 {
            proven as f64
        } else {
            pentago::search::score_value(r.score)
        };
        Ok((r.best, score, r.depth, r.nodes, proven))
    }

    /// An instance of the same (sub)class with the same engine state; the subclass copies
    /// its own attributes.
    fn _copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let ty = slf.get_type();
        let new = ty.call_method1(intern!(slf.py(), "__new__"), (&ty,))?;
        new.cast::<PentagoCore>()?.borrow_mut().state = super::shared(slf)?.state;
        Ok(new)
    }
}
