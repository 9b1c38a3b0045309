"""The proof that the first player wins Golomb's game (2-player Pentomino on 8×8), from the
empty board, resumed from ``results/golomb_proof.jsonl`` (its checkpoint), for at most
``--seconds`` (default: to the end); then the opening book is written from what is proved
and the figures saved: replies refuted, nodes, search time, checkpoint and book sizes, and
the time still to go at the rate so far.

    nice -n 19 python benchmarks/golomb_proof.py --seconds 3600
    python benchmarks/golomb_proof.py --seconds 0      # figures only
    python benchmarks/golomb_proof.py --smoke          # the machinery, in seconds

``--smoke`` runs on a copy of the checkpoint in a temporary directory, less its cheapest
reply and its end, so that the proof has that one reply to prove (on a small table) before
it ends; the book and the figures go to that directory.
"""

from __future__ import annotations

import argparse
import json
import statistics

import common
from common import RESULTS, save

from pentarena._native import PentominoProver
from pentarena.games.pentomino import golomb

CHECKPOINT = RESULTS / "golomb_proof.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--table-bits", type=int, default=25)
    parser.add_argument("--smoke", action="store_true",
                        help="prove one easy reply again, in a temporary directory")
    args = parser.parse_args()
    global CHECKPOINT
    book_path = golomb.BOOK_PATH
    if args.smoke:
        committed = common.ROOT / "results" / CHECKPOINT.name
        rows = [json.loads(line) for line in committed.read_text().splitlines()]
        easiest = min((r for r in rows if r["kind"] == "reply" and r["wins"]),
                      key=lambda r: r["nodes"])
        tmp = common.smoke_results(CHECKPOINT.name, keep=lambda _, line: json.loads(line)
                                   .get("kind") != "done" and json.loads(line) != easiest)
        CHECKPOINT, book_path = tmp / CHECKPOINT.name, tmp / book_path.name
        args.table_bits = min(args.table_bits, 16)
    RESULTS.mkdir(exist_ok=True)
    if args.seconds != 0:
        prover = PentominoProver(args.table_bits)
        golomb.run_proof(CHECKPOINT, prover, stop_after=args.seconds,
                         report=lambda line, p: print(f"[{len(p.answers)}/{p.replies}] {line}",
                                                      flush=True))
    progress = golomb.read_checkpoint(CHECKPOINT)
    every = [r for r in map(json.loads, CHECKPOINT.read_text().splitlines())
             if r.get("kind") == "reply"]
    rows = [r for r in every if r.get("first") == progress.first]
    timed_all = [r for r in every if "cpu" in r]
    book = golomb.write_book(progress, book_path) if progress.first is not None else None
    per_reply = statistics.mean(r["seconds"] for r in rows) if rows else None
    timed = [r["cpu"] for r in rows if "cpu" in r]
    cpu_per_reply = statistics.mean(timed) if timed else None
    left = progress.replies - len(progress.answers)
    out = {
        "first_move": str(golomb.board_tables()[0][progress.first]) if progress.first else None,
        "refuted_first_moves": {str(golomb.board_tables()[0][f]): str(golomb.board_tables()[0][r])
                                for f, r in progress.refuted_firsts.items()},
        "proved": progress.done,
        "distinct_replies": progress.replies,
        "replies_refuted": len(progress.answers),
        "nodes": progress.nodes,
        "search_seconds": round(progress.seconds, 1),
        "search_cpu_seconds_recorded": round(progress.cpu, 1),
        "replies_with_cpu_recorded": sum("cpu" in r for r in rows),
        "replies_searched": len(every),
        "nodes_per_cpu_second": (round(sum(r["nodes"] for r in timed_all)
                                       / sum(r["cpu"] for r in timed_all)) if timed_all else None),
        "nodes_per_second": round(progress.nodes / progress.seconds) if progress.seconds else None,
        "hardest_reply_seconds": max((r["seconds"] for r in every), default=None),
        "projected_seconds_left": round(per_reply * left) if per_reply else None,
        "projected_cpu_seconds_left": round(cpu_per_reply * left) if cpu_per_reply else None,
        "checkpoint_bytes": CHECKPOINT.stat().st_size if CHECKPOINT.exists() else 0,
        "book_bytes": book_path.stat().st_size if book else 0,
        "table_bytes": 16 << args.table_bits,
    }
    for k, v in out.items():
        print(f"{k}: {v}")
    save("golomb_proof", out)


if __name__ == "__main__":
    main()
