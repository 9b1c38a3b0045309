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


def test_a_missing_research_extra_says_how_to_install_it():
    # each bridge without the extra (its libraries blocked): still a ModuleNotFoundError
    # naming the missing module, now with the way to install it; the same for the arena's
    # OpenSpiel player made from Python
    code = (
        "import importlib, sys\n"
        f"for name in {HEAVY!r}: sys.modules[name] = None\n"
        "for module in ('tensors', 'render', 'pettingzoo', 'openspiel'):\n"
        "    try: importlib.import_module('pentarena.integrations.' + module)\n"
        "    except ModuleNotFoundError as exc: print(module, exc.name, '|', exc)\n"
        "from pentarena.ai.arena import make_player\n"
        "try: make_player('openspiel-mcts:10', 1, None)\n"
        "except Exception as exc: print('arena', type(exc).__name__, '|', exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    extra = ("which is not installed: pip install 'pentarena[research]' (numpy, OpenSpiel, "
             "PettingZoo and Gymnasium)")
    assert out == [f"{module} {needs} | pentarena.integrations.{module} needs {needs}, {extra}"
                   for module, needs in (("tensors", "numpy"), ("render", "numpy"),
                                         ("pettingzoo", "gymnasium"), ("openspiel", "numpy"))
                   ] + ["arena GameOptionError | openspiel-mcts needs OpenSpiel: pip install "
                        "'pentarena[research]'"], out
