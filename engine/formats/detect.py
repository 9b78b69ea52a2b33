"""Telling a map file from a scenario or ruleset file, and loading whichever it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.map_file import map_from_document
from engine.formats.ruleset_file import ruleset_from_document
from engine.formats.scenario_file import scenario_from_document
from engine.mapmodel import HexMap
from engine.ruleset import Ruleset
from engine.scenario import Scenario

__all__ = ["detect_kind", "load_any"]

_KINDS = ("map", "scenario", "ruleset", "replay", "report")


def detect_kind(doc: Any) -> str | None:
    """``"map"``, ``"scenario"``, ``"ruleset"``... from ``$schema`` or, failing that, the keys."""
    if not isinstance(doc, dict):
        return None
    ref = doc.get("$schema")
    if isinstance(ref, str):
        name = ref.rsplit("/", 1)[-1]
        for kind in _KINDS:
            if name == f"{kind}.schema.json":
                return kind
    if "rows" in doc or "cells" in doc:
        return "map"
    if "map" in doc and "mode" in doc:
        return "scenario"
    if "units" in doc and "options" in doc:
        return "ruleset"
    if "scenario" in doc and "actions" in doc:
        return "replay"
    return None


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
    raise LoadError.single(
        path,
        "$.$schema",
        "cannot tell what this file is; name its schema in \"$schema\" "
        "(map.schema.json, scenario.schema.json or ruleset.schema.json)",
    )
