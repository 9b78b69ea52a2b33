"""`hexfort validate` as a user meets it: exit codes, reports, broken files, folders."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine.formats import save_map
from engine.formats.schemas import schema
from engine.hexgrid import Hex, hexes_within
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain
from engine.validation import cli
from engine.validation.runner import validate_file, validate_files


def good_map() -> HexMap:
    cells = {h: Cell(2 if h.length() == 0 else 1 if h.length() == 1 else 0) for h in hexes_within(Hex(0, 0), 3)}
    cells[Hex(-1, -1)] = cells[Hex(1, 1)] = Cell(0, Terrain.WALL)
    red = [Hex(-3, 0), Hex(-3, 1), Hex(-3, 2), Hex(-3, 3)]
    return HexMap.create(MapMeta("Hill"), cells, {Team.RED: red, Team.BLU: [-h for h in red]},
                         kits=[Hex(0, -3), Hex(0, 3)], control_points=[[Hex(0, 0)]])


def run(*argv: str) -> tuple[int, str, str]:
    parser = __import__("argparse").ArgumentParser()
    cli.add_arguments(parser)
    args = parser.parse_args(argv)
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(args, out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    save_map(good_map(), tmp_path / "good.map.json")
    (tmp_path / "sub").mkdir()
    save_map(good_map().with_kits([Hex(-1, -1)]), tmp_path / "sub" / "bad.map.json")
    return tmp_path


def test_good_file_exits_0_and_prints_summary(folder: Path) -> None:
    code, out, _ = run(str(folder / "good.map.json"))
    assert code == 0
    assert out.splitlines()[-1].startswith("1 file checked, 0 with errors: 0 errors")


def test_folder_is_searched_recursively_and_errors_exit_1(folder: Path) -> None:
    code, out, _ = run(str(folder))
    assert code == 1
    assert f"{folder / 'sub' / 'bad.map.json'}:hex -1,-1: HF101 error: first-aid kit on a wall" in out
    assert "2 files checked, 1 with errors" in out


def test_strict_turns_warnings_into_errors(tmp_path: Path) -> None:
    m = good_map().with_control_points([[Hex(0, 0), Hex(1, 0)]])  # HF103 warning only
    save_map(m, tmp_path / "w.map.json")
    assert run(str(tmp_path))[0] == 0
    assert run("--strict", str(tmp_path))[0] == 1


def test_json_report_validates_against_its_schema(folder: Path) -> None:
    code, out, _ = run("--format", "json", str(folder))
    report = json.loads(out)
    Draft202012Validator(schema("report")).validate(report)
    assert code == 1 and report["summary"]["files"] == 2 and report["summary"]["failed"] == 1
    Draft202012Validator.check_schema(schema("report"))


@pytest.mark.parametrize(
    ("content", "code", "where"),
    [
        (b"not json at all", "HF001", ""),  # plain text: the whole file, not a slip at a place
        (b'{"format": 2, "name": "x", "modes": ["koth"], "orientation": "pointy", "rows": ["0. 0.', "HF001", "line 1"),
        (b"\x00\x01\x02\xff" * 100, "HF001", ""),
        (b'{"format": 2, "name": 5, "modes": ["koth"], "orientation": "pointy", "rows": ["0."]}', "HF002", "$.name"),
        (b'{"format": 2, "name": "x", "modes": ["koth"], "orientation": "pointy", "rows": ["0."], "kits": ["3,3"]}',
         "HF003", "$.kits[0]"),
        (b'{"$schema": "scenario.schema.json", "format": 1, "name": "s", "map": "gone.map.json", "mode": "koth"}',
         "HF003", "$.map"),
        (b'{"hello": 1}', "HF004", "$.$schema"),
        (b"[" * 50000, "HF001", ""),
    ],
)
def test_broken_files_name_file_and_place_without_traceback(tmp_path: Path, content: bytes, code: str, where: str) -> None:
    p = tmp_path / "broken.json"
    p.write_bytes(content)
    rc, out, err = run("--format", "json", str(p))
    assert rc == 1
    problem = json.loads(out)["files"][0]["problems"][0]
    assert problem["code"] == code
    assert problem["where"].startswith(where)
    assert "Traceback" not in out + err


def test_a_tiled_map_saved_as_json_is_told_to_go_through_import(tmp_path: Path) -> None:
    """A folder audit found Tiled's own JSON export (``.json``) told to add a ``$schema`` line, which cannot work:
    it is named as a Tiled map, with the import command that converts it."""
    p = tmp_path / "canal_tiled.json"
    p.write_text(json.dumps({"type": "map", "orientation": "hexagonal", "layers": [], "tilesets": []}))
    rc, out, _err = run("--format", "json", str(p))
    [problem] = json.loads(out)["files"][0]["problems"]
    assert rc == 1 and problem["code"] == "HF004" and problem["where"] == "$.type"
    assert f"this is a Tiled map, not a hexfort file: convert it with hexfort import {p} -o " \
        f"{tmp_path / 'canal_tiled.map.json'}" in problem["message"]


def test_a_capitalised_unit_kind_is_told_it_needs_lower_case(tmp_path: Path) -> None:
    """A folder audit's "Engineer" got 'expected a unit kind from the ruleset, e.g. "soldier"'."""
    import shutil

    repo = Path(__file__).resolve().parents[2]
    shutil.copy(repo / "maps" / "koth_crossroads.map.json", tmp_path)
    doc = json.loads((repo / "maps" / "koth_crossroads.scenario.json").read_text())
    doc["teams"]["BLU"]["units"][0]["unit"] = "Engineer"
    p = tmp_path / "caps.scenario.json"
    p.write_text(json.dumps(doc))
    rc, out, _err = run("--format", "json", str(p))
    problem = json.loads(out)["files"][0]["problems"][0]
    assert rc == 1 and problem["where"] == "$.teams.BLU.units[0].unit"
    assert problem["message"] == '"Engineer" has the wrong form: names here are lower case, "engineer"'


def test_an_unknown_unit_is_named_in_the_same_run_as_a_schema_error(tmp_path: Path) -> None:
    """The folder audit's second point: the schema stage stopped before the meaning checks, so "Engineer" hid a
    misspelt "sniperr" until the next run. Both are named now; a name the schema refused is not said twice."""
    import shutil

    repo = Path(__file__).resolve().parents[2]
    shutil.copy(repo / "maps" / "koth_crossroads.map.json", tmp_path)
    doc = json.loads((repo / "maps" / "koth_crossroads.scenario.json").read_text())
    doc["teams"]["BLU"]["units"][0]["unit"] = "Engineer"
    doc["teams"]["RED"]["units"][1]["unit"] = "sniperr"
    p = tmp_path / "two.scenario.json"
    p.write_text(json.dumps(doc))
    rc, out, _err = run("--format", "json", str(p))
    problems = {q["where"]: q["message"] for q in json.loads(out)["files"][0]["problems"]}
    assert rc == 1 and set(problems) == {"$.teams.BLU.units[0].unit", "$.teams.RED.units[1].unit"}
    assert problems["$.teams.RED.units[1].unit"].startswith("unknown unit 'sniperr'; the ruleset has: scout, soldier")
    doc["mode"] = "kingoftheboard"  # no mode to read the names by: the schema's own errors only
    p.write_text(json.dumps(doc))
    problems = {q["where"] for q in json.loads(run("--format", "json", str(p))[1])["files"][0]["problems"]}
    assert problems == {"$.mode", "$.teams.BLU.units[0].unit"}


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run()[0] == 2
    assert run(str(tmp_path / "missing"))[0] == 2
    assert run(str(tmp_path))[0] == 2  # no json files
    assert run("--explain", "HF000")[0] == 2


def test_explain(tmp_path: Path) -> None:
    code, out, _ = run("--explain", "HF104")
    assert code == 0 and out.startswith("HF104") and "Fix:" in out


def test_many_files_do_not_stop_at_the_first_broken_one_and_show_progress(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(cli, "PROGRESS_AFTER_S", 0.0)
    good = good_map()
    for i in range(12):
        save_map(good, tmp_path / f"m{i:02}.map.json")
    (tmp_path / "m05.map.json").write_text("{broken")
    code, out, err = run("--jobs", "2", str(tmp_path))
    assert code == 1
    assert "12 files checked, 1 with errors" in out
    assert "validating: 12/12 files" in err


def test_parallel_results_keep_file_order(tmp_path: Path) -> None:
    files = []
    for i in range(10):
        p = tmp_path / f"{i}.map.json"
        save_map(good_map(), p)
        files.append(p)
    assert [r.path for r in validate_files(files, jobs=2)] == files


def test_console_script_runs_without_traceback(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("{")
    exe = Path(sys.executable).with_name("hexfort")
    result = subprocess.run([str(exe), "validate", str(p)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "HF001" in result.stdout and "Traceback" not in result.stderr
    bad = subprocess.run([str(exe), "validate", "--format", "yaml", str(p)], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2


def test_replays_are_validated_by_playing_them_again(tmp_path: Path) -> None:
    from engine.ai.match import play_game
    from engine.ai.random_player import RandomPlayer
    from engine.games.game import new_game
    from engine.mapmodel import Mode
    from engine.replay import Replay, save_replay
    from engine.scenario import Scenario

    state = new_game(Scenario("Hill", Mode.KOTH, good_map(), seed=4))
    play_game(state, {Team.RED: RandomPlayer(1), Team.BLU: RandomPlayer(2)})
    p = tmp_path / "game.replay.json"
    save_replay(Replay.of(state), p, state)
    code, out, _ = run(str(p))
    assert code == 0, out
    doc = json.loads(p.read_text())
    doc["actions"] = doc["actions"][:3] + ["nonsense here"] + doc["actions"][4:]
    p.write_text(json.dumps(doc))
    code, out, _ = run("--format", "json", str(p))
    problem = json.loads(out)["files"][0]["problems"][0]
    assert code == 1 and problem["where"] == "$.actions[3]"


def test_low_obstacles_do_not_count_as_spawn_room(tmp_path: Path) -> None:
    """The game never spawns a unit on a low obstacle, so HF104 must not count them."""
    from engine.mapmodel import Cell as C
    from engine.validation.checks import check_map

    m = good_map().with_cells({Hex(-3, 0): C(0, Terrain.LOW), Hex(-3, 1): C(0, Terrain.LOW)})
    hf104 = [p for p in check_map(m) if p.code == "HF104"]
    assert hf104 and "RED" in hf104[0].message


def test_a_partial_json_report_is_marked_and_keeps_to_its_schema(tmp_path: Path) -> None:
    p = tmp_path / "a.map.json"
    save_map(good_map(), p)
    report = cli.json_report([validate_file(p)], planned=5)
    Draft202012Validator(schema("report")).validate(report)
    assert report["partial"] == {"reason": "interrupted", "finished": 1, "planned": 5}
    assert "partial" not in cli.json_report([validate_file(p)])


def test_a_crash_while_checking_one_file_is_reported_and_the_run_goes_on(folder: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A crash inside the validator becomes that file's HF999 problem (the one wording, ``internal_error``)."""
    from engine.validation import runner

    def crash(*_a: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "_validate", crash)
    result = validate_file(next(folder.rglob("*.map.json")))
    assert [p.code for p in result.problems] == ["HF999"]
    assert result.problems[0].message.startswith("internal error while checking this file (RuntimeError: boom)")


def test_a_folder_check_leaves_out_the_reports_hexfort_writes_beside_a_fixed_map(tmp_path: Path) -> None:
    """``hexfort rebalance -o fixed/`` writes rebalance.json beside the fixed map; ``hexfort validate fixed/`` checks
    the map and leaves hexfort's own reports out (a new-user audit got an error for rebalance.json). Named
    directly, such a report is refused with a message that says what it is."""
    import json as _json

    from engine.formats.schemas import schema_id
    from engine.validation.runner import find_files, validate_file

    folder = tmp_path / "fixed"
    folder.mkdir()
    import shutil

    shutil.copy(Path(__file__).resolve().parents[2] / "maps" / "koth_ridge.map.json", folder / "hill.map.json")
    for kind in ("rebalance", "balance", "report"):
        (folder / f"{kind}.json").write_text(_json.dumps({"$schema": schema_id(kind), "format": 1}, indent=2))
    assert [p.name for p in find_files([folder])] == ["hill.map.json"]
    problems = validate_file(folder / "rebalance.json").problems
    assert [p.code for p in problems] == ["HF004"] and "a balance fixer's report" in problems[0].message
