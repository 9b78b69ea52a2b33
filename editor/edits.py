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
from dataclasses import dataclass, field
from typing import Final

from editor.geometry import SymmetryMode, transform_cell
from engine.hexgrid import Hex, Symmetry, hex_linedraw
from engine.mapmodel import OPEN_GROUND, Cell, HexMap, Team, Terrain

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
    "set_control_point",
    "set_kits",
    "set_spawn",
    "track_click",
    "track_reverse",
    "transform_selection",
]

NO_SYMMETRY: Final = SymmetryMode()


class EditRefused(ValueError):
    """A tool cannot do what was asked; the message says why, ``hexes`` where."""

    def __init__(self, message: str, hexes: Iterable[Hex] = ()) -> None:
        super().__init__(message)
        self.hexes = tuple(hexes)


@dataclass(frozen=True, slots=True)
class Edit:
    """The result of an edit: the new map and the hexes whose look changed."""

    map: HexMap
    hexes: frozenset[Hex]

    @property
    def is_noop(self) -> bool:
        """True when nothing was touched."""
        return not self.hexes


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


def _with_images(hexes: Iterable[Hex], sym: SymmetryMode) -> list[tuple[Hex, Symmetry | None]]:
    """Each hex with None, plus its symmetric images with the symmetry used (no repeats)."""
    out: dict[Hex, Symmetry | None] = {}
    hs = list(hexes)
    for h in hs:
        out.setdefault(h, None)
    for h in hs:
        for img, s in sym.images(h):
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


def _require_ground(m: HexMap, hexes: Iterable[Hex], what: str) -> None:
    off = [h for h in hexes if h not in m.cells]
    if off:
        raise EditRefused(f"{what} must go on ground; paint hex {off[0]} first", off)


def set_spawn(m: HexMap, team: Team, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Add ``hexes`` to (or remove them from) ``team``'s spawn zone, mirrored as the other team.

    Hexes off the map are skipped. Adding to one team's zone takes the hex out of
    the other's (zones never overlap through this tool).
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

    for h, s in _with_images(hexes, sym):
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


def set_kits(m: HexMap, hexes: Iterable[Hex], add: bool, sym: SymmetryMode = NO_SYMMETRY) -> Edit:
    """Place (or remove) first-aid kits on ``hexes`` and their images; off-map hexes are skipped."""
    kits = set(m.kits)
    touched: set[Hex] = set()
    for h, _ in _with_images(hexes, sym):
        if h not in m.cells:
            continue
        if add and h not in kits:
            kits.add(h)
            touched.add(h)
        elif not add and h in kits:
            kits.discard(h)
            touched.add(h)
    if not touched:
        return Edit(m, frozenset())
    return Edit(m.with_kits(kits), frozenset(touched))


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


# -- cart tracks ------------------------------------------------------------------


def _track_step(m: HexMap, team: Team, h: Hex) -> tuple[Hex, ...]:
    """The team's new track after a click at ``h``; raises EditRefused with the reason."""
    path = m.track(team)
    if h not in m.cells:
        raise EditRefused(f"hex {h} is not on the map; a track runs on ground", [h])
    if not path:
        return (h,)
    if h in path:
        i = path.index(h)
        if i == len(path) - 1:
            return path
        return path[: i + 1]  # trim back to the clicked step
    end = path[-1]
    if end.direction_to(h) is None:
        raise EditRefused(
            f"hex {h} is not next to the {team.value} track's end {end}; "
            f"a cart moves one hex at a time, so add the hexes in between",
            [h, end],
        )
    other = team.other
    if h in m.track(other):
        # Allowed by the model; the validator decides whether sharing is fine.
        pass
    return (*path, h)


def track_click(
    m: HexMap, team: Team, h: Hex, sym: SymmetryMode = NO_SYMMETRY, drag_from: Hex | None = None
) -> Edit:
    """Extend ``team``'s track to ``h`` (start it if empty), or trim it back to ``h`` if on it.

    With ``drag_from`` (the previous hex of a drag) the hexes between are added
    first, so a fast drag still gives adjacent steps. A non-adjacent click raises
    :class:`EditRefused` explaining why. In a two-fold symmetry the other team's
    track is extended to the image of ``h`` when it mirrors this one.
    """
    steps = [h]
    if drag_from is not None and drag_from != h and drag_from.distance(h) > 1:
        steps = hex_linedraw(drag_from, h)[1:]
    old = m.track(team)
    path = old
    cur = m
    for s in steps:
        path = _track_step(cur, team, s)
        cur = cur.with_track(team, path)
    touched = set(old) | set(path)
    if sym.active and sym.swaps_teams:
        s = sym.primary()
        assert s is not None
        other = team.other
        theirs = m.track(other)
        mirrored_old = tuple(s.apply_about(x, sym.center2) for x in old)
        mirrored_new = tuple(s.apply_about(x, sym.center2) for x in path)
        if theirs == mirrored_old and None not in mirrored_new and all(x in m.cells for x in mirrored_new):
            new_theirs = tuple(x for x in mirrored_new if x is not None)
            if not set(new_theirs) & set(path) or old == ():
                try:
                    cur = cur.with_track(other, new_theirs)
                    touched |= set(theirs) | set(new_theirs)
                except Exception:  # noqa: BLE001 - the mirror is a courtesy, never a blocker
                    pass
    if cur == m:
        return Edit(m, frozenset())
    return Edit(cur, frozenset(touched))


def track_reverse(m: HexMap, team: Team) -> Edit:
    """Swap the start and end of ``team``'s track; raises EditRefused when it has none."""
    path = m.track(team)
    if not path:
        raise EditRefused(f"the {team.value} team has no cart track to reverse")
    return Edit(m.with_track(team, tuple(reversed(path))), frozenset(path))


def track_clear(m: HexMap, team: Team) -> Edit:
    """Remove ``team``'s track."""
    path = m.track(team)
    if not path:
        return Edit(m, frozenset())
    return Edit(m.with_track(team, ()), frozenset(path))


# -- fragments: copy, paste, rotate, mirror -----------------------------------------


@dataclass(frozen=True)
class Fragment:
    """A piece of map relative to an anchor: ground, spawns, kits and control-point hexes.

    Cart tracks are not part of fragments (draw them with the track tool).
    """

    cells: Mapping[Hex, Cell]
    spawns: Mapping[Team, frozenset[Hex]] = field(default_factory=dict)
    kits: frozenset[Hex] = frozenset()
    control: frozenset[Hex] = frozenset()

    def transformed(self, sym: Symmetry) -> Fragment:
        """This fragment turned or mirrored about its anchor."""
        return Fragment(
            {sym.apply(v): transform_cell(c, sym) for v, c in self.cells.items()},
            {t: frozenset(sym.apply(v) for v in z) for t, z in self.spawns.items()},
            frozenset(sym.apply(v) for v in self.kits),
            frozenset(sym.apply(v) for v in self.control),
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
    )


def paste_fragment(m: HexMap, frag: Fragment, anchor: Hex) -> Edit:
    """Place ``frag`` at ``anchor``: its ground replaces what is there, features replace features.

    Features already on the covered hexes are removed first (except track steps,
    which stay). Raises EditRefused if nothing would change.
    """
    covered = {anchor + v for v in frag.cells}
    out = m
    # Clear non-track features under the paste.
    for team, zone in m.spawns.items():
        if zone & covered:
            out = out.with_spawn_zone(team, zone - covered)
    if m.kits & covered:
        out = out.with_kits(m.kits - covered)
    if any(cp & covered for cp in m.control_points):
        out = out.with_control_points([cp - covered for cp in m.control_points if cp - covered])
    out = out.with_cells({anchor + v: c for v, c in frag.cells.items()})
    for team, zone in frag.spawns.items():
        other = set(out.spawns.get(team.other, ()))
        mine = set(out.spawns.get(team, ())) | {anchor + v for v in zone}
        out = out.with_spawn_zone(team, mine).with_spawn_zone(team.other, other - mine)
    if frag.kits:
        out = out.with_kits(set(out.kits) | {anchor + v for v in frag.kits})
    if frag.control:
        edit = set_control_point(out, [anchor + v for v in frag.control], add=True)
        out = edit.map
    return Edit(out, frozenset(covered))


def transform_selection(m: HexMap, hexes: Iterable[Hex], sym: Symmetry) -> tuple[Edit, set[Hex]]:
    """Turn or mirror the selected ground in place about its central hex.

    Hexes the selection leaves become open height-0 ground without features; the
    images replace whatever was there (growing the map if needed). Returns the
    edit and the new selection. Refuses selections holding cart-track steps.
    """
    sel = {h for h in hexes if h in m.cells}
    if not sel:
        raise EditRefused("select some ground first")
    on_track = sel & _track_hexes(m)
    if on_track:
        raise EditRefused("the selection holds cart-track steps; edit tracks with the track tool", on_track)
    anchor = selection_anchor(sel)
    frag = fragment_of(m, sel, anchor).transformed(sym)
    cleared = _strip_features(m, sel).with_cells(dict.fromkeys(sel, OPEN_GROUND))
    placed = paste_fragment(cleared, frag, anchor)
    new_sel = set(frag.at(anchor))
    return Edit(placed.map, frozenset(sel | new_sel)), new_sel


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
    if a.control_points != b.control_points:
        out |= {h for cp in a.control_points for h in cp} | {h for cp in b.control_points for h in cp}
    return frozenset(out)
