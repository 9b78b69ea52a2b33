"""``hexfort rebalance``: files written under the input's names, reports, the JSON on stdout, and clear errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from editor.cli import main
from engine.formats import load_any, save_map, save_scenario
from engine.formats.schemas import validator
from engine.rebalance import cli as rebalance_cli
from engine.rebalance.search import rebalance
from engine.rebalance.settings import Settings
from engine.scenario import Scenario
from tests.engine.rebalance.lanes import FAIR, UNFAIR
from tests.engine.rebalance.test_search import QUICK, ModelRunner, by_lean


@pytest.fixture
def modelled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's search plays the model games of test_search instead of real ones (same settings otherwise)."""
    def fake(scenario, settings, runner, listener=None):  # type: ignore[no-untyped-def]
        return rebalance(scenario, QUICK.__class__(**{**QUICK.__dict__, "seed": settings.seed}),
                         ModelRunner(by_lean), listener)
    monkeypatch.setattr(rebalance_cli, "rebalance", fake)


def _write(tmp_path: Path, fair: bool = False) -> Path:
    src = tmp_path / "in"
    src.mkdir()
    save_map((FAIR if fair else UNFAIR).map, src / "lane.map.json")
    return src / "lane.map.json"


def test_a_fixed_map_is_written_under_its_own_name_with_both_reports(tmp_path: Path, modelled: None,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path)
    out = tmp_path / "out"
    assert main(["rebalance", str(path), "-o", str(out), "--format", "json"]) == 0
    said = capsys.readouterr()
    doc = json.loads(said.out)
    wrote = said.err.strip().splitlines()[-1]
    assert all(str(out / name) in wrote for name in ("lane.map.json", "rebalance.txt", "rebalance.json")), wrote
    assert not list(validator("rebalance").iter_errors(doc))
    assert doc["status"] == "fixed" and doc["hexes_changed"] == 1 and doc["written"] == {"map": str(out / "lane.map.json")}
    assert doc["before"]["red_score"] > 0.5 and doc["after"]["games"] == 400
    kind, fixed = load_any(out / "lane.map.json")
    assert kind == "map" and fixed != UNFAIR.map
    assert "change:" in (out / "rebalance.txt").read_text() and json.loads((out / "rebalance.json").read_text()) == doc


def test_a_scenario_gives_the_scenario_and_its_map_file(tmp_path: Path, modelled: None) -> None:
    src = tmp_path / "in"
    src.mkdir()
    save_map(UNFAIR.map, src / "lane.map.json")
    save_scenario(UNFAIR, src / "lane.scenario.json")
    out = tmp_path / "out"
    assert main(["rebalance", str(src / "lane.scenario.json"), "-o", str(out)]) == 0
    kind, s = load_any(out / "lane.scenario.json")
    assert kind == "scenario" and s.map_ref == "lane.map.json" and s.map == load_any(out / "lane.map.json")[1]


def test_an_already_fair_map_is_left_alone(tmp_path: Path, modelled: None, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, fair=True)
    monkey_fair = ModelRunner(lambda v: 0.5)
    rebalance_cli.rebalance = lambda s, st, r, listener=None: rebalance(s, QUICK, monkey_fair, listener)  # type: ignore[assignment]
    out = tmp_path / "out"
    assert main(["rebalance", str(path), "-o", str(out)]) == 0
    assert "already fair" in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == ["rebalance.json", "rebalance.txt"]


@pytest.mark.parametrize(("given", "play_on"), [([], Settings.play_on), (["--play-on", "1"], 1), (["--play-on", "8"], 8)])
def test_play_on_reaches_the_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: list[str],
                                    play_on: int) -> None:
    seen: list[Settings] = []

    def fair(s: Scenario, st: Settings, r: object, listener: object = None) -> object:
        seen.append(st)
        return rebalance(s, QUICK, ModelRunner(lambda v: 0.5), listener)  # type: ignore[arg-type]

    monkeypatch.setattr(rebalance_cli, "rebalance", fair)
    assert main(["rebalance", str(_write(tmp_path, fair=True)), "-o", str(tmp_path / "out"), *given]) == 0
    assert [st.play_on for st in seen] == [play_on]


@pytest.mark.parametrize(("args", "status", "words"), [
    (["missing.map.json", "-o", "OUT"], 1, "missing.map.json"),
    (["IN", "-o", "IN_DIR"], 2, "would replace the originals"),
    (["IN", "-o", "OUT", "--players", "heuristic"], 2, "--players heuristic: give two of"),
    (["IN", "-o", "OUT", "--minutes", "0"], 2, "--minutes 0: give a time of more than 0 minutes"),
    (["IN", "-o", "OUT", "--jobs", "0"], 2, "--jobs 0: must be 1 or more"),
    (["IN", "-o", "OUT", "--confirm-games", "-5"], 2, "--confirm-games -5: must be 1 or more"),
    (["IN", "-o", "OUT", "--play-on", "0"], 2, "--play-on 0: must be 1 or more"),
    (["IN", "-o", "FILE/sub"], 2, "cannot write there"),
    (["IN", "-o", "OUT", "--backend", "dask"], 2, "--scheduler"),
])
def test_bad_input_is_named_with_the_fix(tmp_path: Path, args: list[str], status: int, words: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path)
    (tmp_path / "a_file").write_text("x")
    subst = {"IN": str(path), "IN_DIR": str(path.parent), "OUT": str(tmp_path / "out"),
             "FILE/sub": str(tmp_path / "a_file" / "sub"), "missing.map.json": str(tmp_path / "missing.map.json")}
    assert main(["rebalance", *[subst.get(a, a) for a in args]]) == status
    err = capsys.readouterr().err
    assert err.startswith("hexfort rebalance: ") and words in err and "Traceback" not in err


def test_a_map_with_errors_says_which_and_how_to_go_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in"
    src.mkdir()
    m = UNFAIR.map.with_spawn_zone(UNFAIR.map.spawn_team(next(iter(UNFAIR.map.spawns[list(UNFAIR.map.spawns)[1]])))
                                   or list(UNFAIR.map.spawns)[1], [])
    save_map(m, src / "broken.map.json")
    assert main(["rebalance", str(src / "broken.map.json"), "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "broken.map.json" in err and ("fix them first" in err or "cannot be played" in err)


def test_a_folder_that_fails_mid_write_still_gets_the_answer_on_stdout(
        tmp_path: Path, modelled: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A disk that fills up while the files are written must not lose the run: the answer still reaches stdout."""
    path = _write(tmp_path, fair=True)
    monkey_fair = ModelRunner(lambda v: 0.5)
    monkeypatch.setattr(rebalance_cli, "rebalance",
                        lambda s, st, r, listener=None: rebalance(s, QUICK, monkey_fair, listener))

    def full(*_: object) -> dict[str, str]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(rebalance_cli, "write_result", full)
    assert main(["rebalance", str(path), "-o", str(tmp_path / "out")]) == 1
    got = capsys.readouterr()
    assert "cannot write into" in got.err and "No space left" in got.err and "already fair" in got.out


def test_a_report_that_cannot_be_written_after_the_map_still_names_the_map(tmp_path: Path, modelled: None,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The fixed map is written first; when the report then fails (here a folder stands where rebalance.txt
    goes), the answer on stdout still says the map file exists (a review)."""
    path = _write(tmp_path)
    out = tmp_path / "out"
    (out / "rebalance.txt").mkdir(parents=True)
    assert main(["rebalance", str(path), "-o", str(out)]) == 1
    said = capsys.readouterr()
    assert "cannot write into" in said.err and f"wrote: {out / 'lane.map.json'}" in said.out
    assert (out / "lane.map.json").exists()


def test_a_confirmations_batches_add_up_on_one_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches with no note between them (a confirmation plays 200 games as four of 50) count on from each other;
    each started the bar's count again under the first one's clock: "50/50 games 7.8 games/s in 0:06"."""
    from engine.rebalance import cli

    seen: list[tuple[int, int]] = []

    class Bar:
        def __init__(self, _err: object, total: int, *_words: str) -> None:
            seen.append((0, total))

        def __call__(self, done: int, total: int) -> None:
            seen.append((done, total))

        def close(self) -> None:
            seen.append((-1, -1))

    monkeypatch.setattr(cli, "ProgressBar", Bar)
    p = cli._Progress(io.StringIO())
    for _ in range(2):
        for done in range(1, 51):
            p.games(done, 50)
    assert seen[0] == (0, 50) and seen[50] == (50, 50) and seen[-1] == (100, 100)
    p.note("confirmed")
    p.games(1, 48)
    assert seen[-2:] == [(0, 48), (1, 48)]  # after a note, a new bar from 0
