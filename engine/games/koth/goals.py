"""King of the Board's race for the balance report: from each team's spawn to the control point."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.goals import Goal, RacePlan, spawn_starts
from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.games.game import Game

__all__ = ["race_plan"]


def race_plan(game: Game) -> RacePlan:
    """Turns to the point's hexes (001 "Capturing Points": standing there scores), from each team's spawn."""
    b = game.board
    point = tuple(i for i in range(b.n) if b.control[i] >= 0 and not b.wall[i])
    return RacePlan(tuple(Team), spawn_starts(b), (Goal("the point", {t: point for t in Team}),))
