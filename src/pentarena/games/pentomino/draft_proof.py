"""The draft variant from the first pick: who wins when both players draft and place
perfectly, proved resumably, and the table of proved drafts the ``perfect`` level plays.

Seat 0 picks first, then the seats alternate until each holds 6 of the 12 pieces; seat 1
places first (RULES.md §3).  A finished draft is a *split*: seat 0's set (the other six
are seat 1's), 924 in all, and its value is the placement game's from the empty board,
which the native proof search (``_native.PentominoProver``, ``shared=False``) settles in
seconds to minutes.  The picks above the splits form a small game of their own
(143,365 positions of two sets); its value needs only some of the splits, so the proof
chooses which split to prove next by proof-number search over the picks: each unproved
split counts as one, a seat's pick needs one of its children to go its way, the other
seat's all of them.  Every proved split is a line of the checkpoint (JSON lines); the
proof stops between two splits and resumes from the file.

The table (``draft_book.json`` next to this module) holds every proved split: whether the
first placer wins, and its winning placement (or, when it loses, the placement whose
refutation was the most work).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

from .golomb import append_line
from .notation import board_tables
from .rules import ALL
from .rules import letters as piece_letters

BOOK_PATH = Path(__file__).with_name("draft_book.json")
DEFAULT_CHECKPOINT = "draft-proof.jsonl"
INFINITE = 1 << 40


def letters(mask: int) -> str:
    return "".join(piece_letters(mask))


def picker(mask0: int, mask1: int) -> int:
    """The seat to pick after these picks (seat 0 first, then alternately)."""
    return (mask0 | mask1).bit_count() % 2


# ---------------------------------------------------------------------------- the picks
class Picks:
    """The pick phase over the splits proved so far (``split(mask0)``: a finished draft's
    value for seat 1, None while unproved): proof and disproof numbers of "the first
    placer (seat 1) wins" after any picks, each position counted once."""

    def __init__(self, split: Callable[[int], bool | None]) -> None:
        self.split = split
        self.memo: dict[tuple[int, int], tuple[int, int]] = {}
        self.assumed: dict[int, bool] = {}  # splits being proved: a value taken for now

    def children(self, m0: int, m1: int) -> list[tuple[int, int]]:
        seat = picker(m0, m1)
        return [(m0 | bit, m1) if seat == 0 else (m0, m1 | bit) for bit in _left(m0 | m1)]

    def numbers(self, m0: int, m1: int) -> tuple[int, int]:
        """0 / infinite when proved, infinite / 0 when disproved, else about how many
        unproved splits would have to be proved either way."""
        found = self.memo.get((m0, m1))
        if found is not None:
            return found
        if (m0 | m1) == ALL:
            value = self.assumed[m0] if m0 in self.assumed else self.split(m0)
            found = (1, 1) if value is None else (0, INFINITE) if value else (INFINITE, 0)
        else:
            kids = [self.numbers(*c) for c in self.children(m0, m1)]
            if picker(m0, m1) == 1:  # seat 1 picks: one child it wins is enough
                found = (min(p for p, _ in kids), min(INFINITE, sum(d for _, d in kids)))
            else:
                found = (min(INFINITE, sum(p for p, _ in kids)), min(d for _, d in kids))
        self.memo[(m0, m1)] = found
        return found

    def update(self, mask0: int) -> None:
        """After the split ``mask0`` is proved: its numbers and its ancestors' again (1,716
        positions at most, the deepest first; the others' stay as they are)."""
        mask1 = ALL & ~mask0
        bits0 = [1 << i for i in range(12) if mask0 >> i & 1]
        bits1 = [1 << i for i in range(12) if mask1 >> i & 1]
        for k in range(12, -1, -1):
            for a in combinations(bits0, (k + 1) // 2):
                for b in combinations(bits1, k // 2):
                    self.memo.pop((sum(a), sum(b)), None)
                    if k < 12:
                        self.numbers(sum(a), sum(b))

    def assume(self, mask0: int) -> None:
        """Take a value for split ``mask0`` while it is being proved: the one that keeps
        the root open, if either does (so the next choice is another split)."""
        for value in (True, False):
            self.assumed[mask0] = value
            self.update(mask0)
            pn, dn = self.numbers(0, 0)
            if pn and dn:
                return

    def proved(self, mask0: int) -> None:
        """Split ``mask0`` is proved (``split`` knows it): its assumption goes."""
        self.assumed.pop(mask0, None)
        self.update(mask0)

    def next_split(self, m0: int = 0, m1: int = 0) -> int | None:
        """The unproved split that proving helps most (a most-proving leaf), None when the
        value after these picks is already proved."""
        pn, dn = self.numbers(m0, m1)
        if pn == 0 or dn == 0:
            return None
        while (m0 | m1) != ALL:
            # follow the proof number at seat 1's picks, the disproof number at seat 0's
            side = 0 if picker(m0, m1) == 1 else 1
            m0, m1 = min(self.children(m0, m1), key=lambda c: self.numbers(*c)[side])
        return m0

    def best_pick(self, m0: int, m1: int) -> int | None:
        """The piece (index) the seat to pick takes to keep a proved win, or None when the
        proved splits do not show one."""
        if (m0 | m1) == ALL:
            return None
        seat = picker(m0, m1)
        for child in self.children(m0, m1):
            pn, dn = self.numbers(*child)
            if (seat == 1 and pn == 0) or (seat == 0 and dn == 0):
                return ((child[0] | child[1]) & ~(m0 | m1)).bit_length() - 1
        return None


def _left(taken: int) -> list[int]:
    return [1 << i for i in range(12) if not taken >> i & 1]


# ---------------------------------------------------------------------------- the proof
@dataclass
class DraftProgress:
    """What the checkpoint file holds so far."""

    splits: dict[int, tuple[bool, int | None]] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    cpu: float = 0.0

    def value(self, mask0: int) -> bool | None:
        found = self.splits.get(mask0)
        return None if found is None else found[0]

    def result(self) -> bool | None:
        """Whether the first placer (seat 1) wins the draft game; None while unproved."""
        pn, dn = Picks(self.value).numbers(0, 0)
        return True if pn == 0 else False if dn == 0 else None


def read_checkpoint(path: Path) -> DraftProgress:
    progress = DraftProgress()
    if not path.exists():
        return progress
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a stop mid-write
        if isinstance(row, dict) and row.get("kind") == "split":
            progress.splits[row["mask0"]] = (row["first_placer_wins"], row["action"])
            progress.nodes += row["nodes"]
            progress.seconds += row["seconds"]
            progress.cpu += row["cpu"]
    return progress


def prove_split(prover: Any, mask0: int) -> tuple[bool, int | None, int]:
    """(the first placer wins, its winning placement or longest defence, nodes) of the
    split where seat 0 holds ``mask0``: the placement game from the empty board."""
    wins, action, nodes = prover.solve(0, ALL & ~mask0, mask0, None, None)
    return wins, action, nodes


def run_proof(path: Path, provers: Sequence[Any],
              report: Callable[[str, DraftProgress], None] | None = None,
              stop_after: float | None = None,
              prove: Callable[[Any, int], tuple[bool, int | None, int]] = prove_split,
              ) -> DraftProgress:
    """Prove (or go on proving) who wins the draft game, appending each proved split to
    the checkpoint file ``path``, one split at a time on each of ``provers`` (each in a
    thread of its own: the proof search runs without the GIL).  ``stop_after`` seconds:
    prove no new split once they have passed (the ones under way are finished).
    ``prove``: how a split is proved (tests give their own)."""
    started = time.perf_counter()
    progress = read_checkpoint(path)
    moves = board_tables()[0]
    picks = Picks(progress.value)

    def job(prover: Any, mask0: int) -> tuple[tuple[bool, int | None, int], float, float]:
        t, c = time.perf_counter(), time.thread_time()
        found = prove(prover, mask0)
        return found, time.perf_counter() - t, time.thread_time() - c

    free = list(provers)
    running: dict[Future, tuple[int, Any]] = {}
    with ThreadPoolExecutor(max_workers=len(free)) as pool:
        while True:
            while free:
                mask0 = picks.next_split()
                if mask0 is None or (stop_after is not None
                                     and time.perf_counter() - started > stop_after):
                    break
                # while it is being proved, the next choice assumes the value that leaves
                # the most to prove (both settling everything: nothing more to do at once)
                picks.assume(mask0)
                prover = free.pop()
                running[pool.submit(job, prover, mask0)] = (mask0, prover)
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                mask0, prover = running.pop(future)
                free.append(prover)
                (wins, action, nodes), seconds, cpu = future.result()
                progress.splits[mask0] = (wins, action)
                picks.proved(mask0)
                progress.nodes += nodes
                progress.seconds += seconds
                progress.cpu += cpu
                move = None if action is None else str(moves[action])
                append_line(path, json.dumps({
                    "kind": "split", "mask0": mask0, "sets": [letters(mask0), letters(ALL & ~mask0)],
                    "first_placer_wins": wins, "action": action, "move": move, "nodes": nodes,
                    "seconds": round(seconds, 3), "cpu": round(cpu, 3)}))
                if report:
                    report(f"{letters(mask0)}/{letters(ALL & ~mask0)}: the first placer "
                           f"{'wins with' if wins else 'loses; longest defence'} {move}", progress)
    return progress


def write_book(progress: DraftProgress, path: Path = BOOK_PATH) -> dict[str, Any]:
    """The table of proved splits: seat 0's set (hex mask) -> [first placer wins, action]."""
    book = {"splits": {f"{m:03x}": [w, a] for m, (w, a) in sorted(progress.splits.items())},
            "result": progress.result(), "nodes": progress.nodes,
            "seconds": round(progress.seconds, 1), "cpu": round(progress.cpu, 1)}
    path.write_text(json.dumps(book, separators=(",", ":")) + "\n")
    return book


# ---------------------------------------------------------------------------- the book
@cache
def load_book() -> dict[int, tuple[bool, int | None]]:
    """The shipped table of proved splits (empty when there is none)."""
    try:
        data = json.loads(BOOK_PATH.read_text())
    except (OSError, ValueError):
        return {}
    return {int(k, 16): (bool(w), a) for k, (w, a) in data["splits"].items()}


def book_value(mask0: int) -> bool | None:
    found = load_book().get(mask0)
    return None if found is None else found[0]


@cache
def book_picks() -> Picks:
    """The pick phase over the shipped table (its numbers kept: the table does not
    change while the program runs)."""
    return Picks(book_value)
