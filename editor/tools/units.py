"""The Starting units tool: give a scenario's typed starting units their hexes by clicking on the canvas.

A click on an empty hex places the next unit without a hex (the team whose spawn
zone it is, else the first team with one left); dragging a placed unit moves it;
a right-click sends it back to "anywhere in the spawn zone". Each gesture is one
undo step of the scenario (:meth:`~editor.document.MapDocument.set_scenario`);
the edits themselves are :mod:`editor.unit_placing`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from editor.edit_result import EditRefused
from editor.geometry import SymmetryMode
from editor.tools.base import Gesture, Tool
from editor.unit_placing import Placed, move_unit, place_next, unit_at, unplace
from engine.hexgrid import Hex

__all__ = ["StartingUnitsTool"]


class StartingUnitsTool(Tool):
    """Places, drags and takes off a scenario's starting units (module docstring)."""

    key = "units"
    label = "Starting units"
    shortcut = "N"
    tip = ("Starting units (N): click a hex to place the next unit typed in the Scenario panel, drag a unit to "
           "move it, right-click it to take it off; with symmetry on, the other team's unit follows")
    glyph = "units"

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._from: Hex | None = None
        self._to: Hex | None = None
        #: whether dropping the dragged unit on ``_to`` would be refused (its preview is drawn red before release)
        self._refused = False

    def press(self, g: Gesture) -> None:
        setup = self.doc.scenario
        if setup is None:
            self.state.tell("this map has no scenario to place units for: Scenario panel ▸ Make a scenario for this "
                            "map, then type each team's starting units", (g.hex,), error=True)
            return
        if g.right:
            if unit_at(setup, g.hex) is None:
                self.state.tell(f"no starting unit stands on {g.hex}; right-click a placed unit to take it off",
                                (g.hex,), error=True)
                return
            self._apply(lambda: unplace(setup, g.hex, self._symmetry()))
        elif unit_at(setup, g.hex) is not None:
            self._from = self._to = g.hex
            self.on_preview()
        else:
            self._apply(lambda: place_next(setup, self.doc.map, g.hex, self._symmetry()))

    def move(self, g: Gesture) -> None:
        if self._from is not None and g.hex != self._to:
            self._to = g.hex
            self._refused = self._would_refuse(self._from, g.hex)
            self.on_preview()

    def _would_refuse(self, src: Hex, dst: Hex) -> bool:
        """Whether moving the unit on ``src`` to ``dst`` would be refused (asked as the release will ask)."""
        setup = self.doc.scenario
        if setup is None or src == dst:
            return False
        try:
            move_unit(setup, self.doc.map, src, dst, self._symmetry())
        except EditRefused:
            return True
        return False

    def release(self, g: Gesture) -> None:
        src, self._from, self._to, self._refused = self._from, None, None, False
        setup = self.doc.scenario
        if src is not None and setup is not None and g.hex != src:
            self._apply(lambda: move_unit(setup, self.doc.map, src, g.hex, self._symmetry()))
        self.on_preview()

    def cancel(self) -> None:
        self._from = self._to = None
        self._refused = False
        super().cancel()

    def preview_hexes(self) -> Iterable[Hex]:
        return () if self._to is None or self._to == self._from else (self._to,)

    def preview_refused(self) -> bool:
        return self._refused

    def _symmetry(self) -> SymmetryMode | None:
        """The editor's symmetry when it pairs the teams (RED's side with BLU's), else None."""
        sym = self.state.symmetry
        return sym if sym.active and sym.swaps_teams else None

    def _apply(self, make: Callable[[], Placed]) -> None:
        """Run one placing edit: a refusal is told at its hex, a result pushed as one undo step with its remark."""
        try:
            placed = make()
        except EditRefused as e:
            self.state.tell(str(e), e.hexes, error=True)
            return
        if not placed.text or not self.doc.set_scenario(placed.setup, placed.text):
            return
        sym = self.state.symmetry
        remark = placed.remark or ("" if not sym.active or sym.swaps_teams else
                                   "this symmetry does not pair RED's side with BLU's: no other unit followed")
        if remark:
            self.state.tell(remark, placed.hexes)
