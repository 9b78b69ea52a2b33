"""King of the Board's pieces: units with their status markers, and the blueprint slots."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.units import Unit

__all__ = ["KothUnit", "Slot"]


@dataclass(slots=True)
class KothUnit(Unit):
    """A unit of King of the Board (or a sentry carried by its engineer, ``cell`` -1).

    ``burn``: burn markers; ``uber``: own turns of invulnerability left;
    ``charge``: the Medic's UberCharge; ``scope``: the Sniper's scope stacks;
    sentries use ``owner`` (the engineer's uid), ``home`` (the engineer's
    blueprint slot), ``active``, ``target`` (sticky target uid) and ``carried``.
    """

    burn: int = 0
    uber: int = 0
    charge: int = 0
    scope: int = 0
    owner: int = -1
    active: bool = True
    target: int = -1
    carried: bool = False
    home: int = -1

    def copy(self) -> KothUnit:
        """An independent copy."""
        return KothUnit(
            self.uid, self.team, self.kind, self.cell, self.health, self.slot, self.burn, self.uber,
            self.charge, self.scope, self.owner, self.active, self.target, self.carried, self.home,
        )


@dataclass(slots=True)
class Slot:
    """A blueprint slot: its unit (uid, -1 if dead or not yet placed) and respawn timer (001 "Turns").

    ``kind`` is the kind last fielded there (decides whether an engineer's sentry
    survives a respawn, 001 "Units": Engineer); ``fixed_*`` hold a scenario's
    starting unit until it is placed.
    """

    uid: int = -1
    timer: int = 0
    kind: str = ""
    fixed_kind: str = ""
    fixed_hex: int = -1
    fixed_health: int = 0

    def copy(self) -> Slot:
        """An independent copy."""
        return Slot(self.uid, self.timer, self.kind, self.fixed_kind, self.fixed_hex, self.fixed_health)
