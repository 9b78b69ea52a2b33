"""King of the Board's units, one behaviour each (001 "Units"), chosen by the special a kind has.

A ruleset unit whose specials include none of these keys is a plain
:class:`Shooter` (the Heavy: five rolls and extra health are numbers, not code).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.games.behaviour import Behaviour
from engine.games.koth.units.base import KothBehaviour
from engine.games.koth.units.demoman import Demoman
from engine.games.koth.units.engineer import Engineer
from engine.games.koth.units.medic import Medic
from engine.games.koth.units.pyro import Pyro
from engine.games.koth.units.scout import Scout
from engine.games.koth.units.sentry import Sentry
from engine.games.koth.units.shooter import Shooter
from engine.games.koth.units.sniper import Sniper
from engine.games.koth.units.soldier import Soldier

__all__ = ["BEHAVIOURS", "Demoman", "Engineer", "KothBehaviour", "Medic", "Pyro", "Scout", "Sentry", "Shooter",
           "Sniper", "Soldier"]

#: The behaviour of a unit kind, by the special that marks it.
BEHAVIOURS: Final[Mapping[str, type[Behaviour[Any, Any]]]] = {
    "double_jump": Scout,
    "rocket_jump": Soldier,
    "burn": Pyro,
    "blind_eye": Demoman,
    "build_sentry": Engineer,
    "ubercharge": Medic,
    "scope": Sniper,
    "upgrade": Sentry,
}
