"""Feature tools: spawn painters, first-aid kits, control points, cart tracks, and Team Play's
spawnpoints (one tool per colour), ammo tiles and weapon racks."""

from __future__ import annotations

from collections.abc import Iterable

from editor.edits import set_ammo, set_control_point, set_kits, set_racks, set_spawn, set_spawnpoints
from editor.tools.base import Gesture, StrokeTool
from editor.track_edits import remove_end_step, track_extend, track_reroute, track_trim
from engine.games.modes import GAMES, plays_with
from engine.hexgrid import Hex
from engine.mapmodel import Colour, HexMap, Team

__all__ = ["AmmoTool", "ControlPointTool", "KitTool", "RackTool", "SpawnTool", "SpawnpointTool", "TrackTool"]


class _ToggleBrush(StrokeTool):
    """Press on a hex without the feature adds it along the drag; press on one with it removes.

    The right button always removes. Subclasses say whether a hex has the feature
    (:meth:`has`) and how to add or remove it (:meth:`edit`).
    """

    #: What the tool paints, in words for "does not play with …" (:func:`unused_by`); "" for a tool every game uses.
    paints = ""
    #: The map feature it paints, as :func:`~engine.games.modes.plays_with` names it.
    feature_key = ""

    def __init__(self, *a, **k) -> None:  # type: ignore[no-untyped-def]
        super().__init__(*a, **k)
        self._add = True
        #: The hexes this stroke has painted so far: a symmetric image never paints over them.
        self.painted: frozenset[Hex] = frozenset()

    def has(self, h: Hex) -> bool:
        raise NotImplementedError

    def edit(self, hexes: list[Hex], add: bool) -> None:
        raise NotImplementedError

    def begin(self, g: Gesture) -> None:
        self._add = not g.right and not self.has(g.hex)
        self.painted = frozenset()
        if self._add and self.paints:
            said = unused_by(self.doc.map, self.feature_key, self.paints)
            if said:  # painted all the same (a map may be getting its second game), but said at once
                self.state.tell(said, (g.hex,), error=True)

    def stroke(self, hexes: list[Hex]) -> None:
        self.edit(hexes, self._add)
        self.painted |= frozenset(hexes)


def unused_by(m: HexMap, feature: str, what: str) -> str:
    """Why painting ``what`` does nothing on ``m`` — none of its games plays with it (the validator's HF113) — or
    "": a new-user audit painted a RED spawn zone on a Team Play map for a red spawnpoint (the tool beside it) and
    read "no red spawnpoint" with no word of why."""
    rules = [GAMES[md] for md in m.meta.modes if md in GAMES]
    if not rules or any(plays_with(r, feature) for r in rules):
        return ""
    games = " and ".join(r.name for r in rules)
    return (f"{games} {'do' if len(rules) > 1 else 'does'} not play with {what} (HF113): pick the right tool, undo, "
            "or add the game that does in Map ▸ Properties")


class SpawnTool(_ToggleBrush):
    """Paints one team's spawn zone (mirrored as the other team's with symmetry on)."""

    paints = "team spawn zones"
    feature_key = "spawns"

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
            lambda: set_spawn(self.doc.map, self.team, hexes, add, self.state.symmetry, self.painted),
            f"{verb} {self.team.value} spawn",
        )


class _HexSetTool(_ToggleBrush):
    """Places or removes one kind of single-hex feature: ``feature`` names the map's hex set, ``setter``
    the edit (:func:`~editor.edits.set_kits` and its siblings), ``thing`` its name in undo texts."""

    sized = False
    feature = "kits"
    thing = "kit"
    setter = staticmethod(set_kits)

    def has(self, h: Hex) -> bool:
        return h in getattr(self.doc.map, self.feature)

    def edit(self, hexes: list[Hex], add: bool) -> None:
        self.push(lambda: self.setter(self.doc.map, hexes, add, self.state.symmetry),
                  f"{'Place' if add else 'Remove'} {self.thing}")


class KitTool(_HexSetTool):
    """Places or removes first-aid kits, one hex at a time."""

    key = "kit"
    label = "First-aid kit"
    shortcut = "K"
    tip = "First-aid kit (K): click to place a kit, click a kit (or right-click) to remove it"
    glyph = "kit"
    paints = "first-aid kits"
    feature_key = "kits"


class SpawnpointTool(_ToggleBrush):
    """Paints one colour's Team Play spawnpoints (a hex holds one colour; under a team-swapping symmetry red's
    images are blue and blue's red, :func:`~editor.edits.set_spawnpoints`)."""

    sized = False
    paints = "spawnpoints"
    feature_key = "spawnpoints"

    def __init__(self, doc, state, colour: Colour) -> None:  # type: ignore[no-untyped-def]
        super().__init__(doc, state)
        self.colour = colour
        self.key = f"spawnpoint-{colour.value}"
        self.label = f"{colour.value.capitalize()} spawnpoint"
        self.shortcut = f"Ctrl+{list(Colour).index(colour) + 1}"
        self.tip = (
            f"{self.label} ({self.shortcut}, Team Play): a character whose player discards a {colour.value} powerup "
            "appears here; click or drag to place, press on one (or right-drag) to remove"
            + ("; with a mirror or half-turn symmetry its image is the other gate's colour" if colour is not Colour.YELLOW
               else "")
        )
        self.glyph = f"spawnpoint-{colour.value}"

    def has(self, h: Hex) -> bool:
        return h in self.doc.map.spawnpoints.get(self.colour, ())

    def edit(self, hexes: list[Hex], add: bool) -> None:
        self.push(lambda: set_spawnpoints(self.doc.map, self.colour, hexes, add, self.state.symmetry, self.painted),
                  f"{'Place' if add else 'Remove'} {self.colour.value} spawnpoint")


class AmmoTool(_HexSetTool):
    """Places or removes Team Play ammo tiles, one hex at a time."""

    key = "ammo"
    label = "Ammo tile"
    shortcut = "A"
    tip = "Ammo tile (A, Team Play): click to place a tile characters grab cubes from; click one (or right-click) to remove"
    glyph = "ammo"
    feature, thing, setter = "ammo", "ammo tile", staticmethod(set_ammo)
    paints = "ammo tiles"
    feature_key = "ammo"


class RackTool(_HexSetTool):
    """Places or removes Team Play weapon racks, one hex at a time."""

    key = "rack"
    label = "Weapon rack"
    shortcut = "G"
    tip = "Weapon rack (G, Team Play): click to place a rack of arena weapons; click one (or right-click) to remove"
    glyph = "rack"
    feature, thing, setter = "racks", "weapon rack", staticmethod(set_racks)
    paints = "weapon racks"
    feature_key = "racks"


class ControlPointTool(_ToggleBrush):
    """Paints control-point hexes; hexes touching a point join it, others start a new one."""

    key = "control"
    label = "Control point"
    shortcut = "P"
    tip = "Control point (P): paint the control point's hexes; press on it (or right-drag) to remove"
    glyph = "control"
    paints = "control points"
    feature_key = "control_points"

    def has(self, h: Hex) -> bool:
        return self.doc.map.control_point_at(h) is not None

    def edit(self, hexes: list[Hex], add: bool) -> None:
        self.push(
            lambda: set_control_point(self.doc.map, hexes, add, self.state.symmetry),
            "Paint control point" if add else "Remove control point",
        )


class TrackTool(StrokeTool):
    """Builds a team's cart track at either end or reroutes it in the middle.

    - Press on the track's end (or start), or on a hex next to it, and drag: the
      track grows from that end along the drag; dragging back over it shortens it.
    - Press on a middle step, drag a detour and release on another step: the
      steps between are replaced by the detour (an insert when the two steps are
      neighbours, a shortcut when the detour is empty).
    - Click a step: the track is cut back to it (Shift: the steps before it go).
    - Right-click: removes the last step (on the start: the first step).

    A click next to neither end is refused with the reason.
    """

    sized = False

    def __init__(self, doc, state, team: Team) -> None:  # type: ignore[no-untyped-def]
        super().__init__(doc, state)
        self.team = team
        self.key = f"track-{team.value.lower()}"
        self.label = f"{team.value} cart track"
        self.shortcut = "Shift+R" if team is Team.RED else "Shift+B"
        self.tip = (
            f"{team.value} cart track ({self.shortcut}): drag from either end (or click next to it) to extend; "
            "drag from a middle step to another step to reroute; click a step to cut back to it "
            "(Shift+click: cut the start); right-click removes the last step"
        )
        self.glyph = f"track-{team.value}"
        self._mode: str | None = None  # "end", "start", "detour" or None (nothing to do)
        self._pressed: Gesture | None = None
        self._detour: list[Hex] = []
        self._on_step = False

    @property
    def _text(self) -> str:
        return f"{self.team.value} track"

    def begin(self, g: Gesture) -> None:
        m, team, sym = self.doc.map, self.team, self.state.symmetry
        path = m.track(team)
        self._pressed, self._detour = g, []
        self._on_step = g.hex in path
        if g.right:
            at_start = len(path) > 1 and g.hex == path[0]
            self.push(lambda: remove_end_step(m, team, at_start, sym), f"Shorten {self._text}")
            self._mode = None
            self.end_stroke()
            return
        said = unused_by(m, "tracks", "cart tracks")
        if said:
            self.state.tell(said, (g.hex,), error=True)
        if not path or g.hex == path[-1] or (g.hex not in path and g.hex.distance(path[-1]) == 1):
            self._mode = "end"
        elif g.hex == path[0] or (g.hex not in path and g.hex.distance(path[0]) == 1):
            self._mode = "start"
        elif g.hex in path:
            self._mode = "detour"
        else:
            self._mode = None
            ends = f"end {path[-1]}" if len(path) == 1 else f"start {path[0]} or end {path[-1]}"
            self.state.tell(
                f"hex {g.hex} is not next to the {team.value} track's {ends}; a cart moves one hex at a "
                "time, so add the hexes in between (or drag from a middle step to reroute)",
                [g.hex, path[0], path[-1]], error=True)

    def stroke(self, hexes: list[Hex]) -> None:
        if self._mode in ("end", "start"):
            at_start = self._mode == "start"
            self.push(lambda: track_extend(self.doc.map, self.team, hexes, at_start, self.state.symmetry),
                      self._text)
        elif self._mode == "detour" and self.moved:
            for h in hexes:
                if h in self._detour:  # the drag came back: forget the loop
                    del self._detour[self._detour.index(h) + 1 :]
                else:
                    self._detour.append(h)
            self.on_preview()

    def finish(self, g: Gesture) -> None:
        pressed, mode = self._pressed, self._mode
        self._mode, self._pressed = None, None
        if pressed is None or mode is None:
            return
        m, team, sym = self.doc.map, self.team, self.state.symmetry
        if not self.moved:
            if self._on_step and pressed.hex != m.track(team)[-1]:
                self.push(lambda: track_trim(m, team, pressed.hex, pressed.shift, sym), f"Cut {self._text}")
            return
        if mode == "detour":
            route, self._detour = self._detour, []
            self.on_preview()
            if not route:
                return
            path = m.track(team)
            end = route[-1]
            if end not in path or end == pressed.hex:
                self.state.tell(f"a detour ends on another step of the {team.value} track; "
                                f"release on a step", [end], error=True)
                return
            via = [h for h in route[:-1] if h != pressed.hex]
            self.push(lambda: track_reroute(m, team, pressed.hex, via, end, sym), f"Reroute {self._text}")

    def preview_hexes(self) -> Iterable[Hex]:
        return list(self._detour)

    def cancel(self) -> None:
        self._mode, self._pressed, self._detour = None, None, []
        super().cancel()
