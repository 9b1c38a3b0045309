"""Ctrl-C stops the native engines' long calls, with or without a time limit.

Each case runs one call with an effectively unbounded budget (no time limit, a budget of
work that would last for ages) in a process of its own, sends it SIGINT once the call is
under way, and expects the process to end with KeyboardInterrupt, the state as it was.
The native searches and solvers run without the GIL and used to ignore Ctrl-C until
they were done: they now ask for signals where they read their clock (``interruptible``
in ``native/src/py/mod.rs``).  The timeout is only a guard against a hang.  (The puzzle
solver's counts checked signals before, and no puzzle keeps them busy for long.)
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import textwrap

import pytest

from pentarena.games.pentago.rules import SOLVER_MAX_GB, _within_memory

GUARD = 60.0
"""Seconds a process may take to stop after SIGINT before the test gives up (a hang)."""

CHILD = """
import signal, sys, threading
# Ctrl-C raises KeyboardInterrupt even in a test run started in the background (nohup, &),
# whose processes are born with SIGINT ignored: Python then installs no handler of its own
signal.signal(signal.SIGINT, signal.default_int_handler)
import faulthandler
faulthandler.register(signal.SIGUSR1, all_threads=True)  # where it is, if it hangs
import pentarena
{setup}
before = state.to_json() if state is not None else None
# The line is printed by a second thread, and only once the call has let go of the GIL: the
# main thread keeps it until then (a switch interval long enough that it is never asked to
# let go sooner), so SIGINT arrives while the call runs, not just before it.
sys.setswitchinterval(1000.0)
gate = threading.Lock()
gate.acquire()


def announce():
    with gate:
        print("calling", flush=True)


threading.Thread(target=announce, daemon=True).start()
gate.release()
try:
    {call}
except KeyboardInterrupt:
    if state is None or state.to_json() == before:
        print("unchanged", flush=True)
    import resource
    print("peak", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, flush=True)
    raise
print("returned", flush=True)
"""


def interrupted(setup: str, call: str) -> int:
    """Run ``call`` after ``setup`` (which sets ``state``, or None) in a new process, send
    it SIGINT once the call runs, and check that it ends with KeyboardInterrupt, the state
    unchanged.  The process's peak memory (bytes)."""
    code = CHILD.format(setup=textwrap.dedent(setup).strip(), call=call)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        if line.strip() != "calling":
            proc.kill()
            _, err = proc.communicate()
            pytest.fail(f"the call did not start: {line!r}\n{err[-1500:]}")
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=GUARD)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGUSR1)  # its threads' stacks to stderr, then it goes
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(5)
            proc.kill()
            _, err = proc.communicate()
            pytest.fail(f"still running {GUARD:.0f} s after Ctrl-C: {call}\n{err[-3000:]}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "returned" not in out, f"the call ran to its end: {call}"
    assert err.rstrip().endswith("KeyboardInterrupt"), err[-1500:]
    assert proc.returncode != 0
    lines = out.split("\n")
    assert "unchanged" in lines, f"the state changed: {call}\n{err[-1500:]}"
    return int(next(line for line in lines if line.startswith("peak ")).split()[1])


PENTUP = """
    state = pentarena.load_game("pentup").new_initial_state(seed=1)
    state.search_position(None, iterations=2)
"""


def test_pentup_mcts_stops_at_ctrl_c():
    interrupted(PENTUP, "state.search_position(None, iterations=2**62)")


def test_pentup_mcts_on_two_threads_stops_at_ctrl_c():
    interrupted(PENTUP, "state.search_position(None, iterations=2**62, threads=2)")


def test_pentup_mcts_with_a_time_limit_stops_at_ctrl_c():
    interrupted(PENTUP, "state.search_position(1e6, iterations=2**62)")


def test_pentic_ismcts_stops_at_ctrl_c():
    interrupted("""
        state = pentarena.load_game("pentic").new_initial_state(seed=1)
        state.search_position(None, iterations=2)
    """, "state.search_position(None, iterations=2**62)")


PENTAGO = """
    state = pentarena.load_game("pentago").new_initial_state(seed=1)
    state.search_position(None, max_depth=1)
"""


def test_pentago_alpha_beta_stops_at_ctrl_c():
    interrupted(PENTAGO, "state.search_position(None, max_depth=30)")


# 20 empty cells: about a minute of one core and 8.5 GB for the whole solve; the first
# layers, all that Ctrl-C leaves it time for, take a few hundred MB.  (The peak memory
# tells a call stopped early from one that finished before the interrupt was seen, which a
# fast machine might do within the guard.)
PENTAGO_20_EMPTY = """
    import random
    state = pentarena.load_game("pentago").new_initial_state(seed=1)
    rng = random.Random(21)  # (20 reached a win at once, which solve_position finds at once)
    while len(state.legal_moves()) > 20 * 8:  # 20 empty cells (8 twists each)
        state.apply(rng.choice(state.legal_moves()))
        assert not state.is_terminal()
    state.solve_moves(0.0)
    assert not state.search_position(None, max_depth=1).proven  # the solver is asked
"""


needs_memory = pytest.mark.skipif(_within_memory(SOLVER_MAX_GB) < 8.6,
                                  reason="the solver takes 20 empty cells with 8.6 GB only")


@needs_memory
def test_pentago_solver_on_two_threads_stops_at_ctrl_c():
    assert interrupted(PENTAGO_20_EMPTY, "state.solve_moves(None, threads=2)") < 4e9


@needs_memory
def test_pentago_solve_position_stops_at_ctrl_c():
    assert interrupted(PENTAGO_20_EMPTY, "state.solve_position(None)") < 4e9


PENTOMINO = """
    state = pentarena.load_game("pentomino").new_initial_state(seed=1)
    assert state.phase == "place" and state.occ == 0
"""


def test_pentomino_endgame_solver_stops_at_ctrl_c():
    # the empty board: the whole of Golomb's game
    interrupted(PENTOMINO, "state.solve_position(None)")


def test_pentomino_perfect_move_stops_at_ctrl_c():
    interrupted(PENTOMINO, "state.perfect_move(None, book=False)")


def test_pentomino_prover_stops_at_ctrl_c():
    interrupted("""
        from pentarena._native import PentominoProver
        prover = PentominoProver(16)
        state = None
    """, "prover.solve(0, 0xFFF, 0xFFF)")


def test_a_ctrl_c_due_as_a_native_call_begins_is_not_lost(monkeypatch):
    """A native call that can be interrupted first asks ``threading`` whether it runs on
    the main thread: Python code, where a signal handler that is due runs (a Ctrl-C that
    came just before the call, while the GIL was let go on the way to it).  Its
    KeyboardInterrupt is raised by the call; it used to be dropped, and the call then ran
    on to its end — the Pentomino Ctrl-C tests above, with cold caches, once in a few
    dozen runs, ran past their guard (gdb: still searching a minute after the Ctrl-C)."""
    import threading

    import pentarena

    state = pentarena.load_game("pentago").new_initial_state(seed=1)

    def due():  # as the handler of a Ctrl-C that arrived just before raises it
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(threading, "main_thread", due)
        with pytest.raises(KeyboardInterrupt):
            state.search_position(None, max_depth=3)
    assert state.search_position(None, max_depth=3).depth == 3  # (and without one: as ever)
