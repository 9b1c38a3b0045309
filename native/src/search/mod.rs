//! Game-generic search (alpha-beta, MCTS, ISMCTS, transposition tables), written once over
//! a `Game` trait that each engine implements.  Empty for now: the Python AI in
//! `pentarena.ai` still drives every search through the public API.  Game-specific solvers
//! live next to their game (e.g. `pentago/midgame.rs`), not here.
