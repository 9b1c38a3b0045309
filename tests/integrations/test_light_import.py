"""The core package never needs the research extra: importing pentarena and playing a game
loads none of OpenSpiel, PettingZoo, Gymnasium or numpy."""

import subprocess
import sys

HEAVY = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")


def test_core_package_stays_light():
    code = (
        "import sys, random, pentarena\n"
        "for name in ('pentup', 'pentago', 'pentomino', 'pentic'):\n"
        "    s = pentarena.load_game(name).new_initial_state(seed=1)\n"
        "    r = random.Random(1)\n"
        "    while not s.is_terminal(): s.apply(s.random_move(r))\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]", out


def test_integrations_package_imports_nothing_heavy():
    out = subprocess.run(
        [sys.executable, "-c", "import sys, pentarena.integrations; "
         f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r}))"],
        capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out
