"""The options King of the Board reads, with the value used when a ruleset lacks one.

The bundled ruleset (engine/data/koth.ruleset.json) lists them all; docs/rules.md
gives each decision behind them and the option that flips it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.frozendict import FrozenDict
from engine.ruleset import OptionValue

__all__ = ["DEFAULT_OPTIONS"]

DEFAULT_OPTIONS: Final[Mapping[str, OptionValue]] = FrozenDict({
    "points_to_win": 10,
    "respawn_turns": 3,
    "crit_bonus": 20,
    "team_size": 3,
    "low_obstacle_height": 1,
    "straight_line_attacks": True,
    "sight_edge_rule": "lenient",
    "scout_keeps_height": True,
    "pyro_cone": "narrow",
    "kit_respawn_turns": 3,
    "sentry_contests": True,
    "sentry_straight_line": True,
    "carried_sentry_dies": False,
    "scope_cap_includes_crit": False,
    "splash_needs_sight": False,
    "rocket_jump_after_attack": False,
    "grenade_survives_death": False,
    "heal_full_health": False,
    "scope_resets_on_shot": False,
    "turn_limit": 400,
})
