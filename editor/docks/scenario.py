"""The scenario panel: mode, first team, seed, rosters, starting units (with weapon cards) and rule overrides.

Every edit goes through :meth:`MapDocument.set_scenario` (undoable); the panel
refreshes from ``scenario_changed`` with its own signals blocked, so there is no
feedback loop. Unit kinds, weapon cards and the rule table come from the
scenario's own ruleset (its mode's built-in one unless the file names another),
so a Payload Race scenario lists Payload Race's classes, cards and options.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.document import MapDocument
from editor.scenario_setup import ScenarioSetup
from editor.unit_placing import units_take_hexes
from engine.games.game import ruleset_of
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.ruleset import OptionValue, Ruleset, RulesetError
from engine.scenario import TeamSetup, UnitStart

__all__ = ["ScenarioPanel", "format_units", "parse_units"]


def format_units(units: tuple[UnitStart, ...]) -> str:
    """``scout, soldier@3,-1, heavy@2,0:minigun`` for a starting list."""
    return ", ".join((f"{u.unit}@{u.hex}" if u.hex is not None else u.unit) + (f":{u.weapon}" if u.weapon else "")
                     for u in units)


_ITEM = re.compile(r"\s*([A-Za-z_]+)\s*(?:@\s*(-?\d+)\s*,\s*(-?\d+))?\s*(?::\s*([A-Za-z_]+))?\s*(?:[,;]|$)")


def parse_units(text: str, rules: Ruleset | set[str]) -> tuple[UnitStart, ...]:
    """Parse ``kind``, ``kind@q,r`` and ``kind@q,r:weapon_card`` items separated by commas.

    ``rules`` is the scenario's ruleset (the unit kinds and their weapon cards),
    or just the known kinds. Raises ValueError with the reason.
    """
    known = set(rules.units) if isinstance(rules, Ruleset) else rules
    items: list[UnitStart] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _ITEM.match(text, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"cannot read {text[pos:]!r}; write units as kind, kind@q,r or kind@q,r:card, "
                             "separated by commas")
        kind = m.group(1).lower()
        if kind not in known:
            raise ValueError(f"unknown unit {kind!r}; known: {', '.join(sorted(known))}")
        h = Hex(int(m.group(2)), int(m.group(3))) if m.group(2) is not None else None
        weapon = m.group(4).lower() if m.group(4) else None
        if weapon is not None and isinstance(rules, Ruleset) and weapon not in rules.units[kind].weapons:
            cards = ", ".join(rules.units[kind].weapons) or "none"
            raise ValueError(f"a {kind} cannot carry {weapon!r}; its weapon cards: {cards}")
        items.append(UnitStart(kind, h, None, weapon))
        pos = m.end()
    return tuple(items)


class _UndoThrough(QObject):
    """Lets Undo and Redo reach the document's actions from a line edit that has nothing of its own to undo or redo
    (a line edit claims the keys for its own history, empty or not, so Ctrl+Z in a scenario field did nothing)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QLineEdit):
            key = event  # a QKeyEvent
            undo, redo = key.matches(QKeySequence.StandardKey.Undo), key.matches(QKeySequence.StandardKey.Redo)  # type: ignore[attr-defined]
            if (undo and not watched.isUndoAvailable()) or (redo and not watched.isRedoAvailable()):
                event.ignore()
                return True  # not the field's: the window's Undo/Redo shortcut takes it
        return False


_PLACE_TIP = ("Starting units tool: click a hex to place the next unit typed above, drag one to move it, right-click "
              "it to take it off (each an undo step)")


class ScenarioPanel(QWidget):
    """Edits the document's scenario set-up; offers to make one when the document is a plain map.

    ``place_requested()``: the user asked to place the starting units on the canvas (the window picks the
    Starting units tool)."""

    place_requested = Signal()

    def __init__(self, doc: MapDocument | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: MapDocument | None = None
        self._ruleset: Ruleset | None = None
        self._defaults: dict[str, OptionValue] = {}
        self.intro = QLabel("This document is a map. Make a scenario to set rosters, starting units and rules.")
        self.intro.setWordWrap(True)
        self.make = QPushButton("Make a scenario for this map")
        self.make.clicked.connect(self.make_scenario)
        self.drop = QPushButton("Turn back into a plain map")
        self.drop.clicked.connect(lambda: self.doc.set_scenario(None, "Remove scenario") if self.doc else None)
        self.name = QLineEdit()
        self.name.editingFinished.connect(lambda: self._edit(name=self.name.text().strip() or "Untitled scenario"))
        self.mode = QComboBox()
        for md in Mode:
            self.mode.addItem(GAMES[md].name, md)
        self.mode.currentIndexChanged.connect(lambda *_: self._edit(mode=Mode(self.mode.currentData())))
        self.first = QComboBox()
        for t in Team:
            self.first.addItem(t.value, t)
        self.first.currentIndexChanged.connect(lambda *_: self._edit(first_team=Team(self.first.currentData())))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.editingFinished.connect(lambda: self._edit(seed=self.seed.value()))
        #: Ctrl+Z in a field with nothing of its own to undo undoes the document (it did nothing: a new-user audit)
        self._undo_through = _UndoThrough(self)
        self.roster: dict[Team, QLineEdit] = {}
        self.units: dict[Team, QLineEdit] = {}
        teams_box = QGroupBox("Teams")
        tf = QFormLayout(teams_box)
        for t in Team:
            r = QLineEdit()
            r.setPlaceholderText("all units (or e.g. scout, soldier, medic)")
            r.setToolTip("Unit kinds this team may field, separated by commas; empty means all")
            r.editingFinished.connect(lambda t=t: self._edit_team(t))
            u = QLineEdit()
            u.setPlaceholderText("e.g. scout, soldier@-5,3, medic")
            u.setToolTip("Starting units in blueprint order; kind@q,r places one on a hex, otherwise anywhere in "
                         "spawn; kind@q,r:card gives it a weapon card (Payload Race)")
            u.editingFinished.connect(lambda t=t: self._edit_team(t))
            self.roster[t], self.units[t] = r, u
            for field in (r, u):
                field.installEventFilter(self._undo_through)
            tf.addRow(f"{t.value} roster", r)
            tf.addRow(f"{t.value} units", u)
        self.place = QPushButton("Place the units on the map (N)")
        self.place.setToolTip(_PLACE_TIP)
        self.place.clicked.connect(self.place_requested.emit)
        tf.addRow(self.place)
        self.rules = QTableWidget(0, 2)
        self.rules.setHorizontalHeaderLabels(["Rule", "Value"])
        self.rules.horizontalHeader().setStretchLastSection(True)
        self.rules.verticalHeader().hide()
        self.rules.itemChanged.connect(self._rule_changed)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c62828")
        self.error.setWordWrap(True)
        self.form_box = QWidget()
        form = QFormLayout(self.form_box)
        form.addRow("Name", self.name)
        form.addRow("Mode", self.mode)
        form.addRow("First team", self.first)
        form.addRow("Seed", self.seed)
        form.addRow(teams_box)
        form.addRow(QLabel("Rule overrides (bold = changed)"))
        form.addRow(self.rules)
        form.addRow(self.drop)
        lay = QVBoxLayout(self)
        lay.addWidget(self.intro)
        lay.addWidget(self.make)
        lay.addWidget(self.form_box)
        lay.addWidget(self.error)
        lay.addStretch(1)
        self.set_document(doc)

    def set_document(self, doc: MapDocument | None) -> None:
        """Edit ``doc``'s scenario from now on (None: no document open)."""
        if self.doc is not None:
            self.doc.scenario_changed.disconnect(self.refresh)
            self.doc.reset.disconnect(self.refresh)
        self.doc = doc
        if doc is not None:
            doc.scenario_changed.connect(self.refresh)
            doc.reset.connect(self.refresh)
        self.error.setText("")
        self.refresh()

    # -- model → widgets ------------------------------------------------------------

    def refresh(self) -> None:
        """Show the document's scenario (signals blocked: no edits come back)."""
        s = self.doc.scenario if self.doc is not None else None
        self.intro.setText("This document is a map. Make a scenario to set rosters, starting units and rules."
                           if self.doc is not None else "No map open.")
        self.intro.setVisible(s is None)
        self.make.setVisible(s is None and self.doc is not None)
        self.form_box.setVisible(s is not None)
        if s is None:
            return
        blockers = [QSignalBlocker(w) for w in (self.name, self.mode, self.first, self.seed, self.rules,
                                                *self.roster.values(), *self.units.values())]
        self._use_ruleset(self._ruleset_of(s))
        self.name.setText(s.name)
        self.mode.setCurrentIndex(self.mode.findData(s.mode))
        self.first.setCurrentIndex(self.first.findData(s.first_team))
        self.seed.setValue(s.seed)
        for t in Team:
            setup = s.teams.get(t, TeamSetup())
            self.roster[t].setText(", ".join(setup.roster))
            self.units[t].setText(format_units(setup.starting))
        no_hexes = units_take_hexes(s)  # Team Play's characters enter at spawnpoints: nothing to place
        self.place.setEnabled(not no_hexes)
        self.place.setToolTip(no_hexes or _PLACE_TIP)
        for i, (k, v) in enumerate(self._defaults.items()):
            value = s.rules.get(k, v)
            item = self.rules.item(i, 1)
            assert item is not None  # every row has its value cell (built in __init__)
            item.setText(str(value))
            f = item.font()
            f.setBold(k in s.rules)
            item.setFont(f)
        del blockers

    def _ruleset_of(self, s: ScenarioSetup) -> Ruleset | None:
        """The ruleset of the scenario being edited (None when its ruleset file cannot be found)."""
        assert self.doc is not None
        try:
            return ruleset_of(s.scenario(self.doc.map))
        except RulesetError:
            return None

    def _use_ruleset(self, rs: Ruleset | None) -> None:
        """Make the rule table list ``rs``'s options (rebuilt only when the ruleset changes)."""
        if rs is self._ruleset:
            return
        self._ruleset = rs
        self._defaults = dict(rs.options) if rs is not None else {}
        # the hints name this game's own units (they named King of the Board's in every game: a new-user audit)
        kinds = [k for k, u in rs.units.items() if u.pickable][:3] if rs is not None else []
        if kinds:
            for t in Team:
                self.roster[t].setPlaceholderText(f"all units (or e.g. {', '.join(kinds)})")
                self.units[t].setPlaceholderText(f"e.g. {kinds[0]}" + (f", {kinds[1]}@q,r" if kinds[1:] else ""))
                self.roster[t].setToolTip("Unit kinds this team may field, separated by commas; empty means all — "
                                          + self._ruleset_words(rs))
        self.rules.setRowCount(len(self._defaults))
        for i, (k, v) in enumerate(self._defaults.items()):
            key = QTableWidgetItem(k)
            key.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.rules.setItem(i, 0, key)
            self.rules.setItem(i, 1, QTableWidgetItem(str(v)))

    @staticmethod
    def _ruleset_words(rs: Ruleset) -> str:
        """The units a roster may list, by the names a file uses."""
        return "units: " + ", ".join(k for k, u in rs.units.items() if u.pickable)

    @property
    def _known(self) -> set[str]:
        return set(self._ruleset.units) if self._ruleset is not None else set()

    # -- widgets → model ------------------------------------------------------------

    def make_scenario(self) -> None:
        """Turn the document into a scenario on its map (undoable)."""
        if self.doc is None:
            return
        m = self.doc.map
        self.doc.set_scenario(
            ScenarioSetup(name=f"{m.meta.name} scenario", mode=m.meta.modes[0]), "Make scenario"
        )

    def _edit(self, **changes: object) -> None:
        s = self.doc.scenario if self.doc is not None else None
        if s is None or self.doc is None:
            return
        new = replace(s, **changes)  # type: ignore[arg-type]
        if new == s:  # a field left without a change: no undo step (it pushed one, and Undo lost Redo: an audit)
            return
        if new.mode not in self.doc.map.meta.modes:
            self.error.setText(f"the map is not made for {GAMES[new.mode].name}; add it in Map ▸ Properties first")
            self.refresh()
            return
        if new.mode is not s.mode:  # another game: its own built-in ruleset, units and options
            new = replace(new, ruleset_ref=None, ruleset=None, rules=MappingProxyType({}),
                          teams=MappingProxyType({}))
        self.error.setText("")
        # the history names the field ("Set first team"), not "Edit scenario" for each (a new-user audit)
        self.doc.set_scenario(new, "Set " + ", ".join(k.replace("_", " ") for k in changes))

    def _edit_team(self, team: Team) -> None:
        s = self.doc.scenario if self.doc is not None else None
        if s is None or self.doc is None:
            return
        roster = tuple(k.strip().lower() for k in self.roster[team].text().split(",") if k.strip())
        bad = [k for k in roster if k not in self._known]
        twice = [k for i, k in enumerate(roster) if k in roster[:i]]
        try:
            if bad:
                raise ValueError(f"unknown unit {bad[0]!r} in the {team.value} roster")
            if twice:  # saved as typed, the file would not open again (a new-user audit lost a scenario so)
                raise ValueError(f"{twice[0]!r} is listed twice in the {team.value} roster; list each unit once")
            units = parse_units(self.units[team].text(), self._ruleset or self._known)
            off = [u.hex for u in units if u.hex is not None and u.hex not in self.doc.map]
            if off:
                raise ValueError(f"hex {off[0]} is not on the map")
        except ValueError as e:
            self.error.setText(str(e))
            self._mark(self.roster[team] if bad or twice else self.units[team], str(e))
            return
        self.error.setText("")
        for field in (self.roster[team], self.units[team]):
            self._mark(field, "")
        if TeamSetup(roster, units) == s.teams.get(team, TeamSetup()):
            return  # nothing changed: no undo step
        self.doc.set_scenario(s.with_team(team, TeamSetup(roster, units)), f"Edit {team.value} team")

    @staticmethod
    def _mark(field: QLineEdit, why: str) -> None:
        """Frame ``field`` red with ``why`` as its tooltip, or clear both ("" ): the error line under the panel was
        far from the field it spoke of (a new-user audit)."""
        field.setStyleSheet("QLineEdit { border: 1px solid #c62828; }" if why else "")
        if why:
            field.setProperty("plain_tip", field.property("plain_tip") or field.toolTip())
            field.setToolTip(why)
        elif field.property("plain_tip"):
            field.setToolTip(field.property("plain_tip"))
            field.setProperty("plain_tip", None)

    def _rule_changed(self, item: QTableWidgetItem) -> None:
        s = self.doc.scenario if self.doc is not None else None
        if s is None or self.doc is None or item.column() != 1:
            return
        name_cell = self.rules.item(item.row(), 0)
        assert name_cell is not None
        key = name_cell.text()
        default = self._defaults[key]
        text = item.text().strip()
        try:
            value: OptionValue
            if isinstance(default, bool):
                if text.lower() not in ("true", "false"):
                    raise ValueError("write true or false")
                value = text.lower() == "true"
            elif isinstance(default, int):
                value = int(text)
            elif isinstance(default, float):
                value = float(text)
            else:
                value = text
        except ValueError as e:
            self.error.setText(f"{key}: {e}")
            self.refresh()
            return
        rules = dict(s.rules)
        if value == default:
            rules.pop(key, None)
        else:
            rules[key] = value
        self.error.setText("")
        if rules == dict(s.rules):
            return  # nothing changed: no undo step
        self.doc.set_scenario(replace(s, rules=MappingProxyType(rules)), f"Set rule {key}")
