"""Test shorthands over the one text-map builder, :mod:`engine.textmap`.

    m = make_map('''
        0. 0. 1. 2.
        0. 0# 1. 2.
    ''', spawns={"RED": ["0,0"], "BLU": ["3,0"]})

Rows are the map file's rows (odd-row offset for pointy maps, origin 0,0);
features come from letters in the tokens or from keywords in the file's
``"q,r"`` form.
"""

from __future__ import annotations

import textwrap
from typing import Any

from engine.mapmodel import HexMap
from engine.textmap import map_from_text, text_to_document


def map_doc(text: str, *, name: str = "test", modes: tuple[str, ...] = ("koth",),
            orientation: str = "pointy", **features: Any) -> dict[str, Any]:
    """The map document for ``text`` rows and ``features`` (spawns, kits, control_points, tracks)."""
    return text_to_document(textwrap.dedent(text), name=name, modes=list(modes), orientation=orientation,
                            **features)


def make_map(text: str, **kw: Any) -> HexMap:
    """A HexMap from rows and features; raises LoadError if they are invalid."""
    return map_from_text(textwrap.dedent(text), **kw)
