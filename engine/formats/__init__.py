"""Reading and writing hexfort's files: maps, scenarios and rulesets.

Every loader raises :class:`LoadError` (file, place, plain message) and nothing
else for bad input; every saver writes canonical text atomically.
"""

from __future__ import annotations

from engine.formats.detect import detect_kind, load_any
from engine.formats.errors import LoadError, LoadProblem
from engine.formats.map_file import dumps_map, load_map, loads_map, save_map
from engine.formats.ruleset_file import builtin_ruleset, load_ruleset
from engine.formats.scenario_file import dumps_scenario, load_scenario, save_scenario

__all__ = [
    "LoadError",
    "LoadProblem",
    "builtin_ruleset",
    "detect_kind",
    "dumps_map",
    "dumps_scenario",
    "load_any",
    "load_map",
    "load_ruleset",
    "load_scenario",
    "loads_map",
    "save_map",
    "save_scenario",
]
