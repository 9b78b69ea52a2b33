"""Ruleset files: document ↔ :class:`~engine.ruleset.Ruleset`, and the bundled ruleset."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError
from engine.formats.jsonio import read_json_file
from engine.formats.kinds import detect_kind, wrong_kind_message
from engine.formats.migrations import migrate
from engine.formats.schemas import validate_document
from engine.frozendict import FrozenDict
from engine.ruleset import Ruleset, UnitStats

__all__ = ["builtin_ruleset", "builtin_ruleset_path", "load_ruleset", "ruleset_from_document"]


def builtin_ruleset_path() -> Path:
    """Path of the bundled King of the Board ruleset."""
    return Path(__file__).resolve().parents[1] / "data" / "koth.ruleset.json"


@cache
def builtin_ruleset() -> Ruleset:
    """The bundled King of the Board ruleset (loaded once)."""
    return load_ruleset(builtin_ruleset_path())


def load_ruleset(path: str | Path) -> Ruleset:
    """Load a ruleset file; raises LoadError."""
    return ruleset_from_document(read_json_file(path), path)


def ruleset_from_document(doc: Any, file: str | Path) -> Ruleset:
    """Build a ruleset from a parsed document; raises LoadError."""
    found = detect_kind(doc)
    if found is not None and found != "ruleset":
        raise LoadError.single(file, "$.$schema", wrong_kind_message(found, "ruleset"))
    doc = migrate(doc, "ruleset", file)
    validate_document(doc, "ruleset", file)
    units: dict[str, UnitStats] = {}
    for kind, u in doc["units"].items():
        passive = tuple(u.get("passive", ()))
        specials = tuple(u.get("specials", ()))
        stray = [p for p in passive if p not in specials]
        if stray:
            raise LoadError.single(
                file, f"$.units.{kind}.passive", f"{stray[0]!r} is passive but not among the unit's specials"
            )
        min_range = u.get("min_range", 1)
        if min_range > u["range"]:
            raise LoadError.single(
                file, f"$.units.{kind}.min_range", f"minimum range {min_range} is beyond the range {u['range']}"
            )
        units[kind] = UnitStats(
            kind=kind,
            name=u["name"],
            speed=u["speed"],
            range=u["range"],
            damage=u["damage"],
            health=u["health"],
            min_range=min_range,
            specials=specials,
            passive=passive,
            params=FrozenDict(dict(u.get("params", {}))),
            mobile=u.get("mobile", True),
            pickable=u.get("pickable", True),
        )
    return Ruleset(
        name=doc["name"],
        units=FrozenDict(units),
        options=FrozenDict(dict(doc["options"])),
        description=doc.get("description", ""),
    )
