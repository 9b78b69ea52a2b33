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
from engine.ruleset import Powerup, Reward, RewardTile, Ruleset, Stencil, UnitStats, WeaponCard

__all__ = [
    "BUILTIN_PREFIX",
    "builtin_names",
    "builtin_ruleset",
    "ruleset_file",
    "builtin_ruleset_path",
    "load_ruleset",
    "resolve_ruleset",
    "ruleset_from_document",
]

#: A ruleset reference ``builtin:<name>`` names ``engine/data/<name>.ruleset.json``.
BUILTIN_PREFIX = "builtin:"
_DATA = Path(__file__).resolve().parents[1] / "data"


def builtin_ruleset_path(name: str) -> Path:
    """Path of the bundled ruleset ``name`` (``koth``, ``payload``...)."""
    return _DATA / f"{name}.ruleset.json"


def builtin_names() -> list[str]:
    """Names of the bundled rulesets, sorted."""
    return sorted(p.name.removesuffix(".ruleset.json") for p in _DATA.glob("*.ruleset.json"))


@cache
def builtin_ruleset(name: str) -> Ruleset:
    """A bundled ruleset (loaded once); raises LoadError for an unknown name.

    A mode's own is :meth:`ModeRules.builtin_ruleset <engine.games.modes.ModeRules.builtin_ruleset>`.
    """
    if name not in builtin_names():
        raise LoadError.single(f"{BUILTIN_PREFIX}{name}", "$", f"unknown built-in ruleset {name!r}; "
                               f"hexfort has {', '.join(BUILTIN_PREFIX + n for n in builtin_names())}")
    return load_ruleset(builtin_ruleset_path(name))


@cache
def ruleset_file(path: str) -> Ruleset:
    """The ruleset file at ``path`` (a mode's own, outside hexfort's data), loaded once; raises LoadError."""
    return load_ruleset(path)


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
    if Path(ref).is_absolute():  # a mode's own ruleset outside hexfort's data
        return ruleset_file(ref)
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
            weapons=tuple(u.get("weapons", ())),
        )
    stencils = {name: _stencil(name, d, file) for name, d in doc.get("stencils", {}).items()}
    weapons = {name: _weapon(name, d, stencils, file) for name, d in doc.get("weapons", {}).items()}
    for kind, u in units.items():
        for i, w in enumerate(u.weapons):
            if w not in weapons:
                known = ", ".join(weapons) or "none; add a \"weapons\" section"
                raise LoadError.single(file, f"$.units.{kind}.weapons[{i}]",
                                       f"unknown weapon card {w!r}; the ruleset's cards: {known}")
    powerups = {name: Powerup(name, d["name"], d["use"], d.get("copies", 2), d.get("text", ""))
                for name, d in doc.get("powerups", {}).items()}
    tiles = {name: RewardTile(name, d["name"], FrozenDict({n: Reward(**d[str(n)]) for n in (1, 2, 3)}),
                              d.get("text", ""))
             for name, d in doc.get("reward_tiles", {}).items()}
    return Ruleset(
        name=doc["name"],
        units=FrozenDict(units),
        options=FrozenDict(dict(doc["options"])),
        description=doc.get("description", ""),
        weapons=FrozenDict(weapons),
        stencils=FrozenDict(stencils),
        powerups=FrozenDict(powerups),
        reward_tiles=FrozenDict(tiles),
        ammo_tiles=tuple(doc.get("ammo_tiles", ())),
    )


def _stencil(name: str, d: dict[str, Any], file: str | Path) -> Stencil:
    cells: list[tuple[int, int, int | None]] = []
    for key, dmg in d["cells"].items():
        q, r = (int(x) for x in key.split(","))
        cells.append((q, r, dmg))
    return Stencil(name, tuple(sorted(cells, key=lambda c: (abs(c[0]) + abs(c[1]) + abs(c[0] + c[1]), c[0], c[1]))),
                   d.get("text", ""))


def _weapon(name: str, d: dict[str, Any], stencils: dict[str, Stencil], file: str | Path) -> WeaponCard:
    where = f"$.weapons.{name}"
    kind = d["kind"]
    stencil = d.get("stencil", "")
    if kind in ("blast", "fire") and not stencil:
        raise LoadError.single(file, f"{where}.stencil", f"a {kind} weapon needs a stencil; name one of the "
                               f"ruleset's stencils ({', '.join(stencils) or 'none yet'})")
    if stencil and stencil not in stencils:
        raise LoadError.single(file, f"{where}.stencil", f"unknown stencil {stencil!r}; the ruleset's stencils: "
                               f"{', '.join(stencils) or 'none'}")
    min_range = d.get("min_range", 1)
    if min_range > d["range"]:
        raise LoadError.single(file, f"{where}.min_range", f"minimum range {min_range} is beyond the range {d['range']}")
    if d.get("charge") and not d.get("charge_needed"):
        raise LoadError.single(file, f"{where}.charge_needed", "a card with a charge says how many heals fill it")
    return WeaponCard(
        name=name, title=d["name"], kind=kind, range=d["range"], damage=d.get("damage", 0), min_range=min_range,
        accuracy=d.get("accuracy", 0), falloff=d.get("falloff", 0), shots=d.get("shots", 1), stencil=stencil,
        lobbed=d.get("lobbed", False), charge=d.get("charge", ""), charge_needed=d.get("charge_needed", 0),
        text=d.get("text", ""), marks=d.get("marks", 0), cost=d.get("cost", ""), venom=d.get("venom", False),
    )
