"""The OpenSpiel adapter and the native engine agree on 500 seeded random games per game
and option set: the player to move and the legal actions at every ply, and the returns."""

import pytest

from pentarena.integrations import openspiel as ps

from .agreement import option_sets, play_both

GAMES = 500
CASES = [(name, options) for name in ps.GAMES for options in option_sets(name)]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[
    name + "".join(f"-{k}={v}" for k, v in options.items()) for name, options in CASES])
def test_adapter_agrees_with_engine(case):
    name, options = case
    plies = sum(play_both(name, options, seed) for seed in range(GAMES))
    assert plies >= GAMES
