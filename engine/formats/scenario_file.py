"""Scenario files: document ↔ :class:`~engine.scenario.Scenario`, load and save.

A scenario names its map by a path relative to the scenario file, or embeds it;
it names its ruleset as ``builtin:<name>`` or by a relative path, or leaves it out for
the mode's built-in ruleset. The loaded :class:`~engine.scenario.Scenario` carries
the resolved ruleset, so whoever plays or checks it uses the same one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.jsonio import atomic_write_text, dump_canonical, read_json_file
from engine.formats.kinds import detect_kind, wrong_kind_message
from engine.formats.map_file import load_map, map_from_document, map_to_document, schema_ref_for
from engine.formats.migrations import CURRENT, migrate
from engine.formats.ruleset_file import resolve_ruleset
from engine.formats.schemas import schema_id, validate_document
from engine.frozendict import FrozenDict
from engine.games.modes import GAMES
from engine.hexgrid import Hex
from engine.mapmodel import HexMap, Mode, Team
from engine.ruleset import Ruleset, RulesetError
from engine.scenario import Scenario, TeamSetup, UnitStart

__all__ = [
    "dumps_scenario",
    "load_scenario",
    "resolve_ruleset",
    "save_scenario",
    "scenario_from_document",
    "scenario_to_document",
]


def load_scenario(path: str | Path) -> Scenario:
    """Load a scenario file and the map and ruleset it names; raises LoadError."""
    return scenario_from_document(read_json_file(path), path)


def scenario_from_document(doc: Any, file: str | Path) -> Scenario:
    """Build a scenario from a parsed document; raises LoadError.

    Relative map and ruleset paths are resolved against the folder of ``file``.
    """
    found = detect_kind(doc)
    if found is not None and found != "scenario":
        raise LoadError.single(file, "$.$schema", wrong_kind_message(found, "scenario"))
    if not isinstance(doc, dict):
        raise LoadError.single(file, "$", "a scenario file holds one JSON object")
    doc = migrate(doc, "scenario", file)
    try:
        validate_document(doc, "scenario", file)
    except LoadError as e:
        raise _with_unknown_units(e, doc, file) from None
    base = Path(file).parent
    map_ref: str | None
    if isinstance(doc["map"], str):
        map_ref = doc["map"]
        try:
            the_map = load_map(base / map_ref)
        except LoadError as e:
            raise LoadError.single(file, "$.map", f"cannot load map {map_ref!r}: {e}") from None
    else:
        map_ref = None
        try:
            the_map = map_from_document(doc["map"], file)
        except LoadError as e:
            raise LoadError(
                file, [LoadProblem(p.where.replace("$", "$.map", 1), p.message, p.stage) for p in e.problems]
            ) from None
    mode = Mode(doc["mode"])
    ruleset_ref = doc.get("ruleset")
    ruleset = resolve_ruleset(ruleset_ref or GAMES[mode].ruleset, base, file)
    problems: list[LoadProblem] = []
    if mode not in the_map.meta.modes:
        made_for = ", ".join(m.value for m in the_map.meta.modes)
        lacks = [f for f in GAMES[mode].features if not the_map.features.get(f)]
        paint = f" and paint its {', '.join(lacks)} (the map has none)" if lacks else ""  # a trackless map (audit)
        problems.append(
            LoadProblem("$.mode", f"the map is made for {made_for}, not {mode.value}; pick one of those or add "
                        f"{mode.value} to the map's modes{paint}")
        )
    rules = dict(doc.get("rules", {}))
    for key, value in rules.items():  # one at a time, so each problem names its option
        try:
            ruleset.with_overrides({key: value})
        except RulesetError as e:
            problems.append(LoadProblem(f"$.rules.{key}", str(e)))
    teams = {
        Team(t): _team(v, f"$.teams.{t}", the_map, ruleset, problems)
        for t, v in doc.get("teams", {}).items()
    }
    if problems:
        raise LoadError(file, problems)
    return Scenario(
        name=doc["name"],
        mode=mode,
        map=the_map,
        map_ref=map_ref,
        description=doc.get("description", ""),
        ruleset_ref=ruleset_ref,
        ruleset=ruleset,
        rules=FrozenDict(rules),
        teams=FrozenDict(teams),
        first_team=Team(doc.get("first_team", "RED")),
        seed=doc.get("seed", 0),
    )


def _team(
    t: dict[str, Any], path: str, the_map: HexMap, ruleset: Ruleset, problems: list[LoadProblem]
) -> TeamSetup:
    roster = tuple(t.get("roster", ()))
    for i, kind in enumerate(roster):
        if kind not in ruleset.units:
            problems.append(LoadProblem(f"{path}.roster[{i}]", _unknown_unit(kind, ruleset)))
    starting: list[UnitStart] = []
    used: dict[Hex, int] = {}
    for i, u in enumerate(t.get("units", ())):
        where = f"{path}.units[{i}]"
        kind = u["unit"]
        if kind not in ruleset.units:
            problems.append(LoadProblem(f"{where}.unit", _unknown_unit(kind, ruleset)))
        elif roster and kind not in roster:
            problems.append(LoadProblem(f"{where}.unit", f"{kind!r} is not in this team's roster; add it to the roster or pick another unit"))
        h = Hex.parse(u["hex"]) if "hex" in u else None
        if h is not None:
            if h not in the_map:
                problems.append(LoadProblem(f"{where}.hex", f"hex {h} is not on the map"))
            elif h in used:
                problems.append(LoadProblem(f"{where}.hex", f"hex {h} already holds unit {used[h] + 1} of this team; one unit per hex"))
            used[h] = i
        health = u.get("health")
        if health is not None and kind in ruleset.units and health > ruleset.units[kind].max_health:
            problems.append(LoadProblem(f"{where}.health", f"{health} is more than a {kind}'s full health ({ruleset.units[kind].max_health})"))
        weapon = u.get("weapon")
        if weapon is not None and kind in ruleset.units and weapon not in ruleset.units[kind].weapons:
            cards = ", ".join(ruleset.units[kind].weapons) or "none"
            problems.append(LoadProblem(f"{where}.weapon", f"a {kind} cannot carry {weapon!r}; its cards: {cards}"))
        starting.append(UnitStart(kind, h, health, weapon))
    return TeamSetup(roster, tuple(starting))


def _with_unknown_units(err: LoadError, doc: dict[str, Any], file: str | Path) -> LoadError:
    """``err`` (the schema's refusal) with every unit name the mode's ruleset does not know added, when the mode can be
    read: the schema stops before the meaning checks, so "Engineer" hid "sniperr" until the next run (a folder audit).
    Names the schema already refused are not said twice; anything unreadable leaves ``err`` as it is."""
    ruleset_ref, mode_name = doc.get("ruleset"), doc.get("mode")
    if not isinstance(mode_name, str) or not isinstance(ruleset_ref, (str, type(None))):
        return err
    try:
        mode = Mode(mode_name)
        ruleset = resolve_ruleset(ruleset_ref or GAMES[mode].ruleset, Path(file).parent, file)
    except (ValueError, LoadError, OSError):
        return err
    said = {p.where for p in err.problems}
    extra: list[LoadProblem] = []
    teams = doc.get("teams")
    for t, team in (teams.items() if isinstance(teams, dict) else ()):
        if not isinstance(team, dict):
            continue
        roster, units = team.get("roster"), team.get("units")
        names = [(f"$.teams.{t}.roster[{i}]", k) for i, k in enumerate(roster if isinstance(roster, list) else ())]
        names += [(f"$.teams.{t}.units[{i}].unit", u.get("unit"))
                  for i, u in enumerate(units if isinstance(units, list) else ()) if isinstance(u, dict)]
        extra += [LoadProblem(where, _unknown_unit(kind, ruleset)) for where, kind in names
                  if isinstance(kind, str) and kind not in ruleset.units and where not in said
                  and kind.lower() not in ruleset.units]
    return LoadError(err.file, [*err.problems, *extra]) if extra else err


def _unknown_unit(kind: str, ruleset: Ruleset) -> str:
    return f"unknown unit {kind!r}; the ruleset has: {', '.join(ruleset.units)}"


def scenario_to_document(s: Scenario, schema_ref: str | None = None) -> dict[str, Any]:
    """The canonical document of ``s`` (map by reference, or embedded when map_ref is None)."""
    doc: dict[str, Any] = {
        "$schema": schema_ref or schema_id("scenario"),
        "format": CURRENT["scenario"],
        "name": s.name,
    }
    if s.description:
        doc["description"] = s.description
    if s.map_ref is not None:
        doc["map"] = s.map_ref
    else:
        embedded = map_to_document(s.map)
        del embedded["$schema"]
        doc["map"] = embedded
    doc["mode"] = s.mode.value
    if s.ruleset_ref is not None:
        doc["ruleset"] = s.ruleset_ref
    doc["first_team"] = s.first_team.value
    doc["seed"] = s.seed
    if s.rules:
        doc["rules"] = {k: s.rules[k] for k in sorted(s.rules)}
    teams: dict[str, Any] = {}
    for team in Team:
        setup = s.teams.get(team)
        if setup is None:
            continue
        td: dict[str, Any] = {}
        if setup.roster:
            td["roster"] = list(setup.roster)
        units = []
        for u in setup.starting:
            ud: dict[str, Any] = {"unit": u.unit}
            if u.hex is not None:
                ud["hex"] = str(u.hex)
            if u.health is not None:
                ud["health"] = u.health
            if u.weapon is not None:
                ud["weapon"] = u.weapon
            units.append(ud)
        if units:
            td["units"] = units
        teams[team.value] = td
    if teams:
        doc["teams"] = teams
    return doc


def dumps_scenario(s: Scenario, schema_ref: str | None = None) -> str:
    """The canonical text of ``s``."""
    return dump_canonical(scenario_to_document(s, schema_ref))


def save_scenario(s: Scenario, path: str | Path) -> None:
    """Write ``s`` to ``path`` canonically and atomically (not its map file); raises OSError."""
    atomic_write_text(path, dumps_scenario(s, schema_ref_for(path, "scenario")))
