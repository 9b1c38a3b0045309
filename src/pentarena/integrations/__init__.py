"""Bridges to research libraries (``pip install 'pentarena[research]'``).

* :mod:`pentarena.integrations.openspiel` registers every game with OpenSpiel
  (``pyspiel.load_game("pentarena_pentup(players=3)")``).
* :mod:`pentarena.integrations.pettingzoo` makes PettingZoo AEC environments
  (``env("pentic", players=3)``) and a Gymnasium single-agent wrapper.
* :mod:`pentarena.integrations.tensors` holds the observation tensors both use, computed
  by the native core.

Nothing here is imported by ``import pentarena``: the core package runs without numpy,
OpenSpiel, PettingZoo or Gymnasium.  See docs/research.md.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


@contextlib.contextmanager
def research_imports(module: str) -> Iterator[None]:
    """The imports of ``module`` from the research extra: a missing one is still a
    ModuleNotFoundError (of the same ``name``), saying which module needs it and how to
    install it, instead of a bare "No module named 'numpy'"."""
    try:
        yield
    except ModuleNotFoundError as exc:
        raise ModuleNotFoundError(
            f"{module} needs {exc.name}, which is not installed: pip install "
            f"'pentarena[research]' (numpy, OpenSpiel, PettingZoo and Gymnasium)",
            name=exc.name) from exc
