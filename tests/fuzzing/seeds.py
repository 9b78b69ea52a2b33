"""Well-formed documents of every kind for the mutators to start from.

Each seed is the canonical text of a real file: the bundled maps and scenarios,
the bundled ruleset, a format-1 map (so the migration runs), a short replay played
by the random AI and a validation report. :func:`write_siblings` puts the maps and
the ruleset in a folder so that fuzzed scenarios can name them by relative path.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"

#: The document kinds the campaign feeds to loaders.
KINDS = ("map", "scenario", "ruleset", "replay", "report")


@dataclass(frozen=True)
class Seed:
    """One well-formed document: its kind, a short name and its text."""

    kind: str
    name: str
    text: str


def _format_1_map() -> str:
    """A small map in the old one-object-per-hex form (migrated on load)."""
    cells = [{"q": q, "r": r, "height": (q + r) % 3, "terrain": "open"} for q in range(-2, 3) for r in range(-2, 3)]
    cells[3]["terrain"] = "wall"
    cells[7] |= {"terrain": "stairs", "up": 1}
    doc = {"$schema": "map.schema.json", "format": 1, "name": "Old small", "modes": ["koth"],
           "orientation": "flat", "cells": cells, "spawns": {"RED": ["-2,0"], "BLU": ["2,0"]},
           "control_points": [["0,0"]]}
    return json.dumps(doc, indent=1)


def _short_replay(actions: int = 24) -> str:
    """A replay of the first ``actions`` actions of a seeded random game on Quarry."""
    from engine.ai.random_player import RandomPlayer
    from engine.formats import load_scenario
    from engine.replay import Replay, dumps_replay, replay_game

    scenario = load_scenario(MAPS / "koth_quarry.scenario.json")
    state = replay_game(scenario, 7, ())
    player = RandomPlayer(seed=7)
    for _ in range(actions):
        if state.winner() is not None:
            break
        state.apply(player.choose(state))
    return dumps_replay(Replay.of(state, {}), state)


def _report() -> str:
    """The JSON report of validating two bundled files."""
    from engine.validation.cli import json_report
    from engine.validation.runner import validate_file

    results = [validate_file(MAPS / "koth_quarry.map.json"), validate_file(MAPS / "payload_canal.scenario.json")]
    return json.dumps(json_report(results), indent=2, ensure_ascii=False)


@cache
def seeds() -> tuple[Seed, ...]:
    """Every seed document, bundled files first (computed once per process)."""
    out = [Seed("map", p.name, p.read_text(encoding="utf-8")) for p in sorted(MAPS.glob("*.map.json"))]
    out += [Seed("scenario", p.name, p.read_text(encoding="utf-8")) for p in sorted(MAPS.glob("*.scenario.json"))]
    out.append(Seed("map", "format1.map.json", _format_1_map()))
    ruleset = REPO / "engine" / "data" / "koth.ruleset.json"
    out.append(Seed("ruleset", ruleset.name, ruleset.read_text(encoding="utf-8")))
    out.append(Seed("replay", "quarry.replay.json", _short_replay()))
    out.append(Seed("report", "report.json", _report()))
    return tuple(out)


def seeds_of(kind: str) -> tuple[Seed, ...]:
    """The seeds of one kind."""
    return tuple(s for s in seeds() if s.kind == kind)


def write_siblings(folder: Path) -> None:
    """Put the bundled maps and a ruleset file in ``folder``, for scenarios to name."""
    folder.mkdir(parents=True, exist_ok=True)
    for p in MAPS.glob("*.map.json"):
        shutil.copyfile(p, folder / p.name)
    shutil.copyfile(REPO / "engine" / "data" / "koth.ruleset.json", folder / "custom.ruleset.json")
