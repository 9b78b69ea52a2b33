"""The Scout (001 "Units"): shoots off the hex lines, hits harder the closer he is, double-jumps.

The double jump is passive: it is part of how the Scout walks (onto low
obstacles, keeping the height reached; see
:meth:`~engine.games.modes.ModeRules.move_profile`), not an action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.koth.pieces import KothUnit
from engine.games.koth.units.shooter import Shooter

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Scout"]


class Scout(Shooter):
    """Full damage when adjacent, less by ``falloff_per_hex`` for each hex between him and the target."""

    needs = ("falloff_per_hex",)

    def lined(self) -> bool:
        return False

    def damage_at(self, distance: int) -> int:
        return max(0, self.stats.damage - int(self.stats.param("falloff_per_hex")) * (distance - 1))

    def damage_to(self, state: KothState, u: KothUnit, cell: int) -> int:
        return self.damage_at(state.board.distance(u.cell, cell))
