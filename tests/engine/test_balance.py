"""Balance studies: the observer changes nothing, its counts add up, races, verdicts that the figures support,
comparisons, the JSON document against its schema and ``hexfort balance`` itself.
"""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai.heuristic import HeuristicPlayer
from engine.formats import save_map
from engine.formats.schemas import validator
from engine.hexgrid import Hex
from engine.mapmodel import Mode, Team
from engine.scenario import Scenario
from engine.simulation import balance_cli
from engine.simulation.balance import (
    ClassRecord,
    MapStudy,
    PairingStudy,
    StudyPlan,
    judge,
    play_watched,
    races,
    run_study,
    study_of,
)
from engine.simulation.balance_doc import balance_document
from engine.simulation.batch import GameResult, play_one, start_game
from engine.simulation.comparison import compare
from engine.simulation.stats import difference_interval, mean_difference_interval
from engine.simulation.telemetry import play_observed
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


def _fake(players: tuple[str, str], red: int, blu: int, draws: int = 0, first_wins: int | None = None) -> PairingStudy:
    """A pairing whose games end ``red``/``blu``/``draws`` (the first mover wins ``first_wins`` of them)."""
    n = red + blu + draws
    first_wins = red if first_wins is None else first_wins
    results = []
    for i in range(n):
        winner = Team.RED if i < red else Team.BLU if i < red + blu else None
        first = winner if winner is not None and i < first_wins or (i >= first_wins and winner is None) else (
            winner.other if winner is not None else Team.RED)
        results.append(GameResult(i, i, first, players[0], players[1], winner, 0, 0, 30, 90))
    return PairingStudy.of(players, [(r, _empty()) for r in results], ["scout"])


def _empty():  # type: ignore[no-untyped-def]
    from engine.simulation.telemetry import GameTelemetry

    return GameTelemetry()


def _study(*pairings: PairingStudy) -> MapStudy:
    goal, race = races(HILL)
    from engine.games.game import Game

    return MapStudy(HILL, pairings, goal, tuple(race), Game.of(HILL).board.hexes)


@pytest.mark.parametrize(
    ("pairings", "sides"),
    [
        ([(80, 20), (75, 25)], "RED is favoured on this map at every strength tested"),
        ([(50, 50), (48, 52)], "Neither side is significantly favoured at any strength tested"),
        ([(80, 20), (52, 48)], "RED is favoured on this map with heuristic vs heuristic"),
        ([(20, 80), (80, 20)], "The answer changes with the AI's strength"),
    ],
)
def test_the_verdict_claims_only_what_the_intervals_support(pairings: list[tuple[int, int]], sides: str) -> None:
    names = [("heuristic", "heuristic"), ("search", "search")]
    study = _study(*[_fake(names[k], r, b) for k, (r, b) in enumerate(pairings)])
    v = judge(study)
    assert v.sides.startswith(sides), v.sides
    if "with heuristic vs heuristic" in sides:
        assert "but not significantly with search vs search" in v.sides
        assert "depends on how well the sides play" in v.sides
    assert "RED 80% ± 8" in v.sides or "RED 50% ± 10" in v.sides or "RED 20% ± 8" in v.sides


def test_the_first_move_verdict_and_an_empty_study() -> None:
    v = judge(_study(_fake(("heuristic", "heuristic"), 50, 50, first_wins=75)))
    # one pairing: the claim and its figures, nothing about other strengths
    assert v.first_move == "Moving first is a significant advantage (75% ± 8 with heuristic vs heuristic)."
    v = judge(_study(_fake(("heuristic", "heuristic"), 50, 50, first_wins=50),
                     _fake(("search", "search"), 50, 50, first_wins=50)))
    assert v.first_move.startswith("Moving first is no significant advantage at any strength tested (50% ± 10")
    v = judge(_study(_fake(("heuristic", "heuristic"), 50, 50, first_wins=75),
                     _fake(("search", "search"), 50, 50, first_wins=80)))
    assert v.first_move.startswith("Moving first is a significant advantage at every strength tested")
    assert judge(_study(_fake(("random", "random"), 20, 80))).sides == (
        "BLU is favoured on this map (RED 20% ± 8, BLU 80% ± 8 with random vs random).")
    assert judge(_study(PairingStudy.of(("random", "random"), [], ["scout"]))).sides.startswith("No game finished")


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
    a, b = mean_difference_interval([1, 2, 3], [1, 2, 3])
    assert a < 0 < b


def test_compare_the_same_map_twice_finds_no_difference() -> None:
    plan = StudyPlan(HILL, (("heuristic", "random"),), 6, 2, other=HILL)
    main, other = study_of(plan, run_study(plan))
    assert other is not None
    diffs = compare(main, other)
    (p,) = main.pairings
    scored = [f"{t.value} first point (mean turn)" for t in Team if p.first_point[t]]
    fielded = [f"teams fielding the {c.kind} win" for c in p.classes]
    assert scored and fielded
    assert [d.figure for d in diffs] == ["RED wins", "BLU wins", "draws", "first mover wins",
                                         "mean game length (turns)", *scored, *fielded]
    assert all(d.difference == 0 and not d.significant for d in diffs)
    assert "not significant" in diffs[0].words()


def test_compare_gives_first_point_turns_and_class_win_rates_with_intervals() -> None:
    """--compare: each team's mean first-point turn (Welch) and each kind's win rate when fielded (Newcombe)."""
    plan = StudyPlan(HILL, (("heuristic", "random"),), 2, 2, other=HILL)
    main, other = study_of(plan, run_study(plan))
    assert other is not None
    (pa,), (pb,) = main.pairings, other.pairings
    red_a, red_b = (3, 4, 5, 4, 3, 5, 4, 4, 3, 5), (6, 7, 8, 7, 6, 8, 7, 7, 6, 8)  # RED scores 3 turns later
    blu_b = (9,)  # BLU scored once on the other version: a difference without a spread
    classes_a = (ClassRecord("heavy", 40, 30, 20, 5, 0), ClassRecord("scout", 12, 6, 48, 29, 0))
    classes_b = (ClassRecord("heavy", 40, 10, 20, 15, 0), ClassRecord("medic", 30, 15, 30, 10, 0))
    main = replace(main, pairings=(replace(pa, first_point={Team.RED: red_a, Team.BLU: (2, 3)}, classes=classes_a),))
    other = replace(other, pairings=(replace(pb, first_point={Team.RED: red_b, Team.BLU: blu_b}, classes=classes_b),))
    by_figure = {d.figure: d for d in compare(main, other)}
    red = by_figure["RED first point (mean turn)"]
    assert (red.this, red.other, red.samples, red.measure) == (4.0, 7.0, (10, 10), "turns")
    assert (red.low, red.high) == mean_difference_interval(red_b, red_a)
    assert red.significant and "+3.0 turns" in red.words()
    blu = by_figure["BLU first point (mean turn)"]
    assert blu.samples == (2, 1) and not blu.significant  # one game cannot show a spread, nor two significance
    heavy = by_figure["teams fielding the heavy win"]
    assert (heavy.this, heavy.other, heavy.samples, heavy.measure) == (0.75, 0.25, (40, 40), "share of team-games")
    assert (heavy.low, heavy.high) == difference_interval(10, 40, 30, 40)
    assert heavy.significant and heavy.high < 0 and "-50 points" in heavy.words()
    # a kind fielded on one version only has no win rate on the other: nothing to compare
    assert not any("scout" in f or "medic" in f for f in by_figure)


def test_the_document_follows_its_schema_and_keys_hexes_as_text() -> None:
    plan = StudyPlan(HILL, (("heuristic", "random"), ("random", "random")), 4, 5, other=replace(HILL, name="Hill 2"))
    games = run_study(plan)
    main, other = study_of(plan, games)
    doc = balance_document(plan, ("hill.map.json", "hill2.map.json"), main, other, partial=(len(games), 16))
    assert not list(validator("balance").iter_errors(json.loads(json.dumps(doc))))
    heat = doc["map"]["pairings"][0]["heat"]
    assert all("," in k for layer in heat.values() for team in layer.values() for k in team)
    assert doc["partial"] == {"reason": "interrupted", "finished": 16, "planned": 16}
    assert doc["compare"]["map"]["name"] == "Hill 2"


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
    (("-n", "0"), "must be 1 or more"),
    ((), "needs -o FILE"),
    (("--scheduler", "tcp://x:1", "--format", "json"), "--scheduler is for --backend dask"),
])
def test_cli_usage_errors(tmp_path: Path, extra: tuple[str, ...], words: str) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    err = io.StringIO()
    assert balance_cli.run(_args(p, *extra), io.StringIO(), err) == 2
    assert words in err.getvalue()


def test_cli_refuses_to_compare_two_games(tmp_path: Path, repo: Path) -> None:
    p = tmp_path / "hill.map.json"
    save_map(hill(), p)
    err = io.StringIO()
    code = balance_cli.run(_args(p, "--compare", str(repo / "maps" / "payload_canal.scenario.json"), "--format",
                                 "json"), io.StringIO(), err)
    assert code == 2 and "compare two versions of the same game" in err.getvalue()


@pytest.mark.parametrize(("record", "significant"), [
    (ClassRecord("soldier", 2, 0, 2, 2, 0), False),  # 0/2 against 2/2: far too few to claim anything
    (ClassRecord("soldier", 40, 30, 40, 10, 0), True),
    (ClassRecord("soldier", 40, 21, 40, 19, 0), False),
    (ClassRecord("soldier", 80, 40, 0, 0, 0), False),  # always fielded: nothing to compare with
])
def test_a_pick_is_called_a_winner_only_on_enough_games(record: ClassRecord, significant: bool) -> None:
    assert record.significant is significant


def test_cli_says_which_ai_cannot_play_a_mode_yet(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(HeuristicPlayer, "modes", frozenset())  # as if the heuristic did not play Payload Race
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
