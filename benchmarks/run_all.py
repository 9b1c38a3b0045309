"""Run every benchmark in turn (``make bench``: hours, the proofs among them).  Each prints
its figures and saves them under benchmarks/results/ ($PENTARENA_BENCH_RESULTS if set)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = [["pentup_speed.py"], ["pentup_differential.py"], ["pentup_search.py"],
           ["pentago_speed.py"], ["pentago_differential.py"], ["pentago_solver.py"],
           ["pentago_levels.py"],
           ["pentomino_speed.py"], ["pentomino_differential.py"], ["pentomino_levels.py"],
           ["golomb_proof.py"], ["pentic_speed.py"], ["pentic_differential.py"],
           ["pentic_levels.py"], ["server_load.py"], ["pentup_3d_view.py"], ["page_load.py"],
           ["research_speed.py"], ["research_memory.py"],
           ["research_selfplay.py"],
           *(["strength.py", game] for game in ("pentup", "pentago", "pentomino", "pentic")),
           *(["strength.py", "pentago", "--level", "hard", "--against", "openspiel",
              "--games", "100", "--ratio", ratio] for ratio in ("1", "4")),
           ["wheel_check.py"]]

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--list", action="store_true",
                        help="print the commands it would run, and run none")
    if parser.parse_args().list:
        for script, *args in SCRIPTS:
            print(" ".join(["python", script, *args]))
        sys.exit(0)
    failed = 0
    for script, *args in SCRIPTS:
        print(f"== {script} {' '.join(args)}", flush=True)
        failed |= subprocess.call([sys.executable, str(HERE / script), *args], cwd=HERE)
    sys.exit(failed)
