"""The style and script of ``hexfort share``'s page, inlined into every page (it loads nothing).

The script only draws and looks up what the engine computed (:mod:`engine.share`):
hover shows a hex's coordinates, height and terrain; a click shows what it sees and
the turns to reach it; problems locate their hexes; the replay viewer steps through
frames. It re-implements no rule.
"""

from __future__ import annotations

__all__ = ["SCRIPT", "STYLE"]

STYLE = """
body{font:14px/1.4 "DejaVu Sans",Arial,sans-serif;margin:0;color:#1f1f1f;background:#f6f4ee}
header{padding:10px 16px;background:#2f3a4a;color:#fff}
header h1{font-size:20px;margin:0}
header p{margin:2px 0 0;color:#d8dde6}
main{display:flex;gap:16px;padding:12px 16px;align-items:flex-start}
#board{background:#fff;border:1px solid #ccc;border-radius:4px;flex:0 1 auto;min-width:0;position:sticky;top:8px;max-height:calc(100vh - 16px);overflow:auto}
#board svg{display:block}
#legend{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:0;padding:6px 8px;border-top:1px solid #ddd;font-size:12px;max-width:860px}
#unit-legend{margin:0;padding:2px 8px 6px;font-size:12px;max-width:860px}
#legend li{display:flex;align-items:center;gap:4px}
#side{flex:1;min-width:300px;max-width:520px}
@media (max-width:1260px){main{flex-wrap:wrap}#board{position:static;max-height:none}#side{max-width:none}}
section{background:#fff;border:1px solid #ccc;border-radius:4px;padding:8px 10px;margin-bottom:10px}
section h2{font-size:15px;margin:0 0 6px}
.hex{fill:transparent;stroke:none;cursor:pointer}
.hex:hover,.hex.hover{fill:rgba(255,255,255,.35);stroke:#000;stroke-width:1.5}
.hex.seen{fill:rgba(255,214,10,.45)}
.hex.sel{fill:rgba(30,110,255,.45);stroke:#1e3d8f;stroke-width:2}
.hex.prob{fill:rgba(220,30,30,.45);stroke:#a00;stroke-width:2}
.unit{stroke:#fff;stroke-width:1.5;pointer-events:none}
.unit.RED{fill:#c8373a}.unit.BLU{fill:#2f6fc4}
.mark{stroke-width:2.5;fill-opacity:.25;pointer-events:none}.mark.RED{fill:#c8373a;stroke:#c8373a}.mark.BLU{fill:#2f6fc4;stroke:#2f6fc4}
.ulabel{font:bold 9px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central;pointer-events:none}
table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f0f0f0}
td:first-child,th:first-child{text-align:left}
#problems li{cursor:pointer;margin:2px 0}
#problems li.nohex{cursor:default}
#problems li:hover{background:#fff3d6}
.error{color:#a00}.warning{color:#a25b00}.info{color:#456}
.muted{color:#777}
#replay button{font-size:14px;min-width:34px}
#replay input{width:56px}
"""

SCRIPT = r"""
(function () {
  const D = JSON.parse(document.getElementById("hexfort-data").textContent);
  const polys = Array.from(document.querySelectorAll("#hexes .hex"));
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
  function describe(i) {
    const h = D.hexes[i];
    let t = `<b>${h.q},${h.r}</b> — height ${h.height}, ${esc(h.terrain)}`;
    if (h.up !== null) t += ` (climbing up to ${h.q + D.directions[h.up][0]},${h.r + D.directions[h.up][1]})`;
    if (h.features.length) t += `<br>${h.features.map(esc).join(", ")}`;
    return t;
  }
  function seen(i) {
    const out = [];
    if (!D.sees[i]) return out;
    const bytes = atob(D.sees[i]);
    for (let b = 0; b < bytes.length; b++) {
      const v = bytes.charCodeAt(b);
      for (let k = 0; k < 8; k++) if (v & (1 << k)) out.push(b * 8 + k);
    }
    return out;
  }
  function clear(cls) { polys.forEach((p) => p.classList.remove(cls)); }
  polys.forEach((p) => {
    const i = +p.dataset.i;
    p.addEventListener("mouseenter", () => { $("hover").innerHTML = describe(i); });
    p.addEventListener("click", () => select(i));
  });
  // sight: false (a problem's click) leaves the sight overlay off, so the problem's own hexes stand out (an audit
  // found them lost in the yellow of the first hex's sight)
  function select(i, sight = true) {
    clear("sel"); clear("seen"); clear("prob");
    polys[i].classList.add("sel");
    const vis = seen(i);
    if (sight) vis.forEach((j) => polys[j].classList.add("seen"));
    let html = describe(i);
    html += !D.sees[i] ? `<br><span id="sees-count" data-n="0">A wall: nothing stands here to see.</span>`
          : sight ? `<br>Sees <b id="sees-count">${vis.length}</b> hexes (yellow).`
          : `<br>Sees <b id="sees-count">${vis.length}</b> hexes (click the hex to show them).`;
    const R = D.reach;
    if (R.kinds.length && R.spawns.length) {
      html += `<table id="reach"><tr><th>turns to reach</th>${R.spawns.map((s) => `<th>${esc(s)}</th>`).join("")}</tr>`;
      R.kinds.forEach((k, ki) => {
        html += `<tr><td>${esc(k)}</td>${R.spawns.map((_, si) => {
          const t = R.turns[i][si][ki];
          return `<td>${t === null ? "—" : t}</td>`;
        }).join("")}</tr>`;
      });
      html += "</table>";
    }
    $("selected").innerHTML = html;
  }
  // problems: each locates its hexes
  const list = $("problems");
  if (list) {
    Array.from(list.querySelectorAll("li")).forEach((li) => {
      const p = D.problems[+li.dataset.p];
      if (!p.hexes.length) { li.classList.add("nohex"); return; }
      li.addEventListener("click", () => {
        select(p.hexes[0], false);
        p.hexes.forEach((j) => polys[j].classList.add("prob"));
        polys[p.hexes[0]].scrollIntoView({block: "nearest", inline: "nearest"});
      });
    });
  }
  // a scenario's starting units on their hexes (the replay viewer draws its own)
  if (!D.replay && D.teams) {
    let svg = "";
    D.teams.forEach((t) => t.units.forEach((u) => {
      if (u.at < 0) return;
      const c = D.centres[u.at];
      svg += `<circle class="unit ${t.team}" cx="${c[0]}" cy="${c[1]}" r="${D.unit_r}"><title>${t.team} ${esc(u.kind)} starts here</title></circle>`;
      svg += `<text class="ulabel" x="${c[0]}" y="${c[1]}">${esc(u.label)}</text>`;
    }));
    $("units").innerHTML = svg;
  }
  // replay viewer
  if (D.replay) {
    const R = D.replay, layer = $("units");
    const units = {};
    R.units.forEach((u) => { units[u.id] = u; });
    let at = 0;
    function show(k) {
      at = Math.max(0, Math.min(R.frames.length - 1, k));
      const [turn, red, blu, action, list, marks] = R.frames[at];
      let svg = "";
      (marks || []).forEach(([i, team]) => {  // where each side scores: a cart, the point's hexes it holds
        const c = D.centres[i], r = D.unit_r * 1.45;
        svg += `<rect class="mark ${team}" x="${c[0] - r / 2}" y="${c[1] - r / 2}" width="${r}" height="${r}" transform="rotate(45 ${c[0]} ${c[1]})"><title>${team}: ${esc(R.goal)}</title></rect>`;
      });
      list.forEach(([id, i, hp]) => {
        if (i < 0) return;
        const c = D.centres[i], u = units[id];
        svg += `<circle class="unit ${u.team}" cx="${c[0]}" cy="${c[1]}" r="${D.unit_r}" data-id="${id}"><title>${u.team} ${esc(u.name)}, health ${hp}</title></circle>`;
        svg += `<text class="ulabel" x="${c[0]}" y="${c[1]}">${esc(u.label || u.name[0])}</text>`;
      });
      layer.innerHTML = svg;
      $("step").textContent = `${at} / ${R.frames.length - 1}`;
      $("action").textContent = action;
      $("score").textContent = `turn ${turn} — score RED ${red}, BLU ${blu}`;
    }
    $("first").onclick = () => show(0);
    $("back").onclick = () => show(at - 1);
    $("fwd").onclick = () => show(at + 1);
    $("last").onclick = () => show(R.frames.length - 1);
    $("goto").onclick = () => {
      const t = +$("turn").value;
      const k = R.frames.findIndex((f) => f[0] >= t);
      show(k < 0 ? R.frames.length - 1 : k);
    };
    show(0);
  }
})();
"""
