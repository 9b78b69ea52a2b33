"""Undo commands: each holds the map (or scenario) before and after one user intent.

Maps are immutable, so a command is two values and the hexes that differ; undo
and redo just hand one of them back to the document. Commands never touch
graphics items: the document emits ``changed`` and the canvas redraws.
A drag stroke merges into one command through :meth:`MapEditCommand.mergeWith`.

Commands know the document only as a :class:`Target` (the two setters they call),
so this module sits below :mod:`editor.document` without importing it.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from editor.scenario_setup import ScenarioSetup
from engine.hexgrid import Hex
from engine.mapmodel import HexMap

__all__ = ["MapEditCommand", "ScenarioEditCommand", "Target"]

_MAP_EDIT_ID = 0x4846  # "HF"


class Target(Protocol):
    """What a command changes: the document's map and scenario setters."""

    def _set_map(self, m: HexMap, hexes: frozenset[Hex] | None) -> None: ...

    def _set_scenario(self, setup: ScenarioSetup | None) -> None: ...


class MapEditCommand(QUndoCommand):
    """Replace the document's map; commands of the same ``stroke`` (> 0) merge into one step."""

    def __init__(
        self,
        doc: Target,
        text: str,
        before: HexMap,
        after: HexMap,
        hexes: frozenset[Hex] | None,
        stroke: int = 0,
    ) -> None:
        super().__init__(text)
        self._doc = doc
        self.before = before
        self.after = after
        self.hexes = hexes  # None: everything may have changed
        self.stroke = stroke

    def id(self) -> int:  # noqa: A003 - Qt's name
        return _MAP_EDIT_ID

    def redo(self) -> None:
        self._doc._set_map(self.after, self.hexes)

    def undo(self) -> None:
        self._doc._set_map(self.before, self.hexes)

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt's name
        if not isinstance(other, MapEditCommand) or self.stroke <= 0 or other.stroke != self.stroke:
            return False
        self.after = other.after
        if self.hexes is None or other.hexes is None:
            self.hexes = None
        else:
            self.hexes = self.hexes | other.hexes
        return True


class ScenarioEditCommand(QUndoCommand):
    """Replace the document's scenario set-up (mode, rosters, units, rules)."""

    def __init__(self, doc: Target, text: str, before: ScenarioSetup | None, after: ScenarioSetup | None) -> None:
        super().__init__(text)
        self._doc = doc
        self.before = before
        self.after = after

    def redo(self) -> None:
        self._doc._set_scenario(self.after)

    def undo(self) -> None:
        self._doc._set_scenario(self.before)
