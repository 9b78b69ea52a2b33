"""The open document: a map (and optionally its scenario), its undo stack, path and dirty flag.

:class:`MapDocument` is the single source of truth the editor's widgets listen to.
Edits go through :meth:`MapDocument.apply`, which pushes an undo command; the
command sets the map back on the document, which emits :attr:`MapDocument.changed`
with the hexes that differ (None for "everything"). Loading never touches the
document until the file has been read successfully.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.commands import MapEditCommand, ScenarioEditCommand
from editor.edits import Edit
from engine.formats import load_any, save_map, save_scenario
from engine.formats.errors import LoadError
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, MapMeta, Mode, Team
from engine.ruleset import OptionValue, Ruleset
from engine.scenario import Scenario, TeamSetup

__all__ = ["MapDocument", "ScenarioSetup", "read_document"]


@dataclass(frozen=True)
class ScenarioSetup:
    """Everything of a scenario except its map (which the document holds)."""

    name: str = "Untitled scenario"
    mode: Mode = Mode.KOTH
    description: str = ""
    ruleset_ref: str | None = None
    rules: Mapping[str, OptionValue] = field(default_factory=lambda: MappingProxyType({}))
    teams: Mapping[Team, TeamSetup] = field(default_factory=lambda: MappingProxyType({}))
    first_team: Team = Team.RED
    seed: int = 0
    map_ref: str | None = None
    #: the ruleset ``ruleset_ref`` resolved to when the scenario was loaded (None: the mode's built-in one)
    ruleset: Ruleset | None = None

    @classmethod
    def of(cls, s: Scenario) -> ScenarioSetup:
        """The set-up part of a loaded scenario."""
        return cls(
            s.name, s.mode, s.description, s.ruleset_ref, s.rules, s.teams, s.first_team, s.seed, s.map_ref,
            s.ruleset,
        )

    def scenario(self, m: HexMap) -> Scenario:
        """A full scenario on map ``m``."""
        return Scenario(
            name=self.name,
            mode=self.mode,
            map=m,
            map_ref=self.map_ref,
            description=self.description,
            ruleset_ref=self.ruleset_ref,
            ruleset=self.ruleset,
            rules=MappingProxyType(dict(self.rules)),
            teams=MappingProxyType(dict(self.teams)),
            first_team=self.first_team,
            seed=self.seed,
        )

    def with_team(self, team: Team, setup: TeamSetup) -> ScenarioSetup:
        """A copy with one team's set-up replaced."""
        teams = dict(self.teams)
        teams[team] = setup
        return replace(self, teams=MappingProxyType(teams))


def read_document(path: str | Path) -> tuple[HexMap, ScenarioSetup | None]:
    """Read a map or scenario file; raises LoadError (also for a ruleset file)."""
    kind, value = load_any(path)
    if isinstance(value, HexMap):
        return value, None
    if isinstance(value, Scenario):
        return value.map, ScenarioSetup.of(value)
    raise LoadError.single(path, "$", f"this is a {kind} file; the editor opens maps and scenarios")


class MapDocument(QObject):
    """A map being edited, with undo, file path and modified state.

    Signals: ``changed(hexes)`` after every map change (a frozenset of hexes or
    None for all); ``scenario_changed()``; ``path_changed()``; ``dirty_changed(bool)``;
    ``reset()`` after a new map replaced everything (open, new).
    """

    changed = Signal(object)
    scenario_changed = Signal()
    path_changed = Signal()
    dirty_changed = Signal(bool)
    reset = Signal()

    def __init__(self, m: HexMap, path: Path | None = None, scenario: ScenarioSetup | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._map = m
        self._path = path
        self._scenario = scenario
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self._strokes = itertools.count(1)

    def _clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)

    # -- state -------------------------------------------------------------------

    @property
    def map(self) -> HexMap:
        """The current map."""
        return self._map

    @property
    def scenario(self) -> ScenarioSetup | None:
        """The scenario set-up when the document is a scenario, else None."""
        return self._scenario

    @property
    def path(self) -> Path | None:
        """Where the document was loaded from or last saved, or None if never saved."""
        return self._path

    @property
    def dirty(self) -> bool:
        """True when there are changes not yet saved."""
        return not self.undo_stack.isClean()

    def display_name(self) -> str:
        """The file name, or the map's name for an unsaved document."""
        return self._path.name if self._path else f"{self._map.meta.name} (unsaved)"

    # -- edits -------------------------------------------------------------------

    def new_stroke(self) -> int:
        """A fresh id for a drag stroke: edits pushed with it merge into one undo step."""
        return next(self._strokes)

    def apply(self, edit: Edit | HexMap, text: str, stroke: int = 0) -> bool:
        """Push an undoable change to ``edit``'s map; returns False (and pushes nothing) for a no-op."""
        if isinstance(edit, HexMap):
            if edit == self._map:
                return False
            cmd = MapEditCommand(self, text, self._map, edit, None, stroke)
        else:
            if edit.is_noop or edit.map is self._map:
                return False
            cmd = MapEditCommand(self, text, self._map, edit.map, edit.hexes, stroke)
        self.undo_stack.push(cmd)
        return True

    def set_meta(self, meta: MapMeta, text: str = "Edit map properties") -> bool:
        """Undoably change the map's name, author, description, modes or orientation."""
        if meta == self._map.meta:
            return False
        self.undo_stack.push(MapEditCommand(self, text, self._map, self._map.with_meta(meta), None))
        return True

    def set_scenario(self, setup: ScenarioSetup | None, text: str = "Edit scenario") -> bool:
        """Undoably replace the scenario set-up (None turns the document back into a map)."""
        if setup == self._scenario:
            return False
        self.undo_stack.push(ScenarioEditCommand(self, text, self._scenario, setup))
        return True

    def _set_map(self, m: HexMap, hexes: frozenset[Hex] | None) -> None:
        """Called by commands only."""
        self._map = m
        self.changed.emit(hexes)

    def _set_scenario(self, setup: ScenarioSetup | None) -> None:
        """Called by commands only."""
        self._scenario = setup
        self.scenario_changed.emit()

    # -- files -------------------------------------------------------------------

    def replace_all(self, m: HexMap, path: Path | None, scenario: ScenarioSetup | None = None) -> None:
        """Make this document hold another map (after open or new); clears undo history."""
        self._map = m
        self._scenario = scenario
        self._path = path
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.reset.emit()
        self.changed.emit(None)
        self.scenario_changed.emit()
        self.path_changed.emit()
        self.dirty_changed.emit(False)

    def open(self, path: str | Path) -> None:
        """Load ``path`` into this document; raises LoadError and then leaves the document as it was."""
        m, setup = read_document(path)
        self.replace_all(m, Path(path), setup)

    def save(self, path: str | Path | None = None) -> Path:
        """Write the document (to ``path`` or its own path) and mark it clean; returns the path.

        A scenario whose map is a separate file also rewrites that map file.
        Raises ValueError without a path and OSError when writing fails (the
        document then stays dirty).
        """
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the document has no file yet; choose where to save it")
        if self._scenario is None:
            save_map(self._map, target)
        else:
            setup = self._scenario
            if setup.map_ref is not None:
                save_map(self._map, target.parent / setup.map_ref)
            save_scenario(setup.scenario(self._map), target)
        self.undo_stack.setClean()
        if target != self._path:
            self._path = target
            self.path_changed.emit()
        return target
