"""Maps as a few lines of text, and back: the one text form of a map (like FEN for a chess position).

Rows are the map file's own rows (:mod:`engine.formats.grid_codec`): pointy maps
in odd-row offset layout, one 2-character token per hex (height digit, then
``.`` open, ``#`` wall, ``o`` low obstacle, ``a``-``f`` stairs), ``--`` for no
hex; tokens are separated by any whitespace, so columns may be padded. A token
may carry feature letters: ``R`` / ``B`` RED / BLU spawn, ``+`` first-aid kit,
``C`` control point (``C2``, ``C3``... for a second, third point), and Team
Play's ``Sr`` / ``Sb`` / ``Sy`` red / blue / yellow spawnpoint, ``A`` ammo tile,
``W`` weapon rack. Optional
``key: value`` lines come first (``name``, ``modes``, ``orientation``,
``author``, ``description`` with ``\n`` for a line break, ``origin`` as
``col,row`` of the first token), and ``track RED: q,r q,r ...``
lines (start first) last. Example::

    name: Hill
    0.R 0.  1.  0.  0.B
    0.R 1#  2.C 1.  0.B
    track RED: 0,0 1,0

:func:`map_to_text` writes this form and ``map_from_text(map_to_text(m)) == m``
for every map. :func:`hex_at` gives the hex of a text position (origin 0,0), and
:func:`scenario_from_text` a scenario on a text map, for tests and benches.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from engine.formats.grid_codec import HOLE, encode_rows
from engine.formats.map_file import map_from_document
from engine.formats.migrations import CURRENT
from engine.frozendict import FrozenDict
from engine.hexgrid import ODD, Hex, OffsetCoord, qoffset_to_cube, roffset_to_cube
from engine.mapmodel import Colour, HexMap, Mode, Orientation, Team, default_modes
from engine.ruleset import OptionValue
from engine.scenario import Scenario, TeamSetup, UnitStart

__all__ = ["hex_at", "koth_scenario", "map_from_text", "map_to_text", "scenario_from_text", "text_to_document"]

_TOKEN: Final = re.compile(r"^(--|[0-2][.#oa-f])((?:R|B|\+|C[0-9]*|S[rby]|A|W)*)$")
_FEATURE: Final = re.compile(r"R|B|\+|C[0-9]*|S[rby]|A|W")
#: Spawnpoint letters by colour.
_POINT_LETTER: Final = {Colour.RED: "Sr", Colour.BLUE: "Sb", Colour.YELLOW: "Sy"}
_LETTER_POINT: Final = {v: k for k, v in _POINT_LETTER.items()}
_HEADER: Final = re.compile(r"^\s*(name|modes|orientation|origin|author|description)\s*:\s*(.*)$")
_TRACK: Final = re.compile(r"^\s*track\s+(RED|BLU)\s*:\s*(.*)$")


def hex_at(col: int, row: int, orientation: Orientation = Orientation.POINTY) -> Hex:
    """The hex of text column ``col`` in row ``row`` of a map whose origin is 0,0."""
    if orientation is Orientation.POINTY:
        return roffset_to_cube(ODD, OffsetCoord(col, row))
    return qoffset_to_cube(ODD, OffsetCoord(col, row))


def text_to_document(text: str, **overrides: Any) -> dict[str, Any]:
    """The map document (current format) of ``text``; ``overrides`` set or extend document fields.

    Feature keywords (``spawns``, ``kits``, ``control_points``, ``tracks``,
    ``spawnpoints``, ``ammo``, ``racks``, in the document's ``"q,r"`` form) are
    merged with the features written in the text.
    Raises ValueError naming the line and token of anything it cannot read.
    """
    meta: dict[str, Any] = {"name": "text map", "modes": [default_modes()[0].value], "orientation": "pointy"}
    origin = (0, 0)
    rows: list[list[str]] = []
    tracks: dict[str, list[str]] = {}
    lines = [ln for ln in text.strip("\n").splitlines() if ln.strip()]
    for n, line in enumerate(lines, 1):
        m = _HEADER.match(line)
        if m is not None and not rows:
            key, value = m.group(1), m.group(2).strip()
            if key == "modes":
                meta["modes"] = value.split()
            elif key == "origin":
                col, row = (int(x) for x in value.split(","))
                origin = (col, row)
            elif key == "description":
                meta[key] = re.sub(r"\\(.)", lambda e: "\n" if e.group(1) == "n" else e.group(1), value)
            else:
                meta[key] = value
            continue
        t = _TRACK.match(line)
        if t is not None:
            tracks[t.group(1)] = t.group(2).split()
            continue
        toks = line.split()
        for tok in toks:
            if _TOKEN.match(tok) is None:
                raise ValueError(f"line {n}: {tok!r} is not a hex token (e.g. '0.', '1#', '2.C', '0.R', '0.Sy', '--')")
        rows.append(toks)
    o = Orientation(meta["orientation"])
    spawns: dict[str, list[str]] = {"RED": [], "BLU": []}
    kits: list[str] = []
    points: dict[int, list[str]] = {}
    spawnpoints: dict[str, list[str]] = {}
    ammo: list[str] = []
    racks: list[str] = []
    grid: list[str] = []
    for r, toks in enumerate(rows):
        grid.append(" ".join(tok[:2] for tok in toks))
        for c, tok in enumerate(toks):
            if len(tok) == 2:
                continue
            h = str(hex_at(origin[0] + c, origin[1] + r, o))
            for f in _FEATURE.findall(tok[2:]):
                if f == "R":
                    spawns["RED"].append(h)
                elif f == "B":
                    spawns["BLU"].append(h)
                elif f == "+":
                    kits.append(h)
                elif f in _LETTER_POINT:
                    spawnpoints.setdefault(_LETTER_POINT[f].value, []).append(h)
                elif f == "A":
                    ammo.append(h)
                elif f == "W":
                    racks.append(h)
                else:
                    points.setdefault(int(f[1:] or 1), []).append(h)
    doc: dict[str, Any] = {"format": CURRENT["map"], **meta, "origin": list(origin), "rows": grid}
    found: dict[str, Any] = {
        "spawns": {t: hs for t, hs in spawns.items() if hs},
        "kits": kits,
        "control_points": [points[k] for k in sorted(points)],
        "tracks": tracks,
        "spawnpoints": {c.value: spawnpoints[c.value] for c in Colour if c.value in spawnpoints},
        "ammo": ammo,
        "racks": racks,
    }
    for key, value in found.items():
        extra = overrides.pop(key, None)
        if extra:
            if isinstance(value, dict):
                value = {**value, **{k: [str(h) for h in v] for k, v in extra.items()}}
            else:
                value = value + [([str(h) for h in x] if isinstance(x, (list, tuple, set, frozenset)) else str(x))
                                 for x in extra]
        if value:
            doc[key] = value
    doc.update(overrides)
    return doc


def map_from_text(text: str, name: str | None = None, **features: Any) -> HexMap:
    """The map written in ``text`` (see the module docstring).

    ``name`` and the keywords of :func:`text_to_document` override or extend the
    text. Raises ValueError for an unreadable token and
    :class:`~engine.formats.errors.LoadError` for a map the loader refuses.
    """
    if name is not None:
        features["name"] = name
    if "modes" in features:
        features["modes"] = [Mode(m).value for m in features["modes"]]
    return map_from_document(text_to_document(text, **features), "<text map>")


def map_to_text(m: HexMap) -> str:
    """The text form of ``m``: header lines, rows with feature letters, track lines."""
    (col0, row0), rows = encode_rows(m.cells, m.meta.orientation)
    marks: dict[Hex, str] = {}
    for team, letter in ((Team.RED, "R"), (Team.BLU, "B")):
        for h in m.spawns.get(team, ()):
            marks[h] = marks.get(h, "") + letter
    for h in m.kits:
        marks[h] = marks.get(h, "") + "+"
    for k, cp in enumerate(m.control_points, 1):
        for h in cp:
            marks[h] = marks.get(h, "") + ("C" if k == 1 else f"C{k}")
    for colour, letter in _POINT_LETTER.items():
        for h in m.spawnpoints.get(colour, ()):
            marks[h] = marks.get(h, "") + letter
    for h in m.ammo:
        marks[h] = marks.get(h, "") + "A"
    for h in m.racks:
        marks[h] = marks.get(h, "") + "W"
    out = [f"name: {m.meta.name}", f"modes: {' '.join(x.value for x in m.meta.modes)}"]
    if m.meta.orientation is not Orientation.POINTY:
        out.append(f"orientation: {m.meta.orientation.value}")
    if m.meta.author:
        out.append(f"author: {m.meta.author}")
    if m.meta.description:
        out.append("description: " + m.meta.description.replace("\\", "\\\\").replace("\n", "\\n"))
    out.append(f"origin: {col0},{row0}")
    for r, line in enumerate(rows):
        toks = line.split(" ")
        cells = []
        for c, tok in enumerate(toks):
            h = hex_at(col0 + c, row0 + r, m.meta.orientation)
            cells.append((tok + marks.get(h, "")) if tok != HOLE else tok)
        width = max(len(x) for x in cells)
        out.append(" ".join(x.ljust(width) for x in cells).rstrip())
    for team in Team:
        track = m.track(team)
        if track:
            out.append(f"track {team.value}: {' '.join(str(h) for h in track)}")
    return "\n".join(out) + "\n"


def scenario_from_text(
    text: str,
    red: Sequence[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], int]] = (),
    blu: Sequence[tuple[str, tuple[int, int]] | tuple[str, tuple[int, int], int]] = (),
    rules: Mapping[str, OptionValue] | None = None,
    seed: int = 0,
    first_team: Team = Team.RED,
    mode: Mode | None = None,
) -> Scenario:
    """A scenario of ``mode`` (default: the text map's first mode, the first installed one unless its header
    says otherwise) on a text map (see :func:`map_from_text`).

    ``red`` / ``blu`` list starting units as ``(kind, (col, row))`` or
    ``(kind, (col, row), health)`` in blueprint order (text positions, origin
    0,0); teams left empty pick their units during set-up.
    """

    def team(units: Sequence[tuple]) -> TeamSetup:  # type: ignore[type-arg]
        return TeamSetup(starting=tuple(
            UnitStart(u[0], hex_at(*u[1]), u[2] if len(u) > 2 else None) for u in units))

    m = map_from_text(text)
    return Scenario(
        name="text scenario",
        mode=mode or m.meta.modes[0],
        map=m,
        rules=FrozenDict(dict(rules or {})),
        teams=FrozenDict({Team.RED: team(red), Team.BLU: team(blu)}),
        first_team=first_team,
        seed=seed,
    )


#: The name the tests and benches have long used (a text map's first mode is the first installed one).
koth_scenario = scenario_from_text
