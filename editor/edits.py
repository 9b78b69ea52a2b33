"""Qt-free map edits the tools perform, each returning the new map and the hexes it touched.

Every function takes a :class:`~engine.mapmodel.HexMap` (immutable) and returns an
:class:`Edit` — the new map plus the hexes whose drawing changed — or raises
:class:`EditRefused` with a plain reason (and :class:`~engine.mapmodel.MapEditError`
from the model propagates as is). With a :class:`~editor.geometry.SymmetryMode`
the edit is repeated on the symmetric images, and in two-fold modes RED features
become BLU ones on the other side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from editor.edit_result import Edit, EditRefused
from editor.geometry import SymmetryMode, transform_cell
from editor.track_edits import splice_segment, track_clear, track_click, track_reverse
from engine.hexgrid import Hex, Symmetry
from engine.mapmodel import OPEN_GROUND, Cell, Colour, HexMap, MapEditError, Team, Terrain

__all__ = [
    "NO_SYMMETRY",
    "Edit",
    "EditRefused",
    "Fragment",
    "HeightInk",
    "Ink",
    "TerrainInk",
    "erase",
    "fragment_of",
    "paint",
    "paste_fragment",
    "set_ammo",
    "set_control_point",
    "set_kits",
    "set_racks",
    "set_spawn",
    "set_spawnpoints",
    "track_clear",
    "track_click",
    "track_reverse",
    "transform_selection",
]

NO_SYMMETRY: Final = SymmetryMode()


@dataclass(frozen=True, slots=True)
class HeightInk:
    """Paint a height (0..2), keeping terrain."""

    height: int

    def apply(self, c: Cell | None) -> Cell:
        """The cell after painting (new ground is open)."""
        base = c or OPEN_GROUND
        return Cell(self.height, base.terrain, base.stairs_up)

    def describe(self) -> str:
        """Short label for status bars and undo text."""
        return f"height {self.height}"


@dataclass(frozen=True, slots=True)
class TerrainInk:
    """Paint a terrain (stairs with their up direction), keeping height."""

    terrain: Terrain
    stairs_up: int | None = None

    def apply(self, c: Cell | None) -> Cell:
        """The cell after painting (new ground is height 0)."""
        base = c or OPEN_GROUND
        up = (self.stairs_up if self.stairs_up is not None else 0) if self.terrain is Terrain.STAIRS else None
        return Cell(base.height, self.terrain, up)

    def describe(self) -> str:
        """Short label for status bars and undo text."""
        return {"open": "open ground", "wall": "wall", "low_obstacle": "low obstacle", "stairs": "stairs"}[
            self.terrain.value
        ]


Ink = HeightInk | TerrainInk


def _with_images(hexes: Iterable[Hex], sym: SymmetryMode,
                 keep: Iterable[Hex] = ()) -> list[tuple[Hex, Symmetry | None]]:
    """Each hex with None, plus its symmetric images with the symmetry used (no repeats), but for images on ``keep``
    (hexes the user painted earlier in the same stroke, which an image must not paint over)."""
    out: dict[Hex, Symmetry | None] = {}
    hs = list(hexes)
    for h in hs:
        out.setdefault(h, None)
    kept = set(keep)
    for h in hs:
        for img, s in sym.images(h):
            if img not in kept:
                out.setdefault(img, s)
    return list(out.items())


def paint(m: HexMap, hexes: Iterable[Hex], ink: Ink, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Paint ``ink`` on ``hexes`` (creating ground off the map) and their images."""
    changes: dict[Hex, Cell] = {}
    for h, s in _with_images(hexes, sym):
        old = m.cells.get(h)
        if s is not None and isinstance(ink, TerrainInk) and ink.terrain is Terrain.STAIRS:
            new = transform_cell(ink.apply(old), s)
        else:
            new = ink.apply(old)
        if new != old:
            changes[h] = new
    if not changes:
        return Edit(m, frozenset())
    return Edit(m.with_cells(changes), frozenset(changes))


def _strip_features(m: HexMap, gone: set[Hex]) -> HexMap:
    """``m`` without any feature on the hexes in ``gone`` (tracks lose those steps)."""
    return m.without_features(gone)


def _track_hexes(m: HexMap) -> set[Hex]:
    return {h for path in m.tracks.values() for h in path}


def erase(m: HexMap, hexes: Iterable[Hex], sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Remove ``hexes`` (and their images) from the map with everything on them.

    Cart tracks lose those steps; the result may then have gaps the validator
    reports. Refuses to remove the last hex of the map.
    """
    gone = {h for h, _ in _with_images(hexes, sym) if h in m.cells}
    if not gone:
        return Edit(m, frozenset())
    if len(gone) >= len(m.cells):
        raise EditRefused("a map needs at least one hex; this would erase all of it", gone)
    touched = set(gone)
    if gone & _track_hexes(m):
        touched |= _track_hexes(m)
    stripped = _strip_features(m, gone)
    return Edit(stripped.with_cells(dict.fromkeys(gone)), frozenset(touched))


def set_spawn(m: HexMap, team: Team, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY,
              keep: Iterable[Hex] = ()) -> Edit:
    """Add ``hexes`` to (or remove them from) ``team``'s spawn zone, mirrored as the other team.

    Hexes off the map are skipped. Adding to one team's zone takes the hex out of
    the other's (zones never overlap through this tool). Images landing on ``keep`` are left alone: a drag across
    the symmetry's axis turned the hexes it had just painted RED into BLU's (a review).
    """
    zones = {t: set(m.spawns.get(t, ())) for t in Team}
    touched: set[Hex] = set()

    def put(h: Hex, t: Team) -> None:
        if h not in m.cells:
            return
        if add:
            if h not in zones[t] or h in zones[t.other]:
                zones[t].add(h)
                zones[t.other].discard(h)
                touched.add(h)
        elif h in zones[t]:
            zones[t].discard(h)
            touched.add(h)

    for h, s in _with_images(hexes, sym, keep):
        if s is None:
            put(h, team)
        elif sym.swaps_teams:
            put(h, team.other)
    if not touched:
        return Edit(m, frozenset())
    out = m
    for t in Team:
        if zones[t] != set(m.spawns.get(t, ())):
            out = out.with_spawn_zone(t, zones[t])
    return Edit(out, frozenset(touched))


def _toggled(m: HexMap, now: frozenset[Hex], hexes: Iterable[Hex], add: bool,
             sym: SymmetryMode) -> tuple[set[Hex], set[Hex]]:
    """(the hex set after adding or removing ``hexes`` and their images, the hexes that changed)."""
    out = set(now)
    touched: set[Hex] = set()
    for h, _ in _with_images(hexes, sym):
        if h not in m.cells:
            continue
        if add and h not in out:
            out.add(h)
            touched.add(h)
        elif not add and h in out:
            out.discard(h)
            touched.add(h)
    return out, touched


def set_kits(m: HexMap, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Place (or remove) first-aid kits on ``hexes`` and their images; off-map hexes are skipped."""
    kits, touched = _toggled(m, m.kits, hexes, add, sym)
    return Edit(m.with_kits(kits), frozenset(touched)) if touched else Edit(m, frozenset())


def set_ammo(m: HexMap, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Place (or remove) Team Play ammo tiles on ``hexes`` and their images; off-map hexes are skipped."""
    ammo, touched = _toggled(m, m.ammo, hexes, add, sym)
    return Edit(m.with_feature("ammo", ammo), frozenset(touched)) if touched else Edit(m, frozenset())


def set_racks(m: HexMap, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Place (or remove) Team Play weapon racks on ``hexes`` and their images; off-map hexes are skipped."""
    racks, touched = _toggled(m, m.racks, hexes, add, sym)
    return Edit(m.with_feature("racks", racks), frozenset(touched)) if touched else Edit(m, frozenset())


def set_spawnpoints(m: HexMap, colour: Colour, hexes: Iterable[Hex], add: bool,
                    sym: SymmetryMode = NO_SYMMETRY, keep: Iterable[Hex] = ()) -> Edit:
    """Add ``hexes`` (and their images) to ``colour``'s Team Play spawnpoints, or remove them.

    Under a symmetry that swaps the teams the image of a red spawnpoint is blue and of a blue one red (yellow
    stays yellow), as on the bundled maps: red and blue are the map's two gates, the sides the validator compares
    (HF321, HF322); painting red on both sides left a mirror map without a blue gate (a new-user audit). Other
    symmetries paint the images in the same colour. A hex is a spawnpoint of one colour: adding takes it from the
    others. Off-map hexes are skipped, and images landing on ``keep`` (hexes painted earlier in the stroke).
    """
    points = {c: set(m.spawnpoints.get(c, frozenset())) for c in Colour}
    touched: set[Hex] = set()
    for h, s in _with_images(hexes, sym, keep):
        if h not in m.cells:
            continue
        c = _SWAPPED.get(colour, colour) if s is not None and sym.swaps_teams else colour
        if add and h not in points[c]:
            for other in Colour:
                points[other].discard(h)
            points[c].add(h)
            touched.add(h)
        elif not add and h in points[c]:
            points[c].discard(h)
            touched.add(h)
    if not touched:
        return Edit(m, frozenset())
    out = m
    for c in Colour:
        if points[c] != set(m.spawnpoints.get(c, frozenset())):
            out = out.with_feature_part("spawnpoints", c, points[c])
    return Edit(out, frozenset(touched))


#: The spawnpoint colour a team-swapping symmetry paints on a hex's image (:func:`set_spawnpoints`).
_SWAPPED: Final = {Colour.RED: Colour.BLUE, Colour.BLUE: Colour.RED}


def set_control_point(m: HexMap, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Add ``hexes`` (and images) to control points, or remove them.

    An added hex joins the control point it touches (or already belongs to); a hex
    touching none starts a new control point. Off-map hexes are skipped.
    """
    cps = [set(cp) for cp in m.control_points]
    touched: set[Hex] = set()
    for h, _ in _with_images(hexes, sym):
        if h not in m.cells:
            continue
        owner = next((i for i, cp in enumerate(cps) if h in cp), None)
        if add:
            if owner is not None:
                continue
            near = next((i for i, cp in enumerate(cps) if any(n in cp for n in h.neighbors())), None)
            if near is None:
                cps.append({h})
            else:
                cps[near].add(h)
            touched.add(h)
        elif owner is not None:
            cps[owner].discard(h)
            touched.add(h)
    if not touched:
        return Edit(m, frozenset())
    return Edit(m.with_control_points([cp for cp in cps if cp]), frozenset(touched))


# -- fragments: copy, paste, rotate, mirror -----------------------------------------


@dataclass(frozen=True)
class Fragment:
    """A piece of map relative to an anchor: ground, spawns, kits, control-point hexes, track steps and
    Team Play's spawnpoints, ammo tiles and racks.

    ``tracks`` holds, per team, the steps of its cart track inside the piece, in
    track order (relative like everything else).
    """

    cells: Mapping[Hex, Cell]
    spawns: Mapping[Team, frozenset[Hex]] = field(default_factory=dict)
    kits: frozenset[Hex] = frozenset()
    control: frozenset[Hex] = frozenset()
    tracks: Mapping[Team, tuple[Hex, ...]] = field(default_factory=dict)
    spawnpoints: Mapping[Colour, frozenset[Hex]] = field(default_factory=dict)
    ammo: frozenset[Hex] = frozenset()
    racks: frozenset[Hex] = frozenset()

    def transformed(self, sym: Symmetry) -> Fragment:
        """This fragment turned or mirrored about its anchor."""
        def turn(hs: Iterable[Hex]) -> frozenset[Hex]:
            return frozenset(sym.apply(v) for v in hs)

        return Fragment(
            {sym.apply(v): transform_cell(c, sym) for v, c in self.cells.items()},
            {t: turn(z) for t, z in self.spawns.items()},
            turn(self.kits),
            turn(self.control),
            {t: tuple(sym.apply(v) for v in path) for t, path in self.tracks.items()},
            {c: turn(z) for c, z in self.spawnpoints.items()},
            turn(self.ammo),
            turn(self.racks),
        )

    def at(self, anchor: Hex) -> list[Hex]:
        """The map hexes this fragment covers when placed at ``anchor``."""
        return [anchor + v for v in self.cells]


def selection_anchor(hexes: Iterable[Hex]) -> Hex:
    """The hex of a selection nearest its centre (the pivot for turning it)."""
    hs = sorted(hexes)
    if not hs:
        raise EditRefused("nothing is selected")
    cq = sum(h.q for h in hs) / len(hs)
    cr = sum(h.r for h in hs) / len(hs)
    from engine.hexgrid import FractionalHex, hex_round

    return hex_round(FractionalHex(cq, cr, -cq - cr))


def fragment_of(m: HexMap, hexes: Iterable[Hex], anchor: Hex | None = None) -> Fragment:
    """Copy the ground and features of ``hexes`` (those on the map) relative to ``anchor``."""
    hs = [h for h in hexes if h in m.cells]
    if not hs:
        raise EditRefused("the selection holds no ground to copy")
    a = anchor if anchor is not None else selection_anchor(hs)
    sel = set(hs)
    cp_hexes = frozenset(h - a for cp in m.control_points for h in cp if h in sel)
    return Fragment(
        {h - a: m.cells[h] for h in hs},
        {t: frozenset(h - a for h in z if h in sel) for t, z in m.spawns.items() if z & sel},
        frozenset(h - a for h in m.kits if h in sel),
        cp_hexes,
        {t: tuple(h - a for h in path if h in sel) for t, path in m.tracks.items() if sel.intersection(path)},
        {c: frozenset(h - a for h in z if h in sel) for c, z in m.spawnpoints.items() if z & sel},
        frozenset(h - a for h in m.ammo if h in sel),
        frozenset(h - a for h in m.racks if h in sel),
    )


def _refused(e: MapEditError) -> EditRefused:
    return EditRefused(str(e), e.hexes)


def paste_fragment(m: HexMap, frag: Fragment, anchor: Hex) -> Edit:
    """Place ``frag`` at ``anchor``: its ground replaces what is there, features replace features.

    Spawns, kits, control points and Team Play's features already on the covered hexes are removed first.
    A team's track steps in the fragment replace that team's steps under the paste
    (see :func:`~editor.track_edits.splice_segment` for how they join the rest of
    the track); tracks the fragment does not carry stay as they are.
    """
    covered = {anchor + v for v in frag.cells}
    touched = set(covered)
    out = m.without_features(covered, keep_tracks=True)  # tracks are spliced below
    out = out.with_cells({anchor + v: c for v, c in frag.cells.items()})
    for colour, points in frag.spawnpoints.items():
        out = set_spawnpoints(out, colour, [anchor + v for v in points], add=True).map
    if frag.ammo:
        out = out.with_feature("ammo", set(out.ammo) | {anchor + v for v in frag.ammo})
    if frag.racks:
        out = out.with_feature("racks", set(out.racks) | {anchor + v for v in frag.racks})
    for team, zone in frag.spawns.items():
        other = set(out.spawns.get(team.other, ()))
        mine = set(out.spawns.get(team, ())) | {anchor + v for v in zone}
        out = out.with_spawn_zone(team, mine).with_spawn_zone(team.other, other - mine)
    if frag.kits:
        out = out.with_kits(set(out.kits) | {anchor + v for v in frag.kits})
    if frag.control:
        edit = set_control_point(out, [anchor + v for v in frag.control], add=True)
        out = edit.map
    for team, seg in frag.tracks.items():
        old = out.track(team)
        new = splice_segment(old, covered, [anchor + v for v in seg])
        try:
            out = out.with_feature_part("tracks", team, new)
        except MapEditError as e:
            raise _refused(e) from None
        touched |= set(old) | set(new)
    return Edit(out, frozenset(touched))


def transform_selection(m: HexMap, hexes: Iterable[Hex], sym: Symmetry) -> tuple[Edit, set[Hex]]:
    """Turn or mirror the selected ground in place about its central hex.

    Hexes the selection leaves become open height-0 ground without features; the
    images replace whatever was there (growing the map if needed). Track steps in
    the selection move with it and keep their place in the track (joins at the
    selection's edge may then have gaps the validator reports). Returns the edit
    and the new selection. Raises EditRefused when a moved step would land on
    another step of its own track.
    """
    sel = {h for h in hexes if h in m.cells}
    if not sel:
        raise EditRefused("select some ground first")
    anchor = selection_anchor(sel)
    moved = {h: anchor + sym.apply(h - anchor) for h in sel}
    frag = fragment_of(m, sel, anchor).transformed(sym)
    cleared = _strip_features(m, sel).with_cells(dict.fromkeys(sel, OPEN_GROUND))
    placed = paste_fragment(cleared, replace(frag, tracks={}), anchor).map
    touched = sel | set(moved.values())
    for team, path in m.tracks.items():
        if not sel.intersection(path):
            continue
        new = [moved.get(h, h) for h in path]
        try:
            placed = placed.with_feature_part("tracks", team, new)
        except MapEditError as e:
            raise EditRefused(
                f"turning the selection would lay the {team.value} track over itself; "
                "select the whole track or none of it", e.hexes) from None
        touched |= set(path) | set(new)
    new_sel = set(frag.at(anchor))
    return Edit(placed, frozenset(touched)), new_sel


def changed_hexes(a: HexMap, b: HexMap) -> frozenset[Hex]:
    """Every hex whose ground or features differ between ``a`` and ``b`` (full diff)."""
    out: set[Hex] = set()
    ca, cb = a.cells, b.cells
    for h in set(ca) | set(cb):
        if ca.get(h) != cb.get(h):
            out.add(h)
    for t in Team:
        out |= set(a.spawns.get(t, ())) ^ set(b.spawns.get(t, ()))
        if a.track(t) != b.track(t):
            out |= set(a.track(t)) | set(b.track(t))
    out |= a.kits ^ b.kits
    out |= a.ammo ^ b.ammo
    out |= a.racks ^ b.racks
    for c in Colour:
        out |= set(a.spawnpoints.get(c, ())) ^ set(b.spawnpoints.get(c, ()))
    if a.control_points != b.control_points:
        out |= {h for cp in a.control_points for h in cp} | {h for cp in b.control_points for h in cp}
    return frozenset(out)
