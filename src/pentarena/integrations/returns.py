"""Rewards at the end of a game, as OpenSpiel and PettingZoo use them."""

from __future__ import annotations

from collections.abc import Sequence


def zero_sum_returns(shares: Sequence[float], sides: Sequence[Sequence[int]]) -> list[float]:
    """Pentarena's ``state.returns()`` (each winning side's share of the win, on each of
    its seats) as zero-sum rewards: ``(m * share - 1) / (m - 1)`` for ``m`` sides — +1 for
    a sole win, -1/(m-1) for a loss, 0 for a two-side draw; partners get their side's."""
    m = len(sides)
    out = [0.0] * sum(len(side) for side in sides)
    for side in sides:
        value = (m * shares[side[0]] - 1.0) / (m - 1)
        for seat in side:
            out[seat] = value
    return out
