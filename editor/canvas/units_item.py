"""The scenario's starting units on the canvas: a team-coloured disc with a short label on each placed unit's hex.

A scenario's starting units were text only (``soldier@-7,-3`` in the Scenario panel): a unit typed onto a wall
showed only when its HF602 was clicked (a new-user audit, session 13). The item draws every unit the set-up places
on a hex, in its team's colour, with the letters the playtest's counters carry (the window passes its mode's
``letters``; a new-user audit read "M" here and "Md" in the playtest) or else the shortest label that tells the kinds
apart (:func:`unit_labels`), above the map and below the selection marks; units placed "anywhere in spawn" have no
hex and are not drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from editor.render.painter import MapRenderer
from editor.render.style import TEAM_COLORS
from engine.hexgrid import Hex
from engine.mapmodel import Team
from engine.share.page_data import unit_labels

__all__ = ["StartingUnitsItem"]


class StartingUnitsItem(QGraphicsItem):
    """Discs for the starting units a scenario places on hexes (:meth:`set_units`)."""

    def __init__(self, renderer: MapRenderer) -> None:
        super().__init__()
        self.renderer = renderer
        self._units: tuple[tuple[Hex, Team, str], ...] = ()
        self._labels: dict[str, str] = {}
        self._rect = QRectF()
        self._font = QFont("DejaVu Sans")
        self._font.setBold(True)
        self.setZValue(7.5)  # over the map and its overlay, under problem marks and the selection

    @property
    def units(self) -> tuple[tuple[Hex, Team, str], ...]:
        """(hex, team, unit kind) of each unit drawn."""
        return self._units

    def label(self, kind: str) -> str:
        """The label drawn for ``kind``."""
        return self._labels.get(kind, kind[:1].upper())

    def set_units(self, units: Sequence[tuple[Hex, Team, str]], names: dict[str, str] | None = None,
                  letters: Callable[[str], str] | None = None) -> None:
        """Draw ``units`` ((hex, team, kind); an empty sequence hides them). Labels: ``letters(kind)`` when given
        (the playtest's counters), else cut from ``names`` (kind -> name; default: the kind)."""
        units = tuple(units)
        kinds = {k for _h, _t, k in units}
        labels = {k: letters(k) for k in kinds} if letters is not None else None
        if units == self._units and (labels is None or labels == self._labels):
            return
        self.prepareGeometryChange()
        self._units = units
        if labels is None:
            names = names or {}
            shown = {k: names.get(k, k.capitalize()) for k in kinds}
            cut = unit_labels(sorted(set(shown.values())))
            labels = {k: cut[n] for k, n in shown.items()}
        self._labels = labels
        self._rect = self.renderer.hexes_rect([h for h, _t, _k in units], pad=0.2) if units else QRectF()
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self._units:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        r = 0.5 * self.renderer.layout.size.x
        font = QFont(self._font)
        font.setPixelSize(max(1, round(0.62 * r)))
        p.setFont(font)
        on: dict[Hex, int] = {}
        for h, _team, _kind in self._units:
            on[h] = on.get(h, 0) + 1
        seen: dict[Hex, int] = {}
        for h, team, kind in self._units:
            c = self.renderer.center(h)
            k, n = seen.get(h, 0), on[h]
            seen[h] = k + 1
            # units sharing a hex (an HF602 error) side by side, not one over another, smaller the more they are
            rr = r if n == 1 else min(0.55, 3.2 / (2.2 * n - 0.2)) * r
            c = QPointF(c.x() + (k - (n - 1) / 2) * 2.2 * rr, c.y())
            p.setPen(QPen(QColor("white"), 0.12 * rr))
            p.setBrush(TEAM_COLORS[team])
            p.drawEllipse(c, rr, rr)
            p.setPen(QColor("white"))
            if n > 1:
                small = QFont(font)
                small.setPixelSize(max(1, round(0.62 * rr)))
                p.setFont(small)
            p.drawText(QRectF(c.x() - rr, c.y() - rr, 2 * rr, 2 * rr), Qt.AlignmentFlag.AlignCenter, self.label(kind))
            p.setFont(font)
