"""Golomb's game from the empty board: the proof that the first player wins (Orman 1996),
run resumably, and the opening book it leaves for the ``perfect`` level.

The game state that matters is (covered squares, pieces left): who placed what does not,
and the board's 8 symmetries map positions to equivalent ones.  The proof chooses a first
move, then shows that every distinct reply (up to symmetry) loses: for each, the native
proof search (``_native.PentominoProver``, ``native/src/pentomino/proof.rs``) finds the
first player's winning answer.  Each refutation is a line of the checkpoint file (JSON
lines), so a run stops and resumes anywhere; a reply that wins for the second player
refutes the first move, and the proof goes on with the next candidate.

The book (``golomb_book.json`` next to this module, read on first use) holds the first
move and, for every reply refuted so far, the winning answer, keyed by the position's
canonical form: its least symmetric image (board as a 64-bit int, square = rank*8+file);
and for every first move the proof found lost, the second player's winning reply.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ...core.polyomino import PIECE_NAMES
from .notation import board_tables

ALL = (1 << 12) - 1
BOOK_PATH = Path(__file__).with_name("golomb_book.json")
DEFAULT_CHECKPOINT = "golomb-proof.jsonl"


# ---------------------------------------------------------------------------- symmetry
def _square_maps() -> tuple[tuple[int, ...], ...]:
    """Per symmetry, square -> image, in the native prover's order: identity, ranks
    reflected, files reflected, both, then each of those followed by the a1-h8 transpose."""
    maps = []
    for transpose in (False, True):
        for flip_r, flip_f in ((False, False), (True, False), (False, True), (True, True)):
            out = []
            for sq in range(64):
                r, f = divmod(sq, 8)
                r, f = (7 - r if flip_r else r), (7 - f if flip_f else f)
                if transpose:
                    r, f = f, r
                out.append(r * 8 + f)
            maps.append(tuple(out))
    return tuple(maps)


SQUARE_MAPS = _square_maps()
INVERSE = tuple(next(j for j, inv in enumerate(SQUARE_MAPS) if all(inv[m[s]] == s for s in range(64)))
                for m in SQUARE_MAPS)


def image(board: int, sym: int) -> int:
    """``board`` under symmetry ``sym`` (an index into :data:`SQUARE_MAPS`)."""
    out, m = 0, SQUARE_MAPS[sym]
    while board:
        low = board & -board
        out |= 1 << m[low.bit_length() - 1]
        board ^= low
    return out


def canonical(board: int) -> tuple[int, int]:
    """(the least image of ``board``, a symmetry that gives it)."""
    return min((image(board, s), s) for s in range(8))


@cache
def _placement_index() -> dict[tuple[str, int], int]:
    moves = board_tables()[0]
    return {(moves[a][1], moves[a][2]): a for a in range(2308)}


def placement(piece: str, mask: int) -> int:
    """The action id of ``piece`` on the squares ``mask``."""
    return _placement_index()[(piece, mask)]


def position_key(occ: int, pool: int) -> tuple[str, int]:
    """(the book's key of the position, the symmetry that maps it to its canonical form)."""
    canon, sym = canonical(occ)
    return f"{canon:016x}/{pool:03x}", sym


def moved(action: int, sym: int) -> int:
    """Placement ``action`` under symmetry ``sym``."""
    _, piece, mask = board_tables()[0][action][:3]
    return placement(piece, image(mask, sym))


def distinct_replies(first: int) -> list[int]:
    """The replies to first move ``first``, one per class of symmetric positions, the ones
    that leave the first player fewest answers first (the replies most likely to win)."""
    moves = board_tables()[0]
    occ, piece = moves[first][2], moves[first][1]
    pool = ALL & ~(1 << PIECE_NAMES.index(piece))
    seen: dict[tuple[int, int], int] = {}
    for a in range(2308):
        p, m = moves[a][1], moves[a][2]
        if m & occ or not pool >> PIECE_NAMES.index(p) & 1:
            continue
        key = (canonical(occ | m)[0], PIECE_NAMES.index(p))
        seen.setdefault(key, a)
    left = {a: _answers(occ | moves[a][2], pool & ~(1 << PIECE_NAMES.index(moves[a][1])))
            for a in seen.values()}
    return sorted(seen.values(), key=lambda a: (left[a], a))


def _answers(occ: int, pool: int) -> int:
    moves = board_tables()[0]
    return sum(1 for a in range(2308)
               if not moves[a][2] & occ and pool >> PIECE_NAMES.index(moves[a][1]) & 1)


def first_move_candidates() -> list[int]:
    """The 296 first moves up to symmetry, the ones that leave the second player fewest
    replies first (the prover's own move order)."""
    moves = board_tables()[0]
    firsts: dict[int, int] = {}
    for a in range(2308):
        firsts.setdefault(canonical(moves[a][2])[0], a)
    return sorted(firsts.values(),
                  key=lambda a: (_answers(moves[a][2], ALL & ~(1 << PIECE_NAMES.index(moves[a][1]))), a))


# ---------------------------------------------------------------------------- the proof
@dataclass
class ProofProgress:
    """What the checkpoint file holds so far."""

    first: int | None = None
    refuted_firsts: dict[int, int] = field(default_factory=dict)  # first -> winning reply
    answers: dict[int, int] = field(default_factory=dict)  # reply -> winning answer
    nodes: int = 0
    seconds: float = 0.0  # wall-clock time of the searches
    cpu: float = 0.0  # their CPU time (rows written before it was recorded: none)
    replies: int = 0  # distinct replies of the current first move
    done: bool = False


def read_checkpoint(path: Path) -> ProofProgress:
    progress = ProofProgress()
    if not path.exists():
        return progress
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a stop mid-write
        first = row.get("first")
        if row.get("kind") == "first":
            progress.first, progress.replies = first, row["replies"]
            progress.answers = {}
        elif row.get("kind") == "reply" and first == progress.first:
            progress.nodes += row["nodes"]
            progress.seconds += row["seconds"]
            progress.cpu += row.get("cpu", 0.0)
            if row["wins"]:
                progress.answers[row["reply"]] = row["answer"]
            else:
                progress.refuted_firsts[first] = row["reply"]
                progress.first = None
        elif row.get("kind") == "done" and first == progress.first:
            progress.done = True
    return progress


def append_line(path: Path, line: str) -> None:
    """Add ``line`` to a proof's checkpoint, on a line of its own even after a line cut
    short.  The file is opened for each line, so that a checkpoint replaced meanwhile (a
    git checkout while the proof runs) gets it, not the file it replaced."""
    with path.open("a+b") as out:
        out.seek(0, 2)
        if out.tell():
            out.seek(-1, 2)
            if out.read(1) != b"\n":
                line = "\n" + line
        out.write((line + "\n").encode())


def run_proof(path: Path, prover: Any, firsts: list[int] | None = None,
              report: Callable[[str, ProofProgress], None] | None = None,
              stop_after: float | None = None) -> ProofProgress:
    """Prove (or go on proving) that the first player wins, appending to the checkpoint
    file ``path``.  ``prover``: a ``PentominoProver``.  ``stop_after`` seconds: stop
    between two replies once they have passed (the proof resumes from the file)."""
    started = time.perf_counter()
    progress = read_checkpoint(path)
    moves = board_tables()[0]
    candidates = firsts or first_move_candidates()
    def write(row: dict[str, Any]) -> None:
        append_line(path, json.dumps(row))

    while not progress.done:
        if progress.first is None:
            left = [a for a in candidates if a not in progress.refuted_firsts]
            if not left:
                break
            progress.first, progress.answers = left[0], {}
            progress.replies = len(distinct_replies(left[0]))
            write({"kind": "first", "first": left[0], "move": str(moves[left[0]]),
                   "replies": progress.replies})
        first = progress.first
        occ1 = moves[first][2]
        pool1 = ALL & ~(1 << PIECE_NAMES.index(moves[first][1]))
        for reply in distinct_replies(first):
            if reply in progress.answers:
                continue
            if stop_after is not None and time.perf_counter() - started > stop_after:
                return progress
            occ = occ1 | moves[reply][2]
            pool = pool1 & ~(1 << PIECE_NAMES.index(moves[reply][1]))
            t, c = time.perf_counter(), time.process_time()
            wins, answer, nodes = prover.solve(occ, pool, pool)
            seconds, cpu = time.perf_counter() - t, time.process_time() - c
            progress.nodes += nodes
            progress.seconds += seconds
            progress.cpu += cpu
            write({"kind": "reply", "first": first, "reply": reply, "move": str(moves[reply]),
                   "wins": wins, "answer": answer, "nodes": nodes, "seconds": round(seconds, 3),
                   "cpu": round(cpu, 3)})
            if not wins:
                progress.refuted_firsts[first] = reply
                progress.first = None
                if report:
                    report(f"first move {moves[first]} refuted by {moves[reply]}", progress)
                break
            progress.answers[reply] = answer
            if report:
                report(f"{moves[reply]} answered by {moves[answer]}", progress)
        else:
            progress.done = True
            write({"kind": "done", "first": first, "nodes": progress.nodes,
                   "seconds": round(progress.seconds, 1), "cpu": round(progress.cpu, 1)})
    return progress


def write_book(progress: ProofProgress, path: Path = BOOK_PATH) -> dict[str, Any]:
    """The opening book from a proof's progress: the first move and each refuted reply's
    winning answer, keyed by the canonical position after the reply; and each refuted
    first move's winning reply, keyed by the canonical position after that first move."""
    if progress.first is None:
        raise ValueError("no first move is being proved")
    moves = board_tables()[0]
    first = progress.first
    pool1 = ALL & ~(1 << PIECE_NAMES.index(moves[first][1]))
    answers = {}
    for reply, answer in sorted(progress.answers.items()):
        occ = moves[first][2] | moves[reply][2]
        key, sym = position_key(occ, pool1 & ~(1 << PIECE_NAMES.index(moves[reply][1])))
        answers[key] = moved(answer, sym)
    refuted = {}  # first moves shown to lose: the second player's winning reply
    for lost, reply in sorted(progress.refuted_firsts.items()):
        key, sym = position_key(moves[lost][2], ALL & ~(1 << PIECE_NAMES.index(moves[lost][1])))
        refuted[key] = moved(reply, sym)
    book = {"first": first, "first_move": str(moves[first]), "proved": progress.done,
            "replies": progress.replies, "nodes": progress.nodes,
            "seconds": round(progress.seconds, 1), "cpu": round(progress.cpu, 1),
            "answers": answers, "refuted": refuted}
    path.write_text(json.dumps(book, separators=(",", ":")) + "\n")
    return book


# ---------------------------------------------------------------------------- the book
@cache
def load_book() -> dict[str, Any] | None:
    """The shipped opening book (None when there is none)."""
    try:
        return json.loads(BOOK_PATH.read_text())
    except (OSError, ValueError):
        return None


def book_move(occ: int, pool: int, placed: int) -> int | None:
    """The book's placement (action id) for the position (covered squares, pool) with
    ``placed`` pieces on the board, or None when the book does not know it."""
    book = load_book()
    if book is None:
        return None
    if placed == 0:
        return book["first"]
    if placed not in (1, 2):
        return None
    key, sym = position_key(occ, pool)
    answer = book.get("answers" if placed == 2 else "refuted", {}).get(key)
    if answer is None:
        return None
    return moved(answer, INVERSE[sym])


def book_lines() -> Iterator[tuple[str, str]]:
    """(position key, answer) of every book entry (for tests)."""
    book = load_book() or {"answers": {}}
    yield from book["answers"].items()
