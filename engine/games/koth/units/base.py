"""What every King of the Board unit behaviour shares: the hex-line rule, range and sight to a hex."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.games.behaviour import Behaviour
from engine.games.koth.pieces import KothUnit
from engine.games.koth.reasons import sight_reason

if TYPE_CHECKING:
    from engine.games.game import Game
    from engine.games.koth.state import KothState
    from engine.ruleset import UnitStats

__all__ = ["KothBehaviour"]


class KothBehaviour(Behaviour["KothState", KothUnit]):
    """A King of the Board unit kind; ``straight`` says whether its aimed actions follow a hex line.

    The line rule is the ``straight_line_attacks`` option (docs/rules.md decision
    2); a kind can opt out with :meth:`lined` (the Scout, 001 "Units").
    """

    #: whether this kind's attack heals teammates instead of hurting enemies (the Medic)
    heals: ClassVar[bool] = False

    def __init__(self, game: Game, stats: UnitStats) -> None:
        super().__init__(game, stats)
        self.straight = bool(game.options["straight_line_attacks"]) and self.lined()

    def lined(self) -> bool:
        """Whether this kind's aimed actions follow the straight-line rule when it is on."""
        return True

    def damage_at(self, distance: int) -> int:
        """The damage of a normal hit on a unit ``distance`` hexes away, before markers (scope) and crits."""
        return self.stats.damage

    def min_range(self, u: KothUnit) -> int:
        """The closest distance ``u`` may aim at now."""
        return self.stats.min_range

    def can_shoot(self, state: KothState, u: KothUnit, cell: int) -> bool:
        """Range, hex line and sight from ``u`` to board index ``cell`` (no unit rules)."""
        b = state.board
        dq = b.q[cell] - b.q[u.cell]
        dr = b.r[cell] - b.r[u.cell]
        if dq and dr and dq != -dr and self.straight:
            return False
        d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
        return (self.min_range(u) <= d <= self.stats.range
                and state.sight.sees_at(u.cell, cell, b.stand[u.cell], b.stand[cell]))

    def shot_reason(self, state: KothState, u: KothUnit, cell: int, min_range: int | None = None) -> str:
        """Why ``u`` cannot aim at board index ``cell`` (range, hex line, sight), or '' if it could."""
        b = state.board
        d = b.distance(u.cell, cell)
        lo = self.min_range(u) if min_range is None else min_range
        if d > self.stats.range:
            return f"out of range: {d} hexes, the {self.stats.name} reaches {self.stats.range}"
        if d < lo:
            return f"too close: {d} away, the minimum range is {lo}"
        dq, dr = b.q[cell] - b.q[u.cell], b.r[cell] - b.r[u.cell]
        if self.straight and not (dq == 0 or dr == 0 or dq == -dr):
            return "not on one of the six straight hex lines (only the Scout shoots off them)"
        if not state.sight.sees(u.cell, cell):
            return sight_reason(state, u.cell, cell)
        return ""
