"""The commands on a Dask cluster give byte-identical output, and Ctrl-C stops any backend cleanly.

A real ``LocalCluster`` (two worker processes, one thread each) stands in for a
cluster of machines: the commands connect to its scheduler over TCP exactly as
they would to a remote one. Ctrl-C is a real SIGINT sent to the command's whole
process group, as a terminal sends it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.formats import save_map
from engine.mapmodel import Mode
from engine.scenario import Scenario
from engine.simulation.batch import run_batch, summarise
from engine.validation.construction import construction_reason, fixed_first_team
from tests.engine.test_simulation import hill
from tests.engine.test_validate_cli import good_map

distributed = pytest.importorskip("distributed")  # installed by ./setup.sh (the test extra)

REPO = Path(__file__).resolve().parents[2]
HEXFORT = Path(sys.executable).with_name("hexfort")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a two-worker local Dask cluster, for the tests of this module."""
    cluster = distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0")
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def hexfort(*argv: str, cwd: Path = REPO) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(HEXFORT), *argv], capture_output=True, timeout=600, stdin=subprocess.DEVNULL, cwd=cwd)


def test_simulate_json_is_byte_identical_locally_in_a_pool_and_on_dask(tmp_path: Path, scheduler: str) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    common = ("simulate", str(p), "--games", "40", "--seed", "7", "--players", "heuristic,random", "--format", "json")
    runs = {
        "local": hexfort(*common),
        "local again": hexfort(*common),
        "--jobs 2": hexfort(*common, "--jobs", "2"),
        "dask": hexfort(*common, "--backend", "dask", "--scheduler", scheduler),
    }
    for name, r in runs.items():
        assert r.returncode == 0, (name, r.stderr.decode())
    outputs = {r.stdout for r in runs.values()}
    assert len(outputs) == 1, {name: r.stdout[:300] for name, r in runs.items()}
    assert json.loads(runs["local"].stdout)["games"] == 40
    assert f"running on Dask cluster at {scheduler}: 2 workers, 2 threads" in runs["dask"].stderr.decode()


def test_balance_json_is_byte_identical_locally_in_a_pool_and_on_dask(tmp_path: Path, scheduler: str) -> None:
    """The balance study (watched games, heat maps, the search player included) does not depend on where it ran."""
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    other = tmp_path / "hill2.map.json"
    save_map(hill(), other)
    common = ("balance", str(p), "--games", "6", "--seed", "4", "--players", "heuristic,random",
              "--players", "search,heuristic", "--compare", str(other), "--format", "json")
    runs = {
        "local": hexfort(*common),
        "local again": hexfort(*common),
        "--jobs 2": hexfort(*common, "--jobs", "2"),
        "dask": hexfort(*common, "--backend", "dask", "--scheduler", scheduler),
    }
    for name, r in runs.items():
        assert r.returncode == 0, (name, r.stderr.decode())
    outputs = {r.stdout for r in runs.values()}
    assert len(outputs) == 1, {name: r.stdout[:300] for name, r in runs.items()}
    doc = json.loads(runs["local"].stdout)
    assert [p["games"] for p in doc["map"]["pairings"]] == [6, 6]
    assert doc["map"]["pairings"][1]["heat"]["stand"]["RED"]  # the games were watched


def test_balance_games_auto_stops_at_the_same_block_locally_in_a_pool_and_on_dask(tmp_path: Path,
                                                                                   scheduler: str) -> None:
    """--games auto: the stopping point is a block in game order, so where the games ran cannot move it."""
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    common = ("balance", str(p), "--seed", "3", "--players", "random,random", "--max-games", "120",
              "--compare", str(p), "--format", "json")
    runs = {
        "local": hexfort(*common),
        "--jobs 2": hexfort(*common, "--jobs", "2"),
        "dask": hexfort(*common, "--backend", "dask", "--scheduler", scheduler),
    }
    for name, r in runs.items():
        assert r.returncode == 0, (name, r.stderr.decode())
    assert len({r.stdout for r in runs.values()}) == 1
    doc = json.loads(runs["local"].stdout)
    assert doc["stopping"]["rule"] == "auto" and doc["games"] == doc["stopping"]["games"] <= 120


def test_ctrl_c_stops_balance_and_marks_the_study_partial(tmp_path: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    code, out, err = _interrupt_after_progress(
        ["balance", str(p), "--games", "100000", "--players", "random,random", "--format", "json", "--jobs", "2"],
        b"playing:")
    assert code == 130, err.decode()
    assert b"Traceback" not in err
    doc = json.loads(out)
    k = doc["partial"]["finished"]
    assert doc["partial"] == {"reason": "interrupted", "finished": k, "planned": 100000}
    assert 1 <= k < 100000 and doc["map"]["pairings"][0]["games"] == k
    assert doc["stopping"] == {"rule": "fixed", "games": k}  # the games kept (it said the 100000 planned: an audit)
    assert f"interrupted; reporting the {k} of 100000 games that finished".encode() in err
    assert f"{k} games per pairing (of --games 100000, interrupted)".encode() in err


def test_validate_json_of_a_folder_is_byte_identical_locally_in_a_pool_and_on_dask(tmp_path: Path,
                                                                                   scheduler: str) -> None:
    folder = tmp_path / "maps"
    (folder / "sub").mkdir(parents=True)
    for i in range(10):
        save_map(good_map(), folder / f"m{i:02}.map.json")
    save_map(good_map(), folder / "sub" / "ok.map.json")
    (folder / "sub" / "broken.json").write_text("{nope")
    (folder / "sub" / "s.scenario.json").write_text(
        '{"$schema": "scenario.schema.json", "format": 1, "name": "s", "map": "gone.map.json", "mode": "koth"}')
    for name in ("koth_quarry.map.json", "koth_quarry.scenario.json", "payload_canal.map.json"):
        (folder / name).write_bytes((REPO / "maps" / name).read_bytes())
    # Relative paths, from a folder the workers were not started in: the report names files as given.
    common = ("validate", "maps", "--format", "json")
    runs = {
        "local": hexfort(*common, "--jobs", "1", cwd=tmp_path),
        "local again": hexfort(*common, "--jobs", "1", cwd=tmp_path),
        "--jobs 2": hexfort(*common, "--jobs", "2", cwd=tmp_path),
        "dask": hexfort(*common, "--backend", "dask", "--scheduler", scheduler, cwd=tmp_path),
    }
    for name, r in runs.items():
        assert r.returncode == 1, (name, r.stderr.decode())  # the broken files fail
        assert b"Traceback" not in r.stderr
    assert len({r.stdout for r in runs.values()}) == 1
    report = json.loads(runs["dask"].stdout)
    assert report["summary"]["files"] == 16 and report["files"][0]["path"] == "maps/koth_quarry.map.json"
    assert any("maps/sub/gone.map.json" in p["message"] for f in report["files"] for p in f["problems"])


def _interrupt_after_progress(argv: list[str], marker: bytes, cwd: Path = REPO) -> tuple[int, bytes, bytes]:
    """Run hexfort, send SIGINT to its process group once ``marker`` shows on stderr; (status, stdout, stderr)."""
    proc = subprocess.Popen([str(HEXFORT), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, cwd=cwd, start_new_session=True,
                            # SIGINT may be ignored where the tests run (a background job): let it through.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stderr is not None
    seen = b""
    try:
        while marker not in seen:
            line = proc.stderr.readline()
            assert line, f"no {marker!r} before the end: {seen.decode()}"
            seen += line
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, out, seen + err


@pytest.mark.parametrize("where", ["--jobs 1", "--jobs 2", "dask"])
def test_ctrl_c_stops_simulate_and_reports_the_games_that_finished(tmp_path: Path, where: str,
                                                                   request: pytest.FixtureRequest) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    backend = where.split() if where != "dask" else [
        "--backend", "dask", "--scheduler", request.getfixturevalue("scheduler")]
    code, out, err = _interrupt_after_progress(
        ["simulate", str(p), "--games", "200000", "--seed", "3", "--format", "json", *backend], b"simulating:")
    assert code == 130, err.decode()
    assert b"Traceback" not in err
    doc = json.loads(out)
    k = doc["partial"]["finished"]
    assert doc["partial"] == {"reason": "interrupted", "finished": k, "planned": 200000}
    assert 1 <= k < 200000 and doc["games"] == k
    assert f"interrupted; reporting the {k} of 200000 games that finished".encode() in err
    # What is reported is exactly the first k games of the batch.
    scenario = Scenario("Hill", Mode.KOTH, hill(), map_ref="hill.map.json")
    expected = summarise(run_batch(scenario, k, 3)).to_json(construction_reason(scenario), first_team=fixed_first_team(scenario))  # mirrored
    assert {key: doc[key] for key in expected} == json.loads(json.dumps(expected))
    if where == "dask":
        assert _tasks_left(request.getfixturevalue("scheduler")) == 0


def _tasks_left(address: str) -> int:
    """Tasks the scheduler still holds, once the cancels of an interrupted run have reached it."""
    with distributed.Client(address, set_as_default=False) as client:
        for _ in range(100):
            left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
            if left == 0:
                break
            time.sleep(0.1)
    return left


def test_ctrl_c_stops_validate_and_marks_the_report_partial(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    save_map(good_map(), folder / "m0000.map.json")
    text = (folder / "m0000.map.json").read_bytes()
    for i in range(1, 3000):
        (folder / f"m{i:04}.map.json").write_bytes(text)
    code, out, err = _interrupt_after_progress(["validate", str(folder), "--jobs", "2"], b"validating:")
    assert code == 130, err.decode()
    assert b"Traceback" not in err
    lines = out.decode().splitlines()
    k = int(lines[-2].split()[0])  # "<k> files checked, 0 with errors: ..."
    assert 1 <= k < 3000
    assert lines[-1] == f"PARTIAL: interrupted after {k} of 3000 files; the rest were not checked"

