"""Drawing a :class:`~engine.mapmodel.HexMap` with a QPainter: used by the canvas and every export.

:class:`MapRenderer` knows the hex geometry (one cached polygon per hex, built
from :class:`~engine.layout.Layout`) and paints only the hexes overlapping the
rectangle it is asked for, so a one-hex update paints a handful of hexes. It
needs QtGui only (a QGuiApplication), never widgets, so ``hexfort render`` can
use it headless.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from editor.geometry import hexes_covering_rect
from editor.render.style import MapStyle
from engine.hexgrid import DIRECTIONS, Hex
from engine.layout import Layout, Point
from engine.mapmodel import HexMap, Orientation, Team, Terrain

__all__ = ["MapRenderer", "RenderOptions", "layout_for", "path_outline"]

#: Hexes are grouped in chunks of 8 × 8 axial coordinates for path caching.
_CHUNK_SHIFT = 3


def _chunk_key(h: Hex) -> tuple[int, int]:
    return (h.q >> _CHUNK_SHIFT, h.r >> _CHUNK_SHIFT)


@dataclass(slots=True)
class _Chunk:
    """Cached paths of one chunk's ground."""

    ground: list[tuple[tuple[int, Terrain], QPainterPath]]
    outline: QPainterPath
    cliffs: QPainterPath
    low: QPainterPath
    wall: QPainterPath
    treads: QPainterPath
    arrows: QPainterPath
    rect: QRectF


def layout_for(orientation: Orientation, size: float = 32.0) -> Layout:
    """The scene layout of a map drawn with hexes of ``size`` units (centre to corner)."""
    return Layout.named(orientation.value, size)


@dataclass(frozen=True, slots=True)
class RenderOptions:
    """What to draw besides the map itself."""

    coords: bool = False
    heights: bool = False
    ghosts: bool = False  # faint outlines of paintable hexes around the map (editor only)
    ghost_margin: int = 3
    #: ``"ground"``: the hexes and cliffs alone; ``"marks"``: what goes over them (features, tracks, labels) alone —
    #: for a page that puts its own overlay between the two (the share page's sight overlay tinted the tracks)
    layer: Literal["all", "ground", "marks"] = "all"


_DEFAULT = RenderOptions()


class MapRenderer:
    """Paints a map (ground, cliffs, terrain, features, tracks, labels) for one layout.

    Contract: ``paint`` draws only what overlaps ``rect`` (scene units); callers
    set any clip. Geometry caches grow with the hexes drawn and never go stale,
    because a hex's polygon depends only on the layout.
    """

    def __init__(self, layout: Layout, style: MapStyle | None = None) -> None:
        self.layout = layout
        self.style = style or MapStyle(layout.size.x)
        self._poly: dict[Hex, QPolygonF] = {}
        self._map: HexMap | None = None
        self._chunks: dict[tuple[int, int], _Chunk] = {}
        self._members: dict[tuple[int, int], set[Hex]] = {}
        self._bounds: tuple[HexMap, tuple[int, int, int, int]] | None = None
        self._fxy: dict[Hex, tuple[float, float]] = {}
        self._fxy_key: tuple[object, ...] | None = None
        #: True when the last :meth:`paint` ran out of its time budget and left ground out,
        #: all of it inside :attr:`missing` (scene units).
        self.incomplete = False
        self.missing = QRectF()
        corners = [layout.corner_offset(i) for i in range(6)]
        self._corners = [QPointF(c.x, c.y) for c in corners]
        self._base = QPolygonF(self._corners)
        inner = 0.58
        self._inner = QPolygonF([QPointF(c.x * inner, c.y * inner) for c in corners])
        # For each direction, the two corners of the edge facing it.
        self._edge: list[tuple[int, int]] = []
        for d in range(6):
            v = layout.hex_to_pixel(DIRECTIONS[d])
            o = layout.hex_to_pixel(Hex(0, 0))
            dx, dy = v.x - o.x, v.y - o.y
            order = sorted(range(6), key=lambda i: -(corners[i].x * dx + corners[i].y * dy))
            self._edge.append((order[0], order[1]))
        self._dir_vec = []
        for d in range(6):
            v = layout.hex_to_pixel(DIRECTIONS[d])
            o = layout.hex_to_pixel(Hex(0, 0))
            n = math.hypot(v.x - o.x, v.y - o.y)
            self._dir_vec.append(((v.x - o.x) / n, (v.y - o.y) / n))

    # -- geometry ------------------------------------------------------------------

    def center(self, h: Hex) -> QPointF:
        """Scene position of the centre of ``h``."""
        p = self.layout.hex_to_pixel(h)
        return QPointF(p.x, p.y)

    def polygon(self, h: Hex) -> QPolygonF:
        """The hex's outline (cached)."""
        poly = self._poly.get(h)
        if poly is None:
            p = self.layout.hex_to_pixel(h)
            poly = self._base.translated(p.x, p.y)
            self._poly[h] = poly
        return poly

    def hexes_rect(self, hexes: Iterable[Hex], pad: float = 0.25) -> QRectF:
        """Bounding box of several hexes (empty rect for none)."""
        xs: list[float] = []
        ys: list[float] = []
        for h in hexes:
            p = self.layout.hex_to_pixel(h)
            xs.append(p.x)
            ys.append(p.y)
        if not xs:
            return QRectF()
        w = self.layout.hex_width() / 2 + pad * self.layout.size.x
        ht = self.layout.hex_height() / 2 + pad * self.layout.size.y
        return QRectF(min(xs) - w, min(ys) - ht, max(xs) - min(xs) + 2 * w, max(ys) - min(ys) + 2 * ht)

    def map_rect(self, m: HexMap, margin: int = 0) -> QRectF:
        """Bounding box of the whole map plus ``margin`` hexes on each side."""
        r = self.hexes_rect(m.cells, pad=0.3)
        if margin:
            mx = margin * self.layout.hex_width()
            my = margin * self.layout.hex_height()
            r = r.adjusted(-mx, -my, mx, my)
        return r

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex under scene point (x, y), by maths."""
        return self.layout.pixel_to_hex(Point(x, y))

    def visible_hexes(self, rect: QRectF) -> list[Hex]:
        """Hexes whose bounding box overlaps ``rect`` (on or off any map), by maths."""
        near = self._near(rect, 0.5)
        return [
            h for h in hexes_covering_rect(self.layout, rect.left(), rect.top(), rect.right(), rect.bottom()) if near(h)
        ]

    # -- map and caches -------------------------------------------------------------

    def set_map(self, m: HexMap, changed: Iterable[Hex] | None = None) -> None:
        """Use ``m`` from now on; ``changed`` names the hexes that differ from the last map.

        Without ``changed`` every cache is dropped. With it, only the chunks holding
        those hexes or their neighbours (whose cliff edges may change) are rebuilt,
        lazily, when next painted.
        """
        if changed is None or self._map is None:
            self._map = m
            self._chunks.clear()
            self._members = {}
            for h in m.cells:
                self._members.setdefault(_chunk_key(h), set()).add(h)
            return
        dirty: set[tuple[int, int]] = set()
        grew_or_shrank = False
        for h in changed:
            k = _chunk_key(h)
            members = self._members.setdefault(k, set())
            if h in m.cells:
                grew_or_shrank |= h not in members
                members.add(h)
            else:
                grew_or_shrank |= h in members
                members.discard(h)
            dirty.add(k)
            for n in h.neighbors():
                dirty.add(_chunk_key(n))
        for k in dirty:
            self._chunks.pop(k, None)
        if self._bounds is not None and not grew_or_shrank:
            self._bounds = (m, self._bounds[1])
        self._map = m

    @property
    def map(self) -> HexMap | None:
        """The map the caches describe."""
        return self._map

    def _chunk(self, key: tuple[int, int]) -> _Chunk | None:
        ch = self._chunks.get(key)
        if ch is None:
            members = self._members.get(key)
            if not members:
                return None
            assert self._map is not None
            ch = self._build(self._map, members)
            self._chunks[key] = ch
        return ch

    def build_missing(self, rect: QRectF, budget_s: float) -> QRectF:
        """Build the cached paths of chunks overlapping ``rect`` that have none yet, for about
        ``budget_s`` seconds (at least one chunk); return the area of those built (empty: none was left).

        Lets an interactive caller fill in what a budgeted :meth:`paint` left out a
        slice at a time, between paints, and repaint only the slice.
        """
        start = time.perf_counter()
        done = QRectF()
        for key, members in list(self._members.items()):
            if not members or key in self._chunks or not self._chunk_rect(key).intersects(rect):
                continue
            if not done.isEmpty() and time.perf_counter() - start > budget_s:
                break
            ch = self._chunk(key)
            if ch is not None:
                done = done.united(ch.rect)
        return done

    def _chunk_rect(self, key: tuple[int, int]) -> QRectF:
        """A box holding every hex the chunk ``key`` can have, from its four corner hexes (no map needed)."""
        q0, r0 = key[0] << _CHUNK_SHIFT, key[1] << _CHUNK_SHIFT
        n = (1 << _CHUNK_SHIFT) - 1
        return self.hexes_rect((Hex(q0, r0), Hex(q0 + n, r0), Hex(q0, r0 + n), Hex(q0 + n, r0 + n)), pad=0.3)

    def _build(self, m: HexMap, hexes: Iterable[Hex]) -> _Chunk:
        """Paths for the ground of ``hexes`` (which must be on ``m``)."""
        cells = m.cells
        poly = self.polygon
        edge = self._edge
        ground: dict[tuple[int, Terrain], QPainterPath] = {}
        outline = QPainterPath()
        cliffs = QPainterPath()
        low = QPainterPath()
        wall = QPainterPath()
        treads = QPainterPath()
        arrows = QPainterPath()
        xs: list[float] = []
        ys: list[float] = []
        s = self.layout.size.x
        to_px = self.layout.hex_to_pixel
        for h in hexes:
            c = cells[h]
            hp = poly(h)
            key = (c.height, c.terrain)
            path = ground.get(key)
            if path is None:
                path = ground[key] = QPainterPath()
            path.addPolygon(hp)
            outline.addPolygon(hp)
            outline.closeSubpath()
            for d in range(6):
                dv = DIRECTIONS[d]
                nc = cells.get(Hex(h.q + dv.q, h.r + dv.r))
                if nc is None or nc.height < c.height:
                    a, b = edge[d]
                    cliffs.moveTo(hp[a])  # type: ignore[index]  # QPolygonF indexes; the stubs omit it
                    cliffs.lineTo(hp[b])  # type: ignore[index]
            ctr = to_px(h)
            xs.append(ctr.x)
            ys.append(ctr.y)
            if c.terrain is Terrain.LOW:
                low.addPolygon(self._inner.translated(ctr.x, ctr.y))
                low.closeSubpath()
            elif c.terrain is Terrain.WALL:
                wall.addPolygon(self._inner.translated(ctr.x, ctr.y))
                wall.closeSubpath()
            elif c.terrain is Terrain.STAIRS:
                self._stairs_into(treads, arrows, ctr, c.stairs_up or 0, s)
        w = self.layout.hex_width()
        ht = self.layout.hex_height()
        rect = QRectF(min(xs) - w, min(ys) - ht, max(xs) - min(xs) + 2 * w, max(ys) - min(ys) + 2 * ht)
        return _Chunk(list(ground.items()), outline, cliffs, low, wall, treads, arrows, rect)

    def _stairs_into(self, treads: QPainterPath, arrows: QPainterPath, c: Point, up: int, s: float) -> None:
        """Treads across the up direction (shorter toward the top) and an arrow pointing up."""
        ux, uy = self._dir_vec[up]
        px, py = -uy, ux  # across
        for i, t in enumerate((-0.55, -0.3, -0.05)):
            half = s * (0.52 - 0.1 * i)
            cx, cy = c.x + ux * t * s, c.y + uy * t * s
            treads.moveTo(cx - px * half, cy - py * half)
            treads.lineTo(cx + px * half, cy + py * half)
        # an arrow: shaft from the treads, narrow head pointing up the stairs
        bx, by = c.x + ux * 0.3 * s, c.y + uy * 0.3 * s
        treads.moveTo(c.x + ux * 0.05 * s, c.y + uy * 0.05 * s)
        treads.lineTo(bx, by)
        w = 0.17 * s
        arrows.addPolygon(
            QPolygonF(
                [
                    QPointF(c.x + ux * 0.72 * s, c.y + uy * 0.72 * s),
                    QPointF(bx + px * w, by + py * w),
                    QPointF(bx - px * w, by - py * w),
                ]
            )
        )
        arrows.closeSubpath()

    def _draw_chunk(self, p: QPainter, ch: _Chunk, detail: bool) -> None:
        st = self.style
        for key, path in ch.ground:
            p.fillPath(path, st.ground[key])
        if detail:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(st.grid_pen)
            p.drawPath(ch.outline)
            if not ch.low.isEmpty():
                p.setPen(st.low_pen)
                p.setBrush(st.low_brush)
                p.drawPath(ch.low)
                p.setBrush(Qt.BrushStyle.NoBrush)
            if not ch.wall.isEmpty():
                p.setPen(st.wall_edge_pen)
                p.drawPath(ch.wall)
            if not ch.treads.isEmpty():
                p.setPen(st.stairs_pen)
                p.drawPath(ch.treads)
                p.fillPath(ch.arrows, st.stairs_arrow)
        elif not ch.low.isEmpty():
            p.fillPath(ch.low, st.low_brush)

    # -- painting ------------------------------------------------------------------

    def paint(self, p: QPainter, m: HexMap, rect: QRectF | None = None, options: RenderOptions = _DEFAULT,
              tint: Mapping[Hex, QColor] | None = None, budget_s: float | None = None) -> int:
        """Draw the part of ``m`` overlapping ``rect`` (all of it for None); returns hexes drawn.

        ``tint`` colours hexes over the ground but under the features (overlays
        such as heat maps), so kits, spawns and tracks stay readable.
        ``options.layer`` draws the ground or the marks over it alone (:class:`RenderOptions`).

        Small rectangles are painted from freshly built paths of the few hexes
        inside; large ones from per-chunk cached paths. Antialiasing is the
        caller's choice (see :meth:`wants_antialiasing`).

        With ``budget_s``, chunks whose paths are not cached yet are built only
        until that many seconds have passed (at least one is, so repeated paints
        always finish); the ground of the rest is left out,
        and :attr:`incomplete` is set with :attr:`missing` covering it, so an
        interactive caller can paint that part again soon: the first view of a
        huge map (40,000 hexes: about a second of path building) fills in over
        several frames instead of freezing one. Without it (exports) everything
        is drawn.
        """
        start = time.perf_counter()
        missing = QRectF()
        built = 0
        if m is not self._map:
            self.set_map(m)
        if rect is None:
            rect = self.map_rect(m, 1)
        scale = math.sqrt(abs(p.worldTransform().determinant())) or 1.0
        screen_size = self.layout.size.x * scale
        detail = screen_size >= 4.0
        text_ok = screen_size >= 12.0
        hex_area = self.layout.hex_width() * self.layout.hex_height() * 0.75
        estimate = rect.width() * rect.height() / hex_area
        around = self.visible_hexes(rect) if estimate < 300 else None
        if options.ghosts and screen_size >= 10.0 and estimate < 6000:
            self._paint_ghosts(p, m, rect, options.ghost_margin, around)
        drawn_hexes: list[Hex] | None = None
        layer: list[_Chunk] = []
        count = 0
        if around is not None:
            drawn_hexes = [h for h in around if h in m.cells]
            if drawn_hexes:
                layer.append(self._build(m, drawn_hexes))
            count = len(drawn_hexes)
        else:
            for key, members in list(self._members.items()):
                if not members:
                    continue
                if key not in self._chunks:
                    where = self._chunk_rect(key)
                    if not where.intersects(rect):
                        continue  # built when first painted
                    if budget_s is not None and built and time.perf_counter() - start > budget_s:
                        missing = missing.united(where)
                        continue
                    built += 1
                ch = self._chunk(key)
                if ch is not None and ch.rect.intersects(rect):
                    layer.append(ch)
                    count += len(members)
        self.missing = missing
        self.incomplete = not missing.isEmpty()
        if options.layer != "marks":
            p.setPen(Qt.PenStyle.NoPen)
            for ch in layer:
                self._draw_chunk(p, ch, detail)
            p.setPen(self.style.cliff_pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            for ch in layer:
                p.drawPath(ch.cliffs)
        if tint:
            self._paint_tint(p, tint, rect)
        if options.layer == "ground":
            return count
        self._feature_xy(m)
        self._paint_features(p, m, rect, detail)
        self._paint_tracks(p, m, rect, detail)
        if text_ok and (options.heights or options.coords):
            if drawn_hexes is None:
                drawn_hexes = [h for h in self.visible_hexes(rect) if h in m.cells]
            self._paint_labels(p, m, drawn_hexes, options)
        return count

    def _paint_tint(self, p: QPainter, tint: Mapping[Hex, QColor], rect: QRectF) -> None:
        near = self._near(rect, 0.5)
        p.setPen(Qt.PenStyle.NoPen)
        for h, color in tint.items():
            if near(h):
                p.setBrush(color)
                p.drawConvexPolygon(self.polygon(h))

    def wants_antialiasing(self, p: QPainter) -> bool:
        """True unless hexes are so small on screen that antialiasing costs more than it shows."""
        scale = math.sqrt(abs(p.worldTransform().determinant())) or 1.0
        return self.layout.size.x * scale >= 9.0

    def bounds(self, m: HexMap) -> tuple[int, int, int, int]:
        """``m.bounds()``, cached while only ground inside the map changes."""
        if self._bounds is None or self._bounds[0] is not m:
            self._bounds = (m, m.bounds())
        return self._bounds[1]

    def _paint_ghosts(self, p: QPainter, m: HexMap, rect: QRectF, margin: int,
                      around: list[Hex] | None = None) -> None:
        q0, q1, r0, r1 = self.bounds(m)
        cells = m.cells
        path = QPainterPath()
        for h in around if around is not None else self.visible_hexes(rect):
            if h in cells:
                continue
            if q0 - margin <= h.q <= q1 + margin and r0 - margin <= h.r <= r1 + margin:
                path.addPolygon(self.polygon(h))
                path.closeSubpath()
        p.setPen(self.style.ghost_pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawPath(path)

    def _near(self, rect: QRectF, k: float = 1.0) -> Callable[[Hex], bool]:
        """A predicate: is a hex's centre within ``k`` hex sizes of ``rect``?

        Feature hexes' centres come from a cache (see :meth:`_feature_xy`), so
        testing every spawn, kit and track step costs a dictionary lookup each.
        """
        w = self.layout.hex_width() * k
        ht = self.layout.hex_height() * k
        lx, hx, ly, hy = rect.left() - w, rect.right() + w, rect.top() - ht, rect.bottom() + ht
        to_px = self.layout.hex_to_pixel
        cache = self._fxy

        def near(h: Hex) -> bool:
            xy = cache.get(h)
            if xy is None:
                c = to_px(h)
                xy = (c.x, c.y)
            return lx <= xy[0] <= hx and ly <= xy[1] <= hy

        return near

    def _feature_xy(self, m: HexMap) -> None:
        """Cache the centres of every feature hex; rebuilt only when the features themselves change.

        Ground edits keep the feature containers (the map model reuses them), so
        painting ground never rebuilds this cache.
        """
        key = (m.spawns, m.kits, m.control_points, m.tracks, m.spawnpoints, m.ammo, m.racks)
        if self._fxy_key is not None and all(a is b for a, b in zip(key, self._fxy_key, strict=True)):
            return
        to_px = self.layout.hex_to_pixel
        hexes = {h for z in m.spawns.values() for h in z} | set(m.kits)
        hexes |= {h for cp in m.control_points for h in cp} | {h for t in m.tracks.values() for h in t}
        hexes |= {h for z in m.spawnpoints.values() for h in z} | set(m.ammo) | set(m.racks)
        self._fxy = {h: (c.x, c.y) for h in hexes for c in (to_px(h),)}
        self._fxy_key = key


    def _outline(self, hexes: list[Hex], region: Collection[Hex], inset: float = 1.0) -> list[QLineF]:
        """The edges of ``hexes`` that border hexes outside ``region``, pulled toward each
        hex's centre by ``inset`` (1.0 = on the edge), for drawing a region's outline."""
        lines = []
        for h in hexes:
            hp = self.polygon(h)
            c = self.layout.hex_to_pixel(h)
            for d in range(6):
                if h.neighbor(d) in region:
                    continue
                a, b = self._edge[d]
                ca, cb = hp[a], hp[b]  # type: ignore[index]  # QPolygonF indexes; the stubs omit it
                lines.append(QLineF(
                    c.x + (ca.x() - c.x) * inset, c.y + (ca.y() - c.y) * inset,
                    c.x + (cb.x() - c.x) * inset, c.y + (cb.y() - c.y) * inset,
                ))
        return lines

    def _paint_features(self, p: QPainter, m: HexMap, rect: QRectF, detail: bool) -> None:
        st = self.style
        s = self.layout.size.x
        near = self._near(rect)
        visible = {h for hs in (*m.spawns.values(), m.kits, *m.control_points) for h in hs if near(h)}
        for team in Team:
            zone = m.spawns.get(team, frozenset())
            hs = [h for h in zone if h in visible]
            if not hs:
                continue
            p.setBrush(st.team_fill[team])
            p.setPen(Qt.PenStyle.NoPen)
            for h in hs:
                p.drawConvexPolygon(self.polygon(h))
            if detail:
                # Border only where the zone ends (a little inside), so a zone reads as one region.
                p.setPen(st.team_pen[team])
                p.drawLines(self._outline(hs, zone, inset=0.9))
        for i, cp in enumerate(m.control_points):
            hs = [h for h in cp if h in visible]
            if not hs:
                continue
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(st.cp_fill)
            for h in hs:
                p.drawConvexPolygon(self.polygon(h))
            if detail:
                p.setPen(st.cp_pen)
                p.drawLines(self._outline(hs, cp))
                # A gold star marks the point's middle hex.
                mid = _middle(cp)
                if mid in visible:
                    self._paint_star(p, self.layout.hex_to_pixel(mid), s, len(m.control_points), i)
        kits = [h for h in m.kits if h in visible]
        for h in kits:
            c = self.layout.hex_to_pixel(h)
            r = 0.42 * s
            p.setPen(st.kit_outline)
            p.setBrush(st.kit_brush)
            p.drawEllipse(QPointF(c.x, c.y), r, r)
            if detail:
                p.setPen(st.kit_pen)
                a = 0.24 * s
                p.drawLines([QLineF(c.x - a, c.y, c.x + a, c.y), QLineF(c.x, c.y - a, c.x, c.y + a)])
        if m.spawnpoints or m.ammo or m.racks:
            self._paint_teamplay(p, m, near, detail)

    def _paint_teamplay(self, p: QPainter, m: HexMap, near: Callable[[Hex], bool], detail: bool) -> None:
        """Team Play's features: a spawnpoint is a diamond of its colour with the colour's letter, an ammo tile a pale
        square with a red, a blue and a yellow dot, a weapon rack a dark plate holding three bars."""
        st = self.style
        s = self.layout.size.x
        for colour, points in m.spawnpoints.items():
            for h in points:
                if not near(h):
                    continue
                c = self.layout.hex_to_pixel(h)
                r = 0.5 * s
                diamond = QPolygonF([QPointF(c.x, c.y - r), QPointF(c.x + r, c.y), QPointF(c.x, c.y + r),
                                     QPointF(c.x - r, c.y)])
                p.setPen(st.point_pen[colour])
                p.setBrush(st.point_brush[colour])
                p.drawConvexPolygon(diamond)
                if detail:
                    p.setFont(st.marker_font)
                    p.setPen(st.marker_text_pen)
                    p.drawText(QRectF(c.x - r, c.y - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, colour.letter)
        for h in m.ammo:
            if not near(h):
                continue
            c = self.layout.hex_to_pixel(h)
            a = 0.34 * s
            p.setPen(st.ammo_pen)
            p.setBrush(st.ammo_brush)
            p.drawRoundedRect(QRectF(c.x - a, c.y - a, 2 * a, 2 * a), 0.12 * s, 0.12 * s)
            if detail:
                p.setPen(Qt.PenStyle.NoPen)
                for k, colour in enumerate(st.point_brush):
                    p.setBrush(st.point_brush[colour])
                    p.drawEllipse(QPointF(c.x + (k - 1) * 0.2 * s, c.y), 0.08 * s, 0.08 * s)
        for h in m.racks:
            if not near(h):
                continue
            c = self.layout.hex_to_pixel(h)
            w, ht = 0.44 * s, 0.32 * s
            p.setPen(st.rack_pen)
            p.setBrush(st.rack_brush)
            p.drawRoundedRect(QRectF(c.x - w, c.y - ht, 2 * w, 2 * ht), 0.08 * s, 0.08 * s)
            if detail:
                p.setPen(st.rack_bar)
                p.drawLines([QLineF(c.x - 0.3 * s, c.y + dy * s, c.x + 0.3 * s, c.y + dy * s) for dy in (-0.15, 0, 0.15)])

    def _paint_star(self, p: QPainter, c: Point, s: float, count: int, index: int) -> None:
        st = self.style
        pts = []
        for k in range(10):
            r = (0.42 if k % 2 == 0 else 0.18) * s
            a = -math.pi / 2 + k * math.pi / 5
            pts.append(QPointF(c.x + r * math.cos(a), c.y + r * math.sin(a)))
        p.setPen(st.cp_text_pen)
        p.setBrush(st.cp_pen.color())
        p.drawPolygon(QPolygonF(pts))
        if count > 1:
            p.setFont(st.marker_font)
            p.setPen(st.cp_text_pen)
            p.drawText(QRectF(c.x - s, c.y + 0.2 * s, 2 * s, 0.6 * s), Qt.AlignmentFlag.AlignCenter, str(index + 1))

    def _paint_tracks(self, p: QPainter, m: HexMap, rect: QRectF, detail: bool) -> None:
        """Each track as arrowed steps (dashed across a gap), a start disc "S" and an end square "E".

        Only steps near ``rect`` are drawn, so a long track costs little in a small update.
        """
        st = self.style
        s = self.layout.size.x
        near = self._near(rect, 1.5)
        for team in Team:
            path = m.track(team)
            if not path:
                continue
            steps = [(a, b) for a, b in zip(path, path[1:], strict=False) if near(a) or near(b)]
            pen = st.track_pen[team]
            p.setBrush(Qt.BrushStyle.NoBrush)
            for a, b in steps:
                if a.distance(b) != 1:
                    dashed = QPen(pen)
                    dashed.setStyle(Qt.PenStyle.DashLine)
                    p.setPen(dashed)
                else:
                    p.setPen(pen)
                p.drawLine(self.center(a), self.center(b))
            if detail and steps:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(st.track_brush[team])
                for a, b in steps:
                    self._chevron(p, self.center(a), self.center(b), s)
            p.setFont(st.marker_font)
            r = 0.42 * s
            ends = [(path[0], "S")] + ([(path[-1], "E")] if len(path) > 1 else [])
            for h, letter in ends:
                if not near(h):
                    continue
                c = self.center(h)
                box = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r)
                p.setPen(st.team_pen[team])
                p.setBrush(st.track_brush[team])
                if letter == "S":
                    p.drawEllipse(c, r, r)
                else:
                    p.drawRoundedRect(box, 0.2 * s, 0.2 * s)
                if detail:
                    p.setPen(st.marker_text_pen)
                    p.drawText(box, Qt.AlignmentFlag.AlignCenter, letter)

    @staticmethod
    def _chevron(p: QPainter, a: QPointF, b: QPointF, s: float) -> None:
        dx, dy = b.x() - a.x(), b.y() - a.y()
        n = math.hypot(dx, dy) or 1.0
        ux, uy = dx / n, dy / n
        px, py = -uy, ux
        mx, my = (a.x() + b.x()) / 2, (a.y() + b.y()) / 2
        L, W = 0.34 * s, 0.26 * s
        tip = QPointF(mx + ux * L / 2, my + uy * L / 2)
        back = (mx - ux * L / 2, my - uy * L / 2)
        p.drawConvexPolygon(
            QPolygonF([tip, QPointF(back[0] + px * W, back[1] + py * W), QPointF(back[0] - px * W, back[1] - py * W)])
        )

    def _paint_labels(self, p: QPainter, m: HexMap, hexes: list[Hex], options: RenderOptions) -> None:
        st = self.style
        s = self.layout.size.x
        cells = m.cells
        if options.heights:
            p.setFont(st.num_font)
            for h in hexes:
                c = self.layout.hex_to_pixel(h)
                cell = cells[h]
                p.setPen(st.text_pen_light if cell.terrain is Terrain.WALL or cell.height == 2 else st.text_pen)
                p.drawText(QRectF(c.x - 0.75 * s, c.y - 0.78 * s, 0.7 * s, 0.6 * s), Qt.AlignmentFlag.AlignCenter, str(cell.height))
        if options.coords:
            p.setFont(st.coord_font)
            for h in hexes:
                c = self.layout.hex_to_pixel(h)
                cell = cells[h]
                p.setPen(st.text_pen_light if cell.terrain is Terrain.WALL or cell.height == 2 else st.text_pen)
                p.drawText(QRectF(c.x - s, c.y + 0.3 * s, 2 * s, 0.45 * s), Qt.AlignmentFlag.AlignCenter, f"{h.q},{h.r}")


def _middle(hexes: Iterable[Hex]) -> Hex:
    """The hex of a set nearest its average (where a marker goes)."""
    hs = sorted(hexes)
    cq = sum(h.q for h in hs) / len(hs)
    cr = sum(h.r for h in hs) / len(hs)
    return min(hs, key=lambda h: (h.q - cq) ** 2 + (h.r - cr) ** 2 + (h.q - cq) * (h.r - cr))


def path_outline(renderer: MapRenderer, hexes: Iterable[Hex]) -> QPainterPath:
    """One path holding the outlines of ``hexes`` (for highlights)."""
    path = QPainterPath()
    for h in hexes:
        path.addPolygon(renderer.polygon(h))
        path.closeSubpath()
    return path
