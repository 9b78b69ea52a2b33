""""Play from here" for King of the Board: the position editor dialog and how its position is played."""

from __future__ import annotations

from typing import Any

from editor.playtest.koth.position import (
    Placement,
    apply_markers,
    has_markers,
    placement_problems,
    position_scenario,
)
from editor.playtest.koth.setup_editor import SetupEditor
from editor.playtest.presenters import PositionEditor
from engine.games.protocol import GameState
from engine.scenario import Scenario

__all__ = ["KothPositions"]


class KothPositions(PositionEditor):
    """"Play from here" for King of the Board (:class:`~editor.playtest.presenters.PositionEditor`)."""

    def dialog(self, parent: Any, scenario: Scenario, state: GameState) -> Any:
        return SetupEditor(scenario, state, parent)

    def problems(self, base: Scenario, placements: list[Placement]) -> list[str]:
        return placement_problems(base, placements)

    def scenario(self, base: Scenario, placements: list[Placement], seed: int) -> Scenario:
        return position_scenario(base, placements, seed)

    def apply(self, state: GameState, placements: list[Placement]) -> None:
        apply_markers(state, placements)

    def replay_blocked(self, placements: list[Placement]) -> str:
        if has_markers(placements):
            return ("this position was set up with burn, uber or scope markers, which a replay file "
                    "cannot record; replaying it would not reproduce the game")
        return ""
