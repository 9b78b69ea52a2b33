"""The open document: a map (and optionally its scenario), its undo stack, path and dirty flag.

:class:`MapDocument` is the single source of truth the editor's widgets listen to.
Edits go through :meth:`MapDocument.apply`, which pushes an undo command; the
command sets the map back on the document, which emits :attr:`MapDocument.changed`
with the hexes that differ (None for "everything"). Loading never touches the
document until the file has been read successfully.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from editor.commands import MapEditCommand, ScenarioEditCommand
from editor.edit_result import Edit
from editor.scenario_setup import ScenarioSetup
from engine.formats import load_any, save_map, save_scenario
from engine.formats.errors import LoadError
from engine.formats.scenario_file import scenario_to_document
from engine.formats.schemas import validate_document
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, MapMeta
from engine.scenario import Scenario

__all__ = ["MapDocument", "ScenarioSetup", "read_document"]


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
        #: the map file a Save As named, kept through Undo and Redo (:meth:`_set_scenario`)
        self._map_ref: str | None = None
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

    def apply_with_scenario(self, m: HexMap, setup: ScenarioSetup | None, text: str) -> bool:
        """Undoably replace the map and the scenario set-up together (one undo step); False for a no-op."""
        map_changes = m != self._map
        setup_changes = setup != self._scenario
        if not map_changes and not setup_changes:
            return False
        self.undo_stack.beginMacro(text)
        if map_changes:
            self.undo_stack.push(MapEditCommand(self, text, self._map, m, None))
        if setup_changes:
            self.undo_stack.push(ScenarioEditCommand(self, text, self._scenario, setup))
        self.undo_stack.endMacro()
        return True

    def _set_map(self, m: HexMap, hexes: frozenset[Hex] | None) -> None:
        """Called by commands only."""
        self._map = m
        self.changed.emit(hexes)

    def _set_scenario(self, setup: ScenarioSetup | None) -> None:
        """Called by commands only. A map file named by a Save As stays named: the commands on the undo stack hold
        the set-ups from before it, and an Undo brought back the original's map file (a review)."""
        if setup is not None and self._map_ref is not None and setup.map_ref is not None:
            setup = replace(setup, map_ref=self._map_ref)
        self._scenario = setup
        self.scenario_changed.emit()

    # -- files -------------------------------------------------------------------

    def replace_all(self, m: HexMap, path: Path | None, scenario: ScenarioSetup | None = None) -> None:
        """Make this document hold another map (after open or new); clears undo history."""
        self._map = m
        self._scenario = scenario
        self._map_ref = None
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

    def map_file(self, target: Path | None = None) -> Path | None:
        """Where saving this scenario to ``target`` (default: its own file) writes its map: None for a map document or
        a scenario with its map inside. Saved to its own file, the map file it names; saved as a new file, a map file
        of the new file's own name beside it (``v2.scenario.json`` → ``v2.map.json``) — a new-user audit saved
        variants of one scenario and each Save As rewrote the one map file they all named, losing the others."""
        target = target if target is not None else self._path
        if self._scenario is None or self._scenario.map_ref is None or target is None:
            return None
        if target == self._path:
            return target.parent / self._scenario.map_ref
        stem = target.name.removesuffix(".json").removesuffix(".scenario").removesuffix(".map")
        own = target.parent / f"{stem}.map.json"
        return own if own != target else target.parent / f"{stem}.ground.map.json"

    def save(self, path: str | Path | None = None) -> Path:
        """Write the document (to ``path`` or its own path) and mark it clean; returns the path.

        A scenario whose map is a separate file also writes that map file (:meth:`map_file`).
        Raises ValueError without a path, LoadError (nothing written) when the loader
        would refuse what it holds, and OSError when writing fails (the document
        then stays dirty).
        """
        target = Path(path) if path is not None else self._path
        if target is None:
            raise ValueError("the document has no file yet; choose where to save it")
        if self._scenario is None:
            save_map(self._map, target)
        else:
            map_file = self.map_file(target)
            setup = self._scenario
            if map_file is not None and target != self._path:  # Save As: the new map file's own name (a plain Save
                setup = replace(setup, map_ref=map_file.name)  # keeps a ref into a folder as it is: a review)
            scenario = setup.scenario(self._map)
            # what the loader would refuse is not written: a file saved so was lost to the editor (a new-user audit)
            validate_document(scenario_to_document(scenario), "scenario", target)
            if map_file is not None:
                save_map(self._map, map_file)
            save_scenario(scenario, target)
            if setup is not self._scenario:  # the file it names now (bookkeeping, not an edit: no undo step), once
                self._map_ref = setup.map_ref  # both files are written
            self._scenario = setup
        self.undo_stack.setClean()
        if target != self._path:
            self._path = target
            self.path_changed.emit()
        return target
