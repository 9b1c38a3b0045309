"""The draft variant of Golomb's game from the first pick: who wins when both players draft
and place perfectly.  Resumed from ``results/draft_proof.jsonl`` (its checkpoint) for at
most ``--seconds`` (default: to the end); then the table of proved drafts is written
(``src/pentarena/games/pentomino/draft_book.json``, which the ``perfect`` level plays) and
the figures saved: drafts proved, their values and times.

    nice -n 19 python benchmarks/draft_proof.py --seconds 3600 --jobs 2
    python benchmarks/draft_proof.py --seconds 0      # figures only
    python benchmarks/draft_proof.py --simulate 8     # how the prior guides the proof
    nice -n 19 python benchmarks/draft_proof.py --verify --jobs 2
    nice -n 19 python benchmarks/draft_proof.py --answers --jobs 2

``--answers`` (once the proof is finished) proves, for every draft the first picker's
strategy can end in (``draft_proof.steered``), the winning answer to each first placement
(``draft_proof.prove_answers``), resumably (``results/draft_answers.jsonl``, a line a
draft), and writes the table the ``perfect`` level plays
(``src/pentarena/games/pentomino/draft_answers.json``).

``--verify`` checks a finished proof: it takes one strategy of the winning seat made of
proved drafts only (plain minimax over the picks, the cheapest by the checkpoint's CPU
times: ``draft_proof.strategy``), proves each of its drafts again with new provers (a
table of another size, so a different search order of transpositions) and compares the
values; the figures go to ``results/draft_verify.json``.

``--simulate SEEDS`` proves nothing: from the checkpoint's first ``--upto`` drafts (all by
default) it makes up the other drafts' values (drawn from the prior fitted to those,
each logit shifted by Gaussian noise of ``--noise``), then runs the rest of the proof on
them with and without the prior (``draft_proof.run_proof(guided=...)``) and prints how
many more drafts each proved.

``--smoke`` (with any of the above) runs on copies of the committed checkpoints in a
temporary directory, where the tables and the figures go too, and proves little: the main
run also proves the cheapest draft again (on a small table), ``--verify`` only the
cheapest draft of the strategy, ``--answers`` the cheapest draft's answers (its line left
out of the copy).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import common
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
    parser.add_argument("--simulate", type=int, default=0, metavar="SEEDS")
    parser.add_argument("--noise", type=float, default=1.5)
    parser.add_argument("--upto", type=int, default=None, metavar="DRAFTS")
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--answers", action="store_true")
    parser.add_argument("--smoke", action="store_true",
                        help="little work, on copies of the checkpoints in a temporary directory")
    args = parser.parse_args()
    global CHECKPOINT, ANSWERS, SMOKE
    if args.smoke:
        committed = common.ROOT / "results" / ANSWERS.name
        cheapest = min((json.loads(line) for line in committed.read_text().splitlines()),
                       key=lambda r: r["cpu"])["mask0"]
        tmp = common.smoke_results(CHECKPOINT.name, ANSWERS.name, keep=lambda name, line: (
            name != ANSWERS.name or json.loads(line)["mask0"] != cheapest))
        CHECKPOINT, ANSWERS, SMOKE = tmp / CHECKPOINT.name, tmp / ANSWERS.name, tmp
        args.table_bits = min(args.table_bits, 16)
    if args.simulate:
        simulate(args.simulate, args.noise, args.upto)
        return
    if args.verify:
        verify(args.jobs, args.table_bits + 2)
        return
    if args.answers:
        answers(args.jobs, args.table_bits + 2)
        return
    RESULTS.mkdir(exist_ok=True)
    if args.seconds != 0:
        provers = [PentominoProver(args.table_bits, False) for _ in range(args.jobs)]
        draft_proof.run_proof(CHECKPOINT, provers, stop_after=args.seconds,
                              report=lambda line, p: print(f"[{len(p.splits)}] {line}", flush=True))
    progress = draft_proof.read_checkpoint(CHECKPOINT)
    rows = ([r for r in map(json.loads, CHECKPOINT.read_text().splitlines()) if r.get("kind") == "split"]
            if CHECKPOINT.exists() else [])
    book_path = SMOKE / draft_proof.BOOK_PATH.name if SMOKE else draft_proof.BOOK_PATH
    book = draft_proof.write_book(progress, book_path)
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
        "book_bytes": book_path.stat().st_size,
        "table_bytes": 16 << args.table_bits,
    }
    if SMOKE and rows:  # the prover on the cheapest draft: the value must be the same
        row = min(rows, key=lambda r: r["cpu"])
        wins, _, _ = draft_proof.prove_split(PentominoProver(args.table_bits, False), row["mask0"])
        if wins != row["first_placer_wins"]:
            raise SystemExit(f"draft {row['sets']} proved again: a different value")
        out["smoke_proved_again"] = row["sets"]
    for k, v in out.items():
        print(f"{k}: {v}")
    save("draft_proof", out)


ANSWERS = RESULTS / "draft_answers.jsonl"
SMOKE: Path | None = None
"""--smoke: the temporary directory holding the checkpoints' copies, tables and figures."""


def answers(jobs: int, table_bits: int) -> None:
    """The winning answers to every first placement of the drafts the strategy reaches."""
    drafts = draft_proof.steered(draft_proof.Picks(draft_proof.read_checkpoint(CHECKPOINT).value))
    if not drafts:
        raise SystemExit("the checkpoint does not prove a win for the first picker")
    done: dict[int, dict[int, int]] = {}
    if ANSWERS.exists():
        for line in ANSWERS.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            done[row["mask0"]] = {int(a): b for a, b in row["answers"].items()}
    todo = sorted(drafts - set(done))
    print(f"{len(drafts)} drafts, {len(done)} done; {jobs} at a time, tables of 2^{table_bits}",
          flush=True)

    def work(prover, part: list[int]) -> None:
        for mask0 in part:
            c, t = time.thread_time(), time.perf_counter()
            found = draft_proof.prove_answers(prover, mask0)
            cpu = time.thread_time() - c
            draft_proof.append_line(ANSWERS, json.dumps({
                "mask0": mask0, "sets": draft_proof.letters(mask0), "answers": found,
                "cpu": round(cpu, 2), "seconds": round(time.perf_counter() - t, 2)}))
            done[mask0] = found
            print(f"[{len(done)}/{len(drafts)}] {draft_proof.letters(mask0)}: {len(found)} first "
                  f"placements answered ({cpu:.1f} CPU s)", flush=True)

    with ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(work, PentominoProver(table_bits, False), todo[i::jobs])
                   for i in range(jobs)]
        for f in futures:
            f.result()
    path = SMOKE / draft_proof.ANSWERS_PATH.name if SMOKE else draft_proof.ANSWERS_PATH
    draft_proof.write_answers({m: done[m] for m in drafts}, path)
    size = path.stat().st_size
    rows = [json.loads(line) for line in ANSWERS.read_text().splitlines()]
    out = {"drafts": len(drafts), "first_placements": sum(len(r["answers"]) for r in rows),
           "cpu_seconds": round(sum(r["cpu"] for r in rows), 1), "table_bytes": size}
    for k, v in out.items():
        print(f"{k}: {v}")
    save("draft_answers", out)


def verify(jobs: int, table_bits: int) -> None:
    """Prove the drafts of one winning strategy again; every value must agree."""
    rows = [r for r in map(json.loads, CHECKPOINT.read_text().splitlines()) if r.get("kind") == "split"]
    value = {r["mask0"]: r["first_placer_wins"] for r in rows}
    cpu = {r["mask0"]: r["cpu"] for r in rows}
    found = draft_proof.strategy(value.get, cpu.get)
    if found is None:
        raise SystemExit("the checkpoint does not prove the draft game yet")
    first_placer, drafts = found
    print(f"{'the first placer' if first_placer else 'the first picker'} wins with a strategy of "
          f"{len(drafts)} drafts ({sum(cpu[m] for m in drafts):,.0f} CPU s in the proof); proving "
          f"them again, {jobs} at a time, tables of 2^{table_bits}", flush=True)
    provers = [PentominoProver(table_bits, False) for _ in range(jobs)]
    todo = sorted(drafts, key=cpu.get)[:1 if SMOKE else None]
    again: dict[int, tuple[bool, float]] = {}
    started = time.perf_counter()

    def prove(prover, mask0: int) -> None:
        c = time.thread_time()
        wins, _, _ = draft_proof.prove_split(prover, mask0)
        again[mask0] = wins, time.thread_time() - c
        agree = "agrees" if wins == value[mask0] else "DISAGREES"
        print(f"[{len(again)}/{len(drafts)}] {draft_proof.letters(mask0)}: the first placer "
              f"{'wins' if wins else 'loses'} ({again[mask0][1]:.1f} CPU s) — {agree}", flush=True)

    with ThreadPoolExecutor(jobs) as pool:
        for i, prover in enumerate(provers):
            pool.submit(lambda p, part: [prove(p, m) for m in part], prover, todo[i::jobs])
    wrong = sorted(m for m, (w, _) in again.items() if w != value[m])
    out = {"winner": "the first placer" if first_placer else "the first picker",
           "strategy_drafts": len(drafts), "proved_again": len(again),
           "disagreeing": [draft_proof.letters(m) for m in wrong],
           "cpu_seconds": round(sum(c for _, c in again.values()), 1),
           "cpu_seconds_in_the_proof": round(sum(cpu[m] for m in drafts), 1),
           "wall_seconds": round(time.perf_counter() - started, 1), "table_bits": table_bits}
    for k, v in out.items():
        print(f"{k}: {v}")
    save("draft_verify", out)
    if wrong or len(again) != len(todo):
        raise SystemExit("the proof does not verify")


def simulate(seeds: int, noise: float, upto: int | None) -> None:
    """The rest of the proof on made-up values, guided by the prior and not."""
    lines = CHECKPOINT.read_text().splitlines(keepends=True)[:upto]
    with tempfile.TemporaryDirectory() as tmp:
        start = Path(tmp) / "start.jsonl"
        start.write_text("".join(lines))
        progress = draft_proof.read_checkpoint(start)
    print(f"from {len(progress.splits)} proved drafts, noise {noise}", flush=True)
    prior = draft_proof.fit_prior({m: w for m, (w, _) in progress.splits.items()})
    assert prior is not None
    drafts = [m for m in range(1 << 12) if m.bit_count() == 6]
    counts: dict[bool, list[int]] = {False: [], True: []}
    for seed in range(seeds):
        rng = random.Random(seed)
        value = {m: rng.random() < 1 / (1 + math.exp(-(math.log(p / (1 - p)) + rng.gauss(0, noise))))
                 for m in drafts if m not in progress.splits
                 for p in [min(1 - 1e-9, max(1e-9, prior(m)))]}
        for guided in (False, True):
            calls: list[int] = []

            def prove(_prover, mask0: int) -> tuple[bool, int | None, int]:
                calls.append(mask0)
                return value[mask0], None, 0
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "proof.jsonl"
                path.write_text("".join(lines))
                result = draft_proof.run_proof(path, [None], prove=prove, guided=guided).result()
            counts[guided].append(len(calls))
            print(f"seed {seed}, {'guided' if guided else 'each draft one'}: {len(calls)} more "
                  f"drafts, {'the first placer' if result else 'the first picker'} wins", flush=True)
    for guided, found in counts.items():
        print(f"{'guided by the prior' if guided else 'each draft counted one'}: "
              f"{min(found)}–{max(found)} more drafts (median {statistics.median(found)})")


if __name__ == "__main__":
    main()
