"""Pent-Up scoring: the standard, misère and advanced records (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Sequence

SCORINGS = ("standard", "misere", "advanced")

Record = tuple[int, ...]


def level_counts(levels_by_seat: Sequence[Sequence[int]], top: int) -> list[list[int]]:
    """Per seat, the number of tiles at level 1..top (index 0 is level 1)."""
    out = []
    for levels in levels_by_seat:
        row = [0] * top
        for level in levels:
            row[level - 1] += 1
        out.append(row)
    return out


def side_counts(counts: Sequence[Sequence[int]], sides: Sequence[Sequence[int]]) -> list[list[int]]:
    """Per side (team), the sum of its partners' level counts."""
    top = len(counts[0]) if counts else 0
    return [[sum(counts[s][i] for s in side) for i in range(top)] for side in sides]


def record(counts: Sequence[int], scoring: str) -> Record:
    """The record compared lexicographically (bigger is better) for one side's counts.

    ``standard``: tiles at the top level T, then T-1, ... down to 1.
    ``misere``: tiles at level 1, then 2, ... up to T.
    ``advanced``: the points (each tile scores its level), then the standard record.
    """
    if scoring == "standard":
        return tuple(reversed(counts))
    if scoring == "misere":
        return tuple(counts)
    if scoring == "advanced":
        points = sum((i + 1) * c for i, c in enumerate(counts))
        return (points, *reversed(counts))
    raise ValueError(f"unknown scoring {scoring!r}")


def winning_sides(records: Sequence[Record]) -> list[int]:
    """Indices of the sides whose record is the best (several on a tie)."""
    best = max(records)
    return [i for i, r in enumerate(records) if r == best]
