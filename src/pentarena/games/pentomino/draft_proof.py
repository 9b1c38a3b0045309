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

Which split to prove next is guided by a *prior*: a logistic model of "the first placer
wins" over which pieces each seat holds, fitted to the splits proved so far
(:func:`fit_prior`; the L and P tiles in the first picker's set make a first placer's win
rare, the X tile common).  An unproved split then counts not one but about how unlikely
its value is to go each way (``-log2`` of the model's probability, see
:meth:`Picks.leaf`), so the proof tries first the picks whose splits are likely to hold.
The prior only orders the work: a value is proved by proved splits alone.

The table (``draft_book.json`` next to this module) holds every proved split: whether the
first placer wins, and its winning placement (or, when it loses, the placement whose
refutation was the most work).  The proof found that the first picker wins; for every
draft its strategy can end in, ``draft_answers.json`` holds the winning answer to each
first placement of the first placer (see :func:`prove_answers`), so that the ``perfect``
level never has to refute a hard one within a move's time.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

from ...core.polyomino import PIECE_NAMES
from .golomb import INVERSE, append_line, canonical, moved, placement
from .notation import board_tables
from .rules import ALL
from .rules import letters as piece_letters

BOOK_PATH = Path(__file__).with_name("draft_book.json")
ANSWERS_PATH = Path(__file__).with_name("draft_answers.json")
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
    placer (seat 1) wins" after any picks, each position counted once.  Without a
    ``prior`` an unproved split counts one each way; with one (the probability that the
    first placer wins it), see :meth:`leaf`."""

    def __init__(self, split: Callable[[int], bool | None],
                 prior: Callable[[int], float] | None = None) -> None:
        self.split = split
        self.prior = prior
        self.memo: dict[int, tuple[int, int]] = {}  # by m0 << 12 | m1
        self.assumed: dict[int, bool] = {}  # splits being proved: a value taken for now

    def set_prior(self, prior: Callable[[int], float] | None) -> None:
        """Count the unproved splits by another prior from now on."""
        self.prior = prior
        self.memo.clear()

    def leaf(self, mask0: int) -> tuple[int, int]:
        """An unproved split's numbers: (1, 1) without a prior, else one more than
        ``PRIOR_WEIGHT`` times the bits of surprise of each value (``-log2 p`` to prove the
        first placer's win, ``-log2 (1 - p)`` its loss; p kept within 2%–98%), so that
        summed over a seat's every answer they weigh how unlikely all are to hold."""
        if self.prior is None:
            return 1, 1
        p = min(0.98, max(0.02, self.prior(mask0)))
        return (1 + round(PRIOR_WEIGHT * -math.log2(p)),
                1 + round(PRIOR_WEIGHT * -math.log2(1 - p)))

    @staticmethod
    def children(m0: int, m1: int) -> list[tuple[int, int]]:
        seat = picker(m0, m1)
        return [(m0 | bit, m1) if seat == 0 else (m0, m1 | bit) for bit in _LEFTS[m0 | m1]]

    def numbers(self, m0: int, m1: int) -> tuple[int, int]:
        """0 / infinite when proved, infinite / 0 when disproved, else about how many
        unproved splits would have to be proved either way."""
        memo = self.memo
        found = memo.get(m0 << 12 | m1)
        if found is not None:
            return found
        taken = m0 | m1
        if taken == ALL:
            value = self.assumed[m0] if m0 in self.assumed else self.split(m0)
            found = self.leaf(m0) if value is None else (0, INFINITE) if value else (INFINITE, 0)
        else:
            # the children's numbers, most already known (the proof's inner loop: inline)
            get, numbers = memo.get, self.numbers
            if taken.bit_count() & 1:  # seat 1 picks: one child it wins is enough
                low, total = INFINITE, 0
                for bit in _LEFTS[taken]:
                    p, d = get(m0 << 12 | m1 | bit) or numbers(m0, m1 | bit)
                    total += d
                    if p < low:
                        low = p
                found = (low, min(INFINITE, total))
            else:
                low, total = INFINITE, 0
                for bit in _LEFTS[taken]:
                    p, d = get((m0 | bit) << 12 | m1) or numbers(m0 | bit, m1)
                    total += p
                    if d < low:
                        low = d
                found = (min(INFINITE, total), low)
        memo[m0 << 12 | m1] = found
        return found

    def update(self, mask0: int) -> None:
        """After the split ``mask0`` is proved: its numbers and its ancestors' again (1,716
        positions at most, the deepest first; the others' stay as they are)."""
        mask1 = ALL & ~mask0
        bits0 = [1 << i for i in range(12) if mask0 >> i & 1]
        bits1 = [1 << i for i in range(12) if mask1 >> i & 1]
        for k in range(12, -1, -1):
            for a in map(sum, combinations(bits0, (k + 1) // 2)):
                for b in map(sum, combinations(bits1, k // 2)):
                    self.memo.pop(a << 12 | b, None)
                    if k < 12:
                        self.numbers(a, b)

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


def strategy(value: Callable[[int], bool | None], cost: Callable[[int], float] = lambda m: 1.0,
             ) -> tuple[bool, set[int]] | None:
    """A proof of the picks' value from proved splits alone, by plain minimax (independent
    of :class:`Picks`): (whether the first placer wins, the splits of one strategy of the
    winning seat: at its picks the child whose strategy costs least by ``cost``, at the
    other seat's every child), or None while the proved splits show neither seat a win."""
    for first_placer in (True, False):
        seat = 1 if first_placer else 0  # the seat that wins, if first_placer says right

        @cache
        def best(m0: int, m1: int) -> tuple[float, frozenset[int]] | None:
            if (m0 | m1) == ALL:
                return (cost(m0), frozenset([m0])) if value(m0) is first_placer else None
            kids = [best(*c) for c in Picks.children(m0, m1)]
            if picker(m0, m1) == seat:
                found = [k for k in kids if k is not None]
                return min(found, key=lambda k: k[0]) if found else None
            if any(k is None for k in kids):
                return None
            leaves = frozenset().union(*(k[1] for k in kids))  # type: ignore[union-attr]
            return sum(map(cost, leaves)), leaves
        found = best(0, 0)
        if found is not None:
            return first_placer, set(found[1])
    return None


_LEFTS = [tuple(1 << i for i in range(12) if not taken >> i & 1) for taken in range(ALL + 1)]
"""The pieces (as bits) not yet picked, by the picks so far."""


PRIOR_WEIGHT = 10
"""Scale of an unproved split's numbers under a prior (:meth:`Picks.leaf`).  On made-up
values drawn around the model fitted to the first 214 proved drafts (logits shifted by
noise of σ 1.5, 8 seeds: ``benchmarks/draft_proof.py --simulate 8 --upto 214``) the rest
of the proof took 16–38 more drafts (median 24) where counting each split one took
74–116 (median 90.5); the real proof, guided from there, took 30."""


def fit_prior(splits: dict[int, bool], ridge: float = 1.0) -> Callable[[int], float] | None:
    """A logistic model of "the first placer wins" over which of the 12 pieces seat 0
    holds, fitted to proved splits by Newton's method (an L2 penalty ``ridge`` on the
    pieces' weights); None until both values have been seen."""
    if len(set(splits.values())) < 2:
        return None
    rows = [([1.0] + [float(m >> i & 1) for i in range(12)], float(v)) for m, v in splits.items()]
    w = [0.0] * 13
    for _ in range(50):
        grad = [ridge * x for x in w]
        grad[0] = 0.0
        hess = [[ridge * (i == j and i > 0) + 1e-9 * (i == j) for j in range(13)] for i in range(13)]
        for x, y in rows:
            p = _sigmoid(sum(a * b for a, b in zip(w, x)))
            for i in range(13):
                grad[i] += (p - y) * x[i]
                if x[i]:
                    for j in range(13):
                        hess[i][j] += p * (1 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step)]
        if max(map(abs, step)) < 1e-9:
            break

    def prior(mask0: int) -> float:
        return _sigmoid(w[0] + sum(w[i + 1] for i in range(12) if mask0 >> i & 1))
    return prior


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z > -700 else 0.0


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is positive definite)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for c in range(n):
        r = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[r] = m[r], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


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
              guided: bool = True) -> DraftProgress:
    """Prove (or go on proving) who wins the draft game, appending each proved split to
    the checkpoint file ``path``, one split at a time on each of ``provers`` (each in a
    thread of its own: the proof search runs without the GIL).  ``stop_after`` seconds:
    prove no new split once they have passed (the ones under way are finished).
    ``prove``: how a split is proved (tests give their own).  ``guided``: choose the
    splits by the prior (:func:`fit_prior`, fitted again as ``REFIT`` says) rather
    than counting each unproved split one."""
    started = time.perf_counter()
    progress = read_checkpoint(path)
    moves = board_tables()[0]

    def prior() -> Callable[[int], float] | None:
        if not guided or len(progress.splits) < FIRST_FIT:
            return None
        return fit_prior({m: w for m, (w, _) in progress.splits.items()})
    picks = Picks(progress.value, prior())
    fitted = len(progress.splits)

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
                if guided and len(progress.splits) >= max(FIRST_FIT, fitted + REFIT, fitted * 3 // 2):
                    picks.set_prior(prior())
                    fitted = len(progress.splits)
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


FIRST_FIT, REFIT = 32, 8
"""The prior is fitted once ``FIRST_FIT`` splits are proved, then again whenever half as
many again (and ``REFIT`` at least) have been (a fit recounts the 143,365 pick positions,
~0.7 s)."""


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


# ---------------------------------------------------------------------------- the answers
# A draft proved lost for the first placer is won for the other seat from its first
# placement on, but some first placements take the proof search tens of seconds to refute
# (the proof's longest defences: up to ~50 s here), more than the ``perfect`` level's move
# time.  So for every draft its picks can lead to, the package ships the winning answer to
# each first placement (one per class of symmetric ones).
def steered(picks: Picks) -> set[int]:
    """The drafts (seat 0's sets) the first picker's proved strategy can end in: at its
    picks ``picks.best_pick``, at the other seat's any piece.  Empty while unproved."""
    if picks.best_pick(0, 0) is None:
        return set()
    out: set[int] = set()

    def walk(m0: int, m1: int) -> None:
        if (m0 | m1) == ALL:
            out.add(m0)
        elif picker(m0, m1) == 0:
            piece = picks.best_pick(m0, m1)
            assert piece is not None, "a proved strategy has a pick everywhere"
            walk(m0 | 1 << piece, m1)
        else:
            for bit in _LEFTS[m0 | m1]:
                walk(m0, m1 | bit)
    walk(0, 0)
    return out


@cache
def _canonical_placements() -> tuple[tuple[int, int], ...]:
    """Per placement on the empty board, one per class of symmetric ones (the least image):
    (its piece's index, its action id)."""
    moves = board_tables()[0]
    found: dict[int, int] = {}
    for a in range(2308):
        canon, sym = canonical(moves[a][2])
        found.setdefault(canon, moved(a, sym))
    return tuple(sorted((PIECE_NAMES.index(moves[a][1]), a) for a in found.values()))


def first_placements(mask0: int) -> list[int]:
    """The first placer's (seat 1's) first placements in the draft where seat 0 holds
    ``mask0``, one per class of symmetric ones: the canonical one (least image)."""
    return sorted(a for p, a in _canonical_placements() if not mask0 >> p & 1)


def prove_answers(prover: Any, mask0: int) -> dict[int, int]:
    """Seat 0's winning answer to each of :func:`first_placements` (canonical frame); a
    ValueError if one is not a win (the draft was not lost for the first placer)."""
    moves = board_tables()[0]
    out = {}
    for a in first_placements(mask0):
        _, piece, mask = moves[a][:3]
        left1 = ALL & ~mask0 & ~(1 << PIECE_NAMES.index(piece))
        wins, answer, _ = prover.solve(mask, mask0, left1, None, None)
        if not wins or answer is None:
            raise ValueError(f"{letters(mask0)}: {moves[a]} is not refuted")
        out[a] = answer
    return out


@cache
def load_answers() -> dict[int, dict[int, int]]:
    """The shipped answers: seat 0's set -> canonical first placement -> answer."""
    try:
        data = json.loads(ANSWERS_PATH.read_text())
    except (OSError, ValueError):
        return {}
    return {int(m, 16): {int(a): int(b) for a, b in (pair.split(":") for pair in row.split())}
            for m, row in data["answers"].items()}


def answer(mask0: int, piece: str, occ: int) -> int | None:
    """Seat 0's winning answer (action id) when the first placer's first placement is
    ``piece`` on the squares ``occ``, in the draft where seat 0 holds ``mask0``; None when
    the package does not ship it."""
    table = load_answers().get(mask0)
    if not table:
        return None
    canon, sym = canonical(occ)
    found = table.get(placement(piece, canon))
    return None if found is None else moved(found, INVERSE[sym])


def write_answers(rows: dict[int, dict[int, int]], path: Path | None = None) -> None:
    """Write the answers table (one line of "first:answer" pairs per draft)."""
    data = {"answers": {f"{m:03x}": " ".join(f"{a}:{b}" for a, b in sorted(row.items()))
                        for m, row in sorted(rows.items())}}
    (path or ANSWERS_PATH).write_text(json.dumps(data, separators=(",", ":"), indent=0) + "\n")
