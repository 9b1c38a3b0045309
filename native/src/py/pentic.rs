//! Pentic's core class (`PenticCore`) and its cached move objects.
use std::sync::LazyLock;

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySet, PyString, PyTuple};


use crate::pentic::ismcts::{self, Settings};
use crate::pentic::{self, Action, Card, Move, Play, Policy, Score, State, Viewer, ViewParts, NUM_ACTIONS, NUM_CARDS, UNKNOWN};

use super::address::AddressTable;
use super::{GameOptionError, HiddenInformationError, IllegalMoveError, InvalidMoveError};

/// The package's 1,125 `PenticMove` objects, indexed by action id
/// (`pentarena.games.pentic.notation.MOVES_BY_ACTION`).
static MOVE_OBJECTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();
/// Per card, the tuple of its nine moves (`notation.MOVES`): a list of legal moves is made
/// of one bulk copy per card of the hand.
static CARD_MOVES: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
/// Per card, the tuple of its nine action ids.
static CARD_ACTIONS: PyOnceLock<Vec<Py<PyTuple>>> = PyOnceLock::new();
/// The cached move objects' addresses -> their action ids.
static MOVE_ADDRESSES: PyOnceLock<AddressTable> = PyOnceLock::new();

fn move_objects(py: Python<'_>) -> PyResult<&Vec<Py<PyAny>>> {
    super::cached(&MOVE_OBJECTS, py, || {
        let notation = py.import("pentarena.games.pentic.notation")?;
        let moves: Vec<Py<PyAny>> = notation.getattr("MOVES_BY_ACTION")?.extract()?;
        if moves.len() != NUM_ACTIONS {
            return Err(PyValueError::new_err("MOVES_BY_ACTION must list every action id"));
        }
        Ok(moves)
    })
}

fn card_moves(py: Python<'_>) -> PyResult<&Vec<Py<PyTuple>>> {
    super::cached(&CARD_MOVES, py, || {
        let objects = move_objects(py)?;
        (0..NUM_CARDS)
            .map(|c| PyTuple::new(py, &objects[c * 9..c * 9 + 9]).map(Bound::unbind))
            .collect()
    })
}

fn card_actions(py: Python<'_>) -> PyResult<&Vec<Py<PyTuple>>> {
    super::cached(&CARD_ACTIONS, py, || {
        (0..NUM_CARDS).map(|c| PyTuple::new(py, c * 9..c * 9 + 9).map(Bound::unbind)).collect()
    })
}

/// The list of `tuples[card]` for the mover's cards, lowest first.
fn legal_list<'py>(py: Python<'py>, state: &State, tuples: &[Py<PyTuple>]) -> PyResult<Bound<'py, PyList>> {
    let cards = state.position.sorted_hand().map_err(illegal)?;
    let list = PyList::empty(py);
    for c in cards {
        let end = list.len();
        list.set_slice(end, end, tuples[c as usize].bind(py).as_any())?;
    }
    Ok(list)
}

fn illegal(err: pentic::IllegalMove) -> PyErr {
    match err {
        // not a move refused: a question this view cannot answer
        pentic::IllegalMove::UnknownHand => HiddenInformationError::new_err(err.to_string()),
        _ => IllegalMoveError::new_err(err.to_string()),
    }
}

fn value_error(err: pentic::SetupError) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// One of the cached move objects, if `obj` is one.
fn cached_move(obj: &Bound<'_, PyAny>) -> Option<Move> {
    let objects = move_objects(obj.py()).ok()?;
    let table = super::cached_ok(&MOVE_ADDRESSES, obj.py(), || AddressTable::new(objects));
    Move::from_action(table.get(obj.as_ptr() as usize)?)
}

/// A move object or an equal `(card, position)` pair of ints.
fn any_move(obj: &Bound<'_, PyAny>) -> Option<Move> {
    if let Some(mv) = cached_move(obj) {
        return Some(mv);
    }
    let t = obj.cast::<PyTuple>().ok()?;
    if t.len() != 2 {
        return None;
    }
    let get = |i: usize| -> Option<usize> { t.get_borrowed_item(i).ok()?.extract().ok() };
    Move::new(get(0)?, get(1)?)
}

fn action_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    let a = super::action_arg(obj, NUM_ACTIONS)?;
    Ok(Move::from_action(a as Action).expect("an action id in range"))
}

/// A playout depth (moves before a playout stops; None: to the end): a whole number from
/// 0 to 2**32 - 1, or a ValueError saying so.
fn depth_arg(depth: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    Ok(super::optional_whole_arg(depth, "a playout depth is None or a whole number from 0 to 2**32 - 1", 0, u32::MAX as i128)?
        .map(|d| d as u32))
}

/// `_search`'s `playout_depth`: left out (4 moves), or given (None: to the end).
enum Depth {
    Default,
    Given(Option<u32>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Depth {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Depth> {
        Ok(Depth::Given(depth_arg(Some(&obj.to_owned()))?))
    }
}

/// A card as Python sees it: UNKNOWN is -1.
fn py_card(c: Card) -> i32 {
    if c == UNKNOWN {
        -1
    } else {
        c as i32
    }
}

fn from_py_card(c: i64) -> PyResult<Card> {
    match c {
        -1 => Ok(UNKNOWN),
        0..=124 => Ok(c as Card),
        _ => Err(PyValueError::new_err(format!("cards are 0 to 124 (or -1 unknown), not {c}"))),
    }
}

/// A breakdown as the tuple `(singles, tics, nics, edge, underneath, multiplier, bonus,
/// points, pentic, all_nic)` (the fields of `scoring.PlayScore`).
type ScoreTuple = (u8, u8, u8, u8, &'static str, u8, u8, u16, bool, bool);

/// A play as Python gives it back: `(seat, card, position, breakdown)`.
type PlayRecord = (usize, i64, usize, (u8, u8, u8, u8, String, u8, u8, u16, bool, bool));

fn score_tuple(s: &Score) -> ScoreTuple {
    (
        s.singles,
        s.tics,
        s.nics,
        s.edge,
        pentic::UNDERNEATH[s.underneath as usize],
        s.multiplier,
        s.bonus,
        s.points,
        s.pentic,
        s.all_nic,
    )
}

fn playout_dict<'py>(py: Python<'py>, stats: pentic::PlayoutStats, players: usize) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("wins", stats.wins[..players].to_vec())?;
    out.set_item("draws", stats.draws)?;
    out.set_item("cutoffs", stats.cutoffs)?;
    out.set_item("plies", stats.plies)?;
    out.set_item("returns", stats.returns[..players].to_vec())?;
    Ok(out)
}

/// The native Pentic engine under `pentarena.games.pentic.PenticState` (which subclasses
/// it).  Holds the position (hands, pile, grid, totals), every card laid and every play.
#[pyclass(subclass, module = "pentarena._native")]
pub struct PenticCore {
    pub(super) state: State,
}

impl PenticCore {
    /// A new instance of `slf`'s (sub)class holding `state`; the subclass sets its own
    /// attributes.
    fn with_state<'py>(slf: &Bound<'py, Self>, state: State) -> PyResult<Bound<'py, PyAny>> {
        let ty = slf.get_type();
        let new = ty.call_method1(intern!(slf.py(), "__new__"), (&ty,))?;
        new.cast::<PenticCore>()?.borrow_mut().state = state;
        Ok(new)
    }

    fn play(&mut self, mv: Move) -> PyResult<()> {
        self.state.play(mv).map(|_| ()).map_err(illegal)
    }
}

#[pymethods]
impl PenticCore {
    #[classattr]
    const NUM_ACTIONS: usize = NUM_ACTIONS;

    /// A placeholder deal (2 players, cards in order); the subclass deals with `_deal`,
    /// and copies replace it.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        static PLACEHOLDER: LazyLock<State> = LazyLock::new(|| {
            let order: Vec<Card> = (0..NUM_CARDS as Card).collect();
            State::deal(2, 250, &order).expect("a whole deck")
        });
        PenticCore { state: PLACEHOLDER.clone() }
    }

    /// Deal `order` (the 125 cards) to `players` seats playing to `target`.
    fn _deal(&mut self, players: usize, target: u32, order: Vec<i64>) -> PyResult<()> {
        let cards: Vec<Card> = order.iter().map(|&c| if (0..125).contains(&c) { c as Card } else { UNKNOWN }).collect();
        self.state = State::deal(players, target, &cards).map_err(value_error)?;
        Ok(())
    }

    /// Rebuild a view from its parts (see `PenticState._from_view_json`).
    #[allow(clippy::too_many_arguments)]
    fn _load_view(
        &mut self,
        players: usize,
        target: u32,
        viewer: Option<usize>,
        stacks: Vec<Vec<i64>>,
        hands: Vec<Vec<i64>>,
        pile_size: usize,
        totals: Vec<i64>,
        turns: Vec<i64>,
        plays: Vec<PlayRecord>,
        ending: bool,
        to_move: Option<usize>,
    ) -> PyResult<()> {
        let cards = |v: &Vec<i64>| v.iter().map(|&c| from_py_card(c)).collect::<PyResult<Vec<Card>>>();
        let stacks = stacks.iter().map(cards).collect::<PyResult<Vec<_>>>()?;
        let hands = hands.iter().map(cards).collect::<PyResult<Vec<_>>>()?;
        let mut records = Vec::with_capacity(plays.len());
        for (seat, card, position, (singles, tics, nics, edge, under, multiplier, bonus, points, is_pentic, all_nic)) in plays {
            let underneath = pentic::UNDERNEATH
                .iter()
                .position(|&u| u == under)
                .ok_or_else(|| PyValueError::new_err("'underneath' is nic, single or tic"))?;
            let card = from_py_card(card)?;
            if card == UNKNOWN || seat > 3 || position > 9 {
                return Err(PyValueError::new_err("a play names a seat, a card and a position 1-9"));
            }
            let score = Score {
                singles,
                tics,
                nics,
                edge,
                underneath: underneath as u8,
                multiplier,
                bonus,
                points,
                pentic: is_pentic,
                all_nic,
            };
            records.push(Play { seat: seat as u8, card, position: position as u8, score });
        }
        let parts = ViewParts {
            players,
            target,
            viewer,
            stacks,
            hands,
            pile_size,
            totals,
            turns,
            plays: records,
            ending,
            to_move,
        };
        self.state = State::from_view(&parts).map_err(value_error)?;
        Ok(())
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

    /// The legal moves (shared `PenticMove` objects): the hand's cards, lowest first, each
    /// on positions 1 to 9.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_list(py, &self.state, card_moves(py)?)
    }

    /// The legal moves' dense action ids (0 to `game.num_distinct_actions - 1`), in a
    /// deterministic order; [] when the game is over.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        legal_list(py, &self.state, card_actions(py)?)
    }

    /// Play a move object or move text.  The package's move objects are checked and
    /// played here; anything else goes to the subclass's `_apply_slow`.
    fn apply(slf: &Bound<'_, Self>, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Some(mv) = cached_move(a_move) {
            return super::exclusive(slf)?.play(mv);
        }
        slf.call_method1(intern!(slf.py(), "_apply_slow"), (a_move,))?;
        Ok(())
    }

    /// Play a move object or an equal `(card, position)` pair (the engine checks it).
    fn _apply_move(&mut self, a_move: &Bound<'_, PyAny>) -> PyResult<()> {
        match any_move(a_move) {
            Some(mv) => self.play(mv),
            None => {
                let shown = a_move.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".into());
                Err(InvalidMoveError::new_err(format!("not a Pentic play: {shown}; e.g. 3-star-orange@5")))
            }
        }
    }

    /// Play the move of a dense action id: the same as `apply(action_to_move(action))`.
    /// InvalidMoveError for an id out of range, IllegalMoveError for a move the rules
    /// do not allow here; the state is then unchanged.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = action_move(action)?;
        self.play(mv)
    }

    /// The move object of an action id.
    fn action_to_move(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let a = action_move(action)?.action();
        Ok(move_objects(py)?[a as usize].clone_ref(py))
    }

    /// Raise IllegalMoveError unless the player to move holds `card`.
    fn _check_card(&self, card: usize) -> PyResult<()> {
        let mv = Move::new(card, 1).ok_or_else(|| PyValueError::new_err("cards are 0 to 124"))?;
        self.state.position.check(mv).map_err(illegal)
    }

    /// The winning seats: every seat of each side that shares the best result (a draw
    /// names every tied seat); empty until the game is over.
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let w = self.state.position.winners();
        PySet::new(py, (0..4usize).filter(|s| w >> s & 1 == 1))
    }

    /// Each seat's total.
    fn scores(&self) -> Vec<i32> {
        self.state.position.totals().to_vec()
    }

    /// Score lead over the best other seat, relative to the target; a finished game: the
    /// reward (1 sole winner, 2/k - 1 for k sharing winners, -1 otherwise).
    fn evaluate(&self, seat: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.state.position.evaluate(super::seat_arg(seat, self.state.position.players())?))
    }

    /// The play with the best immediate score (ties: the first in legal order).
    fn best_move(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let a = self.state.position.best_action().map_err(illegal)?;
        Ok(move_objects(py)?[a as usize].clone_ref(py))
    }

    /// The native information-set MCTS (`pentic/ismcts.rs`) for the player to move, from
    /// that seat's view only, without the GIL: `(action, value, iterations, nodes, depth,
    /// visits)` with `value` the chosen move's mean reward (0..1).  Stops after
    /// `iterations` or `time_limit` seconds, whichever comes first.  `root_move` (the
    /// action id of a play of a card in the mover's hand): every iteration starts with
    /// that play, and the answer is its value rather than a choice.
    #[pyo3(signature = (seed, time_limit=None, iterations=None, determinizations=None, exploration=0.7,
                        playout_depth=Depth::Default, prior=None, random_playouts=false, root_move=None))]
    #[allow(clippy::too_many_arguments)]
    fn _search(
        slf: &Bound<'_, Self>,
        seed: super::Seed,
        time_limit: Option<f64>,
        iterations: Option<&Bound<'_, PyAny>>,
        determinizations: Option<&Bound<'_, PyAny>>,
        exploration: f64,
        playout_depth: Depth,
        prior: Option<f64>,
        random_playouts: bool,
        root_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Action, f64, u64, usize, u32, u32)> {
        let root_move = root_move.map(|a| super::action_arg(a, NUM_ACTIONS)).transpose()?.map(|a| a as Action);
        let iterations =
            super::optional_whole_arg(iterations, "iterations must be a whole number from 0 to 2**64 - 1", 0, u64::MAX as i128)?
                .map_or(100_000, |n| n as u64);
        let determinizations = super::optional_whole_arg(
            determinizations,
            "determinizations must be a whole number from 0 to 2**32 - 1",
            0,
            u32::MAX as i128,
        )?
        .unwrap_or(0) as u32;
        let playout_depth = match playout_depth {
            Depth::Default => Some(4),
            Depth::Given(d) => d,
        };
        if !(exploration.is_finite() && exploration >= 0.0) || prior.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
            return Err(PyValueError::new_err("exploration must be >= 0 and prior a positive temperature"));
        }
        let settings = Settings {
            iterations,
            determinizations: determinizations.min(1 << 16),
            exploration,
            playout_depth,
            policy: if random_playouts { Policy::Random } else { Policy::Greedy },
            prior,
            root_move,
            ..Settings::default()
        };
        let deadline = super::deadline(time_limit)?;
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        let search = move |stop: &mut dyn FnMut() -> bool| ismcts::search_stoppable(&position, &settings, seed.0, deadline, stop);
        let r = super::interruptible(py, search)?
            .map_err(|e| match e {
                pentic::IllegalMove::GameOver => PyValueError::new_err("the game is over: there is no move to choose"),
                other => illegal(other),
            })?;
        Ok((r.action, r.value, r.iterations, r.nodes, r.depth, r.visits))
    }

    #[getter]
    fn players(&self) -> usize {
        self.state.position.players()
    }

    #[getter]
    fn target(&self) -> u32 {
        self.state.position.target()
    }

    /// The game is over.
    #[getter]
    fn over(&self) -> bool {
        self.state.position.is_over()
    }

    /// The current round is the last one.
    #[getter]
    fn ending(&self) -> bool {
        self.state.position.ending()
    }

    #[getter]
    fn pile_size(&self) -> usize {
        self.state.position.pile_size()
    }

    /// Each seat's total (a new list).
    #[getter]
    fn totals(&self) -> Vec<i32> {
        self.state.position.totals().to_vec()
    }

    /// Each seat's number of turns played (a new list).
    #[getter]
    fn turns(&self) -> Vec<u16> {
        self.state.position.turns().to_vec()
    }

    /// Each seat's hand in the order it is kept, -1 for a card this state does not know
    /// (new lists).
    #[getter]
    fn hands(&self) -> Vec<Vec<i32>> {
        let pos = &self.state.position;
        (0..pos.players()).map(|s| pos.hand(s).iter().map(|&c| py_card(c)).collect()).collect()
    }

    /// The pile in drawing order, or None in a view.
    #[getter]
    fn pile(&self) -> Option<Vec<u32>> {
        self.state.position.pile().map(|p| p.iter().map(|&c| c as u32).collect())
    }

    /// Each position's stack, bottom card first (new lists).
    #[getter]
    fn stacks(&self) -> Vec<Vec<u32>> {
        self.state.stacks().iter().map(|s| s.iter().map(|&c| c as u32).collect()).collect()
    }

    /// `"all"` for a full state, else the seat whose view this is (None: a spectator).
    #[getter]
    fn viewer<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self.state.position.viewer() {
            Viewer::All => PyString::new(py, "all").into_any(),
            Viewer::Spectator => py.None().into_bound(py),
            Viewer::Seat(s) => s.into_pyobject(py)?.into_any(),
        })
    }

    #[getter]
    fn is_view(&self) -> bool {
        self.state.position.is_view()
    }

    /// The top card of each position.
    fn tops(&self) -> Vec<u32> {
        self.state.position.tops().iter().map(|&c| c as u32).collect()
    }

    fn hand_sizes(&self) -> Vec<usize> {
        let pos = &self.state.position;
        (0..pos.players()).map(|s| pos.hand(s).len()).collect()
    }

    /// Cards this state does not place (not on the grid, not in a known hand, not in a
    /// known pile), lowest first.
    fn unseen_cards(&self) -> Vec<u32> {
        self.state.position.unseen_cards().iter().map(|&c| c as u32).collect()
    }

    fn _play_count(&self) -> usize {
        self.state.plays().len()
    }

    /// The plays from the `start`-th on, as `(seat, card, position, breakdown...)` tuples.
    fn _plays(&self, start: usize) -> Vec<(u8, Card, u8, ScoreTuple)> {
        let plays = self.state.plays();
        plays[start.min(plays.len())..].iter().map(|p| (p.seat, p.card, p.position, score_tuple(&p.score))).collect()
    }

    fn _history_actions(&self) -> Vec<u32> {
        self.state.history().map(u32::from).collect()
    }

    /// The breakdown `card` would score on `position` (1-9) now.
    fn _score(&self, card: usize, position: usize) -> PyResult<ScoreTuple> {
        let mv = Move::new(card, position).ok_or_else(|| PyValueError::new_err("a card 0-124 and a position 1-9"))?;
        Ok(score_tuple(&pentic::score_play(mv.card, position - 1, self.state.position.tops())))
    }

    /// The breakdown of every legal move, as `(action, breakdown)` pairs in legal order.
    fn _previews(&self) -> PyResult<Vec<(u32, ScoreTuple)>> {
        let pos = &self.state.position;
        let actions = pos.legal_actions().map_err(illegal)?;
        Ok(actions
            .iter()
            .map(|&a| {
                let mv = Move::from_action(a).expect("a legal action");
                (a as u32, score_tuple(&pentic::score_play(mv.card, mv.position as usize - 1, pos.tops())))
            })
            .collect())
    }

    /// An instance of the same (sub)class with the same engine state.
    fn _copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let state = super::shared(slf)?.state.clone();
        Self::with_state(slf, state)
    }

    /// What `seat` (None: a spectator) may see, as a new instance.
    fn _view<'py>(slf: &Bound<'py, Self>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let state = {
            let me = super::shared(slf)?;
            let players = me.state.position.players();
            let seat = match seat {
                None => None,
                Some(s) if (0..players as i64).contains(&s) => Some(s as usize),
                Some(s) => {
                    return Err(GameOptionError::new_err(format!(
                        "seat must be between 0 and {} (or None: a spectator), got {s}",
                        players - 1
                    )))
                }
            };
            // the seat is in range: what is left to refuse is a view of another seat
            me.state.view(seat).map_err(|e| HiddenInformationError::new_err(e.to_string()))?
        };
        Self::with_state(slf, state)
    }

    /// A new instance: this view with `order` (the unseen cards, in any order) dealt into
    /// its unknown hand slots, seat by seat, then the pile.
    fn _determinized<'py>(slf: &Bound<'py, Self>, order: Vec<i64>) -> PyResult<Bound<'py, PyAny>> {
        let cards: Vec<Card> = order.iter().map(|&c| if (0..125).contains(&c) { c as Card } else { UNKNOWN }).collect();
        let state = super::shared(slf)?.state.determinize_with(&cards).map_err(value_error)?;
        Self::with_state(slf, state)
    }

    /// A new instance: this view with the unseen cards shuffled by the core's generator
    /// seeded by `seed`.
    fn _determinized_seeded<'py>(slf: &Bound<'py, Self>, seed: super::Seed) -> PyResult<Bound<'py, PyAny>> {
        let seed = seed.0;
        let state = super::shared(slf)?.state.determinize(&mut crate::rng::Rng::new(seed));
        Self::with_state(slf, state)
    }

    /// `n` uniformly random games from here (a view: each from a fresh determinization),
    /// played in Rust without the GIL.
    #[pyo3(signature = (n, seed=None))]
    fn random_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let py = slf.py();
        let position = super::shared(slf)?.state.position; // a copy: the state is free meanwhile
        let stats = super::interruptible(py, move |stop| position.random_playouts_stoppable(n, seed, stop))?;
        playout_dict(py, stats, position.players())
    }

    /// `n` games from here under the greedy playout policy (the best immediate score 85% of
    /// the time, else a random move), each stopped after `depth` moves if given (a view:
    /// each from a fresh determinization), played in Rust without the GIL.
    #[pyo3(signature = (n, seed=None, depth=None))]
    fn policy_playouts<'py>(slf: &Bound<'py, Self>, n: super::Count, seed: Option<super::Seed>, depth: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed) = (n.0, super::Seed::or_fresh(seed));
        let depth = depth_arg(depth)?;
        let py = slf.py();
        let position = super::shared(slf)?.state.position;
        let stats = super::interruptible(py, move |stop| position.policy_playouts_stoppable(n, seed, depth, stop))?;
        playout_dict(py, stats, position.players())
    }
}
