"""The campaign's unbalanced maps (bench/rebalance_cases.py) are what they say: valid, across the three games,
asymmetric where they claim no mirror; and a run gives the same answer on any number of worker processes."""

from __future__ import annotations

import json

import pytest

from engine.parallel.backends import InProcess, ProcessPool
from engine.rebalance.mirror import team_mirror
from engine.rebalance.play import Runner
from engine.rebalance.report import document
from engine.rebalance.search import Settings, rebalance
from engine.validation.problem import Severity
from engine.validation.runner import scenario_problems
from tests.engine.rebalance.lanes import UNFAIR
from tests.playing import bench_module

with bench_module("rebalance_cases") as _cases:
    CASES = _cases.CASES


def test_at_least_twenty_cases_across_the_three_games_with_asymmetric_ones() -> None:
    assert len(CASES) >= 20
    assert {c.game for c in CASES} == {"koth", "payload", "teamplay"}
    assert sum(c.name.startswith("asym") for c in CASES) >= 4


@pytest.mark.parametrize("case", CASES, ids=[f"{c.source}:{c.name}" for c in CASES])
def test_each_case_builds_a_valid_map_with_the_symmetry_it_claims(case) -> None:  # type: ignore[no-untyped-def]
    s = case.build()
    assert not [p for p in scenario_problems(s) if p.severity is Severity.ERROR]
    mirror = team_mirror(s.map)
    if case.name.startswith("asym") or case.game == "teamplay":
        assert mirror is None
    else:
        assert mirror is not None and not mirror.exact  # one edit away from a symmetric map


def test_a_run_is_the_same_with_one_or_two_worker_processes() -> None:
    settings = Settings(first_round=8, baseline_games=16, baseline_cap=32, search_games=16, confirm_games=8, candidates=2,
                        steps=1)
    docs = []
    for backend in (InProcess(), ProcessPool(2)):
        with backend:
            out = rebalance(UNFAIR, settings, Runner(backend, settings.players))
        docs.append(json.dumps(document(out, settings, "lane.map.json", None), sort_keys=True))
    assert docs[0] == docs[1]


def test_carried_rows_are_printed_marked_and_counted_without_playing(tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--carry`` reuses an earlier run's rows (the later file's row for a case wins), marks them † with their
    commit and plays nothing for them; a file that is not a rows file is refused with its name."""
    with bench_module("rebalance") as bench:
        def row(case: str, status: str, ok: bool) -> dict[str, object]:
            return {"case": case, "map": case, "status": status, "before": "60% (144)", "after": "50% (1000)", "hexes": 1,
                    "change": "an edit", "minutes": 1.0, "reference_rate": 9.0, "quick_minutes": 0.6,
                    "wall_minutes": 2.0, "ok": ok, "check_fair": ok}
        first, second, broken = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
        first.write_text(json.dumps({"commit": "aaaa", "rows": [row("koth_ridge:red-spawn+2", "improved, not fixed", False)]}))
        second.write_text(json.dumps({"commit": "bbbb", "rows": [row("koth_ridge:red-spawn+2", "fixed", True)]}))
        broken.write_text("{}")

        def no_games(*_a, **_k):  # type: ignore[no-untyped-def]
            raise AssertionError("a carried case was played")

        monkeypatch.setattr(bench, "run_one", no_games)
        monkeypatch.setattr(bench, "case_rate", lambda: 1e7)
        monkeypatch.setattr(bench, "reference_rate", lambda: 1e7)
        monkeypatch.setattr("sys.argv", ["rebalance.py", "--only", "koth_ridge:red-spawn+2", "--carry", str(first),
                                         str(second)])
        assert bench.main() == 0
        out = capsys.readouterr().out
        assert "koth_ridge:red-spawn+2 †" in out and "| fixed |" in out and "improved" not in out
        assert "carried over, not played by this run: its row as played on commit bbbb" in out
        assert "fixed and confirmed: 1/1" in out
        monkeypatch.setattr("sys.argv", ["rebalance.py", "--only", "koth_ridge:red-spawn+2", "--carry", str(broken)])
        with pytest.raises(SystemExit, match="c.json: not a rows file"):
            bench.main()


def test_a_table_assembled_from_runs_marks_only_rows_carried_across_a_change(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    """Session 22's docs table was made wholly of carried rows, and its own eight rows were unmarked by hand: rows
    played on the newest commit in the table are not marked †, older ones are (they were carried across a change)."""
    import subprocess
    from pathlib import Path

    with bench_module("rebalance") as bench:
        repo = Path(bench.__file__).resolve().parents[1]
        try:
            older, newer = subprocess.run(["git", "log", "--format=%h", "-2"], cwd=repo, capture_output=True, text=True,
                                          check=True).stdout.split()[::-1]
        except (OSError, subprocess.CalledProcessError, ValueError):
            pytest.skip("not a git checkout with two commits: the commits cannot be ordered")
        rows = [{"case": c, "carried": k} for c, k in (("a", older), ("b", newer), ("c", older + "+"))]
        assert bench._marked(rows, "unknown") == {0, 2}
        played = [{"case": "a", "carried": older}, {"case": "b"}]  # this run played b, on the newest commit
        assert bench._marked(played, newer) == {0}
        assert bench._marked(rows, "unknown") == bench._marked(rows, newer)  # every row carried: the run plays none
        assert bench._marked([{"case": "a", "carried": "aaaa"}, {"case": "b", "carried": newer}], newer) == {0, 1}
