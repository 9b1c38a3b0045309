//! The Python module `pentarena._native`: thin PyO3 bindings over the engines, and nothing
//! else.  No rule lives here; this file only translates between Python objects and the
//! engines' types.
//!
//! The pattern, per game: one `#[pyclass(subclass)]` "core" holding the engine's state.
//! The package's Python state class inherits from it *and* from `pentarena.core.game.State`
//! (`class PentagoState(_native.PentagoCore, State)`), so the hot methods of the public API
//! (`legal_moves`, `apply`, `legal_actions`, `apply_action`, `is_terminal`,
//! `current_player`, …) are the Rust methods themselves, with no Python frame in between,
//! while text, JSON and the AI hooks stay readable Python.  Move objects are created once
//! by the Python package (`notation.MOVES_BY_ACTION`, in action order) and handed out
//! from a cache here, so a list of legal moves costs one reference count per move.
//!
//! One file per game (`pentago.rs`, ...) holds that game's core class; this one only
//! declares the shared exceptions and registers the classes.

use std::time::{Duration, Instant};

use pyo3::exceptions::PyRuntimeError;
use pyo3::import_exception;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::PyClass;

mod address;
mod observation;
mod pentago;
mod pentic;
mod pentomino;
mod pentup;

import_exception!(pentarena.core.errors, IllegalMoveError);
import_exception!(pentarena.core.errors, InvalidMoveError);
import_exception!(pentarena.core.errors, GameOptionError);
import_exception!(pentarena.core.errors, HiddenInformationError);

/// A seed for a playout, a search or a deal: a whole number from -2**63 to 2**64 - 1 (a
/// state's signed 64-bit seed, or 64 random bits), the engine's `u64` its two's
/// complement; anything else is refused with a GameOptionError (a `ValueError`) that
/// says the range, not an OverflowError.
pub(crate) struct Seed(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        let value = if obj.is_instance_of::<pyo3::types::PyBool>() { None } else { obj.extract::<i128>().ok() };
        match value {
            Some(v) if (i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(&v) => Ok(Seed(v as u64)),
            _ => Err(GameOptionError::new_err(format!(
                "a seed is a whole number from -2**63 to 2**64 - 1, got {}",
                shown(&obj)
            ))),
        }
    }
}

impl Seed {
    /// The seed given, or 64 bits the standard library draws from the operating system's
    /// randomness for its hash keys (a playout's seed needs no more: it hides nothing).
    pub(crate) fn or_fresh(seed: Option<Seed>) -> u64 {
        use std::hash::{BuildHasher, Hasher};
        seed.map(|s| s.0).unwrap_or_else(|| {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u64(0x5eed);
            hasher.finish()
        })
    }
}

/// A number of playouts: a whole number, 0 or more (a ValueError otherwise, not an
/// OverflowError).
pub(crate) struct Count(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Count {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Count> {
        let value = if obj.is_instance_of::<pyo3::types::PyBool>() { None } else { obj.extract::<i128>().ok() };
        match value {
            // a whole number past what a count holds (10**30): the bound, not "whole"
            Some(v) if v >= 0 => u64::try_from(v).map(Count).map_err(|_| too_many(&obj)),
            None if obj.is_exact_instance_of::<pyo3::types::PyInt>() && obj.gt(0).unwrap_or(false) => {
                Err(too_many(&obj))
            }
            _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "the number of playouts is a whole number, 0 or more, got {}",
                shown(&obj)
            ))),
        }
    }
}

/// A whole number of playouts past what a count holds (10**30): the bound, not "whole".
fn too_many(obj: &Borrowed<'_, '_, PyAny>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(format!(
        "the number of playouts is at most {} (2**64 - 1), got {}",
        u64::MAX,
        shown(obj)
    ))
}

/// `obj` as a whole number (an int, or an object with `__index__`: not a bool, a float or
/// text), if it is one that fits in an `i128`.
pub(crate) fn whole(obj: &Bound<'_, PyAny>) -> Option<i128> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return None;
    }
    obj.extract::<i128>().ok()
}

/// A whole-number argument from `lo` to `hi`, or a ValueError `"{what}, got {value}"`
/// (`what` says the range) — not an OverflowError about C integer types, nor a bool taken
/// for 0 or 1.
pub(crate) fn whole_arg(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
    match whole(obj) {
        Some(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!("{what}, got {}", shown(&obj.as_borrowed())))),
    }
}

/// [`whole_arg`] for an optional argument (None stays None).
pub(crate) fn optional_whole_arg(obj: Option<&Bound<'_, PyAny>>, what: &str, lo: i128, hi: i128) -> PyResult<Option<i128>> {
    obj.filter(|o| !o.is_none()).map(|o| whole_arg(o, what, lo, hi)).transpose()
}

/// `obj` as an index below `n` (a whole number from 0 to `n - 1`, not a bool), if it is one.
fn index_below(obj: &Bound<'_, PyAny>, n: usize) -> Option<usize> {
    whole(obj).filter(|v| (0..n as i128).contains(v)).map(|v| v as usize)
}

/// A seat of a table of `players`: a GameOptionError saying the range otherwise (a seat is
/// a set-up value, as in `state.view(seat)`), for a negative or huge number and a bool alike.
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>, players: usize) -> PyResult<usize> {
    index_below(obj, players).ok_or_else(|| {
        GameOptionError::new_err(format!("seat must be between 0 and {}, got {}", players - 1, shown(&obj.as_borrowed())))
    })
}

/// An action id from 0 to `n - 1` (a whole number, not a bool), or InvalidMoveError
/// naming the range and quoting what was given.
pub(crate) fn action_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<usize> {
    index_below(obj, n).ok_or_else(|| {
        InvalidMoveError::new_err(format!("action ids run from 0 to {}, got {}", n - 1, shown(&obj.as_borrowed())))
    })
}

/// What a call on a state hears when another thread's call is using it (PyO3's own
/// `borrow()` panicked there: `PanicException: Already borrowed`).
const IN_USE: &str = "this state is in use by a call on another thread; a state is not shared between \
                      threads while one of them plays on it: give each thread its own state.clone()";

/// `obj`'s engine to read: a RuntimeError saying why when another thread is changing it.
pub(crate) fn shared<'py, T: PyClass>(obj: &Bound<'py, T>) -> PyResult<PyRef<'py, T>> {
    obj.try_borrow().map_err(|_| PyRuntimeError::new_err(IN_USE))
}

/// `obj`'s engine to change: a RuntimeError saying why when another thread is using it.
pub(crate) fn exclusive<'py, T: PyClass<Frozen = pyo3::pyclass::boolean_struct::False>>(
    obj: &Bound<'py, T>,
) -> PyResult<PyRefMut<'py, T>> {
    obj.try_borrow_mut().map_err(|_| PyRuntimeError::new_err(IN_USE))
}

/// `cell`'s value, made by `make` the first time, without letting go of the GIL:
/// `PyOnceLock::get_or_try_init` lets go of it while it makes one, so a call holding a
/// state (Pent-Up's `legal_moves`, making move objects on first use) let other threads in,
/// whose calls on that state were then refused.  Two threads may both make a value
/// (`make` may run Python code): the first one stored is kept.
pub(crate) fn cached<'a, T, E>(
    cell: &'a PyOnceLock<T>,
    py: Python<'_>,
    make: impl FnOnce() -> Result<T, E>,
) -> Result<&'a T, E> {
    if let Some(value) = cell.get(py) {
        return Ok(value);
    }
    let _ = cell.set(py, make()?);
    Ok(cell.get(py).expect("a value was just stored"))
}

/// [`cached`] for a value that cannot fail to be made.
pub(crate) fn cached_ok<'a, T>(cell: &'a PyOnceLock<T>, py: Python<'_>, make: impl FnOnce() -> T) -> &'a T {
    match cached(cell, py, || Ok::<T, std::convert::Infallible>(make())) {
        Ok(value) => value,
        Err(never) => match never {},
    }
}

/// `obj` as an error message quotes it: its repr, cut to 40 characters.
pub(crate) fn shown(obj: &Borrowed<'_, '_, PyAny>) -> String {
    let text = obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
    if text.chars().count() <= 40 {
        text
    } else {
        text.chars().take(39).chain(std::iter::once('…')).collect()
    }
}

/// The least time between two looks at the signals by [`interruptible`]'s `stop`.
const SIGNALS_EVERY: Duration = Duration::from_millis(20);

/// Run long work (a batch of playouts, a search, a solver) without the GIL, handing it a
/// `stop` check that is true once a signal handler raised (Ctrl-C: KeyboardInterrupt):
/// that exception is then the answer, whatever the work returned.  A count or a search
/// without a time limit has no upper bound, so no argument may make the call
/// uninterruptible.  `stop` is cheap to ask often (it reads the clock, and takes the GIL
/// back to run the signal handlers at most every [`SIGNALS_EVERY`]) and, once true, stays
/// true.  Signal handlers only run on the main thread: elsewhere `stop` never takes the
/// GIL (and never says stop), so work on other threads does not contend for it.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&mut dyn FnMut() -> bool) -> T + Send,
) -> PyResult<T> {
    let main = on_main_thread(py)?;
    let mut error: Option<PyErr> = None;
    let out = py.detach(|| {
        let mut next = Instant::now() + SIGNALS_EVERY;
        let mut stop = || {
            if !main {
                return false;
            }
            if error.is_some() {
                return true;
            }
            let now = Instant::now();
            if now < next {
                return false;
            }
            next = now + SIGNALS_EVERY;
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => false,
                Err(e) => {
                    error = Some(e);
                    true
                }
            }
        };
        work(&mut stop)
    });
    match error {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// Whether this is the interpreter's main thread (where signal handlers run), as
/// `threading` sees it.  Asking runs Python code, which runs a signal handler that is
/// due (a Ctrl-C that came just before the call): its KeyboardInterrupt is the answer,
/// passed on — dropped, the Ctrl-C was lost and the work ran on to its end.
fn on_main_thread(py: Python<'_>) -> PyResult<bool> {
    let threading = py.import(intern!(py, "threading"))?;
    let me = threading.call_method0(intern!(py, "get_ident"))?;
    me.eq(threading.call_method0(intern!(py, "main_thread"))?.getattr(intern!(py, "ident"))?)
}

/// The most seconds a time limit counts (about 31 years: `inf` is no practical limit).
pub(crate) const LONGEST: f64 = 1e9;

/// A time limit in seconds (None: none) as a deadline from now; a limit that is not a
/// number, or below 0, is refused with a sentence (a Rust `Duration` would panic on it).
pub(crate) fn deadline(seconds: Option<f64>) -> PyResult<Option<std::time::Instant>> {
    match seconds {
        None => Ok(None),
        Some(t) if t.is_nan() || t < 0.0 => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "time_limit must be a number of seconds, 0 or more, got {t}"
        ))),
        Some(t) => Ok(Some(std::time::Instant::now() + std::time::Duration::from_secs_f64(t.min(LONGEST)))),
    }
}

#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("PENTAGO_NUM_ACTIONS", crate::pentago::NUM_ACTIONS)?;
    m.add_class::<pentago::PentagoCore>()?;
    m.add_class::<pentic::PenticCore>()?;
    pentomino::register(m)?;
    m.add_class::<pentup::PentupCore>()?;
    observation::register(m)?;
    Ok(())
}
