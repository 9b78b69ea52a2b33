"""Build small test maps from a few lines of text (the format's own row syntax).

    m = make_map('''
        0. 0. 1. 2.
        0. 0# 1. 2.
    ''', spawns={"RED": ["0,0"], "BLU": ["3,0"]})

Rows are odd-row offset rows (pointy) starting at column 0, row 0, exactly as in
map files; features are given as in map files (``"q,r"`` strings).
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.formats.map_file import map_from_document
from engine.mapmodel import HexMap


def map_doc(text: str, *, name: str = "test", modes: tuple[str, ...] = ("koth",),
            orientation: str = "pointy", **features: Any) -> dict[str, Any]:
    """The map document for ``text`` rows and ``features`` (spawns, kits, control_points, tracks)."""
    rows = [line.strip() for line in textwrap.dedent(text).strip().splitlines()]
    return {"format": 2, "name": name, "modes": list(modes), "orientation": orientation,
            "rows": rows, **features}


def make_map(text: str, **kw: Any) -> HexMap:
    """A HexMap from rows and features; raises LoadError if they are invalid."""
    return map_from_document(map_doc(text, **kw), "<test>")
