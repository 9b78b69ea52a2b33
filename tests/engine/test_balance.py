"""Balance studies: the observer changes nothing, its counts add up, races, the evidence, and ``hexfort balance``
itself (its statistics, verdicts, comparisons and JSON: tests/engine/test_balance_verdict.py).
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.formats import save_map
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.scenario import Scenario
from engine.simulation import balance_cli
from engine.simulation.balance import StudyPlan, play_watched, races, run_study, study_of
from engine.simulation.batch import play_one, start_game
from engine.simulation.stats import difference_interval
from engine.simulation.telemetry import play_observed
from engine.simulation.verdict import judge
from tests.engine.test_simulation import hill
from tests.maptext import make_map

HILL = Scenario("Hill", Mode.KOTH, hill(), map_ref="hill.map.json")


def corridor() -> Scenario:
    """Ten hexes in a row: the point at 3,0, RED's spawn at 0,0 and BLU's at 9,0 (BLU is farther)."""
    m = make_map("0. 0. 0. 0. 0. 0. 0. 0. 0. 0.", spawns={"RED": ["0,0"], "BLU": ["9,0"]},
                 control_points=[["3,0"]])
    return Scenario("Corridor", Mode.KOTH, m)


@pytest.mark.parametrize("players", [("heuristic", "random"), ("random", "random")])
def test_watching_a_game_does_not_change_it(players: tuple[str, str]) -> None:
    for i in range(4):
        args = (HILL, 3, i, players)
        assert play_watched(args)[0] == play_one(args)


def test_the_observer_counts_payload_points_where_the_cart_was_pushed(repo: Path) -> None:
    """The observer asks the state where points were made (``scoring_cells``): in Payload Race, the cart's hex."""
    from engine.formats import load_scenario

    scenario = load_scenario(repo / "maps" / "payload_canal.scenario.json")
    state, players = start_game((scenario, 2, 0, ("heuristic", "heuristic")))
    seen = play_observed(state, players)
    for team in Team:
        assert sum(seen.layers["scores"][team].values()) == state.points[team]
        assert set(seen.layers["scores"][team]) <= set(state.tracks[team])  # type: ignore[attr-defined]
    assert any(state.points.values())


@pytest.mark.parametrize("index", range(5))
def test_the_observer_counts_add_up(index: int) -> None:
    state, players = start_game((HILL, 8, index, ("heuristic", "random")))
    seen = play_observed(state, players)
    # every point scored is counted on a hex of the point, for the team that scored it
    point = {state.board.index[h] for h in hill().control_points[0]}
    for team in Team:
        assert sum(seen.layers["scores"][team].values()) == state.points[team]
        assert set(seen.layers["scores"][team]) <= point
    deaths = sum(1 for line in state.log if line.endswith(" dies") and "sentry" not in line)
    assert sum(sum(v.values()) for v in seen.layers["deaths"].values()) == deaths
    # at the start of each turn every unit on the board is counted once
    assert sum(sum(v.values()) for v in seen.layers["stand"].values()) >= state.turn
    for team in Team:
        assert seen.picks[team] and len(set(seen.picks[team])) == len(seen.picks[team])
        if state.points[team]:
            assert seen.first_point[team] is not None and 0 < seen.first_point[team] <= state.turn  # type: ignore[operator]


def test_races_are_even_on_a_mirrored_map_and_name_where_the_slower_side_stands() -> None:
    goal, even = races(HILL)
    assert goal == "the point" and all(r.gap == 0 and r.slower() is None for r in even)
    _, uneven = races(corridor())
    heavy = next(r for r in uneven if r.kind == "heavy")  # speed 3: RED walks 3 steps, BLU 6
    assert heavy.turns == {Team.RED: 1, Team.BLU: 2} and heavy.gap == 1 and heavy.slower() is Team.BLU
    assert heavy.still_at() == Hex(6, 0)
    assert heavy.paths[Team.BLU][0] == Hex(9, 0) and heavy.paths[Team.BLU][-1] == Hex(3, 0)


def test_evidence_names_the_slower_side_and_where_it_stands() -> None:
    study = study_of(StudyPlan(corridor(), (("random", "random"),), 2, 1), run_study(
        StudyPlan(corridor(), (("random", "random"),), 2, 1)))[0]
    text = " ".join(judge(study).evidence)
    # kinds with the same figures share one sentence
    assert "BLU's Soldier and Heavy need one turn more to the point (2 turns against one turn): when RED's arrives " \
           "it is still at 6,0." in text


@pytest.mark.parametrize(("k1", "n1", "k2", "n2", "lo", "hi"), [  # Newcombe (1998), Table II, method 10
    (56, 70, 48, 80, 0.0524, 0.3339), (9, 10, 3, 10, 0.1705, 0.8090), (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926), (0, 10, 0, 20, -0.1611, 0.2775)])
def test_difference_interval_golden(k1: int, n1: int, k2: int, n2: int, lo: float, hi: float) -> None:
    a, b = difference_interval(k1, n1, k2, n2)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)
    assert difference_interval(1, 0, 0, 1) == (-1.0, 1.0)


def test_a_kinds_difference_interval_holds_its_95_percent_though_its_two_rates_share_games() -> None:
    """A statistics review: in a game where one team alone fields a kind, one team-game's win is the other's loss, so
    "fielded" and "without" are no independent samples, and Newcombe's interval at plain z covered 80–88%. Taken at
    z·√2 it bounds the variance however the parts correlate: 1,000 seeded batches of 200 one-sided coin-flip games
    cover the true difference (0) at least 93% of the time."""
    import random

    from engine.simulation.balance import ClassRecord

    rng, covered = random.Random(3), 0
    for _ in range(1000):
        won = sum(rng.random() < 0.5 for _ in range(200))  # the fielding team's wins; the other team won the rest
        lo, hi = ClassRecord("scout", 200, won, 200, 200 - won, 0).difference
        covered += lo <= 0.0 <= hi
    assert covered >= 930, covered
    plain = difference_interval(100, 200, 100, 200)
    lo, hi = ClassRecord("scout", 200, 100, 200, 100, 0).difference
    assert lo < plain[0] and hi > plain[1]


def _args(path: Path, *extra: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    balance_cli.add_arguments(p)
    return p.parse_args([str(path), *extra])


def test_cli_json_to_stdout(tmp_path: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    out, err = io.StringIO(), io.StringIO()
    code = balance_cli.run(_args(p, "-n", "4", "--players", "heuristic,random", "--format", "json"), out, err)
    assert code == 0, err.getvalue()
    doc = json.loads(out.getvalue())
    assert doc["players"] == [["heuristic", "random"]] and doc["map"]["pairings"][0]["games"] == 4
    assert "verdict:" in err.getvalue()


def test_cli_without_matplotlib_says_how_to_install_it_and_writes_the_json(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    monkeypatch.setattr(balance_cli, "has_plotting", lambda: False)
    err = io.StringIO()
    code = balance_cli.run(_args(p, "-n", "2", "--players", "random,random", "-o", str(tmp_path / "r.html")),
                           io.StringIO(), err, write_html=lambda *a: pytest.fail("no HTML without matplotlib"))
    assert code == 1
    assert "pip install 'hexfort[report]'" in err.getvalue()
    assert json.loads((tmp_path / "r.json").read_text())["games"] == 2
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(("extra", "words"), [
    (("--players", "heuristic"), "give two of"),
    (("--players", "heuristic,nobody"), "give two of"),
    (("-n", "0"), "--games 0: must be 1 or more"),
    (("-n", "4", "--jobs", "0", "--format", "json"), "--jobs 0: must be 1 or more"),  # each option named alone
    (("-n", "8", "--max-games", "40", "--format", "json"), "budgets of --games auto"),
    (("--max-games", "2", "--format", "json"), "--max-games 2: must be 4 or more"),
    (("--minutes", "0", "--format", "json"), "--minutes 0: must be above 0"),
    ((), "needs -o FILE"),
    (("--scheduler", "tcp://x:1", "--format", "json"), "--scheduler is for --backend dask"),
    # JSON written into x.html, HTML into x.txt, without a word (a new-user audit)
    (("-n", "4", "--format", "json", "-o", "x.html"), "the JSON report is written to a .json file"),
    (("-n", "4", "-o", "x.txt"), "the HTML report is written to a .html file"),
    (("-n", "4", "-o", "gone/X.JSON"), "gone is not an existing folder"),  # X.JSON is JSON, not a refused HTML name
])
def test_cli_usage_errors(tmp_path: Path, extra: tuple[str, ...], words: str) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    err = io.StringIO()
    assert balance_cli.run(_args(p, *extra), io.StringIO(), err) == 2
    assert words in err.getvalue()


def test_cli_says_what_games_takes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _args(tmp_path / "x.map.json", "-n", "many")
    assert "give 'auto' or a number of games, not 'many'" in capsys.readouterr().err


def test_cli_refuses_to_compare_two_games(tmp_path: Path, repo: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    err = io.StringIO()
    code = balance_cli.run(_args(p, "--compare", str(repo / "maps" / "payload_canal.scenario.json"), "--format",
                                 "json"), io.StringIO(), err)
    assert code == 2 and "compare two versions of the same game" in err.getvalue()


def test_cli_says_which_ai_cannot_play_a_mode_yet(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeuristicPlayer, "plays", staticmethod(lambda mode: False))  # as if Payload Race had no AI
    err = io.StringIO()
    path = repo / "maps" / "payload_canal.scenario.json"
    assert balance_cli.run(_args(path, "--format", "json", "-n", "1"), io.StringIO(), err) == 2
    assert "the heuristic AI does not play Payload Race yet" in err.getvalue()


def test_cli_keeps_the_games_when_the_report_cannot_be_drawn(tmp_path: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    err = io.StringIO()

    def broken(*_args: object) -> None:
        raise ValueError("a chart refused its numbers")

    code = balance_cli.run(_args(p, "-n", "2", "--players", "random,random", "-o", str(tmp_path / "r.html")),
                           io.StringIO(), err, write_html=broken)
    assert code == 1 and "a chart refused its numbers" in err.getvalue()
    assert json.loads((tmp_path / "r.json").read_text())["map"]["pairings"][0]["games"] == 2
