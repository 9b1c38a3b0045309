"""Observation tensors of every game, computed by the native core (numpy wraps them).

A tensor is a flat ``float32`` array whose parts have the shapes of :data:`SPECS`
(``split`` gives named, shaped views).  Seats are counted from the observer: "seat k" is
seat ``(observer + k) % players``.  Pent-Up's board is the 48 × 48 window of its dense
actions (``state.action_window``), so a plane cell and an action anchor share one frame.
Pentic's tensor holds only what the seat may see.  docs/research.md describes each plane.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import research_imports

with research_imports(__name__):
    import numpy as np

from .. import _native

SPECS: Mapping[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    "pentago": (("board", (3, 6, 6)),),
    "pentup": (("board", (8, 48, 48)), ("hands", (4, 12)), ("status", (8,))),
    "pentomino": (("board", (5, 8, 8)), ("pieces", (6, 12)), ("status", (15,))),
    "pentic": (("hand", (125,)), ("tops", (9, 15)), ("laid", (125,)), ("status", (18,))),
}
"""Per game, the parts of an observation tensor: (name, shape), in order."""

INFO_SPECS: Mapping[str, tuple[tuple[str, tuple[int, ...]], ...]] = {
    "pentic": SPECS["pentic"] + (("played", (4, 125)),),
}
"""Information-state tensors (hidden-information games): the observation, then the cards
each seat has played."""


def num_actions(game) -> int:
    """The number of dense action ids of a Pentarena game (the length of its masks)."""
    sizes = {"pentago": _native.PENTAGO_NUM_ACTIONS, "pentomino": _native.PENTOMINO_NUM_ACTIONS,
             "pentup": _native.PentupCore.NUM_ACTIONS, "pentic": _native.PenticCore.NUM_ACTIONS}
    if game.name not in sizes:
        raise ValueError(f"{game.name!r} has no fixed action space; games: {', '.join(sizes)}")
    return sizes[game.name]


def size(spec: tuple[tuple[str, tuple[int, ...]], ...]) -> int:
    return sum(int(np.prod(shape)) for _, shape in spec)


def observation(state, seat: int) -> np.ndarray:
    """``state`` as ``seat`` sees it: a flat ``float32`` array of its own (writable: a
    normalisation in place is fine)."""
    return np.frombuffer(_native.observation_tensor(state, seat), np.float32)


def information_state(state, seat: int) -> np.ndarray:
    """Pentic: the observation and every seat's plays (:data:`INFO_SPECS`)."""
    return np.frombuffer(_native.information_state_tensor(state, seat), np.float32)


def split(flat: np.ndarray, spec: tuple[tuple[str, tuple[int, ...]], ...]) -> dict[str, np.ndarray]:
    """Named views of ``flat`` with the shapes of ``spec`` (they share its memory)."""
    parts, start = {}, 0
    for name, shape in spec:
        n = int(np.prod(shape))
        parts[name] = flat[start:start + n].reshape(shape)
        start += n
    return parts
