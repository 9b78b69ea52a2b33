"""``hexfort share``'s page: a map (or scenario) as one self-contained HTML file anyone can open.

The map is drawn by the editor's own renderer (:class:`~editor.render.painter.MapRenderer`
into an SVG, as File ▸ Export SVG draws it) and inlined as a ``data:`` image; over it
lies one transparent polygon per hex (the same :class:`~engine.layout.Layout`), which
the page's small script (:mod:`editor.share_assets`) uses for hover and clicks. Every
figure comes from :func:`engine.share.page_data`, embedded as JSON; nothing is fetched
(no fonts, scripts or images from elsewhere), so the page works offline and can be
mailed or posted as it is. Needs a QGuiApplication (offscreen is fine).
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator

from editor.render.painter import MapRenderer, RenderOptions, layout_for
from editor.share_assets import SCRIPT, STYLE
from editor.share_legend import legend_html
from engine.formats.jsonio import atomic_write_text
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.replay import Replay
from engine.scenario import Scenario
from engine.share import page_data
from engine.validation.problem import Problem
from engine.validation.wording import severity_tally

__all__ = ["BOARD_WIDTH", "map_svg", "share_html", "write_share_page"]

#: About how wide the map is drawn, in CSS pixels (hexes of 9 to 30 pixels).
BOARD_WIDTH: Final = 860


def _hex_size(m: HexMap) -> float:
    unit = MapRenderer(layout_for(m.meta.orientation, 1.0)).map_rect(m, 1)
    return max(9.0, min(30.0, BOARD_WIDTH / max(1.0, unit.width())))


def map_svg(m: HexMap, size: float, margin: int = 1, layer: Literal["all", "ground", "marks"] = "all"
            ) -> tuple[bytes, QRectF]:
    """The map drawn by the editor's renderer as SVG bytes, and the scene rectangle they show (``margin`` hexes
    round the map); ``layer``: all of it, or the ground or the marks over it alone (:class:`RenderOptions`)."""
    r = MapRenderer(layout_for(m.meta.orientation, size))
    rect = r.map_rect(m, margin)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(rect.size().toSize())
    gen.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    gen.setTitle(m.meta.name)
    p = QPainter(gen)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.translate(-rect.left(), -rect.top())
    r.paint(p, m, None, RenderOptions(layer=layer))
    p.end()
    buf.close()
    return bytes(data.data()), rect


def _image(svg: bytes, rect: QRectF, ident: str) -> str:
    """``svg`` as an image filling the board; it takes no pointer events (the hexes under it do)."""
    return (f'<image id="{ident}" width="{rect.width():.1f}" height="{rect.height():.1f}" pointer-events="none" '
            f'href="data:image/svg+xml;base64,{base64.b64encode(svg).decode("ascii")}"/>')


def _section(title: str, body: str, ident: str = "") -> str:
    return f'<section{f" id={ident!r}" if ident else ""}><h2>{html.escape(title)}</h2>{body}</section>'


def _problems(data: Mapping[str, Any]) -> str:
    if not data["problems"]:
        return _section("Problems", '<p id="no-problems">The validator finds no problem.</p>')
    items = []
    for i, p in enumerate(data["problems"]):
        where = "" if p["hexes"] else ' <span class="muted">(the whole map)</span>'
        items.append(f'<li data-p="{i}"><span class="{p["severity"]}">{html.escape(p["code"])} '
                     f'{html.escape(p["severity"])}</span>: {html.escape(p["message"])}{where}</li>')
    return _section(f"Validator: {_tally(data['problems'])} — click one to find it",
                    f'<ul id="problems">{"".join(items)}</ul>')


def _tally(problems: Sequence[Mapping[str, Any]]) -> str:
    """``0 errors, 0 warnings, 6 notes`` as `hexfort validate` counts them: six notes called "Problems (6)" read as a
    broken map (a new-user audit)."""
    return severity_tally(*(sum(p["severity"] == s for p in problems) for s in ("error", "warning", "info")))


def _teams(data: Mapping[str, Any]) -> str:
    rows = []
    for t in data["teams"]:
        units = ", ".join(html.escape(u["kind"]) + (" at " + u["hex"] if u["hex"] else "") for u in t["units"])
        roster = " (may field " + ", ".join(map(html.escape, t["roster"])) + ")" if t["roster"] else ""
        rows.append(f'<li><b>{t["team"]}</b>: {units or "units picked at set-up"}{roster}</li>')
    return _section("Teams", f'<ul id="teams">{"".join(rows)}</ul>')


def _balance(data: Mapping[str, Any]) -> str:
    b = data["balance"]
    words = "".join(f"<p>{html.escape(v)}</p>" for v in b["verdict"].values())
    evidence = "".join(f"<li>{html.escape(e)}</li>" for e in b["evidence"])
    # which study: a reader of a page (or a printout) should see what the verdict rests on (an audit)
    pairs = ", ".join(" vs ".join(map(str, p)) for p in b.get("players") or () if isinstance(p, list))
    made = [f"{b['games']} AI games per pairing" if b.get("games") else "",
            f"players {pairs}" if pairs else "", f"made on {b['file']}" if b.get("file") else "",
            f"batch seed {b['seed']}" if b.get("seed") is not None else ""]
    said = " · ".join(x for x in made if x)
    games = f'<p class="muted" id="study">{html.escape(said)}.</p>' if said else ""
    return _section("Balance verdict", f'<div id="verdict">{words}</div>{games}<ul>{evidence}</ul>')


def _unit_legend(data: Mapping[str, Any]) -> str:
    """The letters drawn on a scenario's starting units, with the kinds they stand for, under the map's legend: only the
    hover said what "So" or "Sc" was, so a screenshot or printout did not read on its own (a new-user audit)."""
    labels = sorted({(u["label"], u["kind"]) for t in data.get("teams", ()) for u in t["units"] if u["at"] >= 0})
    if not labels:
        return ""
    said = " · ".join(f"<b>{html.escape(label)}</b> {html.escape(kind.replace('_', ' ').capitalize())}"
                      for label, kind in labels)
    return f'<p id="unit-legend" class="muted">Starting units (RED and BLU discs): {said}</p>'


def _replay(data: Mapping[str, Any]) -> str:
    r = data["replay"]
    notes = "".join(f"<li>{html.escape(c)}</li>" for c in r["rule_changes"])
    notes = f'<p class="muted">Recorded under other rules, replayed the same:</p><ul>{notes}</ul>' if notes else ""
    body = ('<p><button id="first" title="to the start">|◀</button> <button id="back" title="one action back">◀'
            '</button> <button id="fwd" title="one action forward">▶</button> <button id="last" title="to the '
            'end">▶|</button> action <span id="step"></span></p><p>to turn <input id="turn" type="number" min="0">'
            ' <button id="goto">go</button></p><p id="score"></p><p>last action: <code id="action"></code></p>'
            f'<p class="muted">{html.escape(r["result"])} after {len(r["frames"]) - 1} actions.</p>{notes}')
    return _section("Replay", body, "replay")


def share_html(value: HexMap | Scenario, problems: Sequence[Problem] = (), balance: Mapping[str, Any] | None = None,
               replay: Replay | None = None) -> str:
    """The whole page as text (see the module docstring)."""
    data = page_data(value, problems, balance, replay)
    m = (replay.scenario.map if replay is not None else value.map if isinstance(value, Scenario) else value)
    size = _hex_size(m)
    # the ground, the page's hexes (sight, selection, problems: tinted by the script) and the map's marks over them,
    # so that the yellow of the sight overlay no longer turned BLU's track green and RED's orange
    ground, rect = map_svg(m, size, layer="ground")
    marks, _ = map_svg(m, size, layer="marks")
    layout = layout_for(m.meta.orientation, size)
    centres, polygons = [], []
    for h in (Hex(x["q"], x["r"]) for x in data["hexes"]):
        c = layout.hex_to_pixel(h)
        centres.append([round(c.x - rect.left(), 1), round(c.y - rect.top(), 1)])
        pts = " ".join(f"{p.x - rect.left():.1f},{p.y - rect.top():.1f}" for p in layout.polygon_corners(h))
        polygons.append(f'<polygon class="hex" data-i="{len(polygons)}" points="{pts}"/>')
    data["centres"] = centres
    data["unit_r"] = round(size * 0.55, 1)
    w, h = round(rect.width()), round(rect.height())
    board = (f'<svg id="map" width="{w}" height="{h}" viewBox="0 0 {rect.width():.1f} {rect.height():.1f}" '
             f'xmlns="http://www.w3.org/2000/svg">{_image(ground, rect, "ground")}'
             f'<g id="hexes">{"".join(polygons)}</g>{_image(marks, rect, "marks")}<g id="units"></g></svg>')
    played = replay.scenario if replay is not None else value if isinstance(value, Scenario) else None
    mode = played.mode if played is not None else (m.meta.modes[0] if m.meta.modes else next(iter(GAMES)))
    unit = GAMES[mode].unit_words[0]  # Team Play: "character", entering at spawnpoints (a new-user audit)
    start = "each spawn" if GAMES[mode].spawn_zones else "each spawnpoint colour"
    side = [_section("Hex under the pointer", '<p id="hover" class="muted">Point at a hex.</p>'),
            _section("Selected hex", f'<div id="selected" class="muted">Click a hex: what a {unit} there sees, and '
                                     f'the turns each {unit} needs to reach it from {start}.</div>'),
            _problems(data)]
    if "teams" in data:
        side.append(_teams(data))
    if "balance" in data:
        side.append(_balance(data))
    if "replay" in data:
        side.append(_replay(data))
    title = html.escape(data["name"])
    by = f" by {html.escape(data['author'])}" if data["author"] else ""
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title} — hexfort</title>'
            '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; '
            'style-src \'unsafe-inline\'; script-src \'unsafe-inline\'">'
            f'<style>{STYLE}</style></head><body><header><h1>{title}</h1><p>{html.escape(data["mode"])}'
            f' · map {html.escape(data["map"])}{by} · {len(data["hexes"])} hexes</p>'
            f'<p>{html.escape(data["description"])}</p></header><main><div id="board">{board}{legend_html(m, map_svg)}'
            f'{_unit_legend(data)}</div>'
            f'<div id="side">{"".join(side)}</div></main>'
            f'<script type="application/json" id="hexfort-data">{payload}</script>'
            f'<script>{SCRIPT}</script></body></html>\n')


def write_share_page(path: str | Path, value: HexMap | Scenario, problems: Sequence[Problem] = (),
                     balance: Mapping[str, Any] | None = None, replay: Replay | None = None) -> int:
    """Write the page atomically; returns its size in bytes. Raises OSError when it cannot be written."""
    text = share_html(value, problems, balance, replay)
    atomic_write_text(path, text)
    return len(text.encode("utf-8"))
