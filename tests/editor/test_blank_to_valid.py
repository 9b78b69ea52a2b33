"""A King of the Board map drawn from a blank sheet with the tools alone ends with zero validator errors."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from editor.geometry import SymmetryKind
from editor.newmap import Shape
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.validation.problem import Severity
from tests.editor.conftest import Mouse, key

pytest.importorskip("engine.validation.checks")

CENTER = Hex(5, 4)  # the middle of a 15 × 9 pointy rectangle (odd rows shoved right)


def test_draw_a_valid_king_of_the_board_map_by_gestures(window, monkeypatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    from editor import document_manager

    class Blank(document_manager.NewMapDialog):
        def exec(self) -> int:  # type: ignore[override]
            self.name.setText("Hill")
            self.shape.setCurrentIndex(self.shape.findData(Shape.RECTANGLE))
            self.width_.setValue(15)
            self.height_.setValue(9)
            return QDialog.DialogCode.Accepted

    monkeypatch.setattr(document_manager, "NewMapDialog", Blank)
    key(window.view, "Ctrl+N")
    assert window.doc.map.meta.name == "Hill" and len(window.doc.map) == 135
    window.view.fit()
    mouse = Mouse(window.view)
    errors = {p.code for p in window.runner.run_now() if p.severity is Severity.ERROR}
    assert {"HF105", "HF106"} <= errors  # no bases, no control point yet

    window.symmetry_combo.setCurrentIndex(window.symmetry_combo.findData(SymmetryKind.ROT180))
    assert window.state.symmetry.center2 == (2 * CENTER.q, 2 * CENTER.r)
    # a hill: a ring of height 1 around a height-2 top
    window.size_actions[19].trigger()
    key(window.view, "1")
    mouse.click(CENTER)
    window.size_actions[7].trigger()
    key(window.view, "2")
    mouse.click(CENTER)
    # the control point on top
    window.size_actions[1].trigger()
    key(window.view, "P")
    mouse.click(CENTER)
    # RED's base on the left; symmetry paints BLU's on the right
    window.size_actions[7].trigger()
    key(window.view, "R")
    mouse.click(Hex(-1, 4))
    # a few walls for cover and kits, mirrored too
    window.size_actions[1].trigger()
    key(window.view, "Alt+2")
    mouse.drag([Hex(2, 2), Hex(3, 2)])
    key(window.view, "K")
    mouse.click(Hex(3, 1))

    m = window.doc.map
    assert m.spawns[Team.BLU] and len(m.spawns[Team.RED]) == 7
    assert m.kits == {Hex(3, 1), Hex(7, 7)}
    assert m.control_points == (frozenset({CENTER}),)
    problems = window.runner.run_now()
    assert [p for p in problems if p.severity is Severity.ERROR] == []
    assert Mode.KOTH in m.meta.modes
    assert "0 errors" in window.problems.summary.text() or "No problems" in window.problems.summary.text()
    assert window.doc.undo_stack.count() == 6  # one step per gesture
