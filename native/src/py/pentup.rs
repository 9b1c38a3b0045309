//! Pent-Up's core class (`PentupCore`) and its cached move objects.
use std::cell::RefCell;

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyList, PySet, PyString, PyTuple, PyType};

use crate::pentup::tables::{self, NUM_ORIENTS, ORIENTS, PIECE_NAMES};
use crate::pentup::search::{best_move_stoppable, Budget};
use crate::pentup::{self, Gen, IllegalMove, Move, Position, Rules, Scoring};

use super::IllegalMoveError;

/// Coordinates whose move objects are kept once made: -64..64 each way.
const CACHE_LO: i32 = -64;
const CACHE_SPAN: usize = 128;
/// One row of cached move objects (x from `CACHE_LO`).
type MoveRow = Box<[PyOnceLock<Py<PyAny>>]>;
/// Per orientation and row y, the move objects of that row (made on first use).
static MOVE_ROWS: [PyOnceLock<MoveRow>; NUM_ORIENTS * CACHE_SPAN] =
    [const { PyOnceLock::new() }; NUM_ORIENTS * CACHE_SPAN];
/// `PentUpMove` and `tuple.__new__`, to make move objects without running Python code.
static MOVE_TYPE: PyOnceLock<(Py<PyType>, Py<PyAny>)> = PyOnceLock::new();
/// The piece letters as Python strings.
static LETTERS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
/// Coordinates of the package's moves stay within this (the Python side refuses others).
const COORD_LIMIT: i64 = 1_000_000_000;

thread_local! {
    /// Scratch space for checks of states with no generated moves at hand.
    static SCRATCH: RefCell<Gen> = RefCell::new(Gen::new());
}

fn move_type(py: Python<'_>) -> PyResult<&(Py<PyType>, Py<PyAny>)> {
    super::cached(&MOVE_TYPE, py, || {
        let notation = py.import("pentarena.games.pentup.notation")?;
        let ty = notation.getattr("PentUpMove")?.cast_into::<PyType>()?.unbind();
        let new = py.get_type::<PyTuple>().getattr("__new__")?.unbind();
        Ok((ty, new))
    })
}

fn letters(py: Python<'_>) -> &Vec<Py<PyString>> {
    super::cached_ok(&LETTERS, py, || {
        PIECE_NAMES.iter().map(|&c| PyString::new(py, &(c as char).to_string()).unbind()).collect()
    })
}

/// A new `PentUpMove(piece, orient, x, y)`.
fn make_move(py: Python<'_>, mv: Move) -> PyResult<Py<PyAny>> {
    let (ty, new) = move_type(py)?;
    let o = &ORIENTS[mv.orient as usize];
    let fields = (letters(py)[o.piece as usize].clone_ref(py), o.index, mv.x, mv.y);
    Ok(new.bind(py).call1((ty.bind(py), fields))?.unbind())
}

/// The cache row of orientation `o` at row `y`, if `y` is cached.
fn cache_row(py: Python<'_>, orient: u8, y: i32) -> Option<&'static [PyOnceLock<Py<PyAny>>]> {
    let r = y.checked_sub(CACHE_LO)? as usize;
    if r >= CACHE_SPAN {
        return None;
    }
    let row = super::cached_ok(&MOVE_ROWS[orient as usize * CACHE_SPAN + r], py, || {
        (0..CACHE_SPAN).map(|_| PyOnceLock::new()).collect::<MoveRow>()
    });
    Some(row)
}

/// The move object of `mv`: the cached one when its coordinates are near the origin.
fn move_object(py: Python<'_>, mv: Move) -> PyResult<Py<PyAny>> {
    if let Some(row) = cache_row(py, mv.orient, mv.y) {
        let c = mv.x as i64 - CACHE_LO as i64;
        if (0..CACHE_SPAN as i64).contains(&c) {
            return Ok(super::cached(&row[c as usize], py, || make_move(py, mv))?.clone_ref(py));
        }
    }
    make_move(py, mv)
}

/// The moves of a generation, in order, as move objects (into `out`).
fn push_moves(py: Python<'_>, gen: &Gen, segs: &[pentup::grid::Segment], out: &mut Vec<Py<PyAny>>) -> PyResult<()> {
    for seg in segs {
        for ((x0, y), words) in gen.segment_rows(seg) {
            let row = cache_row(py, seg.orient, y);
            for (k, &w) in words.iter().enumerate() {
                let mut bits = w;
                while bits != 0 {
                    let x = x0 + 64 * k as i32 + bits.trailing_zeros() as i32;
                    bits &= bits - 1;
                    let c = x as i64 - CACHE_LO as i64;
                    let obj = match row {
                        Some(row) if (0..CACHE_SPAN as i64).contains(&c) => {
                            super::cached(&row[c as usize], py, || make_move(py, Move { orient: seg.orient, x, y }))?
                                .clone_ref(py)
                        }
                        _ => make_move(py, Move { orient: seg.orient, x, y })?,
                    };
                    out.push(obj);
                }
            }
        }
    }
    Ok(())
}

fn illegal(err: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(err.to_string())
}

/// An int within the coordinate limit (exact ints only: anything else goes the slow way).
fn small_int(obj: &Borrowed<'_, '_, PyAny>) -> Option<i64> {
    if !obj.is_exact_instance_of::<PyInt>() {
        return None;
    }
    let v: i64 = obj.extract().ok()?;
    (-COORD_LIMIT..=COORD_LIMIT).contains(&v).then_some(v)
}

/// A move given as one of the package's `PentUpMove` objects naming a real placement;
/// anything else goes the slow way, through Python (which says what is wrong with it).
fn object_move(obj: &Bound<'_, PyAny>) -> Option<Move> {
    let py = obj.py();
    let (ty, _) = move_type(py).ok()?;
    if !obj.get_type().is(ty) {
        return None;
    }
    let t = obj.cast::<PyTuple>().ok()?;
    if t.len() != 4 {
        return None;
    }
    let letter = t.get_borrowed_item(0).ok()?;
    if !letter.is_exact_instance_of::<PyString>() {
        return None;
    }
    let letter: String = letter.extract().ok()?;
    let &[byte] = letter.as_bytes() else { return None };
    let piece = tables::piece_index(byte)?;
    let index = small_int(&t.get_borrowed_item(1).ok()?)?;
    let x = small_int(&t.get_borrowed_item(2).ok()?)?;
    let y = small_int(&t.get_borrowed_item(3).ok()?)?;
    let orient = tables::orient_id(piece, usize::try_from(index).ok()?)?;
    Some(Move { orient, x: x as i32, y: y as i32 })
}

/// The placement `(piece index, orientation index, x, y)` as a move (the Python side has
/// checked the values).
fn parts_move(piece: usize, index: usize, x: i64, y: i64) -> PyResult<Move> {
    let orient = (piece < 12).then(|| tables::orient_id(piece, index)).flatten();
    match orient {
        Some(orient) if x.abs() <= COORD_LIMIT && y.abs() <= COORD_LIMIT => {
            Ok(Move { orient, x: x as i32, y: y as i32 })
        }
        _ => Err(PyValueError::new_err("not a placement: piece 0..12, its orientation, coordinates within 10**9")),
    }
}

fn action_id(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    Ok(super::action_arg(obj, pentup::NUM_ACTIONS)? as u32)
}

/// A coordinate given to a query: any whole number (those beyond the coordinate limit
/// hold nothing), as an `i32` within it, or None when it lies beyond.
fn coordinate(obj: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
    match super::whole(obj) {
        Some(v) => Ok((-(COORD_LIMIT as i128)..=COORD_LIMIT as i128).contains(&v).then_some(v as i32)),
        None => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a cell's x and y are whole numbers, got {}",
            super::shown(&obj.as_borrowed())
        ))),
    }
}

/// (piece letter, orientation index, cells).
type OrientInfo = (String, u8, Vec<(u8, u8)>);

/// The native Pent-Up engine under `pentarena.games.pentup.PentUpState` (which subclasses
/// it).  Holds the position (the tiles placed, in order) and, once asked for, the legal
/// moves of the player to move.
#[pyclass(subclass, module = "pentarena._native")]
pub struct PentupCore {
    pub(super) position: Position,
    /// The legal moves of `position` when `generated`.
    gen: Gen,
    generated: bool,
}

impl PentupCore {
    fn generate(&mut self) -> &Gen {
        if !self.generated {
            self.position.generate(&mut self.gen);
            self.generated = true;
        }
        &self.gen
    }

    fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let result = if self.generated {
            self.position.play_generated(mv, &self.gen)
        } else {
            SCRATCH.with(|s| self.position.play_with(mv, &mut s.borrow_mut(), false))
        };
        if result.is_ok() {
            self.generated = false;
        }
        result
    }

    fn check(&self, mv: Move) -> Result<u8, IllegalMove> {
        if self.generated {
            self.position.check_generated(mv, &self.gen)
        } else {
            SCRATCH.with(|s| self.position.check(mv, &mut s.borrow_mut(), false))
        }
    }

    /// The origin of the action window (see `pentup::Position::action_origin`).
    pub(super) fn origin(&mut self) -> (i32, i32) {
        self.generate();
        self.position.action_origin(&self.gen)
    }

    fn play_action(&mut self, action: u32) -> PyResult<()> {
        if self.position.is_over() {
            return Err(illegal(IllegalMove::GameOver));
        }
        if self.position.tiles().is_empty() && !self.legal_actions().contains(&action) {
            // any place is legal for the first tile, but the action ids (and the mask) are
            // one for each orientation, its lowest-left corner at (0, 0)
            return Err(PyErr::new::<IllegalMoveError, _>(format!(
                "action {action} is not one of the first tile's: on the empty table the action ids \
                 are those legal_actions() lists, each orientation once, its lowest-left corner at (0, 0)"
            )));
        }
        let origin = self.origin();
        let mv = pentup::action_move(origin, action).expect("an action id in range");
        self.play(mv).map_err(illegal)
    }
}

#[pymethods]
impl PentupCore {
    /// An empty 2-player table.  Arguments are left to the subclass's `__init__`, which
    /// calls `_setup`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        PentupCore { position: Position::default(), gen: Gen::new(), generated: false }
    }

    /// Number of dense action ids: 63 orientations × the 48 × 48 anchors of the window.
    #[classattr]
    const NUM_ACTIONS: usize = pentup::NUM_ACTIONS;
    /// Side of the dense actions' window.
    #[classattr]
    const WINDOW: i32 = pentup::WINDOW;

    /// An empty table for `players` (2–4), `teams` (4 players only) and `scoring`
    /// ("standard", "misere" or "advanced").
    fn _setup(&mut self, players: u8, teams: bool, scoring: &str) -> PyResult<()> {
        let scoring = Scoring::from_name(scoring)
            .ok_or_else(|| PyValueError::new_err(format!("unknown scoring {scoring:?}")))?;
        let rules = Rules::new(players, teams, scoring).map_err(PyValueError::new_err)?;
        self.position = Position::new(rules);
        self.generated = false;
        Ok(())
    }

    /// The seat to move, or None when the game is over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        self.position.current_player()
    }

    /// Whether the game is over (no seat is to move).
    fn is_terminal(&self) -> bool {
        self.position.is_over()
    }

    /// The legal moves, as `PentUpMove` objects, in order: piece, orientation, then
    /// anchor by y and x.
    fn legal_moves<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let gen = self.generate();
        let mut out = Vec::with_capacity(gen.total as usize);
        let segs: Vec<_> = gen.segments().copied().collect();
        push_moves(py, gen, &segs, &mut out)?;
        PyList::new(py, out)
    }

    /// The number of legal moves.
    fn count_legal_moves(&mut self) -> u32 {
        self.generate().total
    }

    /// The legal moves as dense action ids (those inside the action window), in the same
    /// order.
    fn legal_actions(&mut self) -> Vec<u32> {
        self.generate();
        self.position.legal_actions(&self.gen)
    }

    /// Whether every legal move has an action id (the structure fits the window).
    #[getter]
    fn actions_complete(&mut self) -> bool {
        self.generate();
        self.position.actions_complete(&self.gen)
    }

    /// `(x, y, width, height)`: the table cell that anchor offset (0, 0) of the action ids
    /// stands for, and the window's size.
    #[getter]
    fn action_window(&mut self) -> (i32, i32, i32, i32) {
        let (x, y) = self.origin();
        (x, y, pentup::WINDOW, pentup::WINDOW)
    }

    /// Play a `PentUpMove` or move text.  Anything but a move object goes to the
    /// subclass's `_apply_slow`.
    fn apply(slf: &Bound<'_, Self>, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(mv) = object_move(a_move) {
            let mut core = super::exclusive(slf)?;
            if core.position.is_over() {
                return Err(illegal(IllegalMove::GameOver));
            }
            return core.play(mv).map_err(illegal);
        }
        slf.call_method1(intern!(slf.py(), "_apply_slow"), (a_move,))?;
        Ok(())
    }

    /// Play the move of a dense action id: the same as `apply(action_to_move(action))`.
    /// InvalidMoveError for an id out of range, IllegalMoveError for a move the rules
    /// do not allow here; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = action_id(action)?;
        self.play_action(a)
    }

    /// The move object of an action id (in this position's window).
    fn action_to_move(&mut self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let a = action_id(action)?;
        let origin = self.origin();
        move_object(py, pentup::action_move(origin, a).expect("an action id in range"))
    }

    /// The action id of a placement, or None when it lies outside the window.
    fn _action_of(&mut self, piece: usize, index: usize, x: i64, y: i64) -> PyResult<Option<u32>> {
        let mv = parts_move(piece, index, x, y)?;
        let origin = self.origin();
        Ok(pentup::in_window(origin, mv))
    }

    /// Raise IllegalMoveError (with the reason) unless the placement may be played.
    fn _check(&self, piece: usize, index: usize, x: i64, y: i64) -> PyResult<()> {
        self.check(parts_move(piece, index, x, y)?).map(|_| ()).map_err(illegal)
    }

    /// Check and play a placement.
    fn _play(&mut self, piece: usize, index: usize, x: i64, y: i64) -> PyResult<()> {
        let mv = parts_move(piece, index, x, y)?;
        self.play(mv).map_err(illegal)
    }

    /// The seats of every side with the best record; empty until the game is over.
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let w = self.position.winners();
        PySet::new(py, (0..4usize).filter(|s| w >> s & 1 == 1))
    }

    /// `n` uniformly random games from here, run in Rust without the GIL.
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let py = slf.py();
        let position = super::shared(slf)?.position.clone(); // a copy: the state is free meanwhile
        let players = position.rules().players as usize;
        let stats = super::interruptible(py, move |stop| position.random_playouts_stoppable(n, seed, stop))?;
        let out = PyDict::new(py);
        out.set_item("wins", stats.wins[..players].to_vec())?;
        out.set_item("shared", stats.shared[..players].to_vec())?;
        out.set_item("draws", stats.draws)?;
        out.set_item("plies", stats.plies)?;
        out.set_item("returns", stats.returns[..players].to_vec())?;
        Ok(out)
    }

    /// The native MCTS (`pentup/search.rs`) for the player to move, without the GIL, until
    /// `time_limit` seconds or `iterations` (at least one of them; deterministic for a
    /// seed when only `iterations` stops it).  Returns (move, mean reward of the mover's
    /// side 0..1, iterations, the move's visits, nodes, depth, per seat the root's mean
    /// reward),
    /// or None when the game is over.  `threads` searches run at once, each with the
    /// whole budget, their roots pooled (iterations and nodes are their sums).
    /// `exploration`: UCB1's constant (default 0.4); `split`: the tree chooses the tile,
    /// then its place (`search::Step`), else whole moves (the search before).
    #[pyo3(signature = (time_limit=None, iterations=None, seed=super::Seed(0), threads=None, exploration=None, split=true))]
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    fn _search(
        slf: &Bound<'_, Self>,
        time_limit: Option<f64>,
        iterations: Option<&Bound<'_, PyAny>>,
        seed: super::Seed,
        threads: Option<&Bound<'_, PyAny>>,
        exploration: Option<f32>,
        split: bool,
    ) -> PyResult<Option<(Py<PyAny>, f32, u64, u32, usize, u32, Vec<f32>)>> {
        let threads = super::optional_whole_arg(threads, "threads must be 1 to 64", 1, 64)?.unwrap_or(1) as usize;
        let iterations = super::optional_whole_arg(
            iterations,
            "iterations must be a whole number from 0 to 2**64 - 1",
            0,
            u64::MAX as i128,
        )?
        .map(|n| n as u64);
        let defaults = Budget::default();
        let exploration = exploration.unwrap_or(defaults.exploration);
        if !(exploration.is_finite() && (0.0..=10.0).contains(&exploration)) {
            return Err(PyValueError::new_err(format!("exploration must be 0 to 10, got {exploration}")));
        }
        let py = slf.py();
        let position = super::shared(slf)?.position.clone();
        if position.is_over() {
            return Ok(None);
        }
        let time = match time_limit {
            Some(t) if t.is_nan() || t < 0.0 => {
                return Err(PyValueError::new_err(format!("time_limit must be a number of seconds, 0 or more, got {t}")))
            }
            Some(t) => Some(std::time::Duration::from_secs_f64(t.min(super::LONGEST))),
            None if iterations.is_none() => {
                return Err(PyValueError::new_err("give a time_limit or a number of iterations"))
            }
            None => None,
        };
        let budget =
            Budget { time, iterations: iterations.map(|n| n.max(1)), seed: seed.0, threads, exploration, split, ..defaults };
        let players = position.rules().players as usize;
        let result = super::interruptible(py, move |stop| best_move_stoppable(&position, &budget, stop))?;
        let Some(best) = result.best else { return Ok(None) };
        Ok(Some((
            move_object(py, best.mv)?,
            best.mean,
            result.iterations,
            best.visits,
            result.nodes,
            result.depth,
            result.root[..players].to_vec(),
        )))
    }

    /// The highest level reached (0 on the empty table).
    fn max_level(&self) -> u8 {
        self.position.max_level()
    }

    /// The number of tiles stacked on a cell.
    fn _height(&self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(match (coordinate(x)?, coordinate(y)?) {
            (Some(x), Some(y)) => self.position.height(x, y),
            _ => 0,
        })
    }

    /// The index of the tile on top of a cell, if any.
    fn _top_index(&self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        Ok(match (coordinate(x)?, coordinate(y)?) {
            (Some(x), Some(y)) => self.position.top_tile(x, y),
            _ => None,
        })
    }

    /// The unplayed tiles of a seat (bit p: piece p).
    fn _hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<u16> {
        let seat = super::seat_arg(seat, self.position.rules().players as usize)?;
        Ok(self.position.hand(seat))
    }

    /// Every tile placed, in order: (seat, piece index, orientation index, x, y, level).
    fn _tiles(&self) -> Vec<(usize, usize, u8, i32, i32, u8)> {
        let players = self.position.rules().players as usize;
        self.position
            .tiles()
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let o = &ORIENTS[t.orient as usize];
                (i % players, o.piece as usize, o.index, t.x, t.y, t.level)
            })
            .collect()
    }

    /// The number of tiles placed.
    fn _num_tiles(&self) -> usize {
        self.position.tiles().len()
    }

    /// The moves played, as canonical text.
    fn _history(&self) -> Vec<String> {
        self.position.tiles().iter().map(|t| Move { orient: t.orient, x: t.x, y: t.y }.to_string()).collect()
    }

    /// Per seat, the tiles placed at level 1, 2, … up to the highest level reached (at
    /// least 1).
    fn _level_counts(&self) -> Vec<Vec<u32>> {
        let top = self.position.top();
        let counts = self.position.level_counts();
        counts[..self.position.rules().players as usize]
            .iter()
            .map(|c| c[..top].iter().map(|&n| n as u32).collect())
            .collect()
    }

    /// Per piece that can be placed this turn, in piece order: (piece index, mandatory
    /// level, number of placements).
    fn _summary(&mut self) -> Vec<(usize, u8, u32)> {
        let gen = self.generate();
        (0..12).filter(|&p| gen.levels[p] > 0).map(|p| (p, gen.levels[p], gen.counts[p])).collect()
    }

    /// The `n`-th legal move (from 0, in order).
    fn _nth_legal(&mut self, py: Python<'_>, n: u32) -> PyResult<Py<PyAny>> {
        let gen = self.generate();
        if n >= gen.total {
            return Err(PyIndexError::new_err("fewer legal moves"));
        }
        move_object(py, gen.nth(n))
    }

    /// The `n`-th placement (from 0, in order) of piece `p` this turn.
    fn _nth_of_piece(&mut self, py: Python<'_>, piece: usize, n: u32) -> PyResult<Py<PyAny>> {
        let gen = self.generate();
        if piece >= 12 || n >= gen.counts[piece] {
            return Err(PyIndexError::new_err("fewer placements of that piece"));
        }
        move_object(py, gen.nth_of_piece(piece, n))
    }

    /// The legal placements of piece `p` this turn, in order.
    fn _moves_for<'py>(&mut self, py: Python<'py>, piece: usize) -> PyResult<Bound<'py, PyList>> {
        if piece >= 12 {
            return Err(PyIndexError::new_err("pieces run from 0 to 11"));
        }
        let gen = self.generate();
        let mut out = Vec::with_capacity(gen.counts[piece] as usize);
        push_moves(py, gen, gen.piece_segments(piece), &mut out)?;
        PyList::new(py, out)
    }

    /// For tests against the reference engine: per piece that can be placed, its level
    /// and, per orientation with placements, the anchors as a bitboard laid out like the
    /// reference's frame (bit `(y - oy) * width + (x - ox)`).
    fn _anchor_boards<'py>(&mut self, py: Python<'py>, ox: i64, oy: i64, width: i64) -> PyResult<Bound<'py, PyDict>> {
        let from_bytes = py.get_type::<PyInt>().getattr("from_bytes")?;
        let gen = self.generate();
        let out = PyDict::new(py);
        for p in (0..12).filter(|&p| gen.levels[p] > 0) {
            let mut boards = vec![];
            for seg in gen.piece_segments(p) {
                let mut words: Vec<u64> = vec![];
                for ((x0, y), row) in gen.segment_rows(seg) {
                    for (k, &w) in row.iter().enumerate() {
                        let mut bits = w;
                        while bits != 0 {
                            let x = (x0 + 64 * k as i32 + bits.trailing_zeros() as i32) as i64;
                            bits &= bits - 1;
                            let i = usize::try_from((y as i64 - oy) * width + x - ox)
                                .map_err(|_| PyValueError::new_err("an anchor outside that frame"))?;
                            if words.len() <= i / 64 {
                                words.resize(i / 64 + 1, 0);
                            }
                            words[i / 64] |= 1 << (i % 64);
                        }
                    }
                }
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let board = from_bytes.call1((pyo3::types::PyBytes::new(py, &bytes), "little"))?;
                boards.push((ORIENTS[seg.orient as usize].index, board));
            }
            out.set_item(letters(py)[p].bind(py), (gen.levels[p], PyTuple::new(py, boards)?))?;
        }
        Ok(out)
    }

    /// Per orientation id: (piece letter, orientation index, cells), as the engine has
    /// them (the package checks them against its own).
    #[staticmethod]
    fn _orientations() -> Vec<OrientInfo> {
        ORIENTS.iter().map(|o| ((PIECE_NAMES[o.piece as usize] as char).to_string(), o.index, o.cells.to_vec())).collect()
    }

    /// An instance of the same (sub)class with the same engine state; the subclass copies
    /// its own attributes.
    fn _copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let ty = slf.get_type();
        let new = ty.call_method1(intern!(slf.py(), "__new__"), (&ty,))?;
        new.cast::<PentupCore>()?.borrow_mut().position = super::shared(slf)?.position.clone();
        Ok(new)
    }
}
