"""The HTML balance report of ``hexfort balance``: one self-contained file, images inline.

Heat maps are the map drawn by the editor's own renderer
(:class:`~editor.render.painter.MapRenderer`, offscreen on a QImage, the same
drawing as the canvas and ``hexfort render``) with each hex tinted under the
features by how often something happened there; matplotlib adds the colour
scale and draws the charts (win rates with 95% intervals, game lengths, unit
kinds, the changed hexes of a comparison). Every picture is a PNG in a ``data:`` URI, so the file opens in any
browser, offline, and can be mailed as it is. Needs a QGuiApplication and
matplotlib (the ``report`` extra); the figures come from the study's JSON
document, so the report shows exactly what ``--format json`` says.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from editor.render.painter import MapRenderer, layout_for
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.simulation.autostop import reason_words
from engine.simulation.balance import MIN_SAMPLE, MapStudy
from engine.simulation.wording import bound, change_figures, interval, pct, points
from engine.validation.construction import first_turns

__all__ = ["HEAT_LAYERS", "heat_image", "report_data", "write_report"]

#: Heat-map layers: JSON key -> (title, what a count is, colour map per team).
HEAT_LAYERS: Final = {
    "stand": ("Where units stand", "unit-turns", {"RED": "Reds", "BLU": "Blues"}),
    "deaths": ("Where units die", "deaths", {"RED": "Reds", "BLU": "Blues"}),
    "scores": ("Where points are scored", "points", {"RED": "Oranges", "BLU": "Purples"}),
    "pickups": ("Where pickups are taken", "pickups", {"RED": "YlOrBr", "BLU": "GnBu"}),
}
_TEAM_COLOR: Final = {"RED": "#c8373a", "BLU": "#2f6fc4"}
#: The width of a heat map's picture of the map, in pixels (two fit side by side).
HEAT_WIDTH: Final = 400


def _hex(text: str) -> Hex:
    q, r = text.split(",")
    return Hex(int(q), int(r))


def _png(img: QImage) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")  # type: ignore[call-overload]  # a str format works; the stubs say bytes
    buf.close()
    return bytes(data.data())


def hex_size_for(m: HexMap, width: float = HEAT_WIDTH) -> float:
    """The hex size (centre to corner, pixels) that draws ``m`` about ``width`` pixels wide (4 to 14)."""
    unit = MapRenderer(layout_for(m.meta.orientation, 1.0)).map_rect(m, 0)
    return max(4.0, min(14.0, width / max(1.0, unit.width())))


def heat_image(m: HexMap, counts: Mapping[Hex, float], colors: Mapping[Hex, QColor],
               hex_size: float | None = None) -> QImage:
    """``m`` drawn by the editor's renderer with the hexes of ``counts`` tinted by ``colors`` (a white ground).

    ``hex_size`` defaults to :func:`hex_size_for` (about :data:`HEAT_WIDTH` pixels wide).
    """
    r = MapRenderer(layout_for(m.meta.orientation, hex_size or hex_size_for(m)))
    rect = r.map_rect(m, 0)
    img = QImage(max(1, math.ceil(rect.width())), max(1, math.ceil(rect.height())), QImage.Format.Format_ARGB32)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.translate(-rect.left(), -rect.top())
    r.paint(p, m, rect, tint={h: colors[h] for h in counts if h in colors})
    p.end()
    return img


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _fig_png(fig: Any) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=100, metadata={"Software": None})
    return out.getvalue()


def _heat_figure(m: HexMap, counts: Mapping[str, int], cmap_name: str, title: str, noun: str) -> bytes:
    """A heat map with its colour scale: the renderer's picture shown by matplotlib beside a colour bar."""
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import PowerNorm
    from matplotlib.figure import Figure
    from matplotlib.image import imread
    from matplotlib.ticker import MaxNLocator

    cmap = colormaps[cmap_name]
    top = max(counts.values(), default=0)
    norm = PowerNorm(0.5, vmin=0, vmax=max(1, top))
    colors: dict[Hex, QColor] = {}
    values: dict[Hex, float] = {}
    for text, n in counts.items():
        h = _hex(text)
        rgba = cmap(0.15 + 0.85 * float(norm(n)))
        colors[h] = QColor.fromRgbF(rgba[0], rgba[1], rgba[2], 0.85)
        values[h] = n
    picture = imread(io.BytesIO(_png(heat_image(m, values, colors))), format="png")
    h_px, w_px = picture.shape[0], picture.shape[1]
    fig = Figure(figsize=(max(3.2, w_px / 100 + 0.9), h_px / 100 + 0.45), dpi=100)
    ax = fig.add_axes((0.01, 0.01, w_px / 100 / fig.get_figwidth(), h_px / 100 / fig.get_figheight()))
    ax.imshow(picture, interpolation="nearest")
    ax.set_axis_off()
    fig.suptitle(title, fontsize=9, x=0.02, ha="left", y=0.99, va="top")
    cax = fig.add_axes((0.02 + w_px / 100 / fig.get_figwidth(), 0.08, 0.025, 0.75))
    bar = fig.colorbar(ScalarMappable(norm=norm, cmap=cmap), cax=cax)
    bar.ax.yaxis.set_major_locator(MaxNLocator(integer=True, nbins=6))
    bar.ax.tick_params(labelsize=7)
    bar.set_label(f"{noun} per hex (total {sum(counts.values())})", fontsize=7)
    return _fig_png(fig)


def _win_chart(study: Mapping[str, Any]) -> bytes:
    """Bars per pairing: RED's share of the score and the first mover's, each with its confidence sequence."""
    from matplotlib.figure import Figure

    pairs = [p for p in study["pairings"] if p["games"]]
    fig = Figure(figsize=(7.2, 0.9 + 0.6 * max(1, len(pairs))), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    rows = [("RED's share of the score", "sides", _TEAM_COLOR["RED"]),
            ("first mover's share", "first_move", "#7a7a7a")]
    height = 0.36
    for k, (label, key, color) in enumerate(rows):
        ys, xs, lo, hi = [], [], [], []
        for i, p in enumerate(pairs):
            t = p["summary"]["headlines"][key]
            rate, (a, b) = t["estimate"], t["interval"]
            ys.append(i + (k - 0.5) * height)
            xs.append(100 * rate)
            lo.append(max(0.0, 100 * (rate - a)))
            hi.append(max(0.0, 100 * (b - rate)))
        ax.barh(ys, xs, height=height * 0.9, color=color, xerr=[lo, hi], capsize=2, label=label,
                error_kw={"elinewidth": 1})
    ax.axvspan(47, 53, color="#e8e8e8", zorder=0)
    ax.axvline(50, color="#333333", lw=0.8, ls="--")
    ax.set_yticks(range(len(pairs)), [p["label"] for p in pairs], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% (bars: the confidence sequence; dashed: an even split; grey: within 3 points of it)", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
    fig.tight_layout()
    return _fig_png(fig)


def _length_chart(study: Mapping[str, Any]) -> bytes:
    """Game length (turns) per pairing: a histogram each, on shared bins."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    pairs = [p for p in study["pairings"] if p["games"]]
    turns = [int(t) for p in pairs for t in p["length_counts"]]
    lo, hi = (min(turns), max(turns)) if turns else (0, 1)
    width = max(1, math.ceil((hi - lo + 1) / 24))
    bins = list(range(lo - lo % width, hi + 2 * width, width))
    fig = Figure(figsize=(7.2, 2.6), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    for p in pairs:
        values = [int(t) for t, n in p["length_counts"].items() for _ in range(n)]
        ax.hist(values, bins=bins, histtype="step", lw=1.6, label=f"{p['label']} (median {p['summary']['turns']['median']})",
                weights=[100 / len(values)] * len(values))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("game length (turns)", fontsize=8)
    ax.set_ylabel("% of games", fontsize=8)
    ax.tick_params(labelsize=8)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return _fig_png(fig)


def _class_chart(pairing: Mapping[str, Any]) -> bytes:
    """Win rate of the teams that fielded each kind, beside the teams that did not (95% intervals)."""
    from matplotlib.figure import Figure

    from engine.simulation.stats import wilson_interval

    classes = pairing["classes"]
    fig = Figure(figsize=(7.2, 0.7 + 0.38 * max(1, len(classes))), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    for k, (label, n_key, w_key, color) in enumerate(
            (("fielded", "fielded", "fielded_wins", "#3b7d3b"), ("without it", "without", "without_wins", "#b0b0b0"))):
        ys, xs, lo, hi = [], [], [], []
        for i, c in enumerate(classes):
            n, w = c[n_key], c[w_key]
            if n < MIN_SAMPLE:  # too few team-games to draw a rate (the table says so)
                continue
            rate = w / n
            a, b = wilson_interval(w, n)
            ys.append(i + (k - 0.5) * 0.38)
            xs.append(100 * rate)
            lo.append(max(0.0, 100 * (rate - a)))
            hi.append(max(0.0, 100 * (b - rate)))
        ax.barh(ys, xs, height=0.34, color=color, xerr=[lo, hi], capsize=2, label=f"teams {label}",
                error_kw={"elinewidth": 1})
    ax.set_yticks(range(len(classes)), [c.get("name", c["kind"]) + (" *" if c["significant"] else "") for c in classes],
                  fontsize=8)
    ax.invert_yaxis()
    ax.axvline(50, color="#333333", lw=0.8, ls="--")
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of team-games won (fixed-sample 95% intervals; * : significant after correction)", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return _fig_png(fig)


# -- HTML ------------------------------------------------------------------------------------------

_CSS: Final = """
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 0; background: #f4f2ec; color: #222; }
main { max-width: 1080px; margin: 0 auto; padding: 18px 26px 40px; background: #fff; overflow-wrap: break-word; }
h1 { font-size: 22px; margin: 4px 0 2px; } h2 { font-size: 17px; margin: 26px 0 8px; border-bottom: 1px solid #ddd; }
h3 { font-size: 14px; margin: 16px 0 6px; }
.meta { color: #666; font-size: 12px; }
.verdict { background: #fbf6e3; border-left: 5px solid #d9a400; padding: 10px 14px; margin: 14px 0; }
.verdict p { margin: 4px 0; font-size: 14px; } .verdict ul { margin: 6px 0 2px; font-size: 13px; }
table { border-collapse: collapse; font-size: 12px; margin: 6px 0 10px; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; } th { background: #f0eee8; }
td.l, th.l { text-align: left; }
.RED { color: #c8373a; font-weight: bold; } .BLU { color: #2f6fc4; font-weight: bold; }
.grid { display: flex; flex-wrap: wrap; gap: 8px; } .grid figure { margin: 0; }
img { max-width: 100%; height: auto; } .sig { font-weight: bold; } .note { color: #666; font-size: 12px; }
details > summary { cursor: pointer; font-weight: bold; margin: 10px 0 4px; }
.partial { background: #fde2e2; border-left: 5px solid #c8373a; padding: 8px 12px; }
.headline { background: #e7f0fb; border-left: 5px solid #2f6fc4; padding: 10px 14px; margin: 14px 0; font-size: 15px; }
.headline.changed { background: #fdeede; border-left-color: #d9822b; }
.sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; } .sides .verdict { margin: 6px 0; }
.sides h3 { margin: 4px 0; }
"""


def _e(x: object) -> str:
    return html.escape(str(x))


def _img(png: bytes, alt: str) -> str:
    return f'<img src="{_data_uri(png)}" alt="{_e(alt)}">'


def _cs(t: Mapping[str, Any]) -> str:
    """``61% (55–67%)``: a headline share and its confidence sequence; "too few games" without a block."""
    if not t["blocks"]:
        return "too few games"
    lo, hi = t["interval"]
    state = "" if not t["decided"] else (" ✓" if t["significant"] else " (even)")
    return f"{pct(t['estimate'])} ({interval(lo, hi)}){state}"


def _verdict_html(v: Mapping[str, Any], evidence: bool = True) -> str:
    items = "".join(f"<li>{_e(x)}</li>" for x in v["evidence"]) if evidence else ""
    first = f"<p>{_e(v['first_move'])}</p>" if v["first_move"] else ""
    return (f'<div class="verdict"><p><b>{_e(v["sides"])}</b></p>{first}'
            + (f"<ul>{items}</ul>" if items else "") + "</div>")


def _first_point(fp: Mapping[str, Any]) -> str:
    if not fp["enough_games"]:
        return "too few games"
    return "never" if fp["median_turn"] is None else str(fp["median_turn"])


def _figures_table(study: Mapping[str, Any]) -> str:
    rows = []
    for p in study["pairings"]:
        s = p["summary"]
        if not p["games"]:
            rows.append(f'<tr><td class="l">{_e(p["label"])}</td><td>0</td>' + "<td></td>" * 5 + "</tr>")
            continue
        fp = p["first_point"]
        first = " / ".join(_first_point(fp[t]) for t in ("RED", "BLU"))
        h = s["headlines"]
        rows.append(
            f'<tr><td class="l">{_e(p["label"])}</td><td>{p["games"]}</td>'
            f'<td class="RED">{s["wins"]["RED"]}</td><td class="BLU">{s["wins"]["BLU"]}</td><td>{s["draws"]}</td>'
            f'<td>{_cs(h["sides"])}</td><td>{_cs(h["first_move"])}</td>'
            f'<td>{s["turns"]["mean"]:.1f} ({s["turns"]["min"]}–{s["turns"]["max"]})</td><td>{first}</td></tr>')
    return ('<table><tr><th class="l">players</th><th>games</th><th>RED wins</th><th>BLU wins</th><th>draws</th>'
            "<th>RED's share of the score</th><th>first mover's share</th><th>turns: mean (range)</th>"
            f"<th>{_e(study.get('first_score', 'first point'))}, median turn: RED / BLU</th></tr>" + "".join(rows) +
            "</table>"
            '<p class="note">Shares count a win 1 and a draw ½, over whole blocks of four games (every first team and '
            "side once); in brackets the confidence sequence, which holds at every look (the headlines corrected "
            "together); ✓: significant after correction, (even): within 3 points of 50%. The median turn of the first "
            "point counts a game without one as never.</p>")


def _races_table(study: Mapping[str, Any]) -> str:
    """One table per goal: each kind's turns from each side (a team, or a Team Play spawnpoint colour)."""
    races = study["races"]
    out = []
    for goal in dict.fromkeys(r["goal"] for r in races):
        mine = [r for r in races if r["goal"] == goal]
        sides = list(mine[0]["turns"])
        rows = []
        for r in mine:
            t = r["turns"]
            known = [t[s] for s in sides if t[s] is not None]
            gap = max(known) - min(known) if len(known) == len(sides) else 0
            cells = "".join(f"<td>{t[s] if t[s] is not None else 'never'}</td>" for s in sides)
            rows.append(f'<tr><td class="l">{_e(r["name"])}</td><td>{r["speed"]}</td>{cells}'
                        f'<td{" class=sig" if gap else ""}>{gap}</td></tr>')
        heads = "".join(f"<th>{_e(s if s.isupper() else s + ' spawnpoints')}: turns</th>" for s in sides)
        out.append(f'<h4>To {_e(goal)}</h4><table><tr><th class="l">unit</th><th>speed</th>{heads}<th>gap</th></tr>'
                   f'{"".join(rows)}</table>')
    return "".join(out) or "<p>This mode has no race to measure.</p>"


def _classes_table(p: Mapping[str, Any]) -> str:
    rows = []
    for c in p["classes"]:
        fr = c["fielded_wins"] / c["fielded"] if c["fielded"] else 0.0
        wr = c["without_wins"] / c["without"] if c["without"] else 0.0
        lo, hi = c["difference_ci95"]
        if not c["without"]:
            diff = "– (always fielded)"
        elif lo is None or hi is None:
            diff = "too few games"
        else:
            diff = f'{points(fr - wr)} ({bound(lo, 0.0, True)} to {bound(hi, 0.0, True)})'
        won = pct(fr) if c["fielded"] >= MIN_SAMPLE else "too few games"
        won_without = pct(wr) if c["without"] >= MIN_SAMPLE else "too few games" if c["without"] else "–"
        tested = ("significant after correction" if c["significant"] else "not significant after correction") \
            if c["tested"] else "too few games to test"
        rows.append(f'<tr><td class="l">{_e(c.get("name", c["kind"]))}</td><td>{c["fielded"]}</td><td>{won}</td>'
                    f'<td>{c["without"]}</td><td>{won_without}</td>'
                    f'<td>{diff}</td><td{" class=sig" if c["significant"] else ""}>{tested}</td>'
                    f'<td>{c["kills"]}</td></tr>')
    same: dict[tuple[int, int, int, int], list[str]] = {}
    for c in p["classes"]:
        if c["without"]:
            same.setdefault((c["fielded"], c["fielded_wins"], c["without"], c["without_wins"]), []).append(c.get("name", c["kind"]))
    groups: list[str] = []
    said: set[tuple[int, int, int, int]] = set()
    for (f, fw, w, ww), kinds in same.items():
        if (f, fw, w, ww) in said:
            continue  # said with its mirror: the other side's kinds in those same games
        mirror = (w, ww, f, fw)
        facing = same.get(mirror) if mirror != (f, fw, w, ww) else None
        if facing is not None and len(kinds) == len(facing) == 1:
            facing = None  # two lone kinds with mirrored figures may be chance; sides of several kinds are not
        said |= {(f, fw, w, ww), mirror}
        if facing is not None:  # fixed sides: each side's kinds, and the other's against them, one comparison
            groups.append(f"{', '.join(kinds)} against {', '.join(facing)}")
        elif len(kinds) > 1:
            groups.append(", ".join(kinds))
    note = ('<p class="note">The difference is over team-games with a fixed-sample interval; the test (the column after '
            "it) asks the same of the games where only one team fielded the kind, with an anytime interval corrected "
            "over every kind and figure of the report, so a difference whose fixed-sample interval misses 0 may still "
            "be not significant.")
    if groups:
        note += (" " + "; ".join(groups) + ": always fielded together in these games (the same figures), so their "
                 "rows are one comparison, not several.")
    return ('<table><tr><th class="l">unit</th><th>fielded (team-games)</th><th>won</th><th>without</th><th>won</th>'
            '<th>difference, points (fixed-sample 95% interval)</th><th>test on the games where only one team '
            'fielded it</th><th>kills</th></tr>' + "".join(rows) + "</table>" + note + "</p>")


def _heat_html(m: HexMap, p: Mapping[str, Any], goal: str, pickups: bool = True) -> str:
    """The heat maps of one pairing; the pickups' only in a game with pickups (``pickups``: an audit found Payload
    Race's report showing "no pickups recorded" for a game that has none)."""
    parts = []
    for layer, (title, noun, cmaps) in HEAT_LAYERS.items():
        if layer == "pickups" and not pickups:
            continue
        figs = []
        for team in ("RED", "BLU"):
            counts = p["heat"][layer][team]
            if not counts:
                figs.append(f'<figure class="note">{_e(team)}: no {_e(noun)} recorded</figure>')
                continue
            what = "Where carts are pushed" if layer == "scores" and goal == "its cart" else title
            png = _heat_figure(m, counts, cmaps[team], f"{what} — {team} ({p['label']})", noun)
            figs.append(f"<figure>{_img(png, f'{what}, {team}')}</figure>")
        parts.append(f'<h3>{_e(title)}</h3><div class="grid">{"".join(figs)}</div>')
    return "".join(parts)


def _study_html(doc_study: Mapping[str, Any], study: MapStudy) -> str:
    m = study.scenario.map
    out = [_verdict_html(doc_study["verdict"]), "<h3>Who wins</h3>", _figures_table(doc_study)]
    if any(p["games"] for p in doc_study["pairings"]):
        out.append(_img(_win_chart(doc_study), "win rates with 95% intervals"))
        out.append("<h3>How long games last</h3>")
        out.append(_img(_length_chart(doc_study), "game length distribution"))
    out.append("<h3>Turns to each objective from each spawn (the map, without playing)</h3>")
    out.append(_races_table(doc_study))
    best = study.strongest()
    order = sorted(range(len(doc_study["pairings"])),
                   key=lambda i: 0 if best is not None and study.pairings[i] is best else 1 + i)
    for i in order:
        p = doc_study["pairings"][i]
        if not p["games"]:
            continue
        opened = " open" if best is not None and study.pairings[i] is best else ""
        out.append(f"<details{opened}><summary>Heat maps and unit kinds: {_e(p['label'])} ({p['games']} games)"
                   "</summary>")
        out.append(_heat_html(m, p, doc_study["goal"], GAMES[study.scenario.mode].pickups))
        if p["classes"]:
            out.append("<h3>Which picks win</h3>")
            credit = GAMES[study.scenario.mode].kill_credit  # the game's own rule, not the others' (audit)
            out.append('<p class="note">Each team of each game counts once: did the teams that fielded a kind win '
                       "more often than the teams that did not? Kills are the enemy deaths the game credits to the kind "
                       f"({credit}).</p>")
            if any(c["without"] for c in p["classes"]):
                out.append(_img(_class_chart(p), "win rate by unit kind fielded"))
            else:
                out.append('<p class="note">Every team fielded every kind here, so no pick can be compared with '
                           "its absence; the search AI, or a roster in the scenario, varies the picks.</p>")
            out.append(_classes_table(p))
            out.append(_uncredited(p))
        out.append("</details>")
    return "".join(out)


def _uncredited(p: Mapping[str, Any]) -> str:
    """A note on the deaths no enemy kind is credited with (deaths are the heat map's; kills the kinds'), or ''.

    A new-user audit found 1,287 + 1,312 deaths beside 1,837 kills on Crossroads and no word of why: most of the
    rest are units killed by their own side's splash, the Soldier himself above all (docs/balance.md)."""
    deaths = sum(sum(p["heat"]["deaths"][team].values()) for team in ("RED", "BLU"))
    kills = sum(c["kills"] for c in p["classes"])
    if deaths <= kills:
        return ""
    return (f'<p class="note">{deaths - kills:,} of the {deaths:,} deaths are credited to no enemy unit: units killed '
            "by their own side's fire (a Soldier's rockets and a Demoman's grenades hurt friends and the shooter "
            "himself) or by no unit at all.</p>")


def _changed_pictures(doc: Mapping[str, Any], studies: tuple[MapStudy, MapStudy | None]) -> str:
    """Both versions drawn by the editor's renderer, the hexes that differ marked."""
    changed = [_hex(t) for t in doc["compare"]["changed_hexes"]]
    if not changed:
        return '<p class="note">No hex differs between the two maps (the change is elsewhere: units, rules, options).</p>'
    figs = []
    mark = QColor(217, 130, 43, 230)
    for which, study in (("this", studies[0]), ("other", studies[1])):
        if study is None:
            continue
        m = study.scenario.map
        img = heat_image(m, {h: 1 for h in changed if h in m.cells}, {h: mark for h in changed})
        figs.append(f"<figure>{_img(_png(img), f'{which} version, changed hexes marked')}"
                    f'<figcaption class="note">{_e(which)}: {_e(study.scenario.name)}</figcaption></figure>')
    return (f'<p class="note">{len(changed)} {"hex differs" if len(changed) == 1 else "hexes differ"} (marked in orange).</p>'
            f'<div class="grid">{"".join(figs)}</div>')


def _not_significant(d: Mapping[str, Any]) -> str:
    """"no" for a difference shown within its margin of no change; "not yet" while its interval is too wide to
    size it (a report read "-107 to +76 turns, significant: no" as no change: an editor audit). Reports written
    before the field existed say "no"."""
    return "no" if d.get("decided", True) else "not yet"


def _differences_table(doc: Mapping[str, Any]) -> str:
    rows = []
    for d in doc["compare"]["differences"]:
        rate = d["measure"] != "turns"

        def f(x: float | None, signed: bool = False, rate: bool = rate, end: bool = False) -> str:
            """A share (``pct``), a difference in points, or an interval's end (``bound``: never reads as 0 when it
            excludes it), as the comparison's sentence words them."""
            if x is None:
                return "–"
            if rate:
                return (bound(x, 0.0, True) if end else points(x)) if signed else pct(x)
            return f"{x:+.1f}" if signed else f"{x:.1f}"

        lo, hi = d["interval"]
        # a share's two values and their difference rounded to agree, as the comparison's sentence does (a review)
        this, other, shift = (change_figures(d["this"], d["other"]) if rate else
                              (f(d["this"]), f(d["other"]), f"{f(d['difference'], True)} turns"))
        change = "too few games" if d["too_few_games"] else f"{shift} ({f(lo, True, end=True)} to {f(hi, True, end=True)})"
        rows.append(f'<tr><td class="l">{_e(d["players"])}</td><td class="l">{_e(d["figure"])}</td>'
                    f"<td>{this}</td><td>{other}</td>"
                    f'<td{" class=sig" if d["significant"] else ""}>{change}</td><td>{d["games"]}</td>'
                    f"<td>{'–' if d['too_few_games'] else 'yes' if d['significant'] else _not_significant(d)}</td></tr>")
    return ('<h3>Other figures</h3><p class="note">The same blocks of games on both versions; each difference with its '
            "confidence sequence (all of them hold at once); significant: the interval excludes no change (after "
            "correction over these figures).</p>"
            '<table><tr><th class="l">players</th><th class="l">figure</th><th>this</th><th>other</th>'
            "<th>difference (interval)</th><th>games per version</th><th>significant</th></tr>"
            + "".join(rows) + "</table>")


def _compare_html(doc: Mapping[str, Any], studies: tuple[MapStudy, MapStudy | None]) -> str:
    """What changed, answer first: the headline, both versions' verdicts side by side, the changed hexes, the
    other figures."""
    c = doc["compare"]
    out = [f'<div class="headline{" changed" if c["changed"] else ""}"><b>{_e(c["headline"])}</b></div>',
           f"<p class='note'>The same seeds on <b>{_e(doc['file'])}</b> (this) and <b>{_e(c['file'])}</b> (other): game "
           "<i>i</i> has the same dice seed, first team and sides on both, so each block of four games pairs with "
           "the same block on the other version.</p>",
           '<div class="sides">']
    for which, name, v in (("this", doc["file"], doc["map"]["verdict"]), ("other", c["file"], c["map"]["verdict"])):
        out.append(f"<div><h3>{_e(which)}: {_e(name)}</h3>{_verdict_html(v, evidence=False)}</div>")
    out.append("</div><h3>Where the maps differ</h3>")
    out.append(_changed_pictures(doc, studies))
    out.append(_differences_table(doc))
    return "".join(out)


def report_html(doc: Mapping[str, Any], studies: tuple[MapStudy, MapStudy | None]) -> str:
    """The whole report as one HTML page (images inline)."""
    main, other = studies
    title = f"Balance report — {doc['scenario']}"
    pairs = ", ".join(" vs ".join(p) for p in doc["players"])
    stop = doc["stopping"]
    how = f"--games auto: {reason_words(stop, 'compare' in doc)}" if stop["rule"] == "auto" else f"--games {doc['games']}"
    head = (f"<h1>{_e(title)}</h1><p class='meta'>{_e(doc['file'])} · {_e(doc['mode'])} · {doc['games']} games per "
            f"pairing ({_e(pairs)}; {_e(how)}) · batch seed {doc['seed']} · sides swap every other pair of games and "
            f"{_e(first_turns(main.scenario))} · every claim of significance and every anytime interval hold with 95% "
            "confidence in all, at every look (the fixed-sample intervals describe; they test nothing)</p>")
    body = [head]
    if "partial" in doc:
        pt = doc["partial"]
        body.append(f'<p class="partial">PARTIAL: interrupted after {pt["finished"]} of {pt["planned"]} games; '
                    "the figures cover the games that finished.</p>")
    if other is not None:
        body.append("<h2>What changed</h2>")
        body.append(_compare_html(doc, studies))
    body.append(f"<h2>{_e(doc['map']['name'])}</h2>")
    body.append(_study_html(doc["map"], main))
    if other is not None:
        body.append(f"<h2>The other version: {_e(doc['compare']['map']['name'])} ({_e(doc['compare']['file'])})</h2>")
        body.append(_study_html(doc["compare"]["map"], other))
    # the study's JSON travels inside the page (inert data, never run): every figure, for tools and diffs
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
            f"<style>{_CSS}</style></head><body><main>{''.join(body)}"
            "<p class='note'>Made by hexfort balance. Every figure is also in this page as JSON "
            "(schemas/balance.schema.json), in the script element with id balance-data.</p>"
            f"</main><script type='application/json' id='balance-data'>{data}</script></body></html>\n")


def write_report(doc: Mapping[str, Any], studies: tuple[MapStudy, MapStudy | None], path: Path) -> None:
    """Write the report to ``path``; raises OSError when it cannot be written."""
    Path(path).write_text(report_html(doc, studies), encoding="utf-8")


def report_data(page: str) -> dict[str, Any]:
    """The study's JSON document carried by a report page (see :func:`report_html`); ValueError if none."""
    start = page.find("id='balance-data'>")
    if start < 0:
        raise ValueError("this page carries no balance data (not a hexfort balance report)")
    start = page.index(">", start) + 1
    end = page.index("</script>", start)
    return json.loads(page[start:end])  # type: ignore[no-any-return]
