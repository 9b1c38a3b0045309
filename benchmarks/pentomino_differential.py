"""The native Pentomino engines against the pure-Python reference (``make test`` plays
1,000 games per option set): 10,000 seeded random games per option set (standard,
touch-move, draft, 3 and 4 players) and 2,000 puzzle place/remove walks per region, every
move in every form the API takes, and after each move the legal moves in order, results,
scores, JSON and error messages compared (tests/games/pentomino/differential.py); then the
puzzle solvers' counts for the five named regions (2339/1010/368/2/65) on both solvers."""

from __future__ import annotations

import argparse
import sys
import time

from common import ROOT, machine, save

sys.path.insert(0, str(ROOT.parent))  # for tests.games.pentomino.differential

from rich.progress import track  # noqa: E402

from pentarena.games.pentomino import KNOWN_COUNTS, PuzzleGame, Solver  # noqa: E402
from pentarena.games.pentomino.reference_solver import ReferenceSolver  # noqa: E402
from tests.games.pentomino.differential import (  # noqa: E402
    OPTION_SETS,
    REGIONS,
    play_and_compare,
    walk_and_compare,
)


def main() -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000, help="games per option set")
    parser.add_argument("--walks", type=int, default=2_000, help="puzzle walks per region")
    parser.add_argument("--first-seed", type=int, default=1_000,
                        help="seeds below 1,000 are the ones make test plays")
    args = parser.parse_args()
    out: dict = {"games": {}, "walks": {}, "solver": {}}
    start = time.perf_counter()
    seeds = range(args.first_seed, args.first_seed + args.games)
    for label, options in OPTION_SETS.items():
        t = time.perf_counter()
        plies = sum(play_and_compare(options, seed) for seed in track(seeds, description=label))
        out["games"][label] = {"games": args.games, "plies": plies,
                               "seconds": time.perf_counter() - t}
        print(f"  {label:>10}: {args.games:,} games, {plies:,} moves compared, all equal")
    walks = range(args.first_seed, args.first_seed + args.walks)
    for label, region in REGIONS.items():
        small = label in ("LPV", "holes")
        steps = sum(walk_and_compare(region, seed, hints=small)
                    for seed in track(walks, description=f"puzzle {label}"))
        out["walks"][label] = {"walks": args.walks, "moves": steps}
        print(f"  puzzle {label:>10}: {args.walks:,} walks, {steps:,} moves compared, all equal")
    for region, known in KNOWN_COUNTS.items():
        game = PuzzleGame(region=region)
        native = Solver(game.grid, game.pieces).count(keep=10)
        reference = ReferenceSolver(game.grid, game.pieces).count(keep=10)
        assert native.count == reference.count == known, region
        assert (native.raw, native.solutions) == (reference.raw, reference.solutions), region
        out["solver"][region] = {"count": native.count, "native_seconds": native.seconds,
                                 "reference_seconds": reference.seconds}
        print(f"  solver {region:>10}: {known} solutions on both ({native.seconds:.2f} s native, "
              f"{reference.seconds:.2f} s reference)")
    out["seconds"] = time.perf_counter() - start
    print(f"Native vs reference Pentomino ({machine()}): all equal ({out['seconds']:.0f} s)")
    save("pentomino_differential", out)
    return out


if __name__ == "__main__":
    main()
