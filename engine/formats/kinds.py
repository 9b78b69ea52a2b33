"""Telling what kind of hexfort document a parsed JSON value is (no loading)."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["KIND_NAMES", "OUTPUT_KINDS", "detect_kind", "wrong_kind_message"]

_KINDS: Final = ("map", "scenario", "ruleset", "replay", "report", "balance", "rebalance")
#: What each kind is called in messages, and the command that opens it.
KIND_NAMES: Final = {
    "map": ("a map", "hexfort edit"),
    "scenario": ("a scenario", "hexfort edit or hexfort play"),
    "ruleset": ("a ruleset", "a scenario's \"ruleset\""),
    "replay": ("a replay", "hexfort play"),
    "report": ("a validation report", "a text editor"),
    "balance": ("a balance study", "a text editor (hexfort balance -o report.html draws it)"),
    "rebalance": ("a balance fixer's report", "a text editor (rebalance.txt beside it says the same in words)"),
}
#: The kinds hexfort writes about maps rather than reads: a folder walk of ``hexfort validate`` leaves them out.
OUTPUT_KINDS: Final = ("report", "balance", "rebalance")


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
    if "players" in doc and isinstance(doc.get("map"), dict):
        return "balance"
    if "rows" in doc or "cells" in doc:
        return "map"
    if "map" in doc and "mode" in doc:
        return "scenario"
    if "units" in doc and "options" in doc:
        return "ruleset"
    if "scenario" in doc and "actions" in doc:
        return "replay"
    return None


def wrong_kind_message(found: str, wanted: str) -> str:
    """``"this is a scenario, not a map; open it with hexfort edit or hexfort play"``."""
    name, opener = KIND_NAMES[found]
    return f"this is {name}, not {KIND_NAMES[wanted][0]}; open it with {opener}"

