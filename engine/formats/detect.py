"""Telling a map file from a scenario or ruleset file, and loading whichever it is."""

from __future__ import annotations

from pathlib import Path

from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.kinds import KIND_NAMES, detect_kind
from engine.formats.map_file import map_from_document
from engine.formats.ruleset_file import ruleset_from_document
from engine.formats.scenario_file import scenario_from_document
from engine.mapmodel import HexMap
from engine.ruleset import Ruleset
from engine.scenario import Scenario

__all__ = ["detect_kind", "load_any"]

def load_any(path: str | Path) -> tuple[str, HexMap | Scenario | Ruleset]:
    """Load a map, scenario or ruleset file; returns ``(kind, value)``; raises LoadError."""
    doc = read_json_file(path)
    kind = detect_kind(doc)
    if kind == "map":
        return kind, map_from_document(doc, path)
    if kind == "scenario":
        return kind, scenario_from_document(doc, path)
    if kind == "ruleset":
        return kind, ruleset_from_document(doc, path)
    if kind is not None:
        name, opener = KIND_NAMES[kind]
        raise LoadError.single(path, "$.$schema", f"this is {name}, which this command does not open; use {opener}")
    if not isinstance(doc, dict):
        raise LoadError.single(path, "$", "a hexfort file holds one JSON object ({...})", stage="schema")
    raise LoadError.single(
        path,
        "$.$schema",
        "this does not look like a hexfort file: its \"$schema\" names no hexfort schema and it has none of a "
        "map's or scenario's fields; give a map or scenario file — or, if this is one, name its schema in "
        "\"$schema\" (map.schema.json, scenario.schema.json, ruleset.schema.json or replay.schema.json)",
    )
