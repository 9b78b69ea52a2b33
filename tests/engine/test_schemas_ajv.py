"""The schemas work in other validators too: Ajv 8 in strict mode (Draft 2020-12) compiles every one and
agrees with hexfort's validator on every bundled file, a replay, a validation report and some bad files.

Runs Node.js with Ajv from where ``.ci/run`` installs it (``tests/nodejs.py``); without them the test is
skipped, saying how to install them.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.formats.kinds import detect_kind
from engine.formats.schemas import KINDS, schema_dir, validate_document
from tests.nodejs import node_package

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tests" / "node" / "ajv_strict.js"


def _bundled() -> list[tuple[str, Path]]:
    files = sorted([*(REPO / "maps").glob("*.json"), *(REPO / "engine" / "data").glob("*.json"),
                    *(REPO / "tests" / "fixtures" / "tiled").glob("*.json")])
    return [(_kind(json.loads(p.read_text(encoding="utf-8"))), p) for p in files]


def _kind(doc: dict[str, Any]) -> str:
    """The schema a document names (``.../terrain-table.schema.json``), else the kind its keys tell."""
    name = str(doc.get("$schema", "")).rsplit("/", 1)[-1]
    return name.removesuffix(".schema.json") if name.endswith(".schema.json") else detect_kind(doc) or "?"


def _bad_documents() -> list[tuple[str, dict[str, Any]]]:
    """Documents hexfort's validator refuses, one per kind of fault the strict-mode fixes touched."""
    m = json.loads((REPO / "maps" / "koth_crossroads.map.json").read_text(encoding="utf-8"))
    s = json.loads((REPO / "maps" / "koth_crossroads.scenario.json").read_text(encoding="utf-8"))
    r = json.loads((REPO / "engine" / "data" / "koth.ruleset.json").read_text(encoding="utf-8"))
    unit = next(iter(r["units"]))
    return [
        ("map", {**m, "control_points": [[]]}),  # an empty control point (minItems inside allOf)
        ("scenario", {**s, "rules": {"points_to_win": [8]}}),  # an option that is not a scalar
        ("scenario", {**s, "rules": {"points_to_win": None}}),
        ("ruleset", {**r, "options": {"x": {"a": 1}}}),
        ("ruleset", {**r, "units": {**r["units"], unit: {**r["units"][unit], "params": {"x": [1]}}}}),
    ]


def _replay_and_report(tmp_path: Path) -> list[tuple[str, Path]]:
    from engine.ai.random_player import RandomPlayer
    from engine.formats import load_scenario
    from engine.games.game import Game
    from engine.replay import Replay, save_replay
    from engine.validation import cli
    from engine.validation.runner import validate_file

    scenario = load_scenario(REPO / "maps" / "koth_crossroads.scenario.json")
    state = Game.of(scenario).new_initial_state(3)
    player = RandomPlayer(seed=3)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply(player.choose(state))
    save_replay(Replay.of(state), tmp_path / "game.replay.json", state)
    report = tmp_path / "report.json"
    bundled = [validate_file(p) for _, p in _bundled()]
    report.write_text(json.dumps(cli.json_report(bundled)), encoding="utf-8")
    return [("replay", tmp_path / "game.replay.json"), ("report", report)]


def test_schemas_compile_in_ajv_strict_mode_and_agree_on_files(tmp_path: Path) -> None:
    node, ajv = node_package("ajv")
    jobs: list[dict[str, Any]] = []
    for kind, path in [*_bundled(), *_replay_and_report(tmp_path)]:
        validate_document(json.loads(path.read_text(encoding="utf-8")), kind, path)  # hexfort accepts it
        jobs.append({"kind": kind, "file": str(path), "expect": True})
    for i, (kind, doc) in enumerate(_bad_documents()):
        with pytest.raises(Exception, match=r"\$\."):
            validate_document(doc, kind, "bad")
        bad = tmp_path / f"bad{i}.json"
        bad.write_text(json.dumps(doc), encoding="utf-8")
        jobs.append({"kind": kind, "file": str(bad), "expect": False})
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
    done = subprocess.run([node, str(SCRIPT), str(ajv), str(schema_dir()), str(tmp_path / "jobs.json")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["version"].startswith("8."), result["version"]
    assert result["errors"] == []
    assert sorted(result["compiled"]) == sorted(p.name.removesuffix(".schema.json")
                                                for p in schema_dir().glob("*.schema.json"))
    assert set(KINDS) <= set(result["compiled"])
    assert {j["kind"] for j in jobs if j["expect"]} >= {"map", "scenario", "ruleset", "replay", "report",
                                                        "terrain-table"}
