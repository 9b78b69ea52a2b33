"""Feature tools: spawn painters, first-aid kits, control points and cart tracks."""

from __future__ import annotations

from collections.abc import Iterable

from editor.edits import set_control_point, set_kits, set_spawn, track_click
from editor.geometry import brush_footprint, line_hexes
from editor.tools.base import Gesture, Tool
from engine.hexgrid import Hex
from engine.mapmodel import Team

__all__ = ["ControlPointTool", "KitTool", "SpawnTool", "TrackTool"]


class _ToggleBrush(Tool):
    """Press on a hex without the feature adds it along the drag; press on one with it removes.

    The right button always removes.
    """

    sized = True

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._add = True
        self._last: Hex | None = None

    def has(self, h: Hex) -> bool:
        raise NotImplementedError

    def edit(self, hexes: list[Hex], add: bool) -> None:
        raise NotImplementedError

    def footprint(self, h: Hex) -> list[Hex]:
        return brush_footprint(h, self.state.brush_size) if self.sized else [h]

    def cursor_hexes(self, h: Hex) -> Iterable[Hex]:
        return self.footprint(h)

    def press(self, g: Gesture) -> None:
        self.begin_stroke()
        self._add = not g.right and not self.has(g.hex)
        self._last = g.hex
        self.edit(self.footprint(g.hex), self._add)

    def move(self, g: Gesture) -> None:
        if self._last is None or g.hex == self._last:
            return
        size = self.state.brush_size if self.sized else 1
        hexes = line_hexes(self._last, g.hex, size)
        self._last = g.hex
        self.edit(hexes, self._add)

    def release(self, g: Gesture) -> None:
        self._last = None
        self._stroke = 0


class SpawnTool(_ToggleBrush):
    """Paints one team's spawn zone (mirrored as the other team's with symmetry on)."""

    def __init__(self, doc, state, team: Team) -> None:  # type: ignore[no-untyped-def]
        super().__init__(doc, state)
        self.team = team
        self.key = f"spawn-{team.value.lower()}"
        self.label = f"{team.value} spawn"
        self.shortcut = "R" if team is Team.RED else "B"
        self.tip = (
            f"{team.value} spawn ({self.shortcut}): paint {team.value}'s spawn zone; "
            "press on the zone (or right-drag) to remove"
        )
        self.glyph = f"spawn-{team.value}"

    def has(self, h: Hex) -> bool:
        return h in self.doc.map.spawns.get(self.team, ())

    def edit(self, hexes: list[Hex], add: bool) -> None:
        verb = "Paint" if add else "Remove"
        self.push(
            lambda: set_spawn(self.doc.map, self.team, hexes, add, self.state.symmetry),
            f"{verb} {self.team.value} spawn",
        )


class KitTool(_ToggleBrush):
    """Places or removes first-aid kits, one hex at a time."""

    key = "kit"
    label = "First-aid kit"
    shortcut = "K"
    tip = "First-aid kit (K): click to place a kit, click a kit (or right-click) to remove it"
    glyph = "kit"
    sized = False

    def has(self, h: Hex) -> bool:
        return h in self.doc.map.kits

    def edit(self, hexes: list[Hex], add: bool) -> None:
        self.push(lambda: set_kits(self.doc.map, hexes, add, self.state.symmetry), "Place kit" if add else "Remove kit")


class ControlPointTool(_ToggleBrush):
    """Paints control-point hexes; hexes touching a point join it, others start a new one."""

    key = "control"
    label = "Control point"
    shortcut = "P"
    tip = "Control point (P): paint the control point's hexes; press on it (or right-drag) to remove"
    glyph = "control"

    def has(self, h: Hex) -> bool:
        return self.doc.map.control_point_at(h) is not None

    def edit(self, hexes: list[Hex], add: bool) -> None:
        self.push(
            lambda: set_control_point(self.doc.map, hexes, add, self.state.symmetry),
            "Paint control point" if add else "Remove control point",
        )


class TrackTool(Tool):
    """Builds a team's cart track: click hexes in order or drag; click a step to trim back to it.

    A click that is not next to the track's end is refused with the reason. The
    right button removes the last step.
    """

    def __init__(self, doc, state, team: Team) -> None:  # type: ignore[no-untyped-def]
        super().__init__(doc, state)
        self.team = team
        self.key = f"track-{team.value.lower()}"
        self.label = f"{team.value} cart track"
        self.shortcut = "Shift+R" if team is Team.RED else "Shift+B"
        self.tip = (
            f"{team.value} cart track ({self.shortcut}): click hexes in order from start to end, or drag; "
            "click a step to trim back to it; right-click removes the last step"
        )
        self.glyph = f"track-{team.value}"
        self._last: Hex | None = None

    def press(self, g: Gesture) -> None:
        self.begin_stroke()
        path = self.doc.map.track(self.team)
        if g.right:
            if path:
                self.push(lambda: _trim_last(self.doc.map, self.team), f"Shorten {self.team.value} track")
            self._last = None
            return
        self._last = g.hex
        self.push(lambda: track_click(self.doc.map, self.team, g.hex, self.state.symmetry), f"{self.team.value} track")

    def move(self, g: Gesture) -> None:
        if self._last is None or g.hex == self._last:
            return
        prev = self._last
        self._last = g.hex
        path = self.doc.map.track(self.team)
        # Dragging along continues from the end; dragging back over the track trims it.
        start = prev if path and path[-1] == prev else None
        self.push(
            lambda: track_click(self.doc.map, self.team, g.hex, self.state.symmetry, drag_from=start),
            f"{self.team.value} track",
        )

    def release(self, g: Gesture) -> None:
        self._last = None
        self._stroke = 0


def _trim_last(m, team):  # type: ignore[no-untyped-def]
    from editor.edits import Edit

    path = m.track(team)
    return Edit(m.with_track(team, path[:-1]), frozenset(path))
