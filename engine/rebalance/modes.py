"""What the balance fixer knows of each mode, registered by the mode's own package; the fixer names no mode.

The fixer works on what every map has — walls, heights, spawn zones, kits —
and asks each mode for the rest through a :class:`ModeFixes` its package
registers (:func:`register_fixes`, from the module :attr:`ModeRules.rebalance
<engine.games.modes.ModeRules.rebalance>` names, imported on the first question):
where the sides race to and how to say it, the mode's own measures and the
edits of its own features. A mode without such a module races to the middle of
the map and gets only the core edits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.games.modes import ModeParts
from engine.hexgrid import Hex
from engine.mapmodel import Team

if TYPE_CHECKING:
    from engine.rebalance.changes import Proposal
    from engine.rebalance.measures import Place
    from engine.rules.board import Board
    from engine.rules.movement import Reach
    from engine.scenario import Scenario

__all__ = ["ModeFixes", "fixes_of", "register_fixes"]


@dataclass(frozen=True)
class ModeFixes:
    """A mode's part of the balance fixer (every part optional).

    - ``goal``: the words for the objective (``"the point"``);
    - ``goal_hexes(scenario)``: its hexes, None for the middle of the map;
    - ``race_to(scenario, team)``: the hexes ``team`` walks to in the fixer's route measures, None for
      the objective's hexes;
    - ``figures(scenario, board, reach)``: the mode's own measures per team, by the names of
      :class:`~engine.rebalance.measures.Figures`' fields (``exposure``, ``pushes``, ``contest``),
      ``reach`` being each team's walk from its spawn;
    - ``candidates(scenario, favoured, place)``: edits of the mode's own features and ground (the
      point's cover, the carts' tracks, Team Play's racks), tried beside the core ones.
    """

    goal: str = "the middle of the map"
    goal_hexes: Callable[[Scenario], tuple[Hex, ...] | None] | None = None
    race_to: Callable[[Scenario, Team], list[Hex] | None] | None = None
    figures: Callable[[Scenario, Board, dict[Team, Reach]], dict[str, dict[Team, int]]] | None = None
    candidates: Callable[[Scenario, Team, Place], list[Proposal]] | None = None


_PARTS: ModeParts[ModeFixes] = ModeParts("rebalance", ModeFixes())
#: Register ``mode``'s part of the fixer (called by the mode's module when imported); returns it.
register_fixes = _PARTS.register
#: ``mode``'s part of the fixer, importing the module its rules name on the first question.
fixes_of = _PARTS.of
