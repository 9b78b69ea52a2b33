"""Payload Race's pieces: class tokens with their weapon card and Medic charge."""

from __future__ import annotations

from dataclasses import dataclass

from engine.games.units import Unit

__all__ = ["PayloadUnit"]


@dataclass(slots=True)
class PayloadUnit(Unit):
    """A class token (002 "Player setup").

    ``weapon``: the name of its weapon card; ``charge``: the Medic's heals toward a
    full charge; ``uber``: protected by an UberCharge until the charge ends;
    ``kritz``: every hit adds the kritz die this turn; ``snack``: the Heavy has
    eaten his Sandvich this life.
    """

    weapon: str = ""
    charge: int = 0
    uber: bool = False
    kritz: bool = False
    snack: bool = False

    def copy(self) -> PayloadUnit:
        """An independent copy."""
        return PayloadUnit(self.uid, self.team, self.kind, self.cell, self.health, self.slot, self.weapon,
                           self.charge, self.uber, self.kritz, self.snack)
