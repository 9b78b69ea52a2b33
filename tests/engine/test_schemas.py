"""The JSON Schemas: valid against the 2020-12 metaschema, and every rule in them
broken once by a test document that gets a plain message at the right JSON path.

``test_every_schema_rule_is_exercised`` walks the schemas and fails if a rule
(a keyword that can reject a document) is not broken by any case below.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engine.formats.errors import LoadError
from engine.formats.ruleset_file import builtin_ruleset_path
from engine.formats.schemas import _registry, schema, schema_dir, validate_document, validator
from engine.mapmodel import Mode

DELETE = object()
ASSERTIONS = {
    "type", "enum", "const", "pattern", "minLength", "maxLength", "minItems", "maxItems",
    "uniqueItems", "required", "additionalProperties", "minimum", "maximum",
    "minProperties", "maxProperties", "oneOf", "items",
}


def base(kind: str) -> dict[str, Any]:
    if kind == "map":
        return {"format": 3, "name": "m", "modes": ["koth"], "orientation": "pointy", "origin": [0, 0],
                "rows": ["0. 0.", "0. 2."], "spawns": {"RED": ["0,0"], "BLU": ["1,0"]}, "kits": ["0,1"],
                "control_points": [["1,1"]], "tracks": {"RED": ["0,0", "1,0"], "BLU": ["0,1", "1,1"]},
                "spawnpoints": {"red": ["0,0"], "blue": ["1,0"], "yellow": ["0,1"]}, "ammo": ["1,1"], "racks": ["0,0"]}
    if kind == "scenario":
        return {"format": 1, "name": "s", "map": "m.map.json", "mode": "koth", "ruleset": "builtin:koth",
                "first_team": "RED", "seed": 1, "rules": {"points_to_win": 5},
                "teams": {"RED": {"roster": ["scout"], "units": [{"unit": "scout", "hex": "0,0", "health": 10}]}}}
    if kind == "ruleset":
        return json.loads(builtin_ruleset_path("koth").read_text())
    raise KeyError(kind)


def mutate(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    target = doc
    for p in path[:-1]:
        target = target[p]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


LONG = "x" * 5000
TOO_MANY_ROWS = ["0."] * 401
GUN = {"name": "G", "kind": "direct", "range": 3}
POW = {"name": "P", "use": "newton"}
NOTHING: dict[str, int] = {}
TILE = {"name": "T", "1": NOTHING, "2": NOTHING, "3": NOTHING}
CASES: list[tuple[str, list[Any], Any, str, str]] = [
    # kind, where to change, new value, expected JSON path, expected words
    ("map", ["format"], DELETE, "$", "missing required property 'format'"),
    ("map", ["colour"], "red", "$", "unknown property 'colour'"),
    # a typo of a known property names the likely one; a q,r too large is out of range, not "the wrong form" (an audit)
    ("map", ["spwans"], {"RED": ["0,0"]}, "$", "unknown property 'spwans' (did you mean 'spawns'?)"),
    ("map", ["kits"], ["100000,0"], "$.kits[0]", '"100000,0" is out of range: q and r are each at most 9999'),
    ("map", ["kits"], ["3;1"], "$.kits[0]", 'has the wrong form; expected an axial hex coordinate written "q,r"'),
    ("map", ["$schema"], 5, "$.$schema", "expected string"),
    ("map", ["format"], 4, "$.format", "must be 3"),
    ("map", ["name"], "", "$.name", "needs at least 1 character"),
    ("map", ["name"], "   ", "$.name", "has the wrong form"),
    ("map", ["name"], "n" * 121, "$.name", "at most 120 characters"),
    ("map", ["name"], 7, "$.name", "expected string"),
    ("map", ["author"], "a" * 201, "$.author", "at most 200"),
    ("map", ["author"], 1, "$.author", "expected string"),
    ("map", ["description"], LONG, "$.description", "at most 4000"),
    ("map", ["description"], [], "$.description", "expected string"),
    ("map", ["modes"], [], "$.modes", "needs at least 1 item (has 0)"),
    ("map", ["modes"], ["koth", "koth"], "$.modes", "lists \"koth\" twice (entries 0 and 1, counting from 0)"),
    ("map", ["modes"], ["chess"], "$.modes[0]", "is not one of"),
    ("map", ["modes"], "koth", "$.modes", "expected array"),
    ("map", ["orientation"], "round", "$.orientation", "is not one of: 'pointy', 'flat'"),
    ("map", ["origin"], [0], "$.origin", "at least 2 items"),
    ("map", ["origin"], [0, 0, 0], "$.origin", "too many items"),
    ("map", ["origin"], ["a", 0], "$.origin[0]", "expected integer"),
    ("map", ["origin"], [0, 1.5], "$.origin[1]", "expected integer"),
    ("map", ["origin"], "0,0", "$.origin", "expected array"),
    ("map", ["origin"], [15001, -15001], "$.origin[0]", "at most 15000"),
    ("map", ["origin"], [15001, -15001], "$.origin[1]", "at least -15000"),
    ("map", ["origin"], [0, 15001], "$.origin[1]", "at most 15000"),
    ("map", ["origin"], [-15001, 0], "$.origin[0]", "at least -15000"),
    ("map", ["origin"], [0, 2.0], "$.origin[1]", "expected integer"),
    ("map", ["modes"], [*(m.value for m in Mode), "koth"], "$.modes", f"at most {len(Mode)} items"),
    ("map", ["rows"], [], "$.rows", "needs at least 1 item (has 0)"),
    ("map", ["rows"], TOO_MANY_ROWS, "$.rows", "at most 400 items"),
    ("map", ["rows"], ["0. 0x"], "$.rows[0]", "token 2 of the row: '0x' has unknown terrain 'x'"),
    ("map", ["rows"], ["0. 1. 1. 1. 3x 1."], "$.rows[0]", "token 5 of the row: '3x' is not a hex token"),
    ("map", ["rows"], ["0.  0."], "$.rows[0]", "token 2 of the row: '' is not a hex token"),
    ("map", ["rows"], [" ".join(["0."] * 401)], "$.rows[0]", "at most 1199 characters"),
    ("map", ["rows"], [3], "$.rows[0]", "expected string"),
    ("map", ["rows"], "0. 0.", "$.rows", "expected array"),
    ("map", ["spawns", "GREEN"], ["0,0"], "$.spawns", "unknown property 'GREEN'"),
    ("map", ["spawns"], [], "$.spawns", "expected object"),
    ("map", ["spawns", "RED"], ["0;0"], "$.spawns.RED[0]", "expected an axial hex coordinate"),
    ("map", ["spawns", "RED"], [0], "$.spawns.RED[0]", "expected string"),
    ("map", ["spawns", "RED"], ["0,0", "0,0"], "$.spawns.RED", "lists \"0,0\" twice (entries 0 and 1"),
    ("map", ["spawns", "RED"], [f"{i},0" for i in range(40001)], "$.spawns.RED", "at most 40000 items"),
    ("map", ["spawns", "RED"], "0,0", "$.spawns.RED", "expected array"),
    ("map", ["control_points"], [["1,1"]] * 9, "$.control_points", "at most 8 items"),
    ("map", ["control_points"], [[]], "$.control_points[0]", "needs at least 1 item (has 0)"),
    ("map", ["control_points"], "1,1", "$.control_points", "expected array"),
    ("map", ["control_points"], ["1,1"], "$.control_points[0]", "expected array"),
    ("map", ["tracks", "GREEN"], ["0,0", "1,0"], "$.tracks", "unknown property 'GREEN'"),
    ("map", ["tracks"], [], "$.tracks", "expected object"),
    ("map", ["tracks", "RED"], ["0,0"], "$.tracks.RED", "at least 2 items"),
    ("map", ["tracks", "RED"], ["0,0", "0,0"], "$.tracks.RED", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("map", ["tracks", "RED"], [f"{i},0" for i in range(40001)], "$.tracks.RED", "at most 40000 items"),
    ("map", ["tracks", "RED"], {"a": 1}, "$.tracks.RED", "expected array"),
    ("map", [], None, "$", "expected object"),
    # map: Team Play's features (format 3)
    ("map", ["spawnpoints", "green"], ["0,0"], "$.spawnpoints", "unknown property 'green'"),
    ("map", ["spawnpoints"], [], "$.spawnpoints", "expected object"),
    ("map", ["spawnpoints", "red"], ["0;0"], "$.spawnpoints.red[0]", "expected an axial hex coordinate"),
    ("map", ["spawnpoints", "blue"], ["0,0", "0,0"], "$.spawnpoints.blue", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("map", ["spawnpoints", "yellow"], "0,0", "$.spawnpoints.yellow", "expected array"),
    ("map", ["ammo"], ["1,1", "1,1"], "$.ammo", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("map", ["ammo"], {"1,1": 1}, "$.ammo", "expected array"),
    ("map", ["racks"], [5], "$.racks[0]", "expected string"),
    ("map", ["racks"], "0,0", "$.racks", "expected array"),
    # scenario
    ("scenario", ["mode"], DELETE, "$", "missing required property 'mode'"),
    ("scenario", ["winner"], "RED", "$", "unknown property 'winner'"),
    ("scenario", ["$schema"], 1, "$.$schema", "expected string"),
    ("scenario", ["format"], 2, "$.format", "must be 1"),
    ("scenario", ["name"], "", "$.name", "needs at least 1 character"),
    ("scenario", ["name"], " ", "$.name", "wrong form"),
    ("scenario", ["name"], "n" * 121, "$.name", "at most 120"),
    ("scenario", ["name"], 1, "$.name", "expected string"),
    ("scenario", ["description"], LONG, "$.description", "at most 4000"),
    ("scenario", ["description"], 1, "$.description", "expected string"),
    ("scenario", ["map"], 5, "$.map", "a relative path to a map file, or an embedded map object"),
    ("scenario", ["map"], "", "$.map", "needs at least 1 character"),
    ("scenario", ["map"], "m" * 1001, "$.map", "at most 1000"),
    ("scenario", ["map"], {"format": 3, "name": "e", "modes": ["koth"], "orientation": "pointy", "rows": ["0x"]},
     "$.map.rows[0]", "token 1 of the row: '0x' has unknown terrain 'x'"),
    ("scenario", ["mode"], "chess", "$.mode", "is not one of"),
    ("scenario", ["ruleset"], "", "$.ruleset", "at least 1"),
    ("scenario", ["ruleset"], "r" * 1001, "$.ruleset", "at most 1000"),
    ("scenario", ["ruleset"], 1, "$.ruleset", "expected string"),
    ("scenario", ["first_team"], "GREEN", "$.first_team", "is not one of: 'RED', 'BLU'"),
    ("scenario", ["seed"], -1, "$.seed", "at least 0"),
    ("scenario", ["seed"], 2**64, "$.seed", "at most 18446744073709551615"),
    ("scenario", ["seed"], "1", "$.seed", "expected integer"),
    ("scenario", ["rules"], {"Points": 1}, "$.rules", "has the wrong form; use lower_case"),
    ("scenario", ["rules"], {"points_to_win": [1]}, "$.rules.points_to_win", "expected"),
    ("scenario", ["rules"], {f"o{i}": 1 for i in range(101)}, "$.rules", "at most 100 entries"),
    ("scenario", ["rules"], [], "$.rules", "expected object"),
    ("scenario", ["teams"], {"GREEN": {}}, "$.teams", "unknown property 'GREEN'"),
    ("scenario", ["teams"], [], "$.teams", "expected object"),
    ("scenario", ["teams", "RED"], {"bench": []}, "$.teams.RED", "unknown property 'bench'"),
    ("scenario", ["teams", "RED"], [], "$.teams.RED", "expected object"),
    ("scenario", ["teams", "RED", "roster"], ["scout", "scout"], "$.teams.RED.roster", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("scenario", ["teams", "RED", "roster"], ["x"] * 33, "$.teams.RED.roster", "at most 32"),
    ("scenario", ["teams", "RED", "roster"], ["Scout"], "$.teams.RED.roster[0]", "names here are lower case, \"scout\""),
    ("scenario", ["teams", "RED", "roster"], ["sn-iper"], "$.teams.RED.roster[0]", "expected a unit kind"),
    ("scenario", ["teams", "RED", "roster"], [1], "$.teams.RED.roster[0]", "expected string"),
    ("scenario", ["teams", "RED", "roster"], "scout", "$.teams.RED.roster", "expected array"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout"}] * 33, "$.teams.RED.units", "at most 32"),
    ("scenario", ["teams", "RED", "units"], {}, "$.teams.RED.units", "expected array"),
    ("scenario", ["teams", "RED", "units"], [{"hex": "0,0"}], "$.teams.RED.units[0]", "missing required property 'unit'"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "hp": 1}], "$.teams.RED.units[0]", "unknown property 'hp'"),
    ("scenario", ["teams", "RED", "units"], ["scout"], "$.teams.RED.units[0]", "expected object"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "hex": "a"}], "$.teams.RED.units[0].hex", "axial hex"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "health": 0}], "$.teams.RED.units[0].health", "at least 1"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "health": 10001}], "$.teams.RED.units[0].health", "at most 10000"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "health": 1.5}], "$.teams.RED.units[0].health", "expected integer"),
    # ruleset
    ("ruleset", ["options"], DELETE, "$", "missing required property 'options'"),
    ("ruleset", ["extra"], 1, "$", "unknown property 'extra'"),
    ("ruleset", ["$schema"], 1, "$.$schema", "expected string"),
    ("ruleset", ["format"], 2, "$.format", "must be 1"),
    ("ruleset", ["name"], "", "$.name", "at least 1"),
    ("ruleset", ["name"], "n" * 121, "$.name", "at most 120"),
    ("ruleset", ["name"], 1, "$.name", "expected string"),
    ("ruleset", ["description"], LONG, "$.description", "at most 4000"),
    ("ruleset", ["description"], 1, "$.description", "expected string"),
    ("ruleset", ["units"], {}, "$.units", "needs at least 1 entry"),
    ("ruleset", ["units"], {f"u{i}": {"name": "u", "speed": 1, "range": 1, "damage": 1, "health": 1} for i in range(33)},
     "$.units", "at most 32 entries"),
    ("ruleset", ["units"], {"Scout": {"name": "S", "speed": 1, "range": 1, "damage": 1, "health": 1}}, "$.units", "has the wrong form; use lower_case"),
    ("ruleset", ["units"], [], "$.units", "expected object"),
    ("ruleset", ["units", "scout"], [], "$.units.scout", "expected object"),
    ("ruleset", ["units", "scout", "health"], DELETE, "$.units.scout", "missing required property 'health'"),
    ("ruleset", ["units", "scout", "armour"], 1, "$.units.scout", "unknown property 'armour'"),
    ("ruleset", ["units", "scout", "name"], "", "$.units.scout.name", "at least 1"),
    ("ruleset", ["units", "scout", "name"], "n" * 61, "$.units.scout.name", "at most 60"),
    ("ruleset", ["units", "scout", "name"], 1, "$.units.scout.name", "expected string"),
    ("ruleset", ["units", "scout", "speed"], -1, "$.units.scout.speed", "at least 0"),
    ("ruleset", ["units", "scout", "speed"], 51, "$.units.scout.speed", "at most 50"),
    ("ruleset", ["units", "scout", "speed"], "6", "$.units.scout.speed", "expected integer"),
    ("ruleset", ["units", "scout", "range"], -1, "$.units.scout.range", "at least 0"),
    ("ruleset", ["units", "scout", "range"], 51, "$.units.scout.range", "at most 50"),
    ("ruleset", ["units", "scout", "range"], 1.5, "$.units.scout.range", "expected integer"),
    ("ruleset", ["units", "scout", "min_range"], -1, "$.units.scout.min_range", "at least 0"),
    ("ruleset", ["units", "scout", "min_range"], 51, "$.units.scout.min_range", "at most 50"),
    ("ruleset", ["units", "scout", "min_range"], "1", "$.units.scout.min_range", "expected integer"),
    ("ruleset", ["units", "scout", "damage"], -1, "$.units.scout.damage", "at least 0"),
    ("ruleset", ["units", "scout", "damage"], 1001, "$.units.scout.damage", "at most 1000"),
    ("ruleset", ["units", "scout", "damage"], None, "$.units.scout.damage", "expected integer"),
    ("ruleset", ["units", "scout", "health"], 0, "$.units.scout.health", "at least 1"),
    ("ruleset", ["units", "scout", "health"], 10001, "$.units.scout.health", "at most 10000"),
    ("ruleset", ["units", "scout", "health"], "120", "$.units.scout.health", "expected integer"),
    ("ruleset", ["units", "scout", "specials"], ["a", "a"], "$.units.scout.specials", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("ruleset", ["units", "scout", "specials"], ["Jump"], "$.units.scout.specials[0]", "wrong form"),
    ("ruleset", ["units", "scout", "specials"], [1], "$.units.scout.specials[0]", "expected string"),
    ("ruleset", ["units", "scout", "specials"], "jump", "$.units.scout.specials", "expected array"),
    ("ruleset", ["units", "scout", "passive"], ["a", "a"], "$.units.scout.passive", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("ruleset", ["units", "scout", "passive"], ["Jump"], "$.units.scout.passive[0]", "wrong form"),
    ("ruleset", ["units", "scout", "passive"], [1], "$.units.scout.passive[0]", "expected string"),
    ("ruleset", ["units", "scout", "passive"], "jump", "$.units.scout.passive", "expected array"),
    ("ruleset", ["units", "scout", "params"], {"Bad": 1}, "$.units.scout.params", "wrong form"),
    ("ruleset", ["units", "scout", "params"], {"x": [1]}, "$.units.scout.params.x", "expected"),
    ("ruleset", ["units", "scout", "params"], [], "$.units.scout.params", "expected object"),
    ("ruleset", ["units", "scout", "mobile"], "no", "$.units.scout.mobile", "expected boolean"),
    ("ruleset", ["units", "scout", "pickable"], 0, "$.units.scout.pickable", "expected boolean"),
    ("ruleset", ["options"], {"Bad": 1}, "$.options", "wrong form"),
    ("ruleset", ["options"], {"x": None}, "$.options.x", "expected"),
    ("ruleset", ["options"], {f"o{i}": 1 for i in range(201)}, "$.options", "at most 200 entries"),
    ("ruleset", ["options"], [], "$.options", "expected object"),
    # ruleset: weapon cards and stencils (Payload Race)
    ("ruleset", ["weapons"], [], "$.weapons", "expected object"),
    ("ruleset", ["weapons"], {"Gun": GUN}, "$.weapons", "wrong form"),
    ("ruleset", ["weapons"], {f"w{i}": GUN for i in range(65)}, "$.weapons", "at most 64 entries"),
    ("ruleset", ["weapons"], {"gun": []}, "$.weapons.gun", "expected object"),
    ("ruleset", ["weapons"], {"gun": {"name": "G", "kind": "direct"}}, "$.weapons.gun", "missing required property 'range'"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "ammo": 3}}, "$.weapons.gun", "unknown property 'ammo'"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "name": ""}}, "$.weapons.gun.name", "at least 1"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "name": "n" * 61}}, "$.weapons.gun.name", "at most 60"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "name": 1}}, "$.weapons.gun.name", "expected string"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "kind": "laser"}}, "$.weapons.gun.kind", "is not one of"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "range": -1}}, "$.weapons.gun.range", "at least 0"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "range": 51}}, "$.weapons.gun.range", "at most 50"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "range": "3"}}, "$.weapons.gun.range", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "min_range": -1}}, "$.weapons.gun.min_range", "at least 0"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "min_range": 51}}, "$.weapons.gun.min_range", "at most 50"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "min_range": 1.5}}, "$.weapons.gun.min_range", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "damage": -1}}, "$.weapons.gun.damage", "at least 0"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "damage": 1001}}, "$.weapons.gun.damage", "at most 1000"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "damage": "2"}}, "$.weapons.gun.damage", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "accuracy": -21}}, "$.weapons.gun.accuracy", "at least -20"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "accuracy": 21}}, "$.weapons.gun.accuracy", "at most 20"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "accuracy": 0.5}}, "$.weapons.gun.accuracy", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "falloff": -1}}, "$.weapons.gun.falloff", "at least 0"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "falloff": 1001}}, "$.weapons.gun.falloff", "at most 1000"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "falloff": "1"}}, "$.weapons.gun.falloff", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "shots": 0}}, "$.weapons.gun.shots", "at least 1"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "shots": 21}}, "$.weapons.gun.shots", "at most 20"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "shots": "4"}}, "$.weapons.gun.shots", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "stencil": "Big"}}, "$.weapons.gun.stencil", "wrong form"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "stencil": 1}}, "$.weapons.gun.stencil", "expected string"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "lobbed": "yes"}}, "$.weapons.gun.lobbed", "expected boolean"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "charge": "nuke"}}, "$.weapons.gun.charge", "is not one of"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "charge_needed": 0}}, "$.weapons.gun.charge_needed", "at least 1"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "charge_needed": 51}}, "$.weapons.gun.charge_needed", "at most 50"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "charge_needed": "3"}}, "$.weapons.gun.charge_needed", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "text": LONG}}, "$.weapons.gun.text", "at most 1000"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "text": 1}}, "$.weapons.gun.text", "expected string"),
    ("ruleset", ["units", "scout", "weapons"], ["gun", "gun"], "$.units.scout.weapons", "twice (entries 0 and 1, counting from 0); remove the duplicate"),
    ("ruleset", ["units", "scout", "weapons"], [f"w{i}" for i in range(9)], "$.units.scout.weapons", "at most 8"),
    ("ruleset", ["units", "scout", "weapons"], ["Gun"], "$.units.scout.weapons[0]", "wrong form"),
    ("ruleset", ["units", "scout", "weapons"], [1], "$.units.scout.weapons[0]", "expected string"),
    ("ruleset", ["units", "scout", "weapons"], "gun", "$.units.scout.weapons", "expected array"),
    ("ruleset", ["stencils"], [], "$.stencils", "expected object"),
    ("ruleset", ["stencils"], {"Blast": {"cells": {"0,0": None}}}, "$.stencils", "wrong form"),
    ("ruleset", ["stencils"], {f"s{i}": {"cells": {"0,0": None}} for i in range(33)}, "$.stencils", "at most 32 entries"),
    ("ruleset", ["stencils"], {"b": []}, "$.stencils.b", "expected object"),
    ("ruleset", ["stencils"], {"b": {}}, "$.stencils.b", "missing required property 'cells'"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": None}, "size": 1}}, "$.stencils.b", "unknown property 'size'"),
    ("ruleset", ["stencils"], {"b": {"cells": []}}, "$.stencils.b.cells", "expected object"),
    ("ruleset", ["stencils"], {"b": {"cells": {}}}, "$.stencils.b.cells", "needs at least 1 entry"),
    ("ruleset", ["stencils"], {"b": {"cells": {f"{i},0": 1 for i in range(65)}}}, "$.stencils.b.cells", "at most 64 entries"),
    ("ruleset", ["stencils"], {"b": {"cells": {"a,b": 1}}}, "$.stencils.b.cells", "wrong form"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": "2"}}}, "$.stencils.b.cells.0,0", "expected"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": -1}}}, "$.stencils.b.cells.0,0", "at least 0"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": 1001}}}, "$.stencils.b.cells.0,0", "at most 1000"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": 1}, "text": LONG}}, "$.stencils.b.text", "at most 1000"),
    ("ruleset", ["stencils"], {"b": {"cells": {"0,0": 1}, "text": 2}}, "$.stencils.b.text", "expected string"),
    # ruleset: Team Play's weapon costs, powerups, reward tiles and ammo tiles
    ("ruleset", ["weapons"], {"gun": {**GUN, "marks": -1}}, "$.weapons.gun.marks", "at least 0"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "marks": 4}}, "$.weapons.gun.marks", "at most 3"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "marks": "1"}}, "$.weapons.gun.marks", "expected integer"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "cost": "RRX"}}, "$.weapons.gun.cost", "wrong form"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "cost": 2}}, "$.weapons.gun.cost", "expected string"),
    ("ruleset", ["weapons"], {"gun": {**GUN, "venom": 1}}, "$.weapons.gun.venom", "expected boolean"),
    ("ruleset", ["powerups"], [], "$.powerups", "expected object"),
    ("ruleset", ["powerups"], {"Newton": POW}, "$.powerups", "wrong form"),
    ("ruleset", ["powerups"], {f"p{i}": POW for i in range(17)}, "$.powerups", "at most 16 entries"),
    ("ruleset", ["powerups"], {"p": []}, "$.powerups.p", "expected object"),
    ("ruleset", ["powerups"], {"p": {"name": "P"}}, "$.powerups.p", "missing required property 'use'"),
    ("ruleset", ["powerups"], {"p": {**POW, "cost": 1}}, "$.powerups.p", "unknown property 'cost'"),
    ("ruleset", ["powerups"], {"p": {**POW, "name": ""}}, "$.powerups.p.name", "at least 1"),
    ("ruleset", ["powerups"], {"p": {**POW, "name": "n" * 61}}, "$.powerups.p.name", "at most 60"),
    ("ruleset", ["powerups"], {"p": {**POW, "name": 1}}, "$.powerups.p.name", "expected string"),
    ("ruleset", ["powerups"], {"p": {**POW, "use": "laser"}}, "$.powerups.p.use", "is not one of"),
    ("ruleset", ["powerups"], {"p": {**POW, "copies": -1}}, "$.powerups.p.copies", "at least 0"),
    ("ruleset", ["powerups"], {"p": {**POW, "copies": 11}}, "$.powerups.p.copies", "at most 10"),
    ("ruleset", ["powerups"], {"p": {**POW, "copies": "2"}}, "$.powerups.p.copies", "expected integer"),
    ("ruleset", ["powerups"], {"p": {**POW, "text": LONG}}, "$.powerups.p.text", "at most 1000"),
    ("ruleset", ["powerups"], {"p": {**POW, "text": 1}}, "$.powerups.p.text", "expected string"),
    ("ruleset", ["reward_tiles"], [], "$.reward_tiles", "expected object"),
    ("ruleset", ["reward_tiles"], {"Focus": TILE}, "$.reward_tiles", "wrong form"),
    ("ruleset", ["reward_tiles"], {f"t{i}": TILE for i in range(17)}, "$.reward_tiles", "at most 16 entries"),
    ("ruleset", ["reward_tiles"], {"t": []}, "$.reward_tiles.t", "expected object"),
    ("ruleset", ["reward_tiles"], {"t": {"name": "T", "1": {}, "2": {}}}, "$.reward_tiles.t", "missing required property '3'"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "4": {}}}, "$.reward_tiles.t", "unknown property '4'"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "name": ""}}, "$.reward_tiles.t.name", "at least 1"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "name": "n" * 61}}, "$.reward_tiles.t.name", "at most 60"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "name": 1}}, "$.reward_tiles.t.name", "expected string"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "text": LONG}}, "$.reward_tiles.t.text", "at most 1000"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "text": 1}}, "$.reward_tiles.t.text", "expected string"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "1": []}}, "$.reward_tiles.t.1", "expected object"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "1": {"gold": 1}}}, "$.reward_tiles.t.1", "unknown property 'gold'"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "1": {"points": -1}}}, "$.reward_tiles.t.1.points", "at least 0"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "1": {"points": 21}}}, "$.reward_tiles.t.1.points", "at most 20"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "1": {"points": "2"}}}, "$.reward_tiles.t.1.points", "expected integer"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "2": {"heal": -1}}}, "$.reward_tiles.t.2.heal", "at least 0"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "2": {"heal": 4}}}, "$.reward_tiles.t.2.heal", "at most 3"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "2": {"heal": 0.5}}}, "$.reward_tiles.t.2.heal", "expected integer"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"cubes": -1}}}, "$.reward_tiles.t.3.cubes", "at least 0"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"cubes": 7}}}, "$.reward_tiles.t.3.cubes", "at most 6"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"cubes": "1"}}}, "$.reward_tiles.t.3.cubes", "expected integer"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"powerups": -1}}}, "$.reward_tiles.t.3.powerups", "at least 0"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"powerups": 4}}}, "$.reward_tiles.t.3.powerups", "at most 3"),
    ("ruleset", ["reward_tiles"], {"t": {**TILE, "3": {"powerups": None}}}, "$.reward_tiles.t.3.powerups", "expected integer"),
    ("ruleset", ["ammo_tiles"], [], "$.ammo_tiles", "at least 1 item"),
    ("ruleset", ["ammo_tiles"], ["RRB"] * 37, "$.ammo_tiles", "at most 36 items"),
    ("ruleset", ["ammo_tiles"], ["RRX"], "$.ammo_tiles[0]", "expected cube letters"),
    ("ruleset", ["ammo_tiles"], [3], "$.ammo_tiles[0]", "expected string"),
    ("ruleset", ["ammo_tiles"], "RRB", "$.ammo_tiles", "expected array"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "weapon": "Gun"}], "$.teams.RED.units[0].weapon", "wrong form"),
    ("scenario", ["teams", "RED", "units"], [{"unit": "scout", "weapon": 1}], "$.teams.RED.units[0].weapon", "expected string"),
    ("ruleset", ["units", "scout", "specials"], [f"s{i}" for i in range(33)], "$.units.scout.specials",
     "at most 32 items"),
    ("ruleset", ["units", "scout", "passive"], [f"s{i}" for i in range(33)], "$.units.scout.passive",
     "at most 32 items"),
    ("ruleset", ["units", "scout", "params"], {f"p{i}": 1 for i in range(101)}, "$.units.scout.params",
     "at most 100 entries"),
]


def _apply(kind: str, path: list[Any], value: Any) -> Any:
    return value if not path else mutate(base(kind), path, value)


@pytest.mark.parametrize("kind", ["map", "scenario", "ruleset"])
def test_schema_is_valid_2020_12_with_id(kind: str) -> None:
    s = schema(kind)
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == f"https://hexfort.dev/schemas/{kind}.schema.json"
    assert "const" in s["properties"]["format"]


@pytest.mark.parametrize("kind", ["map", "scenario", "ruleset"])
def test_base_documents_are_valid(kind: str) -> None:
    validate_document(base(kind), kind, "<base>")


@pytest.mark.parametrize(("kind", "path", "value", "where", "words"), CASES,
                         ids=[f"{c[0]}:{'/'.join(map(str, c[1]))}:{i}" for i, c in enumerate(CASES)])
def test_each_rule_has_a_plain_message(kind: str, path: list[Any], value: Any, where: str, words: str) -> None:
    with pytest.raises(LoadError) as info:
        validate_document(_apply(kind, path, value), kind, "doc.json")
    found = [(p.where, p.message) for p in info.value.problems]
    assert any(w == where and words in m for w, m in found), found


def _rules() -> dict[tuple[int, str], str]:
    """Every rejecting keyword in every schema: (id of subschema, keyword) -> location."""
    out: dict[tuple[int, str], str] = {}

    def walk(node: Any, loc: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ASSERTIONS and not (k == "items" and v is not False) and not (
                    k == "additionalProperties" and v is not False
                ):
                    out[(id(node), k)] = f"{loc}/{k}"
                walk(v, f"{loc}/{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{loc}/{i}")

    for kind in ("map", "scenario", "ruleset"):
        walk(schema(kind), kind)
    for kind in ("map", "scenario", "ruleset"):
        uri = f"https://hexfort.dev/schemas/{kind}.schema.json"
        walk(_registry().contents(uri), f"{kind}(ref)")
    return out


def test_every_schema_rule_is_exercised() -> None:
    rules = _rules()
    hit: set[tuple[int, str]] = set()

    def visit(err: Any) -> None:
        hit.add((id(err.schema), err.validator))
        for sub in err.context or ():
            visit(sub)

    for kind, path, value, _, _ in CASES:
        for err in validator(kind).iter_errors(_apply(kind, path, value)):
            visit(err)
    # a rule counts as covered if the same keyword at the same place is hit via any copy
    covered_locs = {rules[k].split("/", 1)[1] for k in hit if k in rules}
    missing = sorted({loc for loc in rules.values() if loc.split("/", 1)[1] not in covered_locs})
    assert not missing, "schema rules with no breaking test document:\n" + "\n".join(missing)


def test_schema_dir_has_the_three_schemas() -> None:
    names = {p.name for p in schema_dir().glob("*.schema.json")}
    assert {"map.schema.json", "scenario.schema.json", "ruleset.schema.json"} <= names


def _enums_with_modes(node: object) -> list[list[str]]:
    """Every ``enum`` list of a schema that holds a mode's value."""
    from engine.mapmodel import Mode

    out = []
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list) and any(v in Mode for v in node["enum"]):
            out.append(node["enum"])
        for v in node.values():
            out.extend(_enums_with_modes(v))
    elif isinstance(node, list):
        for v in node:
            out.extend(_enums_with_modes(v))
    return out


def test_the_schema_files_list_exactly_the_bundled_modes_and_their_map_features() -> None:
    """The files in schemas/ (what JSON editors read) hold the registry's bundled modes and map features:
    every mode enum is the bundled modes in order, each feature's property is its registered fragment."""
    import json

    from engine.formats.schemas import bundled_modes, schema_dir
    from engine.installed_modes import BUNDLED
    from engine.mapfeatures import features

    bundled = bundled_modes()
    assert len(bundled) == len(BUNDLED)
    found = 0
    for p in sorted(schema_dir().glob("*.schema.json")):
        for enum in _enums_with_modes(json.loads(p.read_text(encoding="utf-8"))):
            assert enum == bundled, p.name
            found += 1
    assert found >= 5  # map, scenario, replay, simulate, balance
    disk = json.loads((schema_dir() / "map.schema.json").read_text(encoding="utf-8"))
    assert disk["properties"]["modes"]["maxItems"] == len(bundled)
    mine = {k: f for k, f in features().items() if f.key in disk["properties"]}
    for key, f in mine.items():
        assert disk["properties"][key] == f.schema(), key
    assert set(disk["properties"]) - {"$schema", "format", "name", "author", "description", "modes", "orientation",
                                      "origin", "rows", "spawns", "kits", "control_points"} == set(mine)
