"""Two versions of a map compared: the hexes that differ, and whether they play the very same games.

Below the comparison's statistics (:mod:`engine.simulation.headline` asks :func:`same_games` to stop a run whose
versions cannot differ; :mod:`engine.simulation.comparison` words it).
"""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.scenario import Scenario

__all__ = ["changed_hexes", "same_games"]


def changed_hexes(a: HexMap, b: HexMap) -> list[Hex]:
    """The hexes whose ground or features differ between ``a`` and ``b`` (or that only one has), in hex order."""
    return sorted(h for h in set(a.cells) | set(b.cells)
                  if a.cells.get(h) != b.cells.get(h) or a.features_at(h) != b.features_at(h))


def same_games(a: Scenario, b: Scenario) -> bool:
    """Whether versions ``a`` and ``b`` play the very same games: the same mode, ground and features on every hex,
    units, rules and ruleset (names, descriptions and file paths aside; a batch sets the seeds and the first team)."""
    return (a.mode == b.mode and not changed_hexes(a.map, b.map) and dict(a.rules) == dict(b.rules)
            and dict(a.teams) == dict(b.teams) and a.ruleset_ref == b.ruleset_ref)
