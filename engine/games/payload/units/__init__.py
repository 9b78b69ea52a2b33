"""Payload Race's six classes (002), one behaviour each, chosen by the special a class has.

The Scout and the Demoman attack with their cards and have no special action,
so they are plain :class:`Armed` tokens.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.behaviour import Behaviour
from engine.games.payload.units.armed import Armed
from engine.games.payload.units.medic import Medic
from engine.games.payload.units.specials import Heavy, Pyro, Soldier

__all__ = ["BEHAVIOURS", "Armed", "Heavy", "Medic", "Pyro", "Soldier"]

#: The behaviour of a class, by the special that marks it.
BEHAVIOURS: Final[Mapping[str, type[Behaviour[Any, Any]]]] = {
    "rocket_jump": Soldier,
    "airblast": Pyro,
    "sandvich": Heavy,
    "medigun": Medic,
}
