"""Map files: document ↔ :class:`~engine.mapmodel.HexMap`, load and save.

Load is parse → size limits → migrate → schema → semantic checks → model; every
failure is a :class:`LoadError` naming the file, the place and the fix. Save
writes the canonical text atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.grid_codec import decode_rows, encode_rows
from engine.formats.jsonio import atomic_write_text, dump_canonical, parse_json_text, read_json_file
from engine.formats.kinds import detect_kind, wrong_kind_message
from engine.formats.migrations import CURRENT, migrate
from engine.formats.schemas import schema_dir, schema_id, validate_document
from engine.hexgrid import Hex
from engine.mapfeatures import FEATURES, features
from engine.mapmodel import MAX_HEXES, HexMap, MapEditError, MapMeta, Mode, Orientation, Team

__all__ = [
    "map_digest",
    "MAX_HEXES",
    "load_map",
    "loads_map",
    "map_from_document",
    "map_to_document",
    "save_map",
    "dumps_map",
    "schema_ref_for",
]

def load_map(path: str | Path) -> HexMap:
    """Load a map file; raises LoadError."""
    return map_from_document(read_json_file(path), path)


def loads_map(text: str | bytes, file: str | Path = "<text>") -> HexMap:
    """Load a map from JSON text; raises LoadError naming ``file``."""
    return map_from_document(parse_json_text(text, file), file)


def map_from_document(doc: Any, file: str | Path) -> HexMap:
    """Build a map from a parsed JSON document; raises LoadError."""
    found = detect_kind(doc)
    if found is not None and found != "map":
        raise LoadError.single(file, "$.$schema", wrong_kind_message(found, "map"))
    if not isinstance(doc, dict):
        raise LoadError.single(file, "$", "a map file holds one JSON object")
    _check_size(doc, file)
    doc = migrate(doc, "map", file)
    validate_document(doc, "map", file)
    orientation = Orientation(doc["orientation"])
    origin = tuple(doc.get("origin", (0, 0)))
    cells, bad = decode_rows(doc["rows"], (origin[0], origin[1]), orientation)
    if bad:
        raise LoadError(
            file, [LoadProblem(f"$.rows[{i}] token {j + 1}", msg) for i, j, msg in bad[:20]]
        )
    if not cells:
        raise LoadError.single(file, "$.rows", "the map has no hexes; draw at least one")
    problems: list[LoadProblem] = []
    spawns = {Team(t): _hexes(v, f"$.spawns.{t}", cells, problems) for t, v in doc.get("spawns", {}).items()}
    kits = _hexes(doc.get("kits", []), "$.kits", cells, problems)
    cps = [
        _hexes(v, f"$.control_points[{i}]", cells, problems)
        for i, v in enumerate(doc.get("control_points", []))
    ]
    feats: dict[str, Any] = {}
    for key, f in features().items():  # the modes' features (the schema has checked their form)
        if key not in doc:
            continue
        if f.by_part:
            feats[key] = {f.part(k): _hexes(v, f"$.{key}.{k}", cells, problems) for k, v in doc[key].items()}
        else:
            feats[key] = _hexes(doc[key], f"$.{key}", cells, problems)
    if problems:
        raise LoadError(file, problems[:20])
    try:
        meta = MapMeta(
            name=doc["name"],
            author=doc.get("author", ""),
            description=doc.get("description", ""),
            modes=tuple(Mode(m) for m in doc["modes"]),
            orientation=orientation,
        )
        return HexMap.create(meta, cells, spawns, kits, cps, feats)
    except MapEditError as e:
        where = f"hex {e.hexes[0]}" if e.hexes else "$"
        raise LoadError.single(file, where, str(e)) from None


def _check_size(doc: dict[str, Any], file: str | Path) -> None:
    """Refuse absurd maps before decoding them."""
    rows = doc.get("rows")
    if isinstance(rows, list):
        # hexes, not places: '--' holes around a slanted or ragged map do not count
        hexes = sum((len(r) + 1) // 3 - r.count("--") for r in rows if isinstance(r, str))
        if hexes > MAX_HEXES:
            raise LoadError.single(
                file, "$.rows", f"the rows hold {hexes:,} hexes; hexfort maps have at most {MAX_HEXES:,}"
            )
    cells = doc.get("cells")
    if isinstance(cells, list) and len(cells) > MAX_HEXES:
        raise LoadError.single(
            file, "$.cells", f"{len(cells):,} cells; hexfort maps have at most {MAX_HEXES:,}"
        )


def _hexes(
    values: list[str], path: str, cells: dict[Hex, Any], problems: list[LoadProblem]
) -> list[Hex]:
    out: list[Hex] = []
    for i, text in enumerate(values):
        h = Hex.parse(text)  # the schema already checked the form
        if h not in cells:
            problems.append(
                LoadProblem(f"{path}[{i}]", f"hex {h} is not on the map; draw ground there or remove it from this list")
            )
        out.append(h)
    return out


def _hex_list(hexes: Any) -> list[str]:
    return [str(h) for h in hexes]


def map_to_document(m: HexMap, schema_ref: str | None = None) -> dict[str, Any]:
    """The canonical document of ``m`` (fixed key order, sorted hex sets)."""
    origin, rows = encode_rows(m.cells, m.meta.orientation)
    doc: dict[str, Any] = {
        "$schema": schema_ref or schema_id("map"),
        "format": CURRENT["map"],
        "name": m.meta.name,
    }
    if m.meta.author:
        doc["author"] = m.meta.author
    if m.meta.description:
        doc["description"] = m.meta.description
    doc["modes"] = [mode.value for mode in m.meta.modes]
    doc["orientation"] = m.meta.orientation.value
    doc["origin"] = list(origin)
    doc["rows"] = rows
    spawns = {t.value: _hex_list(sorted(m.spawns[t])) for t in Team if m.spawns.get(t)}
    if spawns:
        doc["spawns"] = spawns
    if m.kits:
        doc["kits"] = _hex_list(sorted(m.kits))
    if m.control_points:
        doc["control_points"] = [_hex_list(sorted(cp)) for cp in m.control_points]
    for key, value in m.features.items():  # in the registry's order; paths keep theirs, sets are sorted
        f = FEATURES[key]
        if not f.by_part:
            doc[key] = _hex_list(sorted(value))
        else:
            doc[key] = {getattr(k, "value", str(k)): _hex_list(hs if f.shape == "path_by" else sorted(hs))
                        for k, hs in value.items()}
    return doc


#: The document keys that describe a map and change no game: left out of :func:`map_digest`.
_DESCRIPTION = frozenset({"$schema", "format", "name", "author", "description"})


def map_digest(m: HexMap) -> str:
    """A short fingerprint of what ``m``'s games are played on (its ground and features, its modes and orientation;
    not its name, author or description): two maps with the same digest play the same games. A balance study
    carries its map's, so a page or report can tell a study of another version of the same-named map."""
    doc = {k: v for k, v in map_to_document(m).items() if k not in _DESCRIPTION}
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def _existing_schema(target: Path) -> object:
    """The ``$schema`` of the file at ``target`` when there is one to read, else None."""
    if not target.is_file():
        return None
    try:
        doc = read_json_file(target)
    except LoadError:
        return None
    return doc.get("$schema") if isinstance(doc, dict) else None


def schema_ref_for(target: str | Path, kind: str, current: object = None) -> str:
    """What a file saved at ``target`` should put in ``$schema``.

    ``current`` (default: read from the file at ``target``, if any), the ``$schema``
    the file already has, when it names this kind's schema (``…/map.schema.json``):
    a file rewritten in place (``hexfort fix``, the editor's Save) keeps its own.
    Else, for a file inside this hexfort's folder (the bundled maps), a relative
    path to its schema, so JSON-Schema-aware text editors find it and
    complete and check the file; for a file anywhere else, the schema's ``$id``
    URL, which names it on every machine — a relative path climbing out to this
    checkout (``../../../work/main/schemas/map.schema.json``) breaks as soon as the
    file is shared (a new-user audit). The loaders accept any of them.
    """
    name = f"{kind}.schema.json"
    if current is None:  # a file saved over itself (the editor's Save) keeps its own too
        current = _existing_schema(Path(target))
    if isinstance(current, str) and current.rsplit("/", 1)[-1] == name:
        return current
    schema_file = schema_dir().resolve() / name
    home, folder = schema_file.parent.parent, Path(target).resolve().parent
    if not folder.is_relative_to(home):
        return schema_id(kind)
    try:
        return Path(os.path.relpath(schema_file, folder)).as_posix()
    except ValueError:
        return schema_id(kind)


def dumps_map(m: HexMap, schema_ref: str | None = None) -> str:
    """The canonical text of ``m``."""
    return dump_canonical(map_to_document(m, schema_ref))


def save_map(m: HexMap, path: str | Path) -> None:
    """Write ``m`` to ``path`` in canonical form, atomically; raises OSError."""
    atomic_write_text(path, dumps_map(m, schema_ref_for(path, "map")))
