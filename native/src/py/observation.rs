//! Observation tensors for learning programs: module functions over the games' core
//! objects (`pentarena.integrations` wraps them in numpy).  The layouts are documented in
//! each engine's `observation.rs` and in docs/research.md.
//!
//! `observation_tensor(state, seat)` returns the tensor as `bytes` of native-endian `f32`s,
//! which `numpy.frombuffer(data, numpy.float32)` wraps without a copy.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;

use crate::pentic::Viewer;
use crate::{pentago, pentic, pentomino, pentup};

use super::pentago::PentagoCore;
use super::pentic::PenticCore;
use super::pentomino::PentominoCore;
use super::pentup::PentupCore;
use super::HiddenInformationError;

/// `buf` as a `bytearray` of native-endian `f32`s (numpy wraps it writable, without a copy).
fn to_bytes<'py>(py: Python<'py>, buf: &[f32]) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, buf.len() * 4, |out| {
        for (chunk, v) in out.chunks_exact_mut(4).zip(buf) {
            chunk.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })
}

fn check_seat(seat: &Bound<'_, PyAny>, players: usize) -> PyResult<usize> {
    super::seat_arg(seat, players)
}

fn not_a_game(state: &Bound<'_, PyAny>) -> PyErr {
    let name = state.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!(
        "observation tensors are for Pent-Up, Pentago, Pentomino (8×8) and Pentic states, not {name}"
    ))
}

/// The observation tensor of `state` as seen by `seat`, as bytes of `f32`s (see the
/// module doc); a Pentic view gives only its own seat's.
#[pyfunction]
fn observation_tensor<'py>(state: &Bound<'py, PyAny>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyByteArray>> {
    let py = state.py();
    if let Ok(core) = state.cast::<PentagoCore>() {
        let seat = check_seat(seat, 2)?;
        let mut buf = [0.0; pentago::observation::SIZE];
        pentago::observation::observation(&super::shared(core)?.state.position, seat, &mut buf);
        return to_bytes(py, &buf);
    }
    if let Ok(core) = state.cast::<PentupCore>() {
        let mut core = super::exclusive(core)?;
        let seat = check_seat(seat, core.position.rules().players as usize)?;
        let origin = core.origin();
        let mut buf = vec![0.0; pentup::observation::SIZE];
        pentup::observation::observation(&core.position, origin, seat, &mut buf);
        return to_bytes(py, &buf);
    }
    if let Ok(core) = state.cast::<PentominoCore>() {
        let core = super::shared(core)?;
        let seat = check_seat(seat, core.state.position.rules().players as usize)?;
        let mut buf = [0.0; pentomino::observation::SIZE];
        pentomino::observation::observation(&core.state, seat, &mut buf);
        return to_bytes(py, &buf);
    }
    if let Ok(core) = state.cast::<PenticCore>() {
        let core = super::shared(core)?;
        let seat = check_view(&core.state, seat)?;
        let mut buf = [0.0; pentic::observation::SIZE];
        pentic::observation::observation(&core.state, seat, &mut buf);
        return to_bytes(py, &buf);
    }
    Err(not_a_game(state))
}

/// Pentic's information-state tensor of `seat` (the observation and every seat's plays),
/// as bytes of `f32`s.
#[pyfunction]
fn information_state_tensor<'py>(state: &Bound<'py, PyAny>, seat: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyByteArray>> {
    let core = state.cast::<PenticCore>().map_err(|_| {
        PyTypeError::new_err("information-state tensors are Pentic's (the others hide nothing)")
    })?;
    let core = super::shared(core)?;
    let seat = check_view(&core.state, seat)?;
    let mut buf = [0.0; pentic::observation::INFO_SIZE];
    pentic::observation::information_state(&core.state, seat, &mut buf);
    to_bytes(state.py(), &buf)
}

/// A Pentic state's tensors for `seat` need the full state or `seat`'s own view.
fn check_view(state: &pentic::State, seat: &Bound<'_, PyAny>) -> PyResult<usize> {
    let seat = check_seat(seat, state.position.players())?;
    match state.position.viewer() {
        Viewer::All => Ok(seat),
        Viewer::Seat(s) if s as usize == seat => Ok(seat),
        _ => Err(HiddenInformationError::new_err(format!("this view does not show seat {seat}'s hand"))),
    }
}

/// The number of floats in `state`'s observation tensors.
#[pyfunction]
fn observation_size(state: &Bound<'_, PyAny>) -> PyResult<usize> {
    if state.cast::<PentagoCore>().is_ok() {
        Ok(pentago::observation::SIZE)
    } else if state.cast::<PentupCore>().is_ok() {
        Ok(pentup::observation::SIZE)
    } else if state.cast::<PentominoCore>().is_ok() {
        Ok(pentomino::observation::SIZE)
    } else if state.cast::<PenticCore>().is_ok() {
        Ok(pentic::observation::SIZE)
    } else {
        Err(not_a_game(state))
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(observation_tensor, m)?)?;
    m.add_function(wrap_pyfunction!(observation_size, m)?)?;
    m.add_function(wrap_pyfunction!(information_state_tensor, m)?)?;
    Ok(())
}
