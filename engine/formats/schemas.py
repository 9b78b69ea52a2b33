"""The JSON Schemas in ``schemas/``: finding them, and checking documents against them."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource

from engine.formats.errors import LoadError, LoadProblem

__all__ = ["SCHEMA_BASE", "KINDS", "schema_dir", "schema_id", "validate_document", "validator"]

SCHEMA_BASE: Final = "https://hexfort.dev/schemas/"
KINDS: Final = ("map", "scenario", "ruleset", "replay", "report", "balance")
#: At most this many schema problems are listed for one file.
MAX_LISTED: Final = 20


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


@cache
def _registry() -> Registry:
    resources_: list[tuple[str, Resource]] = []
    for p in sorted(schema_dir().glob("*.schema.json")):
        contents = json.loads(p.read_text(encoding="utf-8"))
        resources_.append((contents["$id"], Resource.from_contents(contents)))
    return Registry().with_resources(resources_)


@cache
def schema(kind: str) -> dict[str, Any]:
    """The parsed schema for ``kind``; raises KeyError for an unknown kind."""
    p = schema_dir() / f"{kind}.schema.json"
    if not p.is_file():
        raise KeyError(f"no schema for {kind!r} in {schema_dir()}")
    return json.loads(p.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@cache
def validator(kind: str) -> Draft202012Validator:
    """A cached validator for ``kind`` that resolves references between our schemas."""
    return Draft202012Validator(schema(kind), registry=_registry())


def json_path(parts: Any) -> str:
    """``$.rows[3]`` style path from a jsonschema error path."""
    out = "$"
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _plain(err: ValidationError) -> str:
    """A plain-language message for one schema error."""
    v, s, inst = err.validator, err.schema, err.instance
    desc = s.get("description", "") if isinstance(s, dict) else ""
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return f"missing required property {missing!r}; add it"
    if v == "additionalProperties":
        allowed = ", ".join(sorted(s.get("properties", {}))) if isinstance(s, dict) else ""
        extra = sorted(set(inst) - set(s.get("properties", {}))) if isinstance(inst, dict) else []
        names = ", ".join(repr(x) for x in extra)
        return f"unknown property {names}; allowed here: {allowed}" if allowed else f"unknown property {names}"
    if v == "type":
        return f"expected {err.validator_value} here, got {_short(inst)}"
    if v == "const":
        return f"must be {err.validator_value!r}, got {_short(inst)}"
    if v == "enum":
        opts = ", ".join(repr(x) for x in err.validator_value)
        return f"{_short(inst)} is not one of: {opts}"
    if v == "pattern" and "propertyNames" in err.relative_schema_path:
        return f"the name {inst!r} has the wrong form; use lower_case letters, digits and _"
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
        return "lists the same entry twice; remove the duplicate"
    if v == "oneOf":
        return f"{desc or 'not one of the allowed forms'} (got {_short(inst)})"
    if v == "propertyNames":
        return f"a name here has the wrong form: {err.message}"
    if v == "items" and err.validator_value is False:
        return "has too many items"
    return err.message


#: Size keywords: what is counted, singular and plural.
_SIZE_WORDS = {
    "minItems": ("item", "items"), "maxItems": ("item", "items"),
    "minLength": ("character", "characters"), "maxLength": ("character", "characters"),
    "minProperties": ("entry", "entries"), "maxProperties": ("entry", "entries"),
}


def _short(inst: Any) -> str:
    text = json.dumps(inst, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def validate_document(doc: Any, kind: str, file: str | Path) -> None:
    """Check ``doc`` against the ``kind`` schema; raises LoadError listing every problem.

    Problems are ordered by JSON path; at most :data:`MAX_LISTED` are listed.
    """
    errors = sorted(validator(kind).iter_errors(doc), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if not errors:
        return
    problems = [LoadProblem(json_path(e.absolute_path), _plain(e), "schema") for e in _leaves(errors)]
    raise LoadError(file, problems[:MAX_LISTED])


def _leaves(errors: list[ValidationError]) -> list[ValidationError]:
    """Replace oneOf failures by their most relevant sub-error when one branch clearly fits."""
    out: list[ValidationError] = []
    for e in errors:
        if e.validator == "oneOf" and e.context:
            # when the value's type fits exactly one branch, report that branch's errors
            fitting = {c.relative_schema_path[0] for c in e.context if c.validator != "type"}
            if len(fitting) == 1:
                branch = fitting.pop()
                out.extend(c for c in e.context if c.relative_schema_path[0] == branch)
                continue
        out.append(e)
    return out
