"""King of the Board's decisions between actions (:mod:`engine.games.decisions`): placing a unit, a sentry's target.

- :class:`Place`: a team puts a unit of a blueprint slot on a free hex of its base
  — at set-up (first team first; a slot with no free hex waits, decision 24) or
  when the blueprint marker reaches a slot whose timer ran out (001 "Spawning");
- :class:`SentryShot`: a sentry of the side whose unit's turn begins fires (001
  "Units": Engineer) — by itself at its kept target or a single nearest enemy,
  or, among equidistant nearest enemies, at the one its owner picks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.games.decisions import Decision
from engine.games.phases import Phase
from engine.rules.actions import Action, Verb
from engine.rules.legal import Group

if TYPE_CHECKING:
    from engine.games.koth.state import KothState

__all__ = ["Place", "SentryShot"]

_V_SPAWN, _V_TARGET = Verb.SPAWN, Verb.TARGET


@dataclass(frozen=True, slots=True)
class Place(Decision):
    """``team`` places the unit of its blueprint slot ``slot``; ``setup``: at the start of the game."""

    slot: int
    setup: bool = False

    phase: ClassVar[Phase] = Phase.SPAWN

    def groups(self, s: KothState) -> list[Group]:
        return [(_V_SPAWN, k, None, cells, s.board.hexes, "") for k, cells in s.spawn_choices(self.team, self.slot)]

    def decide(self, s: KothState, a: Action) -> None:
        assert a.target is not None
        health = s.slots[self.team][self.slot].fixed_health or None
        s.place(self.team, self.slot, a.kind, s.board.index[a.target], health)
        if self.setup:
            s.finish_setup()
        else:
            s.begin_unit_turn()

    def describe(self, s: KothState) -> str:
        return f"{self.team.value} places a unit in its spawn base"


@dataclass(frozen=True, slots=True)
class SentryShot(Decision):
    """The sentry ``sentry`` (a uid) of ``team`` fires at the start of one of its side's unit turns."""

    sentry: int

    phase: ClassVar[Phase] = Phase.TARGET

    def groups(self, s: KothState) -> list[Group]:
        gun = s.units[self.sentry]
        cells = [s.units[v].cell for v in s.sentry_behaviour(gun).choices(s, gun)[1]]
        return [(_V_TARGET, gun.kind, s.board.hexes[gun.cell], cells, s.board.hexes, "")]

    def decide(self, s: KothState, a: Action) -> None:
        assert a.target is not None
        gun = s.units[self.sentry]
        target = s.occupant(s.board.index[a.target])
        assert target is not None
        gun.target = target.uid
        s.sentry_behaviour(gun).fire(s, gun, target)
        s.fire_sentries()

    def describe(self, s: KothState) -> str:
        return f"{self.team.value} picks its sentry's target"
