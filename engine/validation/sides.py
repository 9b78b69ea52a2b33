"""The vocabulary of the fairness measures: a figure per side, and which side gets where first.

Every fairness measure (:mod:`engine.validation.measures`, and each mode's own in its
package's ``map_checks`` or ``map_measures``) returns a frozen record whose figures are :class:`PerSide` values, so the checks,
the editor and a balance fixer read them the same way: ``figures[Team.RED]``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.validation.registry import CheckContext
from engine.validation.terrain import board, reach

__all__ = ["PerSide", "first_reached", "first_reached_hexes"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PerSide(Generic[T]):
    """One figure for each side: ``red`` for RED, ``blu`` for BLU (``figures[team]`` reads either)."""

    red: T
    blu: T

    @staticmethod
    def of(figure: Callable[[Team], T]) -> PerSide[T]:
        """``PerSide(figure(RED), figure(BLU))``."""
        return PerSide(figure(Team.RED), figure(Team.BLU))

    def __getitem__(self, team: Team) -> T:
        return self.red if team is Team.RED else self.blu

    def items(self) -> Iterator[tuple[Team, T]]:
        """``(RED, red), (BLU, blu)``."""
        yield Team.RED, self.red
        yield Team.BLU, self.blu


def first_reached(ctx: CheckContext) -> PerSide[frozenset[int]]:
    """Board indices each side walks to in fewer steps than the other, from its spawn (cached).

    Walking is an ordinary unit's, by the checks' movement rules
    (:func:`~engine.validation.terrain.reach`); a hex only one side reaches is
    that side's; a hex both reach in as many steps belongs to neither. This is
    what "a side's half" means for the measures that count hexes near the
    objective (sightlines, cover, height).
    """
    hit = ctx.cache.get("first-reached")
    if hit is not None:
        return hit  # type: ignore[return-value]
    red, blu = reach(ctx, Team.RED).distances(), reach(ctx, Team.BLU).distances()
    mine = {
        Team.RED: frozenset(i for i, d in red.items() if d < blu.get(i, d + 1)),
        Team.BLU: frozenset(i for i, d in blu.items() if d < red.get(i, d + 1)),
    }
    out = PerSide.of(mine.__getitem__)
    ctx.cache["first-reached"] = out
    return out


def first_reached_hexes(ctx: CheckContext, hexes: list[Hex]) -> PerSide[tuple[Hex, ...]]:
    """Which of ``hexes`` each side reaches first (:func:`first_reached`), sorted; the rest are neither's."""
    b = board(ctx)
    first = first_reached(ctx)
    return PerSide.of(lambda t: tuple(sorted(h for h in hexes if b.index[h] in first[t])))
