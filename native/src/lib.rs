//! Pentarena's native engine core.
//!
//! A plain Rust library: one module per game engine (bitboards, no allocation in the hot
//! paths), the game-generic search in [`search`], and — only with the `python` cargo
//! feature — one thin PyO3 module (`py/`, a file per game) that maturin builds as `pentarena._native`.
//! The engines know nothing about Python; the bindings translate and hold no rules.

pub mod pentago;
pub mod pentic;
pub mod pentomino;
pub mod pentup;
pub mod playouts;
pub mod polyomino;
pub mod rng;
pub mod search;
pub mod stop;

#[cfg(feature = "python")]
mod py;
