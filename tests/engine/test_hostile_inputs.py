"""Regression tests for what the fuzz campaign (bench/fuzz.py) found: each test guards one fix.

Every loader must end a hostile input in a value or a LoadError that names the
file and the place in a short, printable message; ``hexfort validate`` must exit
0 or 1 with a report that follows its schema, in time linear in the file.
"""

from __future__ import annotations

import io
import json
import os
import random
import threading
from pathlib import Path

import pytest

from engine.formats import LoadError, jsonio, load_any, load_map, load_scenario, loads_map
from engine.formats.errors import MAX_MESSAGE, printable
from engine.formats.jsonio import MAX_FILE_BYTES, parse_json_text
from engine.formats.ruleset_file import builtin_ruleset_path
from engine.formats.schemas import validate_document, validator
from engine.hexgrid import ODD, OffsetCoord, roffset_to_cube
from engine.mapmodel import Cell, HexMap, MapMeta, Team, Terrain
from engine.validation import cli
from engine.validation.registry import CheckContext
from engine.validation.terrain import board, profile, reach, rocket_reach, walk_mode
from tests.fuzzing.harness import make_socket, make_symlink_loop
from tests.maptext import map_doc

ROWS = """
    0. 0. 1. 2.
    0. 0# 1o 2.
"""


def _doc(**over: object) -> dict[str, object]:
    doc = map_doc(ROWS)
    doc.update(over)
    return doc


def _write(tmp_path: Path, doc: object, name: str = "m.map.json") -> Path:
    p = tmp_path / name
    p.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return p


def _validate(*argv: str) -> tuple[int, str, str]:
    parser = __import__("argparse").ArgumentParser()
    cli.add_arguments(parser)
    out, err = io.StringIO(), io.StringIO()
    code = cli.run(parser.parse_args(argv), out, err)
    return code, out.getvalue(), err.getvalue()


# -- paths that are not plain files -----------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.mkdir(), "folder, not a file"),
        (lambda p: os.mkfifo(p), "not a regular file"),
        (make_symlink_loop, "cannot read the file"),
        (lambda p: p.symlink_to(p.parent / "gone" / "x.json"), "file not found"),
        (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
        (make_socket, "cannot read the file"),
    ],
    ids=["folder", "pipe", "symlink loop", "dangling link", "device", "socket"],
)
def test_paths_that_are_not_plain_files_are_refused_naming_the_file(tmp_path: Path, make, words: str) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "odd.map.json"
    make(p)
    with pytest.raises(LoadError, match=words) as info:
        load_map(p)
    assert info.value.file == str(p)


def test_an_unreadable_file_is_refused_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = _write(tmp_path, _doc())
    p.chmod(0)
    if os.geteuid() == 0:  # root reads mode-000 files anyway: make the open fail as it would for a user
        real_open = os.open

        def refuse(path, flags, *a, **k):  # type: ignore[no-untyped-def]
            if os.fspath(path) == str(p):
                raise PermissionError(13, "Permission denied", str(p))
            return real_open(path, flags, *a, **k)

        monkeypatch.setattr(jsonio.os, "open", refuse)
    with pytest.raises(LoadError, match="permission denied") as info:
        load_map(p)
    assert info.value.file == str(p)


def test_a_file_swapped_for_a_pipe_while_being_loaded_never_blocks(tmp_path: Path) -> None:
    """The kind of file is checked on the open handle: a pipe put there after a check cannot block the read."""
    p = _write(tmp_path, _doc())
    text = p.read_bytes()
    stop = threading.Event()

    def swap() -> None:
        while not stop.is_set():
            try:
                p.unlink()
                os.mkfifo(p)
                p.unlink()
                p.write_bytes(text)
            except OSError:
                pass

    racer = threading.Thread(target=swap, daemon=True)
    racer.start()
    outcomes = set()
    done = threading.Event()

    def load_many() -> None:
        for _ in range(300):
            try:
                load_map(p)
                outcomes.add("loaded")
            except LoadError as e:
                outcomes.add(e.message.split(";")[0])
        done.set()

    loader = threading.Thread(target=load_many, daemon=True)
    loader.start()
    finished = done.wait(timeout=60)  # a hang guard, not a timing
    stop.set()
    racer.join()
    assert finished, f"a load blocked on the pipe (outcomes so far: {outcomes})"


def test_a_file_growing_while_read_is_read_no_further_than_the_limit(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "big.map.json"
    with p.open("wb") as f:
        f.truncate(MAX_FILE_BYTES * 3)
    real_fstat = os.fstat

    class Small:  # what fstat said before the file grew
        def __init__(self, st: os.stat_result) -> None:
            self.st_mode, self.st_size = st.st_mode, 10

    monkeypatch.setattr(jsonio.os, "fstat", lambda fd: Small(real_fstat(fd)))
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(jsonio.os, "read", lambda fd, n: (read.append(n), real_read(fd, n))[1])
    with pytest.raises(LoadError, match="over"):
        load_map(p)
    assert sum(read) <= MAX_FILE_BYTES + 1 + (1 << 20)


def test_a_nul_in_a_file_name_or_a_scenario_reference_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="NUL"):
        load_map(tmp_path / "a\x00b.map.json")
    scenario = {"format": 1, "name": "s", "map": "x\u0000y.map.json", "mode": "koth"}
    p = _write(tmp_path, scenario, "s.scenario.json")
    with pytest.raises(LoadError) as info:
        load_scenario(p)
    assert info.value.where == "$.map" and "NUL" in info.value.message


# -- values JSON allows but no hexfort file holds ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ('{"name": "\\ud800"}', "$.name", "lone UTF-16 surrogate"),
        ('{"a": {"\\udc00": 1}}', "$.a", "lone UTF-16 surrogate"),
        ('{"a": [1, "ok", ["\\udfff"]]}', "$.a[2][0]", "lone UTF-16 surrogate"),
        ('{"format": 2,\n "seed": 1e999}', "line 2, column 10", "too large"),
        ('{"seed": -1E400}', "line 1, column 10", "too large"),
        ('{"seed": ' + "9" * 5000 + "}", "line 1, column 10", "5,000 digits"),
        ('{"seed": -' + "1" * 41 + "}", "line 1, column 10", "41 digits"),
    ],
    ids=["surrogate", "surrogate key", "nested surrogate", "1e999", "-1E400", "5000 digits", "41 digits"],
)
def test_values_no_hexfort_file_holds_are_refused_at_their_place(text: str, where: str, words: str) -> None:
    with pytest.raises(LoadError) as info:
        parse_json_text(text, "f.json")
    assert (info.value.where, words in info.value.message) == (where, True), str(info.value)
    str(info.value).encode("utf-8")  # printable


def test_a_seed_written_as_1_0_is_refused_by_the_schema_instead_of_crashing_the_game(tmp_path: Path) -> None:
    """JSON Schema counts 1.0 as an integer; the dice then failed on a float seed."""
    scenario = {"format": 1, "name": "s", "map": "m.map.json", "mode": "koth", "seed": 1.0}
    _write(tmp_path, _doc())
    p = _write(tmp_path, scenario, "s.scenario.json")
    with pytest.raises(LoadError) as info:
        load_scenario(p)
    assert info.value.where == "$.seed" and "expected integer" in info.value.message
    code, out, _ = _validate("--format", "json", str(p))
    assert code == 1 and "HF999" not in out


# -- messages stay short and printable ------------------------------------------------------


@pytest.mark.parametrize(
    "doc",
    [
        {**_doc(), **{f"k{i}": i for i in range(50_000)}},
        {"format": 1, "name": "x", "modes": ["koth"], "cells": [{"q": "é" * 100_000, "r": 0}]},
        {"format": 1, "name": "x", "modes": ["koth"], "cells": [{"q": 0, "r": 0, "terrain": "x" * 100_000}]},
        {**_doc(), "x" * 100_000: 1},
    ],
    ids=["50,000 unknown keys", "long q", "long terrain", "long key"],
)
def test_messages_stay_short_whatever_the_file_holds(tmp_path: Path, doc: dict[str, object]) -> None:
    with pytest.raises(LoadError) as info:
        load_map(_write(tmp_path, doc))
    for p in info.value.problems:
        assert len(p.message) <= MAX_MESSAGE and len(p.where) <= 200


def test_unknown_keys_are_named_a_few_at_a_time() -> None:
    with pytest.raises(LoadError) as info:
        validate_document({**_doc(), **{f"k{i}": i for i in range(50_000)}}, "map", "m.json")
    assert "'k0', 'k1', 'k10', 'k100', 'k1000' and 49,995 more" in info.value.message


def test_a_file_name_that_is_not_utf8_is_printed_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    folder.mkdir()
    odd = Path(os.fsdecode(bytes(folder) + b"/bad-\xff.map.json"))
    odd.write_bytes(b"{not json")
    with pytest.raises(LoadError) as info:
        load_map(odd)
    assert "\\xff" in str(info.value) and str(info.value).encode("utf-8")
    for fmt in ("text", "json"):
        code, out, _ = _validate("--format", fmt, str(folder))
        assert code == 1 and "\\xff" in out
        out.encode("utf-8")
    assert printable("a\udcffb") == "a\\xffb" and printable("a\ud800") == "a\\ud800"


# -- schema checks take time linear in the file ---------------------------------------------


def test_a_list_far_over_its_limit_is_reported_once_not_item_by_item() -> None:
    doc = _doc(kits=[f"{i},{i}" for i in range(200_000)])
    errors = list(validator("map").iter_errors(doc))
    assert [(list(e.absolute_path), e.validator) for e in errors] == [(["kits"], "maxItems")]


def test_unique_items_of_mixed_types_are_checked_by_hashing() -> None:
    """The library compares unsortable items pairwise: minutes for a list of 40,000; ours hashes them."""
    mixed = [x for i in range(20_000) for x in (i, str(i))]
    found: list[str] = []
    checker = threading.Thread(target=lambda: found.extend(e.validator for e in validator("map").iter_errors(
        _doc(kits=mixed))), daemon=True)
    checker.start()
    checker.join(timeout=60)  # a hang guard, not a timing: this takes well under a second
    assert not checker.is_alive(), "uniqueItems compared the items pairwise"
    assert "uniqueItems" not in found and found.count("type") == 20_000
    assert "uniqueItems" in [e.validator for e in validator("map").iter_errors(_doc(kits=["1,1", "2,2", "1,1"]))]
    assert "uniqueItems" in [e.validator for e in validator("map").iter_errors(_doc(modes=["koth", "koth"]))]


def test_a_string_far_over_its_length_is_not_matched_against_its_pattern() -> None:
    """The row pattern took ~200 bytes per token: 230 MB for one 3 MB row."""
    doc = _doc(rows=["0. " * 1_000_000])
    assert [(e.validator, list(e.absolute_path)) for e in validator("map").iter_errors(doc)] == [
        ("maxLength", ["rows", 0])]


@pytest.mark.parametrize("kind", ["scenario", "replay"])
def test_the_rules_hold_inside_an_embedded_map_too(kind: str) -> None:
    """jsonschema picked the stock validator inside references to other files' schemas (by their
    "$schema"), so an embedded map escaped the stricter checks: origin [0, 2.0] passed as integers."""
    embedded = {k: v for k, v in _doc(origin=[0, 2.0]).items() if k != "$schema"}
    doc: dict[str, object] = {"format": 1, "name": "s", "map": embedded, "mode": "koth"}
    prefix = "$.map"
    if kind == "replay":
        doc, prefix = {"format": 2, "scenario": doc, "seed": 1, "actions": []}, "$.scenario.map"
    with pytest.raises(LoadError) as info:
        validate_document(doc, kind, "f.json")
    assert info.value.where == f"{prefix}.origin[1]" and "expected integer" in info.value.message


def test_one_of_keeps_a_bounded_number_of_errors_per_branch() -> None:
    """An embedded map with 30,000 wrong track hexes made oneOf keep 30,000 errors: seconds of work."""
    embedded = {k: v for k, v in _doc(tracks={"RED": [f"x{i}" for i in range(30_000)]}).items() if k != "$schema"}
    scenario = {"format": 1, "name": "s", "map": embedded, "mode": "koth"}
    (error,) = validator("scenario").iter_errors(scenario)
    assert error.validator == "oneOf" and len(error.context) <= 501
    with pytest.raises(LoadError) as info:
        validate_document(scenario, "scenario", "s.json")
    assert len(info.value.problems) == 20 and info.value.where.startswith("$.map.tracks.RED[")


# -- format 1 maps -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ({"q": 0, "r": 0, "terrain": "stairs", "up": "1"}, "'up' must be an integer"),
        ({"q": 0, "r": 0, "terrain": "stairs", "up": 1.5}, "'up' must be an integer"),
        ({"q": 0, "r": 0, "terrain": "stairs", "up": True}, "'up' must be an integer"),
        ({"q": 0, "r": 0, "terrain": ["open"]}, "'terrain' must be one of"),
        ({"q": 10**30, "r": 0}, "'q' must be from -9999 to 9999"),
    ],
    ids=["up as text", "up as fraction", "up as true", "terrain as list", "huge q"],
)
def test_format_1_cells_of_the_wrong_type_are_named(tmp_path: Path, cell: dict[str, object], words: str) -> None:
    doc = {"format": 1, "name": "x", "modes": ["koth"], "orientation": "pointy", "cells": [cell]}
    with pytest.raises(LoadError) as info:
        load_map(_write(tmp_path, doc))
    assert info.value.where == "$.cells[0]" and words in info.value.message


def test_format_1_lists_at_most_twenty_problems(tmp_path: Path) -> None:
    doc = {"format": 1, "name": "x", "modes": ["koth"], "orientation": "pointy", "cells": [7] * 500}
    with pytest.raises(LoadError) as info:
        load_map(_write(tmp_path, doc))
    assert len(info.value.problems) == 20


def test_format_1_cells_far_apart_are_refused_before_the_grid_is_drawn(tmp_path: Path) -> None:
    """Two cells 20,000 hexes apart would have drawn a 20,000 x 20,000 grid of holes."""
    cells = [{"q": -9999, "r": -9999}, {"q": 9999, "r": 9999}]
    doc = {"format": 1, "name": "x", "modes": ["koth"], "orientation": "pointy", "cells": cells}
    with pytest.raises(LoadError) as info:
        load_map(_write(tmp_path, doc))
    assert info.value.where == "$.cells" and "400 × 400" in info.value.message


def test_a_huge_origin_is_refused_by_the_schema(tmp_path: Path) -> None:
    with pytest.raises(LoadError) as info:
        loads_map(json.dumps(_doc(origin=[10**30, 0])))
    assert info.value.where == "$.origin[0]" and "at most 15000" in info.value.message


# -- the validator and its report ------------------------------------------------------------


def test_a_validation_report_given_to_validate_gets_a_report_that_follows_the_schema(tmp_path: Path) -> None:
    m = _write(tmp_path, _doc())
    code, report_text, _ = _validate("--format", "json", str(m))
    report = tmp_path / "report.json"
    report.write_text(report_text, encoding="utf-8")
    code, out, _ = _validate("--format", "json", str(report))
    result = json.loads(out)
    assert code == 1
    assert not list(validator("report").iter_errors(result))
    assert result["files"][0]["kind"] == "report"
    assert result["files"][0]["problems"][0]["code"] == "HF004"
    with pytest.raises(LoadError, match="validation report"):
        load_any(report)


def test_a_json_file_that_is_no_hexfort_file_is_said_to_be_none_not_asked_for_a_schema(tmp_path: Path) -> None:
    """A new-user audit (session 11) handed `rebalance` some other program's JSON and was told to name its schema,
    as if the file were a map missing one line: the message now says first that it does not look like one."""
    p = tmp_path / "package.json"
    p.write_text('{"name": "something", "version": "1.0.0"}')
    with pytest.raises(LoadError, match="does not look like a hexfort file") as got:
        load_any(p)
    assert "give a map or scenario file" in str(got.value)


def test_a_symlink_loop_named_on_the_command_line_is_reported_not_a_usage_error(tmp_path: Path) -> None:
    p = tmp_path / "loop.map.json"
    p.symlink_to(p.name)
    code, out, err = _validate(str(p))
    assert code == 1 and "cannot read the file" in out and not err


def test_a_subfolder_that_vanishes_during_the_walk_is_reported(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder removed while validate walked it raised FileNotFoundError out of the CLI."""
    _write(tmp_path, _doc(), "a.map.json")
    (tmp_path / "sub").mkdir()
    _write(tmp_path / "sub", _doc(), "b.map.json")
    real_scandir = os.scandir

    def scandir(path):  # type: ignore[no-untyped-def]
        if os.fspath(path) == str(tmp_path / "sub"):
            raise FileNotFoundError(2, "No such file or directory", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    code, out, err = _validate(str(tmp_path))
    assert code == 1 and not err
    assert f"{tmp_path / 'sub'}: HF001 error: cannot list the files in this folder" in out


def test_maps_validated_and_dropped_are_freed(tmp_path: Path) -> None:
    """Board.for_map kept every map it saw alive (its board refers to it): ~60 MB per large map validated."""
    import gc
    import weakref

    from engine.formats import load_scenario
    from engine.validation.checks import check_map
    from engine.validation.scenario_checks import check_scenario_setup

    scenario = load_scenario(Path(__file__).resolve().parents[2] / "maps" / "koth_quarry.scenario.json")
    from engine.formats import builtin_ruleset

    refs = []
    for _ in range(20):
        m = loads_map(json.dumps(_doc()))
        list(check_map(m))
        s = __import__("dataclasses").replace(scenario, map=loads_map(json.dumps(
            {**json.loads(Path(__file__).resolve().parents[2].joinpath("maps", "koth_quarry.map.json").read_text()),
             "$schema": "map.schema.json"})))
        list(check_scenario_setup(s, builtin_ruleset("koth")))
        refs += [weakref.ref(m), weakref.ref(s.map)]
        del m, s
    gc.collect()
    assert sum(r() is not None for r in refs) <= 16


# -- rocket-jump reach is linear --------------------------------------------------------------


def _simple_rocket_reach(ctx: CheckContext, team: Team, jump: int = 8) -> set[int]:
    """The definition: from every reached hex, land on any landable hex within the jump, walk on; repeat."""
    from engine.rules.movement import flood

    b = board(ctx)
    closed = {Team.RED: 2, Team.BLU: 1}[team]
    got = set(reach(ctx, team).indices())
    while True:
        landings = {u for u in range(b.n) if u not in got and not b.wall[u]
                    and b.spawn[u] != closed and any(j in got for j in b.within(u, jump))}
        if not landings:
            return got
        got |= landings | set(flood(b, landings, profile(walk_mode(ctx), team)).indices())


@pytest.mark.parametrize("seed", range(12))
def test_rocket_reach_on_patchy_maps_is_what_the_definition_gives(seed: int) -> None:
    """rocket_reach once rescanned every unreached hex per round: 40 s on a patchy 40,000-hex map."""
    rng = random.Random(seed)
    cells = {}
    width = rng.choice((8, 16, 24))
    walls = rng.choice((0.2, 0.45, 0.6))
    for row in range(width):
        for col in range(width):
            if rng.random() < 0.15:
                continue  # holes, which a jump flies over
            h = roffset_to_cube(ODD, OffsetCoord(col, row))
            x = rng.random()
            cells[h] = (Cell(0, Terrain.WALL) if x < walls else Cell(rng.randrange(3), Terrain.LOW) if x < walls + 0.1
                        else Cell(rng.choice((0, 0, 1, 2))))
    hexes = sorted(cells)
    spawns = {Team.RED: [hexes[0]], Team.BLU: [hexes[-1]]}
    for zone in spawns.values():
        cells[zone[0]] = Cell()
    m = HexMap.create(MapMeta(name="patchy"), cells, spawns=spawns)
    for team in Team:
        assert rocket_reach(CheckContext(m), team) == _simple_rocket_reach(CheckContext(m), team)


# -- a scenario or replay naming a hostile ruleset -----------------------------------------------


def _hostile_rulesets() -> dict[str, dict[str, object]]:
    """Rulesets valid by the schema that the rules engine might trip on: missing params, no specials,
    no options, units that cannot move or shoot, only unknown unit kinds."""
    import copy

    base = json.loads(builtin_ruleset_path("koth").read_text(encoding="utf-8"))
    out: dict[str, dict[str, object]] = {}
    for unit in base["units"]:
        r = copy.deepcopy(base)
        r["units"][unit]["params"] = {}
        out[f"{unit} without params"] = r
        r = copy.deepcopy(base)
        r["units"][unit]["specials"] = r["units"][unit]["passive"] = []
        out[f"{unit} without specials"] = r
    r = copy.deepcopy(base)
    r["options"] = {}
    out["no options"] = r
    r = copy.deepcopy(base)
    for u in r["units"].values():
        u["speed"] = u["range"] = 0
    out["nobody moves or shoots"] = r
    r = copy.deepcopy(base)
    r["units"] = {"golem": {"name": "Golem", "speed": 3, "range": 2, "damage": 10, "health": 100}}
    out["only an unknown unit"] = r
    return out


@pytest.mark.parametrize("name", list(_hostile_rulesets()))
def test_a_scenario_or_replay_naming_a_hostile_ruleset_loads_or_is_refused(tmp_path: Path, name: str) -> None:
    """The campaign's scenarios name only a sound ruleset file; these name ones the rules engine may trip on."""
    from engine.replay import load_replay
    from engine.validation.runner import validate_file
    from tests.fuzzing.harness import check_load_error
    from tests.fuzzing.seeds import MAPS, seeds_of

    (tmp_path / "hostile.ruleset.json").write_text(json.dumps(_hostile_rulesets()[name]), encoding="utf-8")
    (tmp_path / "koth_quarry.map.json").write_bytes((MAPS / "koth_quarry.map.json").read_bytes())
    scenario = {"format": 1, "name": "s", "map": "koth_quarry.map.json", "mode": "koth",
                "ruleset": "hostile.ruleset.json",
                "teams": {"RED": {"units": [{"unit": "soldier"}, {"unit": "scout"}]}, "BLU": {"units": [{"unit": "pyro"}]}}}
    replay = json.loads(seeds_of("replay")[0].text)
    replay["scenario"]["ruleset"] = "hostile.ruleset.json"
    for key in ("rolls", "result"):
        replay.pop(key, None)
    files = {"s.scenario.json": (scenario, load_scenario), "r.replay.json": (replay, load_replay)}
    for file_name, (doc, load) in files.items():
        p = _write(tmp_path, doc, file_name)
        try:
            load(p)
        except LoadError as e:
            check_load_error(e, p)
        assert not [x for x in validate_file(p).problems if x.code == "HF999"]
