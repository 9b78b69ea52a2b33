"""The overlays panel: choose an engine overlay and its options; colours the canvas overlay item."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QWidget

from editor.canvas.view import MapView
from editor.document import MapDocument
from editor.overlays import (
    control_point_exposure,
    sight_from,
    symmetry_mismatches,
    turns_to_reach,
    unit_kinds,
)
from editor.state import EditorState
from engine.games.game import ruleset_of
from engine.games.modes import GAMES, plays_with
from engine.hexgrid import Hex
from engine.mapmodel import Colour, HexMap, Mode, Team
from engine.ruleset import Ruleset, RulesetError

__all__ = ["HEAT_LAYERS", "HEAT_TOP", "OVERLAYS", "OverlayPanel", "heat_color"]

OVERLAYS = {
    "none": "None",
    "reach": "Turns to reach from spawn",
    "sight": "Line of sight from the hovered hex",
    "exposure": "Control-point exposure",
    "symmetry": "Symmetry mismatches",
    "balance": "Heat map from Simulate…",
}

#: The heat maps a Simulate… run hands over: layer key -> (menu words, what one count is).
HEAT_LAYERS = {"stand": ("where units stand", "unit-turns"), "deaths": ("where units die", "deaths"),
               "scores": ("where points are scored", "points"), "pickups": ("where pickups are taken", "pickups")}

_HEAT = [(0, "#1a9850"), (1, "#66bd63"), (2, "#d9ef8b"), (3, "#fee08b"), (4, "#fdae61"), (5, "#f46d43"), (6, "#d73027")]


#: Turns shown by the last colour of the heat scale on a small map (red: this many or more).
HEAT_TOP = len(_HEAT) - 1


def heat_color(turns: int, alpha: int = 110, top: int = HEAT_TOP) -> QColor:
    """Green (0 turns) through yellow to red (``top`` turns or more; ``top`` is at least :data:`HEAT_TOP`).

    A big map passes its farthest value as ``top`` so the scale spreads over the map
    instead of painting everything beyond six turns the same red.
    """
    top = max(HEAT_TOP, top)
    c = QColor(_HEAT[min(HEAT_TOP, turns * HEAT_TOP // top)][1])
    c.setAlpha(alpha)
    return c


class OverlayPanel(QWidget):
    """Picks the overlay; recomputes it (debounced) when the map, team, unit or hovered hex changes.

    It follows the current document (:meth:`set_document`) and remembers each
    document's overlay choice; a document seen for the first time, or opened
    anew, starts with none.
    """

    def __init__(self, doc: MapDocument | None, state: EditorState, view: MapView | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: MapDocument | None = None
        self.view: MapView | None = None
        self.state = state
        self._choice: dict[MapDocument, str] = {}
        self.kind = QComboBox()
        for key, label in OVERLAYS.items():
            self.kind.addItem(label, key)
        self.team = QComboBox()
        for t in Team:
            self.team.addItem(t.value, t)
        self.unit = QComboBox()
        self._fill_units(None)
        self.heat_layer = QComboBox()
        for key, (words, _) in HEAT_LAYERS.items():
            self.heat_layer.addItem(words.capitalize(), key)
        #: per document: the heat maps of its last Simulate… run (layer -> team -> hex -> count), their source and
        #: the map they were played on
        self._heat: dict[MapDocument, tuple[dict[str, dict[Team, dict[Hex, int]]], str, HexMap | None]] = {}
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Overlay", self.kind)
        self.team_label = QLabel("Team")
        form.addRow(self.team_label, self.team)
        form.addRow("Unit", self.unit)
        form.addRow("Heat map", self.heat_layer)
        form.addRow(self.legend)
        self._hover: Hex | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.refresh)
        for combo in (self.kind, self.team, self.unit, self.heat_layer):
            combo.currentIndexChanged.connect(lambda *_: self.refresh())
        state.changed.connect(lambda: self._timer.start(50) if self.current() == "symmetry" else None)
        self.set_document(doc, view)

    def set_document(self, doc: MapDocument | None, view: MapView | None) -> None:
        """Draw overlays for ``doc`` on ``view`` (None: no document open)."""
        if self.doc is not None:
            self._choice[self.doc] = self.current()
            self.doc.changed.disconnect(self._map_changed)
            self.doc.reset.disconnect(self._on_reset)
        if self.view is not None:
            self.view.hovered.disconnect(self._hovered)
        self.doc, self.view = doc, view
        self._timer.stop()
        self._hover = None
        if doc is not None:
            doc.changed.connect(self._map_changed)
            doc.reset.connect(self._on_reset)
        if view is not None:
            view.hovered.connect(self._hovered)
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(self.kind.findData(self._choice.get(doc, "none") if doc is not None else "none"))
        self.kind.blockSignals(False)
        self.setEnabled(doc is not None)
        self.refresh()

    def _map_changed(self, *_: object) -> None:
        self._timer.start(200)

    def forget(self, doc: MapDocument) -> None:
        """``doc`` was closed: drop its remembered choice (and its heat maps)."""
        self._choice.pop(doc, None)
        self._heat.pop(doc, None)

    def set_heat(self, doc: MapDocument, heat: dict[str, dict[Team, dict[Hex, int]]], source: str,
                 played: HexMap | None = None) -> None:
        """Keep ``doc``'s heat maps from a Simulate… run (``source`` says which, ``played`` is the map its games were
        played on) and show them when it is current."""
        self._heat[doc] = (heat, source, played)
        if doc is self.doc:
            self.set_overlay("balance")

    def current(self) -> str:
        """Key of the chosen overlay."""
        return self.kind.currentData()

    def set_overlay(self, key: str, team: Team | None = None, unit: str | None = None) -> None:
        """Choose an overlay by key (and optionally team and unit)."""
        if team is not None:
            self.team.setCurrentIndex(self.team.findData(team))
        if unit is not None:
            self.unit.setCurrentIndex(self.unit.findData(unit))
        self.kind.setCurrentIndex(self.kind.findData(key))
        self.refresh()

    def _on_reset(self) -> None:
        """Another map was opened (or a new one started): the overlay goes back to None.

        The choice belonged to the previous map, and on a big map some overlays take
        a while to compute; the user picks again when wanted.
        """
        self._timer.stop()
        self._hover = None
        if self.doc is not None:
            self._heat.pop(self.doc, None)  # it was measured on the previous map
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(self.kind.findData("none"))
        self.kind.blockSignals(False)
        self.refresh()

    def _hovered(self, h: Hex | None) -> None:
        self._hover = h
        if self.current() == "sight":
            self._timer.start(30)

    def refresh(self) -> None:
        """Recompute the chosen overlay now."""
        if self.doc is None or self.view is None:
            self.legend.setText("")
            return
        key = self.current()
        m = self.doc.map
        rules = self._ruleset()
        self._fill_units(rules)
        mode = self._mode() or (m.meta.modes[0] if m.meta.modes else next(iter(GAMES)))
        # a game whose characters enter at coloured spawnpoints (Team Play) reaches from a colour, not a team's
        # zone: the overlay said "RED has no spawn zone to start from" and drew nothing (a new-user audit)
        colours = key == "reach" and not GAMES[mode].spawn_zones
        self._fill_sources(colours)
        raw = self.team.currentData()  # Qt hands enum data back as plain strings
        source: Team | Colour = Colour(raw) if colours else Team(raw)
        team = source if isinstance(source, Team) else Team.RED
        games = m.meta.modes or (next(iter(GAMES)),)  # a map that names no game plays as the first installed
        self._offer(self.kind, "exposure", any(plays_with(GAMES[md], "control_points") for md in games),
                    "none of this map's games has a control point")
        self._offer(self.heat_layer, "pickups", GAMES[mode].pickups, f"{GAMES[mode].name} has no pickups")
        self._pieces = GAMES[mode].unit_words  # Team Play's heat maps speak of characters (a new-user audit)
        for i in range(self.heat_layer.count()):
            words, _noun = HEAT_LAYERS[self.heat_layer.itemData(i)]
            self.heat_layer.setItemText(i, self._words(words).capitalize())
        self.team.setEnabled(key in ("reach", "exposure", "balance"))
        self.unit.setEnabled(key == "reach")
        self.heat_layer.setEnabled(key == "balance")
        colors: dict[Hex, QColor] = {}
        labels: dict[Hex, str] = {}
        legend = ""
        try:
            if key == "reach":
                turns = turns_to_reach(m, source, self.unit.currentData(), self._mode(), rules)
                top = max(HEAT_TOP, max(turns.values(), default=0))
                for h, t in turns.items():
                    colors[h] = heat_color(t, top=top)
                    labels[h] = str(t)
                start = (f"the {source.value} spawnpoints" if isinstance(source, Colour) else "its spawn")
                who = "" if isinstance(source, Colour) else f"{source.value} "
                legend = (f"Turns a {who}{self.unit.currentText()} needs from {start} "
                          f"(green: soon, red: {top if top > HEAT_TOP else f'{top}+'}). "
                          "Hexes without colour cannot be reached.")
                if any(m.track(t) for t in Team):  # HF301's 0 beside a cart's hex reading 1 here (an editor audit)
                    legend += (" The validator's turns to a cart (HF301) count standing beside it, where pushes are "
                               "made, so a cart's own hex may read a turn more here.")
                if not turns:
                    legend = (f"There are no {source.value} spawnpoints to start from." if isinstance(source, Colour)
                              else f"{source.value} has no spawn zone to start from.")
            elif key == "sight":
                if self._hover is not None:
                    for h, ok in sight_from(m, self._hover, heights_block=GAMES[self._mode() or m.meta.modes[0]].heights_block_sight).items():
                        colors[h] = QColor(255, 235, 59, 120) if ok else QColor(40, 40, 40, 90)
                    colors[self._hover] = QColor(255, 111, 0, 200)
                legend = "Hover a hex: yellow hexes see it, dark ones do not (within 14 hexes)."
            elif key == "exposure":
                exp = control_point_exposure(m, team, self._mode())
                top = max(exp.values(), default=1)
                base = QColor("#c8373a") if team is Team.RED else QColor("#2f6fc4")
                for h, n in exp.items():
                    c = QColor(base)
                    c.setAlpha(60 + int(150 * n / top))
                    colors[h] = c
                    labels[h] = str(n)
                legend = (f"Hexes {team.value} can walk to that see the control point; "
                          "the number is how many of its hexes they see.")
            elif key == "balance":
                colors, labels, legend = self._balance_heat(team)
            elif key == "symmetry":
                sym = self.state.symmetry
                if not sym.active:
                    legend = "Turn on a symmetry (Symmetry menu) to compare the map with its mirror image."
                else:
                    for h in symmetry_mismatches(m, sym):
                        colors[h] = QColor(236, 64, 122, 140)
                    legend = f"{len(colors)} hexes differ from their symmetric image (pink)."
        except Exception as e:  # noqa: BLE001 - an overlay must never break editing
            legend = f"Overlay unavailable: {e}"
            colors, labels = {}, {}
        self.view.overlay.set_data(colors, labels)
        self.legend.setText(legend)

    def _balance_heat(self, team: Team) -> tuple[dict[Hex, QColor], dict[Hex, str], str]:
        """The chosen layer of the last Simulate… heat maps for ``team``: colours, counts and the legend."""
        assert self.doc is not None
        held = self._heat.get(self.doc)
        if held is None:
            return {}, {}, self._words("Run Play ▸ Simulate… and press “Show on the map” to see where units stand, die "
                                       "and score.")
        heat, source, played = held
        layer = self.heat_layer.currentData()
        words, noun = (self._words(w) for w in HEAT_LAYERS[layer])
        counts = heat.get(layer, {}).get(team, {})
        top = max(counts.values(), default=0)
        base = QColor("#c8373a") if team is Team.RED else QColor("#2f6fc4")
        colors: dict[Hex, QColor] = {}
        for h, n in counts.items():
            c = QColor(base)
            c.setAlpha(50 + int(190 * (n / top) ** 0.5))
            colors[h] = c
        if not counts:
            return {}, {}, f"{team.value}: no {noun} recorded in {source}."
        # said only when the map differs from the one played (an audit read it straight after a run on this map)
        since = "" if played is not None and played == self.doc.map else \
            " The map has been edited since that run: its edits are not in it."
        legend = (f"{team.value}: {words} in {source} — the darker, the more {noun} (at most {top} on one hex; "
                  f"the numbers are the counts).{since}")
        return colors, {h: str(n) for h, n in counts.items()}, legend

    def _words(self, text: str) -> str:
        """``text`` in the game's own words for its pieces ("units" → "characters" in Team Play)."""
        one, many = getattr(self, "_pieces", ("unit", "units"))
        return text.replace("units", many).replace("unit-", f"{one}-")

    def _mode(self) -> Mode | None:
        """The scenario's mode, or None for a map (the overlays then use the map's first mode)."""
        return self.doc.scenario.mode if self.doc is not None and self.doc.scenario is not None else None

    def _ruleset(self) -> Ruleset | None:
        """The ruleset of the document's scenario (None for a map, or one whose ruleset cannot be resolved:
        the mode's built-in one is used)."""
        if self.doc is None or self.doc.scenario is None:
            return None
        try:
            return ruleset_of(self.doc.scenario.scenario(self.doc.map))
        except RulesetError:
            return None

    def _fill_sources(self, colours: bool) -> None:
        """Offer the spawnpoint colours (``colours``) or the teams to reach from, keeping the choice's place."""
        wanted: list[Team | Colour] = list(Colour) if colours else list(Team)
        if [self.team.itemData(i) for i in range(self.team.count())] == wanted:
            return
        keep = self.team.currentIndex()
        self.team.blockSignals(True)
        self.team.clear()
        for x in wanted:
            self.team.addItem(x.value if isinstance(x, Team) else x.value.capitalize(), x)
        self.team.setCurrentIndex(min(max(keep, 0), len(wanted) - 1))
        self.team.blockSignals(False)
        self.team_label.setText("From" if colours else "Team")

    @staticmethod
    def _offer(combo: QComboBox, key: str, offered: bool, why: str) -> None:
        """Grey out ``combo``'s ``key`` item (with ``why`` as its tip) where it means nothing: control-point
        exposure on a map none of whose games has a control point, the pickups' heat map in a game without pickups
        (an audit found it offered on Payload Race). A greyed item that was chosen gives way to the first."""
        model = combo.model()
        index = combo.findData(key)
        item = model.item(index) if isinstance(model, QStandardItemModel) else None
        if item is not None and item.isEnabled() != offered:
            item.setEnabled(offered)
            item.setToolTip("" if offered else why)
        if not offered and combo.currentIndex() == index:
            combo.blockSignals(True)  # said within refresh(): no second refresh from inside it (a review)
            combo.setCurrentIndex(0)
            combo.blockSignals(False)

    def _fill_units(self, rules: Ruleset | None) -> None:
        """List the mobile unit kinds of the document's mode and ruleset, keeping the choice when it is still there."""
        mode = self._mode()
        if mode is None:  # a map: its first mode; no document yet: the registry's first
            mode = self.doc.map.meta.modes[0] if self.doc is not None and self.doc.map.meta.modes else next(iter(GAMES))
        kinds = unit_kinds(mode, rules)
        if kinds == [self.unit.itemData(i) for i in range(self.unit.count())]:
            return
        keep = self.unit.currentData()
        self.unit.blockSignals(True)
        self.unit.clear()
        rs = rules if rules is not None else GAMES[mode].builtin_ruleset()
        for k in kinds:
            self.unit.addItem(rs.units[k].name if k in rs.units else k.capitalize(), k)  # D-Struct-Or, not Dstructor
        if keep in kinds:
            self.unit.setCurrentIndex(kinds.index(keep))
        self.unit.blockSignals(False)
