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
