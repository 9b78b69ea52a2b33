"""The Sentry Gun (001 "Units"): fires by itself, upgraded while its Engineer stands next to it.

It is never commanded: at the start of each of its side's unit turns it shoots
its sticky target if still in range and sight, else the nearest enemy (the
owner picks among equidistant ones); see
:meth:`~engine.games.koth.state.KothState.begin_unit_turn`. The hex-line rule
applies to it when ``sentry_straight_line`` is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.koth.pieces import KothUnit
from engine.games.koth.units.shooter import Shooter

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Sentry"]


class Sentry(Shooter):
    """Upgrade damage and target choice (see the module docstring)."""

    needs = ("upgrade_damage",)

    def lined(self) -> bool:
        return bool(self.game.options["sentry_straight_line"])

    def damage_to(self, state: KothState, u: KothUnit, cell: int) -> int:
        eng = state.units.get(u.owner)
        upgraded = eng is not None and eng.cell >= 0 and state.board.distance(eng.cell, u.cell) == 1
        return self.stats.damage + (int(self.stats.param("upgrade_damage")) if upgraded else 0)

    def choices(self, state: KothState, s: KothUnit) -> tuple[int | None, list[int]]:
        """(sticky target uid still in reach, or None; the nearest equidistant enemies' uids) of sentry ``s``."""
        ok = {v.uid: state.board.distance(s.cell, v.cell) for v in state.units.values()
              if v.team is not s.team and v.cell >= 0 and not state.in_own_base(v) and self.can_shoot(state, s, v.cell)}
        if s.target in ok:
            return s.target, []
        if not ok:
            return None, []
        best = min(ok.values())
        return None, sorted(uid for uid, d in ok.items() if d == best)

    def fire(self, state: KothState, s: KothUnit, v: KothUnit) -> None:
        """Sentry ``s`` shoots at ``v`` (one accuracy throw)."""
        total, crit = state.throw("sentry shot")
        if total >= state.need(s, v.cell) and not state.immune(v, s.team):
            extra = int(state.options["crit_bonus"]) if crit else 0
            state.hurt(v, self.damage_to(state, s, v.cell) + extra, s)
