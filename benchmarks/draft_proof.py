"""The draft variant of Golomb's game from the first pick: who wins when both players draft
and place perfectly.  Resumed from ``results/draft_proof.jsonl`` (its checkpoint) for at
most ``--seconds`` (default: to the end); then the table of proved drafts is written
(``src/pentarena/games/pentomino/draft_book.json``, which the ``perfect`` level plays) and
the figures saved: drafts proved, their values and times.

    nice -n 19 python benchmarks/draft_proof.py --seconds 3600 --jobs 2
    python benchmarks/draft_proof.py --seconds 0      # figures only
"""

from __future__ import annotations

import argparse
import json
import statistics

from common import RESULTS, save

from pentarena._native import PentominoProver
from pentarena.games.pentomino import draft_proof

CHECKPOINT = RESULTS / "draft_proof.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=None)
    # the table holds positions up to five pieces in: 2^18 entries (4 MB) was the fastest
    # on drafts, 2^14 to 2^25 within 4% of each other's node counts (docs/native.md)
    parser.add_argument("--table-bits", type=int, default=18)
    parser.add_argument("--jobs", type=int, default=1, help="drafts proved at once")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    if args.seconds != 0:
        provers = [PentominoProver(args.table_bits, False) for _ in range(args.jobs)]
        draft_proof.run_proof(CHECKPOINT, provers, stop_after=args.seconds,
                              report=lambda line, p: print(f"[{len(p.splits)}] {line}", flush=True))
    progress = draft_proof.read_checkpoint(CHECKPOINT)
    rows = ([r for r in map(json.loads, CHECKPOINT.read_text().splitlines()) if r.get("kind") == "split"]
            if CHECKPOINT.exists() else [])
    book = draft_proof.write_book(progress)
    cpu = [r["cpu"] for r in rows]
    out = {
        "result": {True: "the first placer (second picker) wins", False: "the first picker wins",
                   None: "not proved yet"}[book["result"]],
        "drafts_proved": len(progress.splits),
        "first_placer_wins": sum(w for w, _ in progress.splits.values()),
        # of "the first placer wins" at the first pick: about how many unproved drafts
        # would still have to be proved won (proof) or lost (disproof) for the first placer
        "proof_numbers": dict(zip(("proof", "disproof"),
                                  draft_proof.Picks(progress.value).numbers(0, 0))),
        "nodes": progress.nodes,
        "search_seconds": round(progress.seconds, 1),
        "search_cpu_seconds": round(progress.cpu, 1),
        "cpu_seconds_per_draft": {"median": round(statistics.median(cpu), 1),
                                  "mean": round(statistics.mean(cpu), 1),
                                  "min": round(min(cpu), 1), "max": round(max(cpu), 1)} if cpu else None,
        "nodes_per_cpu_second": round(progress.nodes / progress.cpu) if progress.cpu else None,
        "checkpoint_bytes": CHECKPOINT.stat().st_size if CHECKPOINT.exists() else 0,
        "book_bytes": draft_proof.BOOK_PATH.stat().st_size,
        "table_bytes": 16 << args.table_bits,
    }
    for k, v in out.items():
        print(f"{k}: {v}")
    save("draft_proof", out)


if __name__ == "__main__":
    main()
