"""The rules a game was played under, as a replay records them, and what changed since.

A replay stores a :class:`RulesStamp`: the mode, the version of hexfort's
implementation of that mode's rules (:attr:`ModeRules.rules_version`, raised
when a change to the engine makes recorded games play differently), a
fingerprint of the ruleset the game played by (the scenario's ruleset with its
option overrides), and the parts that fingerprint is made of — the option
values and one short fingerprint per unit kind, weapon card, stencil, powerup
and reward tile — so that a replay of changed rules can be told apart from a
broken file, and the message can say *which* rules differ.

Only what changes play counts: display names, titles and descriptive texts
are left out of every fingerprint.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from engine.frozendict import FrozenDict
from engine.games.modes import GAMES
from engine.mapmodel import Mode
from engine.ruleset import OptionValue, Ruleset

__all__ = ["PARTS", "RulesStamp", "differences", "stamp_from_document", "stamp_of", "stamp_to_document"]

#: The parts of a ruleset fingerprinted one item at a time: document key -> Ruleset attribute.
PARTS: Final = {"units": "units", "weapons": "weapons", "stencils": "stencils", "powerups": "powerups",
                "reward_tiles": "reward_tiles"}
#: Fields that describe and do not change play (left out of fingerprints).
_WORDS: Final = frozenset({"name", "title", "text", "description"})
_DIGEST: Final = 16  # hex digits kept of a SHA-256


@dataclass(frozen=True)
class RulesStamp:
    """What a game's rules were: mode, engine rules version, ruleset fingerprint and its parts.

    ``options`` are the option values played by; ``parts`` maps each of
    :data:`PARTS` to ``{item name: fingerprint}``.
    """

    mode: Mode
    engine: int
    ruleset: str
    options: Mapping[str, OptionValue]
    parts: Mapping[str, Mapping[str, str]]


def _plain(value: Any) -> Any:
    """``value`` as JSON data with a stable order; dataclasses lose their descriptive fields."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name not in _WORDS}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


def _digest(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:_DIGEST]


def stamp_of(mode: Mode, ruleset: Ruleset) -> RulesStamp:
    """The stamp of a game of ``mode`` played by ``ruleset`` (with the scenario's overrides applied)."""
    parts = {key: {name: _digest(_plain(item)) for name, item in sorted(getattr(ruleset, attr).items())}
             for key, attr in PARTS.items()}
    options = dict(sorted(ruleset.options.items()))
    whole = _digest({"options": options, "parts": parts, "ammo_tiles": list(ruleset.ammo_tiles)})
    return RulesStamp(mode, GAMES[mode].rules_version, whole, FrozenDict(options),
                      FrozenDict({k: FrozenDict(v) for k, v in parts.items()}))


def stamp_to_document(s: RulesStamp) -> dict[str, Any]:
    """The replay file's ``rules`` object."""
    doc: dict[str, Any] = {"mode": s.mode.value, "engine": s.engine, "ruleset": s.ruleset,
                           "options": dict(s.options)}
    for key in PARTS:
        if s.parts.get(key):
            doc[key] = dict(s.parts[key])
    return doc


def stamp_from_document(doc: Mapping[str, Any]) -> RulesStamp:
    """A stamp from a replay's ``rules`` object (already checked by the replay schema)."""
    return RulesStamp(Mode(doc["mode"]), doc["engine"], doc["ruleset"], FrozenDict(doc.get("options", {})),
                      FrozenDict({k: FrozenDict(doc.get(k, {})) for k in PARTS}))


def _short(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def differences(recorded: RulesStamp, now: RulesStamp) -> list[str]:
    """What differs between the rules a replay was played under and the rules it would be replayed by.

    Each entry is a short plain phrase (``"option points_to_win: 5 then, 8 now"``,
    ``"unit soldier"``); empty when the rules are the same.
    """
    out: list[str] = []
    if recorded.mode != now.mode:
        return [f"mode: {GAMES[recorded.mode].name} then, {GAMES[now.mode].name} now"]
    if recorded.engine != now.engine:
        name = GAMES[now.mode].name
        newer = "a newer" if recorded.engine > now.engine else "an older"
        out.append(f"hexfort's {name} rules: version {recorded.engine} then ({newer} hexfort), "
                   f"version {now.engine} now")
    if recorded.ruleset == now.ruleset:
        return out
    before = len(out)
    for key in sorted(set(recorded.options) | set(now.options)):
        was, is_ = recorded.options.get(key), now.options.get(key)
        if was != is_ or type(was) is not type(is_):
            out.append(f"option {key}: {'unset' if was is None else _short(was)} then, "
                       f"{'unset' if is_ is None else _short(is_)} now")
    for key in PARTS:
        then, current = recorded.parts.get(key, {}), now.parts.get(key, {})
        word = key.removesuffix("s").replace("_", " ")
        for name in sorted(set(then) | set(current)):
            if name not in current:
                out.append(f"{word} {name}: gone")
            elif name not in then:
                out.append(f"{word} {name}: new")
            elif then[name] != current[name]:
                out.append(f"{word} {name}: changed")
    if len(out) == before:  # the whole differs, no listed part does
        out.append("the ruleset's ammo tiles")
    return out
