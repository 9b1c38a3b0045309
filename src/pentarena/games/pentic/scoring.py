"""Scoring one Pentic play (RULES.md §4): edge score, underneath multiplier, Extreme bonus."""

from __future__ import annotations

from dataclasses import dataclass, fields

from .cards import COMMON, EXTREMES, NIC, SINGLE, TIC, Card

SINGLE_POINTS = (0, 1, 2, 5, 8)
TIC_POINTS = (0, 2, 8, 15, 25)
PENTIC = 25
CENTRE = 5

NEIGHBOURS: dict[int, tuple[int, ...]] = {}
for _p in range(1, 10):
    _r, _c = divmod(_p - 1, 3)
    NEIGHBOURS[_p] = tuple(
        3 * rr + cc + 1 for rr, cc in ((_r - 1, _c), (_r + 1, _c), (_r, _c - 1), (_r, _c + 1))
        if 0 <= rr < 3 and 0 <= cc < 3)
"""Grid positions 1–9 in reading order; each position's orthogonal neighbours."""


@dataclass(frozen=True)
class PlayScore:
    """The breakdown of one play."""

    singles: int
    tics: int
    nics: int
    edge: int
    underneath: str  # "nic" | "single" | "tic"
    multiplier: int
    bonus: int
    points: int
    pentic: bool = False
    all_nic: bool = False

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _compare(card: Card, position: int, tops: list[Card]) -> tuple[int, int, int, int]:
    """(Singles, Tics, Nics) with the neighbours' top cards, and the commonness with the
    card underneath."""
    row = COMMON[card]
    singles = tics = nics = 0
    for n in NEIGHBOURS[position]:
        k = row[tops[n - 1]]
        if k == TIC:
            tics += 1
        elif k == SINGLE:
            singles += 1
        else:
            nics += 1
    return singles, tics, nics, row[tops[position - 1]]


def score_play(card: Card, position: int, tops: list[Card]) -> PlayScore:
    """Score ``card`` played on ``position`` given the top card of every position
    (``tops[p - 1]``)."""
    singles, tics, nics, under = _compare(card, position, tops)
    pentic = position == CENTRE and nics == 4
    edge = PENTIC if pentic else SINGLE_POINTS[singles] + TIC_POINTS[tics]
    all_nic = pentic and under == NIC
    multiplier = 3 if all_nic else 2 if under == TIC else 1
    bonus = EXTREMES.get(card, 0)
    return PlayScore(singles, tics, nics, edge, ("nic", "single", "tic")[min(under, 2)],
                     multiplier, bonus, edge * multiplier + bonus, pentic, all_nic)


def quick_points(card: Card, position: int, tops: list[Card]) -> int:
    """The points of a play, without the breakdown (for search)."""
    singles, tics, nics, under = _compare(card, position, tops)
    if position == CENTRE and nics == 4:
        edge = PENTIC * (3 if under == NIC else 1)
    else:
        edge = SINGLE_POINTS[singles] + TIC_POINTS[tics]
    return edge * (2 if under == TIC else 1) + EXTREMES.get(card, 0)
