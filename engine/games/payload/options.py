"""The options Payload Race reads, with the value used when a ruleset lacks one.

The bundled ruleset (engine/data/payload.ruleset.json) lists them all;
docs/rules-payload.md gives the decision behind each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.frozendict import FrozenDict
from engine.ruleset import OptionValue

__all__ = ["DEFAULT_OPTIONS"]

DEFAULT_OPTIONS: Final[Mapping[str, OptionValue]] = FrozenDict({
    "team_size": 6,
    "roll_for_first": True,
    "pass_through_teammates": True,
    "friendly_fire": False,
    "spawn_protection": True,
    "blast_damage_per_hex": 1,
    "kritz_die": 4,
    "uber_lasts": "turn",
    "low_obstacle_height": 1,
    "turn_limit": 300,
})
