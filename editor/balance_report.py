"""The HTML balance report of ``hexfort balance``: one self-contained file, images inline.

Heat maps are the map drawn by the editor's own renderer
(:class:`~editor.render.painter.MapRenderer`, offscreen on a QImage, the same
drawing as the canvas and ``hexfort render``) with each hex tinted under the
features by how often something happened there; matplotlib adds the colour
scale and draws the charts (win rates with 95% intervals, game lengths, unit
kinds). Every picture is a PNG in a ``data:`` URI, so the file opens in any
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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from editor.render.painter import MapRenderer, layout_for
from engine.hexgrid import Hex
from engine.mapmodel import HexMap
from engine.simulation.balance import MapStudy

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
    """Grouped bars per pairing: RED wins, BLU wins, first mover wins, each with its 95% interval."""
    from matplotlib.figure import Figure

    pairs = [p for p in study["pairings"] if p["games"]]
    fig = Figure(figsize=(7.2, 0.9 + 0.75 * max(1, len(pairs))), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    rows = [("RED wins", "RED", _TEAM_COLOR["RED"]), ("BLU wins", "BLU", _TEAM_COLOR["BLU"]),
            ("first mover wins", None, "#7a7a7a")]
    height = 0.26
    for k, (label, team, color) in enumerate(rows):
        ys, xs, lo, hi = [], [], [], []
        for i, p in enumerate(pairs):
            s = p["summary"]
            if team is not None:
                rate, (a, b) = s["win_rate"][team], s["win_rate_ci95"][team]
            else:
                rate, (a, b) = s["first_player_win_rate"], s["first_player_ci95"]
            ys.append(i + (k - 1) * height)
            xs.append(100 * rate)
            lo.append(max(0.0, 100 * (rate - a)))
            hi.append(max(0.0, 100 * (b - rate)))
        ax.barh(ys, xs, height=height * 0.9, color=color, xerr=[lo, hi], capsize=2, label=label,
                error_kw={"elinewidth": 1})
    ax.axvline(50, color="#333333", lw=0.8, ls="--")
    ax.set_yticks(range(len(pairs)), [p["label"] for p in pairs], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of games (bars: 95% interval; dashed: an even split)", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, frameon=False)
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
            if not n:
                continue
            rate = w / n
            a, b = wilson_interval(w, n)
            ys.append(i + (k - 0.5) * 0.38)
            xs.append(100 * rate)
            lo.append(max(0.0, 100 * (rate - a)))
            hi.append(max(0.0, 100 * (b - rate)))
        ax.barh(ys, xs, height=0.34, color=color, xerr=[lo, hi], capsize=2, label=f"teams {label}",
                error_kw={"elinewidth": 1})
    ax.set_yticks(range(len(classes)), [c["kind"] + (" *" if c["significant"] else "") for c in classes],
                  fontsize=8)
    ax.invert_yaxis()
    ax.axvline(50, color="#333333", lw=0.8, ls="--")
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of team-games won (* : a significant difference at 95%)", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return _fig_png(fig)


# -- HTML ------------------------------------------------------------------------------------------

_CSS: Final = """
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 0; background: #f4f2ec; color: #222; }
main { max-width: 1080px; margin: 0 auto; padding: 18px 26px 40px; background: #fff; }
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
"""


def _e(x: object) -> str:
    return html.escape(str(x))


def _img(png: bytes, alt: str) -> str:
    return f'<img src="{_data_uri(png)}" alt="{_e(alt)}">'


def _pm(rate: float, ci: Sequence[float]) -> str:
    return f"{100 * rate:.0f}% ± {100 * (ci[1] - ci[0]) / 2:.0f}"


def _verdict_html(v: Mapping[str, Any]) -> str:
    items = "".join(f"<li>{_e(x)}</li>" for x in v["evidence"])
    first = f"<p>{_e(v['first_move'])}</p>" if v["first_move"] else ""
    return (f'<div class="verdict"><p><b>{_e(v["sides"])}</b></p>{first}'
            + (f"<ul>{items}</ul>" if items else "") + "</div>")


def _figures_table(study: Mapping[str, Any]) -> str:
    rows = []
    for p in study["pairings"]:
        s = p["summary"]
        if not p["games"]:
            rows.append(f'<tr><td class="l">{_e(p["label"])}</td><td>0</td>' + "<td></td>" * 5 + "</tr>")
            continue
        fp = p["first_point"]
        first = " / ".join(f"{fp[t]['mean_turn']:.1f}" if fp[t]["mean_turn"] is not None else "–" for t in ("RED", "BLU"))
        rows.append(
            f'<tr><td class="l">{_e(p["label"])}</td><td>{p["games"]}</td>'
            f'<td class="RED">{_pm(s["win_rate"]["RED"], s["win_rate_ci95"]["RED"])}</td>'
            f'<td class="BLU">{_pm(s["win_rate"]["BLU"], s["win_rate_ci95"]["BLU"])}</td>'
            f'<td>{s["draws"]}</td><td>{_pm(s["first_player_win_rate"], s["first_player_ci95"])}</td>'
            f'<td>{s["turns"]["mean"]:.1f} ({s["turns"]["min"]}–{s["turns"]["max"]})</td><td>{first}</td></tr>')
    return ('<table><tr><th class="l">players</th><th>games</th><th>RED wins</th><th>BLU wins</th><th>draws</th>'
            '<th>first mover wins</th><th>turns: mean (range)</th><th>first point: turn RED / BLU</th></tr>'
            + "".join(rows) + "</table>")


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
        diff = (f'{100 * (fr - wr):+.0f} ({100 * lo:+.0f} to {100 * hi:+.0f})' if c["without"]
                else "– (always fielded)")
        rows.append(f'<tr><td class="l">{_e(c["kind"])}</td><td>{c["fielded"]}</td><td>{100 * fr:.0f}%</td>'
                    f'<td>{c["without"]}</td><td>{f"{100 * wr:.0f}%" if c["without"] else "–"}</td>'
                    f'<td{" class=sig" if c["significant"] else ""}>{diff}</td><td>{c["kills"]}</td></tr>')
    return ('<table><tr><th class="l">unit</th><th>fielded (team-games)</th><th>won</th><th>without</th><th>won</th>'
            '<th>difference, points (95% interval)</th><th>kills</th></tr>' + "".join(rows) + "</table>")


def _heat_html(m: HexMap, p: Mapping[str, Any], goal: str) -> str:
    parts = []
    for layer, (title, noun, cmaps) in HEAT_LAYERS.items():
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
        out.append(_heat_html(m, p, doc_study["goal"]))
        if p["classes"]:
            out.append("<h3>Which picks win</h3>")
            out.append('<p class="note">Each team of each game counts once: did the teams that fielded a kind win '
                       "more often than the teams that did not? Kills are the enemy deaths the game credits to the kind "
                       "(the unit whose damage killed; a sentry's to its Engineer; a Team Play killshot to the "
                       "character that put the most damage on the victim).</p>")
            if any(c["without"] for c in p["classes"]):
                out.append(_img(_class_chart(p), "win rate by unit kind fielded"))
            else:
                out.append('<p class="note">Every team fielded every kind here, so no pick can be compared with '
                           "its absence; the search AI, or a roster in the scenario, varies the picks.</p>")
            out.append(_classes_table(p))
        out.append("</details>")
    return "".join(out)


def _compare_html(doc: Mapping[str, Any]) -> str:
    c = doc["compare"]
    rows = []
    for d in c["differences"]:
        lo, hi = d["ci95"]
        rate = d["measure"] != "turns"

        def f(x: float | None, signed: bool = False, rate: bool = rate) -> str:
            if x is None:
                return "–"
            if rate:
                return f"{100 * x:+.0f}" if signed else f"{100 * x:.0f}%"
            return f"{x:+.1f}" if signed else f"{x:.1f}"

        unit = " points" if rate else " turns"
        rows.append(f'<tr><td class="l">{_e(d["players"])}</td><td class="l">{_e(d["figure"])}</td>'
                    f"<td>{f(d['this'])}</td><td>{f(d['other'])}</td>"
                    f'<td{" class=sig" if d["significant"] else ""}>{f(d["difference"], True)}{unit} '
                    f"({f(lo, True)} to {f(hi, True)})</td><td>{d['samples'][0]} / {d['samples'][1]}</td>"
                    f"<td>{'yes' if d['significant'] else 'no'}</td></tr>")
    return (f"<p>The same seeds on <b>{_e(doc['file'])}</b> (this) and <b>{_e(c['file'])}</b> (other). Rates are "
            "shares of games, or for a unit kind of the team-games that fielded it; a team's first point is the "
            "mean over the games in which it scored. Significant: the 95% interval of the difference excludes 0, "
            "with at least 10 in each sample.</p>"
            '<table><tr><th class="l">players</th><th class="l">figure</th><th>this</th><th>other</th>'
            "<th>difference (95% interval)</th><th>sample: this / other</th><th>significant</th></tr>"
            + "".join(rows) + "</table>")


def report_html(doc: Mapping[str, Any], studies: tuple[MapStudy, MapStudy | None]) -> str:
    """The whole report as one HTML page (images inline)."""
    main, other = studies
    title = f"Balance report — {doc['scenario']}"
    pairs = ", ".join(" vs ".join(p) for p in doc["players"])
    head = (f"<h1>{_e(title)}</h1><p class='meta'>{_e(doc['file'])} · {_e(doc['mode'])} · {doc['games']} games per "
            f"pairing ({_e(pairs)}) · batch seed {doc['seed']} · sides swap every other pair of games and the first "
            "team alternates; 95% intervals throughout</p>")
    body = [head]
    if "partial" in doc:
        pt = doc["partial"]
        body.append(f'<p class="partial">PARTIAL: interrupted after {pt["finished"]} of {pt["planned"]} games; '
                    "the figures cover the games that finished.</p>")
    if other is not None:
        body.append("<h2>What changed</h2>")
        body.append(_compare_html(doc))
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
