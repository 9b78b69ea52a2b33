"""Before Playtest or Simulate…: warn when the validator finds errors on the map.

A map with validator errors (a control point on a wall, HF101...) may still be
playable, but the game will not be the one the designer meant, so the user is
asked first: a dialog lists the first few errors (code and message) and offers
"Play anyway" / "Cancel", Cancel being the default. Warnings and notes never ask.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from editor.problem_runner import run_checks
from engine.scenario import Scenario
from engine.validation.problem import Problem, Severity

__all__ = ["ERRORS_SHOWN", "confirm_despite_errors", "errors_box", "validator_errors"]

#: How many errors the dialog lists before "… and N more".
ERRORS_SHOWN = 5


def validator_errors(scenario: Scenario) -> list[Problem]:
    """The validator's errors for ``scenario``'s map in the mode played (never raises)."""
    return [p for p in run_checks(scenario.map, scenario.mode) if p.severity is Severity.ERROR]


def errors_box(parent: QWidget | None, title: str, errors: list[Problem], go_text: str = "Play anyway") -> QMessageBox:
    """The question asked before playing a map with ``errors`` (not shown; Cancel is the default button)."""
    n = len(errors)
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(f"This map has {n} validator error{'s' * (n != 1)}: the game may not play as designed.")
    lines = []
    for p in errors[:ERRORS_SHOWN]:
        where = p.location()
        lines.append(f"• {p.code}  {p.message}" + (f" ({where})" if where else ""))
    if n > ERRORS_SHOWN:
        lines.append(f"… and {n - ERRORS_SHOWN} more (see the Problems panel)")
    box.setInformativeText("\n".join(lines))
    go = box.addButton(go_text, QMessageBox.ButtonRole.AcceptRole)
    go.setObjectName("go")
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    return box


def confirm_despite_errors(parent: QWidget | None, title: str, scenario: Scenario,
                           go_text: str = "Play anyway") -> bool:
    """True when ``scenario`` has no validator errors or the user chose ``go_text``; False on Cancel."""
    errors = validator_errors(scenario)
    if not errors:
        return True
    box = errors_box(parent, title, errors, go_text)
    box.exec()
    clicked = box.clickedButton()
    return clicked is not None and clicked.objectName() == "go"
