"""A state stays free while a native search, solver or batch of playouts runs on it.

Those calls run without the GIL, on a copy of the position: another thread may play on
the same state meanwhile (the call answers for the position it was given).  Pentago's
search and solver, Pentic's search, Pentomino's solvers and the puzzles' playouts used to
keep the state borrowed the whole time, so a move played from another thread failed with
PyO3's bare ``RuntimeError: Already borrowed``.  Each case gives the call a budget of
seconds, plays a move from the main thread once it is under way (once the native call
has let go of the GIL), and checks both.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time

import pytest

import pentarena

BUDGET = 2.0
"""Seconds each call may run: far longer than the main thread needs to play its move."""


SIXTEEN_EMPTY = ("c5 TL ccw, e5 TL cw, f5 BR cw, a4 TL ccw, e4 BL ccw, b3 TR cw, d3 TR cw, "
                 "a1 TL ccw, e3 TL cw, d4 TL cw, d5 BR cw, f1 TR cw, d1 BL cw, d6 TR cw, "
                 "d1 TL cw, a1 TR cw, e3 TR ccw, b4 BL ccw, c4 BL ccw, a3 BL cw").split(", ")
"""A Pentago game with 16 empty cells: the exact solver takes about 0.6 s and 130 MB."""


def _pentago(moves=("a1 TL cw", "f6 BR cw", "c3 TR ccw")):
    state = pentarena.load_game("pentago").new_initial_state()
    for move in moves:
        state.apply(move)
    return state


def _pentomino():
    state = pentarena.load_game("pentomino").new_initial_state()
    state.apply_action(0)
    return state


CASES = {
    "pentago search": (_pentago, lambda s: s.search_position(BUDGET)),
    "pentago solver": (lambda: _pentago(SIXTEEN_EMPTY), lambda s: s.solve_moves(BUDGET)),
    "pentic search": (lambda: pentarena.load_game("pentic").new_initial_state(seed=1),
                      lambda s: s.search_position(BUDGET, seed=1)),
    "pentomino solver": (_pentomino, lambda s: s.solve_position(BUDGET)),
    "pentomino prover": (_pentomino, lambda s: s.perfect_move(BUDGET, book=False)),
    "pentup search": (lambda: pentarena.load_game("pentup").new_initial_state(seed=1),
                      lambda s: s.search_position(BUDGET)),
    "puzzle playouts": (lambda: pentarena.load_game("pentomino-puzzle").new_initial_state(),
                        lambda s: _bounded_playouts(s)),
}


NATIVE_CALLS = {"_search", "_solve", "_prove", "random_playouts"}
"""The names of the native calls the cases make (the ones that run without the GIL)."""


def _bounded_playouts(state):
    """Playouts for about BUDGET seconds (they take a count, not a time limit; a batch
    lasts about half a second)."""
    out = None
    deadline = time.monotonic() + BUDGET
    while time.monotonic() < deadline:
        out = state.random_playouts(20_000, seed=1)
    return out


@pytest.mark.parametrize("case", CASES)
def test_another_thread_plays_on_a_state_under_search(case):
    make, call = CASES[case]
    state = make()
    before = state.clone()
    results: list = []
    entered = threading.Event()

    def hook(frame, event, arg):  # the worker's native call is about to start
        if event == "c_call" and getattr(arg, "__name__", "") in NATIVE_CALLS:
            entered.set()

    def work():
        sys.setprofile(hook)
        try:
            results.append(call(state))
        finally:
            sys.setprofile(None)

    worker = threading.Thread(target=work)
    worker.start()
    # This thread gets the GIL back once the native call lets go of it, that is once the
    # call is under way (or, should the worker be held up just before the call, at the
    # next switch: then the call may see the move; either position is a right answer).
    assert entered.wait(60), "the native call never started"
    move = state.legal_moves()[0]
    state.apply(move)  # used to raise RuntimeError: Already borrowed
    assert worker.is_alive(), "the call ended before the move was played"
    worker.join()
    assert state.history() == before.history() + [str(move)]
    found = results[0]
    if isinstance(found, pentarena.core.game.SearchResult):
        assert found.move in before.legal_moves() + state.legal_moves()


def _hammer(state, seed: int, calls: int, failures: list) -> None:
    """Random calls on ``state``: plays, copies, reads; refusals are fine, a panic is not."""
    from pentarena.integrations import tensors

    rng = random.Random(seed)
    for _ in range(calls):
        op = rng.randrange(6)
        try:
            if op == 0:
                state.apply_action(rng.choice(state.legal_actions()))
            elif op == 1:
                state.apply(rng.choice(state.legal_moves()))
            elif op == 2:
                state.clone().legal_actions()
            elif op == 3:
                tensors.observation(state, 0)
            elif op == 4:
                state.to_json()
            else:
                state.history(), state.scores(), state.winners()
        except (ValueError, IndexError):  # a move made illegal by the other thread, the end
            pass
        except RuntimeError as e:  # a call refused while another thread's call runs
            if "Already" not in str(e) and "in use by a call on another thread" not in str(e):
                failures.append(e)
        except BaseException as e:  # noqa: BLE001 (PanicException is one)
            failures.append(e)


@pytest.fixture
def quick_switches():
    """Threads switch as often as they can (the races show up within a few games)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.parametrize("name", ["pentup", "pentago", "pentomino", "pentic"])
def test_threads_playing_on_one_state_are_refused_not_panicked(name, quick_switches):
    pytest.importorskip("numpy")
    game = pentarena.load_game(name)
    failures: list = []
    for seed in range(8):
        state = game.new_initial_state(seed=seed)
        workers = [threading.Thread(target=_hammer, args=(state, 10 * seed + i, 200, failures))
                   for i in range(3)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        again = game.new_initial_state(seed=seed)  # the state is still one game's
        for move in state.history():
            again.apply(move)
        assert again.to_json() == state.to_json()
    assert not failures, f"{len(failures)} failures, e.g. {failures[0]!r}"


def test_pentic_plays_read_from_two_threads_at_once(quick_switches):
    # (the plays' dicts are built on demand: two readers used to append them twice)
    state = pentarena.load_game("pentic").new_initial_state(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(20):
        fresh = pentarena.load_game("pentic").state_from_json(state.to_json())
        readers = [threading.Thread(target=lambda: fresh.plays) for _ in range(3)]
        for r in readers:
            r.start()
        for r in readers:
            r.join()
        assert fresh.plays == state.plays


REFUSALS = """
import random, sys, threading
import pentarena
sys.setswitchinterval(1e-6)
refused = []


def play(state, seed):
    rng = random.Random(seed)
    for _ in range(1000):
        try:
            if rng.random() < 0.5:
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                state.legal_moves()
        except (ValueError, IndexError):
            pass
        except RuntimeError as e:
            refused.append(e)


for name in ("pentup", "pentago"):
    for seed in range(4):
        state = pentarena.load_game(name).new_initial_state(seed=seed)
        workers = [threading.Thread(target=play, args=(state, 10 * seed + i)) for i in range(3)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
print(len(refused), refused[:1])
"""


def test_first_use_tables_keep_the_gil():
    # The move objects and action lists are made on first use; PyO3's PyOnceLock let go
    # of the GIL while making one, inside a call that held the state, so the other
    # threads' calls on it were refused by the thousand ("Already borrowed").  A process
    # of its own: the tables are still empty there.
    out = subprocess.run([sys.executable, "-c", REFUSALS], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.startswith("0 "), out
