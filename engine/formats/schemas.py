"""The JSON Schemas in ``schemas/``: finding them, and checking documents against them."""

from __future__ import annotations

import difflib
import heapq
import itertools
import json
import re
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from engine.formats.errors import LoadError, LoadProblem
from engine.formats.grid_codec import TokenError, decode_token

__all__ = ["SCHEMA_BASE", "KINDS", "schema_dir", "schema_id", "validate_document", "validator"]

SCHEMA_BASE: Final = "https://hexfort.dev/schemas/"
KINDS: Final = ("map", "scenario", "ruleset", "replay", "report", "balance", "simulate")
#: At most this many schema problems are listed for one file.
MAX_LISTED: Final = 20
#: At most this many are collected (then sorted by place), so a file with a million
#: wrong items costs no more than one with a few hundred.
MAX_COLLECTED: Final = 500


def schema_dir() -> Path:
    """The folder holding ``*.schema.json`` (the checkout's ``schemas/`` or the installed copy)."""
    here = Path(__file__).resolve().parents[2] / "schemas"
    if (here / "map.schema.json").is_file():
        return here
    installed = Path(str(resources.files("engine") / "schemas"))
    return installed


def schema_id(kind: str) -> str:
    """The ``$id`` of the schema for a document kind (``"map"``, ``"scenario"``...)."""
    return f"{SCHEMA_BASE}{kind}.schema.json"


def bundled_modes() -> list[str]:
    """The values of the bundled modes, in registry order: what the schema files list."""
    from engine import installed_modes
    from engine.games.modes import GAMES

    return [m.value for m in GAMES if m.rank[0] < len(installed_modes.BUNDLED)]


def _registered() -> tuple[int, int]:
    """A key that changes when a mode or a map feature is registered (the cached schemas follow it)."""
    from engine.games.modes import GAMES
    from engine.mapfeatures import features

    return len(GAMES), len(features())


def with_registry(doc: Any) -> Any:
    """A schema of ``schemas/`` as this process plays it: every list of the bundled modes' values (a mode
    enum) becomes the registered modes', and the map's feature properties are the registered features'
    fragments (:meth:`~engine.mapfeatures.MapFeature.schema`), so a mode installed beside the bundled ones (a
    test's toy mode) reads and writes its maps. With only the bundled modes it is the file as it is."""
    from engine.games.modes import GAMES
    from engine.mapfeatures import features

    bundled = set(bundled_modes())
    values = [m.value for m in GAMES]
    if set(values) == bundled and not set(features()) - set(doc.get("properties", {})):
        return doc

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: walk(v) for k, v in node.items()}
            if isinstance(out.get("enum"), list) and set(out["enum"]) == bundled:
                out["enum"] = values
            return out
        return [walk(v) for v in node] if isinstance(node, list) else node

    out = walk(doc)
    if doc.get("$id", "").endswith("/map.schema.json"):
        props = out["properties"]
        props["modes"]["maxItems"] = len(values)
        for key, f in features().items():
            props[key] = f.schema()
    return out


def _registry() -> Registry:
    """Our schemas, as this process plays them (:func:`with_registry`), for references between files."""
    return _registry_of(_registered())


@cache
def _registry_of(_key: tuple[int, int]) -> Registry:
    """Our schemas by ``$id``, without their ``$schema``: jsonschema picks the validator class for a
    referenced schema by its ``$schema``, which would swap ours for the stock one inside every
    reference to another file (a scenario's map, a replay's scenario)."""
    resources_: list[tuple[str, Resource]] = []
    for p in sorted(schema_dir().glob("*.schema.json")):
        contents = with_registry(json.loads(p.read_text(encoding="utf-8")))
        contents.pop("$schema", None)
        resources_.append((contents["$id"], DRAFT202012.create_resource(contents)))
    return Registry().with_resources(resources_)


def schema(kind: str) -> dict[str, Any]:
    """The parsed schema for ``kind`` as this process plays it (:func:`with_registry`); raises KeyError for
    an unknown kind."""
    return _schema_of(kind, _registered())


@cache
def _schema_of(kind: str, _key: tuple[int, int]) -> dict[str, Any]:
    p = schema_dir() / f"{kind}.schema.json"
    if not p.is_file():
        raise KeyError(f"no schema for {kind!r} in {schema_dir()}")
    return with_registry(json.loads(p.read_text(encoding="utf-8")))  # type: ignore[no-any-return]


def _unique_items(validator: Any, unique: bool, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``uniqueItems`` by hashing: the library compares items pairwise when they cannot be
    sorted (mixed types), which takes minutes on a hostile list of a few thousand items."""
    if unique and isinstance(instance, list):
        seen: set[Any] = set()
        for item in instance:
            key = _identity(item)
            if key in seen:
                yield ValidationError("has non-unique elements")
                return
            seen.add(key)


def _identity(value: Any) -> Any:
    """A hashable stand-in for a JSON value, equal where JSON Schema calls values equal (1 == 1.0)."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, list):
        return ("list", tuple(_identity(v) for v in value))
    if isinstance(value, dict):
        return ("object", frozenset((k, _identity(v)) for k, v in value.items()))
    return ("number", value) if isinstance(value, (int, float)) else (type(value).__name__, value)


def _oversized(instance: Any, schema: dict[str, Any]) -> bool:
    """True when ``instance`` already breaks this schema's maxItems / maxProperties / maxLength."""
    if isinstance(instance, list):
        return len(instance) > schema.get("maxItems", len(instance))
    if isinstance(instance, dict):
        return len(instance) > schema.get("maxProperties", len(instance))
    if isinstance(instance, str):
        return len(instance) > schema.get("maxLength", len(instance))
    return False


def _unless_oversized(keyword: Callable[..., Iterator[ValidationError]]) -> Callable[..., Iterator[ValidationError]]:
    """A keyword that checks items or entries one by one, skipped where the size limit is already broken.

    A list far over its limit is reported once, as too long, instead of costing time
    (and a message) per item; a string far over its length is not matched against
    its pattern (the row pattern takes ~200 bytes per token: 230 MB on a 3 MB row).
    """

    def checked(validator: Any, value: Any, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
        if not _oversized(instance, schema):
            yield from keyword(validator, value, instance, schema)

    return checked


def _size_limit(word: str, count: type[list[Any]] | type[dict[str, Any]]) -> Callable[..., Iterator[ValidationError]]:
    """maxItems / maxProperties without the library's message, which quotes the whole value."""

    def checked(validator: Any, limit: int, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
        if isinstance(instance, count) and len(instance) > limit:
            yield ValidationError(f"has more than {limit} {word}")

    return checked


def _no_additional(validator: Any, allowed: Any, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``additionalProperties: false`` without the library's message, which quotes every extra name."""
    if allowed is not False:
        yield from Draft202012Validator.VALIDATORS["additionalProperties"](validator, allowed, instance, schema)
    elif isinstance(instance, dict) and "patternProperties" not in schema:
        known = schema.get("properties", {})
        if any(k not in known for k in instance):
            yield ValidationError("has unknown properties")


def _one_of(validator: Any, branches: list[Any], instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``oneOf`` keeping at most MAX_COLLECTED errors per branch (the library keeps every one, and
    quotes the whole value in its message: seconds for an embedded map with a long wrong track)."""
    errors: list[ValidationError] = []
    fitting = []
    for index, branch in enumerate(branches):
        found = list(itertools.islice(validator.descend(instance, branch, schema_path=index), MAX_COLLECTED))
        if found:
            errors.extend(found)
        else:
            fitting.append(index)
            if len(fitting) > 1:
                yield ValidationError("is valid under more than one of the given schemas")
                return
    if not fitting:
        yield ValidationError("is not valid under any of the given schemas", context=errors)


def _is_integer(checker: Any, instance: Any) -> bool:
    """JSON Schema counts 3.0 as an integer; hexfort's numbers that must be whole are ints in the file."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_PER_ITEM: Final = ("items", "prefixItems", "contains", "properties", "patternProperties", "propertyNames",
                    "pattern")
_HexfortValidator: Final = validators.extend(
    Draft202012Validator,
    validators={
        **{k: _unless_oversized(Draft202012Validator.VALIDATORS[k]) for k in _PER_ITEM},
        "additionalProperties": _unless_oversized(_no_additional),
        "uniqueItems": _unless_oversized(_unique_items),
        "oneOf": _one_of,
        "maxItems": _size_limit("items", list),
        "maxProperties": _size_limit("entries", dict),
    },
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


def validator(kind: str) -> Draft202012Validator:
    """A cached validator for ``kind`` (see :func:`_validator_of`)."""
    return _validator_of(kind, _registered())


@cache
def _validator_of(kind: str, _key: tuple[int, int]) -> Draft202012Validator:
    """A cached validator for ``kind`` that resolves references between our schemas.

    It checks what Draft 2020-12 checks, in time linear in the document: lists and
    objects over their size limit are not checked item by item, and uniqueItems hashes.
    One difference: ``"integer"`` means a number written without a fraction or
    exponent (``3``, not ``3.0``), so whole numbers reach the model as ints.
    """
    return _HexfortValidator(schema(kind), registry=_registry())  # type: ignore[no-any-return]


def json_path(parts: Any) -> str:
    """``$.rows[3]`` style path from a jsonschema error path."""
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _bad_token(row: str) -> str | None:
    """The first token of a map row that is not a hex token, said with its place in the row (the row pattern's error
    quoted the whole row, cut off, and named no token: a new-user audit); None when every token reads."""
    for j, tok in enumerate(row.split(" ")):
        try:
            decode_token(tok)
        except (TokenError, ValueError) as e:
            return f"token {j + 1} of the row: {e}; tokens are separated by one space"
    return None


#: A hex written "q,r" of any size, and the largest q or r the schemas' four digits allow.
_HEX_TEXT: Final = re.compile(r"-?[0-9]+,-?[0-9]+")
HEX_TEXT_LIMIT: Final = 9999


def _plain(err: ValidationError) -> str:
    """A plain-language message for one schema error."""
    v, s, inst = err.validator, err.schema, err.instance
    desc = s.get("description", "") if isinstance(s, dict) else ""
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return f"missing required property {missing!r}; add it"
    if v == "additionalProperties":
        allowed = ", ".join(sorted(s.get("properties", {}))) if isinstance(s, dict) else ""
        known = s.get("properties", {}) if isinstance(s, dict) else {}
        unknown = [k for k in inst if k not in known] if isinstance(inst, dict) else []
        names = ", ".join(_clip(repr(x), 40) for x in heapq.nsmallest(5, unknown))
        names += f" and {len(unknown) - 5:,} more" if len(unknown) > 5 else ""
        # a typo of a known name is the likely fix: say it first (a folder audit read 16 names for 'spwans')
        near = [f"{m[0]!r}" + (f" for {x!r}" if len(unknown) > 1 else "") for x in heapq.nsmallest(5, unknown)
                if isinstance(x, str) and
                (m := difflib.get_close_matches(x, list(known), n=1, cutoff=0.75))]
        guess = f" (did you mean {', '.join(near)}?)" if near else ""
        return f"unknown property {names}{guess}; allowed here: {allowed}" if allowed else f"unknown property {names}"
    if v == "type":
        return f"expected {err.validator_value} here, got {_short(inst)}"
    if v == "const":
        return f"must be {err.validator_value!r}, got {_short(inst)}"
    if v == "enum":
        opts = ", ".join(repr(x) for x in err.validator_value)
        return f"{_short(inst)} is not one of: {opts}"
    if v == "pattern" and "propertyNames" in err.relative_schema_path:
        return f"the name {_short(inst)} has the wrong form; use lower_case letters, digits and _"
    if v == "pattern" and isinstance(inst, str) and "rows" in err.absolute_path:
        bad = _bad_token(inst)
        if bad is not None:
            return bad
    if v == "pattern" and isinstance(inst, str) and inst != inst.lower() and re.fullmatch(
            str(err.validator_value), inst.lower()):
        # "Engineer": the hint said e.g. "soldier" (a folder audit); lower case is all it needs
        return f"{_short(inst)} has the wrong form: names here are lower case, {_short(inst.lower())}"
    if v == "pattern" and isinstance(inst, str) and _HEX_TEXT.fullmatch(inst) and "q,r" in desc:
        # "100000,0" is a q,r; it is the size that is wrong (a folder audit read "has the wrong form")
        return f"{_short(inst)} is out of range: q and r are each at most {HEX_TEXT_LIMIT} either way"
    if v == "pattern":
        return f"{_short(inst)} has the wrong form; expected {desc}" if desc else f"{_short(inst)} has the wrong form"
    if v in _SIZE_WORDS:
        n = err.validator_value
        size = len(inst) if isinstance(inst, (str, list, dict)) else 0
        one, many = _SIZE_WORDS[v]
        if v.startswith("min"):
            return f"needs at least {n} {one if n == 1 else many} (has {size})"
        return f"has {size} {many}; at most {n} {one if n == 1 else many} are allowed"
    if v == "minimum":
        return f"must be at least {err.validator_value}, got {_short(inst)}"
    if v == "maximum":
        return f"must be at most {err.validator_value}, got {_short(inst)}"
    if v == "uniqueItems":
        return _duplicate(inst)
    if v in ("oneOf", "anyOf"):
        return f"{desc or 'not one of the allowed forms'} (got {_short(inst)})"
    if v == "propertyNames":
        return f"a name here has the wrong form: {_short(inst)}"
    if v == "items" and err.validator_value is False:
        return "has too many items"
    return err.message


def _duplicate(inst: object) -> str:
    """uniqueItems: which entry is listed twice, and where (a new-user audit: "lists the same entry twice" left a
    designer to search a list of kits by eye)."""
    if isinstance(inst, list):
        seen: dict[str, int] = {}
        for i, x in enumerate(inst):
            key = json.dumps(x, sort_keys=True)
            if key in seen:
                return (f"lists {_clip(_short(x), 40)} twice (entries {seen[key]} and {i}, counting from 0); remove "
                        "the duplicate")
            seen[key] = i
    return "lists the same entry twice; remove the duplicate"


#: Size keywords: what is counted, singular and plural.
_SIZE_WORDS = {
    "minItems": ("item", "items"), "maxItems": ("item", "items"),
    "minLength": ("character", "characters"), "maxLength": ("character", "characters"),
    "minProperties": ("entry", "entries"), "maxProperties": ("entry", "entries"),
}


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


def _short(inst: Any) -> str:
    text = json.dumps(inst, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def validate_document(doc: Any, kind: str, file: str | Path) -> None:
    """Check ``doc`` against the ``kind`` schema; raises LoadError listing every problem.

    Problems are ordered by JSON path; at most :data:`MAX_LISTED` are listed.
    """
    found = itertools.islice(validator(kind).iter_errors(doc), MAX_COLLECTED)
    errors = sorted(found, key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if not errors:
        return
    # dict.fromkeys: one line per place and message (two keywords may refuse a value in the same words)
    problems = list(dict.fromkeys(LoadProblem(json_path(e.absolute_path), _plain(e), "schema")
                                  for e in _leaves(errors)))
    raise LoadError(file, problems[:MAX_LISTED])


def _leaves(errors: list[ValidationError]) -> list[ValidationError]:
    """Replace oneOf failures by their most relevant sub-error when one branch clearly fits."""
    out: list[ValidationError] = []
    for e in errors:
        if e.validator == "oneOf" and e.context:
            # when the value's type fits exactly one branch, report that branch's errors
            # (a branch fits unless the value itself has the wrong type for it; a wrong type deeper
            # inside, like a fraction in an embedded map's origin, is that branch's own error)
            fitting = {c.relative_schema_path[0] for c in e.context if c.validator != "type" or c.relative_path}
            if len(fitting) == 1:
                branch = fitting.pop()
                out.extend(c for c in e.context if c.relative_schema_path[0] == branch)
                continue
        out.append(e)
    return out
