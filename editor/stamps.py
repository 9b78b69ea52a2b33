"""Qt-free stamps: reusable map pieces kept as small map files in a folder.

A stamp is a :class:`~editor.edits.Fragment` (ground, spawns, kits, control-point
hexes and track steps relative to its anchor). On disk it is an ordinary map file
(``<name>.map.json``) whose hex ``0,0`` is the anchor, so the validator, the
loader and the editor itself read stamps like any map; its name is the map's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from editor.edit_result import EditRefused
from editor.edits import Fragment
from editor.geometry import flood_region
from engine.formats import LoadError, load_map, save_map
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, MapMeta

__all__ = ["SUFFIX", "Stamp", "StampLibrary", "fragment_from_map", "fragment_to_map"]

SUFFIX = ".map.json"
_ORIGIN = Hex(0, 0)


def fragment_to_map(frag: Fragment, name: str = "Stamp", anchor: Hex = _ORIGIN) -> HexMap:
    """The fragment as a map placed at ``anchor`` (control-point hexes grouped by touching).

    Raises MapEditError if the fragment is inconsistent (a feature off its ground).
    """
    control = {anchor + v for v in frag.control}
    groups: list[set[Hex]] = []
    left = set(control)
    while left:
        seed = min(left)
        group = flood_region(seed, left.__contains__)
        groups.append(group)
        left -= group
    return HexMap.create(
        MapMeta(name=name),
        {anchor + v: c for v, c in frag.cells.items()},
        {t: [anchor + v for v in z] for t, z in frag.spawns.items()},
        [anchor + v for v in frag.kits],
        groups,
        tracks={t: [anchor + v for v in path] for t, path in frag.tracks.items()},
        spawnpoints={c: [anchor + v for v in z] for c, z in frag.spawnpoints.items()},
        ammo=[anchor + v for v in frag.ammo],
        racks=[anchor + v for v in frag.racks],
    )


def fragment_from_map(m: HexMap, anchor: Hex = _ORIGIN) -> Fragment:
    """The whole map as a fragment relative to ``anchor``."""
    return Fragment(
        {h - anchor: c for h, c in m.cells.items()},
        {t: frozenset(h - anchor for h in z) for t, z in m.spawns.items() if z},
        frozenset(h - anchor for h in m.kits),
        frozenset(h - anchor for cp in m.control_points for h in cp),
        {t: tuple(h - anchor for h in path) for t, path in m.tracks.items() if path},
        {c: frozenset(h - anchor for h in z) for c, z in m.spawnpoints.items() if z},
        frozenset(h - anchor for h in m.ammo),
        frozenset(h - anchor for h in m.racks),
    )


@dataclass(frozen=True)
class Stamp:
    """A stamp of the library: its name, file and piece."""

    name: str
    path: Path
    fragment: Fragment


def _file_stem(name: str) -> str:
    """A file name for a stamp name: letters, digits, dashes and underscores only."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", name.strip()).strip("_").lower()
    return stem or "stamp"


class StampLibrary:
    """The stamps in ``folder`` (created when the first stamp is saved).

    :meth:`stamps` lists them sorted by name; files that do not load are listed by
    :meth:`broken` with the reason, never raised.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self._broken: list[tuple[Path, str]] = []

    def stamps(self) -> list[Stamp]:
        """Every stamp that loads, sorted by name (case-insensitive)."""
        out: list[Stamp] = []
        self._broken = []
        if not self.folder.is_dir():
            return out
        for f in sorted(self.folder.glob(f"*{SUFFIX}")):
            try:
                m = load_map(f)
            except LoadError as e:
                self._broken.append((f, str(e)))
                continue
            out.append(Stamp(m.meta.name, f, fragment_from_map(m)))
        return sorted(out, key=lambda s: s.name.lower())

    def broken(self) -> list[tuple[Path, str]]:
        """Files of the last :meth:`stamps` call that could not be read, with the reason."""
        return list(self._broken)

    def path_for(self, name: str) -> Path:
        """The file a stamp called ``name`` is saved to."""
        return self.folder / f"{_file_stem(name)}{SUFFIX}"

    def save(self, name: str, frag: Fragment) -> Stamp:
        """Write ``frag`` as the stamp ``name`` (replacing a stamp of the same file name).

        Raises EditRefused for an empty name or piece and OSError when the folder
        cannot be written.
        """
        name = name.strip()
        if not name:
            raise EditRefused("a stamp needs a name")
        if not frag.cells:
            raise EditRefused("a stamp needs at least one hex of ground")
        path = self.path_for(name)
        self.folder.mkdir(parents=True, exist_ok=True)
        save_map(fragment_to_map(frag, name), path)
        return Stamp(name, path, frag)

    def delete(self, stamp: Stamp) -> None:
        """Remove the stamp's file (nothing happens if it is already gone); raises OSError."""
        stamp.path.unlink(missing_ok=True)
