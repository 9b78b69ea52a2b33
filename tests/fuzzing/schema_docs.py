"""Documents generated from hexfort's JSON schemas, as hypothesis strategies.

:func:`strategy` reads a schema (``schemas/*.schema.json``, references between the
files followed) and builds a strategy of documents of its shape, covering the
keywords our schemas use: type, const, enum, oneOf, allOf, properties,
required, additionalProperties, propertyNames, prefixItems, items, min/max
Items, uniqueItems, min/max Length, pattern, minimum and maximum. Documents
follow the schema's shape, so they reach the meaning checks random bytes never
get to; where the schema leaves a value wide open (a hex, a unit kind, a map
path) the strategy also draws the values real files hold, so hexes land on the
map and unit kinds exist. (hypothesis-jsonschema would do the same for Draft
4-7 schemas, but its 2024 release does not run with current hypothesis.)
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any, Final

from hypothesis import strategies as st

from engine.formats.schemas import schema

__all__ = ["documents", "strategy"]

#: Largest lists, objects and strings the strategies draw (the schemas allow far more).
_MAX_ITEMS: Final = 6
_MAX_TEXT: Final = 24

_HEX_PATTERN: Final = "^-?[0-9]{1,4},-?[0-9]{1,4}$"
_NAME_PATTERN: Final = "^[a-z][a-z0-9_]*$"
_UNITS: Final = ("scout", "soldier", "pyro", "demoman", "heavy", "engineer", "medic", "sniper", "spy")


def _resolve(node: Any, root: dict[str, Any]) -> Any:
    """``node`` with every ``$ref`` replaced by what it points to (our schemas have no cycles)."""
    if isinstance(node, list):
        return [_resolve(v, root) for v in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        file, _, pointer = node["$ref"].partition("#")
        target_root = root if not file else schema(file.removesuffix(".schema.json"))
        target: Any = target_root
        for part in filter(None, pointer.split("/")):
            target = target[part]
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return {**_resolve(target, target_root), **_resolve(rest, root)}
    return {k: _resolve(v, root) for k, v in node.items() if k != "$defs"}


def _string(node: dict[str, Any]) -> Any:
    low, high = node.get("minLength", 0), min(node.get("maxLength", _MAX_TEXT), _MAX_TEXT * 50)
    pattern = node.get("pattern")
    if pattern == _HEX_PATTERN:
        near = st.builds(lambda q, r: f"{q},{r}", st.integers(-12, 12), st.integers(-12, 12))
        return st.one_of(near, near, st.from_regex(pattern, fullmatch=True))
    if pattern == _NAME_PATTERN:
        return st.one_of(st.sampled_from(_UNITS), st.from_regex(r"\A[a-z][a-z0-9_]{0,12}\Z"))
    if pattern is not None:
        return st.from_regex(pattern, fullmatch=pattern.startswith("^")).filter(lambda s: low <= len(s) <= high)
    text = st.text(min_size=low, max_size=max(low, min(high, _MAX_TEXT)))
    if high >= 1000:  # a path to a file (scenario "map", "ruleset")
        return st.one_of(text, st.sampled_from(("koth_quarry.map.json", "custom.ruleset.json", "builtin:koth")))
    return text


def _array(node: dict[str, Any]) -> Any:
    low = node.get("minItems", 0)
    high = max(low, min(node.get("maxItems", _MAX_ITEMS), _MAX_ITEMS))
    prefix = [_of(p) for p in node.get("prefixItems", [])]
    if prefix:
        return st.tuples(*prefix).map(list)
    items = node.get("items", {})
    unique = node.get("uniqueItems", False)
    return st.lists(_of(items), min_size=low, max_size=high, unique_by=json.dumps if unique else None)


def _object(node: dict[str, Any]) -> Any:
    props = node.get("properties", {})
    required = [k for k in node.get("required", []) if k in props]
    optional = {k: _of(v) for k, v in props.items() if k not in required}
    fixed = st.fixed_dictionaries({k: _of(props[k]) for k in required}, optional=optional)
    extra = node.get("additionalProperties", True)
    if isinstance(extra, dict):
        names = node.get("propertyNames", {}).get("pattern", _NAME_PATTERN)
        limit = min(node.get("maxProperties", _MAX_ITEMS), _MAX_ITEMS)
        more = st.dictionaries(st.from_regex(names, fullmatch=True), _of(extra),
                               min_size=node.get("minProperties", 0), max_size=limit)
        return st.tuples(fixed, more).map(lambda fm: {**fm[1], **fm[0]})
    return fixed


def _of(node: Any) -> Any:
    """The strategy for one (resolved) schema node."""
    if node is True or node == {}:
        return st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                            lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                         max_size=3), max_leaves=6)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "oneOf" in node or "anyOf" in node:
        return st.one_of([_of({**{k: v for k, v in node.items() if k not in ("oneOf", "anyOf")}, **branch})
                          for branch in node.get("oneOf", node.get("anyOf"))])
    if "allOf" in node:
        merged = {k: v for k, v in node.items() if k != "allOf"}
        for part in node["allOf"]:
            merged.update(part)
        return _of(merged)
    types = node.get("type")
    if isinstance(types, list):
        return st.one_of([_of({**node, "type": t}) for t in types])
    if types == "object":
        return _object(node)
    if types == "array":
        return _array(node)
    if types == "string":
        return _string(node)
    if types == "integer":
        return st.integers(node.get("minimum"), node.get("maximum"))
    if types == "number":
        return st.floats(node.get("minimum"), node.get("maximum"), allow_nan=False, allow_infinity=False)
    if types == "boolean":
        return st.booleans()
    if types == "null":
        return st.none()
    raise ValueError(f"the generator does not know this schema node: {sorted(node)}")


@cache
def strategy(kind: str) -> Any:
    """A hypothesis strategy of documents shaped by the schema of ``kind``."""
    root = schema(kind)
    return _of(_resolve(root, root))


def documents(kind: str, count: int, seed: int = 0) -> list[str]:
    """``count`` generated documents of ``kind`` as JSON text, the same for the same ``seed``."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    out: list[str] = []

    @hypothesis_seed(seed)
    @settings(max_examples=count, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy(kind))
    def collect(doc: Any) -> None:
        out.append(json.dumps(doc, ensure_ascii=False))

    collect()
    return out
