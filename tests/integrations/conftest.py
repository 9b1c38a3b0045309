"""The research integrations need the ``research`` extra (OpenSpiel, PettingZoo,
Gymnasium, numpy); ``make test`` installs it."""

import pytest

for module in ("pyspiel", "pettingzoo", "gymnasium", "numpy"):
    pytest.importorskip(module)
