"""The shared page's legend: one swatch, drawn by the editor's own renderer, for each kind of ground and each
feature the map holds — so a screenshot or a printout of the page reads on its own (a new-user audit found
heights, walls and spawnpoints explained only on hover)."""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QRectF

from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Terrain

__all__ = ["legend_html"]

#: The swatches' hex size in pixels.
SWATCH: Final = 13
_STEP = re.compile(r" (start|end|step \d+)$")
_GROUND: Final = {Terrain.OPEN: "open ground", Terrain.WALL: "wall", Terrain.LOW: "low obstacle",
                  Terrain.STAIRS: "stairs"}
#: The features' order in every legend, RED before BLU (they came in the order of their first hex, so each map's
#: legend read differently: a new-user audit); a feature not listed comes last, by name.
_FEATURES: Final = ("RED spawn", "BLU spawn", "RED track", "BLU track", "control point", "first-aid kit",
                    "red spawnpoint", "blue spawnpoint", "yellow spawnpoint", "weapon rack", "ammo tile")


def _feature_order(label: str) -> tuple[int, str]:
    kind = re.sub(r" \d+$", "", label)  # "control point 2" is a control point (a review)
    return (_FEATURES.index(kind) if kind in _FEATURES else len(_FEATURES), label)


def _kinds(m: HexMap) -> dict[str, tuple[Hex, bool]]:
    """A label per kind of ground and of feature on ``m``, with the hex that shows it and whether it is ground (drawn
    bare: a kind of ground whose every hex holds a feature, Quarry's height-2 hexes all the control point, showed the
    feature's swatch beside the ground's words — a new-user audit)."""
    ground: dict[tuple[int, int], tuple[str, Hex]] = {}  # by (terrain's place in _GROUND, height)
    features: dict[str, Hex] = {}
    order = list(_GROUND)
    for h in sorted(m.cells):
        c = m.cells[h]
        placed = m.features_at(h)
        key = (order.index(c.terrain), 0 if c.terrain is Terrain.WALL else c.height)
        words = _GROUND[c.terrain] + ("" if c.terrain is Terrain.WALL else f", height {c.height}")
        if key not in ground or (not placed and m.features_at(ground[key][1])):  # a bare hex shows ground best
            ground[key] = (words, h)
        for f in placed:
            features.setdefault(_STEP.sub("", f), h)
    return {**{words: (h, True) for words, h in (ground[k] for k in sorted(ground))},
            **{f: (features[f], False) for f in sorted(features, key=_feature_order)}}


def legend_html(m: HexMap, draw: Callable[[HexMap, float, int], tuple[bytes, QRectF]]) -> str:
    """An HTML list of swatches and words for what ``m`` holds (empty for an empty map); ``draw(map, hex size,
    margin)`` is the page's own drawing, SVG bytes and the rectangle they show."""
    items = []
    for words, (h, bare) in _kinds(m).items():
        others = [x for x in m.cells if x != h]
        one = m.without_features(list(m.cells) if bare else others).with_cells(dict.fromkeys(others))
        svg, rect = draw(one, SWATCH, 0)
        items.append(f'<li><img alt="" width="{round(rect.width())}" height="{round(rect.height())}" '
                     f'src="data:image/svg+xml;base64,{base64.b64encode(svg).decode("ascii")}">'
                     f"{html.escape(words)}</li>")
    return f'<ul id="legend">{"".join(items)}</ul>' if items else ""
