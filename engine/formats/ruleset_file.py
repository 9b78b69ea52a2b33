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

__all__ = [
    "BUILTIN_PREFIX",
    "builtin_names",
    "builtin_ruleset",
    "builtin_ruleset_path",
    "load_ruleset",
    "resolve_ruleset",
    "ruleset_from_document",
]

#: A ruleset reference ``builtin:<name>`` names ``engine/data/<name>.ruleset.json``.
BUILTIN_PREFIX = "builtin:"
_DATA = Path(__file__).resolve().parents[1] / "data"


def builtin_ruleset_path(name: str = "koth") -> Path:
    """Path of the bundled ruleset ``name`` (``koth``, ``payload``...)."""
    return _DATA / f"{name}.ruleset.json"


def builtin_names() -> list[str]:
    """Names of the bundled rulesets, sorted."""
    return sorted(p.name.removesuffix(".ruleset.json") for p in _DATA.glob("*.ruleset.json"))


@cache
def builtin_ruleset(name: str = "koth") -> Ruleset:
    """A bundled ruleset (loaded once); raises LoadError for an unknown name."""
    if name not in builtin_names():
        raise LoadError.single(f"{BUILTIN_PREFIX}{name}", "$", f"unknown built-in ruleset {name!r}; "
                               f"hexfort has {', '.join(BUILTIN_PREFIX + n for n in builtin_names())}")
    return load_ruleset(builtin_ruleset_path(name))


def resolve_ruleset(ref: str, base: Path | None, file: str | Path) -> Ruleset:
    """The ruleset named by ``ref``: ``builtin:<name>`` or a path relative to ``base``.

    The one place a ruleset reference is turned into a ruleset (scenario and
    replay loaders call it). Raises LoadError at ``$.ruleset`` of ``file``.
    """
    if ref.startswith(BUILTIN_PREFIX):
        name = ref.removeprefix(BUILTIN_PREFIX)
        if name not in builtin_names():
            known = ", ".join(BUILTIN_PREFIX + n for n in builtin_names())
            raise LoadError.single(file, "$.ruleset", f"unknown built-in ruleset {ref!r}; use one of {known}")
        return builtin_ruleset(name)
    if base is None:
        raise LoadError.single(file, "$.ruleset", f"ruleset {ref!r} is a path, but this scenario has no folder "
                               "to find it from; save the scenario first or use a built-in ruleset")
    try:
        return load_ruleset(base / ref)
    except LoadError as e:
        raise LoadError.single(file, "$.ruleset", f"cannot load ruleset {ref!r}: {e}") from None


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
