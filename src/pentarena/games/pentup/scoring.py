"""Pent-Up scoring: the standard, misère and advanced records (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.game import check_player

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


class SideScores:
    """The scores a Pent-Up state reads from its ``level_counts()`` and ``game.sides``:
    one copy for the native state and the pure-Python reference (a mixin placed before
    ``State``, whose ``evaluate`` scores a finished game)."""

    __slots__ = ()
    game: Any

    def level_counts(self) -> list[list[int]]:
        raise NotImplementedError

    def side_records(self) -> list[Record]:
        """Per side (a seat, or a team with 4 players), the record its scoring compares."""
        counts = side_counts(self.level_counts(), self.game.sides)
        return [record(c, self.game.scoring) for c in counts]

    def result_details(self) -> dict[str, Any]:
        """Tiles per level per seat (index 0 = level 1), the sides and their records."""
        return {
            "level_counts": self.level_counts(),
            "sides": [list(side) for side in self.game.sides],
            "records": [list(r) for r in self.side_records()],
            "scoring": self.game.scoring,
        }

    def scores(self) -> list[Any]:
        """Per seat: advanced scoring → points; standard/misère → the record compared
        (top level first for standard, level 1 first for misère).  With teams each seat
        shows its team's total."""
        records = self.side_records()
        side_of = {s: i for i, side in enumerate(self.game.sides) for s in side}
        if self.game.scoring == "advanced":
            return [records[side_of[s]][0] for s in range(self.game.players)]
        return [list(records[side_of[s]]) for s in range(self.game.players)]

    def evaluate(self, seat: int) -> float:
        """Heuristic for ``seat``: its side's record against the best other side's,
        weighting the levels the scoring cares most about."""
        check_player(seat, self.game.players)
        if self.is_terminal():  # type: ignore[attr-defined]
            return super().evaluate(seat)  # type: ignore[misc]
        counts = side_counts(self.level_counts(), self.game.sides)
        mine = next(i for i, side in enumerate(self.game.sides) if seat in side)
        scoring = self.game.scoring

        def value(c: list[int]) -> float:
            if scoring == "misere":
                return sum(n * 4.0 ** -i for i, n in enumerate(c))
            if scoring == "advanced":
                return sum((i + 1) * n for i, n in enumerate(c)) + 0.1 * c[-1]
            return sum(n * 4.0 ** i for i, n in enumerate(c))

        values = [value(c) for c in counts]
        best_other = max(v for i, v in enumerate(values) if i != mine)
        scale = max(1.0, abs(values[mine]) + abs(best_other))
        return (values[mine] - best_other) / scale
