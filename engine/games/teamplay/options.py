"""The options Team Play reads, with the value used when a ruleset lacks one.

The bundled ruleset (engine/data/teamplay.ruleset.json) lists them all;
docs/rules-teamplay.md gives the reason for each number and decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.frozendict import FrozenDict
from engine.ruleset import OptionValue

__all__ = ["DEFAULT_OPTIONS"]

DEFAULT_OPTIONS: Final[Mapping[str, OptionValue]] = FrozenDict({
    "players_red": 1,
    "players_blu": 1,
    "random_first_team": True,
    "reward_tile": "",
    "team_size": 3,
    "skulls": 8,
    "killshot_space": 11,
    "adrenaline_1": 3,
    "adrenaline_2": 6,
    "rush_limit": 2,
    "flush_at": 6,
    "max_marks": 3,
    "board_values": "8,6,4,2,1,1",
    "overkill_points": 1,
    "double_kill": 2,
    "triple_kill": 4,
    "leftover_per_point": 3,
    "max_cubes": 3,
    "start_cubes": 1,
    "max_powerups": 3,
    "max_loaded": 3,
    "rack_size": 3,
    "dash_hexes": 6,
    "step_hexes": 3,
    "newton_hexes": 6,
    "scope_damage": 1,
    "tagback_marks": 1,
    "low_obstacle_height": 1,
    "turn_limit": 80,
})
